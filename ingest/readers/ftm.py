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
  Succession -> the typed edges; endpoints are ``EntityRef(scheme=FTM_ID, value=id)``.
- UnknownLink, Representation, Membership, Employment, Occupancy and every other schema
  (Address, Note, Identification, ...) are quarantined with the reason, never dropped silently.

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
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from ownergraph.ingest.lei import is_valid_lei
from ownergraph.ingest.model import (
    Alias, AliasKind, AliasScheme, Association, Control, Entity, EntityKind, EntityRef,
    InterestType, Lending, Ownership, Provenance, Record, Retraction, Sanction, Stake,
    Succession,
)
from ownergraph.ingest.readers.base import build, parse_date, parse_datetime, quarantine

SOURCE = "ftm"

THING_KINDS: dict[str, EntityKind] = {
    "Person": EntityKind.PERSON,
    "PublicBody": EntityKind.GOVERNMENT,
    "Company": EntityKind.COMPANY,
    "Organization": EntityKind.COMPANY,
    "LegalEntity": EntityKind.COMPANY,
    "Vessel": EntityKind.UNKNOWN,  # ownable, sanctionable objects, not legal persons
    "Airplane": EntityKind.UNKNOWN,
}

# schema -> (source property, target property), in ownergraph's edge direction
EDGE_ENDS: dict[str, tuple[str, str]] = {
    "Ownership": ("owner", "asset"),
    "Directorship": ("director", "organization"),
    "Family": ("person", "relative"),
    "Associate": ("person", "associate"),
    "Debt": ("creditor", "debtor"),  # lender -> borrower
    "Succession": ("predecessor", "successor"),
}
NOT_CONTROL = {"UnknownLink", "Representation", "Membership", "Employment", "Occupancy"}

# identifier property -> (scheme, prefix for OTHER values or jurisdiction for company numbers)
IDENTIFIERS: dict[str, tuple[AliasScheme, str | None]] = {
    "ogrnCode": (AliasScheme.COMPANY_NUMBER, "RU"),  # Russian state registration number
    "innCode": (AliasScheme.OTHER, "inn"),
    "kppCode": (AliasScheme.OTHER, "kpp"),
    "okpoCode": (AliasScheme.OTHER, "okpo"),
    "taxNumber": (AliasScheme.OTHER, "tax"),
    "vatCode": (AliasScheme.OTHER, "vat"),
    "swiftBic": (AliasScheme.BIC, None),
    "isin": (AliasScheme.ISIN, None),
    "isinCode": (AliasScheme.ISIN, None),
    "cikCode": (AliasScheme.CIK, None),
    "dunsCode": (AliasScheme.OTHER, "duns"),
    "uscCode": (AliasScheme.OTHER, "usc"),
    "permId": (AliasScheme.OTHER, "permid"),
    "bvdId": (AliasScheme.OTHER, "bvd"),
    "ticker": (AliasScheme.OTHER, "ticker"),
    "imoNumber": (AliasScheme.OTHER, "imo"),
    "mmsi": (AliasScheme.OTHER, "mmsi"),
    "idNumber": (AliasScheme.OTHER, "id"),
    "passportNumber": (AliasScheme.OTHER, "passport"),
    "wikidataId": (AliasScheme.OTHER, "wikidata"),
}
NAME_KINDS = (("name", AliasKind.LEGAL), ("alias", AliasKind.TRADING),
              ("weakAlias", AliasKind.TRADING), ("previousName", AliasKind.PREVIOUS))

_STAMP = re.compile(r"(?<!\d)(\d{14})(?!\d)")
_NUM = r"(\d+(?:[.,]\d+)?)"


def _values(props: dict[str, Any], name: str) -> list[str]:
    """Non-empty string values of a property (nested entities give their id)."""
    out = []
    for v in props.get(name) or ():
        if isinstance(v, dict):
            v = v.get("id")
        if v is not None and str(v).strip():
            out.append(str(v).strip())
    return out


def _first(props: dict[str, Any], name: str) -> str | None:
    vals = _values(props, name)
    return vals[0] if vals else None


def _num(text: str) -> float:
    return float(text.replace(",", "."))


