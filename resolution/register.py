"""Registering Entity records: choose the key, record every alias, join shared identifiers."""

from __future__ import annotations

from typing import Any

from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.domain.model import Entity

from ownergraph.resolution.decisions import DecisionLog, MergeRefused
from ownergraph.resolution.index import NAME, AliasIndex
from ownergraph.resolution.rows import AliasRow, EntityInfo
from ownergraph.resolution.keys import authority, identifier_key, is_internal_key, name_key, normalise_identifier

IDENT = AliasKind.IDENTIFIER.value


def kind_class(kind: EntityKind | str | None) -> str | None:
    """person / organisation, or None when unknown: the only kind split matching trusts."""
    if kind is None:
        return None
    k = EntityKind(kind)
    if k is EntityKind.UNKNOWN:
        return None
    return "person" if k is EntityKind.PERSON else "organisation"


# (lei, identifiers, names, name, kind, jurisdiction): what registering an LEI record needs of it
PreparedRegistration = tuple[str, list[tuple[str, str, Any, Any]], list[tuple[str, str, Any, Any]], str, str,
                             "str | None"]


def prepare_registration(entity: Entity) -> PreparedRegistration | None:
    """What :meth:`Registrar.register` takes from an entity record whose key is its own LEI
    (``ref.lei``), computed without the index (a reader process may do it); None for any other."""
    lei = entity.ref.lei
    if not lei:
        return None
    return (lei, Registrar._identifiers(entity), Registrar._names(entity), entity.name, entity.kind.value,
            entity.jurisdiction)


