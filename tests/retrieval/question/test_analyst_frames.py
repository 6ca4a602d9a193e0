"""Shapes of held-out sets 9 and 10 that were still misread after session 12, each as a general
rule on wording written anew (issue 30): a shift handover's frame and "tonight", a quiz's
question number, a sentence that starts after a name's full stop, a pronoun whose entity the
text named before it, interview and press frames, one-name stake questions, majority chains,
neighbourhoods both ways, the dates of sanctions and stake events, LEIs asked about."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.model import parse

DAY = date(2025, 12, 31)
NAMES = Gazetteer.build(NameRecord(key=n, name=n, names=(n,)) for n in (
    "Acme Widgets Limited", "Beta Ports Corp.", "Gamma Mills AG", "Jane Doe", "Delta Freight PLC"))


def _read(text: str):
    return parse(text, today=DAY, names=NAMES)


@pytest.mark.parametrize(("text", "as_of"), [
    ("Owners of Gamma Mills AG as of tonight, please", DAY),
    ("Shareholders of Gamma Mills AG two years ago today", date(2023, 12, 31)),
    ("Q3 (2 marks). Who owns Gamma Mills AG?", None),  # a quiz's question number, not the third quarter
])
def test_dates_of_handovers_and_quizzes(text: str, as_of: date | None) -> None:
    assert _read(text).as_of == as_of


def test_a_month_end_written_end_dash_month_is_one_date() -> None:
    q = parse("Owners of Acme Widgets Ltd at end-Sep 2021", today=DAY)  # no graph names: the words around count
    assert (q.as_of, [m.text for m in q.anchors]) == (date(2021, 9, 30), ["Acme Widgets Ltd"])


def test_a_work_shift_is_no_change() -> None:
    q = _read("Passing to the night shift - shareholders of Gamma Mills AG at end-Mar 2022 with each %. Sam is chasing.")
    assert (q.pattern, q.as_of, q.date_from) == ("owners", date(2022, 3, 31), None)


def test_a_name_s_full_stop_ends_its_sentence() -> None:
    """"... Acme Widgets Limited. Who held ...": the full stop is the sentence's, not the name's."""
    q = _read("Our records look wrong for Acme Widgets Limited. Who held its shares on 30 June 2023?")
    assert (q.pattern, [m.text for m in q.anchors]) == ("owners", ["Acme Widgets Limited"])


def test_a_pronoun_is_the_entity_named_before_it() -> None:
    q = _read("Treasury questions our stress case for Beta Ports Corp. If it had defaulted at the end of 2023, "
              "which lenders would have lost money?")
    assert (q.pattern, [m.text for m in q.anchors], q.follow_up) == ("contagion", ["Beta Ports Corp"], False)


def test_the_writer_s_clause_before_a_name_is_no_part_of_it() -> None:
    """(A guard for the full stop's rule above: the clause before the name stays out of it.)"""
    q = _read("Hi, I'm drafting a relationship map for Delta Freight PLC. Who was directly connected to "
              "Delta Freight PLC on 31 December 2022?")
    assert (q.pattern, [m.text for m in q.anchors]) == ("neighbourhood", ["Delta Freight PLC"])


@pytest.mark.parametrize(("text", "kind"), [
    # interview, panel and press frames
    ("Interviewer: second scenario. A customer asks who owned Gamma Mills AG at the end of Q3 2022. "
     "What figures would you give them?", "owners"),
    ("Panel question: between the end of Q1 2020 and the end of Q3 2020, who joined or left the share register "
     "of Gamma Mills AG?", "diff"),
    ("Press enquiry (Daily Courier): who were Gamma Mills AG's immediate connections at 31 Dec 2023 - owners, "
     "lenders, anything?", "neighbourhood"),
    ("How does Jane Doe wind up controlling Gamma Mills AG?", "path"),
    # one name: its holders, or what it holds
    ("Which individuals held shares in Gamma Mills AG at 31 March 2024, and what proportion did each hold?", "owners"),
    ("Which natural persons ultimately held 25% or more of Gamma Mills AG at 31 March 2024?", "owners"),
    ("Please list in which companies Gamma Mills AG held shares at 31 March 2024, and the percentage of each.", "holdings"),
    ("Night shift: which firms Jane Doe controlled at 31 Mar 2022 (board seats count).", "holdings"),
    ("what shareholding Gamma Mills AG had in Beta Ports Corp. at 30 June 2023", "stake"),
    # the majority chain is the group
    ("Which undertakings did Gamma Mills AG hold a majority of at 31 December 2023, directly or indirectly?", "group"),
    ("Name the majority-owned subsidiaries of Gamma Mills AG at 31 December 2023, indirect ones included.", "group"),
    # the neighbourhood, both ways
    ("Which parties were a single ownership or control step from Gamma Mills AG on 30 June 2021, in both directions?",
     "neighbourhood"),
    ("Who owned, controlled, or was controlled by Gamma Mills AG at 30 June 2021?", "neighbourhood"),
    # events: a listing's date, a stake bought or restated
    ("On which date was Jane Doe made subject to sanctions?", "events"),
    ("Gamma Mills AG's stake in Beta Ports Corp. was revised once - when, and what were the figures?", "events"),
    # what the book holds of an issuer's paper
    ("What was the value of positions at 30 June 2024 in bonds or loans issued by Gamma Mills AG?", "exposure"),
    ("Is Gamma Mills AG inside an ownership ring at 31 Dec 2022? Which firms make up the circle?", "cycles"),
    ("validate register of Gamma Mills AG -- which shareholder has no stake?", "quality"),
    ("Which legal entity carries the LEI 5493001KJTIIGC8Y1R12?", "names"),
    # figures the graph does not hold
    ("Please send the credit default swap level for Gamma Mills AG.", "unknown"),
    ("Which website does the lender Gamma Mills AG run?", "unknown"),  # not its lending
])
def test_kinds_in_the_analyst_s_words(text: str, kind: str) -> None:
    assert _read(text).pattern == kind


def test_whether_a_purchase_predates_a_day_compares_that_day() -> None:
    q = _read("When did Gamma Mills AG buy its stake in Beta Ports Corp., and does the purchase predate the prior year-end?")
    assert (q.pattern, q.as_of) == ("events", None)


def test_a_passive_which_companies_are_controlled_by_stays_holdings() -> None:
    """(A guard: "which persons held" is the owners' form, "which companies are controlled by X" X's holdings.)"""
    assert _read("Which companies are controlled by Jane Doe on 30 June 2024?").pattern == "holdings"


def test_the_context_s_words_narrow_the_question_s_kind() -> None:
    """"Suppose X went bust. Who loses money - which lenders?": the lenders of a default."""
    q = _read("Suppose Gamma Mills AG went bust at the end of 2024. Who loses money - which of its lenders, and how much?")
    assert (q.pattern, [m.text for m in q.anchors]) == ("contagion", ["Gamma Mills AG"])


@pytest.mark.parametrize(("text", "parties"), [
    ("When did Jane Doe take her stake in Gamma Mills AG, and how big was it?", ["Jane Doe", "Gamma Mills AG"]),
])
def test_both_parties_of_an_event(text: str, parties: list[str]) -> None:
    q = _read(text)
    assert (q.pattern, [m.text for m in q.anchors]) == ("events", parties)


def test_a_call_named_by_its_participle_asks_what_the_argument_holds() -> None:
    assert _read("# TODO: owned_by(Jane Doe) @ 20240630 incl. trusts").pattern == "holdings"


@pytest.mark.parametrize("text", [
    "Across the whole dataset, did any group of firms own each other in a circle at 30 June 2021?",
    "Data room question 12 (Buyer): please confirm whether any circular holding existed among the entities in scope "
    "at 30 June 2021, and name the firms in it.",
])
def test_graph_wide_loops_name_no_entity(text: str) -> None:
    q = _read(text)
    assert (q.pattern, q.anchors) == ("cycles", [])


def test_what_a_name_was_known_as_at_a_day_is_no_knowledge_date() -> None:
    q = _read("What was Gamma Mills AG known as at 31 March 2020?")
    assert (q.pattern, q.known_at, q.as_of) == ("names", None, date(2020, 3, 31))
