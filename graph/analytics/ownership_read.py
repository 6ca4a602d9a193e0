"""From a time-filtered snapshot to the weighted edges the arithmetic runs on, with evidence
and data-quality warnings.

Choices (reported as :class:`DataWarning`, never fatal):
- only OWNS edges of the requested interest take part; the other interest is never added in
  (``mixed_interest`` counts what was left out);
- declared indirect interests (``direct = false``: BODS ``indirect``, SEC joint filers) are
  the source's figure for a whole chain. With no computed chain behind them (no link from
  the holder to an entity that reaches the target) they are the only figure for that stake
  and join the arithmetic as a link, added to a direct link of the same pair (BODS "50%
  direct + 50% indirect"; ``declared_used``). With a computed chain they are left out, since
  chaining them would count the chain twice (``declared_indirect``), and checked against the
  chain by ``graph.analytics.ownership`` (``declared_mismatch``);
- a text claim's rounded figure beside a more precise one for the same pair that rounds to it
  (a 10-K's "37%", the Exhibit 21's 37.295%) is that figure: the precise one is used, the claim
  is cited beside it (``claim_rounded``; :mod:`graph.analytics.rounded`);
- a self-loop is treasury stock: dropped, not rescaled (``treasury_self_loop``);
- a stake the source does not give counts as the band [0, 1] (``missing_stake``), so it can
  make a test "possibly" but never "certainly";
- several edges between one pair (share classes, or two sources for one holding) are not
  added up: the pair's stake is their hull [min lo, max hi] (``parallel_edges``);
- shareholders of one entity adding up to more than 100% (lo ends) are reported
  (``shareholder_total_over_100``) where all of its shareholders were read;
- CONTROLS edges give control outright in the majority rule when their kind confers control
  (:mod:`graph.analytics.control_kinds`: board appointment, other influence or control, the
  trust roles, general partner, managing member, controlling shareholder, ...); every CONTROLS
  edge read is kept in ``controls`` with its strength for the control prong of the chain rules
  (:mod:`graph.analytics.control`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX, VALID_MIN
from ownergraph.graph.analytics.digraph import WEdge, reaching
from ownergraph.graph.analytics.control_kinds import Strength, confers_control, strength
from ownergraph.graph.analytics.interval import EPS, UNKNOWN, Interval
from ownergraph.graph.analytics.ownership_model import DataWarning, EdgeEvidence, PathStep
from ownergraph.graph.analytics.rounded import drop_rounded, rounds_to
from ownergraph.graph.analytics.snapshot import EdgeView, Snapshot
from ownergraph.graph.analytics.snapshot_reach import edge_props
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.codes import EdgeType

def native(v: Any) -> Any:
    return v.to_native() if hasattr(v, "to_native") else v


def _bound(v: Any) -> Any:
    v = native(v)
    return None if v in (VALID_MIN, VALID_MAX, KNOWN_MAX) else v


def stake_interval(props: dict[str, Any]) -> Interval | None:
    lo, hi = props.get("stake_lo"), props.get("stake_hi")
    if lo is None and hi is None:
        return None
    lo = float(lo if lo is not None else 0.0)
    hi = float(hi if hi is not None else 1.0)
    exact = bool(props.get("stake_exact"))
    lo_open = not exact and props.get("stake_lo_inclusive") is False
    hi_open = not exact and props.get("stake_hi_inclusive") is False and hi < 1.0 - EPS
    return Interval(lo, hi, lo_open, hi_open)


def evidence(source: str, target: str, rtype: str, props: dict[str, Any]) -> EdgeEvidence:
    return EdgeEvidence(
        source=source, target=target, type=rtype, stake=stake_interval(props),
        interest=props.get("interest"), direct=props.get("direct"), share_class=props.get("share_class"),
        control_kind=props.get("control_kind"), source_system=props.get("source_system"),
        source_record_id=props.get("source_record_id"), document_id=props.get("document_id"),
        locator=props.get("locator"), validation_level=props.get("validation_level"),
        valid_from=_bound(props.get("valid_from")), valid_to=_bound(props.get("valid_to")),
        known_from=_bound(props.get("known_from")), known_to=_bound(props.get("known_to")),
        fact_key=props.get("fact_key"), statement_id=props.get("statement_id"),
        **{k: props.get(k) for k in CLAIM_FIELDS},
    )


CLAIM_FIELDS = ("source_kind", "claim_method", "claim_confidence", "claim_page", "claim_quote", "claim_start",
                "claim_end")


# the edge properties the arithmetic reads; provenance is read later for cited edges only
ARITHMETIC_FIELDS = ("stake_lo", "stake_hi", "stake_exact", "stake_lo_inclusive", "stake_hi_inclusive",
                     "interest", "direct", "control_kind",
                     # which edges are text claims, and their sources: a pair where a registry
                     # fact and a text claim disagree is reported with both (claim_disagrees)
                     "source_kind", "source_system", "source_record_id", "document_id", "claim_page")


@dataclass
class Prepared:
    """Weighted edges for the arithmetic (``WEdge.ref`` indexes ``pairs``), the element ids of
    the stored edges behind each, and the evidence of the edges loaded so far."""

    nodes: dict[str, dict[str, Any]]
    wedges: list[WEdge] = field(default_factory=list)
    pairs: list[tuple[str, str, Interval, tuple[str, ...]]] = field(default_factory=list)
    forced: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    declared: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    declared_used: set[tuple[str, str]] = field(default_factory=set)  # chained: no computed chain
    # every CONTROLS edge read (pair -> element ids) and the strongest kind's strength
    controls: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    control_strength: dict[tuple[str, str], Strength] = field(default_factory=dict)
    snapshot: Snapshot | None = None  # what was read (the control prong reads its other interest)
    has_owner: set[str] = field(default_factory=set)
    frontier: set[str] = field(default_factory=set)
    warnings: list[DataWarning] = field(default_factory=list)
    evidence: dict[str, EdgeEvidence] = field(default_factory=dict)
    _edges: dict[str, EdgeView] = field(default_factory=dict)

    def name(self, key: str) -> str | None:
        return (self.nodes.get(key) or {}).get("name")

    def kind(self, key: str) -> str | None:
        return (self.nodes.get(key) or {}).get("kind")

    def load(self, graph: Graph, rids: Iterable[str]) -> None:
        """Read the provenance of the edges an answer cites (one round trip)."""
        missing = {r for r in rids if r not in self.evidence}
        for rid, props in edge_props(graph, missing).items():
            e = self._edges[rid]
            self.evidence[rid] = evidence(e.source, e.target, e.type, props)

    def edge(self, rid: str) -> EdgeView:
        return self._edges[rid]

    def step(self, ref: int) -> PathStep:
        s, t, stake, rids = self.pairs[ref]
        return PathStep(s, t, stake, tuple(self.evidence[r] for r in rids if r in self.evidence))

    def forced_step(self, s: str, t: str) -> PathStep:
        return PathStep(s, t, Interval(1.0, 1.0),
                        tuple(self.evidence[r] for r in self.forced.get((s, t)) or self.controls.get((s, t), ())
                              if r in self.evidence))  # a CONTROLS edge of unknown nature: possibly

    def declared_evidence(self, s: str, t: str) -> tuple[EdgeEvidence, ...]:
        return tuple(self.evidence[r] for r in self.declared.get((s, t), ()) if r in self.evidence)


def _frontier(snap: Snapshot, roots: list[str], direction: str, max_depth: int) -> set[str]:
    """Entities at exactly ``max_depth`` hops: read but not expanded further."""
    if snap.depth_reached < max_depth:
        return set()
    nxt: dict[str, list[str]] = defaultdict(list)
    for e in snap.edges:
        a, b = (e.target, e.source) if direction == "in" else (e.source, e.target)
        nxt[a].append(b)
    dist = {r: 0 for r in roots}
    level = list(roots)
    for d in range(1, max_depth + 1):
        new = []
        for v in level:
            for w in nxt.get(v, ()):
                if w not in dist:
                    dist[w] = d
                    new.append(w)
        level = new
    return {k for k, d in dist.items() if d == max_depth}


def prepare(snap: Snapshot, roots: list[str], direction: str, interest: str, max_depth: int,
            control_edges: bool = False) -> Prepared:
    prep = Prepared(nodes=dict(snap.nodes), snapshot=snap)
    found: dict[str, set[str]] = defaultdict(set)
    by_pair: dict[tuple[str, str], list[tuple[str, Interval | None]]] = defaultdict(list)
    disagree: list[DataWarning] = []  # registry fact vs text claim on one pair
    for e in snap.edges:
        rid = e.props["_rid"]
        prep._edges[rid] = e
        if e.type == EdgeType.CONTROL:
            if e.source != e.target:
                _control_edge(prep, e.source, e.target, rid, e.props.get("control_kind"))
            if control_edges and confers_control(e.props.get("control_kind")) and e.source != e.target:
                prep.forced[(e.source, e.target)] = prep.forced.get((e.source, e.target), ()) + (rid,)
                prep.has_owner.add(e.target)
            continue
        if e.type != EdgeType.OWNERSHIP:
            continue
        if (e.props.get("interest") or "shareholding") != interest:
            found["mixed_interest"].add(e.target)
        elif e.source == e.target:
            found["treasury_self_loop"].add(e.source)
        elif e.props.get("direct") is False:
            prep.declared[(e.source, e.target)] = prep.declared.get((e.source, e.target), ()) + (rid,)
        else:
            by_pair[(e.source, e.target)].append((rid, stake_interval(e.props)))
    totals: dict[str, float] = defaultdict(float)
    for (s, t), items in sorted(by_pair.items()):
        # a document's "37%" beside the table's 37.295% is that figure rounded (graph.analytics._rounded)
        items, rounded = drop_rounded(items, lambda rid: prep.edge(rid).props.get("source_kind") == "text_claim")
        if rounded:
            found["claim_rounded"].add(f"{s}->{t}")
        if any(iv is None for _, iv in items):
            found["missing_stake"].add(f"{s}->{t}")
        stakes = [iv if iv is not None else UNKNOWN for _, iv in items]
        used = stakes[0]
        for iv in stakes[1:]:
            used = used.hull(iv)
        if len(items) > 1:
            found["parallel_edges"].add(f"{s}->{t}")
            disagreement = _disagreement(prep, items)
            if disagreement:
                disagree.append(DataWarning("claim_disagrees", f"{prep.name(s)} in {prep.name(t)}: "
                                            f"{disagreement}", (f"{s}->{t}",)))
        prep.wedges.append(WEdge(s, t, used, len(prep.pairs)))
        prep.pairs.append((s, t, used, tuple(sorted([rid for rid, _ in items] + rounded))))
        prep.has_owner.add(t)
        totals[t] += used.lo
    prep.frontier = _frontier(snap, roots, direction, max_depth)
    if direction == "in":  # every shareholder of an expanded entity was read
        found["shareholder_total_over_100"] = {t for t, v in totals.items()
                                               if v > 1 + EPS and t not in prep.frontier}
        found["remainder_capped"] = _cap_remainders(prep, totals)
    _use_declared(prep, found)
    prep.warnings = [w for w in (_warning(code, keys, interest) for code, keys in found.items()) if w] + disagree
    if prep.frontier:
        prep.warnings.append(DataWarning(
            "depth_limit", f"{len(prep.frontier)} entities lie at the depth limit ({max_depth} hops) and were "
            "not expanded: owners beyond them are not counted", tuple(sorted(prep.frontier))))
    return prep


def _cap_remainders(prep: Prepared, totals: dict[str, float]) -> set[str]:
    """A band's upper end cut to what the other shareholders leave: the shares of one entity add up
    to at most 100%, so with Elena 40% stated, Ivan's stake without a figure is 0-60%, not 0-100%.
    Only for entities whose every shareholder was read (not at the depth limit), and never where
    the stated lower ends already pass 100% (a data-quality issue, warned about apart)."""
    capped: set[str] = set()
    for i, w in enumerate(prep.wedges):
        t = w.target
        if t in prep.frontier or totals[t] > 1 + EPS:
            continue
        room = 1.0 - (totals[t] - w.stake.lo)
        if w.stake.lo - EPS <= room < w.stake.hi - EPS:
            stake = Interval(w.stake.lo, max(room, w.stake.lo), w.stake.lo_open, False)
            prep.wedges[i] = WEdge(w.source, t, stake, w.ref)
            s_, t_, _, rids = prep.pairs[w.ref]
            prep.pairs[w.ref] = (s_, t_, stake, rids)
            capped.add(f"{w.source}->{t}")
    return capped


_RANK: dict[Strength, int] = {"none": 0, "maybe": 1, "beneficial": 2, "control": 3}


def _control_edge(prep: Prepared, s: str, t: str, rid: str, kind: str | None) -> None:
    prep.controls[(s, t)] = prep.controls.get((s, t), ()) + (rid,)
    now, old = strength(kind), prep.control_strength.get((s, t), "none")
    prep.control_strength[(s, t)] = now if _RANK[now] > _RANK[old] else old


def declared_stake(prep: Prepared, s: str, t: str) -> Interval:
    """The declared figure for ``s`` in ``t``: the hull of its declared edges ([0, 1] if none states one)."""
    out: Interval | None = None
    for rid in prep.declared.get((s, t), ()):
        iv = stake_interval(prep.edge(rid).props) or UNKNOWN
        out = iv if out is None else out.hull(iv)
    return out or UNKNOWN


def _use_declared(prep: Prepared, found: dict[str, set[str]]) -> None:
    """Chain each declared interest that no computed chain supports (see the module notes)."""
    links: dict[str, set[str]] = defaultdict(set)
    for w in prep.wedges:
        links[w.source].add(w.target)
    reach: dict[str, set[str]] = {}
    for (s, t) in sorted(prep.declared):
        if t not in reach:
            reach[t] = reaching(prep.wedges, [t])
        if s != t and any(m != t and m in reach[t] for m in links[s]):
            found["declared_indirect"].add(f"{s}->{t}")
            continue
        stake, rids = declared_stake(prep, s, t), prep.declared[(s, t)]
        idx = next((i for i, p in enumerate(prep.pairs) if p[:2] == (s, t)), None)
        if idx is None:
            prep.wedges.append(WEdge(s, t, stake, len(prep.pairs)))
            prep.pairs.append((s, t, stake, tuple(sorted(rids))))
        else:  # a direct link of the same pair: direct + indirect (one source's two parts)
            _, _, direct, old = prep.pairs[idx]
            if all(prep.edge(r).props.get("source_kind") == "text_claim" for r in old) and not all(
                    prep.edge(r).props.get("source_kind") == "text_claim" for r in rids):
                # the direct link is only document text: another figure for the same holding
                # (a 10-K's "37%" beside its Exhibit 21's 37.295%), not a part to add: the
                # declared figure when the text's is it rounded, else both (their hull)
                if rounds_to(direct, stake):
                    found["claim_rounded"].add(f"{s}->{t}")
                else:
                    stake = direct.hull(stake)
                    found["claim_beside_declared"].add(f"{s}->{t}")
            else:
                stake = (direct + stake).capped()
            prep.pairs[idx] = (s, t, stake, tuple(sorted(old + rids)))
            prep.wedges = [WEdge(s, t, stake, idx) if w.ref == idx else w for w in prep.wedges]
        prep.has_owner.add(t)
        prep.declared_used.add((s, t))
        found["declared_used"].add(f"{s}->{t}")


def _said(props: dict[str, Any], iv: Interval | None) -> str:
    if iv is None:
        figure = "no figure"
    else:
        figure = f"{iv.lo * 100:.4g}%" if iv.lo == iv.hi else f"{iv.lo * 100:.4g}-{iv.hi * 100:.4g}%"
    if props.get("source_kind") == "text_claim":
        page = props.get("claim_page")
        return f"{figure} stated in {props.get('document_id') or 'a document'}" + (f", p. {page}" if page else "")
    return f"{figure} in {props.get('source_system') or 'a registry'} {props.get('source_record_id') or ''}".rstrip()


def _disagreement(prep: Prepared, items: list[tuple[str, Interval | None]]) -> str | None:
    """Where a registry fact and a text claim give one pair different stakes: both, with their
    sources ("registry facts say ...; the text says ..."); None when they agree or one side is missing."""
    facts = [(rid, iv) for rid, iv in items if prep.edge(rid).props.get("source_kind") != "text_claim"]
    claims = [(rid, iv) for rid, iv in items if prep.edge(rid).props.get("source_kind") == "text_claim"]
    if not facts or not claims:
        return None

    def same(a: Interval | None, b: Interval | None) -> bool:  # a claim without a figure disagrees with none
        return a is None or b is None or (abs(a.lo - b.lo) <= EPS and abs(a.hi - b.hi) <= EPS)

    if all(same(f, c) for _, f in facts for _, c in claims):
        return None
    return ("registry and document text disagree (their hull is used): registry "
            + "; ".join(_said(prep.edge(r).props, iv) for r, iv in facts) + "; text claim "
            + "; ".join(_said(prep.edge(r).props, iv) for r, iv in claims))


_MESSAGES = {
    "mixed_interest": "{other} held in {n} of the entities read were not added to the {this}: shares and voting "
                      "rights are never added together",
    "treasury_self_loop": "self-holdings (treasury stock) dropped, not rescaled",
    "declared_indirect": "declared indirect interests left out of the chain rule, a computed chain "
                         "carries them (adding both would count the chain twice)",
    "declared_used": "declared indirect interests with no computed chain behind them used as the stake "
                     "(the source's own figure)",
    "missing_stake": "edges without a stated stake counted as the band [0, 1]",
    "claim_beside_declared": "a filing's declared figure and a text claim for the same holding: their hull "
                             "is used, not their sum",
    "claim_rounded": "a document's rounded figure beside a more precise figure for the same holding that "
                     "rounds to it: the precise figure is used, the rounded one is consistent with it",
    "parallel_edges": "several edges between one pair (share classes or sources) not added up: their hull is used",
    "shareholder_total_over_100": "shareholders' stakes add up to more than 100% (lo ends)",
    "remainder_capped": "stakes given as a band capped at what the other shareholders' stated stakes leave "
                        "(an entity's shares add up to at most 100%)",
}


def _warning(code: str, keys: set[str], interest: str) -> DataWarning | None:
    if not keys:
        return None
    words = _INTEREST_WORDS.get(interest, (interest, interest))
    other = next((w for k, w in _INTEREST_WORDS.items() if k != interest), words)
    text = _MESSAGES[code].format(n=len(keys), this=words[1], other=other[0].capitalize())
    return DataWarning(code, text if "{n}" in _MESSAGES[code] else f"{text}: {len(keys)}", tuple(sorted(keys)))


# an interest as a sentence names it: (held, figures)
_INTEREST_WORDS = {"shareholding": ("shares", "shares"), "voting_rights": ("voting rights", "voting rights")}
