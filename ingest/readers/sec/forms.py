"""SEC EDGAR filings: Schedule 13D/13G (XML and the HTML document) and Forms 3/4/5 XML
(``--format sec``); Exhibit 21 subsidiary lists are :mod:`ingest.readers.sec.ex21`.

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
from collections.abc import Generator, Iterator
from datetime import date
from pathlib import Path
from typing import Any, NamedTuple

import lxml.html
from lxml import etree

from ownergraph.domain.model import Alias, Control, Disclosure, EntityRef, Ownership, Quarantined, Record, Stake
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.ingest.readers.documents.edgar import parse_header
from ownergraph.ingest.readers.sec.cover_rows import CoverRow, cover_pages, flatten, has_cover_rows
from ownergraph.ingest.readers.sec.cover_page_layout import is_cover_page_layout, to_sec_layout
from ownergraph.ingest.readers.sec.form345_html import XML_HINT, MissingBox, is_form345_html, ownership_document
from ownergraph.ingest.readers.sec.bare_ampersand import escape_bare_ampersands
from ownergraph.ingest.readers.sec.bare_values import wrap_bare_values
from ownergraph.ingest.readers.sec.edgar_json import is_edgar_json, read_edgar_json
from ownergraph.ingest.readers.sec.header import header_entities
from ownergraph.ingest.readers.sec.misspelt_tags import parse_filing
from ownergraph.ingest.readers.sec.several_documents import documents_under
from ownergraph.ingest.readers.sec.values import (  # noqa: F401 - jurisdiction, sec_date re-exported
    MAX_BYTES, utc_midnight, cik_of, clean_text, Doc, flag_at, file_mtime, normalise, party_ref, percent_stake, real_cusip,
    strip_ns, text_at,
    jurisdiction, prose_key, sec_date,
)
from ownergraph.ingest.readers.base import RECORD_ERRORS, build, not_read, quarantine, read_safely

# -- Schedule 13D / 13G (XML) ----------------------------------------------------------------

def _schedule13(root: Any, path: Path, part: int | None = None) -> Iterator[Record]:
    form = text_at(root, "headerData/submissionType") or "SCHEDULE 13D/G"
    if is_cover_page_layout(root):  # a filing tool's own element names, one to one onto the SEC's
        root = to_sec_layout(root)
    cover = root.find("formData/coverPageHeader")
    if cover is None:
        yield quarantine(path, "formData/coverPageHeader", "coverPageHeader", _not_sec_schema(root))
        return
    signed = _signature_dates(root.xpath("//*[starts-with(local-name(), 'signature')]//date"))
    event = sec_date(text_at(cover, "dateOfEvent", "eventDateRequiresFilingThisStatement"))
    filed = max(signed) if signed else event
    doc = _document(path, filed, part)
    cik = cik_of(text_at(cover, "issuerInfo/issuerCik", "issuerInfo/issuerCIK"))
    # 13D: issuerCUSIP; 13G: issuerCusip; both may nest several under issuerCusips/issuerCusipNumber
    cusips = [c for c in (real_cusip(el.text) for el in cover.iter("issuerCusip", "issuerCusipNumber", "issuerCUSIP"))
              if c]
    iname = text_at(cover, "issuerInfo/issuerName")
    if not (cik or iname or cusips):  # every fact of the filing is about the issuer
        yield not_read(path, "formData/coverPageHeader/issuerInfo", "the issuer has neither a CIK, a name nor "
                       "a CUSIP", 0, field="issuerInfo/issuerName")
        return
    # a cover giving the issuer by its CUSIP alone is about the issuer of that security: named by it
    issuer = (party_ref(cik, iname, kind=EntityKind.COMPANY) if cik or iname else
              EntityRef(scheme=AliasScheme.OTHER, value=f"cusip:{cusips[0]}", kind=EntityKind.COMPANY))
    yield doc.entity(issuer, "issuerInfo", tuple(Alias(
        scheme=AliasScheme.OTHER, value=f"cusip:{c}", kind=AliasKind.IDENTIFIER) for c in cusips))
    persons = (root.findall("formData/reportingPersons/reportingPersonInfo")
               or root.findall("formData/coverPageHeaderReportingPersonDetails"))
    amounts = [text_at(p, "aggregateAmountOwned", "reportingPersonBeneficiallyOwnedAggregateNumberOfShares")
               for p in persons]
    text = _items_text(root)
    block = _Block13(
        doc=doc, issuer=issuer, issuer_key=cusips[0] if cusips else cik or normalise(issuer.name or ""),
        share_class=text_at(cover, "securitiesClassTitle"), event=event, amounts=amounts,
        owners=_record_owners(text, [text_at(p, "reportingPersonName") for p in persons]), powers=[])
    refs: list[EntityRef] = []
    for i, p in enumerate(persons, 1):
        yield from _reporting_person(path, block, p, i, refs)
    if text:
        yield from _prose(path, doc, text, issuer, refs, event)
    filer = cik_of(text_at(root, "headerData/filerInfo/filer/filerCredentials/cik"))
    amendment = _amendment(root, form)
    yield build(path, "document", lambda: Disclosure(
        document_id=doc.doc_id, form_type=form, filed_at=filed,
        title=f"{form}{amendment}: {issuer.name or issuer.value}",
        filer=party_ref(filer, None) if filer else None, text="\n".join(
            [*([text] if text else []), *block.powers]) or None, mentions=(issuer, *refs),
        valid_from=event, known_from=doc.known_from, provenance=doc.prov(doc.doc_id, "document"),
        fact_key=f"sec:{doc.doc_id}:disclosure"))


class _Block13(NamedTuple):
    """What every reporting person's stake on a Schedule 13D/13G cover page shares."""

    doc: Doc
    issuer: EntityRef
    issuer_key: str  # CUSIP, else issuer CIK, else its normalised name: the fact_key's issuer part
    share_class: str | None
    event: date | None
    amounts: list[str | None]  # each reporting person's aggregate amount, to spot a joint block
    owners: set[str]  # prose keys of the persons the prose names as record owners
    powers: list[str]  # each reporting person's cover-page share counts, as text (collected)


