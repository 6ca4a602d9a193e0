"""Exhibit 21 rows nested by group captions: a caption row naming the holder of the rows under it
("WHOLLY OWNED BY DPI", "Subsidiaries of Oriental Bank and Trust:", "Owned 50% by Acme Corp."),
up to the next caption. The holder may be a short name a row defined ("(\"DPI\")")."""

from __future__ import annotations

import re

from ownergraph.ingest.readers.sec.ex21_rows import held_by
from ownergraph.ingest.readers.sec.ex21_table import Row, owned_by, share_words

_CAPTION = re.compile(r"^(?:(?P<how>wholly|majority|\d{1,3}(?:\.\d+)?\s*%)[\s-]+)?owned\s+by\s+(?P<by>.+?)\s*:?$"
                      r"|^(?:(?:direct|indirect|wholly[\s-]+owned)\s+)?subsidiaries\s+of\s+(?P<by2>.+?)\s*:?$", re.I)


def caption(row: Row) -> tuple[str, str | None] | None:
    """The holder a caption row names and the share its words state; None for a subsidiary row
    (one with a place or a percent, or no caption words)."""
    if row[2] is not None or row[3] is not None or not (m := _CAPTION.match(row[1].strip())):
        return None
    return (m["by"] or m["by2"]).strip(" :"), share_words(m["how"])


def by_captions(rows: list[Row]) -> list[Row]:
    """The rows without their captions, each under a caption given its holder (and share), unless
    the row names its own holder. The first caption may name the filer: the rows under it are
    then held by it by name."""
    out: list[Row] = []
    holder: tuple[str, str | None] | None = None
    for row in rows:
        if (found := caption(row)) is not None:
            holder = found
            continue
        if holder is not None and owned_by(row[1])[1] is None:
            row = held_by(row, holder[0], row[3] or holder[1])
        out.append(row)
    return out


__all__ = ["by_captions", "caption"]
