"""Conversation sessions: memory as a small context graph, not a message list.

A session keeps the entities each turn mentioned (with their kinds and the turn), the facts
(cited edges) it relied on, and assumptions the user stated. Follow-ups resolve "it", "its
parent", "that fund", "they" against recently mentioned entities. An assumption ("assume the
2024 sale did not happen") is session-scoped and dated: it supersedes the matching graph facts
for this session only (the graph is never written) and is listed in every later answer.
Each turn's context holds only that turn's subgraph, so tokens per turn stay flat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any

from ownergraph.graph.analytics._snapshot import Assumed, assuming
from ownergraph.graph.vocabulary import KINDS, PARENTS, UNKNOWN
from ownergraph.retrieval.question import Question, understand

_ASSUME = re.compile(r"^\s*(?:let'?s\s+)?(?:assume|suppose|imagine|what if)\b(?P<body>.*)$", re.I)
_YEAR = re.compile(r"\b(19|20)\d{2}\b")
_KIND_WORDS = {"fund": "fund", "company": "company", "person": "person", "bank": "company",
               "subsidiary": "company", "parent": "company", "issuer": "company"}


@dataclass
class Assumption:
    text: str
    stated_at: datetime
    suppressed: frozenset[str]  # statement ids of graph facts this assumption supersedes
    extended: frozenset[str]  # statement ids whose ending this assumption cancels

    def describe(self) -> str:
        return (f"{self.text.strip()} (stated {self.stated_at.isoformat(timespec='seconds')}; "
                f"supersedes {len(self.suppressed) + len(self.extended)} graph fact(s) in this session only)")


@dataclass
class Turn:
    question: str
    pattern: str
    entity_keys: list[str]
    answer: str
    tokens: int


@dataclass
class Session:
    client: Any
    entities: dict[str, dict[str, Any]] = field(default_factory=dict)  # key -> {name, kind, turn}
    facts: dict[str, str] = field(default_factory=dict)  # statement id -> source label
    assumptions: list[Assumption] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)

    # -- memory --------------------------------------------------------------------------
    def _remember(self, entities: dict[str, dict[str, Any]], subject_keys: list[str]) -> None:
        turn = len(self.turns)
        for key, info in entities.items():
            rank = turn + (0.5 if key in subject_keys else 0.0)  # the subject outranks the rest
            self.entities[key] = {**info, "turn": rank}

    def recent(self, kind: str | None = None) -> str | None:
        """The most recently mentioned entity (of ``kind``), by key."""
        best = sorted(((v["turn"], k) for k, v in self.entities.items()
                       if kind is None or (v.get("kind") or "") == kind), reverse=True)
        return best[0][1] if best else None

    def _resolve_follow_up(self, q: Question) -> tuple[Question, list[str]]:
        text = q.text.lower()
        anchors = [m.text for m in q.anchors if m.role != "portfolio"]
        if anchors and not q.follow_up:
            return q, anchors
        kind = next((k for w, k in _KIND_WORDS.items() if re.search(rf"\bthat {w}\b", text)), None)
        focus = self.recent(kind) or self.recent()
        if focus is None:
            return q, anchors
        if "parent" in text and q.pattern in (UNKNOWN, PARENTS.name):
            q = q.model_copy(update={"pattern": PARENTS.name})
        elif q.pattern == UNKNOWN and self.turns:
            q = q.model_copy(update={"pattern": self.turns[-1].pattern})
        pair = q.pattern in KINDS and KINDS[q.pattern].entities >= 2  # stake, path: focus and the other
        return q, [focus, *anchors] if pair and anchors else [focus]

    # -- assumptions ---------------------------------------------------------------------
    def assume(self, text: str) -> Assumption:
        """Record a user-stated assumption; it applies to this session's later answers."""
        graph = self.client.graph
        keys = sorted(self.entities)
        years = [int(m.group(0)) for m in _YEAR.finditer(text)]
        negated = bool(re.search(r"\b(did not|didn't|never|not)\b", text, re.I))
        suppressed: set[str] = set()
        extended: set[str] = set()
        if negated and years and keys:
            rows = graph.read("session_assumption_edges", keys=keys, year=years[0])
            for row in rows:
                if row["opened"]:
                    suppressed.add(row["statement_id"])
                if row["closed"]:
                    extended.add(row["statement_id"])
        a = Assumption(text, datetime.now(timezone.utc), frozenset(suppressed), frozenset(extended))
        self.assumptions.append(a)
        return a

    # -- asking --------------------------------------------------------------------------
    def ask(self, text: str, *, as_of: date | str | None = None, known_at: Any = None,
            budget: str | int = "medium") -> Any:
        m = _ASSUME.match(text)
        if m:
            a = self.assume(m.group("body"))
            self.turns.append(Turn(text, "assumption", [], a.describe(), 0))
            return a
        q = understand(text, config=getattr(self.client, "llm", None))
        q, anchors = self._resolve_follow_up(q)
        assumed = Assumed(frozenset().union(*(a.suppressed for a in self.assumptions)),
                          frozenset().union(*(a.extended for a in self.assumptions)))
        with assuming(assumed):
            answer = self.client.ask(q, as_of=as_of, known_at=known_at, budget=budget, anchors=anchors,
                                     assumptions=[a.describe() for a in self.assumptions])
        subject_keys = [k for k, v in answer.entities.items() if v.get("name") in anchors or k in anchors]
        self._remember(answer.entities, subject_keys)
        for s in answer.citations:
            if s.statement_id:
                self.facts[s.statement_id] = s.label
        tokens = len(answer.context.render().split())
        self.turns.append(Turn(text, q.pattern, sorted(answer.entities), answer.text, tokens))
        return answer
