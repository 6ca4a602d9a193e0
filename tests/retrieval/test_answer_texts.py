"""Answer texts that say what they used, once (issue 30, item 7): the events answer names its
knowledge date in words (the default said as today's records, a date asked as the date it was
known on), and a diff where the shares and the votes changed alike is one line."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ownergraph.domain.codes import InterestType
from ownergraph.domain.errors import OwnergraphError, SameEntity
from ownergraph.graph.analytics.diff import diff
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.connection import Graph
from ownergraph.retrieval.answer.compose import compose
from ownergraph.retrieval.answer.context import build_context
from ownergraph.retrieval.api import Ownergraph
from tests.graph.analytics._small_world import World

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"


def test_events_say_the_knowledge_date_they_used(graph: Graph) -> None:
    ingest_paths(graph, [BUNDLE])
    og = Ownergraph(graph)
    now = og.ask("On what date did Harbourline Holdings PLC adopt its present name?")
    assert now.question.pattern == "events", now.question
    assert "as published by" not in now.text and ", as recorded up to today (" in now.text, now.text
    then = og.ask("On what date did Harbourline Holdings PLC adopt its present name?", known_at="2024-06-30")
    assert ", as known on 2024-06-30 (only what was published by then):" in then.text, then.text


def test_a_diff_of_shares_and_votes_changed_alike_is_one_line(graph: Graph) -> None:
    w = World(graph)
    for name in ("Holder H", "Target T"):
        w.entity(name)
    for interest in (InterestType.SHAREHOLDING, InterestType.VOTING_RIGHTS):
        w.own("Holder H", "Target T", 60, valid_to="2024-03-01", doc="reg-2023", interest=interest)
        w.own("Holder H", "Target T", 75, valid_from="2024-03-01", doc="reg-2024", interest=interest)
    w.flush()
    res = diff(graph, "Target T", "2024-01-01", "2024-06-30", include_owners=False)
    assert len(res.edges) == 2  # the analytic keeps the two interests apart
    ctx = build_context("what changed", date(2024, 6, 30), "2024-06-30", {}, [], [])
    text = compose("diff", res.to_frame(), ctx, "Target T", None, True, res)
    assert text.count("Holder H owns Target T") == 1, text
    assert "shareholding and voting rights 60% → 75%" in text, text


def test_a_stake_of_an_entity_in_itself_is_the_error_of_the_hierarchy(graph: Graph) -> None:
    # it was a bare ValueError, a traceback out of `ask` when a question's two names were one entity
    ingest_paths(graph, [BUNDLE])
    og = Ownergraph(graph)
    with pytest.raises(SameEntity, match="name the same entity") as caught:
        og.analytics.ownership.stake("Harbourline Holdings PLC", "Harbourline Holdings PLC")
    assert isinstance(caught.value, OwnergraphError) and isinstance(caught.value, ValueError)
