"""GLEIF LEI-CDF 2.1 and 3.1 records with every optional element (issue 31 item 1), built after the
schemas (tests/fixtures/spec_shapes/README.md): what the model keeps of each element, that the
elements it does not model (addresses, AssociatedEntity, OtherRegistrationAuthorityID, the
validation authorities, ConformityFlag, Extension) neither refuse nor change a record, and that the
column-wise reader gives the row reader's records."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from lxml import etree

from ownergraph.domain.codes import AliasKind, AliasScheme, CorporateActionKind, EntityKind
from ownergraph.domain.model import CorporateAction, Entity, Quarantined, Succession
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.gleif.columnar import read_golden_xml_columnar
from ownergraph.ingest.readers.gleif.golden import read_golden

FIX = Path(__file__).parents[1] / "fixtures"
SPEC = FIX / "spec_shapes" / "gleif"
XSD = FIX / "real" / "gleif" / "xsd-2017"
V21, V31 = SPEC / "lei-cdf-2.1-every-optional.xml", SPEC / "lei-cdf-3.1-every-optional.xml"
FULL, SUCCESSOR, TRADER = "5299SPECFULLREC00192", "5299SPECSUCCESS00241", "5299SPECMANAGER00457"


class _LocalXmlXsd(etree.Resolver):
    def resolve(self, url, pubid, context):  # type: ignore[no-untyped-def]
        if url and url.endswith("xml.xsd"):
            return self.resolve_filename(str(XSD / "w3.xml.1998.xsd"), context)
        return None


def _errors(path: Path) -> list[str]:
    parser = etree.XMLParser(no_network=True)
    parser.resolvers.add(_LocalXmlXsd())
    schema = etree.XMLSchema(etree.parse(str(XSD / "2017-03-21_lei-cdf-v2-1.xsd"), parser))
    schema.validate(etree.parse(str(path)))
    return [e.message for e in schema.error_log]


def read(path: Path) -> list:
    assert detect(path).name == "gleif-lei"
    records = list(detect(path).read(path))
    assert not [r for r in records if isinstance(r, Quarantined)]
    return records


def entities(records: list) -> dict[str, Entity]:
    return {r.ref.lei: r for r in records if isinstance(r, Entity)}


def test_the_2_1_file_is_valid_against_gleifs_schema_and_the_3_1_file_breaks_it_only_where_3_1_adds() -> None:
    assert _errors(V21) == []
    added = ("GENERAL", "RESIDENT_GOVERNMENT_ENTITY", "INTERNATIONAL_ORGANIZATION", "EntityCreationDate",
             "EntitySubCategory", "ConformityFlag", "SuccessorEntities")
    errors = _errors(V31)
    assert errors and all(any(a in e for a in added) for e in errors), errors


@pytest.mark.parametrize("path", [V21, V31], ids=["2.1", "3.1"])
def test_every_optional_element_kept_where_the_model_has_a_place(path: Path) -> None:
    full = entities(read(path))[FULL]
    assert full.name == "Spezial Prüfgesellschaft mbH" and full.jurisdiction == "DE"
    assert full.kind is (EntityKind.FUND if path is V21 else EntityKind.COMPANY)
    names = {(a.value, a.kind) for a in full.aliases if a.scheme is AliasScheme.NAME}
    assert names == {("Spezial Prüfgesellschaft mbH", AliasKind.LEGAL), ("Special Test Company Ltd", AliasKind.LEGAL),
                     ("Alte Prüf GmbH", AliasKind.PREVIOUS), ("SpecTest", AliasKind.TRADING),
                     ("Spezial Pruefgesellschaft mbH", AliasKind.TRANSLITERATED),
                     ("Spezial Prufgesellschaft mbH", AliasKind.TRANSLITERATED)}
    # RegistrationAuthorityEntityID is the register number, whatever register the RA code names
    # (RA999999 "other": OtherRegistrationAuthorityID names it in words, not kept)
    assert [a.value for a in full.aliases if a.scheme is AliasScheme.COMPANY_NUMBER] == ["DE:FR 4711"]
    # a MERGED registration ends the record; the entity ceased on its expiration date
    assert (full.status, full.expiration_reason, full.valid_to) == ("MERGED", "CORPORATE_ACTION", date(2023, 12, 31))
    assert full.valid_from == (date(2015, 6, 1) if path is V21 else date(2001, 4, 2))  # EntityCreationDate in 3.1
    assert full.successor is not None and full.successor.lei == SUCCESSOR
    assert full.provenance.validation_level == "FULLY_CORROBORATED"
    assert full.known_from.isoformat() == "2024-01-15T10:00:00+00:00"


def test_2_1_choices_successor_by_name_and_the_required_elements_alone() -> None:
    records = read(V21)
    got = entities(records)
    trader = got[TRADER]
    assert trader.kind is EntityKind.PERSON  # SOLE_PROPRIETOR
    assert trader.successor is not None and trader.successor.name == "Spec Successor Without LEI"
    assert (trader.status, trader.expiration_reason) == ("RETIRED", "DISSOLVED")
    assert not [a for a in trader.aliases if a.scheme is AliasScheme.COMPANY_NUMBER]  # RA888888, no entity id
    bare = got[SUCCESSOR]  # LEI-CDF 2.1 has no GENERAL category: an absent one is not guessed
    assert (bare.kind, bare.status, bare.valid_from) == (EntityKind.UNKNOWN, "ACTIVE", date(2014, 2, 3))
    successions = {(s.source.lei, s.target.lei or s.target.name) for s in records if isinstance(s, Succession)}
    assert successions == {(FULL, SUCCESSOR), (TRADER, "Spec Successor Without LEI")}


def test_3_1_categories_successors_and_every_event_type_and_status() -> None:
    records = read(V31)
    kinds = {lei: e.kind for lei, e in entities(records).items()}
    assert kinds == {FULL: EntityKind.COMPANY, "5299SPECGOVENT000893": EntityKind.GOVERNMENT,
                     "5299SPECPARENT000695": EntityKind.GOVERNMENT, "5299SPECULTPAR000755": EntityKind.BRANCH,
                     "5299SPECFEEDER000936": EntityKind.FUND}
    actions = [r for r in records if isinstance(r, CorporateAction)]
    assert len(actions) == 19 and len({a.event.type for a in actions}) == 19  # one action per event
    statuses = {a.event.status for a in actions}
    assert statuses == {"COMPLETED", "IN_PROGRESS", "WITHDRAWN_/_CANCELLED"}
    by_type = {a.event.type: a for a in actions}
    # the completed merger merges into the first successor; the second (by name) gets a succession edge
    merger = by_type["MERGERS_AND_ACQUISITIONS"]
    assert merger.action is CorporateActionKind.MERGER and merger.counterparty.lei == SUCCESSOR
    assert [(s.target.lei, s.target.name) for s in records if isinstance(s, Succession)] == [(None, "Spec Second Successor")]
    rename = by_type["CHANGE_LEGAL_NAME"]
    assert rename.action is CorporateActionKind.RENAME and rename.new_name == "Spezial Prüfgesellschaft mbH"
    assert (rename.event.group_type, rename.event.group_id) == ("CHANGE_LEGAL_FORM_AND_NAME", "G-1")
    assert [(c.old, c.new) for c in rename.event.changes] == [("Alte Prüf GmbH", "Spezial Prüfgesellschaft mbH")]
    form = by_type["CHANGE_LEGAL_FORM"].event.changes
    assert [(c.old, c.new) for c in form] == [("2HBR", "Sonderform mbH")]  # 8888: OtherLegalForm's words
    assert rename.document_id == "https://register.example/doc/0"  # ValidationReference
    assert {a.event.validation_documents for a in actions} == {"SUPPORTING_DOCUMENTS"}
    # the previous name ends at the completed rename's effective date
    full = entities(records)[FULL]
    (prev,) = [a for a in full.aliases if a.kind is AliasKind.PREVIOUS]
    assert prev.valid_to == date(2023, 1, 1)


@pytest.mark.parametrize("path", [V21, V31], ids=["2.1", "3.1"])
def test_column_wise_reader_gives_the_row_readers_records(path: Path) -> None:
    row = [r.content_hash() for r in read_golden(path)]
    assert [r.content_hash() for r in read_golden_xml_columnar(path)] == row
