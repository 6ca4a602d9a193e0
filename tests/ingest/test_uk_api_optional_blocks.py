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


def read(tmp_path: Path, obj: object, name: str = "response.json") -> list:
    f = tmp_path / name
    f.write_text(json.dumps(obj))
    assert detect(f).name == "uk-api"
    return list(detect(f).read(f))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


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
