"""Corporate actions, accounting consolidation and filings planned inside a corporate group."""

from __future__ import annotations

import math
import random
from datetime import date

from ownergraph.worldgen.structs import (
    CONS_D, CONS_U, EXACT, F_ACTION, MISSING, OWN, SUCC, Action, Doc, Plan, draw_day,
)


def _close(p: Plan, e: int, d: int) -> None:
    """End edge ``e`` at ``d`` (a corporate action); an edge that began later is moved before it."""
    E = p.edges
    E.vt[e] = d
    E.flags[e] |= F_ACTION
    if E.vf[e] >= d:
        E.vf[e] = min(d, max(d - 1 - (e % 60), int(p.created[E.src[e]]), int(p.created[E.dst[e]])))


def plan_actions(p: Plan, rng: random.Random, members: list[int], parent: list[int], tree_edge: list[int],
             in_edges: list[list[int]], nchildren: list[int], diamond: list[bool],
             owners: list[tuple[int, float]], free_roots: list[int], spin_next: list[int]) -> None:
    """Corporate actions in one group, each rare and on a different member: a merger, a change of
    control, a spin-off (their draws in this order, so the world stays the same per seed)."""
    s = len(members)
    busy: set[int] = set()  # members an action already took
    if s >= 3 and rng.random() < 0.08:
        j = _merger(p, rng, members, parent, tree_edge, in_edges, nchildren, diamond)
        if j is not None:
            busy.add(j)
    if s >= 2 and rng.random() < 0.06 and len(free_roots) > 1:
        j = _change_of_control(p, rng, members, parent, tree_edge, in_edges, diamond, busy, free_roots)
        if j is not None:
            busy.add(j)
    if s >= 3 and rng.random() < 0.04 and spin_next[0] < p.n:
        _spin_off(p, rng, members, parent, tree_edge, nchildren, diamond, busy, owners, spin_next)


def _merger(p: Plan, rng: random.Random, members: list[int], parent: list[int], tree_edge: list[int],
            in_edges: list[list[int]], nchildren: list[int], diamond: list[bool]) -> int | None:
    """A leaf is absorbed into its parent: its owners' edges end, a succession edge begins.
    Returns the member it took, or None when the group has no plain leaf."""
    E = p.edges
    leaves = [j for j in range(1, len(members)) if nchildren[j] == 0 and not diamond[j]]
    if not leaves:
        return None
    j = rng.choice(leaves)
    par, m = parent[j], members[j]
    d = draw_day(rng, E.vf[tree_edge[j]] + 60, p.end - 120)
    for e in in_edges[j]:
        _close(p, e, d)
    a = Action(0, m, members[par], -1, math.nan, d, rng.randint(5, 40))
    a.edges = list(in_edges[j]) + [E.add(SUCC, m, members[par], d, a.lag, sub=0, flags=F_ACTION)]
    p.merged_into[m], p.merged_on[m] = members[par], d
    p.actions.append(a)
    return j


def _change_of_control(p: Plan, rng: random.Random, members: list[int], parent: list[int],
                       tree_edge: list[int], in_edges: list[list[int]], diamond: list[bool], busy: set[int],
                       free_roots: list[int]) -> int | None:
    """A member is sold by its parent to the root of another group.
    Returns the member it took, or None when there is no candidate or the buyer is this group's root."""
    E = p.edges
    cands = [j for j in range(1, len(members)) if j not in busy and not diamond[j]]
    buyer = free_roots[rng.randrange(len(free_roots) - 1)]  # drawn even when nothing can be sold
    if not cands or buyer == members[0]:
        return None
    j = rng.choice(cands)
    m, par = members[j], members[parent[j]]
    d = draw_day(rng, E.vf[tree_edge[j]] + 60, p.end - 120)
    closed = [e for e in in_edges[j] if E.src[e] == par]
    for e in closed:
        _close(p, e, d)
    st = round(rng.uniform(51, 100), 2) if rng.random() < 0.7 else 100.0
    a = Action(2, m, buyer, par, st, d, rng.randint(1, 30))
    a.edges = closed + [E.add(OWN, buyer, m, d, a.lag, stake=st, flags=F_ACTION)]
    p.actions.append(a)
    return j


