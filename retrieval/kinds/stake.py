"""A's effective stake (or share of the votes) in B, over every chain.

One question kind (``stake``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import STAKE
from ownergraph.retrieval.answer.parts import Parts, cites, direct_and_declared, pct
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy, interest
from ownergraph.retrieval.question.slots import A, ADV, B, END, VOTES

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before owners and exposure ("A's stake in B")
PRECEDENCE = 50

RULE = re.compile(
    r"\beffective\s+(?:stake|ownership|interest|holding|shareholding)|(?<!controlling )\b(?:stake|interest|shareholding)\s+"
    r"(?:of\s+.{1,80}\s+)?in\b|\b(?:share|percentage|proportion|holding)\s+of\s+.{1,80}\s+in\b|\b(?:voting\s+rights|votes|voting\s+power)\s+in\b|"
    r"\b(?:share|percentage|fraction|proportion|how\s+much|how\s+many)\s+of\s+(?:the\s+)?(?:voting\s+rights|votes|"
    r"voting\s+power)\b|\bhow\s+much\s+of\b.{1,80}\b(?:own|hold|control)|\b(?:share|percentage|fraction|"
    r"portion|part|%)\s+of\b.{1,80}\b(?:own|hold|held|owned)|\bhow\s+much\s+(?:does|do|did)\b.{1,80}\b(?:own|hold)\s+"
    r"(?:of|in)\b|\blook-?through\s+(?:stake|ownership)", re.I)

SLOTS = [
    re.compile(rf"\b{A}'s?\s+(?:\w+\s+){{0,2}}(?:stake|interest|ownership|holding|shareholding|share|{VOTES})\s+in\s+"
               rf"{B}{END}", re.I),
    re.compile(rf"\b(?:stake|interest|ownership|holding|shareholding|share|percentage|proportion)\s+of\s+"
               rf"(?!(?:the\s+)?{VOTES}){A}\s+in\s+"
               rf"{B}{END}", re.I),
    # "what share of the voting rights in B does A hold", "how many of the votes of B does A control"
    re.compile(rf"\b(?:share|percentage|fraction|portion|part|proportion|%|how\s+much|how\s+many)\s+of\s+(?:the\s+)?"
               rf"{VOTES}\s+(?:in|of|at)\s+{B}\s+(?:does|do|did)\s+{A}\s+{ADV}?(?:own|hold|control|have|cast)\b", re.I),
    re.compile(rf"\b(?:share|percentage|fraction|portion|part|proportion|%|how\s+much|how\s+many)\s+of\s+{B}'s?\s+"
               rf"{VOTES}\s+(?:does|do|did)\s+{A}\s+{ADV}?(?:own|hold|control|have|cast)\b", re.I),
    re.compile(rf"\bhow\s+much\s+of\s+{B}\s+(?:does|do|did)\s+{A}\s+{ADV}?(?:own|hold|control)\b", re.I),
    re.compile(rf"\b(?:share|percentage|fraction|portion|part|%)\s+of\s+{B}\s+(?:does|do|did)\s+{A}\s+{ADV}?(?:own|hold|control)\b", re.I),
    re.compile(rf"\b(?:share|percentage|fraction|portion|part|%)\s+of\s+{B}\s+(?:is|was)\s+{ADV}?(?:owned|held|controlled)\s+by\s+{A}{END}", re.I),
    re.compile(rf"\bhow\s+much\s+(?:does|do|did)\s+{A}\s+{ADV}?(?:own|hold)\s+(?:of|in)\s+{B}{END}", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    stake = d.get("stake")
    hi = stake.get("hi") if isinstance(stake, dict) else (stake[1] if isinstance(stake, (list, tuple)) else stake)
    return bool(d.get("paths")) and bool(hi)


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first). Where the
    first holds nothing of the second but the second holds the first ("how much of B sits with
    A", read the other way round), the stake that exists; the answer names who holds whom."""
    options = {"max_depth": q.depth or STAKE.hops, **interest(q), **clock}
    there = a.ownership.stake(e[0], e[1], **options)
    if not _holds(there):
        back = a.ownership.stake(e[1], e[0], **options)
        there = back if _holds(back) else there
    if not _holds(there):
        return there
    # the other measure beside the one asked: shares beside votes, votes beside shares
    other = "shareholding" if getattr(there, "interest", "") == "voting_rights" else "voting_rights"
    beside = a.ownership.stake(there.owner, there.owned, **{**options, "interest": other})
    return WithVotes(there, beside) if _holds(beside) else there


def _holds(r: Any) -> bool:
    return bool(r.paths) and bool(r.stake.hi)


@dataclass(frozen=True)
class WithVotes:
    """A stake in the shares with the owner's share of the votes beside it (Valtora: 25-50% of
    the shares, 52% of the votes), or the votes asked with the shares beside them; everything
    else is the first result's (``shares``: the measure asked, ``votes``: the other)."""

    shares: Any
    votes: Any

    def __getattr__(self, name: str) -> Any:  # only for names the dataclass lacks
        if name in ("shares", "votes") or name.startswith("__"):  # copy / pickle before the fields are set
            raise AttributeError(name)
        return getattr(self.shares, name)


def compose(p: Parts) -> str:
    r0 = p.result
    stake = getattr(r0, "stake", None)
    lo, hi = (stake.lo, stake.hi) if hasattr(stake, "lo") else (stake or (None, None))
    chains = "; ".join(f"{r['names']} = {pct(r['product_lo'], r['product_hi'])} "
                       f"{cites(p.ctx, *str(r['path']).split(' > '))}" for r in p.rows)
    limited = getattr(r0, "depth_limit_reached", False)
    told = f"at least {pct(lo, lo)} (depth limit {r0.max_depth} reached)" if limited else pct(lo, hi)
    measure = "share of the voting rights" if getattr(r0, "interest", "") == "voting_rights" else "stake"
    said = _parts(getattr(r0, "paths", ()) or ())
    votes = getattr(r0, "votes", None) if isinstance(r0, WithVotes) else None
    if votes is not None and pct(votes.stake.lo, votes.stake.hi) != pct(lo, hi):
        of = "the shares" if getattr(votes, "interest", "") == "shareholding" else "the voting rights"
        said.append(f"{pct(votes.stake.lo, votes.stake.hi)} of {of}")
    told += f" ({'; '.join(said)})" if said else ""
    return (f"{p.subject}'s effective {measure} in {p.other} as of {p.d} is {told} "
            f"({getattr(r0, 'semantics', 'simple_paths')}), over {len(p.frame)} chain(s): {chains}{p.more}.")


def _parts(paths: Any) -> list[str]:
    """A one-step chain that adds a declared indirect interest to the direct link: both parts."""
    split = next((x for x in map(direct_and_declared, paths) if x), None)
    return [f"directly {split[0]}", f"declared indirectly {split[1]}"] if split else []


NOTHING = ("No ownership or control path between {subject} and {other} in the graph as of {d}.")

STRATEGY = KindStrategy(STAKE, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
