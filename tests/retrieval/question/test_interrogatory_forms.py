"""Issue 30, session 13: the litigation interrogatory register ("INTERROGATORY NO. 7: Identify each
…", "State …", dates written "the 5th day of August, 2023"). Wording invented here on the example
bundle's entities (set 11's own sentences are not used)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import parse
from tests.retrieval.question.bundle_names import bundle_gazetteer

DAY = date(2025, 11, 20)
SHIPPING, VALTORA, HOLDINGS = "Harbourline Shipping Limited", "Valtora Investments Ltd", "Harbourline Holdings PLC"


def _read(text: str):  # noqa: ANN202 - a Question
    return parse(text, today=DAY, names=bundle_gazetteer())


@pytest.mark.parametrize(("text", "day"), [
    (f"INTERROGATORY NO. 3: Identify every owner of {SHIPPING} as of the 5th day of August, 2023.", date(2023, 8, 5)),
    (f"State the owners of {HOLDINGS} on the 1st day of February 2022.", date(2022, 2, 1)),
    (f"Describe the shareholders of {SHIPPING} as at the 22nd day of Nov., 2021.", date(2021, 11, 22)),
])
def test_the_nth_day_of_month_is_a_date(text: str, day: date) -> None:
    q = _read(text)
    assert q.as_of == day
    assert "day" not in " ".join(m.text for m in q.anchors)  # the date's words are not a name's


def test_a_range_of_nth_days() -> None:
    q = _read(f"Describe each change in the shareholders of {SHIPPING} between the 2nd day of January, 2020 and "
              "the 30th day of April, 2021.")
    assert (q.date_from, q.date_to) == (date(2020, 1, 2), date(2021, 4, 30))
    assert [m.text for m in q.anchors] == [SHIPPING]


@pytest.mark.parametrize(("text", "name"), [
    (f"INTERROGATORY NO. 9: Identify every entity that held shares in {SHIPPING} on the 3rd day of May, 2024, and state "
     "the percentage of the equity each of them held.", SHIPPING),
    (f"Please send the shareholder listing for {HOLDINGS} at 31 Dec 2023, with the % held.", HOLDINGS),
])
def test_the_holders_of_one_entity_asked_for(text: str, name: str) -> None:
    q = _read(text)
    assert q.pattern == "owners", q.notes  # not a stake between two names
    assert [m.text for m in q.anchors] == [name]


@pytest.mark.parametrize("text", [
    f"Which investors joined, or exited, the share register of {SHIPPING} between 2022-01-01 and 2023-06-30?",
    f"State each Person who became or ceased to be a holder of {HOLDINGS} between the 1st day of March, 2021 and "
    "the 1st day of March, 2022.",
])
def test_joined_or_left_between_two_dates_is_a_diff(text: str) -> None:
    q = _read(text)
    assert q.pattern == "diff"
    assert q.date_from is not None and q.date_to is not None


@pytest.mark.parametrize("text", [
    f"State the value of Your holdings in {SHIPPING} and in every company of which {SHIPPING} owned more than half, "
    "as of the 30th day of June, 2025.",
    f"Identify each position You held on the 31st day of March, 2025 in {HOLDINGS} or any company majority-owned by "
    f"{HOLDINGS}, with its amount.",
    f"Please confirm the total of the Fund's book holdings in {HOLDINGS} and its majority-owned subsidiaries as at "
    "30/09/2025.",
])
def test_our_own_positions_in_a_name_are_an_exposure(text: str) -> None:
    q = _read(text)
    assert q.pattern == "exposure", q.notes  # the holder is us, not the name
    assert {m.text for m in q.anchors} == {text.split(" in ", 1)[1].split(" and ")[0].split(" or ")[0]}


@pytest.mark.parametrize(("text", "kind"), [
    ("State the company to which LEI 5493001KJTIIGC8Y1R12 is assigned.", "names"),
    (f"Which names did {HOLDINGS} trade under before it took its present one?", "names"),
    (f"Summarise the lenders and guarantors of {SHIPPING} at 30 Sep 2025 and their amounts, to gauge the loss if it "
     "goes down.", "contagion"),
    (f"Set out everything {VALTORA} controlled at 31 Mar 2024, by shares or otherwise.", "holdings"),
    (f"Name every company in which {VALTORA} held shares on 2024-06-30, with the stake in each.", "holdings"),
    (f"Show the direct connections of {HOLDINGS} on 2025-03-31, all relationship types.", "neighbourhood"),
])
def test_more_register_wordings(text: str, kind: str) -> None:
    assert _read(text).pattern == kind


@pytest.mark.parametrize(("text", "name"), [
    (f"Underwriting query, submission 412: Does {SHIPPING} have any branches?", SHIPPING),
    (f"Case note (alert 5521): does {HOLDINGS} operate branches anywhere?", HOLDINGS),
])
def test_a_numbered_label_with_a_comma_or_an_aside_asks_nothing(text: str, name: str) -> None:
    q = _read(text)
    assert q.pattern == "branches"
    assert [m.text for m in q.anchors] == [name]  # the label is not a name


def test_owned_or_controlled_in_both_directions_is_a_neighbourhood() -> None:
    q = _read(f"List each party that directly held or controlled {HOLDINGS}, or was held or controlled by it, as of "
               "the 30th day of April, 2025.")
    assert q.pattern == "neighbourhood"
    assert [m.text for m in q.anchors] == [HOLDINGS]


def test_how_was_x_owned_by_y_is_a_path() -> None:
    q = _read(f"How was {SHIPPING} owned or controlled by {VALTORA} at 30 June 2024? Set out every link.")
    assert q.pattern == "path"
    assert {m.text for m in q.anchors} == {SHIPPING, VALTORA}
