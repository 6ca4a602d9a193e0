"""OpenSanctions API (yente) responses read by the FtM reader (issue 31, session 10).

Files built per yente's response models (``yente/data/common.py``: ``SearchResponse``,
``EntityMatchResponse`` / ``EntityMatches`` / ``ScoredEntityResponse``, ``EntityResponse`` with
nested property values, ``EntityAdjacentResponse`` / ``AdjacentResultsResponse``), then the real
files of reader-corpus held-out set 6 (origin and licence in ``tests/fixtures/reader_corpus/facts.jsonl``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.domain.errors import InputFormatError
from ownergraph.domain.model import (
    Association, Control, Entity, Ownership, Quarantined, Sanction,
)
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.ftm.reader import FtmReader

CORPUS = Path(__file__).parents[1] / "fixtures/reader_corpus/files/heldout6/ftm"
ENVELOPE = {"datasets": ["us_ofac_sdn"], "referents": [], "target": True,
            "first_seen": "2023-04-20T10:27:20", "last_seen": "2026-03-25T12:53:09",
            "last_change": "2026-03-16T11:28:59"}


def person(eid: str, name: str, **props: list) -> dict:
    return {**ENVELOPE, "id": eid, "caption": name, "schema": "Person",
            "properties": {"name": [name], **props}}


def company(eid: str, name: str, **props: list) -> dict:
    return {**ENVELOPE, "id": eid, "caption": name, "schema": "Company",
            "properties": {"name": [name], **props}}


def write(tmp_path: Path, doc: dict, indent: int | None = 2, name: str = "response.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc, indent=indent, ensure_ascii=False))
    return path


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


SEARCH = {"results": [person("Q1", "Ada Example", topics=["sanction"]), company("NK-c1", "Example Ltd",
                                                                                   jurisdiction=["gb"])],
          "total": {"value": 2, "relation": "eq"}, "limit": 20, "offset": 0,
          "facets": {"countries": {"label": "Countries", "values": [{"name": "gb", "label": "UK", "count": 1}]}}}


@pytest.mark.parametrize("indent", [2, None], ids=["pretty", "one line"])
def test_search_response_gives_its_results(tmp_path: Path, indent: int | None) -> None:
    path = write(tmp_path, SEARCH, indent)
    assert detect(path).name == "ftm"
    records = list(detect(path).read(path))
    assert not of(records, Quarantined)
    assert {(e.name, e.ref.value) for e in of(records, Entity)} == {("Ada Example", "Q1"), ("Example Ltd", "NK-c1")}
    (ada,) = [e for e in of(records, Entity) if e.name == "Ada Example"]
    assert ada.provenance.locator == ("document.results[0]" if indent else "line 1.results[0]")
    assert ada.known_from.isoformat() == "2026-03-16T11:28:59+00:00"  # last_change
    assert [s.entity.value for s in of(records, Sanction)] == ["Q1"]  # its topic, as in an export


def test_match_response_reads_results_not_the_query(tmp_path: Path) -> None:
    """Each query's results are entities; ``query`` is the example asked about (no id): no record.
    ``score`` / ``match`` / ``features`` are the matcher's opinion, kept in the locator only."""
    scored = {**person("Q314650", "Viktor Bout"), "score": 0.93, "match": True,
              "features": {"name_literal_match": 1.0}}
    path = write(tmp_path, {"responses": {
        "bout": {"status": 200, "results": [scored], "total": {"value": 1, "relation": "eq"},
                 "query": {"schema": "Person", "properties": {"name": ["Viktor But"]}}},
        "nobody": {"status": 200, "results": [], "total": {"value": 0, "relation": "eq"},
                   "query": {"schema": "Company", "properties": {"name": ["No Such Co"]}}}},
        "matcher": {"name_literal_match": {"description": "...", "coefficient": 1.0}}, "limit": 5})
    records = list(FtmReader().read(path))
    assert not of(records, Quarantined)
    (ent,) = of(records, Entity)
    assert ent.name == "Viktor Bout" and "Viktor But" not in {a.value for a in ent.aliases}
    assert ent.provenance.locator == ("document.responses.bout.results[0] "
                                      "(yente match for query bout: score 0.93, match True)")


def test_match_response_without_results_is_quarantined(tmp_path: Path) -> None:
    path = write(tmp_path, {"responses": {"q1": {"status": 500, "detail": "timeout"}}, "limit": 5})
    (q,) = list(FtmReader().read(path))
    assert isinstance(q, Quarantined) and q.field == "results" and "status 500" in q.reason
    assert q.locator == "document.responses.q1"


def test_entity_response_nested_links_become_relationships(tmp_path: Path) -> None:
    """``/entities/{id}``: property values are entity objects; a nested Ownership / Directorship /
    Family is the relationship it is, its end that is the outer entity filled in."""
    outer = person("Q9", "Owner Person", ownershipOwner=[{
        "id": "own-1", "caption": "Ownership", "schema": "Ownership",
        "properties": {"asset": [company("NK-a1", "Asset Co")], "percentage": ["51"],
                       "startDate": ["2019-02-01"]}}],
        directorshipDirector=[{"id": "dir-1", "schema": "Directorship", "properties": {
            "organization": [company("NK-a2", "Board Co")], "role": ["director"]}}],
        familyPerson=[{"id": "fam-1", "schema": "Family", "properties": {
            "relative": [person("Q10", "Relative Person")], "relationship": ["spouse"]}}])
    records = list(FtmReader().read(write(tmp_path, outer)))
    assert not of(records, Quarantined)
    assert {e.ref.value for e in of(records, Entity)} == {"Q9", "NK-a1", "NK-a2", "Q10"}
    (own,) = of(records, Ownership)
    assert (own.source.value, own.target.value, own.stake.exact) == ("Q9", "NK-a1", 51.0)
    assert own.valid_from.isoformat() == "2019-02-01" and own.fact_key == "ftm:own-1"
    (ctl,) = of(records, Control)
    assert (ctl.source.value, ctl.target.value) == ("Q9", "NK-a2")
    (fam,) = of(records, Association)
    assert (fam.source.value, fam.target.value, fam.relationship) == ("Q9", "Q10", "spouse")


