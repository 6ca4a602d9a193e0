"""Issue 30, session 10: questions in counsel's drafting (defined terms in brackets, "as at the
date hereof", "the most recently completed quarter", "in the event of a default by X"). Wording
invented here on the example bundle's entities, not taken from the corpus."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.defined_terms import without_defined_terms
from ownergraph.retrieval.question.model import parse
from tests.retrieval.question.bundle_names import bundle_gazetteer, keys_of

DAY = date(2024, 7, 15)
SHIPPING, VALTORA = "Harbourline Shipping Limited", "Valtora Investments Ltd"


def _entities(mentions: list[str]) -> list[frozenset[str]]:
    """The entities the mentions name (a label names none)."""
    return [keys_of(bundle_gazetteer(), m) for m in mentions]


def _anchors(text: str) -> list[frozenset[str]]:
    return _entities([m.text for m in parse(text, today=DAY, names=bundle_gazetteer()).anchors])


@pytest.mark.parametrize("bracket", [
    '(the "Company")', "(hereinafter the \u201cObligor\u201d)", '(hereinafter referred to as the "Issuer")',
    '(each a "Party")', '(together the "Group")',
])
def test_a_defined_term_is_a_label_not_a_name(bracket: str) -> None:
    text = f"Please identify any deficiency in the ownership records of {SHIPPING} {bracket} as at 30 June 2023."
    assert _anchors(text) == _entities([SHIPPING])


def test_a_book_wide_question_has_no_anchor_from_its_date_label() -> None:
    text = ("Please confirm whether any entities in the shareholding records hold shares in one another in a "
            'circular manner, as at 30 June 2023 (the "Reference Date").')
    q = parse(text, today=DAY, names=bundle_gazetteer())
    assert (q.pattern, q.anchors, q.as_of) == ("cycles", [], date(2023, 6, 30))


def test_both_parties_keep_their_names_and_lose_their_labels() -> None:
    text = (f'Kindly confirm the percentage of the shares held by {VALTORA} (the "Investor") in {SHIPPING} '
            '(the "Target") as at 30 June 2023 (the "Reference Date").')
    q = parse(text, today=DAY, names=bundle_gazetteer())
    assert _entities([m.text for m in q.anchors]) == _entities([VALTORA, SHIPPING])
    assert q.as_of == date(2023, 6, 30)


def test_a_name_in_brackets_is_no_definition() -> None:
    text = 'the lender (АО "Торливоод Инвест") and the borrower'
    assert without_defined_terms(text)[0] == text


def test_a_date_label_keeps_its_date() -> None:
    plain, notes = without_defined_terms(
        'We refer to our review as at 31 March 2024 (the "Reference Date"). Please list the shareholders of '
        'X as at the Reference Date.')
    assert plain.endswith("as at 31 March 2024.")
    assert notes == ['"Reference Date" read as a defined term (a label), not a name']


def test_a_later_use_of_a_date_label_reads_as_its_date() -> None:
    text = (f'Our review covers the position as at 31 March 2024 (the "Reference Date"). Please list each '
            f'shareholder of {SHIPPING} as at the "Reference Date".')
    q = parse(text, today=DAY, names=bundle_gazetteer())
    assert q.as_of == date(2024, 3, 31)
    assert _entities([m.text for m in q.anchors]) == _entities([SHIPPING])


YEAR_END = date(2025, 12, 31)  # a session on a year end: "31 December" alone would be that day


@pytest.mark.parametrize(("words", "today", "day"), [
    ("as at the date hereof", DAY, DAY),
    ("as of the date of this letter", DAY, DAY),
    ("as at the end of the most recently completed calendar quarter", DAY, date(2024, 6, 30)),
    ("as at the end of the most recently completed calendar quarter", YEAR_END, date(2025, 9, 30)),
    ("as at the end of the most recently completed financial year", DAY, date(2023, 12, 31)),
    ("as at the close of the latest completed quarter", DAY, date(2024, 6, 30)),
    ("as at 31 December of the preceding calendar year", YEAR_END, date(2024, 12, 31)),
    ("as at 30 June of the previous year", DAY, date(2023, 6, 30)),
])
def test_legal_date_forms(words: str, today: date, day: date) -> None:
    q = parse(f"Please list each shareholder of {SHIPPING} (the \"Company\") {words}.", today=today,
              names=bundle_gazetteer())
    assert q.as_of == day
    assert q.pattern == "owners"


@pytest.mark.parametrize(("text", "kind"), [
    # "in the event of" is a condition, not an event
    (f'In the event of a default by {SHIPPING} (the "Defaulting Party") as at 30 June 2024, please identify each '
     "party exposed through lending or guarantee arrangements, with the amounts concerned.", "contagion"),
    (f"In the event that {SHIPPING} defaults, which lenders would be affected?", "contagion"),
    (f'Please identify any deficiency in the ownership records of {SHIPPING} (the "Company") as at 30 June 2024, '
     "including any shareholder whose percentage is not disclosed.", "quality"),
    (f"Are there irregularities in the shareholding register of {SHIPPING}?", "quality"),
    (f'Please identify each entity in which {VALTORA} (the "Parent") holds, directly or through other '
     "entities, more than half of the shares as at 30 June 2024.", "group"),
    (f"List the companies in which {VALTORA} holds more than 50% of the voting rights.", "group"),
    # without "more than half" it stays what X holds
    (f"What does {VALTORA} hold, directly or through other companies?", "holdings"),
])
def test_legal_kind_forms(text: str, kind: str) -> None:
    assert parse(text, today=DAY, names=bundle_gazetteer()).pattern == kind
