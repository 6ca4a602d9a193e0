"""An export as FollowTheMoney entities (``entities.ftm.json``: one JSON object a line, each
``{"id", "schema", "properties"}`` with every property a list of strings, as FtM tools read).

Schemata: a person is a ``Person``; an entity that is owned (the ``asset`` of an ownership
must be an ``Asset``) or is a company, fund or branch is a ``Company``; a government body a
``PublicBody``; anything else a ``LegalEntity``. Edges:

| graph | FtM |
|---|---|
| OWNS | ``Ownership`` (owner, asset, percentage, ownershipType direct/indirect, sharesType) |
| CONSOLIDATED_BY | ``Ownership`` (owner: the parent; ownershipType "accounting consolidation (direct/ultimate)") |
| CONTROLS, board kinds | ``Directorship`` (director, organization, role) |
| CONTROLS, other kinds | ``UnknownLink`` (subject, object, role: the control kind) |
| LENDS_TO | ``Debt`` (creditor: the lender, debtor: the borrower, amount, currency) |
| GUARANTEES, FUND_RELATION, BRANCH_OF | ``UnknownLink`` (role: guarantor / the fund relation / branch) |
| SUCCEEDED_BY | ``Succession`` (predecessor, successor) |
| ASSOCIATED_WITH | ``Family`` (family relationships) or ``Associate`` |
| Sanction | ``Sanction`` (entity, authority, program) |

Every interval carries its valid time (``startDate`` / ``endDate``), its knowledge time
(``modifiedAt``: when it became known), ``recordId`` and the citation in ``description``; the
id of an edge is one per stored version, so every version of a fact is its own entity.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ownergraph.domain.codes import AliasScheme, EdgeType, EntityKind
from ownergraph.domain.licences import licence_of
from ownergraph.graph.analytics.lookup import NON_FAMILY
from ownergraph.graph.export.select import Selection
from ownergraph.graph.export.values import citation, day, instant, percent

FILE = "entities.ftm.json"
BOARD_KINDS = frozenset({"appointmentofboard", "boardappointment", "boardmember", "boardchair",
                         "seniormanagingofficial", "director", "officer"})
_DATED_EDGE_PROPS = {EdgeType.LENDING.value: "date"}  # Debt's own date is its start


def ftm_id(*parts: Any) -> str:
    return "og-" + hashlib.sha1("|".join(str(p) for p in parts).encode()).hexdigest()


def schema_of(kind: str | None, owned: bool) -> str:
    if kind == EntityKind.PERSON.value:
        return "Person"
    if owned or kind in (EntityKind.COMPANY.value, EntityKind.FUND.value, EntityKind.BRANCH.value):
        return "Company"
    if kind == EntityKind.GOVERNMENT.value:
        return "PublicBody"
    return "LegalEntity"


def _props(**values: Any) -> dict[str, list[str]]:
    """FtM properties: every value a list of strings; empty ones left out."""
    out: dict[str, list[str]] = {}
    for name, value in values.items():
        items = value if isinstance(value, (list, tuple)) else [value]
        texts = [str(v) for v in items if v is not None and v != ""]
        if texts:
            out[name] = list(dict.fromkeys(texts))
    return out


class FtmWriter:
    """The FtM entities of one :class:`Selection`."""

    def __init__(self, sel: Selection) -> None:
        self.sel = sel
        owned = {e["target"] for e in sel.edges if e["type"] == EdgeType.OWNERSHIP}
        owned |= {e["source"] for e in sel.edges if e["type"] == EdgeType.CONSOLIDATION}  # the child is the asset
        self.schemata = {k: schema_of(v["props"].get("kind"), k in owned) for k, v in sel.entities.items()}
        self.ids = {k: ftm_id("entity", k) for k in sel.entities}
        self.counts: Counter[str] = Counter()

    def entities(self) -> Iterator[dict[str, Any]]:
        for key, ent in sorted(self.sel.entities.items()):
            yield self._emit(self.ids[key], self.schemata[key], self._party(key, ent))
        for e in self.sel.edges:
            out = self._edge(e)
            if out is not None:
                yield self._emit(*out)
        for f in self.sel.facts:
            if f["label"] == "Sanction":
                p = f["props"]
                yield self._emit(ftm_id("sanction", p["statement_id"]), "Sanction", _props(
                    entity=self.ids[f["entity"]], authority=p.get("authority"),
                    program=p.get("programme") or "unnamed programme", **_interval(p)))

    def _emit(self, eid: str, schema: str, props: dict[str, list[str]]) -> dict[str, Any]:
        self.counts[schema] += 1
        return {"id": eid, "schema": schema, "properties": props}

    def _party(self, key: str, ent: dict[str, Any]) -> dict[str, list[str]]:
        p, aliases = ent["props"], ent["aliases"]
        names = [a["value"] for a in aliases if a.get("scheme") == AliasScheme.NAME.value]
        previous = [a["value"] for a in aliases
                    if a.get("scheme") == AliasScheme.NAME.value and a.get("kind") == "previous"]
        other = [n for n in names if n != p.get("name") and n not in previous]
        idents = [a["value"] for a in aliases if a.get("scheme") not in (AliasScheme.NAME.value, AliasScheme.LEI.value)]
        schema = self.schemata[key]
        base = _props(name=p.get("name") or key, alias=other, previousName=previous,
                      sourceUrl=_url(p.get("document_id")), publisher=licence_of(p.get("source_system") or "").publisher
                      if p.get("source_system") else None)
        if schema == "Person":
            return base | _props(nationality=_country(p.get("jurisdiction")), deathDate=day(p.get("valid_to")))
        cik = [a["value"] for a in aliases if a.get("scheme") == AliasScheme.CIK.value]
        extra = _props(leiCode=p.get("lei"), registrationNumber=idents, country=_country(p.get("jurisdiction")),
                       status=p.get("status"), incorporationDate=day(p.get("valid_from")),
                       dissolutionDate=day(p.get("valid_to")))
        if schema == "Company":
            extra |= _props(jurisdiction=_country(p.get("jurisdiction")), cikCode=cik)
        return base | extra

    def _edge(self, e: dict[str, Any]) -> tuple[str, str, dict[str, list[str]]] | None:
        p, t = e["props"], e["type"]
        src, tgt = self.ids.get(e["source"]), self.ids.get(e["target"])
        eid = ftm_id("edge", t, e["source"], e["target"], p.get("statement_id"))
        iv = _interval(p, date_prop=_DATED_EDGE_PROPS.get(t))
        if t == EdgeType.OWNERSHIP:
            return eid, "Ownership", _props(owner=src, asset=tgt, percentage=_percentage(p),
                                            ownershipType={True: "direct", False: "indirect"}.get(p.get("direct"), "unknown"),
                                            sharesType=p.get("share_class"), role=p.get("interest"), **iv)
        if t == EdgeType.CONSOLIDATION:
            return eid, "Ownership", _props(owner=tgt, asset=src, percentage=_percentage(p),
                                            ownershipType=f"accounting consolidation ({p.get('level') or 'direct'})",
                                            legalBasis=p.get("accounting_standard"), **iv)
        if t == EdgeType.CONTROL:
            kind = str(p.get("control_kind") or "control")
            board = "".join(ch for ch in kind.lower() if ch not in "_- ") in BOARD_KINDS
            if board and self.schemata[e["target"]] in ("Company", "PublicBody"):  # range Organization
                return eid, "Directorship", _props(director=src, organization=tgt, role=kind, **iv)
            return eid, "UnknownLink", _props(subject=src, object=tgt, role=f"controls ({kind})", **iv)
        if t == EdgeType.LENDING:
            return eid, "Debt", _props(creditor=src, debtor=tgt, amount=p.get("amount"), currency=p.get("currency"), **iv)
        if t == EdgeType.SUCCESSION:
            return eid, "Succession", _props(predecessor=src, successor=tgt, role=p.get("action"), **iv)
        if t == EdgeType.ASSOCIATION and "Person" == self.schemata[e["source"]] == self.schemata[e["target"]]:
            rel = p.get("relationship")
            schema, other = ("Associate", "associate") if str(rel) in NON_FAMILY else ("Family", "relative")
            return eid, schema, _props(person=src, relationship=rel, **{other: tgt}, **iv)
        role = {EdgeType.GUARANTEE.value: "guarantees", EdgeType.BRANCH_OF.value: "is a branch of",
                EdgeType.FUND_RELATION.value: p.get("fund_kind") or "fund relation"}.get(t, str(p.get("relationship") or t))
        amount = f" ({p.get('amount')} {p.get('currency') or ''})".rstrip() if p.get("amount") is not None else ""
        return eid, "UnknownLink", _props(subject=src, object=tgt, role=f"{role}{amount}", **iv)

    def write(self, out_dir: Path) -> tuple[Path, int]:
        path = out_dir / FILE
        n = 0
        with path.open("w", encoding="utf-8") as fh:
            for ent in self.entities():
                fh.write(json.dumps(ent, ensure_ascii=False, sort_keys=True) + "\n")
                n += 1
        return path, n


def _percentage(p: dict[str, Any]) -> str | None:
    lo, hi = percent(p.get("stake_lo")), percent(p.get("stake_hi"))
    if lo is None:
        return None
    return f"{lo:g}" if p.get("stake_exact") or lo == hi else f"{lo:g}-{hi:g}"


def _country(code: Any) -> str | None:
    """A jurisdiction as FtM's country code: ISO 3166 alpha-2 in lower case ("US-DE" -> "us")."""
    head = str(code or "").split("-")[0].lower()
    return head if len(head) == 2 and head.isalpha() else None


def _url(value: Any) -> str | None:
    return str(value) if str(value or "").startswith(("http://", "https://")) else None


def _interval(p: dict[str, Any], date_prop: str | None = None) -> dict[str, Any]:
    """An interval's two clocks, record id, citation and publisher."""
    out = {"startDate": day(p.get("valid_from")), "endDate": day(p.get("valid_to")),
           "modifiedAt": (instant(p.get("known_from")) or "")[:19] or None,
           "recordId": p.get("fact_key") or p.get("source_record_id"), "description": citation(p),
           "sourceUrl": _url(p.get("document_id")), "publisher": licence_of(p.get("source_system") or "").publisher}
    if date_prop:
        out[date_prop] = out["startDate"]
    return out


__all__ = ["BOARD_KINDS", "FILE", "FtmWriter", "ftm_id", "schema_of"]
