"""Facts a user states in a conversation ("we also hold EUR 5m of X's 2027 notes", "X sold
its stake in Y last week", "X now owns 30% of Y"), read by the same extractor as filings.

Each statement sentence of a turn (a sentence that is no question) goes through
:func:`ingest.extract.extract` in conversation mode (our book's rules, relative dates counted
from the session's day) and :func:`ingest.extract.extract_records`, so it becomes the record a
filing saying the same would give. Its parties are resolved like a question's mentions
(``lookup``); a party the graph does not hold gets the key ingest would mint for it
(:func:`resolution.name_key`). The result is a :class:`SessionFact`: session-scoped, dated,
with the turn it came from, never written to the graph.

Knowledge order: a later statement about the same fact (the same pair's stake, the same
position) supersedes the earlier one, which is kept and closed at the later turn (as a stored
fact's ``known_to`` closes it), never overwritten. Facts in force act on analytics through
:class:`graph.analytics.snapshot.Assumed`: a stake stated or ended from a day suppresses the
pair's stored stakes that began by then; a stated stake, position, guarantee, loan or control
is an added edge; corporate actions are kept and listed but not applied.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any

from ownergraph.graph.load.rows import edge_props
from ownergraph.graph.analytics.session_edges import SESSION_RID, StatedEdge
from ownergraph.domain.clock import Clock
from ownergraph.domain.vocabulary import GUARANTEE
from ownergraph.domain.errors import EntityNotFound
from ownergraph.ingest.extract import MIN_CONFIDENCE, extract, extract_records
from ownergraph.domain.model import (
    Control,
    CorporateAction,
    EdgeBase,
    EntityRef,
    Guarantee,
    Holding,
    Lending,
    Ownership,
    Provenance,
    Quarantined,
)
from ownergraph.domain.codes import EntityKind
from ownergraph.domain.sentences import Sentence, split_sentences
from ownergraph.resolution import name_key
from ownergraph.domain.codes import EdgeType

OUR_BOOK = "our book (stated in this session)"  # the portfolio "we" hold positions in
_EDGE_TYPE = {Ownership: EdgeType.OWNERSHIP, Control: EdgeType.CONTROL, Guarantee: EdgeType.GUARANTEE,
              Lending: EdgeType.LENDING}
_QUESTION = re.compile(r"\?\s*$")
_ASKS = re.compile(r"^\s*(?:who|what|which|whom|whose|how|when|where|why|is|are|does|do|did|can|could|show|list|"
                   r"give|tell|find|compare)\b", re.I)


@dataclass
class SessionFact:
    """One fact a turn states. ``kind``: stake, ended, holding, guarantee, loan, control, action."""

    id: str
    turn: int
    kind: str
    quote: str
    a: str  # parties as resolved: registered names where the graph holds them
    b: str
    a_key: str
    b_key: str
    day: date  # the day it takes effect
    stated_at: datetime
    value: Any  # stake %, (amount, currency, instrument), the action's kind
    record: Any  # the ingest record the same sentence in a filing would give
    method: str
    in_graph: tuple[bool, bool] = (True, True)
    superseded_by: str | None = None
    closed_at_turn: int | None = None  # the session's knowledge order: turns, like known_to

    @property
    def identity(self) -> tuple[str, ...]:
        """What a later statement must be about to supersede this one."""
        if self.kind in ("stake", "ended"):
            return ("stake", self.a_key, self.b_key)
        if self.kind == "holding":
            return ("holding", self.a_key, self.b_key, _norm(self.value[2]))
        return (self.kind, self.a_key, self.b_key)

    def signature(self) -> tuple[Any, ...]:
        """(kind, a, b, value) for scoring against facts a person wrote down."""
        value = self.value
        if self.kind == "ended":
            value = self.day.isoformat()
        elif self.kind == "holding":
            value = (float(value[0]), value[1], value[2])
        return (self.kind, self.a, self.b, value)

    def describe(self) -> str:
        what = {
            "stake": lambda: f"{self.a} holds {_pct(self.value)} of {self.b} from {self.day}",
            "ended": lambda: f"{self.a}'s stake in {self.b} ended on {self.day}",
            "holding": lambda: (f"we hold {_money(self.value[0], self.value[1])} of {self.b} {self.value[2]} "
                                f"from {self.day}"),
            "action": lambda: f"{self.value} of {self.b} ({self.a}) on {self.day}, noted but not applied",
        }.get(self.kind, lambda: f"{self.a} {self.kind} {self.b} from {self.day}")()
        new = [n for n, known in zip((self.a, self.b), self.in_graph) if not known and n != OUR_BOOK]
        note = f"; not in the graph: {', '.join(new)}" if new else ""
        return f"Stated in turn {self.turn}: {what} (\u201c{self.quote.strip()}\u201d; session only{note})"


@dataclass
class _Meta:  # what ingest.extract needs of a document, for one conversation turn
    document_id: str
    filer: EntityRef
    filed: date
    known_from: datetime
    source_file: str = "session"

    def prov(self, record_id: str, locator: str | None = None) -> Provenance:
        return Provenance(source_system="session", source_record_id=record_id, document_id=self.document_id,
                          locator=locator, source_file=self.source_file)

    def page_of(self, offset: int) -> int | None:
        return None


def statements(text: str) -> tuple[list[Sentence], str]:
    """The sentences of a turn that state something, and the rest (its question, or '')."""
    told, asked = [], []
    for s in split_sentences(text, "turn"):
        (asked if _QUESTION.search(s.text) or _ASKS.match(s.text) else told).append(s)
    return told, " ".join(s.text.strip() for s in asked)


Resolve = Callable[[str, date], tuple[str, str, bool]]  # mention -> (key, name, held by the graph)


def extract_turn(text: str, told: Sequence[Sentence], turn: int, today: date, resolve: Resolve, *,
                 session_id: str, portfolio: str = OUR_BOOK, finder: Any = None,
                 notes: list[str] | None = None) -> list[SessionFact]:
    """The facts the statement sentences ``told`` of turn ``turn`` state (hedged ones left
    out); a statement read but not made a fact (an amount out of range...) is told in ``notes``."""
    if not told:
        return []
    stated_at = datetime.now(timezone.utc)
    meta = _Meta(f"{session_id}-turn{turn}", EntityRef(name=portfolio, kind=EntityKind.UNKNOWN), today, stated_at)
    find = finder or (lambda t, s, filer: extract(t, s, filer, today=today, conversation=True))
    kept = lambda t, s, filer: [f for f in find(t, s, filer) if f.confidence >= MIN_CONFIDENCE]  # noqa: E731
    out: list[SessionFact] = []
    for n, rec in enumerate(extract_records(text, list(told), meta, finder=kept)):
        if isinstance(rec, Quarantined):
            if notes is not None:
                notes.append(f"turn {turn}, {rec.locator}: not taken as a fact: {rec.reason}")
            continue
        out.append(_fact(rec, f"t{turn}.{n}", turn, today, stated_at, resolve, portfolio))
    return out


def _fact(rec: Any, fid: str, turn: int, today: date, stated_at: datetime, resolve: Resolve,
          portfolio: str) -> SessionFact:
    claim = rec.provenance.claim
    day = rec.valid_from or today  # a standing stated without a date ("now owns") holds from today
    common = dict(id=fid, turn=turn, quote=claim.quote, day=day, stated_at=stated_at, record=rec, method=claim.method)
    if isinstance(rec, Holding):
        b_key, b, known = resolve(rec.issuer.name, day)
        return SessionFact(kind="holding", a=portfolio, b=b, a_key=portfolio, b_key=b_key,
                           value=(rec.amount, rec.currency, rec.instrument.removeprefix(rec.issuer.name).strip()),
                           in_graph=(True, known), **common)
    if isinstance(rec, CorporateAction):
        a_key, a, ka = resolve(rec.subject.name, day)
        other = rec.counterparty.name if rec.counterparty else rec.subject.name
        b_key, b, kb = resolve(other, day)
        return SessionFact(kind="action", a=b, b=a, a_key=b_key, b_key=a_key, value=rec.action.value,
                           in_graph=(kb, ka), **common)
    assert isinstance(rec, EdgeBase)
    a_key, a, ka = resolve(rec.source.name, day)
    b_key, b, kb = resolve(rec.target.name, day)
    kind, value = {Ownership: ("stake", None), Control: ("control", None), Guarantee: (GUARANTEE.name, None),
                   Lending: ("loan", None)}[type(rec)]
    if isinstance(rec, Ownership):
        value = rec.stake.exact if rec.stake is not None else None
        kind = "ended" if value == 0 else "stake"
    elif isinstance(rec, Guarantee | Lending):
        value = (rec.amount, rec.currency)
    return SessionFact(kind=kind, a=a, b=b, a_key=a_key, b_key=b_key, value=value, in_graph=(ka, kb), **common)


def graph_resolver(client: Any) -> Resolve:
    """Mentions resolved as a question's are; an unknown party gets ingest's name key."""
    def resolve(mention: str, day: date) -> tuple[str, str, bool]:
        try:
            m = client.resolve(mention, as_of=day)
            return m.key, m.name, True
        except EntityNotFound:
            return name_key(mention, None, None), mention, False
    return resolve


@dataclass
class Knowledge:
    """A session's stated facts, in knowledge order: every fact kept, superseded ones closed."""

    facts: list[SessionFact] = field(default_factory=list)

    def add(self, new: Sequence[SessionFact]) -> None:
        for f in new:
            for old in self.in_force():
                if old.identity == f.identity:
                    old.superseded_by, old.closed_at_turn = f.id, f.turn
            self.facts.append(f)

    def in_force(self) -> list[SessionFact]:
        return [f for f in self.facts if f.superseded_by is None]

    def describe(self, clock: Clock | None = None) -> list[str]:
        """The facts in force, as an answer's assumptions (at ``clock``: whether each applies yet)."""
        return [f.describe() + (f" (from {f.day}: not yet in effect on {clock.as_of})"
                                if clock is not None and f.day > clock.as_of else "")
                for f in self.in_force()]

    def assumed(self, graph: Any, clock: Clock) -> tuple[frozenset[str], tuple[StatedEdge, ...]]:
        """Stored statements the facts in force end at ``clock`` and the edges they add."""
        suppressed: set[str] = set()
        added: list[StatedEdge] = []
        for f in self.in_force():
            if f.kind in ("stake", "ended") and f.day <= clock.as_of:
                for row in graph.read("session_fact_edges", source=f.a_key, target=f.b_key,
                                      types=[EdgeType.OWNERSHIP]):
                    if row["valid_from"] is None or date.fromisoformat(row["valid_from"][:10]) <= f.day:
                        suppressed.add(row["statement_id"])
            edge = _edge(f)
            if edge is not None:
                added.append(edge)
        return frozenset(suppressed), tuple(added)


def _edge(f: SessionFact) -> StatedEdge | None:
    if f.kind in ("ended", "action"):
        return None
    rid = f"{SESSION_RID}{f.record.provenance.document_id}:{f.id}"
    if f.kind == "holding":
        props = {"instrument": f"{f.b} {f.value[2]}", "amount": f.value[0], "currency": f.value[1],
                 "valid_from": f.day, "known_from": f.stated_at, "statement_id": rid, "source_system": "session",
                 "source_record_id": f.id, "document_id": f.record.provenance.document_id, "quote": f.quote}
        return StatedEdge(rid, f.a_key, f.b_key, EdgeType.HOLDING, props, target_props={"name": f.b})
    props = edge_props(f.record) | {"valid_from": f.day, "statement_id": rid, "source_kind": "session_fact"}
    return StatedEdge(rid, f.a_key, f.b_key, _EDGE_TYPE[type(f.record)], props,
                      {"name": f.a}, {"name": f.b})


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def _pct(v: float | None) -> str:
    return "an undisclosed stake" if v is None else f"{v:g}%"


def _money(amount: float, currency: str) -> str:
    return f"{currency} {amount:,.0f}"
