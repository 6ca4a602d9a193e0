"""Stakes as intervals: exact figures, bands with open or closed ends, unknown stakes.

All values are non-negative, so interval arithmetic works end by end: a product multiplies
the ``lo`` ends and the ``hi`` ends, a sum adds them. An end is *open* when the bound is
strict ("more than 25%"): the value is > lo (``lo_open``) or < hi (``hi_open``). Openness
is kept only where it is certain for every value in the operands, so a closed end is always
a true (if weaker) statement.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

EPS = 1e-9  # equality tolerance for threshold tests (0.1 + 0.15 is 0.25)

Status = Literal["certainly", "possibly", "not"]


@dataclass(frozen=True, slots=True)
class Interval:
    """A value in ``[lo, hi]``; ``lo_open``: the value is > lo, ``hi_open``: < hi."""

    lo: float
    hi: float
    lo_open: bool = False
    hi_open: bool = False

    @staticmethod
    def exact(x: float) -> Interval:
        return Interval(x, x)

    @property
    def is_exact(self) -> bool:
        return self.lo == self.hi and not (self.lo_open or self.hi_open)

    def __mul__(self, o: Interval) -> Interval:
        # strictly above lo*lo' when one factor is strictly above its lo and the other cannot be 0
        lo_open = (self.lo_open and (o.lo_open or o.lo > 0)) or (o.lo_open and (self.lo_open or self.lo > 0))
        hi_open = (self.hi_open or o.hi_open) and self.hi > 0 and o.hi > 0
        return Interval(self.lo * o.lo, self.hi * o.hi, lo_open, hi_open)

    def __add__(self, o: Interval) -> Interval:
        return Interval(self.lo + o.lo, self.hi + o.hi, self.lo_open or o.lo_open, self.hi_open or o.hi_open)

    def capped(self, cap: float = 1.0) -> Interval:
        lo, hi, lo_open, hi_open = self.lo, self.hi, self.lo_open, self.hi_open
        if hi > cap:
            hi, hi_open = cap, False
        if lo > cap:
            lo, lo_open = cap, False
        return Interval(lo, hi, lo_open, hi_open)

    def hull(self, o: Interval) -> Interval:
        lo, lo_open = (self.lo, self.lo_open) if self.lo < o.lo else (o.lo, o.lo_open) if o.lo < self.lo \
            else (self.lo, self.lo_open and o.lo_open)
        hi, hi_open = (self.hi, self.hi_open) if self.hi > o.hi else (o.hi, o.hi_open) if o.hi > self.hi \
            else (self.hi, self.hi_open and o.hi_open)
        return Interval(lo, hi, lo_open, hi_open)

    def test(self, threshold: float, strict: bool) -> Status:
        """Is the value >= threshold (``strict``: > threshold) certainly, possibly or not?"""
        at_lo, at_hi = abs(self.lo - threshold) <= EPS, abs(self.hi - threshold) <= EPS
        if strict:
            certain = (self.lo > threshold and not at_lo) or (at_lo and self.lo_open)
            possible = self.hi > threshold and not at_hi
        else:
            certain = self.lo >= threshold or at_lo
            possible = (self.hi > threshold and not at_hi) or (at_hi and not self.hi_open)
        return "certainly" if certain else "possibly" if possible else "not"

    def as_dict(self) -> dict[str, float | bool]:
        return {"lo": self.lo, "hi": self.hi, "lo_open": self.lo_open, "hi_open": self.hi_open}


ZERO = Interval(0.0, 0.0)
ONE = Interval(1.0, 1.0)
UNKNOWN = Interval(0.0, 1.0)
