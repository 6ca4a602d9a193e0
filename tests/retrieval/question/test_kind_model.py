"""The learned kind model: trained here on invented questions, it gives a kind where the rules
find none and never replaces the kind of a sure rule (wording invented here, not from the corpus)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.kind_model import KindModel, guess_kind, model_in_use, train
from ownergraph.retrieval.question.parser import parse

DAY = date(2025, 6, 30)

TOY = [
    ("zorbing chain of QZXNAMEQZX", "cycles"), ("zorbing loop at QZXNAMEQZX", "cycles"),
    ("QZXNAMEQZX zorbing report", "cycles"),
    ("fleeb perimeter of QZXNAMEQZX", "group"), ("the fleeb perimeter QZXNAMEQZX", "group"),
    ("QZXNAMEQZX fleeb members", "group"), ("zorbing group of QZXNAMEQZX", "group"),
    ("the zorbing group QZXNAMEQZX", "group"),
    ("what is the weather", "unknown"), ("book a meeting room", "unknown"), ("lunch menu today", "unknown"),
]


@pytest.fixture(scope="module")
def toy() -> KindModel:
    return train(TOY, min_count=1)


def test_the_model_reads_kinds_of_made_up_words(toy: KindModel) -> None:
    assert toy.best("zorbing check QZXNAMEQZX").kind == "cycles"
    assert toy.best("QZXNAMEQZX fleeb perimeter please").kind == "group"
    assert toy.best("weather and lunch menu").kind == "unknown"


def test_a_misspelt_word_still_counts(toy: KindModel) -> None:  # the character n-grams
    assert toy.best("zorbbing loops of QZXNAMEQZX").kind == "cycles"


def test_the_model_gives_a_kind_where_no_rule_matches(toy: KindModel) -> None:
    text = 'Zorbing group of "Acme Widgets Ltd"?'  # "group" alone: a weak cue, no rule
    with model_in_use(None):
        assert parse(text, today=DAY).pattern == "unknown"
    with model_in_use(toy):
        q = parse(text, today=DAY)
    assert q.pattern == "group"
    assert any("kind model" in n for n in q.notes)


def test_no_kind_without_one_of_its_words(toy: KindModel, monkeypatch: pytest.MonkeyPatch) -> None:
    from ownergraph.retrieval.question import parser as parser_module

    text = 'Zorbing chain of "Acme Widgets Ltd"?'  # the model says cycles, but no cycles word is there
    assert toy.best("zorbing chain of QZXNAMEQZX").kind == "cycles"
    monkeypatch.setattr(parser_module, "GATE_FREE_P", 1.01)  # the toy is surer than the shipped threshold
    with model_in_use(toy):
        assert parse(text, today=DAY).pattern == "unknown"


def test_the_model_never_replaces_a_sure_rule(toy: KindModel) -> None:
    sure = ["Who are the ultimate beneficial owners of Acme Widgets Ltd?",  # a rule its cues confirm
            "Fleeb perimeter: who are the beneficial owners of Acme Widgets Ltd?"]
    for text in sure:
        with model_in_use(None):
            alone = parse(text, today=DAY).pattern
        with model_in_use(toy):
            assert parse(text, today=DAY).pattern == alone == "owners"


def test_an_unrelated_question_stays_unknown(toy: KindModel) -> None:
    with model_in_use(toy):
        assert parse("What is the weather in Acme Widgets Ltd's town?", today=DAY).pattern == "unknown"


def test_without_a_model_there_is_no_guess() -> None:
    with model_in_use(None):
        assert guess_kind("anything") is None


def test_the_model_survives_its_file_format(toy: KindModel) -> None:
    again = KindModel.from_json(toy.to_json())
    assert again.best("zorbing loop QZXNAMEQZX") == toy.best("zorbing loop QZXNAMEQZX")


@pytest.mark.parametrize(("text", "kind"), [
    # new registers, written here: the shipped model, where the rules find no kind
    ("Minute for the board: set out the undertakings making up the group of Acme Widgets Ltd.", "group"),
    ("acme widgets ltd cyclical ownership check 30jun25", "cycles"),  # the owners rule, unsure
])
def test_the_shipped_model_reads_new_wordings(text: str, kind: str) -> None:
    assert parse(text, today=DAY).pattern == kind


def test_a_sure_model_needs_no_cue_word(toy: KindModel, monkeypatch: pytest.MonkeyPatch) -> None:
    """Session 9: where no rule or cue reads a kind, a model as sure as ``GATE_FREE_P`` gives it
    without one of its cue words; below, never (``test_no_kind_without_one_of_its_words``)."""
    from ownergraph.retrieval.question import parser as parser_module

    text = 'Zorbing chain of "Acme Widgets Ltd"?'
    p = toy.best("zorbing chain of QZXNAMEQZX").probability
    monkeypatch.setattr(parser_module, "GATE_FREE_P", p - 0.01)
    with model_in_use(toy):
        assert parse(text, today=DAY).pattern == "cycles"
    monkeypatch.setattr(parser_module, "GATE_FREE_P", p + 0.01)
    with model_in_use(toy):
        assert parse(text, today=DAY).pattern == "unknown"