def parse_percentage(text: str | None) -> Stake | None:
    """FtM ``percentage`` text -> Stake; ``None`` when there is no figure to read.

    "50", "50%", "50.5 %" -> exact; "25-50" / "25 to 50" -> band [25, 50] (both ends
    inclusive: free text does not say, so the widest reading); ">50" / "<25" -> open bands.
    Values outside [0, 100] raise (the caller quarantines).
    """
    if text is None:
        return None
    t = text.strip().replace("%", "").replace("\u2013", "-").strip().lower()
    if m := re.fullmatch(_NUM, t):
        return Stake(exact=_num(m[1]))
    if m := re.fullmatch(_NUM + r"\s*(?:-|to)\s*" + _NUM, t):
        return Stake(lo=_num(m[1]), hi=_num(m[2]), lo_inclusive=True, hi_inclusive=True)
    if m := re.fullmatch(r"(>=|≥|>|more than|over|above|at least)\s*" + _NUM, t):
        return Stake(lo=_num(m[2]), lo_inclusive=m[1] in (">=", "≥", "at least"))
    if m := re.fullmatch(r"(<=|≤|<|less than|under|below|up to)\s*" + _NUM, t):
        return Stake(lo=0.0, hi=_num(m[2]), hi_inclusive=m[1] in ("<=", "≤", "up to"))
    return None  # unreadable figure: the interest stands without a stake


def _stamp_time(path: Path) -> datetime | None:
    """The publisher's timestamp in the delta's folder or file name, if any."""
    for part in (path.parent.name, path.name):
        if m := _STAMP.search(part):
            try:
                return datetime.strptime(m[1], "%Y%m%d%H%M%S").replace(tzinfo=timezone.utc)
            except ValueError:
                continue
    return None


def _mtime(path: Path) -> datetime:
    return datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)


class _Ctx:
    """Per-record context: where it came from and its knowledge time."""

    def __init__(self, path: Path, locator: str, known_from: datetime, delta: bool) -> None:
        self.path, self.locator, self.known_from, self.delta = path, locator, known_from, delta
        self.extra: list[Record] = []  # field-level quarantines found while mapping

    def prov(self, rid: str, props: dict[str, Any]) -> Provenance:
        return Provenance(source_system=SOURCE, source_record_id=rid,
                          document_id=_first(props, "sourceUrl"), locator=self.locator,
                          source_file=str(self.path))

    def date(self, props: dict[str, Any], name: str) -> date | None:
        """A date property; a bad one is quarantined on its own and read as absent."""
        v = _first(props, name)
        try:
            return parse_date(v)
        except ValueError as err:
            self.extra.append(quarantine(self.path, self.locator, name, str(err), v))
            return None


def _jurisdiction(props: dict[str, Any]) -> str | None:
    jur = _values(props, "jurisdiction")
    countries = _values(props, "country")
    if jur:
        return jur[0].upper()
    return countries[0].upper() if len(countries) == 1 else None  # several: ambiguous


def _aliases(eid: str, ent: dict[str, Any], props: dict[str, Any], jur: str | None,
             ctx: _Ctx) -> tuple[list[Alias], str | None]:
    """Every name and identifier as an alias; returns (aliases, first valid LEI)."""
    out: list[Alias] = []
    seen: set[tuple[AliasScheme, str]] = set()

    def add(scheme: AliasScheme, value: str, kind: AliasKind) -> None:
        if (scheme, value) not in seen:
            seen.add((scheme, value))
            out.append(Alias(scheme=scheme, value=value, kind=kind))

    for prop, kind in NAME_KINDS:
        for v in _values(props, prop):
            if any(c.isalnum() for c in v):  # weakAlias ":" in the sample is not a name
                add(AliasScheme.NAME, v, kind)
    lei = None
    for v in _values(props, "leiCode"):
        if is_valid_lei(v.upper()):
            lei = lei or v.upper()
            add(AliasScheme.LEI, v.upper(), AliasKind.IDENTIFIER)
        else:
            ctx.extra.append(quarantine(ctx.path, ctx.locator, "leiCode",
                                        f"leiCode: {v!r} fails the ISO 17442 check", v))
    for v in _values(props, "registrationNumber"):
        if jur:
            add(AliasScheme.COMPANY_NUMBER, f"{jur}:{v}", AliasKind.IDENTIFIER)
        else:
            add(AliasScheme.OTHER, f"registration:{v}", AliasKind.IDENTIFIER)
    for prop, (scheme, extra) in IDENTIFIERS.items():
        for v in _values(props, prop):
            if scheme is AliasScheme.COMPANY_NUMBER:
                v = f"{extra}:{v}"
            elif scheme is AliasScheme.OTHER:
                v = f"{extra}:{v}"
            add(scheme, v, AliasKind.IDENTIFIER)
    for v in [eid, *(str(r) for r in ent.get("referents") or ())]:
        add(AliasScheme.FTM_ID, v, AliasKind.IDENTIFIER)
    return out, lei


