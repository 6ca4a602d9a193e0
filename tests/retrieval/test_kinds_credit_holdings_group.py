"""Issue 30 item 3: the counterparties, holdings and group kinds read from the analyst's words
(the styles of the question corpus's dev half: terse, typos, dates in words, formal), the
roles a counterparties question asks for and the basis of a holdings question. No graph."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.domain.vocabulary import COUNTERPARTIES, GROUP, HOLDINGS
from ownergraph.retrieval.kinds.counterparties import roles
from ownergraph.retrieval.kinds.holdings import basis
from ownergraph.retrieval.question.model import parse

TODAY = date(2024, 7, 15)
Q2 = date(2024, 6, 30)


def _read(text: str) -> tuple[str, list[str], date | None]:
    q = parse(text, today=TODAY)
    return q.pattern, [m.text for m in q.anchors], q.as_of


@pytest.mark.parametrize("text, anchor, role", [
    ("lenders Harbourline Shipping Limited 2024-06-30", "Harbourline Shipping Limited", ("lenders",)),
    ("Harbourline Shipping Limited loans from 2024-06-30", "Harbourline Shipping Limited", ("lenders",)),
    ("who lends Harbourline Shipping Limited 2024-06-30", "Harbourline Shipping Limited", ("lenders",)),
    ("Which banks financed Harbourline Shipping Limited as of 30 June 2024?", "Harbourline Shipping Limited",
     ("lenders",)),
    ("guarantors Harbourline Shipping Limited 2024-06-30", "Harbourline Shipping Limited", ("guarantors",)),
    ("Harbourline Shipping Limited guaranteed by as of 30 June 2024", "Harbourline Shipping Limited",
     ("guarantors",)),
    ("borrowers Granite Bank AG 2024-06-30", "Granite Bank AG", ("borrowers",)),
    ("Who does Granite Bank AG lend to as of 30 June 2024?", "Granite Bank AG", ("borrowers",)),
    ("Harbourline Holdings PLC guarantees given 2024-06-30", "Harbourline Holdings PLC", ("guaranteed",)),
    ("Set out the guarantees issued by Harbourline Holdings PLC at mid-year 2024.", "Harbourline Holdings PLC",
     ("guaranteed",)),
    ("Identify all parties whose obligations are guaranteed by Harbourline Holdings PLC as at 30 June 2024.",
     "Harbourline Holdings PLC", ("guaranteed",)),
    ("Identify all lenders to and guarantors of Harbourline Shipping Limited at the end of last quarter, "
     "with amounts.", "Harbourline Shipping Limited", ("lenders", "guarantors")),
    ("Set out the credit facilities extended to Harbourline Shipping Limited as at 30 June 2024 and the "
     "lending institutions.", "Harbourline Shipping Limited", ("lenders",)),
    ("To whom is Granite Bank AG lending, on 30 June 2024?", "Granite Bank AG", ("borrowers",)),
    ("Which companies were borrowing from Granite Bank AG at 30 June 2024?", "Granite Bank AG", ("borrowers",)),
    ("As at 30 June 2024, whose obligations does Harbourline Holdings PLC guarantee?", "Harbourline Holdings PLC",
     ("guaranteed",)),
    ("lenders + gtors Harbourline Shipping Limited 30/6/24", "Harbourline Shipping Limited", ("lenders", "guarantors")),
])
def test_counterparties_questions(text: str, anchor: str, role: tuple[str, ...]) -> None:
    assert _read(text) == (COUNTERPARTIES.name, [anchor], Q2)
    q = parse(text, today=TODAY)
    assert roles(q.text, q.edge_types) == role


def test_counterparties_roles_default_to_all_and_follow_a_channel() -> None:
    assert set(roles("counterparties of Acme Ltd")) == {"borrowers", "guaranteed", "lenders", "guarantors"}
    assert set(roles("counterparties of Acme Ltd", ["guarantee"])) == {"guaranteed", "guarantors"}


@pytest.mark.parametrize(("text", "role"), [
    ("who is Acme Ltd guaranteeing", ("guaranteed",)),  # X the guarantor (session 9)
    ("who does Acme Ltd backstop and for how much", ("guaranteed",)),
    ("who is Acme Ltd lending to", ("borrowers",)),
    ("who is guaranteeing Acme Ltd", ("guarantors",)),  # X the guaranteed party
    ("who is lending to Acme Ltd", ("lenders",)),
])
def test_the_guarantors_own_guarantees_in_progressive_and_trade_words(text: str, role: tuple[str, ...]) -> None:
    assert roles(text) == role


@pytest.mark.parametrize("text", [
    "When did Granite Bank AG lend to Harbourline Shipping Limited?",  # an event's date
    "Identify all positions in portfolio LOANS-CORP issued by entities controlled by sanctioned persons.",
    "Which lenders are hit if Harbourline Shipping Limited defaults?",  # contagion
])
def test_other_kinds_keep_their_lending_words(text: str) -> None:
    assert parse(text, today=TODAY).pattern != COUNTERPARTIES.name


@pytest.mark.parametrize("text, anchor, as_of", [
    ("holdings Harbourline Holdings PLC 2024-06-30", "Harbourline Holdings PLC", Q2),
    ("Harbourline Holdings PLC owns 2024-06-30", "Harbourline Holdings PLC", Q2),
    ("Harbourline Holdings PLC subsidiaries", "Harbourline Holdings PLC", None),
    ("What does Harbourline Shipping Limited own at mid-year 2024?", "Harbourline Shipping Limited", Q2),
    ("What are the holdings of Nordkap Capital AG at the end of June?", "Nordkap Capital AG", Q2),
    ("Identify all entities in which Nordkap Capital AG holds an ownership interest as at 30 June 2024, "
     "directly or indirectly.", "Nordkap Capital AG", Q2),
    ("List the shareholdings of Harbourline Shipping Limited as at 30 June 2024, with percentages.",
     "Harbourline Shipping Limited", Q2),
])
def test_holdings_questions(text: str, anchor: str, as_of: date | None) -> None:
    assert _read(text) == (HOLDINGS.name, [anchor], as_of)
    assert basis(text) == "owned"


def test_which_companies_does_x_control_is_holdings_by_control() -> None:
    text = "Which companies does Valtora Investments Ltd control as of 30 June 2024?"
    assert _read(text) == (HOLDINGS.name, ["Valtora Investments Ltd"], Q2)
    assert basis(text) == "control"


@pytest.mark.parametrize("text, anchor, as_of", [
    ("group Valtora Investments Ltd 2024-06-30", "Valtora Investments Ltd", Q2),
    ("Harbourline Holdings PLC and everything it controls 2024-06-30", "Harbourline Holdings PLC", Q2),
    ("Show me Nordkap Capital AG and everything it controls as of 30 June 2024.", "Nordkap Capital AG", Q2),
    ("Identify Harbourline Shipping Limited and all entities controlled by it, directly or indirectly at the "
     "end of Q2 2024.", "Harbourline Shipping Limited", Q2),
    ("Set out the group comprising Harbourline Shipping Limited and its controlled undertakings as at "
     "30 June 2024.", "Harbourline Shipping Limited", Q2),
])
def test_group_questions(text: str, anchor: str, as_of: date | None) -> None:
    assert _read(text) == (GROUP.name, [anchor], as_of)


def test_exposure_to_x_and_what_it_controls_stays_exposure() -> None:
    text = "Quantify the institution's aggregate exposure to Nordkap Capital AG and the entities it controls."
    assert parse(text, today=TODAY).pattern != GROUP.name


def test_what_a_family_controls_is_holdings_by_control() -> None:
    q = parse("What does the Petrov family control?", today=TODAY)
    assert (q.pattern, [m.text for m in q.anchors], basis(q.text)) == (HOLDINGS.name, ["Petrov family"], "control")


def test_the_group_of_two_persons_names_both() -> None:
    q = parse("Set out the undertakings under the control of Ivan Petrov and Elena Petrova at the end of last quarter.",
              today=TODAY)
    assert (q.pattern, [m.text for m in q.anchors], q.as_of) == (GROUP.name, ["Ivan Petrov", "Elena Petrova"], Q2)
