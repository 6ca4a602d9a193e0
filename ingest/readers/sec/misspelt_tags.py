"""An SEC filing's XML parsed strictly, or, where its only faults are leaf elements whose end tag
is misspelt (``<rptOwnerCounrty>I7</rptOwnerState>``, as in the SEC's own Form 4 technical
specification samples), parsed with those elements left out.

Such a file is not well-formed XML, so EDGAR would refuse it; but the fault is confined to one
value whose name is in doubt, and every other element is intact. Reading the rest (and naming
each left-out element, its line and both names) loses nothing silently and keeps the filing's
issuer, owners and holdings. Any other fault (a cut file, a stray ``<``, a mismatch that closes a
parent) stays a refusal with the parser's own line and column.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from lxml import etree

# libxml2's message for XML_ERR_TAG_NAME_MISMATCH
_MISMATCH = re.compile(r"Opening and ending tag mismatch: (\S+) line (\d+) and (\S+)")


class LeftOut(NamedTuple):
    """One leaf element left out of a filing: where its end tag was and what it held."""

    line: int
    column: int
    opened: str
    closed: str
    text: str | None


def parse_filing(data: bytes) -> tuple[Any, list[LeftOut]]:
    """The document's root element and the leaf elements left out of it; raises the strict
    parser's ``XMLSyntaxError`` for any fault that is not a misspelt leaf end tag."""
    strict = etree.XMLParser(resolve_entities=False, no_network=True)
    try:
        return etree.fromstring(data, strict), []
    except etree.XMLSyntaxError as err:
        first = err
    lenient = etree.XMLParser(resolve_entities=False, no_network=True, recover=True)
    try:
        root = etree.fromstring(data, lenient)
    except etree.XMLSyntaxError:
        raise first from None
    errors = [e for e in lenient.error_log if e.level >= etree.ErrorLevels.ERROR]
    left_out = [_leaf(root, e) for e in errors] if root is not None and errors else [None]
    if any(x is None for x in left_out):
        raise first
    for _, el in left_out:  # type: ignore[misc]
        _remove(el)
    return root, [found for found, _ in left_out]  # type: ignore[misc]


def _leaf(root: Any, error: Any) -> tuple[LeftOut, Any] | None:
    """The leaf element a tag-mismatch error closed, if that is all the error did."""
    m = _MISMATCH.match(error.message)
    if not m:
        return None
    opened, line, closed = m[1].split(":")[-1], int(m[2]), m[3].split(":")[-1]
    el = next((x for x in root.iter() if isinstance(x.tag, str) and x.sourceline == line
               and etree.QName(x).localname == opened), None)
    if el is None or len(el) or el.getparent() is None:
        return None
    if any(etree.QName(a).localname == closed for a in el.iterancestors()):
        return None  # the end tag closed a parent too: the structure itself is in doubt
    return LeftOut(error.line, error.column, opened, closed, el.text), el


def _remove(el: Any) -> None:
    """Take ``el`` out of its parent, keeping the text that followed it."""
    parent, before = el.getparent(), el.getprevious()
    if el.tail:
        if before is not None:
            before.tail = (before.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)
