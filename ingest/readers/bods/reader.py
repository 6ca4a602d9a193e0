"""Beneficial Ownership Data Standard reader: BODS 0.2, 0.3 (statement model) and 0.4 (records).

A BODS package is a JSON array of statements (streamed with ijson); JSON lines and a single
statement object are accepted too. The version is detected per statement: ``recordDetails`` /
``recordType`` means the 0.4 record model, ``statementType`` the 0.2/0.3 statement model.

Identity (``fact_key``):
- 0.4: ``bods:{recordId}`` for every record type; ``updated`` is a new version of the same key;
  ``closed`` is its final version and ends the fact in valid time: each interest (and an
  unspecified party's reporting exception) ends at its ``endDate``, else at the closing
  statement's ``statementDate``, so the history before it stays answerable under current
  knowledge. Only a closed record of which nothing was in force before the close is retracted.
- 0.2/0.3: statements are immutable and chained by ``replacesStatements``; a replacing
  statement takes the key of the statement it replaces, so a chain shares ``bods:{firstId}``.
  The chain is built in file order; a replaced id never seen keys the chain itself. Only
  replacing statements are remembered, so memory grows with replacements, not with the file.
  A statement replacing several chains continues the first and retracts the others.

All interests of one relationship share its fact_key: they are one version of one fact, so an
update that drops an interest drops it (the loader treats same key + same known_from as a set).

Entities: ``ref`` is the LEI when an ``XI-LEI`` identifier is given, else ``BODS_RECORD``
(0.4 recordId) / ``BODS_STATEMENT`` (0.2/0.3 chain key). Edges always name their parties by
that BODS id (plus the LEI and name when the party was seen recently in the same file), and
every entity carries its BODS id as an identifier alias, so resolution joins them.
Unknown/anonymous persons and entities still become entities (placeholder name that embeds
their id, so no two unknowns merge by name). An *unspecified* interested party (no record at
all, only a reason) becomes a ``ReportingException`` on the subject (level ultimate: BODS
declares beneficial owners), never a dangling edge.

Knowledge time: ``statementDate``, else ``publicationDetails.publicationDate``; a statement
with neither is quarantined (a fact without a knowledge date would leak into every backtest).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any, NamedTuple

from ownergraph.domain.model import (
    Alias,
    Entity,
    EntityRef,
    Provenance,
    Quarantined,
    Record,
    ReportingException,
    Retraction,
)
from ownergraph.domain.codes import AliasKind, AliasScheme, ConsolidationLevel, EntityKind
from ownergraph.ingest.readers.bods.mapping import (
    NAME_KINDS, ENTITY_KINDS, OWNERGRAPH_PUBLISHER, PERSON_TYPES, UNSPECIFIED_REASONS, edge_record, full_name,
    gleif_exception, identifier_alias, camel, off_codelist_note, parse_stake, republished_edge,
)
from ownergraph.ingest.readers.json_layout import iter_json_records
from ownergraph.ingest.readers.base import (
    Bad, build, guard, name_date, parse_date, parse_datetime, quarantine, read_safely,
)

SOURCE = "bods"
_CACHE_SIZE = 100_000  # recently seen parties, to enrich edge refs with LEI/name/kind
_STATEMENT_TYPES = {"entityStatement": "entity", "personStatement": "person",
                    "ownershipOrControlStatement": "relationship"}

class _File:
    """Per-file state: the replacesStatements chain and a bounded cache of seen parties."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file_date: datetime | None = None
        self.chain: dict[str, str] = {}
        self.parties: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.records: OrderedDict[str, str] = OrderedDict()  # 0.4 statementId -> recordId

    def remember_record(self, sid: str, record_id: str) -> None:
        """A 0.4 statement's record, for relationships that name a party by its statementId."""
        self.records[sid] = record_id
        if len(self.records) > _CACHE_SIZE:
            self.records.popitem(last=False)

    # -- helpers ---------------------------------------------------------------------------
    def remember(self, key: str, info: dict[str, Any]) -> None:
        self.parties[key] = info
        self.parties.move_to_end(key)
        if len(self.parties) > _CACHE_SIZE:
            self.parties.popitem(last=False)

    def party(self, scheme: AliasScheme, key: str, kind: EntityKind | None = None) -> EntityRef:
        info = self.parties.get(key, {})
        return EntityRef(scheme=scheme, value=key, lei=info.get("lei"), name=info.get("name"),
                         kind=info.get("kind") or kind)

    def file_date(self) -> datetime:
        if self._file_date is None:
            self._file_date = name_date(self.path)
        return self._file_date

    # -- one statement -----------------------------------------------------------------------
    def statement(self, loc: str, st: Any) -> Iterator[Record]:
        if not isinstance(st, dict):
            yield quarantine(self.path, loc, "statement", "statement is not a JSON object", st)
            return
        yield from guard(self.path, loc, lambda: self._statement(loc, st), st)

    def _statement(self, loc: str, st: dict[str, Any]) -> Iterator[Record]:
        sid = st.get("statementId") or st.get("statementID")
        if not sid:
            raise Bad("statementId", "statement has no statementId")
        pub = st.get("publicationDetails") or {}
        known = parse_datetime(st.get("statementDate")) or parse_datetime(pub.get("publicationDate"))
        if known is None and "recordDetails" in st:  # 0.4 requires publicationDetails.publicationDate
            raise Bad("publicationDetails.publicationDate", "missing (required in BODS 0.4), and no statementDate")
        # statementDate is optional in BODS 0.1-0.3: then the source's retrieval date, else the
        # file's own date (its name, else its modification time)
        known = known or parse_datetime((st.get("source") or {}).get("retrievedAt")) or self.file_date()
        src = st.get("source") or {}
        types = src.get("type")
        prov = Provenance(
            source_system=SOURCE, source_record_id=str(sid), document_id=src.get("url"),
            locator=loc, source_file=str(self.path),
            validation_level=",".join(types) if isinstance(types, list) else types,
        )
        if "recordDetails" in st or "recordType" in st:  # 0.4 record model
            rtype, details = st.get("recordType"), st.get("recordDetails")
            if not isinstance(details, dict):
                raise Bad("recordDetails", "0.4 statement without recordDetails object")
            rtype = rtype or _STATEMENT_TYPES.get(st.get("statementType"))
            if rtype is None and (rtype := _record_type_of(details)):
                # recordType is required in 0.4, but the three recordDetails schemas are told apart
                # by their own required fields: the record is read, the note says how it was typed
                yield quarantine(self.path, loc, "recordType", f"recordType missing (required in BODS "
                                 f"0.4): read as {'an' if rtype == 'entity' else 'a'} {rtype} record, as its recordDetails' required fields "
                                 "(entityType / personType / subject + interestedParty) say", None)
            # recordId is required in 0.4; a statement without one (a 0.3-style publisher writing
            # recordDetails) is its own record: keyed by its statementId, so nothing is lost
            key, scheme, status = st.get("recordId") or sid, AliasScheme.BODS_RECORD, st.get("recordStatus")
            self.remember_record(str(sid), str(key))
            if status not in ("new", "updated", "closed", None):
                raise Bad("recordStatus", f"unknown recordStatus {status!r}")
            own_ids, v04 = [key], True
        elif "statementType" in st:  # 0.2 / 0.3 statement model
            rtype = _STATEMENT_TYPES.get(st["statementType"])
            details, scheme, status, v04 = st, AliasScheme.BODS_STATEMENT, None, False
            replaces = st.get("replacesStatements") or []
            if not isinstance(replaces, list):
                raise Bad("replacesStatements", "replacesStatements is not a list")
            keys = [self.chain.get(r, r) for r in replaces]
            key = keys[0] if keys else sid
            if keys:
                self.chain[sid] = key
            own_ids = [sid, *replaces]
            for other in dict.fromkeys(k for k in keys[1:] if k != key):  # merged chains end
                yield Retraction(fact_key=f"bods:{other}", known_from=known, provenance=prov)
        else:
            raise Bad("statementType", "neither a 0.4 record nor a 0.2/0.3 statement")
        common = dict(known_from=known, provenance=prov, fact_key=f"bods:{key}")
        if rtype in ("entity", "person"):
            yield from self._entity(loc, rtype, details, key, scheme, own_ids, status, common)
        elif rtype == "relationship":
            yield from self._relationship(loc, st, details, scheme, status, v04, common)
        else:
            raise Bad("recordType", f"unknown statement/record type {rtype or st.get('statementType')!r}")

    # -- entities and persons --------------------------------------------------------------------
    def _entity(self, loc: str, rtype: str, d: dict[str, Any], key: str, scheme: AliasScheme,
                own_ids: list[str], status: str | None, common: dict[str, Any]) -> Iterator[Record]:
        aliases, lei = _identifier_aliases(d.get("identifiers") or [])
        aliases += [Alias(scheme=scheme, value=i, kind=AliasKind.IDENTIFIER) for i in dict.fromkeys(own_ids)]
        party = _person(d) if rtype == "person" else _organisation(d)
        primary = _primary_name(party.names)
        placeholder = primary is None
        if primary is None:
            primary = _placeholder_name(rtype, d, party, key)
        else:
            aliases = [Alias(scheme=AliasScheme.NAME, value=n, kind=k) for n, k in party.names] + aliases
        ref = _entity_ref(lei, scheme, key, primary, party)
        for bad in (a.value for a in aliases if a.scheme is AliasScheme.OTHER and a.value.startswith("XI-LEI:")):
            yield quarantine(self.path, loc, "identifiers", f"XI-LEI id {bad.removeprefix('XI-LEI:')!r} fails the "
                             "ISO 17442 check: kept as a stated identifier, not as the entity's LEI", d.get("identifiers"))
        if party.valid_from and party.valid_to and party.valid_to < party.valid_from:
            # the party is stated all the same: it loads without the two dates that contradict each other
            yield quarantine(self.path, loc, "dissolutionDate", f"dissolutionDate {party.valid_to} is before "
                             f"foundingDate {party.valid_from}: the entity is loaded without either date",
                             {"foundingDate": d.get("foundingDate"), "dissolutionDate": d.get("dissolutionDate")})
            party = party._replace(valid_from=None, valid_to=None)
        entity = Entity(ref=ref, name=primary, kind=party.kind, aliases=tuple(dict.fromkeys(aliases)),
                        jurisdiction=party.jurisdiction, status="CLOSED" if status == "closed" else None,
                        valid_from=party.valid_from, valid_to=party.valid_to, **common)
        self.remember(key, {"lei": lei, "name": None if placeholder else primary,
                            "kind": party.kind})
        yield entity

    # -- relationships ---------------------------------------------------------------------------
    def _relationship(self, loc: str, st: dict[str, Any], d: dict[str, Any], scheme: AliasScheme,
                      status: str | None, v04: bool, common: dict[str, Any]) -> Iterator[Record]:
        subject = self._party_of(d.get("subject"), scheme, v04)
        if subject is None or isinstance(subject, dict):
            raise Bad("subject", "subject is missing or unspecified: the fact has nowhere to attach")
        party = self._party_of(d.get("interestedParty"), scheme, v04)
        interests = d.get("interests") or []
        if not isinstance(interests, list):
            raise Bad("interests", "interests is not a list")
        if party is None:
            raise Bad("interestedParty", "interestedParty is missing")
        if isinstance(party, dict):  # unspecified: no record to point at, only a reason
            code, desc = _unspecified_reason(party)
            gleif_reason, gleif_level = gleif_exception(party, interests)
            start, end = _exception_dates(interests)
            yield ReportingException(entity=subject, level=gleif_level or ConsolidationLevel.ULTIMATE,
                                     reason=gleif_reason or UNSPECIFIED_REASONS[code],
                                     reference=f"bods:{code}" + (f": {desc}" if desc else ""), valid_from=start,
                                     **common, valid_to=closed_on(common) if status == "closed" else end)
            if not interests:
                return
            # the interests (a share, a voting band) are still stated: they are kept on a stub for
            # the owner nobody named, whose name says why and embeds the relationship's id
            stub = unknown_owner(subject, common["fact_key"], code, desc, common)
            yield stub
            party = stub.ref
        if not interests:  # a relationship with no stated interest is still a link
            interests = [{}]
        if status == "closed":
            interests = _closed_interests(interests, closed_on(common))
            if not interests:  # nothing was ever in force before the close: the source withdrew it
                yield Retraction(fact_key=common["fact_key"], known_from=common["known_from"],
                                 provenance=common["provenance"])
                return
        republished = ((st.get("publicationDetails") or {}).get("publisher") or {}).get("name") == OWNERGRAPH_PUBLISHER
        for j, interest in enumerate(interests):
            where = f"{loc}.interests[{j}]"
            note = off_codelist_note(interest)
            if note:  # read all the same (as unknownInterest); the note keeps the stated word
                yield quarantine(self.path, where, "interests.type", note, interest)
            # one bad interest is quarantined alone; the others still load
            yield build(self.path, where, lambda: (republished and republished_edge(party, subject, interest, where, common))
                        or edge_record(party, subject, interest, v04, where, common), interest, field="interests")

    def _party_of(self, ref: Any, scheme: AliasScheme, v04: bool) -> EntityRef | dict | None:
        """A relationship end: EntityRef for a record/statement id, the dict if unspecified."""
        if ref is None:
            return None
        if isinstance(ref, str):  # 0.4: a recordId (a statementId where a publisher wrote one)
            return self.party(scheme, self.records.get(ref, ref)) if v04 else None
        if not isinstance(ref, dict):
            return None
        # the schema allows one of the three; a statement that also names its party is read by the
        # party it names (the unspecified block then says less than the reference does). 0.4
        # publishers that kept the 0.2/0.3 shape name the party's statementId: read as its record.
        for field, kind in (("describedByPersonStatement", EntityKind.PERSON),
                            ("describedByEntityStatement", None)):
            if ref.get(field):
                sid = str(ref[field])
                key = self.records.get(sid, sid) if v04 else self.chain.get(sid, sid)
                return self.party(scheme, key, kind)
        if "unspecified" in ref:
            return ref["unspecified"] if isinstance(ref["unspecified"], dict) else {"reason": None}
        if v04 or {"reason", "unspecifiedReason"} & ref.keys():  # 0.4 unspecified record
            return ref
        return None


