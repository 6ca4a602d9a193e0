"""``python -m bench.ingest.golden --gleif-scale F``: the generator alone (its own peak RSS, without the
loader's imports); ``python -m bench.ingest --gleif-scale F`` is the same with ``--measure`` on offer."""

from __future__ import annotations

import argparse
import json
import sys

from bench.ingest.golden.generate import add_arguments, generate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ingest.golden")
    ap.add_argument("--seed", type=int, default=11)
    add_arguments(ap)
    args = ap.parse_args(argv)
    if args.measure:
        ap.error("--measure: use python -m bench.ingest --gleif-scale F --measure")
    print(json.dumps(generate(args), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
