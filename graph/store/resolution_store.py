"""Persistence of the resolution state in Neo4j, and the key adapter loading uses.

Decisions become ``(:MatchDecision)`` nodes (queryable: who/what decided, score, when,
status); the full resolver state is kept as gzip'd JSON-lines chunks on ``(:ResolutionState)``
nodes so a later run resolves against everything loaded before (streamed both ways: at a
million entities the state is millions of records).

Incremental saves: a run that loaded the state adds only what it changed, as one
``(:ResolutionStateChange)`` node (gzip'd change records, see ``resolution.state``), and
writes only the changed decisions; loading streams the state with the changes merged in
(``merge_changes``). A 1% daily delta no longer rewrites the whole state. The state is written
whole again when the changes outgrow a quarter of it, or when another run saved since this
store loaded it (the head's token and change count no longer match).
"""

from __future__ import annotations

import gc
import gzip
import hashlib
import json
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from ownergraph.domain.settings import load_settings
from ownergraph.graph.store.connection import Graph, Reader
from ownergraph.domain.errors import ConfigError
from ownergraph.domain.model import Entity, EntityRef
from ownergraph.resolution import MatchSettings, ResolutionState, Resolver, StateRecord
from ownergraph.resolution import snapshot as snapshot
from ownergraph.resolution.state import ChangeRecord, merge_changes

# a driver packs a statement at ~7x its parameter's size: 1 MB chunks keep that transient small
_CHUNK = 1024 * 1024
# gzip level 1: at 1M entities the state is a few hundred MB of JSON; level 6 costs ~3x the
# time for ~10% smaller chunks (measured in bench/ingest).
_GZIP_LEVEL = 1
_CHANGES_HEADER = ["changes", 1]
_DECISION_BATCH = 20000
_REWRITE_AT = 0.25  # changes (compressed) over this share of the state's size: saved whole
_DEFAULT = object()


