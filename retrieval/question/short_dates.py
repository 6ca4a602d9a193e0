"""Dates as analysts abbreviate them: numeric days with a two- or four-digit year (`30/6/25`,
`06/30/2024`, `30.06.24`), days with a month's name and a short year (`30-Jun-24`),
quarters and halves with a short year (`Q2-24`, `2Q24`, `Q2'24`, `H1 24`, `1H24`), year ends
(`YE24`, `FYE 2023`, `FY23`, `EOY23`, `fiscal 2023`), months with a short year or in numbers
(`Jun-24`, `June '24`, `end-Jun-24`, `2024-06`, `06/2024`), halves in words (`first half of 2024`) and
days in ISO 8601's basic form (`20240630`, as code and file names write them).
One grammar (an alternative of the date pattern in ``retrieval.question.dates``), one reader.

The session's date order (``DAY_FIRST``) decides a numeric day whose two first numbers could
both be a month: day first (`1/2/24` = 1 February 2024), the order of the UK and the EU where
the corpus's analysts write. A first number above 12 can only be a day and a second above 12
only a day, so `06/30/2024` is read month first whatever the order. A two-digit year is
20yy. A fiscal year (`FY23`, `FYE 2023`) ends on 31 December: the graph has no fiscal calendars.
"""

from __future__ import annotations

import calendar
from datetime import date
from typing import Any

from ownergraph.retrieval.question.work_text import MON, MONTHS

__all__ = ["DAY_FIRST", "SHORT", "SHORT_POSITIONS", "is_short_year", "numeric_day", "season_period", "short_period", "year_of"]

SHORT_POSITIONS = ("spos1", "spos2", "spos3", "spos4", "spos5")

DAY_FIRST = True  # the session's order for an ambiguous numeric day: d/m/y

_Y = r"(?:\d{4}|'?\d{2})"  # a year, four digits or two (an apostrophe may stand for the century)


def _pos(n: int) -> str:
    """An optional "end of" / "start-" in front of a period (group ``spos<n>``)."""
    return rf"(?:(?:the\s+)?(?P<spos{n}>end|close|start|beginning)(?:\s+of\s+(?:the\s+)?|[- ]))?"


# the year's end said again after a fiscal year ("FY2024 year-end", "FY24 close", "fiscal 2023 YE"): the same day
_END_SAID_AGAIN = r"(?:\s*[- ]\s*(?:year[- ]?end|ye|close|end)\b)?"
# a season and its year ("summer 2021", "the autumn of 2023", "winter 2021/22"): meteorological
# seasons of the northern hemisphere, where the corpus's analysts write
_SEASON = r"spring|summer|autumn|fall|winter"
# its months: the first month's offset from January of its year (winter starts in the December before)
SEASON_MONTHS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11), "winter": (-1, 2)}

# group names all start with "s" (they join the date pattern's named groups)
SHORT = (
    r"(?P<short>\b(?:"
    rf"(?P<snum>(?P<sn1>\d{{1,2}})(?P<ssep>[/.-])(?P<sn2>\d{{1,2}})(?P=ssep)(?P<sny>\d{{4}}|\d{{2}}))(?![/.-]?\d)"
    rf"|(?P<sdmy>(?P<sd>\d{{1,2}})(?:st|nd|rd|th)?[- ]?(?P<sdmon>{MON})\.?[- ]?(?P<sdy>\d{{4}}|\d{{2}}))\b"
    rf"|{_pos(1)}(?:Q(?P<sq1>[1-4])\s*(?:[-/']|\s)?\s*(?:FY|CY)?\s*(?P<sqy1>{_Y})"
    rf"|(?P<sq2>[1-4])Q\s*[-/']?\s*(?:FY|CY)?\s*(?P<sqy2>{_Y}))\b"
    rf"|{_pos(2)}(?:H(?P<sh1>[12])\s*(?:[-/']|\s)?\s*(?:FY|CY)?\s*(?P<shy1>{_Y})|(?P<sh2>[12])H\s*[-/']?\s*(?P<shy2>{_Y}))\b"
    rf"|(?P<sye>(?:fy|fye|ye|eoy|cy)\s*[-/']?\s*(?P<syy>\d{{4}}|\d{{2}}){_END_SAID_AGAIN})\b"
    rf"|{_pos(3)}(?P<smon>{MON})(?:[-']|\s+')(?P<smy>\d{{4}}|\d{{2}})\b"
    # "end of June 24", "end Jun 24": with "end" in front, a month and a two-digit year (not the 24th)
    rf"|(?:the\s+)?(?P<spos4>end|close)(?:\s+of)?\s+(?P<smon2>{MON})\.?\s+(?P<smy2>\d{{2}})\b(?![/.:-]?\d)"
    r"|(?P<scompact>(?P<scy>(?:19|20)\d{2})(?P<scm>0[1-9]|1[0-2])(?P<scd>0[1-9]|[12]\d|3[01]))\b"  # 20240630
    r"|(?P<sisom>(?P<siy>(?:19|20)\d{2})-(?P<sim>0?[1-9]|1[0-2]))(?![-/.]?\d)"  # 2024-06
    r"|(?P<snmy>(?P<snm>0?[1-9]|1[0-2])/(?P<sny2>(?:19|20)\d{2}))(?![-/.]?\d)"  # 06/2024
    rf"|(?:the\s+)?(?P<shw>first|second|1st|2nd)\s+half\s+(?:of\s+)?(?:the\s+year\s+)?(?P<shwy>{_Y})\b"
    rf"|(?P<sfy>(?:fiscal|financial|calendar)\s+(?:year\s+)?(?P<sfyy>\d{{4}}){_END_SAID_AGAIN})\b"
    rf"|{_pos(5)}(?:the\s+)?(?P<sseason>{_SEASON})\s+(?:of\s+)?(?P<sseay>\d{{4}}|'\d{{2}})(?:\s*[/-]\s*(?P<sseay2>\d{{4}}|\d{{2}}))?\b(?!\s*(?:%|per\s*cent|percent|points?|pts|bps|basis|shares|units))"
    r"|(?:the\s+)?(?:(?P<shyy>\d{4})\s+(?:half[- ]year|interim)|half[- ]year\s+(?P<shyy2>\d{4}))\b"  # 30 June
    r"))"
)


