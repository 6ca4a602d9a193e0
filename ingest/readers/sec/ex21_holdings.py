"""Exhibit 21 holdings stated in sentences, wherever they stand and however the page is laid out:
"70.93% of the non-voting common stock of B is held directly by A", "B is controlled by A",
"A ("Short"), a direct subsidiary of R". Each sentence gives a row (the held company, its holder
and the percent the sentence states); a holder written by a short name the file defines
(``("Argus")``) or by the first words of a company named in full in the file is that company.

The sentences are found in the whole text (lines joined), so a list whose holders are given in
footnotes or paragraphs is read the same as one written as prose; the layout's own rows for a
company a sentence holds give way to the sentence's rows, and a "row" that is itself a fragment
of such a sentence ("… is held directly by Argus.") is dropped."""

from __future__ import annotations

import re
from typing import NamedTuple

from ownergraph.domain.legal_forms import trailing_form
from ownergraph.ingest.readers.sec.ex21_table import SUFFIX, Row, owned_by

_PCT = r"(?P<pct>\d{1,3}(?:\.\d+)?\s*(?:%|percent|per\s+cent)|one\s+hundred\s+percent)"
_WHAT = r"(?:[\w-]+\s+){0,5}?(?:stock|shares|interests?|capital|units|equity)"
_HELD = r"(?:is|are)\s+(?:held|owned|controlled)\s+(?:directly\s+|indirectly\s+)?by\s+"
# "70.9 percent of the non-voting common stock of B is owned by A"
_SHARE_OF = re.compile(_PCT + r"\s+of\s+(?:all\s+of\s+)?(?:the\s+)?" + _WHAT + r"\s+of\s+(?P<child>.{3,120}?)\s+"
                       + _HELD, re.I)
# "B is controlled by A", "B is wholly owned by A" (B: the name that ends the words before)
_IS_HELD = re.compile(r"\s(?:is|are)\s+(?:(?P<wholly>wholly)[\s-]+)?(?:owned|controlled)\s+(?:directly\s+|indirectly\s+)?by\s+")
# "A ("Argus"), a direct subsidiary of R"
_SUBSIDIARY_OF = re.compile(r"(?:\s*\([\"“'‘][^)]{1,40}[\"”'’]\))?,\s+an?\s+(?:(?:direct|indirect|wholly[\s-]owned)\s+)*"
                            r"subsidiary\s+of\s+")
_SHORT = re.compile(r"\(\s*[\"“'‘](?P<short>[^\"“”'‘’()]{1,40})[\"”'’]\s*\)")  # ("Argus") after a name
_PAGE = re.compile(r"\bpage\s+\d+\s+of\s+\d+\b|<page>\s*\d*", re.I)  # a page's footer or mark between sentences
_CONNECT = {"of", "and", "de", "del", "du", "la", "le", "y", "&", "the", "do", "da"}
# a row that is a piece of a holding sentence, not a company
_FRAGMENT = re.compile(r"\b(?:is|are)\s+(?:held|owned|controlled)\b|\bof\s+the\s+(?:outstanding|non-voting|voting)\b", re.I)


class Holding(NamedTuple):
    child: str
    owner: str
    pct: str | None


def _form_end(words: list[str], i: int) -> bool:
    """Whether ``words[:i + 1]`` ends in a legal form ("Inc.", "S.A. de C.V.")."""
    return bool(SUFFIX.fullmatch(words[i].rstrip(".,;:")) or trailing_form(" ".join(words[:i + 1]).rstrip(",;:")))


def _abbreviation(word: str) -> bool:
    """A word whose full stop ends no sentence: "Inc.", "N.B.", "Co.", an initial."""
    bare = word.rstrip(".,;:")
    return word.endswith(".") and ("." in bare or len(bare) <= 2 or bool(SUFFIX.fullmatch(bare)))


def _name_at(text: str) -> str | None:
    """The company name the text begins with: up to its legal form (one the next two words do not
    carry on: "Argus Corporation Limited", "S.A. de C.V."), before any word no name holds (lower
    case, a figure with %, a bracket); else up to the first full stop, comma or semicolon."""
    words = text.split()[:14]
    stop = next((i for i, w in enumerate(words) if i and (
        w[:1].islower() and w.rstrip(".,;:") not in _CONNECT or "%" in w or w[:1] in "(\"“")), len(words))
    words = words[:stop]
    end = next((i for i, w in enumerate(words) if w.endswith((".", ";")) and not _abbreviation(w)), None)
    words = words if end is None else words[:end + 1]
    for i in range(len(words)):
        if _form_end(words, i) and not any(_form_end(words, j) for j in range(i + 1, min(i + 3, len(words)))):
            return " ".join(words[:i + 1]).rstrip(",;:")
    for i, w in enumerate(words):
        if w.endswith((";", ":", ",", ".")):
            return " ".join(words[:i + 1]).rstrip(".,;:") if len(w) > 3 or i else None
    return " ".join(words).rstrip(".,;:") if 0 < len(words) <= 4 else None


