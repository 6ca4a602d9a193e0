"""Edges a conversation states (session facts), admitted by the time gate next to the stored
ones, in that session only: they live in the session's :class:`~graph.analytics.snapshot.Assumed`
(a context variable) and are never written to the graph.

A stated edge has the properties the loader would write for the same record
(:func:`graph.load.rows.edge_props`, ``source_kind`` "session_fact") and an id of its own
(``session:...``, never a graph element id). It passes the gate on the valid clock only
(``valid_from <= as_of < valid_to``): the user states it now, in this session, whatever
``known_at`` a question asks about; the session's own knowledge order (turns, supersession) has
already chosen which stated edges are in force.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ownergraph.domain.clock import Clock
from ownergraph.domain.codes import EdgeType

SESSION_RID = "session:"  # the prefix of a stated edge's id



@dataclass(frozen=True)
class StatedEdge:
    rid: str
    source: str
    target: str
    type: str
    props: dict[str, Any]
    source_props: dict[str, Any] = field(default_factory=dict)
    target_props: dict[str, Any] = field(default_factory=dict)

    def valid(self, clock: Clock) -> bool:
        lo, hi = self.props.get("valid_from"), self.props.get("valid_to")
        return (lo is None or lo <= clock.as_of) and (hi is None or clock.as_of < hi)


def is_stated(rid: Any) -> bool:
    return isinstance(rid, str) and rid.startswith(SESSION_RID)


def expand_rows(added: Sequence[StatedEdge], frontier: Iterable[str], clock: Clock, types: Iterable[str],
                outgoing: bool, incoming: bool) -> list[dict[str, Any]]:
    """The stated edges one breadth-first step from ``frontier`` reads, as ``snapshot_expand`` rows."""
    keys, wanted = set(frontier), set(types)
    return [_row(e) for e in added
            if e.type in wanted and e.type != EdgeType.HOLDING and e.valid(clock)
            and ((outgoing and e.source in keys) or (incoming and e.target in keys))]


def step_rows(added: Sequence[StatedEdge], frontier: Iterable[str], clock: Clock, in_types: Iterable[str],
              out_types: Iterable[str]) -> list[dict[str, Any]]:
    """``snapshot_step``'s rows of stated edges: ``in_types`` read incoming, ``out_types`` outgoing."""
    return (expand_rows(added, frontier, clock, in_types, False, True)
            + expand_rows(added, frontier, clock, out_types, True, False))


def holding_rows(added: Sequence[StatedEdge], keys: Iterable[str], portfolios: Sequence[str] | None,
                 clock: Clock) -> list[dict[str, Any]]:
    """Stated positions of our book in ``keys``, as ``exposure_holdings`` rows."""
    wanted = set(keys)
    return [{"portfolio": e.source, "issuer": e.target, "issuer_name": e.target_props.get("name"),
             "props": dict(e.props)}
            for e in added if e.type == EdgeType.HOLDING and e.target in wanted and e.valid(clock)
            and (portfolios is None or e.source in portfolios)]


def stated_props(added: Sequence[StatedEdge], rids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """All properties of the stated edges among ``rids`` (``edge_props`` for graph edges)."""
    wanted = {r for r in rids if is_stated(r)}
    return {e.rid: dict(e.props) for e in added if e.rid in wanted}


def _row(e: StatedEdge) -> dict[str, Any]:
    return {"rid": e.rid, "source": e.source, "target": e.target, "type": e.type,
            "props": dict(e.props) | {"statement_id": e.props.get("statement_id", e.rid)},
            "source_props": {"key": e.source, **e.source_props}, "target_props": {"key": e.target, **e.target_props}}
