"""The names of X: its name, previous names, aliases and identifiers, the name it bore at a date,
and what it became (or came from) by merger, rename or spin-off.

Aliases are read with their validity, not filtered by it: a previous name still identifies its
entity, and "what was X called on D" is the name whose validity holds D. Successions are read
at the knowledge clock, like every edge."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.domain.codes import EdgeType
from ownergraph.graph.analytics.lookup import EntityMatch, find_entity, jsonable, to_plain
from ownergraph.graph.analytics.notebook import HtmlRepr
from ownergraph.graph.analytics.structure import Known, When, clock_dict
from ownergraph.graph.store.connection import Graph

COLUMNS = ["key", "name", "role", "scheme", "kind", "valid_from", "valid_to", "action", "document_id"]
_OPEN = (date(1, 1, 1), date(9999, 12, 31))  # the stored bounds of an open validity


@dataclass(frozen=True)
class NamesResult(HtmlRepr):
    entity: EntityMatch
    clock: Clock
    name: str  # the name stored now
    lei: str | None
    name_then: str  # the name whose validity holds the clock's as_of
    rows: tuple[dict[str, Any], ...]  # names, identifiers, successors, predecessors

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame(list(self.rows), columns=COLUMNS)

    def as_dict(self) -> dict[str, Any]:
        return {"entity": self.entity.as_dict(), "clock": clock_dict(self.clock), "name": self.name,
                "lei": self.lei, "name_then": self.name_then, "rows": jsonable(list(self.rows))}


def _bound(v: Any) -> date | None:
    v = to_plain(v)
    d = v.date() if hasattr(v, "date") and callable(v.date) else v
    return None if d is None or d in _OPEN else d


def _alias_row(key: str, a: dict[str, Any]) -> dict[str, Any]:
    is_name = a.get("scheme") == "name"
    return {"key": key, "name": a.get("value"), "role": (a.get("kind") or "name") if is_name else "identifier",
            "scheme": a.get("scheme"), "kind": a.get("kind"), "valid_from": _bound(a.get("valid_from")),
            "valid_to": _bound(a.get("valid_to")), "action": None, "document_id": None}


def _succession_row(x: str, x_name: str, s: dict[str, Any], role: str) -> dict[str, Any]:
    p = to_plain(s.get("props") or {})
    ends = (s["key"], x) if role == "predecessor" else (x, s["key"])
    names = (s.get("name"), x_name) if role == "predecessor" else (x_name, s.get("name"))
    edge = {"source": ends[0], "source_name": names[0], "target": ends[1], "target_name": names[1],
            "type": EdgeType.SUCCESSION.value, "statement_id": p.get("statement_id"), "document_id": p.get("document_id"),
            "valid_from": p.get("valid_from"), "known_from": p.get("known_from")}  # cited by the answer
    return {"key": s["key"], "name": s.get("name") or s["key"], "role": role, "scheme": None,
            "kind": p.get("action"), "valid_from": _bound(p.get("valid_from")), "valid_to": None,
            "action": p.get("action"), "document_id": p.get("document_id"), "lei": s.get("lei"), "edge": edge}


def names(graph: Graph, x: str, *, as_of: When = None, known_at: Known = None) -> NamesResult:
    """X's names and identifiers, the name valid at ``as_of``, and its successions known at ``known_at``."""
    clock = make_clock(as_of, known_at)
    match = find_entity(graph, x, clock.as_of)
    got = graph.read("names_of", key=match.key, **clock.as_params())
    rec = got[0] if got else {"entity": {"key": match.key, "name": match.name, "lei": match.lei},
                              "aliases": [], "successors": [], "predecessors": []}
    ent = rec["entity"]
    own = (ent.get("name") or "").casefold()
    said = {own, (ent.get("lei") or "").casefold()}  # the name and LEI are the head, not aliases
    rows = [_alias_row(match.key, a) for a in rec["aliases"] if (a.get("value") or "").casefold() not in said]
    here = ent.get("name") or match.name
    rows += [_succession_row(match.key, here, s, "successor") for s in rec["successors"]]
    rows += [_succession_row(match.key, here, s, "predecessor") for s in rec["predecessors"]]
    rows.sort(key=lambda r: (r["role"] != "previous", r["role"], str(r["valid_to"] or ""), r["name"] or ""))
    return NamesResult(match, clock, ent.get("name") or match.name, ent.get("lei"),
                       name_at(ent.get("name") or match.name, rows, clock.as_of), tuple(rows))


def name_at(current: str, rows: list[dict[str, Any]], when: date) -> str:
    """The name X bore on ``when``: a previous name whose validity holds it, else the stored name."""
    for r in rows:
        if r["role"] == "previous" and r["valid_to"] and when < r["valid_to"] and \
                (r["valid_from"] is None or r["valid_from"] <= when):
            return str(r["name"])
    return current
