"""The world's structure, planned as compact arrays before anything is written.

Entities are integers ``0..n-1`` (persons, then funds, then companies, then branches, then
entities reserved for spin-offs); everything textual about them is derived from ``(seed, i)``
by :mod:`ownergraph.worldgen.names`. Edges live in :class:`Edges` (one ``array.array`` per
column), so a million entities and a million relationships cost tens of megabytes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date

import numpy as np

from ownergraph.worldgen.actions import action_docs, plan_actions, close_merged, plan_consolidation, group_docs
from ownergraph.worldgen.names import CULTURE_JUR, CULTURE_KEYS, CULTURES, JUR_CODES, JUR_WEIGHTS, h
from ownergraph.worldgen.structs import (
    ASSOC, BAND, BRANCH, BRANCHREL, COMPANY, CTRL, EXACT, F_ACTION, F_CORRECTED, F_CYCLE, F_DIAMOND,
    F_OVER100, F_RETRACTED, F_TREASURY, F_TREE, FUND, FUNDMGR, GUAR, LEND, MAX_DEPTH, OWN, PERSON,
    VOTE, Action, Doc, Plan, draw_amount, draw_day, draw_lag, draw_published, draw_stake,
)


def plan_world(n_entities: int, seed: int, start: date, end: date) -> Plan:
    """Plan entities and edges (no I/O); deterministic for ``seed``."""
    if n_entities < 60:
        raise ValueError("n_entities must be at least 60 (room for the named family and a 12-deep chain)")
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    n = n_entities
    n_pers = max(12, int(n * 0.12))
    n_fund = max(2, int(n * 0.05))
    n_branch = max(1, int(n * 0.02))
    n_spin = max(2, int(n * 0.003))
    n_comp = n - n_pers - n_fund - n_branch - n_spin
    c0, c1 = n_pers + n_fund, n_pers + n_fund + n_comp
    s0 = n - n_spin
    kind = np.full(n, COMPANY, np.int8)
    kind[:n_pers] = PERSON
    kind[n_pers:c0] = FUND
    kind[c1:s0] = BRANCH
    w = np.array(JUR_WEIGHTS, float)
    jur = nrng.choice(len(JUR_CODES), size=n, p=w / w.sum()).astype(np.int8)
    st, en = start.toordinal(), end.toordinal()
    early = nrng.integers(date(1985, 1, 1).toordinal(), st, size=n)
    late = nrng.integers(st, en - 365, size=n)
    created = np.where(nrng.random(n) < 0.85, early, late).astype(np.int32)
    created[:n_pers] = date(1960, 1, 1).toordinal()
    has_lei = nrng.random(n) < 0.85
    has_lei[:n_pers] = False
    has_lei[n_pers:c0] = True
    has_lei[c1:] = True
    bank = np.zeros(n, bool)
    manager = np.zeros(n, bool)
    comp_idx = np.arange(c0, c1)
    bank[nrng.choice(comp_idx, size=max(2, n_comp // 100), replace=False)] = True
    mgr = nrng.choice(comp_idx, size=max(1, n_fund // 8), replace=False)
    manager[mgr] = True
    bank &= ~manager
    has_lei |= bank | manager
    p = Plan(seed=seed, n=n, start=st, end=en, kind=kind, jur=jur, has_lei=has_lei, created=created,
             bank=bank, manager=manager, family=np.full(n, -1, np.int32), group=np.full(n, -1, np.int32),
             depth=np.zeros(n, np.int8), renames=np.zeros(n, np.int8),
             merged_into=np.full(n, -1, np.int32), merged_on=np.zeros(n, np.int32),
             head=np.full(n, -1, np.int32))
    _families(p, rng, n_pers)
    _funds_and_branches(p, rng, n_pers, c0, c1, s0)
    _groups(p, rng, c0, c1, s0, n_pers, n_fund)
    _loans(p, rng, c0, c1)
    _renames(p, rng, n_pers)
    _sanctions(p, rng, n_pers, c0, c1)
    close_merged(p, rng)
    _corrections(p, rng)
    action_docs(p, rng)
    return p


def _families(p: Plan, rng: random.Random, n_pers: int) -> None:
    E = p.edges
    i, fam = 0, 0
    while i < n_pers:
        size = 4 if fam == 0 else min(n_pers - i, rng.choice((1, 1, 1, 2, 2, 3, 4, 5)))
        culture = "ru" if fam == 0 else rng.choice(CULTURE_KEYS)
        males, females, surnames = CULTURES[culture]
        surname = "Petrov" if fam == 0 else surnames[h(p.seed, fam, 200) % len(surnames)]
        members = list(range(i, i + size))
        for k, m in enumerate(members):
            female = (k in (1, 3)) if fam == 0 else (h(p.seed, m, 201) % 2 == 1)
            given = (0, 0, 1, 1)[k] if fam == 0 else h(p.seed, m, 202) % 8  # Ivan, Elena, Dmitri, Anna
            p.person_culture[m] = (culture, given, fam, female)
            p.jur[m] = JUR_CODES.index(CULTURE_JUR[culture] if rng.random() < 0.8 else "GB")
            p.family[m] = fam
        p.families.append((surname, culture, members))
        if size >= 2:  # spouses, children, siblings: dated from a fixed past, published late
            vf = date(1985 + rng.randint(0, 15), rng.randint(1, 12), 1).toordinal()
            E.add(ASSOC, members[0], members[1], vf, max(p.start - vf, 0) + rng.randint(0, 400), sub=0)
            for c in members[2:]:
                E.add(ASSOC, members[0], c, vf + 700, max(p.start - vf, 0) + rng.randint(0, 400), sub=1)
            for a, b in zip(members[2:], members[3:]):
                E.add(ASSOC, a, b, vf + 1400, max(p.start - vf, 0) + rng.randint(0, 400), sub=2)
        i += size
        fam += 1


def _funds_and_branches(p: Plan, rng: random.Random, n_pers: int, c0: int, c1: int, s0: int) -> None:
    E = p.edges
    managers = np.flatnonzero(p.manager).tolist()
    banks = np.flatnonzero(p.bank).tolist()
    for f in range(n_pers, c0):
        m = managers[h(p.seed, f, 300) % len(managers)]
        p.jur[f] = p.jur[f] if rng.random() < 0.3 else JUR_CODES.index("LU")  # most funds in LU
        p.head[f] = m
        vf = max(int(p.created[f]), int(p.created[m]), p.start - 3000)
        E.add(FUNDMGR, f, m, vf, rng.randint(0, 200))
    for b in range(c1, s0):
        head = banks[h(p.seed, b, 301) % len(banks)]
        vf = max(int(p.created[b]), int(p.created[head]))
        p.created[b] = vf
        p.head[b] = head
        E.add(BRANCHREL, b, head, vf, rng.randint(0, 300))


def _groups(p: Plan, rng: random.Random, c0: int, c1: int, s0: int, n_pers: int, n_fund: int) -> None:
    i, g = c0, 0
    spin_next = [s0]
    free_roots: list[int] = []  # earlier roots with no owner: buyers in changes of control
    petrov = p.families[0][2]
    while i < c1:
        remaining = c1 - i
        chain = g == 0 or g % 200 == 0
        if chain:
            size = min(remaining, MAX_DEPTH if g == 0 or rng.random() < 0.5 else MAX_DEPTH + 1)
        else:
            r = rng.random()
            size = (1 if r < 0.35 else rng.randint(2, 5) if r < 0.75 else rng.randint(6, 20) if r < 0.93
                    else rng.randint(21, 100) if r < 0.99 else rng.randint(100, 400))
            size = min(size, remaining)
        owner_people = petrov if g < 6 else None
        _group(p, rng, g, list(range(i, i + size)), chain, owner_people, n_pers, c0, c1, free_roots, spin_next)
        i += size
        g += 1
    for x in range(spin_next[0], p.n):  # unused spin-off reserve: plain stand-alone companies
        p.group[x] = g
        g += 1


def _own(p: Plan, rng: random.Random, src: int, dst: int, stake: float, flags: int = 0,
         vf: int | None = None) -> int:
    if vf is None:
        base = max(p.start, int(p.created[src]), int(p.created[dst]))
        vf = base + (rng.randint(0, 365) if base == p.start else rng.randint(0, 60))
    return p.edges.add(OWN, src, dst, min(vf, p.end - 200), draw_lag(rng), stake=stake,
                       pub=draw_published(rng, stake), flags=flags)


@dataclass
class _Tree:
    """A group's ownership tree as first built, by position in ``members`` (0 is the top company)."""

    depth: list[int]
    parent: list[int]  # -1 at the top
    tree_edge: list[int]  # the ownership edge from the parent; -1 at the top
    in_edges: list[list[int]]  # every edge into the member planned with the tree
    nchildren: list[int]
    diamond: list[bool]  # owned by two members of the group

    @classmethod
    def empty(cls, size: int) -> _Tree:
        return cls([0] * size, [-1] * size, [-1] * size, [[] for _ in range(size)], [0] * size,
                   [False] * size)


