"""The shortest path between A and B over the kinds of relationship asked.

One question kind (``path``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import CONTROL_PATH_KINDS, PATH, PATH_KIND_NAMES, PATH_KINDS
from ownergraph.retrieval.answer.hops import path_nodes, path_text
from ownergraph.retrieval.answer.parts import Parts, cites
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import A, ADV, B, END

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before parents and owners ("how is A connected to B")
PRECEDENCE = 80

RULE = re.compile(
    r"\bpaths?\b|\broute\b|\bhow\s+(?:is|are|was|were)\b.{1,80}\b(?:connected|linked|related|tied)\b|"
    r"\b(?:connection|link|relationship|chain)s?\s+(?:between|from)\b|\b(?:is|are)\b.{1,80}\b(?:connected|linked|related)\s+"
    r"(?:to|with)\b|\bconnect(?:s|ed)?\b.{1,80}\b(?:to|with|and)\b", re.I)

SLOTS = [
    re.compile(rf"\bbetween\s+(?P<ab>.+?){END}", re.I),
    re.compile(rf"\bhow\s+(?:is|are|was|were)\s+{A}\s+{ADV}?(?:connected|linked|related|tied)\s+(?:to|with)\s+{B}{END}", re.I),
    re.compile(rf"\b(?:is|are|was|were)\s+{A}\s+{ADV}?(?:connected|linked|related|tied)\s+(?:to|with)\s+{B}{END}", re.I),
    re.compile(rf"\b(?:path|route|chain|connection|link)s?\s+(?:\w+\s+)?from\s+{A}\s+to\s+{B}{END}", re.I),
    re.compile(rf"\b(?:does|do|did)\s+{A}\s+connect\s+(?:to|with)\s+{B}{END}", re.I),
    re.compile(rf"\bconnects?\s+{A}\s+(?:to|with|and)\s+{B}{END}", re.I),
]

# "control path", "ownership chain": the path question is about ownership and control only; any
# other wording ("is X connected to Y", "how is the fund linked to the bank") follows every kind
_CONTROL_PATH_RE = re.compile(
    r"\b(?:ownership|control|controlling|shareholding)\s+(?:path|chain|route|link|connection)s?\b|"
    r"\b(?:path|chain|route|link|connection)s?\s+of\s+(?:ownership|control)\b", re.I)
# the question's own word is owning or controlling: "how does A own B", "through which entities A
# holds or controls B", "own/ctrl", "ownership_control_paths": a chain that follows the edges
_OWNING_RE = re.compile(r"(?:\b|_)(?:own(?:s|ed|ing|ership)?|control(?:s|led|ling)?|ctrl|holds?|held)(?:\b|_)", re.I)


def path_kinds(text: str, channels: Sequence[str] | None = None, names: Sequence[str] = ()) -> tuple[str, ...]:
    """The relationship kinds a path question follows: the channels it names ("via guarantees")
    where they are path kinds, ownership and control for a "control path" or a question whose
    verb is owning or controlling (the words of ``names`` aside), else every kind."""
    named = tuple(c for c in channels or () if c in PATH_KINDS)
    if named:
        return named
    if _CONTROL_PATH_RE.search(text) or owning(text, names):
        return CONTROL_PATH_KINDS
    return PATH_KIND_NAMES


def owning(text: str, names: Sequence[str] = ()) -> bool:
    """Is the question's own word owning or controlling (the words of ``names`` aside:
    "Ownership Holdings Ltd" asks for no kind)."""
    for name in names:
        text = re.sub(re.escape(name), " ", text, flags=re.I)
    return bool(_OWNING_RE.search(text))


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("found"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first). "How does A
    own B" asks for the chain along the edges (A down to B, or B down to A); a connection
    that walks an edge against its direction only where there is no such chain."""
    names = [m.text for m in q.anchors]
    kinds = path_kinds(q.text, q.edge_types, names)
    options = {"max_depth": q.depth or PATH.hops, "kinds": kinds, **clock}
    # "the ownership chain between A and B" is the connection `ownergraph path` gives (one semantics)
    if kinds == CONTROL_PATH_KINDS and owning(q.text, names) and not _CONTROL_PATH_RE.search(q.text):
        chain = a.structure.path(e[0], e[1], directed=True, **options)
        if chain.found:
            return chain
    return a.structure.path(e[0], e[1], **options)


def compose(p: Parts) -> str:
    # one hop per pair of entities (parallel edges on it), so hops = entities - 1
    steps = list(getattr(p.result, "steps", ()) or ())
    if not steps:
        return f"{p.subject} and {p.other} are the same entity."
    word = "control path" if getattr(p.result, "control_only", True) else "path"
    return (f"Shortest {word} between {p.subject} and {p.other} as of {p.d} "
            f"({len(steps)} hop{'s' if len(steps) != 1 else ''}): {path_text(steps)} "
            f"{cites(p.ctx, *path_nodes(steps))}.")


NOTHING = ("No ownership or control path between {subject} and {other} in the graph as of {d}.")

STRATEGY = KindStrategy(PATH, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
