"""Companies House API variants (issue 31 item 4): a single officer appointment resource, corporate
officers and corporate PSCs identified by a UK registration without a country, pre-1992
appointments, LLP natures of control, ceased PSCs, and persons' birth month and nationality.

The records are built for the test after the public API's resource definitions (developer.company-
information.service.gov.uk: officerSummary, appointment, corporateEntity PSC, companyProfile); the
officer appointment's identifiers are those of companieshouse/company-appointments.api.ch.gov.uk
``src/it/resources/output/natural_officer_full_record_GET.json`` (MIT), the rest invented.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from ownergraph.domain.model import Control, Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect


def read(tmp_path: Path, obj: object, name: str = "response.json") -> list:
    f = tmp_path / name
    f.write_text(json.dumps(obj))
    assert detect(f).name == "uk-api"
    return list(detect(f).read(f))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


def test_single_appointment_resource(tmp_path: Path) -> None:
    out = read(tmp_path, {
        "name": "GLOVER, Phil Peter", "officer_role": "director", "appointed_on": "2011-11-03",
        "nationality": "British,Irish", "date_of_birth": {"month": 6, "year": 1985},
        "links": {"self": "/company/12345678/appointments/7IjxamNGLlqtIingmTZJJ42Hw9Q",
                  "officer": {"appointments": "/officers/5VEOBB4a9dlB_iugw_vieHjWpCk/appointments"}}})
    (person,) = of(out, Entity)
    assert person.ref.value == "ch-officer:5VEOBB4a9dlB_iugw_vieHjWpCk"
    assert (person.birth_date, person.nationalities) == ("1985-06", ("British", "Irish"))
    (role,) = of(out, Control)
    assert (role.target.value, role.control_kind, role.valid_from) == ("GB:12345678", "directorship", date(2011, 11, 3))


def test_appointment_full_record_with_the_name_in_parts_and_links_as_a_list(tmp_path: Path) -> None:
    """The appointments service's full record (companieshouse/company-appointments.api.ch.gov.uk,
    reader corpus heldout8): no ``name`` but surname and forenames, ``links`` a list of one object,
    ``officer_role`` in capitals; it was "not recognised"."""
    out = read(tmp_path, {
        "surname": "GLOVER", "forename": "PHIL", "other_forenames": "Peter", "officer_role": "DIRECTOR",
        "appointed_on": "2011-11-03", "company_number": "12345678",
        "links": [{"self": "/company/12345678/appointments/7IjxamNGLlqtIingmTZJJ42Hw9Q",
                   "officer": {"appointments": "/officers/5VEOBB4a9dlB_iugw_vieHjWpCk/appointments"}}]})
    (person,) = of(out, Entity)
    assert (person.name, person.ref.value) == ("GLOVER, PHIL Peter", "ch-officer:5VEOBB4a9dlB_iugw_vieHjWpCk")
    (role,) = of(out, Control)
    assert (role.target.value, role.control_kind, role.valid_from) == ("GB:12345678", "directorship", date(2011, 11, 3))


def test_corporate_officer_is_the_company_of_its_uk_number(tmp_path: Path) -> None:
    out = read(tmp_path, {"kind": "officer-list", "links": {"self": "/company/00109244/officers"}, "items": [
        {"name": "ARSENAL HOLDINGS LIMITED", "officer_role": "corporate-secretary", "appointed_before": "1991-06-30",
         "is_pre_1992_appointment": True,
         "identification": {"identification_type": "uk-limited-company", "registration_number": "4250459"},
         "links": {"officer": {"appointments": "/officers/abcDEF/appointments"}}},
        {"name": "ACME GMBH", "officer_role": "corporate-director", "appointed_on": "2020-01-01",
         "identification": {"identification_type": "non-eea", "registration_number": "HRB 1234",
                            "place_registered": "Amtsgericht Berlin", "country_registered": "Germany"}}]})
    assert not of(out, Quarantined)
    uk, de = of(out, Entity)
    assert (uk.ref.value, uk.jurisdiction) == ("GB:04250459", "GB")
    assert "ch-officer:abcDEF" in {a.value for a in uk.aliases}
    assert de.ref.value is None and "Germany:HRB 1234" in {a.value for a in de.aliases}
    pre92 = next(c for c in of(out, Control) if c.source.value == "GB:04250459")
    assert pre92.valid_from is None and pre92.target.value == "GB:00109244"  # appointed before 1992: date unknown


def test_corporate_psc_by_companies_act_llp_natures_and_ceased(tmp_path: Path) -> None:
    out = read(tmp_path, {
        "kind": "corporate-entity-person-with-significant-control", "name": "GREENFIELD VENTURES LLP",
        "identification": {"legal_authority": "Companies Act 2006", "legal_form": "Limited Liability Partnership",
                           "registration_number": "oc302604"},
        "natures_of_control": ["voting-rights-25-to-50-percent-limited-liability-partnership",
                               "right-to-share-surplus-assets-25-to-50-percent-limited-liability-partnership",
                               "significant-influence-or-control-limited-liability-partnership"],
        "notified_on": "2016-04-06", "ceased_on": "2019-02-01", "ceased": True,
        "links": {"self": "/company/OC401234/persons-with-significant-control/corporate-entity/xyz"}})
    assert not of(out, Quarantined)
    (psc,) = of(out, Entity)
    assert (psc.ref.value, psc.jurisdiction) == ("GB:OC302604", "GB")
    edges = of(out, Ownership) + of(out, Control)
    assert {e.target.value for e in edges} == {"GB:OC401234"}
    ended = [e for e in edges if e.valid_to == date(2019, 2, 1)]
    assert len(ended) == 3 and all(e.valid_from == date(2016, 4, 6) for e in ended)
    voting = next(e for e in ended if isinstance(e, Ownership))
    assert (voting.stake.lo, voting.stake.hi, str(voting.interest)) == (25, 50, "voting_rights")


def test_officer_list_that_names_no_company_says_so(tmp_path: Path) -> None:
    out = read(tmp_path, {"kind": "officer-list", "items": [{"name": "SMITH, Jane", "officer_role": "secretary"}]})
    assert not of(out, Quarantined)
    (ctl,) = of(out, Control)
    company = next(e for e in of(out, Entity) if e.ref == ctl.target)
    assert company.name.startswith("Company not stated") and ctl.control_kind == "officer"


def test_every_officer_role_companies_house_defines(tmp_path: Path) -> None:
    """Every ``officer_role`` of Companies House's published enumerations (api-enumerations
    ``constants.yml`` @ 5872d2c, copied to tests/fixtures/real/uk-api/enumerations/) is read: a
    limited partnership's general partner controls it, a limited partner holds an interest of
    unstated size, directors hold a directorship, every other role is an officer's."""
    import yaml

    roles = yaml.safe_load((Path(__file__).parents[1] / "fixtures" / "real" / "uk-api" / "enumerations"
                            / "constants.yml").read_text(encoding="utf-8"))["officer_role"]
    out = read(tmp_path, {"kind": "officer-list", "links": {"self": "/company/LP012345/officers"}, "items": [
        {"name": f"OFFICER {i}", "officer_role": role, "appointed_on": "2020-01-01"} for i, role in enumerate(sorted(roles))]})
    assert not of(out, Quarantined)
    by_name = {e.name: e for e in of(out, Entity)}
    edges = {e.source.name: e for e in of(out, Control) + of(out, Ownership)}
    assert len(by_name) == len(edges) == len(roles)
    for i, role in enumerate(sorted(roles)):
        name, base = f"OFFICER {i}", role.removeprefix("corporate-")
        assert (by_name[name].kind.value == "company") == role.startswith("corporate-"), role
        e = edges[name]
        if base == "limited-partner-in-a-limited-partnership":
            assert isinstance(e, Ownership) and e.stake is None
        else:
            want = ("general_partner" if base.startswith("general-partner") else
                    "directorship" if "director" in base else "officer")
            assert isinstance(e, Control) and e.control_kind == want, role
