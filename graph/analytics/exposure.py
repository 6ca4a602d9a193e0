"""Our exposure to everything an entity, person or group controls, on two clocks.

1. ``who`` (an LEI, alias, name, "<X> family" or a list) becomes a group of entity keys
   (:func:`graph.analytics.lookup.resolve_keys`).
2. The control closure: ``ownership.controlled_by(group, rule="majority")`` at the clock, any
   depth up to ``max_depth``: the group acting together (a family's stakes add up), control
   by stakes above 50% including stakes held through what is already controlled, or by
   board-appointment rights. Entities controlled only *possibly* (a band straddles 50%) are
   kept and flagged ``possibly``; the members themselves count as ``self``.
3. The holdings book: HOLDS edges into those entities valid at ``as_of`` and known at
   ``known_at``; per (portfolio, instrument) only the latest snapshot at or before ``as_of``
   (one statement of it: the same snapshot from two feeds counts once).
4. Attribution: each position names the controlled issuer, the group member at the top of
   its control path and the path itself (every link with its stored edges and provenance).

Totals are per currency (never converted): all positions, and those certainly controlled.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

import pandas as pd

from ownergraph.graph.analytics.session_edges import holding_rows
from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.analytics.snapshot import assumptions
from ownergraph.graph.analytics.lookup import GroupMatch, jsonable, resolve_keys, to_plain
from ownergraph.graph.analytics.structure import Known, When, clock_dict
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.vocabulary import CONTROL_RULE, EXPOSURE
from ownergraph.graph.analytics.notebook import HtmlRepr

_POSITION_COLUMNS = ["portfolio", "instrument", "instrument_type", "issuer", "issuer_name", "amount", "currency",
                     "position_date", "control_status", "controller", "controller_name", "path", "path_names",
                     "source_system", "source_record_id", "document_id"]


@dataclass(frozen=True)
class Position:
    portfolio: str
    instrument: str
    instrument_type: str | None
    issuer: str
    issuer_name: str | None
    amount: float
    currency: str
    position_date: date | None  # the snapshot's as-of date
    control_status: str  # self | certainly | possibly
    controller: str  # the group member at the top of the control path
    controller_name: str | None
    path: tuple[str, ...]  # controller ... issuer
    path_names: tuple[str | None, ...]
    evidence: tuple[dict[str, Any], ...]  # per link: source, target, stake, stored edges
    holding: dict[str, Any]  # the HOLDS edge's properties (clocks, provenance)

    def row(self) -> dict[str, Any]:
        return {"portfolio": self.portfolio, "instrument": self.instrument, "instrument_type": self.instrument_type,
                "issuer": self.issuer, "issuer_name": self.issuer_name, "amount": self.amount,
                "currency": self.currency, "position_date": self.position_date,
                "control_status": self.control_status, "controller": self.controller,
                "controller_name": self.controller_name, "path": " > ".join(self.path),
                "path_names": " > ".join(n or "?" for n in self.path_names),
                "source_system": self.holding.get("source_system"),
                "source_record_id": self.holding.get("source_record_id"),
                "document_id": self.holding.get("document_id")}


@dataclass(frozen=True)
class ExposureResult(HtmlRepr):
    who: GroupMatch
    clock: Clock
    portfolios: tuple[str, ...] | None
    controlled: tuple[dict[str, Any], ...]  # every entity in the closure (key, name, status, path)
    positions: tuple[Position, ...]
    warnings: tuple[dict[str, Any], ...] = ()

    def to_frame(self) -> pd.DataFrame:
        """One row per position."""
        return pd.DataFrame([p.row() for p in self.positions], columns=_POSITION_COLUMNS)

    def totals(self) -> pd.DataFrame:
        """Per currency: total amount, the certainly-controlled part, number of positions."""
        frame = self.to_frame()
        if frame.empty:
            return pd.DataFrame(columns=["currency", "amount", "amount_certain", "positions"])
        frame["certain"] = frame["amount"].where(frame["control_status"] != "possibly", 0.0)
        out = frame.groupby("currency", as_index=False).agg(amount=("amount", "sum"),
                                                             amount_certain=("certain", "sum"),
                                                             positions=("instrument", "size"))
        return out.sort_values("currency").reset_index(drop=True)

    def total(self, currency: str) -> float:
        t = self.totals()
        return float(t.loc[t["currency"] == currency, "amount"].sum())

    def as_dict(self) -> dict[str, Any]:
        return {"who": self.who.as_dict(), "clock": clock_dict(self.clock),
                "portfolios": list(self.portfolios) if self.portfolios else None,
                "totals": jsonable(self.totals().to_dict(orient="records")),
                "positions": jsonable([p.row() | {"evidence": list(p.evidence), "holding": p.holding}
                                       for p in self.positions]),
                "controlled": jsonable(list(self.controlled)), "warnings": jsonable(list(self.warnings))}


def _step_dict(step: Any) -> dict[str, Any]:
    return {"source": step.source, "target": step.target, "stake_lo": step.stake.lo, "stake_hi": step.stake.hi,
            "edges": [e.as_dict() for e in step.edges]}


def _closure(graph: Graph, group: GroupMatch, clock: Clock, max_depth: int
             ) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """Controlled key -> status, control path (controller first) and per-link evidence."""
    from ownergraph.graph.analytics.ownership import controlled_by

    res = controlled_by(graph, group.keys, as_of=clock.as_of, known_at=clock.known_at, max_depth=max_depth,
                        rule=CONTROL_RULE)
    names = {m.key: m.name for m in group.members}
    out: dict[str, dict[str, Any]] = {
        m.key: {"key": m.key, "name": m.name, "status": "self", "path": (m.key,), "steps": ()}
        for m in group.members}
    import networkx as nx  # in-function: networkx costs every CLI call's start-up otherwise

    # the control path: links that make up each controlled entity's majority, read back
    # from the group (breadth-first, so the shortest chain of control)
    g = nx.DiGraph()
    steps: dict[tuple[str, str], Any] = {}
    rows = [r for r in res.rows if r.status != "not" and r.key not in out]
    for r in rows:
        names[r.key] = r.name
        for s in r.contributions:
            g.add_edge(s.source, s.target)
            steps[(s.source, s.target)] = s
        for p in r.paths:  # chain rules give whole paths instead of contributions
            for s in p.steps:
                g.add_edge(s.source, s.target)
                steps[(s.source, s.target)] = s
    controlled = {r.key for r in rows}
    usable = g.subgraph(set(group.keys) | controlled).copy()  # a path only through what is controlled
    sources = {k for k in group.keys if k in usable}
    # one multi-source search gives every controlled entity's shortest chain (one search per
    # entity was quadratic: 430 controlled entities took 0.5 s)
    chains = nx.multi_source_dijkstra_path(usable, sources) if sources else {}
    as_dicts: dict[tuple[str, str], dict[str, Any]] = {}

    def step_dict(a: str, b: str) -> dict[str, Any]:  # chains share links: convert each once
        if (a, b) not in as_dicts:
            as_dicts[(a, b)] = _step_dict(steps[(a, b)])
        return as_dicts[(a, b)]

    for r in rows:
        path: tuple[str, ...] = tuple(chains.get(r.key, ()))
        out[r.key] = {"key": r.key, "name": r.name, "status": r.status, "path": path,
                      "steps": tuple(step_dict(a, b) for a, b in zip(path, path[1:])),
                      "stake_lo": r.stake.lo, "stake_hi": r.stake.hi, "basis": r.basis}
    for v in out.values():
        v["path_names"] = tuple(names.get(k) for k in v["path"])
    return out, [w.as_dict() for w in res.warnings]


def one_per_instrument(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One position per (portfolio, instrument): the same snapshot reported by two feeds (a
    bundle and a holdings CSV) must not count twice; the latest published statement wins."""
    best: dict[tuple[str, str], dict[str, Any]] = {}
    for r in rows:
        p = r["props"]
        k = (r["portfolio"], p.get("instrument", ""))
        rank = (to_plain(p.get("valid_from")), to_plain(p.get("known_from")), p.get("statement_id", ""))
        cur = best.get(k)
        if cur is None or rank > cur["_rank"]:
            best[k] = r | {"_rank": rank}
    return [best[k] for k in sorted(best)]


