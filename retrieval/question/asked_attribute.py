"""The attribute a question asks for, when it is none the graph holds (issue 30: "I read this
as ..."). Words like "date", "history" and "record" are cues of the events and diff kinds, but
what they ask depends on the words that qualify them: "the date of the acquisition" and "the
ownership history" are ours; "the date of incorporation", "the account opening date", "the
litigation history", "the date the account was opened" are not. A qualifier with none of the
graph's words makes the question ask for something the graph does not hold."""

from __future__ import annotations

import re

__all__ = ["foreign_attribute"]

# the graph's own words: what it records a date or a history of
_OURS = re.compile(
    r"\b(?:own\w*|share\w*|stake\w*|hold\w*|held|control\w*|sanction\w*|designat\w*|list(?:ed|ing)|delist\w*|"
    r"names?|renam\w*|called|known|acqui\w*|purchas\w*|bought|buy\w*|sale|sold|sell\w*|dispos\w*|divest\w*|exit\w*|"
    r"merg\w*|absorb\w*|took|taken|takeover|loans?|lend\w*|lent|borrow\w*|guarant\w*|financ\w*|facilit\w*|"
    r"correct\w*|restat\w*|amend\w*|revis\w*|events?|transactions?|changes?|changed|transfer\w*|invest\w*|parent\w*|"
    r"subsidiar\w*|consolidat\w*|branch\w*|dissol\w*|struck|liquidat\w*|ceas\w*|default\w*|vot\w*|interests?|"
    r"corporate|register\w*|relationships?|links?|connections?|exposures?|positions?|lei|identifiers?)\b", re.I)
_ARTICLE = r"(?:the|its|their|his|her|a|an|any)"
_QUALIFIED = (
    # "the date of incorporation", "the history of litigation against X" (not "the date of <name>'s disposal")
    re.compile(rf"\b(?:date|history|record)\s+of\s+(?!{_ARTICLE}\s+\ue000|\ue000)(?:{_ARTICLE}\s+)?(?P<q>(?-i:[a-z][\w-]*(?:\s+[a-z][\w-]*)?))", re.I),
    # "the account opening date", "the cyber incident history", "the environmental incident record"
    re.compile(rf"\b(?:what\s+(?:is|was|are|were)|provide|state|give|confirm|show|send|list)\s+(?:me\s+|us\s+)?(?:{_ARTICLE}\s+)?"
               r"(?P<q>(?-i:(?:[a-z][\w-]*\s+){1,3}))(?:date|history|record)\b", re.I),
    # "the date the account of X was opened", "the date when X's licence lapsed"
    re.compile(r"\bthe\s+date\s+(?:on\s+which\s+|when\s+|that\s+)?(?P<q>(?:[^\s.?!;\u241e]+\s+){1,6}?"
               r"(?:was|were|had\s+been|has\s+been)\s+(?:first\s+)?[a-z]+(?:ed|en)\b)", re.I),
)


# words that are no attribute's: a qualifier with one is a clause ("what was on record"), not a noun
_FUNCTION = re.compile(r"\b(?:on|in|at|of|to|for|by|from|with|as|the|this|that|these|those|same|which|what|it|its|"
                       r"is|was|be|been|and|or|no|not|any)\b", re.I)
# "as at (the) date of application": the question's own date named, not a date asked for
_DATE_CUE = re.compile(r"\b(?:as\s+(?:at|of|on)|at|on|by|per|to|until|till|since|from|before|after)\s+(?:the\s+)?$", re.I)
_AFTER = 40  # how far the words after "date" (its "of ..." phrase) still qualify it


# a measure the graph records none of, whatever the words in front of it: "the probability-of-default
# model score", "the loss-given-default estimate", "the liquidity headroom under the credit facility",
# "what interest rate does X charge" (graph words used as modifiers qualify the measure, they ask nothing)
_MEASURE = (r"(?:scores?|estimates?|ratings?|rates?|headroom|ratios?|spreads?|margins?|prices?|yields?|covenants?|"
            r"forecasts?|projections?|budgets?|pd|lgd|ead|ebitda|turnover|revenues?|liquidity|leverage|coupons?)")
