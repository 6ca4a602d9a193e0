"""The tests' own Cypher: one file per query in ``tests/cypher/queries/`` (checks of what a
load wrote, fixtures written directly), loaded by name like ownergraph's ``cypher/``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ownergraph.cypher import Library, Rendered

QUERIES = Library(Path(__file__).parent / "queries")


def q(name: str, **slots: Any) -> Rendered:
    """Test query ``name`` (its slots filled when it is templated), to pass to ``Graph.read`` etc."""
    return QUERIES.render(name, **slots) if slots else QUERIES.statement(name)
