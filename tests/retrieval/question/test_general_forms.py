"""Issue 30, session 9: general forms found in held-out sets 4 and 5 — dates after "@" in notes,
short period ends ("prior YE"), a date called a date ("at the key date of D" asks for no date),
identifier labels, two dates set against each other, screening with no entity named, the LEI
asked about. Invented entities."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.message_text import strip_prefixes
from ownergraph.retrieval.question.model import parse

DAY = date(2025, 12, 31)
# the graph's names, as a graph gives them to the parser (the kind is read with them masked)
NAMES = Gazetteer.build([NameRecord("acme", "Acme Holdings AG", ("Acme Holdings AG",)),
                         NameRecord("borealis", "Borealis Finance B.V.", ("Borealis Finance B.V.",))])


@pytest.mark.parametrize(("text", "as_of"), [
    ("owners Acme Holdings AG @H1-25", date(2025, 6, 30)),
    ("owners Acme Holdings AG @today", DAY),
    ("owners of Acme Holdings AG @ prior YE", date(2024, 12, 31)),
    ("owners of Acme Holdings AG as at PYE", date(2024, 12, 31)),
    ("owners of Acme Holdings AG, prev QE", date(2025, 9, 30)),
    ("owners of Acme Holdings AG @jun-24", date(2024, 6, 30)),
])
def test_short_dates_in_notes(text: str, as_of: date) -> None:
    assert parse(text, today=DAY).as_of == as_of


def test_a_chat_mention_still_goes_but_a_date_after_at_stays() -> None:
    assert "@kyc" not in strip_prefixes("@kyc who owns Acme Ltd")
    assert "@H1-25" in strip_prefixes("owners Acme Ltd @H1-25")


@pytest.mark.parametrize("text", [
    "Who owned Acme Holdings AG at the reporting date 30.06.2024?",
    "Who owned Acme Holdings AG at the date of 30.06.2024?",
    "Who owned Acme Holdings AG to the key date 30.06.2024?",
])
def test_a_date_called_a_date_asks_for_no_date(text: str) -> None:
    q = parse(text, today=DAY)
    assert (q.pattern, q.as_of) == ("owners", date(2024, 6, 30))


def test_a_question_for_a_date_is_still_one() -> None:
    assert parse("On what date did Acme Holdings AG buy Borealis Finance B.V.?", today=DAY).pattern == "events"


@pytest.mark.parametrize(("text", "number"), [
    ("who controls co. no. 10308743?", "10308743"),
    ("Who are the shareholders of the English company with the number 02847483?", "02847483"),
    ("owners of UK company 01507964", "01507964"),
])
def test_an_identifiers_label_is_no_part_of_the_mention(text: str, number: str) -> None:
    assert number in [m.text for m in parse(text, today=DAY).anchors]


@pytest.mark.parametrize("text", [
    "Δ shareholders Acme Holdings AG 30-Jun-23 vs Q4-23",
    "owners of Acme Holdings AG 30-Jun-23 vs 31-Dec-23",
])
def test_two_dates_set_against_each_other_ask_what_changed(text: str) -> None:
    q = parse(text, today=DAY)
    assert (q.pattern, q.date_from, q.date_to) == ("diff", date(2023, 6, 30), date(2023, 12, 31))


def test_sanctioned_parties_near_the_books_issuers_is_screening() -> None:
    assert parse("issuers ≤2 hops from a sanctioned name in CREDIT-IG @30-Sep-25", today=DAY).pattern == "screening"
    assert parse("is Acme Holdings AG within 2 hops of a sanctioned party", today=DAY).pattern == "sanctions_near"


def test_the_entity_under_an_lei_is_a_names_question() -> None:
    q = parse("Audit query 7: identify the legal entity registered under LEI 529900T8BM49AURSDO55.", today=DAY)
    assert q.pattern == "names"


@pytest.mark.parametrize(("text", "kind"), [
    ("Which lenders of Acme Holdings AG are on the hook if it blows up?", "contagion"),
    ("Acme Holdings AG defaulted last week. Which lenders or guarantors would bear losses?", "contagion"),
    ("Col D: how does Acme Holdings AG own/control Borealis Finance B.V. @ last qtr end", "path"),
    ("list everything Acme Holdings AG has shares in", "holdings"),
    ("Which companies belong to Acme Holdings AG?", "holdings"),
    ("Borealis Finance B.V. – direct owners/subsidiaries @ 30.06.2025", "neighbourhood"),
    ("Acme Holdings AG – first-degree links, any type, H1 25", "neighbourhood"),
])
def test_kind_words_of_notes_and_findings(text: str, kind: str) -> None:
    assert parse(text, today=DAY, names=NAMES).pattern == kind


@pytest.mark.parametrize(("text", "as_of", "known_at"), [
    ("Who owned Acme Holdings AG on the 30. September 2025?", date(2025, 9, 30), None),
    ("Who owned Acme Holdings AG on the 01.10.2019?", date(2019, 10, 1), None),
    ("Who owned Acme Holdings AG on the 01.10.2019, after the state of knowledge of that day?",
     date(2019, 10, 1), date(2019, 10, 1)),
    ("list all circular shareholdings in the ownership data at period end (30/06/23)", date(2023, 6, 30), None),
])
def test_dates_of_translated_and_audit_wording(text: str, as_of: date, known_at: date | None) -> None:
    q = parse(text, today=DAY)
    assert (q.as_of, q.known_at) == (as_of, known_at)
    assert not [m.text for m in q.anchors if "data" in m.text or "30" in m.text]


def test_the_date_of_an_event_is_still_asked_for() -> None:
    q = parse("Confirm the date of Acme Holdings AG's disposal of Borealis Finance B.V., and whether it fell before "
              "the end of last year", today=DAY)
    assert q.pattern == "events"


@pytest.mark.parametrize(("text", "kind"), [
    ("Re: Acme Holdings AG % in Borealis Finance B.V., 31 Dec 2022", "stake"),
    ("re: Acme Holdings AG holding in Borealis Finance B.V.", "stake"),
    ("Confirm whether Acme Holdings AG still held any shares in Borealis Finance B.V. at 30 June 2024", "stake"),
    ("Acme Holdings AG cyclical holdings check 30jun25", "cycles"),
    ("whether Acme Holdings AG held itself indirectly through a chain of shareholdings", "cycles"),
    ("Acme Holdings AG data ok at jun-24 totals over 100 missing pct", "quality"),
    ("who are the holders in Acme Holdings AG need names and pcts", "owners"),
    ("acme look through exp in eq-europe only 30jun24", "exposure"),
])
def test_kind_words_of_chat_and_subject_lines(text: str, kind: str) -> None:
    assert parse(text, today=DAY, names=NAMES).pattern == kind


@pytest.mark.parametrize(("text", "kind", "as_of"), [
    # acceptance criteria (held-out set 8): "when the date is D" states the date, asks for none
    ("AC14: Given Acme Holdings AG as the borrower, when the date is 2023-12-31, then each lender and the "
     "loan amount is listed.", "counterparties", date(2023, 12, 31)),
    ("Given Acme Holdings AG and Borealis Finance B.V., when the as-of date is 2020-03-31, then the percentage of "
     "Borealis Finance B.V. held by Acme Holdings AG is shown.", "stake", date(2020, 3, 31)),
    ("Given Acme Holdings AG as the parent, with the date being 31 March 2021, list the entities it directly "
     "consolidates.", "parents", date(2021, 3, 31)),
])
def test_a_date_the_question_states_is_not_a_date_asked_for(text: str, kind: str, as_of: date) -> None:
    q = parse(text, today=DAY, names=NAMES)
    assert (q.pattern, q.as_of) == (kind, as_of)


def test_a_date_asked_for_is_still_an_event() -> None:
    assert parse("On what date did Acme Holdings AG buy its stake in Borealis Finance B.V.?", today=DAY,
                 names=NAMES).pattern == "events"
