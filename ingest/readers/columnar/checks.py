"""Column-at-a-time checks: ISO 17442 LEI check digits over a whole column (numpy), and
memoised date parsing (a registry file repeats the same few thousand dates).

A value that fails here is not reported from here: the record goes to the row reader, whose
message the quarantine file carries (see the package text).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime

import numpy as np

from ownergraph.ingest.readers.base import parse_date, parse_datetime

_LEN = 20


def lei_valid(values: Sequence[str | None]) -> np.ndarray:
    """Per value: True where it is an LEI (18 upper-case alphanumerics and 2 digits whose
    ISO 7064 MOD 97-10 check holds), as ``ingest.lei.is_valid_lei`` decides, for a column."""
    n = len(values)
    ok = np.zeros(n, dtype=bool)
    if n == 0:
        return ok
    shaped = np.array([v is not None and len(v) == _LEN and v.isascii() for v in values], dtype=bool)
    idx = np.flatnonzero(shaped)
    if idx.size == 0:
        return ok
    blob = "".join(values[i] for i in idx).encode("ascii")  # type: ignore[misc]
    c = np.frombuffer(blob, dtype=np.uint8).reshape(idx.size, _LEN).astype(np.int64)
    digit = (c >= 48) & (c <= 57)
    upper = (c >= 65) & (c <= 90)
    good = (digit | upper).all(axis=1) & digit[:, 18:].all(axis=1)
    # digits stand for themselves, letters for two digits (A = 10 .. Z = 35): fold mod 97
    value = np.where(digit, c - 48, c - 55)
    scale = np.where(digit, 10, 100)
    r = np.zeros(idx.size, dtype=np.int64)
    for j in range(_LEN):
        r = (r * scale[:, j] + value[:, j]) % 97
    ok[idx] = good & (r == 1)
    return ok


class Dates:
    """``parse_date`` / ``parse_datetime`` with memory; ``bad`` marks a value they refuse."""

    bad = object()

    def __init__(self) -> None:
        self._d: dict[str, object] = {}
        self._dt: dict[str, object] = {}

    def date(self, text: str | None) -> date | None | object:
        return self._cached(self._d, parse_date, text)

    def datetime(self, text: str | None) -> datetime | None | object:
        return self._cached(self._dt, parse_datetime, text)

    def _cached(self, memo: dict[str, object], parse: Callable[[str], object], text: str | None) -> object:
        if text is None:
            return None
        got = memo.get(text)
        if got is None:
            try:
                got = parse(text)
            except ValueError:
                got = self.bad
            if len(memo) > 200_000:
                memo.clear()
            memo[text] = got
        return got

def ordinals(values: Sequence[date | None], missing: int) -> np.ndarray:
    """Dates as day numbers (``missing`` for None), for range checks over a column."""
    return np.fromiter((missing if v is None else v.toordinal() for v in values), dtype=np.int64,
                       count=len(values))
