"""Companies House registered charges (``/company/{number}/charges``, ``ChargeList`` /
``chargeDetails`` in the Public Data API).

A charge is security the company gives for a debt; its ``persons_entitled`` are the creditors it
secures (a bank, a trustee for noteholders). Each person entitled is read as a lender to the
company (``Lending``, amount not stated: ``secured_details`` is free text), from ``created_on``
until ``satisfied_on`` when the charge is satisfied. The charge's code, classification and status
are kept in the provenance. ``more_than_four_persons_entitled`` (the register lists four) is said
there too, so a truncated list is not taken for the whole.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.domain.model import Alias, Entity, EntityRef, Lending, Provenance, Record
from ownergraph.ingest.readers.base import Bad, gb_company_number, midnight, name_date, parse_date

# statuses of the API's enumeration (mortgage_descriptions.yml ``status``) under which the debt is paid
_ENDED = {"fully-satisfied", "satisfied"}


def is_charge(obj: Any) -> bool:
    """A chargeDetails resource (or list item): a charge code or number with persons entitled."""
    return isinstance(obj, dict) and ("persons_entitled" in obj or "charge_code" in obj) and (
        "charge_number" in obj or "charge_code" in obj or "classification" in obj)


def charge(path: Path, loc: str, item: dict[str, Any], company: str,
           target: EntityRef | None = None) -> list[Record]:
    """One charge: each person entitled, and a Lending edge from it to the company (``target``
    when the company has no number: a list that does not state its company)."""
    entitled = [re.sub(r"\s+", " ", str((p or {}).get("name") or "")).strip()
                for p in item.get("persons_entitled") or [] if isinstance(p, dict)]
    entitled = [n for n in entitled if n]
    code = str(item.get("charge_code") or item.get("charge_number") or item.get("id") or "").strip()
    if not entitled:
        raise Bad("persons_entitled", f"charge {code or '?'} names no person entitled: no creditor to load")
    status = str(item.get("status") or "").strip().lower()
    created = parse_date(item.get("created_on"))
    ended = parse_date(item.get("satisfied_on")) if status in _ENDED else None
    known = midnight(d) if (d := parse_date(item.get("delivered_on")) or created) else name_date(path)
    classification = item.get("classification") if isinstance(item.get("classification"), dict) else {}
    kind = classification.get("description")
    more = "; more than four persons entitled, the register lists four" if item.get(
        "more_than_four_persons_entitled") else ""
    where = f"{loc} (charge {code}: {kind or 'charge'}, {status or 'status not stated'}{more})"
    target = target or EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value=gb_company_number(company))
    out: list[Record] = []
    for name in dict.fromkeys(entitled):
        prov = Provenance(source_system="uk_company", source_record_id=f"{company}:{code}", locator=where,
                          source_file=str(path), validation_level="officialRegister")
        ref = EntityRef(name=name, kind=EntityKind.UNKNOWN)
        out.append(Entity(ref=ref, name=name, kind=EntityKind.UNKNOWN, known_from=known, provenance=prov,
                          aliases=(Alias(scheme=AliasScheme.NAME, value=name, kind=AliasKind.LEGAL),),
                          fact_key=f"uk_charges:{company}:{code}:entitled:{name.casefold()}"))
        out.append(Lending(source=ref, target=target, valid_from=created,
                           valid_to=ended if ended and (not created or ended >= created) else None,
                           known_from=known, provenance=prov,
                           fact_key=f"uk_charges:{company}:{code}:{name.casefold()}"))
    return out
