"""Typos in a question's own words ("ledners", "ownorship", "sharehoolders", "cyclus"): a
lower-case word that is not a question word but is one or two edits from exactly one is read as
that word, so that the kind rules see it. Capitalised words are names: never touched (the
graph's names have their own typo handling, ``gazetteer``)."""

from __future__ import annotations

import re

from ownergraph.retrieval.question.common_words import COMMON
from ownergraph.retrieval.question.edits import deletes, edit_distance

__all__ = ["correct_words"]

_MORE = """cycles cyclic exposure guarantors sanctioned sanctions positions subsidiaries shareholders
ownership percentage between quality problems branches everything controls identifiers lenders
neighbourhood neighborhood contagion screening proximity effective structure structures accounting
holdings financed financing borrowers creditors exception exceptions reporting registered affiliates
portfolio network changes changed happened deficiencies circular designated"""
# English words near a question word that are words of their own ("across" is not "cross")
_ENGLISH = frozenset("""across against among amongst along behind beyond during except inside outside toward
towards whether without within whose those these there their where which while would could should
owner owned owning lender lends loaned holder holds holding shared sharing parent parents borrow borrowed
sanction guarantee guaranteed change changed changes exposed controls control cycle circle cross
quarter quarters years months dates moment latest earlier later lately
creditor debtor borrower guarantor obligor investor investee affiliate""".split())
VOCABULARY: frozenset[str] = frozenset(w for w in COMMON | set(_MORE.split()) if len(w) >= 6)
_WORD = re.compile(r"(?<![\w'])[a-z][a-z\-]{5,}(?![\w'])")  # six letters or more


_BY_DELETE: dict[str, set[str]] = {}
for _w in VOCABULARY:
    for _d in deletes(_w):
        _BY_DELETE.setdefault(_d, set()).add(_w)


_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
_VOWELS = frozenset("aeiouy")


def _neighbours(a: str, b: str) -> bool:
    """Two letters a finger slips between: next to each other on a keyboard (row or the rows
    above and below), or two vowels (a sound misspelt)."""
    if a in _VOWELS and b in _VOWELS:
        return True
    at = {c: (r, i) for r, row in enumerate(_ROWS) for i, c in enumerate(row)}
    if a not in at or b not in at:
        return True  # a hyphen, an accent: no keyboard reasoning
    (ra, ia), (rb, ib) = at[a], at[b]
    return abs(ra - rb) <= 1 and abs(ia - ib) <= 1


def _a_slip(word: str, target: str) -> bool:
    """One letter written for another is a typo only where the two are neighbours: "charge" is a
    word, not "change" misspelt (r and n are far apart); other edits (a letter left out, doubled,
    two swapped) are, but not at the word's first letter."""
    if word[0] != target[0]:
        return False  # a word's first letter is seldom the slip: "ending" is a word, not "lending" misspelt
    if len(word) != len(target):
        return True
    diff = [(a, b) for a, b in zip(word, target) if a != b]
    return len(diff) != 1 or _neighbours(*diff[0])


_KNOWN = COMMON | VOCABULARY | _ENGLISH
_INFLECTION = re.compile(r"(?:s|es|ed|d|ing|er|ers|ly)$")


def _inflected(word: str) -> bool:
    """A known word with an inflection ("holders", "guarantees", "lendings"): a word, no typo."""
    m = _INFLECTION.search(word)
    if m is None or (m.group(0) == "s" and word[:m.start()].endswith(("ed", "ing", "ly"))):
        return False  # "limiteds" is "limited" misspelt, not a plural
    return any(stem in _KNOWN for stem in (word[:m.start()], word[:m.start()] + "e"))


def _nearest(word: str) -> str | None:
    if word in _KNOWN or "-" in word or _inflected(word):
        return None
    near = sorted({t for d in deletes(word) for t in _BY_DELETE.get(d, ())}, key=lambda t: (edit_distance(word, t), t))
    if not near:
        return None
    best = edit_distance(word, near[0])
    if best > 1:  # one edit only: two turn English words into others ("connecting" -> "connection")
        return None
    if len(near) > 1 and edit_distance(word, near[1]) == best:
        return None  # two words as near: leave it
    return near[0] if _a_slip(word, near[0]) else None


def correct_words(text: str) -> tuple[str, list[str]]:
    """``text`` with misspelt question words corrected, and a note per correction."""
    notes: list[str] = []

    def fix(m: re.Match[str]) -> str:
        word = _nearest(m.group(0))
        if word is None:
            return m.group(0)
        notes.append(f"read {m.group(0)!r} as {word!r}")
        return word

    return _WORD.sub(fix, text), notes
