"""The graph's names for the question parser's ``gazetteer``: read with two fixed queries
(cypher/retrieval/question_names*.cypher), rebuilt when the graph's entities or aliases change
(counted, and the lowest and highest entity keys: a graph emptied and loaded with other files of
the same size is another graph)."""

from __future__ import annotations

from typing import Any

from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord

__all__ = ["NameIndex"]

MAX_NAMES = 500_000  # above this the index would cost more memory than a question is worth


class NameIndex:
    """A gazetteer of one graph, kept while the graph's names stay the same."""

    def __init__(self, graph: Any) -> None:
        self.graph = graph
        self._version: tuple[Any, ...] | None = None
        self._gazetteer: Gazetteer | None = None

    def gazetteer(self) -> Gazetteer:
        row = self.graph.read("question_names_version")[0]
        version = (int(row["entities"]), int(row["aliases"]), row["low"], row["high"])
        if self._gazetteer is None or version != self._version:
            rows = self.graph.read("question_names", limit=MAX_NAMES)
            self._gazetteer = Gazetteer.build(_record(r) for r in rows)
            self._version = version
        return self._gazetteer

    def known_name(self, mention: str) -> str:
        """The graph's name for a key a mention was read as (the mention itself otherwise)."""
        return self._gazetteer.names.get(mention, mention) if self._gazetteer else mention


def _record(row: dict[str, Any]) -> NameRecord:
    names = [row.get("name"), row.get("lei"), *(row.get("aliases") or [])]
    return NameRecord(str(row["key"]), str(row.get("name") or row["key"]),
                      tuple(dict.fromkeys(str(n) for n in names if n)))
