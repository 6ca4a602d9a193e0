"""Questions wrapped in a register's own words (issue 30, unseen styles): a range whose two ends
each carry words of their own, "EOM <month>", a holder whose percentage is absent, a passive chain
("how A was owned by B"), "how large a holding", a trailing sentence that only says what the answer
is for, a remark after the question, and an office the graph does not record. Every sentence here
is new (none is a corpus question)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.domain.vocabulary import CYCLES, DIFF, PATH, QUALITY, STAKE, UNKNOWN
from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.parser import parse

TODAY = date(2025, 3, 31)
# the graph's names, as the parser is given them
NAMES = Gazetteer.build(NameRecord(key=n, name=n, names=(n,)) for n in (
    "Tarnwick Mills plc", "Ostrava Holdings AG", "Brantham Freight Ltd", "Orbis Ltd"))


def _names(q) -> list[str]:  # type: ignore[no-untyped-def]
    return [m.text for m in q.anchors]


@pytest.mark.parametrize("text, start, end", [
    ("Between our 30 Jun 2022 review and our 31 Dec 2022 review, what changed among the holders of Tarnwick Mills plc?",
     date(2022, 6, 30), date(2022, 12, 31)),
    ("between their March 2021 filing and their September 2021 filing how did the owners of Tarnwick Mills plc change",
     date(2021, 3, 31), date(2021, 9, 30)),
])
def test_a_range_with_each_end_wrapped_in_words(text: str, start: date, end: date) -> None:
    q = parse(text, today=TODAY, names=NAMES)
    assert q.pattern == DIFF.name
    assert (q.date_from, q.date_to) == (start, end)


def test_eom_before_a_month_is_that_month_end_and_one_arrival_word_makes_a_range_a_diff() -> None:
    q = parse("Compliance asks: which holders were admitted to the register of Tarnwick Mills plc from EOM March 2023 "
              "to EOM September 2023?", today=TODAY, names=NAMES)
    assert q.pattern == DIFF.name
    assert (q.date_from, q.date_to) == (date(2023, 3, 31), date(2023, 9, 30))


@pytest.mark.parametrize("text", [
    "Our file on Tarnwick Mills plc lists one shareholder with no percentage next to the name. Which one?",
    "for tarnwick mills plc is there a holder whose stake is simply blank",
    "Tarnwick Mills plc: one shareholder's percentage is not recorded - who?",
])
def test_a_holder_whose_percentage_is_absent_is_a_data_gap(text: str) -> None:
    assert parse(text, today=TODAY, names=NAMES).pattern == QUALITY.name


def test_how_one_was_owned_or_controlled_by_another_is_a_path() -> None:
    q = parse("Please explain how Tarnwick Mills plc came to be controlled by Ostrava Holdings AG on 30 June 2024, "
              "listing each intermediate company.", today=TODAY, names=NAMES)
    assert q.pattern == PATH.name
    assert set(_names(q)) == {"Tarnwick Mills plc", "Ostrava Holdings AG"}


def test_how_large_a_holding_did_a_have_in_b_is_a_stake() -> None:
    q = parse("For the engagement letter: how big of a shareholding did Ostrava Holdings AG keep in Tarnwick Mills plc "
              "at 31 December 2023?", today=TODAY, names=NAMES)
    assert q.pattern == STAKE.name
    assert _names(q) == ["Ostrava Holdings AG", "Tarnwick Mills plc"]


@pytest.mark.parametrize("purpose", [
    "The credit team needs it for the loan memo.",
    "Treasury wants this for the guarantee review by Friday.",
])
def test_a_sentence_saying_what_the_answer_is_for_does_not_decide_the_kind(purpose: str) -> None:
    q = parse(f"What stake did Ostrava Holdings AG hold in Tarnwick Mills plc at 31 December 2023? {purpose} Rgds, Ana",
              today=TODAY, names=NAMES)
    assert q.pattern == STAKE.name


def test_a_remark_after_the_question_is_not_the_question() -> None:
    q = parse("Please check whether any entities held one another in a circle at 30 April 2024. Our chart software "
              "breaks on it.", today=TODAY, names=NAMES)
    assert q.pattern == CYCLES.name


@pytest.mark.parametrize("text", [
    "what's the name of the managing director of Tarnwick Mills plc",
    "Who is the company secretary of Tarnwick Mills plc?",
    "please send the contact details of the compliance officer of Tarnwick Mills plc",
])
def test_an_office_the_graph_does_not_record_is_unknown(text: str) -> None:
    q = parse(text, today=TODAY, names=NAMES)
    assert q.pattern == UNKNOWN
    assert any("nothing the graph records" in n for n in q.notes)
