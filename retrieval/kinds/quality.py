"""The graph's data-quality issues, of all or about X.

One question kind (``quality``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import QUALITY
from ownergraph.retrieval.answer.parts import MAX_ROWS, Parts, cites
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import END, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# first: its words ("shareholdings summing past 100%", "stub entities") would read as other kinds
PRECEDENCE = 10

RULE = re.compile(
    r"\bdata[- ]quality\b|\bquality\s+(?:issues?|problems?|warnings?|checks?|flags?|report)\b|"
    r"\b(?:data|graph)\s+(?:issues?|problems?|errors?|inconsistenc(?:y|ies)|anomal(?:y|ies))\b|"
    r"\b(?:issues?|problems?|errors?|inconsistenc(?:y|ies)|anomal(?:y|ies))\s+(?:in|with|of)\s+(?:the\s+|our\s+)?(?:data|graph)\b|"
    r"\b(?:issues?|problems?|errors?)\s+(?:does|do|did)\s+(?:the\s+|our\s+)?(?:data|graph)\s+(?:have|hold|show)\b|"
    r"\b(?:sum(?:s|med|ming)?|add(?:s|ing)?\s+up|total(?:s|ling)?)\s+(?:to\s+)?(?:more\s+than|over|past|above|beyond)\s+100\s*%|"
    r"\b(?:over|above|more\s+than|past)\s+100\s*%\s+(?:of\s+)?(?:shareholdings?|ownership|owned|held|in\s+total)|"
    r"\bmissing\s+stakes?\b|\bstakes?\s+(?:is\s+|are\s+)?missing\b|\bwithout\s+(?:a\s+)?stakes?\b|"
    r"\bself[- ]hold(?:ings?|s)?\b|\bholds?\s+itself\b|\bstubs?\b|\bdangling\b|"
    r"\b(?:can|should)\s+(?:i|we)\s+(?:trust|rely\s+on)\s+(?:the\s+)?(?:data|graph|figures|numbers)\b", re.I)

SLOTS = [  # optional: the issues about one entity
    re.compile(rf"\b(?:issues?|problems?|warnings?|flags?|errors?|inconsistenc(?:y|ies)|anomal(?:y|ies))\s+"
               rf"(?:(?:that\s+|which\s+)?appl(?:y|ies|ying)\s+to|for|of|about|with|on|concerning|affecting|regarding|"
               rf"around)\s+{X}{END}", re.I),
    re.compile(rf"\b(?:issues?|problems?|warnings?|flags?|errors?)\s+(?:does|do|did|has|have)\s+{X}\s+"
               rf"(?:have|has|had|hold|holds|show|shows|carry|carries|raise)\b", re.I),
    re.compile(rf"\b(?:does|do|did|is|are|has|have)\s+{X}\s+(?:have|has|show|carry|hold|raise)\s+(?:any\s+|a\s+)?"
               rf"(?:data[- ]quality|quality|missing\s+stakes?|dangling|stub|self[- ]holding|issues?|problems?|warnings?)", re.I),
    re.compile(rf"\b(?:is|are)\s+{X}\s+(?:a\s+)?(?:stubs?|dangling|self[- ]held)\b", re.I),
    re.compile(rf"\b{X}'s?\s+(?:data[- ]quality|quality)\s+(?:issues?|problems?|warnings?|flags?)\b", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("issues"))


def run(a: Analytics, q: Question, clock: Clock, anchors: list[str]) -> Any:
    """The graph's data-quality issues at the clock; with a mention, those about that entity."""
    res = a.quality.issues(**clock)
    if not anchors:
        return res
    keys = {a.lookup.entity(m, as_of=clock["as_of"]).key for m in anchors}
    return replace(res, issues=[i for i in res.issues if i["entity_key"] in keys])


def _rarest_kinds_first(issues: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The issues of the rarest kinds first, so that the rows shown name every kind (fifteen
    missing stakes do not hide the three self-holdings); the analytic's order within a kind."""
    counts: dict[str, int] = {}
    for i in issues:
        counts[i["kind"]] = counts.get(i["kind"], 0) + 1
    return sorted(issues, key=lambda i: counts[i["kind"]])


def compose(p: Parts) -> str:
    issues = list(getattr(p.result, "issues", ()) or ())
    counts: dict[str, int] = {}
    for i in issues:
        counts[i["kind"]] = counts.get(i["kind"], 0) + 1
    head = ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in counts.items())
    parts = [f"{i.get('entity_name') or i.get('entity_lei') or i['entity_key']} ({i['kind'].replace('_', ' ')}): "
             f"{i['detail']} {cites(p.ctx, i['entity_key'])}".rstrip() for i in _rarest_kinds_first(issues)[:MAX_ROWS]]
    more = f" (and {len(issues) - MAX_ROWS} more)" if len(issues) > MAX_ROWS else ""
    cut = getattr(p.result, "truncated", ())
    cut_note = f" Row limit reached for {', '.join(cut)}: there are at least these." if cut else ""
    about = "" if p.subject == "the graph" else f" about {p.subject}"
    return (f"Data-quality issues{about} as of {p.d}: {len(issues)} ({head}). " + "; ".join(parts) + more + "."
            + cut_note)


NOTHING = ("No data-quality issue (shareholder totals over 100%, missing stakes, self-holdings, stubs, "
                  "dangling references) for {subject} as of {d}.")

STRATEGY = KindStrategy(QUALITY, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
