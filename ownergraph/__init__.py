"""ownergraph: ownership and counterparty exposure on a bitemporal Neo4j graph.

    import ownergraph as og

    og.ingest(["filings/"])                       # read, resolve, load (idempotent)
    client = og.connect()                         # embedded defaults, or NEO4J_URI / QDRANT_URL
    answer = client.ask("Who is hit if Harbourline Shipping Limited defaults?", as_of="2024-06-30")
    client.analytics.ownership.owners("Harbourline Shipping Limited", as_of="2024-06-30")
    og.Analytics(client.graph)                    # the analytics on their own
    og.Clock.at("2024-06-30", known_at="2024-01-01")

Every error raised on purpose derives from :class:`OwnergraphError`.

Names are resolved on first use (PEP 562), so ``import ownergraph`` and the command line
start without loading pandas, the Neo4j driver or the embedding model.
"""

from __future__ import annotations

import sys
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ownergraph import source_tree

source_tree.install(Path(__file__).resolve().parent)  # a clone imports as the installed package
from ownergraph.domain.errors import (
    ConfigError,
    EmbeddingUnavailable,
    EntityNotFound,
    InputFormatError,
    LLMError,
    Neo4jUnavailable,
    OwnergraphError,
    QuarantineError,
)



class _IngestPackage(ModuleType):
    """``ownergraph.ingest`` is both the readers' subpackage and the facade's ``og.ingest(...)``:
    importing any ``ownergraph.ingest.*`` module binds the package over the function, so the
    package itself forwards a call to :func:`ownergraph.facade.ingest`."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return import_module("ownergraph.facade").ingest(*args, **kwargs)


import ownergraph.ingest  # noqa: E402  (light: an empty package) made callable before anyone binds it

sys.modules["ownergraph.ingest"].__class__ = _IngestPackage

# public name -> module that defines it
_LAZY = {
    "connect": "ownergraph.facade",
    "Ownergraph": "ownergraph.retrieval.api",
    "Answer": "ownergraph.retrieval.api",
    "Analytics": "ownergraph.graph.analytics.api",
    "Clock": "ownergraph.domain.clock",
    "Graph": "ownergraph.graph.store.connection",
    "Settings": "ownergraph.domain.settings",
    "IngestSummary": "ownergraph.graph.load.pipeline",
    "Question": "ownergraph.retrieval.question.model",
}

if TYPE_CHECKING:  # pragma: no cover
    from ownergraph.facade import connect, ingest
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.domain.clock import Clock
    from ownergraph.domain.settings import Settings
    from ownergraph.graph.store.connection import Graph
    from ownergraph.graph.load.pipeline import IngestSummary
    from ownergraph.retrieval.api import Answer, Ownergraph
    from ownergraph.retrieval.question.model import Question


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'ownergraph' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "Analytics", "Answer", "Clock", "ConfigError", "EmbeddingUnavailable", "EntityNotFound", "Graph",
    "IngestSummary", "InputFormatError", "LLMError", "Neo4jUnavailable", "Ownergraph",
    "OwnergraphError", "QuarantineError", "Question", "Settings", "connect", "ingest",
]