def _group(p: Plan, rng: random.Random, g: int, members: list[int], chain: bool,
           owner_people: list[int] | None, n_pers: int, c0: int, c1: int,
           free_roots: list[int], spin_next: list[int]) -> None:
    """Plan group ``g``: its top owners, its ownership tree, extras on its members, cross-holdings,
    then its corporate actions, consolidation and annual-report filings.

    Every random draw happens in the same order as always: the world is byte-identical per seed.
    """
    root = members[0]
    owners = _top_owners(p, rng, g, owner_people, n_pers, c0)
    _own_root(p, rng, root, owners)
    _note_root(p, rng, root, owners, free_roots)
    for m in members:
        p.group[m] = g
    tree = _Tree.empty(len(members))
    cap = MAX_DEPTH - (1 if owners else 0)  # a top owner is one more hop above the members
    for j in range(1, len(members)):
        _add_member(p, rng, members, tree, j, chain, cap, n_pers, c0, free_roots)
    for j, m in enumerate(members):
        p.depth[m] = tree.depth[j] + (1 if owners else 0)
        _member_extras(p, rng, m, n_pers)
    if not chain and max(tree.depth) <= 6:  # a cycle adds hops: only in shallow groups
        _cross_holdings(p, rng, members, tree)
    plan_actions(p, rng, members, tree.parent, tree.tree_edge, tree.in_edges, tree.nchildren, tree.diamond,
             owners, free_roots, spin_next)
    plan_consolidation(p, rng, members, tree.parent, tree.tree_edge)
    group_docs(p, rng, members, tree.tree_edge)


