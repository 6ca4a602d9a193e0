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

from ownergraph.ingest.readers.sec.ex21_cell_layout import header_end, place_heading, places_lead, share_class
from ownergraph.ingest.readers.sec.ex21_cell_notes import is_mark, notes, trailing_mark
from ownergraph.ingest.readers.sec.ex21_captions import names_holder
from ownergraph.ingest.readers.sec.ex21_names import other_names, short_name
from ownergraph.ingest.readers.sec.ex21_owner_sentences import add_stated, stated
from ownergraph.ingest.readers.sec.ex21_group_share import group_share
from ownergraph.ingest.readers.sec.ex21_rows import PERCENT, PLACE, fill, held_by
from ownergraph.ingest.readers.sec.ex21_table import (
    MARK, PCT, Columns, Row, has_form, known_place, owned_by, row_text,
)
from ownergraph.ingest.readers.sec.values import clean_text

_ITEM = re.compile(r"\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})[.)]{1,2}", re.I)  # "1.", "(a)", "2.)": an item's number
_FIGURE = re.compile(r"\d{1,3}(?:\.\d+)?")  # a bare figure under a percent header
_PAGE = re.compile(r"\d{1,3}|-\s*\d{1,3}\s*-|page\s+\d+(?:\s+of\s+\d+)?", re.I)
_NOTES_HEADING = re.compile(r"notes?\s*:?", re.I)
_EMPTY = re.compile(r"n/?a|none|-+|[\u2013\u2014]", re.I)  # a cell that states nothing
_PERCENT_WORD = re.compile(r"%|percent", re.I)
# a header over a share column that names no percent ("Share of" capital, "Interest", "Ownership")
_SHARE_HEAD = re.compile(r"%|percent|\bshare\s+of\b|^(?:equity\s+)?(?:interest|ownership|control)\b", re.I)
# a figure that counts something (shares held: "12,500,000", "1200"): no row's name, nor its percent
_COUNT = re.compile(r"\d{1,3}(?:,\d{3})+|\d{4,}")
_OWNER_HEAD = re.compile(r"^(?:immediate\s+|direct\s+)?(?:parent|owner|owned\s+by|held\s+by|shareholder|holder|"
                         r"holding\s+company)s?\b", re.I)
# a header cell that is no name: "Any other name under which they do business", "Percentage"
_HEAD_WORDS = re.compile(r"\b(?:name|jurisdiction|incorporat\w*|organi[sz]ation|ownership|percent\w*|"
                         r"business|parent|country|place)\b", re.I)
# the words a header cell is made of ("Jurisdiction in" / "Which", "Direct" / "Interest", "Date of"):
# a cell of these words only, before the first row, is a header even where it reads as a name
# ("Incorporated")
_HEADER_VOCABULARY = frozenset(
    "name names of subsidiary subsidiaries jurisdiction jurisdictions incorporation incorporated organization "
    "organisation organized organised state country place percentage percent ownership owned interest interests "
    "held voting securities direct indirect total effective aggregate which in or and the date principal activity "
    "activities business domicile establishment proportion equity share shares capital registered location legal "
    "entity entities company companies associate other under laws where "
    # a share column of another kind: "Percentage of beneficial interest attributable to the Group"
    "beneficial attributable economic group shareholding stake to by".split())
# a column whose percent is the filer's whole holding, beside one of its direct holding ("Direct Interest" /
# "Total Interest"): the later column's figure is the row's share when the total one comes after the direct one
_TOTAL_HEAD = re.compile(r"\b(?:total|effective|aggregate)\b", re.I)
_DIRECT_HEAD = re.compile(r"^direct\b", re.I)
# a column of what the subsidiary does ("Principal Activity", "Nature of Business"): its cells are no rows
_ACTIVITY_HEAD = re.compile(r"\b(?:activit\w*|business|description)\b", re.I)
_DATE = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}"
                   r"|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{4}"
                   r"|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}", re.I)
# a group's heading among the rows ("Indirect Subsidiaries"), naming neither holder nor place
_GROUP_HEADING = re.compile(r"(?:direct|indirect|domestic|foreign|other|inactive|active|significant|principal|"
                            r"operating|consolidated)\s+(?:subsidiaries|companies|entities)\s*:?", re.I)