# -- a person or entity statement's parts ----------------------------------------------------------

class _Party(NamedTuple):
    """What a person or entity statement says about its party, before it is named."""

    kind: EntityKind
    names: list[tuple[str, AliasKind]]  # (name, alias kind), in the statement's order
    jurisdiction: str | None
    valid_from: date | None
    valid_to: date | None
    unspecified: Any  # unspecified*Details: why an unknown/anonymous party has no name
    entity_type: str | None


def _identifier_aliases(identifiers: Any) -> tuple[list[Alias], str | None]:
    """The identifiers as aliases, and the first LEI among them (the entity's ref when given)."""
    aliases: list[Alias] = []
    lei = None
    for ident in identifiers:
        alias = identifier_alias(ident)
        if alias is not None:
            aliases.append(alias)
            lei = lei or (alias.value if alias.scheme is AliasScheme.LEI else None)
    return aliases, lei


def _person(d: dict[str, Any]) -> _Party:
    """A person statement: names by type, the first nationality, valid until the death date."""
    ptype = d.get("personType")
    if ptype is not None and ptype not in PERSON_TYPES:  # absent: a person of unstated type
        raise Bad("personType", f"unknown personType {ptype!r}")
    unspecified = d.get("unspecifiedPersonDetails")
    names = _person_names(d)
    jurisdiction = _nationality(d)
    return _Party(kind=EntityKind.PERSON, names=names, jurisdiction=jurisdiction, valid_from=None,
                  valid_to=parse_date(d.get("deathDate")), unspecified=unspecified, entity_type=None)


