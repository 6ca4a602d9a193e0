"""What X owns or controls, directly and through chains ("what does X own", "which companies does
X control", "X's shareholdings", "X subsidiaries").

One question kind (``holdings``), whole: the keyword rule that recognises it, the slot patterns
that find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import HOLDINGS
from ownergraph.retrieval.answer.parts import Parts, cites, code_words, direct_and_declared, pct
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import ADV, END, X
from ownergraph.retrieval.question.work_text import SEP

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before parents ("subsidiaries of X" stays theirs; "X subsidiaries" is here) and owners
PRECEDENCE = 86

RULE = re.compile(
    r"\bwhat\s+(?:else\s+)?(?:does|did|do)\b.{1,80}\b(?:own|hold|control)\b|"
    r"\b(?:which|what)\s+(?:companies|entities|firms|businesses|subsidiaries)\s+(?:does|did|do)\b.{1,80}"
    r"\b(?:own|hold|control)\b|"
    r"\b(?:holdings|shareholdings|portfolio\s+companies|investments)\s+(?:of|held\s+by)\b|"
    r"\bentities\s+in\s+which\b.{1,80}\bholds?\b|\blist\s+the\s+shareholdings\b|"
    rf"^\s*holdings\b|\bsubsidiaries\s*[?{SEP}]*\s*$|\bsubsidiaries\s+(?:as\s+of|on|at)\b|"
    rf"^(?!\s*(?:who|which)\b).*\bowns\s*(?:[\d?{SEP}]|$|on\b|at\b|as\b)|"
    r"'s\s+(?:holdings|shareholdings|subsidiaries|stakes|investments)\b", re.I)

SLOTS = [
    re.compile(rf"\bwhat\s+(?:else\s+)?(?:does|did|do)\s+{X}\s+{ADV}?(?:own|hold|control)\b", re.I),
    re.compile(rf"\b(?:which|what)\s+(?:companies|entities|firms|businesses|subsidiaries)\s+(?:does|did|do)\s+{X}\s+"
               rf"{ADV}?(?:own|hold|control)\b", re.I),
    re.compile(rf"\b(?:holdings|shareholdings|portfolio\s+companies|investments)\s+(?:of|held\s+by)\s+{X}{END}", re.I),
    re.compile(rf"\bentities\s+in\s+which\s+{X}\s+holds?\b", re.I),
    re.compile(rf"^\s*holdings\s+{X}{END}", re.I),
    re.compile(rf"^\s*{X}(?:'s)?\s+(?:direct\s+|indirect\s+|equity\s+)?(?:holdings|subsidiaries|owns)(?:\s+(?:as\s+of|on|at))?{END}", re.I),
    re.compile(rf"\b{X}'s\s+(?:direct\s+|indirect\s+|equity\s+)?(?:holdings|shareholdings|subsidiaries|stakes|investments)\b", re.I),
]
_CONTROL = re.compile(r"\bcontrol(?:s|led)?\b(?!.{0,40}\bown)", re.I)


# control named as the purpose or the kind of a review, not as what is asked: "with stakes, to test
# for control relationships", "for control purposes", "a control assessment"
_PURPOSE = re.compile(r"\b(?:(?:to\s+)?(?:test|check|assess|screen|review)\w*\s+(?:for\s+|of\s+)?(?:any\s+|possible\s+)?|"
                      r"for\s+(?:the\s+)?(?:purposes?\s+of\s+)?)control(?:\s+(?:relationships?|purposes?|tests?|"
                      r"assessments?|analysis|review|checks?))?\b|\bcontrol\s+(?:purposes?|tests?|assessments?|analysis|review|checks?)\b",
                      re.I)


def basis(text: str) -> str:
    """"which companies does X control": what it controls; otherwise what it owns."""
    return "control" if _CONTROL.search(_PURPOSE.sub(" ", text)) else "owned"


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("rows") or d.get("uncounted"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    who: str | list[str] = e[0] if len(e) == 1 else e
    return a.ownership.holdings(who, basis=basis(q.text), max_depth=q.depth or HOLDINGS.hops, **clock)


def _row(p: Parts, r: dict[str, Any]) -> str:
    direct = (f"{pct(r['direct_lo'], r['direct_hi'])} directly" if r.get("direct_lo") is not None
              and r["direct_lo"] == r["direct_lo"] else "")
    effective = pct(r["effective_lo"], r["effective_hi"])
    through = "" if direct and effective == pct(r["direct_lo"], r["direct_hi"]) else f"{effective} effective"
    row = next((x for x in p.result.rows if x.key == r["key"]), None)
    split = next((x for x in map(direct_and_declared, getattr(row, "paths", ()) or ()) if x), None)
    if split:  # the direct link and the source's declared indirect interest it was added to
        direct, through = f"{split[0]} directly, declared indirectly {split[1]}", f"{effective} in all"
    votes = getattr(row, "votes", None)
    voted = (f"{pct(votes.lo, votes.hi)} of the votes" if votes is not None and votes.hi
             and pct(votes.lo, votes.hi) not in (direct.removesuffix(" directly"), effective) else "")
    held = ", ".join(x for x in (direct, through, voted) if x)
    control = {"certainly": ", controlled", "possibly": ", possibly controlled"}.get(r.get("control"), "")
    path = list(row.paths[0].nodes) if row is not None and row.paths else [r["key"]]
    return f"{r['name'] or r['key']} ({held}{control}) {cites(p.ctx, *path)}".rstrip()


MORE = 40  # held entities named, with their effective stake, beyond the rows told in full


def _rest(p: Parts) -> str:
    """The entities beyond the rows told in full, by name and effective stake: a holdings list
    is read for its names, so none is left out of the words up to MORE."""
    rest = p.result.rows[len(p.rows):len(p.rows) + MORE]
    more = len(p.result.rows) - len(p.rows) - len(rest)
    named = ", ".join(f"{r.name or r.key} ({pct(r.effective.lo, r.effective.hi)})" for r in rest)
    return (f"; also {named}" if named else "") + (f" (and {more} more)" if more > 0 else "")


def uncounted(links: Any) -> str:
    """X's control links that confer no control, stated as what they are ("Zenliby Systems SA:
    linked as nominee, not counted as control"), so that a link is never turned into "none"."""
    return "; ".join(f"{r['name'] or r['key']}: linked as {code_words(str(r['control_kind']))}, not counted as control"
                     for r in links or ())


def compose(p: Parts) -> str:
    what = "controls" if p.result.basis == "control" else "owns or controls"
    head = f", at least these (depth limit {p.result.max_depth} reached)" if p.result.depth_limit_reached else ""
    said = "; ".join(_row(p, r) for r in p.rows) + _rest(p) if p.rows else "no shareholding or control counted"
    links = uncounted(getattr(p.result, "uncounted", ()))
    return f"What {p.subject} {what} as of {p.d}{head}: " + said + (f"; {links}" if links else "") + "."


NOTHING = "The graph holds no shareholding or control by {subject} as of {d}."

STRATEGY = KindStrategy(HOLDINGS, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
