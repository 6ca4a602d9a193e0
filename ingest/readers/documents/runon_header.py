"""An EDGAR submission header whose page rendering dropped its tags and line breaks ("0001558370-22-
006349.txt : 20220429 … ACCESSION NUMBER: 0001558370-22-006349 CONFORMED SUBMISSION TYPE: 20-F …
FORMER COMPANY: FORMER CONFORMED NAME: … DATE OF NAME CHANGE: 20200908"): each field label starts
its line again and the text is wrapped as the ``<SEC-HEADER>`` it was, so the header parser reads
filer, CIK, state and dated former names as from the SGML file."""

from __future__ import annotations

import re

# EDGAR's header field labels (the SGML header's "LABEL:" lines), longest first where one starts another
_LABELS = sorted("""ACCESSION NUMBER|CONFORMED SUBMISSION TYPE|PUBLIC DOCUMENT COUNT|CONFORMED PERIOD OF REPORT|
FILED AS OF DATE|DATE AS OF CHANGE|EFFECTIVENESS DATE|GROUP MEMBERS|ITEM INFORMATION|FILER|SUBJECT COMPANY|FILED BY|
REPORTING-OWNER|ISSUER|COMPANY DATA|OWNER DATA|COMPANY CONFORMED NAME|CENTRAL INDEX KEY|
STANDARD INDUSTRIAL CLASSIFICATION|ORGANIZATION NAME|IRS NUMBER|STATE OF INCORPORATION|FISCAL YEAR END|
FILING VALUES|FORM TYPE|SEC ACT|SEC FILE NUMBER|FILM NUMBER|BUSINESS ADDRESS|MAIL ADDRESS|STREET 1|STREET 2|CITY|
STATE|ZIP|BUSINESS PHONE|FORMER COMPANY|FORMER CONFORMED NAME|FORMER NAME|DATE OF NAME CHANGE""".replace("\n", "").split("|"),
                 key=len, reverse=True)
_LABEL = re.compile(r"\s+(?=(?:" + "|".join(re.escape(x) for x in _LABELS) + r"):)")


def rebuilt_header(text: str) -> str:
    """The text as an SGML header when it is one run onto a line without its tags (its first
    lines carry "ACCESSION NUMBER:" and "CONFORMED SUBMISSION TYPE:" but no ``<SEC-HEADER>``
    and hardly a line break); else the text unchanged."""
    head = text[:2000]
    if (re.search(r"<(?:SEC|IMS)-HEADER>", head, re.I) or "ACCESSION NUMBER:" not in head
            or "CONFORMED SUBMISSION TYPE:" not in head or len(text) > 50_000 or text.count("\n") > 5):
        return text
    return "<SEC-HEADER>\n" + _LABEL.sub("\n", text.strip()) + "\n</SEC-HEADER>\n"


__all__ = ["rebuilt_header"]
