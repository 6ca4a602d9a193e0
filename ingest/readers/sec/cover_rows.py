"""Schedule 13D/13G cover-page rows read by their printed labels, whatever the rendering.

The SEC's cover page (Rule 13d-101 / 13d-102) is a numbered form: row 1 "Name(s) of reporting
person(s)" (with the "I.R.S. Identification Nos. of above persons" wording beside it), 2 "Check the
appropriate box if a member of a group", 6 (13G: 4) "Citizenship or place of organization", 11 (13G:
9) "Aggregate amount beneficially owned by each reporting person", 13 (13G: 11) "Percent of class
represented by amount in row (11)", 14 (13G: 12) "Type of reporting person". A text rendering of it
(an HTML table flattened with "|" between cells, a label cut over several lines, a newspaper site's
EDGAR viewer) keeps those labels, so the flattened text is read label to label: the value of a row is
what stands between its label and the next row's. A cover page cut before its percent is not read.
"""

from __future__ import annotations

import re
from typing import NamedTuple

# row 1's label: "1 NAMES OF REPORTING PERSONS", "(1) Name of Reporting Person."
_ROW1 = re.compile(r"(?i)(?:\b1|\(1\))\s*NAMES? OF REPORTING PERSONS?\b\.?")
# the identification-number wording printed with row 1, in the form's several editions
_IRS_LABEL = re.compile(r"(?i)^\s*(?:S\.S\.\s+or\s+)?I\.R\.S\.\s+IDENTIFICATION\s+NOS?\.?\s+OF\s+ABOVE\s+"
                        r"PERSONS?(?:\s*\(ENTITIES ONLY\))?\.?\s*")
# what a filer writes under the name in place of, or as, its number: "NO I.R.S. IDENTIFICATION NO.",
# "51-0235841", "I.R.S. No. 13-3456789"
_IRS_VALUE = re.compile(r"(?i)\s+(?:NO\s+I\.R\.S\.\s+IDENTIFICATION\s+NO\.?|(?:I\.R\.S\.\s+No\.?\s*)?\d{2}-\d{7})\s*$")
_NAME_END = re.compile(r"(?i)\s+\(?2\)?\s*CHECK\s+THE\s+APPROPRIATE\s+BOX")
_PERCENT = re.compile(r"(?i)PERCENT OF CLASS REPRESENTED BY AMOUNT IN ROW \(?\d{1,2}\)?\s*[;:.]?\s*"
                      r"(-?0-|[\d.,]+\s*%)")
_CITIZENSHIP = re.compile(r"(?i)CITIZENSHIP OR PLACE OF ORGANI[SZ]ATION\s*[:.]?\s*(.+?)\s+(?:NUMBER OF|\(?7\)?\s+SOLE)")
_AGGREGATE = re.compile(r"(?i)AGGREGATE AMOUNT BENEFICIALLY OWNED BY EACH REPORTING PERSON\s*[:.]?\s*(\d[\d,]*\w?)")
_TYPE = re.compile(r"(?i)TYPE OF REPORTING PERSON\s*(?:\(SEE INSTRUCTIONS\))?\s*([A-Z]{2}\b)")
# box (a) ticked: "(a) x", "a. x", "(a) [X]", "(a) ☒"
_GROUP = re.compile(r"(?i)(?<!\w)\(?a[.)]\s*(?:x\b|þ|☒|\[\s*x\s*\])")


class CoverRow(NamedTuple):
    """One reporting person's cover page."""
    name: str
    percent: str
    citizenship: str | None
    aggregate: str | None
    person_type: str | None
    group: bool


def flatten(text: str) -> str:
    """The text as one line: cell bars and line breaks are spaces, whitespace runs one space."""
    return " ".join(text.replace("|", " ").split())


def cover_pages(flat: str) -> list[CoverRow | str]:
    """Each cover page's rows, or the page's text where its name or percent cannot be read."""
    out: list[CoverRow | str] = []
    for page in _ROW1.split(flat)[1:]:
        end = _NAME_END.search(page)
        pct = _PERCENT.search(page)
        name = _name(page[:end.start()]) if end else ""
        if not (name and pct):
            out.append(page)
            continue
        cit, agg, kind = (_CITIZENSHIP.search(page), _AGGREGATE.search(page), _TYPE.search(page))
        out.append(CoverRow(name, pct[1].replace("-0-", "0"), cit[1] if cit else None,
                            agg[1] if agg else None, kind[1].upper() if kind else None,
                            bool(_GROUP.search(page[end.end():end.end() + 200]))))
    return out


def _name(cell: str) -> str:
    cell = _IRS_LABEL.sub("", cell)
    return _IRS_VALUE.sub("", cell).strip()


def has_cover_rows(head: bytes) -> bool:
    """A cover page in text: row 1's and the percent row's labels, however the lines are cut."""
    return bool(re.search(rb"(?i)NAMES?\W+OF\W+REPORTING\W+PERSONS?", head)
                and re.search(rb"(?i)PERCENT\W+OF\W+CLASS\W+REPRESENTED\W+BY\W+AMOUNT", head))
