"""EDGAR full submissions (``.txt`` with an SGML header) and single EDGAR documents
(``<DOCUMENT><TYPE>...<TEXT>`` wrappers): the header's filer, CIK, form type, filed and
accepted dates, and each ``<DOCUMENT>`` with its type, sequence, file name and body."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone

_ACCESSION = re.compile(r"(?<!\d)(\d{10}-\d{2}-\d{6})(?!\d)")
_DOC_RE = re.compile(r"<DOCUMENT>(.*?)(?:</DOCUMENT>|\Z)", re.S | re.I)
_TEXT_RE = re.compile(r"<TEXT>(.*?)(?:</TEXT>|\Z)", re.S | re.I)
_EASTERN = timedelta(hours=5)  # EDGAR times are US Eastern; +5 h never makes knowledge early


@dataclass
class Party:
    """A company block of the header (FILER, SUBJECT COMPANY, FILED BY)."""

    role: str
    name: str | None = None
    cik: str | None = None
    state: str | None = None
    sic: str | None = None  # STANDARD INDUSTRIAL CLASSIFICATION code
    irs: str | None = None  # IRS NUMBER (the US employer identification number), nine digits
    former: list[tuple[str, date | None]] = field(default_factory=list)  # (old name, date of change)


@dataclass
class Header:
    accession: str | None = None
    form: str | None = None
    filed: date | None = None
    accepted: datetime | None = None
    period: str | None = None
    parties: list[Party] = field(default_factory=list)
    group_members: list[str] = field(default_factory=list)  # GROUP MEMBERS lines: names, no CIK

    @property
    def filer(self) -> Party | None:
        """The filing company: FILER, else FILED BY, else the first block."""
        for role in ("FILER", "FILED BY"):
            found = next((p for p in self.parties if p.role == role and p.name), None)
            if found:
                return found
        return next((p for p in self.parties if p.name), None)


@dataclass
class Part:
    """One ``<DOCUMENT>`` of a submission."""

    type: str | None
    sequence: str | None
    filename: str | None
    description: str | None
    body: str

    @property
    def is_html(self) -> bool:
        return bool(re.search(r"<(html|body|p|div|table)\b", self.body[:5000], re.I))


def _yyyymmdd(text: str | None) -> date | None:
    m = re.fullmatch(r"(\d{4})(\d{2})(\d{2})", (text or "").strip())
    if not m:
        return None
    try:
        return date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


def _accepted(text: str | None) -> datetime | None:
    m = re.fullmatch(r"(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})", (text or "").strip())
    if not m:
        return None
    d = [int(x) for x in m.groups()]
    try:
        return datetime(*d, tzinfo=timezone.utc).replace(microsecond=0) + _EASTERN
    except ValueError:
        return None


def unescaped_header_page(text: str) -> str:
    """EDGAR's ``<accession>-index-headers.html`` page shows the submission's SGML header
    HTML-escaped inside ``<pre>`` (``&lt;SEC-HEADER&gt;``): its text is the header itself."""
    if not re.search(r"&lt;(?:SEC|IMS)-HEADER&gt;", text[:20000], re.I):
        return text
    pre = re.search(r"<pre[^>]*>(.*?)</pre>", text, re.S | re.I)
    return html.unescape(re.sub(r"<[^>]+>", "", pre[1] if pre else text))


def is_submission(head: str) -> bool:
    return bool(re.search(r"<(?:SEC|IMS)-(?:DOCUMENT|HEADER)>|<DOCUMENT>\s*<TYPE>|<SUBMISSION>\s*<ACCESSION-NUMBER>",
                          head[:8192], re.I))


def parse_header(text: str) -> Header:
    """The ``<SEC-HEADER>`` fields (an empty Header when there is none)."""
    # a header cut before its end tag (an excerpt) is read up to its first document or the text's end
    m = re.search(r"<(?:SEC|IMS)-HEADER>(.*?)(?:</(?:SEC|IMS)-HEADER>|<DOCUMENT>|\Z)", text, re.S | re.I)
    if m is None and re.match(r"\s*<SUBMISSION>", text):
        return tagged_header(text)
    head = m[1] if m else ""
    h = Header()
    acc = re.search(r"ACCESSION NUMBER:\s*(\S+)", head) or _ACCESSION.search(text[:400])
    h.accession = acc[1] if acc else None
    h.form = _label(head, "CONFORMED SUBMISSION TYPE")
    if f := re.search(r"FILED AS OF DATE:\s*(\d{8})", head):
        h.filed = _yyyymmdd(f[1])
    if f := re.search(r"<ACCEPTANCE-DATETIME>\s*(\d{14})", text[:2000]):
        h.accepted = _accepted(f[1])
    if f := re.search(r"CONFORMED PERIOD OF REPORT:\s*(\d{8})", head):
        p = _yyyymmdd(f[1])
        h.period = p.isoformat() if p else None
    h.group_members = [g.strip() for g in re.findall(r"GROUP MEMBERS:[ \t]*([^\n]*)", head) if g.strip()]
    blocks = re.split(r"(?m)^\s*(FILER|SUBJECT COMPANY|FILED BY|REPORTING-OWNER|ISSUER):\s*$", head)
    for role, body in zip(blocks[1::2], blocks[2::2]):
        cik, state = _label(body, "CENTRAL INDEX KEY"), _label(body, "STATE OF INCORPORATION")
        h.parties.append(Party(role, _label(body, "COMPANY CONFORMED NAME"),
                               cik.zfill(10) if cik and cik.isdigit() else None,
                               st[0] if state and (st := re.match(r"\w+", state)) else None,
                               _sic(body), _irs(_label(body, "IRS NUMBER")), _former_names(body)))
    return h


def _label(body: str, label: str) -> str | None:
    """The value after ``LABEL:`` on its own line; an empty field is none (never the next line's)."""
    m = re.search(rf"{label}:[ \t]*([^\n]*)", body)
    return m[1].strip() or None if m else None


def _irs(value: str | None) -> str | None:
    """An IRS NUMBER (EIN) as nine digits ("13-1234567" as filers write it in tagged headers);
    EDGAR's placeholder "000000000" and anything not nine digits are none."""
    digits = re.sub(r"[ -]", "", value or "")
    return digits if re.fullmatch(r"\d{9}", digits) and int(digits) else None


_TAGGED_ROLES = {"FILER": "FILER", "SUBJECT-COMPANY": "SUBJECT COMPANY", "FILED-BY": "FILED BY",
                 "REPORTING-OWNER": "REPORTING-OWNER", "ISSUER": "ISSUER"}


def tagged_header(text: str) -> Header:
    """The submission header in EDGAR's tagged SGML form (``<SUBMISSION>``, as in EDGAR's feed and
    archive files, the EDGAR Public Dissemination Service spec): ``<FILER><COMPANY-DATA>
    <CONFORMED-NAME>...`` instead of the ``<SEC-HEADER>`` labels; the same fields."""
    head = re.split(r"<DOCUMENT>", text, maxsplit=1, flags=re.I)[0]

    def tag(name: str, body: str) -> str | None:
        t = re.search(rf"<{name}>[ \t]*([^\n<]*)", body, re.I)
        return t[1].strip() or None if t else None
    h = Header(accession=tag("ACCESSION-NUMBER", head), form=tag("TYPE", head),
               filed=_yyyymmdd(tag("FILING-DATE", head)))
    if f := re.search(r"<ACCEPTANCE-DATETIME>\s*(\d{14})", head):
        h.accepted = _accepted(f[1])
    period = _yyyymmdd(tag("PERIOD", head))
    h.period = period.isoformat() if period else None
    for m in re.finditer(r"<(FILER|SUBJECT-COMPANY|FILED-BY|REPORTING-OWNER|ISSUER)>(.*?)</\1>", head, re.S | re.I):
        body = m[2]
        cik = tag("CIK", body)
        sic = tag("ASSIGNED-SIC", body)
        irs = _irs(tag("IRS-NUMBER", body))
        former = [(f[1].strip(), _yyyymmdd(f[2])) for f in re.finditer(
            r"<FORMER-CONFORMED-NAME>[ \t]*([^\n<]+)\s*<DATE-CHANGED>[ \t]*(\d{8})", body, re.I)]
        h.parties.append(Party(_TAGGED_ROLES[m[1].upper()], tag("CONFORMED-NAME", body),
                               cik.zfill(10) if cik and cik.isdigit() else None, tag("STATE-OF-INCORPORATION", body),
                               sic.zfill(4) if sic and sic.isdigit() and int(sic) else None, irs,
                               sorted(former, key=lambda f: f[1] or date.min, reverse=True)))
    return h


_SIC_LINE = re.compile(r"STANDARD INDUSTRIAL CLASSIFICATION:[ \t]*([^\n]*)")


def _sic(body: str) -> str | None:
    """The block's SIC code: "DESCRIPTION [2834]" as EDGAR writes it, also a bare "2834" or an
    unclosed "[6211"; "0000" (EDGAR's unassigned code) and an empty field are none."""
    line = _SIC_LINE.search(body)
    codes = re.findall(r"(?<!\d)(\d{3,4})(?!\d)", line[1]) if line else []
    return codes[-1].zfill(4) if codes and int(codes[-1]) else None


_FORMER = re.compile(r"FORMER CONFORMED NAME:[ \t]*(.+?)[ \t]*\n\s*DATE OF NAME CHANGE:[ \t]*(\d{8})")


def _former_names(body: str) -> list[tuple[str, date | None]]:
    """Each FORMER COMPANY block's old name and the date it changed, newest first."""
    found = [(m[1].strip(), _yyyymmdd(m[2])) for m in _FORMER.finditer(body)]
    return sorted(found, key=lambda f: f[1] or date.min, reverse=True)


def parts(text: str) -> list[Part]:
    """Every ``<DOCUMENT>`` of the submission, in order."""
    out = []
    for m in _DOC_RE.finditer(text):
        block = m[1]

        def tag(name: str, block: str = block) -> str | None:
            t = re.search(rf"<{name}>([^\n<]*)", block, re.I)
            return t[1].strip() or None if t else None
        body = _TEXT_RE.search(block)
        out.append(Part(tag("TYPE"), tag("SEQUENCE"), tag("FILENAME"), tag("DESCRIPTION"),
                        body[1] if body else ""))
    return out


def accession_in(name: str) -> str | None:
    m = _ACCESSION.search(name)
    return m[1] if m else None
