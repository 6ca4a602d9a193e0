"""The question parser's name index follows the graph it reads: emptied and loaded with other
files whose entity and alias counts happen to be the same, the graph is another graph.

Expected figures read off the files: bods/0.2/examples/indirect-ownership/os-08-dr-04-company-a.json
states Person 1's shareholding in Company A, 50 % indirect from 2017-11-01 and 50 % direct from
2019-05-01 (so 100 % as of 2019-06-30); bods/0.4/mixed-direct-and-indirect-ownership.json names a
Person 1 and a Company A of its own (other statement ids, so other entity keys)."""

from __future__ import annotations

from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.retrieval.api import Ownergraph

QUESTION = "What is Person 1's stake in Company A as of 2019-06-30?"


def _load(graph, path) -> tuple[int, int]:
    graph.auto("wipe", batch=20000)
    ingest_paths(graph, [path])
    row = graph.read("question_names_version")[0]
    return int(row["entities"]), int(row["aliases"])


def test_an_emptied_and_reloaded_graph_is_read_by_its_own_names(graph, real_data) -> None:
    og = Ownergraph(graph, text=None)
    first = _load(graph, real_data / "bods" / "0.4" / "mixed-direct-and-indirect-ownership.json")
    og.ask(QUESTION)  # builds the name index of the first graph
    second = _load(graph, real_data / "bods" / "0.2" / "examples" / "indirect-ownership" / "os-08-dr-04-company-a.json")
    assert first == second  # the same counts: only the keys tell the graphs apart
    answer = og.ask(QUESTION)
    assert "100%" in answer.text and "Person 1" in answer.text, answer.text
