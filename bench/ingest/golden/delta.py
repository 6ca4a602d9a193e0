"""A day's delta of a generated golden copy, in GLEIF's "last day" files.

GLEIF publishes, three times a day, delta files of the records changed in the last 24 hours
(``YYYYMMDD-HHMM-gleif-goldencopy-{lei2,rr,repex}-last-day.{xml,json,csv}.zip``). One real
``lei2-last-day`` file held 9,203 LEI records (2026-08-04 08:00, as a public project's notes
record it); the relationship and exception files are taken here in the golden copy's own
proportions (0.6 / 3.1 and 5.5 / 3.1 of the LEI count): 1,780 and 16,330 at scale 1.0. All
three scale with F like the copy (``counts`` overrides them).

What a delta holds: new LEIs (a quarter of the LEI records; indices past the copy's end),
renewals of existing ones (the same record with a new ``LastUpdateDate`` and
``NextRenewalDate``), and a few legal-name changes (the old name kept as a
``PREVIOUS_LEGAL_NAME``, a ``CHANGE_LEGAL_NAME`` event); relationships of new LEIs to existing
parents; reporting exceptions of new LEIs and re-reported exceptions of existing ones. Every LEI
a delta record names is in the copy or in the delta's own LEI file.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bench.ingest.golden.golden import CATEGORIES, DIRECT, DRAW_YEAR, Golden, ULTIMATE
from bench.ingest.golden.records import Draws, repex_tree, rr_tree
from bench.ingest.golden.serialise import Tree

PUBLISHED = {"lei": 9_203, "rr": 1_780, "repex": 16_330}
DATE, STAMP, START = "2024-06-02T08:00:00Z", "20240602-0800", "2024-06-01T08:00:00Z"
NEW_SHARE, RENAME_SHARE = 0.25, 0.05


def delta_counts(scale: float) -> dict[str, int]:
    return {k: max(1, round(v * scale)) for k, v in PUBLISHED.items()}


def _set(children: list[Tree], tag: str, value: str) -> None:
    for k, (t, _, attrs) in enumerate(children):
        if t == tag:
            children[k] = (t, value, attrs)


def _child(tree: Tree, tag: str) -> list[Tree]:
    return next(v for t, v, _ in tree[1] if t == tag)


def renewed(tree: Tree, d: Draws, rename: bool) -> Tree:
    """The record as the delta publishes it: renewed today, perhaps under a new legal name."""
    reg, ent = _child(tree, "Registration"), _child(tree, "Entity")
    _set(reg, "LastUpdateDate", "2024-06-01T" + f"{d.rng.randint(8, 23):02d}:{d.rng.randint(0, 59):02d}:00.000Z")
    _set(reg, "NextRenewalDate", "2025-06-01T00:00:00.000Z")
    _set(reg, "RegistrationStatus", "ISSUED")
    if rename:
        old = next(v for t, v, _ in ent if t == "LegalName")
        _set(ent, "LegalName", d.name())
        others = [("OtherEntityName", old, {"xml:lang": "en", "type": "PREVIOUS_LEGAL_NAME"})]
        k = next(k for k, (t, _, _) in enumerate(ent) if t == "LegalName") + 1
        if ent[k][0] == "OtherEntityNames":
            ent[k][1].extend(others)
        else:
            ent.insert(k, ("OtherEntityNames", others, None))
        event: Tree = ("LegalEntityEvent", [("LegalEntityEventType", "CHANGE_LEGAL_NAME", None),
                                            ("LegalEntityEventEffectiveDate", "2024-05-31T00:00:00.000Z", None),
                                            ("LegalEntityEventRecordedDate", "2024-06-01T09:00:00.000Z", None),
                                            ("ValidationDocuments", "SUPPORTING_DOCUMENTS", None)],
                       {"group_type": "STANDALONE", "event_status": "COMPLETED"})
        events = [v for t, v, _ in ent if t == "LegalEntityEvents"]
        if events:
            events[0].append(event)
        else:
            ent.append(("LegalEntityEvents", [event], None))
    return tree


def write_delta(golden: Golden, out: Path, counts: dict[str, int] | None = None) -> dict[str, Any]:
    """The delta files into ``out``; returns their counts and the LEIs they name."""
    counts = counts or delta_counts(golden.scale)
    out.mkdir(parents=True, exist_ok=True)
    n = golden.plan.counts["lei"]
    if not any(golden.flags):  # the parents of the copy (a fresh Golden has not run them)
        for _ in golden.relationships():
            pass
    new = max(1, round(counts["lei"] * NEW_SHARE))
    rng = random.Random(golden.seed * 31 + 9)
    updated = sorted(rng.sample(range(n), min(n, counts["lei"] - new)))
    d = Draws(golden.dist, random.Random(0), DRAW_YEAR)
    head = {"stamp": STAMP, "what": "last-day", "content": "GLEIF_DELTA_PUBLISHED", "date": DATE, "delta_start": START}
    with golden.members(out, "lei2", len(updated) + new, **head) as m:
        for i in updated:
            m.write(renewed(golden.lei_record(i, d), d, rng.random() < RENAME_SHARE))
        for i in range(n, n + new):
            tree = golden.lei_record(i, d)
            _set(_child(tree, "Registration"), "InitialRegistrationDate", "2024-06-01T10:00:00.000Z")
            m.write(renewed(tree, d, False))
    rels = 0
    with golden.members(out, "rr", counts["rr"], **head) as m:
        for k in range(counts["rr"]):
            child = n + k // 2 if k // 2 < new else rng.randrange(1, n)
            parent = int(min(child, n - 1) * rng.random() ** 3)
            kind = "IS_DIRECTLY_CONSOLIDATED_BY" if k % 2 == 0 else "IS_ULTIMATELY_CONSOLIDATED_BY"
            m.write(rr_tree(d, golden.plan.lei(child), golden.plan.lei(parent), kind, golden.lou(child)))
            rels += 1
    with golden.members(out, "repex", counts["repex"], **head) as m:
        for k in range(counts["repex"]):
            i = n + k // 2 if k // 2 < new else rng.randrange(n)
            flags = golden.flags[i] if i < n else 0
            bit, category = CATEGORIES[k % 2]
            if flags & bit:  # has that parent: re-report the other kind
                bit, category = CATEGORIES[1 - k % 2]
            m.write(repex_tree(d, golden.plan.lei(i), category))
    return {"counts": {"lei": len(updated) + new, "rr": rels, "repex": counts["repex"]},
            "new_leis": new, "updated_leis": len(updated), "renamed_share": RENAME_SHARE}


__all__ = ["DIRECT", "PUBLISHED", "ULTIMATE", "delta_counts", "write_delta"]
