"""The mapping of bundle records (``ingest/BUNDLE.md``) to model records (not a reader).

Fact keys are scoped by the record's producer (:func:`fact_key`): ``bundle@<producer>:<id>``
when the record or the file header names one, else ``bundle:<id>`` (the key bundles always
had, so graphs loaded before producers existed keep their keys).
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import Any

from ownergraph.domain.model import (
    Alias,
    Association,
    BranchOf,
    Consolidation,
    Control,
    CorporateAction,
    Disclosure,
    Entity,
    EntityRef,
    FundRelation,
    Guarantee,
    Holding,
    Lending,
    Ownership,
    Provenance,
    Record,
    ReportingException,
    Retraction,
    Sanction,
    Succession,
)
from ownergraph.domain.codes import (
    AliasKind,
    AliasScheme,
    ConsolidationLevel,
    CorporateActionKind,
    EntityKind,
    ExceptionReason,
    FundRelationKind,
    InterestType,
)
from ownergraph.ingest.readers.bundle.values import (
    date_value, datetime_value, list_value, number_value, str_value, disclosure_text, parse_enum, parse_ref, parse_stake,
)
from ownergraph.ingest.readers.base import Bad, build, parse_datetime

SOURCE = "bundle"

COMMON = {"type", "id", "valid_from", "valid_to", "known_from", "document_id", "locator",
          "validation_level", "producer"}
_PRODUCER_MAX = 200  # characters
# Edge types: (model class, role name of the source, role name of the target, extra fields).
EDGE_ROLES: dict[str, tuple[type, str, str, set[str]]] = {
    "ownership": (Ownership, "owner", "owned", {"stake", "interest", "direct", "share_class"}),
    "control": (Control, "controller", "controlled", {"control_kind", "stake"}),
    "consolidation": (Consolidation, "child", "parent", {"level", "accounting_standard", "stake"}),
    "fund_relation": (FundRelation, "fund", "related", {"fund_kind"}),
    "branch_of": (BranchOf, "branch", "head_office", set()),
    "guarantee": (Guarantee, "guarantor", "guaranteed", {"amount", "currency"}),
    "lending": (Lending, "lender", "borrower", {"amount", "currency"}),
    "succession": (Succession, "predecessor", "successor", {"action", "corporate_action_id"}),
    "association": (Association, "person", "associate", {"relationship"}),
}
OTHER_FIELDS: dict[str, set[str]] = {
    "entity": {"lei", "ref", "name", "kind", "jurisdiction", "status", "identifiers", "aliases",
               "successor", "expiration_reason", "birth_date", "nationalities"},
    "sanction": {"entity", "authority", "programme"},
    "reporting_exception": {"entity", "level", "reason", "reference"},
    "disclosure": {"filer", "form_type", "filed_at", "period", "title", "text", "text_ref",
                   "mentions"},
    "holding": {"portfolio", "instrument", "issuer", "amount", "currency", "as_of",
                "instrument_type"},
    "corporate_action": {"action", "subject", "counterparty", "previous_controller", "stake",
                         "new_name", "transfer_holdings", "effective_date"},
    "retraction": {"fact_id", "fact_key"},
}
TYPES = set(EDGE_ROLES) | set(OTHER_FIELDS)


class Ctx:
    """Where a record came from, for provenance and quarantine."""

    def __init__(self, path: Path, locator: str, published: datetime | None,
                 producer: str | None = None) -> None:
        self.path = path
        self.locator = locator
        self.published = published
        self.producer = producer  # the header's; a record's own ``producer`` overrides it


def parse_producer(value: Any, field: str) -> str:
    """A producer name: non-empty text of at most 200 characters (raises :class:`Bad`)."""
    if not isinstance(value, str) or not value.strip():
        raise Bad(field, "expected a non-empty text naming who produced the bundle")
    if len(value.strip()) > _PRODUCER_MAX:
        raise Bad(field, f"longer than {_PRODUCER_MAX} characters")
    return value.strip()


def fact_key(record_id: str, producer: str | None) -> str:
    """The fact key of bundle record ``record_id`` of ``producer``: ``bundle@<producer>:<id>``
    (the producer percent-encoded where it has ``:``, ``%`` or ``@``, so the key reads back
    unambiguously and never equals an unscoped one), or ``bundle:<id>`` with no producer."""
    if producer is None:
        return f"{SOURCE}:{record_id}"
    scope = producer.replace("%", "%25").replace(":", "%3A").replace("@", "%40")
    return f"{SOURCE}@{scope}:{record_id}"


def _producer(obj: dict[str, Any], ctx: Ctx) -> str | None:
    return parse_producer(obj["producer"], "producer") if "producer" in obj else ctx.producer


def _clocks(obj: dict[str, Any], ctx: Ctx, fallback_known: Any = None) -> dict[str, Any]:
    rid = obj.get("id")
    if rid is None or (isinstance(rid, str) and not rid.strip()) or isinstance(rid, (bool, dict, list)):
        raise Bad("id", "required (a stable text id)")
    known = datetime_value(obj.get("known_from"), "known_from")
    if known is None and fallback_known is not None:
        known = fallback_known if isinstance(fallback_known, datetime) else datetime_value(
            fallback_known.isoformat(), "known_from")
    known = known or ctx.published
    if known is None:
        raise Bad("known_from", "required: give it on the record or as bundle.published in the header")
    vf, vt = date_value(obj, "valid_from"), date_value(obj, "valid_to")
    if vf and vt and vt < vf:
        raise Bad("valid_to", f"{vt} is before valid_from {vf}")
    prov = Provenance(
        source_system=SOURCE, source_record_id=str(rid), document_id=str_value(obj, "document_id"),
        locator=str_value(obj, "locator") or f"{ctx.path.name}:{ctx.locator}",
        validation_level=str_value(obj, "validation_level"), source_file=str(ctx.path),
    )
    return {"valid_from": vf, "valid_to": vt, "known_from": known, "provenance": prov,
            "fact_key": fact_key(str(rid), _producer(obj, ctx))}


def _role(obj: dict[str, Any], role: str, generic: str) -> EntityRef:
    if role != generic and role in obj and generic in obj:
        raise Bad(role, f"give {role} or {generic}, not both")
    key = role if role in obj else generic
    if obj.get(key) is None:
        raise Bad(role, "required")
    return parse_ref(obj[key], key)


def _aliases(obj: dict[str, Any], name: str, lei: str | None) -> tuple[Alias, ...]:
    out = [Alias(scheme=AliasScheme.NAME, value=name, kind=AliasKind.LEGAL)]
    if lei:
        out.append(Alias(scheme=AliasScheme.LEI, value=lei, kind=AliasKind.IDENTIFIER))
    for i, ident in enumerate(list_value(obj, "identifiers")):
        f = f"identifiers[{i}]"
        if not isinstance(ident, dict) or not ident.get("scheme") or not ident.get("value"):
            raise Bad(f, "expected {\"scheme\": ..., \"value\": ...}")
        out.append(Alias(scheme=parse_enum(AliasScheme, ident["scheme"], f + ".scheme"),
                         value=str(ident["value"]).strip(), kind=AliasKind.IDENTIFIER))
    for i, al in enumerate(list_value(obj, "aliases")):
        f = f"aliases[{i}]"
        if not isinstance(al, dict) or not (al.get("name") or al.get("value")):
            raise Bad(f, "expected {\"name\": ..., \"kind\": ...}")
        kind = parse_enum(AliasKind, al.get("kind", "trading"), f + ".kind")
        scheme = parse_enum(AliasScheme, al.get("scheme", "name"), f + ".scheme")
        vf, vt = date_value(al, "valid_from"), date_value(al, "valid_to")
        if vf and vt and vt < vf:
            raise Bad(f + ".valid_to", f"{vt} is before valid_from {vf}")
        out.append(Alias(scheme=scheme, value=str(al.get("name") or al.get("value")).strip(),
                         kind=kind, valid_from=vf, valid_to=vt))
    return tuple(out)


def _entity(obj: dict[str, Any], ctx: Ctx) -> Entity:
    name = str_value(obj, "name", required=True)
    assert name is not None
    lei = obj.get("lei")
    if lei is not None:
        ref = parse_ref(lei, "lei")
        lei = ref.lei
    elif obj.get("ref") is not None:
        ref = parse_ref(obj["ref"], "ref")
    elif obj.get("identifiers"):
        first = list_value(obj, "identifiers")[0]
        ref = parse_ref({"scheme": first.get("scheme") if isinstance(first, dict) else None,
                         "value": first.get("value") if isinstance(first, dict) else None,
                         "name": name}, "identifiers[0]")
    else:  # no public handle: the bundle id is the entity's own handle
        ref = EntityRef(scheme=AliasScheme.INTERNAL, value=str(obj.get("id")), name=name)
    kind = parse_enum(EntityKind, obj.get("kind", "company"), "kind")
    aliases = _aliases(obj, name, lei)
    if ref.scheme is AliasScheme.INTERNAL and not any(a.value == ref.value for a in aliases):
        aliases += (Alias(scheme=AliasScheme.INTERNAL, value=str(ref.value), kind=AliasKind.IDENTIFIER),)
    succ = obj.get("successor")
    birth = str_value(obj, "birth_date")
    if birth is not None and not re.fullmatch(r"\d{4}(-\d{2}(-\d{2})?)?", birth):
        raise Bad("birth_date", f"expected YYYY, YYYY-MM or YYYY-MM-DD, got {birth!r}")
    nats = list_value(obj, "nationalities")
    if not all(isinstance(c, str) and re.fullmatch(r"[A-Z]{2}", c) for c in nats):
        raise Bad("nationalities", "expected ISO 3166 alpha-2 country codes")
    return Entity(**_clocks(obj, ctx), ref=ref, name=name, kind=kind, aliases=aliases,
                  jurisdiction=str_value(obj, "jurisdiction"), status=str_value(obj, "status"),
                  successor=None if succ is None else parse_ref(succ, "successor"),
                  expiration_reason=str_value(obj, "expiration_reason"), birth_date=birth,
                  nationalities=tuple(nats))


def _edge(kind: str, obj: dict[str, Any], ctx: Ctx) -> Record:
    cls, src_role, dst_role, _ = EDGE_ROLES[kind]
    args: dict[str, Any] = _clocks(obj, ctx)
    args["source"] = _role(obj, src_role, "source")
    args["target"] = _role(obj, dst_role, "target")
    if kind in ("ownership", "control", "consolidation"):
        args["stake"] = parse_stake(obj.get("stake"))
    if kind == "ownership":
        args["interest"] = parse_enum(InterestType, obj.get("interest", "shareholding"), "interest")
        direct = obj.get("direct", True)
        if direct is not None and not isinstance(direct, bool):
            raise Bad("direct", "expected true, false or null (level unknown)")
        args.update(direct=direct, share_class=str_value(obj, "share_class"))
    elif kind == "control":
        args["control_kind"] = str_value(obj, "control_kind", required=True)
    elif kind == "consolidation":
        args["level"] = parse_enum(ConsolidationLevel, obj.get("level"), "level")
        args["accounting_standard"] = str_value(obj, "accounting_standard")
    elif kind == "fund_relation":
        args["fund_kind"] = parse_enum(FundRelationKind, obj.get("fund_kind"), "fund_kind")
    elif kind in ("guarantee", "lending"):
        amount = obj.get("amount")
        if amount is not None:
            amount = number_value(amount, "amount")
            if amount < 0:
                raise Bad("amount", f"{amount:g} is negative")
        cur = str_value(obj, "currency")
        if cur is not None and not re.fullmatch(r"[A-Z]{3}", cur):
            raise Bad("currency", f"{cur!r} is not an ISO 4217 code")
        args.update(amount=amount, currency=cur)
    elif kind == "succession":
        args["action"] = parse_enum(CorporateActionKind, obj.get("action", "merger"), "action")
        args["corporate_action_id"] = str_value(obj, "corporate_action_id")
    elif kind == "association":
        args["relationship"] = str_value(obj, "relationship", required=True)
    return cls(**args)


def _other(kind: str, obj: dict[str, Any], ctx: Ctx) -> Record:
    if kind == "entity":
        return _entity(obj, ctx)
    if kind == "retraction":
        if obj.get("id") is None:
            raise Bad("id", "required (a stable text id)")
        fid = str_value(obj, "fact_id")
        key = str_value(obj, "fact_key") or (fact_key(fid, _producer(obj, ctx)) if fid else None)
        if key is None:
            raise Bad("fact_id", "required: the id of the retracted record (or a full fact_key)")
        known = datetime_value(obj.get("known_from"), "known_from") or ctx.published
        if known is None:
            raise Bad("known_from", "required: give it on the record or as bundle.published")
        return Retraction(fact_key=key, known_from=known, provenance=Provenance(
            source_system=SOURCE, source_record_id=str(obj["id"]), document_id=str_value(obj, "document_id"),
            locator=str_value(obj, "locator") or f"{ctx.path.name}:{ctx.locator}", source_file=str(ctx.path)))
    if kind == "sanction":
        return Sanction(**_clocks(obj, ctx), entity=_role(obj, "entity", "entity"),
                        authority=str_value(obj, "authority"), programme=str_value(obj, "programme"))
    if kind == "reporting_exception":
        return ReportingException(
            **_clocks(obj, ctx), entity=_role(obj, "entity", "entity"),
            level=parse_enum(ConsolidationLevel, obj.get("level"), "level"),
            reason=parse_enum(ExceptionReason, obj.get("reason"), "reason"),
            reference=str_value(obj, "reference"))
    if kind == "disclosure":
        doc = str_value(obj, "document_id") or str(obj.get("id"))
        filed = date_value(obj, "filed_at")
        mentions = tuple(parse_ref(m, f"mentions[{i}]") for i, m in enumerate(list_value(obj, "mentions")))
        return Disclosure(**_clocks(obj, ctx, fallback_known=filed), document_id=doc,
                          filer=None if obj.get("filer") is None else parse_ref(obj["filer"], "filer"),
                          form_type=str_value(obj, "form_type"), filed_at=filed, period=str_value(obj, "period"),
                          title=str_value(obj, "title"), text=disclosure_text(obj),
                          text_ref=str_value(obj, "text_ref"), mentions=mentions)
    if kind == "holding":
        as_of = date_value(obj, "as_of")
        if as_of is None:
            raise Bad("as_of", "required")
        clocks = _clocks({**obj, "valid_from": obj.get("valid_from") or obj["as_of"]}, ctx,
                         fallback_known=as_of)
        amount = obj.get("amount")
        if amount is None:
            raise Bad("amount", "required")
        return Holding(**clocks, portfolio=str_value(obj, "portfolio", True), instrument=str_value(obj, "instrument", True),
                       issuer=_role(obj, "issuer", "issuer"), amount=number_value(amount, "amount"),
                       currency=str_value(obj, "currency", True), instrument_type=str_value(obj, "instrument_type"))
    if kind == "corporate_action":
        eff = obj.get("effective_date") or obj.get("valid_from")
        if eff is None:
            raise Bad("effective_date", "required")
        action = parse_enum(CorporateActionKind, obj.get("action"), "action")
        opt = {k: parse_ref(obj[k], k) for k in ("counterparty", "previous_controller") if obj.get(k) is not None}
        transfer = list_value(obj, "transfer_holdings")
        return CorporateAction(
            **_clocks({**obj, "valid_from": eff}, ctx), action=action,
            subject=_role(obj, "subject", "subject"), stake=parse_stake(obj.get("stake")),
            new_name=str_value(obj, "new_name"), transfer_holdings=tuple(str(t) for t in transfer),
            document_id=str_value(obj, "document_id"), **opt)
    raise Bad("type", f"unknown record type {kind!r}")


def map_record(obj: Any, ctx: Ctx) -> Record:
    """One bundle object -> one model record, or a Quarantined naming the bad field."""
    def make() -> Record:
        if not isinstance(obj, dict):
            raise Bad("record", f"expected a JSON object, got {type(obj).__name__}")
        kind = obj.get("type")
        if kind not in TYPES:
            raise Bad("type", f"unknown record type {kind!r}; expected one of {', '.join(sorted(TYPES))}")
        allowed = COMMON | (EDGE_ROLES[kind][3] | {EDGE_ROLES[kind][1], EDGE_ROLES[kind][2], "source", "target"}
                            if kind in EDGE_ROLES else OTHER_FIELDS[kind])
        unknown = sorted(k for k in obj if k not in allowed and not k.startswith("x_"))
        if unknown:
            raise Bad(unknown[0], f"unknown field for a {kind} record")
        return _edge(kind, obj, ctx) if kind in EDGE_ROLES else _other(kind, obj, ctx)

    return build(ctx.path, ctx.locator, make, obj)


def bundle_header(obj: Any) -> dict[str, Any] | None:
    if isinstance(obj, dict) and "bundle" in obj and "type" not in obj and isinstance(obj["bundle"], dict):
        return obj["bundle"]
    return None


def published_at(header: dict[str, Any] | None) -> datetime | None:
    if not header or header.get("published") is None:
        return None
    return parse_datetime(str(header["published"]))


def header_producer(header: dict[str, Any] | None) -> str | None:
    """The header's ``producer`` (None when absent); :class:`Bad` when it is not a name."""
    if not header or "producer" not in header:
        return None
    return parse_producer(header["producer"], "bundle.producer")
