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
    """The text as an SGML submission when its header is run onto one line without its tags (the
    line carries "ACCESSION NUMBER:" and "CONFORMED SUBMISSION TYPE:", there is no
    ``<SEC-HEADER>``): the whole text when it hardly has a line break; else that line is the
    header and the lines after it the submission's document (a page that flattened the header
    but kept the document's lines). Any other text is returned unchanged."""
    head = text[:2000]
    if (re.search(r"<(?:SEC|IMS)-HEADER>", head, re.I) or "ACCESSION NUMBER:" not in head
            or "CONFORMED SUBMISSION TYPE:" not in head or len(text) > 50_000):
        return text
    if text.count("\n") <= 5:
        return _header(text)
    end = text.find("\n", head.index("ACCESSION NUMBER:"))
    line = text[:end]
    if "CONFORMED SUBMISSION TYPE:" not in line:
        return text
    form = re.search(r"CONFORMED SUBMISSION TYPE:\s*(\S+)", line)
    return (_header(line) + f"<DOCUMENT>\n<TYPE>{form[1] if form else ''}\n<TEXT>\n"
            f"{text[end + 1:]}\n</TEXT>\n</DOCUMENT>\n")


def _header(line: str) -> str:
    return "<SEC-HEADER>\n" + _LABEL.sub("\n", line.strip()) + "\n</SEC-HEADER>\n"


__all__ = ["rebuilt_header"]
