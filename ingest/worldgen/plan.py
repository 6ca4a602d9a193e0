"""The world's structure, planned as compact arrays before anything is written.

Entities are integers ``0..n-1`` (persons, then funds, then companies, then branches, then
entities reserved for spin-offs); everything textual about them is derived from ``(seed, i)``
by :mod:`ingest.worldgen.names`. Edges live in :class:`Edges` (one ``array.array`` per
column), so a million entities and a million relationships cost tens of megabytes.
"""

from __future__ import annotations

import math
import random
from array import array
from dataclasses import dataclass, field
from datetime import date

import numpy as np

from ingest.worldgen.names import CULTURE_JUR, CULTURE_KEYS, CULTURES, JUR_CODES, JUR_WEIGHTS, h

PERSON, COMPANY, FUND, BRANCH = 0, 1, 2, 3
KIND_NAMES = ("person", "company", "fund", "branch")
# edge types
OWN, VOTE, CTRL, GUAR, LEND, ASSOC, SUCC, BRANCHREL, FUNDMGR, CONS_D, CONS_U = range(11)
ETYPE_NAMES = ("ownership", "ownership", "control", "guarantee", "lending", "association",
               "succession", "branch_of", "fund_relation", "consolidation", "consolidation")
IN_GLEIF = {BRANCHREL, FUNDMGR, CONS_D, CONS_U}
# how a stake is published
EXACT, BAND, MISSING = 0, 1, 2
# edge flags
F_DIAMOND, F_CYCLE, F_TREASURY, F_OVER100, F_CORRECTED, F_RETRACTED, F_ACTION, F_TREE = (
    1, 2, 4, 8, 16, 32, 64, 128)
FLAG_NAMES = ((F_DIAMOND, "diamond"), (F_CYCLE, "cycle"), (F_TREASURY, "treasury"),
              (F_OVER100, "over_100"), (F_CORRECTED, "corrected"), (F_RETRACTED, "retracted"),
              (F_ACTION, "corporate_action"), (F_TREE, "group_tree"))
CONTROL_KINDS = ("board_appointment", "significant_influence", "nominee", "trust")
RELATIONSHIPS = ("spouse", "child", "sibling", "associate")
ACTIONS = ("merger", "spin_off", "change_of_control", "rename")
STANDARDS = ("IFRS", "US_GAAP", "")
MAX_DEPTH = 12


class Edges:
    """Column store of edges: type, endpoints, true stake %, clocks (date ordinals), flags."""

    def __init__(self) -> None:
        self.etype, self.src, self.dst = array("b"), array("i"), array("i")
        self.stake, self.pub, self.sub = array("f"), array("b"), array("b")
        self.vf, self.vt, self.lag = array("i"), array("i"), array("i")
        self.flags, self.amount, self.doc = array("H"), array("d"), array("i")

    def __len__(self) -> int:
        return len(self.etype)

    def add(self, etype: int, src: int, dst: int, vf: int, lag: int, *, stake: float = math.nan,
            pub: int = EXACT, sub: int = 0, flags: int = 0, amount: float = math.nan, vt: int = 0) -> int:
        self.etype.append(etype); self.src.append(src); self.dst.append(dst)
        self.stake.append(stake); self.pub.append(pub); self.sub.append(sub)
        self.vf.append(vf); self.vt.append(vt); self.lag.append(lag)
        self.flags.append(flags); self.amount.append(amount); self.doc.append(-1)
        return len(self.etype) - 1


@dataclass
class Action:
    kind: int  # index into ACTIONS
    subject: int
    counterparty: int  # -1 for a rename
    previous: int  # previous controller (change of control) or -1
    stake: float
    day: int  # effective date ordinal
    lag: int
    doc: int = -1
    edges: list[int] = field(default_factory=list)  # edges it opened or closed


@dataclass
class Doc:
    form: str
    filer: int
    filed: int  # ordinal
    edges: list[int]
    action: int = -1  # index into Plan.actions
    period: str = ""


@dataclass
class Plan:
    seed: int
    n: int
    start: int
    end: int
    kind: np.ndarray
    jur: np.ndarray
    has_lei: np.ndarray
    created: np.ndarray
    bank: np.ndarray
    manager: np.ndarray
    family: np.ndarray
    group: np.ndarray
    depth: np.ndarray
    renames: np.ndarray  # number of renames
    merged_into: np.ndarray
    merged_on: np.ndarray
    head: np.ndarray  # manager of a fund, head office of a branch
    edges: Edges = field(default_factory=Edges)
    rename_days: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # (day, lag)
    families: list[tuple[str, str, list[int]]] = field(default_factory=list)  # surname, culture, members
    cycles: list[list[int]] = field(default_factory=list)
    diamonds: list[tuple[int, list[int]]] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    docs: list[Doc] = field(default_factory=list)
    sanctions: list[tuple[int, int, int, int]] = field(default_factory=list)  # entity, regime, vf, vt
    repex: list[tuple[int, str, int]] = field(default_factory=list)  # entity, reason, vf
    corrections: dict[int, tuple[float, int]] = field(default_factory=dict)  # edge -> stake, days
    retractions: dict[int, int] = field(default_factory=dict)  # edge -> days after its known_from
    person_culture: dict[int, tuple[str, int, int, bool]] = field(default_factory=dict)

    def known(self, e: int) -> int:
        return min(self.edges.vf[e] + self.edges.lag[e], self.end)


