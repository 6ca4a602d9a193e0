"""Whole classes of a register's habits, written anew (issue 30, session 16: generalisation from
set 14's misses): legal forms said by their letters' names, framing around the question that
asks nothing, first-person positions with a date between the words, and holder questions in
"-ing" forms."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.model import understand
from ownergraph.retrieval.question.parser import parse
from ownergraph.retrieval.question.spoken_text import spoken_forms

TODAY = date(2025, 12, 31)


@pytest.mark.parametrize("said, written", [
    ("brimvale ports ess ay", "brimvale ports SA"),
    ("brimvale ports gee em bee aitch", "brimvale ports GMBH"),
    ("brimvale ports gee em bee aitch and co kay gee", "brimvale ports GMBH & Co. KG"),
    ("brimvale ports ell ell see", "brimvale ports LLC"),
    ("brimvale ports pee ell see", "brimvale ports PLC"),
    ("brimvale ports ess ay air ell", "brimvale ports SARL"),
    ("brimvale ports en vee", "brimvale ports NV"),
])
def test_a_legal_form_said_by_its_letters_names_is_written_as_letters(said: str, written: str) -> None:
    assert spoken_forms(said)[0] == written


@pytest.mark.parametrize("text", ["do you see the owners of brimvale", "why are you asking", "oh see you there"])
def test_words_that_are_also_letters_alone_stay_words(text: str) -> None:
    assert spoken_forms(text)[0] == text


def test_a_spoken_legal_form_joins_the_name_and_leaves_the_kind_to_the_question() -> None:
    names = Gazetteer.build(NameRecord(key=n, name=n, names=(n,)) for n in ("Brimvale Ports GmbH & Co. KG", "Tolsen Mills B.V."))
    q = parse("right so what stake did brimvale ports gee em bee aitch and co kay gee have in tolsen mills bee vee "
              "at the end of june twenty twenty two", today=TODAY, names=names)
    assert q.pattern == "stake", q.notes
    assert [m.text for m in q.anchors if m.role != "portfolio"] == ["brimvale ports GMBH & Co. KG", "tolsen mills BV"]
    assert q.as_of == date(2022, 6, 30)


@pytest.mark.parametrize("text, kind", [
    ("Afternoon, the credit desk wants our exposure as of 30 June 2024 to Quarnwell Textiles Ltd including every company "
     "it owns more than half of. Could you send the figures per issuer by Friday? Thanks, Ola", "exposure"),
    ("so how is Quarnwell Textiles Ltd linked to Ostrava Kiln AG through ownership could you walk me through "
     "each step in between", "path"),
])
def test_a_request_after_the_question_that_names_nothing_of_it_is_not_the_question(text: str, kind: str) -> None:
    assert understand(text, today=TODAY).pattern == kind


def test_a_request_that_points_back_to_a_name_before_it_is_still_the_question() -> None:
    q = understand("For Quarnwell Textiles Ltd's credit file, could you list the companies it owns?", today=TODAY)
    assert q.pattern == "holdings", q.notes


@pytest.mark.parametrize("text, kind", [
    ("For the quarterly ESG stewardship memo: Which lenders had loans outstanding to Quarnwell Textiles Ltd at 30 June 2023?",
     "counterparties"),
    ("Carbon attribution workstream: What former names has Quarnwell Textiles Ltd used?", "names"),
    ("Board pack appendix (draft): Which branches does Quarnwell Textiles Ltd have?", "branches"),
])
def test_a_topic_header_before_the_question_decides_no_kind(text: str, kind: str) -> None:
    q = understand(text, today=TODAY)
    assert q.pattern == kind, q.notes
    assert [m.text for m in q.anchors] == ["Quarnwell Textiles Ltd"]


@pytest.mark.parametrize("text, kind", [
    ("Data-quality flag: does any shareholding in Quarnwell Textiles Ltd lack a percentage?", "quality"),
    ("For our ESG review: what is the ESG score of Quarnwell Textiles Ltd?", "unknown"),
])
def test_a_header_that_says_what_is_asked_keeps_its_words(text: str, kind: str) -> None:
    assert understand(text, today=TODAY).pattern == kind


@pytest.mark.parametrize("text", [
    "what was our combined position as at 30 June 2024 in Quarnwell Textiles Ltd and every company it owns over 50%?",
    "our total holding as of last month-end in Quarnwell Textiles Ltd plus its majority-owned subsidiaries, by issuer",
    "can you tell me how much we hold in Quarnwell Textiles Ltd and its majority owned subsidiaries",
])
def test_our_position_in_one_entity_and_what_it_controls_is_exposure(text: str) -> None:
    assert understand(text, today=TODAY).pattern == "exposure"


def test_holders_asked_in_an_ing_form_are_owners() -> None:
    q = understand('Please supply, in respect of Quarnwell Textiles Ltd (the "Company"): (a) the name of each person owning '
                   "shares in the Company at 31 May 2022; and (b) the percentage of the shares held by each such person.", today=TODAY)
    assert q.pattern == "owners", q.notes
