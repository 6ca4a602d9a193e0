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
_SPOKEN = re.compile(
    rf"\b(?:(?P<mon>(?!may\b){MON})\s+(?:the\s+)?(?P<ord>{_ORD})(?:,?\s+(?P<year>{_YEAR}))?"
    rf"|(?:the\s+)?(?P<ord2>{_ORD})\s+(?:of\s+)?(?P<mon2>{MON})(?:,?\s+(?P<year2>{_YEAR}))?"
    rf"|(?P<mon3>(?!may\b){MON}),?\s+(?P<year3>{_YEAR}))\b", re.I)  # "may first": a verb, not a month


def _words(text: str) -> str:
    return " ".join(re.split(r"[\s-]+", text.lower()))


def _year(text: str) -> int:
    said = _words(text)
    if said.startswith("two thousand"):
        rest = said.removeprefix("two thousand").removeprefix(" and").strip()
        return 2000 + (CARDINALS[rest] if rest else 0)
    century, _, rest = said.partition(" ")
    return (2000 if century == "twenty" else 1900) + CARDINALS[rest]


def spoken_dates_in_digits(text: str) -> str:
    """``text`` with the days and years of dates in words written in digits."""
    def digits(m: re.Match[str]) -> str:
        month = m.group("mon") or m.group("mon2") or m.group("mon3")
        day = m.group("ord") or m.group("ord2")
        year = m.group("year") or m.group("year2") or m.group("year3")
        out = f"{ORDINALS[_words(day)]} {month}" if day else month
        return f"{out} {_year(year)}" if year else out

    return _SPOKEN.sub(digits, text)
