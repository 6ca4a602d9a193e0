"""Parser steps 3 and 4a: per question kind, the keyword rule that recognises it (tried in
a fixed order, first match wins) and the slot patterns that find its anchors ("beneficial
owner of X", "A's stake in B", "if X defaults", "between A and B", ...). Keyed by the kinds of
``graph.vocabulary``; a kind without an entry here fails ``tests/retrieval/test_vocabulary.py``."""

from __future__ import annotations

import re

from collections.abc import Sequence

from ownergraph.domain.vocabulary import (
    CONTAGION, CONTROL_PATH_KINDS, CYCLES, DIFF, EXPOSURE, OWNERS, PARENTS, PATH, PATH_KIND_NAMES, PATH_KINDS, QUALITY,
    SANCTIONS_NEAR, STAKE, UNKNOWN,
)
from ownergraph.retrieval.question.work_text import _PH_RE, SEP, _Work

_FAMILY_RULES: list[tuple[str, re.Pattern[str]]] = [
    # first: its words ("shareholdings summing past 100%", "stub entities") would read as other kinds
    (QUALITY.name, re.compile(
        r"\bdata[- ]quality\b|\bquality\s+(?:issues?|problems?|warnings?|checks?|flags?|report)\b|"
        r"\b(?:data|graph)\s+(?:issues?|problems?|errors?|inconsistenc(?:y|ies)|anomal(?:y|ies))\b|"
        r"\b(?:issues?|problems?|errors?|inconsistenc(?:y|ies)|anomal(?:y|ies))\s+(?:in|with|of)\s+(?:the\s+|our\s+)?(?:data|graph)\b|"
        r"\b(?:issues?|problems?|errors?)\s+(?:does|do|did)\s+(?:the\s+|our\s+)?(?:data|graph)\s+(?:have|hold|show)\b|"
        r"\b(?:sum(?:s|med|ming)?|add(?:s|ing)?\s+up|total(?:s|ling)?)\s+(?:to\s+)?(?:more\s+than|over|past|above|beyond)\s+100\s*%|"
        r"\b(?:over|above|more\s+than|past)\s+100\s*%\s+(?:of\s+)?(?:shareholdings?|ownership|owned|held|in\s+total)|"
        r"\bmissing\s+stakes?\b|\bstakes?\s+(?:is\s+|are\s+)?missing\b|\bwithout\s+(?:a\s+)?stakes?\b|"
        r"\bself[- ]hold(?:ings?|s)?\b|\bholds?\s+itself\b|\bstubs?\b|\bdangling\b|"
        r"\b(?:can|should)\s+(?:i|we)\s+(?:trust|rely\s+on)\s+(?:the\s+)?(?:data|graph|figures|numbers)\b", re.I)),
    (DIFF.name, re.compile(
        r"\bwhat\b.{0,40}\bchang|\bchang(?:e|ed|es|ing)\b.{0,80}\b(?:between|since|from|over)\b|"
        r"\bhow\s+(?:did|has|have|does|do)\b.{0,80}\bchang|\bchanges?\s+(?:in|to|of)\b|\bdiff\b|"
        r"\bdifferences?\b|\bcompare\b|\bcompared\b|\bevolv|\bevolution\b|\bhistory\s+of\b", re.I)),
    (CONTAGION.name, re.compile(
        r"\bdefault|\bcontagion\b|\bknock-?on\b|\bspill-?overs?\b|\bcascad|"
        r"\b(?:goes|went|go)\s+(?:bust|under|bankrupt)|\bbankrupt|\binsolven|\bcollaps|\bfails?\b|\bfailure\b|"
        r"\bwho\s+(?:is|would\s+be|gets|are|else\s+is)\s+(?:hit|affected|impacted)\b", re.I)),
    (SANCTIONS_NEAR.name, re.compile(
        r"\bsanction.{0,60}\b(?:hops?|steps?|levels?|layers?|tiers?|jumps?|near|close|within|connected|linked|adjacent|degrees?|neighbou?r|"
        r"away|proximity|distance|next\s+to|exposed|touch)"
        r"|\b(?:hops?|steps?|levels?|layers?|tiers?|jumps?|near|close|within|connected|linked|adjacent|degrees?|neighbou?r|away|proximity|"
        r"distance|next\s+to|exposed|touch)\b.{0,60}\bsanction"
        r"|\b(?:is|are)\b.{1,80}\bsanctioned\s*\??\s*$|\bsanctions?\s+(?:exposure|proximity|screen)", re.I)),
    (STAKE.name, re.compile(
        r"\beffective\s+(?:stake|ownership|interest|holding|shareholding)|(?<!controlling )\b(?:stake|interest|shareholding)\s+"
        r"(?:of\s+.{1,80}\s+)?in\b|\b(?:share|percentage|proportion|holding)\s+of\s+.{1,80}\s+in\b|\b(?:voting\s+rights|votes|voting\s+power)\s+in\b|"
        r"\b(?:share|percentage|fraction|proportion|how\s+much|how\s+many)\s+of\s+(?:the\s+)?(?:voting\s+rights|votes|"
        r"voting\s+power)\b|\bhow\s+much\s+of\b.{1,80}\b(?:own|hold|control)|\b(?:share|percentage|fraction|"
        r"portion|part|%)\s+of\b.{1,80}\b(?:own|hold|held|owned)|\bhow\s+much\s+(?:does|do|did)\b.{1,80}\b(?:own|hold)\s+"
        r"(?:of|in)\b|\blook-?through\s+(?:stake|ownership)", re.I)),
    (EXPOSURE.name, re.compile(
        r"\bexposures?\b|\bexposed\s+to\b|\bhow\s+much\s+(?:do|does|did|have)\s+(?:we|our|i|the\s+bank|the\s+fund)\b|"
        r"\bour\s+(?:holdings|positions|book|loans|lending|investments)\b|\bwhat\s+do\s+we\s+(?:hold|own|lend)\b|"
        r"\b(?:we|i)\s+(?:hold|own|lend)\b", re.I)),
    (CYCLES.name, re.compile(
        r"\bcross[- ]?(?:holdings?|shareholdings?|ownership)|\bcircular|\bcycles?\b|\bloops?\b|\bmutual(?:ly)?\s+"
        r"(?:own|hold|held|owned|ownership)|\bown\s+each\s+other|\breciprocal|\bstrongly\s+connected|"
        r"\brelated\s+part(?:y|ies)\b|\bowns?\s+(?:it|itself)\b.{0,20}\bback\b", re.I)),
    (PATH.name, re.compile(
        r"\bpaths?\b|\broute\b|\bhow\s+(?:is|are|was|were)\b.{1,80}\b(?:connected|linked|related|tied)\b|"
        r"\b(?:connection|link|relationship|chain)s?\s+(?:between|from)\b|\b(?:is|are)\b.{1,80}\b(?:connected|linked|related)\s+"
        r"(?:to|with)\b|\bconnect(?:s|ed)?\b.{1,80}\b(?:to|with|and)\b", re.I)),
    (PARENTS.name, re.compile(
        r"\bparents?\b|\b(?:subsidiar(?:y|ies)|children|child\s+(?:entities|companies))\s+(?:of|does|do|has)\b|\bholding\s+company\s+of\b|\bconsolidat|\breporting\s+exceptions?\b|"
        r"\bgroup\s+head\b|\btop(?:most)?\s+(?:entity|company)\s+of\b|\bwhich\s+group\s+(?:does|is)\b|"
        r"\b(?:what|which|any)\s+exceptions?\s+(?:does|do|did|has|have)\b", re.I)),
    (OWNERS.name, re.compile(
        r"\bbeneficial(?:ly)?\s+own|\bubos?\b|\bwho\b.{0,30}\b(?:own(?:s|ed)?|control(?:s|led)?|(?:is|was)\s+behind|stands?\s+behind|"
        r"holds?|held|ha[sd]\s+control|pulls?\s+the\s+strings)\b|\bowners?\b|\bcontrollers?\b|\bshareholders?\b|"
        r"\bownership\b|\bcontrolled\s+by\s+whom\b|\bowned\s+by\s+whom\b|\bwho\s+(?:is|are)\s+.{1,60}\s+(?:owned|controlled)\s+by\b|"
        r"\b(?:is|are|was|were)\b.{1,80}\b(?:owned|controlled)\s+by\b|"
        r"\bblocked\b|\bofac\b|\bpscs?\b|\bsignificant\s+control\b|\bcontrolling\s+(?:person|party|parties|interest)\b", re.I)),
]


