"""Records whose format lets them leave out what a reader once required (issue 31, held-out set 5,
now development data): each is read per its specification from the real set-5 file, plus the
shapes the specification gives around it.

- Companies House ``OfficerList``: the list is one company's resource (``/company/{number}/officers``);
  the company is read from the list's ``links.self``, else each item's appointment link, else the
  company profile saved beside it under the same naming scheme (``ch_officers.json`` /
  ``ch_profile.json``, as GalRaz/counterparty-screening's fixtures), else the officers load on one
  stub company whose name says it is not stated. A PSC list and a charge list are read the same way.
- Basic Company Data: ``CompanyNumber`` is the product's key; a row with no ``CompanyName`` loads
  under its number, with no name alias invented and the locator saying the name is not stated.
- EDGAR ownership XML: ``issuer`` holds ``issuerCik``, ``issuerName`` and ``issuerTradingSymbol``; an
  issuer given by its symbol alone is identified by it (``ticker:`` scheme) and its relations load.
"""

from __future__ import annotations

import json
from pathlib import Path

from ownergraph.domain.codes import AliasScheme, EntityKind
from ownergraph.domain.model import Control, Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect

SET5 = Path(__file__).parents[1] / "fixtures" / "reader_corpus" / "files" / "heldout5"


def read(path: Path) -> list:
    return list(detect(path).read(path))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


# -- Companies House officer lists -------------------------------------------------------------

def test_real_officer_list_of_items_alone_loads_each_appointment(tmp_path: Path) -> None:
    path = tmp_path / "ch_officers.json"  # alone: no profile saved beside it
    path.write_bytes((SET5 / "ch-api" / "cpscreening-ch_officers.json").read_bytes())
    records = read(path)
    assert not of(records, Quarantined)
    (company,) = [e for e in of(records, Entity) if e.kind is EntityKind.COMPANY]
    assert "not stated" in company.name and company.ref.scheme is AliasScheme.OTHER
    assert not [a for a in company.aliases if a.scheme is AliasScheme.NAME]
    edges = {e.source.name: e for e in of(records, Control)}
    assert set(edges) == {"ALLINGTON, Mark Laurence", "OBERHOLZER, Jan"}
    assert all(e.target == company.ref and e.control_kind == "directorship" for e in edges.values())
    jan = edges["OBERHOLZER, Jan"]
    assert (str(jan.valid_from), str(jan.valid_to)) == ("2024-02-15", "2025-01-20")
    # the same file read again is the same stub (its key is the file's content)
    assert [e for e in of(read(path), Entity) if e.kind is EntityKind.COMPANY][0].ref == company.ref


def test_real_officer_list_takes_its_company_from_the_profile_saved_beside_it() -> None:
    """GalRaz/counterparty-screening saved ``ch_officers.json`` (items alone) beside
    ``ch_profile.json`` (JEARRARD ENERGY RESOURCES LTD, 13647702): the list is that company's."""
    records = read(SET5 / "ch-api" / "cpscreening-ch_officers.json")
    assert not of(records, Quarantined)
    assert not [e for e in of(records, Entity) if e.kind is EntityKind.COMPANY]  # no stub
    edges = of(records, Control)
    assert len(edges) == 2 and {e.target.value for e in edges} == {"GB:13647702"}
    assert all("ch_profile.json" in (e.provenance.locator or "") for e in edges)


def test_sibling_that_is_not_a_profile_names_nobody(tmp_path: Path) -> None:
    (tmp_path / "psc.json").write_text(json.dumps({"items": [{
        "name": "Jane Smith", "kind": "individual-person-with-significant-control",
        "natures_of_control": ["ownership-of-shares-75-to-100-percent"], "notified_on": "2018-03-14"}]}))
    (tmp_path / "profile.json").write_text(json.dumps({"items": [], "kind": "search#companies"}))
    records = read(tmp_path / "psc.json")  # no profile beside it: the list's own "not stated" stub
    stub = next(e for e in of(records, Entity) if e.kind is EntityKind.COMPANY)
    assert not of(records, Quarantined) and stub.ref.value.startswith("ch-list:")
    assert {e.target for e in records if hasattr(e, "target")} == {stub.ref}
    (tmp_path / "profile.json").write_text(json.dumps({"company_number": "12345678",
                                                       "company_name": "EXAMPLE DENTAL PRACTICE LTD"}))
    records = read(tmp_path / "psc.json")
    assert not of(records, Quarantined) and {e.target.value for e in records if hasattr(e, "target")} == {
        "GB:12345678"}


