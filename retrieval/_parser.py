"""Deterministic question parser: text -> :class:`retrieval.question.Question`.

Steps, each on a working copy of the text where consumed spans are replaced by a boundary
mark (``SEP``) so that later steps do not read them again:

1. mask quoted names and LEIs (placeholders, restored verbatim in the anchors);
2. dates with the cue in front of them (``as of`` -> valid time, ``as known at`` / ``as we
   knew it on`` / ``with what was known at`` -> knowledge time, ``between/from/since ... and/to``
   -> a range), then hop counts, thresholds and rules, contagion channels, the portfolio;
3. the family (``pattern``) from keyword rules tried in a fixed order (first match wins);
4. anchors from per-family slot patterns ("beneficial owner of X", "A's stake in B",
   "if X defaults", "between A and B", ...), then generic fallbacks (quoted names, LEIs,
   names with a legal suffix, "the X family");
5. pronouns: a slot that is a pronoun, or a question without any anchor that uses one, is a
   follow-up.

The parser never guesses a family: anything that matches no rule is ``unknown``.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from ownergraph.retrieval.question import Mention, Question

MAX_CHARS = 600
SEP = "\u241e"  # boundary left where a consumed span was
_PH_OPEN, _PH_CLOSE = "\ue000", "\ue001"  # placeholder brackets for masked names
_PH_RE = re.compile(f"{_PH_OPEN}(\\d+){_PH_CLOSE}")

NUMBER_WORDS = {"zero": 0, "one": 1, "a single": 1, "single": 1, "two": 2, "three": 3, "four": 4,
                "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_NUM = r"(?:\d+|zero|one|a single|single|two|three|four|five|six|seven|eight|nine|ten)"

MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
MONTHS["sept"] = 9
_MON = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|" \
       r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
_QWORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}

LEGAL_SUFFIX = (r"(?:Ltd\.?|Limited|PLC|plc|GmbH(?: & Co\.? KG)?|S\.A\.|SA|S\.p\.A\.|SpA|LLC|L\.L\.C\.|Inc\.?|"
                r"Incorporated|Corp\.?|Corporation|AG|B\.V\.|BV|N\.V\.|NV|LLP|LP|L\.P\.|SE|S\.à r\.l\.|"
                r"S\.a\.r\.l\.|Sarl|SARL|S\.A\.S\.|SAS|Oy|AB|ASA|A/S|KG|KGaA|Co\.|Pty Ltd|Pte\.? Ltd\.?|"
                r"SICAV|UCITS|SCA|S\.C\.A\.)")
_SUFFIX_AT_END = re.compile(rf"(?:^|[\s,]){LEGAL_SUFFIX}$")
_FUND_WORDS = re.compile(r"\b(?:fund|funds|sicav|ucits|fcp|oeic|feeder|sub-?fund|master fund|etf|"
                         r"capital partners|partners fund)\b", re.I)
_LEI_RE = re.compile(r"\b[A-Z0-9]{18}[0-9]{2}\b")

PRONOUNS = re.compile(
    r"\b(?P<p>(?:that|this|the same|those|these)\s+(?:fund|funds|company|companies|entity|entities|issuer|"
    r"issuers|group|firm|firms|one|ones|family|bank|borrower|counterparty|counterparties|person|"
    r"holding|subsidiary|parent|name|names)|it|its|it's|they|them|their|theirs|he|she|him|his|her)\b",
    re.I)
_PRONOUN_WORDS = {"it", "its", "it's", "they", "them", "their", "theirs", "he", "she", "him", "his",
                  "her"}

# Words that are never an entity on their own.
_GENERIC = re.compile(
    r"^(?:(?:a|an|any|the|our|all|some|each|every|which|what)\s+)*(?:sanctioned\s+|blocked\s+|listed\s+)?"
    r"(?:entity|entities|issuer|issuers|company|companies|counterparty|counterparties|party|parties|"
    r"firm|firms|name|names|one|ones|anything|everything|something|anyone|someone|whom|who|what|"
    r"we|us|our|i|me|structure|group|groups|holdings?|positions?|book|portfolio|exposures?|graph|network|data|"
    r"database|system|market|world|ownership(?:\s+(?:graph|network|data|structure))?|ownership|control|them|there)$", re.I)

_TRAILING_FILLER = re.compile(
    r"(?:\s+(?:directly|indirectly|ultimately|today|now|currently|right now|at the moment|in total|"
    r"overall|really|actually|altogether|in aggregate|at present|then|at the time|exactly|please|"
    r"and how|and by how much|via|through|over|only|evolved|changed|developed|shifted|looked|look|change|evolve|"
    r"over\s+time|over\s+the\s+years))+$", re.I)
_LEADING_NOUN = re.compile(
    r"^(?P<noun>(?:the\s+|a\s+|an\s+)?(?:fund|company|issuer|entity|firm|bank|borrower|counterparty|"
    r"obligor|guarantor|lender|corporation|holding|subsidiary|group|person|individual|investor|"
    r"manager|name|(?i:mr\.?|mrs\.?|ms\.?|dr\.?|sir|lady|lord|madame|monsieur|herr|frau)))\s+(?=[A-Z0-9\ue000\"])")
_NOUN_KIND = {"fund": "fund", "company": "company", "issuer": "company", "firm": "company",
              "bank": "company", "corporation": "company", "holding": "company", "subsidiary": "company",
              "person": "person", "individual": "person", "mr": "person", "mrs": "person", "ms": "person",
              "dr": "person", "sir": "person", "lady": "person", "lord": "person", "madame": "person",
              "monsieur": "person", "herr": "person", "frau": "person"}


@dataclass
class _Work:
    original: str
    text: str  # working copy: masked, consumed spans replaced by SEP
    today: date
    masked: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def consume(self, m: re.Match[str] | tuple[int, int]) -> None:
        s, e = (m.span() if isinstance(m, re.Match) else m)
        if e > s:  # same length, so that spans found earlier stay valid
            self.text = self.text[:s] + SEP.center(e - s) + self.text[e:]

    def restore(self, s: str) -> str:
        return _PH_RE.sub(lambda m: self.masked[int(m.group(1))], s)


# -- 1. masking ------------------------------------------------------------------------------

_QUOTED = re.compile(r"\"([^\"]{1,200})\"|“([^”]{1,200})”|‘([^’]{1,200})’|«\s*([^»]{1,200}?)\s*»|"
                     r"(?<![\w])'([^']{1,200})'(?![\w])")


def _mask(w: _Work) -> None:
    def repl(m: re.Match[str]) -> str:
        inner = next(g for g in m.groups() if g is not None).strip()
        w.masked.append(inner)
        return f"{_PH_OPEN}{len(w.masked) - 1}{_PH_CLOSE}"

    w.text = _QUOTED.sub(repl, w.text)

    def lei(m: re.Match[str]) -> str:
        val = m.group(0)
        w.masked.append(val)
        return f"{_PH_OPEN}{len(w.masked) - 1}{_PH_CLOSE}"

    w.text = _LEI_RE.sub(lei, w.text)


# -- 2a. dates --------------------------------------------------------------------------------

_DATE_RE = re.compile(
    r"(?P<iso>\b(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})\b)"
    rf"|(?P<dmy>\b(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>{_MON})\.?,?\s+(?P<y2>\d{{4}})\b)"
    rf"|(?P<mdy>\b(?P<mon3>{_MON})\.?\s+(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y3>\d{{4}})\b)"
    r"|(?P<quarter>\b(?:(?:the\s+)?(?P<qpos>end|close|start|beginning)\s+of\s+(?:the\s+)?)?"
    r"(?:Q(?P<q1>[1-4])\s*[-/ ]?\s*(?:of\s+)?(?P<qy1>\d{4})|(?P<qy2>\d{4})\s*[-/ ]?\s*Q(?P<q2>[1-4])"
    r"|(?P<qw>first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(?P<qy3>\d{4}))\b)"
    r"|(?P<half>\b(?:(?:the\s+)?(?P<hpos>end|close|start|beginning)\s+of\s+)?H(?P<h>[12])\s*[-/ ]?\s*(?P<hy>\d{4})\b)"
    rf"|(?P<monthyear>\b(?:(?:the\s+)?(?P<mpos>end|close|start|beginning)\s+of\s+)?(?P<mon4>{_MON})\.?\s+(?P<y4>\d{{4}})\b)"
    r"|(?P<yearend>\b(?:(?:the\s+)?(?P<ypos>end|close|start|beginning)\s+of\s+(?:the\s+)?(?:(?:fiscal\s+|financial\s+)?year\s+|fy\s*)?"
    r"|year[- ]end\s+|ye\s*|fy\s*|end[- ])(?P<y5>\d{4})\b|\b(?P<y6>\d{4})\s+year[- ]end\b)"
    r"|(?P<rel>\b(?:today|yesterday|right now|currently|at present|now)\b)"
    r"|(?P<bare>\b(?P<y7>(?:19|20)\d{2})\b)",
    re.I)

# cue words directly in front of a date (checked against the text before it)
_KNOWN_CUE = re.compile(
    r"(?:\bas\s+(?:we\s+)?knew\s+it|\bwhat\s+(?:was|we|had\s+been|were)\s+(?:known|knew|published|"
    r"reported|disclosed)|\bknown|\bknowledge(?:\s+(?:date|time|cut-?off))?|\bpublished|\breported|"
    r"\bdisclosed|\bavailable|\brecorded|\bas\s+seen|\bperspective\s+of|\bpoint[- ]in[- ]time|"
    r"\bbacktest(?:ed|ing)?|\bwithout\s+look-?ahead)"
    r"(?:\s+(?:data|information|facts))?"
    r"(?:\s+(?:on|at|by|as\s+of|as\s+at|of|in|before|until|up\s+to))?(?:\s+the)?\s*,?\s*$", re.I)
_FROM_CUE = re.compile(r"\b(?:between|from|since|starting(?:\s+(?:from|in|on|at))?|after|beginning)"
                       r"(?:\s+(?:the|on|at|in))?\s*$", re.I)
_TO_CUE = re.compile(r"\b(?:and|to|until|till|through|thru|up\s+to|vs\.?|versus|compared\s+(?:to|with)|"
                     r"against)(?:\s+(?:on|at|in|as\s+of|the))?\s*$", re.I)
_ASOF_CUE = re.compile(r"\b(?:as\s+(?:of|at|on)|at\s+the|by\s+the|at|on|by|in|per|dated|during|for|"
                       r"valid\s+(?:on|at|as\s+of)|effective|of)\s*,?\s*$", re.I)
_BACKTEST_SAME = re.compile(r"\b(?:as\s+(?:we\s+)?knew\s+it|as\s+(?:it\s+was\s+)?known|with\s+what\s+(?:was|we)\s+"
                            r"(?:known|knew)|as\s+(?:published|reported|disclosed))\s+(?:then|at\s+the\s+time)\b"
                            r"|\bwithout\s+look-?ahead\b|\bno\s+look-?ahead\b|\bpoint[- ]in[- ]time\b", re.I)


@dataclass
class _DateHit:
    start: int  # the cue's start
    end: int
    dstart: int  # the date expression's own start
    kind: str  # day | month | quarter | half | year | rel
    lo: date  # first day of the period
    hi: date  # last day of the period
    pos: str | None  # explicit start/end
    cue: str  # known | from | to | asof | none


def _month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


def _find_dates(w: _Work) -> list[_DateHit]:
    hits: list[_DateHit] = []
    invalid: list[tuple[int, int]] = []
    for m in _DATE_RE.finditer(w.text):
        g = m.groupdict()
        before = w.text[max(0, m.start() - 60):m.start()]
        if SEP in before:
            before = before[before.rindex(SEP) + 1:]
        start = m.start()
        cue = "none"
        for name, rx in (("known", _KNOWN_CUE), ("from", _FROM_CUE), ("to", _TO_CUE), ("asof", _ASOF_CUE)):
            cm = rx.search(before)
            if cm:
                cue = name
                start = m.start() - (len(before) - cm.start())
                break
        try:
            pos = next((g[k].lower() for k in ("qpos", "hpos", "mpos", "ypos") if g.get(k)), None)
            pos = {"close": "end", "beginning": "start"}.get(pos, pos) if pos else None
            if g["iso"]:
                d = date(int(g["y"]), int(g["m"]), int(g["d"]))
                kind, lo, hi = "day", d, d
            elif g["dmy"] or g["mdy"]:
                y, mon, dd = ((g["y2"], g["mon2"], g["d2"]) if g["dmy"] else (g["y3"], g["mon3"], g["d3"]))
                d = date(int(y), MONTHS[mon.lower().rstrip(".")], int(dd))
                kind, lo, hi = "day", d, d
            elif g["quarter"]:
                q = int(g["q1"] or g["q2"] or _QWORD[(g["qw"] or "").lower()])
                y = int(g["qy1"] or g["qy2"] or g["qy3"])
                kind, lo, hi = "quarter", date(y, 3 * q - 2, 1), _month_end(y, 3 * q)
            elif g["half"]:
                h, y = int(g["h"]), int(g["hy"])
                kind, lo, hi = "half", date(y, 6 * h - 5, 1), _month_end(y, 6 * h)
            elif g["monthyear"]:
                y, mo = int(g["y4"]), MONTHS[g["mon4"].lower().rstrip(".")]
                kind, lo, hi = "month", date(y, mo, 1), _month_end(y, mo)
            elif g["yearend"]:
                y = int(g["y5"] or g["y6"])
                if pos is None:
                    pos = "end"
                kind, lo, hi = "year", date(y, 1, 1), date(y, 12, 31)
            elif g["rel"]:
                word = g["rel"].lower()
                d = w.today - timedelta(days=1) if word == "yesterday" else w.today
                kind, lo, hi = "rel", d, d
            else:  # bare year: only with a cue in front of it
                y = int(g["y7"])
                kind, lo, hi = "year", date(y, 1, 1), date(y, 12, 31)
        except (ValueError, KeyError):
            w.notes.append(f"ignored an invalid date: {m.group(0)!r}")
            invalid.append((start, m.end()))
            continue
        if kind == "rel" and g["rel"].lower() in ("now", "currently", "right now", "at present") \
                and cue == "none" and g["rel"].lower() == "now":
            continue  # a bare "now" is too weak ("now show me ...")
        if g["bare"] and cue == "none":
            continue
        if g["bare"] and cue == "asof" and re.search(r"\b(?:of|for)\s*$", before, re.I):
            continue  # "the 2023 accounts of ...": not a date cue
        # "as of" in front of a knowledge cue phrase, e.g. "as known as of": already covered
        hits.append(_DateHit(start, m.end(), m.start(), kind, lo, hi, pos, cue))
    for span in invalid:  # keep an invalid date out of the anchors
        w.consume(span)
    return hits


def _point(h: _DateHit, default: str) -> date:
    pos = h.pos or default
    return h.lo if pos == "start" else h.hi


def _assign_dates(w: _Work, q: dict, hits: list[_DateHit], pattern: str) -> None:
    for h in hits:
        w.consume((h.start, h.end))
    if not hits:
        return
    coarse = [h for h in hits if h.kind in ("month", "quarter", "half", "year") and h.pos is None]
    for h in coarse:
        if h.cue in ("from", "to") or pattern == "diff":
            continue
        w.notes.append(f"period {w.original[h.start:h.end].strip()!r} read as its last day")
    known = [h for h in hits if h.cue == "known"]
    rest = [h for h in hits if h.cue != "known"]
    if known:
        q["known_at"] = _point(known[-1], "end")
        if len(known) > 1:
            w.notes.append("several knowledge dates; using the last")
    if pattern == "diff":
        frm = [h for h in rest if h.cue == "from"]
        to = [h for h in rest if h.cue == "to"]
        other = [h for h in rest if h.cue not in ("from", "to")]
        if frm:
            q["date_from"] = _point(frm[0], "start")
        if to:
            q["date_to"] = _point(to[-1], "end")
        for h in other:
            if q.get("date_from") is None and len(other) >= 2:
                q["date_from"] = _point(h, "end")
            elif q.get("date_from") is None and h.kind in ("month", "quarter", "half", "year") and h.pos is None:
                q["date_from"], q["date_to"] = h.lo, h.hi  # "what changed in 2023"
                w.notes.append(f"diff over the whole period {w.original[h.start:h.end].strip()!r}")
            elif q.get("date_from") is None:
                q["date_from"] = _point(h, "end")
            elif q.get("date_to") is None:
                q["date_to"] = _point(h, "end")
        if q.get("date_from") is not None and q.get("date_to") is None:
            q["date_to"] = w.today
            w.notes.append("no end date: diff up to today")
        if q.get("date_from") and q.get("date_to") and q["date_from"] > q["date_to"]:
            q["date_from"], q["date_to"] = q["date_to"], q["date_from"]
            w.notes.append("dates given in reverse order; swapped")
        return
    frm = [h for h in rest if h.cue == "from"]
    to = [h for h in rest if h.cue == "to"]
    if frm or to:
        if frm:
            q["date_from"] = _point(frm[0], "start")
        if to:
            q["date_to"] = _point(to[-1], "end")
        w.notes.append("a date range on a point-in-time question: as_of not set")
    asof = [h for h in rest if h.cue not in ("from", "to")]
    if asof:
        q["as_of"] = _point(asof[-1], "end")
        if len(asof) > 1:
            w.notes.append("several valid-time dates; using the last")
    if known and q.get("as_of") is None and not (frm or to):
        q["as_of"] = q["known_at"]
        w.notes.append("as known at a date without a separate valid date: as_of = known_at")
    if _BACKTEST_SAME.search(w.original) and q.get("as_of") and q.get("known_at") is None:
        q["known_at"] = q["as_of"]
        w.notes.append("as known at the time: known_at = as_of (backtest)")


# -- 2b. depth, thresholds, rules, channels, portfolio ---------------------------------------

_DEPTH_RE = re.compile(
    rf"\b(?P<q>within|up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|max(?:imum)?(?:\s+of)?|less\s+than|"
    rf"fewer\s+than|under|exactly)?\s*(?P<n>{_NUM})[- ](?:hops?|steps?|levels?|links?|degrees?(?:\s+of\s+separation)?|"
    rf"layers?|tiers?|jumps?)(?:\s+(?:away|out|deep|removed))?(?:\s+(?:from|of))?"
    rf"|\b(?:max(?:imum)?\s+)?depth\s*(?:of|=|:)?\s*(?P<n2>\d+)\b",
    re.I)


def _num(s: str) -> int:
    s = s.lower().strip()
    return int(s) if s.isdigit() else NUMBER_WORDS[re.sub(r"\s+", " ", s)]


def _depth(w: _Work, q: dict) -> None:
    for m in _DEPTH_RE.finditer(w.text):
        n = _num(m.group("n") or m.group("n2"))
        qual = (m.group("q") or "").lower()
        if qual.startswith(("less", "fewer", "under")):
            n -= 1
        q["depth"] = max(n, 0)
        w.consume(m)
        return


_PCT = r"(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s*cent\b|pct\b)"
_THRESH_RE = re.compile(
    r"(?P<pre>\b(?:more\s+than|over|above|greater\s+than|exceeding|in\s+excess\s+of|beyond|at\s+least|"
    r"not\s+less\s+than|minimum(?:\s+of)?|min\.?|equal\s+to\s+or\s+(?:more|greater)\s+than|of|with|holding)\s+|>=\s*|≥\s*|>\s*)?"
    + _PCT +
    r"(?P<post>\s+(?:or\s+more|or\s+above|or\s+greater|or\s+higher|and\s+above|and\s+over|and\s+up|plus)\b|\+)?"
    r"(?:\s+(?:threshold|stake|ownership|or\s+more\s+ownership))?",
    re.I)
_RULE_WORDS: list[tuple[str, re.Pattern[str]]] = [
    ("ofac_50", re.compile(r"\b(?:under|per|by|using|with|according\s+to|applying)?\s*(?:the\s+)?"
                           r"(?:ofac(?:'s)?(?:\s+50\s*%?)?(?:\s+percent)?(?:\s+rule)?|50\s*%\s+rule|fifty\s+percent\s+rule)\b", re.I)),
    ("amld_gt25", re.compile(r"\b(?:under|per|by|using|with|according\s+to|applying)?\s*(?:the\s+)?"
                             r"(?:older\s+|old\s+|previous\s+)?(?:[456]th\s+|[456]\s*)?(?:amld|aml\s+directive|anti-money[- ]laundering\s+directive)"
                             r"(?:\s+(?:definition|rule|test|threshold|wording))?\b", re.I)),
    ("eu_amlr_25", re.compile(r"\b(?:under|per|by|using|with|according\s+to|applying)?\s*(?:the\s+)?"
                              r"(?:(?:eu\s+)?amlr|aml\s+regulation|anti-money[- ]laundering\s+regulation|"
                              r"(?:regulation\s+(?:\(eu\)\s+)?)?2024/1624)(?:\s+(?:definition|rule|test|threshold))?\b", re.I)),
    ("rolling_25", re.compile(r"\b(?:under|using|with|applying)?\s*(?:the\s+|a\s+)?(?:rolling|per[- ]hop|"
                              r"(?:every|each)\s+link(?:\s+(?:above|over))?)(?:\s+(?:25\s*%\s*)?(?:rule|test|threshold|basis))?\b", re.I)),
    ("majority", re.compile(r"\b(?:majority|dominant|dominance|more\s+than\s+half|over\s+half)"
                            r"(?:\s+(?:control(?:lers?)?|owners?|shareholders?|rule|test|stake|holders?))?\b", re.I)),
]


def _rules(w: _Work, q: dict) -> None:
    for rule, rx in _RULE_WORDS:
        m = rx.search(w.text)
        if m and m.group(0).strip():
            q["rule"] = rule
            if rule != "majority":
                w.consume(m)
            else:  # "under majority control" goes; "majority controllers of X" keeps its noun
                um = re.search(r"\b(?:under|using|with|applying|per|by)\s+(?:the\s+|a\s+)?(?:majority|dominance)"
                               r"(?:\s+(?:control|rule|test|criterion|basis))?\b", w.text, re.I)
                if um:
                    w.consume(um)
            break
    for m in _THRESH_RE.finditer(w.text):
        pct = float(m.group("pct"))
        if pct > 100:
            continue
        pre = (m.group("pre") or "").strip().lower()
        post = (m.group("post") or "").strip().lower()
        strict = pre.startswith(("more", "over", "above", "greater", "exceeding", "in excess", "beyond", ">")) \
            and not pre.startswith(">=")
        inclusive = bool(post) or pre.startswith(("at least", "not less", "minimum", "min", ">=", "≥", "equal"))
        q["threshold"] = round(pct / 100.0, 6)
        if q.get("rule") is None:
            if pct == 25 and strict:
                q["rule"] = "amld_gt25"
            elif pct == 25 and inclusive:
                q["rule"] = "eu_amlr_25"
            elif pct == 50 and strict:
                q["rule"] = "majority"
        w.consume(m)
        break


_EDGE_WORDS = {
    "guarantee": r"guarantee[sd]?|guarantors?|guaranteeing|sureties|surety",
    "lending": r"loans?|lending|lenders?|borrowings?|borrowers?|credit\s+lines?|credit|debt|facilit(?:y|ies)",
    "ownership": r"ownership|owners?|equity|shareholdings?|stakes?|parents?|subsidiar(?:y|ies)|consolidation|holdings?",
}
_EDGE_ANY = "|".join(f"(?:{v})" for v in _EDGE_WORDS.values())
_EDGE_LIST = rf"(?:(?:the|their|its)\s+)?(?:{_EDGE_ANY})(?:\s*(?:,|and|or|&|/|and/or)\s*(?:(?:the|their|its)\s+)?(?:{_EDGE_ANY}))*"
_CHANNEL_RE = re.compile(
    rf"(?P<neg>\b(?:excluding|except(?:\s+for)?|without|ignoring|not\s+(?:via|through|over))\s+)?"
    rf"\b(?:(?:only\s+)?(?:via|through|over|along|using|across|by\s+way\s+of|following|on)\s+)?"
    rf"(?:only\s+)?(?P<list>{_EDGE_LIST})\s*(?:links?|edges?|channels?|exposures?|relationships?|chains?)?"
    rf"(?P<only>\s+only)?", re.I)
_CHANNEL_CUE = re.compile(r"\b(?:via|through|over|along|using|across|by\s+way\s+of|following|only|excluding|"
                          r"except|without|ignoring|channels?|links?)\b", re.I)


def _channels(w: _Work, q: dict) -> None:
    for m in _CHANNEL_RE.finditer(w.text):
        seg = m.group(0)
        if not _CHANNEL_CUE.search(seg):
            continue
        found = [t for t, rx in _EDGE_WORDS.items() if re.search(rf"\b(?:{rx})\b", m.group("list"), re.I)]
        if not found:
            continue
        if m.group("neg"):
            found = [t for t in _EDGE_WORDS if t not in found]
        q["edge_types"] = [t for t in ("guarantee", "lending", "ownership") if t in found]
        w.consume(m)
        return


_PORTFOLIO_RE = re.compile(
    r"(?i:\b(?:(?:in|within|for|across|from|of|on)\s+)?(?:(?:our|the|my)\s+)?(?:portfolio|book|fund\s+book|desk)\s*"
    r"(?:called\s+|named\s+|id\s+|:\s*)?)"
    rf"(?P<p1>{_PH_OPEN}\d+{_PH_CLOSE}|[A-Z0-9][A-Z0-9_\-./]*[A-Z0-9]|[A-Z0-9])(?![\w])"
    r"|(?i:\b(?:(?:in|within|for|across|from|of|on)\s+)?(?:(?:our|the|my)\s+)?)"
    rf"(?P<p2>{_PH_OPEN}\d+{_PH_CLOSE}|[A-Z0-9][A-Z0-9_\-./]*[A-Z0-9])\s+(?i:portfolio|book)\b")


def _portfolio(w: _Work, q: dict) -> None:
    m = _PORTFOLIO_RE.search(w.text)
    if m:
        q["portfolio"] = w.restore(m.group("p1") or m.group("p2"))
        w.consume(m)


# -- 3. family ---------------------------------------------------------------------------------

_FAMILY_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("diff", re.compile(
        r"\bwhat\b.{0,40}\bchang|\bchang(?:e|ed|es|ing)\b.{0,80}\b(?:between|since|from|over)\b|"
        r"\bhow\s+(?:did|has|have|does|do)\b.{0,80}\bchang|\bchanges?\s+(?:in|to|of)\b|\bdiff\b|"
        r"\bdifferences?\b|\bcompare\b|\bcompared\b|\bevolv|\bevolution\b|\bhistory\s+of\b", re.I)),
    ("contagion", re.compile(
        r"\bdefault|\bcontagion\b|\bknock-?on\b|\bspill-?overs?\b|\bcascad|"
        r"\b(?:goes|went|go)\s+(?:bust|under|bankrupt)|\bbankrupt|\binsolven|\bcollaps|\bfails?\b|\bfailure\b|"
        r"\bwho\s+(?:is|would\s+be|gets|are|else\s+is)\s+(?:hit|affected|impacted)\b", re.I)),
    ("sanctions_near", re.compile(
        r"\bsanction.{0,60}\b(?:hops?|steps?|levels?|layers?|tiers?|jumps?|near|close|within|connected|linked|adjacent|degrees?|neighbou?r|"
        r"away|proximity|distance|next\s+to|exposed|touch)"
        r"|\b(?:hops?|steps?|levels?|layers?|tiers?|jumps?|near|close|within|connected|linked|adjacent|degrees?|neighbou?r|away|proximity|"
        r"distance|next\s+to|exposed|touch)\b.{0,60}\bsanction"
        r"|\b(?:is|are)\b.{1,80}\bsanctioned\s*\??\s*$|\bsanctions?\s+(?:exposure|proximity|screen)", re.I)),
    ("stake", re.compile(
        r"\beffective\s+(?:stake|ownership|interest|holding|shareholding)|(?<!controlling )\b(?:stake|interest|shareholding)\s+"
        r"(?:of\s+.{1,80}\s+)?in\b|\bhow\s+much\s+of\b.{1,80}\b(?:own|hold|control)|\b(?:share|percentage|fraction|"
        r"portion|part|%)\s+of\b.{1,80}\b(?:own|hold|held|owned)|\bhow\s+much\s+(?:does|do|did)\b.{1,80}\b(?:own|hold)\s+"
        r"(?:of|in)\b|\blook-?through\s+(?:stake|ownership)", re.I)),
    ("exposure", re.compile(
        r"\bexposures?\b|\bexposed\s+to\b|\bhow\s+much\s+(?:do|does|did|have)\s+(?:we|our|i|the\s+bank|the\s+fund)\b|"
        r"\bour\s+(?:holdings|positions|book|loans|lending|investments)\b|\bwhat\s+do\s+we\s+(?:hold|own|lend)\b|"
        r"\b(?:we|i)\s+(?:hold|own|lend)\b", re.I)),
    ("cycles", re.compile(
        r"\bcross[- ]?(?:holdings?|shareholdings?|ownership)|\bcircular|\bcycles?\b|\bloops?\b|\bmutual(?:ly)?\s+"
        r"(?:own|hold|held|owned|ownership)|\bown\s+each\s+other|\breciprocal|\bstrongly\s+connected|"
        r"\brelated\s+part(?:y|ies)\b|\bowns?\s+(?:it|itself)\b.{0,20}\bback\b", re.I)),
    ("path", re.compile(
        r"\bpaths?\b|\broute\b|\bhow\s+(?:is|are|was|were)\b.{1,80}\b(?:connected|linked|related|tied)\b|"
        r"\b(?:connection|link|relationship|chain)s?\s+(?:between|from)\b|\b(?:is|are)\b.{1,80}\b(?:connected|linked|related)\s+"
        r"(?:to|with)\b|\bconnect(?:s|ed)?\b.{1,80}\b(?:to|with|and)\b", re.I)),
    ("parents", re.compile(
        r"\bparents?\b|\bholding\s+company\s+of\b|\bconsolidat|\breporting\s+exceptions?\b|"
        r"\bgroup\s+head\b|\btop(?:most)?\s+(?:entity|company)\s+of\b|\bwhich\s+group\s+(?:does|is)\b", re.I)),
    ("owners", re.compile(
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
    return "unknown"


# -- 4. anchors --------------------------------------------------------------------------------

_END = rf"(?=\s*(?:[?!;{SEP}]|$))"
_X = r"(?P<x>.+?)"
_ADV = (r"(?:(?:directly|indirectly|ultimately|jointly|effectively|really|actually|beneficially|currently|"
        r"still|now|together|collectively|legally)\s+)")
_A = r"(?P<a>.+?)"
_B = r"(?P<b>.+?)"

_SLOTS: dict[str, list[re.Pattern[str]]] = {
    "owners": [
        re.compile(rf"\b(?:is|are)\s+{_X}\s+(?:blocked|sanctioned\s+by\s+ownership)\b", re.I),
        re.compile(rf"\b(?:beneficial\s+owners?|ubos?|owners?|controllers?|shareholders?|ownership(?:\s+(?:structure|chain|tree))?|"
                   rf"control(?:ling)?\s+(?:structure|persons?|parties|party|interests?)|pscs?|persons?\s+with\s+significant\s+control|"
                   rf"controlling\s+shareholders?)\s+(?:of|for|in|behind|at)\s+{_X}{_END}", re.I),
        re.compile(rf"\bwho\s+{_ADV}?(?:own(?:s|ed)?|control(?:s|led)?|(?:is|was)\s+behind|stands?\s+behind|holds?|held|ha[sd]\s+control\s+(?:of|over)|"
                   rf"pulls?\s+the\s+strings\s+(?:at|of|in))\s+{_X}{_END}", re.I),
        re.compile(rf"\bwho\s+(?:is|are|was|were)\s+{_X}\s+{_ADV}?(?:owned|controlled|held)\s+by\b", re.I),
        re.compile(rf"^(?:\W*)(?:is\s+)?{_X}\s+(?:is\s+)?{_ADV}?(?:owned|controlled)\s+by\s+(?:whom|who)\b", re.I),
        re.compile(rf"\b(?:is|are|was|were)\s+{_A}\s+{_ADV}?(?:(?:majority|wholly|partly|fully|jointly)[- ])?(?:owned|controlled|held)\s+by\s+{_B}{_END}", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:\w+\s+)?(?:ubos?|owners|owner|beneficial\s+owners?|shareholders|controllers|ownership)\b", re.I),
    ],
    "stake": [
        re.compile(rf"\b{_A}'s?\s+(?:\w+\s+){{0,2}}(?:stake|interest|ownership|holding|shareholding|share)\s+in\s+{_B}{_END}", re.I),
        re.compile(rf"\b(?:stake|interest|ownership|holding|shareholding)\s+of\s+{_A}\s+in\s+{_B}{_END}", re.I),
        re.compile(rf"\bhow\s+much\s+of\s+{_B}\s+(?:does|do|did)\s+{_A}\s+{_ADV}?(?:own|hold|control)\b", re.I),
        re.compile(rf"\b(?:share|percentage|fraction|portion|part|%)\s+of\s+{_B}\s+(?:does|do|did)\s+{_A}\s+{_ADV}?(?:own|hold|control)\b", re.I),
        re.compile(rf"\b(?:share|percentage|fraction|portion|part|%)\s+of\s+{_B}\s+(?:is|was)\s+{_ADV}?(?:owned|held|controlled)\s+by\s+{_A}{_END}", re.I),
        re.compile(rf"\bhow\s+much\s+(?:does|do|did)\s+{_A}\s+{_ADV}?(?:own|hold)\s+(?:of|in)\s+{_B}{_END}", re.I),
    ],
    "exposure": [
        re.compile(rf"\b(?:exposures?|exposed)\s+(?:\w+\s+)?(?:to|on|against)\s+{_X}{_END}", re.I),
        re.compile(rf"\b(?:hold|own|lend|lent|invest(?:ed)?|have)\s+(?:\w+\s+)?(?:in|to|on)\s+{_X}{_END}", re.I),
        re.compile(rf"\b(?:holdings?|positions?|loans?|investments?|lending|stakes?|interests?)\s+(?:in|to)\s+{_X}{_END}", re.I),
    ],
    "contagion": [
        re.compile(rf"\bif\s+{_X}\s+(?:were\s+to\s+|was\s+to\s+|should\s+|would\s+|did\s+|does\s+|did\s+not\s+|"
                   rf"fails?\s+to\s+|can(?:'|no)t\s+)?(?:defaults?|defaulted|fails?|failed|goes\s+(?:bust|under|bankrupt)|"
                   rf"went\s+(?:bust|under|bankrupt)|go\s+(?:bust|under|bankrupt)|collapses?|collapsed|becomes?\s+insolvent|"
                   rf"became\s+insolvent|pay|repay)\b", re.I),
        re.compile(rf"\b(?:default|failure|collapse|insolvency|bankruptcy)\s+(?:of|by)\s+{_X}{_END}", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:default|failure|collapse|insolvency|bankruptcy)\b", re.I),
        re.compile(rf"\b(?:contagion|spill-?overs?|knock-?on\s+effects?|cascade)\s+(?:from|of|if)\s+{_X}{_END}", re.I),
        re.compile(rf"\bwhen\s+{_X}\s+(?:defaults?|fails?|collapses?)\b", re.I),
    ],
    "path": [
        re.compile(rf"\bbetween\s+(?P<ab>.+?){_END}", re.I),
        re.compile(rf"\bhow\s+(?:is|are|was|were)\s+{_A}\s+{_ADV}?(?:connected|linked|related|tied)\s+(?:to|with)\s+{_B}{_END}", re.I),
        re.compile(rf"\b(?:is|are|was|were)\s+{_A}\s+{_ADV}?(?:connected|linked|related|tied)\s+(?:to|with)\s+{_B}{_END}", re.I),
        re.compile(rf"\b(?:path|route|chain|connection|link)s?\s+(?:\w+\s+)?from\s+{_A}\s+to\s+{_B}{_END}", re.I),
        re.compile(rf"\b(?:does|do|did)\s+{_A}\s+connect\s+(?:to|with)\s+{_B}{_END}", re.I),
        re.compile(rf"\bconnects?\s+{_A}\s+(?:to|with|and)\s+{_B}{_END}", re.I),
    ],
    "sanctions_near": [
        re.compile(rf"\b(?:is|are|was|were)\s+{_X}\s+{_ADV}?(?:near|close\s+to|within|connected\s+to|linked\s+to|"
                   rf"exposed\s+to|adjacent\s+to|next\s+to|{SEP}|tied\s+to|related\s+to)", re.I),
        re.compile(rf"\bhow\s+(?:close|far|near)\s+(?:is|are)\s+{_X}\s+(?:to|from)\b", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:proximity|distance|closeness)\s+to\b", re.I),
        re.compile(rf"\b(?:is|are|was|were)\s+{_X}\s+sanctioned\s*{_END}", re.I),
        re.compile(rf"\b(?:counterparties|entities|companies|names|issuers)\s+of\s+{_X}\s+(?:that\s+are\s+)?(?:{SEP}|near|within|close)", re.I),
    ],
    "cycles": [
        re.compile(rf"\bbetween\s+(?P<ab>.+?){_END}", re.I),
        re.compile(rf"\b(?:does|do|did|is|are)\s+{_X}\s+(?:have|has|involved\s+in|part\s+of|in)\s+(?:any\s+|a\s+)?"
                   rf"(?:circular|cross|cycles?|loops?|reciprocal|mutual)", re.I),
        re.compile(rf"\b(?:around|involving|of|for|in|at|including|touching|with)\s+{_X}{_END}", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:cross[- ]?holdings?|circular|cycles?|related\s+part)", re.I),
    ],
    "parents": [
        re.compile(rf"\b(?:parents?|parent\s+(?:company|companies|entity|entities)|holding\s+company|group\s+head|"
                   rf"top(?:most)?\s+(?:entity|company)|reporting\s+exceptions?|consolidating\s+(?:entity|parent))"
                   rf"\s+(?:of|for|above)\s+{_X}{_END}", re.I),
        re.compile(rf"\b{_X}'s?\s+(?:\w+\s+)?(?:parents?|parent\s+company|holding\s+company|reporting\s+exceptions?)\b", re.I),
        re.compile(rf"\bwho\s+{_ADV}?(?:consolidates|is\s+consolidating)\s+{_X}{_END}", re.I),
        re.compile(rf"\b(?:is|are|was)\s+{_X}\s+{_ADV}?consolidated\s+(?:by|into|in)\b", re.I),
        re.compile(rf"\bwhich\s+group\s+(?:does|is)\s+{_X}\s+(?:belong|part|in)", re.I),
    ],
    "diff": [
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


_LEAD_Q = re.compile(r"^(?:what|who|whom|which|how|is|are|was|were|does|do|did|tell|show|give|find|list|can|"
                     r"could|please|and|so|then|compute|calculate|get|return)\b", re.I)
_NAME_CONNECTORS = {"of", "de", "du", "der", "den", "von", "van", "la", "le", "y", "and", "&", "the", "family",
                    "fund", "company", "issuer", "firm", "bank", "group", "holdings", "clan", "mr", "mrs", "ms",
                    "dr", "mr.", "mrs.", "ms.", "dr."}


def _trim_lead(s: str) -> str:
    """"What is Acme Ltd" -> "Acme Ltd": keep the trailing run of name-like words."""
    if not _LEAD_Q.match(s.strip()):
        return s
    toks = s.split()
    i = len(toks)
    while i > 0:
        t = toks[i - 1]
        if t[:1].isupper() or t[:1].isdigit() or t[:1] in (_PH_OPEN, '"') or t.lower() in _NAME_CONNECTORS:
            i -= 1
            continue
        break
    kept = toks[i:]
    while kept and kept[0].lower() in ("of", "and", "&", "de", "y"):
        kept = kept[1:]
    if kept and _LEAD_Q.fullmatch(kept[0]):
        kept = kept[1:]
    return " ".join(kept)


def _clean(w: _Work, raw: str) -> tuple[str, str | None, bool] | None:
    """A slot's text -> (name, kind_hint, is_pronoun), or None when it is not a mention."""
    s = raw
    if SEP in s:
        s = s[:s.index(SEP)]
    # cut at a comma that is not part of a legal name ("Acme, Inc.")
    s = re.split(r",(?!\s*(?:Inc|Ltd|LLC|L\.P|LP|Limited|PLC|plc|S\.A|N\.V|B\.V|AG|GmbH|Corp|Co\b|SE\b))", s)[0]
    s = re.sub(r"\s*\([^)]*\)\s*", " ", s)  # "(indirectly)"
    s = re.sub(r"\s+(?:across|in|within|over|for)\s+(?:all\s+)?(?:(?:of\s+)?(?:our|the)\s+)?(?:portfolios?|books?|"
               r"holdings|positions)\b.*$", "", s, flags=re.I)
    s = s.strip(" \t\n?!;:")
    s = _trim_lead(s)
    s = re.sub(r"^(?:(?:for|about|on|of|in|to|at)\s+)", "", s, flags=re.I)
    s = _TRAILING_FILLER.sub("", s).strip(" ,?!;:")
    # "in total" etc. removed; now a trailing "." that is not an abbreviation's
    if s.endswith(".") and not _SUFFIX_AT_END.search(s) and not re.search(r"\b[A-Z]\.$", s):
        s = s[:-1].rstrip()
    s = re.sub(r"'s$|’s$", "", s).strip()
    if not s:
        return None
    kind: str | None = None
    p = PRONOUNS.fullmatch(s)
    if p or s.lower() in _PRONOUN_WORDS:
        return s, None, True
    pm = re.match(r"^(?P<p>its|their|his|her|(?:that|this|the\s+same)\s+(?:fund|company|entity|issuer|group|firm|"
                  r"borrower|counterparty)'s)\s+\w+", s, re.I)
    if pm:  # "its parent", "that fund's owners"
        return re.sub(r"'s$", "", pm.group("p")), None, True
    if re.fullmatch(r"(?:the\s+)?(?:same\s+)?(?:fund|company|entity|issuer|group|firm|borrower)", s, re.I) and \
            re.match(r"(?:the\s+)?same", s, re.I):
        return s, None, True
    fm = _FAMILY_NAME.match(s)
    if fm:
        return fm.group("n"), "family", False
    # leading article before a capitalised name / generic noun before a name
    s = re.sub(r"^(?:the|a|an)\s+(?=[A-Z\ue000])", "", s) if not re.match(r"^the\s+[A-Z]", s) else s
    lm = _LEADING_NOUN.match(s)
    if lm:
        noun = re.sub(r"^(?:the|a|an)\s+", "", lm.group("noun").lower()).rstrip(".")
        kind = _NOUN_KIND.get(noun)
        s = s[lm.end():]  # "fund Alpha" -> "Alpha" (fund); "Mr John Smith" -> "John Smith" (person)
    if _GENERIC.match(_PH_RE.sub("X", s)) and not _PH_RE.search(s):
        return None
    if not re.search(rf"[A-Za-z0-9{_PH_OPEN}]", s):
        return None
    if len(s.split()) > 8:  # a clause, not a name
        return None
    text = w.restore(s).strip()
    if kind is None:
        if _SUFFIX_AT_END.search(text) or re.search(rf"\b{LEGAL_SUFFIX}(?:\s|$)", text):
            kind = "fund" if _FUND_WORDS.search(text) else "company"
        elif _FUND_WORDS.search(text):
            kind = "fund"
    return text, kind, False