def _lag(rng: random.Random) -> int:
    """Days between an event and its publication: mostly weeks, sometimes years."""
    r = rng.random()
    if r < 0.70:
        return rng.randint(0, 60)
    if r < 0.95:
        return rng.randint(61, 180)
    return rng.randint(365, 1100)


def _stake(rng: random.Random) -> float:
    r = rng.random()
    if r < 0.30:
        return 100.0
    if r < 0.65:
        return round(rng.uniform(50.01, 99.9), 2)
    if r < 0.85:
        return round(rng.uniform(25.01, 50.0), 2)
    return round(rng.uniform(5.0, 25.0), 2)


def _pub(rng: random.Random, stake: float) -> int:
    r = rng.random()
    if r < 0.08:
        return MISSING
    if stake > 25 and stake != 100.0 and r < 0.30:
        return BAND
    return EXACT


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
    _close_merged(p, rng)
    _corrections(p, rng)
    _action_docs(p, rng)
    return p


def _close_merged(p: Plan, rng: random.Random) -> None:
    """Every edge touching an absorbed entity ends at the merger (except the succession)."""
    E = p.edges
    for e in range(len(E)):
        if E.etype[e] == SUCC:
            continue
        for i in (E.src[e], E.dst[e]):
            d = int(p.merged_on[i])
            if d and (E.vt[e] == 0 or E.vt[e] > d):
                if E.vf[e] >= d:  # began after the merger date: move it into the entity's life
                    E.vf[e] = max(d - rng.randint(30, 90), int(p.created[i]))
                E.vt[e] = d


FORMS = {0: ("8-K", "RNS Merger"), 1: ("Form 10", "RNS Demerger"), 2: ("SC 13D", "RNS Disposal"),
         3: ("NM01", "Change of name")}


def _action_docs(p: Plan, rng: random.Random) -> None:
    for k, a in enumerate(p.actions):
        a.doc = len(p.docs)
        form = FORMS[a.kind][rng.randrange(2)]
        filer = a.counterparty if a.kind in (0, 2) else a.subject
        p.docs.append(Doc(form, filer, a.day + a.lag, list(a.edges), action=k))
        for e in a.edges:
            if p.edges.doc[e] < 0 and p.edges.vf[e] == a.day:
                p.edges.doc[e] = a.doc


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
    return p.edges.add(OWN, src, dst, min(vf, p.end - 200), _lag(rng), stake=stake,
                       pub=_pub(rng, stake), flags=flags)


