"""The corpus's three sources as graphs: each question runs against the graph of its source
(the bundle and the world both have an "Ivan Petrov"; corpus README: Doubts)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.connection import Graph

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fixtures" / "question_corpus"
REAL = ROOT / "tests" / "fixtures" / "real"

# the files each source's questions were read off (corpus README: Sources)
_REAL_FILES = (
    "gleif/golden-copy/lei-data.json", "gleif/golden-copy/rr-data.json", "gleif/golden-copy/repex-data.json",
    "gleif/api", "bods/0.4", "bods-more", "uk-psc/psc-data-10.json", "uk-psc/psc-data-12.json",
    "uk-psc/psc-data-13.json", "uk-companies-house/basic-company-data/basic-sample.csv",
    "ftm/opensanctions/dataset/t1/entities.ftm.json", "sec/schedule13g.xml", "sec/schedule13d_nested_cusip.xml",
    "sec/ex21_aapl.html", "sec/ownership/aapl-4-20201013.xml",
)
_WORLD_FILES = ("world/world.bundle.jsonl", "world/holdings.csv", "world/gleif/lei-data.xml", "world/gleif/rr-data.xml")


def source_paths(source: str) -> list[Path]:
    if source == "bundle":
        return [ROOT / "examples" / "bundle"]
    if source == "real":
        return [REAL / f for f in _REAL_FILES if (REAL / f).exists()]
    if source == "world":
        return [CORPUS / f for f in _WORLD_FILES]
    raise ValueError(f"unknown source {source!r}")


def load_source(graph: Graph, source: str) -> None:
    """An empty graph, then the source's files."""
    graph.auto("wipe", batch=20000)
    ingest_paths(graph, source_paths(source))


def by_source(graph: Graph, rows: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The corpus rows source by source (bundle, real, world), each source's graph loaded first."""
    for source in ("bundle", "real", "world"):
        mine = [r for r in rows if r["source"] == source]
        if mine:
            load_source(graph, source)
            yield from mine