def _top_owners(p: Plan, rng: random.Random, g: int, owner_people: list[int] | None, n_pers: int,
                c0: int) -> list[tuple[int, float]]:
    """Who owns the group's top company, with their stakes: nobody (most groups), a family, or a fund."""
    r = rng.random()  # drawn even when the owners are fixed
    if owner_people is not None:  # the Petrov groups: one or two family members
        if g % 2 == 0:
            return [(owner_people[g % 4 if g else 0], 100.0)]
        return [(owner_people[0], 60.0), (owner_people[1], 40.0)]
    if r < 0.22:
        fam = p.families[rng.randrange(len(p.families))][2]
        if len(fam) > 1 and rng.random() < 0.4:
            a = round(rng.uniform(50, 80), 2)
            return [(fam[0], a), (fam[1], round(100 - a, 2))]
        return [(fam[0], 100.0)]
    if r < 0.30:
        return [(rng.randrange(n_pers, c0), round(rng.uniform(10, 60), 2))]
    return []


def _own_root(p: Plan, rng: random.Random, root: int, owners: list[tuple[int, float]]) -> None:
    """The top owners' stakes in the root; with two person owners, sometimes the second also controls."""
    for owner, stake in owners:
        _own(p, rng, owner, root, stake)
    E = p.edges
    # the draw is made for any person owner, before the number of owners is checked
    if owners and p.kind[owners[0][0]] == PERSON and rng.random() < 0.3 and len(owners) > 1:
        E.add(CTRL, owners[1][0], root, E.vf[-1], draw_lag(rng), sub=0)  # spouse sits on the board