def _family(w: _Work) -> str:
    t = _PH_RE.sub(" NAME ", w.text)
    for name, rx in _FAMILY_RULES:
        if rx.search(t):
            return name
    return UNKNOWN



# -- 4a. slot patterns per kind ---------------------------------------------------------------

_END = rf"(?=\s*(?:[?!;{SEP}]|$))"
_X = r"(?P<x>.+?)"
_ADV = (r"(?:(?:directly|indirectly|ultimately|jointly|effectively|really|actually|beneficially|currently|"
        r"still|now|together|collectively|legally)\s+)")
_A = r"(?P<a>.+?)"
_B = r"(?P<b>.+?)"
# what a stake is measured in, when a question names it: the votes (else the shares)
_VOTES = r"(?:voting\s+rights|votes|voting\s+power|voting\s+shares|voting\s+interest|voting\s+stock)"
VOTING_RE = re.compile(rf"\b{_VOTES}\b|\bvoting\s+(?:stake|share|control)\b", re.I)

_SLOTS: dict[str, list[re.Pattern[str]]] = {
    OWNERS.name: [
        re.compile(rf"\b(?:is|are)\s+{_X}\s+(?:blocked|sanctioned\s+by\s+ownership)\b", re.I),
        re.compile(rf"\b(?:beneficial\s+owners?|ubos?|owners?|controllers?|shareholders?|ownership(?:\s+(?:structure|chain|tree))?|"
                   rf"control(?:ling)?\s+(?:structure|persons?|parties|party|interests?)|pscs?|persons?\s+with\s+significant\s+control|"
                   rf"controlling\s+shareholders?)\s+(?:of|for|in|behind|at)\s+{_X}{_END}", re.I),
        re.compile(rf"\bwho\s+{_ADV}?(?:holds?|held|ha[sd]|have|controls?|controlled|owns?)\s+(?:the\s+|a\s+|any\s+)?"
                   rf"(?:majority\s+of\s+(?:the\s+)?)?{_VOTES}\s+(?:in|of|at)\s+{_X}{_END}", re.I),
        re.compile(rf"\bwho\s+{_ADV}?(?:own(?:s|ed)?|control(?:s|led)?|(?:is|was)\s+behind|stands?\s+behind|holds?|held|ha[sd]\s+control\s+(?:of|over)|"
                   rf"pulls?\s+the\s+strings\s+(?:at|of|in))\s+{_X}{_END}", re.I),
        re.compile(rf"\bwho\s+(?:is|are|was|were)\s+{_X}\s+{_ADV}?(?:owned|controlled|held)\s+by\b", re.I),
        re.compile(rf"^(?:\W*)(?:is\s+)?{_X}\s+(?:is\s+)?{_ADV}?(?:owned|controlled)\s+by\s+(?:whom|who)\b", re.I),
        re.compile(rf"\b(?:is|are|was|were)\s+{_A}\s+{_ADV}?(?:(?:majority|wholly|partly|fully|jointly)[- ])?(?:owned|controlled|held)\s+by\s+{_B}{_END}", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:\w+\s+)?(?:ubos?|owners|owner|beneficial\s+owners?|shareholders|controllers|ownership)\b", re.I),
    ],
    STAKE.name: [
        re.compile(rf"\b{_A}'s?\s+(?:\w+\s+){{0,2}}(?:stake|interest|ownership|holding|shareholding|share|{_VOTES})\s+in\s+"
                   rf"{_B}{_END}", re.I),
        re.compile(rf"\b(?:stake|interest|ownership|holding|shareholding|share|percentage|proportion)\s+of\s+"
                   rf"(?!(?:the\s+)?{_VOTES}){_A}\s+in\s+"
                   rf"{_B}{_END}", re.I),
        # "what share of the voting rights in B does A hold", "how many of the votes of B does A control"
        re.compile(rf"\b(?:share|percentage|fraction|portion|part|proportion|%|how\s+much|how\s+many)\s+of\s+(?:the\s+)?"
                   rf"{_VOTES}\s+(?:in|of|at)\s+{_B}\s+(?:does|do|did)\s+{_A}\s+{_ADV}?(?:own|hold|control|have|cast)\b", re.I),
        re.compile(rf"\b(?:share|percentage|fraction|portion|part|proportion|%|how\s+much|how\s+many)\s+of\s+{_B}'s?\s+"
                   rf"{_VOTES}\s+(?:does|do|did)\s+{_A}\s+{_ADV}?(?:own|hold|control|have|cast)\b", re.I),
        re.compile(rf"\bhow\s+much\s+of\s+{_B}\s+(?:does|do|did)\s+{_A}\s+{_ADV}?(?:own|hold|control)\b", re.I),
        re.compile(rf"\b(?:share|percentage|fraction|portion|part|%)\s+of\s+{_B}\s+(?:does|do|did)\s+{_A}\s+{_ADV}?(?:own|hold|control)\b", re.I),
        re.compile(rf"\b(?:share|percentage|fraction|portion|part|%)\s+of\s+{_B}\s+(?:is|was)\s+{_ADV}?(?:owned|held|controlled)\s+by\s+{_A}{_END}", re.I),
        re.compile(rf"\bhow\s+much\s+(?:does|do|did)\s+{_A}\s+{_ADV}?(?:own|hold)\s+(?:of|in)\s+{_B}{_END}", re.I),
    ],
    EXPOSURE.name: [
        re.compile(rf"\b(?:exposures?|exposed)\s+(?:\w+\s+)?(?:to|on|against)\s+{_X}{_END}", re.I),
        re.compile(rf"\b(?:hold|own|lend|lent|invest(?:ed)?|have)\s+(?:\w+\s+)?(?:in|to|on)\s+{_X}{_END}", re.I),
        re.compile(rf"\b(?:holdings?|positions?|loans?|investments?|lending|stakes?|interests?)\s+(?:in|to)\s+{_X}{_END}", re.I),
    ],
    CONTAGION.name: [
        re.compile(rf"\bif\s+{_X}\s+(?:were\s+to\s+|was\s+to\s+|should\s+|would\s+|did\s+|does\s+|did\s+not\s+|"
                   rf"fails?\s+to\s+|can(?:'|no)t\s+)?(?:defaults?|defaulted|fails?|failed|goes\s+(?:bust|under|bankrupt)|"
                   rf"went\s+(?:bust|under|bankrupt)|go\s+(?:bust|under|bankrupt)|collapses?|collapsed|becomes?\s+insolvent|"
                   rf"became\s+insolvent|pay|repay)\b", re.I),
        re.compile(rf"\b(?:default|failure|collapse|insolvency|bankruptcy)\s+(?:of|by)\s+{_X}{_END}", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:default|failure|collapse|insolvency|bankruptcy)\b", re.I),
        re.compile(rf"\b(?:contagion|spill-?overs?|knock-?on\s+effects?|cascade)\s+(?:from|of|if)\s+{_X}{_END}", re.I),
        re.compile(rf"\bwhen\s+{_X}\s+(?:defaults?|fails?|collapses?)\b", re.I),
    ],
    PATH.name: [
        re.compile(rf"\bbetween\s+(?P<ab>.+?){_END}", re.I),
        re.compile(rf"\bhow\s+(?:is|are|was|were)\s+{_A}\s+{_ADV}?(?:connected|linked|related|tied)\s+(?:to|with)\s+{_B}{_END}", re.I),
        re.compile(rf"\b(?:is|are|was|were)\s+{_A}\s+{_ADV}?(?:connected|linked|related|tied)\s+(?:to|with)\s+{_B}{_END}", re.I),
        re.compile(rf"\b(?:path|route|chain|connection|link)s?\s+(?:\w+\s+)?from\s+{_A}\s+to\s+{_B}{_END}", re.I),
        re.compile(rf"\b(?:does|do|did)\s+{_A}\s+connect\s+(?:to|with)\s+{_B}{_END}", re.I),
        re.compile(rf"\bconnects?\s+{_A}\s+(?:to|with|and)\s+{_B}{_END}", re.I),
    ],
    SANCTIONS_NEAR.name: [
        re.compile(rf"\b(?:is|are|was|were)\s+{_X}\s+{_ADV}?(?:near|close\s+to|within|connected\s+to|linked\s+to|"
                   rf"exposed\s+to|adjacent\s+to|next\s+to|{SEP}|tied\s+to|related\s+to)", re.I),
        re.compile(rf"\bhow\s+(?:close|far|near)\s+(?:is|are)\s+{_X}\s+(?:to|from)\b", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:proximity|distance|closeness)\s+to\b", re.I),
        re.compile(rf"\b(?:is|are|was|were)\s+{_X}\s+sanctioned\s*{_END}", re.I),
        re.compile(rf"\b(?:counterparties|entities|companies|names|issuers)\s+of\s+{_X}\s+(?:that\s+are\s+)?(?:{SEP}|near|within|close)", re.I),
    ],
    CYCLES.name: [
        re.compile(rf"\bbetween\s+(?P<ab>.+?){_END}", re.I),
        re.compile(rf"\b(?:does|do|did|is|are)\s+{_X}\s+(?:have|has|involved\s+in|part\s+of|in)\s+(?:any\s+|a\s+)?"
                   rf"(?:circular|cross|cycles?|loops?|reciprocal|mutual)", re.I),
        re.compile(rf"\b(?:around|involving|of|for|in|at|including|touching|with)\s+{_X}{_END}", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:cross[- ]?holdings?|circular|cycles?|related\s+part)", re.I),
    ],
    PARENTS.name: [
        re.compile(rf"\b(?:(?:direct|ultimate|accounting|consolidated)\s+)?(?:subsidiar(?:y|ies)|children|child\s+"
                   rf"(?:entities|companies))\s+(?:of|for)\s+{_X}{_END}", re.I),
        re.compile(rf"\b(?:subsidiar(?:y|ies)|children|child\s+(?:entities|companies))\s+(?:does|do|has|have)\s+{_X}\s+"
                   rf"(?:have|has|own|consolidate)\b", re.I),
        re.compile(rf"\b(?:parents?|parent\s+(?:company|companies|entity|entities)|holding\s+company|group\s+head|"
                   rf"top(?:most)?\s+(?:entity|company)|reporting\s+exceptions?|consolidating\s+(?:entity|parent))"
                   rf"\s+(?:of|for|above)\s+{_X}{_END}", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:\w+\s+)?(?:parents?|parent\s+company|holding\s+company|reporting\s+exceptions?)\b", re.I),
        # "what reporting exceptions does X have", "does X report any reporting exception"
        re.compile(rf"\b(?:reporting\s+)?exceptions?\s+(?:does|do|did|has|have|had)\s+{_X}\s+{_ADV}?"
                   rf"(?:have|has|had|report(?:ed)?|file[ds]?|declare[ds]?|state[ds]?|give[ns]?|list|lodge[ds]?)\b", re.I),
        re.compile(rf"\b(?:does|do|did|has|have|had)\s+{_X}\s+(?:have|has|report(?:ed)?|file[ds]?|declare[ds]?|"
                   rf"state[ds]?|lodge[ds]?)\s+(?:any\s+|a\s+|an\s+)?(?:\w+\s+)?reporting\s+exceptions?\b", re.I),
        re.compile(rf"\bwhy\s+(?:is|are|was|does|do|did|has|have)\s+(?:there\s+)?no\s+(?:\w+\s+)?parent\s+"
                   rf"(?:\w+\s+)?(?:for|of)\s+{_X}{_END}", re.I),
        re.compile(rf"\bwhy\s+(?:does|do|did|has|have|is|are)\s+{_X}\s+(?:have|has|report|reporting|list|show)?\s*"
                   rf"no\s+(?:\w+\s+)?parent", re.I),
        re.compile(rf"\bwho\s+{_ADV}?(?:consolidates|is\s+consolidating)\s+{_X}{_END}", re.I),
        re.compile(rf"\b(?:is|are|was)\s+{_X}\s+{_ADV}?consolidated\s+(?:by|into|in)\b", re.I),
        re.compile(rf"\bwhich\s+group\s+(?:does|is)\s+{_X}\s+(?:belong|part|in)", re.I),
    ],
    QUALITY.name: [  # optional: the issues about one entity
        re.compile(rf"\b(?:issues?|problems?|warnings?|flags?|errors?|inconsistenc(?:y|ies)|anomal(?:y|ies))\s+"
                   rf"(?:(?:that\s+|which\s+)?appl(?:y|ies|ying)\s+to|for|of|about|with|on|concerning|affecting|regarding|"
                   rf"around)\s+{_X}{_END}", re.I),
        re.compile(rf"\b(?:issues?|problems?|warnings?|flags?|errors?)\s+(?:does|do|did|has|have)\s+{_X}\s+"
                   rf"(?:have|has|had|hold|holds|show|shows|carry|carries|raise)\b", re.I),
        re.compile(rf"\b(?:does|do|did|is|are|has|have)\s+{_X}\s+(?:have|has|show|carry|hold|raise)\s+(?:any\s+|a\s+)?"
                   rf"(?:data[- ]quality|quality|missing\s+stakes?|dangling|stub|self[- ]holding|issues?|problems?|warnings?)", re.I),
        re.compile(rf"\b(?:is|are)\s+{_X}\s+(?:a\s+)?(?:stubs?|dangling|self[- ]held)\b", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:data[- ]quality|quality)\s+(?:issues?|problems?|warnings?|flags?)\b", re.I),
    ],
    DIFF.name: [
        re.compile(rf"\b(?:ownership|control|shareholders?|owners?|structure|ownership\s+structure|control\s+structure|"
                   rf"shareholding|parents?|holdings?|exposure)\s+(?:of|at|in|for|around)\s+{_X}{_END}", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:\w+\s+)?(?:ownership|control|structure|owners|shareholders|parents?|shareholding)\b", re.I),
        re.compile(rf"\bhow\s+(?:did|has|have)\s+{_X}\s+(?:\w+\s+){{0,2}}chang", re.I),
        re.compile(rf"\bchanged?\s+(?:for|at|in|about|around|with)\s+{_X}{_END}", re.I),
    ],
}