_WORDS = r"(?:(?!(?:what|which|who|is|are|was|were|the|of|for|in|and|or)\b)[\w-]+(?:'s)?\s+){0,4}?"
_ARTICLES = r"(?:(?:the|its|their|our|a|an|current|latest)\s+)*"
_MEASURED = re.compile(
    # "what (is the) <measure> for/of/does ...": the measure named before what it is of
    rf"\bwhat(?:'s|\s+is|\s+was|\s+are|\s+were)?\s+{_ARTICLES}(?P<q>{_WORDS}{_MEASURE})\b"
    r"(?=\s+(?:for|of|on|under|at|does|do|did|is|was|charged|applied|applicable|assigned)\b)|"
    # "provide the <measure> for X", "send the <measure> under ...", or the request's verb blanked before it
    r"(?:\b(?:provide|send|give|state|show|share|quote|obtain|report|tell\s+(?:me|us)|(?:do|does|did)\s+(?:we|you)\s+(?:have|hold|keep))"
    r"\s+(?:me\s+|us\s+)?|^\W*)"
    rf"{_ARTICLES}(?P<q2>{_WORDS}{_MEASURE})\b"
    r"(?=\s+(?:for|of|on|under|at|charged|applied|applicable|assigned)\b|\s*[?.!]|\s*$)", re.I)


# a person in an office the graph records none of ("the name of the finance director of X", "who is
# X's auditor", "who is the CFO at X"): officers and advisers are no owners, lenders or controllers
_OFFICE = (r"(?:(?:finance|financial|managing|executive|non-executive|sales|hr|it|technical|operations)\s+director|"
           r"chief\s+\w+\s+officer|c[efot]o|chair(?:man|woman|person)?|(?:company\s+)?secretary|auditors?|accountants?|"
           r"lawyers?|solicitors?|counsel|(?:compliance|data\s+protection|money\s+laundering\s+reporting)\s+officer|mlro|"
           r"treasurer|(?:relationship|account|bank)\s+manager|contact\s+person|head\s+of\s+\w+|"
           # an insolvency's office-holders ("the appointed administrator", "the liquidator of X")
           r"(?:(?:appointed|joint|official|provisional|special)\s+)?(?:administrators?|liquidators?|receivers?|"
           r"insolvency\s+practitioners?|monitors?))")
_OFFICER = re.compile(rf"\b(?:name|names|identity|contact\s+details?)\s+of\s+(?:the|its|their)\s+(?P<q>{_OFFICE})\b|"
                      rf"\bwho\s+(?:is|was|are|were)\s+(?:the\s+)?(?:\S+'s?\s+)?(?P<q2>{_OFFICE})\b|"
                      rf"'s?\s+(?P<q3>{_OFFICE})\b(?!\s+(?:of|for)\s+(?:the\s+)?(?:loan|fund|trust)s?\b)", re.I)


def _office(text: str) -> str | None:
    """The office asked for ("finance director", "auditor"); None when none."""
    m = _OFFICER.search(text)
    return " ".join((m.group("q") or m.group("q2") or m.group("q3")).split()) if m else None


def _measure(text: str) -> str | None:
    """The measure asked for ("interest rate", "probability-of-default model score"); None when none."""
    m = _MEASURED.search(text)
    return " ".join((m.group("q") or m.group("q2")).split()) if m else None


def foreign_attribute(text: str) -> str | None:
    """The qualifier of a date, history or record the question asks for when none of its words is
    the graph's ("incorporation", "account opening", "litigation"); None otherwise."""
    for i, rx in enumerate(_QUALIFIED):
        for m in rx.finditer(text):
            q = m.group("q").strip()
            if not q or _DATE_CUE.search(text[max(0, m.start() - 12):m.start()]):
                continue
            if i < 2:  # "the <q> date of ...", "the date of the most recent <q>": the words after it qualify it too
                if i == 1 and _FUNCTION.search(q):
                    continue
                tail = text[m.end():m.end() + _AFTER]
                q_all = q + " " + tail[:tail.index("\ue000")] if "\ue000" in tail else q + " " + tail
            else:
                q_all = q
            if not _OURS.search(q_all) and not re.fullmatch(r"(?:the|this|that|same|which|what)(?:\s+\w+)?", q, re.I):
                return q
    return _measure(text) or _office(text)
