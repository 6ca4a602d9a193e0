"""Meaning-preserving perturbations (``bench.questions.perturb``) keep a right reading right: a
sample of the corpus's development questions about the example bundle, read by the parser with
the bundle's names (no server), each read again after every perturbation that applies to it.
The full count over every set, with the graph, is ``python -m bench.questions.robustness``."""

from __future__ import annotations

import json
from datetime import date
from functools import cache
from pathlib import Path

import pytest

from bench.questions.perturb import PERTURBATIONS, date_forms, perturb
from ownergraph.retrieval.question.by_names import with_graph_names
from ownergraph.retrieval.question.model import parse
from tests.retrieval.question.bundle_names import bundle_gazetteer, family_keys, keys_of

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "question_corpus" / "corpus.jsonl"
EVERY = 6  # every 6th development question about the bundle: ~34 questions, ~600 readings


def _reading(question: str, day: date) -> tuple[str, frozenset[str], tuple]:
    g = bundle_gazetteer()
    q = with_graph_names(parse(question, today=day, names=g), g)
    keys = frozenset().union(*(family_keys(g, m.text) if m.kind_hint == "family" else keys_of(g, m.text)
                               for m in q.anchors if m.role != "portfolio"))
    return q.pattern, keys, (q.as_of, q.known_at, q.date_from, q.date_to)


@cache
def _sample() -> list[dict]:
    rows = [json.loads(ln) for ln in CORPUS.read_text(encoding="utf-8").splitlines() if ln.strip()]
    return [r for r in rows if r["split"] == "dev" and r["source"] == "bundle"][::EVERY]


def _cases() -> list[tuple[str, str, str, dict]]:
    return [(r["id"], name, text, r) for r in _sample() for name, text in perturb(r["question"], r["expected"]).items()]


@pytest.mark.parametrize(("rid", "name", "text", "row"), [pytest.param(*c, id=f"{c[0]}-{c[1]}") for c in _cases()])
def test_a_perturbation_keeps_the_reading(rid: str, name: str, text: str, row: dict) -> None:
    day = date.fromisoformat(row["expected"]["session_day"])
    assert _reading(text, day) == _reading(row["question"], day), (name, text)


def test_the_sample_covers_every_perturbation() -> None:
    applied = {name for _, name, _, _ in _cases()}
    assert applied == set(PERTURBATIONS), set(PERTURBATIONS) - applied


def test_a_date_is_rewritten_as_the_same_day() -> None:
    exp = {"as_of": "2024-06-30", "anchors": ["Harbourline Shipping Limited"], "session_day": "2024-07-15"}
    out = perturb("who owns Harbourline Shipping Limited as of 30 June 2024?", exp)
    assert out["date_dmy_slash"].endswith("as of 30/06/2024?") and out["date_dd_mon_yy"].endswith("as of 30-Jun-24?")
    assert out["date_period_end"].endswith("as of H1 2024 end?")
    assert out["quoted_name"] == 'who owns "Harbourline Shipping Limited" as of 30 June 2024?'
    assert "date_iso" in out and date_forms(date(2024, 3, 31))["date_period_end"] == "Q1 2024 end"
    assert out["date_relative_formal"].endswith("as of the close of the preceding quarter?")  # 30 June: the last quarter end
    assert "date_iso" not in perturb("who owns X as of last quarter end?", {"as_of": "2024-06-30", "session_day": "2024-07-15"})
    assert "date_relative_plain" not in perturb("who owns X as of 31 March 2024?",
                                                {"as_of": "2024-03-31", "session_day": "2024-07-15"})