_POWERS = (("sole_voting", "soleVotingPower"), ("shared_voting", "sharedVotingPower"),
           ("sole_dispositive", "soleDispositivePower"), ("shared_dispositive", "sharedDispositivePower"))


def _not_sec_schema(root: Any) -> str:
    """Why an edgarSubmission without the SEC schema's cover page is refused, naming what it has."""
    form_data = root.find("formData")
    found = sorted({c.tag for c in form_data if isinstance(c.tag, str)}) if form_data is not None else []
    has = f"formData holds <{'>, <'.join(found)}>" if found else "there is no formData"
    return (f"missing: the SEC's Schedule 13D/G XML (EDGAR technical specification, namespaces "
            f"schedule13D / schedule13g) puts the issuer and the date of event in formData/coverPageHeader; "
            f"{has}, which no SEC schema defines (a private layout), so the filing is refused rather than guessed")


def _shares(p: Any) -> str:
    """A reporting person's cover-page share counts (rows 7-11): the aggregate amount and sole or
    shared voting and dispositive power (13D: children of the person; 13G: inside
    reportingPersonBeneficiallyOwnedNumberOfShares). Counts, not percentages: kept as text."""
    found = [("aggregate", text_at(p, "aggregateAmountOwned",
                                   "reportingPersonBeneficiallyOwnedAggregateNumberOfShares"))]
    found += [(label, text_at(p, tag, f"reportingPersonBeneficiallyOwnedNumberOfShares/{tag}"))
              for label, tag in _POWERS]
    return "; ".join(f"{label}={value}" for label, value in found if value is not None)


def _amendment(root: Any, form: str) -> str:
    """' (Amendment No. N, amends <accession>)' for an amendment, else ''."""
    number = text_at(root, "formData/coverPageHeader/amendmentNo")
    previous = text_at(root, "headerData/previousAccessionNumber")
    if not (number or previous or form.rstrip().endswith("/A")):
        return ""
    parts = [f"Amendment No. {number}" if number else "Amendment"]
    return f" ({', '.join(parts + ([f'amends {previous}'] if previous else []))})"


def _reporting_person(path: Path, block: _Block13, p: Any, i: int,
                      refs: list[EntityRef]) -> Iterator[Record]:
    """One reporting person: its entity and its stake in the issuer (``refs`` collects its ref)."""
    loc = f"reportingPerson[{i}]"
    name = text_at(p, "reportingPersonName")
    pcik = cik_of(text_at(p, "reportingPersonCIK", "reportingPersonCik", "reportingCik"))
    if not (name or pcik):
        yield quarantine(path, loc, "reportingPersonName", "reporting person has no name")
        return
    types = {clean_text(t.text) for t in p.findall("typeOfReportingPerson")}
    kind = EntityKind.PERSON if "IN" in types else EntityKind.COMPANY
    ref = party_ref(pcik, name, jurisdiction(text_at(p, "citizenshipOrOrganization")), kind)
    refs.append(ref)
    yield block.doc.entity(ref, loc)
    deemed = _joint_block(p, block.amounts[i - 1], block.amounts)
    doc = block.doc
    shares = _shares(p)
    block.powers.append(f"{loc} {name or pcik}: {shares}" if shares else f"{loc} {name or pcik}")
    yield build(path, loc, lambda: Ownership(
        source=ref, target=block.issuer, stake=percent_stake(text_at(p, "percentOfClass", "classPercent")),
        # a joint block is each person's deemed interest, except the record owner's own holding
        direct=not deemed or prose_key(name) in block.owners, share_class=block.share_class,
        valid_from=block.event, known_from=doc.known_from,
        provenance=doc.prov(f"{doc.doc_id}:{pcik or name}", f"{loc}; {shares}" if shares else loc),
        fact_key=f"sec:13dg:{block.issuer_key}:{pcik or normalise(name or '')}"), name)


