"""Parser step 2a: dates with the cue in front of them -> valid time, knowledge time, ranges
(see ``retrieval.question.parser``)."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from ownergraph.domain.vocabulary import DIFF
from ownergraph.retrieval.question.date_words import WORDS, words_day
from ownergraph.retrieval.question.short_dates import SHORT, SHORT_POSITIONS, is_short_year, short_period
from ownergraph.retrieval.question.work_text import MON, QWORD, MONTHS, SEP, Work

_DATE_RE = re.compile(
    r"(?P<iso>\b(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})\b)"
    rf"|(?P<dmy>\b(?P<d2>\d{{1,2}})(?:st|nd|rd|th|\.)?\s+(?:day\s+of\s+)?(?:of\s+)?(?P<mon2>{MON})\.?,?\s+(?P<y2>\d{{4}})\b)"
    rf"|(?P<mdy>\b(?P<mon3>{MON})\.?\s+(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y3>\d{{4}})\b)"
    rf"|{SHORT}"
    rf"|{WORDS}"
    r"|(?P<quarter>\b(?:(?:the\s+)?(?P<qpos>end|close|start|beginning)\s+of\s+(?:the\s+)?)?"
    r"(?:Q(?P<q1>[1-4])\s*[-/ ]?\s*(?:of\s+)?(?P<qy1>\d{4})|(?P<qy2>\d{4})\s*[-/ ]?\s*Q(?P<q2>[1-4])"
    r"|(?P<qw>first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(?P<qy3>\d{4}))\b)"
    r"|(?P<half>\b(?:(?:the\s+)?(?P<hpos>end|close|start|beginning)\s+of\s+)?H(?P<h>[12])\s*[-/ ]?\s*(?P<hy>\d{4})\b)"
    rf"|(?P<monthyear>\b(?:(?:the\s+)?(?P<mpos>end|close|start|beginning)(?:\s+of\s+|-))?(?P<mon4>{MON})\.?\s+(?P<y4>\d{{4}})\b)"  # "end-Jun 2020"
    r"|(?P<yearend>\b(?:(?:the\s+)?(?P<ypos>end|close|start|beginning)\s+of\s+(?:the\s+)?(?:(?:fiscal\s+|financial\s+)?year\s+|fy\s*)?"
    r"|year[- ]end\s+|ye\s*|fy\s*|end[- ])(?P<y5>\d{4})\b|\b(?P<y6>\d{4})\s+year[- ]end\b)"
    # "as of tonight", "by close of business today": the session's day
    r"|(?P<rel>\b(?:today(?:'?s)?\s+date|(?:(?:close\s+of\s+business|cob|end\s+of\s+(?:the\s+)?day|eod)\s+)?today|tonight|this\s+evening|"
    r"yesterday|right now|currently|at present|at the moment|atm|"
    # (not the "now" that moves a story on: "and now I am worried", "now we hear")
    r"now(?!\s+(?:i|we|they|he|she|you|it|that|this|there)\b)(?<!\band\snow)|the present (?:date|day|time))\b)"
    r"|(?P<bare>\b(?P<y7>(?:19|20)\d{2})\b)",
    re.I)

# a date named by its occasion: "the lock-up date (D)", "the petition date of D", "the last annual
# review (D)", "between the annual review of D1 and the annual review of D2": up to three words
# that qualify "date", "review" or "meeting", then "of" or a bracket before the day; the words are
# the date's name (not a question for a date, not a document that dates the request, not an entity)
_QUALIFIER = (r"(?:(?!(?:as|at|on|of|by|in|to|for|the|and|or|was|were|is|are|has|had|held|owned|between|from|"
              r"since|until|what|which|when)\b)[a-z][\w-]*\s+)")
_OCCASION = rf"(?:the|our|its|their|your|my)\s+{_QUALIFIER}{{0,3}}?(?:date|review|meeting)(?:\s+of(?:\s+the)?|\s*[(,:])"
# "(at|to|on) the (key|reporting|...) date (of)": a date called a date (translated and formal wording);
# the words are the date's, not a question for a date (``parser`` blanks them with it)
_DATE_NAMED = (rf"\b(?:(?:at|to|on|as\s+(?:of|at)|per|by|for|with)\s+)?{_OCCASION}|"
               # "around the end of July 2023", "circa March 2021": a date said roughly is still the date
               r"\b(?:(?:at|in|on)\s+)?(?:around|circa|approximately|roughly)(?:\s+the)?(?=\s*$)|"
               r"\b(?:(?:at|to|on|as\s+(?:of|at)|per|by|for|with)\s+)?(?:the\s+)?(?:(?:key|reporting|balance[- ]sheet|"
               r"cut-?off|record|valuation|reference|closing|effective|report|review|test|stichtag)\s+)?date(?:\s+of)?(?:\s+the)?"
               # "at period end (31/12/24)", "as at the reporting period end, 30 June"
               r"|\b(?:(?:at|as\s+(?:of|at)|per)\s+)?(?:the\s+)?(?:reporting\s+)?period[- ]end\s*[(,:]?")
DATE_NAMED_CUE = re.compile(_DATE_NAMED, re.I)

# cue words directly in front of a date (checked against the text before it)
_KNOWN_CUE = re.compile(
    r"(?:\bas\s+(?:we\s+)?(?:knew|were\s+knowing|know)\s+it|"
    # "based on the information we had on", "going by what we had on file on", "our records as they stood on"
    r"\b(?:information|records?|data|files?|what)\s+(?:that\s+)?(?:we|I|the\s+(?:firm|bank|company))\s+(?:had|held|knew|kept)(?:\s+(?:on\s+(?:file|record)|then))?|"
    r"\b(?:information|records?|data|files?|knowledge)\s+(?:held|kept|available|on\s+(?:file|record))(?:\s+(?:by|to)\s+(?:the\s+)?(?:firm|bank|company|us))?|"
    r"\brecords?\s+as\s+(?:they|it)\s+stood|\bwhat\s+(?:was|we|had\s+been|were)\s+(?:known|knew|published|"
    # (not a name's "X known as at D": what X was called then)
    r"reported|disclosed)|(?<!\ue001\s)\bknown|\bknowledge(?:\s+(?:date|time|cut-?off))?|\bpublished|\breported|"
    r"\bdisclosed|\bavailable|\brecorded|\bas\s+seen|\bperspective\s+of|\bpoint[- ]in[- ]time|"
    r"\bbacktest(?:ed|ing)?|\bwithout\s+look-?ahead)"
    r"(?:\s+(?:data|information|facts))?(?:\s+(?:to|by)\s+(?:the\s+)?(?:firm|bank|company|us))?"
    r"(?:\s+(?:on|at|by|as\s+of|as\s+at|of|in|before|until|up\s+to)|\s*@)?(?:\s+the)?\s*,?\s*$", re.I)
# a document's own date ("further to our letter of 3 July", "the return submitted on 15 May", "issued
# 12 July"): it dates the request, not the question
_DOCUMENT_CUE = re.compile(
    r"\b(?:letter|reply|response|e-?mail|memo(?:randum)?|correspondence|return|submission|notice|request|review|"
    r"report|message|meeting|call|ticket)\s+(?:of|dated|from|sent\s+on|submitted\s+on)\s*$|"
    r"\b(?:issued|submitted|sent|received|opened|created|updated|raised|logged)(?:\s+(?:on|at))?\s*:?\s*,?\s*$", re.I)
# ... unless the review or meeting is the date a question asks at ("as at the last annual review
# (D)", "between the annual review of D1 and ..."; not "further to our review of D")
_DATED_OCCASION = re.compile(rf"\b(?:between|and|from|since|until|as\s+(?:of|at)|at|on)\s+{_OCCASION}\s*$", re.I)
_FROM_CUE = re.compile(r"\b(?:between|from|since|starting(?:\s+(?:from|in|on|at))?|after|beginning)"
                       rf"(?:(?:\s+(?:the|on|at|in))?(?:\s+(?:our|its|their|your|my))?|\s+{_OCCASION})\s*$", re.I)
# "between our D1 rebalance and our D2 rebalance": each end wrapped in the register's own words
# the second date of a comparison said as "(compare D1) with that at D2", "with those on D2", "with the last day of
# M Y", "with the position at month-end M Y" (its own words for the date's day before it)
_COMPARED_WORDS = (r"with\s+(?:(?:that|those|the\s+(?:one|ones|position|register|list|figures?))\s+(?:at|on|as\s+(?:of|at))"
                 r"(?:\s+(?:the\s+)?(?:month|quarter|year)[- ]end)?|the\s+last\s+day\s+of)")
_COMPARED_WITH = re.compile(_COMPARED_WORDS, re.I)
_TO_CUE = re.compile(rf"\b(?:{_COMPARED_WORDS})\s*$|"
                     r"\b(?:and|to|until|till|through|thru|up\s+to|vs\.?|versus|compared\s+(?:to|with)|"
                     r"against)(?:(?:\s+(?:on|at|in|as\s+of|the))?(?:\s+(?:our|its|their|your|my))?|"
                     rf"(?:\s+(?:on|at|as\s+(?:of|at)))?\s+{_OCCASION})\s*$"
                     r"|(?<=\d)\s*(?:-{1,2}>?|=>|\u2013|\u2014|\u2192)\s*$", re.I)  # "1/1/24 - 30/6/24", "YE20 -> YE21"
# a reference date's acronym in capitals before the date ("as at RRD 2020-05-31", "per VD 30/06/24"): the date's name
_DATE_ACRONYM = r"(?-i:(?<![\w.])[A-Z]{1,3}D(?![\w.]))"
# "as at the D", "as at our D rebalance", "on their D filing": a determiner between the cue and its date
_DETERMINER = r"(?:the|our|its|their|your|my)"
_ASOF_CUE = re.compile(r"\b(?:(?:(?:as\s+(?:of|at)|at|by|per|on)\s+)?(?:cob|eod|close\s+of\s+business|end\s+of\s+(?:the\s+)?day|"
                       rf"{_DATE_ACRONYM})"
                       rf"(?:\s+(?:on|of))?|(?-i:[Aa]s)\s+(?:of|at|on)(?:\s+{_DETERMINER})?|(?:at|by|on)\s+{_DETERMINER}|"
                       # "back in D", "way back in D": the past said twice, one cue
                       r"(?:way\s+)?back\s+(?:in|on|at|around|during)|"
                       r"at|on|by|in|per|dated|during|for|"
                       r"valid\s+(?:on|at|as\s+of)|effective|of|a/o|over|across|throughout|"
                       # "for the period ended D", "in the year ending D": the period's last day
                       r"(?:(?:reporting|accounting|financial|fiscal|calendar)\s+)?(?:period|year|quarter|half[- ]year|half|month)\s+"
                       r"(?:ended|ending|to)"
                       # "at fiscal year-end D", "as of our quarter end D": the period's end named before its day
                       r"|(?:(?:at|as\s+(?:of|at)|on|by)\s+(?:the\s+|our\s+|its\s+|their\s+)?)?"
                       r"(?:(?:reporting|accounting|financial|fiscal|calendar)\s+)?(?:year|quarter|half[- ]year|month)[- ]?end)"
                       r"\s*,?\s*$|@\s*$"
                       # "at the date of D", "to the key date D", "per reporting date D": the date named as a date
                       rf"|(?:{_DATE_NAMED})\s*$", re.I)
_THEN = r"(?:then|at\s+the\s+time|(?:on|at|as\s+(?:of|at)|by|of)\s+(?:that|the\s+same|this)\s+(?:day|date|time|point)|that\s+day|the\s+same\s+day)\b"
_BACKTEST_SAME = re.compile(r"\b(?:as\s+(?:(?:we|you|I|they|the\s+(?:firm|bank|company|group))\s+)?knew\s+(?:it|them)|as\s+(?:it\s+was\s+)?known|with\s+what\s+(?:was|we)\s+"
                            r"(?:known|knew)|as\s+(?:published|reported|disclosed)|as\s+we\s+(?:had|saw|held)\s+it)"
                            r"\s+(?:back\s+)?(?:then|at\s+the\s+time)\b"
                            # "as known at that date", "as known at that COB", "as it was known on that day"
                            r"|\bas\s+(?:it\s+was\s+|they\s+were\s+)?known\s+(?:at|on|as\s+(?:of|at))\s+(?:that|the\s+same|this)\s+"
                            r"(?:date|day|time|point|cob|close(?:\s+of\s+business)?|reporting\s+date|reference\s+date)\b"
                            r"|\b(?:no|without)\s+back-?fill(?:ing|ed)?\b"
                            r"|\bno\s+(?:later\s+)?(?:restatements?|corrections?)\b"
                            r"|\bwithout\s+look-?ahead\b|\bno\s+look-?ahead\b|\bpoint[- ]in[- ]time\b"
                            r"|\b(?:no|without)\s+(?:the\s+benefit\s+of\s+)?hindsight\b"
                            r"|\b(?:records|information|data|files?|what)\s+(?:that\s+)?we\s+(?:had|knew)\s+(?:then|at\s+the\s+time)\b"
                            # "with just the information we had that day", "going by what we had on file then",
                            # "based solely on the information the firm held on that date", "as known to the firm then"
                            rf"|\b(?:information|records?|data|files?|knowledge|what\s+(?:we|you|I|the\s+firm|was))\b[^.?!]{{0,60}}?{_THEN}"
                            rf"|\bas\s+(?:it\s+was\s+|they\s+were\s+)?(?:known|recorded|reported|published|disclosed)"
                            rf"(?:\s+(?:to|by)\s+(?:the\s+)?(?:firm|bank|company|us))?\s+{_THEN}"
                            r"|\b(?:ignor\w*|exclud\w*|disregard\w*|without)\s+(?:any\s+|all\s+)?(?:later|subsequent)\s+"
                            r"(?:corrections?|information|updates?|changes|restatements?|amendments?)\b", re.I)


@dataclass
class DateHit:
    start: int  # the cue's start
    end: int
    dstart: int  # the date expression's own start
    kind: str  # day | month | quarter | half | year | rel
    lo: date  # first day of the period
    hi: date  # last day of the period
    pos: str | None  # explicit start/end
    cue: str  # known | from | to | asof | none
    yearless: bool = False  # a day and month without a year ("30 June"): read against the session's day
    between: bool = False  # the range's start after "between": a point compared, not where a period starts
    compared: bool = False  # the range's end after "with that at": two points set against each other


_Groups = dict[str, Any]  # a date match's named groups
# kind, first day, last day of the period a date expression names
_Period = tuple[str, date, date]
_COARSE_KINDS = ("month", "quarter", "half", "season", "year")
# tried in this order: a knowledge cue ("as known at") wins over the "at" of an as-of cue
_CUES = (("known", _KNOWN_CUE), ("from", _FROM_CUE), ("to", _TO_CUE), ("asof", _ASOF_CUE))
_POSITION_GROUPS = ("qpos", "hpos", "mpos", "ypos", *SHORT_POSITIONS)
_POSITION_SYNONYMS = {"close": "end", "beginning": "start"}


def _month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


# -- 2a(i). finding dates ----------------------------------------------------------------------

def _text_before(text: str, at: int) -> str:
    """The text in front of a date where its cue can be: up to 60 characters, not across a consumed span."""
    before = text[max(0, at - 60):at]
    if SEP in before:
        before = before[before.rindex(SEP) + 1:]
    return before


# "every shareholding recorded as of D", "no percentage was reported as at D": the participle says
# what the facts are, its "as of" dates them; not "as recorded on D" nor "data published as of D"
_FACT_RECORDED = re.compile(
    r"(?<!\bas\s)(?<!\bwhat\s)(?<!\bdata\s)(?<!\binformation\s)(?<!\brecords\s)(?<!\bfacts\s)(?<!\bfiles\s)"
    r"(?:(?:was|were|is|are|been)\s+)?\b(?:recorded|reported|registered|disclosed|shown|stated)\s+as\s+(?:of|at)(?:\s+the)?\s*,?\s*$", re.I)
_KNOWN_WORD_BEFORE = re.compile(r"\b(?:as|what|data|information|records|facts|files|knowledge)\s+(?:(?:was|were|is|are|been)\s+)?\S+\s+as\s+(?:of|at)(?:\s+the)?\s*,?\s*$", re.I)


def _cue_in_front(before: str, date_start: int) -> tuple[str, int]:
    """The cue directly in front of a date and where the hit starts (at the cue when there is one)."""
    fact = _FACT_RECORDED.search(before)
    if fact and not _KNOWN_WORD_BEFORE.search(before):
        asof = re.search(r"as\s+(?:of|at)(?:\s+the)?\s*,?\s*$", before, re.I)
        return "asof", date_start - (len(before) - asof.start())  # type: ignore[union-attr]
    for name, rx in _CUES:
        cm = rx.search(before)
        if cm:
            return name, date_start - (len(before) - cm.start())
    return "none", date_start


def _position(g: _Groups) -> str | None:
    """An explicit "start of" / "end of" in the expression; a year-end reads as the year's end."""
    word = next((g[k].lower() for k in _POSITION_GROUPS if g.get(k)), None)
    if word is not None:
        return _POSITION_SYNONYMS.get(word, word)
    return "end" if g["yearend"] or g["sye"] else None


