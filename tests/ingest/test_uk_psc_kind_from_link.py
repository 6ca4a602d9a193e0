"""Companies House PSC resources saved without their ``kind`` (a client that kept only the fields it
used): the API's path for each resource names its kind, so the record is read by it. Responses
written anew with invented names."""

from __future__ import annotations

import json
from pathlib import Path

from ownergraph.domain.model import Control, Entity, Ownership, Quarantined, ReportingException
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.uk.psc import kind_from_link

BASE = "/company/04455667/persons-with-significant-control"
LIST = {"items": [
    {"name": "Mrs Tamsin Orrell", "natures_of_control": ["ownership-of-shares-50-to-75-percent"],
     "notified_on": "2019-04-01", "links": {"self": f"{BASE}/individual/aa1"}},
    {"name": "Kessock Holdings Limited", "natures_of_control": ["voting-rights-25-to-50-percent"],
     "notified_on": "2020-01-02", "identification": {"registration_number": "08877665", "country_registered": "England"},
     "links": {"self": f"{BASE}/corporate-entity/bb2"}},
    {"description": "super-secure-persons-with-significant-control", "links": {"self": f"{BASE}/super-secure/cc3"}},
], "total_results": 3, "links": {"self": BASE}}


def test_a_psc_list_without_kinds_is_read_by_each_record_path(tmp_path: Path) -> None:
    path = tmp_path / "psc.json"
    path.write_text(json.dumps(LIST), encoding="utf-8")
    records = list(detect(path).read(path))
    assert not [r for r in records if isinstance(r, Quarantined)]
    names = {r.name for r in records if isinstance(r, Entity)}
    assert {"Mrs Tamsin Orrell", "Kessock Holdings Limited"} <= names
    shares = {(e.source.name, e.stake.lo, e.stake.hi) for e in records if isinstance(e, Ownership)}
    assert ("Mrs Tamsin Orrell", 50.0, 75.0) in shares
    assert any(isinstance(e, (Ownership, Control)) and e.source.name == "Kessock Holdings Limited"
               and e.stake is not None and (e.stake.lo, e.stake.hi) == (25.0, 50.0) for e in records)
    assert any(isinstance(r, ReportingException) for r in records)  # the super-secure PSC


def test_the_kind_a_path_names() -> None:
    assert kind_from_link(f"{BASE}/individual-beneficial-owner/x") == "individual-beneficial-owner"
    assert kind_from_link(f"{BASE}/legal-person/x") == "legal-person-person-with-significant-control"
    assert kind_from_link("/company/04455667/persons-with-significant-control-statements/x") == \
        "persons-with-significant-control-statement"
    assert kind_from_link(BASE) is None and kind_from_link(f"{BASE}/unheard-of/x") is None and kind_from_link(None) is None


def test_a_psc_with_neither_kind_nor_a_path_naming_one_is_refused_naming_kind(tmp_path: Path) -> None:
    item = {"name": "Mr Odo Farrant", "natures_of_control": ["ownership-of-shares-25-to-50-percent"],
            "notified_on": "2020-01-01"}
    path = tmp_path / "psc.json"
    path.write_text(json.dumps({"items": [item], "total_results": 1, "links": {"self": BASE}}), encoding="utf-8")
    refused = [r for r in detect(path).read(path) if isinstance(r, Quarantined)]
    assert [q.field for q in refused] == ["kind"]
