"""graph.load.bulk.action_store: a first load's corporate actions on disk, each statement id
once (its first occurrence), read back in the online loader's order (effective date, then
statement id) and in chunks of the size asked."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

from ownergraph.domain.codes import CorporateActionKind
from ownergraph.domain.model import CorporateAction, EntityRef, Provenance
from ownergraph.graph.load.bulk.action_store import ActionStore

NOW = datetime(2024, 6, 1, tzinfo=timezone.utc)


def _rename(name: str, when: date) -> CorporateAction:
    return CorporateAction(action=CorporateActionKind.RENAME, subject=EntityRef(name="A"), new_name=name,
                           valid_from=when, known_from=NOW, provenance=Provenance(source_system="test", source_record_id="1"))


def test_first_occurrences_in_effective_date_then_statement_id_order(tmp_path: Path) -> None:
    store = ActionStore(tmp_path / "a.sqlite")
    first = [("s3", _rename("late", date(2024, 3, 1))), ("s2", _rename("early", date(1999, 1, 1))),
             ("s1", _rename("same day, lower id", date(2024, 3, 1)))]
    assert store.add_many(first) == [True] * 3
    # s2 again (another version) is not new and does not replace the first; s0 is new
    assert store.add_many([("s2", _rename("again", date(2030, 1, 1))), ("s0", _rename("new", date(2000, 1, 1))),
                           ("s0", _rename("twice in a batch", date(2000, 1, 1)))]) == [False, True, False]
    assert len(store) == 4
    chunks = list(store.in_order(chunk=2))
    assert [len(c) for c in chunks] == [2, 2]
    assert [a.new_name for c in chunks for a in c] == ["early", "new", "same day, lower id", "late"]
    store.close()
    assert not (tmp_path / "a.sqlite").exists()
