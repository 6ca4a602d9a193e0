"""The control prong of the beneficial-ownership rules, beside the share arithmetic.

EU AMLR 2024/1624 Art. 51-52: a beneficial owner holds an ownership interest (25% or more of
the shares *or of the voting rights*) *or* controls the entity by other means. The chain rules
(``eu_amlr_25``, ``amld_gt25``, ``rolling_25``) test the shares by the chain rule; this module
adds, per entity read above the target:

- **voting rights**: where the question is about shares (the default), its voting-rights chain
  stake, tested against the same threshold, never added to the shares (a question about
  voting rights asks about voting rights alone);
- **control**: X controls Y when a CONTROLS edge X -> Y is of a controlling kind
  (:mod:`graph.analytics.control_kinds`; a trust's beneficiaries count here too), or when X's
  own stake in Y plus the stakes held in Y by what X already controls exceed 50% (shares or
  voting rights, the larger per link: the majority fixpoint), and so along chains: whoever
  controls an owner controls what it controls. A CONTROLS edge of unknown or unpublished
  nature, or a band that may pass 50%, makes control "possibly", never "certainly".

The **ultimate controllers** of the target are its certain controllers whom no other entity
read controls certainly (in a cycle of control nobody is ultimate).
"""

from __future__ import annotations

from collections import defaultdict, deque
from dataclasses import dataclass, field

from ownergraph.graph.analytics import arithmetic as ar
from ownergraph.graph.analytics import fixpoint as fx
from ownergraph.graph.analytics.interval import ONE, Interval, Status
from ownergraph.graph.analytics.ownership_read import Prepared, prepare

MAJORITY = 0.5  # more than half: control by stake


@dataclass(frozen=True)
class Link:
    """One link of a control chain: shares / voting rights (``stake``) or a CONTROLS edge
    (``control``, stake 1), with the element ids of the stored edges behind it."""

    source: str
    target: str
    stake: Interval
    rids: tuple[str, ...]
    kind: str  # "stake" or "control"


@dataclass
class Prong:
    """What the control prong found for one target."""

    control: dict[str, Status] = field(default_factory=dict)  # does the entity control the target
    paths: dict[str, tuple[Link, ...]] = field(default_factory=dict)  # a shortest control chain
    other: ar.ChainValues | None = None  # chain stakes of the other interest in the target
    other_hop: dict[str, Status] = field(default_factory=dict)  # per-hop test on the other interest
    other_interest: str = "voting_rights"
    ultimate: tuple[str, ...] = ()  # certain controllers that nobody controls
    other_prep: Prepared | None = None


def larger(a: Interval, b: Interval) -> Interval:
    """End-wise maximum: the larger of two figures for one quantity."""
    lo, lo_open = max((a.lo, a.lo_open), (b.lo, b.lo_open))
    hi, hi_open = (a.hi, a.hi_open) if (a.hi, not a.hi_open) >= (b.hi, not b.hi_open) else (b.hi, b.hi_open)
    return Interval(lo, hi, lo_open, hi_open)


def _links(prep: Prepared, other: Prepared | None) -> tuple[list[Link], list[tuple[str, str]], list[tuple[str, str]]]:
    """Stake links (shares and the other interest merged per pair) and the certain / possible
    control pairs."""
    merged: dict[tuple[str, str], tuple[Interval, tuple[str, ...]]] = {}
    for p in (prep, other):
        for s, t, stake, rids in (p.pairs if p is not None else ()):
            if (s, t) in merged:
                old, old_rids = merged[(s, t)]
                merged[(s, t)] = (larger(old, stake), tuple(sorted(set(old_rids) | set(rids))))
            else:
                merged[(s, t)] = (stake, rids)
    links = [Link(s, t, stake, rids, "stake") for (s, t), (stake, rids) in sorted(merged.items())]
    certain, possible = [], []
    for pair, strength in sorted(prep.control_strength.items()):
        if strength in ("control", "beneficial"):
            certain.append(pair)
        elif strength == "maybe":
            possible.append(pair)
        else:
            continue
        links.append(Link(pair[0], pair[1], ONE, prep.controls[pair], "control"))
    return links, certain, possible


