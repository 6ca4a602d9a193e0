"""Who lends to X, who guarantees X, whom X lends to, whom X guarantees: the lending and
guarantee edges at X on two clocks, each with its amount, currency, dates and source.

The edges are read through the one time gate (``snapshot_reach.reach``, one hop): valid at
``as_of``, known at ``known_at``, a session's what-ifs applied. A role is a channel of the
vocabulary read one way: ``lenders`` / ``guarantors`` are the source ends of the channel's
edges into X, ``borrowers`` / ``guaranteed`` the target ends of X's own edges.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import pandas as pd

from ownergraph.domain.clock import make_clock
from ownergraph.domain.vocabulary import CHANNELS, EDGE_OF, GUARANTEE, LENDING
from ownergraph.graph.analytics.lookup import EntityMatch, find_entity
from ownergraph.graph.analytics.notebook import HtmlRepr
from ownergraph.graph.analytics.ownership_model import jsonable
from ownergraph.graph.analytics.ownership_read import native
from ownergraph.graph.analytics.snapshot_reach import reach
from ownergraph.graph.store.connection import Graph

__all__ = ["ROLES", "Counterparty", "CounterpartiesResult", "counterparties"]

# role -> (channel, the side of X the edges are read on: "in" = X is the edge's target)
ROLES: dict[str, tuple[str, str]] = {
    "lenders": (LENDING.name, "in"), "guarantors": (GUARANTEE.name, "in"),
    "borrowers": (LENDING.name, "out"), "guaranteed": (GUARANTEE.name, "out"),
}
_FIELDS = ("amount", "currency", "valid_from", "valid_to", "known_from", "known_to", "source_system",
           "source_record_id", "document_id", "locator", "statement_id")


@dataclass(frozen=True)
class Counterparty:
    """One lending or guarantee edge at X, read from the counterparty's side."""

    key: str
    name: str | None
    role: str  # lender, guarantor, borrower, guaranteed party (the edge table's end)
    type: str
    source: str
    target: str
    source_name: str | None
    target_name: str | None
    amount: float | None
    currency: str | None
    valid_from: date | None
    valid_to: date | None
    known_from: datetime | None
    source_system: str | None
    source_record_id: str | None
    document_id: str | None
    locator: str | None
    statement_id: str | None


@dataclass(frozen=True)
class CounterpartiesResult(HtmlRepr):
    entity: EntityMatch
    roles: tuple[str, ...]
    as_of: date
    known_at: datetime
    rows: tuple[Counterparty, ...]

    def as_dict(self) -> dict[str, Any]:
        return jsonable(self)

    def totals(self) -> dict[tuple[str, str | None], float]:
        """Stated amounts per (role, currency), never converted."""
        out: dict[tuple[str, str | None], float] = {}
        for r in self.rows:
            if r.amount is not None:
                out[(r.role, r.currency)] = out.get((r.role, r.currency), 0.0) + r.amount
        return out

    def to_frame(self) -> pd.DataFrame:
        cols = ["key", "name", "role", "amount", "currency", "valid_from", "valid_to", "known_from",
                "document_id", "source_system"]
        return pd.DataFrame([{c: getattr(r, c) for c in cols} for r in self.rows], columns=cols)


def _day(v: Any) -> date | None:
    """A stored bound as a date; the open ends (0001-01-01, 9999-12-31) as None."""
    v = native(v)
    if isinstance(v, datetime):
        v = v.date()
    return None if v is None or v.year in (1, 9999) else v


def _moment(v: Any) -> datetime | None:
    v = native(v)
    return None if v is None or v.year in (1, 9999) else v


def _row(e: Any, x: str, side: str, names: dict[str, str | None]) -> Counterparty:
    p = e.props
    other = e.source if side == "in" else e.target
    kind = EDGE_OF[e.type]
    amount = p.get("amount")
    return Counterparty(
        other, names.get(other), kind.source if side == "in" else kind.target, e.type, e.source, e.target,
        names.get(e.source), names.get(e.target), float(amount) if amount is not None else None, p.get("currency"),
        _day(p.get("valid_from")), _day(p.get("valid_to")), _moment(p.get("known_from")), p.get("source_system"),
        p.get("source_record_id"), p.get("document_id"), p.get("locator"), p.get("statement_id"))


def _types(channel: str) -> list[str]:
    return [t for t, _ in CHANNELS[channel].edges]


def counterparties(graph: Graph, x: str, *, roles: Iterable[str] = tuple(ROLES), as_of: date | str | None = None,
                   known_at: date | datetime | str | None = None) -> CounterpartiesResult:
    """The ``roles`` (lenders, guarantors, borrowers, guaranteed) of the entity ``x`` names."""
    chosen = tuple(dict.fromkeys(roles))
    bad = [r for r in chosen if r not in ROLES]
    if bad or not chosen:
        raise ValueError(f"unknown role(s) {', '.join(bad) or '(none given)'}; known: {', '.join(ROLES)}")
    clock = make_clock(as_of, known_at)
    who = find_entity(graph, x, clock.as_of)
    rows: list[Counterparty] = []
    for side in ("in", "out"):
        channels = [ROLES[r][0] for r in chosen if ROLES[r][1] == side]
        if not channels:
            continue
        types = [t for c in channels for t in _types(c)]
        snap = reach(graph, [who.key], clock, types, side, 1, edge_fields=_FIELDS)  # type: ignore[arg-type]
        names = {k: (v or {}).get("name") for k, v in snap.nodes.items()}
        rows += [_row(e, who.key, side, names) for e in snap.edges
                 if (e.target if side == "in" else e.source) == who.key and e.type in types]
    rows.sort(key=lambda r: (r.role, -(r.amount or 0.0), r.name or r.key))
    return CounterpartiesResult(who, chosen, clock.as_of, clock.known_at, tuple(rows))