class GraphResolutionStore:
    """``snapshots``: the folder of local resolver snapshots (``resolution.snapshot``; default
    the settings' ``resolver_snapshot_dir``, None: none kept)."""

    def __init__(self, graph: Graph, snapshots: Path | None | object = _DEFAULT) -> None:
        self.graph = graph
        self.snapshots: Path | None = _snapshot_dir() if snapshots is _DEFAULT else snapshots  # type: ignore[assignment]
        # the stored state as this store last loaded or saved it: its token, how many change
        # sets it has, the compressed bytes of the state and of its changes, and the digest
        # naming the state with its changes (None: not known, no snapshot)
        self._token: str | None = None
        self._changes = 0
        self._bytes = 0
        self._change_bytes = 0
        self._digest: str | None = None

    def save_state_records(self, records: Iterable[StateRecord]) -> None:
        """Stream the state into gzip'd JSON lines (``["version", 2]``, then one
        ``[kind, record]`` per line, compact, sorted keys: the stored bytes are deterministic)
        stored as chunks; decisions also become (:MatchDecision) nodes.

        At a million entities the gzip stream is ~100 MB: held in memory with its copies (as
        chunks, as one driver message) it was the peak of a whole ingest. It is spooled to a
        temporary file and written one chunk per transaction as pending nodes (one
        transaction for all would keep every chunk alive: the driver holds each statement's
        parameters until the commit); one last transaction swaps them in for the stored
        state, so a reader never sees half a state and an interrupted save leaves it as it was
        (the (:MatchDecision) nodes, a queryable copy merged on their ids, are written as the
        decisions stream by, so they are never all held)."""
        decisions: list[dict[str, Any]] = []
        with tempfile.TemporaryFile() as spool:
            with gzip.GzipFile(fileobj=spool, mode="wb", compresslevel=_GZIP_LEVEL, mtime=0) as gz:
                lines = [_line("version", 2)]
                for kind, rec in records:
                    lines.append(_line(kind, rec))
                    if kind == "decision":
                        decisions.append(rec)
                        if len(decisions) >= _DECISION_BATCH:  # written as they come, never all held
                            self.graph.write_batches("resolution_decisions_save", decisions, _DECISION_BATCH)
                            decisions = []
                    if len(lines) >= 10000:
                        gz.write("".join(lines).encode())
                        lines = []
                gz.write("".join(lines).encode())
            self.graph.write("resolution_state_pending_clear")
            spool.seek(0)
            digest = hashlib.sha256()  # names the state: the same state saved twice, the same name
            for seq, chunk in enumerate(iter(lambda: spool.read(_CHUNK), b"")):
                digest.update(chunk)
                self.graph.write("resolution_state_chunk_save", seq=seq, data=chunk)
                # the driver's result objects form reference cycles that hold the statement's
                # parameters; collected young, each chunk is freed now, not at some later
                # full collection (which let every chunk of the save pile up)
                gc.collect(1)
            size = spool.tell()
        token = digest.hexdigest()[:32]
        self.graph.write("resolution_state_publish", token=token)
        self._token, self._changes, self._bytes, self._change_bytes = token, 0, size, 0
        self._digest = token
        self.graph.write_batches("resolution_decisions_save", decisions, _DECISION_BATCH)

    def save_state_changes(self, changes: Iterable[ChangeRecord]) -> bool:
        """Add ``changes`` to the stored state as one change set (one transaction), and the
        changed decisions as (:MatchDecision) nodes; False (nothing written) when the stored
        state is not the one this store loaded or saved last, or is due to be saved whole."""
        if self._token is None:
            return False
        decisions: list[dict[str, Any]] = []
        lines = [_line(*_CHANGES_HEADER)]
        for kind, rec in changes:
            lines.append(_line(kind, rec))
            if kind == "decision":
                decisions.append(rec)
        data = gzip.compress("".join(lines).encode(), compresslevel=_GZIP_LEVEL, mtime=0)
        del lines
        if self._change_bytes + len(data) > _REWRITE_AT * self._bytes:
            return False
        digest = _next_digest(self._digest, data)
        if not self.graph.write_rows("resolution_state_changes_save", token=self._token,
                                     seq=self._changes, data=data, digest=digest):
            self._token = self._digest = None  # another run saved since: this store's view is stale
            return False
        self._changes += 1
        self._digest = digest
        self._change_bytes += len(data)
        self.graph.write_batches("resolution_decisions_save", decisions, _DECISION_BATCH)
        return True

    def load_state_records(self) -> Iterator[StateRecord] | None:
        """The stored state as a stream, or None. The chunks are read in one transaction into
        a temporary file, one at a time, and decompressed from there line by line."""
        spool = tempfile.TemporaryFile()  # noqa: SIM115 - the record stream closes it
        changes: list[bytes] = []

        def fetch(tx: Reader) -> tuple[int, Any, int]:
            spool.seek(0)
            spool.truncate()
            changes.clear()
            seqs = [r["seq"] for r in tx.read("resolution_state_seqs")]
            for seq in seqs:
                spool.write(bytes(tx.read("resolution_state_chunk_load", seq=seq)[0]["data"]))
            head = tx.read("resolution_state_head")
            changes.extend(bytes(r["data"]) for r in tx.read("resolution_state_changes_load"))
            return len(seqs), head[0] if head else {"token": None, "changes": 0, "digest": None}

        found, head = self.graph.read_unit(fetch)
        if not found:
            spool.close()
            return None
        token, n_changes, self._digest = head["token"], head["changes"], head["digest"]
        self._token, self._bytes = token, spool.tell()
        self._changes, self._change_bytes = n_changes, sum(map(len, changes))
        if len(changes) != n_changes:  # pragma: no cover - written in one transaction with the count
            self._token = self._digest = None
        spool.seek(0)
        gz = gzip.GzipFile(fileobj=spool, mode="rb")
        if gz.peek(1)[:1] == b"{":  # version 1: one JSON document
            with spool, gz:
                return ResolutionState.from_dict(json.loads(gz.read())).records()
        records = _records(gz, spool)
        return merge_changes(records, _change_records(changes)) if changes else records

    # -- local snapshots (resolution.snapshot) ----------------------------------------
    def _snapshot_path(self, digest: str) -> Path | None:
        return None if self.snapshots is None else self.snapshots / f"{digest[:40]}.pickle"

    def load_snapshot(self, settings: MatchSettings | None) -> Resolver | None:
        """The resolver of the stored state from its local snapshot, or None (no state, no
        digest, no snapshot of that digest, or one that cannot be read)."""
        if self.snapshots is None:
            return None
        head = self.graph.read("resolution_state_head")
        digest = head[0]["digest"] if head else None
        path = self._snapshot_path(digest) if digest else None
        if path is None or not path.is_file():
            return None
        try:
            with open(path, "rb") as f:
                meta = snapshot.read_meta(f)
                if meta is None or meta.get("digest") != digest or meta.get("token") != head[0]["token"] \
                        or meta.get("changes") != head[0]["changes"]:
                    return None
                resolver = snapshot.load(f, settings)
        except OSError:
            return None
        if resolver is not None:
            self._token, self._changes, self._digest = meta["token"], meta["changes"], digest
            self._bytes, self._change_bytes = meta["bytes"], meta["change_bytes"]
        return resolver

    def save_snapshot(self, resolver: Resolver) -> None:
        """Keep ``resolver`` (the state as this store last loaded or saved it) as a snapshot; a
        folder that cannot be written only means no snapshot."""
        path = self._snapshot_path(self._digest) if self._digest and self._token else None
        if path is None:
            return
        meta = {"token": self._token, "digest": self._digest, "changes": self._changes,
                "bytes": self._bytes, "change_bytes": self._change_bytes}
        try:
            if path.is_file():
                with open(path, "rb") as f:
                    if snapshot.read_meta(f) == meta:
                        return  # kept already (a run that changed nothing)
            snapshot.write_file(resolver, path, meta)
        except OSError:
            return

    # the protocol's whole-state form, for callers that want a ResolutionState
    def save_resolution_state(self, state: ResolutionState) -> None:
        self.save_state_records(state.records())

    def load_resolution_state(self) -> ResolutionState | None:
        records = self.load_state_records()
        return None if records is None else ResolutionState.from_records(records)


