"""Companies House API resources with the optional blocks the Public Data API defines and no corpus
file holds (issue 31, session 10), each built for the test after the resource definitions
(developer-specs.company-information.service.gov.uk): ``officerSummary.former_names``
(``forenames`` / ``surname``), ``companyProfile.foreign_company_details`` (an overseas company:
``originating_registry.country``, ``registration_number``), and ``ChargeList`` / ``chargeDetails``
(``charge_code``, ``classification``, ``status``, ``created_on``, ``delivered_on``,
``satisfied_on``, ``persons_entitled``, ``more_than_four_persons_entitled``, ``links.self``).
Names and numbers are invented.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from ownergraph.domain.codes import AliasKind
from ownergraph.domain.model import Control, Entity, Lending, Quarantined
from ownergraph.ingest.formats import detect
from tests.ingest.test_uk_api_variants import of, read  # the same uk-api response helpers


def test_officer_former_names_are_previous_names(tmp_path: Path) -> None:
    records = read(tmp_path, {"kind": "officer-list", "links": {"self": "/company/01234567/officers"}, "items": [
        {"name": "SMITH, Jane", "officer_role": "director", "appointed_on": "2019-01-01",
         "former_names": [{"forenames": "Jane", "surname": "JONES"}, {"surname": "SMITH", "forenames": "Jane"}],
         "links": {"officer": {"appointments": "/officers/o1/appointments"}}}]})
    (person,) = of(records, Entity)
    previous = [a.value for a in person.aliases if a.kind is AliasKind.PREVIOUS]
    assert previous == ["JONES, Jane"]  # the current name again is not a former one
    (ctl,) = of(records, Control)
    assert ctl.target.value == "GB:01234567"


def test_overseas_company_profile_is_not_a_gb_entity(tmp_path: Path) -> None:
    records = read(tmp_path, {
        "company_name": "DEUTSCHE WIDGET GMBH", "company_number": "FC012345", "type": "oversea-company",
        "company_status": "active", "date_of_creation": "2001-02-03", "jurisdiction": "united-kingdom",
        "foreign_company_details": {"originating_registry": {"country": "GERMANY", "name": "Amtsgericht Berlin"},
                                    "registration_number": "HRB 12345", "legal_form": "GmbH"},
        "links": {"self": "/company/FC012345"}, "has_charges": False})
    assert not of(records, Quarantined)
    (ent,) = of(records, Entity)
    assert ent.ref.value == "GB:FC012345" and ent.jurisdiction is None
    assert "GERMANY:HRB 12345" in {a.value for a in ent.aliases}


def test_a_uk_company_profile_stays_gb(tmp_path: Path) -> None:
    (ent,) = of(read(tmp_path, {"company_name": "ACME LIMITED", "company_number": "01234567",
                                "company_status": "active", "jurisdiction": "england-wales"}), Entity)
    assert ent.jurisdiction == "GB"


CHARGES = {"etag": "e", "total_count": 2, "unfiltered_count": 2, "satisfied_count": 1, "part_satisfied_count": 0,
           "items": [
               {"charge_code": "012345670002", "charge_number": 2, "status": "outstanding",
                "classification": {"type": "charge-description", "description": "A registered charge"},
                "created_on": "2020-01-05", "delivered_on": "2020-01-10",
                "persons_entitled": [{"name": "Example Bank PLC"}, {"name": "Example Trustee Limited"}],
                "more_than_four_persons_entitled": False,
                "links": {"self": "/company/01234567/charges/def"}},
               {"charge_number": 1, "status": "fully-satisfied",
                "classification": {"type": "charge-description", "description": "Debenture"},
                "created_on": "2010-03-01", "delivered_on": "2010-03-05", "satisfied_on": "2015-06-30",
                "persons_entitled": [{"name": "Old Lender Bank PLC"}],
                "links": {"self": "/company/01234567/charges/abc"}}]}


def test_charge_list_persons_entitled_lend_to_the_company(tmp_path: Path) -> None:
    records = read(tmp_path, CHARGES, "charges.json")
    assert not of(records, Quarantined)
    lending = {e.source.name: e for e in of(records, Lending)}
    assert set(lending) == {"Example Bank PLC", "Example Trustee Limited", "Old Lender Bank PLC"}
    assert {e.target.value for e in lending.values()} == {"GB:01234567"}
    now = lending["Example Bank PLC"]
    assert (now.valid_from, now.valid_to) == (date(2020, 1, 5), None)
    assert "012345670002" in now.provenance.locator and "outstanding" in now.provenance.locator
    old = lending["Old Lender Bank PLC"]
    assert (old.valid_from, old.valid_to) == (date(2010, 3, 1), date(2015, 6, 30))
    assert {e.name for e in of(records, Entity)} == set(lending)


def test_one_charge_resource_and_a_charge_without_creditors(tmp_path: Path) -> None:
    one = dict(CHARGES["items"][0], more_than_four_persons_entitled=True)
    records = read(tmp_path, one, "charge.json")
    assert len(of(records, Lending)) == 2
    assert all("more than four" in e.provenance.locator for e in of(records, Lending))
    bad = dict(CHARGES["items"][1], persons_entitled=[])
    (q,) = read(tmp_path, {"items": [bad], "total_count": 1}, "charges.json")
    assert isinstance(q, Quarantined) and q.field == "persons_entitled"


# -- a client's saved response (samrusani/coldscreen's evidence files have this shape) -------------

def test_saved_response_body_named_by_its_request_url(tmp_path: Path) -> None:
    """A client that saves each call as ``{"body": <resource>, "url": <request>, "status": 200,
    "retrieved_at": ...}``: the body is read as the resource, the company taken from the URL where
    the body does not name it (an officer list's ``links.self`` is what the URL is)."""
    saved = {"body": {"kind": "officer-list", "active_count": 1, "total_results": 1, "items": [
        {"name": "WIDGETSMITH, Wanda", "officer_role": "director", "appointed_on": "2019-05-14",
         "links": {"officer": {"appointments": "/officers/fict1/appointments"}}}]},
        "from_cache": False, "name": "officers_p1", "params": {"items_per_page": "100"},
        "retrieved_at": "2026-08-18T12:00:00+00:00", "status": 200,
        "url": "https://api.company-information.service.gov.uk/company/99999999/officers?items_per_page=100"}
    records = read(tmp_path, saved, "officers_p1.json")
    assert not of(records, Quarantined)
    (ctl,) = of(records, Control)
    assert ctl.target.value == "GB:99999999" and ".body.items[0]" in ctl.provenance.locator


def test_saved_error_response_is_not_a_resource(tmp_path: Path) -> None:
    path = tmp_path / "profile.json"
    path.write_text(json.dumps({"body": {"errors": [{"error": "company-profile-not-found", "type": "ch:service"}]},
                                "status": 404, "url": "https://api.company-information.service.gov.uk/company/1"}))
    import pytest

    from ownergraph.domain.errors import InputFormatError
    with pytest.raises(InputFormatError, match="not recognised"):
        detect(path)


def test_charge_list_naming_no_company_loads_on_the_unstated_stub(tmp_path: Path) -> None:
    items = [{k: v for k, v in item.items() if k != "links"} for item in CHARGES["items"]]
    records = read(tmp_path, dict(CHARGES, items=items), "liens.json")
    assert not of(records, Quarantined)
    lending = of(records, Lending)
    stub = next(e for e in of(records, Entity) if e.ref.value.startswith("ch-list:"))
    assert len(lending) == 3 and {e.target for e in lending} == {stub.ref} and "not stated" in stub.name


def test_profile_without_company_number_is_named_by_its_link(tmp_path: Path) -> None:
    (ent,) = of(read(tmp_path, {"company_name": "ACME LIMITED", "company_status": "active",
                                "links": {"self": "/company/01234567"}}), Entity)
    assert ent.ref.value == "GB:01234567" and ent.name == "ACME LIMITED"
    (q,) = read(tmp_path, {"company_name": "ACME LIMITED", "company_status": "active"})
    assert isinstance(q, Quarantined) and q.field == "company_number"