_GROUP_RE = [
    re.compile(rf"^(?:anything|everything|all|whatever|what|those|any\s+(?:company|entity|firm)|(?:all\s+)?(?:the\s+)?"
               rf"(?:companies|entities|firms|issuers|names|subsidiaries|businesses))\s+(?:that\s+|which\s+)?{_X}\s+"
               rf"{_ADV}?(?:controls?|owns?|runs?|holds?)$", re.I),
    re.compile(rf"^(?:anything|everything|all|any|(?:all\s+)?(?:the\s+)?(?:companies|entities|firms|issuers|names|subsidiaries|"
               rf"businesses))\s+{_ADV}?(?:controlled|owned|run|held)\s+by\s+{_X}$", re.I),
    re.compile(rf"^(?:the\s+)?(?:group\s+of|companies\s+of|subsidiaries\s+of)\s+{_X}$", re.I),
]
_FAMILY_NAME = re.compile(r"^(?:the\s+)?(?P<n>.+?\s+(?:family|clan|dynasty))(?:'s)?$", re.I)
_AND_SPLIT = re.compile(r"\s+(?:and|&|to)\s+", re.I)


# "control path", "ownership chain": the path question is about ownership and control only; any
# other wording ("is X connected to Y", "how is the fund linked to the bank") follows every kind
_CONTROL_PATH_RE = re.compile(
    r"\b(?:ownership|control|controlling|shareholding)\s+(?:path|chain|route|link|connection)s?\b|"
    r"\b(?:path|chain|route|link|connection)s?\s+of\s+(?:ownership|control)\b", re.I)


def path_kinds(text: str, channels: Sequence[str] | None = None) -> tuple[str, ...]:
    """The relationship kinds a path question follows: the channels it names ("via guarantees")
    where they are path kinds, ownership and control for a "control path", else every kind."""
    named = tuple(c for c in channels or () if c in PATH_KINDS)
    if named:
        return named
    return CONTROL_PATH_KINDS if _CONTROL_PATH_RE.search(text) else PATH_KIND_NAMES