def _joint_block(p: Any, amount: str | None, amounts: list[str | None]) -> bool:
    """Whether the person reports a joint block: a group member (box (a)), or another reporting
    person reports the same aggregate amount."""
    group = (text_at(p, "memberGroup", "memberOfGroup") or "").lower() == "a"
    same_block = amount is not None and amounts.count(amount) > 1
    return group or same_block


def _items_text(root: Any) -> str | None:
    """The filing's items and cover-page comments (its prose), one line per text node longer than
    three characters."""
    items = root.find("formData/items")
    items = items if items is not None else root.find("formData/items1To7")
    parts = list(items.itertext()) if items is not None else []
    # a reporting person's cover-page comment often states the chain ("whose sole general partner
    # is Y, LLC. The managing member of Y, LLC is Z")
    parts += [c.text or "" for c in root.iter("commentContent", "comments")]
    return "\n".join(t for t in (clean_text(x) for x in parts) if len(t) > 3) or None


def _signature_dates(elements: Any) -> list[date]:
    """The readable dates among signature date elements."""
    return [d for el in elements if (d := sec_date(el.text))]


def _document(path: Path, filed: date | None, part: int | None = None) -> Doc:
    """The filing, known from its filing date, else from the file's mtime; ``part``: its place
    among several documents in one file (its own document id, so their facts stay apart)."""
    doc = Doc(path, utc_midnight(filed) if filed else file_mtime(path))
    if part is not None:
        doc.doc_id = f"{doc.doc_id}#{part}"
    return doc


def _prose(*args: Any) -> list[Record]:
    """The claims the filing's prose states (the extractor is imported when a filing has prose:
    its patterns take a while to compile, and most runs read no SEC filing)."""
    from ownergraph.ingest.readers.sec.prose import prose

    return prose(*args)[0]


def _record_owners(text: str | None, names: list[str | None]) -> set[str]:
    """The reporting persons (prose keys) the prose names as the shares' record owners."""
    from ownergraph.ingest.extract.values import Context
    from ownergraph.ingest.readers.sec.prose import record_owners

    return record_owners(text, Context.of(text, None)) & {prose_key(n) for n in names if n} if text else set()


# -- Forms 3 / 4 / 5 -------------------------------------------------------------------------

def _form345(root: Any, path: Path, part: int | None = None) -> Iterator[Record]:
    form = f"Form {text_at(root, 'documentType') or '?'}"
    period = sec_date(text_at(root, "periodOfReport"))
    signed = _signature_dates(root.iter("signatureDate"))
    filed = max(signed) if signed else period
    doc = _document(path, filed, part)
    icik = cik_of(text_at(root, "issuer/issuerCik"))
    ticker = text_at(root, "issuer/issuerTradingSymbol")
    if ticker and _NO_SYMBOL.fullmatch(ticker):
        ticker = None  # EDGAR's instruction for an issuer without a symbol is "NONE": no identifier
    iname = text_at(root, "issuer/issuerName")
    if not (icik or iname or ticker):  # every relation of the form is about the issuer; its owners are still named
        owners = yield from _owners_without_issuer(path, doc, root)
        yield not_read(path, "issuer", "the issuer has neither a CIK, a name nor a trading symbol: the reporting "
                       "owners are loaded as entities, their roles and holdings are not", owners,
                       field="issuer/issuerName")
        return
    # the schema's three issuer elements each identify it; a form giving only the symbol (a generator's
    # fragment) names the issuer by its ticker, as an identifier: no name is invented for it
    issuer = (party_ref(icik, iname, kind=EntityKind.COMPANY) if icik or iname else
              EntityRef(scheme=AliasScheme.OTHER, value=f"ticker:{ticker}", kind=EntityKind.COMPANY))
    icik = icik or (normalise(iname) if iname else f"ticker:{ticker}")  # the issuer's part of fact keys
    yield doc.entity(issuer, "issuer", (Alias(scheme=AliasScheme.OTHER, value=f"ticker:{ticker}",
                                              kind=AliasKind.IDENTIFIER),) if ticker else ())
    if bare := wrap_bare_values(root):
        yield quarantine(path, "document", bare[0], f"values written without the <value> element the EDGAR "
                         f"ownership schema wraps them in (<{'>, <'.join(bare)}>): read as written")
    report = _Report345(doc=doc, issuer=issuer, issuer_key=icik, period=period)
    refs: list[EntityRef] = []
    for i, o in enumerate(root.findall("reportingOwner"), 1):
        yield from _reporting_owner(path, report, o, f"reportingOwner[{i}]", refs)
    rows = _table_rows(root)
    latest = yield from _current_holdings(path, rows)
    for holding, (loc, row) in latest.items():
        yield from _holding(path, report, refs, holding, loc, row)
    lines = _disclosure_lines(root, rows)
    if len(lines) > len(rows):  # footnotes, remarks: the chains they state among the owners
        text = "\n".join(lines)
        yield from _prose(path, doc, text, issuer, refs, period, sum(len(ln) + 1 for ln in lines[:len(rows)]))
    yield build(path, "document", lambda: Disclosure(
        document_id=doc.doc_id, form_type=form, filed_at=filed, period=str(period or "") or None,
        title=f"{form}: {', '.join(r.name or '' for r in refs)} in {issuer.name or issuer.value}",
        text="\n".join(lines) or None, mentions=(issuer, *refs), valid_from=period,
        known_from=doc.known_from, provenance=doc.prov(doc.doc_id, "document"),
        fact_key=f"sec:{doc.doc_id}:disclosure"))


