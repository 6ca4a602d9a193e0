"""What the cells of an Exhibit 21 rendered one cell per line say about the list's layout, read
before its rows: where the header ends (a title, a date or a serial-number cell before the column
headers is no row), whether a place before a name is that row's place (a list that states each
row's place first) or a heading over a group of rows (regions, countries), and which cells state a
share class ("Ordinary", "Common Preference") rather than a company."""

from __future__ import annotations

import re
from collections.abc import Callable

from ownergraph.ingest.readers.sec.ex21_cell_notes import is_mark, trailing_mark
from ownergraph.ingest.readers.sec.ex21_table import PCT, has_form, known_place

# a class-of-shares cell: one or more class words, "shares"/"stock" after them, a marker
_CLASS_WORD = r"(?:ordinary|common|preference|preferred|equity|deferred|redeemable|voting|non-voting|class\s+[a-z])"
_CLASS = re.compile(rf"{_CLASS_WORD}(?:\s+{_CLASS_WORD})*(?:\s+(?:shares?|stock))?", re.I)


def share_class(text: str) -> bool:
    """Whether a cell names a class of shares and nothing else."""
    return _CLASS.fullmatch(trailing_mark(text.strip(" *"))[0]) is not None


def header_end(cells: list[tuple[int, str]], header: Callable[[str], bool]) -> int:
    """The index of the first cell after the header: the cell after the last one ``header`` takes
    before the first cell that names a company or states a figure. Cells before the header's
    last cell (a title, "at 31 March 2010", "Serial No.") belong to it, never to the rows; a list
    with no header cell has none (0)."""
    end = 0
    for i, (_, text) in enumerate(cells):
        if not text or is_mark(text):
            continue
        if header(text):
            end = i + 1
        elif has_form(text) or PCT.fullmatch(text) or re.fullmatch(r"\d{1,3}(?:\.\d+)?", text):
            break
    return end


# a region over a group of rows: "EUROPE", "Continental Europe", "THE AMERICAS", "Asia Pacific",
# "Rest of the world", "Middle East and Africa"
_REGION_WORD = (r"(?:(?:the\s+|continental\s+|north(?:ern)?\s+|south(?:ern)?\s+|east(?:ern)?\s+|west(?:ern)?\s+|"
                r"central\s+|latin\s+|other\s+)*(?:europe|asia|africa|americas?|pacific|middle\s+east|far\s+east|"
                r"oceania|australasia|scandinavia|caribbean|emea|apac)|rest\s+of\s+(?:the\s+)?world)")
_REGION = re.compile(rf"{_REGION_WORD}(?:\s*(?:,|and|&|/|-)\s*{_REGION_WORD})*", re.I)


def place_heading(text: str) -> bool:
    """Whether a cell names a place or a region and no company: a row's place cell, or a heading
    over a group of rows."""
    return (known_place(text) or _REGION.fullmatch(text.strip(" :")) is not None) and not has_form(text)


def _place_cell(text: str) -> bool:
    return known_place(text) and not has_form(text)


def places_lead(cells: list[tuple[int, str]]) -> bool:
    """Whether the list writes each row's place before its name: at least half of the cells that
    name a company follow a place cell directly (marks and empty cells apart). A place heading
    over a group of rows stands before only the group's first name."""
    texts = [t for _, t in cells if t and not is_mark(t)]
    names = [i for i, t in enumerate(texts) if has_form(t) and not _place_cell(t)]
    led = [i for i in names if i > 0 and _place_cell(texts[i - 1])]
    return bool(names) and 2 * len(led) >= len(names)


__all__ = ["header_end", "place_heading", "places_lead", "share_class"]
