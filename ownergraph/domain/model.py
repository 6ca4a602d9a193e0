"""The ownergraph domain model, stated once.

Every reader in ``ingest`` yields these records (or :class:`Quarantined`); ``resolution``
maps their :class:`EntityRef` mentions to canonical entity keys; ``graph`` stores them.

Two clocks (see shared DOMAIN.md §4):
- valid time ``valid_from``/``valid_to`` are dates, half-open ``[valid_from, valid_to)``;
  ``None`` means unbounded on that side.
- knowledge time ``known_from``/``known_to`` are UTC datetimes, half-open; ``known_to`` is
  set only by the loader when a later statement supersedes this one.
Invariants are checked by validators next to the fields; a record that breaks one is
quarantined by the reader with the field name and reason, never loaded.
"""

from __future__ import annotations

import hashlib
import json
import math
from datetime import date, datetime, timezone
from typing import Annotated, Any, Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ownergraph.domain.codes import (
    AliasKind, AliasScheme, ConsolidationLevel, CorporateActionKind, EdgeType, EntityKind, ExceptionReason, FundRelationKind,
    InterestType,
)
from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.vocabulary import EDGES


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", use_enum_values=False)


def check_amount(value: float | None, name: str = "amount") -> None:
    """An amount of money is a finite figure of at least zero (NaN and inf would turn every
    exposure total into NaN/inf; a negative position is not a holding we can aggregate)."""
    if value is None:
        return
    if not math.isfinite(value):
        raise ValueError(f"{name}: {value} is not a finite number")
    if value < 0:
        raise ValueError(f"{name}: {value} is negative")


def utc(dt: datetime) -> datetime:
    """Naive datetimes are taken as UTC."""
    return dt.replace(tzinfo=timezone.utc) if dt.tzinfo is None else dt.astimezone(timezone.utc)


class Claim(_Model):
    """What a fact read from a document's text carries, so text claims stay apart from
    registry facts: the extractor, its confidence and the sentence that states it
    (``quote == document text[start:end]``; page for PDFs and paged EDGAR text)."""

    method: str  # "pattern:<rule>" (offline) or "llm:<model>"
    confidence: float = Field(ge=0, le=1)
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str
    page: int | None = None


class Provenance(_Model):
    source_system: str  # "gleif", "bods", "ftm", "uk_psc", "sec", "bundle", ...
    source_record_id: str  # LEI+type, BODS statementId/recordId, FtM id, accession number
    document_id: str | None = None  # filing id / URL the fact was read from
    locator: str | None = None  # section/page/char span or file:line
    validation_level: str | None = None  # GLEIF ValidationSources, BODS source.type
    source_file: str | None = None
    claim: Claim | None = None  # set only on facts extracted from document text


class EntityRef(_Model):
    """A raw mention of an entity, as a source gives it; resolution turns it into a key."""

    lei: str | None = None
    scheme: AliasScheme | None = None
    value: str | None = None
    name: str | None = None
    jurisdiction: str | None = None
    kind: EntityKind | None = None

    @model_validator(mode="after")
    def _has_handle(self) -> EntityRef:
        if not (self.lei or (self.scheme and self.value) or self.name):
            raise ValueError("entity reference needs an LEI, an identifier or a name")
        if self.lei is not None and not is_valid_lei(self.lei):
            raise ValueError(f"lei: {self.lei!r} fails the ISO 17442 check")
        if (self.scheme is None) != (self.value is None):
            raise ValueError("scheme and value come together")
        return self


class Alias(_Model):
    scheme: AliasScheme
    value: str
    kind: AliasKind
    valid_from: date | None = None
    valid_to: date | None = None