def _thing(ent: dict[str, Any], ctx: _Ctx) -> Iterator[Record]:
    eid, schema, props = ent["id"], ent["schema"], ent.get("properties") or {}
    kind = THING_KINDS[schema]
    jur = _jurisdiction(props)
    if jur is None and kind is EntityKind.PERSON:
        nat = _values(props, "nationality")
        jur = nat[0].upper() if len(nat) == 1 else None
    aliases, lei = _aliases(eid, ent, props, jur, ctx)
    names = [a.value for a in aliases if a.scheme is AliasScheme.NAME]
    caption = str(ent.get("caption") or "").strip()
    name = caption if caption and any(c.isalnum() for c in caption) else (names[0] if names else "")
    if not name:
        yield quarantine(ctx.path, ctx.locator, "name", f"{schema} {eid} has no name", ent)
        return

    def make() -> Entity:
        ref = (EntityRef(lei=lei, name=name, jurisdiction=jur, kind=kind) if lei else
               EntityRef(scheme=AliasScheme.FTM_ID, value=eid, name=name, jurisdiction=jur,
                         kind=kind))
        company = kind is not EntityKind.PERSON
        return Entity(
            ref=ref, name=name, kind=kind, aliases=tuple(aliases), jurisdiction=jur,
            valid_from=ctx.date(props, "incorporationDate") if company else None,
            valid_to=ctx.date(props, "dissolutionDate") if company else None,
            status=_first(props, "status"), known_from=ctx.known_from,
            provenance=ctx.prov(eid, props), fact_key=f"ftm:{eid}")

    yield build(ctx.path, ctx.locator, make, ent)
    topics = _values(props, "topics")
    if "sanction" in topics:
        datasets = [str(d) for d in ent.get("datasets") or ()]
        yield build(ctx.path, ctx.locator, lambda: Sanction(
            entity=EntityRef(scheme=AliasScheme.FTM_ID, value=eid, name=name, kind=kind),
            authority=", ".join(datasets) or None, programme=_first(props, "program"),
            valid_from=ctx.date(props, "createdAt"), known_from=ctx.known_from,
            provenance=ctx.prov(eid, props), fact_key=f"ftm:{eid}:sanction"), ent)
    elif ctx.delta:
        # a MOD without the topic delists: close the sanction an earlier version implied
        yield Retraction(fact_key=f"ftm:{eid}:sanction", known_from=ctx.known_from,
                         provenance=ctx.prov(eid, props))


def _ref(eid: str) -> EntityRef:
    return EntityRef(scheme=AliasScheme.FTM_ID, value=eid)


def _sanction(ent: dict[str, Any], ctx: _Ctx) -> Iterator[Record]:
    eid, props = ent["id"], ent.get("properties") or {}
    targets = _values(props, "entity")
    if not targets:
        yield quarantine(ctx.path, ctx.locator, "entity", "Sanction names no entity", ent)
        return
    for i, target in enumerate(targets):
        yield build(ctx.path, ctx.locator, lambda: Sanction(
            entity=_ref(target), authority=_first(props, "authority"),
            programme=_first(props, "program") or _first(props, "programId"),
            valid_from=ctx.date(props, "startDate") or ctx.date(props, "listingDate"),
            valid_to=ctx.date(props, "endDate"), known_from=ctx.known_from,
            provenance=ctx.prov(eid, props),
            fact_key=f"ftm:{eid}" if i == 0 else f"ftm:{eid}#{i}"), ent)


def _edge(ent: dict[str, Any], ctx: _Ctx) -> Iterator[Record]:
    eid, schema, props = ent["id"], ent["schema"], ent.get("properties") or {}
    src_prop, dst_prop = EDGE_ENDS[schema]
    sources, targets = _values(props, src_prop), _values(props, dst_prop)
    for prop, vals in ((src_prop, sources), (dst_prop, targets)):
        if not vals:
            yield quarantine(ctx.path, ctx.locator, prop, f"{schema} {eid} has no {prop}", ent)
            return
    valid_from = ctx.date(props, "date" if schema == "Succession" else "startDate")
    valid_to = ctx.date(props, "endDate")
    pairs = [(s, t) for s in sources for t in targets]
    for i, (s, t) in enumerate(pairs):
        common = dict(
            source=_ref(s), target=_ref(t), known_from=ctx.known_from,
            valid_from=valid_from, valid_to=valid_to, provenance=ctx.prov(eid, props),
            fact_key=f"ftm:{eid}" if i == 0 else f"ftm:{eid}#{i}")  # several ends: rare
        yield build(ctx.path, ctx.locator, lambda: _typed_edge(schema, props, common), ent)


