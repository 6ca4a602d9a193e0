"""FtM entities nested in another's properties, as a "nested" export writes them (OpenSanctions'
``targets.nested.json``, FtM's ``to_nested_dict``): a property value that is a whole entity object
(``id``, ``schema``, ``properties``) instead of an id.

Each nested entity is read as one of its own; the property it sits in is the *reverse* property of
one of its ends (FtM schema: ``Ownership.owner`` <-> ``ownershipOwner``, ``Ownership.asset`` <->
``ownershipAsset``, ``Directorship.director`` <-> ``directorshipDirector``, ``Directorship.organization``
<-> ``directorshipOrganization``, ``Sanction.entity`` <-> ``sanctions``, ...), so an end the nested
object leaves out (it is the entity it is nested in) is filled with that entity's id.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

# reverse property (on the outer entity) -> the nested entity's property that names the outer one
REVERSE = {
    "ownershipOwner": "owner", "ownershipAsset": "asset",
    "directorshipDirector": "director", "directorshipOrganization": "organization",
    "sanctions": "entity", "familyPerson": "person", "familyRelative": "relative",
    "associates": "person", "associations": "associate",
    "successors": "predecessor", "predecessors": "successor",
    "debtDebtor": "debtor", "debtCreditor": "creditor",
    "identification": "holder", "passport": "holder",  # Identification.holder, Passport.holder
    "subsidiaries": "parent",  # LegalEntity.parent
    "membershipMember": "member", "membershipOrganization": "organization",
    "employers": "employee", "employees": "employer",
    "agencyClient": "agent", "agentRepresentation": "client",
    "unknownLinkTo": "subject", "unknownLinkFrom": "object",
}
_MAX_DEPTH = 4  # a nested export nests one or two levels; deeper is a cycle written out


def nested_entities(ent: dict[str, Any], loc: str, depth: int = 0) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(locator, entity)`` of every entity nested in ``ent``'s properties, each with the end that
    points back to its container filled in, depth first."""
    props = ent.get("properties")
    if not isinstance(props, dict) or depth >= _MAX_DEPTH:
        return
    for prop, values in props.items():
        for i, v in enumerate(values if isinstance(values, list) else [values]):
            if not (isinstance(v, dict) and v.get("id") and isinstance(v.get("schema"), str)):
                continue
            inner = dict(v)
            inner_props = dict(inner.get("properties") or {})
            back = REVERSE.get(prop)
            if back and not inner_props.get(back):
                inner_props[back] = [ent["id"]]
            inner["properties"] = inner_props
            where = f"{loc}.properties.{prop}[{i}]"
            yield where, inner
            yield from nested_entities(inner, where, depth + 1)
