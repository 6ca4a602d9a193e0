"""Companies House API resources as Companies House's own services return them (issue 31, session 7),
on the real files of the reader corpus's former test half (development data since it was scored
twice; origins and licences in ``tests/fixtures/reader_corpus/README.md``):

- a PSC notified after it ceased (``ceased_on`` before ``notified_on``; the API defines
  ``notified_on`` as the date Companies House was notified): the PSC loads, its control ends at
  ``ceased_on`` from an unstated start and is known from ``notified_on`` (companieshouse/psc-data-api);
- a PSC list: each item belongs to the list's company (the list is ``/company/{number}/persons-with-
  significant-control``), even where an item's own link names another;
- an officer's appointment list: the company each appointment names (``appointed_to``) is an entity.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ownergraph.domain.model import Control, Entity, Quarantined
from ownergraph.ingest.formats import detect

CH = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "test" / "ch-api"


def read(name: str) -> list:
    path = CH / name
    reader = detect(path)
    assert reader.name == "uk-api"
    return list(reader.read(path))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


def test_psc_notified_after_it_ceased_loads() -> None:
    for name, company in (("chpsc-get_individual_output.json", "34777771"),
                          ("chpsc-get_individual_bo_output.json", "34777772"),
                          ("chpsc-get_corporate_entity_output.json", "34777773"),
                          ("chpsc-get_corporate_entity_bo_output.json", "34777774")):
        records = read(name)
        assert not of(records, Quarantined), name
        (psc,) = of(records, Entity)
        (edge,) = of(records, Control)
        assert edge.source == psc.ref and edge.target.value == f"GB:{company}"
        assert edge.valid_from is None and edge.valid_to == date(2021, 11, 2)
        assert edge.known_from.date() == date(2023, 11, 20)
        assert edge.control_kind == "rights_to_surplus_assets" and (edge.stake.lo, edge.stake.hi) == (75, 100)


def test_psc_list_items_belong_to_the_lists_company() -> None:
    records = read("chpsc-psc_list_output.json")
    edges = of(records, Control)
    assert len(edges) == 2 and {e.target.value for e in edges} == {"GB:34777777"}


def test_appointment_list_names_each_company() -> None:
    records = read("herrbert-appointments_allan_david_horley.json")
    companies = {e.ref.value: e for e in of(records, Entity) if e.kind.value == "company"}
    assert companies["GB:07133481"].name == "WCR VEHICLE HIRE LIMITED"
    assert companies["GB:07649312"].name == "BEESTON PROPERTY LIMITED"
    assert companies["GB:07133481"].status == "DISSOLVED"
    assert all(e.fact_key.startswith("uk_officers:appointed_to:") for e in companies.values())
    targets = {c.target.value for c in of(records, Control)}
    assert set(companies) <= targets


def test_company_search_results_are_companies(tmp_path: Path) -> None:
    """Built after the public API's ``companySearch`` resource (no public file of it was at hand):
    each ``searchresults#company`` item is the company its ``title`` names; an officer result is
    refused naming ``kind``."""
    import json

    page = {"kind": "search#all", "items_per_page": 20, "start_index": 0, "total_results": 3, "items": [
        {"kind": "searchresults#company", "title": "ACME WIDGETS LIMITED", "company_number": "01234567",
         "company_status": "active", "company_type": "ltd", "date_of_creation": "2001-05-04",
         "links": {"self": "/company/01234567"}},
        {"kind": "searchresults#company", "title": "ACME HOLDINGS LIMITED", "company_number": "SC012345",
         "company_status": "dissolved", "date_of_creation": "1990-01-01", "date_of_cessation": "2019-01-01",
         "links": {"self": "/company/SC012345"}},
        {"kind": "searchresults#officer", "title": "John SMITH", "links": {"self": "/officers/XYZ/appointments"}}]}
    path = tmp_path / "search.json"
    path.write_text(json.dumps(page))
    assert detect(path).name == "uk-api"
    records = list(detect(path).read(path))
    companies = {e.ref.value: e for e in of(records, Entity)}
    assert companies["GB:01234567"].name == "ACME WIDGETS LIMITED" and companies["GB:01234567"].status == "ACTIVE"
    assert companies["GB:SC012345"].valid_to == date(2019, 1, 1)
    (q,) = of(records, Quarantined)
    assert q.field == "kind" and "searchresults#officer" in q.reason


def test_officer_list_saved_without_its_links_names_the_company_by_each_appointment(tmp_path: Path) -> None:
    """An ``officer-list`` kept without its own ``links`` (built after the public ``officerList``
    resource): each item's ``links.self`` (``/company/{number}/appointments/{id}``) names the company."""
    import json

    path = tmp_path / "officers.json"
    path.write_text(json.dumps({"kind": "officer-list", "items_per_page": 35, "total_results": 1, "items": [
        {"name": "SMITH, John", "officer_role": "director", "appointed_on": "2015-01-01",
         "links": {"self": "/company/01234567/appointments/abc",
                   "officer": {"appointments": "/officers/XYZ/appointments"}}}]}))
    records = list(detect(path).read(path))
    assert not of(records, Quarantined)
    (edge,) = of(records, Control)
    assert edge.target.value == "GB:01234567" and edge.control_kind == "directorship"
