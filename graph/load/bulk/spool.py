"""A staged graph whose bulk — versioned edges and nodes — streams to disk, not memory.

:class:`~.staged.Staged` keeps every node and relationship of a first load as Python dicts
(~2.9 KB a record, issue 33). :class:`SpooledStaged` applies the same load semantics but writes
each new edge, versioned node (Sanction, ReportingException) and their entity links to
append-only spool files as its batch arrives, and so each Alias node and ALIAS_OF
relationship, keeping in memory only:

* one hash per edge / node / link written (the MERGE keys: dedupe, created vs present);
* one hash per fact, and the facts seen twice (the only ones a knowledge-time chain can change);
* the versions of bundle statements (``graph.load.conflicts`` compares them; bundle fact keys
  are scoped by producer, so no other source shares them);
* the hash of every entity key; the entities themselves are in an sqlite file
  (:class:`~.entity_store.EntityStore`), a batch bringing back only the keys it names again;
* documents and retractions, as :class:`Staged` does; corporate actions' nodes and AFFECTS
  relationships go to spools as they are applied (one hash per statement id kept).

At the end (:meth:`SpooledStaged.settle`) one pass over the spool brings back only the *hot*
rows: every version of a fact stated twice or retracted, and every edge and ALIAS_OF row at an
entity a corporate action names. They go into an ordinary :class:`Staged` sharing this one's entities,
where the chains are planned and the actions applied by the same code as before; the files are
then written in one more pass, each spooled row replaced by its hot version where it has one:
each spool tallies its rows' property types as they come (:class:`~.files.ColumnTypes`), so
that pass is the only one over it.

Hashes are Python's 64-bit tuple hashes, kept at about 10 bytes each (:class:`HashSet64`): two
different keys collide with odds of about n²/2⁶⁵ (≈ 3·10⁻⁶ at ten million rows).
"""

from __future__ import annotations

import pickle
from operator import itemgetter

import numpy as np
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

from ownergraph.graph.load.bulk.entity_store import EntityStore
from ownergraph.graph.load.bulk.files import ColumnTypes, TypedRows
from ownergraph.graph.load.bulk.staged import Staged
from ownergraph.graph.load.rows import KNOWN_MAX
from ownergraph.graph.load.rechain import NODE_LINKS
from ownergraph.domain.codes import EdgeType
from ownergraph.ingest.readers.bundle.mapping import SOURCE as BUNDLE_SOURCE

_CHUNK = 5000  # rows pickled together: one spool write per chunk
HOT_ENTITIES = 20000  # entities corporate actions asked for, kept in memory at the end


class _Spool:
    """Rows appended in pickled chunks to one file; read back in order. ``props_of``: a row's
    properties, whose types are tallied in ``types`` as rows come (None: rows without any)."""

    def __init__(self, path: Path, props_of: Callable[[tuple[Any, ...]], dict[str, Any]] | None = None) -> None:
        self.path = path
        self._f: BinaryIO = open(path, "wb")
        self._buf: list[tuple[Any, ...]] = []
        self.rows = 0
        self.types = ColumnTypes()
        self._props_of = props_of

    def add(self, row: tuple[Any, ...]) -> None:
        self._buf.append(row)
        self.rows += 1
        if self._props_of is not None:
            self.types.add(self._props_of(row))
        if len(self._buf) >= _CHUNK:
            self.flush()

    def flush(self) -> None:
        if self._buf:
            pickle.dump(self._buf, self._f, protocol=pickle.HIGHEST_PROTOCOL)
            self._buf = []
        self._f.flush()

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        self.flush()
        with open(self.path, "rb") as f:
            while True:
                try:
                    chunk = pickle.load(f)
                except EOFError:
                    return
                yield from chunk

    def close(self) -> None:
        self.flush()
        self._f.close()


_EDGE_PROPS = itemgetter(3)  # (start, end, statement id, props)
_NODE_PROPS = itemgetter(1)  # (statement id, props), ((alias, kind, entity), props)


