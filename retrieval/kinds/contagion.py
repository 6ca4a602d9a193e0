"""Who is hit if X defaults, over the channels that carry risk.

One question kind (``contagion``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import CHANNEL_NAMES, CONTAGION
from ownergraph.retrieval.answer.parts import CHANNEL_NOUN, CITE, MAX_ROWS, Parts, cites, money
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import END, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before ownership words ("who is hit if X's owner defaults")
PRECEDENCE = 30

RULE = re.compile(
    r"\bdefault|\bcontagion\b|\bknock-?on\b|\bspill-?overs?\b|\bcascad|"
    r"\b(?:goes|went|go)\s+(?:bust|under|bankrupt)|\bbankrupt|\binsolven|\bcollaps|\bfails?\b|\bfailure\b|"
    r"\bwho\s+(?:is|would\s+be|gets|are|else\s+is)\s+(?:hit|affected|impacted)\b", re.I)

SLOTS = [
    re.compile(rf"\bif\s+{X}\s+(?:were\s+to\s+|was\s+to\s+|should\s+|would\s+|did\s+|does\s+|did\s+not\s+|ha[sd]\s+|"
               rf"fails?\s+to\s+|can(?:'|no)t\s+)?(?:defaults?|defaulted|fails?|failed|goes\s+(?:bust|under|bankrupt)|"
               rf"went\s+(?:bust|under|bankrupt)|go\s+(?:bust|under|bankrupt)|collapses?|collapsed|becomes?\s+insolvent|"
               rf"became\s+insolvent|pay|repay)\b", re.I),
    re.compile(rf"\b(?:default|failure|collapse|insolvency|bankruptcy)\s+(?:of|by)\s+{X}{END}", re.I),
    re.compile(rf"\b{X}'s?\s+(?:default|failure|collapse|insolvency|bankruptcy)\b", re.I),
    re.compile(rf"\b(?:contagion|spill-?overs?|knock-?on\s+effects?|cascade)\s+(?:from|of|if)\s+{X}{END}", re.I),
    re.compile(rf"\bwhen\s+{X}\s+(?:defaults?|fails?|collapses?)\b", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("affected"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    return a.contagion.if_defaults(
        e[0], types=tuple(q.edge_types) if q.edge_types else CHANNEL_NAMES, max_hops=q.depth or CONTAGION.hops,
        **clock)


def compose(p: Parts) -> str:
    """One entry per party hit (a parent can be hit as owner and as guarantor: one entry with
    both), with its stated amounts and the sources of all its exposures."""
    parties: dict[str, dict[str, Any]] = {}
    for r in p.frame.to_dict("records"):
        e = parties.setdefault(r["key"], {"name": r["name"], "hops": r["hops"], "what": {}, "cites": set()})
        amounts = e["what"].setdefault(CHANNEL_NOUN.get(r["channel"], r["channel"]), [])
        if r.get("amount") is not None and r["amount"] == r["amount"]:
            amounts.append(money(r["amount"], r["currency"]))
        e["cites"] |= {int(n) for n in CITE.findall(cites(p.ctx, r["key"], r.get("exposed_to")))}
    parts = []
    for e in list(parties.values())[:MAX_ROWS]:
        what = ", ".join(f"{noun} of {' and '.join(amounts)}" if amounts else noun
                         for noun, amounts in e["what"].items())
        parts.append(f"{e['name']} ({e['hops']} hop{'s' if e['hops'] != 1 else ''}: {what}) "
                     + "".join(f"[{n}]" for n in sorted(e["cites"])[:6]))
    more = f" (and {len(parties) - MAX_ROWS} more)" if len(parties) > MAX_ROWS else ""
    return f"If {p.subject} defaults, as of {p.d} these are hit: " + "; ".join(parts) + more + "."


NOTHING = ("No guarantee, lending or ownership relationship exposes anyone to a default of {subject} "
                    "as of {d}.")

STRATEGY = KindStrategy(CONTAGION, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
