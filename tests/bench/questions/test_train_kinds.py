"""The kind model's training text: the parser's working copy with the expected anchors masked."""

from __future__ import annotations

from bench.questions.train_kinds import fit, training_text
from ownergraph.retrieval.question.work_text import MASK_WORD


def _row(question: str, kind: str, anchors: list[str]) -> dict:
    return {"question": question, "key_facts": [],
            "expected": {"kind": kind, "anchors": anchors, "session_day": "2025-06-30"}}


def test_the_anchors_are_masked_and_dates_blanked() -> None:
    text = training_text(_row("who zorbs Quillon Brackett at 30 June 2024", "owners", ["Quillon Brackett"]))
    assert "quillon" not in text.lower() and MASK_WORD in text and "2024" not in text


def test_a_model_fits_rows() -> None:
    rows = [_row(f"zorb chain of Quillon Brackett {i}", "cycles", ["Quillon Brackett"]) for i in range(3)]
    rows += [_row(f"fleeb group of Quillon Brackett {i}", "group", ["Quillon Brackett"]) for i in range(3)]
    assert fit(rows).best(f"fleeb group {MASK_WORD}").kind == "group"
