"""Who lends to X, who guarantees X, whom X lends to or guarantees ("which banks financed X",
"who guarantees X's notes", "borrowers of Granite Bank").

One question kind (``counterparties``), whole: the keyword rule that recognises it, the slot
patterns that find its mentions, the roles its words ask for, the analytic it runs, the test of
whether that found something, the composer of its answer and its sentence when the graph holds
none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import COUNTERPARTIES, GUARANTEE, LENDING
from ownergraph.retrieval.answer.parts import Parts, cites, money
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.abbreviations import expand
from ownergraph.retrieval.question.slots import ADV, END, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# after contagion ("which lenders are hit if X defaults") and exposure ("what do we lend to X")
PRECEDENCE = 62

_LEND = r"(?:lend(?:s|ing|ers?)?|loans?|borrow(?:s|ing|ers?|ed)?|financ(?:ed|es|ing|ers?)|credit\s+facilit(?:y|ies))"
_GUARANTEE = r"(?:guarant(?:ee|ees|eed|or|ors|ies|y)|backstop(?:s|ped)?|sureties|surety)"
# not "when did A lend to B" (an event's date) nor a book named "LOANS-CORP"
RULE = re.compile(
    rf"^(?!\s*when\b)(?:.*?)(?:(?<![\w-]){_LEND}(?![\w-])|\b{_GUARANTEE}\b|\bcounterpart(?:y|ies)\b|\bcreditors?\b)", re.I)

SLOTS = [
    re.compile(rf"\b(?:lenders?|guarantors?|borrowers?|creditors?|counterpart(?:y|ies)|banks?|financiers?)\s+"
               rf"(?:to\s+and\s+guarantors\s+)?(?:of|to|for|behind)\s+{X}{END}", re.I),
    re.compile(rf"\b(?:credit\s+facilit(?:y|ies)|loans?|lending|financing|guarantees?|notes|debt)\s+"
               rf"(?:\w+\s+)?(?:extended\s+|granted\s+|issued\s+|given\s+|provided\s+|made\s+)?(?:to|for|of|by)\s+{X}"
               rf"(?=\s+and\s+the\s+lending|{END})", re.I),
    re.compile(rf"\bwho(?:m)?\s+(?:does|did|do)\s+{X}\s+{ADV}?(?:lend|guarantee|finance|back)\b", re.I),
    re.compile(rf"\b(?:who|which\s+\w+)\s+{ADV}?(?:lends?|lent|guarantees?|guaranteed|finances?|financed|"
               rf"backs?|backstops?)\s+(?:money\s+)?(?:to\s+)?{X}{END}", re.I),
    re.compile(rf"\bguaranteed\s+by\s+{X}{END}", re.I),
    re.compile(rf"\b{X}'s?\s+(?:\w+\s+)?(?:lenders|guarantors|borrowers|creditors|notes|loans|debt|guarantees)\b", re.I),
    re.compile(rf"^\s*(?:lenders|guarantors|borrowers|counterparties)"
               rf"(?:\s*(?:\+|&|/|,|and)\s*(?:lenders|guarantors|borrowers))*\s+{X}{END}", re.I),
    re.compile(rf"^\s*{X}\s+(?:loans\s+from|guaranteed\s+by|guarantees\s+given|lenders|borrowers|guarantors)\b", re.I),
]

# what follows a verb of lending with no one named after it: the subject (X) is the lender
_NO_OBJECT = r"(?=[?.!,;:]|$|(?:at|on|as|in|by|with|during|between|over|and|since|from|before|after)\b)"
# a role with no one it serves named after it ("as guarantor at 31 Dec", not "as guarantor for X")
_NOT_TO = r"(?!\s+(?:to|of|for|on\s+behalf\s+of|in\s+respect\s+of)\b)"
# a role offered as a choice ("whether as lender or as guarantor") says which sides are asked, not X's
_NOT_A_CHOICE = r"(?<!whether\s)(?<!\bor\s)(?<!\beither\s)"
# "who" the one in the role ("who stands behind X's debt as guarantor", "who acted as lender"): X is not
_WHO_IS = r"\bwho\s+(?:\w+\s+)?(?:stands?|stood|acts?|acted|acting|serves?|served|was|is|were|are)\b"
# words between "who was" and a participle that are no subject: "who was either lending to or guaranteeing X"
_ADVERB = r"(?:either|also|still|currently|actively|ever|jointly|both|now|then)\b"
# words that ask for X's own lending or guarantees (X the lender / guarantor), tried first
_OUTWARD = (
    ("borrowers", re.compile(r"\bborrowers?(?:\b|_)|"
                             # X the subject of "lent to" with no one after it: "the companies X had lent to at D"
                             rf"\b(?:lent|lend|lends|lending|advanced)\s+(?:money\s+|funds\s+)?to\s*{_NO_OBJECT}|"
                             # "acting as lender" with no one it lends to named: X is the lender
                             rf"^(?!.*{_WHO_IS}).*?{_NOT_A_CHOICE}\bas\s+(?:a\s+|the\s+)?(?:lender|creditor)\b{_NOT_TO}(?!\s+or\b)|"
                             r"\bwho(?:m)?\s+(?:does|did|do)\b.{1,80}\blend\b|\blends?\s+to\s+whom\b|"
                             r"\bto\s+whom\b.{1,80}\blend(?:s|ing)?\b|\blending\s+to\s+whom\b|\bborrow(?:s|ed|ing)?\s+from\b|"
                             r"\bloans?\s+(?:made|granted|extended)\s+by\b|"
                             rf"\bwho(?:m)?\s+(?:is|was|are|were|has|have)\s+(?!lend|been\s+lend|{_ADVERB})\S+.{{0,80}}\blending(?:\s+to)?\b|"
                             r"^\W*(?:lent|financed|funded)\s+by\b|\blender\s*=", re.I)),
    ("guaranteed", re.compile(r"\bguarantees?\s+(?:given|issued|provided|granted|extended|made)\b|"
                              r"\b(?:obligations|debts?|parties|entities|companies|whom?)\b.{0,40}\bguaranteed\s+by\b|"
                              # "covered by a guarantee from X", "backed by guarantees issued by X": X the guarantor
                              r"\b(?:covered|backed|secured|supported|benefit\w*)\s+(?:by|from)\s+(?:an?\s+|the\s+|its\s+)?"
                              r"guarantees?\s+(?:from|by|of|(?:issued|given|provided|granted)\s+by)\b|"
                              r"\bwho(?:m)?\s+(?:does|did|do)\b.{1,80}\b(?:guarantee|backstop|stand\s+behind)\b|"
                              # "who is X guaranteeing", "who has X been backstopping": X the guarantor
                              rf"\bwho(?:m)?\s+(?:is|was|are|were|has|have)\s+(?!guarant|backstop|been\s+(?:guarant|backstop)|{_ADVERB})\S+"
                              r".{0,80}\b(?:guaranteeing|backstopping)\b|"
                              r"\bwhose\s+(?:obligations|debts?|loans?|notes|bonds|borrowings?)\b.{1,80}\b(?:guarant|backstop|stand\w*\s+behind)|"
                              # "for whom had X given a guarantee", "acting as guarantor" with no one it guarantees named
                              r"\bfor\s+whom\b.{1,80}\b(?:guarant|backstop|surety|stand\w*\s+behind)|"
                              rf"^(?!.*{_WHO_IS}).*?{_NOT_A_CHOICE}\bas\s+(?:a\s+|the\s+)?(?:guarantor|surety)\b{_NOT_TO}(?!\s+or\b)|"
                              # "guaranteed by X?" opening the question, a filter keyed by the guarantor
                              r"^\W*(?:gteed|guaranteed|backstopped)\s+by\b|\bguarantor\s*=", re.I)),
)
_INWARD = (("lenders", re.compile(rf"\b{_LEND}|\blent\b|\bcreditors?\b", re.I)),  # "who had lent to X"
           ("guarantors", re.compile(rf"\b{_GUARANTEE}", re.I)))
_CHANNEL_OF = {"lenders": LENDING.name, "borrowers": LENDING.name, "guarantors": GUARANTEE.name,
               "guaranteed": GUARANTEE.name}


def roles(text: str, channels: list[str] | None = None) -> tuple[str, ...]:
    """The roles a question asks for: X's own loans and guarantees first (their words are consumed),
    then lenders and guarantors of X; every role when none is named; a channel said outright
    ("via guarantees") keeps its roles."""
    found: list[str] = []
    rest = expand(text)[0]  # "lenders + gtors": shorthand spelt out
    for role, rx in _OUTWARD:
        if rx.search(rest):
            found.append(role)
            rest = rx.sub(" ", rest)
    found += [role for role, rx in _INWARD if rx.search(rest)]
    chosen = found or list(_CHANNEL_OF)
    if channels:
        chosen = [r for r in chosen if _CHANNEL_OF[r] in channels] or [r for r in _CHANNEL_OF if _CHANNEL_OF[r] in channels]
    return tuple(chosen)


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("rows"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    return a.credit.counterparties(e[0], roles=roles(q.text, q.edge_types), **clock)


def _dates(r: dict[str, Any]) -> str:
    start, end = r.get("valid_from"), r.get("valid_to")
    since = f"since {start}" if start else "start not stated"
    return f"{since}{f', until {end}' if end else ''}"


def compose(p: Parts) -> str:
    res = p.result
    parts = [f"{r['name'] or r['key']} ({r['role']}, {money(r.get('amount'), r.get('currency'))}, {_dates(r)}) "
             f"{cites(p.ctx, p.result.entity.key, r['key'])}".rstrip() for r in p.rows]
    asked = ", ".join(res.roles).replace("guaranteed", "parties it guarantees")
    return f"Counterparties of {p.subject} ({asked}) as of {p.d}: " + "; ".join(parts) + p.more + "."


NOTHING = "The graph holds no lending or guarantee of the kind asked at {subject} as of {d}."

STRATEGY = KindStrategy(COUNTERPARTIES, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
