"""Questions worded the way analysts write them, in the corpus's test-half styles (wordy,
conversational, lowercase, trade jargon), read by the parser with the example bundle's names.

The questions are the helper-written paraphrase sets in ``tests/fixtures/question_paraphrases``
(none is copied from the question corpus): ``tune.jsonl`` was used to develop the parser's
request frames and kind cues, ``check.jsonl`` was written afterwards and scored before it was
tuned on (bench/questions/results/paraphrase-check-*.json), ``heldout.jsonl`` was written after all
work on those two and scored once before it was tuned on (paraphrase-heldout-*.json). Each question must be read as its
kind, with its entities and dates; the few the parser still misreads are listed with why, and
fail the test when they start to pass (so that the list stays true)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from ownergraph.retrieval.question.by_names import with_graph_names
from ownergraph.retrieval.question.model import parse
from tests.retrieval.question.bundle_names import bundle_gazetteer, family_keys, keys_of

HERE = Path(__file__).resolve().parents[2] / "fixtures" / "question_paraphrases"
ROWS = [json.loads(line) for name in ("tune.jsonl", "check.jsonl", "heldout.jsonl")
        for line in (HERE / name).read_text(encoding="utf-8").splitlines() if line.strip()]
BUNDLE_ROWS = [r for r in ROWS if r["source"] == "bundle"]

# read wrong today, and why (each is an xfail that must keep failing)
KNOWN_MISSES = {
    "pc-045": "'which businesses does X have a stake in': the stake rule's words ('stake in') as strong as the list's",
    "pc-056": "'the A / B merger': only the first of the two parties is found",
}


def _read(row: dict) -> tuple[str, list[frozenset[str]], dict]:
    g = bundle_gazetteer()
    day = date.fromisoformat(row["expected"]["session_day"])
    q = with_graph_names(parse(row["question"], today=day, names=g), g)
    said = [family_keys(g, m.text) if m.kind_hint == "family" else keys_of(g, m.text)
            for m in q.anchors if m.role != "portfolio"]
    iso = lambda d: d.isoformat() if d else None  # noqa: E731
    return q.pattern, said, {"as_of": iso(q.as_of), "known_at": iso(q.known_at), "from": iso(q.date_from),
                             "to": iso(q.date_to)}


def _expected_dates(exp: dict) -> dict:
    if exp["kind"] == "diff":
        return {"from": exp.get("from"), "to": exp.get("to"), "known_at": exp["known_at"]}
    return {"as_of": exp["as_of"], "known_at": exp["known_at"]}


@pytest.mark.parametrize("row", [pytest.param(r, id=r["id"], marks=pytest.mark.xfail(
    reason=KNOWN_MISSES[r["id"]], strict=True)) if r["id"] in KNOWN_MISSES else pytest.param(r, id=r["id"])
    for r in BUNDLE_ROWS])
def test_paraphrase_is_read_right(row: dict) -> None:
    exp = row["expected"]
    kind, said, dates = _read(row)
    assert kind == exp["kind"], row["question"]
    if exp["kind"] == "unknown":
        return
    g = bundle_gazetteer()
    want = [keys_of(g, a) for a in exp["anchors"]]
    got = frozenset().union(*said) if said else frozenset()
    assert all(w and w <= got for w in want) and got <= frozenset().union(*want, frozenset()), (row["question"], said)
    assert {k: dates[k] for k in _expected_dates(exp)} == _expected_dates(exp), row["question"]
