"""Record trees of a generated golden copy, drawn from the measured distributions.

One :class:`Draws` per file, fed by one seeded ``random.Random``: records are drawn in index
order, so the same seed gives the same records. Trees follow LEI-CDF 3.1, RR-CDF 2.1 and the
reporting-exception format element by element (see ``serialise``).
"""

from __future__ import annotations

import bisect
import random
import unicodedata
from itertools import accumulate
from typing import Any

from bench.ingest.golden.serialise import Tree

EN = {"xml:lang": "en"}


class Choice:
    """A weighted draw over the values a distribution counted (``{"value": count}``)."""

    def __init__(self, counts: dict[str, int]) -> None:
        self.values = list(counts)
        self.cum = list(accumulate(counts.values()))

    def draw(self, rng: random.Random) -> str:
        return self.values[bisect.bisect_right(self.cum, rng.random() * self.cum[-1])]


def _date(rng: random.Random, year: int, *, midnight: bool = False) -> str:
    r = rng.random
    day = f"{year:04d}-{int(r() * 12) + 1:02d}-{int(r() * 28) + 1:02d}"
    return day + ("T00:00:00.000Z" if midnight else f"T{int(r() * 24):02d}:{int(r() * 60):02d}:{int(r() * 60):02d}.000Z")


TRANSLITERATED = set("!\"%&'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz ")


def ascii_fold(text: str) -> str:
    """``text`` in the characters the XSD allows a transliterated name; words with none left are
    dropped (names are ``\\S+( \\S+)*``)."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join("".join(ch for ch in folded if ch in TRANSLITERATED).split())


class Draws:
    """Everything one record needs, drawn in a fixed order from ``rng``."""

    def __init__(self, dist: dict[str, Any], rng: random.Random, content_year: int = 2024) -> None:
        lei = dist["lei"]
        self.rng, self.year = rng, content_year
        self.lengths = lei["legal_name_length"]
        self.words = lei["name_words"]
        self.profiles = lei["profile"]
        self.c = {k: Choice(v) for k, v in lei.items() if isinstance(v, dict)}
        self.r = {k: Choice(v) for k, v in dist["rr"].items()}
        self.x = {k: Choice(v) for k, v in dist["repex"].items()}

    def name(self, length: int | None = None) -> str:
        rng = self.rng
        target = length or rng.choice(self.lengths)
        parts: list[str] = []
        while sum(len(p) + 1 for p in parts) < target:
            parts.append(rng.choice(self.words))
        return " ".join(parts)

    def year_from(self, key: str, fallback: int) -> int:
        y = self.c[key].draw(self.rng)
        return int(y) if y else fallback


def names_tree(d: Draws, name: str) -> list[Tree]:
    out: list[Tree] = []
    n_other = int(d.c["other_names"].draw(d.rng))
    if n_other:
        others = [("OtherEntityName", d.name() if (t := d.c["other_name_types"].draw(d.rng)) != "TRADING_OR_OPERATING_NAME"
                   else name.split(" ")[0] + " " + d.name(12), {"xml:lang": "en", "type": t}) for _ in range(n_other)]
        out.append(("OtherEntityNames", others, None))
    if int(d.c["transliterated_names"].draw(d.rng)) or ascii_fold(name) != name:
        t = d.c["transliterated_name_types"].draw(d.rng)
        latin = ascii_fold(name).upper() or ascii_fold(d.name(len(name))).upper() or "ENTITY"  # a romanisation
        out.append(("TransliteratedOtherEntityNames",
                    [("TransliteratedOtherEntityName", latin, {"xml:lang": "en", "type": t})], None))
    return out


def address(d: Draws, p: list[str]) -> list[Tree]:
    _, _, _, _, _, country, city, region, postal, street = p
    lines: list[Tree] = [("FirstAddressLine", street or f"{d.rng.randint(1, 400)} {d.rng.choice(d.words)} Street", None)]
    for _ in range(int(d.c["additional_address_lines"].draw(d.rng))):
        lines.append(("AdditionalAddressLine", f"Floor {d.rng.randint(1, 40)}", None))
    lines.append(("City", city or "City", None))
    if region:
        lines.append(("Region", region, None))
    lines.append(("Country", country, None))
    if postal:
        lines.append(("PostalCode", postal, None))
    return lines


def events_tree(d: Draws, created: int) -> list[Tree]:
    """The entity's events, none before the end of ``created`` (its creation or registration
    year): a dissolution dated before the record's own dates is a record the loader refuses."""
    n = int(d.c["events"].draw(d.rng))
    floor = f"{created:04d}-12-28T23:59:59.000Z"
    events: list[Tree] = []
    for _ in range(n):
        eff = d.rng.randint(min(created, d.year), d.year)
        effective = max(_date(d.rng, eff, midnight=True), floor)
        recorded = max(_date(d.rng, min(eff + d.rng.randint(0, 2), d.year)), effective)
        events.append(("LegalEntityEvent", [
            ("LegalEntityEventType", d.c["event_type"].draw(d.rng), None),
            ("LegalEntityEventEffectiveDate", effective, None),
            ("LegalEntityEventRecordedDate", recorded, None),
            ("ValidationDocuments", "SUPPORTING_DOCUMENTS", None)],
            {"group_type": d.c["event_group_type"].draw(d.rng), "event_status": d.c["event_status"].draw(d.rng)}))
    return [("LegalEntityEvents", events, None)] if events else []


