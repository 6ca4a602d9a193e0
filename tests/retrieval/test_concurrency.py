"""One client, many askers: answers identical to one asker's, no errors; reads carry timeouts."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.domain.errors import OwnergraphError, QueryTimeout
from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.text.lexical import LexicalRetriever
from tests.cypher import q

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"
QUESTIONS = [
    "What is Ivan Petrov's effective stake in Harbourline Shipping Limited?",
    "Who is hit if Harbourline Shipping Limited defaults?",
    "Who owns Meridian Baltic Logistics GmbH?",
    "Who is the parent of Harbourline Shipping Limited?",
    "Who owns Harbourline Shipping Limited?",
    "What is our exposure to anything Nordkap Capital AG controls?",
    "Shortest control path between Ivan Petrov and Granite Bank AG",
    "Who owns Harbourlyne Shiping Holdings Inc?",  # not found: the same error for every asker
]


def _answer(og: Ownergraph, text: str) -> str:
    try:
        d = og.ask(text, as_of="2024-06-30").as_dict()
    except OwnergraphError as err:
        return f"{type(err).__name__}: {err}"
    d.pop("timings_ms")
    return json.dumps(d, sort_keys=True, default=str)


def test_eight_askers_on_one_client_get_the_single_askers_answers(graph: Graph) -> None:
    ingest_paths(graph, [BUNDLE])
    og = Ownergraph(graph, text=LexicalRetriever(graph))  # disclosure sentences too
    reference = {t: _answer(og, t) for t in QUESTIONS}
    assert "18.12\\u201336.25%" in reference[QUESTIONS[0]]  # the band of test_ask (JSON-escaped dash)
    assert reference[QUESTIONS[-1]].startswith("EntityNotFound")

    def asker(i: int) -> list[tuple[str, str]]:
        order = QUESTIONS[i:] + QUESTIONS[:i]  # askers on different questions at any moment
        return [(t, _answer(og, t)) for _ in range(3) for t in order]

    with ThreadPoolExecutor(8) as pool:
        got = [pair for pairs in pool.map(asker, range(8)) for pair in pairs]  # an exception re-raises
    assert len(got) == 8 * 3 * len(QUESTIONS)
    assert [t for t, a in got if a != reference[t]] == []


def test_a_read_past_its_timeout_is_one_clear_error(graph: Graph) -> None:
    fast = Graph(graph._driver, graph.database, graph.uri, query_timeout_s=0.5)
    assert fast.read(q("slow_count"), n=10) == [{"n": 1}]  # 1*1: a fast read passes
    with pytest.raises(QueryTimeout) as err:
        fast.read(q("slow_count"), n=200_000)
    assert "slow_count" in str(err.value) and "0.5 s" in str(err.value)
    assert "OWNERGRAPH_QUERY_TIMEOUT" in str(err.value)
    with pytest.raises(QueryTimeout):
        fast.read_unit(lambda r: r.read(q("slow_count"), n=200_000))
    assert graph.read(q("slow_count"), n=10) == [{"n": 1}]  # the connection is still usable