def _group(p: Plan, rng: random.Random, g: int, members: list[int], chain: bool,
           owner_people: list[int] | None, n_pers: int, c0: int, c1: int,
           free_roots: list[int], spin_next: list[int]) -> None:
    E, s = p.edges, len(members)
    root = members[0]
    r = rng.random()
    owners: list[tuple[int, float]] = []
    if owner_people is not None:
        owners = [(owner_people[g % 4 if g else 0], 100.0)] if g % 2 == 0 else [
            (owner_people[0], 60.0), (owner_people[1], 40.0)]
    elif r < 0.22:
        fam = p.families[rng.randrange(len(p.families))][2]
        if len(fam) > 1 and rng.random() < 0.4:
            a = round(rng.uniform(50, 80), 2)
            owners = [(fam[0], a), (fam[1], round(100 - a, 2))]
        else:
            owners = [(fam[0], 100.0)]
    elif r < 0.30:
        owners = [(rng.randrange(n_pers, c0), round(rng.uniform(10, 60), 2))]
    for person, st in owners:
        _own(p, rng, person, root, st)
    if owners and p.kind[owners[0][0]] == PERSON and rng.random() < 0.3 and len(owners) > 1:
        E.add(CTRL, owners[1][0], root, E.vf[-1], _lag(rng), sub=0)  # spouse sits on the board
    if not owners:
        free_roots.append(root)
        if p.has_lei[root] and rng.random() < 0.3:
            p.repex.append((root, "NO_KNOWN_PERSON", p.start))
    elif p.kind[owners[0][0]] == PERSON and p.has_lei[root]:
        p.repex.append((root, "NATURAL_PERSONS", p.start))
    cap = MAX_DEPTH - (1 if owners else 0)
    depth, parent = [0] * s, [-1] * s
    tree_edge = [-1] * s
    in_edges: list[list[int]] = [[] for _ in range(s)]
    nchildren = [0] * s
    diamond = [False] * s
    for k, m in enumerate(members):
        p.group[m] = g
    for j in range(1, s):
        if chain:
            par = j - 1
        else:
            par = rng.randrange(j)
            while depth[par] >= cap:
                par = parent[par]
        parent[j], depth[j] = par, depth[par] + 1
        nchildren[par] += 1
        q = -1
        if not chain and j >= 2 and rng.random() < 0.04:
            for _ in range(4):
                cand = rng.randrange(j)
                if cand != par and depth[cand] < depth[j]:
                    q = cand
                    break
        if q >= 0:
            main = round(rng.uniform(40, 70), 2)
            e = _own(p, rng, members[par], members[j], main, F_TREE | F_DIAMOND)
            e2 = _own(p, rng, members[q], members[j], round(rng.uniform(10, 99 - main), 2), F_DIAMOND)
            in_edges[j] += [e, e2]
            diamond[j] = True
            p.diamonds.append((members[j], [members[par], members[q]]))
            total = main + E.stake[e2]
        else:
            e = _own(p, rng, members[par], members[j], _stake(rng), F_TREE)
            in_edges[j].append(e)
            total = E.stake[e]
        tree_edge[j] = e
        if total <= 95 and rng.random() < 0.4:  # a minority co-owner outside the group
            r2 = rng.random()
            co = (rng.randrange(n_pers, c0) if r2 < 0.5 else rng.randrange(0, n_pers) if r2 < 0.8
                  else rng.randrange(c0, members[0]) if members[0] > c0 else -1)
            if co >= 0:
                in_edges[j].append(_own(p, rng, co, members[j], round(rng.uniform(1, 100 - total), 2)))
        if E.stake[e] < 100 and rng.random() < 0.05:  # dual-class: votes differ from shares
            vs = round(min(100.0, E.stake[e] + rng.uniform(5, 30)), 2)
            in_edges[j].append(E.add(VOTE, members[par], members[j], E.vf[e], E.lag[e], stake=vs,
                                     pub=EXACT if rng.random() < 0.8 else BAND))
        if rng.random() < 0.04:  # parent guarantees the subsidiary's debt
            E.add(GUAR, members[par], members[j], E.vf[e] + rng.randint(30, 700), _lag(rng),
                  amount=_amount(rng))
            if rng.random() < 0.7:
                E.vt[-1] = E.vf[-1] + rng.randint(3, 7) * 365
        if rng.random() < 0.003 and c0 < members[0]:  # stale extra owner: shareholders > 100%
            extra = rng.randrange(c0, members[0])
            need = round(100 - total + rng.uniform(5, 40), 2)
            in_edges[j].append(_own(p, rng, extra, members[j], min(100.0, need), F_OVER100))
            E.pub[e] = E.pub[in_edges[j][-1]] = EXACT  # the excess must be visible in the data
    for j in range(s):
        p.depth[members[j]] = depth[j] + (1 if owners else 0)
        if rng.random() < 0.003:  # treasury shares: the company holds its own stock
            E.pub[_own(p, rng, members[j], members[j], round(rng.uniform(0.5, 8), 2), F_TREASURY)] = EXACT
        if rng.random() < 0.01 and n_pers:  # a person controls without shares
            E.add(CTRL, rng.randrange(n_pers), members[j], max(p.start, int(p.created[members[j]])) + rng.randint(0, 900),
                  _lag(rng), sub=rng.randint(1, 3))
    if not chain and max(depth) <= 6:
        for j in range(1, s):
            par = parent[j]
            if rng.random() < 0.012 and not diamond[j] and not diamond[par]:
                tgt = parent[par] if parent[par] >= 0 and rng.random() < 0.4 and not diamond[parent[par]] else par
                e = _own(p, rng, members[j], members[tgt], round(rng.uniform(3, 15), 2), F_CYCLE)
                cyc = [members[tgt], members[par], members[j]] if tgt != par else [members[par], members[j]]
                p.cycles.append(cyc)
    _actions(p, rng, members, parent, tree_edge, in_edges, nchildren, diamond, owners, free_roots, spin_next)
    _consolidation(p, rng, members, parent, tree_edge)
    _group_docs(p, rng, members, tree_edge)


def _amount(rng: random.Random) -> float:
    return round(math.exp(rng.uniform(math.log(1e6), math.log(5e8))), -5)


def _day(rng: random.Random, lo: int, hi: int) -> int:
    return rng.randint(lo, hi) if hi > lo else lo


