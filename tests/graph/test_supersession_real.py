"""Supersession on real samples: a later statement closes the earlier one in knowledge time;
under current knowledge the valid-time history stays answerable (DOMAIN §4)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from tests.cypher import q

SAMPLE = Path("bods-more") / "data-standard-gleif-0.4" / "Relationship_updated.json"
CHILD, PARENT = "959800HPB0TYKYATVE75", "959800M5S8EHVXWG6P95"


def _parents(graph: Graph, as_of: str, known_at: str) -> list[str]:
    """Parties with an edge to CHILD admitted by the readers' predicate at both clocks."""
    rows = graph.read(
        q("parents_admitted"), child=CHILD,
        as_of=as_of, known_at=known_at)
    return sorted(r["k"] for r in rows)


def test_a_republished_gleif_relationship_is_one_fact_on_both_clocks(graph: Graph, real_data: Path) -> None:
    # Relationship_updated.json, record rr-d-959800HPB0TYKYATVE75-766d70: recordStatus "new"
    # with statementDate 2024-06-06, then "updated" with statementDate 2024-07-07; both carry
    # the interest with startDate 2023-08-18 (interestedParty 959800M5S8EHVXWG6P95).
    ingest_paths(graph, [real_data / SAMPLE])
    now = "9000-01-01T00:00:00Z"
    assert _parents(graph, "2024-01-01", now) == [PARENT]  # once, not once per version
    assert _parents(graph, "2023-08-17", now) == []  # before the interest's startDate
    assert _parents(graph, "2024-01-01", "2024-06-20T00:00:00Z") == [PARENT]  # first version
    assert _parents(graph, "2024-01-01", "2024-06-01T00:00:00Z") == []  # nothing published yet


def test_a_change_of_holder_keeps_the_earlier_holder_before_the_change(graph: Graph, real_data: Path,
                                                                       tmp_path: Path) -> None:
    # Built from the real record above: a third statement of the same record (as GLEIF's
    # pipeline writes an update) names another parent (an entity record shaped like the
    # file's, without its LEI) with startDate 2024-09-01, statementDate 2024-09-15. What the
    # statements say: PARENT from 2023-08-18 until 2024-09-01, the new parent from 2024-09-01.
    statements = json.loads((real_data / SAMPLE).read_text())
    rel = copy.deepcopy(statements[1])
    new_parent = dict(copy.deepcopy(statements[2]), recordId="XI-LEI-NEWPARENT-TEST",
                      statementId="XI-LEI-NEWPARENT-TEST-20240915", statementDate="2024-09-15")
    new_parent["recordDetails"] = dict(new_parent["recordDetails"], identifiers=[], name="NEW PARENT TEST")
    rel.update(statementId=rel["statementId"].replace("20240707", "20240915"), statementDate="2024-09-15")
    rel["recordDetails"]["interestedParty"] = "XI-LEI-NEWPARENT-TEST"
    rel["recordDetails"]["interests"][0]["startDate"] = "2024-09-01"
    path = tmp_path / "updated-holder.json"
    path.write_text(json.dumps([*statements, new_parent, rel]))
    ingest_paths(graph, [path])
    now = "9000-01-01T00:00:00Z"
    new = [k for k in _parents(graph, "2024-10-01", now)]
    assert len(new) == 1 and new != [PARENT]
    assert _parents(graph, "2024-01-01", now) == [PARENT]  # the earlier holder, known now
    assert _parents(graph, "2024-01-01", "2024-08-01T00:00:00Z") == [PARENT]
    assert _parents(graph, "2024-10-01", "2024-08-01T00:00:00Z") == [PARENT]  # not yet known


def test_diff_shows_the_change_of_holder(graph: Graph, real_data: Path, tmp_path: Path) -> None:
    from ownergraph.graph.analytics.diff import diff

    test_a_change_of_holder_keeps_the_earlier_holder_before_the_change(graph, real_data, tmp_path)
    res = diff(graph, CHILD, "2024-01-01", "2024-10-01", include_owners=False)
    changes = {(c.change, c.source) for c in res.edges}
    # the record's parent before the change (2024-01-01) closes, the new parent opens
    assert ("closed", PARENT) in changes and any(ch == "opened" and s != PARENT for ch, s in changes)


def test_a_gleif_update_of_a_relationship_is_one_fact_on_both_clocks(graph: Graph, real_data: Path) -> None:
    # gleif/golden-copy: rr-data.xml has 001GPB6A9XPE8XJICC14 IS_FUND-MANAGED_BY
    # 5493001Z012YSB2A0K51, RELATIONSHIP_PERIOD from 2012-11-29; rr-updates-data.json restates
    # it (same period) with LastUpdateDate 2023-07-18T15:41:20Z.
    golden = real_data / "gleif" / "golden-copy"
    ingest_paths(graph, [golden / "rr-data.xml", golden / "rr-updates-data.json"])

    def managers(as_of: str, known_at: str) -> list[str]:
        rows = graph.read(
            q("fund_managers_admitted"), as_of=as_of, known_at=known_at,
            kind="fund_managed_by")
        return sorted(r["k"] for r in rows)

    assert managers("2020-01-01", "9000-01-01T00:00:00Z") == ["5493001Z012YSB2A0K51"]  # once
    assert managers("2020-01-01", "2023-07-01T00:00:00Z") == ["5493001Z012YSB2A0K51"]  # first version
    assert managers("2012-11-28", "9000-01-01T00:00:00Z") == []  # before the period


def test_a_psc_cessation_ends_the_interest_in_valid_time_not_before(graph: Graph, real_data: Path) -> None:
    # uk-companies-house/register-sources-psc: psc_individual.json (company 1234567, Joe
    # Bloggs, notified_on 2016-04-06, ownership-of-shares-25-to-50-percent and
    # voting-rights-25-to-50-percent) and psc_ceased_on.json (the same PSC link, ceased_on
    # 2016-10-11).
    psc = real_data / "uk-companies-house" / "register-sources-psc"
    ingest_paths(graph, [psc / "psc_individual.json", psc / "psc_ceased_on.json"])

    def interests(as_of: str, known_at: str) -> list[tuple[str, float, float]]:
        rows = graph.read(
            q("interests_admitted"), company=_company(graph), as_of=as_of, known_at=known_at)
        return sorted((r["i"], r["lo"], r["hi"]) for r in rows)

    now = "9000-01-01T00:00:00Z"
    held = [("shareholding", 0.25, 0.5), ("voting_rights", 0.25, 0.5)]  # one edge per interest, never two
    assert interests("2016-06-01", now) == held  # before the cessation, known now
    assert interests("2017-01-01", now) == []  # ceased 2016-10-11
    assert interests("2017-01-01", "2016-07-01T00:00:00Z") == held  # cessation not yet known


def _company(graph: Graph) -> str:
    rows = graph.read(q("owned_names"))
    assert len(rows) == 1
    return rows[0]["n"]
