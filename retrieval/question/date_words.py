"""Dates in words that need the session's day to be read: "mid-year", "the end of last year",
"last quarter", "the end of June (last year)", "a year ago", "as things stand today", counsel's
"the date hereof", "the end of the most recently completed calendar quarter", "31 December of the
preceding calendar year", and the absolute "mid-2023". One grammar (an alternative of the date pattern in
``retrieval.question.dates``), one reader; each form names one day.

A period in words means its last day: "the end of last year" is 31 December of the year before
the session's day; "last quarter" the last day of the last complete quarter; "mid-year" the
latest 30 June on or before the session's day; "the end of June" the latest 30 June on or before it.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from typing import Any

from ownergraph.retrieval.question.work_text import MON, MONTHS

__all__ = ["WORDS", "words_day"]

_END = r"(?:the\s+)?(?:end|close)\s+of\s+(?:the\s+)?"
# the last complete period, however it is said ("last", "the preceding", "the most recently completed",
# "the latest completed"): one list for every form below, so that a new way of saying "last" is
# read in every form at once, not in the one sentence it was seen in
_LAST = (r"(?:(?:most\s+)?recently\s+(?:completed|ended|closed)|(?:most\s+recent|latest|last)(?:\s+(?:completed|complete|ended|closed))?|"
         r"(?:previous|prior|preceding|prev)(?:\s+(?:completed|complete|ended|closed))?|just\s+(?:completed|ended|closed))")
# ("the last reported quarter-end": the period as reported, a valid date, not a knowledge cue)
_KIND_OF = r"(?:(?:calendar|financial|fiscal|reporting|reported)\s+)?"
# group names all start with "w" (they join the date pattern's named groups)
WORDS = (
    r"(?P<words>\b(?:"
    r"mid[- ]?(?:year\s+)?(?P<wmidy>\d{4}|'?\d{2})\b"  # mid-2023, mid-year 2024, mid-24
    r"|mid[- ]?year\b|(?:the\s+)?half[- ]year(?:[- ]end)?\b(?!\s*'?\d)"  # the latest 30 June
    # the last quarter end; not "Q1 2024 quarter end", which is Q1's
    rf"|(?P<wqend>(?<!\d\s)(?:the\s+)?(?:{_LAST}\s+)?{_KIND_OF}(?P<wqunit>quarter|month)[- ]end)\b(?!\s*'?\d)(?!\s+(?:of\s+)?{MON}\b)"  # ("month-end May 2020": May's)
    # a numeric day and month without a year ("@ 30/6"): a date only with a cue in front (dates.py)
    r"|(?P<wdmd>\d{1,2})/(?P<wdmm>\d{1,2})(?![/.\-]?\d)"
    # "the end of the most recently completed calendar quarter": legal drafting's last complete period
    rf"|{_END}(?P<wrel>{_LAST}|this|current)\s+{_KIND_OF}"
    r"(?P<wunit>year|quarter|month|half[- ]year|half)\b"
    rf"|(?:the\s+)?(?:start|beginning)\s+of\s+(?:the\s+)?(?P<wsrel>{_LAST}|this|current)\s+{_KIND_OF}"
    r"(?P<wsunit>year|quarter|month)\b"
    rf"|(?:the\s+)?(?P<wrel2>{_LAST})\s+{_KIND_OF}(?P<wunit2>quarter|month|year|half[- ]year)[- ]end\b"
    rf"|(?:the\s+)?(?P<wrel3>{_LAST})\s+{_KIND_OF}(?P<wunit3>quarter|month)\b"
    # "the last quarterly reporting date", "the latest annual closing date": that period's last end
    rf"|(?:the\s+)?(?P<wrel5>{_LAST})\s+(?P<wunit5>quarterly|monthly|half[- ]yearly|semi[- ]annual|annual|yearly)\s+"
    r"(?:(?:reporting|closing|balance[- ]sheet|accounting|financial)\s+)?(?:date|close|period[- ]end|end)\b"
    # "prior YE", "last QE", "prev ME", "PYE": a period end in its short form, the last complete one
    rf"|(?P<wrel4>{_LAST})\s+(?P<wunit4>ye|fye|qe|me|he)\b|(?P<wpye>pye|pqe|pme)\b"
    rf"|(?:the\s+)?(?:{_LAST}\s+)?{_KIND_OF}year[- ](?:end|close)\b(?!\s*\d)"  # "last year close"
    rf"|{_END}(?P<wmon>{MON})\.?(?!,?\s+\d)(?:\s+(?P<wmonrel>last|this)\s+year)?\b"
    # (not a quiz's question number: "Q4 (3 marks).")
    rf"|(?:{_END})?(?:Q(?P<wq>[1-4])|H(?P<wh>[12]))(?![-/'\s]*(?:FY|CY)?\s*'?\d)(?!\s*\(\s*\d+\s*marks?\s*\))\b"  # Q2 alone: the latest Q2 end
    # "Q3 last year", "H1 of this year": the year said in words, as for a month ("the end of June last year")
    r"(?:\s+(?:of\s+)?(?:the\s+)?(?P<wqrel>last|this|current|previous|prior|preceding)\s+(?:calendar\s+|financial\s+)?year\b)?"
    # "a year ago today": one day, the session's day a year back
    r"|(?P<wago>this\s+time\s+last\s+year|(?:a|one)\s+year\s+ago(?:\s+today)?)\b"
    r"|(?P<wagon>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(?P<wagou>years?|quarters?|months?)\s+ago(?:\s+today)?\b"
    # "31 December of the preceding calendar year": that day in the year before the session's
    rf"|(?P<wpdd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<wpdmon>{MON})\.?,?\s+(?:of|in)\s+the\s+"
    rf"{_LAST}\s+{_KIND_OF}year\b"
    # a day and a month without a year: the latest such day on or before the session's day
    rf"|(?P<wdd>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<wdmon>{MON})\b\.?(?![-',]?\s*'?\d)"
    rf"|(?P<wmdmon>(?!may\b){MON})\.?\s+(?P<wmdd>\d{{1,2}})(?:st|nd|rd|th)?\b(?![,/.]?\s*'?\d)"
    r"|(?P<wnow>(?:as\s+)?things\s+(?:stand|are)(?:\s+(?:today|now))?|right\s+now|as\s+it\s+stands(?:\s+today)?"
    # a search-box query that ends in "current" ("x shareholders current"): as of today
    r"|(?<=\s)current(?=\s*[?.!]?\s*$)"
    # "as of the current date", "at the present date": the session's day
    r"|(?:the\s+)?(?:current|present)\s+(?:date|day)"
    # legal drafting's "today": "the date hereof", "the date of this letter"
    # any document's own date ("of this review", "of this memo", "of the present request"), not an event's
    # ("as at date of this RFI": the article left out, as forms do)
    r"|(?:the\s+)?date\s+(?:hereof|of\s+(?:this|the\s+present)\s+(?!(?:acquisition|disposal|sale|purchase|transfer|change|event|"
    r"rename|renaming|merger|appointment|designation|listing|restatement|correction|loan|guarantee|transaction|deal)\b)"
    r"[a-z-]+))\b"
    r"))"
)


def _month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


def _latest_month_end(month: int, today: date, year_back: int = 0) -> date:
    """The end of ``month`` in the latest year where it is on or before ``today``."""
    if year_back:
        return _month_end(today.year - year_back, month)
    end = _month_end(today.year, month)
    return end if end <= today else _month_end(today.year - 1, month)


def _last_complete(unit: str, today: date) -> date:
    """The last day of the last complete quarter / month / half / year before ``today``."""
    months = {"quarter": 3, "month": 1, "half": 6, "year": 12}[unit]
    start_month = (today.month - 1) // months * months + 1  # first month of the current period
    return date(today.year, start_month, 1) - timedelta(days=1)


def _this_period_end(unit: str, today: date) -> date:
    months = {"quarter": 3, "month": 1, "half": 6, "year": 12}[unit]
    end_month = ((today.month - 1) // months + 1) * months
    return _month_end(today.year, end_month)


# an adjective's period: "quarterly" -> quarter ("half-yearly", "semi-annual" -> half)
_PERIOD_OF = {"quar": "quarter", "mont": "month", "half": "half", "semi": "half", "annu": "year", "year": "year"}


def _unit(word: str) -> str:
    return "half" if word.lower().startswith("half") else word.lower()


def _a_year_ago(today: date) -> date:
    try:
        return today.replace(year=today.year - 1)
    except ValueError:  # 29 February
        return today.replace(year=today.year - 1, day=28)


_COUNT = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
          "twelve": 12}


def _ago(count: str, unit: str, today: date) -> date:
    """"two years ago", "3 months ago", "two quarters ago": the session's day that far back."""
    n = int(count) if count.isdigit() else _COUNT[count]
    months = n * {"y": 12, "q": 3, "m": 1}[unit[0]]
    y, m = divmod(today.year * 12 + today.month - 1 - months, 12)
    return date(y, m + 1, min(today.day, calendar.monthrange(y, m + 1)[1]))


