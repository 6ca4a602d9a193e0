"""Exhibit 21 subsidiary lists written as text: fixed-width tables (an SGML ``<TABLE>`` with its
``<S>``/``<C>`` column marks, or columns under a header line) and lists of lines ("Name, a
Delaware corporation", "Name (incorporated in Utah)", "Name: … / Jurisdiction: …" blocks).
Shared by the single-exhibit reader and the Exhibit 21 of a full submission; HTML tables are
:mod:`ingest.readers.sec.ex21_table`'s."""

from __future__ import annotations

import re

from ownergraph.ingest.readers.sec.ex21_table import (
    INCORPORATED, MARK, PCT, Columns, Row, has_form, known_place, owner_clause, row_text,
)
from ownergraph.ingest.readers.sec.ex21_captions import (
    PLACE_HEADING, PLACE_LINE, by_captions, by_place_captions, names_holder, place_heading, wrapped_captions,
)
from ownergraph.ingest.readers.sec.ex21_cells import cell_notes, cell_rows, one_cell_lines
from ownergraph.ingest.readers.sec.ex21_footnotes import by_footnotes
from ownergraph.ingest.readers.sec.ex21_owner_sentences import add_stated, stated
from ownergraph.ingest.readers.sec.ex21_place_sentences import by_place_sentences
from ownergraph.ingest.readers.sec.ex21_rows import PERCENT, PLACE, fill, join_lines
from ownergraph.ingest.readers.sec.ex21_runon import unflatten
from ownergraph.ingest.readers.sec.values import clean_text

_TEXT_TABLE = re.compile(r"<TABLE>(.*?)(?:</TABLE>|\Z)", re.S | re.I)  # a table cut before its end still has its marks


def _fields(line: str) -> list[tuple[int, str]]:
    """A text table line's cells with where each starts: runs of words apart by 2+ spaces."""
    return [(m.start(), m[0]) for m in re.finditer(r"\S+(?: \S+)*", line)]


def _cells(line: str, starts: list[int], spans: list[tuple[int, int]] | None = None, head: bool = False) -> list[str]:
    """A line cut into columns. By column marks (``starts`` only): each cell goes to the last
    column starting at or (by up to two places, hand-aligned text) before it. By a header's
    words (``spans``): to the column whose header it overlaps most, else the nearest one; a
    header cell (``head``) over exactly one column's start is that column's ("Owner %" centred
    over a right-aligned figure's mark, though it overlaps the wider column before it more)."""
    out = [""] * len(starts)
    for at, text in _fields(line):
        if spans:
            end = at + len(text)
            overlap = [max(0, min(end, b) - max(at, a)) for a, b in spans]
            middle = (at + end) / 2
            over = [i for i, (a, _) in enumerate(spans) if at <= a < end]
            col = (over[0] if head and len(over) == 1 else overlap.index(max(overlap)) if max(overlap) else
                   min(range(len(spans)), key=lambda i: abs((spans[i][0] + spans[i][1]) / 2 - middle)))
        else:
            col = max((i for i, s in enumerate(starts) if s <= at + 2), default=0)
        out[col] = f"{out[col]} {text}".strip()
    return out


def _groups(lines: list[str]) -> list[list[tuple[int, str]]]:
    """A table's lines in runs apart by blank lines, up to three blank lines or the footnote
    under the list; marks, rules and headings inside it ("Subsidiaries of Registrant:") left out."""
    groups: list[list[tuple[int, str]]] = [[]]
    blank = 0
    for r, ln in enumerate(lines, 1):
        if not ln.strip():
            blank += 1
            if blank >= 3 and any(groups):
                break
            if groups[-1]:
                groups.append([])
            continue
        blank = 0
        if re.match(r"\s*(<[A-Z/]|-{3,}|=+|\*)", ln, re.I) or ln.strip().endswith(":"):
            if any(groups) and ln.strip().startswith("*"):
                break
            continue
        groups[-1].append((r, ln))
    return [g for g in groups if g]


