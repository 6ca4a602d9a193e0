"""A date labelled in brackets counts once; "the present date" is today (wording invented here)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.parser import parse

TODAY = date(2026, 7, 15)


@pytest.mark.parametrize(("text", "as_of"), [
    ("Who owned Acme Widgets Ltd as at 31 Dec 2024 (year-end)?", date(2024, 12, 31)),
    ("Who owned Acme Widgets Ltd as at 30 June 2024 (half-year)?", date(2024, 6, 30)),
    ("Who owned Acme Widgets Ltd on 31 March 2023 (quarter end)?", date(2023, 3, 31)),
])
def test_a_bracketed_period_labels_the_date_before_it(text: str, as_of: date) -> None:
    assert parse(text, today=TODAY).as_of == as_of


@pytest.mark.parametrize("text", ["Who owns Acme Widgets Ltd as at the present date?",
                                  "Who owns Acme Widgets Ltd at the present time?"])
def test_the_present_date_is_today(text: str) -> None:
    assert parse(text, today=TODAY).as_of == TODAY


@pytest.mark.parametrize("text", ["who held acme widgets ltd at 30 jun 2021 as we had it back then",
                                  "Who owned Acme Widgets Ltd on 30 June 2021, no restatements?"])
def test_knowledge_as_it_was_then(text: str) -> None:
    q = parse(text, today=TODAY)
    assert q.as_of == q.known_at == date(2021, 6, 30)