def _note_root(p: Plan, rng: random.Random, root: int, owners: list[tuple[int, float]],
               free_roots: list[int]) -> None:
    """An owner-less root becomes a possible buyer or outside owner; record reporting exceptions."""
    if not owners:
        free_roots.append(root)
        if p.has_lei[root] and rng.random() < 0.3:
            p.repex.append((root, "NO_KNOWN_PERSON", p.start))
    elif p.kind[owners[0][0]] == PERSON and p.has_lei[root]:
        p.repex.append((root, "NATURAL_PERSONS", p.start))


def _add_member(p: Plan, rng: random.Random, members: list[int], tree: _Tree, j: int, chain: bool,
                cap: int, n_pers: int, c0: int, free_roots: list[int]) -> None:
    """Hang member ``j`` under a parent (or two: a diamond) and add the edges that come with it."""
    par = _pick_parent(rng, tree, j, chain, cap)
    tree.parent[j], tree.depth[j] = par, tree.depth[par] + 1
    tree.nchildren[par] += 1
    q = _second_parent(rng, tree, j, par) if not chain and j >= 2 else -1
    if q >= 0:
        e, total = _diamond_edges(p, rng, members, tree, j, par, q)
    else:
        e = _own(p, rng, members[par], members[j], draw_stake(rng), F_TREE)
        tree.in_edges[j].append(e)
        total = p.edges.stake[e]
    tree.tree_edge[j] = e
    _outside_co_owner(p, rng, members, tree, j, total, n_pers, c0, free_roots)
    _dual_class_votes(p, rng, members, tree, j, par, e)
    _parent_guarantee(p, rng, members, j, par, e)
    _stale_extra_owner(p, rng, members, tree, j, e, total, free_roots)


def _pick_parent(rng: random.Random, tree: _Tree, j: int, chain: bool, cap: int) -> int:
    """A chain hangs on the previous member; a tree on a random earlier one. Neither passes ``cap``."""
    if chain:
        return j - 1 if tree.depth[j - 1] < cap else tree.parent[j - 1]
    par = rng.randrange(j)
    while tree.depth[par] >= cap:
        par = tree.parent[par]
    return par


def _second_parent(rng: random.Random, tree: _Tree, j: int, par: int) -> int:
    """Rarely, a second owner in the group (a diamond): a shallower member other than the parent, or -1."""
    if rng.random() < 0.04:
        for _ in range(4):
            cand = rng.randrange(j)
            if cand != par and tree.depth[cand] < tree.depth[j]:
                return cand
    return -1


def _diamond_edges(p: Plan, rng: random.Random, members: list[int], tree: _Tree, j: int, par: int,
                   q: int) -> tuple[int, float]:
    """Member ``j`` owned by its parent (the tree edge) and by ``q``; returns the tree edge and the total %."""
    main = round(rng.uniform(40, 70), 2)
    e = _own(p, rng, members[par], members[j], main, F_TREE | F_DIAMOND)
    e2 = _own(p, rng, members[q], members[j], round(rng.uniform(10, 99 - main), 2), F_DIAMOND)
    tree.in_edges[j] += [e, e2]
    tree.diamond[j] = True
    p.diamonds.append((members[j], [members[par], members[q]]))
    return e, main + p.edges.stake[e2]  # the second stake as stored (float32), as always