# what filers write in the required issuerTradingSymbol when the issuer has none
_NO_SYMBOL = re.compile(r"(?i)none|n/?a|not applicable|no symbol|no trading symbol|-+|0+")


def _owners_without_issuer(path: Path, doc: Doc, root: Any) -> Generator[Record, None, int]:
    """The reporting owners of a form that names no issuer, as entities alone; how many."""
    n = 0
    for i, o in enumerate(root.findall("reportingOwner"), 1):
        ocik, oname = cik_of(text_at(o, "reportingOwnerId/rptOwnerCik")), text_at(o, "reportingOwnerId/rptOwnerName")
        if ocik or oname:
            person = flag_at(o, "reportingOwnerRelationship/isDirector") or flag_at(
                o, "reportingOwnerRelationship/isOfficer")
            yield doc.entity(party_ref(ocik, oname, kind=EntityKind.PERSON if person else EntityKind.UNKNOWN),
                             f"reportingOwner[{i}]")
            n += 1
    return n


class _Report345(NamedTuple):
    """What every fact of one Form 3/4/5 shares."""

    doc: Doc
    issuer: EntityRef
    issuer_key: str  # issuer CIK, else its normalised name: the fact_keys' issuer part
    period: date | None


def _owner_key(ref: EntityRef) -> str:
    """A reporting owner's part of fact keys: its CIK, else its normalised name."""
    return ref.value or normalise(ref.name or "")


def _reporting_owner(path: Path, report: _Report345, o: Any, loc: str,
                     refs: list[EntityRef]) -> Iterator[Record]:
    """One reporting owner: its entity and a Control per board or officer role it holds
    (``refs`` collects its ref)."""
    person = flag_at(o, "reportingOwnerRelationship/isDirector") or flag_at(
        o, "reportingOwnerRelationship/isOfficer")
    ocik, oname = cik_of(text_at(o, "reportingOwnerId/rptOwnerCik")), text_at(o, "reportingOwnerId/rptOwnerName")
    if not (ocik or oname):  # this owner only: the issuer and the other owners still load
        yield quarantine(path, loc, "reportingOwnerId/rptOwnerName", "reporting owner has neither a CIK nor a name")
        return
    ref = party_ref(ocik, oname,
                 kind=EntityKind.PERSON if person else EntityKind.UNKNOWN)
    refs.append(ref)
    doc = report.doc
    yield doc.entity(ref, loc)
    okey = _owner_key(ref)
    title = text_at(o, "reportingOwnerRelationship/officerTitle")
    for role, flag in (("directorship", "isDirector"), ("officer", "isOfficer")):
        if flag_at(o, f"reportingOwnerRelationship/{flag}"):
            where = f"{loc}; officerTitle={title}" if role == "officer" and title else loc
            yield build(path, loc, lambda where=where, role=role: Control(
                source=ref, target=report.issuer, control_kind=role, valid_from=report.period,
                known_from=doc.known_from, provenance=doc.prov(f"{doc.doc_id}:{okey}", where),
                fact_key=f"sec:form345:{report.issuer_key}:{okey}:{role}"))
    if flag_at(o, "reportingOwnerRelationship/isTenPercentOwner"):
        # Section 16: a beneficial owner of more than 10 % of a registered class (Rule 16a-2)
        yield build(path, loc, lambda: Ownership(
            source=ref, target=report.issuer, stake=Stake(lo=10, hi=100, lo_inclusive=False, hi_inclusive=True),
            valid_from=report.period, known_from=doc.known_from,
            provenance=doc.prov(f"{doc.doc_id}:{okey}", loc),
            fact_key=f"sec:form345:{report.issuer_key}:{okey}:ten_percent"))