def _alias_props(row: tuple[Any, ...]) -> dict[str, Any]:
    return {"key": row[0], "scheme": row[1], "value": row[2]}


class HashSet64:
    """Membership of 64-bit hashes at about 10 bytes each (a Python set of ints takes ~70): a
    sorted array, plus a set of the newest (≤ 256k ints, ~15 MB) merged into it every ``spill``
    additions. A bitmap of about 16 bits a hash (one bit per hash's low bits) answers most
    lookups of absent hashes — a first load's usual question — without searching the array."""

    def __init__(self, spill: int = 1 << 18) -> None:
        self._old = np.empty(0, np.int64)
        self._new: set[int] = set()
        self._spill = spill
        self._bits = bytearray(1)  # bit i: some hash in _old has low bits i (& _mask)
        self._mask = 7

    def __contains__(self, h: int) -> bool:
        if h in self._new:
            return True
        s = h & self._mask
        if not (self._bits[s >> 3] >> (s & 7)) & 1:
            return False
        old = self._old
        i = int(old.searchsorted(h))
        return i < len(old) and int(old[i]) == h

    def add(self, h: int) -> None:
        self._new.add(h)
        if len(self._new) >= self._spill:
            self._merge()

    def _merge(self) -> None:
        """The newest hashes into the sorted array (a merge: no sort of the whole array), and
        into the bitmap (rebuilt when the array outgrows it)."""
        new = np.fromiter(self._new, np.int64, len(self._new))
        new.sort()
        old = self._old
        at = old.searchsorted(new)
        there = old[np.minimum(at, len(old) - 1)] == new if len(old) else np.zeros(len(new), bool)
        new, at = new[~there], at[~there]
        self._old = np.insert(old, at, new)
        self._new = set()
        size = 1 << max(3, (2 * len(self._old) - 1).bit_length())  # bytes: 16+ bits a hash
        if size != len(self._bits):
            self._bits, self._mask, new = bytearray(size), size * 8 - 1, self._old
        self._set_bits(new)

    def _set_bits(self, hashes: np.ndarray) -> None:
        slots = hashes & self._mask
        bits = np.frombuffer(self._bits, np.uint8)  # a view: written in place
        np.bitwise_or.at(bits, slots >> 3, np.left_shift(1, slots & 7).astype(np.uint8))

    def __len__(self) -> int:
        return len(self._old) + len(self._new)


class KeySet:
    """Strings by their 64-bit hashes (about 10 bytes each): ``in``, ``add`` and ``update`` as a set's,
    for the keys a load has written (``build_rows``' ``known``)."""

    def __init__(self) -> None:
        self._hashes = HashSet64()

    def __contains__(self, key: object) -> bool:
        return hash(key) in self._hashes

    def add(self, key: str) -> None:
        self._hashes.add(hash(key))

    def update(self, keys: Iterable[str]) -> None:
        for key in keys:
            self._hashes.add(hash(key))

    def __len__(self) -> int:
        return len(self._hashes)


class _SpooledActions:
    """``Staged.actions`` of a spooled graph: statement id -> CorporateAction node properties,
    each written once to a spool (about 10 bytes a statement id in memory, for ``in``)."""

    _props_of: Callable[[tuple[Any, ...]], dict[str, Any]] | None = itemgetter(1)

    def __init__(self, path: Path) -> None:
        self._path, self._spool, self._ids = path, None, HashSet64()

    def types(self) -> ColumnTypes:
        return self._spool.types if self._spool is not None else ColumnTypes()

    def __contains__(self, sid: object) -> bool:
        return hash(sid) in self._ids

    def __setitem__(self, sid: str, props: dict[str, Any]) -> None:
        if self._spool is None:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            self._spool = _Spool(self._path, self._props_of)
        self._ids.add(hash(sid))
        self._spool.add((sid, props))

    def items(self) -> Iterator[tuple[Any, ...]]:
        return iter(self._spool) if self._spool is not None else iter(())

    def __len__(self) -> int:
        return self._spool.rows if self._spool is not None else 0

    def close(self) -> None:
        if self._spool is not None:
            self._spool.close()