def _outside_co_owner(p: Plan, rng: random.Random, members: list[int], tree: _Tree, j: int,
                      total: float, n_pers: int, c0: int, free_roots: list[int]) -> None:
    """Sometimes a minority co-owner from outside the group: a fund, a person or another group's root."""
    if not (total <= 95 and rng.random() < 0.4):
        return
    r2 = rng.random()
    # outside companies are owner-less roots of earlier groups, so no chain passes 12 hops
    outside = free_roots[rng.randrange(len(free_roots))] if len(free_roots) > 1 else -1
    co = (rng.randrange(n_pers, c0) if r2 < 0.5 else rng.randrange(0, n_pers) if r2 < 0.8
          else outside if outside != members[0] else -1)
    if co >= 0:
        tree.in_edges[j].append(_own(p, rng, co, members[j], round(rng.uniform(1, 100 - total), 2)))


def _dual_class_votes(p: Plan, rng: random.Random, members: list[int], tree: _Tree, j: int, par: int,
                      e: int) -> None:
    """Dual-class shares: the parent's voting rights differ from its stake."""
    E = p.edges
    if E.stake[e] < 100 and rng.random() < 0.05:
        vs = round(min(100.0, E.stake[e] + rng.uniform(5, 30)), 2)
        tree.in_edges[j].append(E.add(VOTE, members[par], members[j], E.vf[e], E.lag[e], stake=vs,
                                      pub=EXACT if rng.random() < 0.8 else BAND))


def _parent_guarantee(p: Plan, rng: random.Random, members: list[int], j: int, par: int, e: int) -> None:
    """Sometimes the parent guarantees the subsidiary's debt, mostly for a few years."""
    E = p.edges
    if rng.random() < 0.04:
        E.add(GUAR, members[par], members[j], E.vf[e] + rng.randint(30, 700), draw_lag(rng),
              amount=draw_amount(rng))
        if rng.random() < 0.7:
            E.vt[-1] = E.vf[-1] + rng.randint(3, 7) * 365


def _stale_extra_owner(p: Plan, rng: random.Random, members: list[int], tree: _Tree, j: int, e: int,
                       total: float, free_roots: list[int]) -> None:
    """Very rarely a stale extra owner, so the published shareholders add up to more than 100%."""
    if rng.random() < 0.003 and len(free_roots) > 1:
        extra = free_roots[rng.randrange(len(free_roots) - 1)]
        need = round(100 - total + rng.uniform(5, 40), 2)
        tree.in_edges[j].append(_own(p, rng, extra, members[j], min(100.0, need), F_OVER100))
        p.edges.pub[e] = p.edges.pub[tree.in_edges[j][-1]] = EXACT  # the excess must be visible in the data


def _member_extras(p: Plan, rng: random.Random, m: int, n_pers: int) -> None:
    """Rare extras on any member: treasury shares, and a person who controls without shares."""
    E = p.edges
    if rng.random() < 0.003:  # treasury shares: the company holds its own stock
        E.pub[_own(p, rng, m, m, round(rng.uniform(0.5, 8), 2), F_TREASURY)] = EXACT
    if rng.random() < 0.01 and n_pers:
        E.add(CTRL, rng.randrange(n_pers), m, max(p.start, int(p.created[m])) + rng.randint(0, 900),
              draw_lag(rng), sub=rng.randint(1, 3))


def _cross_holdings(p: Plan, rng: random.Random, members: list[int], tree: _Tree) -> None:
    """Rarely a member owns a stake in its parent or grandparent: an ownership cycle (never via a diamond)."""
    parent, diamond = tree.parent, tree.diamond
    for j in range(1, len(members)):
        par = parent[j]
        if rng.random() < 0.012 and not diamond[j] and not diamond[par]:
            tgt = parent[par] if parent[par] >= 0 and rng.random() < 0.4 and not diamond[parent[par]] else par
            _own(p, rng, members[j], members[tgt], round(rng.uniform(3, 15), 2), F_CYCLE)
            cyc = [members[tgt], members[par], members[j]] if tgt != par else [members[par], members[j]]
            p.cycles.append(cyc)


