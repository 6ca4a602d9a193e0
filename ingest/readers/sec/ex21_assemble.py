"""Exhibit 21 rows from the sequence of cell classes, whatever the layout or column order: a name
starts a row; a place, a percent, an owner or a footnote mark after it is that row's until the
next name; a place or percent before a name whose row has one already (or in a list whose data
put that column first) waits for the next name. A figure column (by position after the name) is a
share column when it holds a figure of 0-100 in four rows of five, so an amount column never gives
a share. Nesting comes from indentation and outline numbers ("1)", "(A)",
"i.": each style met is one level deeper than the styles met before it). A holder cell ("owned by
X", or a name under an owner column) is kept as the row's "(subsidiary of X)" clause, resolved to
a row of the same file by :func:`ex21_table.nest`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ownergraph.domain.places import place_code
from ownergraph.ingest.readers.sec.ex21_cell_notes import trailing_mark
from ownergraph.ingest.readers.sec.ex21_group_share import group_share
from ownergraph.ingest.readers.sec.ex21_classes import Column, Kind, column_kind, kind, outline
from ownergraph.ingest.readers.sec.ex21_table import Row, has_form, owned_by, row_text
from ownergraph.ingest.readers.sec.ex21_tokens import Cell, tokens


@dataclass
class _Row:
    line: int
    name: str
    indent: float
    place: str | None = None
    pct: str | None = None
    owner: str | None = None
    slots: list[str | None] = field(default_factory=list)  # figure cells after the name; None: a dash
    after_name: int = 0  # cells read after the name


@dataclass
class _State:
    header: list[Column] = field(default_factory=list)
    rows: list[_Row] = field(default_factory=list)
    place: str | None = None  # a place waiting for the next name
    pct: str | None = None
    styles: list[str] = field(default_factory=list)  # outline number styles, outermost first
    number: str | None = None  # an outline number in a cell of its own, for the next name
    area: str | None = None  # a place heading's place, for the rows under it
    group: str = ""  # the share a group heading states ("Wholly owned subsidiaries")
    towns: bool = False  # a town's column
    headings: set[int] = field(default_factory=set)  # the place cells that head a group of rows
    first: set[Kind] = field(default_factory=set)  # what the list states before each row's name
    percent_columns: list[int] = field(default_factory=list)
    total: bool = False  # a "Total / Effective interest" column: a row's last percent is its share

    def leads(self, what: Kind) -> bool:
        return what in self.first

    def share(self, row: _Row) -> str | None:
        """The row's share from its figure cells: those of the figure columns that hold a figure
        of 0-100 in nearly every row (:func:`_percent_columns`; an amount column holds larger
        figures or money), the total one where there is one; bare figures only under a percent
        header."""
        slots = [row.slots[k] for k in self.percent_columns if k < len(row.slots)]
        if Column.PERCENT not in self.header:
            slots = [v for v in slots if v and "%" in v]
        slots = slots[-1:] if self.total and len(slots) > 1 else slots[:1]
        return row.pct or (slots[0] if slots else None)


def _percent_columns(rows: list[_Row]) -> list[int]:
    """The figure columns (by position after the name) that hold a figure of 0-100 in at least
    four rows of five that reach them."""
    reach = [sum(len(r.slots) > k for r in rows) for k in range(max((len(r.slots) for r in rows), default=0))]
    held = [sum(len(r.slots) > k and r.slots[k] is not None for r in rows) for k in range(len(reach))]
    return [k for k, (n, h) in enumerate(zip(reach, held)) if n and 5 * h >= 4 * n]


def _style(mark: str) -> str:
    """An outline number's style: "(1)" and "1)" and "1." differ; "a)" and "b)" are one style."""
    core = re.sub(r"\d+", "9", mark)
    core = re.sub(r"^(\(?)[ivxIVX]{1,5}(?=[.)])", r"\1i", core) if not re.search(r"[a-hj-uwyzA-HJ-UWYZ]", core) else core
    return re.sub(r"[a-hj-uwyz]", "a", re.sub(r"[A-HJ-UWYZ]", "A", core))


def _split_place(name: str) -> tuple[str, str | None]:
    """"EPCOS OHG, Deutschlandsberg, Austria": the name before a trailing "Town, Country" or country
    ("Town/Country" too); a trailing town alone ("SAP AG, Walldorf") is cut off without a place."""
    parts = name.split(", ")
    for k in (2, 1):
        head, tail = ", ".join(parts[:-k]), ", ".join(parts[-k:])
        if len(parts) > k and has_form(head) and not has_form(tail):
            if place_code(tail) is not None or place_code(tail.split("/")[-1]) is not None:
                return head, tail.split("/")[-1] if place_code(tail) is None else tail
            if k == 1 and len(tail.split()) <= 3 and tail[:1].isupper() and not re.search(r"\d", tail):
                return head, None
    return name, None