@dataclass
class _Anchors:
    mentions: list[Mention] = field(default_factory=list)
    pronoun: str | None = None

    def add(self, cleaned: tuple[str, str | None, bool] | None, role: str) -> bool:
        if cleaned is None:
            return False
        text, kind, is_pronoun = cleaned
        if is_pronoun:
            self.pronoun = self.pronoun or text
            return True
        if kind == "family" and role == "subject":
            role = "group"
        if any(m.text.lower() == text.lower() for m in self.mentions):
            return True
        self.mentions.append(Mention(text=text, role=role, kind_hint=kind))  # type: ignore[arg-type]
        return True


def _split_pair(w: _Work, ab: str) -> tuple[str, str] | None:
    if SEP in ab:
        ab = ab[:ab.index(SEP)]
    parts = list(_AND_SPLIT.finditer(ab))
    if not parts:
        return None
    best = None
    for m in parts:
        left, right = ab[:m.start()].strip(), ab[m.end():].strip()
        if not left or not right:
            continue
        score = 0
        if _SUFFIX_AT_END.search(w.restore(left)) or _PH_RE.search(left[-2:] if len(left) > 1 else left):
            score += 2
        if re.match(rf"(?:(?:the|fund|company|issuer|entity)\s+)?[A-Z0-9{_PH_OPEN}]", right):
            score += 1
        if best is None or score > best[0]:
            best = (score, left, right)
    return (best[1], best[2]) if best else None


