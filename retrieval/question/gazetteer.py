"""Mentions found by the graph's own names (issue 30): the names, previous names, aliases and
identifiers of the graph's entities looked up in a question's text. The longest
non-overlapping spans win; case, punctuation and legal forms are folded (``name_text``); a
word one or two edits from a name's word counts as that word (typos); capitalisation only
breaks ties. Words around a name never join it: a span is a whole name, or a name's leading
words ("Valtora" for "Valtora Investments Ltd"), never more."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from ownergraph.retrieval.question.common_words import COMMON
from ownergraph.retrieval.question.edits import deletes, edit_distance
from ownergraph.retrieval.question.name_text import LEGAL_FORMS, Token, tokens

__all__ = ["Gazetteer", "Hit", "NameRecord"]

FULL, SHORT, PREFIX = 3, 2, 1  # how a span names an entity: whole name, without legal form, leading words
_MIN_FUZZY = 5  # shorter words are not corrected ("Acme" vs "Acne" is a different name)
# legal forms spelt out, as typo targets ("Liimted" -> limited -> ltd)
_FORM_WORDS = {"limited": "ltd", "incorporated": "inc", "corporation": "corp", "company": "co",
               "aktiengesellschaft": "ag", "holdings": "holdings"}


@dataclass(frozen=True)
class NameRecord:
    key: str
    name: str
    names: tuple[str, ...]  # the name, previous names, aliases, identifiers


@dataclass(frozen=True)
class Hit:
    start: int  # character span in the question
    end: int
    keys: tuple[str, ...]  # the entities it may name (several: ambiguous)
    name: str  # the graph's name of the first
    strength: int  # FULL / SHORT / PREFIX
    typos: int


@dataclass
class Gazetteer:
    index: dict[tuple[str, ...], dict[str, int]] = field(default_factory=lambda: defaultdict(dict))
    names: dict[str, str] = field(default_factory=dict)
    deletes: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    longest: int = 1
    limited: int = 0  # built from the best N entities for a text's words, of more (0: every name)

    @classmethod
    def build(cls, records: Iterable[NameRecord], *, limited: int = 0) -> Gazetteer:
        g = cls(limited=limited)
        for word in _FORM_WORDS:
            for d in deletes(word):
                g.deletes[d].add(word)
        for r in records:
            g.names[r.key] = r.name
            for n in r.names:
                g._add(r.key, n)
                for variant in [*_branch_variants(n), *_reversed_person(n)]:
                    g._add_whole(r.key, variant)
        return g

    def _add(self, key: str, name: str) -> None:
        toks = tuple(t.norm for t in tokens(name))
        if not toks or (len(toks) == 1 and toks[0].isdigit() and len(toks[0]) < 6) or _only_form(toks):
            return  # a short number, or a legal form alone (a record named "LIMITED") names nothing
        self._put(toks, key, FULL)
        core = _without_form(toks)
        if core != toks and core and not _all_common(core):
            self._put(core, key, SHORT)
        head = _before_form(toks)  # "Fraport AG Frankfurt Airport Services Worldwide" -> "fraport"
        if head and head != core and not _all_common(head):
            self._put(head, key, SHORT)
        for n in range(1, len(core)):  # leading words: the first one must not be a common word
            if core[0] not in COMMON and len(core[0]) >= 3 and not _all_common(core[:n]):
                self._put(core[:n], key, PREFIX)
        for t in toks:
            if len(t) >= _MIN_FUZZY and not t.isdigit():
                for d in deletes(t):
                    self.deletes[d].add(t)

    def _add_whole(self, key: str, name: str) -> None:
        """Another way of writing a name: found whole (with or without its legal form), never by
        its leading words ("London" alone names no branch)."""
        toks = tuple(t.norm for t in tokens(name))
        core = _without_form(toks)
        if _only_form(toks):
            return
        self._put(toks, key, FULL)
        if core != toks:
            self._put(core, key, SHORT)

    def _put(self, toks: tuple[str, ...], key: str, strength: int) -> None:
        have = self.index[toks]
        have[key] = max(have.get(key, 0), strength)
        self.longest = max(self.longest, len(toks))

    def find(self, text: str) -> list[Hit]:
        """The names in ``text``: longest spans first, then the strongest, then capitalised."""
        toks = tokens(text)
        fixed = [self._correct(t.norm) for t in toks]
        found = [h for i in range(len(toks)) for h in self._at(text, toks, fixed, i)]
        found.sort(key=lambda h: (-(h[0]), -h[1].strength, h[1].typos, -h[2], h[1].start))
        chosen: list[Hit] = []
        for _, hit, _ in found:
            if all(hit.end <= c.start or hit.start >= c.end for c in chosen):
                chosen.append(hit)
        return sorted(_without_short_references(chosen), key=lambda h: h.start)

    def _at(self, text: str, toks: list[Token], fixed: list[str], i: int) -> list[tuple[int, Hit, float]]:
        out = []
        for n in range(min(self.longest, len(toks) - i), 0, -1):
            span = toks[i:i + n]
            words = tuple(fixed[i:i + n])
            entry = self.index.get(words)
            if not entry:
                continue
            typos = sum(a.norm not in (b, b + "s") for a, b in zip(span, words))  # "ltds", "petrovs": a possessive
            strength = max(entry.values())
            if not _plausible(span, words, typos, strength) or (typos and n == 1 and _label(text, span[0])):
                continue
            keys = tuple(sorted(k for k, s in entry.items() if s == strength))
            caps = sum(t.capital for t in span) / n
            out.append((n, Hit(span[0].start, span[-1].end, keys, self.names.get(keys[0], keys[0]), strength, typos), caps))
        return out

    def _correct(self, word: str) -> str:
        """The name word one or two edits away, when there is exactly one nearest."""
        if word in COMMON or word.isdigit() or (word,) in self.index or self._known(word):
            return word
        bare = word[:-1] if word.endswith("s") and len(word) > 3 else ""
        if bare and (bare in LEGAL_FORMS or (bare,) in self.index or self._known(bare)):
            return bare  # a possessive written without its apostrophe ("valtora investments ltds holdings")
        if len(word) < _MIN_FUZZY:
            return word
        near = {t for d in deletes(word) for t in self.deletes.get(d, ())}
        best = sorted(near, key=lambda t: (edit_distance(word, t), t))
        if best and edit_distance(word, best[0]) <= (1 if len(word) < 8 else 2):
            if len(best) == 1 or edit_distance(word, best[0]) < edit_distance(word, best[1]):
                return _FORM_WORDS.get(best[0], best[0])
        return word

    def correct(self, word: str) -> str:
        """A word as the graph's names spell it (itself when no name word is near)."""
        return self._correct(word.casefold())

    def _known(self, word: str) -> bool:
        return word in self.deletes.get(word, ())