def _text_table(head_lines: list[str], starts: list[int], spans: list[tuple[int, int]], lines: list[str],
                t: int) -> list[Row]:
    """The rows of a text table whose columns begin at ``starts``, told apart by the header lines
    above them (name, jurisdiction, percent in any order; a header may span lines); without a
    header the first cell is the name, the last the jurisdiction. A run of lines of which only
    one fills the percent (else jurisdiction) column is one row wrapped over several lines."""
    cols = Columns()
    head = [_cells(ln, starts, spans, head=True) for ln in head_lines if _fields(ln) and not re.match(r"\s*(<|-{3,}|=+)", ln)]
    titles = [" ".join(h[i] for h in head if h[i]).strip() for i in range(len(starts))]
    if head:
        cols.learn(titles, header=True)
    # columns whose header says something else (DBA, principal activities, year): never a place
    other = {i for i, x in enumerate(titles) if x and i not in (cols.name, cols.jur, cols.pct)}
    key = cols.pct if cols.pct is not None else cols.jur
    out: list[Row] = []
    for group in _groups(lines):
        cells = [(r, ln, [x if i not in other else "" for i, x in enumerate(_cells(ln, starts, spans))])
                 for r, ln in group]
        if cols.name is not None and len(cells) > 1 and (
                sum(bool(c[cols.name]) for *_, c in cells) == 1
                or (key is not None and sum(bool(c[key]) for *_, c in cells) == 1)):
            joined = [" ".join(c[i] for *_, c in cells if c[i]) for i in range(len(starts))]
            cells = [(group[0][0], group[0][1], joined)]
        elif cols.name is not None and key is not None:
            cells = _name_overflow(_wrapped_rows(cells, cols.name, key), cols.name, key)
        for r, ln, row_cells in cells:
            indent = float(len(ln) - len(ln.lstrip()))
            if cols.name is not None:
                if (row := cols.row(row_cells)) is not None:
                    out.append((f"table[{t}]/line[{r}]", row[0], row[1], row[2], indent))
                continue
            fields = [f for _, f in _fields(ln)]
            pct = next((f for f in fields[1:] if re.fullmatch(r"[\d.,]+\s*%", f)), None)
            rest = [f for f in fields[1:] if f != pct]
            out.append((f"table[{t}]/line[{r}]", fields[0], rest[-1] if rest else None, pct, indent))
    return out


def _wrapped_rows(cells: list[tuple[int, str, list[str]]], name: int, key: int) -> list[tuple[int, str, list[str]]]:
    """Rows wrapped over two lines in a run without blank lines: a line holding only a name with no
    legal form, over a more indented line with a name and the key cell, is that row's name's start
    ("Vasa Shipping (Cyprus)" / "  Limited   …  Cyprus  100%"); a line with no name but the key cell,
    under a row without it, holds that row's other cells (an activity wrapped: "Wexford Bulk Ltd.
    Wexford Star and" / "Wexford Moon  Liberia  75%")."""
    out: list[tuple[int, str, list[str]]] = []
    for k, (r, ln, row) in enumerate(cells):
        nxt = cells[k + 1] if k + 1 < len(cells) else None
        only_name = bool(row[name]) and not any(x for i, x in enumerate(row) if i != name)
        if (only_name and not has_form(row[name]) and nxt is not None and nxt[2][name] and nxt[2][key]
                and _indent(nxt[1]) > _indent(ln)):
            cells[k + 1] = (r, ln, [*nxt[2][:name], f"{row[name]} {nxt[2][name]}", *nxt[2][name + 1:]])
            continue
        if out and not row[name] and row[key] and not out[-1][2][key] and out[-1][2][name]:
            above = out[-1][2]
            out[-1] = (out[-1][0], out[-1][1], [f"{a} {b}".strip() for a, b in zip(above, row)])
            continue
        out.append((r, ln, row))
    return out


def _name_overflow(cells: list[tuple[int, str, list[str]]], name: int, key: int) -> list[tuple[int, str, list[str]]]:
    """Lines of a run without blank lines between rows: a line filling only the name column,
    under a whole row, is the rest of that row's name ("Research Engineers International" /
    "Pte. Ltd.", or "(renamed NetGuru Limited)")."""
    out: list[tuple[int, str, list[str]]] = []
    for r, ln, row in cells:
        only_name = bool(row[name]) and not any(x for i, x in enumerate(row) if i != name)
        if out and only_name and out[-1][2][key]:
            above = out[-1][2]
            out[-1] = (out[-1][0], out[-1][1], [*above[:name], f"{above[name]} {row[name]}", *above[name + 1:]])
            continue
        out.append((r, ln, row))
    return out


