"""Who owns or controls X (beneficial owners, UBOs, PSCs, controllers; is X blocked).

One question kind (``owners``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import DEFAULT_RULE, OWNERS
from ownergraph.retrieval.answer.parts import Parts, cites, held, row_paths
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy, interest
from ownergraph.retrieval.question.slots import A, ADV, B, END, VOTES, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# last: its words (own, control, shareholders) occur in most questions
PRECEDENCE = 100

RULE = re.compile(
    r"\bbeneficial(?:ly)?\s+own|\bubos?\b|\bwho\b.{0,30}\b(?:own(?:s|ed)?|control(?:s|led)?|(?:is|was)\s+behind|stands?\s+behind|"
    r"holds?|held|ha[sd]\s+control|pulls?\s+the\s+strings)\b|\bowners?\b|\bcontrollers?\b|\bshareholders?\b|"
    r"\bownership\b|\bcontrolled\s+by\s+whom\b|\bowned\s+by\s+whom\b|\bwho\s+(?:is|are)\s+.{1,60}\s+(?:owned|controlled)\s+by\b|"
    r"\b(?:is|are|was|were)\b.{1,80}\b(?:owned|controlled)\s+by\b|"
    r"\bblocked\b|\bofac\b|\bpscs?\b|\bsignificant\s+control\b|\bcontrolling\s+(?:person|party|parties|interest)\b", re.I)

SLOTS = [
    re.compile(rf"\b(?:is|are)\s+{X}\s+(?:blocked|sanctioned\s+by\s+ownership)\b", re.I),
    re.compile(rf"\b(?:beneficial\s+owners?|ubos?|owners?|controllers?|shareholders?|ownership(?:\s+(?:structure|chain|tree))?|"
               rf"control(?:ling)?\s+(?:structure|persons?|parties|party|interests?)|pscs?|persons?\s+with\s+significant\s+control|"
               rf"controlling\s+shareholders?)\s+(?:of|for|in|behind|at)\s+{X}{END}", re.I),
    re.compile(rf"\bwho\s+{ADV}?(?:holds?|held|ha[sd]|have|controls?|controlled|owns?)\s+(?:the\s+|a\s+|any\s+)?"
               rf"(?:majority\s+of\s+(?:the\s+)?)?{VOTES}\s+(?:in|of|at)\s+{X}{END}", re.I),
    re.compile(rf"\bwho\s+{ADV}?(?:own(?:s|ed)?|control(?:s|led)?|(?:is|was)\s+behind|stands?\s+behind|holds?|held|ha[sd]\s+control\s+(?:of|over)|"
               rf"pulls?\s+the\s+strings\s+(?:at|of|in))\s+{X}{END}", re.I),
    re.compile(rf"\bwho\s+(?:is|are|was|were)\s+{X}\s+{ADV}?(?:owned|controlled|held)\s+by\b", re.I),
    re.compile(rf"^(?:\W*)(?:is\s+)?{X}\s+(?:is\s+)?{ADV}?(?:owned|controlled)\s+by\s+(?:whom|who)\b", re.I),
    re.compile(rf"\b(?:is|are|was|were)\s+{A}\s+{ADV}?(?:(?:majority|wholly|partly|fully|jointly)[- ])?(?:owned|controlled|held)\s+by\s+{B}{END}", re.I),
    re.compile(rf"\b{X}'s?\s+(?:\w+\s+)?(?:ubos?|owners|owner|beneficial\s+owners?|shareholders|controllers|ownership)\b", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("rows"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    return a.ownership.owners(e[0], rule=q.rule or DEFAULT_RULE,
        max_depth=q.depth or OWNERS.hops, **interest(q), **clock)


def compose(p: Parts) -> str:
    rule = getattr(p.result, "rule", "")
    paths = row_paths(p.result)
    parts = [f"{r['name']} {held(r, p.result)} ({r.get('status')}"
             f"{', natural person' if r.get('is_natural_person') else ''}"
             f"{', ultimate' if r.get('is_ultimate') else ''}) "
             f"{cites(p.ctx, *paths.get(r['key'], [r['key']]))}"
             for r in p.rows]
    limited = getattr(p.result, "depth_limit_reached", False)
    head = f"at least these (depth limit {p.result.max_depth} reached)" if limited else ""
    return (f"Owners and controllers of {p.subject} under rule {rule} as of {p.d}{', ' + head if head else ''}: "
            + "; ".join(parts) + p.more + ".")


NOTHING = ("No owner or controller of {subject} meets the rule in the graph as of {d}.")

STRATEGY = KindStrategy(OWNERS, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
