"""Exhibit 21 rows whose holders are said in a sentence rather than a column: "(OCM Food Service,
LLC is owned 99% by Meritage Hospitality Group Inc. and 1% by MHG West Inc.)" under the row, or
"Trecora Chemical, Inc. is a Texas corporation … Texas Oil & Chemical Co. II, Inc. owns 100% of the
capital stock of Trecora Chemical, Inc." as the row. Each holder gives the row once (the clause
:func:`ex21_table.nest` reads, and its percent): several holders, several edges."""

from __future__ import annotations

import re
from typing import NamedTuple

from ownergraph.ingest.readers.sec.ex21_rows import held_by
from ownergraph.ingest.readers.sec.ex21_table import SUFFIX, Row, owned_by

_FIG = r"\d{1,3}(?:\.\d+)?\s*%"
# "X is owned 99% by A and 1% by B", "X is wholly owned by A"
_IS_OWNED = re.compile(r"^\(?\s*(?P<name>.+?)\s+is\s+(?:(?P<how>wholly|" + _FIG + r")[\s-]+)?owned\s+"
                       r"(?P<parts>(?:" + _FIG + r"\s+)?by\s+.+?)\s*\)?\.?\s*$", re.I)
_PART = re.compile(r"(?:(?P<pct>" + _FIG + r")\s+)?by\s+(?P<by>.+?)(?=,?\s+and\s+(?:" + _FIG + r"\s+)?by\s+|$)", re.I)
# "X is a Texas corporation …", then "A owns 100% of the capital stock of X"
_IS_A = re.compile(r"^(?P<name>.+?)\s+is\s+an?\s+(?P<where>[A-Z][\w .]*?)\s+(?:corporation|company|limited\s+liability"
                   r"\s+company|limited\s+partnership|partnership|trust|bank)\b", re.I)
_OWNS = re.compile(r"\s+owns\s+(?P<pct>" + _FIG + r")\s+of\s+(?:all\s+of\s+)?(?:the\s+)?"
                   r"(?:(?:issued\s+and\s+)?outstanding\s+)?"
                   r"(?:capital\s+stock|common\s+stock|stock|shares|membership\s+interests?|equity\s+interests?|"
                   r"partnership\s+interests?|interests?)\s+of\s+(?P<name>.+?)\.?\s*$", re.I)


class Stated(NamedTuple):
    """A subsidiary, its place if the sentence says it, and each (percent, holder) it names."""

    name: str
    where: str | None
    holders: list[tuple[str | None, str]]


def stated(text: str) -> Stated | None:
    """The holders a sentence names for a subsidiary; None for any other text."""
    if m := _IS_OWNED.match(text.strip()):
        first = m["how"] and ("100%" if m["how"].lower() == "wholly" else m["how"])
        parts = [(p["pct"] or first, p["by"].strip()) for p in _PART.finditer(m["parts"])]
        return Stated(m["name"].strip(" ,"), None, parts) if parts else None
    if (owns := _OWNS.search(text)) and (m := _IS_A.match(text)):
        holder = text[_sentence_start(text[:owns.start()]):owns.start()].strip()
        return Stated(m["name"].strip(" ,"), m["where"].strip(), [(owns["pct"].replace(" ", ""), holder)])
    return None


def _sentence_start(text: str) -> int:
    """Where the last sentence of the text begins: after a full stop that no legal form's or
    initial's abbreviation ("Co.", "Inc.", "J.") makes."""
    for m in reversed(list(re.finditer(r"(\S*)\.\s+(?=[A-Z])", text))):
        word = m[1].rsplit(".", 1)[-1]
        if not (SUFFIX.fullmatch(word) or len(word) <= 1):
            return m.end()
    return 0


def add_stated(rows: list[Row], loc: str, found: Stated, indent: float) -> None:
    """Give the list the sentence's holders: the row it names (the last one of that name, else a
    new row) takes the first holder, a copy of it each further one."""
    at = next((i for i in range(len(rows) - 1, -1, -1) if _same(rows[i][1], found.name)), None)
    base: Row = rows[at] if at is not None else (loc, found.name, found.where, None, indent)
    new = [held_by(base, by, pct) for pct, by in found.holders]
    if at is None:
        rows.extend(new)
    else:
        rows[at:at + 1] = new


def _same(row_name: str, name: str) -> bool:
    own = owned_by(row_name)[0]
    return own.casefold().startswith(name.casefold()) and owned_by(row_name)[1] is None


__all__ = ["Stated", "add_stated", "stated"]
