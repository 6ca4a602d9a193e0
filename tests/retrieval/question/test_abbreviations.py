"""Issue 30: analysts' shorthand and non-native verb forms read as the words the rules know
(``retrieval.question.abbreviations``), and the question inside a pasted e-mail
(``retrieval.question.message_text``)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.abbreviations import expand
from ownergraph.retrieval.question.message_text import message_question
from ownergraph.retrieval.question.model import parse

JULY = date(2024, 7, 15)


@pytest.mark.parametrize(("written", "read"), [
    ("expo Acme Ltd grp", "exposure Acme Ltd group"),
    ("gtors of Acme Ltd", "guarantors of Acme Ltd"),
    ("Acme Ltd dflt - lenders hit", "Acme Ltd default - lenders hit"),
    ("nbhd Acme Ltd", "neighbourhood Acme Ltd"),
    ("chg Acme Ltd", "changes Acme Ltd"),
    ("HO of Acme Ltd, London Branch", "head office of Acme Ltd, London Branch"),
    ("who is owning Acme Ltd", "who owns Acme Ltd"),
    ("which stake was having Acme Ltd in Beta", "which stake had Acme Ltd in Beta"),
    ("Marex Grp plc", "Marex Group plc"),
    ("a 25 pct stake", "a 25 percent stake"),
    ("holdco pct in Beta", "holdco percentage in Beta"),
])
def test_shorthand_is_spelt_out(written: str, read: str) -> None:
    assert expand(written)[0] == read


def test_words_that_only_contain_an_abbreviation_stay() -> None:
    text = "Expose Ho Chi Minh grpx chkpoint the holding company"
    assert expand(text)[0] == text


@pytest.mark.parametrize(("question", "kind"), [
    ("expo Valtora Investments Ltd grp Q2-24", "exposure"),
    ("gtors Harbourline Shipping Ltd 30/6/24", "counterparties"),
    ("chg Harbourline Holdings PLC Q1-24 vs Q2-24", "diff"),
    ("Please tell me who is owning Harbourline Ferries Limited at 30 June 2024.", "owners"),
])
def test_shorthand_questions_get_their_kind(question: str, kind: str) -> None:
    assert parse(question, today=JULY).pattern == kind


FORWARDED = """Hi both,

Forwarded from the credit desk:

> Who are the lenders to Acme Ltd
> as at 30 June 2024?

Best,
Nadia
Credit Risk
This e-mail and any attachments are confidential.

---------- Forwarded message ---------
From: Nadia
Subject: FW: owners of Beta Holdings"""


def test_the_quoted_question_of_a_forwarded_mail_is_the_question() -> None:
    assert message_question(FORWARDED) == "Who are the lenders to Acme Ltd as at 30 June 2024?"
    q = parse(FORWARDED, today=JULY)
    assert (q.pattern, q.as_of, [m.text for m in q.anchors]) == ("counterparties", date(2024, 6, 30), ["Acme Ltd"])


def test_a_question_in_quotation_marks_is_no_name() -> None:
    text = 'From the desk: "Could you let us know the shareholders of Acme Ltd as at 30 June 2024?" Thanks'
    q = parse(text, today=JULY)
    assert (q.pattern, [m.text for m in q.anchors]) == ("owners", ["Acme Ltd"])


def test_a_quoted_name_stays_a_name() -> None:
    assert message_question('Who owns "Acme Holdings Ltd"?') == 'Who owns "Acme Holdings Ltd"?'


@pytest.mark.parametrize(("question", "kind"), [
    # context first, the question after: the kind is read on the question's own sentence
    ("Acme Ltd changed its name in August and the chart is being redrawn. Which entity consolidates Acme Ltd?",
     "parents"),
    ("The shareholders meet next week. Before then, which companies does Acme Ltd hold?", "holdings"),
    # a failure and its victims: contagion, though lenders and guarantees are named
    ("If Acme Ltd is failing, which lenders are getting hit?", "contagion"),
    ("Suppose Acme Ltd stops paying: who has to honour a guarantee for it?", "contagion"),
    # a command word after the name it is about
    ("Acme Ltd - holdings 30/6/25", "holdings"),
    ("Acme Ltd: group", "group"),
])
def test_context_and_word_order_do_not_decide_the_kind(question: str, kind: str) -> None:
    assert parse(question, today=JULY).pattern == kind


def test_an_lei_given_is_not_an_lei_asked_for() -> None:
    q = parse("direct children COMMERZBANK AG (LEI 851WYGNLUQLFZBSYGB56) - how many?", today=JULY)
    assert q.pattern == "parents"


@pytest.mark.parametrize(("question", "kind"), [
    ("do we hold anything within two hops of a sanctioned name as of 30 june 2025", "screening"),
    ("Sanctions screening on Acme Ltd: any designated party within 1 hop?", "sanctions_near"),
    ("Will Acme Ltd default next year?", "unknown"),  # a forecast, no kind we answer
    ("If Acme Ltd defaults, who is hit?", "contagion"),
])
def test_phrases_that_settle_a_kind(question: str, kind: str) -> None:
    assert parse(question, today=JULY).pattern == kind


def test_a_question_written_as_a_form_is_read_field_by_field() -> None:
    text = "- entity: Acme Ltd\n- question: owners\n- date: 30/6/24"
    q = parse(text, today=JULY)
    assert (q.pattern, q.as_of, [m.text for m in q.anchors]) == ("owners", date(2024, 6, 30), ["Acme Ltd"])
    q = parse("Need: lenders/guarantors for Acme Ltd | date: 2024-06-30", today=JULY)
    assert (q.pattern, q.as_of) == ("counterparties", date(2024, 6, 30))


def test_a_line_with_a_colon_is_no_form() -> None:
    assert parse("Acme Ltd: shareholders at 30.06.2024?", today=JULY).pattern == "owners"


def test_a_question_in_capitals_reads_like_one_in_lower_case() -> None:
    q = parse("WHO OWNS ACME HOLDINGS LTD AS AT 30/6/24?", today=JULY)
    assert (q.pattern, q.as_of, [m.text.lower() for m in q.anchors]) == ("owners", date(2024, 6, 30), ["acme holdings ltd"])
    q = parse("WHO OWNS 5493001NORDKAP1TAL17?", today=JULY)
    assert [m.text for m in q.anchors] == ["5493001NORDKAP1TAL17"]  # an LEI keeps its capitals


@pytest.mark.parametrize(("question", "kind"), [
    ("Was Acme Holdings PLC ever called something else?", "names"),
    ("Give me the corporate family of Acme Ltd as at June 30th, 2024.", "group"),
    ("Who's behind Acme Ltd?", "owners"),
    ("Who provides credit to Acme Ltd?", "counterparties"),
    ("Ivan Petrov -> Acme Ltd: how?", "path"),
    ("list all entities Acme Ltd controls, as of 30-06-2024", "holdings"),
    ("In which companies is Acme Ltd holding shares?", "holdings"),
    ("Please list every circular shareholding in the structure as at 30 June 2025.", "cycles"),
    ("How much of our book sits with Acme Ltd plus all entities under its control?", "exposure"),
    ("A payment came in referencing LEI 5493004MRDNBALT1C015. Who is that?", "names"),
    ("Pls confirm: Acme Ltd's share of Beta Holdings PLC, 30/06/2024.", "stake"),
    ("What happened to Acme Energy S.p.A.?", "events"),
])
def test_more_wordings_of_a_kind(question: str, kind: str) -> None:
    assert parse(question, today=JULY).pattern == kind
