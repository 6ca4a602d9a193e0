"""Forms 3/4/5 as EDGAR renders them in HTML (the ``xslF345X0n`` view of the ownership XML).

The rendering keeps the XML's cover facts in labelled table cells: each reporting person (box 1,
a link whose URL carries the CIK), the issuer with its ticker (box 2 or 3), the relationship check
boxes (Director, 10% Owner, Officer with its title, Other) and the date of the earliest transaction
or the event, and the rows of Table I (each non-derivative holding after its transaction). Those
are read back into an ``ownershipDocument`` element, so the facts are the ones the XML reader makes
from the XML; the derivative table and the footnotes stay in the filing's text. A rendering whose cells cannot be found is refused with an error
naming the missing box and the XML document to load instead (the filing's ``.xml``, linked from its
EDGAR index).
"""

from __future__ import annotations

import re
from typing import Any

import lxml.html
from lxml import etree

# the rendering's title, or the box label every Form 3/4/5 has (the form's heading alone, "Statement
# of Changes in Beneficial Ownership", is also quoted by proxy statements and annual reports)
HTML_345 = re.compile(rb"(?is)<title>\s*SEC\s+FORM\s+[345]\b|Name\s+and\s+Address\s+of\s+Reporting\s+Person")
_CIK = re.compile(r"CIK=(\d{1,10})", re.I)
_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/\d{4}\b")
_CHECKED = {"x", "✓", "✔", "☒", "þ"}
_ROLES = (("director", "isDirector"), ("10% owner", "isTenPercentOwner"),
          ("officer", "isOfficer"), ("other", "isOther"))
XML_HINT = ("load the filing's ownership XML instead (the .xml document listed on its EDGAR filing "
            "index, rendered here by xslF345)")


class MissingBox(ValueError):
    """A box the rendering must have was not found; names the box."""


def is_form345_html(head: bytes) -> bool:
    low = head.lower()
    return (b"<html" in low or b"<table" in low) and bool(HTML_345.search(head)) \
        and not re.search(rb"SCHEDULE\s+13[DG]", head, re.I)


def _norm(text: str) -> str:
    return " ".join(text.replace("\xa0", " ").split())


def _cells(root: Any, label: str) -> list[Any]:
    """The innermost table cells whose text holds ``label`` (case-insensitive)."""
    want = label.lower()
    found = [td for td in root.iter("td", "th") if want in _norm(td.text_content()).lower()]
    return [td for td in found if not any(want in _norm(c.text_content()).lower()
                                          for c in td.iterdescendants("td", "th"))]


def _party(cell: Any, label: str) -> tuple[str | None, str | None]:
    """(CIK, name) of the party a box names: its EDGAR link, else the first value under the label."""
    link = next((a for a in cell.iter("a") if _norm(a.text_content())), None)
    if link is not None:
        m = _CIK.search(link.get("href") or "")
        return (m[1] if m else None), _norm(link.text_content())
    lines = [t for t in (_norm(x) for x in cell.itertext()) if t]
    after = [t for t in lines if label.lower() not in t.lower() and t not in ("*", "and")]
    return None, after[0] if after else None


def _roles(root: Any) -> tuple[dict[str, bool], str | None]:
    """The relationship boxes checked, and the officer title or 'other' text written below them."""
    cells = _cells(root, "Relationship of Reporting Person")
    checked: dict[str, bool] = {}
    title = None
    if not cells:
        return checked, title
    for tr in cells[0].iter("tr"):
        tds = [_norm(td.text_content()) for td in tr.findall("td")]
        if len(tds) == 1 and tds[0]:
            title = tds[0]
        for mark, label in zip(tds, tds[1:]):
            for key, flag in _ROLES:
                if label.lower().startswith(key) and mark.lower() in _CHECKED:
                    checked[flag] = True
    return checked, title


def _date(root: Any) -> str | None:
    for label in ("Date of Earliest Transaction", "Date of Event Requiring Statement",
                  "Statement for Issuer's Fiscal Year Ended", "Fiscal Year Ended"):
        for cell in _cells(root, label):
            m = _DATE.search(_norm(cell.text_content()))
            if m:
                return m[0]
    return None


