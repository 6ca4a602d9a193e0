"""The two entry points of the public facade: ``og.connect()`` and ``og.ingest(...)``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ownergraph.domain.settings import Settings, load_settings
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.store.connection import connect as connect_graph
from ownergraph.graph.load.pipeline import IngestSummary, default_quarantine_path, ingest_paths
from ownergraph.domain.errors import OwnergraphError
from ownergraph.retrieval.api import Ownergraph
from ownergraph.retrieval.api import connect as connect_client

if TYPE_CHECKING:
    from ownergraph.retrieval.text.disclosure_index import IndexProgress


def connect(settings: Settings | None = None, *, text: bool = True) -> Ownergraph:
    """A client on the configured Neo4j (or the project-managed local one, started on demand)
    and the on-disk disclosure index; ``text=False`` skips the vector index."""
    return connect_client(settings, text=text)


def ingest(paths: str | Path | Iterable[str | Path], *, graph: Graph | None = None,
           fmt: str | None = None, quarantine: str | Path | None = None,
           dry_run: bool = False, index: bool = True) -> IngestSummary:
    """Read, resolve and load files or folders; returns per-file counts
    (read = loaded + merged + quarantined). Quarantined records go to ``quarantine``
    (default: a new file under the ownergraph home). With ``index`` (the default) the new
    disclosure documents are then embedded into the vector index (``summary.index`` says how
    many), so the first ``ask`` finds nothing left to embed."""
    items = [paths] if isinstance(paths, (str, Path)) else list(paths)
    settings = load_settings()
    if quarantine is None:
        quarantine = default_quarantine_path(settings)
    if graph is None and not dry_run:
        graph = connect_graph(settings)
    summary = ingest_paths(graph, [Path(p) for p in items], fmt=fmt, quarantine_path=Path(quarantine),
                           dry_run=dry_run)
    if index and graph is not None and not dry_run:
        return with_index(summary, index_after_load(graph, settings))
    return summary


@dataclass
class IndexedIngest(IngestSummary):
    """An ingest's summary with what the disclosure indexing after the load did (``index``)."""

    index: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return super().as_dict() | {"index": self.index}


def with_index(summary: IngestSummary, index: dict[str, Any]) -> IndexedIngest:
    return IndexedIngest(**{f.name: getattr(summary, f.name) for f in fields(summary)}, index=index)


def index_after_load(graph: Graph, settings: Settings | None = None, *,
                     progress: IndexProgress | None = None) -> dict[str, Any]:
    """Embed the documents the vector index lacks; the run's counts, or an ``error`` when the
    index cannot be written now (open in another process, model unloadable): the load stands,
    and ``ownergraph index`` (or the next ask) picks the documents up."""
    from ownergraph.retrieval.text.disclosures import index_disclosures

    try:
        return index_disclosures(graph, settings, progress=progress).as_dict()
    except OwnergraphError as err:
        return {"error": {"type": type(err).__name__, "message": str(err)}}
    except Exception as err:  # noqa: BLE001 - the vector store's own errors: the load is committed
        return {"error": {"type": type(err).__name__, "unexpected": True,
                          "message": f"the vector index failed ({type(err).__name__}: {err})"}}
