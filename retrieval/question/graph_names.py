"""The graph's names for the question parser's ``gazetteer``.

A graph of up to ``MAX_NAMES`` entities and aliases is read whole with two fixed queries
(cypher/retrieval/question_names*.cypher) and rebuilt when its entities or aliases change
(counted, and the lowest and highest entity keys: a graph emptied and loaded with other files of
the same size is another graph). A larger one (a GLEIF golden copy: 3M entities, more aliases)
is never read whole: each question gets a gazetteer of the entities the full-text index of names
finds for its words (``name_candidates``), so every name of the graph can be found, in bounded
time and memory; where the index held more entries for the words than were read, the gazetteer
says so (``Gazetteer.limited``)."""

from __future__ import annotations

from typing import Any

from ownergraph.retrieval.question.gazetteer import Gazetteer
from ownergraph.retrieval.question import name_candidates
from ownergraph.retrieval.question.name_candidates import candidates, record

__all__ = ["MAX_NAMES", "NameIndex"]

MAX_NAMES = 100_000  # entities + aliases held in memory at most (~0.5 KB each in the gazetteer)


class NameIndex:
    """The gazetteer of one graph: whole while small (kept while its names stay the same), else
    one per question."""

    def __init__(self, graph: Any, *, limit: int | None = None) -> None:
        self.graph = graph
        self.limit = limit
        self._version: tuple[Any, ...] | None = None
        self._gazetteer: Gazetteer | None = None

    def gazetteer(self, text: str) -> Gazetteer:
        """The names ``text`` may use: the whole graph's, or those near its words."""
        row = self.graph.read("question_names_version")[0]
        version = (int(row["entities"]), int(row["aliases"]), row["low"], row["high"])
        if version[0] + version[1] > MAX_NAMES:
            if self._gazetteer is None or (text, version) != self._version:  # the same question: the same names
                limit = self.limit or name_candidates.LIMIT
                found = candidates(self.graph, text, limit)
                self._gazetteer = Gazetteer.build(found.records, limited=limit if found.limited else 0)
                self._version = (text, version)
            return self._gazetteer
        if self._gazetteer is None or version != self._version:
            rows = self.graph.read("question_names", limit=MAX_NAMES)
            self._gazetteer = Gazetteer.build(record(r) for r in rows)
            self._version = version
        return self._gazetteer

    def known_name(self, mention: str) -> str:
        """The graph's name for a key a mention was read as (the mention itself otherwise)."""
        return self._gazetteer.names.get(mention, mention) if self._gazetteer else mention