def _named_day(y: str, mon: str, d: str) -> _Period:
    day = date(int(y), MONTHS[mon.lower().rstrip(".")], int(d))
    return "day", day, day


def _iso_period(g: _Groups, today: date) -> _Period:
    day = date(int(g["y"]), int(g["m"]), int(g["d"]))
    return "day", day, day


def _day_month_year_period(g: _Groups, today: date) -> _Period:
    return _named_day(g["y2"], g["mon2"], g["d2"])


def _month_day_year_period(g: _Groups, today: date) -> _Period:
    return _named_day(g["y3"], g["mon3"], g["d3"])


def _quarter_period(g: _Groups, today: date) -> _Period:
    q = int(g["q1"] or g["q2"] or QWORD[(g["qw"] or "").lower()])
    y = int(g["qy1"] or g["qy2"] or g["qy3"])
    return "quarter", date(y, 3 * q - 2, 1), _month_end(y, 3 * q)


def _half_period(g: _Groups, today: date) -> _Period:
    h, y = int(g["h"]), int(g["hy"])
    return "half", date(y, 6 * h - 5, 1), _month_end(y, 6 * h)


def _month_period(g: _Groups, today: date) -> _Period:
    y, mo = int(g["y4"]), MONTHS[g["mon4"].lower().rstrip(".")]
    return "month", date(y, mo, 1), _month_end(y, mo)