def _table_rows(root: Any) -> list[tuple[str, Any]]:
    """Every row of the non-derivative and derivative tables, with its locator."""
    rows = []
    for table in ("nonDerivativeTable", "derivativeTable"):
        for j, row in enumerate(root.findall(f"{table}/*"), 1):
            rows.append((f"{table}/{row.tag}[{j}]", row))
    return rows


_Holding = tuple[str, str, str]  # (security title, D/I, nature of indirect ownership)


def _current_holdings(path: Path, rows: list[tuple[str, Any]]
                      ) -> Generator[Record, None, dict[_Holding, tuple[str, Any]]]:
    """The last non-derivative row of each holding: the position after it is the holding now.
    Yields a quarantine for each row whose ownership nature is neither D, I nor left out; returns
    the rows. A row without ``ownershipNature`` (required by the schema; generators' fragments
    leave it out) is still a holding the owner reports as its beneficial ownership, direct or
    indirect unstated: read as not direct (as an I, or a joint D, is), keyed apart as ``unstated``."""
    latest: dict[_Holding, tuple[str, Any]] = {}
    for loc, row in rows:
        if loc.startswith("derivativeTable"):
            continue  # options/warrants: not shares held; kept in the disclosure text
        nature = _nature(row) or _UNSTATED
        if nature not in ("D", "I", _UNSTATED):
            yield quarantine(path, loc, "directOrIndirectOwnership", f"unknown ownership nature {nature!r} "
                             "(expected D or I)")
            continue
        key = (text_at(row, "securityTitle/value") or "", nature,
               text_at(row, "ownershipNature/natureOfIndirectOwnership/value") or "")
        latest[key] = (loc, row)
    return latest


_UNSTATED = "unstated"  # a row without ownershipNature: direct or indirect not said


def _nature(row: Any) -> str:
    """A row's D or I: ``ownershipNature/directOrIndirectOwnership`` per the SEC schema; some
    generators put that element elsewhere in the row (after the amounts) or write the word
    ("Direct" / "Indirect") as ``ownershipNature/value``."""
    found = text_at(row, "ownershipNature/directOrIndirectOwnership/value")
    found = found or next((clean_text(v.text) for v in row.iterfind(".//directOrIndirectOwnership/value")
                           if clean_text(v.text)), None)
    found = found or text_at(row, "ownershipNature/value")
    return {"DIRECT": "D", "INDIRECT": "I"}.get((found or "").upper(), found or "")


def _holding(path: Path, report: _Report345, refs: list[EntityRef], holding: _Holding, loc: str,
             row: Any) -> Iterator[Record]:
    """One holding as each reporting owner's Ownership: held from the row's transaction date,
    or ended then when nothing is held after it; direct only for a sole owner's D holding."""
    title, nature, how = holding
    held = text_at(row, "postTransactionAmounts/sharesOwnedFollowingTransaction/value",
                 "postTransactionAmounts/valueOwnedFollowingTransaction/value", "sharesOwned/value")
    doc = report.doc
    for ref in refs:
        okey = _owner_key(ref)

        def make(ref: EntityRef = ref, okey: str = okey) -> Ownership:
            on = sec_date(text_at(row, "transactionDate/value")) or report.period
            ended = held is not None and float(held.replace(",", "")) == 0
            return Ownership(
                source=ref, target=report.issuer, stake=None, share_class=title or None,
                direct=nature == "D" and len(refs) == 1,
                valid_from=None if ended else on, valid_to=on if ended else None,
                known_from=doc.known_from, fact_key=f"sec:form345:{report.issuer_key}:{okey}:{nature}:"
                f"{normalise(title)}{':' + normalise(how) if how else ''}",
                provenance=doc.prov(f"{doc.doc_id}:{okey}", f"{loc}; shares_owned_following={held}" + (
                    "; ownershipNature not stated (direct or indirect unknown)" if nature == _UNSTATED else "")))
        yield build(path, loc, make, title)


# the forms' check boxes (EDGAR Ownership XML Technical Specification), as the form words them
_FLAGS = (("noSecuritiesOwned", "No securities owned."),
          ("notSubjectToSection16", "No longer subject to Section 16 (obligations may continue)."),
          ("aff10b5One", "A transaction was made under a plan intended to satisfy Rule 10b5-1(c)."),
          ("form3HoldingsReported", "Form 3 holdings reported."),
          ("form4TransactionsReported", "Form 4 transactions reported."))


