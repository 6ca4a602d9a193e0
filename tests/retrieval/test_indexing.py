"""Disclosure indexing happens at ingest, in batches saved as they finish, and never blocks an ask.

Real sample: two EDGAR Form 8-K main documents from ``tests/fixtures/real/filings/8-K/`` (Astrotech
2010 loan agreement, Tyson Foods 2015 term loan; one HTML document per file, so two documents).
The embedder is the bundled MiniLM behind a wrapper that counts the texts it is asked for, so a
resumed run can be shown to embed only what the interrupted one had not saved.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ownergraph.retrieval.text.disclosures as disclosures
from ownergraph.facade import ingest
from ownergraph.domain.settings import Settings
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.errors import VectorIndexBusy
from ownergraph.retrieval.text.chunking import chunk_text
from ownergraph.retrieval.text.disclosures import DisclosureRetriever, index_disclosures, open_text_retriever
from ownergraph.retrieval.text.embedding import default_embedder
from ownergraph.retrieval.text.model_files import model_available
from ownergraph.retrieval.text.lexical import CANDIDATES, LexicalRetriever
from ownergraph.retrieval.text.vectors import EdgeIndex
from tests.graph.analytics.test_cli import run  # noqa: F401 - the CLI fixture
from tests.neo4j_fixtures import cli_env

FILINGS = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "filings" / "8-K"
ASTROTECH = FILINGS / "1001907_8K_2010_0000950123-10-095885.htm"
TYSON = FILINGS / "100493_8K_2015_0000100493-15-000041.htm"

pytestmark = pytest.mark.skipif(not model_available(), reason="the embedding model is not installed")


class Counting:
    """The default embedder, counting the texts each call asks for (its cache does not hide them)."""

    def __init__(self) -> None:
        self.inner = default_embedder()
        self.texts: list[str] = []

    @property
    def dim(self) -> int:
        return self.inner.dim

    def embed(self, texts: list[str]) -> np.ndarray:
        self.texts += list(texts)
        return self.inner.embed(texts)


@pytest.fixture()
def counting(monkeypatch: pytest.MonkeyPatch) -> Counting:
    embedder = Counting()
    monkeypatch.setattr(disclosures, "default_embedder", lambda: embedder)
    return embedder


@pytest.fixture()
def filings(tmp_path: Path) -> Path:
    folder = tmp_path / "filings"
    folder.mkdir()
    for f in (ASTROTECH, TYSON):
        shutil.copy(f, folder / f.name)
    return folder


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """og.ingest's settings (quarantine, vector index) under a fresh home."""
    monkeypatch.setenv("OWNERGRAPH_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _documents(graph: Graph) -> dict[str, str]:
    return {r["document_id"]: r["text"] for r in graph.read("disclosures_to_index", document_ids=[
        d["document_id"] for d in graph.read("disclosure_ids")])}


def _points(index: EdgeIndex) -> dict[str, tuple[str, str, tuple[float, ...]]]:
    """Every point of the index: chunk id -> (document id, text, vector rounded)."""
    import qdrant_edge as qe

    out: dict[str, tuple[str, str, tuple[float, ...]]] = {}
    offset = None
    while True:
        records, offset = index._shard.scroll(qe.ScrollRequest(limit=256, offset=offset, with_payload=True,
                                                               with_vector=True))
        for r in records:
            vec = r.vector if isinstance(r.vector, list) else next(iter(r.vector.values()))
            out[r.payload["chunk_id"]] = (r.payload["document_id"], r.payload["text"],
                                          tuple(round(float(x), 4) for x in vec))
        if offset is None:
            return out


def test_ingest_indexes_the_documents_before_any_ask(graph: Graph, filings: Path, home: Path,
                                                     counting: Counting) -> None:
    summary = ingest(filings, graph=graph)
    docs = _documents(graph)
    assert len(docs) == 2  # one main 8-K document per file
    chunks = {c.chunk_id for doc_id, text in docs.items() for c in chunk_text(text, doc_id)}
    assert summary.index is not None
    assert summary.index["documents"] == 2 and summary.index["pending"] == 0
    assert summary.index["chunks"] == len(chunks) == len(counting.texts)
    assert summary.as_dict()["index"] == summary.index  # --json shows it
    # the first ask's retriever finds nothing left to embed
    counting.texts.clear()
    retriever = DisclosureRetriever.open(graph, Settings(home=home))
    try:
        assert counting.texts == [] and retriever.notice is None
        assert set(_points(retriever.index)) == chunks
    finally:
        retriever.index.close()


class Interrupted(Exception):
    pass


def test_an_interrupted_indexing_resumes_with_the_rest(graph: Graph, filings: Path, tmp_path: Path,
                                                       counting: Counting) -> None:
    ingest(filings, graph=graph, index=False, quarantine=tmp_path / "q.jsonl")
    docs = _documents(graph)
    first = sorted(docs)[0]  # batches follow document id order
    first_texts = [c.text for c in chunk_text(docs[first], first)]

    def stop_after_the_first_batch(done: int, total: int, chunks: int) -> None:
        if done == 1:
            raise Interrupted  # as a kill would, once the first batch is saved

    cut = Settings(home=tmp_path / "cut")
    with pytest.raises(Interrupted):
        index_disclosures(graph, cut, batch=1, progress=stop_after_the_first_batch)
    assert counting.texts == first_texts
    counting.texts.clear()
    rerun = index_disclosures(graph, cut, batch=1)
    assert (rerun.already, rerun.documents, rerun.pending) == (1, 1, 0)
    second = sorted(docs)[1]
    assert counting.texts == [c.text for c in chunk_text(docs[second], second)]  # only the remainder
    whole = Settings(home=tmp_path / "whole")
    assert index_disclosures(graph, whole).documents == 2
    resumed, uninterrupted = (EdgeIndex(s.home / "vectors" / graph.database, "disclosures", 384) for s in (cut, whole))
    try:
        assert _points(resumed) == _points(uninterrupted)
        assert len(_points(resumed)) == len({c.chunk_id for d, t in docs.items() for c in chunk_text(t, d)})
    finally:
        resumed.close()
        uninterrupted.close()
    manifest = cut.home / "vectors" / graph.database / "indexed.json"
    assert len(json.loads(manifest.read_text())) == 2


def test_an_ask_never_embeds_a_corpus_it_searches_the_rest_by_words(
        graph: Graph, filings: Path, tmp_path: Path, counting: Counting, monkeypatch: pytest.MonkeyPatch) -> None:
    ingest(filings, graph=graph, index=False, quarantine=tmp_path / "q.jsonl")
    monkeypatch.setattr(DisclosureRetriever.catch_up, "__defaults__", (1,))  # at most one, as if 400 waited
    retriever = DisclosureRetriever.open(graph, Settings(home=tmp_path / "h"))
    try:
        assert counting.texts == []  # nothing embedded before answering
        assert retriever.notice and "2 disclosure documents" in retriever.notice and "ownergraph index" in retriever.notice
        # Astrotech's filing: "Loan Agreement" with Astrotech Corporation as borrower (the 8-K's Item 1.01)
        keys = [r["entity_keys"] for r in graph.read("disclosures_to_index", document_ids=sorted(_documents(graph)))]
        found = retriever.search("What loan agreement did the company enter into?", sorted({k for ks in keys for k in ks}),
                                 known_at=datetime(2030, 1, 1, tzinfo=timezone.utc), budget="low")
        assert found and any("loan" in s["text"].lower() for s in found)
        # the question and the sentences compression weighs (at most CANDIDATES), never the corpus
        assert counting.texts[0] == "What loan agreement did the company enter into?"
        assert len(counting.texts) <= 1 + CANDIDATES and retriever.index.count() == 0
        retriever.index_pending()
        assert retriever.notice is None and not retriever.unindexed
    finally:
        retriever.index.close()


def test_an_ask_while_the_index_is_written_answers_by_words(graph: Graph, filings: Path, tmp_path: Path) -> None:
    ingest(filings, graph=graph, index=False, quarantine=tmp_path / "q.jsonl")
    settings = Settings(home=tmp_path / "h")
    holder = EdgeIndex(settings.home / "vectors" / graph.database, "disclosures", 384)  # as an indexing run holds it
    try:
        with pytest.raises(VectorIndexBusy, match="open in another process"):
            DisclosureRetriever.open(graph, settings, sync=False)
        retriever = open_text_retriever(graph, settings)
        assert isinstance(retriever, LexicalRetriever) and "being written by another process" in retriever.notice
        with pytest.raises(VectorIndexBusy):
            index_disclosures(graph, settings, wait=0.5)
        threading.Timer(1.0, holder.close).start()  # the other process's ask ends
        assert index_disclosures(graph, settings, wait=30).documents == 2  # indexing waited for it
    finally:
        holder.close()


def test_a_client_and_an_ingest_in_one_process_share_the_index(graph: Graph, filings: Path, tmp_path: Path) -> None:
    ingest(filings, graph=graph, index=False, quarantine=tmp_path / "q.jsonl")
    settings = Settings(home=tmp_path / "h")
    client = DisclosureRetriever.open(graph, settings, sync=False)  # as og.connect() holds it in a notebook
    try:
        assert index_disclosures(graph, settings).documents == 2  # not refused as busy
        assert client.index.count() > 0  # the client sees the new chunks at once
    finally:
        client.index.close()


def test_the_cli_indexes_at_ingest_and_index_resumes(run: Any, graph: Graph, filings: Path,  # noqa: F811
                                                     neo4j_settings: Settings) -> None:
    shutil.rmtree(neo4j_settings.home / "vectors" / graph.database, ignore_errors=True)
    code, out = run("ingest", str(filings), "--no-index", "--json")
    assert code == 0, out
    assert "index" not in json.loads(out)
    code, out = run("index", "--json")
    assert code == 0, out
    done = json.loads(out)
    assert (done["documents"], done["pending"], done["already"]) == (2, 0, 0) and done["chunks"] > 0
    code, out = run("ingest", str(filings), "--json")  # again: nothing new to embed
    assert code == 0, out
    assert json.loads(out)["index"]["documents"] == 0 and json.loads(out)["index"]["already"] == 2
    code, out = run("index")
    assert code == 0 and "up to date (2 documents)" in out


# A process that indexes with batches of one document and kills itself (SIGKILL, no cleanup) as its
# second batch starts embedding: the first batch is saved, the second is lost mid-way.
_KILLED_MID_BATCH = """
import os, signal
import ownergraph.retrieval.text.disclosures as d
from ownergraph.domain.settings import load_settings
from ownergraph.graph.store.connection import connect

inner, calls = d.default_embedder(), []


class KillOnTheSecondBatch:
    dim = inner.dim

    def embed(self, texts):
        calls.append(len(texts))
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGKILL)
        return inner.embed(texts)


d.default_embedder = KillOnTheSecondBatch
d.index_disclosures(connect(load_settings()), load_settings(), batch=1)
"""


def test_indexing_killed_mid_batch_resumes_with_only_the_missing_documents(graph: Graph, filings: Path,
                                                                           tmp_path: Path) -> None:
    ingest(filings, graph=graph, index=False, quarantine=tmp_path / "q.jsonl")
    docs = _documents(graph)
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if not k.startswith("NEO4J_")}
    env.update(cli_env(), OWNERGRAPH_HOME=str(home), NEO4J_DATABASE=graph.database)
    killed = subprocess.run([sys.executable, "-c", _KILLED_MID_BATCH], env=env, capture_output=True, text=True,
                            timeout=300)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    manifest = home / "vectors" / graph.database / "indexed.json"
    saved = json.loads(manifest.read_text())
    assert len(saved) == 1  # the first batch, saved before the kill
    rerun = subprocess.run([sys.executable, "-m", "ownergraph", "index", "--json"], env=env,
                           capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stderr
    done = json.loads(rerun.stdout)
    assert (done["already"], done["documents"], done["pending"]) == (1, 1, 0)
    second = sorted(docs)[1]  # batches follow document id order
    assert done["chunks"] == len(chunk_text(docs[second], second))  # only the remainder embedded
    index = EdgeIndex(home / "vectors" / graph.database, "disclosures", 384)
    try:
        points = _points(index)
    finally:
        index.close()
    expected = {c.chunk_id: (d, c.text) for d, t in docs.items() for c in chunk_text(t, d)}
    assert {k: v[:2] for k, v in points.items()} == expected
