"""Ownership arithmetic over in-memory weighted edges: pure functions, no Neo4j.

Stakes are fractions in [0, 1] carried as :class:`Interval` s (an exact figure is ``lo == hi``;
a band keeps its open/closed ends; a stake the source does not give is ``[0, 1]``). Interval
arithmetic on non-negative numbers is exact end by end: a product multiplies the ``lo`` ends
and the ``hi`` ends, a sum adds them, so every value below is computed once on the ``lo``
weights and once on the ``hi`` weights. An open end stays open when the bound is strict for
every value in the intervals (see :meth:`Interval.__mul__`).

Chain rule (DOMAIN §6): the stake of ``x`` in ``t`` is a sum over chains ``x -> ... -> t`` of
the product of the stakes along the chain. Two semantics:

``simple_paths``
    sum over *simple* paths (no entity repeated) of the products. A cross-holding never counts
    twice and, when no entity's shareholders total more than 100%, every value lies in [0, 1]
    (the sum is the probability that a walk backwards from ``t``, stepping to owner ``i`` of
    ``j`` with probability ``W[i, j]``, first hits ``x`` along a loop-free route).
``walk_sum``
    integrated ownership ``(I - W)^-1 W`` with returns to the source removed: the sum over all
    walks of length >= 1 from ``x`` to ``t`` that never come back to ``x`` (they may pass
    through ``t`` and through other cycles any number of times). With ``G = (I - W)^-1`` this
    is ``G[x, t] / G[x, x]`` (every walk from ``x`` to ``t`` splits at its last visit to ``x``),
    equivalently ``(I - W')^-1[x, t]`` where ``W'`` is ``W`` with ``x``'s incoming stakes
    removed. It is >= the simple-path value and, with shareholder totals <= 100%, <= 1. A
    cycle whose stakes do not converge (spectral radius >= 1: totals above 100% or a band's
    upper end) gives ``inf``, reported capped at 1.

Reported values are capped at 1: a sum above 1 can only come from shareholder totals above
100% or from the upper ends of bands; :class:`ChainValues` names those entities (``capped``)
and keeps the uncapped sums (``raw``).

Both are computed on the condensation into strongly connected components, sinks first: on the
acyclic part a sum over paths of products is a dynamic programme (no enumeration); inside a
cyclic component (small in practice) simple paths are enumerated, and walk sums use the
component's inverse ``(I - W_C)^-1``. Enumeration is capped at ``PATH_CAP`` path extensions per
call; past the cap the ``lo`` end keeps what was found (a lower bound) and the ``hi`` end is
replaced by the walk sum, which bounds every simple-path sum from above; the entities are
named in ``truncated``.

Rules besides the chain rule: a per-hop reachability (``per_hop_*``: every link passes the
test), and the worklist fixpoint :func:`propagate` behind majority control (Romei, Ruggieri,
Turini: i controls j when i's own stake plus the stakes of what i already controls exceed 50%)
and the OFAC 50% rule (an entity owned >= 50% in aggregate by blocked persons is blocked), in
:mod:`graph.analytics.fixpoint` and re-exported here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ownergraph.graph.analytics.digraph import Adjacency, WEdge, out_adjacency, reaching, reverse, sccs
from ownergraph.graph.analytics.fixpoint import propagate
from ownergraph.graph.analytics.interval import EPS, ONE, UNKNOWN, ZERO, Interval, Status

__all__ = ["EPS", "ONE", "UNKNOWN", "ZERO", "Interval", "Status", "WEdge", "ChainValues", "chain_to", "chain_from", "simple_paths", "path_product", "propagate", "sccs", "reaching"]

PATH_CAP = 100_000  # simple-path extensions explored per call inside cyclic components
DIVERGENT_SOLVE_MAX = 200  # larger divergent components are not solved node by node

Semantics = Literal["simple_paths", "walk_sum"]


# -- chain rule ----------------------------------------------------------------------------

@dataclass(frozen=True)
class ChainValues:
    """Stakes of every node in a target (or of a source in every node).

    ``values`` are capped at 1; ``raw`` are the uncapped sums (a value above 1 means
    shareholder totals above 100% somewhere, or a band's upper ends adding up past 1).
    """

    values: Mapping[str, Interval]
    raw: Mapping[str, Interval]
    truncated: frozenset[str] = frozenset()
    diverged: frozenset[str] = frozenset()
    capped: frozenset[str] = frozenset()


@dataclass
class _Budget:
    left: int


def _restricted(edges: Iterable[WEdge], target: str) -> tuple[Adjacency, list[list[str]]]:
    edges = [e for e in edges if e.source != e.target]  # treasury self-loops never chain
    keep = reaching(edges, [target])
    out = out_adjacency(e for e in edges if e.source in keep and e.target in keep)
    return out, sccs(sorted(keep), out)


def _simple_to(out: Adjacency, comps: list[list[str]], target: str, budget: _Budget
               ) -> tuple[dict[str, Interval], set[str]]:
    val: dict[str, Interval] = {}
    truncated: set[str] = set()
    for comp in comps:
        if len(comp) == 1:  # acyclic: self-loops are dropped before
            x = comp[0]
            if x == target:
                val[x] = ONE
                continue
            acc, trunc = ZERO, False
            for e in out.get(x, ()):
                acc = acc + e.stake * val[e.target]
                trunc = trunc or e.target in truncated
            val[x] = acc
            if trunc:
                truncated.add(x)
            continue
        cset = set(comp)
        # value of leaving the component from v: sum over edges out of it (nothing leaves toward
        # the target when the target is inside: nothing downstream reaches it)
        exit_val: dict[str, Interval] = {}
        exit_trunc: set[str] = set()
        for v in comp:
            acc = ZERO
            for e in out.get(v, ()):
                if e.target not in cset:
                    acc = acc + e.stake * val[e.target]
                    if e.target in truncated:
                        exit_trunc.add(v)
            exit_val[v] = acc
        inside = {v: [e for e in out.get(v, ()) if e.target in cset] for v in comp}
        for x in comp:
            if x == target:
                val[x] = ONE
                continue
            acc = exit_val[x]
            trunc = x in exit_trunc
            stack: list[tuple[str, Interval, frozenset[str]]] = [(x, ONE, frozenset([x]))]
            while stack:
                v, prod, seen = stack.pop()
                for e in inside[v]:
                    w = e.target
                    if w in seen:
                        continue
                    if budget.left <= 0:
                        trunc = True
                        break
                    budget.left -= 1
                    p = prod * e.stake
                    if p.hi <= 0.0:
                        continue
                    if w == target:
                        acc = acc + p
                        continue
                    acc = acc + p * exit_val[w]
                    trunc = trunc or w in exit_trunc
                    stack.append((w, p, seen | {w}))
            val[x] = acc
            if trunc:
                truncated.add(x)
    return val, truncated


def _inverse(W: np.ndarray) -> np.ndarray | None:
    """``(I - W)^-1`` when the walk sum converges (spectral radius < 1), else None."""
    n = W.shape[0]
    try:
        M = np.linalg.inv(np.eye(n) - W)
    except np.linalg.LinAlgError:
        return None
    if not np.all(np.isfinite(M)) or M.min() < -1e-9 or np.any(np.diag(M) < 1 - 1e-9):
        return None
    if np.abs(np.linalg.eigvals(W)).max() >= 1 - 1e-12:
        return None
    return np.maximum(M, 0.0)


def _matvec(M: np.ndarray, r: np.ndarray) -> np.ndarray:
    """``M @ r`` for non-negative M and r with ``inf`` entries in r, taking 0 * inf = 0."""
    inf = np.isinf(r)
    out = M @ np.where(inf, 0.0, r)
    if inf.any():
        out[(M[:, inf] > 0).any(axis=1)] = np.inf
    return out


def _walks_to(out: Adjacency, comps: list[list[str]], target: str, hi: bool, divide: bool
              ) -> tuple[dict[str, float], set[str]]:
    """Walk sums to ``target`` on the lo (or hi) weights; ``divide`` removes returns to each
    start node (``G[x, t] / G[x, x]``); without it the plain ``G[x, t]``."""
    G: dict[str, float] = {}
    F: dict[str, float] = {}
    diverged: set[str] = set()

    def w(e: WEdge) -> float:
        return e.stake.hi if hi else e.stake.lo

    for comp in comps:
        if len(comp) == 1:  # acyclic: self-loops are dropped before
            x = comp[0]
            if x == target:
                G[x] = F[x] = 1.0
                continue
            acc = 0.0
            for e in out.get(x, ()):
                g = G[e.target]
                if w(e) > 0 and g > 0:
                    acc += w(e) * g
            G[x] = F[x] = acc
            continue
        n = len(comp)
        idx = {v: i for i, v in enumerate(comp)}
        W = np.zeros((n, n))
        rhs = np.zeros(n)
        for v in comp:
            for e in out.get(v, ()):
                j = idx.get(e.target)
                if j is not None:
                    W[idx[v], j] += w(e)
                elif w(e) > 0 and G[e.target] > 0:
                    rhs[idx[v]] += w(e) * G[e.target]
        if target in idx:
            rhs[idx[target]] += 1.0  # the empty walk at the target
        M = _inverse(W)
        if M is not None:
            g = _matvec(M, rhs)
            for v, i in idx.items():
                G[v] = float(g[i])
                F[v] = float(g[i] / M[i, i]) if divide and np.isfinite(g[i]) else float(g[i])
            continue
        diverged.update(comp)
        # strongly connected: every node reaches every exit, and closed walks do not converge
        for v in comp:
            G[v] = F[v] = np.inf if rhs.max() > 0 else 0.0
        if divide and n <= DIVERGENT_SOLVE_MAX:
            for x, i in idx.items():
                Wx = W.copy()
                Wx[:, i] = 0.0  # no return to x
                Mx = _inverse(Wx)
                if Mx is not None:
                    F[x] = float(_matvec(Mx, rhs)[i])
    F[target] = 1.0
    return F, diverged


def chain_to(edges: Iterable[WEdge], target: str, semantics: Semantics = "simple_paths",
             path_cap: int = PATH_CAP) -> ChainValues:
    """Stake of every node in ``target`` (``target`` itself: 1)."""
    return _chain(list(edges), target, semantics, path_cap, divide=True)


def chain_from(edges: Iterable[WEdge], sources: str | Iterable[str], semantics: Semantics = "simple_paths",
               path_cap: int = PATH_CAP) -> ChainValues:
    """Stake of ``sources`` (one node, or a group acting together) in every node they reach.

    A group is contracted into one node: stakes held by different members add up, edges into
    members (returns to the source) and among members are dropped. The sources are not keys
    of the result.
    """
    group = {sources} if isinstance(sources, str) else set(sources)
    root = next(iter(group)) if len(group) == 1 else "\x00group"
    contracted = [WEdge(root if e.source in group else e.source, e.target, e.stake, e.ref)
                  for e in edges if e.target not in group]
    res = _chain(reverse(contracted), root, semantics, path_cap, divide=False)
    drop = group | {root}
    return ChainValues({k: v for k, v in res.values.items() if k not in drop},
                       {k: v for k, v in res.raw.items() if k not in drop},
                       res.truncated - drop, res.diverged - drop, res.capped - drop)


def _chain(edges: list[WEdge], target: str, semantics: Semantics, path_cap: int, divide: bool) -> ChainValues:
    out, comps = _restricted(edges, target)
    budget = _Budget(path_cap)
    simple, truncated = _simple_to(out, comps, target, budget)
    diverged: set[str] = set()
    raw: dict[str, Interval] = {}
    if semantics == "simple_paths":
        hi_bound: dict[str, float] = {}
        if truncated:  # walk sums bound every simple-path sum from above
            hi_bound, diverged = _walks_to(out, comps, target, hi=True, divide=divide)
        for x, iv in simple.items():
            raw[x] = Interval(iv.lo, max(iv.hi, hi_bound[x]), iv.lo_open, False) if x in truncated else iv
    else:
        lo, div_lo = _walks_to(out, comps, target, hi=False, divide=divide)
        hi, div_hi = _walks_to(out, comps, target, hi=True, divide=divide)
        diverged = div_lo | div_hi
        for x, iv in simple.items():
            # a simple path that makes an end strict is a walk: the flags carry over
            raw[x] = Interval(lo[x], hi[x], iv.lo_open, iv.hi_open and np.isfinite(hi[x]))
        truncated = set()
    raw.pop(target, None)
    values = {x: iv.capped() for x, iv in raw.items()}
    capped = frozenset(x for x, iv in raw.items() if iv.hi > 1 + EPS)
    return ChainValues(values, raw, frozenset(truncated), frozenset(diverged), capped)


def simple_paths(edges: Iterable[WEdge], source: str, target: str, cap: int = 1000,
                 avoid: Iterable[str] = ()) -> tuple[list[tuple[WEdge, ...]], bool]:
    """Simple paths ``source -> ... -> target`` (edge tuples), at most ``cap``; True if cut."""
    edges = [e for e in edges if e.source != e.target]
    useful = reaching(edges, [target]) - set(avoid)
    if source not in useful:
        return [], False
    out = out_adjacency(e for e in edges if e.target in useful)
    found: list[tuple[WEdge, ...]] = []
    stack: list[tuple[str, tuple[WEdge, ...], frozenset[str]]] = [(source, (), frozenset([source]))]
    steps = 0
    while stack:
        v, path, seen = stack.pop()
        for e in out.get(v, ()):
            if e.target in seen:
                continue
            steps += 1
            if e.target == target:
                found.append(path + (e,))
                if len(found) >= cap:
                    return found, True
            else:
                stack.append((e.target, path + (e,), seen | {e.target}))
            if steps > cap * 100:
                return found, True
    return found, False


def path_product(path: Iterable[WEdge]) -> Interval:
    p = ONE
    for e in path:
        p = p * e.stake
    return p
