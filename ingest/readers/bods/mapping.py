"""BODS value mapping shared by the BODS reader: code lists, shares, interests, identifiers.

Not a reader: :mod:`ingest.readers.bods.reader` maps statements and uses these for their parts.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import ValidationError

from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.model import Alias, Consolidation, Control, EntityRef, Ownership, Stake
from ownergraph.domain.codes import (
    AliasKind,
    AliasScheme,
    ConsolidationLevel,
    EntityKind,
    ExceptionReason,
    InterestType,
)
from ownergraph.ingest.readers.base import Bad, gb_company_number, parse_date

ENTITY_KINDS = {
    "registeredEntity": EntityKind.COMPANY,
    "legalEntity": EntityKind.COMPANY,
    "state": EntityKind.GOVERNMENT,
    "stateBody": EntityKind.GOVERNMENT,
    # EntityKind has no arrangement/trust; anonymous/unknown entities are not known companies
    "arrangement": EntityKind.UNKNOWN,
    "anonymousEntity": EntityKind.UNKNOWN,
    "unknownEntity": EntityKind.UNKNOWN,
}
PERSON_TYPES = {"knownPerson", "anonymousPerson", "unknownPerson"}
# 0.4 interestType codelist (0.3 uses the same camelCase codes).
INTEREST_TYPES = {
    "shareholding", "votingRights", "appointmentOfBoard", "otherInfluenceOrControl",
    "seniorManagingOfficial", "settlor", "trustee", "protector", "beneficiaryOfLegalArrangement",
    "rightsToSurplusAssetsOnDissolution", "rightsToProfitOrIncome", "rightsGrantedByContract",
    "conditionalRightsGrantedByContract", "controlViaCompanyRulesOrArticles",
    "controlByLegalFramework", "boardMember", "boardChair", "unknownInterest",
    "unpublishedInterest", "enjoymentAndUseOfAssets", "rightToProfitOrIncomeFromAssets",
    "nominee", "nominator",
    "otherInfluenceOrControlOfTrust",  # 0.2 only: other-influence-or-control-of-trust
}
# 0.1/0.2 kebab-case codes whose 0.4 name is not their camelCase spelling. The 0.1 codelist's
# ``influence-or-control`` and ``rights-to-surplus-assets`` were renamed in 0.2
# (``other-influence-or-control``, ``rights-to-surplus-assets-on-dissolution``); the Open Ownership
# register's 0.2 output still writes the 0.1 codes.
_V02_INTEREST = {
    "settlor-of-trust": "settlor", "trustee-of-trust": "trustee",
    "protector-of-trust": "protector", "beneficiary-of-trust": "beneficiaryOfLegalArrangement",
    "influence-or-control": "otherInfluenceOrControl",
    "rights-to-surplus-assets": "rightsToSurplusAssetsOnDissolution",
}
UNSPECIFIED_REASONS = {
    "noBeneficialOwners": ExceptionReason.NO_KNOWN_PERSON,
    "subjectUnableToConfirmOrIdentifyBeneficialOwner": ExceptionReason.NO_KNOWN_PERSON,
    "interestedPartyHasNotProvidedInformation": ExceptionReason.CONSENT_NOT_OBTAINED,
    "subjectExemptFromDisclosure": ExceptionReason.NON_PUBLIC,
    "interestedPartyExemptFromDisclosure": ExceptionReason.NON_PUBLIC,
    "unknown": ExceptionReason.NO_KNOWN_PERSON,
    "informationUnknownToPublisher": ExceptionReason.NO_KNOWN_PERSON,
}
# GLEIF's own BODS output (bodspipelines) keeps the GLEIF reason and level in free text:
# interestedParty.details "Exception Reason: NO_LEI. ..." and interests[].details
# "Exception Category: ULTIMATE_ACCOUNTING_CONSOLIDATION_PARENT". The BODS reason code alone
# folds NO_LEI and NON_PUBLIC together (both interestedPartyExemptFromDisclosure).
_GLEIF_REASON = re.compile(r"Exception Reason:\s*([A-Z_]+)")
_GLEIF_CATEGORY = re.compile(r"Exception Category:\s*(DIRECT|ULTIMATE)_ACCOUNTING_CONSOLIDATION_PARENT")


# What ownergraph's own BODS export (graph.export.bods) writes where a code says less than the
# graph holds: an accounting consolidation in GLEIF's words, and the control kind it stored when
# the interestType code is only the nearest one. Read back only from statements whose publisher
# is ownergraph: GLEIF's own publication uses the same words and is read as control, as before.
OWNERGRAPH_PUBLISHER = "ownergraph"
CONSOLIDATION_DETAILS = "Relationship Type: IS_{level}_CONSOLIDATED_BY"
CONTROL_DETAILS = "control kind: "
_CONSOLIDATION = re.compile(r"^Relationship Type: IS_(DIRECTLY|ULTIMATELY)_CONSOLIDATED_BY"
                            r"(?:; Accounting Standard: (\S+))?")


def republished_edge(party: EntityRef, subject: EntityRef, interest: Any, where: str,
                     common: dict[str, Any]) -> Consolidation | Control | None:
    """The edge an ownergraph-published interest states beyond its code, or None (read as usual)."""
    if not isinstance(interest, dict) or not isinstance(interest.get("details"), str):
        return None
    details = interest["details"]
    prov = common["provenance"].model_copy(update={"locator": where})
    kw = dict(valid_from=parse_date(interest.get("startDate")), valid_to=parse_date(interest.get("endDate")),
              known_from=common["known_from"], provenance=prov, fact_key=common["fact_key"])
    m = _CONSOLIDATION.match(details)
    if m:  # BODS: the parent is the interested party; the graph: child -> parent
        level = ConsolidationLevel.DIRECT if m[1] == "DIRECTLY" else ConsolidationLevel.ULTIMATE
        return Consolidation(source=subject, target=party, level=level, accounting_standard=m[2], **kw)
    if details.startswith(CONTROL_DETAILS) and interest.get("type") not in ("shareholding", "votingRights"):
        stake = parse_stake(interest.get("share"), boolean_exclusive=False)
        return Control(source=party, target=subject, control_kind=details.removeprefix(CONTROL_DETAILS),
                       stake=stake, direct=interest_level(interest), **kw)
    return None


def gleif_exception(party: dict[str, Any], interests: Any) -> tuple[ExceptionReason | None,
                                                                    ConsolidationLevel | None]:
    """The GLEIF reason and level stated in a GLEIF-published unspecified party, if any."""
    m = _GLEIF_REASON.search(str(party.get("details") or party.get("description") or ""))
    reason = ExceptionReason(m[1]) if m and m[1] in ExceptionReason.__members__ else None
    level = None
    for i in interests if isinstance(interests, list) else []:
        c = _GLEIF_CATEGORY.search(str(i.get("details") or "")) if isinstance(i, dict) else None
        if c:
            level = ConsolidationLevel.DIRECT if c[1] == "DIRECT" else ConsolidationLevel.ULTIMATE
    return reason, level


NAME_KINDS = {
    "legal": AliasKind.LEGAL, "individual": AliasKind.LEGAL, "former": AliasKind.PREVIOUS,
    "birth": AliasKind.PREVIOUS, "alternative": AliasKind.TRADING,
    "translation": AliasKind.TRANSLITERATED, "transliteration": AliasKind.TRANSLITERATED,
}


def camel(code: str) -> str:
    """0.2 kebab-case codes -> 0.3/0.4 camelCase ("voting-rights" -> "votingRights")."""
    head, *rest = code.split("-")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def parse_stake(share: Any, boolean_exclusive: bool) -> Stake | None:
    """BODS share -> Stake. 0.4: ``exclusiveMinimum``/``exclusiveMaximum`` are bounds;
    0.2/0.3: they are flags on ``minimum``/``maximum`` (defaults: min inclusive, max exclusive)."""
    if share in (None, {}):
        return None
    if not isinstance(share, dict):
        raise Bad("share", f"share is not an object: {share!r}")
    num = lambda v: None if v in (None, "") else float(v)  # noqa: E731  ("" = not stated, as some publishers write)
    if share.get("exact") not in (None, ""):
        return Stake(exact=num(share["exact"]))
    ex_min, ex_max = share.get("exclusiveMinimum"), share.get("exclusiveMaximum")
    if boolean_exclusive or isinstance(ex_min, bool) or isinstance(ex_max, bool):
        lo, hi = num(share.get("minimum")), num(share.get("maximum"))
        lo_inc = not (ex_min if isinstance(ex_min, bool) else False)
        hi_inc = not (ex_max if isinstance(ex_max, bool) else True)
    else:
        lo, lo_inc = (num(ex_min), False) if ex_min is not None else (num(share.get("minimum")), True)
        hi, hi_inc = (num(ex_max), False) if ex_max is not None else (num(share.get("maximum")), True)
    if lo is None and hi is None:
        return None
    if lo is not None and lo == hi:  # 0.2 guidance: exact given as minimum == maximum
        return Stake(exact=lo)
    return Stake(lo=lo, hi=hi, lo_inclusive=lo_inc, hi_inclusive=hi_inc)


def interest_type(raw_type: Any) -> str | None:
    """The 0.4 code of an interest's ``type`` (any version's spelling); None when the value is in no
    version's interestType codelist. An absent type is ``unknownInterest``."""
    if raw_type is None:
        return "unknownInterest"
    itype = _V02_INTEREST.get(raw_type, camel(str(raw_type))) if isinstance(raw_type, str) else None
    return itype if itype in INTEREST_TYPES else None


