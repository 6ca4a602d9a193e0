"""Conversation sessions: follow-ups, session-scoped assumptions, flat context per turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.stats import graph_stats
from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.conversation.session import Assumption

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"


@pytest.fixture()
def og(graph: Graph) -> Ownergraph:
    ingest_paths(graph, [BUNDLE])
    return Ownergraph(graph)


def test_follow_ups_resolve_against_recent_entities(og: Ownergraph) -> None:
    s = og.session()
    first = s.ask("Who owns Harbourline Shipping Limited?", as_of="2024-06-30")
    assert "Harbourline Holdings PLC" in first.text
    hit = s.ask("Who is hit if it defaults?", as_of="2024-06-30")
    assert hit.question.pattern == "contagion"
    assert "Granite Bank AG" in set(hit.frame["name"])
    parent = s.ask("What about its parent?", as_of="2024-06-30")
    assert "direct parent Harbourline Holdings PLC" in parent.text


def test_assumptions_supersede_graph_facts_for_the_session_only(og: Ownergraph) -> None:
    before = graph_stats(og.graph)
    s = og.session()
    now = s.ask("Who owns Meridian Baltic Logistics GmbH?", as_of="2024-06-30")
    assert "Nordkap Capital AG" in set(now.frame["name"])
    a = s.ask("Assume the 2023 sale did not happen")
    assert isinstance(a, Assumption) and a.suppressed and a.extended
    what_if = s.ask("Who owns it?", as_of="2024-06-30")
    names = set(what_if.frame["name"])
    assert "Harbourline Shipping Limited" in names and "Nordkap Capital AG" not in names
    assert what_if.assumptions and "2023 sale did not happen" in what_if.assumptions[0]
    assert "Assumptions stated in this session" in what_if.context.render()
    # a new session, and the graph itself, are untouched
    fresh = og.session().ask("Who owns Meridian Baltic Logistics GmbH?", as_of="2024-06-30")
    assert "Nordkap Capital AG" in set(fresh.frame["name"])
    assert graph_stats(og.graph) == before


def test_tokens_per_turn_stay_flat(og: Ownergraph) -> None:
    s = og.session()
    script = ["Who owns Harbourline Shipping Limited?", "Who is hit if it defaults?",
              "Who is the parent of Harbourline Shipping Limited?",
              "Who owns Meridian Baltic Logistics GmbH?"]
    for i in range(12):
        s.ask(script[i % len(script)], as_of="2024-06-30")
    tokens = [t.tokens for t in s.turns]
    first, last = tokens[:4], tokens[-4:]
    for a, b in zip(first, last):
        assert abs(b - a) <= 0.2 * a
