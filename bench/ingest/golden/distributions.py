"""The real GLEIF samples' distributions, measured once and kept as data (``distributions.json``).

    python -m bench.ingest.golden.distributions [--fixtures tests/fixtures/real] [--out FILE]

Read from the real fixtures only (``gleif/golden-copy`` XML and JSON, without the ``*-updates-*``
files their authors edited, and the GLEIF API responses in ``gleif/api``; one record per LEI):
name lengths and words, other and transliterated names, ELF codes, jurisdictions, categories,
statuses, registration authorities, events, addresses, dates, relationship types, periods and
exception reasons; and the FtM schemas of ``ftm/opensanctions``. The generator draws from
what this writes, so a reviewer can read what "realistic" meant.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lxml import etree

from ownergraph.ingest.readers.gleif.golden import element_obj

HERE = Path(__file__).resolve().parent
DATA = HERE / "distributions.json"
FIXTURES = HERE.parents[2] / "tests" / "fixtures" / "real"
WORD = re.compile(r"[^\W\d_][\w'&.-]*", re.UNICODE)


def _t(x: Any) -> str | None:
    if isinstance(x, dict):
        x = x.get("$")
    return str(x).strip() if x not in (None, "") else None


def _many(container: Any, child: str) -> list[Any]:
    if container is None:
        return []
    items = container.get(child, container) if isinstance(container, dict) and child in container else container
    return items if isinstance(items, list) else [items]


def _golden_xml(path: Path, tag: str) -> Iterator[dict[str, Any]]:
    for _, el in etree.iterparse(str(path), tag=f"{{*}}{tag}"):
        yield element_obj(el)


def _golden_json(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text())
    return data if isinstance(data, list) else [data]


def golden_lei(obj: dict[str, Any]) -> dict[str, Any]:
    """A golden-copy LEI record (XML-as-JSON or flattened JSON) -> the features measured."""
    ent, reg = obj.get("Entity", {}), obj.get("Registration", {})
    address = ent.get("LegalAddress") or {}
    form = ent.get("LegalForm") or {}
    ra = ent.get("RegistrationAuthority") or {}
    return {
        "lei": _t(obj.get("LEI")), "name": _t(ent.get("LegalName")),
        "other": [i.get("type") or i.get("@type") for i in _many(ent.get("OtherEntityNames"), "OtherEntityName")
                  if isinstance(i, dict)],
        "translit": [i.get("type") or i.get("@type")
                     for i in _many(ent.get("TransliteratedOtherEntityNames"), "TransliteratedOtherEntityName")
                     if isinstance(i, dict)],
        "elf": _t(form.get("EntityLegalFormCode")), "other_form": _t(form.get("OtherLegalForm")),
        "jurisdiction": _t(ent.get("LegalJurisdiction")), "category": _t(ent.get("EntityCategory")),
        "entity_status": _t(ent.get("EntityStatus")), "registration_status": _t(reg.get("RegistrationStatus")),
        "ra": _t(ra.get("RegistrationAuthorityID")), "ra_entity_id": _t(ra.get("RegistrationAuthorityEntityID")),
        "validation_sources": _t(reg.get("ValidationSources")), "lou": _t(reg.get("ManagingLOU")),
        "created": _t(ent.get("EntityCreationDate")), "registered": _t(reg.get("InitialRegistrationDate")),
        "events": [(_t(e.get("LegalEntityEventType")), e.get("@event_status") or e.get("event_status"),
                    e.get("@group_type") or e.get("group_type"))
                   for e in _many(ent.get("LegalEntityEvents"), "LegalEntityEvent") if isinstance(e, dict)],
        "country": _t(address.get("Country")), "city": _t(address.get("City")), "region": _t(address.get("Region")),
        "postal": _t(address.get("PostalCode")), "street": _t(address.get("FirstAddressLine")),
        "extra_lines": len(_many(address.get("AdditionalAddressLine"), "AdditionalAddressLine")),
    }


def api_lei(att: dict[str, Any]) -> dict[str, Any]:
    """A GLEIF API ``lei-records`` resource's attributes -> the same features."""
    ent, reg = att["entity"], att["registration"]
    address = ent.get("legalAddress") or {}
    lines = address.get("addressLines") or []
    return {
        "lei": att["lei"], "name": (ent.get("legalName") or {}).get("name"),
        "other": [o.get("type") for o in ent.get("otherNames") or []],
        "translit": [o.get("type") for o in ent.get("transliteratedOtherNames") or []],
        "elf": (ent.get("legalForm") or {}).get("id"), "other_form": (ent.get("legalForm") or {}).get("other"),
        "jurisdiction": ent.get("jurisdiction"), "category": ent.get("category"), "entity_status": ent.get("status"),
        "registration_status": reg.get("status"), "ra": (ent.get("registeredAt") or {}).get("id"),
        "ra_entity_id": ent.get("registeredAs"), "validation_sources": reg.get("corroborationLevel"),
        "lou": reg.get("managingLou"), "created": ent.get("creationDate"), "registered": reg.get("initialRegistrationDate"),
        "events": [(e.get("type"), e.get("status"), g.get("groupType"))
                   for g in ent.get("eventGroups") or [] for e in g.get("events") or []],
        "country": address.get("country"), "city": address.get("city"), "region": address.get("region"),
        "postal": address.get("postalCode"), "street": lines[0] if lines else None, "extra_lines": max(len(lines) - 1, 0),
    }


