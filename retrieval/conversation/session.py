"""Conversation sessions: memory as a small context graph, not a message list.

A session keeps the entities each turn mentioned (with their kinds and the turn), the facts
(cited edges) it relied on, and assumptions the user stated. Follow-ups resolve "it", "its
parent", "that fund", "they" against recently mentioned entities. An assumption ("assume the
2024 sale did not happen") is session-scoped and dated: it supersedes the matching graph facts
for this session only (the graph is never written) and is listed in every later answer.
Facts the user states ("X sold its stake in Y last week") are read by the filings' extractor
into session facts (:mod:`retrieval.conversation.facts`); a turn that only states facts is noted at
once and extracted in the background, ready for the next turn.
Each turn's context holds only that turn's subgraph, so tokens per turn stay flat.
"""

from __future__ import annotations

import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any
from uuid import uuid4

from ownergraph.domain.clock import make_clock
from ownergraph.graph.analytics.snapshot import Assumed, assuming
from ownergraph.domain.vocabulary import KINDS, PARENTS, UNKNOWN
from ownergraph.domain.errors import OwnergraphError
from ownergraph.retrieval.question.model import Question, understand
from ownergraph.retrieval.conversation.facts import (
    OUR_BOOK, Knowledge, SessionFact, extract_turn, graph_resolver, statements,
)

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
    facts: list[SessionFact] = field(default_factory=list)  # what the turn stated (once extracted)
    notes: list[str] = field(default_factory=list)  # statements read but not taken as facts, and why


@dataclass
class Noted:
    """The reply to a turn that only states facts: they apply from the next turn."""

    turn: int
    text: str
    _session: Any = field(repr=False, default=None)

    @property
    def facts(self) -> list[SessionFact]:
        self._session.wait()
        return self._session.turns[self.turn - 1].facts


@dataclass
class Session:
    client: Any
    entities: dict[str, dict[str, Any]] = field(default_factory=dict)  # key -> {name, kind, turn}
    facts: dict[str, str] = field(default_factory=dict)  # statement id -> source label
    assumptions: list[Assumption] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    knowledge: Knowledge = field(default_factory=Knowledge)  # facts stated in this session
    today: date | str | None = None  # the day relative dates count from (else the last as_of asked, else today)
    background: bool = True  # extract a statement-only turn after replying
    portfolio: str = OUR_BOOK
    finder: Any = None  # the extractor (ingest.extract.Finder); the offline patterns by default
    id: str = field(default_factory=lambda: f"session-{uuid4().hex[:12]}")
    _as_of: date | None = field(default=None, repr=False)
    _pending: Future[None] | None = field(default=None, repr=False)
    _pool: ThreadPoolExecutor | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.today, str):
            self.today = date.fromisoformat(self.today)

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

    # -- stated facts --------------------------------------------------------------------
    def _day(self) -> date:
        today = self.today if isinstance(self.today, date) else None
        return today or self._as_of or datetime.now(timezone.utc).date()

    def _extract(self, turn: int, text: str, told: list[Any]) -> None:
        t = self.turns[turn - 1]
        try:
            t.facts = extract_turn(text, told, turn, self._day(), graph_resolver(self.client), session_id=self.id,
                                   portfolio=self.portfolio, finder=self.finder, notes=t.notes)
        except OwnergraphError as err:  # the graph could not be read (resolving the parties): said, not raised
            t.notes.append(f"turn {turn}: what it states was not read: {err}")
        self.knowledge.add(t.facts)

    def _remember_stated(self, facts: list[SessionFact]) -> None:
        parties = {k: {"name": n} for f in facts for k, n, known in ((f.a_key, f.a, f.in_graph[0]),
                                                                     (f.b_key, f.b, f.in_graph[1])) if known}
        self._remember(parties, [f.b_key for f in facts])

    def wait(self) -> None:
        """Wait for the extraction of the last turn (started after its reply)."""
        pending, self._pending = self._pending, None
        if pending is not None:
            pending.result()

    def close(self) -> None:
        self.wait()
        if self._pool is not None:
            self._pool.shutdown()

    def _noted(self, text: str, told: list[Any]) -> Noted:
        turn = len(self.turns) + 1
        reply = "Noted; what this states applies to this session from the next turn (never to the graph)."
        self.turns.append(Turn(text, "statement", [], reply, 0))
        if self.background:
            self._pool = self._pool or ThreadPoolExecutor(max_workers=1, thread_name_prefix="ownergraph-session")
            self._pending = self._pool.submit(self._extract, turn, text, told)
        else:
            self._extract(turn, text, told)
        return Noted(turn, reply, self)

    # -- asking --------------------------------------------------------------------------
    def _read(self, text: str) -> Question:
        """The question read at the session's day, with the graph's own names where the client
        reads them (``Ownergraph.read``); a plain parse otherwise."""
        read = getattr(self.client, "read", None)
        if callable(read):
            return read(text, today=self._day())
        return understand(text, today=self._day(), config=getattr(self.client, "llm", None))

    def ask(self, text: str, *, as_of: date | str | None = None, known_at: Any = None,
            budget: str | int = "medium") -> Any:
        self.wait()  # the previous turn's facts are in force from this turn
        if self.turns and self.turns[-1].pattern == "statement":  # "who owns it now?" after "X sold ..."
            self._remember_stated(self.turns[-1].facts)
        if as_of is not None:
            self._as_of = make_clock(as_of).as_of
        m = _ASSUME.match(text)
        if m:
            a = self.assume(m.group("body"))
            self.turns.append(Turn(text, "assumption", [], a.describe(), 0))
            return a
        told, asked = statements(text)
        if told and not asked:
            return self._noted(text, told)
        q = self._read(asked or text)
        q, anchors = self._resolve_follow_up(q)
        self.turns.append(Turn(text, q.pattern, [], "", 0))
        if told:  # stated in the same breath as the question: the answer must see it
            self._extract(len(self.turns), text, told)
            self._remember_stated(self.turns[-1].facts)
        clock = make_clock(as_of or q.as_of, known_at or q.known_at)
        ended, added = self.knowledge.assumed(self.client.graph, clock)
        assumed = Assumed(frozenset().union(ended, *(a.suppressed for a in self.assumptions)),
                          frozenset().union(*(a.extended for a in self.assumptions)), added)
        with assuming(assumed):
            answer = self.client.ask(q, as_of=as_of, known_at=known_at, budget=budget, anchors=anchors,
                                     assumptions=[a.describe() for a in self.assumptions]
                                     + self.knowledge.describe(clock))
        subject_keys = [k for k, v in answer.entities.items() if v.get("name") in anchors or k in anchors]
        self._remember(answer.entities, subject_keys)
        for s in answer.citations:
            if s.statement_id:
                self.facts[s.statement_id] = s.label
        turn = self.turns[-1]
        stated = self.turns[-2].notes if len(self.turns) > 1 and self.turns[-2].pattern == "statement" else []
        answer.notices.extend([*stated, *turn.notes])  # statements not taken as facts, and why
        turn.entity_keys, turn.answer = sorted(answer.entities), answer.text
        turn.tokens = len(answer.context.render().split())
        return answer
