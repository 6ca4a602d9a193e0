"""Question builders, ownership families: multi-hop stakes and owners, banded stakes, valid
time, backtests (knowledge time), aliases and corporate actions."""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import date, timedelta
from typing import Any

from ownergraph.evaluation.model import FAR, AS_OF, EPS, THRESHOLD, EvalQuestion, fig, iso, edge_pairs, q
from ownergraph.evaluation.truth import Truth, to_date
from ownergraph.domain.vocabulary import OWNERS, STAKE

class OwnershipQuestions:
    """The builder core (numbering, owners and stake questions) and the ownership families."""

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
            figures += [fig(lo)] if abs(hi - lo) < EPS else [fig(lo), fig(hi)]
        self.add(family, text=f"Who owns {q(name)}{when}?", as_of=t.isoformat(), known_at=iso(k),
                 expected_entities=sorted({target, *o["certain"], *o["possible"]}),
                 expected_edges=sorted({e.id for e in edges}), expected_pairs=edge_pairs(edges),
                 expected={"kind": "owners", "certain": o["certain"], "possible": o["possible"],
                           "borderline": o["borderline"],
                           "stakes": {c: list(v) for c, v in o["figures"].items()}},
                 figures=figures, pattern=OWNERS.name, anchors=[name], note=note)
        return True

    def stake_q(self, family: str, owner: str, target: str, t: date, *, note: str = "") -> bool:
        if not self.t.clean_upstream(target, t, None):
            return False
        a, b = self.t.name(owner, t), self.t.name(target, t)
        if not (self.t.unique(a) and self.t.unique(b)):
            return False
        lo, hi, paths = self.t.stake(owner, target, t, None)
        edges = [e for p in paths for e in p]
        figures: list[str | float] = [fig(lo)] if abs(hi - lo) < EPS else [fig(lo), fig(hi)]
        if not paths:
            figures = []
        self.add(family, text=f"What is {q(a)}'s effective stake in {q(b)} as of {t.isoformat()}?",
                 as_of=t.isoformat(), known_at=None, expected_entities=sorted({owner, target} | {e.source for e in edges}),
                 expected_edges=sorted({e.id for e in edges}), expected_pairs=edge_pairs(edges),
                 expected={"kind": "stake", "lo": lo, "hi": hi, "paths": len(paths),
                           "status": ("certainly" if lo >= THRESHOLD else "possibly" if hi >= THRESHOLD else "not")},
                 figures=figures, pattern=STAKE.name, anchors=[a, b], note=note)
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
                 and (e.valid_to < FAR or e.valid_from > date(2020, 1, 1))]
        self.rng.shuffle(edges)
        made = 0
        for e in edges:
            if made >= n:
                break
            edge_day = e.valid_to if e.valid_to < FAR else e.valid_from
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
            eff = to_date(ca["effective_date"], date.min)
            targets = []
            for eid in ca.get("edges", []):
                e = self.t.by_id.get(eid)
                if e is not None and e.type == "ownership":
                    targets.append(e.target)
            for target in dict.fromkeys(targets):
                for when in (eff - timedelta(days=30), eff + timedelta(days=30)):
                    if self.t.entities[target].get("merged_on") and when >= to_date(self.t.entities[target]["merged_on"], FAR):
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

