"""GLEIF legal-entity events loaded: a name change moves the legal name in valid time at its
effective date, every event is one corporate-action node that ``diff`` shows (type, effective
vs recorded date, group, old -> new), and a rerun changes nothing. Real API sample; expected
values read off the file."""

from __future__ import annotations

from pathlib import Path

from ownergraph.graph.analytics.diff import diff
from ownergraph.graph.analytics.lookup import find_entity
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from tests.cypher import q

# ultimate-children_21380068P1DRHMJ8KU70.json, data[] 549300U8Y52MRCVNHF78: legalName SHELL QGC
# HOLDINGS LIMITED, otherNames PREVIOUS_LEGAL_NAME BG 456 LIMITED; CHANGE_LEGAL_NAME COMPLETED,
# STANDALONE, effectiveDate 2024-05-17T00:00:00Z, recordedDate 2024-07-11T08:30:31Z
SAMPLE = Path("gleif") / "api" / "lei_records" / "ultimate-children_21380068P1DRHMJ8KU70.json"
QGC = "549300U8Y52MRCVNHF78"


def test_name_change_moves_the_legal_name_at_the_effective_date(graph: Graph, real_data: Path) -> None:
    ingest_paths(graph, [real_data / SAMPLE])
    rows = graph.read(q("entity_name_aliases"), lei=QGC)
    by_name = {(r["name"], r["kind"]): (r["valid_from"], r["valid_to"]) for r in rows}
    # before the fix the current name was also a 'previous' name up to 2024-05-17 and its legal
    # alias ended there; BG 456 LIMITED stayed a previous name with no end
    assert by_name == {("SHELL QGC HOLDINGS LIMITED", "legal"): ("2024-05-17", "9999-12-31"),
                       ("BG 456 LIMITED", "previous"): ("0001-01-01", "2024-05-17")}
    assert {r["entity_name"] for r in rows} == {"SHELL QGC HOLDINGS LIMITED"}
    assert find_entity(graph, "BG 456 LIMITED", "2024-01-01").key == find_entity(graph, QGC).key
    ingest_paths(graph, [real_data / SAMPLE])  # a rerun: same aliases
    assert graph.read(q("entity_name_aliases"), lei=QGC) == rows


def test_diff_shows_each_event_with_effective_and_recorded_dates(graph: Graph, real_data: Path) -> None:
    ingest_paths(graph, [real_data / SAMPLE])
    res = diff(graph, QGC, "2024-01-01", "2024-12-31", include_owners=False)
    (ev,) = res.events
    assert (ev["type"], ev["action"], ev["status"], ev["group_type"]) == (
        "CHANGE_LEGAL_NAME", "rename", "COMPLETED", "STANDALONE")
    assert str(ev["effective"]) == "2024-05-17" and ev["recorded"].isoformat() == "2024-07-11T08:30:31+00:00"
    assert ev["changes"] == [{"field": "LegalName", "old": "BG 456 LIMITED", "new": "SHELL QGC HOLDINGS LIMITED"}]
    assert res.as_dict()["events"][0]["recorded"].startswith("2024-07-11T08:30:31")
    # outside the period: no event
    assert diff(graph, QGC, "2024-06-01", "2024-12-31", include_owners=False).events == []
    # direct-children_21380068P1DRHMJ8KU70.json, 549300KUNZLT7SM2TY17: CHANGE_LEGAL_ADDRESS and
    # CHANGE_HQ_ADDRESS, both effective 2022-07-15, recorded 2024-06-10T14:46:04Z / 14:45:32Z
    ingest_paths(graph, [real_data / "gleif/api/lei_records/direct-children_21380068P1DRHMJ8KU70.json"])
    other = diff(graph, "549300KUNZLT7SM2TY17", "2022-01-01", "2022-12-31", include_owners=False).events
    assert sorted((e["type"], str(e["effective"]), e["recorded"].isoformat()) for e in other) == [
        ("CHANGE_HQ_ADDRESS", "2022-07-15", "2024-06-10T14:45:32+00:00"),
        ("CHANGE_LEGAL_ADDRESS", "2022-07-15", "2024-06-10T14:46:04+00:00")]
    assert {e["action"] for e in other} == {"registry_event"}
    # effective in 2022 but recorded only in June 2024: not known at the start of 2024
    early = diff(graph, "549300KUNZLT7SM2TY17", "2022-01-01", "2022-12-31", known_at="2024-01-01T00:00:00Z",
                 include_owners=False)
    assert early.events == []