class Dated(_Model):
    """Both clocks plus provenance: the common part of every fact."""

    valid_from: date | None = None
    valid_to: date | None = None
    known_from: datetime
    provenance: Provenance
    fact_key: str | None = None  # identity of the fact across versions (BODS recordId, LEI+type)

    @model_validator(mode="after")
    def _clocks(self) -> Dated:
        if self.valid_from and self.valid_to and self.valid_to < self.valid_from:
            raise ValueError(f"valid_to: {self.valid_to} is before valid_from {self.valid_from}")
        object.__setattr__(self, "known_from", utc(self.known_from))
        return self

    def content_hash(self) -> str:
        """Stable hash of the statement's content, for idempotent loading."""
        kept = self.__dict__.get("_content_hash")  # the column readers hash in bulk (readers/columnar)
        if kept is not None:
            return kept
        payload = self.model_dump(mode="json", exclude={"provenance": {"source_file", "locator"}})
        if payload.get("provenance", {}).get("claim", 0) is None:  # registry facts hash as before
            del payload["provenance"]["claim"]
        if payload.get("event", 0) is None:  # corporate actions without a registry event hash as before
            del payload["event"]
        if payload.get("industry_codes", 0) == []:  # entities without codes hash as before the field
            del payload["industry_codes"]
        if payload.get("other_reasons", 0) == []:  # exceptions with one reason hash as before the field
            del payload["other_reasons"]
        blob = json.dumps(payload, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:32]

    def key(self) -> str:
        """The fact's identity: explicit ``fact_key``, else source system + record id."""
        if self.fact_key:
            return self.fact_key
        p = self.provenance
        return f"{p.source_system}:{p.source_record_id}"


class Entity(Dated):
    record_type: Literal["entity"] = "entity"
    ref: EntityRef  # the handle the source uses for itself (LEI where there is one)
    name: str
    kind: EntityKind = EntityKind.COMPANY
    aliases: tuple[Alias, ...] = ()
    jurisdiction: str | None = None
    status: str | None = None  # ACTIVE / INACTIVE / MERGED / RETIRED / LAPSED / ...
    successor: EntityRef | None = None  # GLEIF SuccessorEntity
    expiration_reason: str | None = None
    birth_date: str | None = None  # persons: "YYYY", "YYYY-MM" or "YYYY-MM-DD" (PSC gives month/year)
    nationalities: tuple[str, ...] = ()
    # classification codes a register states, scheme-prefixed ("SIC:2834" from an EDGAR header): an
    # attribute, never an alias and never matched by name (companies sharing a code are not alike)
    industry_codes: tuple[str, ...] = ()


class Stake(_Model):
    """A share as an exact percentage or a band [lo, hi) in percent."""

    exact: float | None = None
    lo: float | None = None
    hi: float | None = None
    lo_inclusive: bool = True
    hi_inclusive: bool = False

    @model_validator(mode="after")
    def _range(self) -> Stake:
        for name in ("exact", "lo", "hi"):
            v = getattr(self, name)
            if v is not None and not 0 <= v <= 100:
                raise ValueError(f"stake.{name}: {v} is outside [0, 100]")
        if self.lo is not None and self.hi is not None and self.lo > self.hi:
            raise ValueError(f"stake.lo: {self.lo} is above stake.hi {self.hi}")
        return self

    @property
    def bounds(self) -> tuple[float, float] | None:
        """Fractions [lo, hi] in 0..1, or None when the source gives no figure."""
        if self.exact is not None:
            return self.exact / 100, self.exact / 100
        if self.lo is None and self.hi is None:
            return None
        return (self.lo or 0.0) / 100, (100.0 if self.hi is None else self.hi) / 100


class EdgeBase(Dated):
    source: EntityRef
    target: EntityRef


class Ownership(EdgeBase):
    record_type: Literal["ownership"] = "ownership"
    stake: Stake | None = None  # None: the source states the interest without a figure
    interest: InterestType = InterestType.SHAREHOLDING
    # False: held through others (declared indirect); None: the source says the level is unknown or does
    # not say (BODS "unknown" / no directOrIndirect): used in chain arithmetic as a link, as a direct one is
    direct: bool | None = True
    share_class: str | None = None