def _person_names(d: dict[str, Any]) -> list[tuple[str, AliasKind]]:
    """Each non-empty name with the alias kind of its type (an untyped name is the legal one)."""
    names = [(full_name(n), NAME_KINDS.get(n.get("type") or "legal", AliasKind.TRADING))
             for n in d.get("names") or [] if isinstance(n, dict)]
    return [(n, k) for n, k in names if n]


def _nationality(d: dict[str, Any]) -> str | None:
    """The first nationality's code stands in as the person's jurisdiction."""
    nats = [c.get("code") for c in d.get("nationalities") or [] if isinstance(c, dict)]
    return next((c.upper() for c in nats if c), None)  # no nationality field: see report


def _organisation(d: dict[str, Any]) -> _Party:
    """An entity statement: legal and alternate names, jurisdiction, founding to dissolution."""
    etype = _entity_type(d)
    kind = ENTITY_KINDS.get(etype, EntityKind.UNKNOWN) if etype else EntityKind.UNKNOWN
    unspecified = d.get("unspecifiedEntityDetails")
    names = [(d["name"], AliasKind.LEGAL)] if d.get("name") else []
    # a 0.4 entity has one ``name``; a publisher that wrote a person-style ``names`` list is read too
    names += [(n, k) for n, k in _person_names(d) if (n, AliasKind.LEGAL) not in names]
    names += [(n, AliasKind.TRADING) for n in d.get("alternateNames") or [] if n]
    jurisdiction = _entity_jurisdiction(d)
    valid_from, valid_to = parse_date(d.get("foundingDate")), parse_date(d.get("dissolutionDate"))
    return _Party(kind=kind, names=names, jurisdiction=jurisdiction, valid_from=valid_from,
                  valid_to=valid_to, unspecified=unspecified, entity_type=etype)


