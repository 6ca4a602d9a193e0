"""Vector index over disclosure chunks, filtered by entity, knowledge date and form type.

Backends (all behind :class:`VectorIndex`):

* :class:`EdgeIndex` — the embedded on-disk default: Qdrant Edge (``qdrant-edge-py``), Qdrant's
  in-process engine. One shard directory per collection under ``path``; keyword indexes on
  ``entity_keys``/``form_type``/``document_id``/``filing_id`` and a datetime index on
  ``filed_at``, so payload-filtered searches touch only matching points.
* :class:`QdrantClientIndex` — a Qdrant server via ``qdrant-client`` when ``QDRANT_URL`` is set
  (cosine collection, the same payload indexes, ``MatchAny`` on ``entity_keys``,
  ``DatetimeRange(lte=...)`` on ``filed_at``). With ``QdrantClient(path=...)`` the same class is
  the fallback embedded store when ``qdrant-edge-py`` is not installed (slower: its local mode
  filters in Python).

:func:`open_index` shares one open Edge shard per folder within a process (its write-ahead log
admits one opener): a client and an ingest in one notebook both use it. Another process that
holds it makes the open fail with :class:`~ingest.errors.VectorIndexBusy`. That exclusion is an
``fcntl`` lock on ``<collection>.lock`` beside the shard, taken before the shard is loaded and
held until it is closed: loading a shard rewrites its segments' payload-index trackers, so a
second process that merely loaded it while an ingest flushed truncated the writer's files (a
real run's "Blobstore error: Tracker journal … shorter than expected"); the engine's own
write-ahead-log lock is taken too late to prevent that.

Point ids are UUIDv5 of the ``chunk_id``, so upserting the same chunk twice replaces it.
``filed_before`` is inclusive: a chunk filed on the question's knowledge date is visible.
"""

from __future__ import annotations

import os
import threading

try:
    import fcntl
except ImportError:  # not POSIX: no inter-process lock (one process per index folder)
    fcntl = None  # type: ignore[assignment]
from collections.abc import Iterable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from ownergraph.domain.errors import VectorIndexBusy
from ownergraph.retrieval.text.vector_points import (
    DATETIME_FIELDS,
    KEYWORD_FIELDS,
    Hit,
    VectorIndex,
    VectorPoint,
    batches,
    check_dim,
    clean_payload,
    day_end,
    point_id,
    points_from_chunks,
)

__all__ = ["EdgeIndex", "Hit", "QdrantClientIndex", "VectorIndex", "VectorPoint", "edge_available",
           "open_index", "point_id", "points_from_chunks"]


# ---------------------------------------------------------------------------------------------
# Qdrant Edge (embedded, on disk)


# The Edge shards this process holds open, by folder: a shard's write-ahead log admits one opener
# at a time, so a client and an ingest in one process (a notebook) share the open shard.
_OPEN_SHARDS: dict[Path, EdgeIndex] = {}
_OPEN_LOCK = threading.Lock()


def _lock_folder(lock: Path, shard: Path) -> int | None:
    """An exclusive lock on ``lock`` for as long as this process holds the shard open, or
    :class:`VectorIndexBusy` at once if another process holds it (no wait: an ask answers by
    words, an ingest retries)."""
    if fcntl is None:
        return None
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise VectorIndexBusy(f"the vector index at {shard} is open in another process or client "
                              "(an ingest or `ownergraph index` may be embedding documents)") from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _unlock(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)  # closing the descriptor releases the flock


def edge_available() -> bool:
    import importlib.util

    return importlib.util.find_spec("qdrant_edge") is not None


