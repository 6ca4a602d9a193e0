"""The alias index: who said which name or identifier, as plain dicts.

Every alias row belongs to the entity that asserted it (its *owner*) and never moves:
merging two entities adds a redirect in the decision log instead, so undoing the merge
restores every alias exactly. Lookups return owners; the resolver maps them to canonical
keys through the decision log.

Memory is linear in the number of aliases: one packed string per entity key holding its
info and alias rows (see ``_rows``), one dict entry per distinct (scheme, value) and per
distinct normalised name, and a few blocking entries per name.
"""

from __future__ import annotations

import shutil
import tempfile
import weakref
from bisect import bisect_left, insort
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ownergraph.domain.codes import AliasScheme

from ownergraph.resolution import disk_map
from ownergraph.resolution import rows as packed
from ownergraph.resolution.keys import INTERNAL_PREFIX
from ownergraph.resolution.normalise import NormalisedName, normalise_name
from ownergraph.resolution.rows import AliasRow, EntityInfo

__all__ = ["AliasIndex", "AliasRow", "EntityInfo", "block_keys"]

NAME = AliasScheme.NAME.value
LEI = AliasScheme.LEI.value
MAX_BLOCK = 2000  # blocks bigger than this are only used when a mention has no other
MAX_CANDIDATES = 200  # names scored per mention, so a batch's cost is bounded


def _add(multi: dict[Any, Any], k: Any, owner: str) -> None:
    """dict value is one owner (the common case, no list allocated) or a sorted list of owners
    (sorted, not in arrival order: an index rebuilt from the stored state, which adds owners
    in key order, then answers exactly as the one that was saved; see ``resolution.snapshot``)."""
    cur = multi.get(k)
    if cur is None:
        multi[k] = owner
    elif isinstance(cur, str):
        if cur != owner:
            multi[k] = [cur, owner] if cur < owner else [owner, cur]
    elif owner not in cur:
        insort(cur, owner)
        multi[k] = cur  # stored again: a map on disk keeps only what is set


def _discard(multi: dict[Any, Any], k: Any, owner: str) -> None:
    cur = multi.get(k)
    if cur == owner:
        del multi[k]
    elif isinstance(cur, list) and owner in cur:
        cur.remove(owner)
        multi[k] = cur[0] if len(cur) == 1 else cur


def _drop(db: Any, scratch: str) -> None:
    db.close()
    shutil.rmtree(scratch, ignore_errors=True)


def _id_key(scheme: str, value: str) -> str:
    # one string, not a (scheme, value) tuple: a tuple and its own value string cost ~60
    # bytes more per identifier; schemes never contain FS, so the key is unambiguous
    return scheme + packed.FS + value


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


class EntityTable(Mapping[str, EntityInfo]):
    """``AliasIndex.entities``: key -> EntityInfo, decoded from the packed records on access
    (a fresh object each time: change an entity with ``AliasIndex.put_entity``)."""

    def __init__(self, recs: dict[str, packed.Record]) -> None:
        self._recs = recs
        self.count = 0

    def __getitem__(self, key: str) -> EntityInfo:
        info = self.get(key)
        if info is None:
            raise KeyError(key)
        return info

    def get(self, key: str, default: Any = None) -> Any:
        rec = self._recs.get(key)
        info = None if rec is None else packed.info_of(key, rec)
        return default if info is None else info

    def __contains__(self, key: object) -> bool:
        rec = self._recs.get(key)  # type: ignore[call-overload]
        return rec is not None and packed.has_info(rec)

    def __iter__(self) -> Iterator[str]:
        return (k for k, rec in self._recs.items() if packed.has_info(rec))

    def __len__(self) -> int:
        return self.count


