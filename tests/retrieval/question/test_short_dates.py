"""Issue 30: dates as analysts abbreviate them (``retrieval.question.short_dates``), one case per
form, the session's date order for an ambiguous numeric day, knowledge-date wording, and a
document's date that is not the question's."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question import short_dates
from ownergraph.retrieval.question.model import parse

JULY = date(2024, 7, 15)


@pytest.mark.parametrize(("written", "as_of"), [
    ("30/6/25", "2025-06-30"),  # d/m/yy
    ("30/06/2025", "2025-06-30"),
    ("06/30/2025", "2025-06-30"),  # the second number can only be a day: month first
    ("1/2/24", "2024-02-01"),  # ambiguous: the session's order, day first
    ("31.12.23", "2023-12-31"),
    ("30-Jun-24", "2024-06-30"),
    ("30 Jun 2024", "2024-06-30"),
    ("Q2-24", "2024-06-30"),
    ("Q2 24", "2024-06-30"),
    ("Q2'24", "2024-06-30"),
    ("2Q24", "2024-06-30"),
    ("1Q2024", "2024-03-31"),
    ("H1 2024", "2024-06-30"),
    ("H2-23", "2023-12-31"),
    ("1H24", "2024-06-30"),
    ("YE24", "2024-12-31"),
    ("YE 2023", "2023-12-31"),
    ("FYE 2023", "2023-12-31"),
    ("FY23", "2023-12-31"),
    ("EOY23", "2023-12-31"),
    ("Jun-24", "2024-06-30"),
    ("end-Jun-24", "2024-06-30"),
    ("start-Q3-24", "2024-07-01"),
    ("@ 30/6/24", "2024-06-30"),
    ("a/o 31/3/24", "2024-03-31"),
    ("2024-06", "2024-06-30"),
    ("06/2024", "2024-06-30"),
    ("June '24", "2024-06-30"),
    ("first half of 2024", "2024-06-30"),
    ("the second half of 2023", "2023-12-31"),
    ("fiscal 2023", "2023-12-31"),
    ("mid-24", "2024-06-30"),
    ("two years ago", "2022-07-15"),
    ("3 months ago", "2024-04-15"),
    ("31 Dec", "2023-12-31"),  # a day without a year: the latest on or before the session's day
    ("Jun 30", "2024-06-30"),
    ("30th of June", "2024-06-30"),
    ("30-06-2024", "2024-06-30"),
    ("at the close of Q2", "2024-06-30"),  # a quarter without a year: the latest one ended
    ("at the end of H1", "2024-06-30"),
    ("at the 2024 half-year", "2024-06-30"),
])
def test_a_shorthand_date_is_read(written: str, as_of: str) -> None:
    q = parse(f"owners Harbourline Shipping Limited {written}", today=JULY)
    assert q.as_of == date.fromisoformat(as_of)
    assert [m.text for m in q.anchors] == ["Harbourline Shipping Limited"]


def test_the_session_order_decides_an_ambiguous_numeric_day(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(short_dates, "DAY_FIRST", False)
    assert parse("owners Acme Ltd 1/2/24", today=JULY).as_of == date(2024, 1, 2)
    assert parse("owners Acme Ltd 30/6/24", today=JULY).as_of == date(2024, 6, 30)  # 30 is no month


def test_numbers_with_slashes_that_name_no_day_are_no_date() -> None:
    q = parse("owners Acme Ltd in bands 25/50/75", today=JULY)
    assert q.as_of is None
    assert not any("invalid date" in n for n in q.notes)


@pytest.mark.parametrize(("written", "start", "end"), [
    ("Q1-24 vs Q2-24", "2024-03-31", "2024-06-30"),
    ("YE20 -> YE21", "2020-12-31", "2021-12-31"),
    ("1/1/24 - 30/6/24", "2024-01-01", "2024-06-30"),
    ("YE24 -> 30/6/25", "2024-12-31", "2025-06-30"),
    ("at 31 December 2019 and 31 December 2020", "2019-12-31", "2020-12-31"),
])
def test_a_shorthand_range_gives_a_diff_both_ends(written: str, start: str, end: str) -> None:
    q = parse(f"changes in the owners of Acme Ltd {written}", today=JULY)
    assert q.pattern == "diff"
    assert (q.date_from, q.date_to) == (date.fromisoformat(start), date.fromisoformat(end))


@pytest.mark.parametrize("words", [
    "as we were knowing it on 15 February 2020",
    "based on the information we had on 15 February 2020",
    "going only by what we had on file on 15 February 2020",
    "according to our records as they stood on 15 February 2020",
    "as known @ 15/2/20",
])
def test_knowledge_date_wording_sets_both_clocks(words: str) -> None:
    q = parse(f"Who owns Acme Ltd, {words}?", today=JULY)
    assert (q.as_of, q.known_at) == (date(2020, 2, 15), date(2020, 2, 15))


def test_no_hindsight_after_a_date_knows_what_was_valid_then() -> None:
    q = parse("As of 30 June 2023, no hindsight: who owns Acme Ltd?", today=JULY)
    assert (q.as_of, q.known_at) == (date(2023, 6, 30), date(2023, 6, 30))


def test_a_documents_date_is_not_the_questions() -> None:
    q = parse("Audit is reconstructing the April 2020 credit memo. As known on 1 April 2020, who owns Acme Ltd?",
              today=JULY)
    assert (q.as_of, q.known_at) == (date(2020, 4, 1), date(2020, 4, 1))


def test_a_quoted_date_is_a_date_not_a_name() -> None:
    q = parse("SELECT owners WHERE entity = 'Acme Ltd' AND as_of = '2024-06-30'", today=JULY)
    assert (q.as_of, [m.text for m in q.anchors]) == (date(2024, 6, 30), ["Acme Ltd"])


def test_a_change_over_a_year_is_the_whole_year() -> None:
    q = parse("What changed in the ownership of Acme Ltd over 2023?", today=JULY)
    assert (q.pattern, q.date_from, q.date_to) == ("diff", date(2023, 1, 1), date(2023, 12, 31))


@pytest.mark.parametrize(("said", "as_of"), [
    ("june thirtieth twenty twenty four", "2024-06-30"),
    ("the thirty-first of December two thousand and twenty-three", "2023-12-31"),
    ("March the first, twenty nineteen", "2019-03-01"),
    ("June twenty twenty-four", "2024-06-30"),
])
def test_a_date_said_aloud_is_read(said: str, as_of: str) -> None:
    q = parse(f"uh who owns Acme Ltd as of {said}", today=JULY)
    assert q.as_of == date.fromisoformat(as_of)


def test_number_words_without_a_month_are_no_date() -> None:
    q = parse("who may first have owned Acme Ltd within two hops", today=JULY)
    assert q.as_of is None