def words_day(g: dict[str, Any], today: date) -> date:
    """The day a date in words names (``g``: the match's named groups)."""
    text = g["words"].lower()
    if g.get("wmidy"):
        digits = g["wmidy"].lstrip("'")
        return date(int(digits) + (2000 if len(digits) == 2 else 0), 6, 30)
    if g.get("wq") or g.get("wh"):
        month = 3 * int(g["wq"]) if g.get("wq") else 6 * int(g["wh"])
        rel = (g.get("wqrel") or "").lower()
        if rel in ("this", "current"):
            return _month_end(today.year, month)
        return _latest_month_end(month, today, 1 if rel else 0)
    if g.get("wagon"):
        return _ago(g["wagon"].lower(), g["wagou"].lower(), today)
    if g.get("wqend"):
        return _last_complete(g["wqunit"].lower(), today)
    if g.get("wdmd"):
        day, month = int(g["wdmd"]), int(g["wdmm"])
        this_year = date(today.year, month, day)
        return this_year if this_year <= today else date(today.year - 1, month, day)
    if g.get("wpdmon"):
        return date(today.year - 1, MONTHS[g["wpdmon"].lower().rstrip(".")], int(g["wpdd"]))
    if g.get("wdmon") or g.get("wmdmon"):
        month = MONTHS[(g["wdmon"] or g["wmdmon"]).lower().rstrip(".")]
        day = int(g["wdd"] or g["wmdd"])
        this_year = date(today.year, month, day)
        return this_year if this_year <= today else date(today.year - 1, month, day)
    if g.get("wrel"):
        unit = _unit(g["wunit"])
        return _this_period_end(unit, today) if g["wrel"].lower() in ("this", "current") else _last_complete(unit, today)
    if g.get("wsrel"):  # the first day of the period
        unit = _unit(g["wsunit"])
        end = _this_period_end(unit, today) if g["wsrel"].lower() in ("this", "current") else _last_complete(unit, today)
        months = {"quarter": 3, "month": 1, "year": 12}[unit]
        first_month = end.month - months + 1
        return date(end.year, first_month, 1)
    if g.get("wrel4") or g.get("wpye"):
        short = (g.get("wunit4") or g["wpye"][1:]).lower().lstrip("f")
        return _last_complete({"y": "year", "q": "quarter", "m": "month", "h": "half"}[short[0]], today)
    if g.get("wrel5"):
        return _last_complete(_PERIOD_OF[g["wunit5"].lower().replace(" ", "-")[:4]], today)
    for rel, unit in (("wrel2", "wunit2"), ("wrel3", "wunit3")):
        if g.get(rel):
            return _last_complete(_unit(g[unit]), today)
    if g.get("wmon"):
        month, rel = MONTHS[g["wmon"].lower().rstrip(".")], (g.get("wmonrel") or "").lower()
        if rel == "this":
            return _month_end(today.year, month)
        return _latest_month_end(month, today, 1 if rel == "last" else 0)
    if g.get("wago"):
        return _a_year_ago(today)
    if g.get("wnow"):
        return today
    if re.match(r"mid|(?:the\s+)?half", text):
        return _latest_month_end(6, today)
    return _last_complete("year", today)  # year-end, last year-end
