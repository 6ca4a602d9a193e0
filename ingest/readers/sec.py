"""SEC EDGAR readers: Schedule 13D/13G (XML and the HTML document), Forms 3/4/5 XML
(``--format sec``) and Exhibit 21 subsidiary lists (``--format sec-ex21``).

Each file is one filing document (KiB to a few MiB), so it is parsed whole: the issuer and
dates that every fact needs sit before and after the per-person parts. Files over 64 MiB are
refused with a quarantine.

Clocks. The XML carries no filing date or accession number, so ``known_from`` is the latest
signature date (filings are signed at most a day or two before they are filed, so this
can run ahead of publication by that much), else the period/event date, else the file's mtime;
``document_id`` is the accession number when the file name holds one, else the file name.
Exhibit 21 has no date of its own: ``known_from`` is the ``filed`` option, else the file's
mtime (never earlier than publication, so a backtest cannot look ahead).

fact_keys let a later filing supersede an earlier one:
- 13D/13G: ``sec:13dg:{CUSIP or issuer CIK}:{reporting person CIK or name}``, so an amendment
  replaces the earlier stake; a 0 % cover page (exit) is kept as Stake(exact=0) to close it.
- Forms 3/4/5: ``sec:form345:{issuer CIK}:{owner CIK}:{D|I}:{class}`` (+ role for Control).
- Exhibit 21: ``sec:ex21:{parent}:{subsidiary}`` (normalised names).
Entity statements are per document (``sec:{document}:entity:...``).

Joint filings (DOMAIN §6): several reporting persons report the same block. Each keeps its own
edge but ``direct=False`` marks it when the XML says the person is a group member (box (a)) or
another reporting person in the filing reports the same aggregate amount: these are declared,
deemed beneficial interests and must not be summed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date, datetime, time, timezone
from pathlib import Path
from typing import Any

import lxml.html
from lxml import etree

from ownergraph.ingest.model import (
    Alias, AliasKind, AliasScheme, Control, Disclosure, Entity, EntityKind, EntityRef,
    Ownership, Provenance, Record, Stake,
)
from ownergraph.ingest.readers.base import build, quarantine

SOURCE = "sec"
MAX_BYTES = 64 * 2**20
_ACCESSION = re.compile(r"\d{10}-\d{2}-\d{6}")
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december"
    .split(), 1)}
US_STATES = dict(zip(
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV "
    "NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(),
    "alabama alaska arizona arkansas california colorado connecticut delaware "
    "district_of_columbia florida georgia hawaii idaho illinois indiana iowa kansas kentucky "
    "louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana "
    "nebraska nevada new_hampshire new_jersey new_mexico new_york north_carolina north_dakota "
    "ohio oklahoma oregon pennsylvania rhode_island south_carolina south_dakota tennessee texas "
    "utah vermont virginia washington west_virginia wisconsin wyoming".split()))
COUNTRIES = {  # the names Exhibit 21 and cover pages use; anything else is kept as written
    "united states": "US", "united states of america": "US", "u.s": "US", "usa": "US",
    "united kingdom": "GB", "england": "GB", "england and wales": "GB", "scotland": "GB",
    "ireland": "IE", "canada": "CA", "china": "CN", "hong kong": "HK", "japan": "JP",
    "india": "IN", "south korea": "KR", "korea": "KR", "mexico": "MX", "australia": "AU",
    "singapore": "SG", "thailand": "TH", "vietnam": "VN", "germany": "DE", "france": "FR",
    "luxembourg": "LU", "netherlands": "NL", "the netherlands": "NL", "switzerland": "CH",
    "belgium": "BE", "spain": "ES", "italy": "IT", "sweden": "SE", "norway": "NO",
    "denmark": "DK", "finland": "FI", "austria": "AT", "poland": "PL", "brazil": "BR",
    "argentina": "AR", "chile": "CL", "colombia": "CO", "israel": "IL", "taiwan": "TW",
    "malaysia": "MY", "indonesia": "ID", "philippines": "PH", "new zealand": "NZ",
    "south africa": "ZA", "cayman islands": "KY", "bermuda": "BM", "jersey": "JE",
    "guernsey": "GG", "british virgin islands": "VG", "mauritius": "MU", "russia": "RU",
    "turkey": "TR", "united arab emirates": "AE", "saudi arabia": "SA", "portugal": "PT",
}
EDGAR_CODES = {"X1": "US", "X0": "GB"}  # EDGAR country codes seen in the samples


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _clean(text: str | None) -> str:
    return " ".join((text or "").split())


def sec_date(text: str | None) -> date | None:
    """'MM/DD/YYYY', ISO 'YYYY-MM-DD' or 'December 29, 2023' -> date; None when empty."""
    t = _clean(text).rstrip(".")
    if not t:
        return None
    if m := re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", t):
        return date(int(m[3]), int(m[1]), int(m[2]))
    if m := re.fullmatch(r"(\d{4})-(\d{2})-(\d{2}).*", t):
        return date(int(m[1]), int(m[2]), int(m[3]))
    if m := re.fullmatch(r"([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})", t):
        if (month := _MONTHS.get(m[1].lower())) is not None:
            return date(int(m[3]), month, int(m[2]))
    raise ValueError(f"not a date: {text!r}")


def _at(d: date) -> datetime:
    return datetime.combine(d, time(), tzinfo=timezone.utc)


def jurisdiction(text: str | None) -> str | None:
    """EDGAR codes, US states ('Delaware, U.S.', 'DE') and country names -> ISO-style codes."""
    t = _clean(text).strip(" .*")
    if not t:
        return None
    if t.upper() in EDGAR_CODES:
        return EDGAR_CODES[t.upper()]
    if len(t) == 2 and t.upper() in US_STATES:
        return f"US-{t.upper()}"
    low = t.casefold()
    for suffix in (", u.s.a", ", u.s", ", usa", ", united states"):
        low = low.removesuffix(suffix)
    states = {v.replace("_", " "): k for k, v in US_STATES.items()}
    if low in states:
        return f"US-{states[low]}"
    return COUNTRIES.get(low, t)


def _percent(text: str | None) -> Stake | None:
    t = _clean(text).rstrip("%").strip()
    if not t:
        return None
    return Stake(exact=float(t.replace(",", "")))  # outside [0, 100] -> ValidationError


def _doc_id(path: Path) -> str:
    m = _ACCESSION.search(path.name)
    return m[0] if m else path.name


def _mtime(path: Path) -> datetime:
    return datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)


class _Doc:
    """One filing: its file, document id and knowledge time."""

    def __init__(self, path: Path, known_from: datetime) -> None:
        self.path, self.doc_id, self.known_from = path, _doc_id(path), known_from

    def prov(self, rid: str, locator: str) -> Provenance:
        return Provenance(source_system=SOURCE, source_record_id=rid, document_id=self.doc_id,
                          locator=locator, source_file=str(self.path))

    def entity(self, ref: EntityRef, locator: str, extra: tuple[Alias, ...] = ()) -> Record:
        key = ref.value or _norm(ref.name or "")

        def make() -> Entity:
            aliases = ([Alias(scheme=AliasScheme.NAME, value=ref.name, kind=AliasKind.LEGAL)]
                       if ref.name else [])
            if ref.scheme is AliasScheme.CIK:
                aliases.append(Alias(scheme=AliasScheme.CIK, value=ref.value,
                                     kind=AliasKind.IDENTIFIER))
            return Entity(ref=ref, name=ref.name or ref.value or "", kind=ref.kind or
                          EntityKind.COMPANY, aliases=tuple(aliases) + extra,
                          jurisdiction=ref.jurisdiction, known_from=self.known_from,
                          provenance=self.prov(f"{self.doc_id}:{key}", locator),
                          fact_key=f"sec:{self.doc_id}:entity:{key}")
        return build(self.path, locator, make, ref.name)


def _cik(text: str | None) -> str | None:
    t = _clean(text)
    return t.zfill(10) if t.isdigit() and int(t) > 0 else None


def _party(cik: str | None, name: str | None, jur: str | None = None,
           kind: EntityKind | None = None) -> EntityRef:
    if cik:
        return EntityRef(scheme=AliasScheme.CIK, value=cik, name=name or None,
                         jurisdiction=jur, kind=kind)
    return EntityRef(name=name, jurisdiction=jur, kind=kind)


def _strip_ns(root: Any) -> Any:
    for el in root.iter():
        if isinstance(el.tag, str):
            el.tag = etree.QName(el).localname
    return root


def _text(el: Any, *paths: str) -> str | None:
    for p in paths:
        found = el.find(p)
        if found is not None and _clean(found.text):
            return _clean(found.text)
    return None


def _flag(el: Any, path: str) -> bool:
    return (_text(el, path) or "").lower() in ("1", "true", "y", "yes")


# -- Schedule 13D / 13G (XML) ----------------------------------------------------------------

def _schedule13(root: Any, path: Path) -> Iterator[Record]:
    form = _text(root, "headerData/submissionType") or "SCHEDULE 13D/G"
    cover = root.find("formData/coverPageHeader")
    if cover is None:
        yield quarantine(path, "formData/coverPageHeader", "coverPageHeader", "missing")
        return
    signed = [d for el in root.xpath("//*[starts-with(local-name(), 'signature')]//date")
              if (d := sec_date(el.text))]
    event = sec_date(_text(cover, "dateOfEvent", "eventDateRequiresFilingThisStatement"))
    filed = max(signed) if signed else event
    doc = _Doc(path, _at(filed) if filed else _mtime(path))
    cik = _cik(_text(cover, "issuerInfo/issuerCik", "issuerInfo/issuerCIK"))
    cusips = [_clean(c.text) for c in cover.iter("issuerCusip", "issuerCusipNumber")
              if _clean(c.text)]
    issuer = _party(cik, _text(cover, "issuerInfo/issuerName"), kind=EntityKind.COMPANY)
    yield doc.entity(issuer, "issuerInfo", tuple(Alias(
        scheme=AliasScheme.OTHER, value=f"cusip:{c}", kind=AliasKind.IDENTIFIER) for c in cusips))
    share_class = _text(cover, "securitiesClassTitle")
    persons = (root.findall("formData/reportingPersons/reportingPersonInfo")
               or root.findall("formData/coverPageHeaderReportingPersonDetails"))
    amounts = [_text(p, "aggregateAmountOwned",
                     "reportingPersonBeneficiallyOwnedAggregateNumberOfShares") for p in persons]
    refs = []
    for i, p in enumerate(persons, 1):
        loc = f"reportingPerson[{i}]"
        name = _text(p, "reportingPersonName")
        pcik = _cik(_text(p, "reportingPersonCIK", "reportingPersonCik"))
        if not (name or pcik):
            yield quarantine(path, loc, "reportingPersonName", "reporting person has no name")
            continue
        types = {_clean(t.text) for t in p.findall("typeOfReportingPerson")}
        kind = EntityKind.PERSON if "IN" in types else EntityKind.COMPANY
        ref = _party(pcik, name, jurisdiction(_text(p, "citizenshipOrOrganization")), kind)
        refs.append(ref)
        yield doc.entity(ref, loc)
        group = (_text(p, "memberGroup", "memberOfGroup") or "").lower() == "a"
        same_block = amounts[i - 1] is not None and amounts.count(amounts[i - 1]) > 1
        issuer_key = cusips[0] if cusips else cik or _norm(issuer.name or "")
        yield build(path, loc, lambda: Ownership(
            source=ref, target=issuer, stake=_percent(_text(p, "percentOfClass", "classPercent")),
            direct=not (group or same_block), share_class=share_class, valid_from=event,
            known_from=doc.known_from, provenance=doc.prov(f"{doc.doc_id}:{pcik or name}", loc),
            fact_key=f"sec:13dg:{issuer_key}:{pcik or _norm(name or '')}"), name)
    items = root.find("formData/items")
    items = items if items is not None else root.find("formData/items1To7")
    text = "\n".join(t for t in (_clean(x) for x in items.itertext())
                     if len(t) > 3) if items is not None else None
    filer = _cik(_text(root, "headerData/filerInfo/filer/filerCredentials/cik"))
    yield build(path, "document", lambda: Disclosure(
        document_id=doc.doc_id, form_type=form, filed_at=filed, title=f"{form}: {issuer.name}",
        filer=_party(filer, None) if filer else None, text=text, mentions=(issuer, *refs),
        valid_from=event, known_from=doc.known_from, provenance=doc.prov(doc.doc_id, "document"),
        fact_key=f"sec:{doc.doc_id}:disclosure"))


# -- Forms 3 / 4 / 5 -------------------------------------------------------------------------

def _form345(root: Any, path: Path) -> Iterator[Record]:
    form = f"Form {_text(root, 'documentType') or '?'}"
    period = sec_date(_text(root, "periodOfReport"))
    signed = [d for el in root.iter("signatureDate") if (d := sec_date(el.text))]
    filed = max(signed) if signed else period
    doc = _Doc(path, _at(filed) if filed else _mtime(path))
    icik = _cik(_text(root, "issuer/issuerCik"))
    ticker = _text(root, "issuer/issuerTradingSymbol")
    issuer = _party(icik, _text(root, "issuer/issuerName"), kind=EntityKind.COMPANY)
    icik = icik or _norm(issuer.name or "")  # the issuer's part of fact keys
    yield doc.entity(issuer, "issuer", (Alias(scheme=AliasScheme.OTHER, value=f"ticker:{ticker}",
                                              kind=AliasKind.IDENTIFIER),) if ticker else ())
    owners = root.findall("reportingOwner")
    refs: list[EntityRef] = []
    for i, o in enumerate(owners, 1):
        loc = f"reportingOwner[{i}]"
        person = _flag(o, "reportingOwnerRelationship/isDirector") or _flag(
            o, "reportingOwnerRelationship/isOfficer")
        ref = _party(_cik(_text(o, "reportingOwnerId/rptOwnerCik")),
                     _text(o, "reportingOwnerId/rptOwnerName"),
                     kind=EntityKind.PERSON if person else EntityKind.UNKNOWN)
        refs.append(ref)
        yield doc.entity(ref, loc)
        okey = ref.value or _norm(ref.name or "")
        for role, flag in (("directorship", "isDirector"), ("officer", "isOfficer")):
            if _flag(o, f"reportingOwnerRelationship/{flag}"):
                yield build(path, loc, lambda: Control(
                    source=ref, target=issuer, control_kind=role, valid_from=period,
                    known_from=doc.known_from, provenance=doc.prov(f"{doc.doc_id}:{okey}", loc),
                    fact_key=f"sec:form345:{icik}:{okey}:{role}"))
    # the position after the last row of each (class, D/I, nature) is the holding now
    latest: dict[tuple[str, str, str], tuple[str, Any]] = {}
    rows = []
    for table in ("nonDerivativeTable", "derivativeTable"):
        for j, row in enumerate(root.findall(f"{table}/*"), 1):
            rows.append((f"{table}/{row.tag}[{j}]", row))
    for loc, row in rows:
        if loc.startswith("derivativeTable"):
            continue  # options/warrants: not shares held; kept in the disclosure text below
        nature = _text(row, "ownershipNature/directOrIndirectOwnership/value") or ""
        if nature not in ("D", "I"):
            yield quarantine(path, loc, "directOrIndirectOwnership",
                             f"unknown ownership nature {nature!r} (expected D or I)")
            continue
        key = (_text(row, "securityTitle/value") or "", nature,
               _text(row, "ownershipNature/natureOfIndirectOwnership/value") or "")
        latest[key] = (loc, row)
    for (title, nature, how), (loc, row) in latest.items():
        held = _text(row, "postTransactionAmounts/sharesOwnedFollowingTransaction/value",
                     "postTransactionAmounts/valueOwnedFollowingTransaction/value")
        for ref in refs:
            okey = ref.value or _norm(ref.name or "")

            def make(ref: EntityRef = ref, okey: str = okey) -> Ownership:
                on = sec_date(_text(row, "transactionDate/value")) or period
                ended = held is not None and float(held.replace(",", "")) == 0
                return Ownership(
                    source=ref, target=issuer, stake=None, share_class=title or None,
                    direct=nature == "D" and len(refs) == 1,
                    valid_from=None if ended else on, valid_to=on if ended else None,
                    known_from=doc.known_from, fact_key=f"sec:form345:{icik}:{okey}:{nature}:"
                    f"{_norm(title)}{':' + _norm(how) if how else ''}",
                    provenance=doc.prov(f"{doc.doc_id}:{okey}",
                                        f"{loc}; shares_owned_following={held}"))
            yield build(path, loc, make, title)
    lines = [f"{loc}: " + "; ".join(t for t in (_clean(x) for x in row.itertext()) if t)
             for loc, row in rows]
    if _flag(root, "noSecuritiesOwned"):
        lines.append("No securities owned.")
    lines += [_clean(f.text) for f in root.iter("footnote", "remarks") if _clean(f.text)]
    yield build(path, "document", lambda: Disclosure(
        document_id=doc.doc_id, form_type=form, filed_at=filed, period=str(period or "") or None,
        title=f"{form}: {', '.join(r.name or '' for r in refs)} in {issuer.name}",
        text="\n".join(lines) or None, mentions=(issuer, *refs), valid_from=period,
        known_from=doc.known_from, provenance=doc.prov(doc.doc_id, "document"),
        fact_key=f"sec:{doc.doc_id}:disclosure"))


# -- Schedule 13G/13D as an HTML document ----------------------------------------------------

def _html_lines(root: Any) -> list[str]:
    for el in root.iter("br", "p", "div", "tr", "td", "li", "h1", "h2", "h3", "table"):
        el.tail = "\n" + (el.tail or "")
    text = root.text_content().replace("\xa0", " ")
    return [ln for ln in (" ".join(x.split()) for x in text.split("\n")) if ln]


def _before(lines: list[str], label: str) -> str | None:
    for i, ln in enumerate(lines):
        if ln.lower().startswith(label) and i > 0:
            return lines[i - 1]
    return None


def _schedule13_html(data: bytes, path: Path) -> Iterator[Record]:
    m = re.search(rb"<TYPE>\s*([^\r\n<]+)", data)
    form = m[1].decode("ascii", "replace").strip() if m else "SC 13G"
    lines = _html_lines(lxml.html.document_fromstring(data))
    flat = " ".join(lines)
    dated = re.search(r"Dated:\s*([A-Za-z]+\.? \d{1,2}, \d{4})", flat)
    event = sec_date(_before(lines, "(date of event"))
    filed = sec_date(dated[1]) if dated else event
    doc = _Doc(path, _at(filed) if filed else _mtime(path))
    cusip = _clean(_before(lines, "(cusip number)")) or None
    name = _before(lines, "(name of issuer)")
    issuer = EntityRef(scheme=AliasScheme.OTHER, value=f"cusip:{cusip}", name=name,
                       kind=EntityKind.COMPANY) if cusip else _party(None, name)
    yield doc.entity(issuer, "cover", (Alias(scheme=AliasScheme.OTHER, value=f"cusip:{cusip}",
                                              kind=AliasKind.IDENTIFIER),) if cusip else ())
    pages = re.split(r"\b1 NAMES? OF REPORTING PERSONS?\b", flat)[1:]
    refs = []
    blocks = []
    for i, page in enumerate(pages, 1):
        m_name = re.match(r"\s*(?:I\.R\.S\.[^)]*\)\s*)?(.+?)\s+2 CHECK THE APPROPRIATE BOX", page)
        m_pct = re.search(r"PERCENT OF CLASS REPRESENTED BY AMOUNT IN ROW \(?9\)?\s*"
                          r"(-?0-|[\d.,]+\s*%)", page)
        if not (m_name and m_pct):
            yield quarantine(path, f"cover page {i}", "reporting person",
                             "could not read the name and percent of class", page[:500])
            continue
        m_cit = re.search(r"CITIZENSHIP OR PLACE OF ORGANIZATION (.+?) NUMBER OF", page)
        m_agg = re.search(r"AGGREGATE AMOUNT BENEFICIALLY OWNED BY EACH REPORTING PERSON "
                          r"(\S+)", page)
        person = bool(re.search(r"TYPE OF REPORTING PERSON\s+IN\b", page))
        ref = _party(None, m_name[1], jurisdiction(m_cit[1]) if m_cit else None,
                     EntityKind.PERSON if person else EntityKind.COMPANY)
        refs.append(ref)
        group = bool(re.search(r"\(a\)\s*(?:x|þ|☒)", page[:600]))
        blocks.append((i, ref, m_pct[1].replace("-0-", "0"), m_agg[1] if m_agg else None, group))
    class_title = _before(lines, "(title of class")
    aggs = [b[3] for b in blocks]
    for i, ref, pct, agg, group in blocks:
        loc = f"cover page {i}"
        yield doc.entity(ref, loc)
        same_block = agg is not None and aggs.count(agg) > 1
        yield build(path, loc, lambda: Ownership(
            source=ref, target=issuer, stake=_percent(pct), direct=not (group or same_block),
            share_class=class_title, valid_from=event, known_from=doc.known_from,
            provenance=doc.prov(f"{doc.doc_id}:{ref.name}", loc),
            fact_key=f"sec:13dg:{cusip or _norm(name or '')}:{_norm(ref.name or '')}"))
    yield build(path, "document", lambda: Disclosure(
        document_id=doc.doc_id, form_type=form, filed_at=filed, title=f"{form}: {name}",
        text="\n".join(lines), mentions=(issuer, *refs), valid_from=event,
        known_from=doc.known_from, provenance=doc.prov(doc.doc_id, "document"),
        fact_key=f"sec:{doc.doc_id}:disclosure"))


def _is_13_html(head: bytes) -> bool:
    return bool(re.search(rb"<TYPE>\s*SC\s*13[DG]", head, re.I)) or (
        b"<html" in head.lower() and bool(re.search(rb"SCHEDULE\s+13[DG]", head, re.I)))


class SecReader:
    """``--format sec``: Schedule 13D/13G XML or HTML, Forms 3/4/5 XML."""

    name = "sec"

    def sniff(self, path: Path, head: bytes) -> bool:
        return (b"<ownershipDocument" in head or (b"<edgarSubmission" in head and
                b"schedule13" in head.lower()) or _is_13_html(head))

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        if path.stat().st_size > MAX_BYTES:
            yield quarantine(path, "document", "file", "larger than one filing can be")
            return
        data = path.read_bytes()
        try:
            yield from self._read(path, data)
        except (ValueError, TypeError) as err:  # a header field every fact needs is unreadable
            yield quarantine(path, "document", "document", f"{type(err).__name__}: {err}")

    def _read(self, path: Path, data: bytes) -> Iterator[Record]:
        if _is_13_html(data[:4096]):
            yield from _schedule13_html(data, path)
            return
        try:
            parser = etree.XMLParser(resolve_entities=False, no_network=True)
            root = _strip_ns(etree.fromstring(data.lstrip(), parser))  # 13G has a blank line first
        except etree.XMLSyntaxError as err:
            yield quarantine(path, f"line {err.lineno}, column {err.offset}", "xml",
                             f"malformed XML: {err.msg}")
            return
        if root.tag == "edgarSubmission":
            yield from _schedule13(root, path)
        elif root.tag == "ownershipDocument":
            yield from _form345(root, path)
        else:
            yield quarantine(path, "document", "root", f"<{root.tag}> is not a Schedule "
                             "13D/13G or Form 3/4/5 document")


# -- Exhibit 21 (subsidiary list) ------------------------------------------------------------

_SUFFIX = re.compile(r"\b(inc|corp|corporation|co|company|ltd|limited|llc|plc|n\.?v|s\.?a|ag|"
                     r"se|group|holdings?|bancorp|trust|lp|l\.p)\b\.?", re.I)
_HEADER = re.compile(r"jurisdiction|organized|incorporat|domicile|country|state of|^name", re.I)


def _indent(el: Any) -> float:
    """Left indentation of a table cell in points (padding/margin/text-indent, px = 0.75 pt)."""
    total = 0.0
    for node in el.iter():
        style = (node.get("style") or "").lower() if isinstance(node.tag, str) else ""
        for prop, val in re.findall(r"(padding|padding-left|margin-left|text-indent)\s*:\s*([^;]+)",
                                    style):
            parts = val.split() or ["0"]
            # padding shorthand: the left value is the 4th, else the 2nd, else the only one
            part = parts[min(len(parts), 4) - 1 if len(parts) == 4 else min(len(parts) - 1, 1)] \
                if prop == "padding" else parts[0]
            if m := re.fullmatch(r"(-?[\d.]+)(pt|px|em)?", part):
                total += float(m[1]) * {"px": 0.75, "em": 12.0}.get(m[2] or "pt", 1.0)
    return total


def _parent_name(root: Any) -> str | None:
    """The company the exhibit lists subsidiaries of, from the text above the first table."""
    lines = [t for t in (_clean(x).replace("\xa0", " ") for x in root.xpath(
        "//body//text()[following::table and not(ancestor::table)]")) if t]
    for i, ln in enumerate(lines):
        if m := re.search(r"subsidiaries of\s*(.*)", ln, re.I):
            name = m[1] or (lines[i + 1] if i + 1 < len(lines) else "")
            if name := name.strip(" *:"):
                return name
    for ln in lines:
        if (len(ln) < 100 and _SUFFIX.search(ln) and not re.match(r"ex(hibit)?[\s-]*21", ln, re.I)
                and not re.search(r"subsidiaries", ln, re.I)):
            return ln.strip(" *:")
    return None


class Ex21Reader:
    """``--format sec-ex21``: an Exhibit 21 subsidiary table -> subsidiaries and OWNS edges.

    Parent: the ``parent`` option, else the company named above the table ("Subsidiaries of
    Apple Inc." / the heading line with a company suffix), else a ticker in the file name
    (``ex21_aapl.html`` -> ``ticker:AAPL``). Indented rows (JPMorgan) are owned by the nearest
    less-indented row above them (``direct=True``); rows of a flat list are owned by the parent
    directly or through others the exhibit does not say, so ``direct=False``. No stake unless a
    percent column is present.
    """

    name = "sec-ex21"

    def __init__(self, parent: str | None = None, filed: date | None = None) -> None:
        self.parent, self.filed = parent, filed

    def sniff(self, path: Path, head: bytes) -> bool:
        return b"<html" in head.lower() and (
            bool(re.search(rb"exhibit(\s|&#160;|&nbsp;)*21", head, re.I))
            or bool(re.search(r"ex-?21", path.name, re.I)))

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        if path.stat().st_size > MAX_BYTES:
            yield quarantine(path, "document", "file", "larger than one filing can be")
            return
        try:
            root = lxml.html.parse(str(path)).getroot()
        except (etree.ParserError, ValueError):
            root = None
        if root is None:
            yield quarantine(path, "document", "html", "unreadable or empty HTML")
            return
        doc = _Doc(path, _at(self.filed) if self.filed else _mtime(path))
        name = self.parent or _parent_name(root)
        ticker = re.search(r"ex-?21[._-]([a-z]{1,5})\b", path.stem, re.I)
        if name:
            top = EntityRef(name=name, kind=EntityKind.COMPANY)
        elif ticker:
            top = EntityRef(scheme=AliasScheme.OTHER, value=f"ticker:{ticker[1].upper()}")
        else:
            yield quarantine(path, "document", "parent", "the exhibit does not name its parent; "
                             "pass the parent option")
            return
        rows = self._rows(root)
        if not rows:
            yield quarantine(path, "document", "table", "no subsidiary table found")
            return
        flat = len({ind for *_, ind in rows}) == 1
        stack: list[tuple[float, EntityRef]] = []
        for loc, sub_name, jur_text, pct, ind in rows:
            ref = EntityRef(name=sub_name, jurisdiction=jurisdiction(jur_text),
                            kind=EntityKind.COMPANY)
            while stack and stack[-1][0] >= ind:
                stack.pop()
            owner = stack[-1][1] if stack else top
            stack.append((ind, ref))
            yield doc.entity(ref, loc)
            okey = _norm(owner.name or owner.value or "")
            yield build(path, loc, lambda: Ownership(
                source=owner, target=ref, stake=_percent(pct), direct=not flat,
                known_from=doc.known_from, provenance=doc.prov(f"{doc.doc_id}:{sub_name}", loc),
                fact_key=f"sec:ex21:{okey}:{_norm(sub_name)}"), sub_name)

    @staticmethod
    def _rows(root: Any) -> list[tuple[str, str, str | None, str | None, float]]:
        """(locator, name, jurisdiction text, percent text, indent) per subsidiary row."""
        out = []
        for t, table in enumerate(root.iter("table"), 1):
            jur_col, pct_col = 1, None
            for r, tr in enumerate(table.iter("tr"), 1):
                cells = [c for c in tr if c.tag in ("td", "th")
                         and "display:none" not in (c.get("style") or "").replace(" ", "")]
                texts = [_clean(c.text_content().replace("\xa0", " ")) for c in cells]
                filled = [(c, x) for c, x in zip(cells, texts) if x]
                if not filled:
                    continue
                if any(_HEADER.search(x) for _, x in filled):  # header row: learn the columns
                    for k, (_, x) in enumerate(filled):
                        if re.search(r"%|percent|owned|ownership", x, re.I):
                            pct_col = k
                        elif _HEADER.search(x) and not re.match(r"name", x, re.I):
                            jur_col = k
                    if len(filled) == 1:  # Apple: the name column has no header text
                        jur_col = 1
                    continue
                vals = [x for _, x in filled]
                pct = vals[pct_col] if pct_col is not None and pct_col < len(vals) else next(
                    (x for x in vals[1:] if re.fullmatch(r"[\d.,]+\s*%", x)), None)
                jur = vals[jur_col] if jur_col < len(vals) and vals[jur_col] != pct else None
                out.append((f"table[{t}]/tr[{r}]", vals[0], jur, pct, _indent(filled[0][0])))
        return out


READERS: list = [SecReader(), Ex21Reader()]
