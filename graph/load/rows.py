"""Records -> flat property maps for Neo4j, and the storage conventions they follow.

Storage conventions (read by every query in ``cypher/``):
- unbounded valid time is stored as the sentinels ``VALID_MIN``/``VALID_MAX``, open knowledge
  time as ``KNOWN_MAX``, so as-of filters are plain range predicates that use the indexes;
- stakes are fractions: ``stake_lo``/``stake_hi`` in [0, 1] (equal for an exact figure;
  absent when the source gives none) with ``stake_lo_inclusive``/``stake_hi_inclusive``;
- every dated fact carries ``fact_key`` (identity across versions), ``statement_id`` (hash of
  this version's content: the idempotency key) and provenance ``source_system``,
  ``source_record_id``, ``document_id``, ``locator``, ``validation_level``, ``source_file``;
  facts read from document text add ``source_kind`` = "text_claim" and ``claim_*``.
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from ownergraph import cypher
from ownergraph.domain.model import (
    Association, BranchOf, Consolidation, Control, Dated, EdgeBase, FundRelation,
    Guarantee, Lending, Ownership, Stake, Succession,
)

# every relationship type stored (the closed set that templated queries' type slots take)
REL_TYPES = cypher.REL_TYPES

VALID_MIN = date(1, 1, 1)
VALID_MAX = date(9999, 12, 31)
KNOWN_MAX = datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone.utc)


def clock_props(rec: Dated) -> dict[str, Any]:
    p = rec.provenance
    return {
        "fact_key": rec.key(),
        "statement_id": rec.content_hash(),
        "valid_from": rec.valid_from or VALID_MIN,
        "valid_to": rec.valid_to or VALID_MAX,
        "known_from": rec.known_from,
        "source_system": p.source_system,
        "source_record_id": p.source_record_id,
        "document_id": p.document_id,
        "locator": p.locator,
        "validation_level": p.validation_level,
        "source_file": p.source_file,
    } | claim_props(rec)


def claim_props(rec: Dated) -> dict[str, Any]:
    """A fact read from document text: ``source_kind`` "text_claim" (registry facts have no
    ``source_kind``), the extractor, its confidence and the sentence (offsets, page, quote)."""
    c = rec.provenance.claim
    if c is None:
        return {}
    return {"source_kind": "text_claim", "claim_method": c.method, "claim_confidence": c.confidence,
            "claim_start": c.start, "claim_end": c.end, "claim_quote": c.quote, "claim_page": c.page}


def stake_props(stake: Stake | None) -> dict[str, Any]:
    if stake is None or stake.bounds is None:
        return {}
    lo, hi = stake.bounds
    return {
        "stake_lo": lo,
        "stake_hi": hi,
        "stake_exact": stake.exact is not None,
        "stake_lo_inclusive": stake.lo_inclusive if stake.exact is None else True,
        "stake_hi_inclusive": stake.hi_inclusive if stake.exact is None else True,
    }


def edge_props(rec: EdgeBase) -> dict[str, Any]:
    """Type-specific properties of an edge record, plus clocks and provenance."""
    props = clock_props(rec)
    match rec:
        case Ownership():
            props |= stake_props(rec.stake) | {"interest": rec.interest.value, "direct": rec.direct,
                                               "share_class": rec.share_class}
        case Control():
            props |= stake_props(rec.stake) | {"control_kind": rec.control_kind, "direct": rec.direct}
        case Consolidation():
            props |= stake_props(rec.stake) | {"level": rec.level.value,
                                               "accounting_standard": rec.accounting_standard}
        case FundRelation():
            props["fund_kind"] = rec.fund_kind.value
        case Guarantee() | Lending():
            props |= {"amount": rec.amount, "currency": rec.currency}
        case Succession():
            props |= {"action": rec.action.value, "corporate_action_id": rec.corporate_action_id}
        case Association():
            props["relationship"] = rec.relationship
        case BranchOf():
            pass
    return {k: v for k, v in props.items() if v is not None}