def _snapshot_dir() -> Path | None:
    try:
        return load_settings().resolver_snapshot_dir
    except ConfigError:  # reported where the settings are loaded for the connection
        return None


def _next_digest(digest: str | None, data: bytes) -> str | None:
    """The digest of a state after adding the change set ``data`` (None stays None)."""
    return None if digest is None else hashlib.sha256(digest.encode() + hashlib.sha256(data).digest()).hexdigest()[:40]


# json.dumps with these options, made once: dumps builds a new encoder per call (~1/4 of a
# state line's encoding at a first load's millions of lines); the same bytes
_ENCODE = json.JSONEncoder(sort_keys=True, default=str, separators=(",", ":")).encode


def _line(kind: str, rec: Any) -> str:
    return _ENCODE([kind, rec]) + "\n"


def _records(gz: gzip.GzipFile, spool: IO[bytes]) -> Iterator[StateRecord]:
    with spool, gz:
        header = json.loads(gz.readline())
        if header != ["version", 2]:
            raise ValueError(f"unknown resolution state format: {header!r}")
        for line in gz:
            kind, rec = json.loads(line)
            yield kind, rec


def _change_records(sets: list[bytes]) -> Iterator[ChangeRecord]:
    for data in sets:
        lines = gzip.decompress(data).decode().splitlines()
        if json.loads(lines[0]) != _CHANGES_HEADER:
            raise ValueError(f"unknown resolution state change format: {lines[0]!r}")
        for line in lines[1:]:
            kind, rec = json.loads(line)
            yield kind, rec


def _cache_key(ref: EntityRef) -> tuple[Any, ...]:
    # a small tuple instead of the model itself: the cache may hold a million mentions
    return (ref.lei, ref.scheme, ref.value, ref.name, ref.jurisdiction, ref.kind)


class ResolverKeys:
    """``graph.load.loader.KeyResolver`` over a :class:`resolution.Resolver`, caching mentions.

    Mentions are resolved in batches (:meth:`keys_of`: one ``resolve_many`` call, so splink
    scores all name-only mentions of a batch together). Cache policy: a mention with an LEI
    always resolves to that LEI, so it is cached for the whole run; any other mention's key
    can change when an entity is registered (a new name or identifier owner), so those
    entries are dropped at the next batch after a :meth:`register`. A mention resolved
    before the entity it names was registered keeps the key it got then (a stub); it is not
    re-resolved retroactively (``Resolver.reconcile_stubs`` folds such stubs later).
    """

    def __init__(self, resolver: Resolver, max_cached: int = 200_000) -> None:
        self.resolver = resolver
        self.max_cached = max_cached
        self._lei: dict[tuple[Any, ...], str] = {}
        self._other: dict[tuple[Any, ...], str] = {}
        self._dirty = False
        self.hits = 0
        self.misses = 0
        self.calls = 0

    def register(self, entity: Entity) -> str:
        self._dirty = True  # a new entity can change how names and identifiers resolve
        return self.resolver.register(entity)

    def register_prepared(self, prepared: Any) -> str:
        """:meth:`register` of an LEI record prepared in a reader process (``graph.load.prepared``)."""
        self._dirty = True
        return self.resolver.register_prepared(prepared)

    def _invalidate(self) -> None:
        if self._dirty:
            self._other.clear()
            self._dirty = False
        if len(self._lei) + len(self._other) > self.max_cached:
            self._lei.clear()
            self._other.clear()

    def keys_of(self, refs: Sequence[EntityRef]) -> list[str]:
        """Canonical keys of ``refs`` (in order), resolving the uncached ones in one batch."""
        self._invalidate()
        out: list[str | None] = []
        todo: dict[tuple[Any, ...], EntityRef] = {}
        for ref in refs:
            ck = _cache_key(ref)
            key = (self._lei if ref.lei else self._other).get(ck)
            if key is None and ck not in todo:
                todo[ck] = ref
            out.append(key)
        if todo:
            self.calls += 1
            self.misses += len(todo)
            results = self.resolver.resolve_many(list(todo.values()))
            for ck, res in zip(todo, results, strict=True):
                (self._lei if ck[0] else self._other)[ck] = res.key
        self.hits += len(refs) - len(todo)
        return [k if k is not None else (self._lei if r.lei else self._other)[_cache_key(r)]
                for k, r in zip(out, refs)]

    def key_of(self, ref: EntityRef) -> str:
        return self.keys_of([ref])[0]

    def index_on_disk(self, folder: Path) -> None:
        """The resolver's alias index in an sqlite file under ``folder`` from now on (a bulk
        first load: ``Resolver.move_index_to_disk``)."""
        self.resolver.move_index_to_disk(folder)

    def info(self) -> dict[str, Any]:
        return {"cache": {"hits": self.hits, "misses": self.misses, "resolve_calls": self.calls,
                          "size": len(self._lei) + len(self._other)}}
