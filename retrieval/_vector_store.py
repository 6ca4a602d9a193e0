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

Point ids are UUIDv5 of the ``chunk_id``, so upserting the same chunk twice replaces it.
``filed_before`` is inclusive: a chunk filed on the question's knowledge date is visible.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np


_NAMESPACE = uuid.UUID("6f1c7a52-3c1e-5d0a-9a57-0f0e6b1d2a11")
_KEYWORD_FIELDS = ("entity_keys", "form_type", "document_id", "filing_id")
_DATETIME_FIELDS = ("filed_at",)
_UPSERT_BATCH = 512


def point_id(chunk_id: str) -> str:
    """Deterministic point id of a chunk (UUIDv5)."""
    return str(uuid.uuid5(_NAMESPACE, chunk_id))


def _iso_date(value: str | date | datetime | None) -> str | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value.date().isoformat() if value.tzinfo is None else value.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    text = str(value).strip()
    if not text:
        return None
    # validate: a date or a datetime in ISO 8601
    try:
        date.fromisoformat(text[:10])
    except ValueError as exc:
        raise ValueError(f"filed_at/filed_before must be an ISO date, got {value!r}") from exc
    return text


def _day_end(value: str | date | datetime) -> str:
    """The inclusive upper bound for ``filed_at <= value``.

    A bare date means the whole day: ``2024-06-30`` admits ``2024-06-30T18:00:00Z``.
    """
    text = _iso_date(value)
    assert text is not None
    if len(text) == 10:
        return text + "T23:59:59.999999Z"
    return text


@dataclass(frozen=True)
class VectorPoint:
    """One chunk to index. ``sentences`` are (start, end) offsets into the document text."""

    chunk_id: str
    vector: Sequence[float] | np.ndarray
    document_id: str
    text: str
    entity_keys: Sequence[str] = ()
    filing_id: str | None = None
    form_type: str | None = None
    filed_at: str | date | datetime | None = None
    period: str | None = None
    sentences: Sequence[tuple[int, int]] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)

    def payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = dict(self.extra)
        payload.update(
            chunk_id=self.chunk_id,
            document_id=self.document_id,
            entity_keys=sorted(set(self.entity_keys)),
            filing_id=self.filing_id,
            form_type=self.form_type,
            filed_at=_iso_date(self.filed_at),
            period=self.period,
            text=self.text,
            sentences=[[int(s), int(e)] for s, e in self.sentences],
        )
        return payload

    def vector_list(self) -> list[float]:
        return np.asarray(self.vector, dtype=np.float32).reshape(-1).tolist()


@dataclass(frozen=True)
class Hit:
    """A search result: the chunk and its payload."""

    chunk_id: str
    score: float
    document_id: str
    text: str
    entity_keys: tuple[str, ...]
    filing_id: str | None
    form_type: str | None
    filed_at: str | None
    period: str | None
    sentences: tuple[tuple[int, int], ...]
    payload: Mapping[str, Any]

    @classmethod
    def from_payload(cls, score: float, payload: Mapping[str, Any]) -> Hit:
        return cls(
            chunk_id=str(payload.get("chunk_id")),
            score=float(score),
            document_id=str(payload.get("document_id")),
            text=str(payload.get("text") or ""),
            entity_keys=tuple(payload.get("entity_keys") or ()),
            filing_id=payload.get("filing_id"),
            form_type=payload.get("form_type"),
            filed_at=payload.get("filed_at"),
            period=payload.get("period"),
            sentences=tuple((int(s), int(e)) for s, e in (payload.get("sentences") or ())),
            payload=dict(payload),
        )


@runtime_checkable
class VectorIndex(Protocol):
    """A collection of chunk vectors with filterable payloads."""

    def upsert(self, points: Iterable[VectorPoint]) -> int: ...

    def search(
        self,
        vector: Sequence[float] | np.ndarray,
        *,
        top_k: int = 10,
        entity_keys: Sequence[str] | None = None,
        filed_before: str | date | datetime | None = None,
        form_types: Sequence[str] | None = None,
    ) -> list[Hit]: ...

    def count(self) -> int: ...

    def close(self) -> None: ...


def points_from_chunks(
    chunks: Sequence[Any],
    vectors: np.ndarray,
    *,
    document_id: str | None = None,
    entity_keys: Sequence[str] = (),
    filing_id: str | None = None,
    form_type: str | None = None,
    filed_at: str | date | datetime | None = None,
    period: str | None = None,
    chunk_entity_keys: Sequence[Sequence[str]] | None = None,
) -> list[VectorPoint]:
    """VectorPoints for :class:`retrieval.chunking.Chunk` objects and their vectors.

    ``entity_keys`` apply to every chunk (the filing's subject and filer);
    ``chunk_entity_keys[i]`` adds the entities mentioned in chunk i.
    """
    if len(chunks) != len(vectors):
        raise ValueError(f"{len(chunks)} chunks but {len(vectors)} vectors")
    out = []
    for i, ch in enumerate(chunks):
        keys = set(entity_keys)
        if chunk_entity_keys is not None:
            keys.update(chunk_entity_keys[i])
        out.append(VectorPoint(
            chunk_id=ch.chunk_id,
            vector=vectors[i],
            document_id=document_id or ch.doc_id,
            text=ch.text,
            entity_keys=sorted(keys),
            filing_id=filing_id,
            form_type=form_type,
            filed_at=filed_at,
            period=period,
            sentences=[(s.start, s.end) for s in ch.sentences],
            extra={"first_sentence": ch.sentences[0].index} if ch.sentences else {},
        ))
    return out


