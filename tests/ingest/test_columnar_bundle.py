"""The column-wise bundle reader gives the row reader's records, hashes and quarantine file.

The bundle is ownergraph's own format (ingest/BUNDLE.md), so there is no public file of it:
the example bundle, a generated world's bundle with faults injected by hand, the same as a
JSON array, and the fuzzer's mutations. Same records in the same order (every field, the
fields given, the content hash), same quarantine entries, and the plain-shape path really
took the plain records.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.fuzz.mutations import MUTATIONS
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.domain.model import Quarantined
from ownergraph.ingest.readers.bundle import mapping as bundle_map
from ownergraph.ingest.readers.bundle.reader import BundleReader
from ownergraph.ingest.readers.columnar.registry import columnar

EXAMPLE = Path(__file__).parents[2] / "examples" / "bundle" / "example.bundle.jsonl"
ROW = BundleReader()
COL = columnar(ROW)


def _same(path: Path) -> list[Any]:
    a, b = list(ROW.read(path)), list(COL.read(path))
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert type(x) is type(y) and x == y, f"row {x!r}\ncolumnar {y!r}"
        assert x.model_dump_json() == y.model_dump_json()
        assert x.__pydantic_fields_set__ == y.__pydantic_fields_set__
        if hasattr(x, "content_hash"):
            assert x.content_hash() == y.content_hash()
    return b


def _row_mapped(path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many records of ``path`` the column reader hands to the row mapping."""
    calls = []
    orig = bundle_map.map_record

    def counting(obj: Any, ctx: Any) -> Any:
        calls.append(1)
        return orig(obj, ctx)

    monkeypatch.setattr("ownergraph.ingest.readers.bundle.columnar.map_record", counting)
    list(COL.read(path))
    return len(calls)


def test_reader_is_swapped() -> None:
    assert COL is not ROW and COL.name == ROW.name == "bundle"


def test_example_bundle_reads_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    recs = _same(EXAMPLE)
    plain = sum(r.record_type in ("entity", "ownership", "control", "lending", "guarantee", "association")
                for r in recs)
    assert plain >= 20  # 43 records, most of them entities and ownerships
    assert _row_mapped(EXAMPLE, monkeypatch) < len(recs) - plain / 2


def test_example_record_as_the_file_states_it() -> None:
    # examples/bundle/example.bundle.jsonl line 2, read off the file
    first = next(r for r in COL.read(EXAMPLE) if r.record_type == "entity")
    assert first.ref.lei == "213800HBLHOLD1NGS054"
    assert first.name == "Harbourline Holdings PLC"
    assert first.provenance.locator == "example.bundle.jsonl:line:2"
    assert str(first.valid_from) == "2009-04-17" and first.known_from.isoformat() == "2021-06-20T00:00:00+00:00"


def test_json_array_reads_the_same(tmp_path: Path) -> None:
    lines = [json.loads(x) for x in EXAMPLE.read_text().splitlines() if x.strip()]
    doc = tmp_path / "example.bundle.json"
    doc.write_text(json.dumps({"bundle": lines[0]["bundle"], "records": lines[1:]}))
    assert len(_same(doc)) == len(lines) - 1
    arr = tmp_path / "array.json"
    arr.write_text(json.dumps(lines[1:]))
    assert len(_same(arr)) == len(lines) - 1


