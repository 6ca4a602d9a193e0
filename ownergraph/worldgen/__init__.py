"""Synthetic ownership world with known answers, for tests and benchmarks.

``generate_world(n_entities, seed, out_dir)`` writes, into ``out_dir``:

- ``world.bundle.jsonl``: the bundle (``--format bundle``, see ``ingest/BUNDLE.md``): entities
  (with rename versions), ownership (exact / banded / missing stakes, voting rights), control,
  guarantees, loans, families, successions, sanctions, reporting exceptions, corporate actions,
  disclosures, corrections (same id, later ``known_from``) and retractions;
- ``holdings.csv``: the holdings book (``--format holdings-csv``);
- ``gleif/lei-data.xml`` and ``gleif/rr-data.xml``: GLEIF golden-copy-style Level 1 / Level 2
  for the LEI entities, with consolidation, branch and fund-management relationships (these
  relationships are in GLEIF only, not in the bundle);
- ``ground_truth.jsonl``: one JSON object per line with ``kind`` = ``meta`` | ``entity`` |
  ``edge`` | ``family`` | ``cycle`` | ``diamond`` | ``sanction`` | ``reporting_exception`` |
  ``corporate_action`` | ``disclosure`` | ``holding`` | ``summary``; read it with
  :func:`load_ground_truth` (small worlds) or :func:`iter_ground_truth` (streaming).

Entity keys in the ground truth are ``wg:{index}``; bundle record ids are ``wg:...``. The same
seed gives byte-identical files.

Ground-truth lines (the fields a test needs to compute answers independently):

- ``entity``: ``key``, ``lei`` (or null), ``entity_kind``, ``name`` (final legal name),
  ``legal_names`` (dated), ``names`` (every spelling with its kind: legal, previous, trading,
  transliterated, mention — mention spellings of earlier names carry ``of``),
  ``company_number``, ``jurisdiction``, ``created``, ``known_from``, ``status``,
  ``merged_into``/``merged_on``, ``family`` (surname), ``group`` and ``depth`` (hops below the
  group's top owner in the structure as first built, before corporate actions), ``head``.
- ``edge``: ``id`` (the bundle record id, or ``gleif:rr:{child}:{type}:{parent}`` with
  ``file: "gleif"``), ``type``, ``source``/``target`` keys, ``valid_from``/``valid_to``,
  ``known_from`` (first version), ``stake`` (true %, after corrections), ``stake_published``
  (as written: number, band object or null), ``interest``, ``versions`` (corrections),
  ``retracted_at``, ``flags`` (group_tree, diamond, cycle, treasury, over_100, corrected,
  retracted, corporate_action), ``document_id``, ``name_refs`` (endpoints written by name only),
  and per type ``amount``/``currency``, ``control_kind``, ``relationship``, ``action``, ``level``.
- ``cycle`` (members in ownership order; the last owns the first), ``diamond`` (target and its
  two owners), ``family``, ``sanction``, ``reporting_exception``, ``corporate_action``
  (with ``edges`` it opened or closed), ``disclosure`` (``facts``: which sentence of the text
  states which fact and figure; ``distractor_sentences``), ``holding`` (one per CSV row).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from ownergraph.worldgen.book import write_actions, write_disclosures, write_holdings, write_sanctions
from ownergraph.worldgen.emit import Namer, Sink, iso, write_edges, write_entities
from ownergraph.worldgen.plan import plan_world
from ownergraph.worldgen.structs import MAX_DEPTH, Plan


@dataclass
class WorldSummary:
    n_entities: int
    seed: int
    out_dir: Path
    files: dict[str, Path]
    counts: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    max_rss_mb: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"n_entities": self.n_entities, "seed": self.seed, "out_dir": str(self.out_dir),
                "files": {k: str(v) for k, v in self.files.items()}, "counts": self.counts,
                "seconds": round(self.seconds, 2), "max_rss_mb": round(self.max_rss_mb, 1)}


def generate_world(n_entities: int, seed: int, out_dir: Path, *, start: date = date(2019, 1, 1),
                   end: date = date(2025, 12, 31)) -> WorldSummary:
    """Generate a world of ``n_entities`` entities (persons, funds, companies, branches) into ``out_dir``."""
    t0 = time.perf_counter()
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    p = plan_world(n_entities, seed, start, end)
    nm = Namer(p)
    sink = Sink(out)
    sink.truth({"kind": "meta", "seed": seed, "n_entities": n_entities, "start": start.isoformat(),
                "end": end.isoformat(), "max_depth": MAX_DEPTH,
                "files": {k: v.name for k, v in sink.paths.items()}})
    sink.bundle.write(json.dumps({"bundle": {"version": 1, "published": iso(p.end),
                                             "producer": f"ownergraph.worldgen seed={seed} n={n_entities}"}}) + "\n")
    write_entities(p, nm, sink)
    write_edges(p, nm, sink)
    write_sanctions(p, nm, sink)
    write_actions(p, nm, sink)
    write_disclosures(p, nm, sink)
    write_holdings(p, nm, sink)
    _structure_truth(p, sink)
    sink.lei.close(p.end)
    sink.rr.close(p.end)
    summary = WorldSummary(n_entities=n_entities, seed=seed, out_dir=out, files=dict(sink.paths),
                           counts=dict(sorted(sink.counts.items())))
    summary.counts["gleif.lei_records"] = sink.lei.count
    summary.counts["gleif.rr_records"] = sink.rr.count
    summary.seconds = time.perf_counter() - t0
    summary.max_rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    sink.truth({"kind": "summary", **{k: v for k, v in summary.to_json().items() if k not in ("seconds", "max_rss_mb", "out_dir", "files")}})
    sink.bundle.close()
    sink.gt.close()
    return summary


def _structure_truth(p: Plan, sink: Sink) -> None:
    for surname, culture, members in p.families:
        sink.truth({"kind": "family", "surname": surname, "culture": culture,
                    "members": [f"wg:{m}" for m in members]})
    for cyc in p.cycles:
        sink.truth({"kind": "cycle", "members": [f"wg:{m}" for m in cyc]})
    for target, owners in p.diamonds:
        sink.truth({"kind": "diamond", "target": f"wg:{target}", "owners": [f"wg:{o}" for o in owners]})


def iter_ground_truth(out_dir: Path) -> Iterator[dict[str, Any]]:
    with open(Path(out_dir) / "ground_truth.jsonl", encoding="utf-8") as f:
        for line in f:
            yield json.loads(line)


def load_ground_truth(out_dir: Path) -> dict[str, list[dict[str, Any]]]:
    """The ground truth grouped by ``kind`` (fine for worlds up to ~100k entities)."""
    out: dict[str, list[dict[str, Any]]] = {}
    for obj in iter_ground_truth(out_dir):
        out.setdefault(obj["kind"], []).append(obj)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ownergraph.worldgen", description=__doc__.split("\n")[0])
    ap.add_argument("--entities", type=int, required=True)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--start", type=date.fromisoformat, default=date(2019, 1, 1))
    ap.add_argument("--end", type=date.fromisoformat, default=date(2025, 12, 31))
    args = ap.parse_args(argv)
    s = generate_world(args.entities, args.seed, args.out, start=args.start, end=args.end)
    json.dump(s.to_json(), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


__all__ = ["WorldSummary", "generate_world", "iter_ground_truth", "load_ground_truth", "main"]
