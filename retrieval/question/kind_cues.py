"""Words that signal each question kind, as data, scored (issue 30: analysts' own words).

The kinds' keyword rules (``retrieval.kinds.<kind>.RULE``) are exact shapes tried in order; a
question worded another way ("which individuals own or control X", "what X holds", "the Valtora
group's perimeter", "fka names for X", "a credit event at X") matches none of them, or the wrong
one. Here each kind has cues: synonyms and morphological variants of its words (stakes, holds,
held, holdings, participations; lent, lenders, financed, backstop; renamed, fka, used to be
called), trade words (UBO, cap table, topco, DQ, SDN, look-through), word order free. A
question's score for a kind is the sum of the weights of its cues that match; the best kind wins
when it reaches :data:`SURE`, ties going to the kind tried first (the vocabulary's precedence).

The parser asks the cues when no rule matched (``kind_by_cues``), and lets them overrule a rule
whose kind has only weak cues in the question while another kind has strong ones
(``overruled``); once the anchors are found, it weighs them against the number of names
(``parser._by_names_found``). The text is the parser's working copy: names masked, dates consumed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ownergraph.retrieval.question.work_text import MASK_WORD
from ownergraph.domain.vocabulary import (
    BRANCHES, CONTAGION, COUNTERPARTIES, CYCLES, DIFF, EVENTS, EXPOSURE, GROUP, HOLDINGS, NAMES, NEIGHBOURHOOD,
    OWNERS, PARENTS, PATH, QUALITY, SANCTIONS_NEAR, SCREENING, STAKE,
)

# a date the question names as its own ("as at the relevant date. The relevant date is D", "the reporting
# date"): the as-of day, not an event asked about
_NOT_A_NAMED_DATE = "".join(rf"(?<!\b{w}\s)" for w in (
    "relevant", "reference", "reporting", "valuation", "value", "key", "record", "effective", "cut-off", "cutoff"))

__all__ = ["BOTH_WAYS", "BROAD", "CUES", "LINK_KIND", "OUR_HOLDING", "OUR_POSITIONS", "REFINED", "SURE", "best_kind", "cue_scores", "kind_by_cues", "overruled", "refined"]

SURE = 3  # the score a kind needs to be chosen by its cues
# kinds whose rules take generic words ("ownership", "connected to ... and", "holding in"): their
# weak cues alone do not stand against another kind's strong ones
BROAD = frozenset({OWNERS.name, PATH.name, STAKE.name})
_OWN = r"(?:own|owns|owned|owning|hold|holds|held|control|controls|controlled|controlling)"
_STAKE = r"(?:stakes?|shareholdings?|holdings?|interests?|participations?|positions?|equity|investments?)"
_WHO = r"(?:individuals|persons|people|entities|companies|parties|shareholders|investors|owners|firms|names)"
_GROUPISH = r"(?:compan(?:y|ies)|entit(?:y|ies)|subsidiar(?:y|ies)|subs|undertakings?|businesses|firms)"
_PRON = r"(?:it|he|she|they)"
_HOPS = r"(?:hops?|steps?|degrees?|links?|levels?|layers?)"
_SANCTION = r"(?:sanction\w*|sdn|ofac|ofsi|designated|black-?list\w*|embargo\w*)"
_BOOK = r"(?:book|portfolios?|positions?|holdings|investments|exposures?|issuers|names\s+we\s+hold)"
# the asker's own book by its owner's name: a pension scheme's trustees ask of "the scheme" (the firm's book)
_SCHEME = r"(?:scheme|plan|pension\s+(?:scheme|plan|fund)|mandate)"
# the asker's own positions: "our holdings in X", "the bank's book holdings in X", counsel's "Your
# holdings in X", "every position You held in X" (the holder is us, not X)
OUR_POSITIONS = (rf"\b(?:our|your|the\s+(?:bank|firm|authority|fund|company|group|insurer|{_SCHEME})'?s)\s+"
                 # any words that size or place it: "our aggregate position in", "the bank's total book holdings in"
                 r"(?:(?:book|own|total|aggregate|overall|combined|gross|net|current|entire|whole)\s+){0,2}"
                 # (a date between the words: "our total holding as of today's run in X")
                 r"(?:holdings?|positions?|exposures?|investments?)\s+(?:(?:as\s+(?:of|at)|at|on|\u241e)[^.?!;:\ue000]{0,40}?\s)?"
                 r"(?:in|to|on|against)\b|"
                 r"\bpositions?\s+(?:that\s+)?(?:you|we)\s+(?:held|hold|have|had)\b|"
                 # "how much we hold in X", "how much do we have in X"
                 r"\bhow\s+much\s+(?:do\s+|did\s+)?(?:we|you)\s+(?:still\s+)?(?:hold|held|have|had)\s+(?:in|of)\b")
# the firm itself as the holder ("what did the firm hold in X", "what the bank had on its book against
# X", "our total holding across X and its subs", "how exposed is this place to X"): our book, not X's
# group, stakes or lenders
_WE = rf"(?:we|our|the\s+(?:firm|bank|house|fund|desk|{_SCHEME})|this\s+(?:place|firm|bank|house|desk|fund|{_SCHEME}))"
OUR_HOLDING = (rf"\b(?:what|how\s+much)\s+(?:did|does|do|has|had|have)\s+{_WE}\s+(?:(?:still|currently)\s+)?(?:hold|have|carry)\b"
               r"(?!\s+(?:shares|stakes?|equity|interests?)\s+in\b)|"
               r"\b(?:our|the\s+(?:firm|bank|fund)'?s)\s+(?:(?:total|aggregate|overall|combined|entire|gross|net)\s+)+"
               r"(?:holdings?|positions?|exposures?)\b|"
               rf"\bhow\s+(?:much\s+|heavily\s+)?exposed\s+(?:is|are|was|were)\s+{_WE}\b|"
               # "how much the scheme had invested in X", "what we had put into X": the amount the book placed
               rf"\b(?:what|how\s+much)\s+(?:(?:did|does|do|has|had|have)\s+{_WE}|{_WE}\s+(?:has|had|have))\s+"
               r"(?:(?:still|currently)\s+)?(?:invested|invest|put|placed|lent)\b(?=[^.?!;]{0,60}?\b(?:in|into|with)\b)|"
               # a questionnaire's "report the aggregate position in X": a total with no other holder is the book's
               r"\b(?:report|state|give|provide|show|set\s+out)\s+the\s+(?:total|aggregate|overall|combined)\s+"
               r"(?:holdings?|positions?|exposures?)\b|"
               rf"\b{_WE}\s+(?:have|has|had|hold|holds|held|carr(?:y|ies|ied))\s+on\s+(?:its|our|the|their)\s+books?\b")
# a shift of work ("left open for the morning shift"), not a shift in the figures
_WORK_SHIFT = "".join(rf"(?<!\b{w}\s)" for w in ("morning", "evening", "night", "late", "early", "next", "day", "this", "your", "my", "our"))

# words of coming onto a register and of leaving it: a pair of them asks what changed
_CAME_IN = r"(?:added|joined|entered|arrived|appeared|admitted|came\s+(?:in|onto|on)|new(?:comers?)?|incoming)"
_WENT_OUT = r"(?:removed|left|exited|departed|disappeared|dropped(?:\s+off|\s+out)?|fell\s+off|went|ceased|outgoing|leavers?)"
# one word of coming in or going out, unpaired ("who was added to the register"): with a date
# range, the change between its dates
TURNOVER = re.compile(rf"\b{_CAME_IN}\b|\b{_WENT_OUT}\b(?!\s+(?:under|down|bust)\b)", re.I)
# a majority at every step of a chain: the group (not the direct holdings)
_MAJORITY = r"(?:majorit\w*|more\s+than\s+(?:half|50\s*(?:%|per\s*cent|percent))|over\s+(?:half|50\s*(?:%|per\s*cent|percent))|>\s*50\s*%)"
_EVERY_STEP = (r"(?:chains?|at\s+(?:any|every|each)\s+(?:depth|level|step|tier)|(?:all|every|each)\s+(?:levels?|steps?|tiers?)|"
               r"indirect\w*|further\s+down|all\s+the\s+way\s+down|down\s+the\s+(?:chain|line|tree)|whole\s+tree|cascad\w*|"
               # "directly or via subsidiaries", "or through its subsidiaries": the chain below
               r"(?:directly\s+)?or\s+(?:via|through|by\s+way\s+of)\s+(?:its\s+|their\s+|other\s+)?(?:subsidiar\w*|subs|intermediate\s+\w+))")
# a kind of link, as a list of them names it ("ownership, consolidation, lending", "direct owners, direct holdings")
LINK_KIND = (r"(?:(?:direct|immediate)\s+)?(?:ownership|owners|shareholders|holdings|investees|subsidiaries|subs|parents|control(?:\s+links)?|"
              r"consolidation|lending|lenders|borrowers|loans|guarantees?|guarantors|financing|funding|associat(?:ion|ions|es|ed))")
# a link either way: to or from, up or down
BOTH_WAYS = (r"(?:to\s+or\s+from|from\s+or\s+to|(?:up|down)stream\s+(?:or|and)\s+(?:down|up)stream|up\s+or\s+down|down\s+or\s+up|"
              r"(?:in\s+)?either\s+direction|either\s+way|both\s+ways|both\s+directions|above\s+(?:or|and)\s+below|"
              r"inbound\s+(?:or|and)\s+outbound)")

# kind -> (cue, weight): 3 decides alone, 2 and 1 only together
CUES: dict[str, tuple[tuple[str, int], ...]] = {
    NAMES.name: (
        (r"\buse[ds]?\s+to\s+be\s+(?:called|known|named)|\bbefore\s+(?:its|their|the)\s+(?:current|present|new)\s+name\b|\b(?:formerly|previously|once|originally)\s+(?:called|known|named)\b|"
         r"\bf\.?k\.?a\b|\bf/k/a\b|\ba\.?k\.?a\b|\b(?:old|other|previous|former|prior|earlier|past|trading|alternative)\s+names?\b|"
         rf"\btrad(?:e|ed|es|ing)\s+under\b|\bname\s+(?:history|changes?|variants?)\b|\brenam\w*|\bidentifiers?\b|\blei\b(?!\s*:?\s*(?:code\s+)?(?:{MASK_WORD}|[A-Z0-9]{{20}}))|"
         rf"\b(?:company|registration|registered|incorporation)\s+(?:number|no)\b(?!\.?\s*:?\s*(?:\d|{MASK_WORD}|[\"\u201c\[]))|\breg(?:istration)?\.?\s+(?:no|number|num)\b|\balias(?:es)?\b|\bwhat\s+(?:is|was|were)\b.{0,60}\bcalled\b|"
         r"\bwhat\b.{0,60}\b(?:is|was|were)\s+(?:\w+\s+)?(?:called|named)\b|\bhow\s+(?:is|was|were)\s+(?:\w+\s+)?called\b|"
         r"\b(?:go|goes|went|gone)\s+by\b|\bwho\s+(?:is|'s)\s+(?:that|this)\b|\b(?:which|what)\s+(?:legal\s+|registered\s+|corporate\s+)?(?:entity|company|firm|party|fund|person)\s+is\s+(?:that|this|it)\b|\b(?:ever|once|previously|before)\s+(?:been\s+)?(?:called|named|known\s+as)\b|\bspellings?\b|\bknown\s+under\b|\bsuccessors?\b|\b(?:which|what)\s+name\b|"
         r"\b(?:registered|recorded|filed|listed|known)\s+(?:under|with)\s+(?:the\s+)?lei\b|"
         # "the legal entity to which LEI X is assigned"
         rf"\b(?:lei|identifier|code)\s+(?:{MASK_WORD}|[A-Z0-9]{{20}})\s+(?:is|was|has\s+been)\s+(?:assigned|issued|allocated)\b|"
         rf"\bwhat\b.{{0,60}}\bknown\s+as\b(?!\s+{MASK_WORD})|"  # "what was X known as at D" (not "the company known as X")
         r"\bwhose\s+(?:is\s+(?:it|this|that)|lei|(?:registration\s+)?number|code)\b|\b(?:behind|bears?|holds?|has|have|had|carries|uses)\s+(?:the\s+|this\s+|that\s+)?lei\b|"
         rf"\b(?:which|what)\s+(?:legal\s+)?(?:entity|company|firm|party|fund)\s+(?:does|do|did)\s+(?:lei\s+)?(?:{MASK_WORD}|[A-Z0-9]{{20}})\s+belong\s+to\b|"
         rf"\bwho\s+{MASK_WORD}\s+is\b|\bwho\s+(?:is|was|'s)\s+{MASK_WORD}(?!'s)\s*(?:\?|$|[.!,;])|\b(?:which|what)\s+entity\s+is\s+{MASK_WORD}|\b(?:which|what)\s+entity\b.{{0,60}}\brefers?\s+to\b", 3),
        (r"\bcalled\b|\bnamed?\b|\bknown\s+as\b", 1),
    ),
    BRANCHES.name: (
        (r"\bbranch(?:es)?\b|\bhead[\s-]+office\b|\bheadquarters\b|\blocal\s+offices?\b|\bestablishments?\b", 3),
        (r"\bbelongs?\s+to\b|\bpart\s+of\b", 1),
        (r"\bbranch\s+of\b|\bhead[\s-]+office\b", 1),
    ),
    EVENTS.name: (
        (r"\btimeline\b|\bchronolog\w*|\bcorporate\s+actions?\b|\bhow\s+long\s+ago\b|\bsince\s+when\b|\bwhat\s+year\b|"
         r"\bon\s+what\s+date\b|\bwhat\s+date\b|\bdate\s+of\s+the\b|(?<!credit\s)(?<!in\sthe\s)\bevents?\b|\bm&a\s+history\b|\bcommencement\b|"
         r"\bdates?\s+on\s+which\b|\bcorrect(?:ed|ion)\b|\bdisposals?\b|\bwhat\s+(?:has\s+|had\s+)?happened\s+(?:to|with)\b", 3),
        (r"\bwhen\s+exactly\b|\bexactly\s+when\b|\bon\s+which\s+date\b", 3),
        (r"\bwhen\b", 2),
        (r"\b(?:sell|sold|buy|bought|acquir\w*|dispos\w*|divest\w*|exit(?:ed)?)\b", 1),
        (rf"\bhistory\b|{_NOT_A_NAMED_DATE}\bdated?\b|\babsorb\w*|\bmerged?\s+(?:into|with)\b|\b(?:took|taken)\s+(?:\w+\s+)?over\b|"
         r"\b(?:de)?listed\b|\brestated\b", 1),
    ),
    QUALITY.name: (
        (r"\bdata\s+(?:quality|issues?|problems?|gaps?|errors?|hygiene|integrity|checks?|exceptions?|flaws?|defects?)\b|"
         r"\bdq\b|\bgaps?\b|\binconsisten\w*|\banomal\w*|\bstubs?\b|\bdangling\b|\bbroken\s+(?:links?|ref\w*)|"
         r"\bmissing\s+(?:stakes?|percent\w*|pcts?|%|data|links?|shares?)|\btotals?\s+(?:over|above)\b|"
         r"\bno\s+percentage\s+(?:holding\s+)?(?:was\s+)?recorded\b|\bwithout\s+(?:a\s+)?percentage\b|\b(?:over|above|more\s+than|exceed\w*)\s+100\b|"
         r"\bself[- ]hold\w*|\bsanity\b|\b(?:do|does|don'?t|doesn'?t)\s+(?:not\s+)?add\s+up\b|\badd\s+up\s+to\s+more\b|"
         r"\bdata\s+(?:is|are)\s+(?:wrong|off|bad)\b|\bconsisten\w*|\bincomplete\b|"
         # counsel's words: "any deficiency in the ownership records of X"
         r"\b(?:deficienc(?:y|ies)|shortcomings?|irregularit(?:y|ies)|defects?)\s+in\s+(?:the\s+|its\s+|our\s+)?(?:\w+\s+)?(?:data|records|register)\b|"
         r"\b(?:errors?|mistakes?|issues?|problems?|gaps?|holes?)\s+in\s+(?:the\s+|our\s+)?(?:\w+\s+)?(?:data|records|graph|register)\b|"
         # (not "the correct percentage": the figure asked for)
         r"\b(?:data|records|figures|numbers|register)\b.{0,60}\b(?:reliable|accurate|trustworthy|correct|complete|up\s+to\s+date)\b"
         r"(?!\s+(?:percentage|figure|stake|share|number|amount|value|%|one|date|name|holding)s?\b)|"
         r"\b(?:reliab\w*|accura\w*|trustworth\w*|completeness)\b.{0,30}\b(?:of\s+)?(?:the\s+)?(?:data|records)\b|"
         r"\bdata\b.{0,40}\b(?:problems?|issues?|clean|dirty|messy|errors?)\b|"
         r"\b(?:no|without\s+(?:a|any)?)\s*(?:stake|percentage|share|%|pct)\s+(?:recorded|given|published|stated|known|on\s+(?:file|record))\b|"
         r"\bmissing\s+(?:any\s+|some\s+)?(?:stake|holding|share)\s+(?:sizes?|percentages?|figures?)\b|"
         r"\b(?:holders?|shareholders?|owners?|which|who)\b.{0,20}\b(?:has|have|had|carries|shows?)\s+no\s+(?:stake|percentage|%|pct)\b|"
         # any record that lacks its figure: "a holding that has no percentage", "lacking a stated stake"
         r"\b(?:(?:has|have|had|carr(?:y|ies)|shows?)\s+no|lack(?:s|ing)?\s+(?:a|any)?)\s*(?:stated\s+|recorded\s+|published\s+)?"
         r"(?:stake|percentage|%|pct)\b(?!\s+(?:in|of)\b)|"
         r"\bimplausible\b|\bdiscrepanc\w*", 3),
    ),
    DIFF.name: (
        (rf"\bchang\w*|\bmov(?:e|ed|es|ements?)\b|\bdelta\b|\bdiff\w*|\bcompar\w*|{_WORK_SHIFT}\bshift\w*|\bevol\w*|\bwhat'?s\s+new\b|"
         r"\bbefore\s+and\s+after\b|\broll(?:s|ed|ing)?[- ]forward\b|"
         # "who joined or left the register of X between D1 and D2"
         r"\b(?:joined|left|entered|exited)\s+or\s+(?:joined|left|entered|exited)\b|"
         # "who came onto, or left, the register", "each Person that became, or ceased to be, a shareholder"
         r"\b(?:joined|entered|came\s+onto|became)\s*,\s+or\s+(?:left|exited|dropped\s+off|ceased\s+to\s+be)\b|"
         r"\bbecame\s+or\s+ceased\s+to\s+be\b|"
         # any word of coming in paired with one of going out ("added to or removed from", "new and departed holders")
         rf"\b{_CAME_IN}\b(?:\s+\w+)?\s*,?\s+(?:or|and|and/or)\s+(?:\w+\s+)?{_WENT_OUT}\b|"
         rf"\b{_WENT_OUT}\b(?:\s+\w+)?\s*,?\s+(?:or|and|and/or)\s+(?:\w+\s+)?{_CAME_IN}\b|"
         # the pair in two clauses: "who came in, who left", "which holders were added; which dropped out"
         rf"\b(?:who|which)\s+(?:\w+\s+){{0,2}}{_CAME_IN}\b[^?.!]{{0,30}}?[,;/]\s*(?:and\s+|or\s+)?(?:who|which)\s+(?:\w+\s+){{0,2}}{_WENT_OUT}\b|"
         rf"\b(?:who|which)\s+(?:\w+\s+){{0,2}}{_WENT_OUT}\b[^?.!]{{0,30}}?[,;/]\s*(?:and\s+|or\s+)?(?:who|which)\s+(?:\w+\s+){{0,2}}{_CAME_IN}\b|"
         r"\b(?:joined|entered|came\s+onto|dropped\s+off|fell\s+off)\s+(?:the\s+)?(?:share\s*)?(?:register|cap\s+table)\b", 3),
        (r"\bversus\b|\bvs\.?(?=\s)", 2),
        # an auditor's bridge (reconciliation) of a register between two dates
        (r"\bbridg(?:e|es|ed|ing)\b", 2),
        (r"\u0394|\bdelta\b", 3),  # "Δ shareholders X D1 vs D2"
    ),
    CONTAGION.name: (
        (r"(?<!credit\s)\bdefault\w*(?!\s+swaps?\b)|\bcredit\s+event\b|\binsolven\w*|\bbankrupt\w*|\b(?:goes|go|went|going)\s+(?:under|bust|belly[- ]up)\b|"
         r"\bcollaps\w*|\bblows?\s+up\b|\bfail(?:s|ed|ure|ing)?\b|\bwiped\s+out\b|\bknock-?on\b|\bsecond[- ]round\b|"
         r"\bspill-?overs?\b|\bdomino\b|\bcontagion\b|\bripple\b|\b(?:went|goes|go|going)\s+down\b|"
         r"\b(?:can'?t|cannot|can\s+not|could\s+not|couldn'?t|unable\s+to|fail(?:s|ed)?\s+to|stop(?:s|ped|ping)?|ceas(?:e|es|ed)\s+to)\s+"
         r"(?:pay|paying|service|servicing|meet|meeting|repay|repaying)\b|\bout\s+of\s+pocket\b|"
         r"\b(?:bear|bears|take|takes|suffer|suffers|absorb|absorbs)\s+(?:the\s+|any\s+)?loss(?:es)?\b", 3),
        (r"\bon\s+the\s+hook\b|\btakes?\s+a\s+hit\b|\blose[s]?\s+money\b|\bgets?\s+hurt\b|\bwho\s+(?:suffers|loses)\b|(?<!direct[- ])(?<!direct\s)\bhit\b(?![- ]?(?:check|rate|list))", 2),
    ),
    SCREENING.name: (
        (rf"\b(?:our|the|in|across)\s+(?:\w+\s+)?{_BOOK}\b.{{0,100}}\b{_SANCTION}|\b{_SANCTION}.{{0,100}}\b(?:our|the)\s+(?:\w+\s+)?{_BOOK}\b|"
         rf"\bwe\s+(?:hold|holding|have|own|lend)\b.{{0,100}}\b{_SANCTION}|\bbook[- ]wide\b|"
         rf"\b(?:any|which|what)\s+(?:\S+\s+)?(?:names|issuers|positions|holdings|loans)\b.{{0,80}}\b{_SANCTION}|"
         rf"\b{_SANCTION}\s+(?:names|issuers|positions|holdings|loans)\s+in\b", 5),
        (rf"\b(?:positions?|holdings?|book|portfolios?|issuers?)\b.{{0,100}}\b{_SANCTION}|"
         rf"\b{_SANCTION}.{{0,100}}\b(?:positions?|holdings?|book|portfolios?|issuers?)\b|\bscreen\w*", 1),
    ),
    SANCTIONS_NEAR.name: (
        # "listed in its own right" (a direct hit, not through an owner), "by which authority / regime"
        (rf"\b{_SANCTION}|\blisted\s+in\s+(?:its|his|her|their)\s+own\s+right\b|"
         r"\b(?:which|what)\s+(?:sanctions?\s+)?(?:authorit(?:y|ies)|regimes?)\b", 3),
    ),
    NEIGHBOURHOOD.name: (
        (rf"\bneighbou?r\w*|\bwithin\s+(?:\w+[- ])?{_HOPS}|\b(?:one|two|three|1|2|3)[- ](?:hop|step|degree)s?\b|"
         rf"\bup\s+to\s+\w+\s+{_HOPS}|\bsurrounding\b|\bimmediate\s+(?:connections|relationships|neighbou?rs|network|links|ties)\b|"
         rf"\bdirectly\s+(?:connected|linked|related|tied)\s+(?:to|with)\b|\b(?:everything|anything|all\s+(?:the\s+)?(?:entities|companies|parties))"
         rf"\s+(?:\w+\s+)?(?:connected|linked|related|attached|tied)\s+to\b|\bego\b|\bnetwork\b|"
         rf"\b(?:map|show)\b.{{0,40}}\b(?:connections|relationships|links|ties)\b|\bconnections?\s+of\b|\bwhat'?s\s+around\b|"
         r"\bdirect\s+connections?\b|\ball\s+(?:link|relationship|edge|connection)\s+types\b|"
         r"\btouch(?:es|ing|ed)?\b|\bby\s+any\s+(?:relation\w*|link|edge|kind)\b|"
         r"\brelationships?\s+of\s+any\s+(?:kind|type|sort)\b|\bdirect\s+relationships\b|\bdirectly\s+(?:related|linked|connected)\b|"
         r"\b(?:one|1)\s+(?:relationship|link|edge)\s+away\b|"
         # "one ownership or control link away from X", "one step from X, up or down"
         r"\b(?:one|1|a\s+single)\s+(?:[\w/-]+\s+){0,3}?(?:relationship|link|edge|step|hop)\s+(?:away\s+)?from\b|"
         r"\b(?:direct|immediate)\s+(?:links?|ties|connections?)\s+(?:of\s+any\s+(?:kind|type|sort)\s+)?(?:to|with)\b|"
         r"\b(?:direct\s+)?(?:owners|shareholders|parents)\s*(?:\+|&|/|,|and)\s*(?:\w+\s*(?:\+|&|/|,|and)\s*)?(?:direct\s+)?(?:subs|subsidiaries|investees)\b|"
         r"\bdirect\s+ownership\s+relation\w*|\bfirst[- ]degree\b|"
         r"\b(?:owners|parents|shareholders|investors)\s+and\s+(?:(?:its|their|the|direct)\s+)?(?:subsidiaries|holdings|children|"
         r"investments|investees|participations)\b|"
         # every kind of link: "across ownership, lending and any other link", "direct owners, direct holdings and control links"
         rf"\b(?:and|or)\s+(?:any|every|all)\s+other\s+(?:kinds?\s+of\s+)?(?:links?|relationships?|connections?|ties)\b|"
         rf"\b{LINK_KIND}\s*,\s*(?:{LINK_KIND}\s*,\s*)*{LINK_KIND}\s*,?\s+(?:and|or|&)\s+{LINK_KIND}|"
         r"\bimmediate\s+(?:counterparts|relations)\b", 3),
        (r"\baround\b|\b(?:through|via|of)\s+any\s+(?:type\s+of\s+|kind\s+of\s+)?(?:relation\w*|link|edge|kind|type)\b|"
         r"\bin\s+(?:either|both|any)\s+directions?\b|\bup\s+or\s+down\b|\b(?:up|upstream)\s+and\s+(?:down|downstream)\b", 2),
    ),
    STAKE.name: (
        (r"\b(?:what|which|the)\s+(?:percent(?:age)?|per\s*cent|%|share|proportion|fraction|portion)\s+of\b|"
         rf"{MASK_WORD}(?:'s)?\s*(?:%|pct|percent|holding|stake|interest|shareholding)\s+in\s+{MASK_WORD}|"
         rf"\b(?:still\s+)?(?:held|holds?|had|has)\s+any\s+(?:shares|stake|interest)\s+in\s+{MASK_WORD}|"
         rf"\bhow\s+(?:big|large|much|significant)\s+is\b.{{0,60}}\b{_STAKE}\s+in\b|"
         # (not "the amount of Your holdings in X": our own positions, an exposure)
         rf"\b(?:size|percentage|level|amount)\s+of\b(?!\s+(?:your|our)\b).{{0,60}}\b{_STAKE}\s+in\b|"
         r"\b(?:effective|economic|look-?through|indirect|attributable|aggregate)\s+(?:stake|interest|ownership|holding|%|percent)|"
         r"\b(?:percent(?:age)?|proportion|share|fraction|portion)\s+(?:that|which)\b.{0,60}\b(?:holds?|owns?|has|controls?)\b|"
         r"\bhow\s+much\s+of\b.{0,80}\b(?:belongs?\s+to|owns?|holds?|owned|held|controls?)\b|"
         r"\b(?:what|which)\s+(?:stake|shareholding|holding|percentage|share|interest|part|proportion)\s+(?!of\s+(?:the\s+)?(?:book|portfolio))|"
         r"\bhow\s+(?:much|many)\s+(?:percent|per\s*cent|%)|\bhow\s+(?:big|large)\s+is\s+the\s+(?:part|share|stake|portion)\b|"
         r"\b(?:percentage|stake|share)\s+(?:that\s+)?\S+(?:\s+\S+){0,6}\s+(?:holds?|owns?|has|had|held)\s+in\b|\bpercentage\s+in\b|"
         r"'s?\s+(?:share|stake|percentage|interest|holding|shareholding)\s+(?:of|in)\b|"
         r"\b(?:what|which|how\s+many)\s+(?:%|pct|percent(?:age)?|per\s*cent)(?=\s|$)|(?:%|\bpct)\s+(?:held|owned)\b|"
         r"\b(?:stake|interest|shareholding|holding|percentage|share)\s+(?:held|owned)\s+by\s+(?!(?:the\s+)?(?:firm|bank|us)\b).{1,80}?\s+in\b|"
         r"\b(?:what|which|how\s+(?:big|large|much))\b.{0,80}\bshare\s+(?:in|of)\b|\bwhat\s+size\b|\bhow\s+big\b|"
         rf"\b(?:does|do|did)\s+{MASK_WORD}\s+(?:still\s+)?(?:own|hold|control)\s+(?:any\s+|a\s+stake\s+in\s+|shares\s+in\s+)?{MASK_WORD}", 3),
        (rf"\b{_STAKE}\s+in\b|\bhow\s+much\s+of\b|%\s+of\b|\bpercent\s+of\b", 2),
        (r"\b(?:stake|shareholding)\s+in\b", 1),  # with the line above: 3, a stake question on its own
    ),
    EXPOSURE.name: (
        (r"\bexpos\w*|\bhow\s+much\s+(?:are|do|have|did)\s+we\b|\bhow\s+much\s+(?:we|i)\s+(?:have\s+|had\s+)?(?:lent|hold|held|own|invested|lend)\b|\b(?:do|did)\s+we\s+(?:hold|have|own|lend)\b|"
         r"\b(?:we|the\s+book|our\s+book|our\s+portfolio)\s+(?:already\s+|currently\s+)?(?:hold|holds|have|has|own|owns)\s+(?:under|against|on|with)\b|"
         r"\bhow\s+much\s+of\s+(?:our|the)\s+(?:book|portfolio|positions?)\b|\b(?:book|we)\b.{0,20}\bsits?\s+with\b|"
         r"\bwe\s+(?:are\s+)?carr(?:y|ying)\b|\bpositions?\s+(?:held|taken)\s+by\s+(?:the\s+firm|us|the\s+bank)\b", 3),
        (r"\bour\s+(?:book|positions?|holdings?|loans?|lines?|limits?)\b|\bwe\s+(?:hold|have|own)\b", 2),
        (OUR_POSITIONS, 1),  # with "our" above: 3
        (r"\byour\s+(?:book\s+)?(?:holdings?|positions?)\s+in\b|\bpositions?\s+you\s+(?:held|hold|had)\b", 2),
    ),
    COUNTERPARTIES.name: (
        (r"\blen(?:d|ds|der|ders|ding|t)\b|\bloans?\b|\bfinanc(?!ial\b)\w*|\bbankroll\w*|\bcreditors?\b|\bborrow\w*|\bguarant\w*|\bbackstop\w*|"
         r"\bsuret(?:y|ies)\b|\bcredit\s+(?:facilit\w*|lines?)\b|\bfacilit(?:y|ies)\b|"
         r"\bextend(?:ed|s|ing)?\s+(?:credit|loans?|financing|facilities)\b|"
         r"\bprovid\w*\s+(?:the\s+)?(?:credit|finance|financing|funding|loans?)\b|\bcredit\s+providers?\b", 3),
        (r"\bdebt\b|\bnotes\b|\bbonds?\b|\bfunding\b|\bbanks?\b", 1),
    ),
    GROUP.name: (
        (rf"\bperimeter\b|\bconsists?\s+of\b|\bmade\s+up\s+of\b|\bmakes?\s+up\b(?!\s+(?:the|this|that)\s+(?:circle|loop|cycle|ring))|\bcompris\w*|\btogether\s+with\s+(?:every|all|each|its|their)\b|"
         rf"\b(?:every|all|each)\s+(?:the\s+)?(?:other\s+)?{_GROUPISH}\s+(?:that\s+|which\s+)?{_PRON}\s+(?:\w+\s+)?controls?\b|"
         rf"\band\s+(?:its|their|his|her)\s+(?:controlled|subsidiaries|subs)\b|\bcontrolled\s+{_GROUPISH}\b|"
         rf"\b(?:every|all|each)\s+(?:the\s+)?{_GROUPISH}\s+(?:\w+\s+)?(?:controlled|owned)\s+by\s+(?:it|him|her|them)\b|"
         rf"\b(?:every|all|each)\s+(?:the\s+)?(?:other\s+)?{_GROUPISH}\s+under\s+(?:its|his|her|their)\s+control\b|"
         rf"\b(?:everything|anything|all)\s+(?:that\s+is\s+|that's\s+)?under\s+(?:its|his|her|their)\s+control\b|"
         rf"\b{MASK_WORD}(?:'s)?\s+group\b|\bwhat\s+sits\s+in\b.{{0,60}}\bgroup\b|"
         rf"\bwhat'?s\s+in\s+the\b.{{0,60}}\bgroup\b|\bgroup\s+(?:members|structure|entities|companies|perimeter|mapping|map)\b|"
         r"\b(?:members?|companies|entities)\s+of\s+(?:its|his|her|their)\s+group\b|"
         rf"\b(?:every|all|each)\s+(?:\w+\s+)?{_GROUPISH}\s+majority[- ]owned\b|"
         rf"\bthe\s+group\s+of\s+{MASK_WORD}|\bcorporate\s+family\b|\bfamily\s+of\s+companies\b|"
         # "each entity in which X holds, directly or through other entities, more than half of the shares": a majority chain
         rf"\b{_GROUPISH}\s+(?:in\s+which|where)\b.{{0,100}}\bmore\s+than\s+(?:half|50\s*(?:%|per\s*cent|percent))\s+of\s+(?:the\s+|its\s+)?(?:issued\s+)?(?:shares|share\s+capital|capital|votes|voting)|"
         # "majority-owned subsidiaries (including indirect ones)", "subsidiaries - majority-held at each step",
         # "which companies did X own more than half of, directly or further down": the majority chain
         r"\bmajority[- ](?:owned|held|controlled)\s+(?:subsidiar\w*|subs|companies|entities)\b|"
         r"\bsubsidiar\w*\b.{0,40}\bmajority[- ](?:owned|held|controlled)\b|"
         rf"\b(?:which|what)\s+(?:\w+\s+)?(?:companies|subsidiar\w*|entities|firms)\b.{{0,80}}\bmore\s+than\s+(?:half|50\s*(?:%|per\s*cent|percent))\s+of\b(?!\s+{MASK_WORD})", 3),
        (rf"(?<!\w){_MAJORITY}.{{0,60}}\b{_EVERY_STEP}|\b{_EVERY_STEP}\b.{{0,60}}(?<!\w){_MAJORITY}", 3),
        (r"\bgroup\b", 2),
        (r"\bmajority[- ]?(?:ownership|owned|controlled)\s+group\b", 1),
    ),
    CYCLES.name: (
        (r"\bcircular\w*|\bcyclical\w*|\bcycles?\b|\bloops?\b|\b(?:held|holds?|owns?|owned)\s+itself\b|\bcross[- ]?(?:holding|shareholding|ownership)s?\b|\breciprocal\w*|"
         r"\bround[- ]?trip\w*|\bcircles?\b|\b(?:it|itself)\s+itself\s+(?:owns|controls|holds)\b|\bthat\s+it\s+itself\b|\b(?:own|hold|held)(?:s|ing|ed)?\s+(?:\w+\s+){0,3}(?:of\s+|in\s+)?itself\b|\bself[- ]own\w*|\bmutual\w*|\beach\s+other\b|\bback\s+to\s+itself\b", 3),
    ),
    PATH.name: (
        (r"\bhow\s+(?:does|do|is|are|was|were)\b.{0,80}\b(?:connect|link|relate|tie)\w*|"
         rf"\bhow\s+(?:does|do|did)\s+{MASK_WORD}\s+(?:\w+\s+)?(?:own|control|hold)\b(?:\s*/\s*\w+)?\s+{MASK_WORD}|"
         # "how was X owned or controlled by Y": the same chain, read from its end
         rf"\bhow\s+(?:is|was|are|were)\s+{MASK_WORD}\s+(?:\w+\s+)?(?:owned|controlled|held)(?:\s+(?:or|and|and/or)\s+"
         rf"(?:owned|controlled|held))?\s+by\s+{MASK_WORD}|"
         r"\bover\s+(?:which|what)\s+intermediate\b|"
         r"\bhow\b.{0,80}\b(?:links?|connects?|relates?|ties)\s+(?:in\s+)?(?:to|with)\b|"
         r"\b(?:link|linkage|connection|relationship|nexus|tie)s?\s+between\b|\bnexus\b|\bpaths?\b|\broutes?\b|\blinkages?\b|"
         r"\bhow\b.{0,80}\b(?:are|is|were|was)\s+(?:\w+\s+)?(?:connected|linked|related|tied)\b|"
         r"\b(?:chain|route|path|trail)\b.{0,40}\bfrom\b.{1,80}\bto\b|\bties?\s+back\s+(?:in\s+)?(?:to|with)\b|"
         r"\b(?:chain|route|path|trail)\s+(?:linking|connecting|joining|running\s+from)\b|"
         r"\b(?:through|via|by)\s+(?:what|which)\s+(?:chain|route|path|structure)\b|"
         r"\b(?:show|trace|map|give|walk)\s+(?:me\s+|us\s+)?(?:through\s+)?(?:the\s+)?(?:ownership\s+|control\s+)?(?:chain|route|path)\b", 3),
        (r"\bchains?\b|\b(?:linked|connected|related|tied)\s+(?:to|with)\b", 2),
        (r"->|\u2192", 1),
        (r"(?:->|\u2192).{1,80}\bhow\b|\bhow\b.{1,80}(?:->|\u2192)", 3),
        (r"\blinks?\b|\bconnect(?:s|ion|ions)?\b", 1),
    ),
    HOLDINGS.name: (
        (rf"\bwhat\b.{{0,80}}\b(?:owns|holds|controls)\b|"
         rf"\b(?:which|what)\s+(?:other\s+)?(?:[A-Z]{{2}}\s+|\w+\s+(?={_GROUPISH}))?(?:{_GROUPISH}|assets|stakes|investments|holdings|shareholdings)\b.{{0,80}}"
         rf"\b(?:owns?|holds?|controls?|has|have|invested|invests)\b|"
         rf"\bwhere\s+(?:does|do|did)\b.{{0,80}}\b(?:have|hold|own|invest)\b|"
         rf"\b(?:everything|anything|all|every|each|what|which)\b.{{0,60}}\b(?:has|have|holds?|owns?)\s+(?:any\s+)?(?:shares|stakes?|interests?|equity|a\s+stake)\s+in\b(?!\s+{MASK_WORD})|"
         rf"\b{_GROUPISH}\s+(?:that\s+)?(?:belong|belongs|belonging)\s+to\s+{MASK_WORD}|"
         rf"\bover\s+which\b.{{0,60}}\bcontrol\b|\b(?:has|have|got)\s+{_STAKE}\s+in[\s?.!]*$|"
         rf"\bwhat\s+(?:\w+\s+){{0,2}}(?:sits?|is|are)\s+(?:directly\s+)?(?:under|below|beneath)\b|"
         rf"\b{_GROUPISH}\s+(?:\w+\s+)?(?:owned|held|controlled)(?:,?\s+(?:whether\s+)?(?:directly|indirectly)(?:\s+or\s+(?:directly|indirectly))?,?)?"
         rf"\s+by\s+(?!(?:it|him|her|them)\b)|"
         rf"\b(?:everything|anything|all)\s+(?:that\s+)?{_PRON}\s+(?:\w+\s+)?(?:owns|holds|has\s+(?:stakes|shares)\s+in)\b|"
         rf"\b(?:everything|anything)\s+(?:that\s+)?{MASK_WORD}\s+(?:\w+\s+)?(?:owns|owned|holds|held|controls|controlled)\b|"
         rf"\bparticipations?\b|\bportfolio\s+companies\b|\bdownstream\b|\binvestees?\b|\bsubs\b|\bsubsidiaries\b|"
         rf"\bwhat\s+{_STAKE}\s+(?:does|do|did)\b|^\W*(?:controlled|owned|held)\s+by\s+{MASK_WORD}|\b{_GROUPISH}\s+{_PRON}\s+(?:owns?|holds?|controls?|has\s+(?:shares|stakes?|an?\s+(?:stake|interest))\s+in)\b|"
         rf"\bportfolio\s+of\s+(?:holdings|investments|stakes|participations)\b|\b{_GROUPISH}\s+in\s+which\b.{{0,60}}\b(?:holds?|held|owns?|owned|has|had|have|is\s+(?:registered|recorded|listed))\b|"
         rf"\b{MASK_WORD}(?:'s)?\s+(?:direct\s+|indirect\s+|equity\s+)?(?:investments|holdings|stakes|shareholdings|participations|portfolio)\b|"
         rf"\bwhat\s+(?:else\s+)?(?:does|do|did)\s+{MASK_WORD}\s+(?:\w+\s+)?(?:own|hold|control)\b|"
         rf"\bin\s+which\s+{_GROUPISH}\b.{{0,80}}\b(?:hold(?:s|ing)?|held|own(?:s|ing|ed)?|ha(?:s|ve|ving|d)|invest\w*)\b|"
         rf"\b{_GROUPISH}\s+(?:that\s+|which\s+)?(?:{MASK_WORD}|(?-i:[A-Z][\w.&-]*(?:\s+[A-Z][\w.&-]*){{0,5}}))\s+"
         r"(?:directly\s+|indirectly\s+)?(?:owns|holds|controls|owned|held|controlled)\b", 3),
        (r"\b(?:holdings|shareholdings|stakes|investments)\b", 1),
    ),
    PARENTS.name: (
        (r"\bparents?\b|\b(?:top|hold)\s*-?\s*co\s+(?:of|for|above)\b|\b(?:the|its|their|his|her|which|what)\s+(?:top|hold)\s*-?\s*co\b|"
         r"\b(?:accounting|direct|immediate)\s+(?:children|subsidiaries|parents?)\b|\bconsolidat\w*|\bmother\s+company\b|\bultimate\s+holding\b|"
         r"\bgroup\s+head\b|\blevel\s*2\b|\bl2\b|\b(?:subsidiar(?:y|ies)|children|child\s+(?:entities|companies))\s+of\b|"
         r"\breporting\s+exceptions?\b", 3),
    ),
    OWNERS.name: (
        (rf"\bholders?\s+in\s+{MASK_WORD}|\bholders\s+of\s+{MASK_WORD}|\bholders?\s+of\s+(?:the\s+)?(?:shares|stock|equity)\s+(?:in|of)\s+{MASK_WORD}", 3),
        (rf"\bwho\b.{{0,60}}\b(?:sits?|stands?|is|are)\s+(?:\w+\s+)?(?:behind|above)\b|\bcap(?:italisation|italization)?\s+table\b|"
         rf"\b(?:which|what)\s+(?:\w+\s+)?{_WHO}\s+(?:[\w()]+\s+){{0,2}}(?:own|control|hold|owns|controls|holds|(?:owned|controlled|held)(?!\s+by\b))\b|"
         rf"\bownership\s+(?:structure|chart|tree|breakdown|picture)\b|\bshareholder\s+(?:register|base|list|structure)\b|"
         rf"\bwho\s+(?:\w+\s+)?(?:owns|controls|holds)\b|\bubos?\b|\bbeneficial(?:ly)?\s+own\w*|\bpscs?\b|"
         rf"\b(?:majority|main|largest|biggest|principal|controlling|key|significant)\s+(?:holders?|owners?|shareholders?|investors?)\b|"
         r"\bblocked\b|\bofac\s+50\b|\b50\s*%\s+rule\b|\bskin\s+in\s+the\s+game\b|"
         r"\bwhom\s+(?:does\s+)?belongs?\b|\bwho(?:'s|'re|\s+is|\s+are|\s+was|\s+were)?\s+(?:really\s+|actually\s+|ultimately\s+)?behind\b|\bbelongs?\s+to\s+whom\b|\bwho\b.{0,40}\b(?:owning|holding|controlling)\b|"
         r"\bwho\s+(?:is|was|are|were)\s+(?:\w+\s+){0,2}(?:holding|owning)\b|"
         r"\b(?:each|every|any|all)\s+(?:persons?|part(?:y|ies)|individuals?|entit(?:y|ies)|shareholders?|holders?)\s+"
         r"(?:who\s+|which\s+|that\s+)?(?:is\s+|are\s+)?(?:holding|owning|controlling|with)\b|"
         r"\bpersons?\s+with\s+significant\s+control\b|"
         r"\bwho\b.{0,40}\b(?:sat|sits?|stood|stands?|is|are|was|were|appears?|appeared)\s+on\s+(?:the\s+|its\s+)?(?:share\s*|shareholder\s+|members'?\s+)?(?:register|cap\s+table)\b", 3),
        # each of them holding: "what stake did each hold", "what each holds" (the holders listed, not one stake)
        (r"\b(?:did|does|do)\s+each\s+(?:one\s+|of\s+them\s+)?(?:hold|own|have)\b|\bwhat\s+each\s+(?:one\s+|of\s+them\s+)?(?:holds?|held|owns?|owned)\b|"
         r"\bshare\s+register\b|\bin\s+what\s+proportions\b", 2),
        (r"\b(?:controllers?|shareholders?|owners?|ownership)\b|\bbehind\b|\bowned\s+by\b|\bcontrolled\s+by\b|\bkyc\b", 2),
        (r"\blook-?through\b|\bskin\s+in\s+the\s+game\b", 1),
    ),
}

_COMPILED: tuple[tuple[str, tuple[tuple[re.Pattern[str], int], ...]], ...] = tuple(
    (kind, tuple((re.compile(rx, re.I), w) for rx, w in cues)) for kind, cues in CUES.items())


def cue_scores(text: str) -> dict[str, int]:
    """Each kind's score: the weights of its cues found in ``text`` (a cue counts once)."""
    return {kind: sum(w for rx, w in cues if rx.search(text)) for kind, cues in _COMPILED}