def _actions(p: Plan, rng: random.Random, members: list[int], parent: list[int], tree_edge: list[int],
             in_edges: list[list[int]], nchildren: list[int], diamond: list[bool],
             owners: list[tuple[int, float]], free_roots: list[int], spin_next: list[int]) -> None:
    E, s = p.edges, len(members)
    busy: set[int] = set()
    if s >= 3 and rng.random() < 0.08:  # merger: a leaf is absorbed into its parent
        leaves = [j for j in range(1, s) if nchildren[j] == 0 and not diamond[j]]
        if leaves:
            j = rng.choice(leaves)
            par, m = parent[j], members[j]
            d = _day(rng, E.vf[tree_edge[j]] + 60, p.end - 120)
            for e in in_edges[j]:
                E.vt[e] = d
                E.flags[e] |= F_ACTION
            a = Action(0, m, members[par], -1, math.nan, d, rng.randint(5, 40))
            a.edges = list(in_edges[j]) + [E.add(SUCC, m, members[par], d, a.lag, sub=0, flags=F_ACTION)]
            p.merged_into[m], p.merged_on[m] = members[par], d
            p.actions.append(a)
            busy.add(j)
    if s >= 2 and rng.random() < 0.06 and len(free_roots) > 1:  # change of control: sold to another group
        cands = [j for j in range(1, s) if j not in busy and not diamond[j]]
        buyer = free_roots[rng.randrange(len(free_roots) - 1)]
        if cands and buyer != members[0]:
            j = rng.choice(cands)
            m, par = members[j], members[parent[j]]
            d = _day(rng, E.vf[tree_edge[j]] + 60, p.end - 120)
            closed = [e for e in in_edges[j] if E.src[e] == par]
            for e in closed:
                E.vt[e] = d
                E.flags[e] |= F_ACTION
            st = round(rng.uniform(51, 100), 2) if rng.random() < 0.7 else 100.0
            a = Action(2, m, buyer, par, st, d, rng.randint(1, 30))
            a.edges = closed + [E.add(OWN, buyer, m, d, a.lag, stake=st, flags=F_ACTION)]
            p.actions.append(a)
            busy.add(j)
    if s >= 3 and rng.random() < 0.04 and spin_next[0] < p.n:  # spin-off of a sub-group
        cands = [j for j in range(s) if nchildren[j] > 0 and j not in busy]
        if cands:
            j = rng.choice(cands)
            kids = [c for c in range(1, s) if parent[c] == j and c not in busy and not diamond[c]]
            if kids:
                c = rng.choice(kids)
                x = spin_next[0]
                spin_next[0] += 1
                d = _day(rng, max(E.vf[tree_edge[c]], p.start) + 60, p.end - 120)
                p.created[x], p.jur[x], p.group[x] = d, p.jur[members[j]], p.group[members[j]]
                a = Action(1, members[j], x, -1, math.nan, d, rng.randint(3, 40))
                a.edges.append(E.add(SUCC, members[j], x, d, a.lag, sub=1, flags=F_ACTION))
                if parent[j] >= 0:
                    a.edges.append(E.add(OWN, members[parent[j]], x, d, a.lag, stake=100.0, flags=F_ACTION))
                elif owners:
                    for person, st in owners:
                        a.edges.append(E.add(OWN, person, x, d, a.lag, stake=st, flags=F_ACTION))
                old = tree_edge[c]
                E.vt[old] = d
                E.flags[old] |= F_ACTION
                a.edges += [old, E.add(OWN, x, members[c], d, a.lag, stake=E.stake[old], flags=F_ACTION)]
                p.depth[x] = p.depth[members[j]]
                p.actions.append(a)


def _consolidation(p: Plan, rng: random.Random, members: list[int], parent: list[int],
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


def _group_docs(p: Plan, rng: random.Random, members: list[int], tree_edge: list[int]) -> None:
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
                    E.add(LEND, b, j, vf, _lag(rng), amount=_amount(rng), vt=vt)
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
            days = sorted({_day(rng, lo, hi) for _ in range(1 if rng.random() < 0.85 else 2)})
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
            vf = _day(rng, p.start, p.end - 30)
            vt = _day(rng, vf + 180, p.end) if rng.random() < 0.1 and vf + 180 < p.end else 0
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
            new = round(min(100.0, max(0.5, E.stake[e] + rng.choice((-1, 1)) * rng.uniform(1, 10))), 2)
            p.corrections[e] = (new, rng.randint(30, 400))
            E.flags[e] |= F_CORRECTED
        elif r < 0.023 and E.src[e] != E.dst[e]:
            wrong = E.add(OWN, E.dst[e], E.src[e], E.vf[e], E.lag[e], stake=round(rng.uniform(1, 20), 2),
                          flags=F_RETRACTED)
            p.retractions[wrong] = rng.randint(10, 200)
