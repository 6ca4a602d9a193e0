"""BODS as publishers really write it (issue 31, session 8), on the real files of the reader
corpus (origins and licences in ``tests/fixtures/reader_corpus/README.md``; all three splits are
development data now):

- an *unspecified* interested party with interests (0.1 ``unspecified`` block, 0.4 unspecified
  record, and the ``unspecifiedReason`` key some 0.4 publishers write): the reporting exception is
  kept, and the interests with their share hang on an "unknown interested party" stub that says why;
- 0.4 records that name their parties the 0.2/0.3 way (``describedByEntityStatement`` = a
  statementId) and write empty strings for share bounds (StephenAbbott/opencheck);
- 0.4 ``recordDetails`` without ``recordId`` / ``recordType``, with ``statementType`` and an entity
  ``names`` list (StephenAbbott/bods-ftm sample).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.domain.codes import EntityKind
from ownergraph.domain.model import Control, Entity, Ownership, Quarantined, ReportingException
from ownergraph.ingest.formats import detect

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files"


def read(rel: str) -> list:
    path = CORPUS / rel
    reader = detect(path)
    assert reader.name == "bods"
    return list(reader.read(path))


def of(records: list, kind: type | tuple) -> list:
    return [r for r in records if isinstance(r, kind)]


@pytest.mark.parametrize("rel", ["dev/bods/libcove-0.1_basic_unknown_owner_1.json",
                                 "dev/bods/libcove-0.2_beneficialOwnershipOrControl_but_unspecified_person_1.json"])
def test_unspecified_owner_keeps_its_share_on_a_stub(rel: str) -> None:
    records = read(rel)
    assert not of(records, Quarantined)
    (rex,) = of(records, ReportingException)
    assert rex.entity.name == "CHRINON LTD"
    (own,) = of(records, Ownership)
    assert own.stake.exact == 100 and own.target.name == "CHRINON LTD"
    assert own.valid_from.isoformat() == "2016-04-06"
    (stub,) = [e for e in of(records, Entity) if e.ref == own.source]
    assert stub.kind is EntityKind.UNKNOWN and "CHRINON LTD" in stub.name
    assert "fbfd0547-d0c6-4a00-b559-5c5e91c34f5c" in stub.name  # keyed by its relationship: never merges


def test_04_unspecified_record_with_unspecified_reason_key() -> None:
    records = read("heldout2/bods/opencheck-gleif-213800BC4TEGCCQH9V07.jsonl")
    assert not of(records, Quarantined)
    controls = of(records, Control)
    assert len(controls) == 2 and {c.target.name for c in controls} == {"MELLI BANK PLC"}
    assert all(c.control_kind == "otherInfluenceOrControl" for c in controls)
    assert len(of(records, ReportingException)) == 2
    stubs = {e.ref for e in of(records, Entity) if e.kind is EntityKind.UNKNOWN}
    assert {c.source for c in controls} == stubs and len(stubs) == 2


def test_04_parties_named_by_statement_id_and_empty_share_bounds() -> None:
    records = read("heldout2/bods/opencheck-uk-04152338.jsonl")
    assert not of(records, Quarantined)
    iran = [e for e in of(records + [], (Ownership, Control))
            if e.source.name == "Government Of The Islamic Republic Of Iran"]
    assert {getattr(e, "control_kind", "shareholding") for e in iran} >= {"shareholding", "appointmentOfBoard"}
    assert all(e.target.name == "MELLI BANK PLC" for e in iran)
    (shares,) = [e for e in of(iran, Ownership) if str(e.interest) == "shareholding"]
    assert (shares.stake.lo, shares.stake.hi) == (75, 100)
    board = next(e for e in of(iran, Control) if e.control_kind == "appointmentOfBoard")
    assert board.stake is None  # {"minimum": "", "maximum": ""}: not stated


def test_04_without_record_id_is_read_by_statement_id() -> None:
    records = read("heldout2/bods/bodsftm-sample_bods.json")
    assert not [q for q in of(records, Quarantined) if q.field != "identifiers"]  # only the fake LEI
    names = {e.name for e in of(records, Entity)}
    assert {"Acme Holdings Ltd", "Acme Trading Ltd", "Jane Smith"} <= names
    (hold,) = [o for o in of(records, Ownership) if o.target.name == "Acme Trading Ltd"]
    assert hold.source.name == "Acme Holdings Ltd" and hold.stake.exact == 100
    board = [c for c in of(records, Control) if c.control_kind == "boardMember"]
    assert board and board[0].source.name == "Jane Smith"
