"""Question builders, structure families: cross-holdings, reporting exceptions, sanctions
proximity, contagion and pairs with no relationship at all."""

from __future__ import annotations

from collections import defaultdict, deque
from datetime import date

from ownergraph.evaluation.build_ownership import OwnershipQuestions
from ownergraph.evaluation.model import AS_OF, edge_pairs, q
from ownergraph.evaluation.truth import to_date
from ownergraph.domain.vocabulary import CONTAGION, CYCLES, PARENTS, PATH, SANCTIONS_NEAR


class Builder(OwnershipQuestions):
    # Complexity (cc 34): builds each cycle shape of the generated world in place; the branches
    # are the shapes (two-way, three-way, through a person), each a few lines.
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
                         expected_pairs=edge_pairs(active) if closed else [],
                         expected={"kind": "set", "keys": sorted(members) if closed else []},
                         figures=[self.t.name(x, t) for x in members if x != m] if closed else [],
                         pattern=CYCLES.name, anchors=[name], note="cross-holding")
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
                     expected={"kind": "set", "keys": []}, figures=[], pattern=CYCLES.name, anchors=[name],
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
            if e is None or e.get("status") != "ACTIVE" or to_date(x.get("known_from"), date.min) > t:
                continue
            name = self.t.name(k, t)
            if not self.t.unique(name):
                continue
            reasons = sorted({f"{y['level']}:{y['reason']}" for y in self.t.exceptions if y["entity"] == k
                              and to_date(y.get("known_from"), date.min) <= t})
            par = self.t.parents(k, t)
            self.add("reporting_exception", text=f"Who is the parent of {q(name)} as of {t.isoformat()}?",
                     as_of=t.isoformat(), known_at=None, expected_entities=sorted({k, *par["direct"], *par["ultimate"]}),
                     expected_edges=[], expected={"kind": "parents", "direct": sorted(par["direct"]),
                                                  "ultimate": sorted(par["ultimate"]), "exceptions": reasons},
                     figures=[r.split(":")[1] for r in reasons] + [self.t.name(p, t) for p in par["direct"] + par["ultimate"]],
                     pattern=PARENTS.name, anchors=[name], note="GLEIF reporting exception: a parent exists, not published")
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
                     expected_edges=sorted({e.id for e in used}), expected_pairs=edge_pairs(used),
                     expected={"kind": "set", "keys": sorted(hits)},
                     figures=[self.t.name(h, t) for h in sorted(hits)], pattern=SANCTIONS_NEAR.name, anchors=[name],
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
                     expected_edges=sorted({e.id for e in used}), expected_pairs=edge_pairs(used),
                     expected={"kind": "set", "keys": sorted(hops)}, figures=figures, pattern=CONTAGION.name,
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
                         expected={"kind": "no_path"}, figures=["No ownership or control path"], pattern=PATH.name,
                         anchors=[na, nb], note="different components: no link of any type, ever")
                made += 1
            elif self.t.entities[a]["entity_kind"] in ("person", "company", "fund"):
                made += self.stake_q("no_relationship", a, b, t, note="no chain: stake 0")

