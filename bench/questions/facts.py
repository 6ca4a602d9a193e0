"""Does an answer carry a key fact? Names, LEIs and dates as text; numbers by value, so that
"12.5m" matches "GBP 12,500,000.50" and "72.5%" matches "72.50 %" (corpus README: Doubts)."""

from __future__ import annotations

import re
import unicodedata

_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(bn|billion|m|mn|million|k|thousand)?(?![\w])",
                     re.I)
_FACT_NUMBER = re.compile(r"^(\d+(?:\.\d+)?)\s*(%|bn|m|k)?$", re.I)
_SCALE = {"bn": 1e9, "billion": 1e9, "m": 1e6, "mn": 1e6, "million": 1e6, "k": 1e3, "thousand": 1e3}


def _fold(text: str) -> str:
    """Lower case, accents off, one space: names match however the answer spaces them."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"\s+", " ", plain).lower()


def numbers_in(text: str) -> list[float]:
    """Every number an answer prints, scaled by a following m / bn / k."""
    out: list[float] = []
    for m in _NUMBER.finditer(text):
        whole = float(m.group(1).replace(",", "") + ("." + m.group(2) if m.group(2) else ""))
        out.append(whole * _SCALE.get((m.group(3) or "").lower(), 1.0))
    return out


def _number_matches(fact: str, found: list[float]) -> bool:
    """A fact with d decimals matches a number that rounds or truncates to it at d decimals."""
    m = _FACT_NUMBER.match(fact.strip())
    assert m
    digits = len(m.group(1).split(".")[1]) if "." in m.group(1) else 0
    value = float(m.group(1)) * _SCALE.get((m.group(2) or "").lower(), 1.0)
    scale = _SCALE.get((m.group(2) or "").lower(), 1.0)
    for x in found:
        unit = x / scale
        if round(unit, digits) == float(m.group(1)) or int(unit * 10 ** digits) / 10 ** digits == float(m.group(1)):
            return True
        if value and abs(x - value) / value < 1e-6:
            return True
    return False


def carries(answer: str, fact: str) -> bool:
    if _FACT_NUMBER.match(fact.strip()):
        return _number_matches(fact, numbers_in(answer)) or fact in answer
    return _fold(fact) in _fold(answer)


def missing_facts(answer: str, facts: list[str]) -> list[str]:
    return [f for f in facts if not carries(answer, f)]
