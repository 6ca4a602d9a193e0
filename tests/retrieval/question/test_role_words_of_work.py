"""Issue 30, session 17: a role word that names a piece of work ("before the next creditor call",
"for the lender presentation", "the ad hoc group's counsel", "guarantor coverage test") or the
entity by its place ("who sits above the borrower") asks nothing of creditors, lenders or a group
(``role_words``); "creditor" is a word, not "creditors" misspelt (``spelling``). Sentences written
for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import parse
from ownergraph.retrieval.question.spelling import correct_words

TODAY = date(2026, 12, 7)


@pytest.mark.parametrize(("question", "kind"), [
    ("Ahead of the lender presentation: list the branch offices of Ambry Forge Ltd.", "branches"),
    ("Note for the creditor group's advisers: which alternative names does Ambry Forge Ltd have on record?", "names"),
    ("Please reply before the creditor call. Which entities consolidated Ambry Forge Ltd at 31 May 2022, directly?",
     "parents"),
    ("Lenders' steering committee question: which individuals ultimately held 25% or more of Ambry Forge Ltd at 30 June 2023?",
     "owners"),
    ("Guarantor coverage analysis: which entities did Ambry Forge Ltd consolidate directly at 30 April 2021?", "parents"),
    ("Who sits above the borrower in the accounts? Give the direct and ultimate consolidating parents of Ambry Forge Ltd.",
     "parents"),
])
def test_a_role_word_of_work_is_no_cue(question: str, kind: str) -> None:
    assert parse(question, today=TODAY).pattern == kind


@pytest.mark.parametrize(("question", "kind"), [
    # the role asked for stays a cue
    ("Which creditors had lent to Ambry Forge Ltd at 30 June 2023?", "counterparties"),
    ("Creditor list: who guaranteed the notes of Ambry Forge Ltd at 30 June 2023?", "counterparties"),
])
def test_a_role_asked_for_is_still_a_cue(question: str, kind: str) -> None:
    assert parse(question, today=TODAY).pattern == kind


def test_the_counsel_of_a_memo_is_no_attribute_asked() -> None:
    q = parse("Memo to the ad hoc group's counsel: does Ambry Forge Ltd have registered branches?", today=TODAY)
    assert q.pattern == "branches"


def test_singular_role_words_are_words() -> None:
    fixed, notes = correct_words("the creditor and the borrower and the guarantor")
    assert fixed == "the creditor and the borrower and the guarantor" and not notes