def _marks(line: str) -> tuple[list[int], list[tuple[int, int]]]:
    """Where an SGML table's ``<S>``/``<C>`` marks put its columns: each from its mark to the next
    (a header word or cell is the column's it overlaps most, as one may start left of its mark)."""
    starts = [m.start() for m in re.finditer(r"<[SC]>", line, re.I)]
    return starts, [(a, b) for a, b in zip(starts, [*starts[1:], 10_000])]


def _header_line(line: str) -> bool:
    """A line of column headers over a fixed-width list: two or more cells, a name column and a
    jurisdiction or percent one ("Corporate Name   Incorporation", "Subsidiary   State of
    Incorporation", "SUBSIDIARY   LOCATION   BUSINESS   % OWNED"), no company names or figures."""
    cells = [f for _, f in _fields(line)]
    if len(cells) < 2 or any(has_form(c) or len(c) > 64 or re.search(r"\d", c) for c in cells):
        return False
    cols = Columns()  # other columns may stand between them ("BUSINESS", "DATE")
    return cols.learn(cells, header=True) and cols.name is not None and (cols.jur is not None or cols.pct is not None)


_DOTTED = {"inc", "corp", "co", "ltd", "ltda", "bhd", "pty", "s.a", "n.v", "b.v", "l.p", "s.p.a", "s.r.l"}  # "Inc."
_LEADER = re.compile(r"(?P<word>[\w.]*?)(?P<dots>\.{3,}|(?:\. ){3,}\.?)")


def _leaders(text: str) -> str:
    """The text with dot leaders ("Acme Inc. ........ Delaware", "Acme LLC...... Texas") turned into
    spaces of the same width, so columns stay where they stand; a legal form's own full stop kept."""
    def spaces(m: re.Match[str]) -> str:
        word, dots = m["word"], m["dots"]
        keep = "." if word.rstrip(".").casefold() in _DOTTED and not word.endswith(".") else ""
        return word + keep + " " * (len(dots) - len(keep))
    return _LEADER.sub(spaces, text) if "..." in text or ". . ." in text else text


def text_rows(body: str) -> list[Row]:
    """Rows of a plain-text list: ``<TABLE>`` blocks read by their ``<S>``/``<C>`` column marks and
    header (:func:`_text_table`), else the lines under a header line of column names."""
    body = _leaders(body)
    blocks = [m[1].splitlines() for m in _TEXT_TABLE.finditer(body)]
    marked = [(b, i) for b in blocks
              if (i := next((i for i, ln in enumerate(b) if re.match(r"\s*<S>", ln, re.I)), None)) is not None]
    if marked:  # columns begin where the <S>/<C> marks stand; the header lies above them
        rows = [row for t, (b, i) in enumerate(marked, 1) for row in _marked_table(b, i, t)]
    else:
        rows = _under_header(body.splitlines(), 1)
    return nested(rows, body)


def nested(rows: list[Row], text: str) -> list[Row]:
    """The rows given the holders their footnote markers' notes and their group captions name, and
    the places their place captions or a sentence about all of them name."""
    return by_place_sentences(by_captions(by_footnotes(by_place_captions(rows), text)), text)


def _marked_table(block: list[str], i: int, t: int) -> list[Row]:
    """A ``<TABLE>`` read by its marks; by the header line under them where the marks stand
    above the table's own header ("<S> <C>" at the top, then "SUBSIDIARY   LOCATION  …")."""
    if any(_header_line(ln) for ln in block[i + 1:i + 15]) and not any(_header_line(ln) for ln in block[:i]):
        return _under_header(block[i + 1:], t)
    return _text_table(block[:i], *_marks(block[i]), block[i + 1:], t)


