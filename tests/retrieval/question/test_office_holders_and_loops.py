"""Issue 30, session 17: an insolvency's office-holder ("the appointed administrator") and a
measure asked as "do we have X's annual turnover" are nothing the graph records
(``asked_attribute``); companies that "own each other" are loops; "on what date was the name
dropped" asks for the rename; investments screened against sanctioned owners are the book's
screening; the "now" that moves a story on is no date (``dates``). Sentences written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import parse

TODAY = date(2026, 12, 7)


@pytest.mark.parametrize(("question", "kind"), [
    ("Insolvency file on Ambry Forge Ltd: who is the liquidator?", "unknown"),
    ("What is the name of the joint administrator of Ambry Forge Ltd?", "unknown"),
    ("Credit review of Ambry Forge Ltd: do we have the group's annual turnover?", "unknown"),
    ("Data quality ticket: did any companies hold shares in one another at 30 June 2022, anywhere in the data?", "cycles"),
    ("What was Ambry Forge Ltd originally called, and on what date was that original name dropped?", "events"),
    ("which investments this desk has at 31 March 2025 are within one hop of somebody sanctioned? please check", "screening"),
])
def test_kinds(question: str, kind: str) -> None:
    assert parse(question, today=TODAY).pattern == kind


def test_a_story_s_now_is_no_date() -> None:
    q = parse("is Ambry Forge Ltd itself under sanctions at the end of March 2021? I read about it and now I am worried "
              "we deal with them. which regime?", today=TODAY)
    assert q.as_of == date(2021, 3, 31)


@pytest.mark.parametrize("written", ["now", "right now", "as of now"])
def test_now_asked_is_today(written: str) -> None:
    assert parse(f"Who owns Ambry Forge Ltd {written}?", today=TODAY).as_of == TODAY
