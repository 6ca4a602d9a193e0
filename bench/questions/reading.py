"""Was a question read right? Its kind, its anchors resolved to the expected entities (each side
resolved in the graph, so "Harbourline Shpping" and "Harbourline Shipping Limited" compare as
the same entity), and its dates."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ownergraph.domain.errors import OwnergraphError
from ownergraph.retrieval.question.model import Question


@dataclass
class Reading:
    kind: bool
    anchors: bool
    dates: bool
    why: list[str] = field(default_factory=list)

    @property
    def right(self) -> bool:
        return self.kind and self.anchors and self.dates


def _keys(og: Any, mention: str, day: date) -> frozenset[str]:
    """The entity keys a mention names: one entity, a family's members, or none."""
    try:
        if mention.lower().endswith(" family"):
            return frozenset(og.analytics.lookup.group(mention, as_of=day).keys)
        return frozenset({og.resolve(mention, as_of=day).key})
    except OwnergraphError:
        return frozenset()


def _anchors_right(og: Any, q: Question, expected: list[str], day: date) -> tuple[bool, str]:
    said = [m.text for m in q.anchors if m.role != "portfolio"]
    got = [_keys(og, m, day) for m in said]
    want = [_keys(og, e, day) for e in expected]
    if not expected:
        return not said, f"anchors {said} where none expected" if said else ""
    got_all = frozenset().union(*got) if got else frozenset()
    want_all = frozenset().union(*want)
    ok = all(w and w <= got_all for w in want) and got_all <= want_all | frozenset()
    return ok, "" if ok else f"anchors {said} -> {sorted(got_all)} want {expected} -> {sorted(want_all)}"


def _iso(value: date | None) -> str | None:
    return value.isoformat() if value else None


def dates_right(q: Question, exp: dict[str, Any]) -> tuple[bool, str]:
    if exp["kind"] == "diff":
        pairs = [("from", _iso(q.date_from), exp.get("from")), ("to", _iso(q.date_to), exp.get("to"))]
    else:
        pairs = [("as_of", _iso(q.as_of), exp["as_of"])]
    pairs.append(("known_at", _iso(q.known_at), exp["known_at"]))
    bad = [f"{n} {got} want {want}" for n, got, want in pairs if got != want]
    return not bad, "; ".join(bad)


def read_right(og: Any, q: Question, exp: dict[str, Any]) -> Reading:
    day = date.fromisoformat(exp.get("as_of") or exp.get("to") or exp["session_day"])
    kind = q.pattern == exp["kind"]
    anchors, why_a = _anchors_right(og, q, exp["anchors"], day) if exp["kind"] != "unknown" else (True, "")
    dates, why_d = dates_right(q, exp) if exp["kind"] != "unknown" else (True, "")
    why = [w for w in (("" if kind else f"kind {q.pattern} want {exp['kind']}"), why_a, why_d) if w]
    return Reading(kind, anchors, dates, why)
