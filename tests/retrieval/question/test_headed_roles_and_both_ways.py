"""Issue 30, session 17: a ticket's heading that names the party by its role ("Supplier: X. ... did
supplier control") makes the later role word that party (``defined_terms``); one entity asked
about in both directions ("who owned or controlled X, and what did X own or control") and "who is X
connected to" are its neighbourhood (``kind_words``). Sentences written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.defined_terms import without_defined_terms
from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.model import Question
from ownergraph.retrieval.question.model import parse as _parse

TODAY = date(2026, 12, 7)
NAMES = Gazetteer.build([NameRecord("E1", "Ambry Forge S.p.A.", ("Ambry Forge S.p.A.",)),
                         NameRecord("E2", "Norrick Lane Limited", ("Norrick Lane Limited",))])


def parse(question: str) -> Question:
    return _parse(question, today=TODAY, names=NAMES)


def test_a_headed_role_word_is_the_party_it_heads() -> None:
    text, notes = without_defined_terms("Supplier: Ambry Forge S.p.A. Which firms did the supplier hold shares in?")
    assert text == "Supplier: Ambry Forge S.p.A. Which firms did Ambry Forge S.p.A hold shares in?"
    assert notes and "supplier" in notes[0]


@pytest.mark.parametrize(("question", "kind"), [
    ("Client: Norrick Lane Limited. Pls list companies client held shares in as of 6/30/2024, w/ %.", "holdings"),
    ("Counterparty: Ambry Forge S.p.A. Downside case as of 3/31/2023: which lenders lose if counterparty defaults?",
     "contagion"),
])
def test_the_headed_party_is_the_anchor(question: str, kind: str) -> None:
    q = parse(question)
    assert q.pattern == kind
    assert {m.text.rstrip(".") for m in q.anchors} & {"Norrick Lane Limited", "Ambry Forge S.p.A"}
    assert not [m for m in q.anchors if m.text.lower() in ("client", "counterparty")]


def test_a_role_word_without_a_heading_stays() -> None:
    text, notes = without_defined_terms("Which firms did the supplier of Norrick Lane Limited hold shares in?")
    assert "supplier" in text and not notes


@pytest.mark.parametrize("question", [
    "Control links only: who owned or controlled Norrick Lane Limited at 31 May 2022, and what did Norrick Lane Limited "
    "own or control?",
    "First ring only: which companies directly held Norrick Lane Limited at 30 June 2024, and which did Norrick Lane Limited "
    "directly own?",
    "who was Norrick Lane Limited linked to in June 2021? everyone directly connected, any kind of link",
])
def test_one_entity_both_ways_is_its_neighbourhood(question: str) -> None:
    assert parse(question).pattern == "neighbourhood"


def test_how_two_entities_are_connected_stays_a_path() -> None:
    assert parse("How is Norrick Lane Limited connected to Ambry Forge S.p.A. at 30 June 2024?").pattern == "path"