class _SpooledAffects(_SpooledActions):
    """``Staged.affects`` of a spooled graph: (action statement id, role, entity key), each once."""

    _props_of = staticmethod(lambda row: {"role": row[0][1]})  # (action statement id, role, entity key)

    def setdefault(self, ident: tuple[str, str, str], default: None = None) -> None:
        if ident not in self:
            self[ident] = None  # type: ignore[index]

    def __iter__(self) -> Iterator[tuple[str, str, str]]:
        return (ident for ident, _ in self.items())


class _Entities(dict):  # type: ignore[type-arg]
    """The entities in memory (a batch's, or the parties of corporate actions) and, for ``in``,
    every stored one: a row names an entity that exists, as the load queries MATCH it."""

    def __init__(self, loaded: dict[str, dict[str, Any]], stored: KeySet) -> None:
        super().__init__(loaded)
        self.stored = stored

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in self.stored


class _LazyEntities(_Entities):
    """The entities corporate actions ask for at the end (``get``), read from the store then and
    written back to it once more than ``keep`` are in memory (oldest first): the actions change
    an entity in place within one call, so none is held across an eviction."""

    def __init__(self, store: EntityStore, stored: KeySet) -> None:
        super().__init__({}, stored)
        self._store, self._keep = store, max(2, HOT_ENTITIES)

    def get(self, key: str, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            return dict.__getitem__(self, key)
        e = self._store.get_many([key]).get(key) if key in self.stored else None
        if e is None:
            return default
        if len(self) >= self._keep:
            old = list(dict.keys(self))[: self._keep // 2]
            self._store.put_many({k: dict.__getitem__(self, k) for k in old})
            for k in old:
                dict.__delitem__(self, k)
        dict.__setitem__(self, key, e)
        return e

    def __getitem__(self, key: str) -> dict[str, Any]:
        e = self.get(key)
        if e is None:
            raise KeyError(key)
        return e


class _Unkept(dict):  # type: ignore[type-arg]
    """``Staged.entity_facts`` not kept: the store answers by fact key (``entities_of_fact``)."""

    def __getitem__(self, key: str) -> dict[str, None]:
        return {}


class SpooledStaged(Staged):
    """:class:`Staged` with its edges and versioned nodes in spool files under ``folder``."""

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        # one spool per type: (start, end, sid, props) / (sid, props) / (sid, entity)
        self._edge_spools: dict[str, _Spool] = {}
        self._node_spools: dict[str, _Spool] = {}
        self._link_spools: dict[str, _Spool] = {}
        self._alias_spools: dict[str, _Spool] = {}  # Alias nodes, ALIAS_OF relationships
        self._written = HashSet64()  # hashes of MERGE keys written
        self._fact_once = HashSet64()
        self._fact_again: set[int] = set()  # facts with a second version (or a repeat)
        self._bundle: dict[tuple[str, str], list[dict[str, Any]]] = {}  # versions the screen reads
        self._hot: Staged | None = None
        self._stored = KeySet()  # entity keys in the store
        self._store: EntityStore | None = None
        self.entities = _Entities({}, self._stored)
        self.entity_facts = _Unkept()
        self.actions = _SpooledActions(folder / "nodes-CorporateAction.spool")  # type: ignore[assignment]
        self.affects = _SpooledAffects(folder / "rels-AFFECTS.spool")  # type: ignore[assignment]

    def _entity_store(self) -> EntityStore:
        if self._store is None:
            self._store = EntityStore(self.folder / "entities.sqlite")
        return self._store

    def _spool(self, spools: dict[str, _Spool], prefix: str, name: str,
               props_of: Callable[[tuple[Any, ...]], dict[str, Any]] | None) -> _Spool:
        spool = spools.get(name)
        if spool is None:
            self.folder.mkdir(parents=True, exist_ok=True)
            spool = spools[name] = _Spool(self.folder / f"{prefix}-{name}.spool", props_of)
        return spool

    # -- batches: Staged's semantics, written out ---------------------------------------------
    def apply_batch(self, rows: dict[str, Any]) -> list[tuple[str, int, int]]:
        """:meth:`Staged.apply_batch` with the batch's entities brought back from the store
        (those it names again) and written to it after."""
        keys = {r["key"] for r in rows["stubs"]} | {r["key"] for r in rows["entities"]}
        again = [k for k in keys if k in self._stored]
        batch = _Entities(self._entity_store().get_many(again) if again else {}, self._stored)
        self.entities = batch
        try:
            return super().apply_batch(rows)
        finally:
            self._entity_store().put_many(batch)
            self._stored.update(batch)
            self.entities = _Entities({}, self._stored)

    def _retract_entities(self, keys: set[str]) -> None:
        # the stored entities of these facts join the batch's, then Staged's rule applies
        for key, e in self._entity_store().with_facts(sorted(keys)):
            if not dict.__contains__(self.entities, key):
                self.entities[key] = e
        super()._retract_entities(keys)

    def entities_of_fact(self, fact_key: str) -> Iterator[tuple[str, dict[str, Any]]]:
        return self._entity_store().with_facts([fact_key])

    def _fact(self, kind: str, fact_key: str) -> None:
        h = hash((kind, fact_key))
        if h in self._fact_once:
            self._fact_again.add(h)
        else:
            self._fact_once.add(h)

    def _edge(self, rtype: str, start: str, end: str, row: dict[str, Any]) -> bool:
        if not self._first(("e", rtype, start, end, row["statement_id"])):
            return False
        props = row["props"] | {"known_to": KNOWN_MAX}
        self._spool(self._edge_spools, "edges", rtype, _EDGE_PROPS).add((start, end, row["statement_id"], props))
        self._fact(rtype, props["fact_key"])
        self._keep_bundle(rtype, props)
        return True

    def _node(self, label: str, row: dict[str, Any]) -> bool:
        if label not in NODE_LINKS:
            return super()._node(label, row)
        if row["entity"] not in self.entities:
            return False
        sid, created = row["statement_id"], False
        if self._first(("n", label, sid)):
            props = row["props"] | {"known_to": KNOWN_MAX}
            self._spool(self._node_spools, "nodes", label, _NODE_PROPS).add((sid, props))
            self._fact(label, props["fact_key"])
            self._keep_bundle(label, props)
            created = True
        if self._first(("l", label, sid, row["entity"])):
            self._spool(self._link_spools, "links", label, None).add((sid, row["entity"]))
        return created

    def _alias(self, row: dict[str, Any]) -> None:
        # load_aliases: both merged, properties on create only
        if self._first(("a", row["key"])):
            self._spool(self._alias_spools, "aliases", "Alias", _alias_props).add((row["key"], row["scheme"], row["value"]))
        if row["entity"] in self.entities and self._first(("ao", row["key"], row["kind"], row["entity"])):
            self._spool(self._alias_spools, "aliases", "ALIAS_OF", _NODE_PROPS).add(((row["key"], row["kind"], row["entity"]), {
                "kind": row["kind"], "valid_from": row["valid_from"], "valid_to": row["valid_to"],
                "fact_key": row["fact_key"], "method": "source"}))

    def _first(self, ident: tuple[str, ...]) -> bool:
        """True the first time a MERGE key is written (its hash kept from then on)."""
        h = hash(ident)
        if h in self._written:
            return False
        self._written.add(h)
        return True

    def _keep_bundle(self, kind: str, props: dict[str, Any]) -> None:
        if props.get("source_system") == BUNDLE_SOURCE:
            self._bundle.setdefault((kind, props["fact_key"]), []).append(props)

    def versions_of(self, rtype: str, fact_key: str) -> Iterator[dict[str, Any]]:
        """Stated versions of a bundle fact (the only ones the conflict screen looks up)."""
        return iter(self._bundle.get((rtype, fact_key), ()))

    def rechain(self) -> int:
        raise RuntimeError("a spooled graph's chains are planned on its hot rows: settle() it")

    # -- the end: hot rows back in memory, chains and actions there -----------------------------
    def settle(self, parties: set[str]) -> Staged:
        """A :class:`Staged` holding the hot rows (see the module text), sharing this one's
        entities, aliases, documents, actions and retractions, for the chains and corporate
        actions to be applied to. ``parties``: the keys corporate actions name."""
        hot = Staged()
        hot.share_memory_of(self)
        hot.entities = _LazyEntities(self._entity_store(), self._stored)  # the parties', when asked for
        # aliases on disk: a rename (the one action that touches them) reads its party's
        # ALIAS_OF rows; Alias nodes it adds that the spool holds are dropped when written
        hot.aliases = {}
        hot.alias_of = {ident: props for ident, props in self._alias_spools.get("ALIAS_OF", ())
                        if ident[2] in parties}
        kinds = [*self._edge_spools, *self._node_spools]
        hot_facts = self._fact_again | {hash((k, fk)) for fk in self.retracted_facts() for k in kinds}
        for rtype, spool in self._edge_spools.items():
            for start, end, sid, props in spool:
                if hash((rtype, props["fact_key"])) in hot_facts or start in parties or end in parties:
                    hot.put_edge(rtype, start, end, sid, props)
        for label, spool in self._node_spools.items():
            chosen: dict[str, dict[str, Any]] = {}
            for sid, props in spool:
                if hash((label, props["fact_key"])) in hot_facts:
                    chosen[sid] = props
            links: dict[str, dict[str, None]] = {}
            for sid, entity in self._link_spools.get(label, ()):
                if sid in chosen:
                    links.setdefault(sid, {})[entity] = None
            for sid, props in chosen.items():
                hot.put_node(label, sid, props, links.get(sid, {}))
        self._hot = hot
        self._bundle = {}
        return hot

    # -- what the files hold: spooled groups as rows with their types, read once by files.write_*
    def node_groups(self) -> Iterator[tuple[str, str, Any]]:
        hot = self._settled()
        store = self._entity_store()
        store.put_many(hot.entities)  # as corporate actions left them
        for label, space, items in super().node_groups():  # documents ... Retraction: in memory
            if label == "Entity":
                yield label, space, TypedRows(store.items, store.types)
            elif label == "CorporateAction":
                yield label, space, TypedRows(self.actions.items, self.actions.types())
            elif label != "Alias":
                yield label, space, items
        aliases = self._alias_spools.get("Alias", ())
        yield "Alias", "Alias", TypedRows(partial(self._alias_nodes, hot), _types(aliases, hot.aliases.values()))
        for label, spool in self._node_spools.items():
            yield label, label, TypedRows(partial(_replaced, spool, hot.nodes[label], _node_ident),
                                          _types(spool, hot.nodes[label].values()))

    def relationship_groups(self) -> Iterator[tuple[str, str, str, Any]]:
        hot = self._settled()
        for rtype, start, end, items in super().relationship_groups():
            if rtype in ("MENTIONS", "FILED_BY"):
                yield rtype, start, end, items
        yield "AFFECTS", "CorporateAction", "Entity", TypedRows(
            lambda: ((c, e, {"role": r}) for c, r, e in self.affects), self.affects.types())
        alias_of = self._alias_spools.get("ALIAS_OF", ())
        yield "ALIAS_OF", "Alias", "Entity", TypedRows(partial(_alias_of, alias_of, hot.alias_of),
                                                       _types(alias_of, hot.alias_of.values()))
        for rtype in [*self._edge_spools, *(t for t in hot.edges if t not in self._edge_spools)]:
            start = "Portfolio" if rtype == EdgeType.HOLDING else "Entity"
            spool = self._edge_spools.get(rtype, ())
            yield rtype, start, "Entity", TypedRows(partial(_edges, spool, hot.edges[rtype]),
                                                    _types(spool, hot.edges[rtype].values()))
        for label, spool in self._link_spools.items():  # no properties
            yield NODE_LINKS[label], "Entity", label, TypedRows(partial(_links, spool, hot.links[label]), ColumnTypes())

    def _alias_nodes(self, hot: Staged) -> Iterator[tuple[str, dict[str, Any]]]:
        for key, scheme, value in self._alias_spools.get("Alias", ()):
            yield key, {"key": key, "scheme": scheme, "value": value}
        yield from ((k, p) for k, p in hot.aliases.items() if hash(("a", k)) not in self._written)

    def kinds_written(self) -> set[str]:
        """Edge types, versioned-node labels and their link types spooled, and Retraction if any."""
        out = {*self._edge_spools, *self._node_spools, *(NODE_LINKS[label] for label in self._link_spools)}
        return out | ({"Retraction"} if self.nodes.get("Retraction") else set())

    def _settled(self) -> Staged:
        if self._hot is None:
            raise RuntimeError("settle() the spooled graph before writing it")
        return self._hot

    def counts(self) -> dict[str, int]:
        def n(items: Any) -> int:
            return sum(1 for _ in (items() if callable(items) else items))

        return {"nodes": sum(n(items) for *_, items in self.node_groups()),
                "relationships": sum(n(items) for *_, items in self.relationship_groups())}

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
        for spools in (self._edge_spools, self._node_spools, self._link_spools, self._alias_spools):
            for spool in spools.values():
                spool.close()
        for spooled in (self.actions, self.affects):
            spooled.close()


def _types(spool: _Spool | tuple[()], hot: Iterable[dict[str, Any]]) -> ColumnTypes:
    """A spool's property types and its hot rows' (which replace or add to its rows)."""
    return (spool.types.copy() if isinstance(spool, _Spool) else ColumnTypes()).update(hot)


def _node_ident(row: tuple[Any, ...]) -> tuple[Any, dict[str, Any]]:
    return row[0], row[1]


def _edge_ident(row: tuple[Any, ...]) -> tuple[Any, dict[str, Any]]:
    return (row[0], row[1], row[2]), row[3]


def _replaced(spool: Iterable[tuple[Any, ...]], hot: dict[Any, dict[str, Any]],
              ident_of: Callable[[tuple[Any, ...]], tuple[Any, dict[str, Any]]]
              ) -> Iterator[tuple[Any, dict[str, Any]]]:
    """Spooled (id, props) rows, each replaced by its hot version where it has one, then the
    hot rows the spool never held (carried pieces, corporate-action splits)."""
    seen: set[Any] = set()
    for row in spool:
        ident, props = ident_of(row)
        if ident in hot:
            seen.add(ident)
            props = hot[ident]
        yield ident, props
    yield from ((ident, p) for ident, p in hot.items() if ident not in seen)


def _edges(spool: Iterable[tuple[Any, ...]], hot: dict[Any, dict[str, Any]]
           ) -> Iterator[tuple[str, str, dict[str, Any]]]:
    return ((a, b, p) for (a, b, _), p in _replaced(spool, hot, _edge_ident))


def _alias_of(spool: Iterable[tuple[Any, ...]], hot: dict[Any, dict[str, Any]]
              ) -> Iterator[tuple[str, str, dict[str, Any]]]:
    return ((a, e, p) for (a, _, e), p in _replaced(spool, hot, _node_ident))


def _links(spool: Iterable[tuple[str, str]], hot: dict[str, dict[str, None]]
           ) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Spooled links (entity, node), then those of hot nodes the spool never held (carried)."""
    seen: set[str] = set()
    for sid, entity in spool:
        if sid in hot:
            seen.add(sid)
        yield entity, sid, {}
    for sid, entities in hot.items():
        if sid not in seen:
            yield from ((e, sid, {}) for e in entities)


__all__ = ["HashSet64", "KeySet", "SpooledStaged"]