def _group_or_subject(w: _Work, raw: str, an: _Anchors) -> bool:
    s = raw[:raw.index(SEP)] if SEP in raw else raw
    s = s.strip(" ,?!;:.")
    for rx in _GROUP_RE:
        gm = rx.match(s)
        if gm:
            return an.add(_clean(w, gm.group("x")), "group")
    return an.add(_clean(w, s), "subject")


def _slots(w: _Work, pattern: str, an: _Anchors) -> None:
    text = w.text
    for rx in _SLOTS.get(pattern, []):
        m = rx.search(text)
        if not m:
            continue
        g = m.groupdict()
        if g.get("ab") is not None:
            pair = _split_pair(w, g["ab"])
            if pair is None:
                continue
            a, b = _clean(w, pair[0]), _clean(w, pair[1])
            if a is None and b is None:
                continue
            an.add(a, "subject")
            an.add(b, "object")
            return
        if g.get("a") is not None:
            a, b = _clean(w, g["a"]), _clean(w, g["b"])
            if a is None and b is None:
                continue
            an.add(a, "subject")
            an.add(b, "object")
            return
        if pattern == "exposure":
            if _group_or_subject(w, g["x"], an):
                return
            continue
        if an.add(_clean(w, g["x"]), "subject"):
            return


_CAP_NAME = re.compile(
    rf"(?:{_PH_OPEN}\d+{_PH_CLOSE})"
    rf"|(?:\b(?:the\s+)?[A-Z][\w&.\-']*(?:\s+(?:of|de|du|der|von|van|la|le|y|&|and)?\s*[A-Z0-9][\w&.\-']*)*"
    rf"(?:,?\s+{LEGAL_SUFFIX}))(?![\w])"
    rf"|(?:\b(?:the\s+)?[A-Z][\w\-']*(?:\s+[A-Z][\w\-']*)*\s+(?:family|clan)\b)")