class AliasIndex:
    """Entities and their aliases, with lookups by (scheme, value) and by normalised name."""

    def __init__(self) -> None:
        self._recs: dict[str, packed.Record] = {}  # key -> its info and alias rows, packed
        self.entities = EntityTable(self._recs)
        self._ids: dict[str, Any] = {}  # scheme FS value -> owner(s)
        self._names: dict[str, Any] = {}  # normalised name -> owner(s)
        self._blocks: dict[str, list[str]] = {}
        # blocks added to since they were last sorted: a block is read sorted (its names in
        # arrival order would differ between the index a run built and one rebuilt from the
        # stored state); sorted when next read, not at every insert (a block can be huge)
        self._unsorted: set[str] = set()
        self._by_decision: dict[str, list[AliasRow]] = {}
        # keys whose info or alias rows changed since the state was stored (None: not tracked,
        # the whole state is saved); an incremental save writes only these
        self.changed: set[str] | None = None
        self.in_memory = True  # False: on disk (on_disk), never pickled as a snapshot
        # True: name rows are kept with their owners but not yet indexed by normalised name
        # or blocked (defer_names); the first name look-up indexes them all
        self.names_deferred = False

    @classmethod
    def on_disk(cls, folder: Path) -> AliasIndex:
        """An empty index whose entity records, identifier and name owners and blocks are kept in
        an sqlite file in a new folder under ``folder`` (``resolution.disk_map``; removed when
        the index is dropped or the process ends), so its memory does not grow with the
        entities; it answers as the in-memory one (tests/resolution/test_disk_index.py)."""
        index = cls()
        folder.mkdir(parents=True, exist_ok=True)
        scratch = tempfile.mkdtemp(prefix="alias-index-", dir=folder)
        db = disk_map.connect(Path(scratch) / "index.sqlite")
        weakref.finalize(index, _drop, db, scratch)
        index._recs = disk_map.DiskMap(db, "recs")
        index.entities = EntityTable(index._recs)
        index._ids = disk_map.DiskMap(db, "ids")
        index._names = disk_map.DiskMap(db, "names")
        index._blocks = disk_map.DiskBlocks(db)  # type: ignore[assignment]
        index._unsorted = disk_map.NoSorting()  # type: ignore[assignment]
        index.in_memory = False
        return index

    def defer_names(self) -> None:
        """From now on, record name rows with their owners only: the names are normalised,
        indexed and blocked when something first looks a name up (:meth:`index_names`). A
        first load of LEI records (a GLEIF golden copy) resolves every mention by LEI or
        identifier and never looks a name up, so it never pays for the name index; it saves
        the rows in the state, and the next run's index is built from them."""
        self.names_deferred = True

    def index_names(self) -> None:
        """Index and block every name row recorded while names were deferred, in one pass over
        the records; from then on each name is indexed as it is added. The index answers as
        if they had been indexed one by one: owners are kept sorted and blocks are read sorted."""
        if not self.names_deferred:
            return
        self.names_deferred = False
        for key, rec in self._recs.items():
            for row in packed.rows_of(key, rec) if packed.has_rows(rec) else ():
                if row.scheme == NAME:
                    self._index_name(row)

    def copy_into(self, other: AliasIndex) -> None:
        """Add this index's entities and alias rows to ``other`` (decision aliases included)."""
        for key, rec in list(self._recs.items()):
            info = packed.info_of(key, rec)
            if info is not None:
                other.put_entity(info)
            for row in packed.rows_of(key, rec):
                other.add_alias(row)

    def sorted_records(self) -> Iterator[tuple[str, packed.Record]]:
        """(key, packed record) of every key with an entity or alias rows, sorted by key
        (streamed from disk; one list in memory otherwise): read with ``packed.info_of`` and
        ``packed.rows_of``."""
        return iter(self._recs.items()) if not self.in_memory else iter(sorted(self._recs.items()))

    # -- writing -------------------------------------------------------------------------
    def put_entity(self, info: EntityInfo) -> None:
        rec = self._recs.get(info.key)
        if rec is None or not packed.has_info(rec):
            self.entities.count += 1
        new = packed.with_info(info.key, rec, info)
        if self.changed is not None and new != rec:
            self.changed.add(info.key)
        self._recs[info.key] = new

    def add_entity(self, key: str, info: EntityInfo | None, rows: list[AliasRow]) -> None:
        """``info`` (None: left as it is) and ``rows`` of ``key``, as :meth:`put_entity` then
        :meth:`add_alias` each would leave them; a key not seen before is packed and written
        once (a first load registers millions: one read and one write of its record each)."""
        if self._recs.get(key) is not None:
            if info is not None:
                self.put_entity(info)
            for row in rows:
                self.add_alias(row)
            return
        seen: set[tuple[Any, ...]] = set()
        fresh = []  # the first of rows alike (scheme, value, kind, validity), as add_alias keeps
        for row in rows:
            if row[1:6] not in seen:
                seen.add(row[1:6])
                fresh.append(row)
        if info is None and not fresh:
            return
        self._recs[key] = packed.pack(key, info, fresh)
        self.entities.count += info is not None
        if self.changed is not None:
            self.changed.add(key)
        for row in fresh:
            self._index_row(row)

    def add_alias(self, row: AliasRow) -> bool:
        """Add ``row`` unless the owner already has it; True when added."""
        rec = packed.with_row(row.key, self._recs.get(row.key), row)
        if rec is None:
            return False
        self._recs[row.key] = rec
        if self.changed is not None:
            self.changed.add(row.key)
        self._index_row(row)
        return True

    def _index_row(self, row: AliasRow) -> None:
        """A row just recorded with its owner: its name or identifier indexed."""
        if row.scheme == NAME:
            if not self.names_deferred:
                self._index_name(row)
        else:
            _add(self._ids, _id_key(row.scheme, row.value), row.key)
        if row.decision_id:
            self._by_decision.setdefault(row.decision_id, []).append(row)

    def _index_name(self, row: AliasRow) -> None:
        norm = normalise_name(row.value)
        if norm.key:
            if norm.key not in self._names:
                for b in block_keys(norm):
                    self._blocks.setdefault(b, []).append(norm.key)
                    self._unsorted.add(b)
            _add(self._names, norm.key, row.key)

    def remove_decision_aliases(self, decision_id: str) -> list[AliasRow]:
        self.index_names()
        removed = self._by_decision.pop(decision_id, [])
        for row in removed:
            rec = self._recs.get(row.key)
            if rec is None:
                continue
            self._recs[row.key] = packed.without_row(row.key, rec, row)
            if self.changed is not None:
                self.changed.add(row.key)
            rows = self.rows_of(row.key)
            still = [r for r in rows if r.scheme == row.scheme and (
                r.value == row.value if r.scheme != NAME
                else normalise_name(r.value).key == normalise_name(row.value).key)]
            if still:
                continue
            if row.scheme == NAME:
                _discard(self._names, normalise_name(row.value).key, row.key)
            else:
                _discard(self._ids, _id_key(row.scheme, row.value), row.key)
        return removed

    # -- reading -------------------------------------------------------------------------
    def owners_of_id(self, scheme: str, value: str) -> list[str]:
        return _owners(self._ids.get(_id_key(scheme, value)))

    def id_owners_split(self, scheme: str, value: str) -> tuple[list[str], list[str]]:
        """(LEI keys, internal keys) owning (scheme, value), each sorted. Owner lists are kept
        sorted and LEIs sort before internal keys: one bisection, whatever the group's size."""
        v = self._ids.get(_id_key(scheme, value))
        if v is None:
            return [], []
        if isinstance(v, str):
            return ([], [v]) if v.startswith(INTERNAL_PREFIX) else ([v], [])
        cut = bisect_left(v, INTERNAL_PREFIX)
        return v[:cut], v[cut:]

    def owners_of_name(self, norm_key: str) -> list[str]:
        self.index_names()
        return _owners(self._names.get(norm_key))

    def rows_of(self, key: str) -> list[AliasRow]:
        rec = self._recs.get(key)
        return [] if rec is None else packed.rows_of(key, rec)

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
        self.index_names()
        keys = block_keys(norm)
        for b in self._unsorted.intersection(keys):
            self._blocks[b].sort()
            self._unsorted.discard(b)
        blocks = sorted((self._blocks.get(b, []) for b in keys), key=len)
        usable = [b for b in blocks if len(b) <= MAX_BLOCK] or blocks[:1]
        seen: dict[str, None] = {}
        for b in usable:
            for k in b:
                if k not in self._names:  # every alias of that name was undone since
                    continue
                seen.setdefault(k, None)
                if len(seen) >= limit:
                    return list(seen)
        return list(seen)

    def owners(self) -> Iterable[str]:
        """Keys of the entities that asserted at least one alias row."""
        return (k for k, rec in self._recs.items() if packed.has_rows(rec))

    def rows(self) -> Iterator[AliasRow]:
        for key, rec in self._recs.items():
            yield from packed.rows_of(key, rec)

    def load(self, entities: Iterable[EntityInfo], rows: Iterable[AliasRow]) -> None:
        for info in entities:
            self.put_entity(info)
        for row in rows:
            self.add_alias(row)
