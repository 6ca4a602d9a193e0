"""Dates said aloud or written out in words ("june thirtieth twenty twenty four", "the thirty-first
of December two thousand and twenty-three"): the day and the year next to a month's name are
rewritten in digits ("30 June 2024") before the date grammar reads them. Number words elsewhere
("two hops") are left alone: only a month's name makes them a date."""

from __future__ import annotations

import re

from ownergraph.retrieval.question.work_text import MON

__all__ = ["spoken_dates_in_digits"]

_UNITS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_ORD_UNITS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
_ORD_TEENS = ["tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
              "eighteenth", "nineteenth"]
ORDINALS: dict[str, int] = {w: i + 1 for i, w in enumerate(_ORD_UNITS)}
ORDINALS.update({w: i + 10 for i, w in enumerate(_ORD_TEENS)})
ORDINALS.update({"twentieth": 20, "thirtieth": 30})
ORDINALS.update({f"twenty {w}": 20 + i + 1 for i, w in enumerate(_ORD_UNITS)})
ORDINALS.update({"thirty first": 31})
CARDINALS: dict[str, int] = {w: i + 1 for i, w in enumerate(_UNITS)}
CARDINALS.update({w: i + 10 for i, w in enumerate(_TEENS)})
for _tens, _value in (("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60), ("seventy", 70),
                      ("eighty", 80), ("ninety", 90)):
    CARDINALS[_tens] = _value
    CARDINALS.update({f"{_tens} {w}": _value + i + 1 for i, w in enumerate(_UNITS)})


def _alternatives(words: dict[str, int]) -> str:
    return "|".join(sorted((w.replace(" ", r"[\s-]+") for w in words), key=len, reverse=True))


_ORD = rf"(?:{_alternatives(ORDINALS)})"
_NUM = rf"(?:{_alternatives(CARDINALS)})"
_YEAR = rf"(?:(?:twenty|nineteen)[\s-]+{_NUM}|two\s+thousand(?:\s+and)?(?:[\s-]+{_NUM})?)"
_TENS_NUM = rf"(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-]+(?:{'|'.join(_UNITS)}))?|{'|'.join(_TEENS)})"
# a year after a cardinal day: a two-digit tail or "two thousand ..." ("june twenty twenty three" is June 2023)
_YEAR_AFTER_DAY = rf"(?:(?:twenty|nineteen)[\s-]+(?:oh[\s-]+(?:{'|'.join(_UNITS)})|{_TENS_NUM})|two\s+thousand(?:\s+and)?(?:[\s-]+{_NUM})?)"
_DAY_NUM = r"(?:thirty[\s-]+one|thirty|twenty[\s-]+(?:one|two|three|four|five|six|seven|eight|nine)|twenty|" \
           r"ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|one|two|three|four|five|six|" \
           r"seven|eight|nine)"
_SPOKEN = re.compile(
    rf"\b(?:(?P<mon>(?!may\b){MON})\s+(?:the\s+)?(?P<ord>{_ORD})(?:,?\s+(?P<year>{_YEAR}))?"
    rf"|(?:the\s+)?(?P<ord2>{_ORD})\s+(?:of\s+)?(?P<mon2>{MON})(?:,?\s+(?P<year2>{_YEAR}))?"
    # a cardinal day needs its year: "june thirty twenty twenty five", "thirty june twenty twenty five"
    rf"|(?P<mon5>(?!may\b){MON})\s+(?P<card>{_DAY_NUM}),?\s+(?P<year5>{_YEAR_AFTER_DAY})\b"
    rf"|(?P<card2>{_DAY_NUM})\s+(?:of\s+)?(?P<mon6>{MON}),?\s+(?P<year6>{_YEAR_AFTER_DAY})\b"
    rf"|(?P<mon3>(?!may\b){MON}),?\s+(?P<year3>{_YEAR}))\b", re.I)  # "may first": a verb, not a month


def _words(text: str) -> str:
    return " ".join(re.split(r"[\s-]+", text.lower()))


def _year(text: str) -> int:
    said = _words(text)
    if said.startswith("two thousand"):
        rest = said.removeprefix("two thousand").removeprefix(" and").strip()
        return 2000 + (CARDINALS[rest] if rest else 0)
    century, _, rest = said.partition(" ")
    rest = re.sub(r"^(?:oh|o|zero)\s+", "", rest)
    return (2000 if century == "twenty" else 1900) + CARDINALS[rest]


def spoken_dates_in_digits(text: str) -> str:
    """``text`` with the days and years of dates in words written in digits."""
    def digits(m: re.Match[str]) -> str:
        month = m.group("mon") or m.group("mon2") or m.group("mon3") or m.group("mon5") or m.group("mon6")
        day = m.group("ord") or m.group("ord2")
        card = m.group("card") or m.group("card2")
        year = m.group("year") or m.group("year2") or m.group("year3") or m.group("year5") or m.group("year6")
        out = f"{ORDINALS[_words(day)]} {month}" if day else f"{CARDINALS[_words(card)]} {month}" if card else month
        return f"{out} {_year(year)}" if year else out

    return _spoken_periods(_SPOKEN.sub(digits, text))


# a year said alone ("at the end of twenty nineteen", "twenty oh three", "two thousand and five"): only
# forms that are surely years (a two-digit second part, "oh", "two thousand"), never "twenty five percent"
_LONE_YEAR = re.compile(
    rf"\b(?P<c>twenty|nineteen)[\s-]+(?:(?P<oh>oh|o|zero)[\s-]+(?P<u>{'|'.join(_UNITS)})|(?P<t>{_TENS_NUM}))\b"
    r"(?!\s*(?:percent|per\s*cent|%|hops?|steps?|levels?|million|thousand|m\b|bn\b|k\b))"
    rf"|\btwo\s+thousand(?:\s+and)?(?:[\s-]+(?P<t2>{_TENS_NUM}|{'|'.join(_UNITS)}))?\b(?!\s*(?:percent|per\s*cent|%))", re.I)
_ORDINAL_QUARTER = {"one": "1", "two": "2", "three": "3", "four": "4"}
_Q_WORD = re.compile(r"\b(?P<l>q|h)\s+(?P<n>one|two|three|four)\b", re.I)


def _lone_year(m: re.Match[str]) -> str:
    if m.group("t2") is not None or m.group(0).lower().startswith("two"):
        rest = m.group("t2")
        return str(2000 + (CARDINALS[_words(rest)] if rest else 0))
    century = 2000 if m.group("c").lower() == "twenty" else 1900
    tail = CARDINALS[_words(m.group("u"))] if m.group("oh") else CARDINALS[_words(m.group("t"))]
    return str(century + tail)


def _spoken_periods(text: str) -> str:
    """Years said alone in digits; "q two" / "h one" as Q2 / H1 (a quarter or half said aloud)."""
    text = _LONE_YEAR.sub(_lone_year, text)
    return _Q_WORD.sub(lambda m: m.group("l").upper() + _ORDINAL_QUARTER[m.group("n").lower()]
                       if m.group("l").lower() == "q" or m.group("n").lower() in ("one", "two") else m.group(0), text)
