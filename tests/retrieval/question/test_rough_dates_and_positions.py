"""Issue 30, session 17: a date said roughly ("around the end of July 2023", "circa March 2021") is
the date, its word no cue of the neighbourhood ("around X"); holders "sitting directly above X" are
its owners; "BO check" asks for beneficial owners; "X controls companies ... which ones?" asks what
X controls. Sentences written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.model import Question
from ownergraph.retrieval.question.model import parse as _parse

TODAY = date(2026, 12, 7)
NAMES = Gazetteer.build([NameRecord("E1", "Ambry Forge Ltd", ("Ambry Forge Ltd",)),
                         NameRecord("E2", "Oskar Lindqvist", ("Oskar Lindqvist",))])


def parse(question: str) -> Question:
    return _parse(question, today=TODAY, names=NAMES)


@pytest.mark.parametrize(("question", "kind", "as_of"), [
    ("please check who held shares in Ambry Forge Ltd around the end of March 2022, something is off", "owners", "2022-03-31"),
    ("who were the owners of Ambry Forge Ltd circa June 2020?", "owners", "2020-06-30"),
    ("Which investors sat immediately above Ambry Forge Ltd on 30 April 2024, with their percentages?", "owners", "2024-04-30"),
    ("Supplier: Ambry Forge Ltd. BO check: natural persons with 25%+ as of 9/30/2022, indirect included.", "owners",
     "2022-09-30"),
    ("I believe Oskar Lindqvist controls firms through nominees without holding shares. which ones around the end of 2024?",
     "holdings", "2024-12-31"),
])
def test_kinds_and_dates(question: str, kind: str, as_of: str) -> None:
    q = parse(question)
    assert (q.pattern, q.as_of) == (kind, date.fromisoformat(as_of))


def test_around_an_entity_is_still_its_neighbourhood() -> None:
    assert parse("What is around Ambry Forge Ltd at 30 June 2024?").pattern == "neighbourhood"


@pytest.mark.parametrize("question", [
    'For the file: which parent legal entity does the branch "Ambry Forge", Leeds Branch belong to?',
    'Which parent company is "Ambry Forge", Leeds Branch part of?',
])
def test_a_branch_named_in_parts_asks_what_it_belongs_to(question: str) -> None:
    # the quoted part of the name is masked first: "branch" stands around it, not inside it
    assert parse(question).pattern == "branches"
