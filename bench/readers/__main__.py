"""Reader corpus score (issue 31): ``python -m bench.readers --split dev|test [--show] [--json]``.

Per format: files recognised, files read without loss (no quarantine, nothing unread), facts right;
then, in columns of their own (a fact is right without them, so earlier figures stay comparable),
the subsidiaries' labelled jurisdictions and immediate parents found right (``-`` where none is
labelled).
``--json`` prints one object per file instead of the table: its format, whether it was recognised
(else the refusal), its quarantine entries, and each labelled fact it missed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from bench.readers.score import CHECKS, EXTRA_CHECKS, Index
from ownergraph.domain.errors import InputFormatError
from ownergraph.ingest.formats import detect, readers
from ownergraph.ingest.readers.documents.edgar import is_submission

CORPUS = Path(__file__).resolve().parents[2] / "tests/fixtures/reader_corpus"


# corpus folder -> the reader its files are meant for, where detection alone may pick another (a bare
# Exhibit 21 page without "Exhibit 21" in it reads as a plain document) or none at all
FOLDER_FORMATS = {"sec-ex21": "sec-ex21", "gleif-rr-xml": "gleif-rr", "gleif-rr-json": "gleif-rr",
                  "gleif-repex": "gleif-repex"}
# readers that read such a folder's files as well when detection picks them (a GLEIF file mixing
# LEI, relationship and exception records; an API response)
_GLEIF = {"gleif-lei", "gleif-rr", "gleif-repex", "gleif-api"}
FOLDER_ALSO = {"gleif-rr-xml": _GLEIF, "gleif-rr-json": _GLEIF, "gleif-repex": _GLEIF}


def reader_for(path: Path, folder: str | None = None) -> Any:
    """The reader for a corpus file: detected, else (or when detection picks another) the one its
    format folder names. An EDGAR submission in ``sec-ex21`` stays with the document reader, which
    reads the Exhibit 21 inside it with the header's filer as the parent."""
    want = FOLDER_FORMATS.get(folder or "")
    try:
        reader = detect(path)
    except InputFormatError:
        if want is None:
            raise
        return readers()[want]
    if want is None or reader.name == want or reader.name in FOLDER_ALSO.get(folder or "", ()) or (
            want == "sec-ex21" and reader.name == "document"
            and is_submission(path.read_bytes()[:8192].decode("latin-1"))):
        return reader
    return readers()[want]


def check(ix: Index, fact: dict) -> bool:
    """One labelled fact against the records; a kind this scorer has no check for counts as wrong,
    and is said (never a crash halfway through a scoring run)."""
    if fact.get("fact") not in CHECKS:
        print(f"no check for fact kind {fact.get('fact')!r}: counted as wrong", file=sys.stderr)
        return False
    return CHECKS[fact["fact"]](ix, fact)


def extras(ix: Index, facts: list[dict]) -> dict[str, list[dict]]:
    """Per extra check (jurisdiction, immediate parent): the labelled facts it found right, then wrong."""
    out: dict[str, list[dict]] = {}
    for name, fn in EXTRA_CHECKS.items():
        got = [(f, fn(ix, f)) for f in facts]
        out[name] = [f for f, ok in got if ok] + [{**f, "_wrong": True} for f, ok in got if ok is False]
    return out


def _pair(right: int, labelled: int) -> str:
    return f"{right}/{labelled}" if labelled else "-"