def off_codelist_note(interest: Any) -> str | None:
    """Why an interest whose ``type`` is outside the codelist is read as ``unknownInterest``, or None.

    The interestType codelist is closed, so such a type says nothing the standard defines; the
    rest of the statement (subject, interested party, share, dates) is valid and still states that
    the party has an interest. The codelist's own code for an interest of unknown nature is
    ``unknownInterest``: the interest is read as that, and the stated word is kept in this note
    (the word is never mapped to a code by guess: ``share`` is not taken for ``shareholding``)."""
    if not isinstance(interest, dict) or interest_type(interest.get("type")) is not None:
        return None
    return (f"interest type {interest.get('type')!r} is not in BODS's interestType codelist: read as "
            "'unknownInterest' (an interest of unknown nature), the stated type kept here")


def edge_record(party: EntityRef, subject: EntityRef, interest: Any, v04: bool, where: str,
          common: dict[str, Any]) -> Ownership | Control:
    if not isinstance(interest, dict):
        raise Bad("interests", "interest is not an object")
    itype = interest_type(interest.get("type")) or "unknownInterest"  # off-codelist: see off_codelist_note
    direct = interest_level(interest)
    try:
        stake = parse_stake(interest.get("share"), boolean_exclusive=not v04)
    except ValidationError as err:
        raise Bad("interests.share", str(err.errors()[0]["msg"]).removeprefix("Value error, ")) from None
    prov = common["provenance"].model_copy(update={"locator": where})
    kw = dict(source=party, target=subject, valid_from=parse_date(interest.get("startDate")),
              valid_to=parse_date(interest.get("endDate")), known_from=common["known_from"],
              provenance=prov, fact_key=common["fact_key"], stake=stake)
    if itype in ("shareholding", "votingRights"):
        # indirect percentages are declared by the source, not derived: kept, marked direct=False;
        # "unknown" (or no level) stays unknown, None: a link of the chain, as a direct one is
        return Ownership(interest=InterestType.SHAREHOLDING if itype == "shareholding"
                         else InterestType.VOTING_RIGHTS, direct=direct, **kw)
    return Control(control_kind=itype, direct=direct, **kw)


