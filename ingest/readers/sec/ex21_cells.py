"""Exhibit 21 tables rendered as text one cell at a time: each cell after a ``|`` at a line's start,
a cell that held a paragraph with its text on the line under its ``|`` (a page rendering of an
HTML exhibit). Such a rendering loses where rows end, so the cells are read in order by what they
hold: a name starts a row, a place or a percent after it is that row's; header words before the
first name say which columns there are."""

from __future__ import annotations

import re

from ownergraph.ingest.readers.sec.ex21_table import MARK, PCT, Columns, Row, has_form, known_place, row_text
from ownergraph.ingest.readers.sec.values import clean_text

_ITEM = re.compile(r"\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]{1,2}", re.I)  # "1.", "(a)", "2.)": an item's number
_FIGURE = re.compile(r"\d{1,3}(?:\.\d+)?")  # a bare figure under a percent header


def one_cell_lines(lines: list[str]) -> bool:
    """Whether the text is such a rendering: two or more lines start with ``|`` and no line holds
    a second ``|`` (a row rendered whole, "Name | Delaware | 100%", is :mod:`ex21_text`'s)."""
    piped = [ln.strip() for ln in lines if "|" in ln]
    return len(piped) >= 2 and all(ln.startswith("|") and ln.count("|") == 1 for ln in piped)


def _cells(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, text) of each cell in order. A line without ``|`` is the text of the empty
    cell above it; under a cell that has its text, it is outside the table (a footnote), which ends."""
    out: list[tuple[int, str]] = []
    for n, raw in enumerate(lines, 1):
        text = clean_text(raw.replace("\xa0", " ")).strip()
        if text.startswith("|"):
            out.append((n, text[1:].strip()))
        elif out and not out[-1][1]:
            out[-1] = (n, text)
        elif out and text:
            break
    return out


def cell_rows(lines: list[str]) -> list[Row]:
    """The rows of a one-cell-per-line rendering (:func:`one_cell_lines`)."""
    cols = Columns()
    out: list[Row] = []
    for n, text in _cells(lines):
        if not text or MARK.fullmatch(text) or _ITEM.fullmatch(text):
            continue
        if not out and cols.learn([text]):
            continue
        last = out[-1] if out else None
        if last is not None and last[3] is None and (pct := _percent(text, cols)):
            out[-1] = (*last[:3], pct, last[4])
        elif last is not None and last[2] is None and _place(text, cols):
            out[-1] = (last[0], last[1], text, *last[3:])
        elif (row := row_text(text)) is not None:
            out.append((f"line[{n}]", row[0], row[1], row[2], 0.0))
    return out


def _percent(text: str, cols: Columns) -> str | None:
    if m := PCT.fullmatch(text):
        return f"{m[1]}%"
    return f"{text}%" if cols.pct is not None and _FIGURE.fullmatch(text) and float(text) <= 100 else None


def _place(text: str, cols: Columns) -> bool:
    """A jurisdiction cell: a known place, or under a jurisdiction header any short text that is
    no company name ("Canadian (Nova Scotia)")."""
    return known_place(text) or (cols.jur is not None and not has_form(text) and len(text.split()) <= 5)


__all__ = ["cell_rows", "one_cell_lines"]