class Registrar:
    """Turns Entity records into keys and alias rows."""

    def __init__(self, index: AliasIndex, decisions: DecisionLog,
                 conflicts: dict[tuple[str, str, str], str]) -> None:
        self.index = index
        self.decisions = decisions
        self.conflicts = conflicts

    def register(self, entity: Entity) -> str:
        """The canonical key of ``entity`` after recording its aliases.

        Key: its LEI; else the owner of an identifier already known (the entity's own
        handle first, then by scheme authority); else a new internal key (see _keys).
        """
        ref = entity.ref
        lei = ref.lei or next((a.value.strip().upper() for a in entity.aliases
                               if a.scheme is AliasScheme.LEI
                               and is_valid_lei(a.value.strip().upper())), None)
        ids = self._identifiers(entity)
        if lei:
            key = lei
        else:
            found = [o for s, v, *_ in ids for o in self._joinable_owners(s, v)]
            key = found[0] if found else (
                identifier_key((s, v) for s, v, *_ in ids)
                or name_key(entity.name, entity.jurisdiction, entity.kind))
        return self._record(key, lei, ids, self._names(entity), entity.name, entity.kind.value, entity.jurisdiction)

    def register_prepared(self, prepared: PreparedRegistration) -> str:
        """:meth:`register` of an LEI record from what :func:`prepare_registration` took
        from it (in another process): the same key, rows, joins and decisions."""
        lei, ids, names, name, kind, jurisdiction = prepared
        return self._record(lei, lei, ids, names, name, kind, jurisdiction)

    def _record(self, key: str, lei: str | None, ids: list[tuple[str, str, Any, Any]],
                names: list[tuple[str, str, Any, Any]], name: str, kind: str, jurisdiction: str | None) -> str:
        # no alias row for the LEI itself: the key is the LEI and resolution by LEI never looks
        # it up (a row per LEI entity was ~20% of the index's memory at a million entities)
        rows = [AliasRow(key, scheme, value, IDENT, vf, vt) for scheme, value, vf, vt in ids]
        rows += [AliasRow(key, NAME, n, k, vf, vt) for n, k, vf, vt in names]
        self.index.add_entity(key, self._info(key, lei, name, kind, jurisdiction), rows)
        self._join_shared(key, ids)
        return self.decisions.canonical(key)

    @staticmethod
    def _identifiers(entity: Entity) -> list[tuple[str, str, Any, Any]]:
        out: dict[tuple[str, str], tuple[str, str, Any, Any]] = {}
        ref = entity.ref
        own = None
        if ref.scheme and ref.value and ref.scheme not in (AliasScheme.NAME, AliasScheme.LEI):
            own = (ref.scheme.value, normalise_identifier(ref.scheme.value, ref.value))
            out[own] = (*own, None, None)
        for a in entity.aliases:
            if a.scheme in (AliasScheme.NAME, AliasScheme.LEI) or not a.value.strip():
                continue
            k = (a.scheme.value, normalise_identifier(a.scheme.value, a.value))
            if k not in out or k == own:
                out[k] = (*k, a.valid_from, a.valid_to)
        rest = sorted((v for k, v in out.items() if k != own),
                      key=lambda t: (authority(t[0]), t[0], t[1]))
        return ([out[own]] if own else []) + rest

    @staticmethod
    def _names(entity: Entity) -> list[tuple[str, str, Any, Any]]:
        names = [(a.value, a.kind.value, a.valid_from, a.valid_to) for a in entity.aliases
                 if a.scheme is AliasScheme.NAME and a.value.strip()]
        if not any(n == entity.name for n, *_ in names):
            names.insert(0, (entity.name, AliasKind.LEGAL.value, None, None))
        if entity.ref.name and not any(n == entity.ref.name for n, *_ in names):
            names.append((entity.ref.name, AliasKind.LEGAL.value, None, None))
        return names

    def _info(self, key: str, lei: str | None, name: str, kind: str, jurisdiction: str | None) -> EntityInfo | None:
        """What the index is to know of ``key`` after this record; None: what it knows."""
        old = self.index.entities.get(key)
        # a later record of the same entity updates it, except that a record without the
        # LEI never overrides what an LEI record said
        if old is not None and not old.stub and old.lei and not lei:
            return None
        return EntityInfo(
            key=key, name=name, kind=kind, lei=lei or (old.lei if old else None),
            jurisdiction=jurisdiction or (old.jurisdiction if old else None), stub=False)

    def _joinable_owners(self, scheme: str, value: str) -> list[str]:
        """Owners of an identifier a record without an LEI may be joined to: all of them,
        unless two or more LEIs share it (sub-funds of one umbrella under one register
        number): then it says which LEI of several, not which entity, and only the owners
        without an LEI are."""
        leis, internal = self.index.id_owners_split(scheme, value)
        return leis + internal if len(leis) < 2 else internal

    def _join_shared(self, key: str, ids: list[tuple[str, str, Any, Any]]) -> None:
        """Entities sharing an identifier are one entity: merge them (reversibly), unless
        that would join two LEIs or a rejected pair; then keep both and note a conflict.

        Two LEIs are never one entity, so an identifier several LEIs share is an attribute of
        each, not a join: an LEI record is joined only to the owners without an LEI, and the
        sharing is noted once per identifier (when a second LEI claims it), so a group of n
        LEIs under one register number costs n, not n² (issue 33)."""
        own_lei = not is_internal_key(key)
        for scheme, value, *_ in ids:
            alias = f"{scheme}:{value}"
            leis, internal = self.index.id_owners_split(scheme, value)
            others = [o for o in leis if o != key]
            if own_lei:
                if len(others) == 1:  # the second LEI: the one conflict this identifier notes
                    self._merge_or_note(key, others[0], alias)
                candidates = internal
            else:
                candidates = internal + (others if len(others) < 2 else [])
            for other in candidates:
                if other != key:
                    self._merge_or_note(key, other, alias)

    def _merge_or_note(self, key: str, other: str, alias: str) -> None:
        if self.decisions.canonical(other) == self.decisions.canonical(key):
            return
        try:
            self.decisions.merge(key, other, method="identifier", decided_by="resolver",
                                 reason=f"shared identifier {alias}")
        except MergeRefused as err:
            self.conflicts[(key, other, alias)] = str(err)
