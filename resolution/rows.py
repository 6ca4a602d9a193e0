"""What the alias index knows per entity key, as objects and packed into one string.

Why packed: at a million entities the index held ~1.3 KB per entity as Python objects (an
EntityInfo, a list, a NamedTuple and a string per alias row, date objects, ...), most of it
object headers and pointers. Packed, a key costs one string of its characters; the index
decodes a record when it is read (microseconds; a record is a few short fields).

Layout of a record: ``INFO (RS ROW)*``

- ``INFO = name FS kind FS jurisdiction FS lei FS stub``, or ``NO_INFO`` when the key has
  alias rows but no entity info; jurisdiction ``""`` = None; lei ``""`` = None, ``"="`` = the
  key itself (the usual case: an LEI entity is keyed by its LEI); stub ``"1"`` or ``""``.
- ``ROW = scheme_code kind_code value FS valid_from FS valid_to FS decision_id``: one letter
  each for the alias scheme and kind, ISO dates, ``""`` = None.

A record whose values cannot be written that way (a separator character inside a value, an
empty optional string, a scheme or kind outside the enums, a datetime instead of a date) is
kept as a tuple ``(EntityInfo | None, (AliasRow, ...))`` instead: exact, only larger.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple

from ownergraph.domain.codes import AliasKind, AliasScheme

from ownergraph.resolution.keys import country_of

FS, RS, NO_INFO = "\x1f", "\x1e", "\x1d"
_SEPARATORS = re.compile("[\x1d\x1e\x1f]")
_SCHEME_CODE = {s.value: chr(ord("A") + i) for i, s in enumerate(AliasScheme)}
_KIND_CODE = {k.value: chr(ord("a") + i) for i, k in enumerate(AliasKind)}
_SCHEME_OF = {c: s for s, c in _SCHEME_CODE.items()}
_KIND_OF = {c: k for k, c in _KIND_CODE.items()}


@dataclass(slots=True)
class EntityInfo:
    key: str
    name: str
    kind: str
    lei: str | None = None
    jurisdiction: str | None = None
    stub: bool = False  # created for an unresolved mention, not from an Entity record

    @property
    def country(self) -> str | None:
        return country_of(self.jurisdiction)

    def as_dict(self) -> dict[str, Any]:
        # spelt out: dataclasses.asdict recurses into every field (a sixth of the state's save)
        return {"key": self.key, "name": self.name, "kind": self.kind, "lei": self.lei,
                "jurisdiction": self.jurisdiction, "stub": self.stub}


class AliasRow(NamedTuple):
    key: str  # owner: the entity that asserted the alias
    scheme: str
    value: str  # normalised identifier, or the name as written
    kind: str
    valid_from: date | None = None
    valid_to: date | None = None
    decision_id: str | None = None  # set when a match decision added it (undo removes it)

    def valid_on(self, day: date | None) -> bool:
        if day is None:
            return True
        return (self.valid_from is None or self.valid_from <= day) and (
            self.valid_to is None or day < self.valid_to
        )

    def as_dict(self) -> dict[str, Any]:
        d = self._asdict()
        for f in ("valid_from", "valid_to"):
            d[f] = d[f].isoformat() if d[f] else None
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> AliasRow:
        def day(v: Any) -> date | None:
            return date.fromisoformat(v) if isinstance(v, str) else v

        return cls(d["key"], d["scheme"], d["value"], d["kind"], day(d.get("valid_from")),
                   day(d.get("valid_to")), d.get("decision_id"))


Unpacked = tuple[EntityInfo | None, tuple[AliasRow, ...]]
Record = str | Unpacked


# -- packing: None when a value does not fit the string layout -----------------------------
def _text(v: Any) -> bool:
    return type(v) is str and _SEPARATORS.search(v) is None


def _optional(v: Any) -> str | None:
    """None -> "", a non-empty plain string -> itself, anything else -> None (cannot pack)."""
    if v is None:
        return ""
    return v if v and _text(v) else None


def _day(v: Any) -> str | None:
    return "" if v is None else v.isoformat() if type(v) is date else None


def _pack_info(key: str, info: EntityInfo | None) -> str | None:
    if info is None:
        return NO_INFO
    lei = "=" if info.lei == key else _optional(info.lei)
    jurisdiction = _optional(info.jurisdiction)
    if (lei is None or lei == "=" and info.lei != key or jurisdiction is None
            or not _text(info.name) or not _text(info.kind) or type(info.stub) is not bool):
        return None
    return FS.join((info.name, info.kind, jurisdiction, lei, "1" if info.stub else ""))


def _pack_row(row: AliasRow) -> str | None:
    scheme, kind = _SCHEME_CODE.get(row.scheme), _KIND_CODE.get(row.kind)
    vf, vt, did = _day(row.valid_from), _day(row.valid_to), _optional(row.decision_id)
    if scheme is None or kind is None or vf is None or vt is None or did is None \
            or not _text(row.value):
        return None
    return FS.join((scheme + kind + row.value, vf, vt, did))


def pack(key: str, info: EntityInfo | None, rows: Iterable[AliasRow]) -> Record:
    rows = tuple(rows)
    head = _pack_info(key, info)
    packed = [_pack_row(r) for r in rows]
    if head is None or None in packed:
        return info, rows
    return RS.join([head, *packed])  # type: ignore[list-item]


# -- reading -------------------------------------------------------------------------------
def info_of(key: str, rec: Record) -> EntityInfo | None:
    if type(rec) is tuple:
        return rec[0]
    head = rec.partition(RS)[0]  # type: ignore[union-attr]
    if head == NO_INFO:
        return None
    name, kind, jurisdiction, lei, stub = head.split(FS)
    return EntityInfo(key, name, kind, key if lei == "=" else lei or None, jurisdiction or None,
                      stub == "1")


def has_info(rec: Record) -> bool:
    return rec[0] is not None if type(rec) is tuple else not rec.startswith(NO_INFO)  # type: ignore[union-attr]


def has_rows(rec: Record) -> bool:
    return bool(rec[1]) if type(rec) is tuple else RS in rec


def _day_of(s: str) -> date | None:
    return date.fromisoformat(s) if s else None


def rows_of(key: str, rec: Record) -> list[AliasRow]:
    if type(rec) is tuple:
        return list(rec[1])
    out = []
    for seg in rec.split(RS)[1:]:  # type: ignore[union-attr]
        value, vf, vt, did = seg[2:].split(FS)
        out.append(AliasRow(key, _SCHEME_OF[seg[0]], value, _KIND_OF[seg[1]], _day_of(vf),
                            _day_of(vt), did or None))
    return out


# -- updating ------------------------------------------------------------------------------
def with_info(key: str, rec: Record | None, info: EntityInfo | None) -> Record:
    if rec is None:
        return pack(key, info, ())
    if type(rec) is str:
        head = _pack_info(key, info)
        if head is not None:
            sep, rows = rec.partition(RS)[1:]
            return head + sep + rows
    return pack(key, info, rows_of(key, rec))


def with_row(key: str, rec: Record | None, row: AliasRow) -> Record | None:
    """``rec`` with ``row`` appended, or None when the key already has that alias (same
    scheme, value, kind and validity, whatever decision added it)."""
    if rec is None:
        rec = NO_INFO
    seg = _pack_row(row)
    if type(rec) is str and seg is not None:
        ident = seg[:seg.rindex(FS) + 1]  # all but the decision id; a row has three FS
        return None if RS + ident in rec else rec + RS + seg
    rows = rows_of(key, rec)
    if any(r[1:6] == row[1:6] for r in rows):
        return None
    return pack(key, info_of(key, rec), [*rows, row])


def without_row(key: str, rec: Record, row: AliasRow) -> Record:
    rows = rows_of(key, rec)
    if row in rows:
        rows.remove(row)
    return pack(key, info_of(key, rec), rows)