def _form_type(root: Any) -> str:
    title = _norm(root.findtext(".//title") or "")
    m = re.search(r"FORM\s+([345])(/A)?", title, re.I) or re.search(
        r"\bFORM\s+([345])\b(/A)?", _norm(root.text_content())[:3000])
    return f"{m[1]}{m[2] or ''}" if m else "4"


def _sub(parent: Any, tag: str, text: str | None = None) -> Any:
    el = etree.SubElement(parent, tag)
    if text is not None:
        el.text = text
    return el


def ownership_document(data: bytes) -> Any:
    """The rendering's cover facts as an ``ownershipDocument`` element (see the module notes);
    raises :class:`MissingBox` naming the box that is not there."""
    root = lxml.html.document_fromstring(data)
    issuers = _cells(root, "Issuer Name")
    if not issuers:
        raise MissingBox("box 'Issuer Name and Ticker or Trading Symbol'")
    icik, iname = _party(issuers[0], "Issuer Name")
    ticker = re.search(r"\[\s*([A-Za-z0-9.\-]+)\s*\]", _norm(issuers[0].text_content()))
    owners = [_party(c, "Name and Address of Reporting Person")
              for c in _cells(root, "Name and Address of Reporting Person")]
    owners = list(dict.fromkeys(o for o in owners if o[0] or o[1]))  # box 1 is repeated below for joint filings
    if not owners:
        raise MissingBox("box 'Name and Address of Reporting Person'")
    doc = etree.Element("ownershipDocument")
    _sub(doc, "documentType", _form_type(root))
    _sub(doc, "periodOfReport", _date(root))
    issuer = _sub(doc, "issuer")
    _sub(issuer, "issuerCik", icik)
    _sub(issuer, "issuerName", iname)
    _sub(issuer, "issuerTradingSymbol", ticker[1] if ticker else None)
    checked, title = _roles(root)
    for i, (cik, name) in enumerate(owners):
        owner = _sub(doc, "reportingOwner")
        ident = _sub(owner, "reportingOwnerId")
        _sub(ident, "rptOwnerCik", cik)
        _sub(ident, "rptOwnerName", name)
        rel = _sub(owner, "reportingOwnerRelationship")
        # the check boxes stand beside the first reporting person; the others are listed below
        for flag in (checked if i == 0 else {}):
            _sub(rel, flag, "1")
        if i == 0 and title and checked.get("isOfficer"):
            _sub(rel, "officerTitle", title)
    _holdings(root, doc)
    return doc


_MARKER = re.compile(r"\(\d{1,2}\)|\*+")  # footnote marks in a cell: "757,756(1)", "See Footnotes(2)(3)"


def _table_one(root: Any) -> list[list[str]]:
    """The rows of Table I (non-derivative securities), each a list of cell texts without
    footnote marks."""
    for table in root.iter("table"):
        if _norm(table.text_content()).startswith("Table I -"):
            body = table.find("tbody")
            return [[_MARKER.sub("", _norm(td.text_content())).strip() for td in tr.findall("td")]
                    for tr in (body if body is not None else table).findall("tr")]
    return []


def _holdings(root: Any, doc: Any) -> None:
    """Table I's rows as the XML's rows: Form 4/5 transactions (title, date, deemed date, code, V,
    amount, A/D, price, owned after, D/I, nature) and Form 3 holdings (title, amount, D/I, nature)."""
    table = _sub(doc, "nonDerivativeTable")
    for cells in _table_one(root):
        if len(cells) == 11:
            row = _sub(table, "nonDerivativeTransaction")
            title, when, held, nature, how = cells[0], cells[1], cells[8], cells[9], cells[10]
        elif len(cells) == 4:
            row = _sub(table, "nonDerivativeHolding")
            title, when, held, nature, how = cells[0], "", cells[1], cells[2], cells[3]
        else:
            continue
        _sub(_sub(row, "securityTitle"), "value", title)
        if when:
            _sub(_sub(row, "transactionDate"), "value", when)
        _sub(_sub(_sub(row, "postTransactionAmounts"), "sharesOwnedFollowingTransaction"), "value",
             held.replace(",", ""))
        own = _sub(row, "ownershipNature")
        _sub(_sub(own, "directOrIndirectOwnership"), "value", nature)
        if how:
            _sub(_sub(own, "natureOfIndirectOwnership"), "value", how)


__all__ = ["HTML_345", "MissingBox", "XML_HINT", "is_form345_html", "ownership_document"]