def test_officer_list_names_its_company_in_links_self(tmp_path: Path) -> None:
    """The OfficerList resource as the API sends it: ``kind``, ``etag``, counts and ``links.self``
    at list level; items with ``links.officer.appointments`` only."""
    obj = {"etag": "0b1c", "kind": "officer-list", "items_per_page": 35, "start_index": 0,
           "total_results": 1, "active_count": 1, "resigned_count": 0, "inactive_count": 0,
           "links": {"self": "/company/13647702/officers"},
           "items": [{"name": "ALLINGTON, Mark Laurence", "officer_role": "director",
                      "appointed_on": "2021-09-28", "nationality": "British",
                      "former_names": [{"forenames": "Mark", "surname": "ALLINGTONE"}],
                      "links": {"officer": {"appointments": "/officers/AbC123/appointments"}}}]}
    path = tmp_path / "officers.json"
    path.write_text(json.dumps(obj))
    records = read(path)
    assert not of(records, Quarantined)
    (ctl,) = of(records, Control)
    assert ctl.target.value == "GB:13647702" and ctl.source.value == "ch-officer:AbC123"


def test_officer_items_name_the_company_in_their_own_link(tmp_path: Path) -> None:
    obj = {"items": [{"name": "SMITH, Jane", "officer_role": "secretary", "appointed_on": "2019-01-01",
                      "links": {"self": "/company/SC000004/appointments/xyz",
                                "officer": {"appointments": "/officers/Zz9/appointments"}}}]}
    path = tmp_path / "officers.json"
    path.write_text(json.dumps(obj))
    (ctl,) = of(read(path), Control)
    assert ctl.target.value == "GB:SC000004" and ctl.control_kind == "officer"


# -- Basic Company Data ------------------------------------------------------------------------

def test_real_basic_csv_row_without_a_name_loads_under_its_number() -> None:
    records = read(SET5 / "ch-basic-csv" / "vatdiscovery-companies_house_sample.csv")
    assert not of(records, Quarantined)
    by_number = {e.ref.value: e for e in of(records, Entity)}
    assert len(by_number) == 4
    nameless = by_number["GB:SC000004"]
    assert nameless.name == "SC000004" and nameless.status == "ACTIVE"
    assert not [a for a in nameless.aliases if a.scheme is AliasScheme.NAME]
    assert "name is not stated" in (nameless.provenance.locator or "")
    assert by_number["GB:SC000003"].name == "EXAMPLE FIXTURE DISSOLVED CO LTD"


def test_basic_json_object_without_a_name_is_still_the_product(tmp_path: Path) -> None:
    path = tmp_path / "basic.json"
    path.write_text(json.dumps([
        {"CompanyName": "EXAMPLE LTD", "CompanyNumber": "01234567", "CompanyStatus": "Active"},
        {"CompanyNumber": "07654321", "CompanyStatus": "Active", "IncorporationDate": "01/02/2019",
         "RegAddress": {"PostTown": "LONDON"}}]))
    assert detect(path).name == "uk-api"
    records = read(path)
    assert not of(records, Quarantined)
    assert {e.ref.value: e.name for e in of(records, Entity)} == {"GB:01234567": "EXAMPLE LTD",
                                                                  "GB:07654321": "07654321"}


def test_basic_row_without_a_number_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "basic.csv"
    path.write_text("CompanyName,CompanyNumber,CompanyStatus,IncorporationDate,URI\n"
                    "NO NUMBER LTD,,Active,01/01/2010,\n"
                    "URI NUMBER LTD,,Active,01/01/2010,http://business.data.gov.uk/id/company/01234567\n")
    q, ent = read(path)
    assert isinstance(q, Quarantined) and q.field == "CompanyNumber" and q.locator == "line 2"
    assert isinstance(ent, Entity) and ent.ref.value == "GB:01234567"  # the product's URI names it


# -- EDGAR ownership XML -----------------------------------------------------------------------

def test_real_form4_issuer_by_symbol_alone() -> None:
    records = read(SET5 / "sec-ownership-xml" / "daytrading-form4.xml")
    issuer = next(e for e in of(records, Entity) if e.kind is EntityKind.COMPANY)
    assert (issuer.ref.scheme, issuer.ref.value, issuer.ref.name) == (AliasScheme.OTHER, "ticker:AAPL", None)
    roles = {(e.source.name, e.control_kind) for e in of(records, Control) if e.target == issuer.ref}
    assert roles == {("COOK TIMOTHY D", "directorship"), ("COOK TIMOTHY D", "officer")}
    # the rows give no ownershipNature (required by the schema): a holding not said to be direct
    assert not of(records, Quarantined)
    (held,) = [o for o in records if isinstance(o, Ownership)]
    assert held.target == issuer.ref and held.direct is False and "not stated" in held.provenance.locator


def test_form4_issuer_with_nothing_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "form4.xml"
    path.write_text("<ownershipDocument><documentType>4</documentType><issuer>"
                    "<issuerTradingSymbol>NONE</issuerTradingSymbol></issuer><reportingOwner><reportingOwnerId>"
                    "<rptOwnerName>DOE JANE</rptOwnerName></reportingOwnerId><reportingOwnerRelationship>"
                    "<isDirector>1</isDirector></reportingOwnerRelationship></reportingOwner></ownershipDocument>")
    records = read(path)
    assert not of(records, Control)
    (q,) = of(records, Quarantined)
    assert q.field == "issuer/issuerName" and "trading symbol" in q.reason
