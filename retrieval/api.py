"""The Python API: ``connect()`` → :class:`Ownergraph`, and ``ask()`` → a cited :class:`Answer`.

    import ownergraph.retrieval as og
    client = og.connect()                       # embedded defaults, or NEO4J_URI / QDRANT_URL
    answer = client.ask("Who is hit if Harbourline Shipping defaults?", as_of="2024-06-30")
    answer.text, answer.frame, answer.citations, answer.subgraph, answer.timings

A question is parsed (deterministically, or by an LLM when one is configured), its mentions
resolved to graph entities, the matching analytic run at the question's clocks (read-only),
disclosure sentences about the same entities retrieved and compressed, and everything
rendered as numbered sources that the answer cites.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Protocol

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.domain.vocabulary import CHANNEL_NAMES, DIFF, EVENTS, NAMES, SCREENING
from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.errors import EntityNotFound, OwnergraphError
from ownergraph.retrieval.answer.graph_retriever import GraphEvidence, GraphRetriever
from ownergraph.retrieval.answer.compose import CitationCheck, check_citations, compose
from ownergraph.retrieval.answer.context import Context, Source, build_context
from ownergraph.retrieval.llm import unavailable_notice
from ownergraph.domain.vocabulary import UNKNOWN
from ownergraph.retrieval.kinds import STRATEGIES
from ownergraph.retrieval.question.by_names import with_graph_names
from ownergraph.retrieval.question.rephrase import cannot_answer_text, rephrasings
from ownergraph.retrieval.question.graph_names import NameIndex
from ownergraph.retrieval.question.model import Question, understand


class TextRetriever(Protocol):
    """Disclosure sentences about ``entity_keys``, filed by ``known_at``, compressed to ``budget``."""

    def search(self, question: str, entity_keys: list[str], *, known_at: datetime,
               budget: str | int) -> list[dict[str, Any]]: ...


@dataclass
class Answer:
    question: Question
    text: str
    frame: pd.DataFrame
    context: Context
    evidence: GraphEvidence | None
    sentences: list[dict[str, Any]] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    check: CitationCheck | None = None
    assumptions: list[str] = field(default_factory=list)
    entities: dict[str, dict[str, Any]] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)  # e.g. text search is lexical: how to add semantic
    llm_unavailable: str | None = None  # an LLM was configured and a call to it failed: why
    clock: Clock | None = None  # the clock the analytic ran at: where a page's sliders start
    graph: Any = field(default=None, repr=False, compare=False)  # for picture("x.html"): the page reads it
    answered: bool = True  # False: the text says how the question was read and what would run
    rephrasings: list[str] = field(default_factory=list)  # questions that would run, when not answered
    known_now: bool = True  # no knowledge date was given: what is known now (the dates say "now")

    @property
    def dates(self) -> dict[str, str]:
        """The dates the answer used: valid time, and knowledge time ("now" when none was given:
        a timestamp there would make two equal answers differ)."""
        return {"as_of": self.context.as_of.isoformat(), "known_at": "now" if self.known_now else self.context.known_at}

    @property
    def citations(self) -> list[Source]:
        return self.context.sources

    @property
    def subgraph(self) -> dict[str, Any]:
        edges = self.evidence.edges if self.evidence else []
        return {"nodes": self.entities, "edges": edges}

    def picture(self, path: str | Path) -> Path:
        """The answer's subgraph (the chain and its stakes) as PNG or SVG; to a ``.html`` path, the
        interactive page of its subject (``retrieval.view``: both clock sliders, starting at the
        answer's clock, lending and guarantee edges included)."""
        out = Path(path)
        if out.suffix.lower() in (".html", ".htm"):
            return self._page(out)
        from ownergraph.retrieval.answer.picture import draw_subgraph

        return draw_subgraph(self.subgraph, out, title=self.question.text)

    def _repr_html_(self) -> str:
        """In a notebook: the answer's words, its table and a small chain of the edges it cites."""
        from ownergraph.graph.analytics.notebook import result_html

        names = {k: str(v.get("name") or k) for k, v in self.entities.items()}
        return result_html(self.frame, self.subgraph["edges"], names, self.text)

    def _page(self, out: Path) -> Path:
        from ownergraph.retrieval.view import write_view

        # the entity a mention was resolved to, else the first mention as written (resolved again)
        keys = list(self.evidence.anchors.values()) if self.evidence else []
        subject = next(iter(keys + [m.text for m in self.question.anchors if m.role != "portfolio"]), None)
        if self.graph is None or subject is None:
            raise ValueError("this answer names no entity of the graph to draw a page of; a PNG or SVG "
                             "path draws its subgraph")
        clock = self.clock or make_clock()
        return write_view(self.graph, subject, out, as_of=clock.as_of, known_at=clock.known_at,
                          with_=CHANNEL_NAMES)

    def as_dict(self) -> dict[str, Any]:
        return {"question": self.question.model_dump(mode="json"), "answer": self.text,
                "result": self.frame.to_dict("records"), "citations": [s.as_dict() for s in self.citations],
                "subgraph": self.subgraph, "evidence_sentences": self.sentences, "timings_ms": self.timings,
                "assumptions": self.assumptions, "notices": self.notices, "llm_unavailable": self.llm_unavailable,
                "citation_check": None if self.check is None else self.check.__dict__,
                "dates": self.dates,
                "answered": self.answered, "rephrasings": self.rephrasings}


EDGE_BUDGET = {"low": 12, "medium": 30, "high": 80}


def _edge_budget(budget: str | int) -> int:
    """Cited edges per answer: a fixed share of the token budget (an edge line is ~40 tokens)."""
    return EDGE_BUDGET.get(budget, 30) if isinstance(budget, str) else max(5, int(budget) // 120)


def _today() -> date:
    return datetime.now(timezone.utc).date()


class Ownergraph:
    """Facade: ``analytics`` for structured questions, ``ask`` for questions in words."""

    def __init__(self, graph: Graph, *, text: TextRetriever | None = None, llm: Any = None) -> None:
        self.graph = graph
        self.analytics = Analytics(graph)
        self.text = text
        self.llm = llm
        self._graph_retriever = GraphRetriever(self.analytics)
        self._names = NameIndex(graph)

    def read(self, question: str, *, today: date | None = None) -> Question:
        """The question parsed (``today``: the session's day), its mentions read against the
        graph's own names (``retrieval.question.by_names``)."""
        names = self._names.gazetteer(question)
        q = understand(question, today=today, config=self.llm, names=names)
        return with_graph_names(q, names)

    # -- question answering --------------------------------------------------------------
    def ask(self, question: str | Question, *, as_of: date | str | None = None,
            known_at: date | datetime | str | None = None, budget: str | int = "medium",
            anchors: list[str] | None = None, assumptions: list[str] | None = None,
            today: date | None = None) -> Answer:
        """The question read, its analytic run on both clocks, text evidence found, the answer
        composed from them (and checked, when an LLM words it). ``today`` is the session's day:
        relative dates ("last quarter") resolve against it, and it is the default valid date."""
        t0 = time.perf_counter()
        timings: dict[str, float] = {}
        q = question if isinstance(question, Question) else self.read(question, today=today)
        timings["parse"] = (time.perf_counter() - t0) * 1000
        clock = make_clock(as_of or q.as_of or today, known_at or q.known_at)
        mentions = anchors if anchors is not None else [m.text for m in q.anchors if m.role != "portfolio"]
        why = _cannot_answer(q, mentions)
        if why:
            return self._unanswered(q, mentions, why, clock, today, assumptions, (known_at or q.known_at) is None)
        t1 = time.perf_counter()
        ev = self._graph_retriever.search(q, as_of=clock.as_of, known_at=clock.known_at, anchors=mentions)
        asked, later = clock.as_of, self._records_later(q, mentions, clock, ev)
        if later is not None:  # nothing at the day asked; the subject's records begin later
            clock, ev = make_clock(later[0], clock.known_at), later[1]
        timings["graph"] = (time.perf_counter() - t1) * 1000
        names = dict(ev.entities)
        subject, other = self._subjects(mentions, names, ev.result)
        sentences: list[dict[str, Any]] = []
        t2 = time.perf_counter()
        if self.text is not None and names:
            sentences = self.text.search(q.text, sorted(names), known_at=clock.known_at, budget=budget)
        timings["text"] = (time.perf_counter() - t2) * 1000
        ctx = _cited_context(q, clock.as_of, clock.known_at, ev, names, sentences, budget, assumptions)
        ctx.known_now, ctx.today = (known_at or q.known_at) is None, today
        t3 = time.perf_counter()
        text = compose(q.pattern, ev.frame, ctx, subject, other, ev.found, ev.result)
        if later is not None:
            text = (f"Nothing as of {asked.isoformat()}: the graph's records of {subject} begin on "
                    f"{clock.as_of.isoformat()}. ") + text
        if not ev.found:
            ctx.no_relationship = text
        text, check, notices, failed = self._worded(q, ctx, text)
        timings["answer"] = (time.perf_counter() - t3) * 1000
        timings["total"] = (time.perf_counter() - t0) * 1000
        return Answer(q, text, ev.frame, ctx, ev, sentences, {k: round(v, 2) for k, v in timings.items()},
                      check, list(assumptions or []), names, notices, failed, clock, self.graph,
                      known_now=(known_at or q.known_at) is None)

    def _records_later(self, q: Question, mentions: list[str], clock: Clock, ev: GraphEvidence
                       ) -> tuple[date, GraphEvidence] | None:
        """Where nothing was found for the subject at the day asked and every relationship the graph
        holds for it is valid only from a later day (a register filed after that day), that day and
        the answer as of it, on the same knowledge clock; the answer says both dates."""
        strategy = STRATEGIES.get(q.pattern)
        # one subject only: a path or a stake between two is `path`'s and `stake`'s answer at the day asked
        if ev.found or not mentions or q.pattern in _NO_LATER_DAY or strategy is None or strategy.kind.entities != 1:
            return None
        try:
            day = self.analytics.lookup.records_begin(mentions[0], as_of=clock.as_of, known_at=clock.known_at)
        except OwnergraphError:
            return None
        if day is None:
            return None
        moved = self._graph_retriever.search(q, as_of=day, known_at=clock.known_at, anchors=mentions)
        return (day, moved) if moved.found else None

    def _unanswered(self, q: Question, mentions: list[str], why: str, clock: Any, today: date | None,
                    assumptions: list[str] | None, known_now: bool) -> Answer:
        """"I read this as ... I can answer ...": the reading, and questions that would run."""
        gazetteer = self._names.gazetteer(q.text)
        if mentions:
            names = [gazetteer.names.get(m, m) for m in mentions]
        else:  # an unknown kind keeps no anchors: the names the question holds, as the graph spells them
            names = list(dict.fromkeys(h.name for h in gazetteer.find(q.text) if len(h.keys) == 1))
        text = cannot_answer_text(q, names, why, today)
        ctx = build_context(q.text, clock.as_of, clock.known_at.isoformat(), {}, [], [], "", None, assumptions)
        return Answer(q, text, pd.DataFrame(), ctx, None, assumptions=list(assumptions or []), answered=False,
                      rephrasings=rephrasings(q, names, today), known_now=known_now)

    def _subjects(self, mentions: list[str], names: dict[str, dict[str, Any]],
                  result: Any) -> tuple[str, str | None]:
        """Whom the answer is about: the entities the analytic resolved the mentions to, else the
        mentions as written ("the graph" when there is none)."""
        resolved = _resolved_names(result)
        subject = "the graph"
        if mentions:
            subject = resolved[0] if resolved and resolved[0] else self._display(mentions[0], names)
        other = None
        if len(mentions) > 1:
            other = resolved[1] if len(resolved) > 1 and resolved[1] else self._display(mentions[1], names)
        return subject, other

    def _worded(self, q: Question, ctx: Context,
                text: str) -> tuple[str, CitationCheck | None, list[str], str | None]:
        """The answer's final words with the LLM when one is configured, its notices, and why an
        LLM call failed (``None`` when none did)."""
        notices = [n for n in (getattr(self.text, "notice", None),) if n]
        failed = q.llm_unavailable
        if failed:
            notices.append(unavailable_notice(failed))
        check = None
        if self.llm is not None:
            text, check, answer_failed = self._llm_answer(ctx, text)
            if answer_failed and not failed:
                failed = answer_failed
                notices.append(unavailable_notice(failed, answered_by="the analytic's own text"))
        return text, check, notices, failed

    def _display(self, mention: str, names: dict[str, dict[str, Any]]) -> str:
        """A mention as a name: the entity's, where the evidence or the graph's names know it."""
        for key, info in names.items():
            if mention in (key, info.get("lei")):
                return str(info.get("name") or mention)
        return self._names.known_name(mention)

    def _llm_answer(self, ctx: Context, fallback: str) -> tuple[str, CitationCheck, str | None]:
        """The LLM's cited answer, or the analytic's text; the third item says why the call
        failed (``None`` when it did not)."""
        from ownergraph.domain.errors import LLMError
        from ownergraph.retrieval.llm import complete

        system = ("You answer questions about corporate ownership and exposure using ONLY the numbered "
                  "sources given. Cite every claim with [n]. If the sources do not contain the answer, say "
                  "that the graph holds no such relationship as of the date. Never invent figures.")
        messages = [{"role": "system", "content": system},
                    {"role": "user", "content": ctx.render() + f"\n\nDraft answer from the analytic: {fallback}"}]
        try:
            text = complete(messages, self.llm)
        except LLMError as exc:
            return fallback, check_citations(fallback, ctx), str(exc)
        check = check_citations(text, ctx)
        why = _set_aside_reason(check)
        if why:  # an invented figure or source never reaches the user: the analytic's answer does
            return f"{fallback}\n(The LLM's answer was set aside: {why}.)", check, None
        return text, check, None

    def session(self, **options: Any) -> Any:
        """A conversation (``retrieval.conversation.session.Session``; ``options``: today, background, portfolio, finder)."""
        from ownergraph.retrieval.conversation.session import Session

        return Session(self, **options)

    def resolve(self, mention: str, as_of: date | str | None = None) -> Any:
        """The entity a mention names, or EntityNotFound with candidates ("did you mean …")."""
        return self.analytics.lookup.entity(mention, as_of=as_of)


def _cannot_answer(q: Question, mentions: list[str]) -> str:
    """Why no analytic can run for ``q`` ('' when one can): no kind, or fewer entities than it needs."""
    if q.pattern == UNKNOWN or q.pattern not in STRATEGIES:
        return "No analytic answers this kind of question."
    need = STRATEGIES[q.pattern].kind.entities
    if len(mentions) < need and not q.follow_up:
        found = {0: "none", 1: "one"}.get(len(mentions), str(len(mentions)))
        kind = q.pattern.replace("_", " ")
        article = "An" if kind[:1] in "aeiou" else "A"
        return f"{article} {kind} question needs {need} entities; I found {found}." if need > 1 else \
            f"{article} {kind} question needs an entity; I found none I could name."
    return ""


def _cited_context(q: Question, as_of: date, known_at: datetime, ev: GraphEvidence,
                   names: dict[str, dict[str, Any]], sentences: list[dict[str, Any]], budget: str | int,
                   assumptions: list[str] | None) -> Context:
    """The numbered sources of an answer. It lists only the entities it cites (anchors, cited
    edges' ends, the table's rows, the kept sentences' entities): a cascade can reach
    thousands, the context stays bounded."""
    table = ev.frame.head(12).to_string(index=False, max_colwidth=40) if not ev.frame.empty else ""
    edges = ev.edges[:_edge_budget(budget)]  # graph evidence is budgeted like text evidence
    cited = set(ev.anchors.values()) | {str(k) for e in edges for k in (e.get("source"), e.get("target")) if k}
    cited |= {str(k) for s in sentences for k in s.get("entity_keys", ())}
    if "key" in ev.frame.columns:
        cited |= {str(k) for k in ev.frame["key"].head(12)}
    ctx = build_context(q.text, as_of, known_at.isoformat(), {k: v for k, v in names.items() if k in cited},
                        edges, sentences, table, None, assumptions)
    if len(ev.edges) > len(edges):
        ctx.result_table += f"\n({len(ev.edges) - len(edges)} further edges of this result are not cited)"
    return ctx


# where a result names the entities its mentions resolved to, subject first
# kinds with no single day to move (a change between two days, a timeline, names) or no subject
_NO_LATER_DAY = frozenset({DIFF.name, EVENTS.name, NAMES.name, SCREENING.name})
_RESOLVED = (("owner_name", "owned_name"), ("target_name",), ("a", "b"), ("entity",), ("around",))


def _resolved_names(result: Any) -> list[str | None]:
    """The registered names of the entities an analytic answered about ("Saunders, Michael
    Charles" is answered as Michael Charles Saunders), so the answer says whom it is about."""
    for fields in _RESOLVED:
        values = [getattr(result, f, None) for f in fields]
        if any(v is not None for v in values):
            return [v if v is None or isinstance(v, str) else getattr(v, "name", None) for v in values]
    return []


def _set_aside_reason(check: CitationCheck) -> str:
    """Why an LLM answer may not be shown ('' when it may): figures found in no source, or
    citations of sources the context does not have. Uncited sentences are only flagged."""
    why = []
    if check.unsupported_figures:
        why.append("figures no source supports (" + ", ".join(dict.fromkeys(check.unsupported_figures)) + ")")
    if check.unknown_sources:
        why.append("citations of sources that do not exist ("
                   + ", ".join(f"[{n}]" for n in dict.fromkeys(check.unknown_sources)) + ")")
    return "; ".join(why)


def connect(settings: Any = None, *, text: bool = True) -> Ownergraph:
    """Connect with the configured or embedded defaults (starts the local Neo4j if needed)."""
    from ownergraph.graph.store.connection import connect as graph_connect
    from ownergraph.retrieval.llm import LLMConfig

    graph = graph_connect(settings)
    retriever = None
    if text:
        try:
            from ownergraph.retrieval.text.disclosures import open_text_retriever

            retriever = open_text_retriever(graph, settings)  # lexical when the model is absent
        except (ImportError, OwnergraphError):
            retriever = None
    return Ownergraph(graph, text=retriever, llm=LLMConfig.from_env())


__all__ = ["Answer", "EntityNotFound", "Ownergraph", "connect"]