def exposure(graph: Graph, who: str | list[str], *, portfolio: str | Iterable[str] | None = None,
             as_of: When = None, known_at: Known = None, max_depth: int = EXPOSURE.hops) -> ExposureResult:
    """Positions of the book in everything ``who`` controls at the clock, attributed."""
    clock = make_clock(as_of, known_at)
    group = resolve_keys(graph, who, clock.as_of, clock.known_at)
    closure, warnings = _closure(graph, group, clock, max_depth)
    portfolios = None if portfolio is None else (portfolio,) if isinstance(portfolio, str) else tuple(portfolio)
    rows = graph.read("exposure_holdings", keys=sorted(closure), portfolios=list(portfolios) if portfolios else None,
                      **clock.as_params())
    rows += holding_rows(assumptions().added, closure, portfolios, clock)  # positions a session stated
    positions = []
    for r in one_per_instrument(rows):
        h = {k: to_plain(v) for k, v in r["props"].items()}
        c = closure[r["issuer"]]
        path = c["path"] or (r["issuer"],)
        positions.append(Position(
            portfolio=r["portfolio"], instrument=h.get("instrument", ""), instrument_type=h.get("instrument_type"),
            issuer=r["issuer"], issuer_name=r["issuer_name"], amount=float(h.get("amount") or 0.0),
            currency=h.get("currency") or "?", position_date=h.get("valid_from"), control_status=c["status"],
            controller=path[0], controller_name=c["path_names"][0] if c["path"] else None, path=path,
            path_names=c["path_names"] or (r["issuer_name"],), evidence=c["steps"], holding=h))
    controlled = tuple({k: v for k, v in c.items() if k != "steps"} for c in closure.values())
    return ExposureResult(group, clock, portfolios, controlled, tuple(positions), tuple(warnings))
