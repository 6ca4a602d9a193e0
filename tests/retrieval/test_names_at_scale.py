"""Issue 30 item 1 at GLEIF scale (issue 33): mentions are found by the graph's own names, previous
names and identifiers however many names the graph holds. A graph with more names than the parser
holds in memory (``graph_names.MAX_NAMES``, lowered here so that a small invented world is "large")
is read through the full-text index of names, per question; the limits say themselves.

The world: invented companies, every one with an LEI (so no two are merged by name), among them
a crowd of look-alikes ("Brennock <word> Capital Fund"), two companies of one name in two
countries, one entity named "Lei", two with previous names (one another's name), and short
names first in the graph that stand inside a longer one written last."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from ownergraph.domain.errors import EntityNotFound
from ownergraph.domain.lei import lei_check_digits
from ownergraph.graph.analytics import lookup
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.connection import Graph
from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.question import graph_names

DAY = date(2024, 7, 15)
_SYLLABLES = ("ka", "lo", "mir", "ven", "tas", "dro", "pel", "quo", "rin", "sut")


def _lei(i: int) -> str:
    base = f"5299{i:014d}"
    return base + lei_check_digits(base)


def _word(i: int) -> str:
    return "".join(_SYLLABLES[int(d)] for d in f"{i:03d}").capitalize()


ENTITIES: list[dict[str, object]] = [
    {"name": "Mexico", "jurisdiction": "UY"},  # short names inside a longer one, first in the graph
    {"name": "Mexico", "jurisdiction": "PL"},
    {"name": "Sports", "jurisdiction": "GB"},
    *({"name": f"Brennock {_word(i)} Capital Fund", "jurisdiction": "LU"} for i in range(120)),
    {"name": "Brennock Capital SICAV", "jurisdiction": "LU"},
    {"name": "Quillmere Tessaly Partners GmbH", "jurisdiction": "DE",
     "aliases": [{"name": "Quillmere Vostrand Partners AG", "kind": "previous", "valid_to": "2019-03-01"}]},
    {"name": "Orvanta Holdings AG", "jurisdiction": "CH"},
    {"name": "Orvanta Holdings AG", "jurisdiction": "AT"},
    {"name": "Lei", "jurisdiction": "CN"},
    {"name": "Harlow Pemberly Trust", "jurisdiction": "GB",
     "aliases": [{"name": "Tarnwick Ostrel Ltd", "kind": "previous", "valid_to": "2019-03-01"}]},
    {"name": "Tarnwick Ostrel Ltd", "jurisdiction": "IE"},
    {"name": "Mexico LLC Sports", "jurisdiction": "US"},  # last: past the names a capped index read
]
KEY = {str(e["name"]) + str(e["jurisdiction"]): _lei(i) for i, e in enumerate(ENTITIES)}
QUILLMERE = KEY["Quillmere Tessaly Partners GmbHDE"]


@pytest.fixture()
def world(graph: Graph, tmp_path: Path) -> Graph:
    lines = [{"bundle": {"version": 1, "published": "2024-06-30T00:00:00Z", "producer": "tests (invented)"}}]
    for i, e in enumerate(ENTITIES):
        lines.append({"type": "entity", "id": f"ent-{i}", "lei": _lei(i), "kind": "company", "status": "ACTIVE",
                      "valid_from": "2010-01-01", "known_from": "2012-01-01", **e})
    path = tmp_path / "lookalikes.bundle.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))
    ingest_paths(graph, [path])
    return graph


@pytest.fixture()
def large(world: Graph, monkeypatch: pytest.MonkeyPatch) -> Ownergraph:
    """The world read as a graph larger than the names held in memory."""
    monkeypatch.setattr(graph_names, "MAX_NAMES", 20)
    return Ownergraph(world, text=None)


def _key(og: Ownergraph, question: str) -> str:
    return og.resolve(og.read(question, today=DAY).anchors[0].text).key


@pytest.mark.parametrize("question", [
    "Who owns Quillmere Tessaly Partners GmbH?",
    "who owns quillmere tessaly partners gmbh",  # case
    "Who are the shareholders of Quillmere Tessaly Partners G.m.b.H.?",  # punctuation of a legal form
    "Who owns Quillmere Tessaly Partners?",  # without its legal form
    "Who owns Quillmere Tesaly Partners GmbH?",  # a typo
    "Who owned Quillmere Vostrand Partners AG in 2018?",  # its previous name
    f"Who owns {QUILLMERE}?",  # its LEI
])
def test_a_name_beyond_the_names_held_in_memory_is_found(large: Ownergraph, question: str) -> None:
    assert _key(large, question) == QUILLMERE


def test_a_name_past_the_first_entities_is_not_read_as_the_shorter_names_inside_it(large: Ownergraph) -> None:
    """Scale 1.0's failure: the index held the first 500,000 entities, "Mexico" and "Sports"
    among them, not "Mexico LLC Sports"; the question was read as about the short names."""
    q = large.read("Does Mexico LLC Sports report its parents, or why not?", today=DAY)
    assert [m.text for m in q.anchors] == [KEY["Mexico LLC SportsUS"]]


def test_the_lei_of_x_is_a_names_question_even_where_an_entity_is_named_lei(world: Graph) -> None:
    og = Ownergraph(world, text=None)
    a = og.ask("What is the LEI of Quillmere Tessaly Partners GmbH?", today=DAY)
    assert a.answered and a.question.pattern == "names", a.text
    assert QUILLMERE in a.text


def test_the_lei_of_x_read_through_the_index(large: Ownergraph) -> None:
    a = large.ask("What is the LEI of Quillmere Tessaly Partners GmbH?", today=DAY)
    assert a.answered and a.question.pattern == "names" and QUILLMERE in a.text, a.text


def test_a_look_alike_is_not_taken_for_another(large: Ownergraph) -> None:
    for i in (0, 57, 119):
        name = f"Brennock {_word(i)} Capital Fund"
        assert _key(large, f"Who owns {name}?") == KEY[name + "LU"]


def test_one_name_of_two_entities_gets_both_candidates_and_what_tells_them_apart(large: Ownergraph) -> None:
    q = large.read("Who owns Orvanta Holdings AG?", today=DAY)
    with pytest.raises(EntityNotFound) as err:
        large.resolve(q.anchors[0].text)
    assert err.value.ambiguous
    assert sorted(err.value.candidates) == sorted([f"Orvanta Holdings AG ({KEY['Orvanta Holdings AGAT']}; AT)",
                                                   f"Orvanta Holdings AG ({KEY['Orvanta Holdings AGCH']}; CH)"])


def test_a_candidate_found_by_another_name_says_which(world: Graph) -> None:
    """"Tarnwick Ostrel Ltd" is one entity's previous name and another's name."""
    with pytest.raises(EntityNotFound) as err:
        lookup.find_entity(world, "Tarnwick Ostrel Ltd", "2018-06-30")
    assert err.value.candidates == [
        f"Harlow Pemberly Trust ({KEY['Harlow Pemberly TrustGB']}; previous name Tarnwick Ostrel Ltd; GB)",
        f"Tarnwick Ostrel Ltd ({KEY['Tarnwick Ostrel LtdIE']}; IE)"]


def test_a_limit_reached_is_said_and_a_part_of_a_name_is_not_made_unique(world: Graph,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph_names, "MAX_NAMES", 20)
    og = Ownergraph(world, text=None)
    og._names.limit = 5  # fewer than the 121 names that share "Brennock"
    q = og.read("Who owns Brennock?", today=DAY)
    assert any("the 5 nearest, of more" in n for n in q.notes), q.notes
    assert q.anchors[0].text == "Brennock"  # words, looked up in the whole graph: never one look-alike's key


def test_a_fuzzy_look_up_past_its_limit_says_so(world: Graph, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lookup, "FUZZY_LIMIT", 10)
    with pytest.raises(EntityNotFound) as err:
        lookup.find_entity(world, "Brennock Zzyzx Capital Fund")
    assert err.value.compared == 10 and "10 names nearest its words were compared" in str(err.value)


def test_a_question_it_cannot_answer_reads_the_index_of_names_once(large: Ownergraph,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The reading and the "I can answer" text use the same names: the index is asked once per
    question, not again to word the answer (a registry-size graph pays a full-text query each time)."""
    calls: list[str] = []
    real = graph_names.candidates

    def counted(graph: Graph, text: str, limit: int):  # type: ignore[no-untyped-def]
        calls.append(text)
        return real(graph, text, limit)

    monkeypatch.setattr(graph_names, "candidates", counted)
    question = "What colour is the logo of Quillmere Tessaly Partners GmbH?"
    answer = large.ask(question, today=DAY)
    assert not answer.answered
    assert "Quillmere Tessaly Partners GmbH" in answer.text
    assert calls == [question]
    large.ask("Who owns Harlow Pemberly Trust?", today=DAY)
    assert len(calls) == 2  # another question: its own names
