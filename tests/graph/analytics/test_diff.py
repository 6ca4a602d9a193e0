"""Diff of ownership/control across a change of control and a merger, with the causing documents."""

from __future__ import annotations

import pytest

from ownergraph.graph.analytics.diff import diff
from tests.graph.analytics._small_world import World


@pytest.fixture()
def story(graph):
    w = World(graph)
    for name in ("Target X", "Old Parent", "New Parent", "Minority M", "Sub Y", "Asset Z"):
        w.entity(name)
    w.own("Old Parent", "Target X", 60, doc="filing-2019")
    w.own("Minority M", "Target X", 10, valid_to="2024-02-01", doc="13D-2020")
    w.own("Minority M", "Target X", 15, valid_from="2024-02-01", known="2024-02-03", doc="13D-A-2024")
    w.own("Sub Y", "Asset Z", 100)
    w.action("change_of_control", "Target X", "New Parent", previous="Old Parent", pct=75,
             effective="2024-03-01", known="2024-03-05", doc="8-K-2024-03")
    w.action("merger", "Sub Y", "Target X", effective="2024-04-01", known="2024-04-02", doc="merger-2024")
    return w.flush()


def test_change_of_control_and_merger(graph, story):
    res = diff(graph, "Target X", "2024-01-01", "2024-06-30")
    got = {(c.change, c.type, c.source_name, c.target_name): c for c in res.edges}
    assert set(got) == {
        ("closed", "OWNS", "Old Parent", "Target X"),
        ("opened", "OWNS", "New Parent", "Target X"),
        ("changed", "OWNS", "Minority M", "Target X"),
        ("opened", "SUCCEEDED_BY", "Sub Y", "Target X"),
        ("opened", "OWNS", "Target X", "Asset Z"),
    }
    closed = got[("closed", "OWNS", "Old Parent", "Target X")]
    assert closed.cause["action"] == "change_of_control" and closed.cause["document_id"] == "8-K-2024-03"
    assert closed.before["stake_lo"] == pytest.approx(0.6) and closed.after is None
    opened = got[("opened", "OWNS", "New Parent", "Target X")]
    assert opened.cause["document_id"] == "8-K-2024-03" and opened.after["stake_lo"] == pytest.approx(0.75)
    changed = got[("changed", "OWNS", "Minority M", "Target X")]
    assert (changed.before["stake_lo"], changed.after["stake_lo"]) == pytest.approx((0.10, 0.15))
    assert changed.cause["document_id"] == "13D-A-2024"
    moved = got[("opened", "OWNS", "Target X", "Asset Z")]
    assert moved.direction == "out" and moved.cause["action"] == "merger"
    assert moved.cause["document_id"] == "merger-2024"
    assert {a["action"] for a in res.actions} == {"change_of_control", "merger"}
    owners = {(o.change, o.owner_name) for o in res.owners}
    assert owners == {("removed", "Old Parent"), ("added", "New Parent")}  # M's 15% is under 25%
    assert res.owners_error is None
    frame = res.to_frame()
    assert len(frame) == 5 and set(frame.cause_document_id) >= {"8-K-2024-03", "13D-A-2024", "merger-2024"}


def test_no_change_and_knowledge_time(graph, story):
    assert not diff(graph, "Target X", "2023-01-01", "2023-12-31").changed
    # known on 2024-03-02 the change of control (published 2024-03-05) is not there yet
    early = diff(graph, "Target X", "2024-01-01", "2024-03-02", known_at="2024-03-02")
    assert {(c.change, c.source_name) for c in early.edges} == {("changed", "Minority M")}
    assert early.actions == ()


def test_a_direct_and_an_indirect_interest_are_two_edges(graph):
    """A holder's direct and indirect interests in one target (a BODS statement gives both, with
    one fact key) were one identity in the diff: the figure shown was either one's, by the order
    the graph returned the edges in (the SARL Dupont Technologies diff showed 51% or 10% by run)."""
    w = World(graph)
    for name in ("Holder H", "Target T", "Vehicle V"):
        w.entity(name)
    w.own("Holder H", "Target T", 51, valid_from="2024-01-01", fact_key="rel-h-t", direct=True)
    w.own("Holder H", "Target T", 10, valid_from="2024-01-01", fact_key="rel-h-t", direct=False)
    w.own("Vehicle V", "Target T", 10, valid_from="2024-01-01")
    w.flush()
    for _ in range(3):
        res = diff(graph, "Target T", "2023-12-31", "2024-06-30", include_owners=False)
        held = sorted(round(c.after["stake_lo"], 2) for c in res.edges if c.source_name == "Holder H")
        assert held == [0.10, 0.51]