def _year_end_period(g: _Groups, today: date) -> _Period:
    y = int(g["y5"] or g["y6"])
    return "year", date(y, 1, 1), date(y, 12, 31)


def _relative_period(g: _Groups, today: date) -> _Period:
    day = today - timedelta(days=1) if g["rel"].lower() == "yesterday" else today
    return "rel", day, day


def _short_period(g: _Groups, today: date) -> _Period:
    return short_period(g)


def _words_period(g: _Groups, today: date) -> _Period:
    day = words_day(g, today)
    return "day", day, day


def _bare_year_period(g: _Groups, today: date) -> _Period:
    y = int(g["y7"])
    return "year", date(y, 1, 1), date(y, 12, 31)


# the alternatives of _DATE_RE (exactly one matches) and how each is read; only a relative date needs today
_PERIOD_READERS = (
    ("iso", _iso_period), ("dmy", _day_month_year_period), ("mdy", _month_day_year_period), ("short", _short_period), ("words", _words_period),
    ("quarter", _quarter_period), ("half", _half_period), ("monthyear", _month_period),
    ("yearend", _year_end_period), ("rel", _relative_period), ("bare", _bare_year_period),
)


def _period(g: _Groups, today: date) -> _Period:
    """The period a date expression names; ValueError / KeyError for an impossible date."""
    reader = next(read for group, read in _PERIOD_READERS if g[group])
    return reader(g, today)


