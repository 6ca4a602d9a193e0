"""Companies House API shapes the API allows that no corpus split holds (issue 31, session 8
round 2), each built from the API's own resource definitions (developer-specs.company-information.
service.gov.uk, "Companies House Public Data API": ``PSCList`` / ``listPersonsWithSignificantControl``
with list-level ``links.self``, ``active_count`` / ``ceased_count``; each PSC kind with its
``identification`` (``legal_authority``, ``legal_form``, ``place_registered``,
``registration_number``, ``country_registered``); ``OfficerList`` with list-level ``links.self``;
``AppointmentList`` items' ``appointed_to``). Where a list names its company only at list level
(``links.self``), every item is that company's; where nothing names it (nor a profile saved beside
it), a PSC or officer list's items load on one stub company "not stated" (held-out set 5: the list
is one company's, the file does not say whose).
"""

from __future__ import annotations

import json
from pathlib import Path

from ownergraph.domain.codes import EntityKind
from ownergraph.domain.model import Control, Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect

NOC = ["ownership-of-shares-25-to-50-percent", "voting-rights-25-to-50-percent"]
IDENT = {"legal_authority": "Companies Act 2006", "legal_form": "Private Limited Company",
         "place_registered": "Companies House", "registration_number": "01234567",
         "country_registered": "England"}


def read(tmp_path: Path, obj: dict, name: str = "psc.json") -> list:
    path = tmp_path / name
    path.write_text(json.dumps(obj))
    reader = detect(path)
    assert reader.name == "uk-api"
    return list(reader.read(path))


def of(records: list, kind: type | tuple) -> list:
    return [r for r in records if isinstance(r, kind)]


def _psc(kind: str, **fields: object) -> dict:
    return {"kind": kind, "natures_of_control": NOC, "notified_on": "2020-01-02", "etag": "e",
            "links": {"self": "/persons-with-significant-control/x"}, **fields}


def test_psc_list_named_at_list_level_every_kind(tmp_path: Path) -> None:
    items = [
        _psc("individual-person-with-significant-control", name="Mr Anne Owner",
             name_elements={"title": "Mr", "forename": "Anne", "surname": "OWNER"},
             date_of_birth={"month": 3, "year": 1970}, nationality="British",
             country_of_residence="England", address={"locality": "London"}),
        _psc("corporate-entity-person-with-significant-control", name="PARENT LIMITED",
             identification=IDENT, ceased_on="2023-05-06"),
        _psc("legal-person-person-with-significant-control", name="THE CROWN",
             identification={"legal_authority": "Crown Estate Act 1961", "legal_form": "Corporation sole"}),
        _psc("individual-beneficial-owner", name="Bea Owner", is_sanctioned=False),
        _psc("corporate-entity-beneficial-owner", name="OVERSEAS HOLDCO SA",
             identification={**IDENT, "registration_number": "B123", "country_registered": "Luxembourg",
                              "place_registered": "RCS Luxembourg"}),
    ]
    obj = {"items": items, "active_count": 4, "ceased_count": 1, "total_results": 5, "start_index": 0,
           "items_per_page": 25, "links": {"self": "/company/09876543/persons-with-significant-control"}}
    records = read(tmp_path, obj)
    assert not of(records, Quarantined)
    edges = of(records, (Ownership, Control))
    assert {e.target.value for e in edges} == {"GB:09876543"}
    names = {e.name for e in of(records, Entity)}
    # a person is named by name_elements (forename surname, no title) where given
    assert {"Anne OWNER", "PARENT LIMITED", "THE CROWN", "Bea Owner", "OVERSEAS HOLDCO SA"} <= names
    parent = next(e for e in of(records, Entity) if e.name == "PARENT LIMITED")
    assert parent.kind is EntityKind.COMPANY and parent.ref.value == "GB:01234567"  # UK-registered: joined
    ceased = [e for e in edges if e.source == parent.ref]
    # two versions of one fact: open, known from notified_on; closed at ceased_on, known from then
    assert {e.valid_to.isoformat() if e.valid_to else None for e in ceased} == {None, "2023-05-06"}
    overseas = next(e for e in of(records, Entity) if e.name == "OVERSEAS HOLDCO SA")
    assert overseas.ref.value != "GB:B123"  # registered abroad: never taken for a UK company number


def test_officer_list_named_at_list_level(tmp_path: Path) -> None:
    obj = {"kind": "officer-list", "links": {"self": "/company/09876543/officers"}, "active_count": 2,
           "resigned_count": 0, "inactive_count": 0, "total_results": 2, "items_per_page": 35,
           "etag": "e", "start_index": 0,
           "items": [{"name": "OWNER, Anne", "officer_role": "director", "appointed_on": "2019-05-14",
                      "nationality": "British", "occupation": "Director", "country_of_residence": "England",
                      "date_of_birth": {"month": 3, "year": 1970}, "is_pre_1992_appointment": False,
                      "links": {"self": "/officers/abc/appointments", "officer": {"appointments": "/officers/abc/appointments"}},
                      "address": {"locality": "London"}},
                     {"name": "SEC CO LIMITED", "officer_role": "corporate-secretary", "appointed_on": "2018-01-01",
                      "identification": {**IDENT, "identification_type": "uk-limited-company"},
                      "links": {"officer": {"appointments": "/officers/def/appointments"}}}]}
    records = read(tmp_path, obj, "officers.json")
    assert not of(records, Quarantined)
    edges = of(records, Control)
    assert {e.target.value for e in edges} == {"GB:09876543"} and len(edges) == 2
    sec = next(e for e in of(records, Entity) if e.name == "SEC CO LIMITED")
    assert sec.ref.value == "GB:01234567"


def test_officer_list_that_names_no_company_loads_on_one_unstated_company(tmp_path: Path) -> None:
    """An OfficerList is one company's resource: items alone (no ``links.self``, no number) are
    still that one company's officers, on a stub that says the company is not stated."""
    obj = {"kind": "officer-list", "items": [
        {"name": "OWNER, Anne", "officer_role": "director", "appointed_on": "2019-05-14"},
        {"name": "OTHER, Bob", "officer_role": "secretary", "appointed_on": "2020-01-01"}]}
    records = read(tmp_path, obj, "officers.json")
    assert not of(records, Quarantined)
    (stub,) = [e for e in of(records, Entity) if e.kind is EntityKind.COMPANY]
    assert "not stated" in stub.name and stub.ref.value.startswith("ch-list:")
    assert not [a for a in stub.aliases if a.scheme == "name"]  # no name invented
    edges = of(records, Control)
    assert {e.target for e in edges} == {stub.ref} and len(edges) == 2


def test_appointment_list_appointed_to(tmp_path: Path) -> None:
    obj = {"kind": "personal-appointment", "name": "Anne OWNER", "total_results": 1,
           "links": {"self": "/officers/abc/appointments"}, "is_corporate_officer": False,
           "items": [{"name": "Anne OWNER", "officer_role": "director", "appointed_on": "2019-05-14",
                      "resigned_on": "2021-01-01",
                      "appointed_to": {"company_number": "09876543", "company_name": "SUBJECT LIMITED",
                                       "company_status": "active"},
                      "links": {"company": "/company/09876543"}}]}
    records = read(tmp_path, obj, "appointments.json")
    assert not of(records, Quarantined)
    company = next(e for e in of(records, Entity) if e.kind is EntityKind.COMPANY)
    assert company.name == "SUBJECT LIMITED" and company.ref.value == "GB:09876543"
    (edge,) = of(records, Control)
    assert edge.target.value == "GB:09876543" and edge.valid_to.isoformat() == "2021-01-01"
