"""Words of a text as terms of the full-text index of the graph's names (``entity_names`` in
``cypher/graph/store/schema.cypher``: entity names and alias values, case and accents folded).

The text never becomes Cypher: the terms are one string passed as a query parameter. Each word is
letters and digits only (Lucene's operators and quotes cannot appear; lower case, so "and", "or"
and "not" are words, not operators); a word of five letters or more also matches one edit away
(eight or more: two), so a typo still finds the name. At most ``MAX_TERMS`` words, the longest
first (the rarest, as a rule)."""

from __future__ import annotations

import re
import unicodedata

__all__ = ["MAX_TERMS", "full_text_terms", "lei_words"]

MAX_TERMS = 24
_WORD = re.compile(r"[^\W_]+")
_LEI = re.compile(r"\b[A-Z0-9]{18}[0-9]{2}\b")


def _folded(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


def full_text_terms(text: str, *, fuzzy_words: frozenset[str] = frozenset()) -> str:
    """The words of ``text`` as an OR of full-text terms ("" when it has none); words in
    ``fuzzy_words`` (folded: the words of questions) are matched as written, never one edit away."""
    words = list(dict.fromkeys(_folded(w) for w in _WORD.findall(text.replace("'", "").replace("\u2019", ""))))
    words = [w for w in words if w.isalnum()]
    words = sorted(words, key=len, reverse=True)[:MAX_TERMS]
    terms = []
    for w in words:
        terms.append(w)
        if len(w) >= 5 and w.isascii() and not w.isdigit() and w not in fuzzy_words:
            terms.append(f"{w}~{1 if len(w) < 8 else 2}")
    return " ".join(terms)


def lei_words(text: str) -> list[str]:
    """The words of ``text`` shaped like an LEI (20 characters, the last two digits)."""
    return list(dict.fromkeys(m.group(0) for m in _LEI.finditer(text.upper())))
