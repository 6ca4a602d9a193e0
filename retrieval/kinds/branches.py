"""Branches of X, and the legal entity a branch is part of ("what branches does X have", "what
is X part of", "the head office of X").

One question kind (``branches``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import BRANCHES
from ownergraph.retrieval.answer.parts import Parts, cites
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import END, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# after names (5): "branch" is a word of both only in an entity's name, which is masked by then
PRECEDENCE = 7

# "London Branch" is a name's word: only "branches", "a branch", "branch of" name the kind
RULE = re.compile(r"\bbranches\b|\ba\s+branch\b|\bbranch\s+of\b|\bhead\s+office\b|\bpart\s+of\s*(?:\?|$|[\d␞]|as\b|at\b|on\b)|"
                  r"\bwhat\s+is\s+.{1,80}\s+part\s+of\b|\bof\s+which\s+.{1,80}\s+is\s+a\s+branch\b", re.I)

_TAIL = r"(?=\s*(?:\b(?:at|as|on|have|has|had|today|now|is|was|part)\b|[(,?!;.␞]|$))"
SLOTS = [
    re.compile(rf"\bof\s+which\s+{X}\s+is\s+a\s+branch\b", re.I),
    re.compile(rf"\bwhat\s+(?:is|was)\s+{X}\s+part\s+of\b", re.I),
    re.compile(rf"\bhead\s+office\s+(?:of|for)\s+{X}{_TAIL}", re.I),
    re.compile(rf"\bbranch(?:es)?\s+(?:\w+\s+)?(?:of|for|does)\s+{X}{_TAIL}", re.I),
    re.compile(rf"^\s*branch(?:es)?\s+{X}{_TAIL}", re.I),
    re.compile(rf"^\s*{X}\s+(?:branches|part\s+of|head\s+office)\b", re.I),
    re.compile(rf"\b{X}'s?\s+(?:branches|head\s+office)\b", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("rows"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    return a.structure.branches(e[0], **clock)


def _since(r: dict[str, Any]) -> str:
    start, end = str(r.get("valid_from") or ""), str(r.get("valid_to") or "")
    until = f" until {end}" if end and not end.startswith("9999") else ""  # 9999-12-31: still open
    since = f"since {start}" if start and not start.startswith("0001") else "start not stated"
    return since + until


def _one(r: dict[str, Any], p: Parts) -> str:
    lei = f", LEI {r['lei']}" if r.get("lei") else ""
    return f"{r['name']} ({r.get('jurisdiction') or 'jurisdiction not stated'}{lei}, {_since(r)}) {cites(p.ctx, r['key'])}"


def compose(p: Parts) -> str:
    res = p.result
    said = []
    if res.head_offices:
        said.append(f"{p.subject} is a branch of " + "; ".join(_one(r, p) for r in res.head_offices)
                    + f" as of {p.d}: the same legal entity.")
    if res.branches:
        said.append(f"Branches of {p.subject} as of {p.d}: " + "; ".join(_one(r, p) for r in res.branches) + ".")
    return " ".join(said)


NOTHING = "The graph records no branch of {subject}, and no head office it is a branch of, as of {d}."

STRATEGY = KindStrategy(BRANCHES, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