def best_kind(scores: dict[str, int], order: Iterable[str]) -> str | None:
    ranked = sorted(order, key=lambda k: -scores.get(k, 0))  # stable: precedence breaks ties
    return ranked[0] if ranked and scores.get(ranked[0], 0) >= SURE else None


def kind_by_cues(text: str, order: Iterable[str]) -> str | None:
    """The kind the cues choose (``order``: the kinds by precedence), or None below :data:`SURE`."""
    return best_kind(cue_scores(text), order)


# a kind whose question, with the other kind's strongest words, is that other kind: our exposure
# to "anything controlled by sanctioned parties" is a book screening; X's lenders "if X defaults"
# (who bears losses, who is on the hook) are the contagion of X's default; a neighbourhood asked for a
# sanctioned or designated party in it ("was a designated party within 3 hops of X") is sanctions_near;
# X's holdings with a group's words (a majority at every step, "controlled companies") are X's group
REFINED: dict[str, tuple[str, int]] = {EXPOSURE.name: (SCREENING.name, 5), COUNTERPARTIES.name: (CONTAGION.name, 3),
                                       NEIGHBOURHOOD.name: (SANCTIONS_NEAR.name, 3), HOLDINGS.name: (GROUP.name, 3)}


def refined(text: str, kind: str) -> str | None:
    """The narrower kind ``kind`` is, by :data:`REFINED`; None when it is not."""
    narrower = REFINED.get(kind)
    return narrower[0] if narrower and cue_scores(text)[narrower[0]] >= narrower[1] else None


def overruled(text: str, kind: str, order: Iterable[str]) -> str | None:
    """Another kind, when the cues find none of ``kind``'s words (for a :data:`BROAD` kind: only
    weak ones) and more of another's, strong ones among them."""
    scores = cue_scores(text)
    mine = scores.get(kind, 0)
    if mine >= SURE or (mine > 0 and kind not in BROAD):
        return None
    other = best_kind(scores, order)
    return other if other and other != kind and scores[other] > mine else None
