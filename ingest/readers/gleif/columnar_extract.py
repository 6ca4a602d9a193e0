"""One GLEIF golden-copy XML record element -> the flat values the fast path maps, or None.

None sends the record to the row reader (``gleif_golden.element_obj`` + ``golden_records``),
which decides it exactly as before: anything whose reading could differ from the row
reader's is None here, not guessed at: a value element repeated or with children, a
container without its items or with others, an unexpanded entity anywhere in the record,
events, successors, non-LEI nodes, annulled relationships, unknown name types.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from lxml import etree

from ownergraph.ingest.readers.gleif.mapping import ALIAS_KIND_OF_NAME_TYPE

_NO = object()  # "not a plain value": the record goes to the row reader


_LOCAL: dict[str, str] = {}  # "{namespace}Name" -> "Name": a few dozen tags per file


def _name(tag: str) -> str:
    local = _LOCAL.get(tag)
    if local is None:
        local = _LOCAL[tag] = tag[tag.rfind("}") + 1:]
    return local


def _text(el: Any) -> Any:
    """A value element's text as the row reader reads it (stripped, '' -> None); _NO when it
    has children (comments included: the row reader reads those differently)."""
    if len(el):
        return _NO
    text = (el.text or "").strip()
    return text or None


def _children(el: Any, wanted: frozenset[str]) -> dict[str, Any] | None:
    """The ``wanted`` element children by local name; None when one is repeated or the element
    has no element child at all (the row reader reads that as text, not as an element)."""
    out: dict[str, Any] = {}
    elements = 0
    for c in el:
        tag = c.tag
        if not isinstance(tag, str):
            continue  # comment or processing instruction: skipped by the row reader too
        elements += 1
        k = _LOCAL.get(tag) or _name(tag)
        if k in wanted:
            if k in out:
                return None
            out[k] = c
    return out if elements else None


def _flat(el: Any, wanted: frozenset[str]) -> dict[str, str | None] | None:
    """The ``wanted`` values of an element whose wanted children are plain values."""
    kids = _children(el, wanted)
    if kids is None:
        return None
    out = {}
    for k, c in kids.items():
        v = _text(c)
        if v is _NO:
            return None
        out[k] = v
    return out


def _items(container: Any, item: str, wanted: frozenset[str]) -> list[dict[str, str | None]] | None:
    """A repeated-element container whose element children are all ``item`` and flat."""
    out = []
    for c in container:
        tag = c.tag
        if not isinstance(tag, str):
            continue
        if _name(tag) != item:
            return None
        values = _flat(c, wanted)
        if values is None:
            return None
        out.append(values)
    return out or None


def _has_elements(el: Any) -> bool:
    return any(isinstance(c.tag, str) for c in el)


class LeiFields(NamedTuple):
    lei: str | None
    legal_name: str | None
    other_names: list[tuple[str, str]]  # (name type, name), types known
    ra_entity_id: str | None
    jurisdiction: str | None
    category: str | None
    entity_status: str | None
    registration_status: str | None
    creation_date: str | None
    initial_registration_date: str | None
    expiration_date: str | None
    expiration_reason: str | None
    last_update: str | None
    validation_sources: str | None


class RrFields(NamedTuple):
    start_id: str
    end_id: str
    rel_type: str | None
    status: str | None
    periods: list[tuple[str | None, str | None]]  # RELATIONSHIP_PERIOD (start, end)
    accounting_standard: str | None
    percent: str | None
    last_update: str | None
    validation_sources: str | None
    validation_reference: str | None


_RECORD = frozenset({"LEI", "Entity", "Registration", "Relationship", "ExceptionCategory"})
_ENTITY_VALUES = ("LegalName", "LegalJurisdiction", "EntityCategory", "EntityStatus", "EntityCreationDate",
                  "EntityExpirationDate", "EntityExpirationReason")
_ENTITY = frozenset({*_ENTITY_VALUES, "OtherEntityNames", "TransliteratedOtherEntityNames",
                     "RegistrationAuthority", "LegalForm", "LegalEntityEvents", "SuccessorEntities",
                     "SuccessorEntity"})
_LEI_REG = frozenset({"RegistrationStatus", "InitialRegistrationDate", "LastUpdateDate", "ValidationSources"})
_RA = frozenset({"RegistrationAuthorityEntityID"})
_FORM = frozenset({"EntityLegalFormCode", "OtherLegalForm"})  # read by the row reader (events only)
_NAME_CONTAINERS = (("OtherEntityNames", "OtherEntityName"),
                    ("TransliteratedOtherEntityNames", "TransliteratedOtherEntityName"))


def _has_entity_node(el: Any) -> bool:
    for _ in el.iter(etree.Entity):
        return True
    return False


def _names(container: Any, item: str) -> list[tuple[str, str]] | None:
    out = []
    for c in container:
        tag = c.tag
        if not isinstance(tag, str):
            continue
        if _name(tag) != item or len(c):
            return None
        attrs = c.attrib
        if any(k != "type" and k.endswith("}type") for k in attrs.keys()):
            return None
        kind = (attrs.get("type") or "").strip()
        if kind not in ALIAS_KIND_OF_NAME_TYPE:
            return None
        name = (c.text or "").strip()
        if name:
            out.append((kind, name))
    return out if _has_elements(container) else None


def lei_fields(el: Any) -> LeiFields | None:
    """An ``LEIRecord`` without events or successors, read as ``gleif_golden.lei_rec`` reads it."""
    if _has_entity_node(el):
        return None
    top = _children(el, _RECORD)
    if top is None or "Relationship" in top or "ExceptionCategory" in top or "Entity" not in top:
        return None
    lei = _text(top["LEI"]) if "LEI" in top else None
    ent = _children(top["Entity"], _ENTITY)
    if lei is _NO or ent is None or "SuccessorEntities" in ent or "SuccessorEntity" in ent:
        return None
    if "LegalEntityEvents" in ent and _has_elements(ent["LegalEntityEvents"]):
        return None
    values: dict[str, Any] = {}
    for k in _ENTITY_VALUES:
        v = _text(ent[k]) if k in ent else None
        if v is _NO:
            return None
        values[k] = v
    names: list[tuple[str, str]] = []
    for container, item in _NAME_CONTAINERS:
        if container in ent:
            got = _names(ent[container], item)
            if got is None:
                return None
            names += got
    ra_id = None
    if "RegistrationAuthority" in ent:
        ra = _flat(ent["RegistrationAuthority"], _RA)
        if ra is None:
            return None
        ra_id = ra.get("RegistrationAuthorityEntityID")
    if "LegalForm" in ent and _flat(ent["LegalForm"], _FORM) is None:
        return None
    reg: dict[str, str | None] = {}
    if "Registration" in top:
        got_reg = _flat(top["Registration"], _LEI_REG)
        if got_reg is None:
            return None
        reg = got_reg
    return LeiFields(
        lei=lei, legal_name=values["LegalName"], other_names=names, ra_entity_id=ra_id,
        jurisdiction=values["LegalJurisdiction"], category=values["EntityCategory"],
        entity_status=values["EntityStatus"], registration_status=reg.get("RegistrationStatus"),
        creation_date=values["EntityCreationDate"], initial_registration_date=reg.get("InitialRegistrationDate"),
        expiration_date=values["EntityExpirationDate"], expiration_reason=values["EntityExpirationReason"],
        last_update=reg.get("LastUpdateDate"), validation_sources=reg.get("ValidationSources"))


_REL = frozenset({"StartNode", "EndNode", "RelationshipType", "RelationshipStatus", "RelationshipPeriods",
                  "RelationshipQualifiers", "RelationshipQuantifiers"})
_NODE = frozenset({"NodeID", "NodeIDType"})
_PERIOD = frozenset({"StartDate", "EndDate", "PeriodType"})
_QUALIFIER = frozenset({"QualifierDimension", "QualifierCategory"})
_QUANTIFIER = frozenset({"QuantifierAmount", "QuantifierUnits"})
_RR_REG = frozenset({"LastUpdateDate", "RegistrationStatus", "ValidationSources", "ValidationReference"})


def _node(el: Any) -> str | None:
    """The NodeID of an LEI node (NodeIDType absent or LEI); None otherwise."""
    got = _flat(el, _NODE)
    if got is None or got.get("NodeIDType") not in (None, "LEI") or not got.get("NodeID"):
        return None
    return got["NodeID"]


def _has_note(groups: dict[str, Any], periods: list[tuple[str | None, str | None]]) -> bool:
    """Several relationship periods, shares or qualifiers: more than one edge holds."""
    shares = {q.get("QuantifierAmount") for q in groups.get("RelationshipQuantifiers", ())
              if q.get("QuantifierUnits") == "PERCENTAGE"}
    qualifiers = list(groups.get("RelationshipQualifiers", ()))
    return len(periods) > 1 or len(shares) > 1 or len(qualifiers) > 1 or any(
        q.get("QualifierDimension") != "ACCOUNTING_STANDARD" for q in qualifiers)


def rr_fields(el: Any) -> RrFields | None:
    """A ``RelationshipRecord`` between two LEIs, not annulled, read as ``gleif_golden.rel_rec``."""
    if _has_entity_node(el):
        return None
    top = _children(el, _RECORD)
    if top is None or "Relationship" not in top:
        return None
    rel = _children(top["Relationship"], _REL)
    if rel is None or "StartNode" not in rel or "EndNode" not in rel:
        return None
    start, end = _node(rel["StartNode"]), _node(rel["EndNode"])
    rel_type = _text(rel["RelationshipType"]) if "RelationshipType" in rel else None
    status = _text(rel["RelationshipStatus"]) if "RelationshipStatus" in rel else None
    if start is None or end is None or rel_type is _NO or status is _NO:
        return None
    groups: dict[str, list[dict[str, str | None]]] = {}
    for container, item, wanted in (("RelationshipPeriods", "RelationshipPeriod", _PERIOD),
                                    ("RelationshipQualifiers", "RelationshipQualifier", _QUALIFIER),
                                    ("RelationshipQuantifiers", "RelationshipQuantifier", _QUANTIFIER)):
        if container in rel:
            got = _items(rel[container], item, wanted)
            if got is None:
                return None
            groups[container] = got
    reg: dict[str, str | None] = {}
    if "Registration" in top:
        got_reg = _flat(top["Registration"], _RR_REG)
        if got_reg is None:
            return None
        reg = got_reg
    if reg.get("RegistrationStatus") == "ANNULLED":
        return None
    standard = next((q.get("QualifierCategory") for q in groups.get("RelationshipQualifiers", ())
                     if q.get("QualifierDimension") == "ACCOUNTING_STANDARD"), None)
    percent = next((a for q in groups.get("RelationshipQuantifiers", ())
                    if q.get("QuantifierUnits") == "PERCENTAGE" and (a := q.get("QuantifierAmount")) is not None),
                   None)
    periods = [(p.get("StartDate"), p.get("EndDate")) for p in groups.get("RelationshipPeriods", ())
               if p.get("PeriodType") == "RELATIONSHIP_PERIOD"]
    if _has_note(groups, periods):
        return None  # the record reader says what the edge cannot hold (mapping.relationship_notes)
    return RrFields(start_id=start, end_id=end, rel_type=rel_type, status=status, periods=periods,
                    accounting_standard=standard, percent=percent, last_update=reg.get("LastUpdateDate"),
                    validation_sources=reg.get("ValidationSources"),
                    validation_reference=reg.get("ValidationReference"))