def _loans(p: Plan, rng: random.Random, c0: int, c1: int) -> None:
    E = p.edges
    banks = np.flatnonzero(p.bank).tolist()
    for j in range(c0, c1):
        if rng.random() < 0.08:
            b = banks[rng.randrange(len(banks))]
            if b != j:
                vf = max(p.start, int(p.created[j])) + rng.randint(0, 1500)
                vt = vf + rng.randint(2, 8) * 365
                if p.merged_on[j]:
                    if vf >= p.merged_on[j]:
                        continue
                    vt = min(vt, int(p.merged_on[j]))
                if vf < p.end - 30:
                    E.add(LEND, b, j, vf, draw_lag(rng), amount=draw_amount(rng), vt=vt)
    # person/fund holdings notified in a TR-1 or Schedule 13D
    for e in range(len(E)):
        if E.etype[e] == OWN and E.doc[e] < 0 and p.kind[E.src[e]] in (PERSON, FUND) and rng.random() < 0.25:
            filed = E.vf[e] + rng.randint(2, 10)
            if filed < p.end and not E.flags[e] & F_ACTION:
                E.lag[e] = filed - E.vf[e]
                E.doc[e] = len(p.docs)
                p.docs.append(Doc(rng.choice(("SC 13D", "TR-1")), E.src[e], filed, [e]))


def _renames(p: Plan, rng: random.Random, n_pers: int) -> None:
    for i in range(n_pers, p.n):
        if rng.random() < 0.012 and p.kind[i] != BRANCH:
            lo = max(p.start, int(p.created[i])) + 30
            hi = int(p.merged_on[i]) - 30 if p.merged_on[i] else p.end - 60
            days = sorted({draw_day(rng, lo, hi) for _ in range(1 if rng.random() < 0.85 else 2)})
            if days and days[0] < hi:
                p.renames[i] = len(days)
                p.rename_days[i] = []
                for k, d in enumerate(days):
                    p.actions.append(Action(3, i, -1, -1, float(k + 1), d, rng.randint(3, 60)))
                    p.rename_days[i].append((d, p.actions[-1].lag))


def _sanctions(p: Plan, rng: random.Random, n_pers: int, c0: int, c1: int) -> None:
    ivan = p.families[0][2][0]
    p.sanctions.append((ivan, 1, date(2022, 3, 15).toordinal(), 0))  # EU
    p.sanctions.append((ivan, 2, date(2022, 3, 15).toordinal(), 0))  # UK
    petrov_firm = int(np.flatnonzero(p.group == 1)[0])  # a Petrov company, listed by OFAC itself
    p.sanctions.append((petrov_firm, 0, date(2022, 6, 28).toordinal(), 0))
    for i in range(p.n):
        if i in (ivan, petrov_firm) or p.kind[i] == BRANCH:
            continue
        if rng.random() < (0.01 if i < n_pers else 0.002):
            vf = draw_day(rng, p.start, p.end - 30)
            vt = draw_day(rng, vf + 180, p.end) if rng.random() < 0.1 and vf + 180 < p.end else 0
            p.sanctions.append((i, rng.randrange(4), vf, vt))


def _corrections(p: Plan, rng: random.Random) -> None:
    """Later statements with the same id and a corrected stake; a few spurious edges retracted."""
    E = p.edges
    for e in range(len(E)):
        if E.etype[e] != OWN or E.flags[e] & (F_ACTION | F_TREASURY | F_OVER100):
            continue
        r = rng.random()
        if p.known(e) + 400 >= p.end:
            continue
        if r < 0.02 and E.pub[e] == EXACT:
            delta = rng.uniform(1, 10)
            old = float(E.stake[e])
            new = round(old - delta if old + delta > 100 or rng.random() < 0.5 and old - delta > 0.5 else old + delta, 2)
            p.corrections[e] = (new, rng.randint(30, 400))
            E.flags[e] |= F_CORRECTED
        elif r < 0.023 and E.src[e] != E.dst[e]:
            wrong = E.add(OWN, E.dst[e], E.src[e], E.vf[e], E.lag[e], stake=round(rng.uniform(1, 20), 2),
                          flags=F_RETRACTED)
            p.retractions[wrong] = rng.randint(10, 200)
