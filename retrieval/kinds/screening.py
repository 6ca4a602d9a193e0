"""Book screening: "are any of our positions owned or controlled by sanctioned parties", "which
of our positions are within two hops of a sanctioned party", with the positions and amounts.

One question kind (``screening``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import SCREENING
from ownergraph.retrieval.answer.parts import MAX_ROWS, Parts, cites, money
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# before sanctions_near (40): a question about our positions near sanctions is about the book
PRECEDENCE = 35

# "Holdings" capitalised is a name's word ("Harbourline Holdings PLC"), "holdings" the book's
_BOOK = r"(?:positions?|(?-i:holdings?)|book|portfolios?|screen\w*|exposures?|investments?)"
_SANCTION = r"(?:sanction\w*|designated|blocked|ofac|ofsi|sdn)"
# "which counterparties (in book X) are near a sanctioned issuer" lists entities: sanctions_near
RULE = re.compile(rf"^(?!.*\bcounterpart)(?:.*\b{_BOOK}\b.{{0,120}}\b{_SANCTION}|.*\b{_SANCTION}.{{0,120}}\b{_BOOK}\b)|"
                  rf"^\s*screening\b|\bbook\s+screen", re.I)

# the kind names no entity: the portfolio is read as a parameter, the parties are the graph's
SLOTS = [re.compile(r"(?!)")]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("rows"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock; a hop count asks for reach, none for control."""
    return a.structure.screening(q.depth if q.depth else None, portfolio=q.portfolio, **clock)


def _position(r: dict[str, Any], p: Parts) -> str:
    via = r.get("path_names") or r.get("party_name")
    how = f"{r['basis']} by {r['party_name']}" if "controlled" in r["basis"] else \
        f"{r['basis']} of {r['party_name']} ({r['distance']} hop{'s' if r['distance'] != 1 else ''})" \
        if r["basis"].startswith("within") else r["basis"]
    return (f"{r['portfolio']} {r.get('instrument_type') or 'position'} {r['instrument']} in {r['issuer_name']}, "
            f"{money(r['amount'], r['currency'])} at {r.get('position_date') or 'date not stated'}, {how}; chain {via} "
            f"{cites(p.ctx, r['issuer'])}").rstrip()


def compose(p: Parts) -> str:
    res = p.result
    scope = ("owned or controlled by a sanctioned party" if res.hops is None
             else f"within {res.hops} hop{'s' if res.hops != 1 else ''} of a sanctioned party")
    book = f"portfolio {', '.join(res.portfolios)}" if res.portfolios else "the book"
    parties = "; ".join(f"{x['name']} ({x.get('authority') or 'authority not stated'}"
                        f"{', ' + x['programme'] if x.get('programme') else ''})" for x in res.parties)
    totals = ", ".join(money(v, c) for c, v in res.totals().items())
    return (f"Positions in {book} {scope} as of {p.d} (sanctioned parties: {parties}): "
            + "; ".join(_position(r, p) for r in list(res.rows)[:MAX_ROWS]) + p.more + f". Total: {totals}.")


NOTHING = ("No position in the book is owned or controlled by, or within the hops asked of, a party under a "
           "sanction valid and known as of {d}.")

STRATEGY = KindStrategy(SCREENING, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
