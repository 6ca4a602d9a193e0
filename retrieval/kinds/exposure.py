"""Our book's exposure to X, or to anything a person, family or group controls.

One question kind (``exposure``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pandas as pd

from ownergraph.domain.vocabulary import EXPOSURE
from ownergraph.retrieval.answer.parts import Parts, cites, money
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import END, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before owners ("our holdings in anything X owns")
PRECEDENCE = 60

RULE = re.compile(
    r"\bexposures?\b|\bexposed\s+to\b|\bhow\s+much\s+(?:do|does|did|have)\s+(?:we|our|i|the\s+bank|the\s+fund)\b|"
    r"\bour\s+(?:holdings|positions|book|loans|lending|investments)\b|\bwhat\s+do\s+we\s+(?:hold|own|lend)\b|"
    r"\b(?:we|i)\s+(?:hold|own|lend)\b|"
    # the same asked inside a request ("let me know how much we have lent to or invested in X")
    r"\bhow\s+much\s+(?:we|i)\s+(?:have\s+|had\s+)?(?:lent|hold|held|own|invested|lend)\b", re.I)

SLOTS = [
    re.compile(rf"\b(?:exposures?|exposed)\s+(?:\w+\s+)?(?:to|on|against)\s+{X}{END}", re.I),
    re.compile(rf"\b(?:hold|own|lend|lent|invest(?:ed)?|have)\s+(?:\w+\s+)?(?:in|to|on)\s+(?!(?:its|our|the|their)\s+books?\b){X}{END}", re.I),
    re.compile(rf"\b(?:holdings?|positions?|loans?|investments?|lending|stakes?|interests?)\s+(?:in|to)\s+{X}{END}", re.I),
    # "what the bank had on its book (as at D) against X", "our total holding (at D) across X and its subs"
    re.compile(rf"\b(?:books?|holdings?|positions?)\s+(?:[^.?!;\ue000]{{0,60}}?\s)?(?:against|across)\s+{X}"
               r"(?=\s+(?:and|plus|\+|&)\s+(?:its|their|every|all|each|the)\b|\s*[?!;,\u241e]|\s*$)", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("positions"))


def run(a: Analytics, q: Question, clock: Clock, anchors: list[str]) -> Any:
    group = [m.text for m in q.anchors if m.role in ("subject", "group", "object")] or anchors
    who: str | list[str] = group[0] if len(group) == 1 else group
    return a.exposure.of(who, portfolio=q.portfolio, max_depth=q.depth or EXPOSURE.hops, **clock)


def compose(p: Parts) -> str:
    totals = p.result.totals() if hasattr(p.result, "totals") else pd.DataFrame()
    tot = "; ".join(f"{money(t['amount'], t['currency'])}" for t in totals.to_dict("records"))
    parts = [f"{r['portfolio']} holds {money(r['amount'], r['currency'])} of {r['instrument']} "
             f"issued by {r['issuer_name']} (controlled via {r.get('controller_name') or 'direct'}, "
             f"{r.get('control_status')}) {cites(p.ctx, r['issuer'], r.get('controller'))}" for r in p.rows]
    return f"Exposure to {p.subject} as of {p.d}: {tot}. Positions: " + "; ".join(parts) + p.more + "."


NOTHING = ("No position in our book faces anything {subject} controls as of {d}.")

STRATEGY = KindStrategy(EXPOSURE, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