def _spin_off(p: Plan, rng: random.Random, members: list[int], parent: list[int], tree_edge: list[int],
              nchildren: list[int], diamond: list[bool], busy: set[int], owners: list[tuple[int, float]],
              spin_next: list[int]) -> None:
    """A member with children spins one child off into a new company (taken from the spin-off reserve)."""
    cands = [j for j in range(len(members)) if nchildren[j] > 0 and j not in busy]
    if not cands:
        return
    j = rng.choice(cands)
    kids = [c for c in range(1, len(members)) if parent[c] == j and c not in busy and not diamond[c]]
    if not kids:
        return
    c = rng.choice(kids)
    x = spin_next[0]
    spin_next[0] += 1
    d = draw_day(rng, max(p.edges.vf[tree_edge[c]], p.start) + 60, p.end - 120)
    p.created[x], p.jur[x], p.group[x] = d, p.jur[members[j]], p.group[members[j]]
    a = Action(1, members[j], x, -1, math.nan, d, rng.randint(3, 40))
    a.edges.append(p.edges.add(SUCC, members[j], x, d, a.lag, sub=1, flags=F_ACTION))
    a.edges += _spun_off_owners(p, members, parent, owners, j, x, d, a.lag)
    a.edges += _move_child(p, tree_edge[c], x, members[c], d, a.lag)
    p.depth[x] = p.depth[members[j]]
    p.actions.append(a)


def _spun_off_owners(p: Plan, members: list[int], parent: list[int], owners: list[tuple[int, float]],
                     j: int, x: int, d: int, lag: int) -> list[int]:
    """The new company ``x`` is owned like member ``j`` it left: by j's parent, else by the group's owners."""
    E = p.edges
    if parent[j] >= 0:
        return [E.add(OWN, members[parent[j]], x, d, lag, stake=100.0, flags=F_ACTION)]
    return [E.add(OWN, person, x, d, lag, stake=st, flags=F_ACTION) for person, st in owners]


def _move_child(p: Plan, old: int, x: int, child: int, d: int, lag: int) -> list[int]:
    """The child's ownership edge ``old`` ends at ``d``; ``x`` owns it from then with the same stake."""
    _close(p, old, d)
    return [old, p.edges.add(OWN, x, child, d, lag, stake=p.edges.stake[old], flags=F_ACTION)]


def plan_consolidation(p: Plan, rng: random.Random, members: list[int], parent: list[int],
                   tree_edge: list[int]) -> None:
    """GLEIF Level 2: direct and ultimate accounting parents along majority-owned LEI links."""
    E = p.edges
    top = list(range(len(members)))
    for j in range(1, len(members)):
        e, par = tree_edge[j], parent[j]
        c, pm = members[j], members[par]
        if not (p.has_lei[c] and p.has_lei[pm] and E.stake[e] > 50):
            continue
        top[j] = top[par]
        std = rng.randrange(3)
        lag = rng.randint(30, 400)
        d = E.add(CONS_D, c, pm, E.vf[e], lag, stake=E.stake[e], sub=std, vt=E.vt[e])
        E.pub[d] = EXACT if rng.random() < 0.2 else MISSING  # quantifier published only sometimes
        if top[j] != par:
            E.add(CONS_U, c, members[top[j]], E.vf[e], lag, sub=std, vt=E.vt[e], pub=MISSING)


def group_docs(p: Plan, rng: random.Random, members: list[int], tree_edge: list[int]) -> None:
    """Annual-report notes naming subsidiaries; the edges become known when the report is filed."""
    E = p.edges
    if len(members) >= 3 and rng.random() < 0.15:
        es = [e for e in tree_edge[1:9] if e >= 0]
        year = date.fromordinal(max(E.vf[e] for e in es)).year
        filed = date(year + 1, 3, 1).toordinal() + rng.randint(0, 90)
        if filed < p.end:
            live = [e for e in es if E.vt[e] == 0 or E.vt[e] > date(year, 12, 31).toordinal()]
            if live:
                for e in live:
                    E.doc[e] = len(p.docs)
                    E.lag[e] = filed - E.vf[e]  # published by this report
                p.docs.append(Doc("Annual report", members[0], filed, live, period=f"FY{year}"))


def close_merged(p: Plan, rng: random.Random) -> None:
    """Every edge touching an absorbed entity ends at the merger (except the succession)."""
    E = p.edges
    for e in range(len(E)):
        if E.etype[e] == SUCC:
            continue
        for i in (E.src[e], E.dst[e]):
            d = int(p.merged_on[i])
            if d and (E.vt[e] == 0 or E.vt[e] > d):
                if E.vf[e] >= d:  # began after the merger date: move it into the entity's life
                    E.vf[e] = min(d, max(d - rng.randint(30, 90), int(p.created[i])))
                E.vt[e] = d


FORMS = {0: ("8-K", "RNS Merger"), 1: ("Form 10", "RNS Demerger"), 2: ("SC 13D", "RNS Disposal"),
         3: ("NM01", "Change of name")}


def action_docs(p: Plan, rng: random.Random) -> None:
    for k, a in enumerate(p.actions):
        a.doc = len(p.docs)
        form = FORMS[a.kind][rng.randrange(2)]
        filer = a.counterparty if a.kind in (0, 2) else a.subject
        p.docs.append(Doc(form, filer, a.day + a.lag, list(a.edges), action=k))
        for e in a.edges:
            if p.edges.doc[e] < 0 and p.edges.vf[e] == a.day:
                p.edges.doc[e] = a.doc