def _entity_type(d: dict[str, Any]) -> Any:
    """entityType: a code (0.2/0.3) or an object with a ``type`` (0.4); an unknown code is bad."""
    etype = d.get("entityType")
    etype = etype.get("type") if isinstance(etype, dict) else etype
    if etype is not None and etype not in ENTITY_KINDS:
        raise Bad("entityType", f"unknown entityType {etype!r}")
    return etype


def _entity_jurisdiction(d: dict[str, Any]) -> str | None:
    """The jurisdiction code (0.4 ``jurisdiction``, 0.2/0.3 ``incorporatedInJurisdiction``)."""
    jur = d.get("jurisdiction") or d.get("incorporatedInJurisdiction") or {}
    return (jur.get("code") or "").upper() or None if isinstance(jur, dict) else None


def _primary_name(names: list[tuple[str, AliasKind]]) -> str | None:
    """The legal name, else the first name given, else None (an unknown/anonymous party)."""
    return next((n for n, k in names if k is AliasKind.LEGAL), names[0][0] if names else None)


def _entity_ref(lei: str | None, scheme: AliasScheme, key: str, name: str, party: _Party) -> EntityRef:
    """The LEI when the statement gives one (so the entity joins GLEIF's), else its BODS id."""
    if lei:
        return EntityRef(lei=lei, name=name, jurisdiction=party.jurisdiction, kind=party.kind)
    return EntityRef(scheme=scheme, value=key, name=name, jurisdiction=party.jurisdiction, kind=party.kind)


