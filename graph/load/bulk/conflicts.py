"""``graph.load.conflicts``' screen during a bulk load: its look-ups of stored versions answered
from the staged graph (the database is empty until the import), so a bundle statement that
clashes with one of an earlier batch is quarantined exactly as online.

``StagedReads.read`` stands in for ``Graph.read`` for the three ``load_conflicts*`` queries
only, with each query's own condition (same fact, same knowledge time, another statement; not
a carried piece or a corporate-action split; the first by statement id / entity key).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ownergraph import cypher
from ownergraph.graph.load.bulk.staged import Staged
from ownergraph.graph.load.conflicts import screen

_FS, _RS = "\x1f", "\x1e"  # graph._transport's packed rows: fk, kf, sid per line


def _rows(args: dict[str, Any]) -> list[dict[str, Any]]:
    if "rows" in args:
        return list(args["rows"])
    out = []
    for line in args["blob"].split(_RS):
        fk, kf, sid = line.split(_FS)
        out.append({"fk": fk, "kf": datetime.fromisoformat(kf), "sid": sid})
    return out


class StagedReads:
    """``read`` for the conflict look-ups, over a :class:`~.staged.Staged` graph."""

    def __init__(self, staged: Staged) -> None:
        self.staged = staged

    def read(self, query: cypher.Rendered | str, **args: Any) -> list[dict[str, Any]]:
        name = query.name if isinstance(query, cypher.Rendered) else query
        slots = dict(query.slots) if isinstance(query, cypher.Rendered) else {}
        out = []
        for row in _rows(args):
            stored = self._stored(name, slots.get("TYPE"), row)
            if stored is not None:
                out.append({"sid": row["sid"], "stored": stored})
        return out

    def _stored(self, name: str, rtype: str | None, row: dict[str, Any]) -> dict[str, Any] | None:
        if name == "load_conflicts_entity":
            hits = []
            for _, e in self.staged.entities_of_fact(row["fk"]):
                if (e.get("fact_key") == row["fk"] and e.get("known_from") == row["kf"]
                        and e.get("statement_id") != row["sid"]
                        and row["sid"] not in e.get("statement_ids", ())):
                    hits.append({k: v for k, v in e.items() if k != "statement_ids"})
            return hits[0] if hits else None
        if name not in ("load_conflicts", "load_conflicts_node") or rtype is None:
            raise ValueError(f"not a conflict look-up: {name}")
        hits = [p for p in self.staged.versions_of(rtype, row["fk"])
                if p.get("known_from") == row["kf"] and p["statement_id"] != row["sid"]
                and "carried_from" not in p and (name == "load_conflicts_node" or "closed_by_action" not in p)]
        return min(hits, key=lambda p: p["statement_id"]) if hits else None


def screen_staged(staged: Staged, rows: dict[str, Any], batch_size: int) -> list[Any]:
    """``graph.load.conflicts.screen`` of one batch's rows against ``staged``."""
    return screen(StagedReads(staged), rows, batch_size)  # type: ignore[arg-type]
