"""Bundle files (``--format bundle``): records of the plain shapes built without validators.

The row reader maps every object through ``parse_ref`` / ``parse_stake`` and the model's
pydantic validators: ~140 µs of Python per record of a generated world's bundle, most of it
validating records that pass. Here an entity or edge record whose fields all have the plain
shapes (text ids and names, LEIs as text, ISO dates, an exact stake or amount as a number,
known codes) is checked directly, with the row mapping's rules, and built with
:func:`._build.make`. Any other record, and any value a check refuses, goes to the row mapping
(``bundle_map.map_record``) in its place, so its record or its quarantine entry is the row
reader's. The file's layout, header and line handling are the row reader's own (this reader
only swaps the mapping). tests/ingest/test_columnar_bundle.py holds both to the same records,
hashes and quarantine files.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.model import Alias, Entity, EntityRef, Provenance, Record, Stake, utc
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind, InterestType
from ownergraph.ingest.readers.bundle.mapping import COMMON, EDGE_ROLES, OTHER_FIELDS, SOURCE, Ctx, fact_key, map_record
from ownergraph.ingest.readers.bundle.values import REF_KEYS
from ownergraph.ingest.readers.columnar.build import make
from ownergraph.ingest.readers.columnar.checks import Dates

_CURRENCY = re.compile(r"[A-Z]{3}")
_CODES: dict[type, dict[str, Any]] = {c: {m.value: m for m in c}
                                      for c in (AliasKind, AliasScheme, EntityKind, InterestType)}
# the row mapping's fields (bundle_map), less those only it reads: a record's own ``producer``,
# an entity's ``ref``, successor, birth date and nationalities
_COMMON = frozenset(COMMON - {"producer"})
_ENTITY = _COMMON | (OTHER_FIELDS["entity"] - {"ref", "successor", "birth_date", "nationalities"})


class _Decline(Exception):
    """The record is not of a plain shape, or a check refuses a value: the row mapping reads it."""


def _text(v: Any) -> str | None:
    """``bundle_values._str`` for text (None or blank: None); anything else declines."""
    if v is None:
        return None
    if not isinstance(v, str):
        raise _Decline
    return v.strip() or None


def _code(cls: type, v: Any) -> Any:
    member = _CODES[cls].get(v) if isinstance(v, str) else None
    if member is None:
        raise _Decline
    return member


def _lei(v: Any) -> str:
    if not isinstance(v, str):
        raise _Decline
    v = v.strip()
    if not is_valid_lei(v):  # its shape too: 18 upper-case alphanumerics and 2 digits
        raise _Decline
    return v


def _ref(v: Any) -> EntityRef:
    """``bundle_values.parse_ref`` for an LEI text or an object of text values."""
    if isinstance(v, str):
        return make(EntityRef, lei=_lei(v))
    if not isinstance(v, dict) or not v.keys() <= REF_KEYS:
        raise _Decline
    args: dict[str, Any] = {}
    for k, x in v.items():
        if x is None:
            continue
        if not isinstance(x, str):
            raise _Decline
        args[k] = x.strip()
    if "lei" in args:
        args["lei"] = _lei(args["lei"])
    if "scheme" in args:
        args["scheme"] = _code(AliasScheme, args["scheme"])
    if "kind" in args:
        args["kind"] = _code(EntityKind, args["kind"])
    if not (args.get("lei") or (args.get("scheme") and args.get("value")) or args.get("name")):
        raise _Decline  # EntityRef's own check
    if ("scheme" in args) != ("value" in args):
        raise _Decline
    return make(EntityRef, **args)


def _number(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise _Decline
    try:
        f = float(v)
    except OverflowError:  # an integer past float's range
        raise _Decline from None
    if not math.isfinite(f):
        raise _Decline
    return f


def _stake(v: Any) -> Stake | None:
    if v is None:
        return None
    exact = _number(v)
    if not 0 <= exact <= 100:
        raise _Decline
    return make(Stake, exact=exact)


def _ownership(obj: dict[str, Any]) -> dict[str, Any]:
    direct = obj.get("direct", True)
    if direct is not None and not isinstance(direct, bool):
        raise _Decline
    return {"stake": _stake(obj.get("stake")), "direct": direct,
            "interest": _code(InterestType, obj.get("interest", "shareholding")),
            "share_class": _text(obj.get("share_class"))}


def _required(obj: dict[str, Any], field: str) -> str:
    text = _text(obj.get(field))
    if text is None:
        raise _Decline
    return text


def _control(obj: dict[str, Any]) -> dict[str, Any]:
    return {"control_kind": _required(obj, "control_kind"), "stake": _stake(obj.get("stake"))}


def _association(obj: dict[str, Any]) -> dict[str, Any]:
    return {"relationship": _required(obj, "relationship")}


def _money(obj: dict[str, Any]) -> dict[str, Any]:
    amount = None if obj.get("amount") is None else _number(obj["amount"])
    if amount is not None and amount < 0:
        raise _Decline
    currency = _text(obj.get("currency"))
    if currency is not None and not _CURRENCY.fullmatch(currency):
        raise _Decline
    return {"amount": amount, "currency": currency}


# the edge kinds taken here: their own fields, as the row mapping's ``_edge`` sets them; the
# class and role names are the row mapping's (EDGE_ROLES)
_EXTRAS: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
    "ownership": _ownership, "control": _control, "association": _association,
    "lending": _money, "guarantee": _money, "branch_of": lambda obj: {},
}
_EDGE_KEYS = {kind: _COMMON | {EDGE_ROLES[kind][1], EDGE_ROLES[kind][2]} | EDGE_ROLES[kind][3] for kind in _EXTRAS}


class _Fast:
    """The plain-shape mapping of one file's records (its dates parsed once each)."""

    def __init__(self) -> None:
        self.dates = Dates()

    def record(self, obj: Any, ctx: Ctx) -> Record:
        """``map_record(obj, ctx)``: built here when plain, else by the row mapping."""
        kind = obj.get("type") if isinstance(obj, dict) else None
        if isinstance(kind, str):
            try:
                if kind == "entity" and obj.keys() <= _ENTITY:
                    return self._entity(obj, ctx)
                if kind in _EDGE_KEYS and obj.keys() <= _EDGE_KEYS[kind]:
                    return self._edge(kind, obj, ctx)
            except _Decline:
                pass
        return map_record(obj, ctx)

    def _date(self, v: Any) -> date | None:
        if v is None:
            return None
        if not isinstance(v, str):
            raise _Decline
        got = self.dates.date(v)
        if got is Dates.bad:
            raise _Decline
        return got  # type: ignore[return-value]

    def _clocks(self, obj: dict[str, Any], ctx: Ctx) -> dict[str, Any]:
        rid = obj.get("id")
        if not isinstance(rid, str) or not rid.strip():
            raise _Decline
        known_text = obj.get("known_from")
        if known_text is not None and not isinstance(known_text, str):
            raise _Decline
        known = self.dates.datetime(known_text)
        if known is Dates.bad:
            raise _Decline
        known = known or ctx.published
        if known is None:
            raise _Decline
        vf, vt = self._date(obj.get("valid_from")), self._date(obj.get("valid_to"))
        if vf and vt and vt < vf:
            raise _Decline
        doc, level = _text(obj.get("document_id")), _text(obj.get("validation_level"))
        locator = _text(obj.get("locator")) or f"{ctx.path.name}:{ctx.locator}"
        prov = make(Provenance, source_system=SOURCE, source_record_id=rid, document_id=doc,
                    locator=locator, validation_level=level, source_file=str(ctx.path))
        assert isinstance(known, datetime)
        return {"valid_from": vf, "valid_to": vt, "known_from": utc(known), "provenance": prov,
                "fact_key": fact_key(rid, ctx.producer)}

    def _entity(self, obj: dict[str, Any], ctx: Ctx) -> Entity:
        rid, name = obj["id"], _text(obj.get("name"))
        if name is None:
            raise _Decline
        lei = None if obj.get("lei") is None else _lei(obj["lei"])
        idents = obj.get("identifiers")
        if idents is not None and not isinstance(idents, list):
            raise _Decline
        aliases = [make(Alias, scheme=AliasScheme.NAME, value=name, kind=AliasKind.LEGAL)]
        if lei:
            aliases.append(make(Alias, scheme=AliasScheme.LEI, value=lei, kind=AliasKind.IDENTIFIER))
        for ident in idents or ():
            if not isinstance(ident, dict) or not ident.keys() <= {"scheme", "value"}:
                raise _Decline
            value = ident.get("value")
            if not isinstance(value, str) or not value:
                raise _Decline
            aliases.append(make(Alias, scheme=_code(AliasScheme, ident.get("scheme")), value=value.strip(),
                                kind=AliasKind.IDENTIFIER))
        if lei is not None:
            ref = make(EntityRef, lei=lei)
        elif idents:
            first = idents[0]
            ref = _ref({"scheme": first.get("scheme"), "value": first.get("value"), "name": name})
        else:
            ref = make(EntityRef, scheme=AliasScheme.INTERNAL, value=rid, name=name)
        named = obj.get("aliases")
        if named is not None and not isinstance(named, list):
            raise _Decline
        for al in named or ():
            if not isinstance(al, dict) or not al.keys() <= {"name", "kind", "scheme", "valid_from", "valid_to"}:
                raise _Decline
            value = al.get("name")
            if not isinstance(value, str) or not value:
                raise _Decline
            vf, vt = self._date(al.get("valid_from")), self._date(al.get("valid_to"))
            if vf and vt and vt < vf:
                raise _Decline
            aliases.append(make(Alias, scheme=_code(AliasScheme, al.get("scheme", "name")), value=value.strip(),
                                kind=_code(AliasKind, al.get("kind", "trading")), valid_from=vf, valid_to=vt))
        if ref.scheme is AliasScheme.INTERNAL and not any(a.value == ref.value for a in aliases):
            aliases.append(make(Alias, scheme=AliasScheme.INTERNAL, value=ref.value, kind=AliasKind.IDENTIFIER))
        return make(Entity, **self._clocks(obj, ctx), ref=ref, name=name,
                    kind=_code(EntityKind, obj.get("kind", "company")), aliases=tuple(aliases),
                    jurisdiction=_text(obj.get("jurisdiction")), status=_text(obj.get("status")),
                    successor=None, expiration_reason=_text(obj.get("expiration_reason")), birth_date=None,
                    nationalities=())

    def _edge(self, kind: str, obj: dict[str, Any], ctx: Ctx) -> Record:
        cls, src, dst, _ = EDGE_ROLES[kind]
        if obj.get(src) is None or obj.get(dst) is None:
            raise _Decline  # the generic source / target keys, or a role missing: the row mapping
        return make(cls, **self._clocks(obj, ctx), source=_ref(obj[src]), target=_ref(obj[dst]), **_EXTRAS[kind](obj))


def fast_mapping() -> Callable[[Any, Ctx], Record]:
    """A mapping for one file: ``map_record``'s records, the plain ones built here."""
    return _Fast().record