_ATTRIBUTIVE = re.compile(r"\b(?:the|our|their|its|a|an|this|that|his|her)\s*$", re.I)


def _not_a_date(g: _Groups, cue: str, before: str, after: str = "") -> bool:
    """Words that read as a date only with a cue in front of them."""
    if cue == "none" and g["rel"] and g["rel"].lower() == "now" and not re.match(r"\s*(?:[?.!]|$)", after):
        return True  # a bare "now" is too weak ("now show me ..."), unless it ends the question ("who owns it now?")
    if (g["bare"] or g.get("wdmd")) and cue == "none":
        return True  # a bare year, or "30/6" without "at" / "as of" / "@" in front
    if cue == "none" and _ATTRIBUTIVE.search(before) and not g["rel"]:
        return True  # "reconstructing the April 2020 credit memo": a date naming a document, not the question's
    # "the 2023 accounts of ...": not a date cue
    return bool(g["bare"] and cue == "asof" and re.search(r"\b(?:of|for)\s*$", before, re.I))


def _short_year_numbers(g: _Groups) -> bool:
    """Numbers with slashes and a two-digit "year" that name no day."""
    return bool(g.get("snum") and is_short_year(g["sny"]))


def find_dates(w: Work) -> list[DateHit]:
    """Every date in the working copy with its cue; an impossible date is noted and consumed."""
    hits: list[DateHit] = []
    invalid: list[tuple[int, int]] = []
    for m in _DATE_RE.finditer(w.text):
        g = m.groupdict()
        before = _text_before(w.text, m.start())
        cue, start = _cue_in_front(before, m.start())
        try:
            kind, lo, hi = _period(g, w.today)
        except (ValueError, KeyError):
            if _short_year_numbers(g):
                continue  # "25/50/75" is no date: leave the numbers to the other steps
            w.notes.append(f"ignored an invalid date: {m.group(0)!r}")
            invalid.append((start, m.end()))
            continue
        if _not_a_date(g, cue, before, w.text[m.end():]):
            continue
        if _DOCUMENT_CUE.search(before) and not _DATED_OCCASION.search(before):
            w.notes.append(f"{m.group(0)!r} dates the request, not the question: ignored")
            invalid.append((m.start(), m.end()))
            continue
        hits.append(DateHit(start, m.end(), m.start(), kind, lo, hi, _position(g), cue,
                            yearless=bool(g.get("wdmon") or g.get("wmdmon")),
                            between=cue == "from" and w.text[start:m.start()].lower().startswith("between"),
                            compared=cue == "to" and _COMPARED_WITH.match(w.text[start:m.start()]) is not None))
    for span in invalid:  # keep an invalid date out of the anchors
        w.consume(span)
    return _without_restatements(w, _with_borrowed_years(w, hits))


