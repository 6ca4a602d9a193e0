"""An export as Beneficial Ownership Data Standard 0.4 statements (``statements.bods.json``,
a JSON array, entity and person statements first).

- Entities and persons: one statement each (the entity as stored now: its legal name, other
  names, jurisdiction, LEI and other identifiers); ``recordId`` is the entity's key.
- Ownership and control: one relationship statement per stored version; ``recordId`` is the
  fact's identity (``fact_key`` and its two parties), versions ``new`` then ``updated`` in
  knowledge-time order, ``statementDate`` the version's knowledge time (``known_from``), the
  interests' ``startDate`` / ``endDate`` its valid time, ``source`` its citation. Stakes are
  ``share`` ``exact`` or a band (``minimum`` / ``exclusiveMinimum``, ``maximum`` /
  ``exclusiveMaximum``). A control kind outside the interestType codelist is written as the
  nearest code of the same strength, the stored kind in ``details``.
- Accounting consolidation (GLEIF) and reporting exceptions are written the way GLEIF's own BODS
  publication writes them: an ``otherInfluenceOrControl`` interest with details
  ``Relationship Type: IS_DIRECTLY_CONSOLIDATED_BY`` (or ``ULTIMATELY``), and an unspecified
  interested party whose description names the exception reason.
- Lending, guarantees, fund relations, branches, successions, associations and sanctions have no
  place in BODS: they are counted in ``left_out`` (the other formats carry them).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ownergraph.domain.codes import AliasScheme, EdgeType, EntityKind, ExceptionReason, exception_meaning, exception_reasons
from ownergraph.domain.licences import licence_of
from ownergraph.graph.analytics.control_kinds import strength
from ownergraph.graph.export.select import Selection
from ownergraph.graph.export.values import citation, day, instant, percent
from ownergraph.ingest.readers.bods.mapping import (
    CONSOLIDATION_DETAILS, CONTROL_DETAILS, INTEREST_TYPES, OWNERGRAPH_PUBLISHER,
)

BODS_VERSION = "0.4"
PUBLISHER = OWNERGRAPH_PUBLISHER  # the BODS reader reads details back from this publisher's statements
FILE = "statements.bods.json"
LEVEL_WORD = {"direct": "DIRECTLY", "ultimate": "ULTIMATELY"}  # GLEIF's words (CONSOLIDATION_DETAILS)

_CODES = {c.lower(): c for c in INTEREST_TYPES if c != "otherInfluenceOrControlOfTrust"}  # 0.4 codes
_NEAREST = {"control": "otherInfluenceOrControl", "beneficial": "beneficiaryOfLegalArrangement",
            "maybe": "unknownInterest", "none": "boardMember"}
_ENTITY_TYPES = {EntityKind.GOVERNMENT: "stateBody", EntityKind.ARRANGEMENT: "arrangement",
                 EntityKind.UNKNOWN: "unknownEntity"}  # the rest: registeredEntity
# GLEIF's exception reasons as the BODS unspecifiedReason codelist (the reason itself in the text)
_UNSPECIFIED = {ExceptionReason.NO_KNOWN_PERSON: "noBeneficialOwners",
                ExceptionReason.CONSENT_NOT_OBTAINED: "interestedPartyHasNotProvidedInformation"}
_SOURCE_TYPES = {"gleif": ["officialRegister"], "uk_psc": ["officialRegister"], "uk_company": ["officialRegister"],
                 "uk_officers": ["officialRegister"], "sec": ["officialRegister"], "document": ["primaryResearch"]}
_IDENTIFIER_SCHEMES = {AliasScheme.CIK.value: "US-SEC"}
_SKIPPED_ALIASES = {AliasScheme.NAME.value, AliasScheme.LEI.value, AliasScheme.BODS_RECORD.value,
                    AliasScheme.BODS_STATEMENT.value}


def statement_id(*parts: Any) -> str:
    """A stable statement id of 44 characters (BODS asks for 32 to 64)."""
    return "og-" + hashlib.sha256("|".join(str(p) for p in parts).encode()).hexdigest()[:41]


def interest_code(kind: str | None) -> str:
    """A stored control kind as a BODS 0.4 interestType code: itself when it is one, else the
    code of the same strength (``graph.analytics.control_kinds``)."""
    norm = "".join(ch for ch in (kind or "").lower() if ch not in "_- ")
    return _CODES.get(norm) or _NEAREST[strength(kind)]


class BodsWriter:
    """The statements of one :class:`Selection` (``statements()``), and their file (``write``)."""

    def __init__(self, sel: Selection, published: datetime | None = None) -> None:
        self.sel = sel
        self.published = (published or datetime.now(timezone.utc)).date().isoformat()
        self.left_out: dict[str, int] = defaultdict(int)
        self._first_known = _first_known(sel)

    # -- the parts every statement shares -----------------------------------------------------
    def _envelope(self, sid: str, record_id: str, rtype: str, subject: str, known: str | None,
                  props: dict[str, Any], status: str | None = None) -> dict[str, Any]:
        lic = licence_of(props.get("source_system") or "")
        publication: dict[str, Any] = {"publicationDate": self.published, "bodsVersion": BODS_VERSION,
                                       "publisher": {"name": PUBLISHER}}
        if lic.url:
            publication["license"] = lic.url
        st: dict[str, Any] = {"statementId": sid, "statementDate": known or self.published,
                              "publicationDetails": publication, "source": _source(props, lic.publisher),
                              "declarationSubject": subject, "recordId": record_id, "recordType": rtype}
        if status:
            st["recordStatus"] = status
        return st

    # -- entities and persons ----------------------------------------------------------------
    def entity_statements(self) -> Iterator[dict[str, Any]]:
        for key, ent in sorted(self.sel.entities.items()):
            p = ent["props"]
            person = p.get("kind") == EntityKind.PERSON.value
            known = instant(p.get("first_known_from") or p.get("known_from")) or self._first_known.get(key)
            st = self._envelope(statement_id("entity", key, p.get("statement_id")), key,
                                "person" if person else "entity", key, known, p, "new")
            st["recordDetails"] = _person(p, ent["aliases"]) if person else _entity(p, ent["aliases"])
            yield st

    # -- relationships -------------------------------------------------------------------------
    def relationship_statements(self) -> Iterator[dict[str, Any]]:
        versions: dict[tuple[str, str, str], dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
        kinds = self.sel.entities
        for e in self.sel.edges:
            if e["type"] not in (EdgeType.OWNERSHIP, EdgeType.CONTROL, EdgeType.CONSOLIDATION):
                self.left_out[e["type"]] += 1
                continue
            subject = e["source"] if e["type"] == EdgeType.CONSOLIDATION else e["target"]  # child -> parent
            if kinds.get(subject, {}).get("props", {}).get("kind") == EntityKind.PERSON.value:
                self.left_out[f"{e['type']} of a person (BODS subjects are entities)"] += 1
                continue
            p = e["props"]
            versions[(p.get("fact_key") or p["statement_id"], e["source"], e["target"])][
                instant(p.get("known_from")) or ""].append(e)
        out = []
        for (fact, source, target), by_time in versions.items():
            record_id = f"{fact}@{source}>{target}"
            edge_type = next(iter(by_time.values()))[0]["type"]
            subject, party = (source, target) if edge_type == EdgeType.CONSOLIDATION else (target, source)
            for n, known in enumerate(sorted(by_time)):
                edges = sorted(by_time[known], key=lambda x: x["props"]["statement_id"])
                st = self._envelope(statement_id(record_id, known, *(x["props"]["statement_id"] for x in edges)),
                                    record_id, "relationship", subject, known or None, edges[0]["props"],
                                    "new" if n == 0 else "updated")
                st["recordDetails"] = {"isComponent": False, "subject": subject, "interestedParty": party,
                                       "interests": [_interest(x) for x in edges]}
                out.append(st)
        yield from sorted(out, key=lambda s: (s["statementDate"], s["recordId"]))

    def exception_statements(self) -> Iterator[dict[str, Any]]:
        """Reporting exceptions as GLEIF writes them: an unspecified interested party."""
        by_fact: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for f in self.sel.facts:
            if f["label"] != "ReportingException":
                self.left_out[f["label"]] += 1
                continue
            by_fact[f"{f['props'].get('fact_key')}@{f['entity']}"].append(f)
        for record_id, facts in sorted(by_fact.items()):
            for n, f in enumerate(sorted(facts, key=lambda x: x["props"]["known_from"])):
                p, known = f["props"], instant(f["props"]["known_from"])
                st = self._envelope(statement_id(record_id, known, p["statement_id"]), record_id, "relationship",
                                    f["entity"], known, p, "new" if n == 0 else "updated")
                reason = str(p.get("reason"))
                level = str(p.get("level") or "ultimate")
                interest = {"type": "otherInfluenceOrControl",
                            "directOrIndirect": "direct" if level == "direct" else "indirect",
                            "beneficialOwnershipOrControl": False,
                            "details": f"Exception Category: {level.upper()}_ACCOUNTING_CONSOLIDATION_PARENT"}
                interest |= _dates(p)
                st["recordDetails"] = {"isComponent": False, "subject": f["entity"], "interestedParty": {
                    "reason": _UNSPECIFIED.get(reason, "interestedPartyExemptFromDisclosure"),  # type: ignore[call-overload]
                    "description": " ".join(f"Exception Reason: {r}. {exception_meaning(r)}"
                                           for r in exception_reasons(p))},
                    "interests": [interest]}
                yield st

    def statements(self) -> list[dict[str, Any]]:
        return [*self.entity_statements(), *self.relationship_statements(), *self.exception_statements()]

    def write(self, out_dir: Path) -> tuple[Path, int]:
        path = out_dir / FILE
        statements = self.statements()
        with path.open("w", encoding="utf-8") as fh:
            json.dump(statements, fh, ensure_ascii=False, indent=1)
        return path, len(statements)


def _first_known(sel: Selection) -> dict[str, str]:
    """Per entity, the earliest knowledge time of a fact about it (a stub's statement date)."""
    out: dict[str, str] = {}
    for e in sel.edges:
        t = instant(e["props"].get("known_from"))
        for k in (e["source"], e["target"]):
            if t and (k not in out or t < out[k]):
                out[k] = t
    return out


def _source(props: dict[str, Any], publisher: str) -> dict[str, Any]:
    src: dict[str, Any] = {"type": _SOURCE_TYPES.get(props.get("source_system") or "", ["thirdParty"]),
                           "description": citation(props), "assertedBy": [{"name": publisher}]}
    doc = str(props.get("document_id") or "")
    if doc.startswith(("http://", "https://")):
        src["url"] = doc
    return src


def _dates(props: dict[str, Any]) -> dict[str, str]:
    out = {}
    if day(props.get("valid_from")):
        out["startDate"] = day(props.get("valid_from"))
    if day(props.get("valid_to")):
        out["endDate"] = day(props.get("valid_to"))
    return out  # type: ignore[return-value]


def _share(p: dict[str, Any]) -> dict[str, float] | None:
    lo, hi = percent(p.get("stake_lo")), percent(p.get("stake_hi"))
    if lo is None and hi is None:
        return None
    if p.get("stake_exact"):
        return {"exact": lo}  # type: ignore[dict-item]
    share: dict[str, float] = {}
    if lo is not None:
        share["minimum" if p.get("stake_lo_inclusive", True) else "exclusiveMinimum"] = lo
    if hi is not None:
        share["maximum" if p.get("stake_hi_inclusive", False) else "exclusiveMaximum"] = hi
    return share


def level_word(p: dict[str, Any]) -> str:
    """BODS ``directOrIndirect`` of an edge: a missing ``direct`` is a level the source left unknown."""
    return {True: "direct", False: "indirect"}.get(p.get("direct"), "unknown")


def _interest(e: dict[str, Any]) -> dict[str, Any]:
    p = e["props"]
    if e["type"] == EdgeType.CONSOLIDATION:
        level = str(p.get("level") or "direct")
        details = CONSOLIDATION_DETAILS.format(level=LEVEL_WORD.get(level, "DIRECTLY"))
        if p.get("accounting_standard"):
            details += f"; Accounting Standard: {p['accounting_standard']}"
        out: dict[str, Any] = {"type": "otherInfluenceOrControl",
                               "directOrIndirect": "direct" if level == "direct" else "indirect",
                               "beneficialOwnershipOrControl": False, "details": details}
    elif e["type"] == EdgeType.OWNERSHIP:
        out = {"type": "votingRights" if p.get("interest") == "voting_rights" else "shareholding",
               "directOrIndirect": level_word(p)}
        if p.get("share_class"):
            out["details"] = f"share class: {p['share_class']}"
    else:
        kind = p.get("control_kind")
        out = {"type": interest_code(kind), "directOrIndirect": level_word(p)}
        if kind and kind != out["type"]:
            out["details"] = f"{CONTROL_DETAILS}{kind}"
    share = _share(p) if e["type"] != EdgeType.CONSOLIDATION or p.get("stake_lo") is not None else None
    if share:
        out["share"] = share
    return out | _dates(p)


def _names(aliases: list[dict[str, Any]], primary: str | None) -> list[tuple[str, str]]:
    """(name, alias kind) of the entity's other names, primary name left out."""
    seen = {primary}
    out = []
    for a in sorted(aliases, key=lambda a: (a.get("kind") or "", a.get("value") or "")):
        if a.get("scheme") == AliasScheme.NAME.value and a.get("value") not in seen:
            seen.add(a["value"])
            out.append((a["value"], a.get("kind") or "trading"))
    return out


def _identifiers(p: dict[str, Any], aliases: list[dict[str, Any]]) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    if p.get("lei"):
        out.append({"id": p["lei"], "scheme": "XI-LEI", "schemeName": "Global Legal Entity Identifier Index"})
    for a in sorted(aliases, key=lambda a: (a.get("scheme") or "", a.get("value") or "")):
        scheme, value = a.get("scheme") or "", str(a.get("value") or "")
        if scheme in _SKIPPED_ALIASES or not value:
            continue
        if scheme == AliasScheme.COMPANY_NUMBER.value and value.startswith("GB:"):
            ident = {"id": value[3:], "scheme": "GB-COH", "schemeName": "Companies House"}
        elif scheme == AliasScheme.OTHER.value and ":" in value:
            label, _, rest = value.partition(":")
            ident = {"id": rest, "schemeName": label}
        elif scheme in _IDENTIFIER_SCHEMES:
            ident = {"id": value, "scheme": _IDENTIFIER_SCHEMES[scheme], "schemeName": scheme}
        else:
            ident = {"id": value, "schemeName": scheme}
        if ident not in out:
            out.append(ident)
    return out


def _jurisdiction(code: Any) -> dict[str, str] | None:
    return {"name": str(code), "code": str(code)} if code else None


def _entity(p: dict[str, Any], aliases: list[dict[str, Any]]) -> dict[str, Any]:
    kind = p.get("kind") or EntityKind.UNKNOWN.value
    d: dict[str, Any] = {"isComponent": False,
                         "entityType": {"type": _ENTITY_TYPES.get(kind, "registeredEntity")}}  # type: ignore[call-overload]
    if p.get("name"):
        d["name"] = p["name"]
    others = [n for n, _ in _names(aliases, p.get("name"))]
    if others:
        d["alternateNames"] = others
    if _jurisdiction(p.get("jurisdiction")):
        d["jurisdiction"] = _jurisdiction(p.get("jurisdiction"))
    idents = _identifiers(p, aliases)
    if idents:
        d["identifiers"] = idents
    if day(p.get("valid_from")):
        d["foundingDate"] = day(p.get("valid_from"))
    if day(p.get("valid_to")):
        d["dissolutionDate"] = day(p.get("valid_to"))
    return d


_PERSON_NAME_TYPES = {"legal": "legal", "previous": "former", "transliterated": "transliteration"}


def _person(p: dict[str, Any], aliases: list[dict[str, Any]]) -> dict[str, Any]:
    d: dict[str, Any] = {"isComponent": False, "personType": "knownPerson"}
    names = [{"type": "legal", "fullName": p["name"]}] if p.get("name") else []
    names += [{"type": _PERSON_NAME_TYPES.get(k, "alternative"), "fullName": n} for n, k in _names(aliases, p.get("name"))]
    if names:
        d["names"] = names
    if _jurisdiction(p.get("jurisdiction")):
        d["nationalities"] = [_jurisdiction(p.get("jurisdiction"))]
    idents = _identifiers(p, aliases)
    if idents:
        d["identifiers"] = idents
    if day(p.get("valid_to")):
        d["deathDate"] = day(p.get("valid_to"))
    return d


__all__ = ["BODS_VERSION", "BodsWriter", "FILE", "PUBLISHER",
           "interest_code", "statement_id"]
