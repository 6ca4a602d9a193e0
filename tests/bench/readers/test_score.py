"""The reader corpus scorer's checks (bench/readers/score.py), each on records built here: a check
that cannot fail would score every reader right."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from bench.readers.__main__ import FOLDER_FORMATS, reader_for
from bench.readers.score import CHECKS, EXTRA_CHECKS, Index
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.domain.model import (
    Alias, Control, Entity, EntityRef, Ownership, Provenance, Sanction, Stake,
)

KNOWN = datetime(2024, 1, 1, tzinfo=timezone.utc)
PROV = Provenance(source_system="test", source_record_id="x")
REAL = Path(__file__).resolve().parents[2] / "fixtures" / "real"


def ref(name: str) -> EntityRef:
    return EntityRef(name=name, kind=EntityKind.COMPANY)


def owns(src: str, dst: str, pct: float | None = None, **kw: object) -> Ownership:
    return Ownership(source=ref(src), target=ref(dst), stake=Stake(exact=pct) if pct is not None else None,
                     known_from=KNOWN, provenance=PROV, **kw)


def index(*records: object) -> Index:
    ix = Index()
    for r in records:
        ix.add(r)
    return ix


def sub(subject: str | None, obj: str, share: float | None = None) -> dict:
    return {"fact": "subsidiary", "subject": subject, "object": obj, "share": share}


def test_subsidiary_needs_the_edge_and_the_stated_share() -> None:
    ix = index(owns("Acme Inc.", "Acme GmbH", 100.0), owns("Acme Inc.", "Acme Ltd"))
    check = CHECKS["subsidiary"]
    assert check(ix, sub("Acme Inc.", "Acme GmbH", 100))
    assert check(ix, sub("Acme Inc.", "Acme GmbH"))  # no share stated: any
    assert not check(ix, sub("Acme Inc.", "Acme GmbH", 51))  # wrong share
    assert not check(ix, sub("Acme Inc.", "Acme Ltd", 100))  # the exhibit's share was not read
    assert not check(ix, sub("Other Corp", "Acme GmbH"))  # wrong parent
    assert not check(ix, sub("Acme Inc.", "Acme SA"))  # no such row


def test_a_subsidiary_jurisdiction_is_right_by_its_code_and_scored_apart() -> None:
    de = EntityRef(name="Acme GmbH", kind=EntityKind.COMPANY, jurisdiction="DE")
    on = EntityRef(name="Acme Canada ULC", kind=EntityKind.COMPANY, jurisdiction="CA-ON")
    raw = EntityRef(name="Acme Trust", kind=EntityKind.COMPANY, jurisdiction="Tunisia")
    ix = index(*(Ownership(source=ref("Acme Inc."), target=t, known_from=KNOWN, provenance=PROV) for t in (de, on, raw)))
    check = EXTRA_CHECKS["jurisdiction"]
    assert check(ix, {**sub("Acme Inc.", "Acme GmbH"), "jurisdiction": "Germany"})
    assert check(ix, {**sub("Acme Inc.", "Acme GmbH"), "jurisdiction": "Federal Republic of Germany"})
    assert not check(ix, {**sub("Acme Inc.", "Acme GmbH"), "jurisdiction": "Austria"})
    assert check(ix, {**sub("Acme Inc.", "Acme Canada ULC"), "jurisdiction": "Canada"})  # a province of it
    assert not check(ix, {**sub("Acme Inc.", "Acme Trust"), "jurisdiction": "Tunisia"})  # text, not its code
    assert check(ix, sub("Acme Inc.", "Acme GmbH")) is None  # not labelled: not scored
    assert not check(ix, {**sub("Acme Inc.", "Acme SARL"), "jurisdiction": "France"})  # the row was not read
    assert CHECKS["subsidiary"](ix, {**sub("Acme Inc.", "Acme GmbH"), "jurisdiction": "Austria"})  # the fact stays right


def test_a_subsidiary_immediate_parent_is_the_edge_it_is_reached_by() -> None:
    ix = index(owns("Acme Inc.", "Acme Holdings BV", 100.0), owns("Acme Holdings BV", "Acme GmbH", 100.0))
    check = EXTRA_CHECKS["immediate_parent"]
    fact = {**sub("Acme Inc.", "Acme GmbH", 100), "immediate_parent": "Acme Holdings BV"}
    assert check(ix, fact) and CHECKS["subsidiary"](ix, fact)
    assert not check(ix, {**fact, "immediate_parent": "Acme Inc."})  # reached, but not held by it directly
    flat = index(owns("Acme Inc.", "Acme Holdings BV", 100.0), owns("Acme Inc.", "Acme GmbH", 100.0))
    assert CHECKS["subsidiary"](flat, fact) and not check(flat, fact)
    assert check(ix, sub("Acme Inc.", "Acme GmbH", 100)) is None


def test_subsidiary_through_a_nested_row_and_by_the_filer_named_by_its_header() -> None:
    filer = EntityRef(scheme=AliasScheme.CIK, value="0000320193", name="APPLE INC", kind=EntityKind.COMPANY)
    ent = Entity(ref=filer, name="APPLE INC", known_from=KNOWN, provenance=PROV,
                 aliases=(Alias(scheme=AliasScheme.CIK, value="0000320193", kind=AliasKind.IDENTIFIER),))
    top = Ownership(source=filer, target=ref("Apple Operations International"), known_from=KNOWN, provenance=PROV)
    ix = index(ent, top, owns("Apple Operations International", "Apple Sales International", 100.0))
    check = CHECKS["subsidiary"]
    assert check(ix, sub("APPLE INC", "Apple Operations International"))
    assert check(ix, sub("0000320193", "Apple Sales International", 100))  # through its parent row
    assert not check(ix, sub("Apple Sales International", "Apple Operations International"))  # not upward


def test_subsidiary_of_a_parent_the_label_does_not_name() -> None:
    """A bare exhibit that names no filer is labelled with no subject: any holder counts, the
    share still has to be right."""
    ix = index(owns("Filer not named [sec-ex21:abc] (exhibit x.txt)", "Acme GmbH", 100.0))
    check = CHECKS["subsidiary"]
    assert check(ix, sub(None, "Acme GmbH", 100)) and check(ix, sub(None, "Acme GmbH"))
    assert not check(ix, sub(None, "Acme GmbH", 51)) and not check(ix, sub(None, "Acme SA"))


def test_subsidiary_counts_a_control_edge() -> None:
    ix = index(Control(source=ref("GP LLC"), target=ref("Fund LP"), control_kind="general_partner",
                       known_from=KNOWN, provenance=PROV))
    assert CHECKS["subsidiary"](ix, sub("GP LLC", "Fund LP"))


def test_sanctioned_needs_a_sanction_on_that_entity() -> None:
    person = EntityRef(scheme=AliasScheme.FTM_ID, value="Q7747", name="Vladimir Putin", kind=EntityKind.PERSON)
    other = EntityRef(scheme=AliasScheme.FTM_ID, value="Q1", name="Someone Else", kind=EntityKind.PERSON)
    ents = [Entity(ref=r, name=r.name or "", kind=EntityKind.PERSON, known_from=KNOWN, provenance=PROV,
                   aliases=(Alias(scheme=AliasScheme.FTM_ID, value=r.value or "", kind=AliasKind.IDENTIFIER),))
            for r in (person, other)]
    ix = index(*ents, Sanction(entity=EntityRef(scheme=AliasScheme.FTM_ID, value="Q7747"), authority="EU",
                               known_from=KNOWN, provenance=PROV))
    check = CHECKS["sanctioned"]
    assert check(ix, {"fact": "sanctioned", "subject": "Q7747"})
    assert check(ix, {"fact": "sanctioned", "subject": "Vladimir Putin"})  # by the entity's name
    assert check(ix, {"fact": "sanctioned", "subject": "x", "ids": {"ftm_id": "Q7747"}})
    assert not check(ix, {"fact": "sanctioned", "subject": "Someone Else"})
    assert not check(index(*ents), {"fact": "sanctioned", "subject": "Q7747"})  # no sanction at all


def test_dates_of_year_precision_and_a_psc_notified_after_it_ceased() -> None:
    edge = owns("A", "B", valid_from=date(2014, 1, 1))
    check = CHECKS["owns"]
    assert check(index(edge), {"fact": "owns", "subject": "A", "object": "B", "from": "2014"})
    assert not check(index(edge), {"fact": "owns", "subject": "A", "object": "B", "from": "2015"})
    late = owns("P", "C", valid_to=date(2021, 11, 2))
    label = {"fact": "psc", "subject": "P", "object": "C", "from": "2023-11-20T08:47:45Z", "to": "2021-11-02T08:47:45"}
    assert CHECKS["psc"](index(late), label)
    assert not CHECKS["psc"](index(owns("P", "C", valid_to=date(2022, 1, 1))), label)


@pytest.mark.parametrize(("folder", "path", "reader"), [
    ("sec-ex21", REAL / "sec" / "ex21_jpm.html", "sec-ex21"),
    ("gleif-rr-xml", REAL / "gleif" / "golden-copy" / "rr-data.xml", "gleif-rr"),
    ("gleif-rr-json", REAL / "gleif" / "golden-copy" / "rr-data.json", "gleif-rr"),
    ("gleif-repex", REAL / "gleif" / "golden-copy" / "repex-data.xml", "gleif-repex"),
])
def test_each_new_format_folder_has_its_reader(folder: str, path: Path, reader: str) -> None:
    assert FOLDER_FORMATS[folder] == reader
    assert reader_for(path, folder).name == reader


def test_a_bare_exhibit_21_page_is_read_as_one(tmp_path: Path) -> None:
    page = tmp_path / "list.htm"  # neither "Exhibit 21" in it nor in its name: detection says document
    page.write_text("<html><body><p>Subsidiaries of Acme Corp</p><table><tr><td>Name</td><td>Jurisdiction</td>"
                    "<td>Percent owned</td></tr><tr><td>Acme GmbH</td><td>Germany</td><td>100%</td></tr></table>"
                    "</body></html>")
    assert reader_for(page).name == "document"
    reader = reader_for(page, "sec-ex21")
    assert reader.name == "sec-ex21"
    ix = Index()
    for rec in reader.read(page):
        ix.add(rec)
    assert CHECKS["subsidiary"](ix, sub("Acme Corp", "Acme GmbH", 100))


def test_reporting_exception_by_entity_level_and_reason() -> None:
    from ownergraph.domain.codes import ConsolidationLevel, ExceptionReason
    from ownergraph.domain.model import ReportingException
    lei = "959800W87BKGBUDPF915"
    ent = Entity(ref=EntityRef(lei=lei), name="X", known_from=KNOWN, provenance=PROV)
    rex = ReportingException(entity=EntityRef(lei=lei), level=ConsolidationLevel.DIRECT,
                             reason=ExceptionReason.NON_CONSOLIDATING, known_from=KNOWN, provenance=PROV)
    check = CHECKS["reporting_exception"]
    fact = {"fact": "reporting_exception", "subject": lei, "category": "DIRECT_ACCOUNTING_CONSOLIDATION_PARENT",
            "reason": "NON_CONSOLIDATING"}
    assert check(index(ent, rex), fact)
    assert not check(index(ent, rex), {**fact, "category": "ULTIMATE_ACCOUNTING_CONSOLIDATION_PARENT"})
    assert not check(index(ent, rex), {**fact, "reason": "NATURAL_PERSONS"})
    assert not check(index(ent), fact)


def test_an_unknown_fact_kind_counts_as_wrong() -> None:
    from bench.readers.__main__ import check
    assert not check(index(), {"fact": "no-such-kind"})


def test_a_gleif_folder_keeps_the_gleif_reader_detection_picks() -> None:
    mixed = REAL / "gleif" / "golden-copy" / "relationship-update-data.json"  # LEI and RR records
    assert reader_for(mixed, "gleif-rr-json").name == "gleif-lei"
    api = REAL / "gleif" / "api" / "relationships" / "direct-parent-relationship_549300O897ZC5H7CY412.json"
    assert reader_for(api, "gleif-rr-json").name == "gleif-api"


def test_a_share_written_as_text_is_read_as_its_figure() -> None:
    ix = index(owns("Acme Inc.", "Acme GmbH", 51.0))
    assert CHECKS["subsidiary"](ix, sub("Acme Inc.", "Acme GmbH", "51%"))  # type: ignore[arg-type]
    assert not CHECKS["subsidiary"](ix, sub("Acme Inc.", "Acme GmbH", "60 %"))  # type: ignore[arg-type]
