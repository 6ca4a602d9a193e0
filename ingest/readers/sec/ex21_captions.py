"""Exhibit 21 rows nested by group captions: a caption row naming the holder of the rows under it
("WHOLLY OWNED BY DPI", "Subsidiaries of Oriental Bank and Trust:", "Owned 50% by Acme Corp."),
up to the next caption. The holder may be a short name a row defined ("(\"DPI\")"). A caption
may wrap over two lines ("WHOLLY OWNED BY QUILLON ENERGY" / "HOLDINGS, INC.", "Subsidiaries of
Tarnwick Bank and" / "Trust Company:"): the holder's name goes on to the line under it.

Captions that name a place rather than a holder ("Delaware" above indented rows, "Subsidiaries
organized in Delaware:", "Foreign Subsidiaries:" ending it) give the rows under them that place
(:func:`by_place_captions`)."""

from __future__ import annotations

import re

from ownergraph.ingest.readers.sec.ex21_names import means_filer
from ownergraph.ingest.readers.sec.ex21_rows import PLACE, fill, held_by, join_lines
from ownergraph.ingest.readers.sec.ex21_table import Row, has_form, known_place, owned_by, share_words

_CAPTION = re.compile(r"^(?:(?P<how>wholly|majority|\d{1,3}(?:\.\d+)?\s*%)[\s-]+)?owned\s+by\s+(?P<by>.+?)\s*:?$"
                      r"|^(?:(?:direct|indirect|wholly[\s-]+owned)\s+)?subsidiaries\s+of\s+(?P<by2>.+?)\s*:?$"
                      r"|^(?:subsidiaries|companies|entities)\s+(?:held|owned)\s+by\s+(?P<by3>.+?)\s*:$", re.I)


def caption(row: Row) -> tuple[str, str | None] | None:
    """The holder a caption row names and the share its words state; None for a subsidiary row
    (one with a place or a percent, or no caption words)."""
    if row[2] is not None or row[3] is not None or not (m := _CAPTION.match(row[1].strip())):
        return None
    return (m["by"] or m["by2"] or m["by3"]).strip(" :"), share_words(m["how"])


def names_holder(text: str) -> bool:
    """Whether a line is a caption naming a holder other than the filer ("Subsidiaries of Acme
    Bank:"), not the list's own heading ("Subsidiaries of the Registrant:")."""
    found = caption(("", text.strip(), None, None, 0.0))
    return found is not None and not means_filer(found[0])


def _rest_of_holder(holder: str, row: Row) -> bool:
    """Whether the row is the rest of a caption's holder wrapped onto the next line: the holder
    has no legal form yet, the row is a few words ending in one, with no place, share or holder."""
    name = row[1].strip(" :")
    return (not has_form(holder) and row[2] is None and row[3] is None and owned_by(name)[1] is None
            and 0 < len(name.split()) <= 5 and has_form(name))


def wrapped_captions(lines: list[str]) -> list[str]:
    """The lines with a caption wrapped onto the next line ending in ":" joined into one
    ("Subsidiaries of Tarnwick Bank and" / "Trust Company:")."""
    def continues(line: str, nxt: str) -> bool:
        head = line.strip()
        return (not head.endswith(":") and caption(("", f"{head}:", None, None, 0.0)) is not None
                and nxt.strip().endswith(":") and len(nxt.split()) <= 5)
    return join_lines(lines, continues)


def by_captions(rows: list[Row]) -> list[Row]:
    """The rows without their captions, each under a caption given its holder (and share), unless
    the row names its own holder. The first caption may name the filer: the rows under it are
    then held by it by name."""
    out: list[Row] = []
    holder: tuple[str, str | None] | None = None
    just_captioned = False
    for row in rows:
        if (found := caption(row)) is not None:
            holder, just_captioned = found, True
            continue
        if just_captioned and holder is not None and _rest_of_holder(holder[0], row):
            holder, just_captioned = (f"{holder[0]} {row[1].strip(' :')}", holder[1]), False
            continue
        just_captioned = False
        if holder is not None and owned_by(row[1])[1] is None:
            row = held_by(row, holder[0], row[3] or holder[1])
        out.append(row)
    return out


# the names of the rows a list of lines keeps for :func:`by_place_captions` (neither is a company)
PLACE_HEADING = ":"  # a heading ending in ":"; its place (or None) holds for the rows under it
PLACE_LINE = ""  # a line naming only a place: the row above's place, or a caption over the rows under it

_ORGANIZED = re.compile(r"^(?:(?:subsidiaries|companies|corporations|entities)\s+)?(?:organi[sz]ed|incorporated|formed|"
                        r"domiciled)\s+(?:in|under\s+the\s+laws\s+of)\s+(?:the\s+(?:state|commonwealth|province|"
                        r"republic)\s+of\s+)?(?P<where>.+)$", re.I)
_PLACE_GROUP = re.compile(r"^(?P<where>.+?)\s+(?:subsidiaries|companies|corporations|entities)$", re.I)


def place_heading(text: str) -> str | None:
    """The place a heading names for the rows under it ("Subsidiaries organized in Delaware:",
    "Delaware Subsidiaries:", "Delaware:"); None for one naming none ("Foreign Subsidiaries:")."""
    t = text.strip().rstrip(":").strip()
    for m in (_ORGANIZED.match(t), _PLACE_GROUP.match(t)):
        if m and known_place(m["where"]):
            return m["where"]
    return t if known_place(t) else None


def _bare_place(row: Row) -> str | None:
    """The place a row holding only a place names (a list's place line, or a table row whose name
    cell is a place and nothing else)."""
    if row[1] == PLACE_LINE:
        return row[2]
    if row[2] is None and row[3] is None and not has_form(row[1]) and known_place(row[1].strip(" :")):
        return row[1].strip(" :")
    return None


def by_place_captions(rows: list[Row]) -> list[Row]:
    """The rows without their place lines and headings: a place line under a row that states no
    place, with no row indented under it, is that row's place ("Acme Holdings LLC" / "Delaware");
    else it, like a heading naming a place, gives the rows under it that place unless they state
    one, up to the next heading."""
    out: list[Row] = []
    place: str | None = None
    for i, row in enumerate(rows):
        if row[1] == PLACE_HEADING:
            place = row[2]
            continue
        if (bare := _bare_place(row)) is not None:
            under = i + 1 < len(rows) and rows[i + 1][4] > row[4]
            if out and out[-1][2] is None and not under:
                out[-1] = fill(out[-1], PLACE, bare)
            else:
                place = bare
            continue
        out.append(fill(row, PLACE, place) if place is not None else row)
    return out


__all__ = ["PLACE_HEADING", "PLACE_LINE", "by_captions", "by_place_captions", "caption", "names_holder",
           "place_heading", "wrapped_captions"]
