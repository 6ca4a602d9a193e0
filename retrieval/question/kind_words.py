"""The kind of a question that the kinds' keyword rules miss or mistake (issue 30): multi-word
phrases that settle the kind before the rules run ("the chain of ownership and control linking
A to B" is a path, not an owners question; "the probability of default of X" is no kind we
answer), and a terse question that starts with a command word ("stake A in B 2024-06-30",
"quality FERD AS", "X changes D1 to D2"), tried when no rule matched."""

from __future__ import annotations

import re

from ownergraph.domain.vocabulary import (
    BRANCHES, CONTAGION, COUNTERPARTIES, CYCLES, DIFF, EVENTS, EXPOSURE, GROUP, HOLDINGS, NAMES, NEIGHBOURHOOD, OWNERS,
    PARENTS, PATH, QUALITY, SANCTIONS_NEAR, SCREENING, STAKE, UNKNOWN,
)

from ownergraph.retrieval.question.kind_cues import BOTH_WAYS, LINK_KIND as _LINK_KIND, OUR_HOLDING

__all__ = ["kind_by_phrase", "kind_by_command"]

_I = re.I
# named fragments the phrases share (stated once, as counterparties.py states _LEND, _GUARANTEE)
_NAME = "\ue000\\d+\ue001"  # a masked name
_HELD = r"(?:owned|controlled|held)"  # a holder's verb, in the passive or the past
_HELD_OR = rf"{_HELD}(?:\s+(?:or|and|and/or)\s+{_HELD})?"  # "owned or controlled", "held and/or controlled"
_HOLD_NOW = r"(?:own|owns|owned|control|controls|controlled)"
_MANNER = r"(?:(?:directly|indirectly|ultimately|either|or|and)\s+)*"  # "directly or indirectly"
_STAKE_NOUN = r"(?:holding|stake|shareholding|interest|share|position)"
_HALF = r"(?:half|50\s*(?:%|per\s*cent|percent))"  # a majority's threshold
# a stake's figure ("pct" added where a form is terse; "the stake size", "holding size": the figure by its measure)
_PERCENT = r"(?:percentages?\b|%|per\s*cent\b|percent\b|(?:stake|holding|shareholding|position)\s+sizes?\b)"
_FIGURE = r"(?:percentages?|%|per\s*cent|percent|pct|stake)"  # a stake's figure, said as a noun
_ANY_TYPE = r"(?:of\s+any\s+(?:type|kind|sort|nature)|of\s+whatever\s+(?:type|kind))"  # every kind of link at once
_MISSING_ONE = r"(?:\bmissing|\bwithout|\black(?:s|ing)?|\bwith\s+no|\bno)\s+(?:(?:its|their|a|the|any|stated)\s+)*"
_SANCTION_WORD = r"(?:sanction\w*|designated|sdn|ofac|ofsi)"  # a sanctions list or its word
_NO_SANCTION = rf"^(?!.*\b{_SANCTION_WORD}\b)"  # a question that says nothing of sanctions
# phrases that decide the kind whatever else the question says, in this order
_PHRASES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (UNKNOWN, re.compile(r"\bwill\s+(?:\S+\s+){0,4}?(?:default|fail|go\s+bust|go\s+under|collapse)\b(?!.{0,60}\b(?:hit|loss|lose|who|which))|"  # a forecast
                         r"\b(?:likelihood|chance|odds)\s+(?:of|that)\b.{0,40}\bdefault|"
                         r"\bprobability[\s-]+of[\s-]+default\b|\bloss[\s-]+given[\s-]+default\b|\b(?:credit|issuer)\s+rating\b|\bshare\s+price\b|"
                         r"\bmarket\s+price\b|\bphone\s+number\b|\binvestment\s+recommendation\b|\brevenue\b|"
                         r"\bagms?\b|\bannual\s+general\s+meetings?\b|\bweather\b|\bceo\b|\bcfo\b|\bdividends?\b|\bebitda\b|\besg\b|\bheadcount\b|\bmarket\s+cap\w*|\bcds\b|"
                         r"\bcredit\s+default\s+swaps?\b|\b(?:credit|bond|cds)\s+spreads?\b|\bweb\s*sites?\b|\bhomepage\b|"
                         # the desk's other business: staff, pay, IT
                         r"\bemployees?\b|\bremuneration\b|\bsalar(?:y|ies)\b|\bbonus(?:es)?\b|\bvpn\b|\bpasswords?\b|"
                         r"\breset\s+my\b|\blaptop\b|\bprinter\b|\bholiday\s+(?:request|booking)\b|"
                         # writing for the asker: no question about the graph
                         r"\b(?:write|draft|compose)\s+(?:me\s+|us\s+)?(?:a|an)\s+(?:\w+\s+){0,3}(?:paragraph|letter|e-?mail|memo|poem|"
                         r"speech|post|tweet|slogan)\b", _I)),
    # a yes/no "was A owned or controlled by B?" between two named parties: whether a chain joins them
    (PATH.name, re.compile(rf"(?:^|[:;?.!|])\s*(?:was|is|were|are)\s+(?:\w+\s+)?{_NAME}\s+"
                           rf"{_MANNER}{_HELD_OR}\s+(?:\w+\s+)?by\s+(?:\w+\s+)?{_NAME}", _I)),
    # "how A was owned or controlled by B (naming every entity in the chain)": the chain from B to A
    # ("Buyer: X. How was it held or controlled by B": the pronoun points back to the name before it)
    (PATH.name, re.compile(rf"\b(?:how\s+(?:\w+\s+)?{_NAME}\s+(?:was|is|were|are|has\s+been|had\s+been|came\s+to\s+be)|"
                           r"how\s+(?:was|is|were|are|has|had)\s+(?:it|they)(?:\s+been)?)\s+"
                           rf"{_MANNER}{_HELD_OR}\s+(?:\w+\s+)?by\s+(?:\w+\s+)?{_NAME}", _I)),
    # "map how A held or controlled B, link by link": the chain from A to B (the active voice, past)
    (PATH.name, re.compile(rf"\bhow\s+(?:\w+\s+)?{_NAME}\s+{_MANNER}{_HELD_OR}\s+(?:\w+\s+)?{_NAME}", _I)),
    # "how large a holding did A have in B", "how big of a stake does A hold in B": A's stake in B
    (STAKE.name, re.compile(rf"\bhow\s+(?:large|big|much|sizeable|significant|substantial)\s+(?:of\s+)?an?\s+(?:\w+\s+)?"
                            rf"{_STAKE_NOUN}\s+(?:did|does|do|has|had|have)\s+"
                            rf"(?:\w+\s+)?{_NAME}\s+(?:\w+\s+)?(?:have|has|had|hold|held|own|owned|take|took|keep|kept)\s+"
                            rf"in\s+(?:\w+\s+)?{_NAME}|"
                            # "the size of the shareholding A had in B", "the percentage A held in B"
                            rf"\b(?:size|extent|percentage|level)\s+of\s+(?:the\s+|its\s+)?{_STAKE_NOUN}\s+(?:that\s+)?{_NAME}\s+"
                            rf"(?:\w+\s+)?(?:have|has|had|hold|holds|held|own|owns|owned)\s+in\s+(?:\w+\s+)?{_NAME}", _I)),
    # an auditor's roll-forward of a register from one date to another: what changed in between
    (DIFF.name, re.compile(r"\broll(?:s|ed|ing)?[- ]forward\b", _I)),
    (PATH.name, re.compile(r"\bchain\s+of\s+(?:ownership|control|relationships?)(?:\s+(?:or|and|and/or)\s+(?:ownership|control))?\b.{0,60}"
                           r"\b(?:linking|between|from|connecting|(?:through|by|via)\s+which)\b|"
                           r"\b(?:through|via|by)\s+which\s+(?:intermediate\s+)?(?:companies|company|entities|entity|"
                           r"intermediar(?:y|ies)|vehicles?|societies)\b|"
                           # ("over which entities did X have control": what X controls, a holdings question)
                           r"\bover\s+which\s+(?:intermediate\s+(?:companies|company|entities|entity)|intermediar(?:y|ies))\b|"
                           r"\bintermediate\s+(?:entity|entities|companies)\s+through\s+which\b|"
                           r"\b(?:relationship|connection|link)s?\b.{0,60}\bconnecting\b", _I)),
    # "owners and investees of X", "entities directly linked to X": its neighbourhood (not near sanctions)
    (NEIGHBOURHOOD.name, re.compile(rf"{_NO_SANCTION}.*(?:"
                                    # "owners and investees", "direct owners + subs", "owners, controllers and subs"
                                    r"\b(?:owners|parents|shareholders|investors)(?:(?:\s*(?:,|and|\+|&)\s*|\s+)(?:controllers|shareholders|owners))?"
                                    r"\s*(?:\band\b|\+|&|\bplus\b)\s*(?:(?:its|their|the|direct)\s+)?"
                                    r"(?:subs|subsidiaries|holdings|children|investments|investees|participations)\b|"
                                    r"\b(?:entities|companies|parties|everything|anything|everyone|everybody|anyone|anybody|who)\s+"
                                    r"(?:(?:is|are|was|were)\s+)?directly\s+(?:linked|connected|related)(?:\s+to\b|\s+with\b|(?!\s+(?:by|through|via)\b))|"
                                    # "who is X connected to?": everyone around one entity
                                    rf"\bwho(?:m)?\s+(?:is|was|are|were)\s+{_NAME}\s+(?:\w+\s+)?(?:connected|linked|related)\s+(?:to|with)\b|"
                                    # both directions asked of one entity: "who owned or controlled X, and what did X own or control"
                                    rf"\b(?:who|which\s+\w+)\s+{_MANNER}{_HELD_OR}\s+{_NAME}.{{0,80}}?\band\s+(?:what|which)(?:\s+\w+)?\s+"
                                    rf"(?:did|does|do)\s+{_NAME}\s+{_MANNER}(?:own|control|hold)(?:\s+or\s+(?:own|control|hold))?\b|"
                                    # "every entity with a direct link to X ..., of any kind (ownership, lending, ...)"
                                    r"\b(?:entit(?:y|ies)|compan(?:y|ies)|part(?:y|ies)|anyone|anything|everything|names?)\s+"
                                    r"(?:with|having|that\s+(?:has|have|had))\s+(?:a\s+|any\s+)?direct\s+(?:links?|connections?|relationships?|ties)\s+"
                                    rf"(?:{_ANY_TYPE}\s+)?(?:to|with)\b|"
                                    # "all directly connected parties", "directly related entities": the same, said before the noun
                                    r"\bdirectly\s+(?:linked|connected|related)\s+(?:entities|companies|parties|counterparties|names)\b|"
                                    # several kinds of link listed, or all of them: "across ownership, lending and any
                                    # other link", "the direct owners, direct holdings and control links of X"
                                    rf"\b(?:and|or)\s+(?:any|every|all)\s+other\s+(?:kinds?\s+of\s+)?(?:links?|relationships?|connections?|ties)\b|"
                                    rf"\b{_LINK_KIND}\s*,\s*(?:{_LINK_KIND}\s*,\s*)*{_LINK_KIND}\s*,?\s+(?:and|or|&)\s+{_LINK_KIND})", _I)),
    # "X's immediate connections", "what direct links of any kind X had to others" (not "a direct link between
    # A and B": a path); "who owned, controlled, or was owned by X": both directions
    (NEIGHBOURHOOD.name, re.compile(rf"^(?!.*\b(?:between|{_SANCTION_WORD})\b).*(?:"
                                    r"\bimmediate\s+(?:connections?|links?|ties|relationships?|neighbou?rs?)\b|"
                                    # "a direct ownership or control link to or from X", "one step away, upstream or downstream"
                                    rf"\b(?:links?|connections?|relationships?|ties|steps?|hops?|edges?|away)\b.{{0,40}}\b{BOTH_WAYS}|"
                                    r"\bdirect\s+(?:connections|links|ties|relationships|neighbou?rs)\b|"
                                    # "who was directly above or below X": one step either way
                                    rf"\b(?:directly|immediately|right)\s+{BOTH_WAYS}|"
                                    rf"\b{_HOLD_NOW}\b.{{0,40}}(?:\bor|/)\s*(?:is|are|was|were)\s+{_HELD_OR}\s+by\b)", _I)),
    # "X is a branch of whom", "its head office": the branch relation, not X's names
    (BRANCHES.name, re.compile(r"\bis\s+a\s+branch\s+of\b|\bbranch\s+of\s+(?:who|whom|which|what)\b|\bhead[\s-]+office\b", _I)),
    # "which companies sat above X for accounting purposes", "which companies did X consolidate directly":
    # consolidation, not ownership (before the owners' "sits above")
    (PARENTS.name, re.compile(r"\b(?:for|in)\s+(?:the\s+)?(?:accounting|consolidation)\s+purposes\b|"
                              rf"{_NAME}\s+(?:\w+\s+)?consolidat(?:e|es|ed)\b(?!\s+(?:with|into)\b)", _I)),
    # "the equity holders sitting directly above X", "who sits immediately above X": its owners
    (OWNERS.name, re.compile(r"\b(?:(?:share|stock|equity)\s*holders?|holders|owners?|investors|entities|companies|who)\b.{0,30}?"
                             rf"\b(?:sit(?:s|ting)?|sat|stand(?:s|ing)?|stood)\s+(?:directly\s+|immediately\s+|right\s+)?above\s+{_NAME}", _I)),
    # "X controls companies without owning them ... which ones?": what X controls
    (HOLDINGS.name, re.compile(rf"{_NAME}\s+(?:\w+\s+)?(?:controls|owns|holds|controlled|owned|held|control|own|hold)\s+(?:\w+\s+)?"
                               r"(?:companies|firms|entities|businesses|stakes)\b.{0,80}\bwhich\s+(?:ones|companies|firms|entities)\b", _I)),
    # "the parent co / controlling shareholder of X": who owns X
    (OWNERS.name, re.compile(r"\bcontrolling\s+(?:shareholders?|owners?|holders?|interests?\s+holders?)\b", _I)),
    # "when does X's loan run out, and who provided it": the loan and its lender (the answer gives the dates)
    (COUNTERPARTIES.name, re.compile(r"\bwhen\b.{0,80}\b(?:loans?|facilit(?:y|ies)|debt|notes|bonds?)\b.{0,30}"
                                     r"\b(?:runs?\s+out|matures?|expires?|falls?\s+due|is\s+due|ends?)\b", _I)),
    # "accounting subsidiaries", "accounting parent": consolidation, not holdings
    # "which subs roll up into X", "entities consolidated in the accounts of X": consolidation too, unless
    # the roll-up is said by ownership ("roll up into it, i.e. >50% owned directly or indirectly": the group)
    (PARENTS.name, re.compile(r"\baccounting\s+(?:subsidiar\w+|children|parents?|consolidation)\b|"
                              r"\broll(?:s|ed|ing)?\s+up\s+(?:in)?to\b(?!.{0,120}\b(?:owned|held|controlled)\b)|"
                              r"\bconsolidated\s+in(?:to)?\s+(?:the\s+)?(?:\w+\s+)?(?:accounts|financial\s+statements)\s+of\b", _I)),
    (OWNERS.name, re.compile(r"\b(?:every|all|any)\s+(?:part(?:y|ies)|persons?|entities|shareholders?)\s+"
                             r"(?:that\s+|who\s+|which\s+)?(?:own|owns|control|controls|holding|hold|holds)\b"
                             r"(?!.{0,80}\bin\s+which\b)", _I)),
    (EXPOSURE.name, re.compile(r"\b(?:holdings|positions)\s+in\s+(?:entities|companies|anything)\s+"
                               r"(?:controlled|owned)\s+by\b", _I)),
    # "all positions held by the firm in X and its controlled undertakings", "what are we carrying on X and its subs"
    (EXPOSURE.name, re.compile(rf"{_NO_SANCTION}.*(?:"
                               r"\b(?:positions?|holdings|exposures?)\s+(?:held|taken|booked)\s+by\s+(?:the\s+firm|us|the\s+bank)\b|"
                               r"\bwe\s+(?:are\s+)?carr(?:y|ying)\b)", _I)),
    # "the value of positions in securities or loans issued by X": what our book holds of X's paper
    (EXPOSURE.name, re.compile(rf"{_NO_SANCTION}.*(?:"
                               r"\b(?:value|size|amount|total)\s+of\s+(?:our\s+|the\s+|all\s+)?(?:positions?|holdings|exposures?)\b|"
                               r"\bpositions?\b.{0,60}\b(?:securities|loans|bonds|notes|debt|instruments)\s+issued\s+by\b)", _I)),
    # the firm as the holder, "what did the firm hold in X and the companies it owns more than half of":
    # our book (before the group's and the stake's words)
    (EXPOSURE.name, re.compile(rf"{_NO_SANCTION}.*(?:{OUR_HOLDING})", _I)),
    # "every circular shareholding in the structure": loops, not a stake
    # "companies that own each other", "owned each other in a circle": loops too
    (CYCLES.name, re.compile(r"\b(?:circular|cross|reciprocal|mutual)[- ]?(?:share)?(?:holdings?|ownerships?)\b|"
                             r"\b(?:own|owns|owned|owning|hold|holds|held|holding|control|controls|controlled)\s+(?:shares\s+in\s+)?"
                             r"(?:each\s+other|one\s+another)\b|"
                             # "companies that ended up owning themselves", "a ring of shareholdings"
                             r"\b(?:own|owns|owned|owning|hold|holds|held|holding)\s+(?:shares\s+in\s+)?(?:themselves|itself)\b|"
                             r"\b(?:ring|circle|loop)s?\s+of\s+(?:share)?(?:holdings?|ownership)\b", _I)),
    # "how much of our book sits with X": our exposure, not a stake
    (EXPOSURE.name, re.compile(r"\bhow\s+much\s+of\s+(?:our|the)\s+(?:book|portfolio|positions?|exposure)\b|"
                               r"\bhow\s+much\s+(?:does\s+|do\s+)?(?:the|our)\s+(?:\S+\s+){0,3}(?:book|portfolio)\s+(?:holds?|has|have)\b", _I)),
    # the majority chain ("majority-owned subsidiaries, including indirect ones", "subsidiaries - majority-held
    # at each step", "which companies did X own more than half of, directly or further down"): the group, not
    # its holdings nor its accounting children
    (GROUP.name, re.compile(r"^(?!.*\b(?:expos\w*|book|portfolio|positions?|securities|loans?)\b).*(?:"
                            r"\bmajority[- ](?:owned|held|controlled)\s+(?:subsidiar\w*|subs|companies|entities)\b|"
                            r"\b(?:subsidiar\w*|subs)\b.{0,40}\bmajority[- ](?:owned|held|controlled)\b|"
                            r"\b(?:which|what|all|every|each)\s+(?:\w+\s+)?(?:companies|subsidiar\w*|entities|firms|undertakings)\b.{0,80}"
                            rf"(?:\b(?:more\s+than\s+{_HALF}|a\s+majority)\s+of\b(?!\s*\ue000)|"
                            # "which subsidiaries roll up into it, i.e. >50% owned directly or indirectly"
                            rf"(?:>\s*|\b(?:over|above|more\s+than)\s+){_HALF}\s*{_HELD}\b|"
                            # "which companies were majority-owned by X, directly or indirectly"
                            rf"\bmajority[- ]{_HELD}\s+by\b)"
                            r"(?=.{0,60}\b(?:directly\s+or|indirectly|through\s+others|further\s+down|at\s+each\s+(?:step|level)|"
                            r"(?:down\s+)?the\s+chain)\b))", _I)),
    # X and everything it controls: the group, whatever else the question says about companies
    (GROUP.name, re.compile(r"^(?!.*\b(?:expos\w*|book|portfolio|we\s+(?:hold|have|own|lend)|lend\w*|loans?|guarant\w*|"
                            r"carr(?:y|ying|ied)|positions?|how\s+much)\b)"
                            r".*?(?:\b(?:and|plus|\+|together\s+with)\s+(?:all|everything|anything|every\s+\w+|each\s+\w+)\b"
                            r".{0,40}\b(?:controls?|controlled|control)\b|\bgroup\s+headed\s+by\b|"
                            r"\bparent\s+(?:plus|and|\+)\s+(?:all\s+)?(?:its\s+)?(?:controlled\s+)?(?:subs|subsidiaries)\b|"
                            r"(?:\+|\bplus|\band)\s+(?:all\s+)?(?:its\s+|their\s+|his\s+|her\s+)?(?:controlled\s+)?subs\b|"
                            r"\b(?:which|what)\s+(?:companies|entities|firms|subsidiaries)\s+(?:are|were|sit|belong)\s+(?:in|to)\s+(?:the\s+)?.{1,80}?\bgroup\b)", _I)),
    # "how does A own B", "how ownership runs from A to B", "an ownership way from A to B": the chain
    (PATH.name, re.compile(r"^(?!.*\b(?:chang\w*|evolv\w*|develop\w*|differ\w*|compar\w*)\b).*?"
                           r"\bhow\s+(?!much\b|many\b|big\b|large\b|significant\b|long\b|often\b|far\b)\S+"
                           r"(?:\s+\S+){0,12}?\s+(?:own|owns|owning|hold|holds|control|controls|controlling|reach|reaches)\s+"
                           r"(?!in\b|of\b|by\b|and\b|or\b|[?.!,]|structur|chart|tree|picture|percent|stake|share|interest|look|stand)\S", _I)),
    (PATH.name, re.compile(
                           r"\b(?:ownership|control)\s+(?:way|route|chain|path|line|runs?|ran|flows?)\b.{0,40}\bfrom\b|"
                           r"\b(?:runs?|ran)\s+from\b.{1,80}\bto\b|\b(?:by|via)\s+which\s+(?:companies|entities|intermediar(?:y|ies))\b|"
                           r"\b(?:linked|connected|related)\s+in\s+any\s+way\b", _I)),
    # "anything wrong in the shareholder records of X", "is its data clean": data quality, not its owners
    # a shareholding "missing its percentage", "SHAREHOLDING WITHOUT %": a gap in the data, not its owners or stake
    (QUALITY.name, re.compile(r"\b(?:shareholdings?|stakes?|holdings?|ownership\s+(?:links?|edges?|records?)|edges?|links?)\b.{0,60}?"
                              rf"{_MISSING_ONE}{_PERCENT}", _I)),
    # the figure named first, its absence after it: "a shareholder with no % against it", "an owner
    # whose percentage is just missing", "the stake is blank for one holder" (holder words near it)
    (QUALITY.name, re.compile(r"\b(?:share|stock)?holders?\b.{0,60}?(?:\bwith\s+no|\bwithout|\bno)\s+(?:(?:its|their|a|the|any|stated)\s+)*"
                              rf"(?:{_PERCENT}|pct\b)|"
                              rf"\b(?:share|stock)?holders?\b.{{0,60}}?\b{_FIGURE}\s+(?:figure\s+)?"
                              r"(?:is|are|was|were)\s+(?:just\s+|simply\s+|still\s+)?(?:missing|blank|empty|absent|null|not\s+(?:recorded|given|stated|shown|filled\s+in))\b|"
                              # "which shareholder does not have a percentage recorded"
                              r"\b(?:share|stock)?holders?\b.{0,40}?\b(?:does|do|did|has|have|had)\s+not\s+(?:have\s+|got\s+)?(?:a|an|any)\s+"
                              rf"{_FIGURE}\s+(?:figure\s+)?(?:recorded|stated|given|shown|against|next\s+to|on\s+(?:file|record))|"
                              # "someone with no percentage at all", "an owner ... with the stake just missing"
                              rf"\b(?:someone|somebody|anyone|anybody|owners?|investors?|members?)\b.{{0,100}}?\bwith\s+"
                              rf"(?:no\s+{_FIGURE}|(?:the|its|their|a)\s+{_FIGURE}\s+(?:just\s+|simply\s+)?(?:missing|blank|empty|absent))", _I)),
    (QUALITY.name, re.compile(r"\b(?:anything|something|what'?s)\s+(?:that\s+)?(?:looks?\s+|is\s+|seems?\s+)?wrong\s+(?:in|with)\b|"
                              r"\bdata\b.{0,40}\b(?:problems?|issues?|clean|dirty|messy|errors?|inconsisten\w*|discrepanc\w*|anomal\w*|gaps?)\b|"
                              r"\b(?:anything|something)\s+missing\s+(?:in|from)\b|"
                              # "any shareholder of X without a disclosed percentage": a gap in the data
                              r"\b(?:without|missing|lacking|with\s+no|(?:has|have|had|having)\s+no)\s+(?:a\s+|an\s+|any\s+)?(?:disclosed|stated|reported|known)\s+"
                              r"(?:percentage|stake|share(?:holding)?|holding|%)|\bundisclosed\s+(?:percentage|stake|holding)s?\b|"
                              r"\b(?:problems?|issues?|errors?)\b.{0,30}\b(?:its|their|the)\s+(?:\w+\s+)?data\b", _I)),
    # "when was X renamed", "date of the name change", "changes of name": the rename event
    (EVENTS.name, re.compile(r"\b(?:when|(?:on\s+)?(?:what|which)\s+date)\b.{0,80}\b(?:renamed|name\s+change|(?:take|took|taken|adopt\w*|assum\w*)\s+"
                             r"(?:its|the|their)\s+(?:current\s+|present\s+|new\s+)?name)|"
                             r"\b(?:got|gets?|gotten|received|took|taken|adopted|assumed)\s+(?:its|the|their)\s+(?:current|present|new)\s+name\b"
                             r".{0,20}\bwhen\b|\bname\s+change\b(?!s?\s+history)|"
                             r"\bchanges?\s+of\s+name\b|"
                             # "on what date was that original name first dropped": the name's end is the rename
                             r"\b(?:when|(?:on\s+)?(?:what|which)\s+date)\b.{0,60}\bname\s+(?:\w+\s+){0,2}(?:dropped|abandoned|replaced|"
                             r"retired|given\s+up|changed)\b|"
                             # "from what name was X renamed", "renamed ..., and on what date": the rename itself
                             r"\bfrom\s+(?:what|which)\s+(?:name|former\s+name)\b.{0,80}\brenamed\b|"
                             r"\brenamed\b.{0,80}\b(?:and\s+)?(?:when|(?:on\s+)?(?:what|which)\s+date)\b", _I)),
    # "on what date was X first made subject to sanctions", "when was X actually sanctioned": the listing's date
    # ("state the date on which X was first designated": the date asked in a clause of its own)
    (EVENTS.name, re.compile(r"\b(?:when|(?:on\s+)?(?:what|which)\s+date|since\s+when|(?:date|day)\s+(?:on\s+which|when|that))\b"
                             r".{0,80}\b(?:sanctioned|designated|"
                             r"(?:made|became|become|placed|put)\s+(?:subject\s+to|under)\s+sanctions|(?:added|put)\s+(?:to|on)\s+"
                             r"(?:the\s+|a\s+)?(?:\w+\s+)?(?:sanctions\s+)?list)\b", _I)),
    # "any amendment to the disclosed percentage of B owned by A: original figure, revised figure": the correction
    (EVENTS.name, re.compile(rf"\b(?:amendments?|revisions?|restatements?|corrections?)\s+(?:to|of)\s+(?:the\s+|its\s+)?(?:\w+\s+)?"
                             rf"{_FIGURE}\b|\b(?:original|old|previous)\s+(?:figure|{_FIGURE})\s*,?\s+(?:and\s+)?(?:the\s+)?"
                             rf"(?:revised|new|amended|corrected|restated)\s+(?:figure|{_FIGURE})\b", _I)),
    # "which names did X carry before its present one": its former names (not asked with the change's date: a rename)
    (NAMES.name, re.compile(r"^(?!.*\b(?:when|dates?|since)\b).*\bnames?\b.{0,60}\b(?:before|prior\s+to|ahead\s+of)\s+(?:its|their|the)\s+(?:present|current)\s+"
                            r"(?:one|name)\b", _I)),
    # "when A acquired its stake in B", "X's stake was restated - when, and the old and new %": the event's date
    (EVENTS.name, re.compile(r"\bwhen\b.{0,60}\b(?:acquired|bought|purchased|took|sold|disposed\s+of)\s+(?:its|their|his|her|the|a)\s+"
                             r"(?:stake|shares|holding|shareholding|interest)\b|"
                             r"\b(?:restated|revised|amended)\b.{0,60}\bwhen\b|\bwhen\b.{0,60}\b(?:restated|revised|amended)\b", _I)),
    # "since when has X been a PSC of Y", "the date from which X has been registered as a PSC of Y":
    # when a holding or a role began, an event's date
    (EVENTS.name, re.compile(r"\bsince\s+when\b.{1,80}\b(?:has|have|had|is|are|was)\s+(?:been\s+)?(?:an?\s+|the\s+)?"
                             r"(?:psc|person\s+with\s+significant\s+control|(?:share|stock)holder|owner|controller|member)\b|"
                             r"\b(?:date|day)\s+(?:from|since)\s+which\b.{1,80}\b(?:registered|recorded|notified|held|owned|"
                             r"controlled)\b", _I)),
    # "if X defaults, which lenders get hit", "had X gone bust, who carries the loss": a failure and its victims
    (CONTAGION.name, re.compile(r"^(?=.*\b(?:defaults?|defaulted|defaulting|fail(?:s|ed|ing)?|bust|insolven\w*|collaps\w*|"
                                r"stops?\s+paying|stopped\s+paying|(?:can'?t|cannot|could\s+not|couldn'?t)\s+pay|go(?:es)?\s+under|went\s+under|gone\s+under)\b)"
                                r".*\b(?:hit|loss|losses|lose|honou?r\w*|called|on\s+the\s+hook|suffer\w*|affected|impacted|who\s+pays|carr(?:y|ies|ied)\s+the)\b", _I)),
    # "which cos is X a shareholder of", "companies in whose PSC register X appears": what X holds
    (HOLDINGS.name, re.compile(r"\b(?:which|what)\s+(?:companies|cos|entities|firms|undertakings)\s+(?:is|are|was|were)\s+"
                               r".{1,60}?\b(?:an?\s+)?(?:shareholder|owner|member|partner|psc)\s+(?:of|in)\b|"
                               r"\b(?:compan(?:y|ies)|entities|undertakings)\s+in\s+(?:which|whose)\b.{1,80}?"
                               r"\b(?:is|are)?\s*(?:registered|appears?|listed|recorded)\b", _I)),
    # "do we hold anything within two hops of a sanctioned name": our book screened, not one entity
    (SCREENING.name, re.compile(r"(?:\b(?:do|does|did|whether|if)\s+|^\s*)we\s+(?:hold|have|own)\s+(?:anything|any\w*)\b.{0,100}"
                                rf"\b{_SANCTION_WORD}", _I)),
    # "sanctions screening on X": one entity's proximity, not the book's
    (SANCTIONS_NEAR.name, re.compile(r"\bsanctions?\s+screening\s+(?:on|of|for)\b(?!\s+(?:our|the)\s+(?:book|portfolio|positions))", _I)),
    (SANCTIONS_NEAR.name, re.compile(r"\bis\s+(?:a\s+)?designated\s+(?:person|party|entity)\b|(?<!became\s)(?<!become\s)\bsubject\s+to\s+sanctions\b|"
                                     r"\bsanctioned\s*\?\s*$|\b(?:been\s+)?designated\s+(?:under|by|pursuant\s+to)\b|"
                                     r"^(?!.*\b(?:we|our|book|portfolio|positions?|holdings)\b).*\b(?:is|are|was|were)\s+(?:\S+\s+){1,8}?"
                                     r"(?:itself\s+|himself\s+|herself\s+|themselves\s+)?(?:a\s+)?sanctioned(?:\s+(?:entity|person|party|individual|company))?"
                                     r"\s*(?:\?|\.|$)", _I)),
)

