"""The extractor in conversation mode (issue 15, item 8): our holdings, relative dates, and
that filings are read as before (no "we hold" rule, no relative dates)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.ingest.extract import extract
from ownergraph.ingest.extract.values import relative_date
from ownergraph.domain.sentences import split_sentences

TODAY = date(2026, 6, 30)


def _found(text: str, **mode: object) -> list[tuple[object, ...]]:
    return [(f.relation, f.a, f.b, f.stake, f.amount, f.currency, f.instrument, f.when)
            for f in extract(text, split_sentences(text), "our book", **mode)]  # type: ignore[arg-type]


def test_our_holdings_are_read_in_a_conversation_only() -> None:
    said = "We also hold EUR 5m of Seaport Therapeutics' 2027 notes."
    assert _found(said, today=TODAY, conversation=True) == [
        ("holding", "our book", "Seaport Therapeutics", None, 5_000_000.0, "EUR", "2027 notes", None)]
    assert _found("We hold USD 2.5 million of the senior notes of Seaport Therapeutics, Inc.", conversation=True) == [
        ("holding", "our book", "Seaport Therapeutics, Inc", None, 2_500_000.0, "USD", "senior notes", None)]
    assert _found(said) == []  # a filer's "we hold" is the filer's position, not our book's


def test_a_relative_date_counts_back_from_the_sessions_day() -> None:
    said = "ARCH Venture Fund XII, L.P. sold its stake in Seaport Therapeutics, Inc. last week."
    assert _found(said, today=TODAY, conversation=True) == [
        ("sold", "ARCH Venture Fund XII, L.P", "Seaport Therapeutics, Inc", None, None, None, None, date(2026, 6, 23))]
    assert _found(said)[0][-1] is None  # no day to count from: no date
    # a stated date wins over a relative one
    dated = "Robert Nelsen acquired 5% of Seaport Therapeutics, Inc. on June 2, 2026, three weeks ago."
    assert _found(dated, today=TODAY, conversation=True)[0][-1] == date(2026, 6, 2)


@pytest.mark.parametrize(("words", "day"), [
    ("today", date(2026, 6, 30)), ("yesterday", date(2026, 6, 29)), ("last week", date(2026, 6, 23)),
    ("last month", date(2026, 5, 31)), ("3 days ago", date(2026, 6, 27)), ("two weeks ago", date(2026, 6, 16)),
    ("a year ago", date(2025, 6, 30)), ("in the lastweek", None)])
def test_relative_dates(words: str, day: date | None) -> None:
    assert relative_date(f"It happened {words}.", TODAY) == day
    assert relative_date(f"It happened {words}.", None) is None
