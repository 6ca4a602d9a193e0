"""Read every corpus question without a graph and compare kind, anchor texts and dates with the
expected reading; save the readings so that two runs (before and after a parser change) can be
diffed question by question (issue 30).

    python -m bench.questions.offline --out before.json            # every set
    python -m bench.questions.offline --out after.json --diff before.json

Without a graph the anchors are found by the names of every set's anchors and key facts
(``train_kinds.names``), so anchors are compared as text, case and punctuation ignored: a
quick check, not the score (``python -m bench.questions`` is the score).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from datetime import date
from pathlib import Path
from typing import Any

from bench.questions.reading import dates_right
from bench.questions.train_kinds import DEV_SETS, _day, _rows, names
from ownergraph.retrieval.question.parser import parse


def _key(text: str) -> str:
    return re.sub(r"[^\w]+", " ", text.casefold()).strip()


def reading(row: dict[str, Any]) -> dict[str, Any]:
    """The parser's reading of one row, in plain values."""
    q = parse(row["question"], today=_day(row), names=names())
    iso = lambda d: d.isoformat() if d else None  # noqa: E731
    return {"kind": q.pattern, "anchors": [m.text for m in q.anchors if m.role != "portfolio"],
            "as_of": iso(q.as_of), "known_at": iso(q.known_at), "from": iso(q.date_from), "to": iso(q.date_to)}


def misses(row: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """Why a reading is wrong (empty: right), kinds, anchor texts and dates."""
    exp = row["expected"]
    why = [] if got["kind"] == exp["kind"] else [f"kind {got['kind']} want {exp['kind']}"]
    if exp["kind"] == "unknown":
        return why
    want = {_key(a) for a in exp["anchors"] if "family" not in a.casefold()}
    said = {_key(a) for a in got["anchors"]}
    if not exp["anchors"] and said or not want <= said:
        why.append(f"anchors {got['anchors']} want {exp['anchors']}")
    ok, bad = dates_right(_Dates(got), exp)  # type: ignore[arg-type]  # its date fields are all it reads
    return why + ([] if ok else [bad])


class _Dates:
    """The date fields of a saved reading, as ``reading.dates_right`` reads a Question."""

    def __init__(self, got: dict[str, Any]) -> None:
        conv = lambda v: date.fromisoformat(v) if v else None  # noqa: E731
        self.as_of, self.known_at = conv(got["as_of"]), conv(got["known_at"])
        self.date_from, self.date_to = conv(got["from"]), conv(got["to"])


def run(sets: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    out = {}
    for s in sets:
        for row in _rows(s):
            got = reading(row)
            out[row["id"]] = {
                "set": s, "style": row["style"], "q": row["question"], **got, "why": misses(row, got)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.questions.offline")
    ap.add_argument("--sets", default=",".join(DEV_SETS), help="comma-separated set names (default: all)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--diff", type=Path, help="an earlier --out file: list every question whose reading changed")
    ap.add_argument("--misses", help="print this set's misses")
    args = ap.parse_args(argv)
    res = run(tuple(args.sets.split(",")))
    args.out.write_text(json.dumps(res, indent=0, ensure_ascii=False), encoding="utf-8")
    for s in args.sets.split(","):
        mine = [v for v in res.values() if v["set"] == s]
        kd = sum(not [w for w in v["why"] if not w.startswith("anchors")] for v in mine)
        print(f"{s}: kind and dates {kd}/{len(mine)}, and anchor texts {sum(not v['why'] for v in mine)} (offline)")
    if args.misses:
        for i, v in res.items():
            if v["set"] == args.misses and v["why"]:
                print(i, v["style"], "|", v["q"], "\n   ", v["why"])
    if args.diff:
        old = json.loads(args.diff.read_text(encoding="utf-8"))
        fields = ("kind", "anchors", "as_of", "known_at", "from", "to")
        for i, v in res.items():
            o = old.get(i)
            if o and any(o[f] != v[f] for f in fields):
                mark = "+" if o["why"] and not v["why"] else "-" if v["why"] and not o["why"] else "~"
                print(mark, i, v["q"][:110], "|", {f: (o[f], v[f]) for f in fields if o[f] != v[f]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