def _percent(text: str | None) -> str | None:
    if not text:
        return None
    if re.match(r"one\s+hundred", text, re.I):
        return "100%"
    return re.sub(r"\s*(?:percent|per\s+cent)", "%", text).replace(" ", "")


def _child(text: str) -> str:
    """The company name that ends the text: its last words that a name holds (capitalised, figures,
    "of", "&"), back to a footnote mark, a lower-case word or a legal form that ends another name."""
    words = re.split(r"\s+", text.strip(" ,"))
    i = len(words)
    while i > 0:
        w = words[i - 1]
        if "*" in w or (w[:1].islower() and w not in _CONNECT) or "%" in w:
            break
        if i < len(words) and (w.endswith(";") or w.endswith(".") and (
                SUFFIX.fullmatch(w.rstrip(".")) or not _abbreviation(w))):  # "… Omega. Delta Inc."
            break
        i -= 1
    while i < len(words) and words[i] in _CONNECT:
        i += 1
    return " ".join(words[i:]).strip(" ,*")


def holdings(text: str) -> list[Holding]:
    """Every holding the text states in a sentence, in the order they stand."""
    flat = " ".join(_PAGE.sub(" ", text).split())
    found: list[tuple[int, Holding]] = []
    for m in _SHARE_OF.finditer(flat):
        if owner := _name_at(flat[m.end():]):
            found.append((m.start(), Holding(_child(m["child"]), owner, _percent(m["pct"]))))
    spans = [(m.start(), m.end()) for m in _SHARE_OF.finditer(flat)]
    for pattern in (_IS_HELD, _SUBSIDIARY_OF):
        last = 0
        for m in pattern.finditer(flat):
            child, last = _child(flat[last:m.start()]), m.end()
            if not any(a <= m.start() < b for a, b in spans) and _named(child) and (owner := _name_at(flat[m.end():])):
                found.append((m.start(), Holding(child, owner, "100%" if m.groupdict().get("wholly") else None)))
    return _resolved([h for _, h in sorted(found)], flat)


def _named(text: str) -> bool:
    """Whether the text reads as a company's name (ends in a legal form, or is a short name)."""
    bare = text.rstrip(". ")
    return bool(trailing_form(text) or (bare.split() and SUFFIX.fullmatch(bare.split()[-1])))


def _resolved(found: list[Holding], flat: str) -> list[Holding]:
    """Each holder and held company by the full name the file gives it: a defined short name
    (``("Argus")``), or the first words of exactly one company named in full."""
    short = {m["short"].strip(): _child(flat[max(0, m.start() - 200):m.start()]) for m in _SHORT.finditer(flat)}
    full = {h.child for h in found} | {h.owner for h in found if _named(h.owner)} | set(short.values())
    full = {f for f in full if _named(f)}

    def name(n: str) -> str:
        n = n.strip().rstrip(",;:")
        if n in short and _named(short[n]):
            return short[n]
        key = n.rstrip(".").casefold()
        if _named(n):
            same = [f for f in full if f.rstrip(".").casefold() == key]
            # spelt twice ("Inc." and "Inc"): the longer, whatever order a set gives
            return min(same, key=lambda f: (-len(f), f)) if same else n
        starts = [f for f in full if f.casefold().startswith(key + " ")]
        return starts[0] if len(starts) == 1 else n.rstrip(".")

    return [Holding(name(h.child), name(h.owner), h.pct) for h in found if name(h.child) != name(h.owner)]


def with_holdings(rows: list[Row], text: str) -> list[Row]:
    """The layout's rows with the file's holding sentences: a row for each sentence, in place of
    the layout's row for that company; a fragment of such a sentence read as a row is dropped."""
    stated = holdings(text)
    if not stated:
        return rows
    held = {h.child.rstrip(".").casefold() for h in stated}
    kept: list[Row] = []
    for row in rows:
        own, by = owned_by(row[1])
        key = re.sub(r"[*\s]+$", "", own).rstrip(".").casefold()
        if _FRAGMENT.search(row[1]) or (by is None and key in held):
            continue
        kept.append(row)
    place = {re.sub(r"[*\s]+$", "", owned_by(r[1])[0]).rstrip(".").casefold(): r[2] for r in rows}
    loc = rows[-1][0] if rows else "line 1"
    kept += [(loc, f"{h.child} (subsidiary of {h.owner})", place.get(h.child.rstrip(".").casefold()), h.pct, 0.0)
             for h in stated]
    return kept


__all__ = ["Holding", "holdings", "with_holdings"]
