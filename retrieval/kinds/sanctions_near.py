"""Entities within N hops of a sanctioned entity; is X near one.

One question kind (``sanctions_near``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import SANCTIONS_NEAR
from ownergraph.retrieval.answer.parts import Parts, cites
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import ADV, ANY_LINK, END, X
from ownergraph.retrieval.question.work_text import SEP

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before owners ("is X owned near a sanctioned entity" is about reach)
PRECEDENCE = 40

RULE = re.compile(
    r"\bsanction.{0,60}\b(?:hops?|steps?|levels?|layers?|tiers?|jumps?|near|close|within|connected|linked|adjacent|degrees?|neighbou?r|"
    r"away|proximity|distance|next\s+to|exposed|touch)"
    r"|\b(?:hops?|steps?|levels?|layers?|tiers?|jumps?|near|close|within|connected|linked|adjacent|degrees?|neighbou?r|away|proximity|"
    r"distance|next\s+to|exposed|touch)\b.{0,60}\bsanction"
    r"|\b(?:is|are)\b.{1,80}\bsanctioned\s*\??\s*$|\bsanctions?\s+(?:exposure|proximity|screen)", re.I)

SLOTS = [
    re.compile(rf"\b(?:is|are|was|were)\s+{X}\s+{ADV}?(?:near|close\s+to|within|connected\s+to|linked\s+to|"
               rf"exposed\s+to|adjacent\s+to|next\s+to|{SEP}|tied\s+to|related\s+to)", re.I),
    re.compile(rf"\bhow\s+(?:close|far|near)\s+(?:is|are)\s+{X}\s+(?:to|from)\b", re.I),
    re.compile(rf"\b{X}'s?\s+(?:proximity|distance|closeness)\s+to\b", re.I),
    re.compile(rf"\b(?:is|are|was|were)\s+{X}\s+sanctioned\s*{END}", re.I),
    re.compile(rf"\b(?:counterparties|entities|companies|names|issuers)\s+of\s+{X}\s+(?:that\s+are\s+)?(?:{SEP}|near|within|close)", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("rows"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    return a.structure.sanctions_near(e[0] if e else None, q.depth if q.depth is not None else SANCTIONS_NEAR.hops,
                                      **clock, every_link=bool(_EVERY_LINK.search(q.text)))


# "across all relationship types", "over any link": every relationship the graph holds, not only
# the ownership, control, credit and family links sanctions reach reads by default
_EVERY_LINK = re.compile(ANY_LINK, re.I)


def _listing(r: dict[str, Any]) -> str:
    """The sanction's authority, programme and the day it took effect ("UN, DPRK, since 2022-03-15")."""
    said = [r.get("authority") or "authority not stated"]
    if _stated(r.get("programme")):
        said.append(str(r["programme"]))
    if _stated(r.get("listed_from")) and str(r["listed_from"])[:4] > "1900":  # the open start is no listing date
        said.append(f"since {str(r['listed_from'])[:10]}")
    return ", ".join(said)


def _via(r: dict[str, Any]) -> str:
    """The entities between ("via Valtora Investments Ltd"), for two hops or more."""
    names = r.get("path_names")
    inner = [str(n) for n in (names[1:-1] if isinstance(names, (list, tuple)) else []) if n]
    return f" via {', '.join(inner)}" if inner else ""


def _stated(v: Any) -> bool:
    return v is not None and not (isinstance(v, float) and v != v) and str(v).strip() != ""


def compose(p: Parts) -> str:
    parts = [f"{r['name']} ({r['distance']} hop{'s' if r['distance'] != 1 else ''} from "
             f"{r['sanctioned_name']}{_via(r)}, {_listing(r)}) "
             f"{cites(p.ctx, r['key'])}" for r in p.rows]
    return f"Within reach of a sanctioned entity as of {p.d}: " + "; ".join(parts) + p.more + "."


NOTHING = ("No entity within reach of a sanctioned entity in the graph as of {d}.")

STRATEGY = KindStrategy(SANCTIONS_NEAR, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
