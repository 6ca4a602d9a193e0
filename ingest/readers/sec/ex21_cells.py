"""Exhibit 21 tables rendered as text one cell at a time: each cell after a ``|`` at a line's start,
a cell that held a paragraph with its text on the line under its ``|`` (a page rendering of an
HTML exhibit). Such a rendering loses where rows end, so the cells are read in order by what they
hold: a name starts a row, a place or a percent after it is that row's; header words before the
first name say which columns there are. Under a parent column ("Parent", "Owned by") a name after
the row's place is its owner, and a second owner named after the first one's percent (a row held
62.6 % by one company and 37.4 % by another) gives the row again with that owner; an ownership
cell "100% Acme Corp." gives both the percent and the owner."""

from __future__ import annotations

import re

from ownergraph.ingest.readers.sec.ex21_names import short_name
from ownergraph.ingest.readers.sec.ex21_owner_sentences import add_stated, stated
from ownergraph.ingest.readers.sec.ex21_rows import PERCENT, PLACE, fill, held_by
from ownergraph.ingest.readers.sec.ex21_table import (
    MARK, PCT, Columns, Row, has_form, known_place, owned_by, row_text,
)
from ownergraph.ingest.readers.sec.values import clean_text

_ITEM = re.compile(r"\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]{1,2}", re.I)  # "1.", "(a)", "2.)": an item's number
_FIGURE = re.compile(r"\d{1,3}(?:\.\d+)?")  # a bare figure under a percent header
_PAGE = re.compile(r"\d{1,3}|-\s*\d{1,3}\s*-|page\s+\d+(?:\s+of\s+\d+)?", re.I)
_EMPTY = re.compile(r"n/?a|none|-+|[\u2013\u2014]", re.I)  # a cell that states nothing
_OWNER_HEAD = re.compile(r"^(?:immediate\s+)?(?:parent|owner|owned\s+by|held\s+by|shareholder)s?\b", re.I)
# a header cell that is no name: "Any other name under which they do business", "Percentage"
_HEAD_WORDS = re.compile(r"\b(?:name|jurisdiction|incorporat\w*|organi[sz]ation|ownership|percent\w*|"
                         r"business|parent|country|place)\b", re.I)
# "100% Speedware Corporation"; "100% Direct", "100% owned" name no owner
_PCT_OWNER = re.compile(r"^(?P<pct>\d{1,3}(?:\.\d+)?)\s*%\s+(?!(?:in)?direct|owned|held|interest|voting|general|"
                        r"limited|common|ownership|of\b)(?P<by>\D.*)$", re.I)


def one_cell_lines(lines: list[str]) -> bool:
    """Whether the text is such a rendering: two or more lines start with ``|`` and no line holds
    a second ``|`` (a row rendered whole, "Name | Delaware | 100%", is :mod:`ex21_text`'s)."""
    piped = [ln.strip() for ln in lines if "|" in ln]
    return len(piped) >= 2 and all(ln.startswith("|") and ln.count("|") == 1 for ln in piped)