def _disclosure_lines(root: Any, rows: list[tuple[str, Any]]) -> list[str]:
    """The filing as text: every table row (derivatives included), then footnotes and remarks."""
    lines = [f"{loc}: " + "; ".join(t for t in (clean_text(x) for x in row.itertext()) if t)
             for loc, row in rows]
    for flag, said in _FLAGS:
        if flag_at(root, flag):
            lines.append(said)
    if original := text_at(root, "dateOfOriginalSubmission"):
        lines.append(f"Amends the filing of {original}.")
    for i, o in enumerate(root.findall("reportingOwner"), 1):  # "isOther": the owner's own words
        if other := text_at(o, "reportingOwnerRelationship/otherText"):
            lines.append(f"reportingOwner[{i}] other relationship: {other}")
    lines += [clean_text(f.text) for f in root.iter("footnote", "remarks") if clean_text(f.text)]
    return lines


# -- Forms 3 / 4 / 5 as rendered in HTML ---------------------------------------------------

def _form345_html(path: Path, data: bytes) -> Iterator[Record]:
    """The rendering's cover facts, read as the XML's (:mod:`ingest.readers.sec.form345_html`),
    then what its remarks and footnotes state, read as any document's prose (a Form 3's merger
    remarks: who merged into the issuer, who owns it after); the one Disclosure is the document
    reader's, whose text the prose claims cite, named as the form."""
    from ownergraph.ingest.readers.documents import DocumentReader  # its extractor loads on use

    try:
        root = ownership_document(data)
    except MissingBox as err:
        yield not_read(path, "document", f"a Form 3/4/5 HTML rendering without its {err}; {XML_HINT}", 0,
                       field=str(err).split("'")[1] if "'" in str(err) else "document")
        return
    cover = list(_form345(root, path))
    form = next((r for r in cover if isinstance(r, Disclosure)), None)
    yield from (r for r in cover if not isinstance(r, Disclosure))
    for rec in DocumentReader().read(path):
        if isinstance(rec, Disclosure) and form is not None:
            rec = rec.model_copy(update={"form_type": form.form_type, "title": form.title, "filed_at": form.filed_at,
                                         "valid_from": form.valid_from, "mentions": (*form.mentions, *rec.mentions)})
        yield rec


# -- Schedule 13G/13D as an HTML document ----------------------------------------------------

def _html_lines(root: Any) -> list[str]:
    blocks = list(root.iter("br", "p", "div", "tr", "td", "li", "h1", "h2", "h3", "table"))
    if blocks:  # marked up: a newline in the source is a space ("Common Stock, par\n value
        # $0.001 per share" is one cover value); without markup (plain text) lines are lines
        for el in root.iter():  # text inside <pre> keeps its lines, children's included
            in_pre = next(el.iterancestors("pre"), None) is not None
            if isinstance(el.tag, str) and el.tag != "pre" and not in_pre:
                el.text = el.text and el.text.replace("\n", " ")
            if not in_pre:
                el.tail = el.tail and el.tail.replace("\n", " ")
    for el in blocks:
        el.tail = "\n" + (el.tail or "")
    text = root.text_content().replace("\xa0", " ")
    return [ln for ln in (" ".join(x.split()) for x in text.split("\n")) if ln]


_RULE = re.compile(r"[-_=\s]+")  # a ruled line drawn between a cover value and its label


def _before(lines: list[str], label: str) -> str | None:
    for i, ln in enumerate(lines):
        if ln.lower().startswith(label):
            above = [x for x in lines[:i] if not _RULE.fullmatch(x)]
            if len(above) > 1 and above[-2].endswith(","):  # "AVID BIOSERVICES," / "INC." wrapped
                return f"{above[-2]} {above[-1]}"
            return above[-1] if above else None
    return None


def _cover_issuer(path: Path, form: str, lines: list[str], cusip: str | None,
                  has_rows: bool, doc_id: str) -> EntityRef | Quarantined:
    """The issuer a 13D/G cover page names (by CUSIP and name); an unnamed issuer (an identifier of
    "the issuer of this document", no name invented) where the text keeps reporting persons' rows but
    not the issuer's (an excerpt starting at row 1); or the refusal of a document with no cover page
    (the submission header's parties, read beside it, are all it states)."""
    name = _before(lines, "(name of issuer)")
    if not (cusip or name or has_rows):
        return quarantine(path, "cover", "name of issuer", f"{form}: the document has no cover page naming "
                          "the issuer ('(Name of Issuer)' / '(CUSIP Number)'): nothing to read beyond the "
                          "header", " ".join(lines)[:500])
    if not (cusip or name):
        return EntityRef(scheme=AliasScheme.OTHER, value=f"issuer-of:{doc_id}", kind=EntityKind.COMPANY)
    return EntityRef(scheme=AliasScheme.OTHER, value=f"cusip:{cusip}", name=name,
                     kind=EntityKind.COMPANY) if cusip else party_ref(None, name)