def _under_header(lines: list[str], t: int) -> list[Row]:
    """The rows under the first header line of column names, cut by where its words stand."""
    head = next((i for i, ln in enumerate(lines[:60]) if _header_line(ln)), None)
    if head is None:
        return []
    below = head + 1  # a header's second line ("ACTIVITY/VESSEL  INCORPORATION  PERCENTAGE")
    while below < min(len(lines), head + 3) and _header_rest(lines[below]):
        below += 1
    spans = _merged_spans([f for ln in lines[head:below] for f in _fields(ln)])
    return _text_table(lines[head:below], [a for a, _ in spans], spans, lines[below:], t)


def _header_rest(line: str) -> bool:
    """Whether a line under a header line continues it: short words only, no figure, no company."""
    cells = [f for _, f in _fields(line)]
    return bool(cells) and not any(has_form(c) or len(c) > 30 or re.search(r"\d", c) for c in cells)


def _merged_spans(fields: list[tuple[int, str]]) -> list[tuple[int, int]]:
    """The columns a header over several lines makes: its cells' extents, overlapping ones merged."""
    spans: list[tuple[int, int]] = []
    for a, b in sorted((at, at + len(text)) for at, text in fields):
        if spans and a < spans[-1][1]:
            spans[-1] = (spans[-1][0], max(b, spans[-1][1]))
        else:
            spans.append((a, b))
    return spans


_ONLY_INCORPORATED = re.compile(r"^\(?\s*" + INCORPORATED + r"\s*\)?\.?\s*$")  # on the line under a name
# "Name: X" / "Jurisdiction of Incorporation: Y" blocks
_KEYED = re.compile(r"^(?P<key>[A-Za-z][A-Za-z ]{1,40}?)\s*:\s*(?P<value>\S.*)$")
_NUMBERED = re.compile(r"^\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})(?:\.\)|[.)])\s+(?=\S)")  # "(1) ", "2.) ", "a. "
# "1       OAKMERE APARTMENT TRUST": the list's number in a column of its own (a gap of two spaces or
# a tab after it), never the start of a name ("12 Willow Street, LLC" is written with one space)
_NUMBER_COLUMN = re.compile(r"^\s*\d{1,3}(?:\s{2,}|\t)(?=\S)")
_DBA_LINE = re.compile(r"^(?:d/b/a|doing\s+business\s+as)\s*:?\s+(?P<dba>\S.*?)\s*$", re.I)
_START = re.compile(r"subsid\w*r|exhibit\s*(?:no\.?\s*)?21\b", re.I)  # "SUBSIDARIES" as written too


def _indent(raw: str) -> float:
    return float(len(raw) - len(raw.lstrip()))


