"""The pieces every kind's slot patterns are written with: a mention (``X``, or ``A`` and ``B``),
where it ends (``END``), adverbs that may stand before a verb (``ADV``), and the words for votes."""

from __future__ import annotations

import re

from ownergraph.retrieval.question.work_text import SEP

END = rf"(?=\s*(?:[?!;{SEP}]|$))"
X = r"(?P<x>.+?)"
ADV = (r"(?:(?:directly|indirectly|ultimately|jointly|effectively|really|actually|beneficially|currently|"
        r"still|now|together|collectively|legally)\s+)")
A = r"(?P<a>.+?)"
B = r"(?P<b>.+?)"
# every kind of link asked for: "any relationship type", "all relationships", "across all link types",
# "every kind of link", "of any kind"
ANY_LINK = (r"\b(?:any|all|every)\s+(?:(?:relationship|link|edge|connection)\s+)?(?:kinds?|types?|sorts?)\b|"
            r"\b(?:all|any|every)\s+(?:the\s+)?(?:relationships?|links?|edges?|connections?)\b(?!\s+(?:to|with)\b)|"
            r"\b(?:of|by)\s+any\s+(?:kind|type|sort)\b")
# what a stake is measured in, when a question names it: the votes (else the shares)
VOTES = r"(?:voting\s+rights|votes|voting\s+power|voting\s+shares|voting\s+interest|voting\s+stock)"
VOTING_RE = re.compile(rf"\b{VOTES}\b|\bvoting\s+(?:stake|share|control)\b", re.I)