# "(note (i))", "(Notes 1, 2)", "(Notes 2 and 3)" in a name
_NOTE_REF = re.compile(r"\s*\(\s*(?:see\s+)?notes?\s+\(?[a-z0-9]{1,4}\)?(?:\s*(?:,|and|&)\s*\(?[a-z0-9]{1,4}\)?)*\s*\)", re.I)
# the small words a company's name writes in lower case ("Banco de Chile"): any other makes a description
_LOWER_OK = frozenset("of and de do da du des del della di la le y e the für und van von en et".split())
_ITEM_NUMBER = re.compile(r"^\(?\d{1,3}[.)]\)?\s+(?=\S)")  # "1. Cloudary Holdings Limited": the list's numbering
# "100% Speedware Corporation"; "100% Direct", "100% owned" name no owner
# "100% owned by Beijing WiMi": the percent and its holder
_PCT_OWNER = re.compile(r"^(?P<pct>\d{1,3}(?:\.\d+)?)\s*%\s+(?:(?:(?:in)?direct(?:ly)?\s+)?(?:owned|held)\s+by\s+|"
                        r"(?!(?:in)?direct|owned|held|interest|voting|general|limited|common|ownership|of\b))"
                        r"(?P<by>\D.*)$", re.I)


def one_cell_lines(lines: list[str]) -> bool:
    """Whether the text is such a rendering: two or more lines start with ``|`` and no line holds
    a second ``|`` (a row rendered whole, "Name | Delaware | 100%", is :mod:`ex21_text`'s)."""
    piped = [ln.strip() for ln in lines if "|" in ln]
    return len(piped) >= 2 and all(ln.startswith("|") and ln.count("|") == 1 for ln in piped)


