"""``python -m bench.fuzz [--cases N] [--seed S] [--out FILE]``: the larger fuzz run.

Every reader is fed mutations (see :mod:`bench.fuzz.mutations`) of the real samples in
``tests/fixtures/real`` and ``examples/bundle``; the run counts the cases and the tracebacks
(an exception escaping ``reader.read``) per reader and mutation, and writes a JSON report.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench.fuzz.harness import try_mutation
from bench.fuzz.mutations import MUTATIONS, samples

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_DIRS = [ROOT / "tests" / "fixtures" / "real", ROOT / "examples" / "bundle"]


def all_samples() -> dict[str, list[Path]]:
    found: dict[str, list[Path]] = {}
    for d in SAMPLE_DIRS:
        for fmt, paths in samples(d, per_format=6).items():
            found.setdefault(fmt, []).extend(paths)
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.fuzz", description=__doc__)
    ap.add_argument("--cases", type=int, default=200, help="cases per reader and mutation")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "fuzz.json")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    found = all_samples()
    cases, failures = Counter(), Counter()
    examples: dict[str, str] = {}
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        for fmt, paths in sorted(found.items()):
            for mutation, mutate in MUTATIONS.items():
                for i in range(args.cases):
                    sample = rng.choice(paths)
                    data = mutate(sample.read_bytes(), rng.randint)
                    where = Path(tmp) / f"{fmt}-{mutation}-{i}" / sample.parent.name
                    err = try_mutation(fmt, sample, data, where)
                    cases[fmt, mutation] += 1
                    if err is not None:
                        failures[fmt, mutation] += 1
                        examples.setdefault(f"{fmt}/{mutation}", f"{sample}\n{err}")
    seconds = time.monotonic() - t0
    report = {
        "seed": args.seed, "cases": sum(cases.values()), "tracebacks": sum(failures.values()),
        "seconds": round(seconds, 1), "samples": {f: len(p) for f, p in found.items()},
        "by_reader": {f: {"cases": sum(v for (g, _), v in cases.items() if g == f),
                          "tracebacks": sum(v for (g, _), v in failures.items() if g == f)}
                      for f in sorted(found)},
        "by_mutation": {m: {"cases": sum(v for (_, n), v in cases.items() if n == m),
                            "tracebacks": sum(v for (_, n), v in failures.items() if n == m)}
                        for m in MUTATIONS},
        "first_traceback_per_kind": examples,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(f"{report['cases']} cases, {report['tracebacks']} tracebacks in {seconds:.0f} s "
          f"(report: {args.out})")
    for key, text in examples.items():
        print(f"--- {key}\n{text.splitlines()[-1] if text else ''}")
    return 1 if report["tracebacks"] else 0


if __name__ == "__main__":
    sys.exit(main())