E, O, L, A = "entity", "ownership", "lending", "association"
NO_LEI = "entity without lei"
# (what is wrong, the kind of plain record it is put into, the change, whether the row reader
# quarantines the record: the bundle's rules in ingest/BUNDLE.md)
FAULTS: list[tuple[str, str, Any, bool]] = [
    ("lei check digits", E, lambda o: o.update(lei=o["lei"][:18] + ("00" if o["lei"][18:] != "00" else "01")), True),
    ("lei lower case", E, lambda o: o.update(lei=o["lei"].lower()), True),
    ("lei as a number", E, lambda o: o.update(lei=12345), True),
    ("stake above 100", O, lambda o: o.update(stake=150), True),
    ("stake as text", O, lambda o: o.update(stake="30%"), False),  # "30%" is 30
    ("stake true", O, lambda o: o.update(stake=True), True),
    ("stake NaN", O, lambda o: o.update(stake=float("nan")), True),
    ("stake huge integer", O, lambda o: o.update(stake=10 ** 400), True),
    ("stake band", O, lambda o: o.update(stake={"min": 25, "max": 50}), False),
    ("valid_to before valid_from", O, lambda o: o.update(valid_from="2020-01-02", valid_to="2020-01-01"), True),
    ("valid_from not a date", O, lambda o: o.update(valid_from="31/12/2020"), True),
    ("valid_from a number", O, lambda o: o.update(valid_from=2020), False),  # the year 2020
    ("known_from blank", O, lambda o: o.update(known_from="  "), True),
    ("id a number", O, lambda o: o.update(id=7), False),  # id "7"
    ("id blank", O, lambda o: o.update(id=" "), True),
    ("id with spaces around", O, lambda o: o.update(id=f" {o['id']} "), False),  # kept as written
    ("name with spaces around", E, lambda o: o.update(name=f"  {o['name']} "), False),  # stripped
    ("extension field", O, lambda o: o.update(x_note="kept out"), False),
    ("unknown field", O, lambda o: o.update(colour="blue"), True),
    ("record producer", O, lambda o: o.update(producer="another desk"), False),
    ("type a list", O, lambda o: o.update(type=["ownership"]), True),
    ("owner a bare name", O, lambda o: o.update(owner="Acme Holdings"), True),
    ("owner with an empty name", O, lambda o: o.update(owner={"name": ""}), True),
    ("owner scheme without value", O, lambda o: o.update(owner={"scheme": "company_number"}), True),
    ("owner and source both", O, lambda o: o.update(source=o["owner"]), True),
    ("owned missing", O, lambda o: o.pop("owned"), True),
    ("interest unknown", O, lambda o: o.update(interest="hope"), True),
    ("direct as text", O, lambda o: o.update(direct="yes"), True),
    ("unknown kind", E, lambda o: o.update(kind="partnership-ish"), True),
    ("blank name", E, lambda o: o.update(name="   "), True),
    ("name a number", E, lambda o: o.update(name=42), False),  # the name "42"
    ("identifier with an extra key", E,
     lambda o: o.update(identifiers=[{"scheme": "company_number", "value": "1", "note": "x"}]), False),
    ("identifier value a number, no lei", NO_LEI,
     lambda o: o.update(identifiers=[{"scheme": "company_number", "value": 12}]), True),
    ("identifier value a number, with lei", E,
     lambda o: o.update(identifiers=[{"scheme": "company_number", "value": 12}]), False),
    ("alias without kind", E, lambda o: o.update(aliases=[{"name": "Other Name"}]), False),
    ("alias kind null", E, lambda o: o.update(aliases=[{"name": "Other Name", "kind": None}]), True),
    ("amount negative", L, lambda o: o.update(amount=-1), True),
    ("currency lower case", L, lambda o: o.update(currency="usd"), True),
    ("relationship missing", A, lambda o: o.pop("relationship"), True),
]


def _fits(o: dict[str, Any], kind: str) -> bool:
    if kind == NO_LEI:
        return o.get("type") == "entity" and "lei" not in o
    return o.get("type") == kind and ("lei" in o or kind != E) and ("stake" in o or kind != O)


@pytest.fixture(scope="module")
def faulty(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[int, tuple[str, bool]]]:
    """A generated world's bundle with each fault of FAULTS put into a plain record of its type."""
    out = tmp_path_factory.mktemp("world") / "w"
    subprocess.run([sys.executable, "-m", "ownergraph.worldgen", "--entities", "300", "--seed", "7",
                    "--out", str(out)], check=True, capture_output=True, text=True, timeout=300)
    lines = [json.loads(x) for x in (out / "world.bundle.jsonl").read_text().splitlines()]
    used: set[int] = set()
    where: dict[int, tuple[str, bool]] = {}
    for name, kind, change, bad in FAULTS:
        i = next(i for i, o in enumerate(lines) if i not in used and _fits(o, kind))
        used.add(i)
        change(lines[i])
        where[i + 1] = (name, bad)  # line numbers count from 1
    path = out / "faulty.bundle.jsonl"
    path.write_text("".join(json.dumps(o) + "\n" for o in lines))
    return path, where


def test_generated_world_with_injected_faults(faulty: tuple[Path, dict[int, tuple[str, bool]]],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path, where = faulty
    recs = _same(path)
    quarantined = {int(q.locator.split(":")[1]) for q in recs if isinstance(q, Quarantined)}
    expected = {line for line, (_, bad) in where.items() if bad}
    assert quarantined == expected, {where[n][0] for n in quarantined ^ expected}
    assert _row_mapped(path, monkeypatch) < 0.2 * len(recs)  # the plain records took the fast path


def test_quarantine_file_byte_identical(faulty: tuple[Path, dict[int, tuple[str, bool]]], tmp_path: Path) -> None:
    path, where = faulty
    runs = {}
    for kind in ("row", "columnar"):
        summary = ingest_paths(None, [path, EXAMPLE], dry_run=True, quarantine_path=tmp_path / f"{kind}.jsonl",
                               reader=kind)
        runs[kind] = [(f.path, f.format, f.read, f.loaded, f.quarantined, f.not_read) for f in summary.files]
    assert runs["row"] == runs["columnar"]
    row_q = (tmp_path / "row.jsonl").read_bytes()
    assert row_q == (tmp_path / "columnar.jsonl").read_bytes()
    assert row_q.count(b"\n") == sum(bad for _, bad in where.values())


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_fuzzed_bundles_read_the_same(mutation: str, tmp_path: Path) -> None:
    data = EXAMPLE.read_bytes()
    for seed in range(8):
        rng = random.Random(seed)
        path = tmp_path / EXAMPLE.name
        path.write_bytes(MUTATIONS[mutation](data, lambda lo, hi: rng.randint(lo, hi)))
        assert [r.model_dump_json() for r in ROW.read(path)] == \
            [r.model_dump_json() for r in COL.read(path)], seed
