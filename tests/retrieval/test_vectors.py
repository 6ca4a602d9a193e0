"""Vector index: filters (entity, knowledge date, form type), idempotent upserts, persistence.

The embedded default (Qdrant Edge) runs for real. The server path (qdrant-client) cannot be
integration-tested here: no Qdrant server binary is installable from PyPI. Its requests are
checked as built, and the same class is run end to end against qdrant-client's in-process
mode (``QdrantClient(":memory:")``), which accepts the same models and filters.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from ownergraph.retrieval.text import vectors as _vector_store  # noqa: E402
from ownergraph.retrieval.text.chunking import chunk_text
from ownergraph.ingest.readers.documents.text import html_text
from ownergraph.retrieval.text.vectors import EdgeIndex, QdrantClientIndex, edge_available, open_index
from ownergraph.retrieval.text.vector_points import VectorIndex, VectorPoint, point_id, points_from_chunks

DIM = 16


def _points(n: int = 60, seed: int = 0) -> list[VectorPoint]:
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        out.append(VectorPoint(
            chunk_id=f"doc{i % 6}#c{i}",
            vector=rng.standard_normal(DIM).astype(np.float32),
            document_id=f"doc{i % 6}",
            text=f"chunk {i} text",
            entity_keys=[f"E{i % 4}", "SHARED"] if i % 10 == 0 else [f"E{i % 4}"],
            filing_id=f"0000-{i % 6}",
            form_type=["10-K", "SC 13D", "SC 13G"][i % 3],
            filed_at=f"2024-{1 + i % 12:02d}-{10 + i % 15:02d}",
            period="2023",
            sentences=[(0, 5), (6, 10)],
        ))
    return out


def _make(kind: str, tmp_path: Path) -> VectorIndex:
    if kind == "edge":
        if not edge_available():
            pytest.skip("qdrant-edge-py not installed")
        return EdgeIndex(tmp_path / "vectors", "test", DIM)
    from qdrant_client import QdrantClient

    return QdrantClientIndex(QdrantClient(":memory:"), "test", DIM)


@pytest.fixture(params=["edge", "qdrant-client"])
def index(request: pytest.FixtureRequest, tmp_path: Path):  # noqa: ANN201
    idx = _make(request.param, tmp_path)
    yield idx
    idx.close()


def test_upsert_is_idempotent(index: VectorIndex) -> None:
    pts = _points()
    assert index.upsert(pts) == 60
    assert index.upsert(pts) == 60
    assert index.count() == 60
    assert isinstance(index, VectorIndex)


def test_nearest_and_payload_round_trip(index: VectorIndex) -> None:
    pts = _points()
    index.upsert(pts)
    hits = index.search(pts[7].vector, top_k=3)
    assert hits[0].chunk_id == pts[7].chunk_id and hits[0].score == pytest.approx(1.0, abs=1e-4)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    h = hits[0]
    assert h.document_id == "doc1" and h.text == "chunk 7 text" and h.form_type == "SC 13D"
    assert h.filed_at == pts[7].filed_at and h.period == "2023" and h.filing_id == "0000-1"
    assert h.sentences == ((0, 5), (6, 10)) and h.entity_keys == ("E3",)


def _expected(pts: list[VectorPoint], *, keys=None, before=None, forms=None) -> set[str]:  # noqa: ANN001
    out = set()
    for p in pts:
        if keys is not None and not set(keys) & set(p.entity_keys):
            continue
        if before is not None and str(p.filed_at) > before:
            continue
        if forms is not None and p.form_type not in forms:
            continue
        out.add(p.chunk_id)
    return out


@pytest.mark.parametrize("keys,before,forms", [
    (["E1"], None, None),
    (["E1", "E2"], None, None),
    (["SHARED"], None, None),
    (None, "2024-03-12", None),   # inclusive bound: filed on the knowledge date is visible
    (["E0", "E3"], "2024-06-30", ["SC 13D", "SC 13G"]),
    (None, None, ["10-K"]),
    (["nobody"], None, None),
])
def test_filters_are_honoured(index: VectorIndex, keys, before, forms) -> None:  # noqa: ANN001
    pts = _points()
    index.upsert(pts)
    hits = index.search(pts[0].vector, top_k=100, entity_keys=keys, filed_before=before, form_types=forms)
    assert {h.chunk_id for h in hits} == _expected(pts, keys=keys, before=before, forms=forms)


def test_filed_before_boundary_is_inclusive(index: VectorIndex) -> None:
    pts = _points()
    index.upsert(pts)
    on_day = [p for p in pts if p.filed_at == "2024-03-12"]
    assert on_day
    hits = index.search(on_day[0].vector, top_k=100, filed_before="2024-03-12")
    assert on_day[0].chunk_id in {h.chunk_id for h in hits}
    hits = index.search(on_day[0].vector, top_k=100, filed_before="2024-03-11")
    assert on_day[0].chunk_id not in {h.chunk_id for h in hits}
    from datetime import date

    hits = index.search(on_day[0].vector, top_k=100, filed_before=date(2024, 3, 12))
    assert on_day[0].chunk_id in {h.chunk_id for h in hits}


def test_empty_filters_and_bad_vectors(index: VectorIndex) -> None:
    index.upsert(_points(10))
    assert index.search(np.ones(DIM), top_k=5, entity_keys=[]) == []
    with pytest.raises(ValueError):
        index.search(np.ones(DIM + 1), top_k=5)
    with pytest.raises(ValueError):
        index.search(np.ones(DIM), top_k=5, filed_before="last tuesday")


def test_point_ids_are_deterministic() -> None:
    assert point_id("doc#c1") == point_id("doc#c1") != point_id("doc#c2")


def test_edge_index_persists_and_checks_dimension(tmp_path: Path) -> None:
    if not edge_available():
        pytest.skip("qdrant-edge-py not installed")
    pts = _points(20)
    with EdgeIndex(tmp_path, "c", DIM) as idx:
        idx.upsert(pts)
    with EdgeIndex(tmp_path, "c", DIM) as idx:
        assert idx.count() == 20
        assert idx.search(pts[3].vector, top_k=1)[0].chunk_id == pts[3].chunk_id
    with pytest.raises(ValueError):
        EdgeIndex(tmp_path, "c", DIM * 2)


def test_a_shared_index_whose_folder_was_removed_is_opened_anew(tmp_path: Path) -> None:
    """An index deleted by hand while a user in this process still holds it open (a test's or an
    operator's ``rm -r``) is created again on the next use, not reused with its files gone."""
    import shutil

    if not edge_available():
        pytest.skip("qdrant-edge-py not installed")
    held = EdgeIndex.shared(tmp_path / "vectors", "c", DIM)
    held.upsert(_points(10))
    shutil.rmtree(tmp_path / "vectors")
    fresh = EdgeIndex.shared(tmp_path / "vectors", "c", DIM)
    try:
        assert fresh is not held
        assert fresh.upsert(_points(20)) == 20 and fresh.count() == 20
    finally:
        fresh.close()
        held.close()  # the old user's close touches neither the new index nor the registry
    with EdgeIndex.shared(tmp_path / "vectors", "c", DIM) as again:
        assert again.count() == 20


def test_open_index_factory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    idx = open_index(None, tmp_path, "disclosures", DIM)
    try:
        assert idx.backend == ("qdrant-edge" if edge_available() else "qdrant-client")
    finally:
        idx.close()
    seen = {}

    def fake_connect(cls, url, collection, dim, **kw):  # noqa: ANN001, ANN202
        seen.update(url=url, collection=collection, dim=dim)
        return "server-index"

    monkeypatch.setattr(QdrantClientIndex, "connect", classmethod(fake_connect))
    assert open_index("http://qdrant:6333", tmp_path, "disclosures", DIM) == "server-index"
    assert seen == {"url": "http://qdrant:6333", "collection": "disclosures", "dim": DIM}


def test_server_requests_are_built_for_qdrant() -> None:
    from qdrant_client import QdrantClient, models

    idx = QdrantClientIndex(QdrantClient(":memory:"), "disclosures", DIM, create=False)
    coll = idx.collection_request()
    assert coll["vectors_config"] == models.VectorParams(size=DIM, distance=models.Distance.COSINE)
    fields = {r["field_name"]: r["field_schema"] for r in idx.index_requests()}
    assert fields["entity_keys"] == models.PayloadSchemaType.KEYWORD
    assert fields["form_type"] == models.PayloadSchemaType.KEYWORD
    assert fields["filed_at"] == models.PayloadSchemaType.DATETIME
    req = idx.query_request(np.ones(DIM), top_k=7, entity_keys=["LEI1", "LEI2"], filed_before="2024-06-30",
                            form_types=["SC 13D"])
    assert req["limit"] == 7 and req["with_payload"] is True and len(req["query"]) == DIM
    must = req["query_filter"].must
    assert must[0] == models.FieldCondition(key="entity_keys", match=models.MatchAny(any=["LEI1", "LEI2"]))
    assert must[1].key == "filed_at" and isinstance(must[1].range, models.DatetimeRange)
    assert must[1].range.lte.date().isoformat() == "2024-06-30" and must[1].range.lte.hour == 23
    assert must[2] == models.FieldCondition(key="form_type", match=models.MatchAny(any=["SC 13D"]))
    assert idx.query_request(np.ones(DIM))["query_filter"] is None
    # the JSON a server receives
    body = models.QueryRequest(query=req["query"], filter=req["query_filter"], limit=7).model_dump(exclude_none=True)
    assert body["filter"]["must"][0] == {"key": "entity_keys", "match": {"any": ["LEI1", "LEI2"]}}


def test_real_filing_chunks_searchable_by_entity(real_data: Path, tmp_path: Path) -> None:
    from ownergraph.retrieval.text.embedding import default_embedder

    emb = default_embedder()
    text = html_text((real_data / "sec" / "SC-13G-DOCUMENT.html").read_bytes())
    chunks = chunk_text(text, "sc13g-livent", max_tokens=200)
    vecs = emb.embed([c.text for c in chunks])
    mentions = [[k for k, name in (("MILLENNIUM", "Millennium"), ("ICS", "ICS Opportunities"),
                                   ("LIVENT", "Livent")) if name.lower() in c.text.lower()] for c in chunks]
    pts = points_from_chunks(chunks, vecs, entity_keys=["LIVENT"], filing_id="0000902664-24-000123",
                             form_type="SC 13G", filed_at="2024-01-05", chunk_entity_keys=mentions)
    idx = open_index(None, tmp_path, "disclosures", emb.dim)
    try:
        idx.upsert(pts)
        q = emb.embed(["Who has voting control over the shares held by Millennium?"])[0]
        hits = idx.search(q, top_k=3, entity_keys=["MILLENNIUM"], filed_before="2024-06-30")
        assert hits and all("MILLENNIUM" in h.entity_keys for h in hits)
        assert any("voting control" in h.text for h in hits)
        for h in hits:  # offsets round-trip to the document text
            for s, e in h.sentences:
                assert text[s:e] in h.text
        assert idx.search(q, top_k=3, filed_before="2023-12-31") == []
    finally:
        idx.close()


def test_qdrant_client_local_fallback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_vector_store, "edge_available", lambda: False)
    idx = open_index(None, tmp_path, "disclosures", DIM)
    try:
        assert isinstance(idx, QdrantClientIndex)
        idx.upsert(_points(5))
        assert idx.count() == 5
    finally:
        idx.close()