def _placeholder_name(rtype: str, d: dict[str, Any], party: _Party, key: str) -> str:
    """An unknown/anonymous party's name: it embeds the BODS id so unknowns never merge."""
    unspecified = party.unspecified
    why = (unspecified or {}).get("description") or (unspecified or {}).get("reason")
    anonymous = str(d.get("personType") or party.entity_type or "").startswith("anonymous")
    word = "Anonymous" if anonymous else "Unknown"
    return f"{word} {rtype} [bods:{key}]" + (f" ({why})" if why else "")


def _unspecified_reason(party: dict[str, Any]) -> tuple[str, str | None]:
    """An unspecified party's reason code (0.1-0.3 ``reason``, 0.4 ``reason``; ``unspecifiedReason``
    as some 0.4 publishers write it) and its description."""
    reason = party.get("reason", party.get("unspecifiedReason"))
    code = camel(reason) if isinstance(reason, str) else None
    if code not in UNSPECIFIED_REASONS:
        raise Bad("interestedParty.reason", f"unknown unspecified reason {reason!r}")
    return code, party.get("description") or party.get("details")


def unknown_owner(subject: EntityRef, fact_key: str, code: str, desc: str | None,
                  common: dict[str, Any]) -> Entity:
    """The stub an unspecified interested party's interests hang on: one per relationship, named
    for its subject and reason, keyed by the relationship so that no two unknowns merge."""
    key = f"{fact_key.removeprefix('bods:')}#interestedParty"
    of = subject.name or subject.value or subject.lei
    name = f"Unknown interested party of {of} [bods:{key}] ({desc or code})"
    ref = EntityRef(scheme=AliasScheme.BODS_RECORD, value=key, name=name, kind=EntityKind.UNKNOWN)
    return Entity(ref=ref, name=name, kind=EntityKind.UNKNOWN,
                  aliases=(Alias(scheme=AliasScheme.BODS_RECORD, value=key, kind=AliasKind.IDENTIFIER),),
                  **{**common, "fact_key": f"bods:{key}"})


