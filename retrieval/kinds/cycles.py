"""Cross-holdings and circular ownership around X.

One question kind (``cycles``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import CYCLES
from ownergraph.retrieval.answer.parts import Parts, cites
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import END, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before owners ("cross-holdings" and "own each other")
PRECEDENCE = 70

RULE = re.compile(
    r"\bcross[- ]?(?:holdings?|shareholdings?|ownership)|\bcircular|\bcycles?\b|\bloops?\b|\bmutual(?:ly)?\s+"
    r"(?:own|hold|held|owned|ownership)|\bown\s+each\s+other|\breciprocal|\bstrongly\s+connected|"
    r"\brelated\s+part(?:y|ies)\b|\bowns?\s+(?:it|itself)\b.{0,20}\bback\b", re.I)

SLOTS = [
    re.compile(rf"\bbetween\s+(?P<ab>.+?){END}", re.I),
    re.compile(rf"\b(?:does|do|did|is|are)\s+{X}\s+(?:have|has|involved\s+in|part\s+of|in)\s+(?:any\s+|a\s+)?"
               rf"(?:circular|cross|cycles?|loops?|reciprocal|mutual)", re.I),
    re.compile(rf"\b(?:around|involving|of|for|in|at|including|touching|with)\s+{X}{END}", re.I),
    re.compile(rf"\b{X}'s?\s+(?:cross[- ]?holdings?|circular|cycles?|related\s+part)", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("components"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    return a.structure.cycles(e[0], **clock)


def compose(p: Parts) -> str:
    comps = p.frame.groupby("component")
    parts = [f"component {c}: " + ", ".join(sorted(set(g['source_name']) | set(g['target_name'])))
             + " " + cites(p.ctx, *g["source"].tolist()) for c, g in comps]
    return f"Cross-holdings around {p.subject} as of {p.d}: " + "; ".join(parts) + "."


NOTHING = ("No cross-holdings around {subject} in the graph as of {d}.")

STRATEGY = KindStrategy(CYCLES, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
