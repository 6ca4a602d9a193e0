"""Subsidiary lists as 10-K exhibits (EX-21) and annual reports lay them out, read by layout.

An exhibit list is columns of plain text: a name, then a jurisdiction and a percentage in
either order ("IBM Argentina, S.A. ........ Argentina    100(E)", "Caribe General Electric
Products, Inc. | 100 | Delaware"), cells set apart by dot leaders, wide spaces, tabs or " | ";
names carry footnote marks ("(a)", "*"); footnote lines ("(A) Minor percentage held by ...")
and header lines ("Name / State or other jurisdiction of incorporation") sit among the rows; a
row indented under another is that row's subsidiary. A list is known by a heading that names
subsidiaries, or, where the exhibit's heading is lost, by its rows alone: three rows in a row
whose second column is a jurisdiction.

Each row gives ``subsidiary`` of the list's owner (the company a heading names, "Subsidiaries of
X", else the filer); a row under a parent row gives that too (without its stake: the registrant
holds it indirectly) and ``subsidiary`` of its immediate parent with the row's stake (rule
``table_subsidiary_parent``). Markdown tables ("| a | b |") are left to :mod:`tables`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ownergraph.domain.places import starts_place
from ownergraph.ingest.extract.parties import REGIONS, has_legal_form, is_party
from ownergraph.ingest.extract.patterns import SUBSIDIARY
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import Context

__all__ = ["Row", "find", "numbered_row", "row_of"]

# cells: " | ", tabs, dot leaders ("Name ....... Delaware", "Name . . . . Delaware"; a name's own
# final dot stays: "S.r.l. ......"), or two spaces and more
_CELLS = re.compile(r"\s*\|\s*|\t+|\s*(?:\.{3,}|(?:\s\.){3,})[\s.]*|\s{2,}")
# a stake cell: "100", "55.53", "100%", "100(E)", "90 (C)", "---(D)" (stated by a footnote)
_STAKE = re.compile(r"(?:(?P<n>\d{1,3}(?:\.\d+)?)\s?%?|-{1,3}|—)\s*(?:\(\s?[A-Za-z0-9]{1,2}\s?\)|\*{1,3}|[†‡])?")
_PLACE = re.compile(r"\(?[A-Z][\w.'’&()-]*(?:\s+(?:\(?[A-Z][\w.'’&()-]*|of|and|the|da|de|do|du|&))*(?:\s?\([a-z]\))?")
# one cell that names its jurisdiction: "Acme Holdings LLC (Delaware)", "Acme GmbH (Germany) 51%",
# "Acme Services, Inc., a Delaware corporation"
_PLACE_IN_NAME = re.compile(r"(?P<name>[A-Z].{2,120}?)(?:\s\((?P<place>[A-Z][^()]{1,40})\)|,\s(?:an?\s)(?P<place2>[A-Z][\w .]{1,30}?)"
                            r"\s(?:corporation|limited\sliability\scompany|limited\spartnership|company))"
                            r"(?:\s+(?P<stake>\d{1,3}(?:\.\d+)?\s?%))?")
_MARK = re.compile(r"(?:\s*(?:\(\s?[a-zA-Z0-9]{1,2}\s?\)|\*{1,3}|[†‡§#]))+$")
# a footnote under or among the rows: "(A) Minor percentage held ...", "* Pursuant to Item 601", "(1) With respect ..."
_FOOTNOTE = re.compile(r"^(?:\(\s?[A-Za-z0-9]{1,2}\s?\)|\*{1,3}|[†‡§]|\[\d{1,2}\])\s*\S")
# a header line: "Name / State or other jurisdiction of incorporation", "Percentage of voting securities owned"
_HEADER = re.compile(r"\b(?:jurisdiction|incorporat\w*|organi[sz](?:ation|ed)|percent(?:age)?|ownership|owned|"
                     r"voting|country|state\sof|name|subsidiar\w*|parents?|immediate|securities|domicile|"
                     r"interest|held|registered|place|formation)\b", re.I)
_HEADER_NAME = re.compile(r"(?:(?:legal\s|exact\s)?name|company|entity|subsidiar\w*|corporation)\b(?!\s*,)", re.I)
_HEADING = re.compile(r"\b(?:subsidiar(?:y|ies)|(?:subsidiary|group|related)\sundertakings|exhibit\s21|ex-21)\b", re.I)
_OF = re.compile(r"\bsubsidiaries\sof\s(?:the\s)?(?P<p>[A-Z][^,;:()]{2,80}?)\s*[.:*]?\s*$")
_JOINERS = frozenset("of de du la le des del der van von und and & y e et the for da do das dos di della im am "
                     "zu in".split())
# what ends a list whatever its layout: the next exhibit, a part or item of the report, signatures
_CLOSES = re.compile(r"^(?:EXHIBIT|Exhibit|EX-)\s*\d|^(?:CONSENT|SIGNATURES?|PART\s[IVX]+|ITEM\s\d|Item\s\d)\b")
_RUN = 3  # rows with a jurisdiction column, one after another, make a list without a heading


# nesting marks before a row's name, one per level (an exported list's ">" or "- "): the row is the
# subsidiary of the nearest row above with fewer (a list whose every row has one has no nesting)
_NEST = re.compile(r"^(?:>\s?|[-–—]\s)+(?=[A-Z0-9])")


@dataclass(frozen=True)
class Row:
    """One line of a list: its indentation, name, jurisdiction and stated stake."""

    indent: int
    name: str
    place: str | None
    stake: float | None


def row_of(line: str) -> Row | None:
    """The row a line is, or None: a name cell and at least one jurisdiction or stake cell, no other."""
    body = line.rstrip()
    if not body.strip() or body.lstrip().startswith("|") or len(body.strip()) > 200:
        return None
    indent = len(body.expandtabs(4)) - len(body.expandtabs(4).lstrip())
    marks = _NEST.match(body.strip())  # ">Craig-Hallum Corporation | Delaware | 100%": one level under the row above
    if marks is not None:
        indent += 4 * len(re.sub(r"\s", "", marks[0]))
        body = body.strip()[marks.end():]
    cells = [c.strip() for c in _CELLS.split(body.strip()) if c and c.strip(" .")]
    if len(cells) == 1 and (m := _PLACE_IN_NAME.fullmatch(cells[0])) and _jurisdiction(m["place"] or m["place2"]):
        cells = [m["name"], m["place"] or m["place2"], *([m["stake"]] if m["stake"] else [])]  # "Acme LLC (Delaware)"
    if len(cells) < 2 or len(cells) > 4:
        return None
    name = _MARK.sub("", cells[0]).strip(" ,;:")
    if _HEADER_NAME.match(name):
        return None  # a header row: "Name      Jurisdiction of Incorporation"
    place, stake, stated = None, None, False
    for cell in cells[1:]:
        if (m := _STAKE.fullmatch(cell)) is not None:
            stake = stake if stake is not None or m["n"] is None else float(m["n"])
            stated = stated or m["n"] is not None or "(" in cell
        elif place is None and _PLACE.fullmatch(cell) and len(cell.split()) <= 5:
            place = _MARK.sub("", cell).strip()
        else:
            return None
    if (place is None and not stated) or (stake is not None and stake > 100) or not _a_name(name):
        return None
    return Row(indent, name, place, stake)


# a numbered list's line under a heading: "1. CVD/RMS Acquisition Corp., a Delaware corporation.",
# "5. Endologix International Holdings B.V., a Dutch corporation." (a description, in any words)
_NUMBERED = re.compile(r"^\s*(?:\(?\d{1,3}[.)]|\([a-z]{1,3}\))\s+(?P<name>[A-Z][^;:]{2,120}?),\s(?:an?\s)(?P<what>[A-Z][\w .-]{1,40}?\s"
                       r"(?:[a-z]+\s){0,3}(?:corporation|company|partnership|trust|limited|société|gmbh))\.?\s*$")


def numbered_row(line: str) -> Row | None:
    """The row a numbered line of a list under a heading is, or None."""
    m = _NUMBERED.match(line.rstrip())
    if m is None or not has_legal_form(m["name"]) or not _a_name(m["name"]):
        return None
    return Row(0, m["name"].strip(" ,"), m["what"].split()[0], None)


def _a_name(name: str) -> bool:
    words = name.split()
    if ":" in name:
        return False  # "SPECIAL LIMITED PARTNER: STEADFAST APARTMENT ADVISOR III, LLC": a role, then a name
    if not words or not (name[:1].isupper() or name[:1].isdigit()) or len(name) > 120:
        return False
    if any(not (w[:1].isupper() or w[:1].isdigit() or w[:1] in "(&-'\"") and w.lower() not in _JOINERS
           and not re.fullmatch(r"[a-z](?:\.[a-z]){1,3}\.?,?", w) for w in words):  # "f.s.b.", "s.a.": an initialised form
        return False  # a line of prose or a table of figures ("Net sales  1,234")
    return _jurisdiction(name) is False and is_party(name)


def _jurisdiction(cell: str | None) -> bool:
    """Whether a cell names a jurisdiction (or starts to: "Delaware and", "United Arab")."""
    if not cell:
        return False
    low = " ".join(re.sub(r"[*†‡]", "", cell).casefold().split())
    return starts_place(low) or any(low == r or low.startswith(r + " ") for r in REGIONS)


def find(text: str, ctx: Context) -> tuple[list[Found], set[int]]:
    """The rows of the document's subsidiary lists, and the offsets of the lines read as rows
    (for :mod:`tables` to leave alone)."""
    out: list[Found] = []
    taken: set[int] = set()
    owner: str | None = None  # the list's owner while a list is open
    pending: list[tuple[Row, str, int]] = []  # rows seen before any heading, waiting to make a run
    stack: list[tuple[int, str]] = []
    pos = 0
    for line in text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        row = row_of(line) or (numbered_row(line) if owner is not None else None)
        bare = line.strip()
        start += len(line) - len(line.lstrip())
        if row is not None:
            if owner is None:
                pending = _grow(pending, row, bare, start)
                if len(pending) >= _RUN and ctx.filer:
                    owner, stack = ctx.filer, []
                    for r, q, at in pending:
                        out += _emit(r, q, at, owner, stack, taken)
                    pending = []
                continue
            out += _emit(row, bare, start, owner, stack, taken)
            continue
        if _CLOSES.match(bare) and not _HEADING.search(bare):
            owner, stack, pending = None, [], []
            continue
        if not bare or _FOOTNOTE.match(bare) or _neutral(bare):
            continue
        heading = _heading(bare)
        if heading is not None:
            p = _OF.search(bare)
            owner, stack, pending = (ctx.name(p["p"]) if p else None) or ctx.filer, [], []
            continue
        if _prose(bare):
            owner, stack, pending = None, [], []
    return out, taken


def _grow(pending: list[tuple[Row, str, int]], row: Row, quote: str, start: int) -> list[tuple[Row, str, int]]:
    """The run of headless rows with ``row`` added: rows with a jurisdiction column only."""
    if row.place is None or not _jurisdiction(row.place):
        return []
    return [*pending, (row, quote, start)]


# the heading's word is part of a name ("SIII SUBSIDIARY, LLC", "Acme Subsidiary Inc."): no heading
_IN_A_NAME = re.compile(r"\bsubsidiar(?:y|ies)\b,?\s(?:LLC|L\.L\.C|Inc|Corp|Ltd|L\.P|LP|Limited|Company|plc)\b", re.I)


def _heading(line: str) -> str | None:
    if len(line) > 120 or not _HEADING.search(line) or re.search(r"[a-z]\.$", line) or _IN_A_NAME.search(line):
        return None
    return line


def _neutral(line: str) -> bool:
    """A line that neither is a row nor ends a list: a header, a date line, a page number, a rule."""
    if re.fullmatch(r"[-=_\s]+|<[^>]*>|\d{1,4}|page\s\d+|[ivx]+", line, re.I):
        return True
    return len(line) <= 120 and (bool(_HEADER.search(line)) or not _prose(line)) and not _HEADING.search(line)


def _prose(line: str) -> bool:
    return len(line) > 300 or len(re.findall(r"\b[a-z]{3,}\b", line)) > 3


def _emit(row: Row, quote: str, start: int, owner: str, stack: list[tuple[int, str]], taken: set[int]) -> list[Found]:
    """The findings of a row under ``owner``, its immediate parent the nearest row above it
    indented less (``stack``, updated)."""
    while stack and stack[-1][0] >= row.indent:
        stack.pop()
    if _key(row.name) == _key(owner) or _key(owner).startswith(_key(row.name)):
        stack[:] = [(row.indent, owner)]  # the registrant's own line heads the list
        taken.add(start)
        return []
    parent = stack[-1][1] if stack else owner
    stack.append((row.indent, row.name))
    taken.add(start)
    if parent == owner:
        return [_found(owner, row.name, row.stake, "table_subsidiary", quote, start)]
    return [_found(owner, row.name, None, "table_subsidiary", quote, start, direct=False),
            _found(parent, row.name, row.stake, "table_subsidiary_parent", quote, start)]


def _found(a: str, b: str, stake: float | None, rule: str, quote: str, start: int, *, direct: bool = True) -> Found:
    return Found(relation=SUBSIDIARY, rule=rule, a=a, b=b, confidence=0.9, start=start, end=start + len(quote),
                 quote=quote, stake=stake, direct=direct)


def _key(name: str) -> str:
    return re.sub(r"[\W_]", "", name.casefold())