def control_wedges(prep: Prepared, other: Prepared) -> list[ar.WEdge]:
    """``prep``'s stake edges with the other interest's merged in, the larger per pair, as the
    control prong reads them: control is a majority of the shares *or* of the votes. A merged
    pair gets a new entry in ``prep.pairs`` (its evidence: both interests' edges); the shares'
    own entries stay, so their chain stakes are unchanged."""
    out = {(w.source, w.target): w for w in prep.wedges}
    for s, t, stake, rids in other.pairs:
        old = out.get((s, t))
        merged = larger(old.stake, stake) if old is not None else stake
        if old is not None and merged == old.stake:
            continue  # the shares already say as much
        old_rids = prep.pairs[old.ref][3] if old is not None else ()
        out[(s, t)] = ar.WEdge(s, t, merged, len(prep.pairs))
        prep.pairs.append((s, t, merged, tuple(sorted(set(old_rids) | set(rids)))))
        prep.has_owner.add(t)
    return list(out.values())


def _chain(links: list[Link], start: str, target: str, inside: set[str]) -> tuple[Link, ...]:
    """A shortest chain ``start -> ... -> target`` through entities ``start`` controls."""
    out: dict[str, list[Link]] = defaultdict(list)
    for link in links:
        if link.source in inside and (link.target in inside or link.target == target):
            out[link.source].append(link)
    back: dict[str, Link] = {}
    queue, seen = deque([start]), {start}
    while queue:
        v = queue.popleft()
        for link in out.get(v, ()):
            if link.target in seen:
                continue
            back[link.target] = link
            if link.target == target:
                chain, node = [], target
                while node != start:
                    chain.append(back[node])
                    node = back[node].source
                return tuple(reversed(chain))
            seen.add(link.target)
            queue.append(link.target)
    return ()


def control_prong(prep: Prepared, target: str, interest: str, semantics: ar.Semantics, threshold: float,
                  strict: bool, max_depth: int, frontier: set[str]) -> Prong:
    """Voting rights (the other interest), control and ultimate controllers of ``target``
    among the entities of ``prep`` (read with CONTROLS edges; see the module notes)."""
    other_interest = "voting_rights"
    other = (prepare(prep.snapshot, [target], "in", other_interest, max_depth)
             if prep.snapshot is not None and interest == "shareholding" else None)
    out = Prong(other_interest=other_interest, other_prep=other)
    if other is not None:
        out.other = ar.chain_to(other.wedges, target, semantics)
        out.other_hop = fx.per_hop_to(other.wedges, target, threshold, strict)
    links, certain, possible = _links(prep, other)
    stake_edges = [ar.WEdge(x.source, x.target, x.stake, i) for i, x in enumerate(links) if x.kind == "stake"]
    sure = fx.Fixpoint(stake_edges, certain)
    maybe = fx.Fixpoint(stake_edges, certain + possible)
    forced_from = {u for u, _ in certain + possible}
    strong = {e.source for e in stake_edges if e.stake.test(MAJORITY, True) != "not"} | forced_from
    upstream = ar.reaching(stake_edges + [ar.WEdge(u, v, ONE) for u, v in certain + possible], [target])
    controlled_by: dict[str, set[str]] = defaultdict(set)
    for k in sorted((upstream & strong) - {target}):
        c = sure.run({k}, MAJORITY, True)
        p = maybe.run({k}, MAJORITY, True)
        for j, st in c.status.items():
            if st == "certainly":
                controlled_by[j].add(k)
        status: Status = ("certainly" if c.status.get(target) == "certainly" else
                          "possibly" if p.status.get(target, "not") != "not" else "not")
        if status == "not":
            continue
        out.control[k] = status
        inside = {k} | {j for j, st in p.status.items() if st != "not"}
        out.paths[k] = _chain(links, k, target, inside)
    out.ultimate = tuple(sorted(k for k, st in out.control.items()
                                if st == "certainly" and not (controlled_by[k] - {k}) and k not in frontier))
    return out


def stronger(a: Status, b: Status) -> Status:
    """The more definite of two outcomes for one entity (certainly > possibly > not)."""
    order = {"certainly": 2, "possibly": 1, "not": 0}
    return a if order[a] >= order[b] else b


__all__ = ["Link", "MAJORITY", "Prong", "control_prong", "control_wedges", "larger", "stronger"]
