"""Issue 30, session 17: a note or an error that repeats the question quotes it in English
quotation marks, not as a Python repr ('...' with escapes)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.domain.errors import OwnergraphError
from ownergraph.retrieval.answer.graph_retriever import GraphRetriever
from ownergraph.retrieval.question.model import parse

TODAY = date(2026, 12, 7)


@pytest.mark.parametrize(("question", "note_start"), [
    ("hello desk, could you let me know who lends to Ambry Forge Ltd? many thanks", "read the question inside the request: "),
    ("who's the owner of Ambry Forge Ltd and what's their stake?", "read the contractions in full: "),
])
def test_a_note_quotes_the_question_in_english(question: str, note_start: str) -> None:
    notes = [n for n in parse(question, today=TODAY).notes if n.startswith(note_start)]
    assert notes, parse(question, today=TODAY).notes
    quoted = notes[0][len(note_start):]
    assert quoted.startswith("\u201c") and quoted.endswith("\u201d") and "'" not in quoted[:1]


def test_an_unanswerable_kind_quotes_the_question_in_english() -> None:
    q = parse("what's the weather like at Ambry Forge Ltd?", today=TODAY)
    with pytest.raises(OwnergraphError) as err:
        GraphRetriever(None).search(q, as_of=None, known_at=None, anchors=[])  # type: ignore[arg-type]
    assert "\u201cwhat's the weather like at Ambry Forge Ltd?\u201d" in str(err.value)
