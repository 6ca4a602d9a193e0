"""Issue 30, session 9: questions said aloud (speech to text): fillers, self-corrections (the
last one wins), letters spelt one by one and identifiers read digit by digit. Invented entities."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import parse
from ownergraph.retrieval.question.spoken_text import spoken_forms

DAY = date(2025, 12, 31)


@pytest.mark.parametrize(("said", "written"), [
    ("who owns um acme holdings s a r l", "who owns acme holdings sarl"),
    ("whats the l e i for borealis finance b v", "whats the lei for borealis finance bv"),
    ("who lends to quarry steel s p a", "who lends to quarry steel spa"),
    ("who controls company number zero five one two three four five six", "who controls company number 05123456"),
    ("is it a bank", "is it a bank"),  # the words "a" and "i" alone are not spelt letters
    ("who owns two hops of acme", "who owns two hops of acme"),  # a count is not an identifier
])
def test_spoken_forms_are_written_out(said: str, written: str) -> None:
    assert spoken_forms(said)[0] == written


@pytest.mark.parametrize(("said", "kept"), [
    ("what does zenith no sorry borealis finance bv own", "borealis finance bv"),
    ("who gets hurt if zenith trading i mean borealis finance bv defaults", "borealis finance bv"),
    ("who owns acme ltd or rather acme holdings ltd", "acme holdings ltd"),
])
def test_a_self_correction_keeps_the_last_name(said: str, kept: str) -> None:
    text, notes = spoken_forms(said)
    assert kept in text and "sorry" not in text and " mean " not in text
    assert any("self-correction" in n for n in notes)
    assert text.count(" bv") + text.count(" ltd") == 1


def test_an_apology_that_corrects_nothing_only_goes() -> None:
    assert spoken_forms("sorry, who owns Acme Ltd")[0] == "sorry, who owns Acme Ltd"  # at the start: not a slip
    assert "sorry" not in spoken_forms("who owns sorry Acme Ltd")[0]


def test_the_parser_reads_the_corrected_spoken_question() -> None:
    q = parse("hey um what companies does zenith no sorry borealis finance b v own end of june twenty twenty five",
              today=DAY)
    assert q.pattern == "holdings"
    assert [m.text for m in q.anchors] == ["borealis finance bv"]
    assert q.as_of == date(2025, 6, 30)


def test_a_company_number_read_digit_by_digit_is_the_anchor() -> None:
    q = parse("who is the person with significant control of company number zero five one two three four five six",
              today=DAY)
    assert q.pattern == "owners"
    assert [m.text for m in q.anchors] == ["05123456"]
