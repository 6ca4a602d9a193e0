"""The reader contract and helpers shared by all readers.

A reader is an object with ``name``, ``sniff(path, head) -> bool`` and
``read(path) -> Iterator[Record]``. It streams (never loads a whole large file), and turns
every bad input record into a :class:`~ingest.model.Quarantined` naming the field and reason,
so one bad record never stops the rest. Every input record produces at least one output
record (loaded facts or a quarantine) so the run's counts add up.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Callable, Protocol, TypeVar

from pydantic import ValidationError

from ownergraph.ingest.model import Quarantined, Record

T = TypeVar("T")


class Reader(Protocol):
    name: str

    def sniff(self, path: Path, head: bytes) -> bool:
        """True when ``head`` (the first KiB of ``path``) looks like this format."""

    def read(self, path: Path) -> Iterator[Record]:
        """Stream the records of ``path``."""


def quarantine(
    path: Path | str, locator: str, field: str, reason: str, raw: Any = None
) -> Quarantined:
    text = None if raw is None else (raw if isinstance(raw, str) else repr(raw))[:2000]
    return Quarantined(source_file=str(path), locator=locator, field=field, reason=reason, raw=text)


def from_validation_error(path: Path | str, locator: str, err: ValidationError, raw: Any = None) -> Quarantined:
    """The first error of a pydantic validation failure as a quarantine entry."""
    first = err.errors()[0]
    loc = ".".join(str(p) for p in first.get("loc", ()) if not str(p).startswith("function-"))
    msg = first.get("msg", str(err)).removeprefix("Value error, ")
    field = loc or msg.split(":", 1)[0] if ":" in msg else (loc or "record")
    return quarantine(path, locator, field or "record", msg, raw)


def build(path: Path | str, locator: str, factory: Callable[[], T], raw: Any = None) -> T | Quarantined:
    """Run ``factory``; a ValidationError or ValueError becomes a Quarantined record."""
    try:
        return factory()
    except ValidationError as err:
        return from_validation_error(path, locator, err, raw)
    except (ValueError, KeyError, TypeError) as err:
        field = err.args[0] if isinstance(err, KeyError) and err.args else "record"
        return quarantine(path, locator, str(field), f"{type(err).__name__}: {err}", raw)


def parse_date(value: str | None) -> date | None:
    """ISO date or datetime text -> date (None stays None)."""
    if value in (None, ""):
        return None
    v = str(value).strip()
    if len(v) >= 10 and v[4] == "-" and v[7] == "-":
        return date.fromisoformat(v[:10])
    if len(v) == 7 and v[4] == "-":  # YYYY-MM
        return date.fromisoformat(v + "-01")
    if len(v) == 4 and v.isdigit():
        return date(int(v), 1, 1)
    raise ValueError(f"not an ISO date: {value!r}")


def parse_datetime(value: str | None) -> datetime | None:
    """ISO datetime or date text -> aware UTC datetime."""
    if value in (None, ""):
        return None
    v = str(value).strip().replace("Z", "+00:00")
    if len(v) == 10:
        return datetime.fromisoformat(v).replace(tzinfo=timezone.utc)
    dt = datetime.fromisoformat(v)
    return dt.replace(tzinfo=timezone.utc) if dt.tzinfo is None else dt.astimezone(timezone.utc)
