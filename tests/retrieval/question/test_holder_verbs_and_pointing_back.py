"""Issue 30, session 17: the holder's verbs as ``kind_words`` states them once (``_HELD``,
``_HELD_OR``, ``_HALF``, ``_FIGURE``): "map how A held or controlled B" is a path, "the size of the
shareholding A had in B" a stake, "which companies were majority-owned by X, directly or
indirectly" the group, "someone with no percentage" and "an owner with the stake just missing"
quality; and a question that names nothing and points back ("Who is that?") is read by a phrase
of the sentence before it. Sentences written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.model import parse as _parse
from ownergraph.retrieval.question.model import Question

TODAY = date(2026, 12, 7)
# the graph's names, as a loaded graph gives them to the parser
NAMES = Gazetteer.build([NameRecord("E1", "Ambry Forge Ltd", ("Ambry Forge Ltd",)),
                         NameRecord("E2", "Norrick Lane Limited", ("Norrick Lane Limited",))])


def parse(question: str, today: date) -> Question:
    return _parse(question, today=today, names=NAMES)


@pytest.mark.parametrize(("question", "kind"), [
    ("For the security review, set out how Ambry Forge Ltd owned or controlled Norrick Lane Limited at 30 June 2023, step by step.",
     "path"),
    ("Please explain how Ambry Forge Ltd directly or indirectly held Norrick Lane Limited on 31 May 2022.", "path"),
    ("Could you give me the size of the stake Ambry Forge Ltd held in Norrick Lane Limited at 31 March 2024, in percent?",
     "stake"),
    ("Perimeter memo: which entities were majority-controlled by Ambry Forge Ltd at 30 June 2022, directly or indirectly?",
     "group"),
    ("The register of Norrick Lane Limited at 30 June 2023 shows somebody with no percentage. Which holder is it?", "quality"),
    # the question names nothing and points back: the phrase before it says what it asks
    ("The share register of Norrick Lane Limited at 30 June 2023 lists a holder without a percentage. Who is that one, please?",
     "quality"),
    ("Why does Norrick Lane Limited have an investor at 31 March 2022 with the percentage simply missing?", "quality"),
])
def test_holder_verbs_and_figures(question: str, kind: str) -> None:
    assert parse(question, today=TODAY).pattern == kind


@pytest.mark.parametrize(("question", "kind"), [
    # the passive yes/no between two names stays a path; the active present "how does A own B" too
    ("Was Norrick Lane Limited held or controlled by Ambry Forge Ltd on 30 June 2024?", "path"),
    # a question sentence with a name of its own is read on its own sentence
    ("Norrick Lane Limited shows somebody with no percentage. Who were the shareholders of Ambry Forge Ltd at that time?",
     "owners"),
])
def test_what_stays(question: str, kind: str) -> None:
    assert parse(question, today=TODAY).pattern == kind
