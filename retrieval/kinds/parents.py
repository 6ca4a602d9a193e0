"""X's accounting parents (direct, ultimate, reporting exceptions) or children.

One question kind (``parents``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.codes import exception_reasons_text
from ownergraph.domain.vocabulary import PARENTS
from ownergraph.retrieval.answer.parts import Parts, cites
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import ADV, END, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before owners ("the parent of X")
PRECEDENCE = 90

RULE = re.compile(
    r"\bparents?\b|\b(?:subsidiar(?:y|ies)|children|child\s+(?:entities|companies))\s+(?:of|does|do|has)\b|\bholding\s+company\s+of\b|\bconsolidat|\breporting\s+exceptions?\b|"
    r"\bgroup\s+head\b|\btop(?:most)?\s+(?:entity|company)\s+of\b|\bwhich\s+group\s+(?:does|is)\b|"
    r"\b(?:what|which|any)\s+exceptions?\s+(?:does|do|did|has|have)\b", re.I)

SLOTS = [
    re.compile(rf"\b(?:(?:direct|ultimate|accounting|consolidated)\s+)?(?:subsidiar(?:y|ies)|children|child\s+"
               rf"(?:entities|companies))\s+(?:of|for)\s+{X}{END}", re.I),
    re.compile(rf"\b(?:subsidiar(?:y|ies)|children|child\s+(?:entities|companies))\s+(?:does|do|has|have)\s+{X}\s+"
               rf"(?:have|has|own|consolidate)\b", re.I),
    re.compile(rf"\b(?:parents?|parent\s+(?:company|companies|entity|entities)|holding\s+company|group\s+head|"
               rf"top(?:most)?\s+(?:entity|company)|reporting\s+exceptions?|consolidating\s+(?:entity|parent))"
               rf"\s+(?:of|for|above)\s+{X}{END}", re.I),
    re.compile(rf"\b{X}'s?\s+(?:\w+\s+)?(?:parents?|parent\s+company|holding\s+company|reporting\s+exceptions?)\b", re.I),
    # "what reporting exceptions does X have", "does X report any reporting exception"
    re.compile(rf"\b(?:reporting\s+)?exceptions?\s+(?:does|do|did|has|have|had)\s+{X}\s+{ADV}?"
               rf"(?:have|has|had|report(?:ed)?|file[ds]?|declare[ds]?|state[ds]?|give[ns]?|list|lodge[ds]?)\b", re.I),
    re.compile(rf"\b(?:does|do|did|has|have|had)\s+{X}\s+(?:have|has|report(?:ed)?|file[ds]?|declare[ds]?|"
               rf"state[ds]?|lodge[ds]?)\s+(?:any\s+|a\s+|an\s+)?(?:\w+\s+)?reporting\s+exceptions?\b", re.I),
    re.compile(rf"\bwhy\s+(?:is|are|was|does|do|did|has|have)\s+(?:there\s+)?no\s+(?:\w+\s+)?parent\s+"
               rf"(?:\w+\s+)?(?:for|of)\s+{X}{END}", re.I),
    re.compile(rf"\bwhy\s+(?:does|do|did|has|have|is|are)\s+{X}\s+(?:have|has|report|reporting|list|show)?\s*"
               rf"no\s+(?:\w+\s+)?parent", re.I),
    re.compile(rf"\bwho\s+{ADV}?(?:consolidates|is\s+consolidating)\s+{X}{END}", re.I),
    re.compile(rf"\b(?:is|are|was)\s+{X}\s+{ADV}?consolidated\s+(?:by|into|in)\b", re.I),
    re.compile(rf"\bwhich\s+group\s+(?:does|is)\s+{X}\s+(?:belong|part|in)", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return any(d.get(level) for level in ("direct", "ultimate"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    if "children" in q.modifiers:
        return a.structure.children(e[0], **clock)
    return a.structure.parents(e[0], **clock)


_LEI = re.compile(r"[A-Z0-9]{18}[0-9]{2}")


def compose(p: Parts) -> str:
    if hasattr(p.result, "partial"):  # the children of X (graph.analytics.children)
        return _children(p)
    parts = []
    for r in p.rows:
        if r["status"] == "reported":
            standard = r.get("accounting_standard")
            under = f" under {standard}" if isinstance(standard, str) and standard.strip() else ""
            lei = f" (LEI {r['parent']})" if _LEI.fullmatch(str(r.get("parent") or "")) else ""
            parts.append(f"{r['level']} parent {r['parent_name']}{lei} from {r['valid_from']}{under} "
                         f"{cites(p.ctx, r['parent'])}")
        elif r["status"] == "exception":
            parts.append(f"{r['level']} parent not reported ({exception_reasons_text(r)})")
        else:
            parts.append(f"no {r['level']} parent and no reporting exception reported")
    return f"Accounting parents of {p.subject} as of {p.d}: " + "; ".join(parts) + "."


NAMED = 40  # children named in the words, as for a holdings list


def _named(child: dict) -> bool:
    name = child.get("source_name")
    return bool(name) and not _LEI.fullmatch(str(name))


def _children(p: Parts) -> str:
    """X's accounting children per level; a list the source gave in part says so."""
    parts = []
    for lv in (p.result.direct, p.result.ultimate):
        # a list is read for its names: the named children first, every one up to NAMED, then the
        # ones the graph knows only by their LEI
        told = sorted(lv.children, key=lambda c: not _named(c))[:NAMED]
        names = ", ".join(f"{c['source_name'] or c['source']}" for c in told)
        more = f" (and {len(lv.children) - len(told)} more)" if len(lv.children) > len(told) else ""
        cited = cites(p.ctx, p.result.entity.key)
        if lv.children:
            parts.append(f"{lv.level} ({len(lv.children)}{'+' if lv.partial else ''}): {names}{more}" + (f" ({lv.note}: the list is partial)" if lv.partial else "")
                         + (f" {cited}" if cited else ""))
        elif lv.partial:
            parts.append(f"{lv.level}: none among the pages read ({lv.note}: the list is partial)")
    if not parts:
        return f"No accounting child of {p.subject} is reported in the graph as of {p.d}."
    return f"Accounting children of {p.subject} as of {p.d}: " + "; ".join(parts) + "."


NOTHING = ("No accounting parent of {subject} is reported in the graph as of {d}.")

STRATEGY = KindStrategy(PARENTS, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
