"""Contractions spelt out before the kinds' rules read a question (issue 30): "who's", "what's",
"doesn't" hide the words the rules are written on, while a name's possessive stays."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.domain.vocabulary import NEIGHBOURHOOD, QUALITY
from ownergraph.retrieval.question.contractions import without_contractions
from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.parser import parse

TODAY = date(2025, 3, 31)
# the graph's names, as the parser is given them
NAMES = Gazetteer.build(NameRecord(key=n, name=n, names=(n,)) for n in (
    "Tarnwick Mills plc", "Ostrava Holdings AG", "Brantham Freight Ltd", "Orbis Ltd"))


@pytest.mark.parametrize("text, plain", [
    ("who's tied to Orbis Ltd", "who is tied to Orbis Ltd"),
    ("what's changed at Orbis Ltd", "what has changed at Orbis Ltd"),
    ("which holder doesn't have a figure", "which holder does not have a figure"),
    ("we can't see it and won't guess", "we cannot see it and will not guess"),
    ("Where's the record? They're late", "Where is the record? They are late"),
])
def test_contractions_are_spelt_out(text: str, plain: str) -> None:
    assert without_contractions(text)[0] == plain


def test_a_possessive_is_no_contraction() -> None:
    text = "Orbis Ltd's owners and Kemp's stake"
    assert without_contractions(text) == (text, [])


def test_whos_directly_connected_reads_as_the_neighbourhood() -> None:
    q = parse("hey who's directly connected to Brantham Freight Ltd on 31 May 2024, every sort of relationship",
              today=TODAY, names=NAMES)
    assert q.pattern == NEIGHBOURHOOD.name
    assert [m.text for m in q.anchors] == ["Brantham Freight Ltd"]


def test_doesnt_have_a_percentage_reads_as_quality() -> None:
    q = parse("the register of Brantham Freight Ltd: which shareholder doesn't have a percentage recorded?", today=TODAY, names=NAMES)
    assert q.pattern == QUALITY.name
