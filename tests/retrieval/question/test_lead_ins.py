"""Mechanisms read by shape, not by the sentence they were seen in (issue 30: generality): lead-ins
before the question, the last complete period however it is said, names in brackets or after a
role label, and the path/other-kind choice made on the names found."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.by_names import with_graph_names
from ownergraph.retrieval.question.lead_in import lead_in_end
from ownergraph.retrieval.question.model import parse
from tests.retrieval.question.bundle_names import bundle_gazetteer, keys_of

DAY = date(2024, 7, 15)
SHIPPING = "213800HBLSH1PP1NG027"


def _read(text: str) -> tuple[str, set[str], date | None]:
    g = bundle_gazetteer()
    q = with_graph_names(parse(text, today=DAY, names=g), g)
    return q.pattern, {k for m in q.anchors if m.role != "portfolio" for k in keys_of(g, m.text)}, q.as_of


@pytest.mark.parametrize(("text", "question"), [
    ("- holdings X", "holdings X"), ("\u2022 quality", "quality"), ("(b) owners of X", "owners of X"),
    ("Note to self \u2013 owners X", "owners X"), ("Desk asks: who owns X?", "who owns X?"),
    ("pls confirm: lenders X", "lenders X"), ("can you pull stake A in B", "stake A in B"),
    ("- Quick one: need: owners X", "owners X"),
])
def test_a_lead_in_is_passed_over(text: str, question: str) -> None:
    assert text[lead_in_end(text):] == question


@pytest.mark.parametrize("text", ["Ownership: the Borrower X", "Group structure: trace A to B",
                                  "Valtora Investments Ltd: holdings", "who owns X - as of today", "stake"])
def test_a_label_that_asks_or_names_stays(text: str) -> None:
    assert lead_in_end(text) == 0


@pytest.mark.parametrize("text", [
    "- stake Harbourline Holdings PLC in Harbourline Shipping 2024-06-30",
    "can you pull holdings Harbourline Shipping 2024-06-30",
    "Note to self \u2013 holdings Harbourline Shipping 2024-06-30",
    "Hi team, holdings Harbourline Shipping 2024-06-30 Thanks, Sam",
    "Morning all,\n\nRE: holdings Harbourline Shipping 2024-06-30\n\nCheers\nPriya",
])
def test_a_terse_question_keeps_its_command_word_behind_a_lead_in(text: str) -> None:
    kind, keys, as_of = _read(text)
    assert kind in ("holdings", "stake") and SHIPPING in keys and as_of == date(2024, 6, 30)


@pytest.mark.parametrize(("words", "day"), [
    ("the close of the preceding quarter", date(2024, 6, 30)), ("the most recent quarter-end", date(2024, 6, 30)),
    ("the end of the latest completed quarter", date(2024, 6, 30)), ("the preceding quarter end", date(2024, 6, 30)),
    ("the last reporting quarter-end", date(2024, 6, 30)), ("prior QE", date(2024, 6, 30)),
    ("the close of the preceding financial year", date(2023, 12, 31)), ("the just ended year-end", date(2023, 12, 31)),
    ("31 December of the prior year", date(2023, 12, 31)), ("the end of the previous half-year", date(2024, 6, 30)),
    ("the date of this review", DAY), ("the date of the present note", DAY),
])
def test_the_last_complete_period_however_it_is_said(words: str, day: date) -> None:
    assert _read(f"who owns Harbourline Shipping Limited as at {words}?")[2] == day


def test_the_date_of_an_event_is_not_today() -> None:
    assert _read("what was the date of this acquisition by Harbourline Shipping Limited?")[2] is None


@pytest.mark.parametrize("text", [
    'Ownership: the Borrower, "Harbourline Shipping Limited", is held by the shareholders listed below as at 30 June 2024',
    "Ownership: the Borrower [Harbourline Shipping Limited] is held by the shareholders listed below as at 30 June 2024",
    "ownership: the borrower, harbourline shipping limited, is held by the shareholders listed below as at 30 june 2024",
])
def test_a_role_label_before_a_name_however_the_name_is_set_off(text: str) -> None:
    assert _read(text) == ("owners", {SHIPPING}, date(2024, 6, 30))


def test_a_name_in_square_brackets() -> None:
    assert _read("who is [213800HBLSH1PP1NG027]?")[:2] == ("names", {SHIPPING})
    # lower-case words lose only their brackets: the name is read as if unbracketed
    assert _read("who owns [harbourline shipping limited] as of 30 june 2024?") == ("owners", {SHIPPING}, date(2024, 6, 30))


def test_a_path_is_chosen_on_the_names_found_not_the_names_masked() -> None:
    # no graph names given: the two names are found by the slots, not masked
    q = parse("Group structure: trace the ownership/control chain linking Kellivale Packaging Limited to "
              "Bastion Marine LLC as at 30 June 2023 (each intermediate entity).", today=DAY)
    assert q.pattern == "path" and [m.text for m in q.anchors] == ["Kellivale Packaging Limited", "Bastion Marine LLC"]
    one = parse("Connected parties: every party directly linked to Avlivale Shipping Pte. Ltd. by a link of any "
                "kind as at 30 September 2023 (one hop).", today=DAY)
    assert one.pattern == "neighbourhood" and one.depth == 1


def test_a_lower_case_sentence_starts_with_a_sentence_word_not_after_any_full_stop() -> None:
    kind, keys, _ = _read("for the old-structure slide i need the pre-disposal picture. what did harbourline shipping "
                          "limited own at 30 june 2023?")
    assert (kind, keys) == ("holdings", {SHIPPING})
    assert _read("what's our total exposure to harbourline shipping limited incl. its subs as of last qtr end?")[0] \
        == "exposure"


def test_a_date_compared_with_the_event_in_either_word_order() -> None:
    text = "confirm when Harbourline Shipping Limited first changed its name, and whether that was before the previous year end"
    assert _read(text)[0] == "events" and _read(text)[2] is None
