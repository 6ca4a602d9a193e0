"""Analysts' shorthand and non-native verb forms read as the words the rules know (issue 30):
"expo", "grp", "gtors", "dflt", "nbhd", "chg", "ctrl", "pct", "HO" ("head office"), "w/",
"co. no."; and "is owning X" / "is having" / "were existing" as "owns" / "has" / "existed". Both
are data (:data:`SHORTHAND`, :data:`PROGRESSIVE`): a new abbreviation is one row. Each is a whole
word; an abbreviation that is also a name's word ("Marex Grp plc") is expanded there too, which
the graph's names then match ("Marex Group plc")."""

from __future__ import annotations

import re

__all__ = ["PROGRESSIVE", "SHORTHAND", "expand"]

# (pattern of a whole word, what it stands for, case-sensitive?)
SHORTHAND: tuple[tuple[str, str, bool], ...] = (
    (r"expo", "exposure", False),
    (r"grp", "group", False),
    (r"nbhd|nbhood|n'hood", "neighbourhood", False),
    (r"gtors?|gtrs?|guars?", "guarantors", False),
    (r"gtees?|gty", "guarantees", False),
    (r"gteed|gtd", "guaranteed", False),
    (r"lndrs?", "lenders", False),
    (r"bwrs?|borrs?", "borrowers", False),
    (r"dflts?|dfts?", "default", False),
    (r"chgs?|chng", "changes", False),
    (r"chk", "check", False),
    (r"acctg|acct", "accounting", False),
    (r"sanc(?:t)?(?:\.|'d|d)?", "sanctioned", False),
    (r"sancs", "sanctions", False),
    (r"ctrls", "controls", False),
    (r"ctrld", "controlled", False),
    (r"ctrl", "control", False),
    (r"circ\.?", "circular", False),
    (r"x-(?=holdings?|shareholdings?|ownership)", "cross-", False),
    (r"(?<=\d\s)pct|(?<=\d)pct", "percent", False),
    (r"pct", "percentage", False),
    (r"HO", "head office", True),
    (r"BOs?(?=\s+(?:check|test|review|list|register|declaration|info|details)\b)|BOs", "beneficial owners", True),  # "BO check"
    (r"hldgs?", "holdings", False),
    (r"co\.?\s+no\.?|co\.?\s+reg\.?\s+no\.?", "company number", False),
    (r"nat\.", "natural", False),
    (r"w/o", "without", False),
    (r"w/", "with ", False),
    (r"qtr-end|qtr\s+end|q-end", "quarter end", False),
    (r"yr-end|yr\s+end", "year end", False),
    (r"mth-end|mth\s+end", "month end", False),
    (r"qtr", "quarter", False),
    (r"prev", "previous", False),
    (r"yr", "year", False),
    (r"subs?\.", "subsidiaries", False),
    (r"info", "information", False),
    (r"cptys|ctptys|cparties", "counterparties", False),
    (r"cpty|ctpty|cparty|c/p", "counterparty", False),
    (r"exp(?=\s+(?:to|on|vs|at|@|under|against)\b|\s*@)", "exposure", False),
    (r"hldco|hld\s?co", "holdco", False),
    (r"o/s", "outstanding", False),
    # "EOM June 2019", "EOQ Q3 2023": the end of the period named, not the last one
    (r"eo[mq](?=\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|q[1-4]\b|h[12]\b))", "the end of", False),
    (r"eoq", "last quarter end", False),
    (r"eom", "last month end", False),
    (r"eoy(?!\s*'?\d)", "last year end", False),
    (r"ppl", "people", False),
    (r"rn", "right now", False),
    (r"yday|ystdy|yest", "yesterday", False),
    (r"tdy|2day", "today", False),
    (r"y/e", "YE", False),
    (r"q/e", "quarter end", False),
    (r"m/e", "month end", False),
    (r"shldrs?|shrhldrs?|s/holders?", "shareholders", False),
    # ("the direct shs", "who were the shs of X": holders, not shares; a register's "shs" after a person's word)
    (r"(?<=\bdirect\s)shs|(?<=\bindirect\s)shs|(?<=\bwho\swere\sthe\s)shs|(?<=\bwho\sare\sthe\s)shs", "shareholders", False),
    (r"shs", "shares", False),
    (r"amt", "amount", False),
    (r"posns?|psns", "positions", False),
    (r"lns", "loans", False),
    (r"wrt", "regarding", False),
    (r"sanc(?:'?d)?|sanx", "sanctioned", False),
    # "exp to X", "look-through exp", "our exp": exposure (not "expiry": only in these places)
    (r"exp(?=\s+(?:to|in|on|vs)\b)|(?<=look[- ]through\s)exp|(?<=lookthrough\s)exp|(?<=our\s)exp|(?<=total\s)exp", "exposure", False),
    # "cos" is "companies" after a determiner ("which cos", "any cos"), elsewhere "because"
    (r"(?<=which\s)cos|(?<=what\s)cos|(?<=any\s)cos|(?<=all\s)cos|(?<=the\s)cos|(?<=other\s)cos|(?<=group\s)cos|"
     r"(?<=op\s)cos|(?<=portfolio\s)cos", "companies", False),
    # ... and before the words that describe companies ("cos owned by X", "cos in the group")
    (r"cos(?=\s+(?:owned|controlled|held|under|where|that|which|in\s+(?:the|its|his|her|their)\b))", "companies", False),
)