class Control(EdgeBase):
    record_type: Literal["control"] = "control"
    control_kind: str  # voting, board_appointment, trust, nominee, significant_influence, ...
    stake: Stake | None = None  # voting-rights share where the source gives one
    direct: bool | None = True  # as Ownership.direct


class Consolidation(EdgeBase):
    """Child (source) is consolidated by parent (target): a reported fact, never derived."""

    record_type: Literal["consolidation"] = "consolidation"
    level: ConsolidationLevel
    accounting_standard: str | None = None
    stake: Stake | None = None  # GLEIF relationship quantifier, where given


class FundRelation(EdgeBase):
    record_type: Literal["fund_relation"] = "fund_relation"
    fund_kind: FundRelationKind


class BranchOf(EdgeBase):
    record_type: Literal["branch_of"] = "branch_of"


class _Money(EdgeBase):
    amount: float | None = None
    currency: str | None = None

    @model_validator(mode="after")
    def _amount(self) -> _Money:
        check_amount(self.amount)
        if self.currency is not None and (len(self.currency) != 3 or not self.currency.isalpha()):
            raise ValueError(f"currency: {self.currency!r} is not an ISO 4217 code")
        return self


class Guarantee(_Money):
    record_type: Literal["guarantee"] = "guarantee"


class Lending(_Money):
    record_type: Literal["lending"] = "lending"


class Succession(EdgeBase):
    record_type: Literal["succession"] = "succession"
    action: CorporateActionKind = CorporateActionKind.MERGER
    corporate_action_id: str | None = None


class Association(EdgeBase):
    """Family or association between persons; symmetric."""

    record_type: Literal["association"] = "association"
    relationship: str  # spouse, child, sibling, associate, ...


class ReportingException(Dated):
    """A parent exists but is not disclosed: distinct from 'no parent'."""

    record_type: Literal["reporting_exception"] = "reporting_exception"
    entity: EntityRef
    level: ConsolidationLevel
    reason: ExceptionReason
    reference: str | None = None
    # the further reasons a record states (repex ``ExceptionReason`` is one or more), in order
    other_reasons: tuple[ExceptionReason, ...] = ()


class Sanction(Dated):
    record_type: Literal["sanction"] = "sanction"
    entity: EntityRef
    authority: str | None = None
    programme: str | None = None


class Disclosure(Dated):
    record_type: Literal["disclosure"] = "disclosure"
    document_id: str
    filer: EntityRef | None = None
    form_type: str | None = None
    filed_at: date | None = None
    period: str | None = None
    title: str | None = None
    text: str | None = None
    text_ref: str | None = None  # path or URL when the text is not inline
    mentions: tuple[EntityRef, ...] = ()


class Holding(Dated):
    """A position in our book; ``valid_from`` is its as-of date."""

    record_type: Literal["holding"] = "holding"
    portfolio: str
    instrument: str  # ISIN or internal id
    issuer: EntityRef
    amount: float
    currency: str
    instrument_type: str | None = None

    @model_validator(mode="after")
    def _amount(self) -> Holding:
        check_amount(self.amount)
        return self


class FieldChange(_Model):
    """One field an event changed, as the registry states it (GLEIF AffectedField: its xpath)."""

    field: str
    old: str | None = None
    new: str | None = None


class RegistryEvent(_Model):
    """A legal-entity event as the registry recorded it (GLEIF LEI-CDF ``LegalEntityEvent``).

    ``type``: the registry's code (CHANGE_LEGAL_NAME, CHANGE_LEGAL_FORM, CHANGE_LEGAL_ADDRESS,
    MERGERS_AND_ACQUISITIONS, DISSOLUTION, ...); ``status``: COMPLETED / IN_PROGRESS /
    WITHDRAWN_CANCELLED; ``group_type`` / ``group_id``: the event group it belongs to (events
    of one group happened together); ``recorded``: when the registry recorded it (the action's
    ``valid_from`` is the effective date); ``changes``: the fields it changed, old -> new.
    """

    type: str
    status: str | None = None
    group_type: str | None = None
    group_id: str | None = None
    recorded: datetime | None = None
    validation_documents: str | None = None
    changes: tuple[FieldChange, ...] = ()


