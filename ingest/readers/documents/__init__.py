"""Documents in (``--format document``): PDF, HTML (EDGAR documents, annual reports, press
releases), plain text / Markdown and EDGAR full submissions (``.txt`` with an SGML header,
several ``<DOCUMENT>`` parts).

Each document becomes one :class:`~ingest.model.Disclosure` (its whole text, so the vector
index chunks it like every other disclosure; sentence offsets of claims refer to that text),
an Entity for the filer the EDGAR header names (with its CIK), and the relationships its
sentences state (:mod:`ingest.extract`), marked as text claims. Metadata: the header (filer,
CIK, form type, filed date, acceptance time), a cover page's "As filed with the Securities and
Exchange Commission on <date>", the PDF info, or the options
``--filer/--filed-at/--form``; without any date ``known_from`` is the file's modification
time and every record says so (``validation_level``).

Re-ingesting the same document is a no-op: the Disclosure and each claim have a content hash
(``statement_id``) the loader merges on. Binary parts of a submission (GRAPHIC, ZIP, XBRL,
uuencoded files) are not text and are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from ownergraph.domain.model import Alias, Disclosure, Entity, Record
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.ingest.readers.base import build, not_read, quarantine, read_safely
from ownergraph.ingest.readers.documents import edgar
from ownergraph.ingest.readers.sec.header import header_entities
from ownergraph.ingest.readers.documents.exhibit21 import exhibit21, is_exhibit21
from ownergraph.ingest.readers.documents.runon_header import rebuilt_header
from ownergraph.ingest.readers.documents.meta import (
    DocMeta, Options, dated, filer_ref, part_of, pdf_date, stated_filing_date,
)
from ownergraph.ingest.readers.documents.text import Pages, decode, html_text, paged_plain_text, pdf_text
from ownergraph.domain.sentences import split_sentences

if TYPE_CHECKING:
    from ownergraph.ingest.extract import Finder

MAX_BYTES = 64 * 2**20
SUFFIXES = {".pdf", ".txt", ".md", ".markdown", ".htm", ".html", ".xhtml"}
_BINARY_TYPES = re.compile(r"^(GRAPHIC|ZIP|EXCEL|PDF|XML|JSON|EX-101)", re.I)
_REGISTRANT = re.compile(r"\(Exact name of (?:the )?registrant", re.I)
_RULE_LINE = re.compile(r"[\s\-_=*|]*")  # "- -------": a typed cover's underline
# a cover line that is a label, not part of the registrant's name
_LABEL_LINE = re.compile(r":|\b(?:Commission\s+File|File\s+No|Date\s+of\s+Report|Pursuant\s+to|FORM\s+[\dA-Z-]+$|"
                         r"CURRENT\s+REPORT|ANNUAL\s+REPORT|Exchange\s+Act)", re.I)


class DocumentReader:
    """``--format document``: the generic reader, tried after every structured format."""

    name = "document"

    def __init__(self, options: Options | None = None) -> None:
        self.options = options or Options()

    def with_options(self, **opts: object) -> DocumentReader:
        """A reader that uses ``--filer/--filed-at/--form`` and ``--extract`` (None values are ignored)."""
        known = {k: v for k, v in opts.items() if k in ("filer", "filed_at", "form", "extractor") and v}
        return DocumentReader(replace(self.options, **known))  # type: ignore[arg-type]

    def sniff(self, path: Path, head: bytes) -> bool:
        return (path.suffix.lower() in SUFFIXES or head.startswith(b"%PDF")
                or edgar.is_submission(head.decode("latin-1")))

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        return read_safely(path, self._read(path))

    def _read(self, path: Path) -> Iterator[Record]:
        if path.stat().st_size > MAX_BYTES:
            yield not_read(path, "document", "larger than one filing can be", 0)
            return
        data = path.read_bytes()
        if data.startswith(b"%PDF") or path.suffix.lower() == ".pdf":
            yield from self._pdf(path, data)
            return
        text = rebuilt_header(edgar.unescaped_header_page(decode(data)))
        if edgar.is_submission(text):
            yield from self._submission(path, text)
        elif path.suffix.lower() in {".htm", ".html", ".xhtml"} or re.search(r"<html|<body", text[:4096], re.I):
            body = html_text(text)
            yield from _document(dated(path, _plain_id(path), self.options, filer=_registrant(body),
                                       filed=stated_filing_date(" ".join(body[:20000].split()))), body,
                                 self.options.extractor)
        else:
            body, pages = paged_plain_text(text)
            yield from _document(dated(path, _plain_id(path), self.options, filer=_registrant(body),
                                       filed=stated_filing_date(" ".join(body[:20000].split())),
                                       pages=pages if pages.count > 1 else None), body,
                                 self.options.extractor)

    def _pdf(self, path: Path, data: bytes) -> Iterator[Record]:
        try:
            body, pages, info = pdf_text(data)
        except Exception as err:  # noqa: BLE001 - pypdf raises many types for a broken file
            yield quarantine(path, "document", "pdf", f"unreadable PDF: {type(err).__name__}: {err}")
            return
        meta = dated(path, _plain_id(path), self.options, created=pdf_date(info.get("/CreationDate")),
                     filer=_registrant(body), pages=pages, title=info.get("/Title") or None)
        yield from _document(meta, body, self.options.extractor)

    def _submission(self, path: Path, text: str) -> Iterator[Record]:
        head = edgar.parse_header(text)
        accession = head.accession or edgar.accession_in(path.name)
        party = head.filer
        stated = None if head.filed else stated_filing_date(" ".join(text[:20000].split()))
        base = dated(path, accession or _plain_id(path), self.options, filed=head.filed or stated,
                     accepted=head.accepted, form=head.form, period=head.period,
                     filer=filer_ref(party.name, party.cik) if party else None)
        named = header_entities(path, head, base.known_from, base.document_id)
        yield from named  # every header company, with its former names
        if not named and base.filer is not None and base.filer.scheme is AliasScheme.CIK:
            yield _filer_entity(base)
        for i, part in enumerate(edgar.parts(text), 1):
            if _BINARY_TYPES.match(part.type or "") or part.body.lstrip().startswith("begin 6"):
                continue
            if part.is_html:
                body, pages = html_text(part.body), None
            else:
                body, pages = paged_plain_text(part.body)
            filer = base.filer or _registrant(body)
            meta = part_of(base, f"{base.document_id}:{part.sequence or i}", filer=filer,
                           form=base.form or part.type, pages=pages if pages and pages.count > 1 else None,
                           title=" ".join(x for x in (part.type, part.description or part.filename) if x) or None)
            listed = list(exhibit21(meta, part.body, part.is_html)) if is_exhibit21(part.type) else []
            yield from listed  # an Exhibit 21's own list: its sentences add no claims beside it
            yield from _document(meta, body, self.options.extractor, with_claims=not listed)


def _plain_id(path: Path) -> str:
    return edgar.accession_in(path.name) or path.name


def _registrant(body: str):  # noqa: ANN202 - EntityRef | None
    """The registrant an EDGAR cover page names above "(Exact name of registrant as specified in
    its charter)": the lines of that block, joined ("Astrotech" / "Corporation" in an HTML
    source), above a typed cover's underline, stopping at a blank line or a label line."""
    m = _REGISTRANT.search(body[:20000])
    if not m:
        return None
    lines = body[:m.start()].split("\n")
    name: list[str] = []
    for i, line in enumerate(reversed(lines)):
        text = line.rsplit("|", 1)[-1].strip() if i == 0 else line.strip()
        if not text or _RULE_LINE.fullmatch(text):
            if name:
                break
            continue
        if _LABEL_LINE.search(text) or len(name) == 3:
            break
        name.insert(0, text)
    joined = " ".join(" ".join(name).split()).strip(" .:")
    return filer_ref(joined) if 3 <= len(joined) <= 160 and any(c.isalpha() for c in joined) else None


