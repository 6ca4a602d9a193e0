"""The evaluation set: relationship questions with known answers.

Expected answers are computed here from the world generator's ground truth
(``ground_truth.jsonl``) with a small independent reimplementation of the arithmetic of
DOMAIN §6 (simple-path chain rule over published stakes, bands as intervals, valid time and
knowledge time as in DOMAIN §4). Nothing here calls the system under test. A handful of
hand-checked questions read off the real GLEIF sample (``data/real``) are added by
:func:`real_questions`.

Every question carries its text (phrased for :func:`retrieval.question.parse`), its clocks,
its family, the entities and edges an answer must rest on (``expected_entities`` as world keys
``wg:N`` or LEIs; ``expected_edges`` as truth edge ids, whose endpoints are also kept in
``expected_pairs``), the expected structured answer and the figures a text answer must state.

Structured answer kinds (``expected["kind"]``):

- ``owners``: ``certain`` / ``possible`` owner keys under the EU AMLR 25% rule ("25% or
  more"); ``borderline`` keys (an interval end within a hair of 25%) are not scored;
- ``stake``: ``lo`` / ``hi`` in percent (simple paths); ``none`` when there is no chain;
- ``set``: a set of ``keys`` (contagion: parties hit; sanctions: sanctioned entities near;
  cycles: the members of the cross-holding);
- ``parents``: ``direct`` / ``ultimate`` parent keys and reporting ``exceptions``
  (``level:REASON``);
- ``no_path``: no relationship between the two entities at all.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict, deque
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from ownergraph.worldgen import load_ground_truth

FAMILIES: tuple[str, ...] = (
    "multi_hop", "cycles", "banded", "as_of", "backtest", "alias", "corporate_action",
    "reporting_exception", "sanctions", "contagion", "no_relationship",
)
REAL_FAMILY_OF = {"parents": "reporting_exception"}
AS_OF = date(2024, 6, 30)
THRESHOLD = 25.0
EPS = 0.011  # percentage points: published figures carry two decimals
MAX_DEPTH = 12
CONTAGION_HOPS = 6
_FAR = date(9999, 12, 31)


@dataclass
class EvalQuestion:
    qid: str
    family: str
    text: str
    as_of: str | None
    known_at: str | None
    expected_entities: list[str]
    expected_edges: list[str]
    expected: dict[str, Any]
    figures: list[str | float] = field(default_factory=list)
    pattern: str = ""  # the question family the parser must read
    anchors: list[str] = field(default_factory=list)  # the names as written in the text
    source: str = "world"
    expected_pairs: list[tuple[str, str]] = field(default_factory=list)
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# -- the truth model ---------------------------------------------------------------------------


def _d(s: str | None, default: date) -> date:
    return date.fromisoformat(s) if s else default


def _band(pub: Any) -> tuple[float, float] | None:
    """A published stake as a [lo, hi] percent interval (None: not published)."""
    if pub is None:
        return None
    if isinstance(pub, (int, float)):
        return float(pub), float(pub)
    if isinstance(pub, dict):
        if "exact" in pub and pub["exact"] is not None:
            return float(pub["exact"]), float(pub["exact"])
        return float(pub.get("min", 0.0) or 0.0), float(pub.get("max", 100.0) if pub.get("max") is not None else 100.0)
    return None


@dataclass
class TEdge:
    id: str
    type: str
    source: str
    target: str
    valid_from: date
    valid_to: date
    known_from: date
    retracted_at: date | None
    raw: dict[str, Any]

    def valid(self, t: date) -> bool:
        return self.valid_from <= t < self.valid_to

    def known(self, k: date | None) -> bool:
        if k is None:
            return self.retracted_at is None
        return self.known_from <= k and (self.retracted_at is None or k < self.retracted_at)

    def stake(self, k: date | None) -> tuple[float, float] | None:
        versions = self.raw.get("versions") or []
        if k is not None and versions:
            seen = [v for v in versions if _d(v.get("known_from"), date.min) <= k]
            if seen and seen[-1] is not versions[-1]:
                s = seen[-1].get("stake")
                return None if s is None else (float(s), float(s))
        return _band(self.raw.get("stake_published"))


class Truth:
    """The ground truth of one world, indexed for the expected-answer computations."""

    def __init__(self, world_dir: Path) -> None:
        self.world_dir = Path(world_dir)
        gt = load_ground_truth(self.world_dir)
        self.gt = gt
        self.entities: dict[str, dict[str, Any]] = {e["key"]: e for e in gt.get("entity", [])}
        self.edges: list[TEdge] = [
            TEdge(e["id"], e["type"], e["source"], e["target"], _d(e.get("valid_from"), date.min),
                  _d(e.get("valid_to"), _FAR), _d(e.get("known_from"), date.min),
                  _d(e.get("retracted_at"), _FAR) if e.get("retracted_at") else None, e)
            for e in gt.get("edge", [])]
        self.by_id = {e.id: e for e in self.edges}
        self.into: dict[str, list[TEdge]] = defaultdict(list)
        self.out: dict[str, list[TEdge]] = defaultdict(list)
        for e in self.edges:
            self.into[e.target].append(e)
            self.out[e.source].append(e)
        self.sanctions = gt.get("sanction", [])
        self.exceptions = gt.get("reporting_exception", [])
        self.actions = gt.get("corporate_action", [])
        self.cycles = gt.get("cycle", [])
        counts: dict[str, int] = defaultdict(int)
        for e in self.entities.values():
            for n in {x["name"].casefold() for x in e["names"]}:
                counts[n] += 1
        self.name_count = counts

    # names ------------------------------------------------------------------------------
    def name(self, key: str, at: date | None = None) -> str:
        e = self.entities[key]
        if at is not None:
            for ln in e.get("legal_names") or []:
                if _d(ln.get("valid_from"), date.min) <= at < _d(ln.get("valid_to"), _FAR):
                    return ln["name"]
        return e["name"]

    def legal_names(self, key: str) -> list[str]:
        e = self.entities[key]
        return list(dict.fromkeys([e["name"]] + [ln["name"] for ln in e.get("legal_names") or []]))

    def unique(self, name: str) -> bool:
        return self.name_count.get(name.casefold(), 0) == 1

    # ownership ----------------------------------------------------------------------------
    def share_edges_into(self, key: str, t: date, k: date | None) -> list[TEdge]:
        return [e for e in self.into.get(key, []) if e.type == "ownership"
                and e.raw.get("interest") == "shareholding" and e.source != e.target
                and e.valid(t) and e.known(k)]

    def upstream(self, target: str, t: date, k: date | None) -> tuple[set[str], list[TEdge]]:
        seen, edges, todo = {target}, [], deque([target])
        while todo:
            x = todo.popleft()
            for e in self.share_edges_into(x, t, k):
                edges.append(e)
                if e.source not in seen:
                    seen.add(e.source)
                    todo.append(e.source)
        return seen - {target}, edges

    def clean_upstream(self, target: str, t: date, k: date | None) -> bool:
        """No missing stakes, over-100% registers or other data-quality traps upstream."""
        _, edges = self.upstream(target, t, k)
        return all(e.stake(k) is not None and "over_100" not in e.raw.get("flags", []) for e in edges)

    def chains(self, owner: str, target: str, t: date, k: date | None) -> list[list[TEdge]]:
        """Simple paths owner -> ... -> target over shareholding edges (at most MAX_DEPTH hops)."""
        out: list[list[TEdge]] = []

        def walk(node: str, path: list[TEdge], visited: set[str]) -> None:
            if len(path) > MAX_DEPTH:
                return
            for e in self.share_edges_into(node, t, k):
                if e.source == owner:
                    out.append([e] + path)
                elif e.source not in visited:
                    walk(e.source, [e] + path, visited | {e.source})

        walk(target, [], {target})
        return out

    def stake(self, owner: str, target: str, t: date, k: date | None) -> tuple[float, float, list[list[TEdge]]]:
        lo = hi = 0.0
        paths = self.chains(owner, target, t, k)
        for p in paths:
            plo = phi = 1.0
            for e in p:
                s = e.stake(k) or (0.0, 100.0)
                plo *= s[0] / 100.0
                phi *= s[1] / 100.0
            lo += plo
            hi += phi
        return round(min(lo, 1.0) * 100, 4), round(min(hi, 1.0) * 100, 4), paths

    def owners(self, target: str, t: date, k: date | None) -> dict[str, Any]:
        cands, _ = self.upstream(target, t, k)
        certain, possible, borderline, figures = [], [], [], {}
        support: dict[str, list[list[TEdge]]] = {}
        for c in sorted(cands):
            lo, hi, paths = self.stake(c, target, t, k)
            if abs(lo - THRESHOLD) < EPS or abs(hi - THRESHOLD) < EPS:
                borderline.append(c)
            elif lo >= THRESHOLD:
                certain.append(c)
            elif hi >= THRESHOLD:
                possible.append(c)
            else:
                continue
            figures[c] = (lo, hi)
            support[c] = paths
        return {"certain": certain, "possible": possible, "borderline": borderline, "figures": figures,
                "support": support}

    # other channels ---------------------------------------------------------------------------
    def active(self, t: date, k: date | None, types: Iterable[str]) -> list[TEdge]:
        ts = set(types)
        return [e for e in self.edges if e.type in ts and e.valid(t) and e.known(k) and e.source != e.target]

    def contagion(self, x: str, t: date) -> tuple[dict[str, int], list[TEdge]]:
        """Parties hit if x defaults: a lender by its borrower, a guarantor by the guaranteed
        party, an owner by what it owns, a consolidating parent by its child."""
        hit_by: dict[str, list[tuple[str, TEdge]]] = defaultdict(list)
        for e in self.active(t, None, ("lending", "guarantee", "ownership", "consolidation")):
            if e.type == "consolidation":  # child -> parent: the parent is hit
                hit_by[e.source].append((e.target, e))
            else:  # lender/guarantor/owner -> borrower/guaranteed/owned: the source is hit
                hit_by[e.target].append((e.source, e))
        hops, used, frontier = {x: 0}, [], [x]
        for hop in range(1, CONTAGION_HOPS + 1):
            nxt = []
            for d in frontier:
                for v, e in hit_by.get(d, []):
                    if v not in hops:
                        hops[v] = hop
                        nxt.append(v)
                        used.append(e)
            frontier = nxt
        hops.pop(x)
        return hops, used

    def sanctioned(self, t: date, k: date | None = None) -> set[str]:
        return {s["entity"] for s in self.sanctions
                if _d(s.get("valid_from"), date.min) <= t < _d(s.get("valid_to"), _FAR)
                and (k is None or _d(s.get("known_from"), date.min) <= k)}

    def near(self, x: str, hops: int, t: date) -> tuple[dict[str, int], list[TEdge]]:
        adj: dict[str, list[tuple[str, TEdge]]] = defaultdict(list)
        for e in self.active(t, None, ("ownership", "control", "guarantee", "lending")):
            adj[e.source].append((e.target, e))
            adj[e.target].append((e.source, e))
        dist, via, todo = {x: 0}, {}, deque([x])
        while todo:
            u = todo.popleft()
            if dist[u] >= hops:
                continue
            for v, e in adj.get(u, []):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    via[v] = (u, e)
                    todo.append(v)
        hits = {k: d for k, d in dist.items() if k in self.sanctioned(t)}
        used: list[TEdge] = []
        for h in hits:
            n = h
            while n in via:
                u, e = via[n]
                used.append(e)
                n = u
        return hits, used

    def component(self, x: str) -> set[str]:
        """Everything linked to x by any edge, at any time (the widest notion of 'related')."""
        seen, todo = {x}, deque([x])
        while todo:
            u = todo.popleft()
            for e in self.out.get(u, []) + self.into.get(u, []):
                for v in (e.source, e.target):
                    if v not in seen:
                        seen.add(v)
                        todo.append(v)
        return seen

    def parents(self, x: str, t: date) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {"direct": [], "ultimate": []}
        for e in self.out.get(x, []):
            if e.type == "consolidation" and e.valid(t) and e.known(None):
                out[e.raw.get("level") or "direct"].append(e.target)
        return out


# -- phrasing ------------------------------------------------------------------------------------


def q(name: str) -> str:
    """A name quoted for the parser (quotes are kept out of the anchor)."""
    if '"' not in name:
        return f'"{name}"'
    if "«" not in name and "»" not in name:
        return f"«{name}»"
    return f"“{name}”"


def _iso(d: date | None) -> str | None:
    return d.isoformat() if d else None


def _pairs(edges: Iterable[TEdge]) -> list[tuple[str, str]]:
    return sorted({(e.source, e.target) for e in edges})


def _fig(x: float) -> float:
    return round(x, 2)


# -- builders per family ---------------------------------------------------------------------------


class _Builder:
    def __init__(self, truth: Truth, seed: int) -> None:
        self.t = truth
        self.rng = random.Random(seed)
        self.out: list[EvalQuestion] = []
        self.n: dict[str, int] = defaultdict(int)

    def add(self, family: str, **kw: Any) -> None:
        self.n[family] += 1
        self.out.append(EvalQuestion(qid=f"{family}-{self.n[family]:03d}", family=family, **kw))

    # owners at a clock (as-of, backtest, corporate actions, alias) ----------------------------
    def owners_q(self, family: str, target: str, t: date, k: date | None, *, mention: str | None = None,
                 note: str = "") -> bool:
        if not self.t.clean_upstream(target, t, k):
            return False
        o = self.t.owners(target, t, k)
        name = mention or self.t.name(target, t)
        if not self.t.unique(name):
            return False
        when = f" as of {t.isoformat()}"
        if k is not None:
            when += f" as known at {k.isoformat()}"
        edges = [e for c in o["certain"] + o["possible"] for p in o["support"][c] for e in p]
        figures: list[str | float] = []
        for c in o["certain"] + o["possible"]:
            figures.append(self.t.name(c, t))
            lo, hi = o["figures"][c]
            figures += [_fig(lo)] if abs(hi - lo) < EPS else [_fig(lo), _fig(hi)]
        self.add(family, text=f"Who owns {q(name)}{when}?", as_of=t.isoformat(), known_at=_iso(k),
                 expected_entities=sorted({target, *o["certain"], *o["possible"]}),
                 expected_edges=sorted({e.id for e in edges}), expected_pairs=_pairs(edges),
                 expected={"kind": "owners", "certain": o["certain"], "possible": o["possible"],
                           "borderline": o["borderline"],
                           "stakes": {c: list(v) for c, v in o["figures"].items()}},
                 figures=figures, pattern="owners", anchors=[name], note=note)
        return True

    def stake_q(self, family: str, owner: str, target: str, t: date, *, note: str = "") -> bool:
        if not self.t.clean_upstream(target, t, None):
            return False
        a, b = self.t.name(owner, t), self.t.name(target, t)
        if not (self.t.unique(a) and self.t.unique(b)):
            return False
        lo, hi, paths = self.t.stake(owner, target, t, None)
        edges = [e for p in paths for e in p]
        figures: list[str | float] = [_fig(lo)] if abs(hi - lo) < EPS else [_fig(lo), _fig(hi)]
        if not paths:
            figures = []
        self.add(family, text=f"What is {q(a)}'s effective stake in {q(b)} as of {t.isoformat()}?",
                 as_of=t.isoformat(), known_at=None, expected_entities=sorted({owner, target} | {e.source for e in edges}),
                 expected_edges=sorted({e.id for e in edges}), expected_pairs=_pairs(edges),
                 expected={"kind": "stake", "lo": lo, "hi": hi, "paths": len(paths),
                           "status": ("certainly" if lo >= THRESHOLD else "possibly" if hi >= THRESHOLD else "not")},
                 figures=figures, pattern="stake", anchors=[a, b], note=note)
        return True

    # families ---------------------------------------------------------------------------------
    def multi_hop(self, n: int) -> None:
        """Stakes along chains of two or more hops, exact stakes only, and UBO questions."""
        t = AS_OF
        tops = [k for k, e in self.t.entities.items() if e["entity_kind"] == "person"]
        cands = []
        for top in tops:
            for target in self._descendants(top, t, 4):
                lo, hi, paths = self.t.stake(top, target, t, None)
                if paths and max(len(p) for p in paths) >= 2 and abs(hi - lo) < EPS and lo > 0:
                    cands.append((top, target))
        self.rng.shuffle(cands)
        made = 0
        for owner, target in cands:
            if made >= n * 2 // 3:
                break
            made += self.stake_q("multi_hop", owner, target, t, note="exact stakes, chain rule")
        deep = [k for k, e in self.t.entities.items() if e.get("depth", 0) >= 2 and e["entity_kind"] != "person"]
        self.rng.shuffle(deep)
        for target in deep:
            if made >= n:
                break
            o = self.t.owners(target, t, None)
            if any(len(p) >= 2 for c in o["certain"] for p in o["support"][c]):
                made += self.owners_q("multi_hop", target, t, None, note="owners >= 25% through chains")

    def _descendants(self, top: str, t: date, depth: int) -> list[str]:
        out, frontier = [], [top]
        for _ in range(depth):
            nxt = []
            for x in frontier:
                for e in self.t.out.get(x, []):
                    if e.type == "ownership" and e.raw.get("interest") == "shareholding" and e.valid(t) \
                            and e.known(None) and e.target != x:
                        nxt.append(e.target)
            out += nxt
            frontier = nxt
        return sorted(set(out))

    def banded(self, n: int) -> None:
        t = AS_OF
        cands = []
        for e in self.t.edges:
            pub = e.raw.get("stake_published")
            if e.type == "ownership" and isinstance(pub, dict) and e.valid(t) and e.known(None):
                cands.append(e)
        self.rng.shuffle(cands)
        made = 0
        for e in cands:
            if made >= n:
                break
            # the owner's owner, when there is one: a chain carrying a band
            ups = self.t.share_edges_into(e.source, t, None)
            owner = ups[0].source if ups and made % 2 == 0 else e.source
            made += self.stake_q("banded", owner, e.target, t, note="banded stake: interval arithmetic")

    def as_of(self, n: int) -> None:
        """Owners before and after an ownership edge opens or closes (valid time)."""
        edges = [e for e in self.t.edges if e.type == "ownership" and e.raw.get("interest") == "shareholding"
                 and e.known(None) and "corporate_action" not in e.raw.get("flags", [])
                 and (e.valid_to < _FAR or e.valid_from > date(2020, 1, 1))]
        self.rng.shuffle(edges)
        made = 0
        for e in edges:
            if made >= n:
                break
            edge_day = e.valid_to if e.valid_to < _FAR else e.valid_from
            before, after = edge_day - timedelta(days=20), edge_day + timedelta(days=20)
            if after > date(2025, 12, 1):
                continue
            ob, oa = self.t.owners(e.target, before, None), self.t.owners(e.target, after, None)
            if set(ob["certain"] + ob["possible"]) == set(oa["certain"] + oa["possible"]):
                continue
            for when in (before, after):
                made += self.owners_q("as_of", e.target, when, None, note=f"edge {e.id} changes on {edge_day}")

    def backtest(self, n: int) -> None:
        """known_at after the change took effect but before it was published."""
        edges = [e for e in self.t.edges if e.type == "ownership" and e.raw.get("interest") == "shareholding"
                 and e.known(None) and (e.known_from - e.valid_from).days >= 30 and e.valid_from > date(2019, 6, 1)]
        self.rng.shuffle(edges)
        made = 0
        for e in edges:
            if made >= n:
                break
            d = e.valid_from + timedelta(days=(e.known_from - e.valid_from).days // 2)
            if not e.valid(d):
                continue
            pit, hind = self.t.owners(e.target, d, d), self.t.owners(e.target, d, None)
            if set(pit["certain"] + pit["possible"]) == set(hind["certain"] + hind["possible"]):
                continue
            made += self.owners_q("backtest", e.target, d, d,
                                  note=f"{e.id} valid from {e.valid_from}, published {e.known_from}")

    def alias(self, n: int) -> None:
        """Asked by a previous, transliterated or trading name."""
        t = AS_OF
        cands = []
        for k, e in self.t.entities.items():
            for nm in e["names"]:
                if nm["kind"] in ("previous", "transliterated", "trading") and self.t.unique(nm["name"]) \
                        and nm["name"] != e["name"]:
                    cands.append((0 if nm["kind"] != "trading" else 1, k, nm["name"], nm["kind"]))
        self.rng.shuffle(cands)
        cands.sort(key=lambda c: c[0])
        made = 0
        for _, k, name, kind in cands:
            if made >= n:
                break
            e = self.t.entities[k]
            if e["entity_kind"] == "person":
                kids = [x.target for x in self.t.out.get(k, []) if x.type == "ownership" and x.valid(t)
                        and x.known(None) and x.raw.get("interest") == "shareholding" and x.target != k]
                kids = [c for c in kids if self.t.unique(self.t.name(c, t))]
                if not kids or not self.t.clean_upstream(kids[0], t, None):
                    continue
                before = len(self.out)
                if self.stake_q("alias", k, kids[0], t, note=f"owner asked by its {kind} name"):
                    self.out[-1].text = self.out[-1].text.replace(q(self.t.name(k, t)), q(name), 1)
                    self.out[-1].anchors[0] = name
                    made += len(self.out) - before
            elif e.get("status") == "ACTIVE":
                made += self.owners_q("alias", k, t, None, mention=name, note=f"asked by its {kind} name")

    def corporate_actions(self, n: int) -> None:
        made = 0
        for ca in self.t.actions:
            if made >= n or ca["action"] == "rename":
                continue
            eff = _d(ca["effective_date"], date.min)
            targets = []
            for eid in ca.get("edges", []):
                e = self.t.by_id.get(eid)
                if e is not None and e.type == "ownership":
                    targets.append(e.target)
            for target in dict.fromkeys(targets):
                for when in (eff - timedelta(days=30), eff + timedelta(days=30)):
                    if self.t.entities[target].get("merged_on") and when >= _d(self.t.entities[target]["merged_on"], _FAR):
                        continue
                    made += self.owners_q("corporate_action", target, when, None,
                                          note=f"{ca['action']} {ca['id']} effective {eff}")
        # renames: the entity asked by its old name after the rename
        for ca in self.t.actions:
            if made >= n or ca["action"] != "rename":
                continue
            k = ca["subject"]
            if self.t.unique(ca["old_name"]):
                made += self.owners_q("corporate_action", k, AS_OF, None, mention=ca["old_name"],
                                      note=f"renamed {ca['effective_date']}: asked by the old name")

    def cycles(self, n: int) -> None:
        t = AS_OF
        made = 0
        for cyc in self.t.cycles:
            members = cyc["members"]
            active = [e for e in self.t.edges if e.type == "ownership" and e.source in members
                      and e.target in members and e.valid(t) and e.known(None) and e.source != e.target]
            closed = {e.source for e in active} == set(members) and {e.target for e in active} == set(members)
            for m in members:
                name = self.t.name(m, t)
                if made >= n or not self.t.unique(name):
                    continue
                self.add("cycles", text=f"Does {q(name)} have circular ownership as of {t.isoformat()}?",
                         as_of=t.isoformat(), known_at=None, expected_entities=sorted(members) if closed else [m],
                         expected_edges=sorted(e.id for e in active) if closed else [],
                         expected_pairs=_pairs(active) if closed else [],
                         expected={"kind": "set", "keys": sorted(members) if closed else []},
                         figures=[self.t.name(x, t) for x in members if x != m] if closed else [],
                         pattern="cycles", anchors=[name], note="cross-holding")
                made += 1
        # companies in a group tree with no cycle around them: the honest answer is "none"
        in_cycle = {m for c in self.t.cycles for m in c["members"]}
        others = [k for k, e in self.t.entities.items() if e["entity_kind"] == "company" and k not in in_cycle
                  and e.get("depth", 0) >= 1 and e.get("status") == "ACTIVE"]
        self.rng.shuffle(others)
        for k in others:
            if made >= n:
                break
            name = self.t.name(k, t)
            if not self.t.unique(name) or self._reaches_cycle(k):
                continue
            self.add("cycles", text=f"Does {q(name)} have circular ownership as of {t.isoformat()}?",
                     as_of=t.isoformat(), known_at=None, expected_entities=[k], expected_edges=[],
                     expected={"kind": "set", "keys": []}, figures=[], pattern="cycles", anchors=[name],
                     note="no cross-holding")
            made += 1

    def _reaches_cycle(self, k: str) -> bool:
        in_cycle = {m for c in self.t.cycles for m in c["members"]}
        return bool(self.t.component(k) & in_cycle)

    def reporting_exceptions(self, n: int) -> None:
        t = AS_OF
        made = 0
        exc = list(self.t.exceptions)
        self.rng.shuffle(exc)
        for x in exc:
            if made >= n:
                break
            k = x["entity"]
            e = self.t.entities.get(k)
            if e is None or e.get("status") != "ACTIVE" or _d(x.get("known_from"), date.min) > t:
                continue
            name = self.t.name(k, t)
            if not self.t.unique(name):
                continue
            reasons = sorted({f"{y['level']}:{y['reason']}" for y in self.t.exceptions if y["entity"] == k
                              and _d(y.get("known_from"), date.min) <= t})
            par = self.t.parents(k, t)
            self.add("reporting_exception", text=f"Who is the parent of {q(name)} as of {t.isoformat()}?",
                     as_of=t.isoformat(), known_at=None, expected_entities=sorted({k, *par["direct"], *par["ultimate"]}),
                     expected_edges=[], expected={"kind": "parents", "direct": sorted(par["direct"]),
                                                  "ultimate": sorted(par["ultimate"]), "exceptions": reasons},
                     figures=[r.split(":")[1] for r in reasons] + [self.t.name(p, t) for p in par["direct"] + par["ultimate"]],
                     pattern="parents", anchors=[name], note="GLEIF reporting exception: a parent exists, not published")
            made += 1

    def sanctions(self, n: int) -> None:
        t = AS_OF
        sanctioned = self.t.sanctioned(t)
        pool: list[str] = []
        for s in sorted(sanctioned):
            near, _ = self.t.near(s, 2, t)
            pool += [k for k in self.t.component(s) if k not in sanctioned][:0]
            pool += sorted(self._within(s, 2, t) - sanctioned)
        pool = sorted(set(pool))
        self.rng.shuffle(pool)
        far = [k for k, e in self.t.entities.items() if e["entity_kind"] == "company"]
        self.rng.shuffle(far)
        made = 0
        mixed = pool[: (2 * n) // 3] + far[:n]
        for k in mixed:
            if made >= n:
                break
            name = self.t.name(k, t)
            if not self.t.unique(name):
                continue
            hits, used = self.t.near(k, 2, t)
            if k in far and hits and made % 3 != 0:
                continue
            self.add("sanctions", text=f"Is {q(name)} within 2 hops of a sanctioned entity as of {t.isoformat()}?",
                     as_of=t.isoformat(), known_at=None, expected_entities=sorted({k, *hits}),
                     expected_edges=sorted({e.id for e in used}), expected_pairs=_pairs(used),
                     expected={"kind": "set", "keys": sorted(hits)},
                     figures=[self.t.name(h, t) for h in sorted(hits)], pattern="sanctions_near", anchors=[name],
                     note="sanctions proximity (undirected ownership, control, guarantee, lending)")
            made += 1

    def _within(self, x: str, hops: int, t: date) -> set[str]:
        adj: dict[str, set[str]] = defaultdict(set)
        for e in self.t.active(t, None, ("ownership", "control", "guarantee", "lending")):
            adj[e.source].add(e.target)
            adj[e.target].add(e.source)
        dist = {x: 0}
        todo = deque([x])
        while todo:
            u = todo.popleft()
            if dist[u] < hops:
                for v in adj.get(u, ()):
                    if v not in dist:
                        dist[v] = dist[u] + 1
                        todo.append(v)
        return set(dist)

    def contagion(self, n: int) -> None:
        t = AS_OF
        borrowers = sorted({e.target for e in self.t.active(t, None, ("lending", "guarantee"))})
        self.rng.shuffle(borrowers)
        made = 0
        for k in borrowers:
            if made >= n:
                break
            name = self.t.name(k, t)
            if not self.t.unique(name):
                continue
            hops, used = self.t.contagion(k, t)
            if not hops or len(hops) > 40:
                continue
            figures: list[str | float] = [self.t.name(h, t) for h in sorted(hops, key=lambda h: hops[h])[:5]]
            self.add("contagion", text=f"Who is hit if {q(name)} defaults as of {t.isoformat()}?",
                     as_of=t.isoformat(), known_at=None, expected_entities=sorted({k, *hops}),
                     expected_edges=sorted({e.id for e in used}), expected_pairs=_pairs(used),
                     expected={"kind": "set", "keys": sorted(hops)}, figures=figures, pattern="contagion",
                     anchors=[name], note="lenders, guarantors, owners and consolidating parents, 6 hops")
            made += 1

    def no_relationship(self, n: int) -> None:
        t = AS_OF
        keys = [k for k, e in self.t.entities.items() if e.get("status") == "ACTIVE"
                and self.t.unique(self.t.name(k, t))]
        self.rng.shuffle(keys)
        made, tries = 0, 0
        while made < n and tries < 50 * n and len(keys) > 2:
            tries += 1
            a, b = self.rng.sample(keys, 2)
            if b in self.t.component(a):
                continue
            na, nb = self.t.name(a, t), self.t.name(b, t)
            if made % 2 == 0:
                self.add("no_relationship", text=f"Shortest control path between {q(na)} and {q(nb)} as of {t.isoformat()}",
                         as_of=t.isoformat(), known_at=None, expected_entities=[a, b], expected_edges=[],
                         expected={"kind": "no_path"}, figures=["No ownership or control path"], pattern="path",
                         anchors=[na, nb], note="different components: no link of any type, ever")
                made += 1
            elif self.t.entities[a]["entity_kind"] in ("person", "company", "fund"):
                made += self.stake_q("no_relationship", a, b, t, note="no chain: stake 0")


DEFAULT_COUNTS = {"multi_hop": 24, "banded": 16, "as_of": 20, "backtest": 14, "alias": 16,
                  "corporate_action": 16, "cycles": 10, "reporting_exception": 12, "sanctions": 14,
                  "contagion": 16, "no_relationship": 14}


def world_questions(world_dir: Path, *, seed: int = 7, counts: dict[str, int] | None = None) -> list[EvalQuestion]:
    """Questions with answers computed from ``world_dir/ground_truth.jsonl``."""
    c = {**DEFAULT_COUNTS, **(counts or {})}
    b = _Builder(Truth(world_dir), seed)
    b.multi_hop(c["multi_hop"])
    b.banded(c["banded"])
    b.as_of(c["as_of"])
    b.backtest(c["backtest"])
    b.alias(c["alias"])
    b.corporate_actions(c["corporate_action"])
    b.cycles(c["cycles"])
    b.reporting_exceptions(c["reporting_exception"])
    b.sanctions(c["sanctions"])
    b.contagion(c["contagion"])
    b.no_relationship(c["no_relationship"])
    return b.out


# -- hand-checked questions on the real GLEIF sample -----------------------------------------------

# Read off data/real/gleif (rr golden copy and reporting exceptions); see SOURCES.md there.
REAL: list[dict[str, Any]] = [
    {"lei": "010CMKZ3VON21WF2ZD45", "direct": ["ZZG38T0MDR3QY1ETUA76"], "ultimate": ["3C7474T6CDKPR9K6YT90"],
     "exceptions": [], "note": "rr-data.xml: IS_DIRECTLY / IS_ULTIMATELY_CONSOLIDATED_BY since 2018-02-06"},
] + [
    {"lei": lei, "direct": [], "ultimate": [], "exceptions": [f"direct:{reason}"],
     "note": "repex-data.xml: DIRECT_ACCOUNTING_CONSOLIDATION_PARENT exception"}
    for lei, reason in (
        ("001GPB6A9XPE8XJICC14", "NO_KNOWN_PERSON"),  # fund-managed / sub-fund only: not a parent
        ("004L5FPTUREIWK9T2N63", "NON_CONSOLIDATING"),
        ("00EHHQ2ZHDCFXJCPCL46", "NON_CONSOLIDATING"),
        ("00GBW0Z2GYIER7DHDS71", "NON_CONSOLIDATING"),
        ("00KLB2PFTM3060S2N216", "NO_KNOWN_PERSON"),
        ("00QDBXDXLLF3W3JJJO36", "NO_KNOWN_PERSON"),
        ("00TV1D5YIV5IDUGWBW29", "NON_CONSOLIDATING"),
        ("00X8DSV26QKJPKUT5B34", "NON_CONSOLIDATING"),
        ("010G7UHBHEI87EKP0Q97", "NON_CONSOLIDATING"),
        ("01370W6ZIY66KQ4J3570", "NON_PUBLIC"),
    )
]


def real_questions(real_dir: Path | None = None, *, table: list[dict[str, Any]] | None = None) -> list[EvalQuestion]:
    """Hand-checked parent / reporting-exception questions on the real GLEIF sample."""
    out = []
    for i, r in enumerate(table if table is not None else REAL, 1):
        lei = r["lei"]
        out.append(EvalQuestion(
            qid=f"real-{i:03d}", family="reporting_exception", text=f"Who is the parent of {lei}?", as_of=None,
            known_at=None, expected_entities=sorted({lei, *r["direct"], *r["ultimate"]}), expected_edges=[],
            expected={"kind": "parents", "direct": r["direct"], "ultimate": r["ultimate"],
                      "exceptions": r["exceptions"]},
            figures=[*r["direct"], *r["ultimate"], *[x.split(":")[1] for x in r["exceptions"]]],
            pattern="parents", anchors=[lei], source="real", note=r.get("note", "hand-checked GLEIF sample")))
    return out


def build_questions(world_dir: Path, *, seed: int = 7, real: bool = True,
                    counts: dict[str, int] | None = None) -> list[EvalQuestion]:
    qs = world_questions(world_dir, seed=seed, counts=counts)
    if real:
        qs += real_questions()
    return qs


def write_questions(questions: list[EvalQuestion], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for x in questions:
            f.write(json.dumps(x.as_dict(), ensure_ascii=False, default=str) + "\n")
    return path


__all__ = ["AS_OF", "EvalQuestion", "FAMILIES", "Truth", "build_questions", "real_questions",
           "world_questions", "write_questions"]