def _cells(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, text) of each cell in order. A line without ``|`` is the text of the empty
    cell above it, or the wrapped rest of the cell above it while cells follow; after the last
    cell it is outside the table (a footnote), which ends. A ``%`` cell joins the figure before it."""
    last_pipe = max((i for i, ln in enumerate(lines, 1) if "|" in ln), default=0)
    out: list[tuple[int, str]] = []
    for n, raw in enumerate(lines, 1):
        text = clean_text(raw.replace("\xa0", " ")).strip()
        if text.startswith("|"):
            out.append((n, text[1:].strip()))
        elif out and not out[-1][1]:
            out[-1] = (n, text)
        elif _PAGE.fullmatch(text):
            continue  # a page number between two pages of the table
        elif out and text and n < last_pipe:
            out[-1] = (out[-1][0], f"{out[-1][1]} {text}")
        elif out and text:
            break
        if len(out) > 1 and out[-1][1] == "%" and _FIGURE.fullmatch(out[-2][1]):
            out[-2:] = [(out[-2][0], f"{out[-2][1]}%")]
    return out


def _header(text: str, cols: Columns) -> bool:
    """A header cell before the first row (its column noted in ``cols``)."""
    return cols.learn([text]) or bool(_OWNER_HEAD.match(text)) or (
        _HEAD_WORDS.search(text) is not None and not has_form(text))


def cell_rows(lines: list[str]) -> list[Row]:
    """The rows of a one-cell-per-line rendering (:func:`one_cell_lines`)."""
    cols, parent_column = Columns(), False
    out: list[Row] = []
    header: set[str] = set()  # repeated at the top of each page
    for n, text in _cells(lines):
        if not text or MARK.fullmatch(text) or _ITEM.fullmatch(text) or _EMPTY.fullmatch(text) or text in header:
            continue
        if not out and _header(text, cols):
            parent_column = parent_column or bool(_OWNER_HEAD.match(text))
            header.add(text)
            continue
        last = out[-1] if out else None
        if last is not None and last[3] is None and (m := _PCT_OWNER.match(text)):
            out[-1] = held_by(last, m["by"], f"{m['pct']}%")
        elif last is not None and last[3] is None and (pct := _percent(text, cols)):
            out[-1] = fill(last, PERCENT, pct)
        elif last is not None and last[2] is None and _place(text, cols):
            out[-1] = fill(last, PLACE, text)
        elif last is not None and parent_column and _owner_cell(out, text):
            out[-1:] = _with_owner(last, text)
        elif (found := stated(text)) is not None:  # "X is a Texas corporation … Y owns 100% of … X"
            add_stated(out, f"line[{n}]", found, 0.0)
        elif (row := row_text(text, split=cols.jur is None)) is not None:
            out.append((f"line[{n}]", row[0], row[1], row[2], 0.0))
    return out


def _owner_cell(rows: list[Row], text: str) -> bool:
    """Whether a name in a parent column is the last row's owner: its first (the row's place
    read, no owner yet), or a further one (the first one's percent read) that the list has
    already named, in full or by its short name."""
    last = rows[-1]
    if owned_by(last[1])[1] is None:
        return last[2] is not None
    if last[3] is None:
        return False
    known = {k.casefold() for r in rows for k in short_name(owned_by(r[1])[0]) if k}
    known |= {k.casefold() for r in rows if (by := owned_by(r[1])[1]) for k in short_name(by) if k}
    return short_name(text)[0].casefold() in known


def _with_owner(row: Row, by: str) -> list[Row]:
    """The row given its first owner, or the row and a copy of it for a further owner."""
    if owned_by(row[1])[1] is None:
        return [held_by(row, by, row[3])]
    return [row, held_by(row, by, None)]


# "100% Direct", "100% Indirect", "51% owned": a percent and how it is held
_HELD = re.compile(r"\s*(?:(?:in)?direct(?:ly)?|owned|held)(?:\s+owned|\s+held)?", re.I)


def _percent(text: str, cols: Columns) -> str | None:
    if (m := PCT.match(text)) and (m.end() == len(text) or _HELD.fullmatch(text[m.end():])):
        return f"{m[1]}%"
    return f"{text}%" if cols.pct is not None and _FIGURE.fullmatch(text) and float(text) <= 100 else None


def _place(text: str, cols: Columns) -> bool:
    """A jurisdiction cell: a known place, or under a jurisdiction header any short text that is
    no company name ("Canadian (Nova Scotia)"), or places apart by "/" or in brackets
    ("U.S.A./Michigan", "U.S.A. (Delaware)")."""
    parts = [p for p in re.split(r"\s*[/()]\s*", text) if p]
    return known_place(text) or (cols.jur is not None and len(text.split()) <= 5 and (
        not has_form(text) or (len(parts) > 1 and any(known_place(p) for p in parts))))


__all__ = ["cell_rows", "one_cell_lines"]