def _with_borrowed_years(w: Work, hits: list[DateHit]) -> list[DateHit]:
    """A day and month without a year next to a date with one takes its year: "between 30 June
    and 31 December 2022", "at YE 2022 (31 Dec)"."""
    out = []
    for i, h in enumerate(hits):
        near = [o for o in hits[max(0, i - 1):i + 2] if o is not h and not o.yearless and o.kind != "rel"
                and abs((o.dstart if o.dstart > h.end else h.dstart) - (h.end if o.dstart > h.end else o.end)) <= 40]
        if h.yearless and near:
            try:
                day = h.hi.replace(year=near[0].hi.year)
            except ValueError:
                day = h.hi
            if day != h.hi:
                w.notes.append(f"{w.text[h.dstart:h.end].strip()!r} read in the year of the date next to it")
                h = DateHit(h.start, h.end, h.dstart, h.kind, day, day, h.pos, h.cue)
        out.append(h)
    return out


def _without_restatements(w: Work, hits: list[DateHit]) -> list[DateHit]:
    """A date restated next to itself ("YE2024 (31-Dec-2024)") counts once."""
    out: list[DateHit] = []
    for h in hits:
        prev = out[-1] if out else None
        if prev and prev.cue == h.cue or prev and h.cue == "none":
            if prev.hi == h.hi and h.dstart - prev.end <= 6 and w.text[prev.end:h.dstart].strip(" ,(/-") == "":
                w.consume((h.start, h.end))
                continue
        if prev and h.cue == "none" and _labels(w.text, prev, h):
            w.consume((h.start, h.end))
            continue
        out.append(h)
    return out


