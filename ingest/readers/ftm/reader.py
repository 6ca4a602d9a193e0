"""FollowTheMoney (OpenSanctions) reader: full exports, delta files and the delta index.

Input shapes (all detected from the content, ``--format ftm``):
- full export ``entities.ftm.json``: JSON lines ``{id, schema, properties{...}, first_seen,
  last_change, datasets, referents}``; every property is a list of strings;
- delta ``entities.delta.json``: JSON lines ``{"op": "ADD"|"MOD"|"DEL", "entity": {...}}``
  (a DEL entity carries only its id);
- delta index ``delta.json``: ``{"versions": {version: url}, "updated_at"}``; read as a
  manifest: the local ``<version>/entities.delta.json`` files are read in version order and a
  version whose file is not here is quarantined (loading a file twice is harmless: same
  fact_key, same known_from, same content hash).
- OpenSanctions API (yente) responses (``/search``, ``/match``, ``/entities/{id}``, its
  ``adjacent``), one document or one a line: the entities inside, read as an export's
  (:mod:`ingest.readers.ftm.api`).

Mapping choices:
- Thing schemas (Person, Company, Organization, LegalEntity, PublicBody, Vessel, Airplane) ->
  :class:`Entity` with fact_key ``ftm:{id}``; ``name`` -> legal aliases (the many language
  versions of a listed name are official renderings of it), ``alias`` and ``weakAlias`` ->
  trading aliases (an "also known as" is not the registered name; there is no weaker kind),
  ``previousName`` -> previous; ids (the FtM id and its ``referents``) -> FTM_ID aliases.
- An entity with topic ``sanction`` also yields a :class:`Sanction` (fact_key
  ``ftm:{id}:sanction``): authority = its OpenSanctions datasets, valid_from = ``createdAt``
  (the source's listing date: Inter Tobacco 2022-06-03 is the EU Belarus listing of that day).
- Sanction schema -> :class:`Sanction`; Ownership / Directorship / Family / Associate / Debt /
  Succession -> the typed edges; Membership / Employment / Representation / UnknownLink ->
  :class:`Association` named by their ``role`` (else member / employee / representative / linked);
  endpoints are ``EntityRef(scheme=FTM_ID, value=id)``. Asset / Security / RealEstate (an
  Ownership's asset) load as entities of unknown kind, like Vessel and Airplane. A LegalEntity's
  ``parent`` / ``subsidiaries`` give an Ownership parent -> subsidiary, share unstated.
- Identification / Passport -> identifier aliases of their holder's entity
  (:mod:`ingest.readers.ftm.identifications`); one whose holder is not in the file is quarantined.
- Position (a post, a Thing in FtM) -> an Entity of unknown kind, as Vessel; Occupancy (FtM: an
  Interval, ``holder`` a Person, ``post`` a Position, ``status`` current / ended / unknown) -> an
  :class:`Association` holder -> post, "post holder", over startDate..endDate (its ``status`` is
  kept in the provenance: "ended" without an endDate states no end date to load).
- Every other schema (Address, Note, Page, ...) is quarantined with the reason, never dropped
  silently.

Knowledge time: full export -> the entity's ``last_change`` (else ``first_seen``, else the
file's modification time); delta -> the timestamp in the delta's folder or file name
(``20240528014702-pfh`` -> 2024-05-28T01:47:02Z), else ``last_change``, else the file's mtime.
Entity ``last_change`` is not used for deltas because the publisher's delta order is what
supersedes (the sample's MOD carries an older last_change than the ADD it replaces).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import ijson

from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind, InterestType
from ownergraph.domain.model import (
    Alias,
    Association,
    Control,
    Entity,
    EntityRef,
    Lending,
    Ownership,
    Provenance,
    Quarantined,
    Record,
    Retraction,
    Sanction,
    Succession,
)
from ownergraph.ingest.readers.ftm.mapping import (
    ASSOCIATION_WORDS, EDGE_ENDS, SOURCE, THING_KINDS, aliases_of, Ctx, first_value, jurisdiction_of, num,
    stamp_time, prop_values, parse_percentage, properties,
)
from ownergraph.ingest.readers.json_layout import JSON_ERRORS, iter_json_records, iter_lines, load_line
from ownergraph.ingest.readers.ftm.identifications import (
    ID_SCHEMAS, HeldIds, index_entities, index_lines, missing_parts,
)
from ownergraph.ingest.readers.ftm.api import response_entities
from ownergraph.ingest.readers.ftm.nested import nested_entities
from ownergraph.ingest.readers.packed import open_data
from ownergraph.ingest.readers.base import Bad, build, file_time, guard, not_read, parse_datetime, quarantine, read_safely

def _thing(ent: dict[str, Any], ctx: Ctx, held: HeldIds) -> Iterator[Record]:
    eid, schema, props = ent["id"], ent["schema"], properties(ent)
    kind = THING_KINDS[schema]
    jur = jurisdiction_of(props)
    if jur is None and kind is EntityKind.PERSON:
        nat = prop_values(props, "nationality")
        jur = nat[0].upper() if len(nat) == 1 else None
    aliases, lei = aliases_of(eid, ent, props, jur, ctx)
    names = [a.value for a in aliases if a.scheme is AliasScheme.NAME]
    caption = str(ent.get("caption") or "").strip()
    name = caption if caption and any(c.isalnum() for c in caption) else (names[0] if names else "")
    # Thing requires `name`, but the id is what every other entity of the file refers to it by
    # (stubs, fragments, a withheld name): loaded under its id, with no name alias invented, the
    # missing name said in the provenance
    prov = ctx.prov(eid, props)
    if not name and (full := person_name(props) if kind is EntityKind.PERSON else None):
        name = full  # the person's name in parts (firstName ... lastName): that is its name
        aliases = [*aliases, Alias(scheme=AliasScheme.NAME, value=full, kind=AliasKind.LEGAL)]
    if not name:
        name = str(eid)
        prov = prov.model_copy(update={"locator": f"{ctx.locator} ({schema} {eid}: no name stated; FtM's "
                                                  "Thing requires one, loaded under its id)"})
    documents = [a for a in held.of(eid) if a not in aliases]  # its Identification / Passport numbers
    aliases = [*aliases, *documents]

    def make() -> Entity:
        ref = (EntityRef(lei=lei, name=name, jurisdiction=jur, kind=kind) if lei else
               EntityRef(scheme=AliasScheme.FTM_ID, value=eid, name=name, jurisdiction=jur,
                         kind=kind))
        company = kind is not EntityKind.PERSON
        return Entity(
            ref=ref, name=name, kind=kind, aliases=tuple(aliases), jurisdiction=jur,
            valid_from=ctx.date(props, "incorporationDate") if company else None,
            valid_to=ctx.date(props, "dissolutionDate") if company else None,
            status=first_value(props, "status"), known_from=ctx.known_from,
            provenance=prov, fact_key=f"ftm:{eid}")

    yield build(ctx.path, ctx.locator, make, ent)
    yield from _parent_links(eid, props, ctx, ent)
    topics = prop_values(props, "topics")
    if "sanction" in topics:
        datasets = [str(d) for d in ent.get("datasets") or ()]
        yield build(ctx.path, ctx.locator, lambda: Sanction(
            entity=EntityRef(scheme=AliasScheme.FTM_ID, value=eid, name=name, kind=kind),
            authority=", ".join(datasets) or None, programme=first_value(props, "program"),
            valid_from=ctx.date(props, "createdAt"), known_from=ctx.known_from,
            provenance=ctx.prov(eid, props), fact_key=f"ftm:{eid}:sanction"), ent)
    elif ctx.delta:
        # a MOD without the topic delists: close the sanction an earlier version implied
        yield Retraction(fact_key=f"ftm:{eid}:sanction", known_from=ctx.known_from,
                         provenance=ctx.prov(eid, props))


def person_name(props: dict[str, Any]) -> str | None:
    """A Person's full name from its parts (``firstName``, ``secondName``, ``middleName``,
    ``fatherName``, ``lastName``, FtM's Person schema) when it has no ``name``; a first or a last
    name alone is not a name to match on (FtM keeps those out of its name type for that reason)."""
    first, last = first_value(props, "firstName"), first_value(props, "lastName")
    if not (first and last):
        return None
    parts = [first, *(first_value(props, k) for k in ("secondName", "middleName", "fatherName")), last]
    return " ".join(p.strip() for p in parts if p and p.strip()) or None


def _parent_links(eid: str, props: dict[str, Any], ctx: Ctx, ent: dict[str, Any]) -> Iterator[Record]:
    """LegalEntity ``parent`` / ``subsidiaries`` (each the other's reverse): the parent holds the
    subsidiary, its share unstated (as an Exhibit 21 row without a percentage). Keyed by the pair,
    so a file stating both sides gives one fact."""
    pairs = [(p, eid) for p in prop_values(props, "parent")] + [
        (eid, c) for c in prop_values(props, "subsidiaries")]
    for parent, child in dict.fromkeys(pairs):
        if parent != child:
            yield build(ctx.path, ctx.locator, lambda parent=parent, child=child: Ownership(
                source=_ref(parent), target=_ref(child), stake=None, known_from=ctx.known_from,
                provenance=ctx.prov(f"parent:{parent}:{child}", {}),
                fact_key=f"ftm:parent:{parent}:{child}"), ent)


def _ref(eid: str) -> EntityRef:
    return EntityRef(scheme=AliasScheme.FTM_ID, value=eid)


def _sanction(ent: dict[str, Any], ctx: Ctx) -> Iterator[Record]:
    eid, props = ent["id"], properties(ent)
    targets = prop_values(props, "entity")
    if not targets:
        yield quarantine(ctx.path, ctx.locator, "entity", "Sanction names no entity", ent)
        return
    for i, target in enumerate(targets):
        yield build(ctx.path, ctx.locator, lambda: Sanction(
            entity=_ref(target), authority=first_value(props, "authority"),
            programme=first_value(props, "program") or first_value(props, "programId"),
            valid_from=ctx.date(props, "startDate") or ctx.date(props, "listingDate"),
            valid_to=ctx.date(props, "endDate"), known_from=ctx.known_from,
            provenance=ctx.prov(eid, props),
            fact_key=f"ftm:{eid}" if i == 0 else f"ftm:{eid}#{i}"), ent)


def _edge(ent: dict[str, Any], ctx: Ctx) -> Iterator[Record]:
    eid, schema, props = ent["id"], ent["schema"], properties(ent)
    src_prop, dst_prop = EDGE_ENDS[schema]
    sources, targets = prop_values(props, src_prop), prop_values(props, dst_prop)
    for prop, vals in ((src_prop, sources), (dst_prop, targets)):
        if not vals:
            yield quarantine(ctx.path, ctx.locator, prop, f"{schema} {eid} has no {prop}", ent)
            return
    valid_from = ctx.date(props, "date" if schema == "Succession" else "startDate")
    valid_to = ctx.date(props, "endDate")
    pairs = [(s, t) for s in sources for t in targets]
    prov = ctx.prov(eid, props)
    if status := first_value(props, "status"):  # Occupancy: current / ended / unknown, as stated
        prov = prov.model_copy(update={"locator": f"{prov.locator}; status={status}"})
    for i, (s, t) in enumerate(pairs):
        common = dict(
            source=_ref(s), target=_ref(t), known_from=ctx.known_from,
            valid_from=valid_from, valid_to=valid_to, provenance=prov,
            fact_key=f"ftm:{eid}" if i == 0 else f"ftm:{eid}#{i}")  # several ends: rare
        yield build(ctx.path, ctx.locator, lambda: _typed_edge(schema, props, common), ent)


_EXPORTED_CONTROL = re.compile(r"controls \(([^()]+)\)")


def _typed_edge(schema: str, props: dict[str, Any], common: dict[str, Any]) -> Record:
    if schema == "Ownership":
        otype = (first_value(props, "ownershipType") or "").lower()
        return Ownership(**common, stake=parse_percentage(first_value(props, "percentage")),
                         interest=InterestType.VOTING_RIGHTS if "vot" in otype
                         else InterestType.SHAREHOLDING,
                         share_class=first_value(props, "sharesType"))
    if schema == "Directorship":
        return Control(**common, control_kind="directorship")
    if schema in ASSOCIATION_WORDS:
        stated = first_value(props, "relationship") or first_value(props, "role")
        exported = _EXPORTED_CONTROL.fullmatch(stated or "") if schema == "UnknownLink" else None
        if exported:  # ownergraph's own FtM export writes a non-board control so (docs/guide/exports.md)
            return Control(**common, control_kind=exported[1])
        return Association(**common, relationship=stated or ASSOCIATION_WORDS[schema])
    if schema == "Debt":
        amount = first_value(props, "amount")
        currency = first_value(props, "currency")
        return Lending(**common, amount=num(amount.replace(",", "")) if amount else None,
                       currency=currency.upper() if currency else None)
    return Succession(**common)


def _entity_records(ent: dict[str, Any], ctx: Ctx, held: HeldIds) -> Iterator[Record]:
    schema = ent.get("schema")
    if schema in THING_KINDS:
        yield from _thing(ent, ctx, held)
    elif schema in ID_SCHEMAS:  # its number is on its holder's entity (or quarantined at the end)
        yield from missing_parts(ent, ctx.path, ctx.locator)
    elif schema == "Sanction":
        yield from _sanction(ent, ctx)
    elif schema in EDGE_ENDS:
        yield from _edge(ent, ctx)
    else:
        yield quarantine(ctx.path, ctx.locator, "schema",
                         f"{schema!r}: not an entity or relationship ownergraph models",
                         ent.get("id"))
    yield from ctx.extra


# one JSON document, not JSON lines: an object whose first line is '{' alone, or an array of objects
_ONE_DOCUMENT = re.compile(rb'\{[ \t\r]*\n|\[\s*\{')
_DIAGRAM = re.compile(rb'\s*\{\s*"entities"\s*:\s*\[')  # Aleph's diagram file: entities, layout, viewport
_FTM_SCHEMA = re.compile(rb'"schema"\s*:\s*"[A-Z][A-Za-z]+"')
# yente's envelopes with no entity in the head to show for them: a match response (query id ->
# results; ``matcher`` describes the algorithm) or a search page whose ``total`` is yente's
# TotalSpec ``{"value", "relation"}``
_YENTE_MATCH = re.compile(rb'"responses"\s*:\s*\{')
_YENTE_MARKS = re.compile(rb'"matcher"\s*:|"total"\s*:\s*\{\s*"value"\s*:|"query"\s*:\s*\{')
_YENTE_SEARCH = re.compile(rb'"results"\s*:\s*\[')


class FtmReader:
    """``--format ftm``: FtM full exports, delta files, the delta index, Aleph diagrams and
    OpenSanctions API (yente) responses (:mod:`ingest.readers.ftm.api`)."""

    name = "ftm"

    def sniff(self, path: Path, head: bytes) -> bool:
        h = head.lstrip()
        if re.match(rb'\{\s*"versions"\s*:', h):
            return True
        if _ONE_DOCUMENT.match(h) and _FTM_SCHEMA.search(h) and b'"id"' in h:
            return True  # one entity (or a list of them) written as one indented JSON document
        if h.startswith(b"{") and _YENTE_MARKS.search(h) and (_YENTE_MATCH.search(h) or _YENTE_SEARCH.search(h)):
            return True  # an OpenSanctions API (yente) response, maybe with no results
        first = h.split(b"\n", 1)[0]
        return h.startswith(b"{") and (
            # an entity with no properties at all is still one: id and schema are what FtM requires
            (b'"schema"' in first and (b'"properties"' in first or b'"id"' in first))
            or (b'"op"' in first and b'"entity"' in first))

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        with open_data(path) as f:
            head = f.read(1024)
        if re.match(rb'\s*\{\s*"versions"\s*:', head):
            return read_safely(path, self._read_index(path))
        if _DIAGRAM.match(head):
            return read_safely(path, self._read_diagram(path))
        if _ONE_DOCUMENT.match(head.lstrip()):
            return read_safely(path, self._read_document(path))
        return read_safely(path, self._read_lines(path))

    def _read_document(self, path: Path) -> Iterator[Record]:
        """A file holding one JSON document: an entity, or an array of entities (FtM's JSON form
        outside the line-based exports, as FtM libraries write a single entity)."""
        stamp, mtime = stamp_time(path), file_time(path)
        held = index_entities(_with_nested(_unwrapped(path, iter_json_records(path))))
        for loc, obj in _unwrapped(path, iter_json_records(path)):
            yield from guard(path, loc, lambda obj=obj, loc=loc: self._read_line(
                path, loc, obj, stamp, mtime, held), obj)
        yield from held.unattached(path)

    def _read_diagram(self, path: Path) -> Iterator[Record]:
        """An Aleph network diagram (``.ftm``): FtM entities under ``entities``, beside its layout."""
        stamp, mtime = stamp_time(path), file_time(path)
        n = 0
        try:
            with open_data(path) as fh:  # a diagram is small: its documents are indexed first
                held = index_entities(_with_nested(
                    (f"entities[{i}]", e) for i, e in enumerate(ijson.items(fh, "entities.item", use_float=True))))
        except JSON_ERRORS:
            held = HeldIds()  # the reading pass below names the fault
        try:
            with open_data(path) as fh:
                for n, ent in enumerate(ijson.items(fh, "entities.item", use_float=True)):
                    yield from guard(path, f"entities[{n}]", lambda ent=ent, n=n: self._read_line(
                        path, f"entities[{n}]", ent, stamp, mtime, held), ent)
        except JSON_ERRORS as err:
            yield not_read(path, f"entities[{n}]", f"malformed JSON: {err}", n, field="json")
        yield from held.unattached(path)

    def _read_index(self, path: Path) -> Iterator[Record]:
        try:
            index = json.loads(path.read_bytes())  # a small manifest, not entity data
            versions = {str(k): v for k, v in dict(index["versions"]).items()}
        except (ValueError, KeyError, TypeError, RecursionError) as err:
            yield quarantine(path, "document", "versions", f"bad delta index: {type(err).__name__}: {err}")
            return
        for version in sorted(versions):
            local = path.parent / version / "entities.delta.json"
            if local.is_file():
                yield from read_safely(local, self._read_lines(local))
            else:
                yield quarantine(path, f"versions.{version}", "versions",
                                 "delta file not present locally", versions[version])

    def _read_lines(self, path: Path) -> Iterator[Record]:
        stamp = stamp_time(path)
        mtime = file_time(path)
        held = index_lines(path)
        for n, line in iter_lines(path):
            loc = f"line {n}"
            for where, obj in response_entities(path, loc, load_line(path, loc, line)):
                yield from guard(path, where, lambda where=where, obj=obj: self._read_line(
                    path, where, obj, stamp, mtime, held), obj)
        yield from held.unattached(path)

    def _read_line(self, path: Path, loc: str, obj: Any, stamp: datetime | None,
                   mtime: datetime, held: HeldIds) -> Iterable[Record]:
        if isinstance(obj, Quarantined):
            return [obj]
        if not isinstance(obj, dict):
            raise Bad("json", "line is not a JSON object")
        delta = "op" in obj and "entity" in obj
        ent = obj["entity"] if delta else obj
        if not isinstance(ent, dict) or not ent.get("id") or isinstance(ent["id"], (dict, list)):
            raise Bad("id", "entity has no id")
        eid = str(ent["id"])
        if not isinstance(ent["id"], str):  # a JSON number as id (FtM says string): its decimal text
            ent = {**ent, "id": eid}
        try:
            if delta:
                known = stamp or parse_datetime(ent.get("last_change")) or mtime
            else:
                known = (parse_datetime(ent.get("last_change"))
                         or parse_datetime(ent.get("first_seen")) or mtime)
        except (ValueError, TypeError) as err:
            raise Bad("last_change", str(err)) from None
        if delta:
            op = str(obj["op"]).upper()
            if op == "DEL":
                prov = Provenance(source_system=SOURCE, source_record_id=eid, locator=loc,
                                  source_file=str(path))
                return [Retraction(fact_key=f"ftm:{eid}", known_from=known, provenance=prov),
                        Retraction(fact_key=f"ftm:{eid}:sanction", known_from=known,
                                   provenance=prov)]
            if op not in ("ADD", "MOD"):
                raise Bad("op", f"unknown delta op {obj['op']!r}")
        if not ent.get("schema"):
            raise Bad("schema", "entity has no schema")
        if not isinstance(ent["schema"], str):
            raise Bad("schema", f"expected a schema name, got {type(ent['schema']).__name__}")
        out = list(_entity_records(ent, Ctx(path, loc, known, delta and op == "MOD"), held))
        for where, inner in nested_entities(ent, loc):  # a nested export: adjacent entities inline
            out += guard(path, where, lambda inner=inner, where=where: list(
                _entity_records(inner, Ctx(path, where, known, False), held)), inner)
        return out


def _unwrapped(path: Path, pairs: Iterable[tuple[str, Any]]) -> Iterator[tuple[str, Any]]:
    """``(locator, object)`` of a document's records, a yente response's entities in its place."""
    for loc, obj in pairs:
        yield from response_entities(path, "document" if loc == "$" else loc, obj)


def _with_nested(pairs: Iterable[tuple[str, Any]]) -> Iterator[tuple[str, Any]]:
    """``(locator, entity)`` pairs with the entities nested in each (a delta's ``entity`` unwrapped)."""
    for loc, obj in pairs:
        ent = obj.get("entity") if isinstance(obj, dict) and "op" in obj else obj
        if isinstance(ent, dict) and ent.get("id"):
            yield loc, ent
            yield from nested_entities(ent, loc)


READERS: list = [FtmReader()]