def _api_resources(folder: Path, kind: str) -> Iterator[dict[str, Any]]:
    for path in sorted(folder.rglob("*.json")):
        data = json.loads(path.read_text()).get("data")
        for item in data if isinstance(data, list) else [data] if data else []:
            if isinstance(item, dict) and item.get("type") == kind:
                yield item["attributes"]


def lei_features(fixtures: Path) -> list[dict[str, Any]]:
    gc = fixtures / "gleif" / "golden-copy"
    found: dict[str, dict[str, Any]] = {}
    records = list(_golden_xml(gc / "lei-data.xml", "LEIRecord"))
    for name in ("lei-data.json", "reporting-exceptions-data.json"):
        records += [r for r in _golden_json(gc / name) if "Entity" in r]
    for r in records:
        f = golden_lei(r)
        found.setdefault(f["lei"], f)
    for att in _api_resources(fixtures / "gleif" / "api", "lei-records"):
        f = api_lei(att)
        found.setdefault(f["lei"], f)
    return [found[k] for k in sorted(found)]


def rr_features(fixtures: Path) -> list[dict[str, Any]]:
    gc = fixtures / "gleif" / "golden-copy"
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    golden = list(_golden_xml(gc / "rr-data.xml", "RelationshipRecord")) + _golden_json(gc / "rr-data.json")
    for r in golden:
        rel, reg = r["Relationship"], r.get("Registration", {})
        periods = sorted(_t(p.get("PeriodType")) or "" for p in _many(rel.get("RelationshipPeriods"), "RelationshipPeriod"))
        quals = [_t(q.get("QualifierCategory")) for q in _many(rel.get("RelationshipQualifiers"), "RelationshipQualifier")]
        key = (_t(rel["StartNode"]["NodeID"]), _t(rel["EndNode"]["NodeID"]), _t(rel.get("RelationshipType")))
        out.setdefault(key, {"type": key[2], "status": _t(rel.get("RelationshipStatus")), "periods": "+".join(periods),
                             "standard": quals[0] if quals else None,
                             "registration_status": _t(reg.get("RegistrationStatus")),
                             "validation_sources": _t(reg.get("ValidationSources")),
                             "documents": _t(reg.get("ValidationDocuments")),
                             "percent": bool(rel.get("RelationshipQuantifiers"))})
    for att in _api_resources(fixtures / "gleif" / "api", "relationship-records"):
        rel, reg = att["relationship"], att["registration"]
        key = (rel["startNode"]["id"], rel["endNode"]["id"], rel["type"])
        out.setdefault(key, {"type": rel["type"], "status": rel.get("status"),
                             "periods": "+".join(sorted(p.get("type") or "" for p in rel.get("periods") or [])),
                             "standard": None, "registration_status": reg.get("status"),
                             "validation_sources": reg.get("corroborationLevel"),
                             "documents": reg.get("corroborationDocuments"), "percent": False})
    return list(out.values())


