"""Rendering cited context: numbered sources, entities with LEIs, dated edges, verbatim text.

The same numbered sources back the deterministic answer and, with an LLM, the prompt; every
claim in an answer cites one of them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from ownergraph.graph.load.claims import claim_note, is_claim
from ownergraph.domain.vocabulary import EDGE_VERBS
from ownergraph.domain.codes import EdgeType, InterestType


@dataclass(frozen=True)
class Source:
    number: int
    kind: str  # "edge" | "text"
    label: str  # one line a person can check
    document_id: str | None
    entity_keys: tuple[str, ...] = ()
    statement_id: str | None = None
    start: int | None = None  # character offsets of a text source in its document
    end: int | None = None
    text: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _day(v: Any) -> str:
    if v is None:
        return "open"
    s = v.iso_format() if hasattr(v, "iso_format") else str(v)
    s = s[:10]
    return "open" if s.startswith("9999") else ("open" if s.startswith("0001") else s)


def _pct(x: Any) -> str:
    return f"{float(x) * 100:.4g}%"


def stake_text(edge: dict[str, Any]) -> str:
    stake = edge.get("stake")
    lo = edge.get("stake_lo")
    hi = edge.get("stake_hi")
    if isinstance(stake, dict):
        lo, hi = stake.get("lo", lo), stake.get("hi", hi)
    elif isinstance(stake, (list, tuple)) and len(stake) == 2:
        lo, hi = stake
    if lo is None:
        return ""
    if hi is None or abs(float(hi) - float(lo)) < 1e-12:
        return f" {_pct(lo)}"
    return f" {_pct(lo)}–{_pct(hi)}"


def relation_text(edge: dict[str, Any], source: str, target: str) -> str:
    """The edge as an English clause, its figure where the verb puts it: "A owns 72.5% of B",
    "A lends USD 80,000,000 to B", "A guarantees EUR 150,000,000 of B's obligations"."""
    kind = str(edge.get("type"))
    verb = EDGE_VERBS.get(kind, str(edge.get("type", "relates to")).lower())
    amount = ""
    if edge.get("amount") is not None:
        amount = f" {edge.get('currency') or ''} {float(edge['amount']):,.0f}".replace("  ", " ").rstrip()
    figure = f"{stake_text(edge)}{amount}"
    if kind == EdgeType.LENDING:
        return f"{source} lends{figure} to {target}"
    if kind == EdgeType.GUARANTEE:
        return f"{source} guarantees{figure + ' of' if figure else ''} {target}'s obligations"
    if figure and kind == EdgeType.OWNERSHIP and edge.get("interest") == InterestType.VOTING_RIGHTS:
        return f"{source} holds{figure} of the voting rights of {target}"  # votes are not "owns"
    if figure and kind in (EdgeType.OWNERSHIP, EdgeType.HOLDING, EdgeType.CONTROL):
        return f"{source} {verb}{figure} of {target}"
    return f"{source} {verb}{figure} {target}"


def edge_label(edge: dict[str, Any], names: dict[str, str]) -> str:
    """One line a person can check: the relation, both clocks and the source -- for a
    relationship read from document text (graph.claims), "text claim, stated in <document>,
    p. N" with the extractor, its confidence and the sentence, never as a registry's fact."""
    s, t = edge.get("source"), edge.get("target")
    doc = edge.get("document_id") or edge.get("source_record_id") or "no document id"
    source = (f"text claim, {claim_note(edge)}" if is_claim(edge)
              else f"source {edge.get('source_system', '?')}: {doc}")
    return (f"{relation_text(edge, names.get(str(s), str(s)), names.get(str(t), str(t)))}; "
            f"valid {_day(edge.get('valid_from'))} → {_day(edge.get('valid_to'))}; "
            f"known from {_day(edge.get('known_from'))}; {source}")


@dataclass
class Context:
    question: str
    as_of: date
    known_at: str
    entities: dict[str, dict[str, Any]]
    sources: list[Source] = field(default_factory=list)
    result_table: str = ""
    no_relationship: str | None = None
    assumptions: list[str] = field(default_factory=list)
    known_now: bool = False  # no knowledge date was asked: the knowledge clock is the session's now
    today: date | None = None  # the session's day (``ask(today=)``): "today" in an answer's words is this day

    def cite(self, *, statement_id: str | None = None, entity_key: str | None = None) -> list[int]:
        """Numbers of the sources for one edge, or for every edge touching an entity."""
        if statement_id is not None:
            return [s.number for s in self.sources if s.statement_id == statement_id]
        return [s.number for s in self.sources if entity_key in s.entity_keys]

    def render(self) -> str:
        lines = [f"Question: {self.question}",
                 f"Valid time (as of): {self.as_of.isoformat()}; knowledge time (known at): {self.known_at}"]
        if self.assumptions:
            lines.append("Assumptions stated in this session:")
            lines += [f"- {a}" for a in self.assumptions]
        lines.append("Entities:")
        for key, info in sorted(self.entities.items(), key=lambda kv: str(kv[1].get("name"))):
            lei = info.get("lei") or (key if len(key) == 20 and not key.startswith("og:") else None)
            lines.append(f"- {info.get('name', key)}" + (f" (LEI {lei})" if lei else f" (id {key})"))
        if self.no_relationship:
            lines.append(self.no_relationship)
        lines.append("Sources:")
        for s in self.sources:
            lines.append(f"[{s.number}] {s.label}")
        if self.result_table:
            lines += ["Result:", self.result_table]
        return "\n".join(lines)


def build_context(question: str, as_of: date, known_at: str, entities: dict[str, dict[str, Any]],
                  edges: list[dict[str, Any]], sentences: list[dict[str, Any]],
                  result_table: str = "", no_relationship: str | None = None,
                  assumptions: list[str] | None = None) -> Context:
    names = {k: str(v.get("name") or k) for k, v in entities.items()}
    ctx = Context(question, as_of, known_at, entities, result_table=result_table,
                  no_relationship=no_relationship, assumptions=list(assumptions or []))
    n = 0
    for edge in edges:
        n += 1
        keys = tuple(str(k) for k in (edge.get("source"), edge.get("target")) if k)
        ctx.sources.append(Source(n, "edge", edge_label(edge, names), edge.get("document_id"), keys,
                                  edge.get("statement_id"), edge.get("claim_start"), edge.get("claim_end"),
                                  edge.get("claim_quote") if is_claim(edge) else None))
    for sent in sentences:
        n += 1
        ctx.sources.append(Source(
            n, "text", f"\"{sent['text']}\" ({sent['document_id']}, chars {sent['start']}–{sent['end']})",
            sent["document_id"], tuple(sent.get("entity_keys", ())), None, sent["start"], sent["end"],
            sent["text"]))
    return ctx