def _labels(text: str, prev: DateHit, h: DateHit) -> bool:
    """A period named without a year in brackets right after a date ("31 Dec 2025 (year-end)")
    labels that date: it is no second date."""
    gap = text[prev.end:h.dstart]
    return gap.strip() == "(" and not re.search(r"\d", text[h.dstart:h.end])


# -- 2a(ii). dates -> the question's clocks ----------------------------------------------------

def _point(h: DateHit, default: str) -> date:
    pos = h.pos or default
    return h.lo if pos == "start" else h.hi


def _is_coarse(h: DateHit) -> bool:
    """A period longer than a day with no explicit start or end."""
    return h.kind in _COARSE_KINDS and h.pos is None


def _split_by_cue(hits: list[DateHit]) -> tuple[list[DateHit], list[DateHit], list[DateHit]]:
    """Range starts, range ends and the other dates (as-of cue or none)."""
    frm = [h for h in hits if h.cue == "from"]
    to = [h for h in hits if h.cue == "to"]
    other = [h for h in hits if h.cue not in ("from", "to")]
    return frm, to, other


def _note_coarse_points(w: Work, hits: list[DateHit], pattern: str) -> None:
    """Say where a period stands for a single day; range ends and diffs read periods their own way."""
    for h in hits:
        if _is_coarse(h) and h.cue not in ("from", "to") and pattern != DIFF.name:
            # the hit's offsets are the working text's (expanded, respelt), not the question's: the
            # period is named by its days ("'llers'" was the original's characters at those offsets)
            w.notes.append(f"the {h.kind} {h.lo.isoformat()} to {h.hi.isoformat()} read as its last day, "
                           f"{h.hi.isoformat()}")