def repex_features(fixtures: Path) -> list[dict[str, Any]]:
    gc = fixtures / "gleif" / "golden-copy"
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    golden = list(_golden_xml(gc / "repex-data.xml", "Exception")) + _golden_json(gc / "repex-data.json") + [
        r for r in _golden_json(gc / "reporting-exceptions-data.json") if "ExceptionCategory" in r]
    for r in golden:
        key = (_t(r["LEI"]), _t(r["ExceptionCategory"]))
        out.setdefault(key, {"category": key[1], "reason": _t(r.get("ExceptionReason")),
                             "reference": bool(r.get("ExceptionReference"))})
    for att in _api_resources(fixtures / "gleif" / "api", "reporting-exceptions"):
        out.setdefault((att["lei"], att["category"]), {"category": att["category"], "reason": att.get("reason"),
                                                       "reference": bool(att.get("reference"))})
    return list(out.values())


def ftm_features(fixtures: Path) -> Counter[str]:
    schemas: Counter[str] = Counter()
    for path in sorted((fixtures / "ftm").rglob("*.json")):
        for line in path.read_text().splitlines():
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue
            obj = obj.get("entity", obj) if isinstance(obj, dict) else {}
            if obj.get("schema"):
                schemas[obj["schema"]] += 1
    return schemas


def _count(values: Any) -> dict[str, int]:
    return dict(sorted(Counter("" if v is None else str(v) for v in values).items(), key=lambda kv: (-kv[1], kv[0])))


def _year(value: str | None) -> str | None:
    return value[:4] if value else None


def measure(fixtures: Path = FIXTURES) -> dict[str, Any]:
    leis, rels, reps = lei_features(fixtures), rr_features(fixtures), repex_features(fixtures)
    names = [f["name"] for f in leis if f["name"]]
    return {
        "source": "measured by bench/ingest/golden/distributions.py from tests/fixtures/real (gleif golden-copy "
                  "excerpts of 2023-06-05 and GLEIF API responses of 2025-05-15; ftm/opensanctions)",
        "sample_sizes": {"lei": len(leis), "rr": len(rels), "repex": len(reps)},
        "lei": {
            "legal_name_length": sorted(len(n) for n in names),
            "name_words": sorted({w for n in names for w in WORD.findall(n) if len(w) > 1}),
            "other_names": _count(len(f["other"]) for f in leis),
            "other_name_types": _count(t for f in leis for t in f["other"]),
            "transliterated_names": _count(len(f["translit"]) for f in leis),
            "transliterated_name_types": _count(t for f in leis for t in f["translit"]),
            "elf": _count(f["elf"] for f in leis),
            "other_legal_form": _count(f["other_form"] for f in leis if f["other_form"]),
            "jurisdiction": _count(f["jurisdiction"] for f in leis),
            "category": _count(f["category"] for f in leis),
            "entity_status": _count(f["entity_status"] for f in leis),
            "registration_status": _count(f["registration_status"] for f in leis),
            "registration_authority": _count(f["ra"] for f in leis),
            "has_ra_entity_id": _count(bool(f["ra_entity_id"]) for f in leis),
            "validation_sources": _count(f["validation_sources"] for f in leis),
            "managing_lou": _count(f["lou"] for f in leis),
            "creation_year": _count(_year(f["created"]) for f in leis),
            "registration_year": _count(_year(f["registered"]) for f in leis),
            "events": _count(len(f["events"]) for f in leis),
            "event_type": _count(e[0] for f in leis for e in f["events"]),
            "event_status": _count(e[1] for f in leis for e in f["events"]),
            "event_group_type": _count(e[2] for f in leis for e in f["events"]),
            # one real record's jurisdiction, legal form, register, category and address together:
            # an ELF code belongs to its jurisdiction, a register to its country
            "profile": sorted({(f["jurisdiction"] or "", f["elf"] or "", f["other_form"] or "", f["ra"] or "",
                                f["category"] or "", f["country"] or "", f["city"] or "", f["region"] or "",
                                f["postal"] or "", f["street"] or "") for f in leis if f["country"]}),
            "additional_address_lines": _count(f["extra_lines"] for f in leis),
        },
        "rr": {k: _count(r[k] for r in rels) for k in ("type", "status", "periods", "standard", "registration_status",
                                                        "validation_sources", "documents", "percent")},
        "repex": {k: _count(r[k] for r in reps) for k in ("category", "reason", "reference")},
        "ftm": {"schema": dict(ftm_features(fixtures))},
    }


def load() -> dict[str, Any]:
    return json.loads(DATA.read_text())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.ingest.golden.distributions")
    ap.add_argument("--fixtures", type=Path, default=FIXTURES)
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args(argv)
    args.out.write_text(json.dumps(measure(args.fixtures), indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
