"""Issue 30, session 12: readings session 11's perturbation check found broken and left alone —
"the current date", a mail tag inside the question, a name quoted inside a quoted question, a
family in lower case. Wording invented here on the example bundle's entities."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import parse
from tests.retrieval.question.bundle_names import bundle_gazetteer

DAY = date(2024, 7, 15)
SHIPPING, VALTORA = "Harbourline Shipping Limited", "Valtora Investments Ltd"


def _read(text: str):  # noqa: ANN202 - a Question
    return parse(text, today=DAY, names=bundle_gazetteer())


@pytest.mark.parametrize("text", [
    f"who lends to {SHIPPING} as of the current date?",
    f"loop check: {VALTORA} owns itself via a chain? @the present date",
    f"if {SHIPPING} goes under at the current date, who takes the hit?",
])
def test_the_current_date_is_the_session_day(text: str) -> None:
    assert _read(text).as_of == DAY


@pytest.mark.parametrize("text", [
    f"who lends to [EXT] {SHIPPING}?",
    f"who lends to {SHIPPING} [EXTERNAL] as of 30 June 2024?",
    f"Hi team, [SECURE] who lends to {SHIPPING}?",
])
def test_a_mail_tag_is_no_part_of_a_name(text: str) -> None:
    q = _read(text)
    assert q.pattern == "counterparties" and [m.text for m in q.anchors] == [SHIPPING]


@pytest.mark.parametrize("text", [
    f'Forwarded from the desk:\n\n"Who lends to "{SHIPPING}" as of 30 June 2024?"\n\nThanks',
    f'Desk note: \u201cwho lends to \u201c{SHIPPING}\u201d as of 30 June 2024?\u201d',
    f'"Who lends to "{SHIPPING}"?"',
])
def test_a_name_quoted_inside_a_quoted_question(text: str) -> None:
    q = _read(text)
    assert q.pattern == "counterparties" and [m.text for m in q.anchors] == [SHIPPING]


def test_two_quoted_names_are_not_a_quoted_question() -> None:
    q = _read(f'"{VALTORA}" stake in "{SHIPPING}"?')
    assert [m.text for m in q.anchors] == [VALTORA, SHIPPING]


@pytest.mark.parametrize("text", ["exposure the petrov family 2024-06-30", "what does the petrov family own"])
def test_a_family_in_lower_case(text: str) -> None:
    q = _read(text)
    assert [(m.text.lower(), m.kind_hint) for m in q.anchors] == [("petrov family", "family")]


def test_a_common_word_before_family_is_no_family() -> None:
    assert all(m.kind_hint != "family" for m in _read("what does the whole family of valtora own").anchors)


def test_a_quoted_question_line_with_a_quoted_name_is_the_question() -> None:
    """The message's other lines ("from the sanctions desk") are not read for the kind, as with a
    quoted question that quotes no name."""
    text = ('Hi,\n\nPassed on by the sanctions desk:\n\n"What is our exposure to anything "Ivan Petrov" controls '
            'as of 30 June 2024?"\n\nThanks,\nSam')
    q = _read(text)
    assert q.pattern == "exposure" and [m.text for m in q.anchors] == ["Ivan Petrov"]