def _name_place(text: str) -> tuple[str, str | None, str | None]:
    """A name cell's name, percent and place: a trailing "Town, Country" first (a bracket after it,
    "(formerly: X)", kept with the name), else what :func:`row_text` reads."""
    m = re.search(r"\s*\([^()]*\)$", text)
    bare, bracket = (text[:m.start()], m[0]) if m and "," in text[:m.start()] else (text, "")
    name, place = _split_place(bare)
    if place is not None:
        got = row_text(name + bracket, split=False) or (name + bracket, None, None)
        return got[0], got[2], place
    got = row_text(text) or (text, None, None)
    if got[1] is None:
        name, place = _split_place(got[0])
        return name, got[2], place
    return got[0], got[2], got[1]


def _start(st: _State, cell: Cell) -> None:
    """A name cell: a new row, with what waits for it."""
    mark, text = outline(cell.text)
    mark, st.number = mark or st.number, None
    level = 0.0
    if mark is not None:
        style = _style(mark)
        if style not in st.styles:
            st.styles.append(style)
        level = 100.0 * (st.styles.index(style) + 1)
    text, note = trailing_mark(text.rstrip(" -\u2013\u2014"))  # "Acme Bank --" / a description below
    if note is None and (m := _BARE_MARKS.search(text)):  # "Acme AG, Dresden 2), 3)"
        text = text[:m.start()].rstrip(" ,")
    name, pct, place = _name_place(text)
    row = _Row(cell.line, f"{name} {note}" if note else name, cell.indent + level, place, pct or st.group or None)
    if row.place is None and (st.place or st.area) is not None:
        row.place = st.place or st.area
    if row.pct is None and st.pct is not None:
        row.pct = st.pct
    st.place = st.pct = None
    st.rows.append(row)


def _owner_expected(st: _State, row: _Row) -> bool:
    """A name after a row's name is its owner under an owner column once the cells between are read."""
    if Column.OWNER not in st.header or row.owner is not None or owned_by(row.name)[1] is not None:
        return False
    between = st.header[st.header.index(Column.NAME) + 1:st.header.index(Column.OWNER)] if (
        Column.NAME in st.header and st.header.index(Column.NAME) < st.header.index(Column.OWNER)) else []
    return row.after_name >= len([c for c in between if c != Column.OTHER]) > 0 or (
        not between and Column.NAME in st.header)


def _town(st: _State, row: _Row | None, cell: Cell, what: Kind, then: Kind | None) -> bool:
    """A town between a company's name and its country ("Alfa Laval AB" / "Lund" / "Sweden") under
    a header with a town's column ("Domicile", "Seat", "City")."""
    return (st.towns and row is not None and what == Kind.NAME and then == Kind.PLACE and row.place is None
            and not row.after_name and has_form(row.name) and not has_form(cell.text)
            and len(cell.text.split()) <= 3)


def _listed_owner(st: _State, row: _Row, cell: Cell, then: Kind | None) -> bool:
    """A name after a row's name and place, right before its percent, that names a row listed
    above: the row's holder."""
    return (row.place is not None and row.after_name > 0 and not row.slots and row.owner is None
            and then in (Kind.PERCENT, Kind.FIGURE)
            and any(r.name.casefold() == cell.text.casefold() for r in st.rows[:-1]))


def _take(st: _State, i: int, cell: Cell, what: Kind, then: Kind | None) -> None:
    """One classified cell (the ``i``-th) into the rows (``then``: the next cell's class)."""
    row = st.rows[-1] if st.rows else None
    if what == Kind.NUMBER:
        st.number = cell.text
        return
    if what == Kind.HEAD and (share := group_share(cell.text)) is not None and (share or st.rows):
        st.group = share  # "Wholly owned subsidiaries"; "Joint ventures" ends that group
        return
    if what == Kind.PLACE and i in st.headings and (row is None or row.place is not None):
        st.area = cell.text
        return
    if what == Kind.HEAD and (not st.rows or st.rows[-1].after_name):
        st.area = None
    if _town(st, row, cell, what, then):
        row.place, row.after_name = cell.text, 1  # type: ignore[union-attr]
        return
    if what == Kind.HEAD and row is not None and cell.text == "%" and row.slots and row.slots[-1]:
        row.slots[-1] += "%"  # a figure's percent sign in a cell of its own
        return
    if what == Kind.HEAD and len(st.rows) == 1 and row is not None and not row.after_name and not (
            row.place or row.pct):
        st.rows.pop()  # a title read as a name: the header comes after it
    if what == Kind.HEAD:
        if not st.rows and (col := column_kind(cell.text)) != Column.OTHER and (
                not st.header or st.header[-1] != col):
            st.header.append(col)
        st.place = st.pct = None
        return
    if what == Kind.NAME and row is not None and cell.line == row.line and cell.indent > row.indent and (
            not _owner_expected(st, row)):
        row.after_name += 1  # a further cell of the row's own line (an activity, a vessel): no row
        return
    if what == Kind.NAME and row is not None and (_owner_expected(st, row) or _listed_owner(st, row, cell, then)):
        row.owner, row.after_name = cell.text, row.after_name + 1
    elif what == Kind.NAME:
        _start(st, cell)
    elif row is None or what == Kind.PROSE:
        if what == Kind.PLACE:
            st.place = cell.text
        elif what == Kind.PERCENT:
            st.pct = cell.text
        return
    else:
        _fill(st, row, cell, what)


