"""The corpus labels one shape one way in every set (issue 30): a question for the lenders and
guarantors of X is a counterparties question; it is a contagion question only with words of a
default or a loss ("if X defaults", "who would bear the loss"). Set 11 labelled four plain lists
contagion (session 14 relabelled them: README, "Held-out set 11", Corrections)."""

from __future__ import annotations

import json
import re
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "question_corpus"
_CREDIT = re.compile(r"\b(?:lend\w*|lent|loans?)\b.*\bguarant\w*|\bguarant\w*.*\b(?:lend\w*|lent|loans?)\b", re.I)
_LOSS = re.compile(r"default|\bfail|\bgo(?:es)?\s+(?:under|bust)|\bwent\s+(?:under|bust)|insolv|bankrupt|\bloss|\blose|\bhit\b|"
                   r"\bbear\b|exposed|affected|knock-on|impact|collaps|miss(?:ed)?\s+a\s+(?:payment|coupon)|on\s+the\s+hook|"
                   r"downside|hurt|stress", re.I)


def _rows() -> list[dict]:
    return [json.loads(line) for f in sorted(CORPUS.glob("*.jsonl"))
            for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_lenders_and_guarantors_are_contagion_only_with_a_loss() -> None:
    credit = [r for r in _rows() if r["expected"]["kind"] in ("contagion", "counterparties") and _CREDIT.search(r["question"])]
    wrong = [(r["id"], r["expected"]["kind"]) for r in credit
             if r["expected"]["kind"] != ("contagion" if _LOSS.search(r["question"]) else "counterparties")]
    assert len(credit) > 50 and wrong == []