def _batches(points: Iterable[VectorPoint], size: int = _UPSERT_BATCH) -> Iterable[list[VectorPoint]]:
    batch: list[VectorPoint] = []
    for p in points:
        batch.append(p)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def _check_dim(vector: Sequence[float] | np.ndarray, dim: int) -> list[float]:
    v = np.asarray(vector, dtype=np.float32).reshape(-1)
    if v.shape[0] != dim:
        raise ValueError(f"vector has {v.shape[0]} dimensions, the index has {dim}")
    return v.tolist()


# ---------------------------------------------------------------------------------------------
# Qdrant Edge (embedded, on disk)


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
        config = qe.EdgeConfig(vectors=qe.EdgeVectorParams(size=self.dim, distance=qe.Distance.Cosine))
        if (self.path / "edge_config.json").exists() or self._has_segments():
            # Passing the config makes the engine check compatibility (dimension, distance).
            try:
                self._shard = qe.EdgeShard.load(str(self.path), config)
            except Exception as exc:
                if "ncompatible" in str(exc):
                    raise ValueError(f"index at {self.path} does not match dim={self.dim}: {exc}") from exc
                raise
        else:
            self.path.mkdir(parents=True, exist_ok=True)
            self._shard = qe.EdgeShard.create(str(self.path), config)
        self._ensure_indexes()
        self._closed = False

    def _has_segments(self) -> bool:
        return self.path.is_dir() and any(self.path.iterdir())

    def _ensure_indexes(self) -> None:
        qe = self._qe
        have = set(self._shard.info().payload_schema)
        for name in _KEYWORD_FIELDS:
            if name not in have:
                self._shard.update(qe.UpdateOperation.create_field_index(name, qe.PayloadSchemaType.Keyword))
        for name in _DATETIME_FIELDS:
            if name not in have:
                self._shard.update(qe.UpdateOperation.create_field_index(name, qe.PayloadSchemaType.Datetime))

    def upsert(self, points: Iterable[VectorPoint]) -> int:
        qe = self._qe
        n = 0
        for batch in _batches(points):
            qpoints = [qe.Point(point_id(p.chunk_id), _check_dim(p.vector, self.dim), _clean(p.payload()))
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
            must.append(qe.FieldCondition(key="filed_at", range=qe.RangeDateTime(lte=_day_end(filed_before))))
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
            query=qe.Query.Nearest(_check_dim(vector, self.dim)),
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
        if not self._closed:
            self._closed = True
            self._shard.close()

    def __enter__(self) -> EdgeIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _clean(payload: dict[str, Any]) -> dict[str, Any]:
    # Edge payloads are JSON; drop None so that absent fields are absent (is_empty filters).
    return {k: v for k, v in payload.items() if v is not None}


# ---------------------------------------------------------------------------------------------
# qdrant-client (server; local mode as a fallback)


class QdrantClientIndex:
    """A Qdrant collection through ``qdrant-client`` (server or local mode)."""

    backend = "qdrant-client"

    def __init__(self, client: Any, collection: str, dim: int, *, create: bool = True) -> None:
        from qdrant_client import models

        self._m = models
        self.client = client
        self.collection = collection
        self.dim = int(dim)
        if create:
            self._ensure_collection()

    @classmethod
    def connect(cls, url: str, collection: str, dim: int, *, api_key: str | None = None,
                timeout: float = 30.0) -> QdrantClientIndex:
        from qdrant_client import QdrantClient

        client = QdrantClient(url=url, api_key=api_key or os.environ.get("QDRANT_API_KEY"), timeout=timeout)
        return cls(client, collection, dim)

    @classmethod
    def local(cls, path: Path | str, collection: str, dim: int) -> QdrantClientIndex:
        from qdrant_client import QdrantClient

        Path(path).mkdir(parents=True, exist_ok=True)
        return cls(QdrantClient(path=str(path)), collection, dim)

    # --- requests (kept separate so they can be checked without a server) ---------------------

    def collection_request(self) -> dict[str, Any]:
        m = self._m
        return {"collection_name": self.collection,
                "vectors_config": m.VectorParams(size=self.dim, distance=m.Distance.COSINE)}

    def index_requests(self) -> list[dict[str, Any]]:
        m = self._m
        reqs = [{"collection_name": self.collection, "field_name": f,
                 "field_schema": m.PayloadSchemaType.KEYWORD} for f in _KEYWORD_FIELDS]
        reqs += [{"collection_name": self.collection, "field_name": f,
                  "field_schema": m.PayloadSchemaType.DATETIME} for f in _DATETIME_FIELDS]
        return reqs

    def build_filter(self, entity_keys: Sequence[str] | None = None,
                     filed_before: str | date | datetime | None = None,
                     form_types: Sequence[str] | None = None) -> Any:
        m = self._m
        must: list[Any] = []
        if entity_keys is not None:
            must.append(m.FieldCondition(key="entity_keys", match=m.MatchAny(any=list(entity_keys))))
        if filed_before is not None:
            must.append(m.FieldCondition(key="filed_at", range=m.DatetimeRange(lte=_day_end(filed_before))))
        if form_types is not None:
            must.append(m.FieldCondition(key="form_type", match=m.MatchAny(any=list(form_types))))
        return m.Filter(must=must) if must else None

    def query_request(self, vector, *, top_k: int = 10, entity_keys=None, filed_before=None,  # noqa: ANN001
                      form_types=None) -> dict[str, Any]:
        return {
            "collection_name": self.collection,
            "query": _check_dim(vector, self.dim),
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
        for batch in _batches(points):
            structs = [m.PointStruct(id=point_id(p.chunk_id), vector=_check_dim(p.vector, self.dim),
                                     payload=_clean(p.payload())) for p in batch]
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
        return EdgeIndex(path, collection, dim)
    return QdrantClientIndex.local(Path(path) / "qdrant-local", collection, dim)