def _cells(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, text) of each cell in order. A line without ``|`` is the text of the empty
    cell above it, or the wrapped rest of the cell above it while cells follow; after the last
    cell it is outside the table (a footnote), which ends. A ``%`` cell (with any footnote marker
    after it: "%(1)") joins the figure before it."""
    last_pipe = max((i for i, ln in enumerate(lines, 1) if "|" in ln), default=0)
    out: list[tuple[int, str]] = []
    for n, raw in enumerate(lines, 1):
        text = clean_text(raw.replace("\xa0", " ")).strip()
        if text.startswith("|"):
            out.append((n, text[1:].strip()))
        elif out and not out[-1][1]:
            out[-1] = (n, text)
        elif _PAGE.fullmatch(text) or _NOTES_HEADING.fullmatch(text):
            continue  # a page number between two pages of the table; "Note:" over the notes
        elif out and text and n < last_pipe:
            out[-1] = (out[-1][0], f"{out[-1][1]} {text}")
        elif out and text:
            break
        if len(out) > 1 and trailing_mark(out[-1][1])[0] == "%" and _FIGURE.fullmatch(out[-2][1]):
            out[-2:] = [(out[-2][0], f"{out[-2][1]}{out[-1][1]}")]
    return out


class _Head:
    """What the header cells before the first row say: the columns (``cols``), a parent column,
    a total-interest column after a direct one, an activity column; and the cells seen (a page's
    repeated header is no row)."""

    def __init__(self) -> None:
        self.cols, self.parent_column, self.total_last, self.activity = Columns(), False, False, False
        self.seen: set[str] = set()
        self._direct = False

    def take(self, text: str) -> bool:
        """True (and the cell noted) for a header cell."""
        words = re.findall(r"[^\W\d_]+", text.casefold())
        only_words = bool(words) and all(w in _HEADER_VOCABULARY for w in words)
        if not (self.cols.learn([text]) or _OWNER_HEAD.match(text) or only_words
                or (_HEAD_WORDS.search(text) is not None and not has_form(text))):
            return False
        # "Held by the Group %": a percent column, not one naming each row's holder
        self.parent_column = self.parent_column or bool(_OWNER_HEAD.match(text) and not _PERCENT_WORD.search(text))
        if self.cols.pct is None and _SHARE_HEAD.search(text):
            self.cols.pct = 0  # "Held by the Group %": read as a name by its "Group", still a percent header
        self._direct = self._direct or bool(_DIRECT_HEAD.match(text))
        self.total_last = self.total_last or (self._direct and bool(_TOTAL_HEAD.search(text)))
        self.activity = self.activity or bool(_ACTIVITY_HEAD.search(text))
        self.seen.add(text)
        return True


def cell_notes(lines: list[str]) -> list[str]:
    """The footnotes of a one-cell-per-line rendering as lines ("(1) Subsidiary of X")."""
    return notes(_cells(lines))[0]


def cell_rows(lines: list[str]) -> list[Row]:
    """The rows of a one-cell-per-line rendering (:func:`one_cell_lines`). A list whose first cell
    after the header is a place states each row's place before its name: the place goes to the
    name after it. Footnotes under the rows (:func:`cell_notes`) and dates are no rows."""
    head = _Head()
    cells = _cells(lines)
    taken = notes(cells)[1]
    start, leads = header_end(cells, _Head().take), places_lead(cells)
    out: list[Row] = []
    place_first, pending, group = False, None, ""  # a place written before its row's name; a group's share
    for i, (n, text) in enumerate(cells):
        if (share := group_share(text)) is not None:
            group = share
            if share or (out and not text.endswith(":")):  # a caption naming a holder is read below
                continue
        if (i in taken or not text or is_mark(text) or MARK.fullmatch(text) or _ITEM.fullmatch(text)
                or _EMPTY.fullmatch(text) or text in head.seen or _DATE.fullmatch(text) or share_class(text)
                or _COUNT.fullmatch(text)):
            continue
        if (not out and not place_first and head.take(text)) or i < start:
            continue
        if leads and ((not out and not place_first and known_place(text) and not has_form(text)) or (
                place_first and pending is None and _place(text, head.cols))):
            place_first, pending = True, text
            continue
        if not leads and place_heading(text) and (not out or out[-1][2] is not None or not known_place(text)):
            continue  # a heading over a group of rows ("EUROPE"): the rows state their own places
        if _update(out, n, text, head):
            continue
        if (row := _new_row(n, text, head, bool(out))) is not None:
            row = fill(row, PLACE, pending) if pending else row
            out.append(fill(row, PERCENT, group) if group else row)
            pending = None
    return out


def _update(out: list[Row], n: int, text: str, head: _Head) -> bool:
    """Give the last row what the cell states (its percent, with any footnote marker after it;
    its place; its owner), or a row a sentence states; False for a cell that starts a row."""
    last = out[-1] if out else None
    bare, mark = trailing_mark(text)
    if last is not None and last[3] is None and (m := _PCT_OWNER.match(text)) and not mark:
        out[-1] = held_by(last, m["by"], f"{m['pct']}%")
    elif last is not None and (pct := _percent(bare, head.cols)) and (last[3] is None or head.total_last):
        out[-1] = (last[0], f"{last[1]} {mark}" if mark else last[1], last[2], pct, last[4])
    elif last is not None and last[2] is None and _place(text, head.cols):
        out[-1] = fill(last, PLACE, text)
    elif last is not None and last[2] is not None and not known_place(last[2]) and place_heading(text):
        out[-1] = (*last[:2], text, *last[3:])  # a town, then its country ("Lund" / "Sweden")
    elif last is not None and head.parent_column and _owner_cell(out, text):
        out[-1:] = _with_owner(last, text)
    elif (found := stated(text)) is not None:  # "X is a Texas corporation … Y owns 100% of … X"
        add_stated(out, f"line[{n}]", found, 0.0)
    else:
        return False
    return True


def _new_row(n: int, text: str, head: _Head, after_rows: bool) -> Row | None:
    """The row a cell starts (its footnote marker kept for :func:`ex21_footnotes.by_footnotes`);
    None for a caption naming no holder ("Variable interest entity:") or, under an activity
    column, a cell describing a business ("Investment holding")."""
    if _GROUP_HEADING.fullmatch(text):
        return None
    if text.endswith(":"):  # a caption: its holder's rows follow (:func:`ex21_captions.by_captions`)
        return (f"line[{n}]", text, None, None, 0.0) if names_holder(text) else None
    text, mark = trailing_mark(_NOTE_REF.sub("", _ITEM_NUMBER.sub("", text)))
    if (row := row_text(text, split=head.cols.jur is None)) is None:
        return None
    if head.activity and after_rows and _described(short_name(row[0])[0]):  # its place apart ("Acme BV Malaysia")
        return None
    return (f"line[{n}]", f"{row[0]} {mark}" if mark else row[0], row[1], row[2], 0.0)


def _described(text: str) -> bool:
    """Whether a cell describes a business ("Investment holding") rather than naming a company: no
    legal form, or a word after the first in lower case that no name writes so."""
    words = re.findall(r"[^\W\d_][\w'-]*", other_names(text)[0])
    return not has_form(text) or any(w[0].islower() and w.casefold() not in _LOWER_OK for w in words[1:])


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
    text = trailing_mark(text)[0]  # "S.C. Acme S.R.L. (4)": a name with its marker
    parts = [p for p in re.split(r"\s*[/()]\s*", text) if p]
    return known_place(text) or (cols.jur is not None and len(text.split()) <= 5 and (
        not has_form(text) or (len(parts) > 1 and any(known_place(p) for p in parts))))


__all__ = ["cell_notes", "cell_rows", "one_cell_lines"]
