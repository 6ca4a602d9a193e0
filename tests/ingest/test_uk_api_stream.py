"""Companies House Streaming API events (issue 31, session 10), built for the test after the
Streaming API's definitions (developer-specs.company-information.service.gov.uk, "Streaming API":
each event is ``{"resource_kind", "resource_uri", "resource_id", "data", "event": {"timepoint",
"published_at", "type"}}``, one JSON object per line; ``data`` is the REST resource at
``resource_uri``). Names and numbers are invented.
"""

from __future__ import annotations

import json
from pathlib import Path

from ownergraph.domain.model import Control, Entity, Lending, Ownership, Quarantined
from ownergraph.ingest.formats import detect


def event(kind: str, uri: str, data: dict, t: int, what: str = "changed") -> dict:
    return {"resource_kind": kind, "resource_uri": uri, "resource_id": uri.rsplit("/", 1)[-1], "data": data,
            "event": {"timepoint": t, "published_at": f"2024-05-01T10:00:0{t}", "type": what}}


PSC = {"kind": "individual-person-with-significant-control", "name": "Mr John Smith",
       "name_elements": {"title": "Mr", "forename": "John", "surname": "Smith"},
       "natures_of_control": ["ownership-of-shares-75-to-100-percent"], "notified_on": "2016-04-06", "etag": "e"}
EVENTS = [
    event("company-profile", "/company/01234567", {"company_name": "ACME LIMITED", "company_number": "01234567",
                                                   "company_status": "active", "date_of_creation": "2010-01-01"}, 1),
    # the PSC's data without its own links: the event's resource_uri names the company
    event("company-psc-individual", "/company/01234567/persons-with-significant-control/individual/abc", PSC, 2),
    event("company-officers", "/company/01234567/appointments/xyz",
          {"name": "SMITH, John", "officer_role": "director", "appointed_on": "2010-01-01",
           "links": {"self": "/company/01234567/appointments/xyz",
                     "officer": {"appointments": "/officers/o9/appointments"}}}, 3),
    event("company-charges", "/company/01234567/charges/ch1",
          {"charge_number": 1, "status": "outstanding", "created_on": "2015-01-01",
           "persons_entitled": [{"name": "Example Bank PLC"}],
           "classification": {"type": "charge-description", "description": "Debenture"}}, 4),
    event("company-psc-individual", "/company/01234567/persons-with-significant-control/individual/old",
          dict(PSC, name="Mrs Old Owner"), 5, "deleted"),
    event("company-insolvency", "/company/01234567/insolvency", {"cases": []}, 6),
]


def test_stream_of_events_reads_each_resource(tmp_path: Path) -> None:
    path = tmp_path / "stream.jsonl"
    path.write_text("\n".join(json.dumps(e) for e in EVENTS) + "\n")
    assert detect(path).name == "uk-api"
    records = list(detect(path).read(path))
    assert {e.name for e in records if isinstance(e, Entity)} >= {"ACME LIMITED", "John Smith", "SMITH, John",
                                                                   "Example Bank PLC"}
    (own,) = [r for r in records if isinstance(r, Ownership)]
    assert own.target.value == "GB:01234567" and own.stake.lo == 75
    (ctl,) = [r for r in records if isinstance(r, Control)]
    assert ctl.control_kind == "directorship" and ctl.target.value == "GB:01234567"
    (lend,) = [r for r in records if isinstance(r, Lending)]
    assert lend.target.value == "GB:01234567"
    deleted, other = [r for r in records if isinstance(r, Quarantined)]
    assert deleted.field == "event.type" and "deleted" in deleted.reason and deleted.locator == "line 5"
    assert other.field == "resource_kind" and "company-insolvency" in other.reason


def test_one_event_alone(tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(EVENTS[1]))
    assert detect(path).name == "uk-api"
    records = list(detect(path).read(path))
    assert not [r for r in records if isinstance(r, Quarantined)]
    assert [r.target.value for r in records if isinstance(r, Ownership)] == ["GB:01234567"]
