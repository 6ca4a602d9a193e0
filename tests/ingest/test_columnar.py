"""The column-wise GLEIF XML readers give the row readers' records, hashes and quarantine file.

On the real golden-copy XML excerpts, on a generated world with errors injected
(tests/ingest/gleif_faults.py) and on the fuzzer's mutations of the real files: the same
records in the same order (models equal, so every field), the same content hashes (the kept
ones equal to a fresh ``content_hash``), the same quarantine entries; and the column path
really took the records (it did not hand everything to the row reader).
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench.fuzz.mutations import MUTATIONS
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.ingest.formats import detect
from ownergraph.domain.model import Quarantined
from ownergraph.ingest.readers.columnar.registry import columnar
from ownergraph.ingest.readers.columnar.checks import lei_valid
from ownergraph.domain.lei import is_valid_lei
from tests.ingest.gleif_faults import faulty_world

REAL = Path(__file__).parents[1] / "fixtures" / "real" / "gleif" / "golden-copy"
EXAMPLES = Path(__file__).parents[2] / "examples" / "real"
XML = [REAL / "lei-data.xml", REAL / "rr-data.xml", REAL / "repex-data.xml",
       EXAMPLES / "lei-data.xml", EXAMPLES / "rr-data.xml", EXAMPLES / "repex-data.xml"]


def _fresh_hash(rec: Any) -> str:
    kept = rec.__dict__.pop("_content_hash", None)
    try:
        return rec.content_hash()
    finally:
        if kept is not None:
            rec.__dict__["_content_hash"] = kept


def _both(path: Path) -> tuple[list[Any], list[Any]]:
    row = detect(path)
    col = columnar(row)
    assert col is not row and col.name == row.name
    a, b = list(row.read(path)), list(col.read(path))
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert x == y, f"{path.name}: row {x!r}\ncolumnar {y!r}"
        assert x.model_dump_json() == y.model_dump_json()
        if hasattr(y, "content_hash"):
            assert y.content_hash() == x.content_hash() == _fresh_hash(y)
    return a, b


def _kept(records: list[Any]) -> int:
    return sum("_content_hash" in r.__dict__ for r in records)


@pytest.mark.parametrize("path", XML, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_real_samples_read_the_same(path: Path) -> None:
    _, col = _both(path)
    if "repex" not in path.name:  # reporting exceptions go to the row mapping
        assert _kept(col) > len(col) / 2


def test_real_lei_record_as_the_file_states_it() -> None:
    # tests/fixtures/real/gleif/golden-copy/lei-data.xml, first record, read off the file
    first = next(iter(columnar(detect(REAL / "lei-data.xml")).read(REAL / "lei-data.xml")))
    assert first.ref.lei == "001GPB6A9XPE8XJICC14"
    assert first.name == "Fidelity Advisor Leveraged Company Stock Fund"
    assert ("name", "FIDELITY ADVISOR SERIES I - Fidelity Advisor Leveraged Company Stock Fund", "previous") in {
        (a.scheme.value, a.value, a.kind.value) for a in first.aliases}
    assert first.provenance.locator == "LEIRecord[0] line 10"  # its start tag spans lines 8-10
    assert "_content_hash" in first.__dict__  # read by the column path


def test_lei_check_digits_column() -> None:
    # ISO 17442 examples: a valid LEI of the file above, its check digits altered, lower case,
    # too short, letters in the check digits, None
    values = ["001GPB6A9XPE8XJICC14", "001GPB6A9XPE8XJICC15", "001gpb6a9xpe8xjicc14", "001GPB6A9XPE8XJICC1",
              "001GPB6A9XPE8XJICCAB", None, "5493001KJTIIGC8Y1R12", "ÉÉ1GPB6A9XPE8XJICC14"]
    assert lei_valid(values).tolist() == [v is not None and is_valid_lei(v) for v in values]
    assert lei_valid(values).tolist() == [True, False, False, False, False, False, True, False]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("world") / "w"
    subprocess.run([sys.executable, "-m", "ownergraph.worldgen", "--entities", "400", "--seed", "5",
                    "--out", str(out)], check=True, capture_output=True, text=True, timeout=300)
    return out, faulty_world(out)


def test_generated_world_with_injected_errors(world: tuple[Path, dict[str, Any]]) -> None:
    root, faults = world
    for name in ("lei-data.xml", "rr-data.xml"):
        row, col = _both(root / "gleif" / name)
        quarantined = {int(q.locator.split("[")[1].split("]")[0]) for q in col if isinstance(q, Quarantined)}
        bad = {i for i, f in faults[name].items() if f.bad}
        assert quarantined == bad, {i: faults[name][i].name for i in quarantined ^ bad}
        assert _kept(col) > 0.8 * len(col)


def test_quarantine_file_byte_identical(world: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    root, _ = world
    paths = [root / "gleif", *XML]
    runs = {}
    for kind in ("row", "columnar"):
        summary = ingest_paths(None, paths, dry_run=True, quarantine_path=tmp_path / f"{kind}.jsonl", reader=kind)
        runs[kind] = [(f.path, f.format, f.read, f.loaded, f.quarantined, f.not_read) for f in summary.files]
    assert runs["row"] == runs["columnar"]
    row_q = (tmp_path / "row.jsonl").read_bytes()
    assert row_q == (tmp_path / "columnar.jsonl").read_bytes()
    assert row_q.count(b"\n") == 17  # the 17 faults the row reader quarantines (gleif_faults: bad=True)


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_fuzzed_real_files_read_the_same(mutation: str, tmp_path: Path) -> None:
    # hostile versions of the real files (bench/fuzz): truncated, flipped bytes, undeclared
    # entities, ...: whatever the row reader makes of them, the column reader makes too
    for sample in XML[:3]:
        data = sample.read_bytes()
        for seed in range(6):
            rng = random.Random(seed)
            path = tmp_path / sample.name
            path.write_bytes(MUTATIONS[mutation](data, lambda lo, hi: rng.randint(lo, hi)))
            row = detect(sample)  # the original's reader: a mutation may defeat sniffing
            assert [r.model_dump_json() for r in row.read(path)] == \
                [r.model_dump_json() for r in columnar(row).read(path)], (sample.name, seed)


def test_quarantined_record_at_a_parser_chunk_boundary(tmp_path: Path) -> None:
    # the row reader quotes a bad record with the text after it as parsed when the record
    # ended (etree.tostring with its tail); the column reader builds it at the end of its
    # batch, when more has been parsed: it quotes the tail as it was. A record ends at the
    # boundary of the parser's 32 KiB reads for some of these paddings.
    rec = ("<rr:RelationshipRecord><rr:Relationship><rr:RelationshipType>BAD</rr:RelationshipType>"
           "</rr:Relationship></rr:RelationshipRecord>\n    ")
    path = tmp_path / "rr.xml"
    row = detect(REAL / "rr-data.xml")
    for pad in range(0, 400, 3):
        path.write_text('<rr:RelationshipData xmlns:rr="http://www.gleif.org/data/schema/rr/2016"><!--'
                        + "x" * pad + "-->\n" + rec * (32768 // len(rec) + 3) + "</rr:RelationshipData>")
        assert [q.raw for q in row.read(path)] == [q.raw for q in columnar(row).read(path)], pad