def _cover_lines(data: bytes) -> list[str]:
    """The document's lines: an HTML document's blocks, or a text rendering's own lines with the
    cell bars ("|") of a flattened table taken out."""
    if re.search(rb"(?i)<(?:html|body|p|div|table|br|font)\b", data[:200_000]):
        return _html_lines(lxml.html.document_fromstring(data))
    text = data.decode("utf-8", "replace").replace("\xa0", " ")
    return [ln for ln in (" ".join(x.replace("|", " ").split()) for x in text.split("\n")) if ln]


def _schedule13_html(data: bytes, path: Path) -> Iterator[Record]:
    m = re.search(rb"<TYPE>\s*([^\r\n<]+)", data)
    form = m[1].decode("ascii", "replace").strip() if m else "SC 13G"
    lines = _cover_lines(data)
    flat = " ".join(lines)
    dated = re.search(r"Dated:\s*([A-Za-z]+\.? \d{1,2}, \d{4})", flat)
    event = sec_date(_before(lines, "(date of event"))
    filed = sec_date(dated[1]) if dated else event
    doc = Doc(path, utc_midnight(filed) if filed else file_mtime(path))
    cusip = real_cusip(_before(lines, "(cusip number)"))
    pages = cover_pages(flatten(flat))
    issuer = _cover_issuer(path, form, lines, cusip, any(isinstance(p, CoverRow) for p in pages), doc.doc_id)
    if isinstance(issuer, Quarantined):
        yield issuer
        return
    if issuer.name or cusip:
        yield doc.entity(issuer, "cover", (Alias(scheme=AliasScheme.OTHER, value=f"cusip:{cusip}",
                                                  kind=AliasKind.IDENTIFIER),) if cusip else ())
    refs = []
    blocks = []
    for i, page in enumerate(pages, 1):
        if not isinstance(page, CoverRow):
            yield quarantine(path, f"cover page {i}", "reporting person",
                             "could not read the name and percent of class", page[:500])
            continue
        ref = party_ref(None, page.name, jurisdiction(page.citizenship) if page.citizenship else None,
                        EntityKind.PERSON if page.person_type == "IN" else EntityKind.COMPANY)
        refs.append(ref)
        blocks.append((i, ref, page.percent, page.aggregate, page.group))
    class_title = _before(lines, "(title of class")
    aggs = [b[3] for b in blocks]
    body = "\n".join(lines)
    owners = _record_owners(body, [r.name for r in refs])
    for i, ref, pct, agg, group in blocks:
        loc = f"cover page {i}"
        yield doc.entity(ref, loc)
        same_block = agg is not None and aggs.count(agg) > 1
        yield build(path, loc, lambda: Ownership(
            source=ref, target=issuer, stake=percent_stake(pct),
            direct=not (group or same_block) or prose_key(ref.name) in owners,
            share_class=class_title, valid_from=event, known_from=doc.known_from,
            provenance=doc.prov(f"{doc.doc_id}:{ref.name}", loc),
            fact_key=f"sec:13dg:{cusip or normalise(issuer.name or '')}:{normalise(ref.name or '')}"))
    yield from _prose(path, doc, body, issuer, refs, event)
    yield build(path, "document", lambda: Disclosure(
        document_id=doc.doc_id, form_type=form, filed_at=filed, title=f"{form}: {issuer.name}",
        text=body, mentions=(issuer, *refs), valid_from=event,
        known_from=doc.known_from, provenance=doc.prov(doc.doc_id, "document"),
        fact_key=f"sec:{doc.doc_id}:disclosure"))


# a Schedule 13D/G edgarSubmission (not Form D, 13F, N-PX ...): its namespace, its submission type
# (SCHEDULE 13D/A, SC 13G) or its cover page, whoever generated it
_SCHEDULE13 = re.compile(rb"(?i)schedule13[dg]|<(?:\w+:)?submissionType>\s*(?:SCHEDULE|SC)\s*13[DG]|"
                         rb"<(?:\w+:)?coverPageHeader\b")
_FORM_ROOT = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(ownershipDocument|edgarSubmission)\b")


