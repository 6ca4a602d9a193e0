"""The kinds' cue words, scored word-order free (wording invented here, not from the corpus)."""

from __future__ import annotations

import pytest

from ownergraph.domain.vocabulary import KINDS
from ownergraph.retrieval.kinds import BY_PRECEDENCE
from ownergraph.retrieval.question.kind_cues import CUES, kind_by_cues, overruled, refined

ORDER = tuple(s.name for s in BY_PRECEDENCE)


def test_every_kind_has_cues() -> None:
    assert set(CUES) == set(KINDS)


@pytest.mark.parametrize(("text", "kind"), [
    ("which individuals ultimately control N", "owners"),
    ("the size of N's holding in M", "stake"),
    ("how exposed are we to N", "exposure"),
    ("knock-on effects of an N credit event", "contagion"),
    ("how N and M are related", "path"),
    ("SDN proximity for N", "sanctions_near"),
    ("does N end up owning a piece of itself", "cycles"),
    ("topco of N", "parents"),
    ("delta in the shareholders of N", "diff"),
    ("DQ flags on N", "quality"),
    ("who extended credit to N", "counterparties"),
    ("what N holds", "holdings"),
    ("immediate neighbours of N", "neighbourhood"),
    ("chronology of N", "events"),
    ("N f/k/a", "names"),
    ("head office of N", "branches"),
    ("the N group perimeter", "group"),
])
def test_a_question_worded_another_way_is_read_by_its_words(text: str, kind: str) -> None:
    assert kind_by_cues(text, ORDER) == kind


@pytest.mark.parametrize("text", ["what is the weather in London", "book me a meeting with N", "EBITDA of N"])
def test_words_of_no_kind_choose_none(text: str) -> None:
    assert kind_by_cues(text, ORDER) is None


def test_a_broad_rule_with_weak_words_gives_way_and_a_sure_one_does_not() -> None:
    assert overruled("gaps or inconsistencies in the ownership data", "owners", ORDER) == "quality"
    assert overruled("who owns N and since when", "owners", ORDER) is None
    assert overruled("who lends to N", "counterparties", ORDER) is None


def test_an_exposure_to_sanctioned_parties_is_a_screening() -> None:
    assert refined("do we hold anything owned by sanctioned parties", "exposure") == "screening"
    assert refined("how much do we hold in N", "exposure") is None


def test_what_a_named_entity_owns_within_n_hops_stays_a_holdings_question() -> None:
    # "within 1 hop" is a neighbourhood cue, but "what does X own" asks for X's holdings
    from ownergraph.retrieval.question.work_text import MASK_WORD

    assert overruled(f"what does {MASK_WORD} own within 1 hop", "holdings", ORDER) is None
    assert overruled(f"who is within 2 hops of {MASK_WORD}", "holdings", ORDER) == "neighbourhood"
