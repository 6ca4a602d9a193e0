"""``python -m bench.ingest --gleif-scale F [--ftm-scale F]``: write the generated data, report
its counts, throughput and the generator's peak RSS (``manifest.json`` beside the files).

    python -m bench.ingest --gleif-scale 0.01 --out /tmp/gleif-0.01 [--seed 11] [--formats xml,json]
        [--umbrella-share 0.05] [--umbrella-size 2400] [--no-delta] [--ftm-scale 0.01]

Layout of ``--out``: the golden copy's zips, ``delta/`` (the last-day zips), ``ftm/entities.ftm.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time
from pathlib import Path
from typing import Any

from bench.ingest.golden.delta import write_delta
from bench.ingest.golden.ftm import FtmWorld
from bench.ingest.golden.golden import Golden


def add_arguments(ap: argparse.ArgumentParser) -> None:
    g = ap.add_argument_group("generated GLEIF golden copy / FtM export")
    g.add_argument("--gleif-scale", type=float, help="write a GLEIF golden copy at this scale (1.0 = 3.1M LEI, "
                   "0.6M relationship, 5.5M reporting-exception records)")
    g.add_argument("--ftm-scale", type=float, help="write an FtM export at this scale (1.0 = 4M entities)")
    g.add_argument("--out", type=Path, help="where to write (default: a folder named for the scale under /tmp)")
    g.add_argument("--formats", default="xml,json", help="xml, json or both (default both)")
    g.add_argument("--umbrella-share", type=float, default=0.05,
                   help="share of LEIs in umbrella groups sharing one RegistrationAuthorityEntityID (default 0.05)")
    g.add_argument("--umbrella-size", type=int, help="every umbrella group this size (the extreme case: 2400); "
                   "default: sizes drawn from a Pareto between 2 and 300")
    g.add_argument("--gen-workers", type=int, default=os.cpu_count() or 1,
                   help="processes writing the copy (default: one per CPU; 1: in this process); the same bytes")
    g.add_argument("--no-delta", action="store_true", help="skip the day's delta files")
    g.add_argument("--measure", action="store_true",
                   help="then load the copy with `ownergraph ingest --bulk` and report per-stage figures")
    g.add_argument("--ingest-format", choices=("xml", "json"), default="xml", help="which of the copy's formats "
                   "--measure loads (default xml)")
    g.add_argument("--zipped", action="store_true", help="--measure passes the zips themselves (for readers that "
                   "read GLEIF's zips); default: unzipped first, outside the load's time")
    g.add_argument("--rss-limit-mb", type=float, default=8000, help="--measure kills the load past this much RSS "
                   "of its process tree (a shared machine; default 8000); the report says where it stopped")
    g.add_argument("--importer-probe", metavar="HEAP:OFF_HEAP", help="--measure also runs the importer alone "
                   "with this memory (e.g. 512m:768M; the load's own is OWNERGRAPH_IMPORT_HEAP / _OFF_HEAP)")
    g.add_argument("--result-tag", default="", help="--measure's results file is gleif-ingest-SCALE-TAG.json "
                   "(e.g. the code it measured), so runs of two trees sit side by side")
    g.add_argument("--reuse", action="store_true", help="the copy in --out was written before (its manifest.json): "
                   "not written again")


def _peak_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def generate(args: argparse.Namespace) -> dict[str, Any]:
    out: Path = args.out or Path(f"/tmp/ownergraph-gleif-{args.gleif_scale or 0}-{args.seed}")
    if args.reuse and (out / "manifest.json").exists():
        return json.loads((out / "manifest.json").read_text()) | {"reused": True}
    report: dict[str, Any] = {"seed": args.seed, "out": str(out)}
    if args.gleif_scale:
        golden = Golden(args.gleif_scale, args.seed, args.umbrella_share, args.umbrella_size,
                        tuple(f for f in args.formats.split(",") if f))
        t0, c0 = time.perf_counter(), time.process_time()
        counts = golden.write(out, workers=args.gen_workers)
        seconds = time.perf_counter() - t0
        cpu = time.process_time() - c0 + golden.worker_cpu_seconds
        records = sum(counts.values())
        report["gleif"] = {
            "scale": args.gleif_scale, "formats": list(golden.formats), "counts": counts,
            "umbrella": {"share": args.umbrella_share, "size": args.umbrella_size, "groups": len(golden.plan.sizes),
                         "records": golden.plan.umbrella_records,
                         "largest": max(golden.plan.sizes, default=0)},
            "seconds": round(seconds, 2), "records_per_s": round(records / seconds) if seconds else None,
            "workers": args.gen_workers, "cpu_seconds": round(cpu, 2),
            "records_per_cpu_s": round(records / cpu) if cpu else None,
            "load_average_at_end": [round(x, 2) for x in os.getloadavg()],
            "bytes": sum(p.stat().st_size for p in out.glob("*.zip")), "peak_rss_mb": _peak_mb()}
        if not args.no_delta:
            t0 = time.perf_counter()
            report["delta"] = write_delta(golden, out / "delta") | {"seconds": round(time.perf_counter() - t0, 2)}
    if args.ftm_scale:
        t0 = time.perf_counter()
        counts = FtmWorld(args.ftm_scale, args.seed).write(out / "ftm" / "entities.ftm.json")
        seconds = time.perf_counter() - t0
        report["ftm"] = {"scale": args.ftm_scale, "entities": sum(counts.values()), "by_schema": counts,
                         "seconds": round(seconds, 2),
                         "entities_per_s": round(sum(counts.values()) / seconds) if seconds else None}
    report["peak_rss_mb"] = _peak_mb()  # of the whole generation (ru_maxrss: the true peak)
    out.mkdir(parents=True, exist_ok=True)
    (out / "manifest.json").write_text(json.dumps(report, indent=2) + "\n")
    return report
