"""The Cypher of ownergraph: one reviewable ``.cypher`` file per query, loaded by name.

Queries are parameterised; no caller ever formats user or document text into Cypher.
"""

from __future__ import annotations

from functools import cache
from importlib import resources


@cache
def load(name: str) -> str:
    """Text of ``cypher/<name>.cypher`` (comments kept; they are Cypher comments)."""
    path = resources.files(__name__) / f"{name}.cypher"
    if not path.is_file():
        known = sorted(p.name.removesuffix(".cypher") for p in resources.files(__name__).iterdir()
                       if p.name.endswith(".cypher"))
        raise KeyError(f"no Cypher named {name!r}; known: {', '.join(known)}")
    return path.read_text()


def statements(name: str) -> list[str]:
    """The ``;``-separated statements of a multi-statement file, without comment lines."""
    body = "\n".join(line for line in load(name).splitlines() if not line.lstrip().startswith("//"))
    return [s.strip() for s in body.split(";") if s.strip()]