class EdgeIndex:
    """Embedded on-disk index on Qdrant Edge (``qdrant-edge-py``)."""

    backend = "qdrant-edge"

    def __init__(self, path: Path | str, collection: str, dim: int) -> None:
        import qdrant_edge as qe

        self._qe = qe
        self.dim = int(dim)
        self.path = Path(path) / collection
        self._lock_fd = _lock_folder(Path(path) / f"{collection}.lock", self.path)
        try:
            self._open(qe)
        except BaseException:
            _unlock(self._lock_fd)
            raise
        self._closed = False
        self._users = 1

    def _open(self, qe: Any) -> None:  # noqa: ANN401 - the qdrant_edge module
        config = qe.EdgeConfig(vectors=qe.EdgeVectorParams(size=self.dim, distance=qe.Distance.Cosine))
        if (self.path / "edge_config.json").exists() or self._has_segments():
            # Passing the config makes the engine check compatibility (dimension, distance).
            try:
                self._shard = qe.EdgeShard.load(str(self.path), config)
            except Exception as exc:
                if "ncompatible" in str(exc):
                    raise ValueError(f"index at {self.path} does not match dim={self.dim}: {exc}") from exc
                if "WouldBlock" in str(exc):  # the write-ahead log is locked by another process
                    raise VectorIndexBusy(f"the vector index at {self.path} is open in another process or client "
                                          "(an ingest or `ownergraph index` may be embedding documents)") from exc
                raise
        else:
            self.path.mkdir(parents=True, exist_ok=True)
            self._shard = qe.EdgeShard.create(str(self.path), config)
        self._ensure_indexes()

    @classmethod
    def shared(cls, path: Path | str, collection: str, dim: int) -> EdgeIndex:
        """This process's open index at ``path``/``collection`` (opened on first use); it is
        closed when the last of its users closes it."""
        where = (Path(path) / collection).resolve()
        with _OPEN_LOCK:
            index = _OPEN_SHARDS.get(where)
            # a folder removed under an open shard (an index deleted by hand) is opened anew, not reused
            if index is not None and not index._closed and index.dim == int(dim) and index.path.is_dir():
                index._users += 1
                return index
            index = cls(path, collection, dim)
            _OPEN_SHARDS[where] = index
            return index

    def _has_segments(self) -> bool:
        return self.path.is_dir() and any(self.path.iterdir())

    def _ensure_indexes(self) -> None:
        qe = self._qe
        have = set(self._shard.info().payload_schema)
        for name in KEYWORD_FIELDS:
            if name not in have:
                self._shard.update(qe.UpdateOperation.create_field_index(name, qe.PayloadSchemaType.Keyword))
        for name in DATETIME_FIELDS:
            if name not in have:
                self._shard.update(qe.UpdateOperation.create_field_index(name, qe.PayloadSchemaType.Datetime))

    def upsert(self, points: Iterable[VectorPoint]) -> int:
        qe = self._qe
        n = 0
        for batch in batches(points):
            qpoints = [qe.Point(point_id(p.chunk_id), check_dim(p.vector, self.dim), clean_payload(p.payload()))
                       for p in batch]
            self._shard.update(qe.UpdateOperation.upsert_points(qpoints))
            n += len(qpoints)
        if n:
            self._shard.flush()
        return n

    def _filter(self, entity_keys, filed_before, form_types):  # noqa: ANN001, ANN202
        qe = self._qe
        must = []
        if entity_keys is not None:
            must.append(qe.FieldCondition(key="entity_keys", match=qe.MatchAny(any=list(entity_keys))))
        if filed_before is not None:
            must.append(qe.FieldCondition(key="filed_at", range=qe.RangeDateTime(lte=day_end(filed_before))))
        if form_types is not None:
            must.append(qe.FieldCondition(key="form_type", match=qe.MatchAny(any=list(form_types))))
        return qe.Filter(must=must) if must else None

    def search(self, vector, *, top_k: int = 10, entity_keys=None, filed_before=None,  # noqa: ANN001
               form_types=None) -> list[Hit]:
        if entity_keys is not None and not list(entity_keys):
            return []
        if form_types is not None and not list(form_types):
            return []
        qe = self._qe
        request = qe.SearchRequest(
            query=qe.Query.Nearest(check_dim(vector, self.dim)),
            limit=int(top_k),
            filter=self._filter(entity_keys, filed_before, form_types),
            with_payload=True,
        )
        return [Hit.from_payload(p.score, p.payload or {}) for p in self._shard.search(request)]

    def count(self) -> int:
        return int(self._shard.count(self._qe.CountRequest(exact=True)))

    def optimize(self) -> bool:
        """Build HNSW over large segments (minutes at 20k+ points on 2 cores; optional:
        searches are exact over un-optimised segments and payload-filtered ones stay fast)."""
        return bool(self._shard.optimize())

    def close(self) -> None:
        with _OPEN_LOCK:
            self._users -= 1
            if self._closed or self._users > 0:
                return
            self._closed = True
            where = self.path.resolve()
            if _OPEN_SHARDS.get(where) is self:
                del _OPEN_SHARDS[where]
        try:
            self._shard.close()
        finally:
            _unlock(self._lock_fd)  # only once the shard's files are flushed and closed

    def __enter__(self) -> EdgeIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------------------------------------
# qdrant-client (server; local mode as a fallback)


def _env_int(var: str) -> int | None:
    raw = os.environ.get(var)
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise ValueError(f"{var}={raw!r}: a whole number of at least 1")
    return value


