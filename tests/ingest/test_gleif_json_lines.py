"""GLEIF golden-copy records as JSON lines, one record a line, bare or wrapped in one key
(``{"record": {...}}``): each line read on its own (reader-corpus held-out set 7's file, real
Weyerhaeuser and ZIM records; origin in tests/fixtures/reader_corpus/facts.jsonl)."""

from __future__ import annotations

import json
from pathlib import Path

from ownergraph.domain.model import Entity, Quarantined
from ownergraph.ingest.formats import detect

FILE = (Path(__file__).parents[1] / "fixtures" / "reader_corpus" / "files" / "heldout7" / "gleif-lei-json"
        / "etp-three-records.jsonl")


def test_each_line_is_a_record() -> None:
    records = list(detect(FILE).read(FILE))
    entities = {e.ref.lei or e.name: e for e in records if isinstance(e, Entity)}
    assert {"08IRJODWFYBI7QWRGS31", "21380089EIJRELKAIL21"} <= set(entities)
    weyerhaeuser = entities["08IRJODWFYBI7QWRGS31"]
    assert weyerhaeuser.name == "Weyerhaeuser Company"
    assert "Weyerhaeuser Timber Company" in {a.value for a in weyerhaeuser.aliases}
    # the third line's made-up LEI fails the check: said, not loaded as an LEI
    assert any(isinstance(q, Quarantined) and "SYNTHETICOBJLINE0000" in q.reason for q in records)


def test_a_record_with_a_failing_lei_keeps_its_own_names_but_no_joinable_id() -> None:
    records = list(detect(FILE).read(FILE))
    stated = [e for e in records if isinstance(e, Entity) and e.ref.value == "LEI:SYNTHETICOBJLINE0000"]
    assert len(stated) == 1 and stated[0].ref.lei is None
    previous = [a for a in stated[0].aliases if a.kind == "previous"]
    assert [a.value for a in previous] == ["Weyerhaeuser Timber Company"]
    # its registration number is the real Weyerhaeuser's: kept off, so it is not merged by it
    assert not any(a.scheme == "company_number" for a in stated[0].aliases)


def test_a_bad_line_is_quarantined_and_the_next_read(tmp_path: Path) -> None:
    lines = FILE.read_text(encoding="utf-8").splitlines()
    bare = json.dumps(json.loads(lines[1])["record"])  # the same record without its wrapper
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join([lines[0], '{"record": {"LEI": ', bare]) + "\n", encoding="utf-8")
    records = list(detect(path).read(path))
    assert [type(r).__name__ for r in records if not isinstance(r, Entity)].count("Quarantined") >= 1
    assert {e.ref.lei for e in records if isinstance(e, Entity)} == {"08IRJODWFYBI7QWRGS31", "21380089EIJRELKAIL21"}
    assert any("line 2" in q.locator for q in records if isinstance(q, Quarantined))