def registration_tree(d: Draws, kind: str, lou: str, status: str, first: int, ra: str, ra_id: str | None,
                      sources: str) -> list[Tree]:
    rng = d.rng
    registered = _date(rng, first)
    updated = _date(rng, max(first, d.year - rng.choice((0, 0, 0, 1, 2))))
    renew_year = int(updated[:4]) + 1 if status in ("ISSUED", "PUBLISHED") else int(updated[:4])
    out: list[Tree] = [("InitialRegistrationDate", registered, None), ("LastUpdateDate", max(updated, registered), None),
                       ("RegistrationStatus", status, None), ("NextRenewalDate", _date(rng, renew_year), None),
                       ("ManagingLOU", lou, None), ("ValidationSources", sources, None)]
    if kind == "lei":
        va = [("ValidationAuthorityID", ra, None)] + ([("ValidationAuthorityEntityID", ra_id, None)] if ra_id else [])
        out.append(("ValidationAuthority", va, None))
    return out


def lei_tree(d: Draws, lei: str, lou: str, *, name: str | None = None, ra_id: str | None = None,
             fund: bool = False) -> Tree:
    """One LEI-CDF 3.1 ``LEIRecord``; ``name``/``ra_id``/``fund`` are set for an umbrella's members."""
    rng, c = d.rng, d.c
    p = rng.choice(d.profiles)
    jurisdiction, elf, other_form, ra, category = p[:5]
    name = name or d.name()
    if ra_id is None and c["has_ra_entity_id"].draw(rng) == "True":
        ra_id = f"{rng.randint(10 ** 5, 10 ** 9)}"
    # the samples include 2025 registrations: years are capped at the draw year (before the content date)
    created = min(d.year_from("creation_year", 0), d.year)
    first = min(d.year_from("registration_year", d.year), d.year)
    entity: list[Tree] = [("LegalName", name, EN), *names_tree(d, name),
                          ("LegalAddress", address(d, p), EN), ("HeadquartersAddress", address(d, p), EN),
                          ("RegistrationAuthority", [("RegistrationAuthorityID", ra or "RA999999", None)]
                           + ([("RegistrationAuthorityEntityID", ra_id, None)] if ra_id else []), None),
                          ("LegalJurisdiction", jurisdiction or p[5], None),
                          ("EntityCategory", "FUND" if fund else category or "GENERAL", None),
                          ("LegalForm", [("EntityLegalFormCode", "8888" if fund else elf or "8888", None)]
                           + ([("OtherLegalForm", "FUND" if fund else other_form or "COMPANY", None)]
                              if fund or elf in ("", "8888", "9999") else []), None),
                          ("EntityStatus", c["entity_status"].draw(rng), None)]
    if created:
        entity.append(("EntityCreationDate", _date(rng, created, midnight=True), None))
    entity += events_tree(d, max(created, first))  # an event takes effect after the records that it changes
    reg = registration_tree(d, "lei", lou, c["registration_status"].draw(rng), first, ra or "RA999999", ra_id,
                            c["validation_sources"].draw(rng))
    return ("LEIRecord", [("LEI", lei, None), ("Entity", entity, None), ("Registration", reg, None)], None)


def _periods(d: Draws, start_year: int) -> list[Tree]:
    out: list[Tree] = []
    fy = d.year - 1
    for kind in d.r["periods"].draw(d.rng).split("+"):
        if kind == "RELATIONSHIP_PERIOD":
            out.append(("RelationshipPeriod", [("StartDate", _date(d.rng, start_year, midnight=True), None),
                                               ("PeriodType", kind, None)], None))
        else:
            out.append(("RelationshipPeriod", [("StartDate", f"{fy}-01-01T00:00:00.000Z", None),
                                               ("EndDate", f"{fy}-12-31T00:00:00.000Z", None),
                                               ("PeriodType", kind, None)], None))
    return out


def rr_tree(d: Draws, child: str, parent: str, rel_type: str, lou: str) -> Tree:
    """One RR-CDF 2.1 ``RelationshipRecord``: ``child`` (start node) -> ``parent`` (end node)."""
    rng, r = d.rng, d.r
    start = rng.randint(1990, d.year)
    rel: list[Tree] = [("StartNode", [("NodeID", child, None), ("NodeIDType", "LEI", None)], None),
                       ("EndNode", [("NodeID", parent, None), ("NodeIDType", "LEI", None)], None),
                       ("RelationshipType", rel_type, None),
                       ("RelationshipPeriods", _periods(d, start), None),
                       ("RelationshipStatus", r["status"].draw(rng), None)]
    standard = r["standard"].draw(rng)
    if standard and rel_type != "IS_FUND-MANAGED_BY":
        rel.append(("RelationshipQualifiers", [("RelationshipQualifier", [
            ("QualifierDimension", "ACCOUNTING_STANDARD", None), ("QualifierCategory", standard, None)], None)], None))
    status = r["registration_status"].draw(rng)
    reg = registration_tree(d, "rr", lou, status, max(start, 2012), "", None, r["validation_sources"].draw(rng))
    reg.append(("ValidationDocuments", r["documents"].draw(rng), None))
    return ("RelationshipRecord", [("Relationship", rel, None), ("Registration", reg, None)], None)


def repex_tree(d: Draws, lei: str, category: str) -> Tree:
    """One reporting ``Exception``: ``lei`` reports no ``category`` parent, for a reason."""
    return ("Exception", [("LEI", lei, None), ("ExceptionCategory", category, None),
                          ("ExceptionReason", d.x["reason"].draw(d.rng), None)], None)