def _assign_known_at(w: Work, q: dict, known: list[DateHit]) -> None:
    if known:
        q["known_at"] = _point(known[-1], "end")
        if len(known) > 1:
            w.notes.append("several knowledge dates; using the last")


def _assign_range_ends(q: dict, frm: list[DateHit], to: list[DateHit]) -> None:
    """The first "from" date opens the range, the last "to" date closes it."""
    if frm:  # "between Q2 23 and Q2 24" compares two quarter ends; "since 2021", "from Q1 2022" start with the period
        q["date_from"] = _point(frm[0], "end" if frm[0].between and frm[0].kind in ("month", "quarter", "half", "season") else "start")
    if to:
        q["date_to"] = _point(to[-1], "end")


def _place_diff_date(w: Work, q: dict, h: DateHit, several: bool) -> None:
    """A diff date without a range cue fills the first open end of the range."""
    if q.get("date_from") is None:
        if not several and _is_coarse(h) and q.get("date_to") is None:
            q["date_from"], q["date_to"] = h.lo, h.hi  # "what changed in 2023"
            w.notes.append(f"diff over the whole {h.kind}, {h.lo.isoformat()} to {h.hi.isoformat()}")
        else:
            q["date_from"] = _point(h, "end")
    elif q.get("date_to") is None:
        q["date_to"] = _point(h, "end")


