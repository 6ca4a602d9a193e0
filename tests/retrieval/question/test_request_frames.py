"""The question inside a request: greetings, context, request frames and sign-offs blanked,
every span kept in place (wording invented here, not from the question corpus)."""

from __future__ import annotations

import pytest

from ownergraph.retrieval.question.request_frames import blank_frames, frame_end
from ownergraph.retrieval.question.work_text import PH_CLOSE, PH_OPEN


@pytest.mark.parametrize(("text", "question"), [
    ("Morning all, could you kindly find out who lends to Alder Ltd? Cheers", "who lends to Alder Ltd"),
    ("For the audit file I'd be grateful if you could tell me whether Alder Ltd is sanctioned. Kind regards",
     "Alder Ltd is sanctioned"),
    ("hi there can you check who controls alder ltd thanks", "who controls alder ltd"),
    ("The risk team wants to understand how much we have lent to Alder Ltd; could someone look into this?",
     "how much we have lent to Alder Ltd"),
    ("Sorry to bother you again - do you know when Alder Ltd changed its name?", "when Alder Ltd changed its name"),
    ("We are trying to establish which companies Alder Ltd holds. With thanks", "which companies Alder Ltd holds"),
])
def test_the_question_is_what_is_left(text: str, question: str) -> None:
    blanked, framed = blank_frames(text)
    assert framed
    assert len(blanked) == len(text)  # spans found later stay where they are
    assert " ".join(blanked.split()).rstrip("?.") == question


@pytest.mark.parametrize("text", [
    "Who owns Alder Ltd as of 30 June 2024?",
    "stake Alder Ltd in Birch AG 2024-06-30",
    "Identify all natural persons exercising control over Alder Ltd.",
    "who owns the data",  # 'ta' inside a word is no sign-off
])
def test_a_plain_question_is_left_alone(text: str) -> None:
    assert blank_frames(text) == (text, False)
    assert frame_end(text) == 0


def test_a_name_in_the_blanked_context_is_kept_for_a_pronoun() -> None:
    name = f"{PH_OPEN}0{PH_CLOSE}"
    text = f"Hello, I am reviewing {name} and would be grateful if you could list everything it owns. Thank you"
    blanked, _ = blank_frames(text)
    assert name in blanked and "reviewing" not in blanked and "list everything it owns" in blanked
    assert blank_frames(text, keep_names=False)[0].count(PH_OPEN) == 0