def interest_level(interest: dict[str, Any]) -> bool | None:
    """BODS ``directOrIndirect`` (0.4; ``interestLevel`` in 0.2/0.3): True for direct, False for
    indirect, None for ``unknown`` or not stated (optional in every version: the level is unknown)."""
    level = interest.get("directOrIndirect", interest.get("interestLevel"))
    if level not in (None, "direct", "indirect", "unknown"):
        raise Bad("interests.directOrIndirect", f"unknown directOrIndirect {level!r}")
    return {"direct": True, "indirect": False}.get(level)


def identifier_alias(ident: Any) -> Alias | None:
    if not isinstance(ident, dict) or not ident.get("id"):
        return None
    scheme, value = ident.get("scheme"), str(ident["id"]).strip()
    if scheme == "XI-LEI" and not is_valid_lei(value.upper()):
        # BODS does not check the LEI: a stated id that fails ISO 17442 is kept as stated, never as a key
        return Alias(scheme=AliasScheme.OTHER, value=f"XI-LEI:{value}", kind=AliasKind.IDENTIFIER)
    if scheme == "XI-LEI":
        return Alias(scheme=AliasScheme.LEI, value=value.upper(), kind=AliasKind.IDENTIFIER)
    if scheme == "GB-COH":
        return Alias(scheme=AliasScheme.COMPANY_NUMBER, value=gb_company_number(value),
                     kind=AliasKind.IDENTIFIER)
    label = scheme or (ident.get("schemeName") or "").strip() or "unknown"
    return Alias(scheme=AliasScheme.OTHER, value=f"{label}:{value}", kind=AliasKind.IDENTIFIER)


def full_name(n: dict[str, Any]) -> str | None:
    if n.get("fullName"):
        return re.sub(r"\s+", " ", str(n["fullName"])).strip() or None
    parts = [n.get(k) for k in ("givenName", "patronymicName", "familyName") if n.get(k)]
    return " ".join(parts) or None
