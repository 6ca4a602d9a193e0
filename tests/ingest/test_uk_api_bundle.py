"""Companies House API responses bundled in one object keyed by resource (issue 31, session 10).

A client (or a test fixture) saves several responses side by side: ``{"companyProfile": {...},
"officersList": {...}, "pscList": {...}, ...}``. Each value is read as the resource its fields
say it is (profile, officer list, PSC list per the CH API resource schemas); the key is only a name.
"""

from __future__ import annotations

import json
from pathlib import Path

from ownergraph.domain.model import Control, Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect

REAL = Path(__file__).parents[1] / "fixtures/reader_corpus/files/heldout6/ch-api/chmcp-companies.json"

PROFILE = {"company_name": "EXAMPLE TRADING LIMITED", "company_number": "01234567", "company_status": "active",
           "type": "ltd", "date_of_creation": "2001-02-03"}
OFFICERS = {"items": [{"name": "SMITH, Jane", "officer_role": "director", "appointed_on": "2010-01-01"}],
            "total_results": 1, "active_count": 1, "start_index": 0, "items_per_page": 35}


def read(tmp_path: Path, bundle: dict) -> list:
    path = tmp_path / "bundle.json"
    path.write_text(json.dumps(bundle, indent=2))
    reader = detect(path)
    assert reader.name == "uk-api"
    return list(reader.read(path))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


def test_real_bundle_reads_each_resource() -> None:
    """Reader corpus heldout6 ``chmcp-companies.json`` (dcolley/companies-house-mcp test fixture,
    labels in facts.jsonl): the profile, its officer and its PSC; the lists name no company, so
    they are the bundled profile's; values that are no CH resource are quarantined, each named."""
    records = list(detect(REAL).read(REAL))
    (company,) = [e for e in of(records, Entity) if e.kind.value == "company"]
    assert (company.name, company.ref.value) == ("ZENITH PRINT (UK) LIMITED", "GB:02050399")
    (director,) = [c for c in of(records, Control) if c.control_kind == "directorship"]
    assert (director.source.name, director.target.value) == ("MOODY, Maxwell Wayne", "GB:02050399")
    assert director.valid_from.isoformat() == "1986-08-28"
    assert "from the bundle's companyProfile" in director.provenance.locator
    shares = [o for o in of(records, Ownership) if o.source.name == "Mr Maxwell Wayne Moody"]
    assert {(o.target.value, o.stake.lo, o.stake.hi) for o in shares} == {("GB:02050399", 75.0, 100.0)}
    assert {q.locator.split("[")[0] for q in of(records, Quarantined)} == {
        "$.searchResults", "$.filingHistory", "$.chargesList", "$.officerSearchResults", "$.errorResponses"}


def test_list_naming_its_company_keeps_it(tmp_path: Path) -> None:
    officers = {**OFFICERS, "links": {"self": "/company/07654321/officers"}}
    records = read(tmp_path, {"profile": PROFILE, "officers": officers})
    (ctl,) = of(records, Control)
    assert ctl.target.value == "GB:07654321" and "bundle" not in ctl.provenance.locator
    assert not of(records, Quarantined)


def test_two_profiles_name_no_list_company(tmp_path: Path) -> None:
    """With two companies in the bundle, a list that names none is not given either: it stays
    on the file's "Company not stated" stub."""
    other = {**PROFILE, "company_name": "OTHER LIMITED", "company_number": "07654321"}
    records = read(tmp_path, {"a": PROFILE, "b": other, "officers": OFFICERS})
    (ctl,) = of(records, Control)
    assert ctl.target.value.startswith("ch-list:")
    assert {e.name for e in of(records, Entity)} >= {"EXAMPLE TRADING LIMITED", "OTHER LIMITED"}