def _fill(st: _State, row: _Row, cell: Cell, what: Kind) -> None:
    row.after_name += 1
    if what == Kind.PLACE:
        if row.place is None and not st.leads(Kind.PLACE):
            row.place = cell.text
        elif row.place is not None and place_code(row.place) is None:
            row.place = f"{row.place}, {cell.text}"  # a town, then its country
        else:
            st.place = cell.text
    elif what == Kind.PERCENT and st.leads(Kind.PERCENT):
        st.pct = cell.text
    elif what in (Kind.PERCENT, Kind.FIGURE, Kind.AMOUNT):
        row.slots.append(None if what == Kind.AMOUNT else cell.text)
    elif what == Kind.EMPTY and cell.text.strip("-\u2013\u2014") != cell.text:
        row.slots.append(None)  # a dash under a figure column
    elif what == Kind.OWNER and row.owner is None:
        row.owner = owned_by(f"X ({cell.text})")[1] or re.sub(r"^.*?\bby\s+", "", cell.text)
        if row.pct is None and (m := re.match(r"(\d{1,3}(?:\.\d+)?)\s*%", cell.text)):
            row.pct = f"{m[1]}%"
    elif what == Kind.MARK and row.after_name == 1:
        row.name = f"{row.name} {cell.text}"


_BARE_MARKS = re.compile(r"(?:[\s,]+\d{1,2}\))+$")  # footnote marks without their opening brackets
_TOWN_HEAD = re.compile(r"\b(?:domicile|city|town|seat|registered\s+office|location)\b", re.I)
_TOTAL = re.compile(r"\b(?:total|effective|aggregate)\b", re.I)
_ORDERED = (Kind.NAME, Kind.PLACE, Kind.PERCENT)


def _leading(classed: list[tuple[Cell, Kind]]) -> set[Kind]:
    """What the list states before a row's name: the first data cells before the first name, when
    the same kind stands right after that name's row too (a place, then its name, then a place)."""
    data = [k for _, k in classed if k in _ORDERED]
    at = data.index(Kind.NAME) if Kind.NAME in data else 0
    before = set(data[:at])
    return {k for k in before if k in data[at + 1:at + 4] and Kind.NAME in data[at + 1:at + 5]}


def _place_headings(classed: list[tuple[Cell, Kind]]) -> set[int]:
    """Place cells that may head a group of rows: two names follow with no place between ("GERMANY"
    / "Acme AG, Walldorf" / "Acme Systems GmbH, Dresden"); one right after a row without a place is
    that row's (:func:`_take`)."""
    out = set()
    big = (Kind.NAME, Kind.PLACE, Kind.HEAD)
    for i, (_, what) in enumerate(classed):
        after = [k for _, k in classed[i + 1:i + 8] if k in big][:2]
        if what == Kind.PLACE and after == [Kind.NAME, Kind.NAME]:
            out.add(i)
    return out


def cell_class_rows(text: str) -> list[Row]:
    """The rows of a rendering read by what its cells are."""
    st = _State()
    classed = [(c, kind(c.text)) for c in tokens(text)]
    heads = [c.text for c, k in classed if k == Kind.HEAD]
    st.first, st.total = _leading(classed), any(_TOTAL.search(h) for h in heads)
    st.headings = _place_headings(classed)
    st.towns = any(_TOWN_HEAD.search(h) for h in heads)
    for i, (cell, what) in enumerate(classed):
        _take(st, i, cell, what, classed[i + 1][1] if i + 1 < len(classed) else None)
    st.percent_columns = _percent_columns(st.rows)
    return [(f"line[{r.line}]", r.name + (f" (subsidiary of {r.owner})" if r.owner else ""), r.place,
             _pct(st.share(r)), r.indent) for r in st.rows]


def _pct(text: str | None) -> str | None:
    if text is None:
        return None
    m = re.search(r"\d{1,3}(?:[.,]\d+)?", text)
    return f"{m[0].replace(',', '.')}%" if m else None


__all__ = ["cell_class_rows"]