class CorporateAction(Dated):
    """A dated structural change; ``valid_from`` is the effective date.

    merger: ``subject`` absorbed into ``counterparty`` (survivor).
    spin_off: ``counterparty`` is the new entity spun off from ``subject``.
    change_of_control: ``subject`` (the controlled) moves from ``previous_controller`` to
    ``counterparty``; ``stake`` is the new controller's stake.
    rename: ``new_name`` replaces the legal name of ``subject``.
    registry_event: a registry-recorded event (``event``) with no structural change of its own.
    ``event``: the registry's statement of the event, where the action came from one.
    """

    record_type: Literal["corporate_action"] = "corporate_action"
    action: CorporateActionKind
    subject: EntityRef
    counterparty: EntityRef | None = None
    previous_controller: EntityRef | None = None
    stake: Stake | None = None
    new_name: str | None = None
    transfer_holdings: tuple[str, ...] = ()  # instruments moving with a spin-off; empty = none
    document_id: str | None = None
    event: RegistryEvent | None = None

    @model_validator(mode="after")
    def _parties(self) -> CorporateAction:
        needs_counterparty = {
            CorporateActionKind.MERGER,
            CorporateActionKind.SPIN_OFF,
            CorporateActionKind.CHANGE_OF_CONTROL,
        }
        if self.action in needs_counterparty and self.counterparty is None:
            raise ValueError(f"counterparty: required for a {self.action.value}")
        if self.action is CorporateActionKind.RENAME and not self.new_name:
            raise ValueError("new_name: required for a rename")
        if self.action is CorporateActionKind.REGISTRY_EVENT and self.event is None:
            raise ValueError("event: required for a registry_event")
        if self.valid_from is None:
            raise ValueError("valid_from: a corporate action needs its effective date")
        return self


class Retraction(_Model):
    """The source withdrew a fact (FtM delta DEL, BODS recordStatus closed without end date):
    close every open version of ``fact_key`` in knowledge time at ``known_from``."""

    record_type: Literal["retraction"] = "retraction"
    fact_key: str
    known_from: datetime
    provenance: Provenance


class Quarantined(_Model):
    """A record that could not be loaded, with where it came from and why."""

    record_type: Literal["quarantined"] = "quarantined"
    source_file: str
    locator: str  # line number, JSON pointer, XML element index, record id
    field: str
    reason: str
    raw: str | None = None  # truncated original text
    # True for the file-level entry "the rest of this file was not read" (truncated or
    # malformed past a point the parser can resume from): counted apart, as not_read
    not_read: bool = False


Edge = Union[
    Ownership, Control, Consolidation, FundRelation, BranchOf, Guarantee, Lending,
    Succession, Association,
]
Record = Annotated[
    Union[
        Entity, Ownership, Control, Consolidation, FundRelation, BranchOf, Guarantee, Lending,
        Succession, Association, ReportingException, Sanction, Disclosure, Holding,
        CorporateAction, Retraction, Quarantined,
    ],
    Field(discriminator="record_type"),
]

# the edge type each edge record states: its row of the edge table, found by record_type
EDGE_TYPE_OF: dict[type[EdgeBase], EdgeType] = {
    cls: next(e.type for e in EDGES if e.record == cls.model_fields["record_type"].default)
    for cls in get_args(Edge)
}


def record_json_schema() -> dict[str, Any]:
    """JSON Schema of every record type (exported to ``ingest/schema/records.schema.json``)."""
    from pydantic import TypeAdapter

    return TypeAdapter(Record).json_schema()
