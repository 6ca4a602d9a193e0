"""What a document is and when it was known: the EDGAR header, the PDF info, the options
(``--filer``, ``--filed-at``, ``--form``), else the file's modification time, flagged."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timezone
from pathlib import Path
from typing import Any

from ownergraph.domain.codes import AliasScheme, EntityKind
from ownergraph.domain.model import EntityRef, Provenance
from ownergraph.ingest.readers.base import file_time
from ownergraph.ingest.readers.documents.text import Pages

SOURCE = "document"
UNDATED = "undated: known_from is the file's modification time"
PDF_DATED = "no filing date: known_from is the PDF's creation date"


@dataclass(frozen=True)
class Options:
    """Metadata given on the command line; they win over what the file says."""

    filer: str | None = None
    filed_at: date | None = None
    form: str | None = None
    # what finds the relationships of a document's sentences (ingest.extract.Finder); None: the
    # offline patterns. An LLM extractor (ingest.extract.llm) is given here by the ingest command.
    extractor: Callable[..., list[Any]] | None = None


@dataclass
class DocMeta:
    """One document: identity, filer, form and the two dates every fact read from it gets."""

    document_id: str
    source_file: str
    known_from: datetime
    dated: bool  # False: no filing date in the file or the options (see ``date_note``)
    filer: EntityRef | None = None
    form: str | None = None
    filed: date | None = None
    period: str | None = None
    title: str | None = None
    pages: Pages | None = field(default=None)
    date_note: str | None = None  # why known_from is not a filing date, when it is not

    def prov(self, record_id: str, locator: str | None = None) -> Provenance:
        return Provenance(source_system=SOURCE, source_record_id=record_id,
                          document_id=self.document_id, locator=locator,
                          validation_level=self.date_note,
                          source_file=self.source_file)

    def page_of(self, offset: int) -> int | None:
        return self.pages.page_of(offset) if self.pages and self.pages.count > 1 else (
            1 if self.pages else None)


def at_midnight(d: date) -> datetime:
    return datetime.combine(d, time(), tzinfo=timezone.utc)


def filer_ref(name: str | None, cik: str | None = None) -> EntityRef | None:
    if cik:
        return EntityRef(scheme=AliasScheme.CIK, value=cik, name=name or None, kind=EntityKind.COMPANY)
    return EntityRef(name=name, kind=EntityKind.COMPANY) if name else None


_FILED_ON = re.compile(r"filed\s+with\s+the\s+Securities\s+and\s+Exchange\s+Commission\s+on\s+"
                       r"([A-Z][a-z]+)\.?\s+(\d{1,2}),\s+(\d{4})")
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}


def stated_filing_date(text: str) -> date | None:
    """The date a cover page states ("As filed with the Securities and Exchange Commission on
    May 25, 1995"), in the first 5,000 characters."""
    m = _FILED_ON.search(text[:5000])
    if not m or m[1].lower() not in _MONTHS:
        return None
    try:
        return date(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
    except ValueError:
        return None


def pdf_date(text: str | None) -> date | None:
    """A PDF date ``D:YYYYMMDD...`` -> date."""
    m = re.match(r"D:(\d{4})(\d{2})(\d{2})", text or "")
    if not m:
        return None
    try:
        return date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


def dated(path: Path, doc_id: str, opts: Options, *, filed: date | None = None,
          accepted: datetime | None = None, filer: EntityRef | None = None,
          form: str | None = None, created: date | None = None, **extra: object) -> DocMeta:
    """The document's metadata: options over the file's own; no date at all -> mtime, flagged."""
    filed = opts.filed_at or filed
    if opts.filer:
        filer = filer_ref(opts.filer)
    if opts.filed_at:
        known, ok = at_midnight(opts.filed_at), True
    elif accepted is not None:
        known, ok = accepted, True
    elif filed is not None:
        known, ok = at_midnight(filed), True
    elif created is not None:
        known, ok = at_midnight(created), False
    else:
        known, ok = file_time(path), False
    note = None if ok else (PDF_DATED if created is not None else UNDATED)
    return DocMeta(document_id=doc_id, source_file=str(path), known_from=known, dated=ok,
                   filer=filer, form=opts.form or form, filed=filed, date_note=note, **extra)  # type: ignore[arg-type]


def part_of(meta: DocMeta, doc_id: str, **changes: object) -> DocMeta:
    """The metadata of one document of a submission."""
    return replace(meta, document_id=doc_id, **changes)  # type: ignore[arg-type]