def test_distributed_collection_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from qdrant_client import QdrantClient

    monkeypatch.setenv("QDRANT_SHARD_NUMBER", "6")
    monkeypatch.setenv("QDRANT_REPLICATION_FACTOR", "3")
    made: list[QdrantClientIndex] = []
    monkeypatch.setattr(QdrantClient, "__init__", lambda self, **kw: None)  # no server is reached
    monkeypatch.setattr(QdrantClientIndex, "_ensure_collection", lambda self: made.append(self))
    idx = QdrantClientIndex.connect("http://qdrant:6333", "disclosures", DIM)
    assert made == [idx]
    req = idx.collection_request()
    assert (req["shard_number"], req["replication_factor"], req["write_consistency_factor"]) == (6, 3, 2)
    monkeypatch.setenv("QDRANT_REPLICATION_FACTOR", "zero")
    with pytest.raises(ValueError, match="QDRANT_REPLICATION_FACTOR='zero'"):
        QdrantClientIndex.connect("http://qdrant:6333", "disclosures", DIM)
    monkeypatch.undo()
    # the client's local mode takes the same requests (it keeps one shard; indexes are no-ops there)
    local = QdrantClientIndex(QdrantClient(path=str(tmp_path)), "d", DIM, shards=2, replication=2)
    local.upsert(_points(3))
    assert local.count() == 3 and "shard_number" in local.collection_request()
    local.close()
    assert "shard_number" not in QdrantClientIndex(QdrantClient(":memory:"), "d", DIM, create=False).collection_request()