_ELLIPSIS = re.compile(
    rf"^\s*(?:and\s+)?(?:(?:what|how)\s+about|same\s+(?:question\s+)?for|also\s+for|and\s+(?:for|with)?)\s+{_X}{_END}",
    re.I)


def _fallback(w: _Work, an: _Anchors, role: str) -> None:
    """Quoted names, LEIs, names with a legal suffix and "the X family" anywhere in the text."""
    for m in _CAP_NAME.finditer(w.text):
        s = m.group(0)
        s = re.sub(r"^(?:the)\s+", "", s)
        s = re.sub(r"^(?:Who|What|Which|Is|Are|How|Does|Do|Did|Show|List|Find|Give|And|Our|Any)\s+", "", s)
        cleaned = _clean(w, s)
        if cleaned and not cleaned[2]:
            an.add(cleaned, role if not an.mentions else "object" if role == "subject" else role)


# -- entry point ---------------------------------------------------------------------------

_PARENT_MODS = [
    ("direct", re.compile(r"\b(?:direct|immediate)\s+(?:parent|holding|consolidat)", re.I)),
    ("ultimate", re.compile(r"\bultimate(?:ly)?\s+(?:parent|holding|consolidat|controlling\s+(?:entity|company))|\btop(?:most)?\s+"
                            r"(?:parent|entity|company)|\bgroup\s+head\b", re.I)),
    ("reporting_exceptions", re.compile(r"\breporting\s+exceptions?\b|\bwhy\b.{0,40}\bno\s+parent|"
                                        r"\bparent\b.{0,30}\bnot\s+(?:published|reported|disclosed)", re.I)),
]