def _filer_entity(meta: DocMeta) -> Record:
    ref = meta.filer
    assert ref is not None
    return build(meta.source_file, "header", lambda: Entity(
        ref=ref, name=ref.name or ref.value or "", kind=EntityKind.COMPANY,
        aliases=tuple(a for a in (
            Alias(scheme=AliasScheme.NAME, value=ref.name, kind=AliasKind.LEGAL) if ref.name else None,
            Alias(scheme=AliasScheme.CIK, value=ref.value or "", kind=AliasKind.IDENTIFIER)) if a),
        known_from=meta.known_from, provenance=meta.prov(f"{meta.document_id}:filer", "header"),
        fact_key=f"document:{meta.document_id}:entity:{ref.value}"))


def _document(meta: DocMeta, body: str, finder: Finder | None = None, with_claims: bool = True) -> Iterator[Record]:
    """The claims of one document's sentences (unless ``with_claims`` is off), then the document itself."""
    if not body.strip():
        yield quarantine(meta.source_file, meta.document_id, "text", "the document has no text")
        return
    sentences = split_sentences(body, meta.document_id)
    from ownergraph.ingest.extract import extract_records  # its patterns compile on first use of a document

    claims = extract_records(body, sentences, meta, finder=finder) if with_claims else []
    yield from claims
    parties = [meta.filer] if meta.filer else []
    for rec in claims:
        for name in ("source", "target", "subject", "counterparty"):
            ref = getattr(rec, name, None)
            if ref is not None and ref not in parties:
                parties.append(ref)
    yield build(meta.source_file, meta.document_id, lambda: Disclosure(
        document_id=meta.document_id, filer=meta.filer, form_type=meta.form, filed_at=meta.filed,
        period=meta.period, title=meta.title, text=body, mentions=tuple(parties),
        valid_from=meta.filed, known_from=meta.known_from,
        provenance=meta.prov(meta.document_id, f"{len(sentences)} sentences"
                             + (f", {meta.pages.count} pages" if meta.pages else "")),
        fact_key=f"document:{meta.document_id}"))


READERS: list = [DocumentReader()]
__all__ = ["DocumentReader", "Options", "Pages", "READERS"]
