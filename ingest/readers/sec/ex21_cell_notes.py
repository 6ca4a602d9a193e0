"""Footnotes in an Exhibit 21 rendered one cell per line: a row's marker written after its
percent ("100% (1)", "94" / "%(1)", "100%*") belongs to the row, and a marker's note is the cell
after a marker cell under the rows ("(1)" / "Subsidiary of Acme, Inc."). The notes are given back
as lines "(1) Subsidiary of Acme, Inc." for :func:`ex21_footnotes.by_footnotes`, and their cells
are no rows."""

from __future__ import annotations

import re

from ownergraph.domain.legal_forms import trailing_form

_MARK = r"\(\s*(?:\d{1,2}|[a-z]|[ivx]{1,4})\s*\)|\*{1,3}|[#\u2020\u2021\u00a7]{1,3}"  # "(1)", "*", "#", "†", "‡", "§"
_TRAILING = re.compile(r"\s*(?P<mark>(?:(?:" + _MARK + r")\s*)+?)\s*$", re.I)  # "(2)(3)": all of them
_BARE = re.compile(r"\s*(?:" + _MARK + r")\s*", re.I)
# a note's opening words: "Subsidiary of X", "Owned by", "Denotes …", "We hold 93% …", "The Company …",
# "Shagrir holds 65% …", "X was sold on …"
_NOTE_START = re.compile(r"^(?:an?\s+)?(?:(?:wholly|majority|\d{1,3}(?:\.\d+)?\s*%)[\s-]*owned\s+)?subsidiary\s+of\b"
                         r"|^(?:owned|held)\s+by\b|^(?:denotes|we|our|the|this|these|all|includes?|represents?)\b"
                         r"|\b(?:holds?|owns?|owned|was|were|is|are)\b", re.I)


_SMALL = frozenset("of and de do da du des del della di la le y e the für und van von en et".split())  # "Banco de Chile."


def trailing_mark(text: str) -> tuple[str, str | None]:
    """A cell's text without the footnote marker at its end, and the marker (None if none)."""
    m = _TRAILING.search(text)
    return (text[:m.start()].strip(), m["mark"]) if m and m.start() > 0 else (text, None)


def is_mark(text: str) -> bool:
    """Whether a cell holds a footnote marker and nothing else."""
    return _BARE.fullmatch(text) is not None


def is_note(text: str) -> bool:
    """Whether the cell after a marker cell is that marker's note rather than a row (a numbered one,
    or the next row after a marker column's cell): a note's opening words, or a sentence of seven
    words or more ending in a full stop, not in a legal form ("… was sold on September 30, 2002.")."""
    long_sentence = len(text.split()) >= 7 and text.rstrip().endswith(".") and trailing_form(text) is None
    # "Non-operating or inactive subsidiary.": a short sentence, words after its first in lower case
    described = (text.rstrip().endswith(".") and trailing_form(text) is None
                 and any(w[:1].islower() and w not in _SMALL for w in text.split()[1:]))
    unbracketed = re.sub(r"\([^()]*\)", " ", text)  # "Acme Ltd (99.9% owned)" is a row
    return long_sentence or described or _NOTE_START.search(unbracketed) is not None


def notes(cells: list[tuple[int, str]]) -> tuple[list[str], set[int]]:
    """The notes of a cell rendering as lines ("(1) Subsidiary of X"), and the indexes of the
    cells they take (the marker's and the note's)."""
    out: list[str] = []
    taken: set[int] = set()
    for i in range(len(cells) - 1):
        mark, note = cells[i][1], cells[i + 1][1]
        if is_mark(mark) and note and is_note(note) and i not in taken:
            out.append(f"{mark.strip()} {note}")
            taken |= {i, i + 1}
    return out, taken


__all__ = ["is_mark", "is_note", "notes", "trailing_mark"]