def _modifiers(w: _Work, pattern: str, q: dict) -> list[str]:
    mods: list[str] = []
    t = w.original
    if pattern == "parents":
        mods += [name for name, rx in _PARENT_MODS if rx.search(t)]
        if "direct" in mods and q.get("depth") is None:
            q["depth"] = 1
    if pattern in ("stake", "owners", "exposure"):
        if re.search(r"\b(?:indirect(?:ly)?|look-?through|ultimate(?:ly)?|effective)\b", t, re.I):
            mods.append("indirect" if pattern != "owners" else "ultimate")
        if re.search(r"\bdirect(?:ly)?\b(?!\s+or\s+indirect)", t, re.I) and \
                not re.search(r"\bindirect", t, re.I):
            mods.append("direct")
    if pattern == "sanctions_near" and re.search(r"\bdirect(?:ly)?\s+(?:connected|linked|tied|exposed|owned|adjacent)", t, re.I):
        mods.append("direct")
        if q.get("depth") is None:
            q["depth"] = 1
    if re.match(r"^\s*(?:is|are|does|do|was|were|has|have|did|can|could)\b", t, re.I) and pattern != "unknown":
        mods.append("yes_no")
    return list(dict.fromkeys(mods))


def parse(text: str, *, today: date | None = None) -> Question:
    today = today or date.today()
    # a typographic apostrophe inside a word ("Acme’s") is an apostrophe; elsewhere it closes a quote
    norm = re.sub(r"\s+", " ", re.sub(r"(?<=\w)\u2019(?=\w)", "'", text).replace("\u00a0", " ")).strip()
    truncated = len(norm) > MAX_CHARS
    if truncated:  # slot patterns are quadratic in the worst case; a question is short
        norm = norm[:MAX_CHARS]
    w = _Work(original=norm, text=norm, today=today)
    if truncated:
        w.notes.append(f"question longer than {MAX_CHARS} characters: only its start was parsed")
    q: dict = {}
    _mask(w)
    dates = _find_dates(w)
    # the family is decided on the text without the date spans (a date's "between ... and"
    # is not a path question), but before anything else is consumed
    probe = w.text
    for h in dates:
        probe = probe[:h.dstart] + SEP * (h.end - h.dstart) + probe[h.end:]
    w_probe = _Work(original=norm, text=probe, today=today, masked=w.masked)
    pattern = _family(w_probe)
    _assign_dates(w, q, dates, pattern)
    _depth(w, q)
    _rules(w, q)
    if pattern in ("contagion", "path", "exposure"):
        _channels(w, q)
    _portfolio(w, q)

    if pattern == "stake" and re.search(r"\b(?:our|we|us)\b", w.text, re.I) and \
            re.search(r"\b(?:our\s+(?:stake|interest|holding|share)|do\s+we\s+(?:own|hold))\b", w.text, re.I):
        pattern = "exposure"
        w.notes.append("a stake held by us: read as exposure")
    if pattern == "sanctions_near" and re.search(r"\b(?:is|are)\b.{1,80}\bsanctioned\s*\??\s*$", w.original, re.I) and \
            q.get("depth") is None and not re.search(r"\b(?:near|close|within|connected|linked|hops?|exposed)\b", w.original, re.I):
        q["depth"] = 0
        w.notes.append("'is X sanctioned': a sanctions check at depth 0")

    if pattern == "stake" and re.match(r"^\s*who\b", norm, re.I):
        pattern = "owners"  # "who has a stake in X": the owners of X
    if pattern == "owners" and q.get("rule") is None and re.search(r"\bblocked\b", norm, re.I):
        q["rule"] = "ofac_50"
        w.notes.append("'blocked' read as the OFAC 50% rule")

    an = _Anchors()
    if pattern != "unknown":
        _slots(w, pattern, an)
    if not an.mentions and an.pronoun is None:
        fm = _ELLIPSIS.match(w.text)
        if fm:
            an.add(_clean(w, fm.group("x")), "subject")
    if not an.mentions and an.pronoun is None:
        _fallback(w, an, "subject")
    # pronoun follow-ups
    pm = PRONOUNS.search(w.text)
    if an.pronoun is None and not any(m.role in ("subject", "object", "group") for m in an.mentions) and pm:
        an.pronoun = pm.group("p")
    follow_up = an.pronoun is not None
    if re.match(r"^\s*(?:and|what\s+about|how\s+about|same\s+(?:for|question\s+for)|and\s+what\s+about|also)\b", norm, re.I):
        follow_up = True
        if pattern == "unknown":
            w.notes.append("elliptical follow-up: the family comes from the previous turn")
    if pattern == "path" and len([m for m in an.mentions if m.role in ("subject", "object")]) < 2 and not follow_up:
        w.notes.append("path question with fewer than two anchors")
    if pattern == "unknown":
        w.notes.append("no supported question family matched")
    for m in an.mentions:
        if re.fullmatch(r"[A-Z0-9]{18}[0-9]{2}", m.text):
            try:
                from ownergraph.ingest.lei import is_valid_lei
                if not is_valid_lei(m.text):
                    w.notes.append(f"{m.text} looks like an LEI but its check digits fail")
            except ImportError:  # pragma: no cover
                pass
    if pattern == "exposure" and q.get("portfolio"):
        an.mentions.append(Mention(text=q["portfolio"], role="portfolio"))
    q["modifiers"] = _modifiers(w, pattern, q)
    return Question(text=text, pattern=pattern, anchors=an.mentions, follow_up=follow_up, pronoun=an.pronoun,
                    parser="deterministic", notes=w.notes, **q)  # type: ignore[arg-type]
