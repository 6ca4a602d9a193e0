"""EDGAR's JSON company files, as data.sec.gov and www.sec.gov publish them (read by ``--format sec``).

- ``submissions/CIK##########.json``: one company (or person) — ``cik``, ``name``, ``entityType``,
  ``sic``, ``tickers``, ``exchanges``, ``stateOfIncorporation``, ``lei``, ``formerNames`` (each
  ``{name, from, to}``) and its ``filings``. Read as the entity of that CIK: the current name from
  the last change, each former name over its own ``from``/``to``, the tickers as ``ticker:``
  identifiers, the SIC as an industry code (an attribute, never an alias), the state of
  incorporation as its jurisdiction; known from its latest accepted filing.
- ``company_tickers.json`` (``{"0": {cik_str, ticker, title}, ...}``) and
  ``company_tickers_exchange.json`` (``{"fields": [...], "data": [[cik, name, ticker, exchange]]}``):
  one entity per CIK with its title and every ticker listed for it.
An entry without a CIK, or a submissions file without a CIK, is refused naming ``cik``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.model import Alias, Entity, EntityRef, Provenance, Record
from ownergraph.ingest.readers.base import (
    Bad, build, midnight, name_date, not_read, parse_date, parse_datetime,
)
from ownergraph.ingest.readers.packed import open_data
from ownergraph.ingest.readers.sec.values import cik_of, clean_text, jurisdiction

_SUBMISSIONS = re.compile(rb'"(?:formerNames|sicDescription|stateOfIncorporation|insiderTransactionForIssuerExists|'
                          rb'entityType)"')
_TICKERS = re.compile(rb'"cik_str"\s*:.*?"ticker"\s*:|"fields"\s*:\s*\[\s*"cik"\s*,\s*"name"\s*,\s*"ticker"', re.S)


def _tickers(values: Any) -> tuple[Alias, ...]:
    seen = dict.fromkeys(clean_text(str(t)).upper() for t in (values or []) if t and clean_text(str(t)))
    return tuple(Alias(scheme=AliasScheme.OTHER, value=f"ticker:{t}", kind=AliasKind.IDENTIFIER) for t in seen)


def _names(name: str, former: list[Any]) -> tuple[Alias, ...]:
    """The current name from the last change; each former name over its ``from`` / ``to``."""
    old = []
    for f in former if isinstance(former, list) else []:
        n = clean_text(str((f or {}).get("name") or "")) if isinstance(f, dict) else ""
        if n:
            start = parse_date(str(f.get("from") or "")[:10] or None)
            end = parse_date(str(f.get("to") or "")[:10] or None)
            old.append(Alias(scheme=AliasScheme.NAME, value=n, kind=AliasKind.PREVIOUS,
                             valid_from=start if start and (not end or start <= end) else None, valid_to=end))
    last = max((a.valid_to for a in old if a.valid_to), default=None)
    return (Alias(scheme=AliasScheme.NAME, value=name, kind=AliasKind.LEGAL, valid_from=last), *old)


def _known(obj: dict[str, Any], path: Path) -> datetime:
    """When the file's content was public: its latest accepted (else filed) filing; else the file's date."""
    recent = ((obj.get("filings") or {}).get("recent") or {}) if isinstance(obj.get("filings"), dict) else {}
    times = [parse_datetime(t) for t in recent.get("acceptanceDateTime") or [] if isinstance(t, str)]
    times = [t for t in times if t]
    if times:
        return max(times)
    days = [parse_date(d) for d in recent.get("filingDate") or [] if isinstance(d, str)]
    days = [d for d in days if d]
    return midnight(max(days)) if days else name_date(path)


def submission(path: Path, obj: dict[str, Any]) -> Entity:
    """The entity of one submissions file."""
    cik = cik_of(str(obj.get("cik") or ""))
    if not cik:
        raise Bad("cik", f"no CIK (cik: {obj.get('cik')!r}): whose filings these are is not stated")
    name = clean_text(str(obj.get("name") or "")) or cik
    sic = clean_text(str(obj.get("sic") or ""))
    kind = EntityKind.COMPANY if sic or str(obj.get("entityType") or "").lower() in (
        "operating", "investment") else EntityKind.UNKNOWN
    jur = jurisdiction(str(obj.get("stateOfIncorporation") or "")) or None
    lei = clean_text(str(obj.get("lei") or "")).upper()
    ids = (Alias(scheme=AliasScheme.CIK, value=cik, kind=AliasKind.IDENTIFIER),
           *((Alias(scheme=AliasScheme.LEI, value=lei, kind=AliasKind.IDENTIFIER),) if is_valid_lei(lei) else ()),
           *_tickers(obj.get("tickers")))
    names = _names(name, obj.get("formerNames") or []) if obj.get("name") else ()
    return Entity(ref=EntityRef(scheme=AliasScheme.CIK, value=cik, name=name, jurisdiction=jur, kind=kind),
                  name=name, kind=kind, jurisdiction=jur, aliases=(*names, *ids),
                  industry_codes=(f"SIC:{sic}",) if sic else (), known_from=_known(obj, path),
                  provenance=Provenance(source_system="sec", source_record_id=f"submissions:{cik}",
                                        locator="$", source_file=str(path)),
                  fact_key=f"sec:submissions:{cik}")


def ticker_rows(obj: Any) -> list[tuple[str, dict[str, Any]]]:
    """(locator, {cik, name, ticker}) of each row of a company tickers file."""
    if isinstance(obj, dict) and isinstance(obj.get("fields"), list) and isinstance(obj.get("data"), list):
        fields = [str(f) for f in obj["fields"]]
        return [(f"data[{i}]", dict(zip(fields, row))) for i, row in enumerate(obj["data"]) if isinstance(row, list)]
    rows = obj.items() if isinstance(obj, dict) else enumerate(obj if isinstance(obj, list) else [])
    return [(f"[{k}]", {"cik": r.get("cik_str", r.get("cik")), "name": r.get("title", r.get("name")),
                        "ticker": r.get("ticker")}) for k, r in rows if isinstance(r, dict)]


def ticker_entities(path: Path, obj: Any) -> Iterator[Record]:
    """One entity per CIK of a company tickers file, with every ticker listed for it."""
    by_cik: dict[str, tuple[str, str, list[str]]] = {}
    known = name_date(path)
    for loc, row in ticker_rows(obj):
        cik = cik_of(str(row.get("cik") or ""))
        if not cik:
            yield build(path, loc, lambda row=row: _refuse(row), row)
            continue
        name = clean_text(str(row.get("name") or "")) or cik
        first = by_cik.setdefault(cik, (loc, name, []))
        first[2].append(str(row.get("ticker") or ""))
    for cik, (loc, name, tickers) in by_cik.items():
        yield build(path, loc, lambda cik=cik, loc=loc, name=name, tickers=tickers: Entity(
            ref=EntityRef(scheme=AliasScheme.CIK, value=cik, name=name, kind=EntityKind.COMPANY), name=name,
            kind=EntityKind.COMPANY, known_from=known, fact_key=f"sec:tickers:{cik}",
            aliases=(Alias(scheme=AliasScheme.NAME, value=name, kind=AliasKind.LEGAL),
                     Alias(scheme=AliasScheme.CIK, value=cik, kind=AliasKind.IDENTIFIER), *_tickers(tickers)),
            provenance=Provenance(source_system="sec", source_record_id=f"tickers:{cik}", locator=loc,
                                  source_file=str(path))))


def _refuse(row: dict[str, Any]) -> Entity:
    raise Bad("cik", f"ticker row without a CIK ({row.get('ticker')!r}, {row.get('name')!r})")


def is_edgar_json(head: bytes) -> bool:
    """Whether a file's first bytes are a submissions file or a company tickers file."""
    h = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    return h[:1] == b"{" and (bool(_TICKERS.search(h)) or (b'"cik"' in h and b'"name"' in h and bool(
        _SUBMISSIONS.search(h))))


def read_edgar_json(path: Path) -> Iterator[Record]:
    """The entities of one EDGAR JSON company file."""
    try:
        with open_data(path) as fh:
            obj = json.loads(fh.read().decode("utf-8-sig"))
    except (ValueError, UnicodeError) as err:
        yield not_read(path, "$", f"malformed JSON: {err}", 0, field="json")
        return
    if isinstance(obj, dict) and "cik" in obj and "cik_str" not in obj and "fields" not in obj:
        yield build(path, "$", lambda: submission(path, obj), lambda: {k: obj.get(k) for k in ("cik", "name")})
    elif ticker_rows(obj):
        yield from ticker_entities(path, obj)
    else:
        keys = ", ".join(sorted(map(str, obj))[:8]) if isinstance(obj, dict) else type(obj).__name__
        yield not_read(path, "$", f"not an EDGAR company file: no cik, and no ticker rows (keys: {keys})", 0,
                       field="cik")
