"""Issue 30, session 17: a date named by its occasion ("at the lock-up date (D)", "as at the last
annual review (D)", "between the review of D1 and the review of D2") and seasons and fiscal years
said twice as dates (``retrieval.question.dates``, ``short_dates``). Sentences written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import parse
from ownergraph.retrieval.question.short_dates import season_period

TODAY = date(2026, 12, 7)


@pytest.mark.parametrize(("question", "kind", "as_of"), [
    # the occasion's words are the date's name: no events question ("date"), no entity ("the petition")
    ("Which shareholders sat above Norrick Lane Plc at the completion date (2023-03-31), and with what stakes?",
     "owners", "2023-03-31"),
    ("Confirm the shareholding of Ambry Forge Ltd in Norrick Lane Plc at the signing date (2022-09-30) in percent.",
     "stake", "2022-09-30"),
    ("Which entities consolidated Norrick Lane Plc at the standstill date (2021-12-31), immediately and at the top?",
     "parents", "2021-12-31"),
    ("Were any companies caught in circular shareholdings as at the last quarterly review (30 April 2022)?",
     "cycles", "2022-04-30"),
])
def test_a_date_named_by_its_occasion(question: str, kind: str, as_of: str) -> None:
    q = parse(question, today=TODAY)
    assert (q.pattern, q.as_of) == (kind, date.fromisoformat(as_of))
    assert all("review" not in m.text and "date" not in m.text.lower() for m in q.anchors)


def test_a_range_between_two_occasions() -> None:
    q = parse("Between the credit review of 31 March 2021 and the credit review of 30 September 2021, "
              "who joined the register of Norrick Lane Plc?", today=TODAY)
    assert (q.date_from, q.date_to) == (date(2021, 3, 31), date(2021, 9, 30))


def test_a_document_named_after_further_to_still_dates_the_request() -> None:
    q = parse("Further to our review of 3 July 2024, who owns Norrick Lane Plc?", today=TODAY)
    assert q.pattern == "owners" and q.as_of is None


@pytest.mark.parametrize(("written", "as_of"), [
    ("in summer 2021", "2021-08-31"),
    ("back in the autumn of 2023", "2023-11-30"),
    ("in fall 2025", "2025-11-30"),
    ("in spring 2020", "2020-05-31"),
    ("in winter 2022", "2022-02-28"),  # the winter whose January and February are 2022's
    ("in the winter of 2023/24", "2024-02-29"),
    ("at the end of summer 2019", "2019-08-31"),
    ("at FY2024 year-end", "2024-12-31"),  # the year's end said twice is one day
    ("at the FY23 close", "2023-12-31"),
    ("at fiscal 2022 year end", "2022-12-31"),
])
def test_seasons_and_fiscal_year_ends(written: str, as_of: str) -> None:
    q = parse(f"Who held shares in Norrick Lane Plc {written}?", today=TODAY)
    assert q.as_of == date.fromisoformat(as_of)


def test_a_season_compared_with_a_month_starts_at_its_end() -> None:
    q = parse("Compare the owners of Norrick Lane Plc in spring 2022 with its owners in October 2022.", today=TODAY)
    assert (q.pattern, q.date_from, q.date_to) == ("diff", date(2022, 5, 31), date(2022, 10, 31))


def test_a_season_word_before_a_number_that_is_no_year() -> None:
    assert parse("Did Norrick Lane Plc shares fall 2024 points?", today=TODAY).as_of is None


def test_a_winter_across_two_years_needs_consecutive_years() -> None:
    with pytest.raises(ValueError):
        season_period("winter", "2021", "24")
    with pytest.raises(ValueError):
        season_period("summer", "2021", "22")


def test_back_in_is_the_date_cue_not_a_word_of_the_name() -> None:
    q = parse("Was there a chain between Ambry Forge Ltd and Norrick Lane Inc back in spring 2021?", today=TODAY)
    assert [m.text for m in q.anchors] == ["Ambry Forge Ltd", "Norrick Lane Inc"]
    assert q.as_of == date(2021, 5, 31)
