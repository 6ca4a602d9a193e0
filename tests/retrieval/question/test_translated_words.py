"""Issue 30, session 9: English translated word for word from German or French finance wording
("the proprietors of the society X to the key date D") read as an analyst's words. Invented entities."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import parse
from ownergraph.retrieval.question.translated_words import plain_english

DAY = date(2025, 12, 31)


@pytest.mark.parametrize(("translated", "plain"), [
    ("the proprietors of the society", "the shareholders of the company"),
    ("Which mother society consolidates", "Which parent company consolidates"),
    ("our engagement towards", "our exposure to"),
    ("circular participations", "circular shareholding"),
    ("the Royal Society of Arts", "the Royal Society of Arts"),  # a name's capitalised word stays
])
def test_false_friends_read_as_english(translated: str, plain: str) -> None:
    assert plain_english(translated)[0] == plain


@pytest.mark.parametrize(("question", "kind", "as_of"), [
    ("Who are the proprietors of the society Acme Holdings GmbH & Co. KG to the key date 31.12.2025?", "owners",
     date(2025, 12, 31)),
    ("Which quota of the capital of Acme Holdings AG possesses Borealis Finance B.V. on the 30. June 2025?", "stake",
     date(2025, 6, 30)),
    ("How high is our engagement towards Acme Holdings AG inclusive of the dominated enterprises at the date of "
     "30.09.2025?", "exposure", date(2025, 9, 30)),
    ("Which creditors are touched when Acme Holdings AG falls into insolvency at the date of 31.12.2024?",
     "contagion", date(2024, 12, 31)),
    ("Which circular participations exist in the total data at the date of 31.12.2024?", "cycles",
     date(2024, 12, 31)),
    ("Which mother society consolidates Acme Holdings AG in the group accounts to the key date 30.09.2025?",
     "parents", date(2025, 9, 30)),
    ("Which modifications of the shareholder circle of Acme Holdings AG occurred between 31.12.2023 and "
     "30.06.2024?", "diff", None),
    ("Stands Borealis Finance B.V. under sanctions to the key date 30.06.2022?", "sanctions_near", date(2022, 6, 30)),
])
def test_translated_questions_are_read(question: str, kind: str, as_of: date | None) -> None:
    q = parse(question, today=DAY)
    assert q.pattern == kind
    assert q.as_of == as_of
    assert "the total data" not in [m.text for m in q.anchors]
