"""BODS as the Open Ownership register and its tools publish it (issue 31, session 7), on the real
files of the reader corpus's former test half (development data since it was scored twice; origins
and licences in ``tests/fixtures/reader_corpus/README.md``):

- the 0.1 interest codes ``influence-or-control`` / ``rights-to-surplus-assets`` (renamed in 0.2) in
  the register's 0.2 output (resoluteworks/kbods ``statements.jsonl``);
- an ``interestedParty`` that names its person statement and also carries an ``unspecified`` block
  (openownership/register-sources-bods fixtures): read by the party it names;
- an entity whose ``dissolutionDate`` is before its ``foundingDate``: loaded without the two dates,
  the contradiction quarantined by field;
- an ``XI-LEI`` identifier that fails ISO 17442: kept as a stated identifier, not as the LEI key.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from ownergraph.domain.model import Control, Entity, EntityRef, Ownership, Provenance, Quarantined, ReportingException
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.bods.mapping import edge_record

BODS = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "test" / "bods"


def read(name: str) -> list:
    path = BODS / name
    reader = detect(path)
    assert reader.name == "bods"
    return list(reader.read(path))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


def test_register_0_1_interest_codes_are_read() -> None:
    records = read("kbods-statements.jsonl")
    assert not of(records, Quarantined)
    influence = [c for c in of(records, Control) if c.control_kind == "otherInfluenceOrControl"]
    assert len(influence) == 20  # every influence-or-control interest of the file (grep counts 20)
    names = {c.source.name for c in influence} | {c.target.name for c in influence}
    assert {"Ratiba Merabet", "ASPHODEL DESIGNS LTD"} <= names


def test_rights_to_surplus_assets_0_1_code() -> None:
    ref = EntityRef(name="A")
    common = dict(known_from=datetime(2020, 1, 1, tzinfo=timezone.utc), fact_key="bods:x",
                  provenance=Provenance(source_system="bods", source_record_id="x"))
    edge = edge_record(ref, ref, {"type": "rights-to-surplus-assets"}, False, "[0]", common)
    assert isinstance(edge, Control) and edge.control_kind == "rightsToSurplusAssetsOnDissolution"


def test_named_party_wins_over_an_unspecified_block() -> None:
    records = read("rsb-ownership_or_control_statement.json")
    assert not of(records, ReportingException) and not of(records, Quarantined)
    (own,) = of(records, Ownership)
    assert (own.source.value, own.target.value) == ("ps1", "es1")
    assert (own.stake.lo, own.stake.hi) == (25.0, 50.0)
    assert (str(own.valid_from), str(own.valid_to)) == ("2016-07-27", "2017-03-30")


def test_entity_with_dissolution_before_founding_loads_without_the_dates() -> None:
    records = read("rsb-entity_statement.json")
    (q,) = of(records, Quarantined)
    assert q.field == "dissolutionDate" and "before foundingDate" in q.reason
    (ent,) = of(records, Entity)
    assert ent.ref.value == "es1" and ent.jurisdiction == "FR"
    assert ent.valid_from is None and ent.valid_to is None


def test_lei_failing_its_check_is_kept_as_stated() -> None:
    records = read("rsb-person_statement.json")
    (q,) = of(records, Quarantined)
    assert q.field == "identifiers" and "ISO 17442" in q.reason
    (person,) = of(records, Entity)
    assert person.name == "Mike" and person.ref.lei is None
    assert {"XI-LEI:another-id2", "scheme:id2"} <= {a.value for a in person.aliases}
