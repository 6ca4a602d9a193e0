"""Checked GLEIF fast-path values -> model records with their content hashes kept.

Each function returns the record, or None when a check the row mapping makes
(``gleif_map.map_lei`` / ``map_relationship``) would fail: the caller then hands the record
to the row reader for its quarantine entry. The LEI check digits were verified for the whole
batch before (``lei_ok``).
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from ownergraph.domain.model import Alias, BranchOf, Consolidation, Entity, EntityRef, FundRelation, Provenance, Stake
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.ingest.readers.gleif.mapping import (
    ALIAS_KIND_OF_NAME_TYPE, EDGE_OF_RELATIONSHIP, KIND_OF_CATEGORY, SYSTEM, TERMINAL_REGISTRATION,
)
from ownergraph.ingest.readers.columnar.build import (
    alias_json, edge_canonical, entity_canonical, j, keep_hash, make, prov_json, ref_json, stake_json,
)
from ownergraph.ingest.readers.columnar.checks import Dates
from ownergraph.ingest.readers.gleif.columnar_extract import LeiFields, RrFields

_BAD = Dates.bad
_RECORD_TYPE = {Consolidation: "consolidation", FundRelation: "fund_relation", BranchOf: "branch_of"}


def _prov(record_id: str, level: str | None, document_id: str | None, locator: str, source_file: str) -> Any:
    return make(Provenance, source_system=SYSTEM, source_record_id=record_id, document_id=document_id,
                locator=locator, validation_level=level, source_file=source_file)


_REFS: dict[str, tuple[Any, str]] = {}  # LEI -> (EntityRef, its JSON): frozen, so shared


def _lei_ref(lei: str) -> tuple[Any, str]:
    got = _REFS.get(lei)
    if got is None:
        if len(_REFS) > 100_000:
            _REFS.clear()
        got = _REFS[lei] = (make(EntityRef, lei=lei), ref_json(lei))
    return got


def entity(f: LeiFields, dates: Dates, locator: str, fallback_known: datetime, source_file: str,
           dates_out: list[date | None]) -> Any:
    """The Entity ``map_lei`` makes (``dates_out`` gets valid_from, valid_to for the range check)."""
    lei = f.lei or ""
    if not f.legal_name:
        return None
    if f.category is None:
        kind = EntityKind.UNKNOWN
    elif f.category in KIND_OF_CATEGORY:
        kind = KIND_OF_CATEGORY[f.category]
    else:
        return None
    known = dates.datetime(f.last_update)
    valid_to = dates.date(f.expiration_date)
    valid_from = dates.date(f.creation_date)
    if valid_from is None:  # the row mapping reads InitialRegistrationDate only then
        valid_from = dates.date(f.initial_registration_date)
    if known is _BAD or valid_to is _BAD or valid_from is _BAD:
        return None
    known = known or fallback_known
    dates_out += (valid_from, valid_to)
    pairs = [(AliasScheme.LEI, lei, AliasKind.IDENTIFIER), (AliasScheme.NAME, f.legal_name, AliasKind.LEGAL)]
    pairs += [(AliasScheme.NAME, name, ALIAS_KIND_OF_NAME_TYPE[t]) for t, name in f.other_names]
    if f.ra_entity_id:
        value = f"{f.jurisdiction}:{f.ra_entity_id}" if f.jurisdiction else f.ra_entity_id
        pairs.append((AliasScheme.COMPANY_NUMBER, value, AliasKind.IDENTIFIER))
    pairs = list(dict.fromkeys(pairs))  # as tuple(dict.fromkeys(aliases)) on the models
    status = (f.registration_status if f.registration_status in TERMINAL_REGISTRATION
              else f.entity_status if f.entity_status not in (None, "NULL") else f.registration_status)
    fact_key = f"gleif:lei:{lei}"
    ref, ref_text = _lei_ref(lei)
    rec = make(Entity, ref=ref, name=f.legal_name, kind=kind,
               aliases=tuple(make(Alias, scheme=s, value=v, kind=k) for s, v, k in pairs),
               jurisdiction=f.jurisdiction, status=status, expiration_reason=f.expiration_reason,
               valid_from=valid_from, valid_to=valid_to, known_from=known, fact_key=fact_key,
               provenance=_prov(lei, f.validation_sources, None, locator, source_file))
    return keep_hash(rec, entity_canonical(
        aliases=[alias_json(s.value, v, k.value) for s, v, k in pairs], expiration_reason=f.expiration_reason,
        fact_key=fact_key, jurisdiction=f.jurisdiction, kind=kind.value, known_from=known, name=f.legal_name,
        prov=prov_json(lei, f.validation_sources, None, SYSTEM), ref=ref_text, status=status,
        valid_from=valid_from, valid_to=valid_to))


def _sort_key(dates: Dates, value: str | None) -> date:
    got = dates.date(value)
    return date.min if got is None or got is _BAD else got  # type: ignore[return-value]


def relationship(f: RrFields, dates: Dates, locator: str, fallback_known: datetime, source_file: str,
                 dates_out: list[date | None]) -> Any:
    """The edge ``map_relationship`` makes for a relationship between two LEIs."""
    if f.rel_type not in EDGE_OF_RELATIONSHIP:
        return None
    cls, extra = EDGE_OF_RELATIONSHIP[f.rel_type]
    known = dates.datetime(f.last_update)
    if known is _BAD:
        return None
    known = known or fallback_known
    start, end = max(f.periods, key=lambda p: _sort_key(dates, p[0])) if f.periods else (None, None)
    valid_from, valid_to = dates.date(start), dates.date(end)
    if valid_from is _BAD or valid_to is _BAD:
        return None
    if f.status == "INACTIVE" and valid_to is None:
        valid_to = known.date()
    dates_out += (valid_from, valid_to)
    fields: dict[str, Any] = dict(extra)
    encoded: dict[str, str] = {k: j(v) for k, v in extra.items()}
    if cls is Consolidation:
        fields["accounting_standard"] = f.accounting_standard
        encoded["accounting_standard"] = j(f.accounting_standard)
        exact = None
        if f.percent is not None:
            try:
                exact = float(f.percent)
            except ValueError:
                return None
            if not 0 <= exact <= 100:
                return None
            fields["stake"] = make(Stake, exact=exact)
        encoded["stake"] = stake_json(exact)
    record_id = f"{f.start_id}:{f.rel_type}:{f.end_id}"
    fact_key = f"gleif:rr:{record_id}"
    (source, source_text), (target, target_text) = _lei_ref(f.start_id), _lei_ref(f.end_id)
    rec = make(cls, source=source, target=target, valid_from=valid_from,
               valid_to=valid_to, known_from=known, fact_key=fact_key,
               provenance=_prov(record_id, f.validation_sources, f.validation_reference, locator, source_file),
               **fields)
    return keep_hash(rec, edge_canonical(
        _RECORD_TYPE[cls], encoded, fact_key=fact_key, known_from=known,
        prov=prov_json(record_id, f.validation_sources, f.validation_reference, SYSTEM),
        source=source_text, target=target_text, valid_from=valid_from, valid_to=valid_to))
