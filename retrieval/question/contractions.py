"""Contractions read as the words they stand for (issue 30: analysts' own words): "who's" as
"who is", "what's" as "what is", "doesn't" as "does not", "can't" as "cannot", "they're" as
"they are". The kinds' rules are written on the full words ("who is directly connected to X" is a
neighbourhood question), so a contraction must not hide them. Only the words that are a
contraction whatever follows are read: a name's possessive ("Acme's owners") stays as written,
and "'d" (had or would) is left alone. "X's been" / "what's happened" read as "has"."""

from __future__ import annotations

import re

from ownergraph.retrieval.question.work_text import quoted

__all__ = ["without_contractions"]

_I = re.I
# the words before "'s" that make it "is" (or "has" before a past participle), never a possessive
_IS_WORDS = r"who|what|where|when|how|why|there|here|that|it|which|whose|he|she"
_HAS_AFTER = r"been|got|gotten|had|happened|changed|gone|become|owned|held|lent|guaranteed|taken"
_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\b({_IS_WORDS})'s\s+(?=(?:{_HAS_AFTER})\b)", _I), r"\1 has "),
    (re.compile(rf"\b({_IS_WORDS})'s\b", _I), r"\1 is"),
    (re.compile(r"\b(let)'s\b", _I), r"\1 us"),
    (re.compile(r"\b(ca)n't\b", _I), r"\1nnot"),
    (re.compile(r"\b(w)on't\b", _I), r"\1ill not"),
    (re.compile(r"\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must|need)n't\b", _I), r"\1 not"),
    (re.compile(r"\b(you|we|they|who|what)'re\b", _I), r"\1 are"),
    (re.compile(r"\b(i|you|we|they|who)'ve\b", _I), r"\1 have"),
    (re.compile(r"\b(i)'m\b", _I), r"\1 am"),
    (re.compile(r"\b(i|you|we|they|he|she|it|who)'ll\b", _I), r"\1 will"),
)


def without_contractions(text: str) -> tuple[str, list[str]]:
    """``text`` with its contractions spelt out; a note when any was."""
    plain = text
    for rx, full in _RULES:
        plain = rx.sub(full, plain)
    return plain, ([f"read the contractions in full: {quoted(plain)}"] if plain != text else [])
