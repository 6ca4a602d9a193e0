"""SEC EDGAR values shared by the SEC readers: dates, jurisdictions, percents, parties and
the per-filing document context (not a reader)."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timezone
from pathlib import Path
from typing import Any

from lxml import etree

from ownergraph.domain.model import Alias, Entity, EntityRef, Provenance, Record, Stake
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.domain.places import place_code
from ownergraph.ingest.readers.base import build

SOURCE = "sec"
MAX_BYTES = 64 * 2**20
_ACCESSION = re.compile(r"\d{10}-\d{2}-\d{6}")
_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december"
    .split(), 1)}
EDGAR_CODES = {"X1": "US", "X0": "GB"}  # EDGAR country codes seen in the samples


def normalise(text: str) -> str:
    return " ".join(text.split()).casefold()


def clean_text(text: str | None) -> str:
    return " ".join((text or "").split())


def sec_date(text: str | None) -> date | None:
    """'MM/DD/YYYY', ISO 'YYYY-MM-DD' or 'December 29, 2023' -> date; None when empty."""
    t = clean_text(text).rstrip(".")
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


def utc_midnight(d: date) -> datetime:
    return datetime.combine(d, time(), tzinfo=timezone.utc)


def jurisdiction(text: str | None) -> str | None:
    """EDGAR codes, US states ('Delaware, U.S.', 'DE') and every country or territory by its names
    (:func:`ownergraph.domain.places.place_code`) -> ISO 3166 codes; anything else kept as written."""
    t = clean_text(text).strip(" .*")
    if not t:
        return None
    if t.upper() in EDGAR_CODES:
        return EDGAR_CODES[t.upper()]
    # "Virginia banking" (of "a Virginia banking corporation"): the place before a kind of business
    return place_code(t) or place_code(re.sub(r"(?:\s+[a-z][\w-]*)+$", "", t)) or t


def real_cusip(text: str | None) -> str | None:
    """A CUSIP as written, or None for what filers write when there is none ("N/A", "NONE",
    "000000000"): such a placeholder as an identifier would make every issuer without a CUSIP
    look alike."""
    t = clean_text(text)
    compact = re.sub(r"[\s-]", "", t)
    return t if compact and re.search(r"[1-9]", compact) and len(compact) >= 6 else None


def percent_stake(text: str | None) -> Stake | None:
    t = clean_text(text).rstrip("%").strip()
    if not t:
        return None
    return Stake(exact=float(t.replace(",", "")))  # outside [0, 100] -> ValidationError


def _doc_id(path: Path) -> str:
    m = _ACCESSION.search(path.name)
    return m[0] if m else path.name


def file_mtime(path: Path) -> datetime:
    return datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)


class Doc:
    """One filing: its file, document id and knowledge time."""

    def __init__(self, path: Path, known_from: datetime) -> None:
        self.path, self.doc_id, self.known_from = path, _doc_id(path), known_from

    def prov(self, rid: str, locator: str) -> Provenance:
        return Provenance(source_system=SOURCE, source_record_id=rid, document_id=self.doc_id,
                          locator=locator, source_file=str(self.path))

    def entity(self, ref: EntityRef, locator: str, extra: tuple[Alias, ...] = ()) -> Record:
        key = ref.value or normalise(ref.name or "")

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


def cik_of(text: str | None) -> str | None:
    t = clean_text(text)
    return t.zfill(10) if t.isdigit() and int(t) > 0 else None


def party_ref(cik: str | None, name: str | None, jur: str | None = None,
           kind: EntityKind | None = None) -> EntityRef:
    if cik:
        return EntityRef(scheme=AliasScheme.CIK, value=cik, name=name or None,
                         jurisdiction=jur, kind=kind)
    return EntityRef(name=name, jurisdiction=jur, kind=kind)


def strip_ns(root: Any) -> Any:
    for el in root.iter():
        if isinstance(el.tag, str):
            el.tag = etree.QName(el).localname
    return root


def text_at(el: Any, *paths: str) -> str | None:
    for p in paths:
        found = el.find(p)
        if found is not None and clean_text(found.text):
            return clean_text(found.text)
    return None


def flag_at(el: Any, path: str) -> bool:
    return (text_at(el, path) or "").lower() in ("1", "true", "y", "yes")


def prose_key(name: str | None) -> str:
    """A party's name as the prose and the cover pages are matched."""
    return re.sub(r"[^a-z0-9]", "", normalise(name or ""))
