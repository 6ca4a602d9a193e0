"""The alias index: who said which name or identifier, as plain dicts.

Every alias row belongs to the entity that asserted it (its *owner*) and never moves:
merging two entities adds a redirect in the decision log instead, so undoing the merge
restores every alias exactly. Lookups return owners; the resolver maps them to canonical
keys through the decision log.

Memory is linear in the number of aliases: one row tuple each, one dict entry per distinct
(scheme, value) and per distinct normalised name, and two blocking entries per name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any, NamedTuple

from ingest.model import AliasScheme

from resolution._keys import country_of
from resolution._normalise import NormalisedName, normalise_name

NAME = AliasScheme.NAME.value
LEI = AliasScheme.LEI.value
MAX_BLOCK = 2000  # blocks bigger than this are only used when a mention has no other
MAX_CANDIDATES = 200  # names scored per mention, so a batch's cost is bounded


@dataclass(slots=True)
class EntityInfo:
    key: str
    name: str
    kind: str
    lei: str | None = None
    jurisdiction: str | None = None
    stub: bool = False  # created for an unresolved mention, not from an Entity record

    @property
    def country(self) -> str | None:
        return country_of(self.jurisdiction)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class AliasRow(NamedTuple):
    key: str  # owner: the entity that asserted the alias
    scheme: str
    value: str  # normalised identifier, or the name as written
    kind: str
    valid_from: date | None = None
    valid_to: date | None = None
    decision_id: str | None = None  # set when a match decision added it (undo removes it)

    def valid_on(self, day: date | None) -> bool:
        if day is None:
            return True
        return (self.valid_from is None or self.valid_from <= day) and (
            self.valid_to is None or day < self.valid_to
        )

    def as_dict(self) -> dict[str, Any]:
        d = self._asdict()
        for f in ("valid_from", "valid_to"):
            d[f] = d[f].isoformat() if d[f] else None
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> AliasRow:
        def day(v: Any) -> date | None:
            return date.fromisoformat(v) if isinstance(v, str) else v

        return cls(d["key"], d["scheme"], d["value"], d["kind"], day(d.get("valid_from")),
                   day(d.get("valid_to")), d.get("decision_id"))


def _add(multi: dict[Any, Any], k: Any, owner: str) -> None:
    """dict value is one owner (the common case, no list allocated) or a list of owners."""
    cur = multi.get(k)
    if cur is None:
        multi[k] = owner
    elif isinstance(cur, str):
        if cur != owner:
            multi[k] = [cur, owner]
    elif owner not in cur:
        cur.append(owner)


def _discard(multi: dict[Any, Any], k: Any, owner: str) -> None:
    cur = multi.get(k)
    if cur == owner:
        del multi[k]
    elif isinstance(cur, list) and owner in cur:
        cur.remove(owner)
        if len(cur) == 1:
            multi[k] = cur[0]


def _owners(v: Any) -> list[str]:
    return [] if v is None else [v] if isinstance(v, str) else list(v)


def block_keys(norm: NormalisedName) -> list[str]:
    """Blocking keys of a name: its first and last token, its first two tokens, its first
    and last 3 letters."""
    toks = norm.tokens
    if not toks:
        return []
    keys = {"t:" + toks[0], "t:" + toks[-1], "p:" + norm.key[:3], "s:" + norm.key[-3:]}
    if len(toks) > 2:
        keys.add("b:" + " ".join(toks[:2]))
    return sorted(keys)


class AliasIndex:
    """Entities and their aliases, with lookups by (scheme, value) and by normalised name."""

    def __init__(self) -> None:
        self.entities: dict[str, EntityInfo] = {}
        self._rows: dict[str, list[AliasRow]] = {}
        self._ids: dict[tuple[str, str], Any] = {}
        self._names: dict[str, Any] = {}
        self._blocks: dict[str, list[str]] = {}
        self._by_decision: dict[str, list[AliasRow]] = {}

    # -- writing -------------------------------------------------------------------------
    def put_entity(self, info: EntityInfo) -> None:
        self.entities[info.key] = info

    def add_alias(self, row: AliasRow) -> bool:
        """Add ``row`` unless the owner already has it; True when added."""
        rows = self._rows.setdefault(row.key, [])
        ident = row[1:6]
        if any(r[1:6] == ident for r in rows):
            return False
        rows.append(row)
        if row.scheme == NAME:
            norm = normalise_name(row.value)
            if norm.key:
                if norm.key not in self._names:
                    for b in block_keys(norm):
                        self._blocks.setdefault(b, []).append(norm.key)
                _add(self._names, norm.key, row.key)
        else:
            _add(self._ids, (row.scheme, row.value), row.key)
        if row.decision_id:
            self._by_decision.setdefault(row.decision_id, []).append(row)
        return True

    def remove_decision_aliases(self, decision_id: str) -> list[AliasRow]:
        removed = self._by_decision.pop(decision_id, [])
        for row in removed:
            rows = self._rows.get(row.key, [])
            if row in rows:
                rows.remove(row)
            still = [r for r in rows if r.scheme == row.scheme and (
                r.value == row.value if r.scheme != NAME
                else normalise_name(r.value).key == normalise_name(row.value).key)]
            if still:
                continue
            if row.scheme == NAME:
                _discard(self._names, normalise_name(row.value).key, row.key)
            else:
                _discard(self._ids, (row.scheme, row.value), row.key)
        return removed

    # -- reading -------------------------------------------------------------------------
    def owners_of_id(self, scheme: str, value: str) -> list[str]:
        return _owners(self._ids.get((scheme, value)))

    def owners_of_name(self, norm_key: str) -> list[str]:
        return _owners(self._names.get(norm_key))

    def rows_of(self, key: str) -> list[AliasRow]:
        return self._rows.get(key, [])

    def name_rows(self, key: str, norm_key: str) -> list[AliasRow]:
        return [r for r in self.rows_of(key)
                if r.scheme == NAME and normalise_name(r.value).key == norm_key]

    def identifiers_of(self, key: str, scheme: str) -> set[str]:
        return {r.value for r in self.rows_of(key) if r.scheme == scheme}

    def names_of(self, key: str) -> set[str]:
        keys = {normalise_name(r.value).key for r in self.rows_of(key) if r.scheme == NAME}
        keys.discard("")
        return keys

    def candidate_names(self, norm: NormalisedName, limit: int = MAX_CANDIDATES) -> list[str]:
        """Normalised names sharing a blocking key with ``norm``: smallest blocks first, at
        most ``limit`` names, blocks over MAX_BLOCK only if there is no other."""
        blocks = sorted((self._blocks.get(b, []) for b in block_keys(norm)), key=len)
        usable = [b for b in blocks if len(b) <= MAX_BLOCK] or blocks[:1]
        seen: dict[str, None] = {}
        for b in usable:
            for k in b:
                seen.setdefault(k, None)
                if len(seen) >= limit:
                    return list(seen)
        return list(seen)

    def owners(self) -> Iterable[str]:
        """Keys of the entities that asserted at least one alias row."""
        return self._rows.keys()

    def rows(self) -> Iterator[AliasRow]:
        for rows in self._rows.values():
            yield from rows

    def load(self, entities: Iterable[EntityInfo], rows: Iterable[AliasRow]) -> None:
        for info in entities:
            self.put_entity(info)
        for row in rows:
            self.add_alias(row)
