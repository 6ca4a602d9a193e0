"""The benchmarks' own Cypher (bulk writers, naive baselines, markers): one file per query,
loaded by name like ownergraph's ``cypher/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ownergraph.cypher import Library, Rendered

QUERIES = Library(Path(__file__).parent)


def q(name: str, **slots: Any) -> Rendered:
    """Benchmark query ``name`` (its slots filled when it is templated)."""
    return QUERIES.render(name, **slots) if slots else QUERIES.statement(name)
