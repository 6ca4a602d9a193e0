"""FtM entities nested in another's properties, as a "nested" export writes them (OpenSanctions'
``targets.nested.json``, FtM's ``to_nested_dict``, yente's ``/entities/{id}`` response): a property
value that is a whole entity object (``id``, ``schema``, ``properties``) instead of an id.

Each nested entity is read as one of its own; the property it sits in is the *reverse* property of
one of its ends (FtM schema: ``Ownership.owner`` <-> ``ownershipOwner``, ``Ownership.asset`` <->
``ownershipAsset``, ``Directorship.director`` <-> ``directorshipDirector``, ``Directorship.organization``
<-> ``directorshipOrganization``, ``Sanction.entity`` <-> ``sanctions``, ...), so an end the nested
object leaves out (it is the entity it is nested in) is filled with that entity's id.

A Thing (Company, Person, ...) where a reverse property's link entity was expected (a client that
flattened ``ownershipOwner: [Ownership{asset: Company}]`` to ``ownershipOwner: [Company]``) is read
as that Thing plus the link it implies between the two, with no percentage or dates, its locator
saying it is implied.
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
# reverse property -> (link schema, the link's other end): the link a Thing listed there implies
LINKS = {
    "ownershipOwner": ("Ownership", "asset"), "ownershipAsset": ("Ownership", "owner"),
    "directorshipDirector": ("Directorship", "organization"),
    "directorshipOrganization": ("Directorship", "director"),
    "familyPerson": ("Family", "relative"), "familyRelative": ("Family", "person"),
    "associates": ("Associate", "associate"), "associations": ("Associate", "person"),
    "successors": ("Succession", "successor"), "predecessors": ("Succession", "predecessor"),
    "debtDebtor": ("Debt", "creditor"), "debtCreditor": ("Debt", "debtor"),
    "membershipMember": ("Membership", "organization"),
    "membershipOrganization": ("Membership", "member"),
    "employers": ("Employment", "employer"), "employees": ("Employment", "employee"),
    "agencyClient": ("Representation", "client"), "agentRepresentation": ("Representation", "agent"),
    "unknownLinkTo": ("UnknownLink", "object"), "unknownLinkFrom": ("UnknownLink", "subject"),
}
# the schemas a Thing may have (FtM's Thing descendants ownergraph reads as entities)
THINGS = {"Thing", "LegalEntity", "Person", "Company", "Organization", "PublicBody", "Asset",
          "Security", "RealEstate", "Vessel", "Airplane", "Vehicle"}
_MAX_DEPTH = 4  # a nested export nests one or two levels; deeper is a cycle written out


def nested_entities(ent: dict[str, Any], loc: str, depth: int = 0) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(locator, entity)`` of every entity nested in ``ent``'s properties, each with the end that
    points back to its container filled in, depth first."""
    props = ent.get("properties")
    if isinstance(props, dict):
        yield from linked_entities(ent["id"], props, f"{loc}.properties", depth)


def linked_entities(owner: str, links: dict[str, Any], where: str, depth: int = 0,
                    deep: bool = True) -> Iterator[tuple[str, dict[str, Any]]]:
    """The entity objects among ``links`` (property -> values, as in ``properties`` or yente's
    ``adjacent`` results) of the entity ``owner`` and the links they imply; ``deep``: with the
    entities nested in each, depth first."""
    if depth >= _MAX_DEPTH:
        return
    for prop, values in links.items():
        for i, v in enumerate(values if isinstance(values, list) else [values]):
            if not (isinstance(v, dict) and v.get("id") and isinstance(v.get("schema"), str)):
                continue
            loc = f"{where}.{prop}[{i}]"
            inner = dict(v)
            if v["schema"] in THINGS and prop in LINKS:  # the Thing itself, and the link it implies
                yield loc, inner
                yield _implied(owner, prop, v, loc)
            else:
                inner_props = dict(inner.get("properties") or {})
                back = REVERSE.get(prop)
                if back and not inner_props.get(back):
                    inner_props[back] = [owner]
                inner["properties"] = inner_props
                yield loc, inner
            if deep:
                yield from nested_entities(inner, loc, depth + 1)


def _implied(owner: str, prop: str, thing: dict[str, Any], loc: str) -> tuple[str, dict[str, Any]]:
    schema, other_end = LINKS[prop]
    other = str(thing["id"])
    return (f"{loc} (implied {schema}: {prop} lists a {thing['schema']}, not the {schema} link entity; no figures or dates)",
            {"id": f"{owner}>{prop}>{other}", "schema": schema,
             "properties": {REVERSE[prop]: [owner], other_end: [other]}})
