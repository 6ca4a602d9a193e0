"""Stored values as the export formats write them: the clock sentinels as open bounds, stakes as
percentages, a fact's citation in one line."""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from ownergraph.graph.load.claims import claim_note, is_claim
from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX, VALID_MIN


def day(value: Any) -> str | None:
    """A valid-time bound as ``YYYY-MM-DD``; the open-bound sentinels as ``None``."""
    if value is None or value in (VALID_MIN, VALID_MAX):
        return None
    return value.isoformat() if isinstance(value, date) else str(value)


def instant(value: Any) -> str | None:
    """A knowledge time as RFC 3339 UTC (``...Z``); the open-bound sentinel as ``None``."""
    if value is None:
        return None
    if isinstance(value, datetime):
        value = value.astimezone(timezone.utc) if value.tzinfo else value.replace(tzinfo=timezone.utc)
        if value >= KNOWN_MAX:
            return None
        return value.isoformat().replace("+00:00", "Z")
    return str(value)


def percent(fraction: float | None) -> float | None:
    """A stored stake fraction as a percentage (rounded off float noise)."""
    return None if fraction is None else round(fraction * 100, 9)


def citation(props: dict[str, Any]) -> str:
    """Where a stored fact comes from, in one line: its source and record, the document and
    place, and for a text claim its sentence."""
    if is_claim(props):
        return claim_note(props)
    parts = [f"{props.get('source_system') or 'unknown source'} record {props.get('source_record_id') or '?'}"]
    for name, label in (("document_id", "document"), ("locator", "at"), ("source_file", "file")):
        if props.get(name):
            parts.append(f"{label} {props[name]}")
    return "; ".join(parts)


__all__ = ["citation", "day", "instant", "percent"]
