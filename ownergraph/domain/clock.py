"""The two clocks of every question: ``as_of`` (valid time: when the fact held in the world)
and ``known_at`` (knowledge time: what had been published by then)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timezone
from typing import Any


@dataclass(frozen=True)
class Clock:
    """A point on both clocks. ``Clock.at("2024-06-30")``: as of that day, known now."""

    as_of: date
    known_at: datetime

    @classmethod
    def at(cls, as_of: date | str | None = None, known_at: date | datetime | str | None = None) -> "Clock":
        return make_clock(as_of, known_at)

    def as_params(self) -> dict[str, Any]:
        return {"as_of": self.as_of, "known_at": self.known_at}


def make_clock(as_of: date | str | None = None, known_at: date | datetime | str | None = None) -> Clock:
    """Defaults: ``as_of`` today, ``known_at`` now. A ``known_at`` date means the end of that
    day (UTC): what was published on that day counts as known."""
    if isinstance(as_of, str):
        as_of = date.fromisoformat(as_of)
    if isinstance(known_at, str):
        known_at = datetime.fromisoformat(known_at) if "T" in known_at else date.fromisoformat(known_at)
    as_of = as_of or datetime.now(timezone.utc).date()
    if known_at is None:
        known = datetime.now(timezone.utc)
    elif isinstance(known_at, datetime):
        known = known_at if known_at.tzinfo else known_at.replace(tzinfo=timezone.utc)
    else:
        known = datetime.combine(known_at, time(23, 59, 59, 999999), tzinfo=timezone.utc)
    return Clock(as_of, known)