_BRANCH_NAME = re.compile(r"^(?P<head>.+?),?\s+(?P<place>[^\s,]+(?:\s+[^\s,]+)?)\s+branch$", re.I)


def _branch_variants(name: str) -> list[str]:
    """"Granite Bank AG, London Branch" is also written "the London branch of Granite Bank AG"."""
    m = _BRANCH_NAME.match(name.strip())
    return [f"{m.group('place')} Branch of {m.group('head')}"] if m else []


def _reversed_person(name: str) -> list[str]:
    """A two-word name without a legal form is also written surname first ("Maestri Luca" in a
    Form 4, "Luca Maestri" in a question)."""
    words = name.split()
    if len(words) != 2 or any(t.norm in LEGAL_FORMS or t.norm in COMMON for t in tokens(name)):
        return []
    return [f"{words[1]} {words[0]}"]


def _without_short_references(hits: list[Hit]) -> list[Hit]:
    """A name's leading words ("Granite") where the text also names the same entity in full
    ("Granite Bank AG") are a short reference, not another mention: the full name stands for both
    (also where the leading words would fit other names too: "Granite Bank AG, London Branch")."""
    named = {k for h in hits if h.strength > PREFIX for k in h.keys}
    return [h for h in hits if h.strength > PREFIX or not set(h.keys) & named]


def _only_form(toks: tuple[str, ...]) -> bool:
    """A "name" that is a legal form alone ("LIMITED", "S.A.")."""
    return all(t in LEGAL_FORMS or t == "&" for t in toks)


def _without_form(toks: tuple[str, ...]) -> tuple[str, ...]:
    """A name without its legal form at the end ("harbourline shipping ltd" -> "harbourline shipping")."""
    end = len(toks)
    while end > 1 and (toks[end - 1] in LEGAL_FORMS or toks[end - 1] == "&"):
        end -= 1
    return toks[:end]


def _before_form(toks: tuple[str, ...]) -> tuple[str, ...]:
    """The words before a legal form inside a name, where one stands there."""
    for i, t in enumerate(toks[1:], start=1):
        if t in LEGAL_FORMS and t not in ("co", "&"):
            return toks[:i]
    return ()


def _all_common(toks: tuple[str, ...]) -> bool:
    return all(t in COMMON or t in LEGAL_FORMS or len(t) < 3 for t in toks)


def _label(text: str, tok: Token) -> bool:
    """A word that opens a line and ends in a colon ("Handover:", "Memo:") labels what follows: it
    is corrected to no name's word."""
    return not text[:tok.start].rsplit("\n", 1)[-1].strip(" #/*>-\t") and text[tok.end:].lstrip().startswith(":")


def _plausible(span: list[Token], words: tuple[str, ...], typos: int, strength: int) -> bool:
    """A span of common words names an entity only written as a name ("Company A" with capitals);
    a corrected word needs a word around it that was spelt right."""
    if _all_common(words) and not all(t.capital for t in span):
        return False
    if strength == PREFIX and not span[0].capital and len(span) == 1:
        return typos == 0 and span[0].norm not in COMMON and len(span[0].norm) >= 5
    if len(span) == 1 and typos == 1:  # "Valtroa": one capitalised word of some length
        return span[0].capital and len(span[0].norm) >= 6
    return typos == 0 or len(span) > typos