def _exception_dates(interests: Any) -> tuple[date | None, date | None]:
    """An unspecified party's valid time, where its interest states one (ownergraph's export
    does; GLEIF's publication does not)."""
    first = next((i for i in interests if isinstance(i, dict)), {}) if isinstance(interests, list) else {}
    return _date_or_none(first.get("startDate")), _date_or_none(first.get("endDate"))


def closed_on(common: dict[str, Any]) -> date:
    """The day a closed record ends: its statementDate (the record's final statement)."""
    return common["known_from"].date()


def _closed_interests(interests: Any, end: date) -> list[dict[str, Any]]:
    """A closed relationship's interests as its final version: each ends at its own endDate,
    else at the closing statement's date (BODS 0.4 recordStatus ``closed``: "the final
    Statement published pertaining to the record"). The relationship ended then, in valid
    time: before that date, known now, it still held (a retraction would erase that history).
    An interest that starts after the close never held and is dropped."""
    out = []
    for i in interests if isinstance(interests, list) else []:
        if not isinstance(i, dict):
            out.append(i)  # quarantined by the edge builder
            continue
        start = _date_or_none(i.get("startDate"))
        if i.get("endDate") or start is None or start <= end:
            out.append(i if i.get("endDate") else {**i, "endDate": end.isoformat()})
    return out


def _date_or_none(value: Any) -> date | None:
    try:
        return parse_date(value)
    except (TypeError, ValueError):
        return None  # the edge builder quarantines a bad date with its field


def _record_type_of(details: dict[str, Any]) -> str | None:
    """The record type a 0.4 ``recordDetails`` has by its schema's required fields, or None
    (no shape, or more than one: then the record stays refused naming ``recordType``)."""
    shapes = [t for t, fields in (("entity", ("entityType",)), ("person", ("personType",)),
                                  ("relationship", ("subject", "interestedParty")))
              if all(f in details for f in fields)]
    return shapes[0] if len(shapes) == 1 else None


class BodsReader:
    name = "bods"

    def sniff(self, path: Path, head: bytes) -> bool:
        keys = (b'"statementID"', b'"statementId"', b'"recordDetails"', b'"statementType"',
                b'"bodsVersion"')
        return any(k in head for k in keys)

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        return read_safely(path, self._read(path))

    def _read(self, path: Path) -> Iterator[Record]:
        state = _File(path)
        for loc, obj in iter_json_records(path):
            if isinstance(obj, Quarantined):
                yield obj
            else:
                yield from state.statement(loc, obj)


READERS: list = [BodsReader()]

__all__ = ["READERS", "BodsReader", "parse_stake"]
