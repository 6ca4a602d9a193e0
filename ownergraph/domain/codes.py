"""The code lists of the domain model: entity kinds, alias schemes, edge types, reasons.

Kept apart from :mod:`ingest.model` (which re-exports every name) so the record classes
read on their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any


class EntityKind(StrEnum):
    COMPANY = "company"
    PERSON = "person"
    FUND = "fund"
    BRANCH = "branch"
    GOVERNMENT = "government"
    ARRANGEMENT = "arrangement"  # trust, nomination, joint holding: control without legal personality
    UNKNOWN = "unknown"


class AliasKind(StrEnum):
    LEGAL = "legal"
    PREVIOUS = "previous"
    TRADING = "trading"
    TRANSLITERATED = "transliterated"
    IDENTIFIER = "identifier"


class AliasScheme(StrEnum):
    """Namespaces of raw identifiers; ``name`` is the scheme of every name alias."""

    LEI = "lei"
    NAME = "name"
    CIK = "cik"
    ISIN = "isin"
    COMPANY_NUMBER = "company_number"  # value is "<jurisdiction>:<number>", e.g. "GB:01234567"
    FTM_ID = "ftm_id"
    BODS_RECORD = "bods_record"
    BODS_STATEMENT = "bods_statement"
    PSC_ID = "psc_id"
    BIC = "bic"
    INTERNAL = "internal"
    OTHER = "other"


class EdgeType(StrEnum):
    """Every relationship type the graph stores; what each one means, which way it points and
    how it is read is its row of ``domain.vocabulary.EDGES``."""

    OWNERSHIP = "OWNS"
    CONTROL = "CONTROLS"
    CONSOLIDATION = "CONSOLIDATED_BY"
    FUND_RELATION = "FUND_RELATION"
    BRANCH_OF = "BRANCH_OF"
    GUARANTEE = "GUARANTEES"
    LENDING = "LENDS_TO"
    SUCCESSION = "SUCCEEDED_BY"
    ASSOCIATION = "ASSOCIATED_WITH"
    HOLDING = "HOLDS"  # a position of our book: (:Portfolio)-[:HOLDS]->(:Entity)


class InterestType(StrEnum):
    SHAREHOLDING = "shareholding"
    VOTING_RIGHTS = "voting_rights"


class ConsolidationLevel(StrEnum):
    DIRECT = "direct"
    ULTIMATE = "ultimate"


class FundRelationKind(StrEnum):
    FUND_MANAGED_BY = "fund_managed_by"
    SUBFUND_OF = "subfund_of"
    FEEDER_TO = "feeder_to"


class CorporateActionKind(StrEnum):
    MERGER = "merger"
    SPIN_OFF = "spin_off"
    CHANGE_OF_CONTROL = "change_of_control"
    RENAME = "rename"
    # a legal-entity event as the registry recorded it (GLEIF LegalEntityEvent: address, legal
    # form, dissolution, an earlier rename...): kept for diff and lineage, it changes no edge
    REGISTRY_EVENT = "registry_event"


class ExceptionReason(StrEnum):
    NON_PUBLIC = "NON_PUBLIC"
    NATURAL_PERSONS = "NATURAL_PERSONS"
    NO_KNOWN_PERSON = "NO_KNOWN_PERSON"
    NON_CONSOLIDATING = "NON_CONSOLIDATING"
    NO_LEI = "NO_LEI"
    BINDING_LEGAL_COMMITMENTS = "BINDING_LEGAL_COMMITMENTS"
    LEGAL_OBSTACLES = "LEGAL_OBSTACLES"
    DISCLOSURE_DETRIMENTAL = "DISCLOSURE_DETRIMENTAL"
    DETRIMENT_NOT_EXCLUDED = "DETRIMENT_NOT_EXCLUDED"
    CONSENT_NOT_OBTAINED = "CONSENT_NOT_OBTAINED"


# What each reporting-exception reason means, in GLEIF's words (RR-CDF / reporting-exception
# code list; the NO_LEI wording is the one GLEIF's own BODS 0.4 output carries in
# tests/fixtures/real/bods-more/data-standard-gleif-0.4/Repex_issued.json). Note that only
# NON_PUBLIC and its sub-reasons say a parent exists but is withheld; NO_KNOWN_PERSON and
# NATURAL_PERSONS say there is no consolidating legal-entity parent at all.
EXCEPTION_REASON_MEANINGS: Mapping[str, str] = MappingProxyType({
    ExceptionReason.NATURAL_PERSONS: "it is controlled by one or more natural persons, "
                                     "with no legal-entity parent in between",
    ExceptionReason.NON_CONSOLIDATING: "its controlling legal entity does not prepare consolidated "
                                       "accounts that include it",
    ExceptionReason.NO_KNOWN_PERSON: "there is no known person controlling it",
    ExceptionReason.NON_PUBLIC: "a parent exists but its identity is not public",
    ExceptionReason.NO_LEI: "the parent does not consent to obtain an LEI or to let the child "
                            "obtain one on its behalf",
    ExceptionReason.BINDING_LEGAL_COMMITMENTS: "binding legal commitments (articles, contracts) "
                                               "prevent disclosing the parent",
    ExceptionReason.LEGAL_OBSTACLES: "legal obstacles prevent disclosing the parent",
    ExceptionReason.DISCLOSURE_DETRIMENTAL: "disclosing the parent would be detrimental to the "
                                            "entity or the parent",
    ExceptionReason.DETRIMENT_NOT_EXCLUDED: "harm to the parent from disclosure cannot be excluded",
    ExceptionReason.CONSENT_NOT_OBTAINED: "the parent's consent to disclosure was not obtained",
})

# The reasons that say a parent exists but is not named (the rest say there is none to name).
UNDISCLOSED_PARENT_REASONS: frozenset[str] = frozenset({
    ExceptionReason.NON_PUBLIC, ExceptionReason.NO_LEI, ExceptionReason.BINDING_LEGAL_COMMITMENTS,
    ExceptionReason.LEGAL_OBSTACLES, ExceptionReason.DISCLOSURE_DETRIMENTAL,
    ExceptionReason.DETRIMENT_NOT_EXCLUDED, ExceptionReason.CONSENT_NOT_OBTAINED,
})


def exception_meaning(reason: str | None) -> str:
    """GLEIF's meaning of a reporting-exception reason code; the code itself if unknown."""
    return EXCEPTION_REASON_MEANINGS.get(str(reason or ""), f"reason code {reason}")


def exception_reasons(exception: Mapping[str, Any]) -> list[str]:
    """Every reason a stored reporting exception gives: its first, then the others (repex
    allows several per record, kept as ``other_reasons``)."""
    return [str(exception.get("reason")), *map(str, exception.get("other_reasons") or ())]


def exception_reasons_text(exception: Mapping[str, Any]) -> str:
    """The reasons of one exception with GLEIF's meanings: "NON_PUBLIC: …; NO_LEI: …"."""
    return "; ".join(f"{r}: {exception_meaning(r)}" for r in exception_reasons(exception))
