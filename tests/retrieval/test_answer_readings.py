"""Readings that decide what an answer holds (issue 30, the answers of held-out sets 9 to 12 that
missed their key facts, on wording written anew): the side of a loan or guarantee X is on when X
is the subject of the verb ("the firms X had lent to", "acting as guarantor at D", "for whom had X
stood surety"), the way down the accounts ("whose accounts X consolidated") and up ("which group
did X roll up into"), and the session's day as the "today" an events answer states."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.connection import Graph
from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.kinds.counterparties import roles
from ownergraph.retrieval.question.model import parse

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"


@pytest.mark.parametrize(("text", "role"), [
    ("list the firms Kessel Savings Bank had lent to at 31 May 2023, with amounts", "borrowers"),
    ("who has Kessel Savings Bank lent money to since January?", "borrowers"),
    ("in which deals was Kessel Savings Bank acting as lender at year end?", "borrowers"),
    ("for whom had Marlowe Steel plc stood surety on 30 June 2024?", "guaranteed"),
    ("which companies was Marlowe Steel plc acting as guarantor at 31 March 2025?", "guaranteed"),
    ("whose obligations does Marlowe Steel plc stand behind as guarantor?", "guaranteed"),
    ("# TODO borrowers_of(Kessel Savings Bank) as_of 2024-06-30", "borrowers"),
])
def test_x_as_the_subject_of_lending_or_guaranteeing_asks_its_own_side(text: str, role: str) -> None:
    assert roles(text) == (role,)


@pytest.mark.parametrize(("text", "wanted"), [
    ("who was either lending to or guaranteeing Dunmore Ports Ltd at 31 March 2025?", {"lenders", "guarantors"}),
    ("who acts as guarantor for Dunmore Ports Ltd?", {"guarantors"}),
    ("which banks were also lending to Dunmore Ports Ltd in 2024?", {"lenders"}),
    # the past tense "lent" is lending too: not the guarantors alone, nor every side
    ("who had lent to or guaranteed Dunmore Ports Ltd at 31 October 2023? Names + amounts", {"lenders", "guarantors"}),
    ("which parties either lent to Dunmore Ports Ltd or guaranteed its debt, and how much each?",
     {"lenders", "guarantors"}),
    ("who lent money to Dunmore Ports Ltd in 2024?", {"lenders"}),
])
def test_who_lends_to_x_or_guarantees_it_asks_the_other_side(text: str, wanted: set[str]) -> None:
    assert set(roles(text)) == wanted


@pytest.mark.parametrize(("text", "children"), [
    ("list the entities whose accounts Dunmore Ports Ltd fully consolidated at 31 December 2024", True),
    ("the companies whose accounts Dunmore Ports S.A. directly consolidated at the prior year-end", True),
    ("which subsidiaries Dunmore Ports Ltd directly consolidated as at 30 June 2025", True),
    ("Which group did Dunmore Ports Ltd roll up into for reporting purposes at 31 December 2024?", False),
    ("which companies have consolidated Dunmore Ports Ltd?", False),
    ("which entities roll up into Dunmore Ports Ltd?", True),
])
def test_the_way_down_or_up_the_accounts(text: str, children: bool) -> None:
    q = parse(text, today=date(2025, 12, 31))
    assert q.pattern == "parents" and ("children" in q.modifiers) is children


def test_an_events_answer_states_the_session_s_day_as_today(graph: Graph) -> None:
    ingest_paths(graph, [BUNDLE])
    a = Ownergraph(graph).ask("On what date did Harbourline Holdings PLC adopt its present name?", today=date(2025, 3, 3))
    assert a.question.pattern == "events", a.question
    assert ", as recorded up to today (2025-03-03):" in a.text and date.today().isoformat() not in a.text, a.text


@pytest.mark.parametrize("text", [
    "who was extending credit to Dunmore Ports Ltd at 30 June 2025, whether as lender or as guarantor?",
    "who stood behind Dunmore Ports Ltd at year end, either as a lender or as a guarantor?",
])
def test_a_role_offered_as_a_choice_is_not_x_s_own_side(text: str) -> None:
    assert {"borrowers", "guaranteed"}.isdisjoint(roles(text))


@pytest.mark.parametrize("text", [
    "into whose accounts was Dunmore Ports Ltd consolidated at 31 March 2023?",
    "whose accounts was Dunmore Ports Ltd consolidated into at 31 December 2019?",
])
def test_whose_accounts_x_was_consolidated_into_are_its_parents(text: str) -> None:
    q = parse(text, today=date(2025, 12, 31))
    assert q.pattern == "parents" and "children" not in q.modifiers


@pytest.mark.parametrize("text", [
    "who stands behind Dunmore Ports Ltd's bonds as guarantor at 30 June 2025?",
    "who acted as lender at the close of 2024 - Dunmore Ports Ltd's bank?",
])
def test_who_in_the_role_is_the_other_side(text: str) -> None:
    assert {"borrowers", "guaranteed"}.isdisjoint(roles(text))


@pytest.mark.parametrize("text", [
    "list each entity whose accounts are consolidated into those of Dunmore Ports Ltd at 30 June 2025",
    "Given Dunmore Ports Ltd as the parent at 2025-06-30, list the entities it fully consolidates.",
])
def test_consolidated_into_those_of_x_or_by_it_are_its_children(text: str) -> None:
    q = parse(text, today=date(2025, 12, 31))
    assert q.pattern == "parents" and "children" in q.modifiers