def test_adjacent_response_links_and_id_only_results(tmp_path: Path) -> None:
    """``/entities/{id}/adjacent``: ``{entity, adjacent: {prop: {results, total, limit, offset}}}``;
    a result that is a bare id (not expanded) is quarantined, not dropped."""
    doc = {"entity": company("NK-x", "Target Co"), "adjacent": {
        "ownershipAsset": {"results": [{"id": "own-9", "schema": "Ownership", "properties": {
            "owner": [person("Q7", "Holder Person")], "percentage": ["25-50"]}}],
            "total": {"value": 1, "relation": "eq"}, "limit": 10, "offset": 0},
        "sanctions": {"results": ["ofac-sanction-1"], "total": {"value": 1, "relation": "eq"},
                      "limit": 10, "offset": 0}}}
    path = write(tmp_path, doc)
    assert detect(path).name == "ftm"
    records = list(FtmReader().read(path))
    (own,) = of(records, Ownership)
    assert (own.source.value, own.target.value) == ("Q7", "NK-x")
    assert (own.stake.lo, own.stake.hi) == (25.0, 50.0)
    assert {e.ref.value for e in of(records, Entity)} == {"NK-x", "Q7"}
    (q,) = of(records, Quarantined)
    assert q.field == "sanctions" and "id only" in q.reason and q.locator == "document.adjacent.sanctions[0]"


def test_thing_listed_under_a_link_property_implies_the_link(tmp_path: Path) -> None:
    """Reader corpus heldout6 ``osmcp-entity-with-relations.json`` (synthetic fixture of
    ajfarkas/opensanctions-mcp's tests, around a real OFAC listing): an entity with ``adjacent``
    beside its keys, whose ``ownershipOwner`` lists the Company itself: Bout owns Air Cess,
    implied (no percentage, no dates), said in the locator."""
    records = list(FtmReader().read(CORPUS / "osmcp-entity-with-relations.json"))
    assert not of(records, Quarantined)
    assert {(e.name, e.ref.value, e.jurisdiction) for e in of(records, Entity)} == {
        ("Viktor Bout", "Q314650", None), ("Air Cess Ltd", "NK-abc123", "BE")}
    (own,) = of(records, Ownership)
    assert (own.source.value, own.target.value, own.stake) == ("Q314650", "NK-abc123", None)
    assert "implied Ownership" in own.provenance.locator and own.valid_from is None


@pytest.mark.parametrize("name,eid,names", [
    ("ignifer-opensanctions_entity.json", "NK-abc123",
     {"Viktor Vekselberg", "Viktor Feliksovich Vekselberg", "Виктор Вексельберг"}),
    ("ignifer-opensanctions_pep.json", "pep-xyz789", {"Hans Schmidt"}),
    ("osmcp-match-person.json", "Q314650", {"Viktor Bout", "Viktor Anatolyevich Bout"}),
    ("osmcp-search-person.json", "Q314650", {"Viktor Bout", "Viktor Anatolyevich Bout"}),
])
def test_real_saved_responses(name: str, eid: str, names: set[str]) -> None:
    """Reader corpus heldout6 saved /match and /search responses (labels in facts.jsonl): each
    result person read, refused before as "entity has no id"."""
    path = CORPUS / name
    assert detect(path).name == "ftm"
    records = list(detect(path).read(path))
    assert not of(records, Quarantined)
    (ent,) = of(records, Entity)
    assert ent.ref.value == eid and {a.value for a in ent.aliases if a.scheme.value == "name"} == names


def test_results_not_a_list_names_the_field(tmp_path: Path) -> None:
    path = write(tmp_path, {"results": {"id": "x"}, "total": {"value": 1, "relation": "eq"}, "limit": 1})
    (q,) = list(FtmReader().read(path))
    assert isinstance(q, Quarantined) and q.field == "results" and q.locator == "document"


def test_empty_responses_are_recognised_and_near_misses_say_what_ftm_reads(tmp_path: Path) -> None:
    empty = write(tmp_path, {"results": [], "total": {"value": 0, "relation": "eq"}, "limit": 10,
                             "offset": 0, "facets": {}}, None, "empty.json")
    assert detect(empty).name == "ftm" and list(detect(empty).read(empty)) == []
    near = write(tmp_path, {"responses": {"q1": {"hits": []}}}, 2, "near.json")
    with pytest.raises(InputFormatError) as err:
        detect(near)
    assert "nearest format ftm (has responses)" in str(err.value) and "yente" in str(err.value)


def test_adjacent_property_page_with_bare_ids(tmp_path: Path) -> None:
    """``/entities/{id}/adjacent/{prop}`` is a results page whose results may be ids: each one
    quarantined (the entity is not in the file), an expanded one read."""
    page = {"results": ["own-1", company("NK-z", "Zed Ltd")], "total": {"value": 2, "relation": "eq"},
            "limit": 10, "offset": 0}
    records = list(FtmReader().read(write(tmp_path, page)))
    (q,) = of(records, Quarantined)
    assert (q.locator, q.field) == ("document.results[0]", "results") and "id only" in q.reason
    assert [e.ref.value for e in of(records, Entity)] == ["NK-z"]
