"""What X owns or controls on two clocks: every entity X's shareholdings reach, its direct stake,
its effective (chain-rule) stake through every chain, whether X controls it, and the chains
behind each figure.

The arithmetic is ``owners``' own, read downward: ``ownership_read.prepare`` over the time gate,
``arithmetic.chain_from`` for the effective stakes (a group's members add up), and
``ownership.controlled_by`` (the majority rule, votes and controlling CONTROLS edges: the one
control notion) for the control column. An entity X controls without holding shares in it (a
board appointment) is listed with a stake of 0 and the links that give control.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Literal

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.domain.codes import EdgeType
from ownergraph.domain.vocabulary import CONTROL_RULE, HOLDINGS
from ownergraph.graph.analytics import arithmetic as ar
from ownergraph.graph.analytics.control_kinds import strength
from ownergraph.graph.analytics.interval import ZERO, Interval, Status
from ownergraph.graph.analytics.lookup import GroupMatch, resolve_keys
from ownergraph.graph.analytics.notebook import HtmlRepr
from ownergraph.graph.analytics.ownership import controlled_by
from ownergraph.graph.analytics.ownership_model import DataWarning, PathEvidence, PathStep, jsonable
from ownergraph.graph.analytics.ownership_read import ARITHMETIC_FIELDS, Prepared, prepare
from ownergraph.graph.analytics.snapshot import expand
from ownergraph.graph.analytics.snapshot_reach import reach
from ownergraph.graph.store.connection import Graph

__all__ = ["Holding", "HoldingsResult", "holdings"]

Basis = Literal["owned", "control"]
PATHS_PER_ROW = 20  # chains kept as evidence per holding


@dataclass(frozen=True)
class Holding:
    """One entity X holds: ``direct`` its own stated stake (None: held only through others),
    ``effective`` the chain-rule stake through every chain, ``control`` whether X controls it."""

    key: str
    name: str | None
    kind: str | None
    direct: Interval | None
    effective: Interval
    control: Status
    paths: tuple[PathEvidence, ...] = ()
    control_links: tuple[PathStep, ...] = ()  # the links that give control where no share chain does
    votes: Interval | None = None  # X's own share of the voting rights, where its control rests on them

    def frame_row(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "kind": self.kind,
                "direct_lo": self.direct.lo if self.direct else None, "direct_hi": self.direct.hi if self.direct else None,
                "effective_lo": self.effective.lo, "effective_hi": self.effective.hi, "control": self.control,
                "hops": min((len(p.steps) for p in self.paths), default=None)}


@dataclass(frozen=True)
class HoldingsResult(HtmlRepr):
    holder: GroupMatch
    basis: Basis
    semantics: str
    as_of: date
    known_at: datetime
    max_depth: int
    rows: tuple[Holding, ...]
    warnings: tuple[DataWarning, ...]
    depth_limit_reached: bool = False  # entities beyond max_depth hops were not read: at least these
    # X's own control links whose kind confers no control (a nominee, a director): named, never counted
    uncounted: tuple[dict[str, Any], ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return jsonable(self)

    def to_frame(self) -> pd.DataFrame:
        cols = ["key", "name", "kind", "direct_lo", "direct_hi", "effective_lo", "effective_hi", "control", "hops"]
        return pd.DataFrame([r.frame_row() for r in self.rows], columns=cols)


def _read(graph: Graph, keys: list[str], clock: Clock, interest: str, max_depth: int) -> Prepared:
    snap = reach(graph, keys, clock, [EdgeType.OWNERSHIP, EdgeType.CONTROL], "out", max_depth,
                 edge_fields=ARITHMETIC_FIELDS)
    return prepare(snap, keys, "out", interest, max_depth)


def _direct(prep: Prepared, keys: list[str], k: str) -> Interval | None:
    """The group's own stated stakes in ``k`` (members' stakes add up)."""
    stakes = [w.stake for w in prep.wedges if w.source in keys and w.target == k]
    if not stakes:
        return None
    total = ZERO
    for s in stakes:
        total = total + s
    return total.capped()


def own_votes(links: Iterable[PathStep], keys: list[str], k: str) -> Interval | None:
    """The holder's own voting rights in ``k`` among the links its control rests on (Valtora:
    52% of the votes beside 25-50% of the shares); None where control rests on none."""
    stakes = [e.stake for s in links if s.source in keys and s.target == k for e in s.edges
              if getattr(e, "interest", None) == "voting_rights" and e.stake is not None]
    total = ZERO
    for v in stakes:
        total = total + v
    return total.capped() if stakes else None


def _chains(graph: Graph, prep: Prepared, keys: list[str], targets: Iterable[str]
            ) -> dict[str, tuple[PathEvidence, ...]]:
    """The chains from the group to each target, with the provenance of their edges (one read)."""
    found: dict[str, list[tuple[ar.WEdge, ...]]] = {}
    for k in targets:
        paths: list[tuple[ar.WEdge, ...]] = []
        for g in keys:
            paths += ar.simple_paths(prep.wedges, g, k, PATHS_PER_ROW, avoid=set(keys) - {g})[0]
        paths.sort(key=lambda p: (len(p), -ar.path_product(p).hi))
        found[k] = paths[:PATHS_PER_ROW]
    prep.load(graph, {r for ps in found.values() for p in ps for e in p for r in prep.pairs[e.ref][3]})

    def evidence(p: tuple[ar.WEdge, ...]) -> PathEvidence:
        nodes = (p[0].source,) + tuple(e.target for e in p)
        return PathEvidence(nodes, tuple(prep.name(n) for n in nodes), tuple(prep.step(e.ref) for e in p),
                            ar.path_product(p))

    return {k: tuple(evidence(p) for p in ps) for k, ps in found.items()}


def holdings(graph: Graph, holder: str | Iterable[str], *, as_of: date | str | None = None,
             known_at: date | datetime | str | None = None, basis: Basis = "owned",
             semantics: ar.Semantics = "simple_paths", interest: str = "shareholding",
             max_depth: int = HOLDINGS.hops) -> HoldingsResult:
    """What ``holder`` (an entity, a person, "<X> family" or several mentions together) owns,
    or with ``basis="control"`` only what it controls."""
    clock = make_clock(as_of, known_at)
    who = resolve_keys(graph, holder, clock.as_of, clock.known_at)
    keys = who.keys
    prep = _read(graph, keys, clock, interest, max_depth)
    chain = ar.chain_from(prep.wedges, keys, semantics)
    ctl = controlled_by(graph, keys, as_of=clock.as_of, known_at=clock.known_at, max_depth=max_depth,
                        rule=CONTROL_RULE)
    control = {r.key: r for r in ctl.rows if r.status != "not" and r.key not in keys}
    wanted = sorted((set(chain.values) | set(control)) - set(keys))
    if basis == "control":
        wanted = [k for k in wanted if k in control]
    chains = _chains(graph, prep, keys, wanted)
    rows = [Holding(k, prep.name(k) or control[k].name if k in control else prep.name(k), prep.kind(k),
                    _direct(prep, keys, k), chain.values.get(k, ZERO),
                    control[k].status if k in control else "not", chains.get(k, ()),
                    control[k].contributions if k in control and not chains.get(k) else (),
                    own_votes(control[k].contributions, keys, k) if k in control else None)
            for k in wanted]
    # what X holds itself first (the answer a reader checks), then what it holds through chains
    rows.sort(key=lambda r: (r.direct is None, -(r.direct.hi if r.direct else r.effective.hi), r.name or r.key))
    warnings = tuple(prep.warnings) + tuple(w for w in ctl.warnings if w.code != "depth_limit")
    return HoldingsResult(who, basis, semantics, clock.as_of, clock.known_at, max_depth, tuple(rows), warnings,
                          bool(prep.frontier) or ctl.depth_limit_reached,
                          _uncounted(graph, keys, clock, {r.key for r in rows}))


def _uncounted(graph: Graph, keys: list[str], clock: Clock, held: set[str]) -> tuple[dict[str, Any], ...]:
    """X's direct control links that confer no control by their kind (BODS: a nominee holds for
    someone else; a director or officer runs, not controls), to entities X does not hold otherwise."""
    snap = expand(graph, list(keys), clock, [EdgeType.CONTROL.value], "out", 1)
    out: dict[str, dict[str, Any]] = {}
    for e in snap.edges:
        kind = e.props.get("control_kind")
        if e.source in keys and e.target not in held and e.target not in keys and strength(kind) == "none":
            out.setdefault(e.target, {"key": e.target, "name": snap.nodes.get(e.target, {}).get("name"),
                                      "control_kind": str(kind or "not stated")})
    return tuple(sorted(out.values(), key=lambda r: str(r["name"] or r["key"])))