def _typed_edge(schema: str, props: dict[str, Any], common: dict[str, Any]) -> Record:
    if schema == "Ownership":
        otype = (_first(props, "ownershipType") or "").lower()
        return Ownership(**common, stake=parse_percentage(_first(props, "percentage")),
                         interest=InterestType.VOTING_RIGHTS if "vot" in otype
                         else InterestType.SHAREHOLDING,
                         share_class=_first(props, "sharesType"))
    if schema == "Directorship":
        return Control(**common, control_kind="directorship")
    if schema in ("Family", "Associate"):
        default = "family" if schema == "Family" else "associate"
        return Association(**common, relationship=_first(props, "relationship") or default)
    if schema == "Debt":
        amount = _first(props, "amount")
        currency = _first(props, "currency")
        return Lending(**common, amount=_num(amount.replace(",", "")) if amount else None,
                       currency=currency.upper() if currency else None)
    return Succession(**common)


def _entity_records(ent: dict[str, Any], ctx: _Ctx) -> Iterator[Record]:
    schema = ent.get("schema")
    if schema in THING_KINDS:
        yield from _thing(ent, ctx)
    elif schema == "Sanction":
        yield from _sanction(ent, ctx)
    elif schema in EDGE_ENDS:
        yield from _edge(ent, ctx)
    elif schema in NOT_CONTROL:
        yield quarantine(ctx.path, ctx.locator, "schema",
                         f"{schema}: not an ownership/control relationship", ent.get("id"))
    else:
        yield quarantine(ctx.path, ctx.locator, "schema",
                         f"{schema!r}: not an entity or relationship ownergraph models",
                         ent.get("id"))
    yield from ctx.extra


class FtmReader:
    """``--format ftm``: FtM full exports, delta files and the delta index."""

    name = "ftm"

    def sniff(self, path: Path, head: bytes) -> bool:
        h = head.lstrip()
        if re.match(rb'\{\s*"versions"\s*:', h):
            return True
        first = h.split(b"\n", 1)[0]
        return h.startswith(b"{") and (
            (b'"schema"' in first and b'"properties"' in first)
            or (b'"op"' in first and b'"entity"' in first))

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        with path.open("rb") as f:
            head = f.read(1024)
        if re.match(rb'\s*\{\s*"versions"\s*:', head):
            yield from self._read_index(path)
        else:
            yield from self._read_lines(path)

    def _read_index(self, path: Path) -> Iterator[Record]:
        try:
            index = json.loads(path.read_bytes())  # a small manifest, not entity data
            versions = dict(index["versions"])
        except (ValueError, KeyError, TypeError) as err:
            yield quarantine(path, "document", "versions", f"bad delta index: {err}")
            return
        for version in sorted(versions):
            local = path.parent / version / "entities.delta.json"
            if local.is_file():
                yield from self._read_lines(local)
            else:
                yield quarantine(path, f"versions.{version}", "versions",
                                 "delta file not present locally", versions[version])

    def _read_lines(self, path: Path) -> Iterator[Record]:
        stamp = _stamp_time(path)
        mtime = _mtime(path)
        with path.open("rb") as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                yield from self._read_line(path, n, line, stamp, mtime)

    def _read_line(self, path: Path, n: int, line: bytes, stamp: datetime | None,
                   mtime: datetime) -> Iterable[Record]:
        loc = f"line {n}"
        try:
            obj = json.loads(line)
        except ValueError as err:
            return [quarantine(path, loc, "json", f"malformed JSON: {err}", line[:2000].decode(
                "utf-8", "replace"))]
        if not isinstance(obj, dict):
            return [quarantine(path, loc, "json", "line is not a JSON object", obj)]
        delta = "op" in obj and "entity" in obj
        ent = obj["entity"] if delta else obj
        if not isinstance(ent, dict) or not ent.get("id"):
            return [quarantine(path, loc, "id", "entity has no id", obj)]
        eid = str(ent["id"])
        try:
            if delta:
                known = stamp or parse_datetime(ent.get("last_change")) or mtime
            else:
                known = (parse_datetime(ent.get("last_change"))
                         or parse_datetime(ent.get("first_seen")) or mtime)
        except ValueError as err:
            return [quarantine(path, loc, "last_change", str(err), ent.get("last_change"))]
        if delta:
            op = str(obj["op"]).upper()
            if op == "DEL":
                prov = Provenance(source_system=SOURCE, source_record_id=eid, locator=loc,
                                  source_file=str(path))
                return [Retraction(fact_key=f"ftm:{eid}", known_from=known, provenance=prov),
                        Retraction(fact_key=f"ftm:{eid}:sanction", known_from=known,
                                   provenance=prov)]
            if op not in ("ADD", "MOD"):
                return [quarantine(path, loc, "op", f"unknown delta op {obj['op']!r}", obj)]
        if not ent.get("schema"):
            return [quarantine(path, loc, "schema", "entity has no schema", ent)]
        return list(_entity_records(ent, _Ctx(path, loc, known, delta and op == "MOD")))


READERS: list = [FtmReader()]
