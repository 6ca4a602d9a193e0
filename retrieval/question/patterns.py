"""Parser steps 3 and 4a: the question's kind, by the kinds' keyword rules in their precedence
(first match wins), and the slot patterns of that kind that find its anchors. The rules and
slots live with their kind (``retrieval.kinds.<kind>``); here are the shapes every kind shares:
groups ("anything X controls"), families and "A and B"."""

from __future__ import annotations

import re

from ownergraph.domain.vocabulary import UNKNOWN
from ownergraph.retrieval.kinds import BY_PRECEDENCE, STRATEGIES
from ownergraph.retrieval.question.slots import ADV, X
from ownergraph.retrieval.question.work_text import MASK_WORD, PH_RE, Work


def family(w: Work) -> str:
    """The question's kind: the first kind whose keyword rule matches, else unknown."""
    t = PH_RE.sub(f" {MASK_WORD} ", w.text)
    for strategy in BY_PRECEDENCE:
        if strategy.rule.search(t):
            return strategy.name
    return UNKNOWN


# -- 4a. shapes of mentions every kind shares ------------------------------------------------

GROUP_RE = [
    re.compile(rf"^(?:anything|everything|all|whatever|what|those|any\s+(?:company|entity|firm)|(?:all\s+)?(?:the\s+)?"
               rf"(?:companies|entities|firms|issuers|names|subsidiaries|businesses))\s+(?:that\s+|which\s+)?{X}\s+"
               rf"{ADV}?(?:controls?|owns?|runs?|holds?)$", re.I),
    re.compile(rf"^(?:anything|everything|all|any|(?:all\s+)?(?:the\s+)?(?:companies|entities|firms|issuers|names|subsidiaries|"
               rf"businesses))\s+{ADV}?(?:controlled|owned|run|held)\s+by\s+{X}$", re.I),
    re.compile(rf"^(?:the\s+)?(?:group\s+of|companies\s+of|subsidiaries\s+of)\s+{X}$", re.I),
]
FAMILY_NAME = re.compile(r"^(?:the\s+)?(?P<n>.+?\s+(?:family|clan|dynasty))(?:'s)?$", re.I)
AND_SPLIT = re.compile(r"\s+(?:and|&|to)\s+", re.I)


def slots_of(pattern: str) -> list[re.Pattern[str]]:
    """The slot patterns of a kind (none for an unknown one)."""
    strategy = STRATEGIES.get(pattern)
    return strategy.slots if strategy else []
