"""The graph's names near one question's words (issue 30 at GLEIF scale): for a graph whose
names are too many to hold in memory (3M entities), the question's gazetteer is built from the
entities the full-text index of names (``entity_names``) finds for the question's words, best
first: each entity's name, its LEI and the names the index found it by (its previous, other or
transliterated names, its identifiers), and the entities of the LEIs the question writes. Two fixed queries (cypher/retrieval/question_name_*.cypher); the question's words
are a parameter, never Cypher.

A question whose words match more index entries than ``LIMIT`` says so (``limited``): the
entities found are the best matches, and a name they leave ambiguous may have more candidates
than are listed; the limit is stated, never read as "no such name"."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ownergraph.graph.analytics.name_words import full_text_terms, lei_words
from ownergraph.retrieval.question.common_words import QUESTION_WORDS
from ownergraph.retrieval.question.gazetteer import NameRecord

__all__ = ["LIMIT", "Candidates", "candidates", "record"]

LIMIT = 100  # index entries a question reads at most (each entity's names are then indexed in Python: ~0.5 ms)


@dataclass(frozen=True)
class Candidates:
    records: tuple[NameRecord, ...]
    limited: bool  # the index held more entries for these words than were read


def record(row: dict[str, Any]) -> NameRecord:
    """One entity's names as the gazetteer reads them: its name, its LEI, its aliases."""
    names = [row.get("name"), row.get("lei"), *(row.get("aliases") or [])]
    return NameRecord(str(row["key"]), str(row.get("name") or row["key"]),
                      tuple(dict.fromkeys(str(n) for n in names if n)))


def _unique(rows: Iterable[dict[str, Any]]) -> list[NameRecord]:
    """One record an entity, with every name of it the rows hold (an entity found by two names)."""
    seen: dict[str, dict[str, Any]] = {}
    for r in rows:
        if r.get("key") is None:
            continue
        have = seen.setdefault(str(r["key"]), {**r, "aliases": []})
        have["aliases"] = [*have["aliases"], *(r.get("aliases") or [])]
    return [record(r) for r in seen.values()]


def candidates(graph: Any, text: str, limit: int = LIMIT) -> Candidates:
    """The entities whose names share words with ``text``, best first (see the module's doc)."""
    terms = full_text_terms(text, fuzzy_words=QUESTION_WORDS)
    rows = graph.read("question_name_candidates", terms=terms, limit=limit) if terms else []
    leis = lei_words(text)
    by_lei = graph.read("question_name_leis", leis=leis) if leis else []
    return Candidates(tuple(_unique([*by_lei, *rows])), len(rows) >= limit)