def _complete_diff_range(w: Work, q: dict) -> None:
    """An open range runs to today; a range given backwards is turned round; a range with only
    its end given ("now compared with D") runs from that date to today."""
    if q.get("date_from") is None and q.get("date_to") is not None and q["date_to"] < w.today:
        q["date_from"], q["date_to"] = q["date_to"], w.today
        w.notes.append("one date: diff from it to today")
    if q.get("date_from") is not None and q.get("date_to") is None:
        q["date_to"] = w.today
        w.notes.append("no end date: diff up to today")
    if q.get("date_from") and q.get("date_to") and q["date_from"] > q["date_to"]:
        q["date_from"], q["date_to"] = q["date_to"], q["date_from"]
        w.notes.append("dates given in reverse order; swapped")


def _assign_diff_range(w: Work, q: dict, rest: list[DateHit]) -> None:
    """A diff reads its dates as the two ends of a range."""
    frm, to, other = _split_by_cue(rest)
    _assign_range_ends(q, frm, to)
    if to and not frm:  # "D1 vs D2", "at D1 and D2": the date just before the range's end opens it, as a day
        before = [h for h in other if h.end <= to[0].start]
        if before:
            q["date_from"], other = _point(before[-1], "end"), [h for h in other if h is not before[-1]]
    for h in other:
        _place_diff_date(w, q, h, several=len(other) >= 2)
    _complete_diff_range(w, q)


def _assign_as_of(w: Work, q: dict, asof: list[DateHit]) -> None:
    if asof:
        q["as_of"] = _point(asof[-1], "end")
        if len(asof) > 1:
            w.notes.append("several valid-time dates; using the last")


def _known_at_the_time(w: Work, q: dict) -> None:
    """A backtest ("as we knew it then", "point in time") knows what was valid at as_of."""
    if _BACKTEST_SAME.search(w.original) and q.get("as_of") and q.get("known_at") is None:
        q["known_at"] = q["as_of"]
        w.notes.append("as known at the time: known_at = as_of (backtest)")


def _assign_point_in_time(w: Work, q: dict, rest: list[DateHit], known: list[DateHit]) -> None:
    """A point-in-time question reads one valid date; a range there is kept but sets no as_of."""
    frm, to, asof = _split_by_cue(rest)
    if not asof and len(frm) + len(to) == 1:  # "loans from D", "lend to as of D": one date, no range
        asof, frm, to = frm + to, [], []
        w.notes.append("a lone range end on a point-in-time question read as its date")
    if frm or to:
        _assign_range_ends(q, frm, to)
        w.notes.append("a date range on a point-in-time question: as_of not set")
    _assign_as_of(w, q, asof)
    if known and q.get("as_of") is None and not (frm or to):
        q["as_of"] = q["known_at"]
        w.notes.append("as known at a date without a separate valid date: as_of = known_at")
    _known_at_the_time(w, q)


def assign_dates(w: Work, q: dict, hits: list[DateHit], pattern: str) -> None:
    """Consume the dates and set known_at, then a diff's range or a point-in-time question's as_of."""
    for h in hits:
        w.consume((h.start, h.end))
    if not hits:
        return
    _note_coarse_points(w, hits, pattern)
    known = [h for h in hits if h.cue == "known"]
    rest = [h for h in hits if h.cue != "known"]
    _assign_known_at(w, q, known)
    if pattern == DIFF.name:
        _assign_diff_range(w, q, rest)
    else:
        _assign_point_in_time(w, q, rest, known)
