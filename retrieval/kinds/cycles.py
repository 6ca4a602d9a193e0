"""Cross-holdings and circular ownership around X.

One question kind (``cycles``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.codes import EdgeType
from ownergraph.domain.vocabulary import CYCLES
from ownergraph.retrieval.answer.hops import edge_text
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
    """The analytic, at the question's clock (``e``: resolved mentions, subject first; none:
    every cross-holding of the graph)."""
    return a.structure.cycles(e[0] if e else None, **clock)


def _edges(g: Any) -> str:
    """Who holds whom inside one component, with the figures ("Alpha Corp Ltd owns 100% of the
    shares of Beta Corp Ltd")."""
    def one(r: dict[str, Any]) -> str:
        said = edge_text(r)
        joint = " of " if r.get("type") == EdgeType.OWNERSHIP and ("%" in said or said.endswith("interest")) else " "
        return f"{r['source_name']} {said}{joint}{r['target_name']}"
    return "; ".join(one(r) for r in g.to_dict("records"))


def compose(p: Parts) -> str:
    comps = p.frame.groupby("component")
    parts = [f"component {c}: " + ", ".join(sorted(set(g['source_name']) | set(g['target_name'])))
             + f" ({_edges(g)}) " + cites(p.ctx, *g["source"].tolist()) for c, g in comps]
    where = "in the graph" if p.subject == "the graph" else f"around {p.subject}"
    return f"Cross-holdings {where} as of {p.d}: " + "; ".join(parts) + "."


NOTHING = ("No cross-holdings around {subject} in the graph as of {d}.")

STRATEGY = KindStrategy(CYCLES, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