def _submission_header(path: Path, data: bytes) -> list[Record]:
    """The companies of an EDGAR submission's SGML header (none without one)."""
    if not re.search(rb"<(?:SEC|IMS)-HEADER>", data[:4096]):
        return []
    header = parse_header(data[:200_000].decode("utf-8", "replace"))
    moment = header.accepted or (utc_midnight(header.filed) if header.filed else file_mtime(path))
    return header_entities(path, header, moment, header.accession or path.name)


def _is_13_html(head: bytes) -> bool:
    """A Schedule 13D/G document: its submission type, an HTML page titled so, or (in any
    rendering) the text of a cover page's rows."""
    return bool(re.search(rb"<TYPE>\s*SC\s*13[DG]", head, re.I)) or (
        b"<html" in head.lower() and bool(re.search(rb"SCHEDULE\s+13[DG]", head, re.I))) or (
        not head.lstrip().startswith(b"<") and has_cover_rows(head))


class SecReader:
    """``--format sec``: Schedule 13D/13G XML or HTML, Forms 3/4/5 XML; EDGAR's JSON company files
    (submissions, company tickers: :mod:`.edgar_json`)."""

    name = "sec"

    def sniff(self, path: Path, head: bytes) -> bool:
        # any namespace prefix (<sch:edgarSubmission>, <ns1:ownershipDocument>), any generator
        root = _FORM_ROOT.search(head)
        return bool(root and (root[1] == b"ownershipDocument" or _SCHEDULE13.search(head))) \
            or _is_13_html(head) or is_form345_html(head) or is_edgar_json(head)

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        with open(path, "rb") as fh:
            json_file = is_edgar_json(fh.read(8192))
        if json_file:
            yield from read_safely(path, read_edgar_json(path))
            return
        if path.stat().st_size > MAX_BYTES:
            yield not_read(path, "document", "larger than one filing can be", 0)
            return
        n = 0
        try:
            for rec in self._read(path, path.read_bytes()):
                yield rec
                n += 1
        except (*RECORD_ERRORS, etree.LxmlError) as err:  # a part every fact needs is unreadable
            yield not_read(path, "document", f"{type(err).__name__}: {err}", n, field="document")

    def _read(self, path: Path, data: bytes) -> Iterator[Record]:
        # an EDGAR full submission (.txt, .nc): the header's companies, then the form, which is
        # an HTML or text cover, or the XML inside its <XML> element
        yield from _submission_header(path, data)
        if _is_13_html(data[:4096]):
            yield from _schedule13_html(data, path)
            return
        if is_form345_html(data[:8192]) and not _FORM_ROOT.search(data[:8192]):
            yield from _form345_html(path, data)
            return
        wrapped = re.search(rb"<XML>\s*(.*?)\s*</XML>", data, re.S)
        if wrapped and _FORM_ROOT.search(wrapped[1]):
            data = wrapped[1]
        try:
            root, left_out = parse_filing(data.lstrip())  # 13G has a blank line first
        except etree.XMLSyntaxError as err:
            escaped, lines = escape_bare_ampersands(data)
            try:
                root, left_out = parse_filing(escaped.lstrip()) if lines else (None, [])
            except etree.XMLSyntaxError:
                root = None
            if root is None:
                yield not_read(path, f"line {err.lineno}, column {err.offset}", f"malformed XML: {err.msg}",
                               0, field="xml")
                return
            where = f"line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))}"
            yield quarantine(path, where, "xml", "malformed XML: a bare '&' (not written '&amp;'); read as a "
                             "literal ampersand, the rest of the filing is read")
        root = strip_ns(root)
        for bad in left_out:  # a misspelt end tag: that one value is not read, the rest is
            yield quarantine(path, f"line {bad.line}, column {bad.column}", bad.opened,
                             f"malformed XML: <{bad.opened}> is closed by </{bad.closed}>; that element is "
                             "left out, the rest of the filing is read", bad.text)
        entity = next(root.iter(etree.Entity), None)
        if entity is not None:  # lxml keeps it as a node: every text around it would be cut
            yield quarantine(path, f"line {entity.sourceline}", "xml", f"undeclared or unexpanded entity "
                             f"{entity.text}: the filing is not read rather than read with cut names")
            return
        parts = documents_under(root)
        for part, document in enumerate(parts or [root], 1):
            yield from _one_document(document, path, part if parts else None)


def _one_document(root: Any, path: Path, part: int | None) -> Iterator[Record]:
    """One form document: a Schedule 13D/G or a Form 3/4/5 (``part``: its place in a file of several)."""
    if root.tag == "edgarSubmission":
        yield from _schedule13(root, path, part)
    elif root.tag == "ownershipDocument":
        yield from _form345(root, path, part)
    else:
        yield quarantine(path, "document", "root", f"<{root.tag}> is not a Schedule "
                         "13D/13G or Form 3/4/5 document")


READERS: list = [SecReader()]
