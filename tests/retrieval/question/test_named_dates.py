"""Dates a question names through a possessive or a period's end, and a date the question defines
as its own ("the relevant date"), written anew (issue 30: set 14's first-sight misses)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import understand

TODAY = date(2025, 12, 31)


@pytest.mark.parametrize("text, day", [
    ("who held the shares of Quorvant Mills Ltd as at our 30 Sep 2022 rebalance?", date(2022, 9, 30)),
    ("list the owners of Quorvant Mills Ltd as of our 31 March 2021 review", date(2021, 3, 31)),
    ("owners of Quorvant Mills Ltd on their 30 June 2020 filing date", date(2020, 6, 30)),
    ("who owned Quorvant Mills Ltd at fiscal year-end 31 December 2019?", date(2019, 12, 31)),
    ("shareholders of Quorvant Mills Ltd at financial year end 31 March 2018", date(2018, 3, 31)),
])
def test_a_date_after_a_possessive_or_a_period_end_is_the_as_of_day(text: str, day: date) -> None:
    q = understand(text, today=TODAY)
    assert q.as_of == day, q
    assert all("year" not in m.text and "our" not in m.text.split() for m in q.anchors), q.anchors


def test_a_date_naming_a_document_is_still_no_date() -> None:
    q = understand("reviewing the March 2019 credit memo: who owns Quorvant Mills Ltd?", today=TODAY)
    assert q.as_of is None


@pytest.mark.parametrize("text", [
    "You are required to list the undertakings directly consolidated by Quorvant Mills Ltd as at the "
    "relevant date. The relevant date is 30 June 2021.",
    "Please state the shareholders of Quorvant Mills Ltd at the reference date; the reference date is 30 June 2021.",
    "As at the reporting date (30 June 2021), who were the owners of Quorvant Mills Ltd?",
])
def test_a_date_the_question_names_as_its_own_asks_no_events(text: str) -> None:
    q = understand(text, today=TODAY)
    assert q.pattern != "events", q
    assert q.as_of == date(2021, 6, 30), q


def test_a_dated_history_still_asks_events() -> None:
    assert understand("give me the dated history of corporate events at Quorvant Mills Ltd", today=TODAY).pattern == "events"
