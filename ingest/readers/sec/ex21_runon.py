"""Exhibit 21 pages whose rendering lost its line breaks ("EXHIBIT 21.1 SUBSIDIARIES Acme GmbH Acme
Canada, Inc. Acme Sourcing Inc."): the run-on line cut back into the heading and one line per
name, each name ending at its legal form."""

from __future__ import annotations

import re

from ownergraph.domain.legal_forms import trailing_form
from ownergraph.ingest.readers.sec.ex21_table import SUFFIX

# the list's heading ("SUBSIDIARIES", "List of Subsidiaries:"); "of <filer>" after it is kept with it
_HEADING = re.compile(r"\bsubsid\w*r\w*\b:?", re.I)
# form words that often stand inside a name ("Acme Holding Company", "Acme Group Services Inc.")
_INSIDE = {"group", "holding", "holdings", "trust", "co", "co."}


def _ends_name(words: list[str]) -> bool:
    """Whether the words end in a legal form a name may stop at (a place in brackets after it too)."""
    text = re.sub(r"\s*\([^()]*\)$", "", " ".join(words))
    last = text.split()[-1] if text.split() else ""
    if last.casefold().strip(",") in _INSIDE:
        return False
    return trailing_form(text) is not None or bool(SUFFIX.fullmatch(last.strip(",")))


def _names(words: list[str]) -> list[str]:
    """The words cut after each legal form that a capitalised word not itself a form follows."""
    out: list[list[str]] = [[]]
    for i, word in enumerate(words):
        out[-1].append(word)
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if nxt[:1].isupper() and _ends_name(out[-1]) and not _ends_name([nxt]):
            out.append([])
    return [" ".join(w) for w in out if w]


def unflatten(lines: list[str]) -> list[str]:
    """The lines with each run-on one (the list's heading, then names) cut into a heading line and
    a line per name; "Subsidiaries of Acme Corporation" keeps its company on the heading line."""
    out: list[str] = []
    for line in lines:
        m = _HEADING.search(line)
        names = _names(line[m.end():].split()) if m else []
        if len(names) < 2 and not (names and trailing_form(names[0]) is not None):
            out.append(line)
            continue
        head = line[:m.end()] if m else line
        if names[0].casefold().startswith("of "):  # "Subsidiaries of Acme Corporation": the filer
            head, names = f"{head} {names[0]}", names[1:]
        out.extend([head, *names])
    return out


__all__ = ["unflatten"]
