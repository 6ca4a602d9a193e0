"""Exhibit 21 rows nested by footnote markers: "Pinnacle Bank (1)" and "First General Corporation
(2)" over the notes "(1) Subsidiary of the Registrant." / "(2) Subsidiary of Pinnacle Bank.": a row
whose marker's note names a holder is given that holder (the clause
:func:`ex21_table.nest` reads), its marker dropped."""

from __future__ import annotations

import re

from ownergraph.ingest.readers.sec.ex21_rows import held_by
from ownergraph.ingest.readers.sec.ex21_table import Row, share_words

_MARK = r"\(\s*(?:\d{1,2}|[a-z]|[ivx]{1,4})\s*\)|\*{1,3}|[#\u2020\u2021\u00a7]{1,3}"
# "(2)  Subsidiary of Pinnacle Bank.", "* Wholly owned subsidiary of X", "(a) Owned by X."
_NOTE = re.compile(r"^\s*(?P<mark>" + _MARK + r")\s+(?:an?\s+)?(?:(?P<tier>first|second|third|fourth|\d(?:st|nd|rd|th))"
                   r"[\s-]+tier\s+)?(?:(?P<how>wholly|majority|\d{1,3}(?:\.\d+)?\s*%)"
                   r"[\s-]*)?(?:owned\s+)?(?:subsidiary\s+of|by)\s+(?P<by>[^;\n]+?)\s*\.?\s*$", re.I | re.M)
# "(1) We hold 93% of the issued and outstanding shares of X.", "(4) Acme holds 65% of …", "* We directly or
# indirectly own 60% of the outstanding interests.", "(4) The Company owned approximately 92% of …"
_HOLDS = re.compile(r"^\s*(?P<mark>" + _MARK + r")\s+(?P<by>[A-Z][\w .,&'-]{0,80}?)\s+(?:(?:directly\s+or\s+)?"
                    r"(?:in)?directly\s+)?(?:own|owns|owned|hold|holds|held)\s+(?:approximately\s+|about\s+)?"
                    r"(?P<how>\d{1,3}(?:\.\d+)?\s*%)", re.M)
_WE = re.compile(r"^(?:we|us|our|the\s+(?:company|registrant|corporation|issuer|parent))$", re.I)
_ROW_MARK = re.compile(r"\s*(?P<marks>(?:(?:" + _MARK + r")\s*)+)$", re.I)  # "Rex Alabama, Inc.(2)(3)"
_ONE_MARK = re.compile(_MARK, re.I)
_DEEPER = re.compile(r"(?!first|1st)", re.I)


def note_owners(text: str) -> dict[str, tuple[str, str | None]]:
    """Each footnote marker whose note names a holder or a share: (holder, share words or None);
    the holder "" where the note's holder is the filer ("We hold 93% of …")."""
    # "Second-tier wholly-owned subsidiary of X": X holds the row through another company, so the
    # note gives its share and no direct holder
    found = {_key(m["mark"]): ("" if _DEEPER.match(m["tier"] or "first") else m["by"].strip(), m["how"])
             for m in _NOTE.finditer(text)}
    for m in _HOLDS.finditer(text):  # a holder's share stated in a sentence; "We": the filer
        found.setdefault(_key(m["mark"]), ("" if _WE.match(m["by"].strip()) else m["by"].strip(), m["how"]))
    return found


def _key(mark: str) -> str:
    return re.sub(r"\s", "", mark).casefold()


def by_footnotes(rows: list[Row], text: str) -> list[Row]:
    """The rows with the holder their marker's note names (100 % for a "wholly owned" note)."""
    owners = note_owners(text)
    if not owners:
        return rows
    out = []
    for row in rows:
        m = _ROW_MARK.search(row[1])
        noted = [k for k in (_key(x) for x in _ONE_MARK.findall(m["marks"]))if k in owners] if m else []
        if m and m.start() > 0 and noted:  # of several markers, the first whose note names a holder or share
            by, how = owners[noted[0]]
            unmarked: Row = (row[0], row[1][:m.start()].strip(), row[2], row[3], row[4])
            pct = row[3] or share_words(how)
            row = held_by(unmarked, by, pct) if by else (*unmarked[:3], pct, unmarked[4])
        out.append(row)
    return out


__all__ = ["by_footnotes", "note_owners"]
