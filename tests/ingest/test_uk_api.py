"""Companies House API responses (issue 31): profiles, PSC lists, related companies, Basic Company
Data as JSON, each read by what the resource is, never taken for another kind."""

from __future__ import annotations

import csv
import json
from datetime import date
from pathlib import Path

from ownergraph.domain.codes import AliasKind
from ownergraph.domain.model import Control, Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.uk import company as uk_company

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "dev"


def read(path: Path, fmt: str | None = None) -> list:
    return list(detect(path, fmt).read(path))


def of(records: list, cls: type) -> list:
    return [r for r in records if isinstance(r, cls)]


def test_a_company_profile_is_read_as_the_company_not_a_psc(real_data: Path) -> None:
    path = real_data / "uk-api" / "defra-companies_house_response.json"
    assert detect(path).name == "uk-api"
    records = read(path)
    assert not of(records, Quarantined)
    (company,) = of(records, Entity)
    assert (company.name, company.ref.value, company.status) == ("BOGUS LIMITED", "GB:04041234", "ACTIVE")
    assert company.valid_from == date(2000, 7, 28)


def test_a_profile_forced_as_a_psc_snapshot_is_refused_naming_the_field(real_data: Path) -> None:
    records = read(real_data / "uk-api" / "chprofile-00006402-getCompanyProfile.json", "uk-psc")
    (q,) = records
    assert isinstance(q, Quarantined) and q.field == "data" and "'data' object" in q.reason


def test_uk_establishments_are_companies(real_data: Path) -> None:
    records = read(real_data / "uk-api" / "chprofile-00006406-getUkEstablishments.json")
    assert {(e.name, e.ref.value) for e in of(records, Entity)} == {
        ("RENABLE PHARMA LTD", "GB:00006404"), ("RENABLE PHARMA LTD", "GB:00006405")}
    assert not of(records, Ownership) and not of(records, Quarantined)  # a branch is not ownership


def test_a_psc_list_response_is_read(real_data: Path, tmp_path: Path) -> None:
    """The API's PSC list: the register's real item shapes (register-sources-psc) under ``items``,
    the company named only by the list's links.self, as the API sends it."""
    folder = real_data / "uk-companies-house" / "register-sources-psc"
    items = [json.loads((folder / f"psc_{k}.json").read_text())["data"]
             for k in ("individual", "corporate", "statement")]
    for item in items:
        item.pop("links", None)  # list items may carry no company: the list's link says it
    listing = {"items": items, "active_count": 3, "ceased_count": 0, "total_results": 3, "items_per_page": 25,
               "start_index": 0, "links": {"self": "/company/01234567/persons-with-significant-control"}}
    path = tmp_path / "psc-list.json"
    path.write_text(json.dumps(listing))
    assert detect(path).name == "uk-api"
    records = read(path)
    assert not of(records, Quarantined)
    joe = next(e for e in of(records, Entity) if e.name == "Joe Bloggs")
    shares = [o for o in of(records, Ownership) if o.source == joe.ref]
    assert shares and all(o.target.value == "GB:01234567" for o in shares)
    assert any(o.stake and (o.stake.lo, o.stake.hi) == (25, 50) for o in shares)


def test_basic_company_data_as_json_reads_like_the_csv(real_data: Path, tmp_path: Path) -> None:
    """The CSV product's fields as JSON, one object per company (nested as the JSON product nests
    them), read to the same companies and dated previous names as the CSV."""
    csv_path = real_data / "uk-companies-house" / "basic-company-data" / "basic-sample.csv"
    with open(csv_path, newline="", encoding="utf-8") as f:
        rows = [{k.strip(): v for k, v in row.items()} for row in csv.DictReader(f)]
    nested = [_nest(row) for row in rows]
    path = tmp_path / "basic.json"
    path.write_text("\n".join(json.dumps(r) for r in nested))
    assert detect(path).name == "uk-api"
    from_json = {e.ref.value: e for e in of(read(path), Entity)}
    from_csv = {e.ref.value: e for e in of(list(uk_company.READERS[0].read(csv_path)), Entity)}
    assert from_json.keys() == from_csv.keys() and len(from_json) == len(rows)
    for key, ent in from_csv.items():
        assert from_json[key].name == ent.name
        assert [(a.value, a.valid_to) for a in from_json[key].aliases if a.kind is AliasKind.PREVIOUS] == \
            [(a.value, a.valid_to) for a in ent.aliases if a.kind is AliasKind.PREVIOUS]


def _nest(row: dict[str, str]) -> dict:
    out: dict = {}
    for key, value in row.items():
        *outer, last = key.split(".")
        node = out
        for part in outer:
            node = node.setdefault(part, {})
        node[last] = value
    return out


def test_an_officer_list_gives_directorships(tmp_path: Path) -> None:
    listing = {"kind": "officer-list", "links": {"self": "/company/00006402/officers"}, "items": [
        {"name": "SMITH, Jane", "officer_role": "director", "appointed_on": "2015-03-04",
         "links": {"officer": {"appointments": "/officers/abc123/appointments"}}}]}
    path = tmp_path / "officers.json"
    path.write_text(json.dumps(listing))
    (control,) = of(read(path), Control)
    assert control.control_kind == "directorship" and control.target.value == "GB:00006402"
    assert control.valid_from == date(2015, 3, 4)


def test_dev_corpus_psc_snapshot_lines_without_links_or_company_are_read() -> None:
    folder = CORPUS / "ch-psc-snapshot"
    assert not read(folder / "register-psc_totals.json")  # the snapshot trailer: metadata
    (q,) = read(folder / "register-psc_unknown_kind.json")
    assert isinstance(q, Quarantined) and q.field == "company_number"
    corporate = read(folder / "register-psc_corporate.json")
    assert any(c.control_kind == "significant_control" for c in of(corporate, Control))  # no natures stated


def test_an_officers_appointment_list_names_each_company(tmp_path: Path) -> None:
    listing = {"kind": "personal-appointment", "name": "Jane SMITH",
               "links": {"self": "/officers/abc123/appointments"}, "items": [
                   {"officer_role": "secretary", "appointed_on": "2019-01-02", "resigned_on": "2020-05-06",
                    "appointed_to": {"company_number": "00006402", "company_name": "RENABLE PHARMA LTD"}}]}
    path = tmp_path / "appointments.json"
    path.write_text(json.dumps(listing))
    (control,) = of(read(path), Control)
    assert (control.control_kind, control.target.value, control.valid_to) == ("officer", "GB:00006402", date(2020, 5, 6))
