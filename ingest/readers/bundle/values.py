"""Value parsers of the bundle format: entity references, stakes, dates, codes.

Each raises :class:`~ingest.readers.base.Bad` naming the bundle field at fault; the bundle
reader turns it into a :class:`~ingest.model.Quarantined` with that field and the line / array
index. Not a reader.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from enum import Enum
from typing import Any, TypeVar

from pydantic import ValidationError

from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.codes import AliasScheme, EntityKind
from ownergraph.domain.model import EntityRef, Stake
from ownergraph.ingest.readers.base import Bad, parse_date, parse_datetime

E = TypeVar("E", bound=Enum)
REF_KEYS = {"lei", "scheme", "value", "name", "jurisdiction", "kind"}
_LEI_SHAPE = re.compile(r"^[0-9A-Z]{20}$")


# ---------------------------------------------------------------- value parsers


def parse_ref(value: Any, field: str) -> EntityRef:
    """An entity reference: a 20-character LEI string, or an object with lei / scheme+value / name."""
    if isinstance(value, str):
        v = value.strip()
        if not _LEI_SHAPE.match(v):
            raise Bad(field, f"a bare string must be a 20-character LEI (got {value!r}); "
                             'write {"name": ...} for a name')
        if not is_valid_lei(v):
            raise Bad(field, f"LEI {v!r} fails the ISO 17442 check")
        return EntityRef(lei=v)
    if not isinstance(value, dict):
        raise Bad(field, f"expected an LEI string or an object, got {type(value).__name__}")
    unknown = set(value) - REF_KEYS
    if unknown:
        raise Bad(f"{field}.{sorted(unknown)[0]}", "unknown key in an entity reference")
    lei = value.get("lei")
    if lei is not None and (not isinstance(lei, str) or not is_valid_lei(lei.strip())):
        raise Bad(f"{field}.lei", f"LEI {lei!r} fails the ISO 17442 check")
    args = {k: (v.strip() if isinstance(v, str) else v) for k, v in value.items() if v is not None}
    if "scheme" in args:
        args["scheme"] = parse_enum(AliasScheme, args["scheme"], f"{field}.scheme")
    if "kind" in args:
        args["kind"] = parse_enum(EntityKind, args["kind"], f"{field}.kind")
    try:
        return EntityRef(**args)
    except ValidationError as err:
        raise Bad(field, err.errors()[0]["msg"].removeprefix("Value error, ")) from None


def parse_enum(enum: type[E], value: Any, field: str) -> E:
    try:
        return enum(value)
    except ValueError:
        allowed = ", ".join(m.value for m in enum)  # type: ignore[attr-defined]
        raise Bad(field, f"unknown code {value!r}; expected one of {allowed}") from None


def number_value(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise Bad(field, f"expected a number, got {value!r}")
    try:
        return float(str(value).strip().removesuffix("%")) if isinstance(value, str) else float(value)
    except ValueError:
        raise Bad(field, f"expected a number, got {value!r}") from None
    except OverflowError:  # an integer of hundreds of digits
        raise Bad(field, f"a number of {len(str(value))} digits is past any figure this field holds") from None


def _pct(value: Any, field: str) -> float:
    v = number_value(value, field)
    if not 0 <= v <= 100:
        raise Bad(field, f"{v:g} is outside [0, 100]")
    return v


def parse_stake(value: Any, field: str = "stake") -> Stake | None:
    """``30`` (exact percent) or ``{"min", "max", "exclusive_min", "exclusive_max"}`` / ``{"exact"}``."""
    if value is None:
        return None
    if not isinstance(value, dict):
        return Stake(exact=_pct(value, field))
    unknown = set(value) - {"exact", "min", "max", "exclusive_min", "exclusive_max"}
    if unknown:
        raise Bad(f"{field}.{sorted(unknown)[0]}", "unknown key in a stake")
    if value.get("exact") is not None:
        if value.get("min") is not None or value.get("max") is not None:
            raise Bad(field, "give either exact or min/max, not both")
        return Stake(exact=_pct(value["exact"], f"{field}.exact"))
    lo = None if value.get("min") is None else _pct(value["min"], f"{field}.min")
    hi = None if value.get("max") is None else _pct(value["max"], f"{field}.max")
    if lo is None and hi is None:
        raise Bad(field, "a band needs min or max")
    if lo is not None and hi is not None and lo > hi:
        raise Bad(field, f"band min {lo:g} is above max {hi:g}")
    for key in ("exclusive_min", "exclusive_max"):
        if not isinstance(value.get(key, False), bool):
            raise Bad(f"{field}.{key}", "expected true or false")
    # Bundle bands are inclusive on both ends unless marked exclusive (see BUNDLE.md).
    return Stake(lo=lo, hi=hi, lo_inclusive=not value.get("exclusive_min", False),
                 hi_inclusive=not value.get("exclusive_max", False))


def date_value(obj: dict[str, Any], key: str) -> date | None:
    try:
        return parse_date(obj.get(key))
    except (ValueError, TypeError):
        raise Bad(key, f"not an ISO date: {obj.get(key)!r}") from None


def datetime_value(value: Any, field: str) -> datetime | None:
    try:
        return parse_datetime(value)
    except (ValueError, TypeError):
        raise Bad(field, f"not an ISO date or datetime: {value!r}") from None


def str_value(obj: dict[str, Any], key: str, required: bool = False) -> str | None:
    v = obj.get(key)
    if v is None or (isinstance(v, str) and not v.strip()):
        if required:
            raise Bad(key, "required")
        return None
    if not isinstance(v, (str, int)) or isinstance(v, bool):
        raise Bad(key, f"expected text, got {type(v).__name__}")
    return str(v).strip()


def disclosure_text(obj: dict[str, Any]) -> str | None:
    """Disclosure text is kept verbatim (no stripping) so character offsets stay exact."""
    v = obj.get("text")
    if v is not None and not isinstance(v, str):
        raise Bad("text", f"expected text, got {type(v).__name__}")
    return v


def list_value(obj: dict[str, Any], key: str) -> list[Any]:
    v = obj.get(key)
    if v is None:
        return []
    if not isinstance(v, list):
        raise Bad(key, "expected a list")
    return v
