"""Who is hit if X defaults: reachability where each edge type is read in its own direction
of risk.

channel     edge (stored direction)            when D defaults, who is hit
guarantee   guarantor -GUARANTEES-> guaranteed  D guaranteed: its guarantor (edge source)
lending     lender -LENDS_TO-> borrower         D borrowed: its lender (edge source)
ownership   owner -OWNS-> owned                 D owned: its owners (equity loss; edge source)
            child -CONSOLIDATED_BY-> parent     D consolidated: its accounting parent (target)
Never the reverse: a guarantor's default does not hit the party it guarantees, a lender's
default does not hit its borrower, a parent's default does not hit its subsidiary.

The cascade is breadth-first: a party hit at hop h is assumed to default in turn, up to
``max_hops``. Each party is reported at its smallest hop count with one shortest chain of
evidence (every edge with clocks and provenance) and its exposures: all its edges, in the
direction of risk, to parties one hop nearer the default, with amount/currency (guarantees,
loans) or stake (ownership) where the source gives one. Edges come only through the time gate.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, Literal

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.analytics.snapshot import DAYS, INSTANTS, Reads, assumptions, gated, step
from ownergraph.graph.analytics.lookup import EntityMatch, find_entity, jsonable
from ownergraph.graph.analytics.structure import (
    EVIDENCE_PROPS,
    Known,
    When,
    clock_dict,
    edge_evidence,
)
from ownergraph.graph.store.connection import Graph, Reader
from ownergraph.domain.vocabulary import CHANNEL_NAMES, CHANNEL_OF, CHANNELS, CONTAGION, HIT_END
from ownergraph.domain.errors import ConfigError
from ownergraph.domain.codes import EdgeType, InterestType
from ownergraph.graph.analytics.notebook import HtmlRepr

# the channels, their edge types and directions of risk: graph.vocabulary


@dataclass(frozen=True)
class Affected:
    key: str
    name: str
    hops: int
    channels: tuple[str, ...]
    exposures: tuple[dict[str, Any], ...]  # edges to parties one hop nearer, with figures
    path: tuple[dict[str, Any], ...]  # one shortest chain, from the defaulted party outwards

    @property
    def amount_at_risk(self) -> dict[str, float]:
        """Sum of stated amounts of the exposures, per currency (guarantees and loans)."""
        out: dict[str, float] = defaultdict(float)
        for e in self.exposures:
            if e.get("amount") is not None:
                out[e.get("currency") or "?"] += float(e["amount"])
        return dict(out)

    @property
    def equity_stake(self) -> tuple[float, float] | None:
        """Largest direct stake (lo, hi) held in a defaulted party, where stated."""
        # equity is the shares: a voting-rights interest is control, not capital at risk
        stakes = [(e["stake_lo"], e["stake_hi"]) for e in self.exposures
                  if e["type"] == EdgeType.OWNERSHIP and e.get("stake_lo") is not None
                  and (e.get("interest") or InterestType.SHAREHOLDING) == InterestType.SHAREHOLDING]
        return max(stakes) if stakes else None

    @property
    def path_names(self) -> list[str]:
        if not self.path:
            return []
        first = self.path[0]
        names = [first["source_name"] if first["defaulted_end"] == "source" else first["target_name"]]
        return names + [p["source_name"] if p["defaulted_end"] == "target" else p["target_name"] for p in self.path]

    def as_dict(self) -> dict[str, Any]:
        return jsonable({"key": self.key, "name": self.name, "hops": self.hops, "channels": list(self.channels),
                         "amount_at_risk": self.amount_at_risk, "equity_stake": self.equity_stake,
                         "path_names": self.path_names, "exposures": list(self.exposures),
                         "path": list(self.path)})


@dataclass(frozen=True)
class ContagionResult(HtmlRepr):
    defaulted: EntityMatch
    clock: Clock
    types: tuple[str, ...]
    max_hops: int
    affected: tuple[Affected, ...]

    def by_key(self) -> dict[str, Affected]:
        return {a.key: a for a in self.affected}

    def to_frame(self) -> pd.DataFrame:
        """One row per exposure edge of each affected party."""
        rows = []
        for a in self.affected:
            for e in a.exposures:
                end = e["defaulted_end"]  # the endpoint that defaulted: what this party is exposed to
                rows.append({"key": a.key, "name": a.name, "hops": a.hops, "channel": CHANNEL_OF[e["type"]],
                             "edge_type": e["type"], "exposed_to": e[end],
                             "exposed_to_name": e[f"{end}_name"],
                             "amount": e.get("amount"), "currency": e.get("currency"),
                             "stake_lo": e.get("stake_lo"), "stake_hi": e.get("stake_hi"),
                             "path": " -> ".join(a.path_names), "source_system": e.get("source_system"),
                             "source_record_id": e.get("source_record_id"), "document_id": e.get("document_id")})
        return pd.DataFrame(rows, columns=["key", "name", "hops", "channel", "edge_type", "exposed_to",
                                           "exposed_to_name", "amount", "currency", "stake_lo", "stake_hi", "path",
                                           "source_system", "source_record_id", "document_id"])

    def totals(self) -> pd.DataFrame:
        """Stated amounts at risk per currency and hop."""
        frame = self.to_frame().dropna(subset=["amount"])
        if frame.empty:
            return pd.DataFrame(columns=["hops", "currency", "amount", "parties"])
        return (frame.groupby(["hops", "currency"], as_index=False)
                .agg(amount=("amount", "sum"), parties=("key", "nunique")))

    def as_dict(self) -> dict[str, Any]:
        return {"defaulted": self.defaulted.as_dict(), "clock": clock_dict(self.clock), "types": list(self.types),
                "max_hops": self.max_hops, "affected": [a.as_dict() for a in self.affected]}


Engine = Literal["auto", "server", "cypher"]
PROCEDURE = "ownergraph.cascade"


def contagion(graph: Graph, defaulted: str, *, types: Iterable[str] = CHANNEL_NAMES,
              max_hops: int = CONTAGION.hops, as_of: When = None, known_at: Known = None,
              engine: Engine = "auto") -> ContagionResult:
    """Parties hit, hop by hop, if ``defaulted`` defaults (see the module docstring).

    ``engine``: "server" runs the whole cascade in one call to the ``ownergraph.cascade``
    procedure (ownergraph's Neo4j plugin, graph/store/plugin.py); "cypher" reads one hop per query
    (``snapshot_step``); "auto" takes the procedure when the server has it. Both apply the same
    time gate and give the same result (tested); session what-ifs that extend edges past their
    ``valid_to`` always take the Cypher path."""
    chosen = tuple(dict.fromkeys(types))
    unknown = [t for t in chosen if t not in CHANNELS]
    if unknown:
        raise ValueError(f"unknown contagion type(s) {unknown}; choose from {sorted(CHANNELS)}")
    edge_types = sorted({t for ch in chosen for t, _ in CHANNELS[ch].edges})
    clock = make_clock(as_of, known_at)
    on_server = _on_server(graph, engine)

    def work(reader: Reader) -> ContagionResult:
        x = find_entity(reader, defaulted, clock.as_of)
        cascade = _Cascade(x)
        if on_server:
            found = cascade.replay(_server_hops(reader, x, clock, edge_types, max_hops))
        else:
            found = cascade.run(_cypher_hops(reader, x, clock, edge_types, max_hops))
        return ContagionResult(x, clock, chosen, max_hops, found)

    # the look-up and every hop in one read transaction: one consistent graph state, one BEGIN/COMMIT
    return graph.read_unit(work)


def _on_server(graph: Graph, engine: Engine) -> bool:
    if engine not in ("auto", "server", "cypher"):
        raise ValueError(f"unknown engine {engine!r}; choose auto, server or cypher")
    if engine == "cypher" or assumptions().extended or assumptions().added:
        return False
    if graph.has_procedure(PROCEDURE):
        return True
    if engine == "server":
        found = "" if graph.plugin.used else f" ({graph.plugin.note})"
        raise ConfigError(f"the server at {graph.uri} has no {PROCEDURE} procedure of this ownergraph build"
                         f"{found}; install the jar of `ownergraph neo4j plugin --out DIR` "
                         "in its plugins/ folder, or use engine='cypher' or 'auto'")
    return False


# A hop source yields, per hop, the admitted edges read from the frontier as evidence records
# (``edge_evidence``'s shape) and the node facts seen; it is told the next frontier (parties
# first hit at that hop) through ``send``.
Hops = Generator[tuple[list[dict[str, Any]], dict[str, dict[str, Any]]], list[str], None]


def _directions(edge_types: list[str]) -> tuple[list[str], list[str]]:
    """(types read incoming: their source is hit, types read outgoing: their target is hit)"""
    return ([t for t in edge_types if HIT_END[t] == "source"], [t for t in edge_types if HIT_END[t] == "target"])


def _cypher_hops(reader: Reads, x: EntityMatch, clock: Clock, edge_types: list[str], max_hops: int) -> Hops:
    """One ``snapshot_step`` query per hop. Only edges in the direction of risk are read:
    reading "both" would pull every subsidiary and child."""
    hit_source, hit_target = _directions(edge_types)
    frontier = [x.key]
    for _ in range(max_hops):
        if not frontier or not edge_types:
            return
        snap = step(reader, frontier, clock, hit_source, hit_target)
        frontier = yield [edge_evidence(e, snap.nodes) for e in snap.edges], snap.nodes


def _server_hops(reader: Reader, x: EntityMatch, clock: Clock, edge_types: list[str],
                 max_hops: int) -> Iterator[dict[str, Any]]:
    """The whole cascade in one procedure call, streamed one row per hop: the parties first hit at
    that hop with the edges that reached them, as JSON text (rows of ``_EXPOSURE_COLUMNS``): the
    server converts and sends one value per hop instead of ~26 per edge, and walks hop h + 1
    while this process decodes hop h."""
    hit_source, hit_target = _directions(edge_types)
    return reader.stream("contagion_cascade", key=x.key, hit_source=hit_source, hit_target=hit_target,
                         max_hops=max_hops if edge_types else 0, suppressed=sorted(gated(reader).suppressed),
                         fields=list(EVIDENCE_PROPS), **clock.as_params())


_EXPOSURE_COLUMNS = ("source", "source_name", "target", "target_name", "type", *EVIDENCE_PROPS, "defaulted_end")
_CLOCK_AT = tuple(_EXPOSURE_COLUMNS.index(k) for k in ("valid_from", "valid_to", "known_from", "known_to"))


class _Cascade:
    """Breadth-first bookkeeping from the defaulted party: hop counts, one shortest chain of
    evidence per party, its exposures to parties one hop nearer."""

    def __init__(self, x: EntityMatch) -> None:
        self.hop_of = {x.key: 0}
        self.path_of: dict[str, tuple[dict[str, Any], ...]] = {x.key: ()}
        self.nodes: dict[str, dict[str, Any]] = {x.key: {"key": x.key, "name": x.name}}
        self.found: list[Affected] = []

    def run(self, hops: Hops) -> tuple[Affected, ...]:
        frontier = [next(iter(self.hop_of))]
        hop = 0
        try:
            edges, nodes = next(hops)
            while True:
                hop += 1
                frontier = self._absorb(hop, frontier, edges, nodes)
                edges, nodes = hops.send(frontier)
        except StopIteration:
            pass
        return tuple(self.found)

    def replay(self, rows: Iterable[dict[str, Any]]) -> tuple[Affected, ...]:
        """Take the procedure's hops (see ``_server_hops``): the parties of each hop are already
        first hit there, with the edges that reached them."""
        days, instants, columns = DAYS, INSTANTS, _EXPOSURE_COLUMNS
        vf, vt, kf, kt = _CLOCK_AT
        for row in rows:
            hop = row["hop"]
            if hop == 0:
                continue
            parties = json.loads(row["parties"])
            parties.sort(key=itemgetter(0))
            for key, name, _lei, _kind, exposures in parties:
                evs = []
                for e in exposures:
                    e[vf], e[vt], e[kf], e[kt] = days[e[vf]], days[e[vt]], instants[e[kf]], instants[e[kt]]
                    evs.append(dict(zip(columns, e)))
                self._hit(hop, key, name, evs)
        return tuple(self.found)

    def _absorb(self, hop: int, frontier: list[str], edges: list[dict[str, Any]],
                nodes: dict[str, dict[str, Any]]) -> list[str]:
        known = self.nodes
        for key, props in nodes.items():
            known.setdefault(key, props)
        hop_of = self.hop_of
        exposures: dict[str, list[dict[str, Any]]] = {}
        in_frontier = set(frontier)
        for ev in edges:  # each edge exposes at most one party: its evidence record is that exposure
            if HIT_END[ev["type"]] == "source":
                v, d, defaulted_end = ev["source"], ev["target"], "target"
            else:
                v, d, defaulted_end = ev["target"], ev["source"], "source"
            if d not in in_frontier or v in hop_of:  # wrong direction, or hit before
                continue
            ev["defaulted_end"] = defaulted_end
            seen = exposures.get(v)
            if seen is None:
                exposures[v] = [ev]
            else:
                seen.append(ev)
        reached = sorted(exposures)
        for v in reached:
            self._hit(hop, v, known.get(v, _NO_FACTS).get("name"), exposures[v])
        return reached

    def _hit(self, hop: int, v: str, name: str | None, evs: list[dict[str, Any]]) -> None:
        """Party ``v`` first hit at ``hop`` through ``evs`` (its exposures, each from a party hit one
        hop earlier): its chain is the first exposure's defaulted party's chain plus that edge."""
        self.hop_of[v] = hop
        if len(evs) > 1:
            evs.sort(key=_exposure_order)
            channels = tuple(sorted({CHANNEL_OF[ev["type"]] for ev in evs}))
        else:
            channels = (CHANNEL_OF[evs[0]["type"]],)
        first = evs[0]
        path = self.path_of[v] = self.path_of[first[first["defaulted_end"]]] + (first,)
        self.found.append(Affected(v, name or v, hop, channels, tuple(evs), path))


_NO_FACTS: dict[str, Any] = {}


def _exposure_order(ev: dict[str, Any]) -> tuple[str, str, str]:
    """Exposures of one party: by the defaulted party, then edge type and fact key (stable output)."""
    return ev[ev["defaulted_end"]], ev["type"], str(ev.get("fact_key"))
