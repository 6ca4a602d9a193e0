"""Book screening: which positions of our book face a sanctioned party, on two clocks.

The book is the holdings the graph stores (HOLDS edges from portfolios). Two questions:

- owned or controlled (no hop count): the positions in everything the parties under a
  sanction valid and known at the clock control, by the one control notion of ``exposure``
  (majority of votes or shares through chains, board, GP, trust roles; the parties' stakes add
  up, as the OFAC 50% rule aggregates blocked persons' holdings); a party's own paper counts.
- within N hops: the positions whose issuer is within ``hops`` of a sanctioned party over the
  edges sanctions reach reads (``structure.sanctions_near``), with the nearest party and path.

No sanctioned party at the clock is a result (``parties`` empty), never an exception."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.analytics.exposure import one_per_instrument, exposure
from ownergraph.graph.analytics.lookup import jsonable, to_plain
from ownergraph.graph.analytics.notebook import HtmlRepr
from ownergraph.graph.analytics.structure import Known, When, clock_dict, sanctioned, sanctions_near
from ownergraph.graph.store.connection import Graph

COLUMNS = ["portfolio", "instrument", "instrument_type", "issuer", "issuer_name", "amount", "currency",
           "position_date", "basis", "party", "party_name", "distance", "path_names"]


@dataclass(frozen=True)
class ScreeningResult(HtmlRepr):
    clock: Clock
    hops: int | None  # None: owned or controlled; N: within N hops
    portfolios: tuple[str, ...] | None
    parties: tuple[dict[str, Any], ...]  # the sanctioned parties at the clock
    rows: tuple[dict[str, Any], ...]  # one per position that faces one
    entities: tuple[dict[str, Any], ...] = ()  # key and name of every entity on a chain: sources cite names

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame(list(self.rows), columns=COLUMNS)

    def totals(self) -> dict[str, float]:
        """Amount per currency (never converted)."""
        out: dict[str, float] = {}
        for r in self.rows:
            out[r["currency"]] = out.get(r["currency"], 0.0) + float(r["amount"])
        return dict(sorted(out.items()))

    def as_dict(self) -> dict[str, Any]:
        return {"clock": clock_dict(self.clock), "hops": self.hops,
                "portfolios": list(self.portfolios) if self.portfolios else None,
                "parties": jsonable(list(self.parties)), "totals": self.totals(), "rows": jsonable(list(self.rows)),
                "entities": jsonable(list(self.entities))}


def screening(graph: Graph, hops: int | None = None, *, portfolio: str | Iterable[str] | None = None,
              as_of: When = None, known_at: Known = None) -> ScreeningResult:
    """The positions owned or controlled by (``hops`` None) or within ``hops`` of a sanctioned party."""
    clock = make_clock(as_of, known_at)
    portfolios = None if portfolio is None else (portfolio,) if isinstance(portfolio, str) else tuple(portfolio)
    parties = _parties(graph, clock)
    if not parties:
        return ScreeningResult(clock, hops, portfolios, (), ())
    rows = _controlled(graph, parties, portfolios, clock) if hops is None else \
        _near(graph, hops, portfolios, clock)
    rows.sort(key=lambda r: (r["portfolio"], r["instrument"]))
    named = {k: n for r in rows for k, n in zip(r.pop("_keys"), r["path_names"].split(" > "))}
    entities = tuple({"key": k, "name": n} for k, n in sorted(named.items()))
    return ScreeningResult(clock, hops, portfolios, tuple(parties.values()), tuple(rows), entities)


def _parties(graph: Graph, clock: Clock) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for h in sanctioned(graph, clock):  # one per party: its authorities joined
        old = out.setdefault(h["key"], dict(h))
        if old is not h and h.get("authority") and h["authority"] not in (old.get("authority") or ""):
            old["authority"] = "; ".join(x for x in (old.get("authority"), h["authority"]) if x)
    return out


def _controlled(graph: Graph, parties: dict[str, dict[str, Any]], portfolios: tuple[str, ...] | None,
                clock: Clock) -> list[dict[str, Any]]:
    res = exposure(graph, sorted(parties), portfolio=portfolios, as_of=clock.as_of, known_at=clock.known_at)
    basis = {"self": "sanctioned itself", "certainly": "controlled", "possibly": "possibly controlled"}
    return [_row(p.row(), basis.get(p.control_status, p.control_status), p.controller,
                 parties.get(p.controller, {}).get("name") or p.controller_name, len(p.path) - 1,
                 list(p.path_names)) | {"evidence": list(p.evidence), "holding": p.holding, "_keys": list(p.path)}
            for p in res.positions]


def _near(graph: Graph, hops: int, portfolios: tuple[str, ...] | None, clock: Clock) -> list[dict[str, Any]]:
    near = {r["key"]: r for r in sanctions_near(graph, None, hops, as_of=clock.as_of, known_at=clock.known_at).rows}
    got = graph.read("exposure_holdings", keys=sorted(near), portfolios=list(portfolios) if portfolios else None,
                     **clock.as_params())
    rows = []
    for r in one_per_instrument(got):
        h = {k: to_plain(v) for k, v in r["props"].items()}
        n = near[r["issuer"]]
        position = {"portfolio": r["portfolio"], "instrument": h.get("instrument", ""),
                    "instrument_type": h.get("instrument_type"), "issuer": r["issuer"],
                    "issuer_name": r["issuer_name"], "amount": float(h.get("amount") or 0.0),
                    "currency": h.get("currency") or "?", "position_date": h.get("valid_from")}
        rows.append(_row(position, f"within {hops} hop{'s' if hops != 1 else ''}", n["sanctioned_key"],
                         n["sanctioned_name"], n["distance"], list(reversed(n["path_names"])))
                    | {"holding": h, "_keys": list(reversed(n["path"]))})
    return rows


def _row(position: dict[str, Any], basis: str, party: str, party_name: str | None, distance: int,
         path_names: list[Any]) -> dict[str, Any]:
    keep = ("portfolio", "instrument", "instrument_type", "issuer", "issuer_name", "amount", "currency", "position_date")
    return {k: position.get(k) for k in keep} | {"basis": basis, "party": party, "party_name": party_name,
                                                 "distance": distance, "path_names": " > ".join(str(n) for n in path_names)}
