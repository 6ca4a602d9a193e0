"""GLEIF legal-entity events read into typed records (CorporateAction + RegistryEvent), from
the real golden-copy and API samples; expected values read off the files."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from ownergraph.domain.model import CorporateAction, Entity, Quarantined
from ownergraph.domain.codes import CorporateActionKind
from ownergraph.ingest.readers.gleif.api import read_api
from ownergraph.ingest.readers.gleif.golden import read_golden

SHELL = "21380068P1DRHMJ8KU70"


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


def actions(records: list) -> dict[tuple[str, str], CorporateAction]:
    return {(r.subject.lei, r.event.type): r for r in records if isinstance(r, CorporateAction)}


@pytest.fixture(scope="module")
def children(real_data: Path) -> list:
    return list(read_api(real_data / "gleif/api/lei_records" / f"direct-children_{SHELL}.json"))


def test_name_change_has_old_and_new_name_effective_and_recorded_dates(real_data: Path) -> None:
    # ultimate-children_21380068P1DRHMJ8KU70.json: 549300U8Y52MRCVNHF78 SHELL QGC HOLDINGS LIMITED,
    # otherNames PREVIOUS_LEGAL_NAME "BG 456 LIMITED", eventGroups[0] STANDALONE: CHANGE_LEGAL_NAME
    # COMPLETED, effectiveDate 2024-05-17T00:00:00Z, recordedDate 2024-07-11T08:30:31Z, ACCOUNTS_FILING
    recs = list(read_api(real_data / "gleif/api/lei_records" / f"ultimate-children_{SHELL}.json"))
    qgc = actions(recs)[("549300U8Y52MRCVNHF78", "CHANGE_LEGAL_NAME")]
    assert qgc.action is CorporateActionKind.RENAME and qgc.new_name == "SHELL QGC HOLDINGS LIMITED"
    assert qgc.valid_from == date(2024, 5, 17) and qgc.known_from == utc("2024-07-11T08:30:31")
    ev = qgc.event
    assert (ev.status, ev.group_type, ev.group_id) == ("COMPLETED", "STANDALONE", None)
    assert ev.recorded == utc("2024-07-11T08:30:31") and ev.validation_documents == "ACCOUNTS_FILING"
    assert [(c.field, c.old, c.new) for c in ev.changes] == [
        ("LegalName", "BG 456 LIMITED", "SHELL QGC HOLDINGS LIMITED")]
    # 2138001KPMR6PD83HC08: "CRI/CRITERION MARKETING ASIA PACIFIC PTE LTD" -> "SHELL CATALYSTS &
    # TECHNOLOGIES PTE. LTD.", effective 2024-07-04, recorded 2024-07-04T09:46:25Z
    cat = actions(recs)[("2138001KPMR6PD83HC08", "CHANGE_LEGAL_NAME")]
    assert cat.valid_from == date(2024, 7, 4) and cat.event.recorded == utc("2024-07-04T09:46:25")
    assert (cat.event.changes[0].old, cat.event.changes[0].new) == (
        "CRI/CRITERION MARKETING ASIA PACIFIC PTE LTD", "SHELL CATALYSTS & TECHNOLOGIES PTE. LTD.")


def test_every_event_type_is_a_record(children: list) -> None:
    # direct-children_21380068P1DRHMJ8KU70.json: 549300KUNZLT7SM2TY17 has two STANDALONE groups:
    # CHANGE_LEGAL_ADDRESS (recorded 2024-06-10T14:46:04Z) and CHANGE_HQ_ADDRESS (14:45:32Z),
    # both effective 2022-07-15
    acts = actions(children)
    legal, hq = acts[("549300KUNZLT7SM2TY17", "CHANGE_LEGAL_ADDRESS")], acts[("549300KUNZLT7SM2TY17", "CHANGE_HQ_ADDRESS")]
    assert legal.action is hq.action is CorporateActionKind.REGISTRY_EVENT
    assert legal.valid_from == hq.valid_from == date(2022, 7, 15)
    assert legal.known_from == utc("2024-06-10T14:46:04") and hq.known_from == utc("2024-06-10T14:45:32")
    assert legal.fact_key != hq.fact_key and not legal.event.changes


def test_dissolution_from_the_golden_copy_xml(real_data: Path) -> None:
    # lei-data.xml line 538: 00TR8NKAEL48RGTZEW89 <LegalEntityEvent group_type="STANDALONE"
    # event_status="COMPLETED"> DISSOLUTION, effective 2018-11-09, recorded 2022-03-24T19:41:39Z
    recs = list(read_golden(real_data / "gleif/golden-copy/lei-data.xml"))
    dis = actions(recs)[("00TR8NKAEL48RGTZEW89", "DISSOLUTION")]
    assert dis.action is CorporateActionKind.REGISTRY_EVENT
    assert (dis.valid_from, dis.known_from) == (date(2018, 11, 9), utc("2022-03-24T19:41:39"))
    assert (dis.event.status, dis.event.group_type, dis.event.validation_documents) == (
        "COMPLETED", "STANDALONE", "SUPPORTING_DOCUMENTS")
    ent = next(r for r in recs if isinstance(r, Entity) and r.ref.lei == "00TR8NKAEL48RGTZEW89")
    assert ent.valid_to == date(2018, 11, 9)  # the entity ends at the dissolution's effective date


# The samples hold no grouped event nor AffectedFields: a copy of the real 00TR8NKAEL48RGTZEW89
# record with a name-and-form change group as LEI-CDF 3.1 writes one (group_id, AffectedField
# with field_xpath and the value before), and an event in progress without an effective date.
GROUP = """
         <lei:LegalEntityEvent group_type="CHANGE_LEGAL_FORM_AND_NAME" event_status="COMPLETED" group_id="G-7">
            <lei:LegalEntityEventType>CHANGE_LEGAL_NAME</lei:LegalEntityEventType>
            <lei:LegalEntityEventEffectiveDate>2016-03-01T00:00:00.000Z</lei:LegalEntityEventEffectiveDate>
            <lei:LegalEntityEventRecordedDate>2016-05-02T10:00:00.000Z</lei:LegalEntityEventRecordedDate>
            <lei:ValidationDocuments>SUPPORTING_DOCUMENTS</lei:ValidationDocuments>
            <lei:AffectedFields>
               <lei:AffectedField field_xpath="/lei:LEIRecord/lei:Entity/lei:LegalName">ESG DOMESTIC OPPORTUNITY FUND</lei:AffectedField>
            </lei:AffectedFields>
         </lei:LegalEntityEvent>
         <lei:LegalEntityEvent group_type="CHANGE_LEGAL_FORM_AND_NAME" event_status="COMPLETED" group_id="G-7">
            <lei:LegalEntityEventType>CHANGE_LEGAL_FORM</lei:LegalEntityEventType>
            <lei:LegalEntityEventEffectiveDate>2016-03-01T00:00:00.000Z</lei:LegalEntityEventEffectiveDate>
            <lei:LegalEntityEventRecordedDate>2016-05-02T10:00:00.000Z</lei:LegalEntityEventRecordedDate>
            <lei:AffectedFields>
               <lei:AffectedField field_xpath="/lei:LEIRecord/lei:Entity/lei:LegalForm/lei:OtherLegalForm">CAYMAN ISLANDS EXEMPTED COMPANY</lei:AffectedField>
            </lei:AffectedFields>
         </lei:LegalEntityEvent>
         <lei:LegalEntityEvent group_type="STANDALONE" event_status="IN_PROGRESS">
            <lei:LegalEntityEventType>LIQUIDATION</lei:LegalEntityEventType>
            <lei:LegalEntityEventRecordedDate>2017-01-05T10:00:00.000Z</lei:LegalEntityEventRecordedDate>
         </lei:LegalEntityEvent>"""


def test_event_group_affected_fields_and_an_event_without_effective_date(real_data: Path, tmp_path: Path) -> None:
    xml = (real_data / "gleif/golden-copy/lei-data.xml").read_text()
    marker = "      <lei:LegalEntityEvents>\n"
    assert xml.count(marker) == 1
    path = tmp_path / "lei-events.xml"
    path.write_text(xml.replace(marker, marker + GROUP.lstrip("\n") + "\n"))
    recs = list(read_golden(path))
    acts = actions(recs)
    name, form = acts[("00TR8NKAEL48RGTZEW89", "CHANGE_LEGAL_NAME")], acts[("00TR8NKAEL48RGTZEW89", "CHANGE_LEGAL_FORM")]
    assert name.action is CorporateActionKind.RENAME
    assert name.new_name == "ESG DOMESTIC OPPORTUNITY OFFSHORE FUND LTD."
    assert (name.event.group_type, name.event.group_id) == (form.event.group_type, form.event.group_id) == (
        "CHANGE_LEGAL_FORM_AND_NAME", "G-7")
    assert [(c.old, c.new) for c in name.event.changes] == [
        ("ESG DOMESTIC OPPORTUNITY FUND", "ESG DOMESTIC OPPORTUNITY OFFSHORE FUND LTD.")]
    # the form before, from AffectedField; after: OtherLegalForm (the ELF code is 9999, "none applies")
    (change,) = form.event.changes
    assert change.field.endswith("lei:OtherLegalForm")
    assert (change.old, change.new) == ("CAYMAN ISLANDS EXEMPTED COMPANY", "CAYMAN ISLANDS ORDINARY NON-RESIDENT COMPANY")
    assert form.action is CorporateActionKind.REGISTRY_EVENT and form.valid_from == date(2016, 3, 1)
    # the event in progress without an effective date: quarantined by name, the rest loads
    (q,) = [r for r in recs if isinstance(r, Quarantined)]
    assert q.field == "LegalEntityEventEffectiveDate" and "LIQUIDATION" in q.reason
    assert q.source_file == str(path) and q.locator.startswith("LEIRecord[6]")
    assert ("00TR8NKAEL48RGTZEW89", "DISSOLUTION") in acts
    assert sum(isinstance(r, Entity) for r in recs) == 13
