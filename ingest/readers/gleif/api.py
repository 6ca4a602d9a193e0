"""GLEIF API (JSON:API) documents: the ``gleif-api`` reader.

Resource types and what they become:
- ``lei-records`` -> Entity (+ CorporateAction / Succession), mapped like the golden copy
  (same ``fact_key``), plus the record's BICs as identifier aliases.
- ``relationship-records`` -> Consolidation / FundRelation / BranchOf (``extension.deletedAt``
  set -> Retraction).
- ``reporting-exceptions`` -> ReportingException; known_from = ``validFrom`` where given, else
  the document's ``meta.goldenCopy.publishDate`` (the API states no per-record date).
- ``isins`` -> ISIN identifier aliases on the Entity of that LEI when the same document holds
  its ``lei-records`` resource (an Entity needs its name, and an ISIN list carries none);
  otherwise each ISIN is quarantined (field ``isin``) with that explanation, so nothing is
  dropped silently and a user can load the LEI record alongside.
- ``field-modifications`` -> quarantined, one per entry (field ``field-modifications``): they
  are GLEIF's change log of single XML fields (knowledge-time history); the facts themselves
  come from the record versions, so they are not turned into facts.
- any other type -> quarantined as unsupported.

The API gives timestamps in UTC, so a date GLEIF holds as local midnight east of UTC (for
example creationDate "1952-10-16T23:00:00Z" for 17 October 1952 in Frankfurt) would read one
day early; the reader takes the API's dates (creation, registration, expiry, events, periods)
in Frankfurt time, GLEIF's seat, which gives the golden copy's date for records kept at
European offsets (the golden copy keeps the local offset and reads right). A local midnight
further east than Frankfurt still reads one day early.

A JSON:API document is one page (at most a few hundred resources), so the reader holds one
page to attach ISINs to their entity; large inputs belong to the golden-copy readers.

Collections: a page of a paginated collection (``meta.pagination``) that is not the whole of
it (``currentPage < lastPage``, or fewer resources than ``total``) ends with a not-read entry
(field ``pagination``) saying which page this is and how many resources the other pages hold,
so a partial collection is never taken for the whole. A children collection
(``/lei-records/{LEI}/direct-children`` or ``ultimate-children``, named by the document's
``links``) says who the parent is: each child's ``lei-records`` resource also gives a
Consolidation edge child -> parent at that level (fact_key ``gleif:children:{parent}:{level}:
{child}``, apart from the relationship record's own, whose period it does not know).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import ijson

from ownergraph.domain.codes import AliasScheme, ConsolidationLevel
from ownergraph.domain.model import Consolidation, Provenance, Quarantined, Record
from ownergraph.ingest.readers.gleif.mapping import (
    SYSTEM, Ctx, Event, LeiRec, RelRec, RepexRec, fallback_known, guarded, lei_ref, map_lei, map_relationship,
    map_repex,
)
from ownergraph.ingest.readers.json_layout import JSON_ERRORS, JsonStream
from ownergraph.ingest.readers.base import Bad, not_read, quarantine, read_safely


_FRANKFURT = ZoneInfo("Europe/Berlin")


def _local(value: Any) -> Any:
    """An API timestamp as the same instant in Frankfurt time (its date is GLEIF's date)."""
    if not isinstance(value, str) or len(value) <= 10 or "T" not in value:
        return value
    try:
        dt = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return value  # the mapper quarantines it with the field's name
    return dt.astimezone(_FRANKFURT).isoformat() if dt.tzinfo else value


def _d(x: Any) -> dict[str, Any]:
    return x if isinstance(x, dict) else {}


def _l(x: Any) -> list[Any]:
    return x if isinstance(x, list) else []


def lei_rec(a: dict[str, Any], isins: list[str]) -> LeiRec:
    ent, reg = _d(a.get("entity")), _d(a.get("registration"))
    names = [(n.get("type"), n["name"]) for n in _l(ent.get("otherNames")) + _l(ent.get("transliteratedOtherNames"))
             if isinstance(n, dict) and n.get("name")]
    successors = [(_d(s).get("lei"), _d(s).get("name")) for s in _l(ent.get("successorEntities"))]
    if not successors:
        successors = [(_d(ent.get("successorEntity")).get("lei"), _d(ent.get("successorEntity")).get("name"))]
    events = [
        Event(type=ev.get("type"), effective=_local(ev.get("effectiveDate")),
              recorded=_local(ev.get("recordedDate")),
              status=ev.get("status"), reference=ev.get("validationReference"),
              group_type=_d(g).get("groupType"), group_id=_d(g).get("groupId"),
              documents=ev.get("validationDocuments"),
              affected=[(str(f.get("xpath") or f.get("fieldXpath") or f.get("field") or ""), f.get("value"))
                        for f in _l(ev.get("affectedFields")) if isinstance(f, dict)])
        for g in _l(ent.get("eventGroups")) for ev in _l(_d(g).get("events")) if isinstance(ev, dict)
    ]
    identifiers = [(AliasScheme.BIC, b) for b in _l(a.get("bic")) if b]
    identifiers += [(AliasScheme.ISIN, i) for i in isins]
    # the other registers' ids GLEIF maps the LEI to: OpenCorporates, market identifier codes, S&P
    # Global, QCC (China); one value or a list each
    identifiers += [(AliasScheme.OTHER, f"{key}:{v}") for key in ("ocid", "mic", "spglobal", "qcc")
                    for v in (_l(a.get(key)) if isinstance(a.get(key), list) else [a.get(key)])
                    if isinstance(v, (str, int)) and str(v).strip()]
    return LeiRec(
        lei=a.get("lei"), legal_name=_d(ent.get("legalName")).get("name"), other_names=names,
        ra_entity_id=ent.get("registeredAs"), jurisdiction=ent.get("jurisdiction"),
        category=ent.get("category"), entity_status=ent.get("status"),
        registration_status=reg.get("status"), creation_date=_local(ent.get("creationDate")),
        initial_registration_date=_local(reg.get("initialRegistrationDate")),
        expiration_date=_local(_d(ent.get("expiration")).get("date")),
        expiration_reason=_d(ent.get("expiration")).get("reason"), successors=successors,
        events=events, last_update=reg.get("lastUpdateDate"),
        validation_sources=reg.get("corroborationLevel"), identifiers=identifiers,
        legal_form=_d(ent.get("legalForm")).get("id") or _d(ent.get("legalForm")).get("other"),
    )


def rel_rec(a: dict[str, Any]) -> RelRec:
    rel, reg = _d(a.get("relationship")), _d(a.get("registration"))
    start, end = _d(rel.get("startNode")), _d(rel.get("endNode"))
    periods = [(p.get("type"), _local(p.get("startDate")), _local(p.get("endDate")))
               for p in _l(rel.get("periods")) if isinstance(p, dict)]
    # The API samples carry no qualifiers/quantifiers; read them if a later API version does.
    standard = next((q.get("category") or q.get("qualifierCategory") for q in _l(rel.get("qualifiers"))
                     if (q.get("dimension") or q.get("qualifierDimension")) == "ACCOUNTING_STANDARD"), None)
    percent = [str(q.get("amount") or q.get("quantifierAmount")) for q in _l(rel.get("quantifiers"))
               if (q.get("units") or q.get("quantifierUnits")) == "PERCENTAGE"]
    return RelRec(
        start_id=start.get("id"), start_type=start.get("type"), end_id=end.get("id"),
        end_type=end.get("type"), rel_type=rel.get("type"), status=rel.get("status"), periods=periods,
        accounting_standard=standard, percent=percent, last_update=reg.get("lastUpdateDate"),
        registration_status=reg.get("status"), validation_sources=reg.get("corroborationLevel"),
        validation_reference=reg.get("corroborationReference"),
        deleted_at=_d(a.get("extension")).get("deletedAt"),
    )


def repex_rec(a: dict[str, Any]) -> RepexRec:
    reasons = a.get("reason")
    refs = a.get("reference")
    return RepexRec(
        lei=a.get("lei"), category=a.get("category"),
        reasons=[r for r in (reasons if isinstance(reasons, list) else [reasons]) if r],
        references=[r for r in (refs if isinstance(refs, list) else [refs]) if r],
        content_date=a.get("validFrom"),
    )


_RESOURCE_TYPES = {"lei-records", "relationship-records", "reporting-exceptions", "isins", "field-modifications"}
_MAX_BARE = 16 << 20  # bytes: one resource saved alone is a few kB


def _bare_resource(path: Path) -> list[tuple[int, Any]]:
    """A single JSON:API resource object saved without the ``data`` envelope, as ``[(0, it)]``."""
    if path.stat().st_size > _MAX_BARE:
        return []
    try:
        obj = json.loads(path.read_bytes().decode("utf-8-sig"))
    except (UnicodeError, ValueError):
        return []
    ok = isinstance(obj, dict) and obj.get("type") in _RESOURCE_TYPES and isinstance(obj.get("attributes"), dict)
    return [(0, obj)] if ok else []


def read_api(path: Path) -> Iterator[Record]:
    path = Path(path)
    stream = JsonStream(path, {"data", "included"}, {"publishDate"})
    items: list[tuple[int, Any]] = []
    failed: Record | None = None
    try:
        for obj in stream:
            items.append((stream.count - 1, obj))
    except JSON_ERRORS as err:
        failed = not_read(path, f"data[{stream.count}]", f"malformed JSON: {err}", stream.count, field="json")
    known = fallback_known(path, stream.file_date)
    if failed is None and "data" not in stream.top_keys:
        # resources saved without the JSON:API envelope (a client's ``response["data"]``: one
        # resource object, or an array of them) or under a client's wrapper ({"body": {"data"}})
        items = items or _bare_resource(path)
    if failed is None and "data" not in stream.top_keys and not items:
        # A JSON:API error document (or something else): say so rather than yield nothing.
        failed = quarantine(path, "/", "data", "no JSON:API data in this document (top-level keys: "
                            f"{', '.join(sorted(stream.top_keys)) or 'none'})")
    # ISINs go onto the entity of their LEI when this page holds its lei-records resource.
    leis_here = {_d(o.get("attributes")).get("lei") for _, o in items
                 if isinstance(o, dict) and o.get("type") == "lei-records"}
    isins: dict[str, list[str]] = {}
    for _, o in items:
        a = _d(_d(o).get("attributes"))
        if _d(o).get("type") == "isins" and a.get("lei") in leis_here and a.get("isin"):
            isins.setdefault(a["lei"], []).append(a["isin"])
    links, pagination = _page(path) if failed is None else ({}, {})
    parent = _children_of(links)
    for index, obj in items:
        ctx = Ctx(path, f"data[{index}] id={_d(obj).get('id')}", known)
        yield from guarded(ctx, lambda: _resource(obj, ctx, isins, leis_here), lambda: obj)
        if parent is not None and _d(obj).get("type") == "lei-records":
            yield from guarded(ctx, lambda: _child_edge(obj, parent, ctx), lambda: obj)
    partial = _partial(path, pagination, len(items), parent)
    if partial is not None:
        yield partial
    if failed is not None:
        yield failed


_CHILDREN = re.compile(r"/lei-records/([A-Z0-9]{20})/(direct|ultimate)-children\b", re.I)


def _page(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The document's top-level ``links`` and ``meta.pagination`` (one page: read again, small)."""
    links: dict[str, Any] = {}
    pagination: dict[str, Any] = {}
    try:
        with open(path, "rb") as fh:
            for prefix, event, value in ijson.parse(fh, use_float=True):
                if event in ("string", "number", "integer") and prefix.startswith("links."):
                    links[prefix[6:]] = value
                elif event in ("string", "number", "integer") and prefix.startswith("meta.pagination."):
                    pagination[prefix[16:]] = value
    except JSON_ERRORS:
        return {}, {}
    return links, pagination


def _children_of(links: dict[str, Any]) -> tuple[str, ConsolidationLevel] | None:
    for key in ("self", "first", "last"):
        m = _CHILDREN.search(str(links.get(key) or ""))
        if m:
            level = ConsolidationLevel.DIRECT if m[2].lower() == "direct" else ConsolidationLevel.ULTIMATE
            return m[1].upper(), level
    return None


def _child_edge(obj: dict[str, Any], parent: tuple[str, ConsolidationLevel], ctx: Ctx) -> Iterator[Record]:
    lei, level = _d(obj.get("attributes")).get("lei"), parent[1]
    child = lei_ref(lei, "attributes.lei")
    record_id = f"{parent[0]}:{level.value}-children:{lei}"
    yield Consolidation(source=child, target=lei_ref(parent[0], "links"), level=level, known_from=ctx.fallback_known,
                        fact_key=f"gleif:children:{parent[0]}:{level.value}:{lei}",
                        provenance=Provenance(source_system=SYSTEM, source_record_id=record_id,
                                              locator=ctx.locator, source_file=str(ctx.path)))


def _partial(path: Path, pagination: dict[str, Any], held: int,
             parent: tuple[str, ConsolidationLevel] | None = None) -> Record | None:
    """A not-read entry for the pages of a collection this document does not hold; for a
    children collection its ``raw`` states, as JSON, whose children, at which level, the page and
    the totals (``ownergraph.graph.load.collections`` keeps them, so answers can say the list is partial)."""
    try:
        total, page = int(pagination["total"]), int(pagination.get("currentPage") or 1)
        last = int(pagination.get("lastPage") or page)
    except (KeyError, TypeError, ValueError):
        return None
    if page >= last and held >= total:
        return None
    raw = None if parent is None else json.dumps(
        {"collection": f"{parent[1].value}-children", "parent": parent[0], "level": parent[1].value,
         "total": total, "page": page, "last_page": last, "held": held})
    return Quarantined(source_file=str(path), locator="meta.pagination", field="pagination", not_read=True, raw=raw,
                       reason=f"page {page} of {last} of a collection of {total}: this document holds {held}, "
                              f"the other {max(total - held, 0)} are on pages not read (a partial collection)")


def _resource(obj: Any, ctx: Ctx, isins: dict[str, list[str]], leis_here: set[Any]) -> Iterator[Record]:
    if not isinstance(obj, dict):
        raise Bad("data", f"expected a resource object, got {type(obj).__name__}")
    kind, attrs = obj.get("type"), _d(obj.get("attributes"))
    if kind == "lei-records":
        return map_lei(lei_rec(attrs, isins.get(attrs.get("lei"), [])), ctx)
    if kind == "relationship-records":
        return map_relationship(rel_rec(attrs), ctx)
    if kind == "reporting-exceptions":
        return map_repex(repex_rec(attrs), ctx)
    if kind == "isins":
        if attrs.get("lei") in leis_here and attrs.get("isin"):
            return iter(())  # carried as an alias by the Entity of this page
        raise Bad("isin", f"ISIN {attrs.get('isin')!r} of LEI {attrs.get('lei')!r}: the document holds "
                          "no lei-records resource for that LEI, and an Entity needs its name; load the "
                          "LEI record in the same document to keep the ISIN as an alias")
    if kind == "field-modifications":
        raise Bad("field-modifications", "GLEIF field change log (knowledge-time history of "
                  f"{attrs.get('field')!r}); not loaded: facts come from the record versions")
    raise Bad("type", f"unsupported JSON:API resource type {kind!r}")


_API = re.compile(rb'"type"\s*:\s*"(lei-records|relationship-records|reporting-exceptions|isins|'
                  rb'field-modifications)"|"goldenCopy"')


class GleifApiReader:
    """GLEIF API JSON:API documents (lei-records, relationship-records, reporting-exceptions, isins)."""

    name = "gleif-api"

    def sniff(self, path: Path, head: bytes) -> bool:
        start = head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1]
        # an array only of resources (``[{"type": "lei-records", "attributes": ...}]``), never golden copy
        return bool(_API.search(head)) and (start == b"{" or (start == b"[" and b'"attributes"' in head))

    def read(self, path: Path) -> Iterator[Record]:
        return read_safely(Path(path), read_api(Path(path)))


READERS: list = [GleifApiReader()]
API_READERS = READERS