class QdrantClientIndex:
    """A Qdrant collection through ``qdrant-client`` (server or local mode)."""

    backend = "qdrant-client"

    def __init__(self, client: Any, collection: str, dim: int, *, create: bool = True,
                 shards: int | None = None, replication: int | None = None) -> None:
        from qdrant_client import models

        self._m = models
        self.client = client
        self.collection = collection
        self.dim = int(dim)
        # distributed Qdrant: shards and copies of each shard, set when the collection is made
        self.shards, self.replication = shards, replication
        if create:
            self._ensure_collection()

    @classmethod
    def connect(cls, url: str, collection: str, dim: int, *, api_key: str | None = None,
                timeout: float = 30.0) -> QdrantClientIndex:
        from qdrant_client import QdrantClient

        client = QdrantClient(url=url, api_key=api_key or os.environ.get("QDRANT_API_KEY"), timeout=timeout)
        return cls(client, collection, dim, shards=_env_int("QDRANT_SHARD_NUMBER"),
                   replication=_env_int("QDRANT_REPLICATION_FACTOR"))

    @classmethod
    def local(cls, path: Path | str, collection: str, dim: int) -> QdrantClientIndex:
        from qdrant_client import QdrantClient

        Path(path).mkdir(parents=True, exist_ok=True)
        return cls(QdrantClient(path=str(path)), collection, dim)

    # --- requests (kept separate so they can be checked without a server) ---------------------

    def collection_request(self) -> dict[str, Any]:
        m = self._m
        req: dict[str, Any] = {"collection_name": self.collection,
                               "vectors_config": m.VectorParams(size=self.dim, distance=m.Distance.COSINE)}
        if self.shards:
            req["shard_number"] = self.shards
        if self.replication:
            # a write is acknowledged by a majority of the copies: one node down loses nothing
            req["replication_factor"] = self.replication
            req["write_consistency_factor"] = self.replication // 2 + 1
        return req

    def index_requests(self) -> list[dict[str, Any]]:
        m = self._m
        reqs = [{"collection_name": self.collection, "field_name": f,
                 "field_schema": m.PayloadSchemaType.KEYWORD} for f in KEYWORD_FIELDS]
        reqs += [{"collection_name": self.collection, "field_name": f,
                  "field_schema": m.PayloadSchemaType.DATETIME} for f in DATETIME_FIELDS]
        return reqs

    def build_filter(self, entity_keys: Sequence[str] | None = None,
                     filed_before: str | date | datetime | None = None,
                     form_types: Sequence[str] | None = None) -> Any:
        m = self._m
        must: list[Any] = []
        if entity_keys is not None:
            must.append(m.FieldCondition(key="entity_keys", match=m.MatchAny(any=list(entity_keys))))
        if filed_before is not None:
            must.append(m.FieldCondition(key="filed_at", range=m.DatetimeRange(lte=day_end(filed_before))))
        if form_types is not None:
            must.append(m.FieldCondition(key="form_type", match=m.MatchAny(any=list(form_types))))
        return m.Filter(must=must) if must else None

    def query_request(self, vector, *, top_k: int = 10, entity_keys=None, filed_before=None,  # noqa: ANN001
                      form_types=None) -> dict[str, Any]:
        return {
            "collection_name": self.collection,
            "query": check_dim(vector, self.dim),
            "limit": int(top_k),
            "query_filter": self.build_filter(entity_keys, filed_before, form_types),
            "with_payload": True,
        }

    # --- operations -------------------------------------------------------------------------------

    def _ensure_collection(self) -> None:
        if not self.client.collection_exists(self.collection):
            self.client.create_collection(**self.collection_request())
        else:
            info = self.client.get_collection(self.collection)
            size = getattr(getattr(info.config.params, "vectors", None), "size", None)
            if size is not None and int(size) != self.dim:
                raise ValueError(f"collection {self.collection!r} has dimension {size}, not {self.dim}")
        import warnings

        for req in self.index_requests():
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # local mode: "payload indexes have no effect"
                    self.client.create_payload_index(**req)
            except Exception:  # noqa: BLE001 - already there
                pass

    def upsert(self, points: Iterable[VectorPoint]) -> int:
        m = self._m
        n = 0
        for batch in batches(points):
            structs = [m.PointStruct(id=point_id(p.chunk_id), vector=check_dim(p.vector, self.dim),
                                     payload=clean_payload(p.payload())) for p in batch]
            self.client.upsert(collection_name=self.collection, points=structs, wait=True)
            n += len(structs)
        return n

    def search(self, vector, *, top_k: int = 10, entity_keys=None, filed_before=None,  # noqa: ANN001
               form_types=None) -> list[Hit]:
        if entity_keys is not None and not list(entity_keys):
            return []
        if form_types is not None and not list(form_types):
            return []
        res = self.client.query_points(**self.query_request(
            vector, top_k=top_k, entity_keys=entity_keys, filed_before=filed_before, form_types=form_types))
        return [Hit.from_payload(p.score, p.payload or {}) for p in res.points]

    def count(self) -> int:
        return int(self.client.count(collection_name=self.collection, exact=True).count)

    def close(self) -> None:
        try:
            self.client.close()
        except Exception:  # noqa: BLE001
            pass

    def __enter__(self) -> QdrantClientIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------------------------------------


def open_index(qdrant_url: str | None, path: Path | str, collection: str = "disclosures",
               dim: int = 384) -> VectorIndex:
    """The vector index: a Qdrant server when ``qdrant_url`` is set (callers pass
    ``settings.qdrant_url`` / ``$QDRANT_URL``), else the embedded on-disk index under ``path``
    (Qdrant Edge; qdrant-client local mode when ``qdrant-edge-py`` is not installed)."""
    if qdrant_url:
        return QdrantClientIndex.connect(qdrant_url, collection, dim)
    if edge_available():
        return EdgeIndex.shared(path, collection, dim)
    return QdrantClientIndex.local(Path(path) / "qdrant-local", collection, dim)
