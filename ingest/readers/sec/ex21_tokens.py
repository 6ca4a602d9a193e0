"""An Exhibit 21 rendering cut into cells, whatever its layout: a pipe rendering (each cell after a
``|``, its text on the lines under it), one cell per line, columns spaced out or led by dots, an SGML
``<TABLE>`` with its ``<S>``/``<C>`` marks. Each cell keeps its indentation (leading spaces, in
characters; a tab is eight) and line number. Nothing here says what a cell is
(:mod:`ex21_classes`) or which cells make a row (:mod:`ex21_assemble`)."""

from __future__ import annotations

import re
from typing import NamedTuple

from ownergraph.ingest.readers.sec.ex21_classes import is_place, names_company, outline
from ownergraph.ingest.readers.sec.ex21_table import has_form


class Cell(NamedTuple):
    text: str
    indent: float
    line: int


_SGML = re.compile(r"</?(?:TABLE|CAPTION|S|C|FN|PAGE|PRE|F\d+)>", re.I)
_LEADERS = re.compile(r"\s*(?:\.\s?){3,}\s*|\s*_{3,}\s*|\s*-{4,}\s*")  # dot leaders, rules
_CELL = re.compile(r"\S+(?: {1,2}\S+)*")  # a cell of a line whose columns are spaced out
# a line that goes on from the one above it: the one above ends mid-phrase, or this one starts lower case
_OPEN_END = re.compile(r"(?:[,&/(]|(?<![-\s])-|\b(?:of|and|de|du|des|la|le|the|für|and/or|y|e|et))\s*$", re.I)


def _piped(lines: list[str]) -> bool:
    return sum(ln.lstrip().startswith("|") for ln in lines) >= 4


def _goes_on(above: str, line: str, one_cell: bool = False) -> bool:
    """Whether a line continues the cell text above it (a wrapped name), rather than being a cell;
    ``one_cell``: both lines stand in one table cell, so a name's first words without its legal
    form go on with the form's line."""
    if outline(line)[0] is not None:  # "(b) Acme Ltd.": an item of its own
        return False
    if line[:1].islower() and has_form(line) and names_company(above):  # "sky7home GmbH" under "Acme AG"
        return False
    return bool(_OPEN_END.search(above)) or line[:1].islower() or (
        line.startswith("(") and not re.match(r"\(\s*\w{1,3}\s*\)\s*$", line)) or (
        one_cell and not has_form(above) and not is_place(above) and above[-1:].isalpha() and line[:1].isupper()
        and has_form(line) and len(above.split()) + len(line.split()) <= 12 and not re.search(r"\d", above))


def _joined(parts: list[tuple[str, float, int]]) -> list[Cell]:
    """One cell's lines: wrapped ones joined, the rest (several names in one cell) kept apart."""
    out: list[Cell] = []
    for text, indent, line in parts:
        if out and _goes_on(out[-1].text, text, one_cell=True):
            out[-1] = out[-1]._replace(text=f"{out[-1].text} {text}")
        elif out and has_form(out[-1].text) and not has_form(text) and not is_place(text) and (
                re.fullmatch(r"[A-Z][\w'&.-]*(?: [\w'&.-]+){0,5}", text)):
            out[-1] = out[-1]._replace(text=f"{out[-1].text} (d/b/a {text})")  # a name it trades under
        else:
            out.append(Cell(text, indent, line))
    return out


def _indent(raw: str) -> float:
    lead = raw[:len(raw) - len(raw.lstrip())]
    return float(lead.count(" ") + 8 * lead.count("\t") + 2 * lead.count("\xa0"))


def _pipe_cells(lines: list[str]) -> list[Cell]:
    """A pipe rendering: a ``|`` begins a cell; the lines after it until the next ``|`` are its text."""
    out: list[Cell] = []
    cell: list[tuple[str, float, int]] = []
    for n, raw in enumerate(lines):
        pieces = raw.split("|")
        for k, piece in enumerate(pieces):
            if k > 0:  # a new cell begins
                out.extend(_joined(cell))
                cell = []
            if piece.strip():
                cell.append((piece.strip(), _indent(piece), n))
    out.extend(_joined(cell))
    return out


def _line_cells(lines: list[str]) -> list[Cell]:
    """Lines: each is a cell, or several where columns are spaced out (three spaces or more) or led
    by dots, each cell's indent being where it starts; a line of one cell that goes on from the cell
    of the line above in the same column joins it."""
    out: list[Cell] = []
    for n, raw in enumerate(lines):
        line = _LEADERS.sub("   ", raw.replace("\xa0", " ").expandtabs(8).rstrip())
        parts = [(m[0], float(m.start())) for m in _CELL.finditer(line)]
        above = [k for k in range(len(out) - 1, max(-1, len(out) - 12), -1)
                 if len(parts) == 1 and out[k].line == n - 1 and abs(out[k].indent - parts[0][1]) <= 8]
        if above and _goes_on(out[above[0]].text, parts[0][0]):
            k = above[0]
            out[k] = out[k]._replace(text=f"{out[k].text} {parts[0][0]}", line=n)
            continue
        out.extend(Cell(text, indent, n) for text, indent in parts)
    return out


def tokens(text: str) -> list[Cell]:
    """The rendering's cells in reading order."""
    text = _SGML.sub(" ", text.replace("\r", "").replace("\u200b", ""))
    lines = text.splitlines()
    return _pipe_cells(lines) if _piped(lines) else _line_cells(lines)
