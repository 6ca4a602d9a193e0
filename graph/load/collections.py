"""Collections read in part: a reader's not-read entry for the pages of a list it did not hold
(GLEIF API ``direct-children`` / ``ultimate-children`` pages) is kept on the parent as a
``(:PartialList)`` node (stated total, last page, pages read), so an answer listing that
parent's children says the list is partial instead of presenting the pages read as the whole.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Protocol

from ownergraph.graph.store.connection import Graph
from ownergraph.domain.model import EntityRef, Quarantined


class _Keys(Protocol):
    def key_of(self, ref: EntityRef) -> str: ...


def partial_list(entry: Quarantined) -> dict[str, Any] | None:
    """The collection a not-read entry describes, or None for any other entry."""
    if not (entry.not_read and entry.field == "pagination" and entry.raw):
        return None
    try:
        info = json.loads(entry.raw)
    except ValueError:
        return None
    return info if isinstance(info, dict) and info.get("parent") and info.get("collection") else None


def record_partial_lists(graph: Graph, keys: _Keys, entries: Iterable[Quarantined]) -> int:
    """Keep each partial collection among ``entries`` on its parent; the number kept."""
    n = 0
    for entry in entries:
        info = partial_list(entry)
        if info is None:
            continue
        key = keys.key_of(EntityRef(lei=info["parent"]))
        graph.write("partial_list_register", key=key, list_key=f"gleif:{info['collection']}:{info['parent']}",
                    collection=info["collection"], level=info.get("level"), total=int(info["total"]),
                    last_page=int(info["last_page"]), page=int(info["page"]), source_system="gleif")
        n += 1
    return n


def partial_lists(graph: Any, key: str) -> list[dict[str, Any]]:
    """The partial collections of entity ``key`` (empty: none known to be partial)."""
    return [dict(r) for r in graph.read("partial_lists_of", key=key)]