def is_short_year(text: str) -> bool:
    return len(text.lstrip("'")) == 2


def year_of(text: str) -> int:
    """A year written with four digits or two (20yy)."""
    digits = text.lstrip("'")
    return int(digits) + 2000 if len(digits) == 2 else int(digits)


def _month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


def numeric_day(a: int, b: int, y: int) -> date:
    """A numeric day: the session's order, unless one of the numbers can only be a day."""
    if b > 12 or (a <= 12 and not DAY_FIRST):
        return date(y, a, b)
    return date(y, b, a)


def season_period(season: str, year: str, second_year: str | None) -> tuple[str, date, date]:
    """A season of a year: spring March-May, summer June-August, autumn (fall) September-November;
    winter December-February, "winter 2021" the one that ends in February 2021 (its January and
    February are 2021's) and "winter 2021/22" the one that ends in February 2022."""
    first, last = SEASON_MONTHS[season.lower()]
    y = year_of(year)
    if second_year:  # "winter 2021/22": the second year must follow the first
        if first >= 1 or int(second_year) % 100 != (y + 1) % 100:
            raise ValueError(f"{season} {year}/{second_year} names no season")
        y += 1
    start = date(y - 1, 12, 1) if first < 1 else date(y, first, 1)
    return "season", start, _month_end(y, last)


def short_period(g: dict[str, Any]) -> tuple[str, date, date]:
    """The period a shorthand date names: kind, first day, last day (ValueError: impossible)."""
    if g.get("snum"):
        day = numeric_day(int(g["sn1"]), int(g["sn2"]), year_of(g["sny"]))
        return "day", day, day
    if g.get("scompact"):  # ISO 8601's basic form, as code and file names write a day
        day = date(int(g["scy"]), int(g["scm"]), int(g["scd"]))
        return "day", day, day
    if g.get("sdmy"):
        day = date(year_of(g["sdy"]), MONTHS[g["sdmon"].lower()], int(g["sd"]))
        return "day", day, day
    if g.get("sq1") or g.get("sq2"):
        q, y = int(g["sq1"] or g["sq2"]), year_of(g["sqy1"] or g["sqy2"])
        return "quarter", date(y, 3 * q - 2, 1), _month_end(y, 3 * q)
    if g.get("shyy") or g.get("shyy2"):
        y = int(g["shyy"] or g["shyy2"])
        return "half", date(y, 1, 1), date(y, 6, 30)
    if g.get("sh1") or g.get("sh2") or g.get("shw"):
        word = (g.get("shw") or "").lower()
        h = int(g["sh1"] or g["sh2"] or (1 if word in ("first", "1st") else 2))
        y = year_of(g["shy1"] or g["shy2"] or g["shwy"])
        return "half", date(y, 6 * h - 5, 1), _month_end(y, 6 * h)
    if g.get("sseason"):
        return season_period(g["sseason"], g["sseay"], g.get("sseay2"))
    if g.get("sye") or g.get("sfy"):
        y = year_of(g["syy"] or g["sfyy"])
        return "year", date(y, 1, 1), date(y, 12, 31)
    if g.get("sisom") or g.get("snmy"):
        y, mo = int(g["siy"] or g["sny2"]), int(g["sim"] or g["snm"])
        return "month", date(y, mo, 1), _month_end(y, mo)
    y, mo = year_of(g["smy"] or g["smy2"]), MONTHS[(g["smon"] or g["smon2"]).lower().rstrip(".")]
    return "month", date(y, mo, 1), _month_end(y, mo)