# a terse question's leading (or, for "changes", following) command word
_COMMANDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (STAKE.name, re.compile(r"^\s*stake\b|\s(?:%|percentage|percent)\s+of\s|\s->\s.*(?:\b(?:stake|percentage|percent)\b|%)", _I)),
    (PATH.name, re.compile(r"^\s*(?:path|link|chain|connection|control\s+path)\b", _I)),
    (QUALITY.name, re.compile(r"^\s*(?:quality|data[- ]quality)\b|\bdata\s+issues\b", _I)),
    (PARENTS.name, re.compile(r"^\s*(?:parents?|children|subsidiaries)\b", _I)),
    (DIFF.name, re.compile(r"^\s*(?:diff|changes)\b|\bchanges\s*(?:[^\w\s]|\d|from\b|between\b)", _I)),  # a date's mark
    (SANCTIONS_NEAR.name, re.compile(r"^\s*sanctions?\b", _I)),
    (CYCLES.name, re.compile(r"^\s*(?:cycles?|cross-holdings)\b", _I)),
    (CONTAGION.name, re.compile(r"^\s*contagion\b", _I)),
    (EXPOSURE.name, re.compile(r"^\s*exposure\b", _I)),
    (OWNERS.name, re.compile(r"^\s*(?:owners|shareholders|ownership)\b", _I)),
    (HOLDINGS.name, re.compile(r"^\s*(?:holdings|investments|participations)\b", _I)),
    (GROUP.name, re.compile(r"^\s*group\b", _I)),
    (NEIGHBOURHOOD.name, re.compile(r"^\s*(?:neighbou?rhood|neighbours)\b", _I)),
    (COUNTERPARTIES.name, re.compile(r"^\s*(?:lenders|guarantors|borrowers|creditors|counterparties)\b", _I)),
    (BRANCHES.name, re.compile(r"^\s*(?:branches|head\s+office)\b", _I)),
    (NAMES.name, re.compile(r"^\s*(?:names|aliases|identifiers|previous\s+names)\b", _I)),
    (EVENTS.name, re.compile(r"^\s*(?:events|timeline|history)\b", _I)),
    (SCREENING.name, re.compile(r"^\s*screen(?:ing)?\b", _I)),
)
# a command word may also follow the name it is about: "X - holdings 30/6/25", "X: group"
_AFTER_NAME = re.compile(r"^\s*\S.{0,80}?(?:\s[-\u2013]|:)\s*(?=\w)", _I)


def kind_by_phrase(text: str) -> str | None:
    """The kind a phrase settles before the keyword rules run; None when none does."""
    return next((kind for kind, rx in _PHRASES if rx.search(text)), None)


def kind_by_command(text: str) -> str | None:
    """The kind of a terse question by its command word; None when it has none."""
    found = next((kind for kind, rx in _COMMANDS if rx.search(text)), None)
    after = _AFTER_NAME.match(text)
    if found is None and after:
        found = next((kind for kind, rx in _COMMANDS if rx.pattern.startswith("^") and rx.search(text[after.end():])), None)
    return found
