"""The reader contract and the plumbing every reader shares.

A reader is an object with ``name``, ``sniff(path, head) -> bool`` and
``read(path) -> Iterator[Record]``. It streams (never loads a whole large file), and turns
every bad input record into a :class:`~ingest.model.Quarantined` naming the field and reason,
so one bad record never stops the rest. Every input record produces at least one output
record (loaded facts or a quarantine) so the run's counts add up. When a file cannot be read
to its end (truncated, malformed past a point a parser can resynchronise), the reader ends
with one :func:`not_read` entry saying how many records came before; nothing escapes
``read`` as an exception (:func:`read_safely` is the last line of defence).

Field-level problems are raised as :class:`Bad` (field + reason) inside the mapping code and
turned into quarantines by :func:`guard` / :func:`build`, the one place that knows which
exceptions mean "this record is bad" rather than "ownergraph is broken".
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import ValidationError

from ownergraph.domain.model import Quarantined, Record

T = TypeVar("T")


class Reader(Protocol):
    name: str

    def sniff(self, path: Path, head: bytes) -> bool:
        """True when ``head`` (the first KiB of ``path``) looks like this format."""

    def read(self, path: Path) -> Iterator[Record]:
        """Stream the records of ``path``."""


class Bad(ValueError):
    """A record-level problem naming the source field; becomes a Quarantined."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field, self.reason = field, reason


# What a bad record can raise while it is mapped: wrong types (TypeError, AttributeError),
# missing keys, bad values, pydantic validation, nesting deeper than Python's stack.
RECORD_ERRORS: tuple[type[BaseException], ...] = (
    ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError, ValidationError,
    OverflowError,  # float() of a JSON integer of hundreds of digits
)


def raw_text(raw: Any, limit: int = 2000) -> str | None:
    """The original of a record as short text for the quarantine file (never raises)."""
    if raw is None:
        return None
    if isinstance(raw, bytes):
        return raw[:limit].decode("utf-8", "replace")
    if isinstance(raw, str):
        return raw[:limit]
    try:
        return json.dumps(raw, ensure_ascii=False, default=str)[:limit]
    except (TypeError, ValueError, RecursionError):
        try:
            return repr(raw)[:limit]
        except RecursionError:
            return f"<{type(raw).__name__} nested too deeply to print>"


_REASON_MAX = 600  # characters: a parser's message can quote a whole bad value


def _reason(text: str) -> str:
    return text if len(text) <= _REASON_MAX else f"{text[:_REASON_MAX]}… ({len(text):,} characters)"


def quarantine(path: Path | str, locator: str, field: str, reason: str, raw: Any = None) -> Quarantined:
    return Quarantined(source_file=str(path), locator=locator, field=field, reason=_reason(reason),
                       raw=raw_text(raw))


def not_read(path: Path | str, locator: str, reason: str, after: int, raw: Any = None,
             field: str = "file") -> Quarantined:
    """The file-level entry for the part of a file that could not be read: ``after`` records
    were read before ``locator``; everything from there on was not."""
    return Quarantined(source_file=str(path), locator=locator, field=field,
                       reason=f"{_reason(reason)}; {after} record(s) read before this point, the rest of "
                              "the file was not read", raw=raw_text(raw, 500), not_read=True)


def from_validation_error(path: Path | str, locator: str, err: ValidationError, raw: Any = None) -> Quarantined:
    """The first error of a pydantic validation failure as a quarantine entry."""
    first = err.errors()[0]
    loc = ".".join(str(p) for p in first.get("loc", ()) if not str(p).startswith("function-"))
    msg = first.get("msg", str(err)).removeprefix("Value error, ")
    field = loc or msg.split(":", 1)[0] if ":" in msg else (loc or "record")
    return quarantine(path, locator, field or "record", msg, raw)


def as_quarantine(path: Path | str, locator: str, err: BaseException, raw: Any = None,
                  field: str = "record") -> Quarantined:
    """One record-level exception (see RECORD_ERRORS) as a quarantine entry."""
    if isinstance(err, Bad):
        return quarantine(path, locator, err.field, err.reason, raw)
    if isinstance(err, ValidationError):
        return from_validation_error(path, locator, err, raw)
    if isinstance(err, RecursionError):
        return quarantine(path, locator, field, "nested too deeply to read", raw)
    if isinstance(err, KeyError) and err.args:
        return quarantine(path, locator, str(err.args[0]), f"KeyError: missing {err.args[0]!r}", raw)
    return quarantine(path, locator, field, f"{type(err).__name__}: {err}", raw)


def guard(path: Path | str, locator: str, records: Callable[[], Iterable[Record]],
          raw: Any = None, field: str = "record") -> list[Record]:
    """Every output of one input record, or one Quarantined naming field and reason.

    ``raw`` is the original (or a callable returning it, so it is only built on failure).
    """
    try:
        return list(records())
    except RECORD_ERRORS as err:
        return [as_quarantine(path, locator, err, raw() if callable(raw) else raw, field)]


def build(path: Path | str, locator: str, factory: Callable[[], T], raw: Any = None,
          field: str = "record") -> T | Quarantined:
    """Run ``factory`` (one record); a record-level error becomes a Quarantined record."""
    try:
        return factory()
    except RECORD_ERRORS as err:
        return as_quarantine(path, locator, err, raw() if callable(raw) else raw, field)


def read_safely(path: Path, records: Iterator[Record]) -> Iterator[Record]:
    """Pass ``records`` through; an exception a reader did not expect ends the file with a
    :func:`not_read` entry instead of a traceback (the run goes on with the next file)."""
    n = 0
    try:
        for rec in records:
            yield rec
            n += 1
    except (*RECORD_ERRORS, OSError, UnicodeError, MemoryError, csv.Error) as err:
        yield not_read(path, f"after record {n}", f"unreadable: {type(err).__name__}: {err}", n)


# ---------------------------------------------------------------- values


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


def midnight(d: date) -> datetime:
    return datetime(d.year, d.month, d.day, tzinfo=timezone.utc)


def file_time(path: Path) -> datetime:
    """Last-resort knowledge date of a file that states none: its modification time."""
    return datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc)


def name_date(path: Path) -> datetime:
    """A file-level knowledge date: a YYYY-MM-DD in the file name, else its mtime."""
    m = re.search(r"(\d{4})-(\d{2})-(\d{2})", path.name)
    if m:
        try:
            return datetime(int(m[1]), int(m[2]), int(m[3]), tzinfo=timezone.utc)
        except ValueError:
            pass
    return file_time(path)


def gb_company_number(raw: str) -> str:
    """Companies House number as ``GB:{number}``; all-digit numbers are zero-padded to 8."""
    n = str(raw).strip().upper().replace(" ", "")
    return f"GB:{n.zfill(8) if n.isdigit() and len(n) < 8 else n}"
