"""The mapping from GLEIF records to model records, shared by the GLEIF readers (not a reader).

``--format`` names: ``gleif-lei``, ``gleif-rr``, ``gleif-repex`` (golden copy, XML and JSON:
:mod:`ingest.readers.gleif.golden`) and ``gleif-api`` (JSON:API documents:
:mod:`ingest.readers.gleif.api`). Both read their input into the small dataclasses below
(``LeiRec``, ``RelRec``, ``RepexRec``) and map them with the same functions, so the XML, JSON
and API versions of one fact are the same record with the same ``fact_key``.

Choices:
- Entity: valid_from = EntityCreationDate, else InitialRegistrationDate; known_from =
  LastUpdateDate; status = RegistrationStatus when it ends the record (MERGED, RETIRED,
  ANNULLED, DUPLICATE), else EntityStatus (LAPSED is a registration-maintenance state, the
  entity itself is still active, so it does not override). valid_to = EntityExpirationDate,
  else, for an INACTIVE entity, the effective date of its completed DISSOLUTION event.
- Events: every LegalEntityEvent -> a CorporateAction with its RegistryEvent (merger, rename,
  or registry_event), mapped in :mod:`ingest.readers.gleif.events`; a successor not covered
  by a merger action yields a ``Succession`` edge (valid_from = EntityExpirationDate).
- Relationships: valid time from RELATIONSHIP_PERIOD only (ACCOUNTING_PERIOD and
  DOCUMENT_FILING_PERIOD date the parent's accounts and filing, not the relationship: not modelled,
  docs/formats/registries.md); an edge holds one period, the latest, and one share and one
  accounting standard: earlier periods, a second different share or standard, and a qualifier of
  another dimension are each said in a quarantine note beside the edge (``relationship_notes``);
  an INACTIVE relationship without an end date gets
  valid_to = the date of its LastUpdateDate (the latest date by which it is known to have
  ended). RegistrationStatus ANNULLED yields a ``Retraction`` of the fact.
- Reporting exceptions: known_from = the record's ContentDate, else the file header's
  ContentDate, else the file's modification time (the XML form has no per-record date).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.model import (
    Alias, BranchOf, Consolidation, Entity, EntityRef, FundRelation, Provenance, Record, ReportingException, Retraction, Stake,
)
from ownergraph.domain.codes import (
    AliasKind, AliasScheme, ConsolidationLevel, EntityKind, ExceptionReason, FundRelationKind,
)
from ownergraph.ingest.readers.base import (
    Bad, build, file_time, guard, parse_date, parse_datetime, quarantine,
)

SYSTEM = "gleif"


# ---------------------------------------------------------------- code lists

KIND_OF_CATEGORY = {
    "GENERAL": EntityKind.COMPANY,
    "FUND": EntityKind.FUND,
    "BRANCH": EntityKind.BRANCH,
    "SOLE_PROPRIETOR": EntityKind.PERSON,  # a natural person trading under an LEI
    "RESIDENT_GOVERNMENT_ENTITY": EntityKind.GOVERNMENT,
    "INTERNATIONAL_ORGANIZATION": EntityKind.GOVERNMENT,
}
ALIAS_KIND_OF_NAME_TYPE = {
    "PREVIOUS_LEGAL_NAME": AliasKind.PREVIOUS,
    "TRADING_OR_OPERATING_NAME": AliasKind.TRADING,
    "ALTERNATIVE_LANGUAGE_LEGAL_NAME": AliasKind.LEGAL,
    "AUTO_ASCII_TRANSLITERATED_LEGAL_NAME": AliasKind.TRANSLITERATED,
    "PREFERRED_ASCII_TRANSLITERATED_LEGAL_NAME": AliasKind.TRANSLITERATED,
}
TERMINAL_REGISTRATION = {"MERGED", "RETIRED", "ANNULLED", "DUPLICATE"}
MERGER_EVENTS = {"MERGERS_AND_ACQUISITIONS", "ABSORPTION"}
EDGE_OF_RELATIONSHIP: dict[str, tuple[type, dict[str, Any]]] = {
    "IS_DIRECTLY_CONSOLIDATED_BY": (Consolidation, {"level": ConsolidationLevel.DIRECT}),
    "IS_ULTIMATELY_CONSOLIDATED_BY": (Consolidation, {"level": ConsolidationLevel.ULTIMATE}),
    "IS_FUND-MANAGED_BY": (FundRelation, {"fund_kind": FundRelationKind.FUND_MANAGED_BY}),
    "IS_SUBFUND_OF": (FundRelation, {"fund_kind": FundRelationKind.SUBFUND_OF}),
    "IS_FEEDER_TO": (FundRelation, {"fund_kind": FundRelationKind.FEEDER_TO}),
    "IS_INTERNATIONAL_BRANCH_OF": (BranchOf, {}),
}
LEVEL_OF_EXCEPTION = {
    "DIRECT_ACCOUNTING_CONSOLIDATION_PARENT": ConsolidationLevel.DIRECT,
    "ULTIMATE_ACCOUNTING_CONSOLIDATION_PARENT": ConsolidationLevel.ULTIMATE,
}


# ---------------------------------------------------------------- normalised records


@dataclass
class Event:
    type: str | None
    effective: str | None
    recorded: str | None
    status: str | None = None
    reference: str | None = None
    group_type: str | None = None
    group_id: str | None = None
    documents: str | None = None
    affected: list[tuple[str, str | None]] = field(default_factory=list)  # (field xpath, value before)


@dataclass
class LeiRec:
    lei: str | None
    legal_name: str | None
    other_names: list[tuple[str | None, str]] = field(default_factory=list)  # (type, name)
    ra_entity_id: str | None = None
    jurisdiction: str | None = None
    category: str | None = None
    entity_status: str | None = None
    registration_status: str | None = None
    creation_date: str | None = None
    initial_registration_date: str | None = None
    expiration_date: str | None = None
    expiration_reason: str | None = None
    successors: list[tuple[str | None, str | None]] = field(default_factory=list)  # (LEI, name)
    events: list[Event] = field(default_factory=list)
    last_update: str | None = None
    validation_sources: str | None = None
    identifiers: list[tuple[AliasScheme, str]] = field(default_factory=list)  # BIC, ISIN (API)
    legal_form: str | None = None  # EntityLegalFormCode (ISO 20275 ELF), else OtherLegalForm


@dataclass
class RelRec:
    start_id: str | None
    start_type: str | None
    end_id: str | None
    end_type: str | None
    rel_type: str | None
    status: str | None = None
    periods: list[tuple[str | None, str | None, str | None]] = field(default_factory=list)
    accounting_standard: str | None = None
    percent: list[str] = field(default_factory=list)  # QuantifierAmount where units PERCENTAGE
    qualifiers: list[tuple[str | None, str | None]] = field(default_factory=list)  # every (dimension, category)
    last_update: str | None = None
    registration_status: str | None = None
    validation_sources: str | None = None
    validation_reference: str | None = None
    deleted_at: str | None = None


@dataclass
class RepexRec:
    lei: str | None
    category: str | None
    reasons: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    content_date: str | None = None


# ---------------------------------------------------------------- mapping to model records


@dataclass
class Ctx:
    """Where a record came from and the file-level knowledge date to fall back on."""

    path: Path
    locator: str
    fallback_known: datetime


def date_value(value: str | None, name: str) -> date | None:
    try:
        return parse_date(value)
    except ValueError as err:
        raise Bad(name, str(err)) from None


def datetime_value(value: str | None, name: str) -> datetime | None:
    try:
        return parse_datetime(value)
    except ValueError:
        raise Bad(name, f"not an ISO datetime: {value!r}") from None


def lei_ref(value: str | None, name: str) -> EntityRef:
    if not value:
        raise Bad(name, "missing LEI")
    if not is_valid_lei(value):
        raise Bad(name, f"{value!r} fails the ISO 17442 LEI check")
    return EntityRef(lei=value)


def record_provenance(ctx: Ctx, record_id: str, level: str | None, document_id: str | None = None) -> Provenance:
    return Provenance(source_system=SYSTEM, source_record_id=record_id, document_id=document_id,
                      locator=ctx.locator, validation_level=level, source_file=str(ctx.path))


def map_lei(rec: LeiRec, ctx: Ctx) -> Iterator[Record]:
    """One LEI record -> Entity, plus corporate actions and succession edges."""
    if rec.lei and LEI_PATTERN.fullmatch(rec.lei) and not is_valid_lei(rec.lei):
        yield from _unchecked_lei(rec, ctx)
        return
    ref = lei_ref(rec.lei, "LEI")
    lei = ref.lei or ""
    if not rec.legal_name:
        raise Bad("LegalName", "missing")
    if rec.category is None:
        kind = EntityKind.UNKNOWN
    elif rec.category in KIND_OF_CATEGORY:
        kind = KIND_OF_CATEGORY[rec.category]
    else:
        raise Bad("EntityCategory", f"unknown code {rec.category!r}")
    aliases, bad_names = own_aliases(rec, Alias(scheme=AliasScheme.LEI, value=lei, kind=AliasKind.IDENTIFIER), ctx)
    yield from bad_names
    successors: list[EntityRef] = []
    bad_successors: list[Record] = []
    for s_lei, s_name in rec.successors:
        if s_lei and not is_valid_lei(s_lei):
            # Quarantine the successor, not the entity; keep the successor's name if given.
            bad_successors.append(quarantine(ctx.path, ctx.locator, "SuccessorLEI",
                                             f"{s_lei!r} fails the ISO 17442 LEI check", s_lei))
            s_lei = None
        if s_lei or s_name:
            successors.append(EntityRef(lei=s_lei) if s_lei else EntityRef(name=s_name))
    known = datetime_value(rec.last_update, "LastUpdateDate") or ctx.fallback_known
    status = (rec.registration_status if rec.registration_status in TERMINAL_REGISTRATION
              else rec.entity_status if rec.entity_status not in (None, "NULL") else rec.registration_status)
    valid_to = date_value(rec.expiration_date, "EntityExpirationDate")
    if valid_to is None and rec.entity_status == "INACTIVE":
        # No expiration date: a completed dissolution's effective date is when it ceased.
        ends = [e.effective for e in rec.events if e.type == "DISSOLUTION" and e.status in (None, "COMPLETED")]
        valid_to = date_value(max(ends, key=sort_date), "LegalEntityEventEffectiveDate") if ends else None
    yield Entity(
        ref=ref, name=rec.legal_name, kind=kind, aliases=tuple(dict.fromkeys(aliases)),
        jurisdiction=rec.jurisdiction, status=status,
        successor=successors[0] if successors else None, expiration_reason=rec.expiration_reason,
        valid_from=date_value(rec.creation_date, "EntityCreationDate")
        or date_value(rec.initial_registration_date, "InitialRegistrationDate"),
        valid_to=valid_to, known_from=known, fact_key=f"gleif:lei:{lei}",
        provenance=record_provenance(ctx, lei, rec.validation_sources),
    )
    yield from bad_successors
    yield from event_records(rec, ref, successors, known, valid_to, ctx)


def own_aliases(rec: LeiRec, key: Alias, ctx: Ctx, joinable: bool = True) -> tuple[list[Alias], list[Record]]:
    """The entity's own names (legal, then OtherEntityNames), with ``key`` first, and, when
    ``joinable``, its registration number and BIC/ISIN; and a quarantine for each other name of an
    unknown type (that name alone is not kept)."""
    aliases = [key, Alias(scheme=AliasScheme.NAME, value=rec.legal_name or "", kind=AliasKind.LEGAL)]
    bad: list[Record] = []
    for name_type, name in rec.other_names:
        if name_type not in ALIAS_KIND_OF_NAME_TYPE:
            bad.append(quarantine(ctx.path, ctx.locator, "OtherEntityName.type",
                                  f"unknown code {name_type!r}: the name is not kept", name))
            continue
        until = renamed_on(rec) if name_type == "PREVIOUS_LEGAL_NAME" else None
        aliases.append(Alias(scheme=AliasScheme.NAME, value=name, kind=ALIAS_KIND_OF_NAME_TYPE[name_type],
                             valid_to=until))
    if joinable and rec.ra_entity_id:
        # company_number is "<jurisdiction>:<number>"; LegalJurisdiction may be a subdivision (US-DE).
        value = f"{rec.jurisdiction}:{rec.ra_entity_id}" if rec.jurisdiction else rec.ra_entity_id
        aliases.append(Alias(scheme=AliasScheme.COMPANY_NUMBER, value=value, kind=AliasKind.IDENTIFIER))
    for scheme, value in rec.identifiers if joinable else ():
        aliases.append(Alias(scheme=scheme, value=value, kind=AliasKind.IDENTIFIER))
    return aliases, bad


def renamed_on(rec: LeiRec) -> date | None:
    """When the record's one PREVIOUS_LEGAL_NAME ended: the effective date of its latest completed
    CHANGE_LEGAL_NAME event (the change to the current LegalName). With several previous names,
    which one each change replaced is not stated, so none is dated."""
    if sum(t == "PREVIOUS_LEGAL_NAME" for t, _ in rec.other_names) != 1:
        return None
    changes = [e.effective for e in rec.events if e.type == "CHANGE_LEGAL_NAME" and e.status in (None, "COMPLETED")]
    last = max((sort_date(c) for c in changes), default=date.min)
    return None if last == date.min else last  # none, or none readable (reported with the event)


# LEI-CDF's LEIType pattern: the schema checks the form, not ISO 17442's check digits
LEI_PATTERN = re.compile(r"[A-Z0-9]{18}[0-9]{2}")


def _unchecked_lei(rec: LeiRec, ctx: Ctx) -> Iterator[Record]:
    """A record whose LEI has the schema's form but fails ISO 17442's check digits (test fixtures,
    a mistyped id): the entity is kept under its stated id (never as an LEI key, so it joins
    nothing by it), and the quarantine says so. Its own names (previous, trading, transliterated) are
    read as for any record; its registration number, BIC and ISIN are not (they would join it to
    the entity that validly holds them), nor its events and successors (links by the bad LEI)."""
    yield quarantine(ctx.path, ctx.locator, "LEI", f"{rec.lei!r} fails the ISO 17442 LEI check: the entity is kept "
                     "with it as a stated identifier, not as its LEI, with its names; its registration number, events and "
                     "successors are not read", rec.lei)
    if not rec.legal_name:
        return
    stated = f"LEI:{rec.lei}"
    kind = KIND_OF_CATEGORY.get(rec.category or "", EntityKind.UNKNOWN)
    ref = EntityRef(scheme=AliasScheme.OTHER, value=stated, name=rec.legal_name, kind=kind)
    aliases, bad_names = own_aliases(rec, Alias(scheme=AliasScheme.OTHER, value=stated, kind=AliasKind.IDENTIFIER), ctx,
                                   joinable=False)
    yield from bad_names
    yield built(ctx, lambda: Entity(
        ref=ref, name=rec.legal_name or "", kind=kind, aliases=tuple(dict.fromkeys(aliases)),
        jurisdiction=rec.jurisdiction,
        known_from=datetime_value(rec.last_update, "LastUpdateDate") or ctx.fallback_known,
        fact_key=f"gleif:lei:{rec.lei}", provenance=record_provenance(ctx, rec.lei or "", rec.validation_sources)))


def sort_date(value: str | None) -> date:
    """A date to order by; missing or bad dates sort first (they are reported where used)."""
    try:
        return parse_date(value) or date.min
    except ValueError:
        return date.min


def _node(node_id: str | None, node_type: str | None, name: str) -> EntityRef:
    if node_type in (None, "LEI"):
        return lei_ref(node_id, f"{name}.NodeID")
    if not node_id:
        raise Bad(f"{name}.NodeID", "missing")
    if node_type == "BIC":
        return EntityRef(scheme=AliasScheme.BIC, value=node_id)
    return EntityRef(scheme=AliasScheme.OTHER, value=f"{node_type}:{node_id}")


def map_relationship(rec: RelRec, ctx: Ctx) -> Iterator[Record]:
    if rec.rel_type not in EDGE_OF_RELATIONSHIP:
        raise Bad("RelationshipType", f"unknown code {rec.rel_type!r}")
    cls, extra = EDGE_OF_RELATIONSHIP[rec.rel_type]
    child = _node(rec.start_id, rec.start_type, "StartNode")
    parent = _node(rec.end_id, rec.end_type, "EndNode")
    record_id = f"{rec.start_id}:{rec.rel_type}:{rec.end_id}"
    fact_key = f"gleif:rr:{record_id}"
    known = datetime_value(rec.last_update, "LastUpdateDate") or ctx.fallback_known
    prov = record_provenance(ctx, record_id, rec.validation_sources, rec.validation_reference)
    if rec.registration_status == "ANNULLED" or rec.deleted_at:
        # GLEIF withdrew the record: close every open version of the fact.
        when = datetime_value(rec.deleted_at, "deletedAt") or known
        yield Retraction(fact_key=fact_key, known_from=when, provenance=prov)
        return
    periods = [(s, e) for t, s, e in rec.periods if t == "RELATIONSHIP_PERIOD"]
    # Several relationship periods (ended and restarted): the latest is the current version.
    start, end = max(periods, key=lambda p: sort_date(p[0])) if periods else (None, None)
    valid_from = date_value(start, "RelationshipPeriod.StartDate")
    valid_to = date_value(end, "RelationshipPeriod.EndDate")
    if rec.status == "INACTIVE" and valid_to is None:
        valid_to = known.date()  # ended by then at the latest; the source gives no end date
    fields: dict[str, Any] = dict(extra)
    if cls is Consolidation:
        fields["accounting_standard"] = rec.accounting_standard
        if rec.percent:
            try:
                fields["stake"] = Stake(exact=float(rec.percent[0]))
            except ValidationError as err:
                raise Bad("RelationshipQuantifier.QuantifierAmount",
                          err.errors()[0]["msg"].removeprefix("Value error, ")) from None
            except ValueError:
                raise Bad("RelationshipQuantifier.QuantifierAmount", f"not a number: {rec.percent[0]!r}") from None
    yield cls(source=child, target=parent, valid_from=valid_from, valid_to=valid_to,
              known_from=known, fact_key=fact_key, provenance=prov, **fields)
    yield from relationship_notes(rec, ctx, (start, end), cls is Consolidation)


def relationship_notes(rec: RelRec, ctx: Ctx, kept: tuple[str | None, str | None],
                       consolidation: bool) -> Iterator[Record]:
    """What RR-CDF states but the one edge cannot hold, each said rather than dropped."""
    periods = [(s, e) for t, s, e in rec.periods if t == "RELATIONSHIP_PERIOD"]
    earlier = [p for p in periods if p != kept]
    if earlier:
        spans = ", ".join(f"{s or '?'}..{e or ''}" for s, e in earlier)
        yield quarantine(ctx.path, ctx.locator, "RelationshipPeriod", f"{len(earlier)} earlier RELATIONSHIP_PERIOD "
                         f"not kept ({spans}): the edge holds the latest, {kept[0] or '?'}..{kept[1] or ''}")
    if not consolidation:
        return
    shares = list(dict.fromkeys(rec.percent))
    if len(shares) > 1:
        yield quarantine(ctx.path, ctx.locator, "RelationshipQuantifier.QuantifierAmount",
                         f"{len(shares)} PERCENTAGE quantifiers ({', '.join(shares)}): the first is kept")
    standards = list(dict.fromkeys(c for d, c in rec.qualifiers if d == "ACCOUNTING_STANDARD" and c))
    others = [f"{d}={c}" for d, c in rec.qualifiers if d != "ACCOUNTING_STANDARD"]
    if len(standards) > 1:
        yield quarantine(ctx.path, ctx.locator, "RelationshipQualifier.QualifierCategory",
                         f"{len(standards)} accounting standards ({', '.join(standards)}): the first is kept")
    if others:
        yield quarantine(ctx.path, ctx.locator, "RelationshipQualifier.QualifierDimension",
                         f"qualifier not modelled ({', '.join(others)}): only ACCOUNTING_STANDARD is read")


def map_repex(rec: RepexRec, ctx: Ctx) -> Iterator[Record]:
    ref = lei_ref(rec.lei, "LEI")
    if rec.category not in LEVEL_OF_EXCEPTION:
        raise Bad("ExceptionCategory", f"unknown code {rec.category!r}")
    if not rec.reasons:
        raise Bad("ExceptionReason", "missing")
    reasons = []
    for code in dict.fromkeys(rec.reasons):  # every reason stated, in order (one or more in repex)
        try:
            reasons.append(ExceptionReason(code))
        except ValueError:
            raise Bad("ExceptionReason", f"unknown code {code!r}") from None
    record_id = f"{rec.lei}:{rec.category}"
    yield ReportingException(
        entity=ref, level=LEVEL_OF_EXCEPTION[rec.category], reason=reasons[0], other_reasons=tuple(reasons[1:]),
        reference="; ".join(rec.references) or None,
        known_from=datetime_value(rec.content_date, "ContentDate") or ctx.fallback_known,
        fact_key=f"gleif:repex:{record_id}", provenance=record_provenance(ctx, record_id, None))


def built(ctx: Ctx, factory: Callable[[], Record]) -> Record:
    """Build one extra record (event, succession); its failure quarantines only that record."""
    return build(ctx.path, ctx.locator, factory)


def guarded(ctx: Ctx, records: Callable[[], Iterable[Record]], raw: Callable[[], Any]) -> list[Record]:
    """Every output of one input record, or a Quarantined naming field and reason."""
    return guard(ctx.path, ctx.locator, records, raw)


# ---------------------------------------------------------------- streaming helpers


def fallback_known(path: Path, stated: str | None) -> datetime:
    """The file-level knowledge date: the date the file states (ContentDate, publishDate), else mtime."""
    try:
        return parse_datetime(stated) or file_time(path)
    except ValueError:
        return file_time(path)


# the event mapping uses the helpers above (imported last: it imports them from here)
from ownergraph.ingest.readers.gleif.events import event_records  # noqa: E402