def read(path: Path, folder: str | None = None) -> tuple[Index, str | None]:
    ix = Index()
    try:
        reader = reader_for(path, folder)
    except InputFormatError as err:
        return ix, str(err)
    try:
        for rec in reader.read(path):
            ix.add(rec)
    except Exception as err:  # noqa: BLE001 - a reader's crash scores its file, never ends the run
        return ix, f"{reader.name} failed on {path.name}: {type(err).__name__}: {err}"
    return ix, None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="dev", help="dev, test, or a later held-out split named in facts.jsonl (heldout2)")
    ap.add_argument("--show", action="store_true", help="print each wrong fact and quarantine")
    ap.add_argument("--out", type=Path, help="also write the table as JSON (bench/results/readers-<split>.json)")
    ap.add_argument("--note", default="", help="what this run is (kept in the JSON)")
    ap.add_argument("--json", action="store_true", help="one JSON object per file (misses and quarantine)")
    ap.add_argument("--corpus", type=Path, default=CORPUS,
                    help="a folder with facts.jsonl and the files it names (a set kept outside the repository)")
    args = ap.parse_args()
    rows: dict[str, list[int]] = defaultdict(lambda: [0] * 9)
    for line in (args.corpus / "facts.jsonl").read_text().splitlines():
        item = json.loads(line)
        if item["split"] != args.split:
            continue
        ix, refused = read(args.corpus / item["file"], item["format"])
        row = rows[item["format"]]
        row[0] += 1
        row[1] += refused is None
        row[2] += refused is None and not ix.quarantined
        right = [check(ix, f) for f in item["facts"]]
        row[3] += sum(right)
        row[4] += len(right)
        extra = extras(ix, item["facts"])
        for at, name in ((5, "jurisdiction"), (7, "immediate_parent")):
            row[at] += sum(not f.get("_wrong") for f in extra[name])
            row[at + 1] += len(extra[name])
        if args.json:
            print(json.dumps(per_file(item, refused, ix, right, extra)))
        elif args.show and (refused or ix.quarantined or not all(right)
                            or any(f.get("_wrong") for found in extra.values() for f in found)):
            print(f"== {item['file']}: {refused or ''}")
            for q in ix.quarantined[:5]:
                print(f"   quarantined {q.locator} {q.field}: {q.reason[:160]}")
            for f, ok in zip(item["facts"], right):
                if not ok:
                    print("   wrong", json.dumps(f)[:300])
            for name, found in extra.items():
                for f in found:
                    if f.get("_wrong"):
                        print(f"   wrong {name}", f.get("object"), "->", f.get(name))
    if args.json:
        return
    print(f"{'format':22} files recognised no-loss facts-right          jurisdiction immediate-parent")
    tot = [0] * 9
    for fmt, r in sorted(rows.items()):
        tot = [a + b for a, b in zip(tot, r)]
        print(_line(fmt, r))
    print(_line("all", tot))
    if args.out:
        write(args.out, args.split, args.note, {**dict(sorted(rows.items())), "all": tot})


def _line(label: str, r: list[int]) -> str:
    return (f"{label:22} {r[0]:5} {r[1]:10} {r[2]:7} {r[3]:5}/{r[4]:<5} {100 * r[3] / max(r[4], 1):5.1f} %"
            f"   {_pair(r[5], r[6]):>12} {_pair(r[7], r[8]):>16}")


def per_file(item: dict, refused: str | None, ix: Index, right: list[bool], extra: dict[str, list[dict]]) -> dict:
    """One file's result: recognised or refused, what was quarantined, which facts were missed."""
    return {"file": item["file"], "format": item["format"], "split": item["split"],
            "recognised": refused is None, "refused": refused,
            "quarantined": [{"locator": q.locator, "field": q.field, "reason": q.reason} for q in ix.quarantined],
            "facts": len(right), "facts_right": sum(right),
            "missed": [f for f, ok in zip(item["facts"], right) if not ok],
            **{f"{name}_labelled": len(found) for name, found in extra.items()},
            **{f"{name}_missed": [f for f in found if f.pop("_wrong", False)] for name, found in extra.items()}}


def write(out: Path, split: str, note: str, rows: dict[str, list[int]]) -> None:
    """The per-format table as a results file."""
    def row(r: list[int]) -> dict[str, object]:
        return {"files": r[0], "recognised": r[1], "no_loss": r[2], "facts_right": r[3], "facts": r[4],
                "facts_right_pct": round(100 * r[3] / max(r[4], 1), 1),
                "jurisdiction_right": r[5], "jurisdictions_labelled": r[6],
                "immediate_parent_right": r[7], "immediate_parents_labelled": r[8]}
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                            cwd=CORPUS).stdout.strip()
    out.write_text(json.dumps({"split": split, "commit": commit, "note": note,
                               "formats": {fmt: row(r) for fmt, r in rows.items()}}, indent=2) + "\n")


if __name__ == "__main__":
    main()