# non-native progressive forms of the verbs the rules read: "is owning" -> "owns" (verb, 3rd person,
# past; the -ing form is the verb + "ing" unless a fourth column spells it)
PROGRESSIVE: tuple[tuple[str, ...], ...] = (
    ("own", "owns", "owned"), ("hav", "has", "had"), ("hold", "holds", "held"),
    ("control", "controls", "controlled", "controlling"), ("belong", "belongs", "belonged"),
    ("exist", "exists", "existed"), ("lend", "lends", "lent"), ("reach", "reaches", "reached"),
    ("touch", "touches", "touched"), ("consolidat", "consolidates", "consolidated"),
)
# "holding" after "is" is also a noun ("is holding company"): only when a name or "it" follows is it a verb
_BE = r"(?P<be>is|are|was|were|am)"


def _case_like(word: str, model: str) -> str:
    return word[:1].upper() + word[1:] if model[:1].isupper() and not model.isupper() else word


def _compiled() -> list[tuple[re.Pattern[str], str]]:
    out = []
    for pattern, words, sensitive in SHORTHAND:
        rx = re.compile(rf"(?<![\w\-/.])(?:{pattern})(?![\w\-/])" if not pattern.endswith("/") else
                        rf"(?<![\w\-/.])(?:{pattern})", 0 if sensitive else re.I)
        out.append((rx, words))
    return out


_SHORT = _compiled()
_PROG = [(re.compile(rf"\b{_BE}\s+(?:(?P<adv>\w+ly)\s+)?{row[3] if len(row) > 3 else row[0] + 'ing'}\b"
                     r"(?!\s+(?:compan|entit|struct))", re.I), row[1], row[2]) for row in PROGRESSIVE]


def expand(text: str) -> tuple[str, list[str]]:
    """``text`` with shorthand spelt out and progressive verbs made simple; a note per change."""
    notes: list[str] = []
    for rx, words in _SHORT:
        def spell(m: re.Match[str], words: str = words) -> str:
            notes.append(f"read {m.group(0).strip()!r} as {words.strip()!r}")
            return _case_like(words, m.group(0))
        text = rx.sub(spell, text)
    for rx, now, past in _PROG:
        def simple(m: re.Match[str], now: str = now, past: str = past) -> str:
            verb = past if m.group("be").lower() in ("was", "were") else now
            notes.append(f"read {m.group(0)!r} as {verb!r}")
            return f"{m.group('adv')} {verb}" if m.group("adv") else verb
        text = rx.sub(simple, text)
    return text, notes
