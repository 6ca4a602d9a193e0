"""How the Exhibit 21 rules assemble rows, stated once. A rendering splits what one row says
over several lines, or says part of a row somewhere else; each rule decides *when* pieces belong
together, and these functions are the only ways they put them together:

* :func:`join_lines` — a line continued on the lines under it (a bracket left open, a list item
  broken after its first word, a caption wrapped over two lines) becomes one line; the lines
  taken into it are left empty, so every later line keeps its number (rows are located by it);
* :func:`held_by` — a row given its holder, whether a caption above it, its footnote's note, a
  parent cell or a sentence names it: the row's name with the one clause
  :func:`ex21_table.nest` reads ("(subsidiary of X)"), and the share said with it;
* :func:`fill` — a row given a place or a percent a later line or cell states, unless it states
  one itself.

Rows are :data:`ex21_table.Row` tuples (locator, name, jurisdiction, percent, indent).
"""

from __future__ import annotations

from collections.abc import Callable

from ownergraph.ingest.readers.sec.ex21_table import Row, owned_by

PLACE, PERCENT = 2, 3  # the fields of a Row that :func:`fill` gives


def _spaced(first: str, rest: str) -> str:
    return f"{first.rstrip()} {rest.strip()}"


def join_lines(lines: list[str], continues: Callable[[str, str], bool], most: int = 1,
               join: Callable[[str, str], str] = _spaced) -> list[str]:
    """The lines with each one that ``continues(line so far, next line)`` on the next non-empty
    lines (``most`` of them at most) joined into it by ``join`` (a space by default), those lines
    left empty."""
    out = list(lines)
    for i in range(len(out)):
        j = i
        while j + 1 < len(out) and j - i < most and out[j + 1].strip() and continues(out[i], out[j + 1]):
            j += 1
            out[i], out[j] = join(out[i], out[j]), ""
    return out


def held_by(row: Row, by: str, pct: str | None) -> Row:
    """The row held by ``by`` at ``pct`` (its own name without any holder clause it had)."""
    return (row[0], f"{owned_by(row[1])[0]} (subsidiary of {by})", row[2], pct, row[4])


def fill(row: Row, field: int, value: str) -> Row:
    """The row with its place (``PLACE``) or percent (``PERCENT``) from elsewhere, unless it has one."""
    if row[field] is not None:
        return row
    return (*row[:field], value, *row[field + 1:])  # type: ignore[return-value]


__all__ = ["PERCENT", "PLACE", "fill", "held_by", "join_lines"]
