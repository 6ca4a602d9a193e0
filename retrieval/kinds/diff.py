"""What changed in the ownership and control of X between two dates.

One question kind (``diff``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import DIFF, edge_verb
from ownergraph.retrieval.answer.parts import MAX_ROWS, Parts, cites, code_words, stake_change
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import END, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before the kinds whose subject it changes ("how did the ownership of X change")
PRECEDENCE = 20

RULE = re.compile(
    r"\bwhat\b.{0,40}\bchang|\bchang(?:e|ed|es|ing)\b.{0,80}\b(?:between|since|from|over)\b|"
    r"\bhow\s+(?:did|has|have|does|do)\b.{0,80}\bchang|\bchanges?\s+(?:in|to|of)\b|\bdiff\b|"
    r"\bdifferences?\b|\bcompare\b|\bcompared\b|\bevolv|\bevolution\b|\bhistory\s+of\b", re.I)

SLOTS = [
    re.compile(rf"\b(?:ownership|control|shareholders?|owners?|structure|ownership\s+structure|control\s+structure|"
               rf"shareholding|parents?|holdings?|exposure)\s+(?:of|at|in|for|around)\s+{X}{END}", re.I),
    re.compile(rf"\b{X}'s?\s+(?:\w+\s+)?(?:ownership|control|structure|owners|shareholders|parents?|shareholding)\b", re.I),
    re.compile(rf"\bhow\s+(?:did|has|have)\s+{X}\s+(?:\w+\s+){{0,2}}chang", re.I),
    re.compile(rf"\bchanged?\s+(?:for|at|in|about|around|with)\s+{X}{END}", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("edges") or d.get("events"))


def run(a: Analytics, q: Question, clock: Clock, anchors: list[str]) -> Any:
    start = q.date_from or date(date.today().year - 1, 1, 1)
    return a.history.diff(anchors[0], start, q.date_to or clock["as_of"], known_at=clock["known_at"])


def compose(p: Parts) -> str:
    merged = _merged(p.frame.to_dict("records")) if len(p.frame) else _merged(p.rows)  # merged first, then cut and counted
    more = f" (and {len(merged) - MAX_ROWS} more)" if len(merged) > MAX_ROWS else ""
    parts = [f"{r['change']}: {r['source_name']} {edge_verb(str(r['type']))} {r['target_name']} "
             f"({_figures(r)}caused by {r.get('cause_document_id') or r.get('cause_action_id') or 'no document'}) "
             f"{cites(p.ctx, r['source'], r['target'])}".rstrip() for r in merged[:MAX_ROWS]]
    text = f"Changes in the ownership and control of {p.subject}: " + "; ".join(parts) + more + "." if parts else ""
    events = list(getattr(p.result, "events", ()) or ())
    if events:
        key = getattr(getattr(p.result, "entity", None), "key", None)
        cite = cites(p.ctx, key) if key else ""
        cite = f" {cite}" if cite else ""
        text += (" " if text else "") + f"Events of {p.subject} in the period: " + "; ".join(
            _event_words(e) for e in events[:MAX_ROWS]) + cite + "."
    return text


# what makes two rows one change, but for the interest they measure (shares, votes)
_SAME_CHANGE = ("change", "type", "source", "target", "stake_before", "stake_after", "cause_document_id", "cause_action_id")


def _merged(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows that differ only in their interest (the shares and the votes changed alike) as one
    row with both interests, in the order first seen."""
    out: dict[tuple[str, ...], dict[str, Any]] = {}
    for i, r in enumerate(rows):
        key = tuple(str(r.get(k)) for k in _SAME_CHANGE)
        interest = r.get("interest") if isinstance(r.get("interest"), str) else None  # a frame's NaN is none
        same = out.get(key)
        if same is not None and interest is not None and interest not in same["interests"]:
            same["interests"].append(interest)
            continue
        out[key if same is None else (*key, str(i))] = {**r, "interests": [interest]}
    return list(out.values())


def _figures(r: dict[str, Any]) -> str:
    """A stake change where the relationship carries stakes ("60% → none; "), named by its
    interests where it is not the shares alone ("shareholding and voting rights 60% → 75%; ");
    else nothing."""
    if r.get("stake_before") is None and r.get("stake_after") is None:
        return ""
    said = [i for i in r.get("interests") or [] if i]
    named = " and ".join(code_words(i) for i in said) + " " if len(said) > 1 or said[:1] == ["voting_rights"] else ""
    return f"{named}{stake_change(r.get('stake_before'), r.get('stake_after'))}; "


def _event_words(e: dict[str, Any]) -> str:
    """One registry event: type, status, effective vs recorded date, group, old -> new."""
    when = f"effective {e['effective']}" + (f", recorded {str(e['recorded'])[:10]}" if e.get("recorded") else "")
    group = f", group {code_words(e['group_type'])}" + (f" {e['group_id']}" if e.get("group_id") else "") if e.get("group_type") else ""
    changes = "; ".join(f"{code_words(c['field'])} {c.get('old') or '(not stated)'} → "
                        f"{c.get('new') or '(not stated)'}" for c in e.get("changes") or [])
    status = f" ({code_words(e['status'])})" if e.get("status") else ""
    return f"{code_words(e['type'])}{status} {when}{group}" + (f": {changes}" if changes else "")


NOTHING = ("No change in the ownership or control of {subject} between those dates.")

STRATEGY = KindStrategy(DIFF, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
