"""X and everything it controls ("X's group", "the undertakings under the control of X and Y",
"X and all entities controlled by it, directly or indirectly").

One question kind (``group``), whole: the keyword rule that recognises it, the slot patterns
that find its mentions, the analytic it runs (``controlled_by`` under the one control notion),
the test of whether that found something, the composer of its answer and its sentence when the
graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import GROUP
from ownergraph.retrieval.answer.parts import Parts, cites, pct
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import END, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# after exposure ("our exposure to X and the entities it controls") and counterparties
PRECEDENCE = 64

_ALL = r"(?:everything|all\s+(?:the\s+)?(?:entities|companies|undertakings|subsidiaries)|all|the\s+(?:entities|companies))"
RULE = re.compile(
    rf"\band\s+{_ALL}\s+(?:that\s+|which\s+)?(?:it|he|she|they)\s+controls?\b|"
    rf"\band\s+{_ALL}\s+controlled\s+by\s+(?:it|him|her|them)\b|"
    r"\band\s+(?:all\s+)?(?:of\s+)?(?:its|their|his|her)\s+controlled\s+(?:undertakings|entities|companies|subsidiaries)\b|"
    r"\bundertakings\s+under\s+the\s+control\s+of\b|\bgroup\s+comprising\b|"
    r"^\s*group\s+(?!head\b)|\b(?:whole|entire|corporate)\s+group\s+of\b", re.I)

_AND = r"\s+and\s+" + _ALL
SLOTS = [
    re.compile(rf"\bgroup\s+comprising\s+{X}\s+and\s+(?:its|their|his|her)\b", re.I),
    # "under the control of A and B": two persons acting together (both mentions, one group)
    re.compile(rf"\bundertakings\s+under\s+the\s+control\s+of\s+(?P<ab>.+?\s+and\s+.+?){END}", re.I),
    re.compile(rf"\bundertakings\s+under\s+the\s+control\s+of\s+{X}{END}", re.I),
    re.compile(rf"^\s*group\s+{X}{END}", re.I),
    re.compile(rf"^\s*(?:show\s+me\s+|identify\s+|list\s+|give\s+me\s+)?{X}(?:{_AND}|\s+and\s+(?:its|their|his|her)"
               rf"\s+controlled)\b", re.I),
    re.compile(rf"\b(?:whole|entire|corporate)\s+group\s+of\s+{X}{END}", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return any(r.get("status") != "not" for r in d.get("rows", ()))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first; several
    mentions are one group acting together)."""
    who: str | list[str] = e[0] if len(e) == 1 else e
    return a.ownership.group(who, max_depth=q.depth or GROUP.hops, **clock)


def _row(p: Parts, r: dict[str, Any]) -> str:
    row = next((x for x in p.result.rows if x.key == r["key"]), None)
    links = [k for s in getattr(row, "contributions", ()) or () for k in (s.source, s.target)]
    how = "possibly controlled" if r.get("status") == "possibly" else "controlled"
    held = pct(r.get("measure_lo"), r.get("measure_hi"))  # held by the group and what it controls
    return f"{r['name'] or r['key']} ({how}, {held} held within the group) {cites(p.ctx, *links or [r['key']])}".rstrip()


def compose(p: Parts) -> str:
    rows = [r for r in p.rows if r.get("status") != "not"]
    n = sum(1 for r in p.result.rows if r.status != "not")
    names = " and ".join(x for x in p.result.controller_names if x) or p.subject
    they = "they control" if len(p.result.controllers) > 1 else "it controls"
    head = f", at least these (depth limit {p.result.max_depth} reached)" if p.result.depth_limit_reached else ""
    entities = "entity" if n == 1 else "entities"
    return (f"The group of {names} as of {p.d}{head}: {names} and the {n} {entities} {they}: "
            + "; ".join(_row(p, r) for r in rows) + _rest(p, {r["key"] for r in rows}) + ".")


MORE = 60  # controlled entities named beyond the rows told in full


def _rest(p: Parts, told: set[str]) -> str:
    """The rest of the group by name: a group is read for its members, so none is left out of the
    words up to MORE."""
    rest = [r for r in p.result.rows if r.status != "not" and r.key not in told]
    named = ", ".join(f"{r.name or r.key}{' (possibly)' if r.status == 'possibly' else ''}" for r in rest[:MORE])
    return (f"; also {named}" if named else "") + (f" (and {len(rest) - MORE} more)" if len(rest) > MORE else "")


NOTHING = "The graph holds nothing that {subject} controls as of {d}: the group is {subject} alone."

STRATEGY = KindStrategy(GROUP, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