class _Lines:
    """The state of a list read line by line: rows so far, the columns of ``|`` rows, the
    last line that may be a name waiting for its "incorporated in …" line."""

    def __init__(self) -> None:
        self.out: list[Row] = []
        self.centres: list[float] = []  # of the lines read as rows, in text columns
        self.cols = Columns()  # a line of cells between pipes is a table row ("Name | Delaware | 100%")
        self.waiting: tuple[str, str] | None = None  # (locator, name) of a bare name line

    def add(self, loc: str, name: str, where: str | None, pct: str | None, raw: str) -> None:
        self.out.append((loc, name, where, pct, float(len(raw) - len(raw.lstrip()))))
        self.centres.append((len(raw.rstrip()) + len(raw) - len(raw.lstrip())) / 2)
        self.waiting = None

    def fill_last(self, field: int, value: str) -> None:
        """Give the last row a field (``PLACE``, ``PERCENT``) a later line states."""
        if self.out:
            self.out[-1] = fill(self.out[-1], field, value)

    def piped(self, n: int, line: str) -> None:
        depth = len(line) - len(line.lstrip(">"))  # ">" marks a nested row, as in quoted text
        cells = [c.strip() for c in line.lstrip(">").strip("|").split("|")]
        if self.cols.learn(cells) or not any(cells) or re.fullmatch(r"[\s|:-]*", line):
            return
        self.cols.data_seen = True
        if (row := self.cols.row(cells)) is not None:
            self.out.append((f"line[{n}]", row[0], row[1], row[2], float(depth)))
            self.centres.append(-1.0)

    def keyed(self, n: int, key: str, value: str, raw: str) -> bool:
        """A "Name: X" line starts a row, a "Jurisdiction …: Y" line gives the last row its place."""
        if re.fullmatch(r"(?:legal\s+|corporate\s+|company\s+|subsidiary\s+)?name|subsidiary|company", key, re.I):
            self.add(f"line[{n}]", value.strip(), None, None, raw)
            return True
        if re.match(r"jurisdiction|state|country|place|domicile|incorporat", key, re.I):
            self.fill_last(PLACE, value.strip())
            return True
        return False

    def line(self, n: int, raw: str) -> None:
        waiting, self.waiting = self.waiting, None  # a bare name waits one line for its place
        line = clean_text(raw).replace("\xa0", " ").strip(" \u2022\u00b7-*;")
        if "|" in line:
            return self.piped(n, line)
        if (m := _KEYED.match(line)) and self.keyed(n, m["key"], m["value"], raw):
            return None
        if line.endswith(":") and names_holder(line):  # a caption: the rows under it are its holder's
            return self.add(f"line[{n}]", line, None, None, raw)
        if line.endswith(":") and len(line) <= 160:  # a heading: the place it names (or none) for the rows under it
            self.out.append((f"line[{n}]", PLACE_HEADING, place_heading(line), None, _indent(raw)))
            return None
        if not line or len(line) > 160 or line.endswith(":") or MARK.fullmatch(line):
            return None
        if (m := _DBA_LINE.match(line)) and self.out:  # "d/b/a Wendy's of Michigan" under its row
            name, clause = owner_clause(self.out[-1][1])
            self.out[-1] = (self.out[-1][0], f"{name} (d/b/a {m['dba']}){clause}", *self.out[-1][2:])
            return None
        numbered = bool(_NUMBERED.match(line)) or bool(_NUMBER_COLUMN.match(raw))
        line = _NUMBERED.sub("", line) if not _NUMBER_COLUMN.match(raw) else re.sub(r"^\d{1,3}\s+", "", line)
        if (found := stated(line)) is not None:  # "(X is owned 99% by A and 1% by B)" under the row
            add_stated(self.out, f"line[{n}]", found, float(len(raw) - len(raw.lstrip())))
            return None
        if (m := PCT.fullmatch(line)) and self.out and self.out[-1][3] is None:  # the percent on the line under
            self.fill_last(PERCENT, f"{m[1]}%")
            return None
        if m := _ONLY_INCORPORATED.match(line):  # "Incorporated in the State of X" under its name
            if waiting is not None:
                self.add(*waiting, m["where"].strip(), None, raw)
            else:
                self.fill_last(PLACE, m["where"].strip())
            return None
        return self.named(n, line, raw, numbered, waiting)

    def named(self, n: int, line: str, raw: str, numbered: bool, waiting: tuple[str, str] | None) -> None:
        if (row := row_text(line)) is None:
            return
        name, where, pct = row
        loc = f"line[{n}]"
        if waiting is not None and where is not None and wrapped(waiting[1], name):
            loc, name = waiting[0], f"{waiting[1]} {name}"  # "GenPharm" / "International, Inc., a … corporation"
        if where is None and waiting is None and not has_form(name) and known_place(name):
            self.out.append((loc, PLACE_LINE, name, None, _indent(raw)))  # a place: see by_place_captions
            return
        if where is None and not has_form(name) and not numbered:
            # a heading, a sentence, or a name without a legal form whose place may follow
            short = name[:1].isupper() and len(name.split()) <= 8 and not re.search(r"subsid|exhibit", name, re.I)
            self.waiting = (loc, name) if short else None
            return
        self.add(loc, name, where, pct, raw)


# a group's heading over its rows ("Domestic", "Foreign", "Inactive"), never the start of a name
_GROUP = re.compile(r"^(?:domestic|foreign|international|overseas|other|inactive|active|dormant|u\.?s\.?|"
                    r"non-u\.?s\.?|wholly|majority|partially|joint|operating|direct|indirect|name)\b", re.I)


