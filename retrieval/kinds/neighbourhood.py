"""Everything within N hops of X over chosen kinds of relationship ("the network of X to one
hop", "what is within two hops of X over ownership and control links").

One question kind (``neighbourhood``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import GUARANTEE, LENDING, NEIGHBOURHOOD, OWNERSHIP, PATH_KIND_NAMES
from ownergraph.retrieval.answer.hops import edge_text
from ownergraph.retrieval.answer.parts import MAX_ROWS, Parts, cites
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import ANY_LINK, END, X
from ownergraph.retrieval.question.work_text import SEP

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# after sanctions_near ("within 2 hops of a sanctioned entity" is about sanctions) and screening
PRECEDENCE = 45

_HOPS = r"(?:hops?|steps?|degrees?|links?|levels?)"
RULE = re.compile(
    rf"\bneighbou?rhood\b|\bnetwork\s+(?:of|around)\b|"
    # "within N hops", unless the question asks what X owns, controls or holds (holdings, with a depth)
    rf"^(?!.*\b(?:does|do|did)\b.{{0,60}}\b(?:own|control|hold)\b)(?=.*\bwithin\s+(?:\w+[- ])?{_HOPS}\b)|"
    rf"\b(?:everything|anything|all\s+entities|entities|who|what)\b.{{0,40}}\b(?:around|surrounding|adjacent\s+to)\b|"
    rf"\b(?:\w+[- ])?{_HOPS}\s+(?:around|out\s+from|away\s+from)\b|\bego\s+(?:graph|network)\b", re.I)

_TAIL = rf"(?=\s*(?:\b(?:at|as|on|in|over|via|through|by|taking|to\s+a|within|with|across|using|\d)\b|[(,?!;{SEP}]|$))"
SLOTS = [
    re.compile(rf"\b(?:within|to)\s+(?:\w+[- ])?{_HOPS}\s+(?:of|from|around)\s+{X}{_TAIL}", re.I),
    re.compile(rf"\b(?:network|neighbou?rhood|surroundings)\s+(?:of|around)\s+{X}{_TAIL}", re.I),
    re.compile(rf"^\s*(?:neighbou?rhood|network)\s+(?:of\s+)?{X}\s+(?:\w+[- ])?{_HOPS}\b", re.I),
    re.compile(rf"^\s*{X}\s+within\s+(?:\w+[- ])?{_HOPS}\b", re.I),
    re.compile(rf"\b(?:around|surrounding)\s+{X}{END}", re.I),
    re.compile(rf"\b{X}'s\s+(?:immediate|direct)\s+(?:connections?|links?|ties|neighbou?rs?|relationships?)\b", re.I),
    # the hop count ("within two hops of") is consumed by then: the name follows or precedes its mark
    re.compile(rf"\b(?:what|who|entities|everything|anything|all)(?:\s+(?:is|are|lies?))?\s*{SEP}+\s*{X}{_TAIL}", re.I),
    re.compile(rf"\b(?:of|around|from)\s*{SEP}+\s*{X}{_TAIL}", re.I),
    re.compile(rf"^\s*(?:neighbou?rhood\s+(?:of\s+)?)?{X}\s*{SEP}", re.I),
]

# the words that name each path kind in a question (a name's own words are removed first); the
# channels' names are the path kinds' names for the edges they share
_KIND_WORDS = {
    OWNERSHIP.name: r"\bown(?:s|ed|ership|er|ers)?\b|\bshareholdings?\b|\bstakes?\b",
    "control": r"\bcontrol(?:s|led|ling|lers?)?\b",
    "consolidation": r"\bconsolidat\w*|\baccounting\s+parents?\b",
    "fund": r"\bfunds?\b|\b(?:fund|investment|asset)\s+managers?\b|\bumbrella\b",  # not a relationship manager
    "branch": r"\bbranch(?:es)?\b|\bhead\s+office\b",
    GUARANTEE.name: r"\bguarant\w*",
    LENDING.name: r"\blend\w*|\bloans?\b|\bborrow\w*|\bcredit\b",
    "association": r"\bfamil(?:y|ies)\b|\bassociat(?:es?|ions?)\b|\brelatives?\b|\bspouses?\b",
}
_ALL = re.compile(rf"{ANY_LINK}|\ball\s*$|\ball\s+\d", re.I)


def kinds_asked(q: Question) -> tuple[str, ...]:
    """The relationship kinds the question names; every kind when it names none (or "any kind")."""
    text = q.text
    for m in q.anchors:  # "Nordkap Baltic Opportunities Fund" names no fund relationship
        text = re.sub(re.escape(m.text), " ", text, flags=re.I)
    if _ALL.search(text):
        return PATH_KIND_NAMES
    named = tuple(k for k, rx in _KIND_WORDS.items() if re.search(rx, text, re.I))
    return named or PATH_KIND_NAMES


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("rows"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    hops = q.depth if q.depth else NEIGHBOURHOOD.hops
    return a.structure.neighbourhood(e[0], hops, kinds=kinds_asked(q), **clock)


def edge_sentence(e: dict[str, Any]) -> str:
    """One edge as a sentence from its source: "Harbourline Holdings PLC owns 72.5% of the shares of
    Harbourline Shipping Limited", "Granite Bank AG lends USD 80,000,000 to Harbourline Shipping Limited"."""
    src, dst = e.get("source_name") or e.get("source"), e.get("target_name") or e.get("target")
    said = edge_text(e)
    if said.startswith(("owns", "holds")):  # "owns 72.5% of the shares of", "owns 100% of"
        return f"{src} {said} of {dst}"
    if said.startswith("lends "):
        return f"{src} {said} to {dst}"
    if said.startswith("guarantees ") and said != "guarantees":
        return f"{src} {said} for {dst}"
    if said.endswith(")"):  # "controls (board appointment)"
        verb, _, why = said.partition(" (")
        return f"{src} {verb} {dst} ({why}"
    return f"{src} {said} {dst}"


def via(r: dict[str, Any]) -> str:
    """How a neighbour is linked to the entity one hop nearer X, every edge of that hop."""
    return "; ".join(dict.fromkeys(edge_sentence(e) for e in r.get("edges") or []))


def compose(p: Parts) -> str:
    res = p.result
    hops = getattr(res, "hops", 1)
    kinds = "every kind of relationship" if tuple(res.kinds) == PATH_KIND_NAMES else " and ".join(res.kinds) + " links"
    parts = [f"{r['name']} ({r['distance']} hop{'s' if r['distance'] != 1 else ''}: {via(r)}) "
             f"{cites(p.ctx, r['key'])}".replace(" )", ")") for r in list(res.rows)[:MAX_ROWS]]
    tail = (f" More entities lie beyond {hops} hop{'s' if hops != 1 else ''}; ask for more hops to see them."
            if res.more_beyond else "")
    return (f"Within {hops} hop{'s' if hops != 1 else ''} of {p.subject} over {kinds} as of {p.d}: "
            + "; ".join(parts) + p.more + "." + tail)


NOTHING = "Nothing is linked to {subject} over the kinds of relationship asked in the graph as of {d}."

STRATEGY = KindStrategy(NEIGHBOURHOOD, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
