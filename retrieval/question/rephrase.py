"""A question it cannot answer (issue 30): "I read this as: <kind, entities, dates>. I can
answer: <two or three rephrasings that would run>". Each rephrasing is checked by parsing it
back: it must read as its kind with the entities that kind needs, so it would run."""

from __future__ import annotations

from datetime import date

from ownergraph.domain.vocabulary import CONTAGION, CYCLES, EXPOSURE, KINDS, OWNERS, PARENTS, PATH, QUALITY, \
    SANCTIONS_NEAR, STAKE, UNKNOWN
from ownergraph.domain.vocabulary import COUNTERPARTIES, GROUP, HOLDINGS
from ownergraph.retrieval.question.model import Question, parse

__all__ = ["reading", "rephrasings", "cannot_answer_text"]

# per kind, forms the parser reads as that kind ({x}, {y}: entity names; {d}: " as of D" or "")
_ONE = {
    OWNERS.name: "Who owns {x}{d}?",
    CONTAGION.name: "Who is hit if {x} defaults{d}?",
    SANCTIONS_NEAR.name: "Is {x} within two hops of a sanctioned entity{d}?",
    EXPOSURE.name: "What is our exposure to {x}{d}?",
    PARENTS.name: "What is the accounting parent of {x}{d}?",
    CYCLES.name: "Are there any cross-holdings around {x}{d}?",
}
_TWO = {
    STAKE.name: "What is {x}'s stake in {y}{d}?",
    PATH.name: "How is {x} connected to {y}{d}?",
}
_NONE = {
    QUALITY.name: "Are there any data-quality problems{d}?",
    SANCTIONS_NEAR.name: "Which entities are within two hops of a sanctioned party{d}?",
}
_ONE |= {  # issue 30: counterparties, holdings, group
    COUNTERPARTIES.name: "Who lends to {x}{d}?",
    HOLDINGS.name: "What does {x} own{d}?",
    GROUP.name: "Show me {x} and everything it controls{d}.",
}
_ORDER = tuple(_ONE)


def _when(q: Question) -> str:
    return f" as of {q.as_of.isoformat()}" if q.as_of else ""


def _a(words: str) -> str:
    return ("an " if words[:1] in "aeiou" else "a ") + words


def reading(q: Question, names: list[str]) -> str:
    """The kind, entities and dates a question was read with, in words."""
    kind = "a question of no kind I know" if q.pattern == UNKNOWN else _a(f"{q.pattern.replace('_', ' ')} question")
    parts = [kind, ("about " + " and ".join(names)) if names else "naming no entity I could find"]
    clocks = [f"{label} {d.isoformat()}" for label, d in (("as of", q.as_of), ("known at", q.known_at),
                                                          ("from", q.date_from), ("to", q.date_to)) if d]
    parts.append(", ".join(clocks) if clocks else "at no date (today)")
    return ", ".join(parts)


def _candidates(q: Question, names: list[str]) -> list[str]:
    d = _when(q)
    out: list[str] = []
    if len(names) >= 2:
        out += [t.format(x=names[0], y=names[1], d=d) for t in _TWO.values()]
    if names:
        first = [q.pattern] if q.pattern in _ONE else []
        out += [_ONE[k].format(x=names[0], d=d) for k in first + [k for k in _ORDER if k not in first]]
    out += [t.format(d=d) for t in _NONE.values()]
    return out


def _runs(text: str, today: date | None) -> bool:
    """Read back, the rephrasing has a kind and the entities that kind needs."""
    back = parse(text, today=today)
    if back.pattern == UNKNOWN or back.pattern not in KINDS:
        return False
    return len([m for m in back.anchors if m.role != "portfolio"]) >= KINDS[back.pattern].entities


def rephrasings(q: Question, names: list[str], today: date | None = None, n: int = 3) -> list[str]:
    """Up to ``n`` questions that would run, about the entities and dates this one named."""
    good = [t for t in dict.fromkeys(_candidates(q, names)) if _runs(t, today)]
    return good[:n]


def cannot_answer_text(q: Question, names: list[str], why: str, today: date | None = None) -> str:
    said = "; ".join(f'"{t}"' for t in rephrasings(q, names, today))
    return f"I read this as: {reading(q, names)}. {why} I can answer: {said}."
