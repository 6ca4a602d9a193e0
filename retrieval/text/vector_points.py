"""Chunk points, search hits and the :class:`VectorIndex` protocol that every backend meets.

Point ids are UUIDv5 of the ``chunk_id``, so upserting the same chunk twice replaces it.
``filed_before`` is inclusive: a chunk filed on the question's knowledge date is visible.
The backends are in :mod:`retrieval.text.vectors`.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Protocol, runtime_checkable

import numpy as np

_NAMESPACE = uuid.UUID("6f1c7a52-3c1e-5d0a-9a57-0f0e6b1d2a11")
KEYWORD_FIELDS = ("entity_keys", "form_type", "document_id", "filing_id")
DATETIME_FIELDS = ("filed_at",)
_UPSERT_BATCH = 512


def point_id(chunk_id: str) -> str:
    """Deterministic point id of a chunk (UUIDv5)."""
    return str(uuid.uuid5(_NAMESPACE, chunk_id))


def iso_date(value: str | date | datetime | None) -> str | None:
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


def day_end(value: str | date | datetime) -> str:
    """The inclusive upper bound for ``filed_at <= value``.

    A bare date means the whole day: ``2024-06-30`` admits ``2024-06-30T18:00:00Z``.
    """
    text = iso_date(value)
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
            filed_at=iso_date(self.filed_at),
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
    """VectorPoints for :class:`retrieval.text.chunking.Chunk` objects and their vectors.

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


def batches(points: Iterable[VectorPoint], size: int = _UPSERT_BATCH) -> Iterable[list[VectorPoint]]:
    batch: list[VectorPoint] = []
    for p in points:
        batch.append(p)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def check_dim(vector: Sequence[float] | np.ndarray, dim: int) -> list[float]:
    v = np.asarray(vector, dtype=np.float32).reshape(-1)
    if v.shape[0] != dim:
        raise ValueError(f"vector has {v.shape[0]} dimensions, the index has {dim}")
    return v.tolist()


def clean_payload(payload: dict[str, Any]) -> dict[str, Any]:
    # Edge payloads are JSON; drop None so that absent fields are absent (is_empty filters).
    return {k: v for k, v in payload.items() if v is not None}