def wrapped(first: str, rest: str) -> bool:
    """Whether a bare line ("GenPharm": no legal form, no place) and the row under it
    ("International, Inc., a California Corporation") are one name wrapped over two lines: the
    bare line is one to three words and no heading or place, the row's own name two or three words
    with a form."""
    return (0 < len(first.split()) <= 3 and len(rest.split()) <= 3 and has_form(rest)
            and not _GROUP.match(first) and not known_place(first))


def list_heading(text: str) -> bool:
    """The list's own heading ("SUBSIDIARIES OF THE REGISTRANT", "List of Subsidarias"), not a
    company whose name holds the word ("Acme Subsidiary Holdings Inc.")."""
    return (len(text) < 120 and re.search(r"subsid\w*r", text, re.I) is not None
            and not has_form(re.sub(r"(?i)subsid\w*\s+of\s+.*", "", text)))


def line_rows(lines: list[str]) -> list[Row]:
    """Rows of an Exhibit 21 written as lines (paragraphs of an HTML page, or plain text without a
    table): each line after the "subsidiaries" (else the "Exhibit 21") heading that names a
    company — a legal form, a numbered item, or a place stated after it or on the line under it —
    with its jurisdiction and an inline percentage. A sentence, heading or footnote names none.
    A rendering with a cell per line is read cell by cell, one that lost its line breaks is cut
    back into lines."""
    lines = [_leaders(ln) for ln in lines]
    if one_cell_lines(lines):
        return nested(cell_rows(lines), "\n".join([*lines, *cell_notes(lines)]))
    return nested(_named_lines(lines) or _named_lines(unflatten(lines)), "\n".join(lines))


def _bracketed(lines: list[str]) -> list[str]:
    """The lines with a bracket left open at a line's end closed by the next two lines at most
    ("… limited partnership (d/b/a" / "Wendy's of Michigan)")."""
    return join_lines(lines, lambda line, _: line.count("(") > line.count(")"), most=2)


# a list item holding one word, the rest of its name on the line under it (a rendering that broke
# the item after its first word: "- ORIENTAL" / "BANK AND TRUST—a … bank organized …")
_ONE_WORD_ITEM = re.compile(r"^\s*[-\u2022\u00b7*]\s+(?P<word>[A-Z][\w&.'-]*)\s*$")


def _items_joined(lines: list[str]) -> list[str]:
    def continues(item: str, nxt: str) -> bool:
        nxt = nxt.strip()
        return bool(_ONE_WORD_ITEM.match(item)) and nxt[:1].isupper() and not nxt.startswith(("-", "|"))

    def join(item: str, nxt: str) -> str:
        return f"- {_ONE_WORD_ITEM.match(item)['word']} {nxt.strip()}"  # type: ignore[index]

    return join_lines(lines, continues, join=join)


def _column_heading(text: str) -> bool:
    """Whether a line is a column's heading that opens a list whose "Subsidiaries" title the page
    lost ("Organized Under the Laws of", "Jurisdiction of Incorporation"): a place column's words."""
    cols = Columns()
    return len(text) <= 64 and not has_form(text) and cols.learn([text], header=True) and cols.jur is not None


def _named_lines(lines: list[str]) -> list[Row]:
    state = _Lines()
    started = by_heading = False
    for n, raw in enumerate(wrapped_captions(_bracketed(_items_joined(lines))), 1):
        text = clean_text(raw).replace("\xa0", " ").strip()
        if not by_heading and list_heading(text):
            state, started, by_heading = _Lines(), True, True  # what followed "Exhibit 21" was a title
            if "|" not in text:
                continue
        elif not started:
            started = bool(_START.search(text)) or _column_heading(text)
            if not (started and "|" in text):
                continue
        state.line(n, raw)
    out, centres = state.out, state.centres
    if len(out) > 1 and -1.0 not in centres and len({r[4] for r in out}) > 1 and max(centres) - min(centres) <= 2:
        out = [(*r[:4], 0.0) for r in out]  # lines centred on the page: their indents say no nesting
    return out


__all__ = ["line_rows", "list_heading", "nested", "text_rows"]
