"""The place an Exhibit 21 states for its rows in a sentence instead of a column: "All subsidiaries,
with the exception of Acme (Shenzhen) Limited (incorporated in China), are incorporated in Hong
Kong." Rows stating no place take the sentence's; a row the sentence excepts takes the place
named beside it."""

from __future__ import annotations

import re

from ownergraph.ingest.readers.sec.ex21_rows import PLACE, fill
from ownergraph.ingest.readers.sec.ex21_table import Row, known_place, owned_by

_IN = r"(?:incorporated|organi[sz]ed|formed|established|domiciled)\s+(?:in|under\s+the\s+laws\s+of)\s+(?:the\s+)?"
_ALL = re.compile(r"\b(?:all|each)\s+(?:of\s+)?(?:the\s+|our\s+|its\s+)?(?:above\s+|other\s+)?(?:subsidiaries|companies)"
                  r"(?P<but>[^.]*?(?:\([^()]*\)[^.]*?)*?)\s*,?\s+(?:are|is|were|was)\s+" + _IN
                  + r"(?P<where>[A-Z][\w ]{1,40}?)\s*(?:\.|,|;|$)", re.I | re.M)
_EXCEPT = re.compile(r"(?P<name>[A-Z][^()]*?(?:\([^()]*\)[^()]*?)*?)\s*\(\s*" + _IN + r"(?P<where>[^()]{2,40})\)", re.I)


def said_places(text: str) -> tuple[str | None, dict[str, str]]:
    """The place a sentence states for all rows (None if none), and the places of the rows it excepts."""
    for m in _ALL.finditer(text):
        if not known_place(m["where"]):
            continue
        but = re.sub(r"^\s*,?\s*(?:with\s+the\s+exception\s+of|except(?:\s+for)?|other\s+than)\s+", "", m["but"], flags=re.I)
        return m["where"].strip(), {_key(e["name"]): e["where"].strip() for e in _EXCEPT.finditer(but)}
    return None, {}


def _key(name: str) -> str:
    return " ".join(name.casefold().split()).strip(" ,")


def by_place_sentences(rows: list[Row], text: str) -> list[Row]:
    """The rows with the places a sentence states for them, where they state none."""
    where, excepted = said_places(text)
    if where is None:
        return rows
    return [fill(r, PLACE, excepted.get(_key(owned_by(r[1])[0]), where)) for r in rows]


__all__ = ["by_place_sentences", "said_places"]
