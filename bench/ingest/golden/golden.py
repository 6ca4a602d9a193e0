"""Write a golden copy: relationship records first (they decide who has a parent), then the LEI
records, then the reporting exceptions of every LEI left without a parent of that kind.

Memory: the plan (umbrella group starts and sizes) and one byte of flags per LEI (3.1 MB at
scale 1.0); records are generated and written one at a time.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.ingest.golden.distributions import load
from bench.ingest.golden.package import Member, Members
from bench.ingest.golden.plan import Plan, scaled
from bench.ingest.golden.records import Draws, lei_tree, repex_tree, rr_tree
from bench.ingest.golden.serialise import Tree

CONTENT_DATE = "2024-06-01T00:00:00Z"
DRAW_YEAR = 2023  # dates are drawn up to the end of this year: all before the content date
DIRECT, ULTIMATE, FUND = 1, 2, 4
CATEGORIES = ((DIRECT, "DIRECT_ACCOUNTING_CONSOLIDATION_PARENT"), (ULTIMATE, "ULTIMATE_ACCOUNTING_CONSOLIDATION_PARENT"))


def file_name(kind: str, fmt: str, stamp: str = "20240601-0000", what: str = "golden-copy") -> str:
    return f"{stamp}-gleif-goldencopy-{kind}-{what}.{fmt}.zip"


def header(count: int, content: str = "GLEIF_FULL_PUBLISHED", date: str = CONTENT_DATE,
           delta_start: str | None = None) -> list[Tree]:
    out: list[Tree] = [("ContentDate", date, None), ("FileContent", content, None)]
    if delta_start:
        out.append(("DeltaStart", delta_start, None))
    return out + [("RecordCount", str(count), None)]


@dataclass
class Golden:
    """A golden copy's plan and options; ``write`` puts the zips in ``out``."""

    scale: float
    seed: int = 11
    umbrella_share: float = 0.05
    umbrella_size: int | None = None
    formats: tuple[str, ...] = ("xml", "json")
    dist: dict[str, Any] = field(default_factory=load)

    worker_cpu_seconds: float = 0.0  # what worker processes spent writing (write(workers=...))

    def __post_init__(self) -> None:
        prefixes = sorted({lou[:4] for lou in self.dist["lei"]["managing_lou"] if len(lou) == 20})
        self.plan = Plan(self.seed, scaled(self.scale), prefixes, self.umbrella_share, self.umbrella_size)
        self.lous = {p: next(lou for lou in sorted(self.dist["lei"]["managing_lou"]) if lou.startswith(p))
                     for p in prefixes}
        self.prefixes = prefixes
        self.flags = bytearray(self.plan.counts["lei"])

    def lou(self, i: int) -> str:
        return self.lous[self.prefixes[self.plan.lou(i)]]

    def members(self, out: Path, kind: str, count: int, *, stamp: str = "20240601-0000",
                what: str = "golden-copy", **head: Any) -> Members:
        return Members(Member(out / file_name(kind, fmt, stamp, what), kind, fmt, header(count, **head))
                       for fmt in self.formats)

    # ------------------------------------------------------------------ relationships
    def _split(self) -> tuple[int, int, int]:
        """(sub-fund records, children, children with two records) for the RR count asked."""
        rr = self.dist["rr"]["type"]
        two = min(rr.get("IS_DIRECTLY_CONSOLIDATED_BY", 0), rr.get("IS_ULTIMATELY_CONSOLIDATED_BY", 0))
        one = sum(rr.values()) - 2 * two - rr.get("IS_SUBFUND_OF", 0)
        total = self.plan.counts["rr"]
        sub = min(total, self.plan.umbrella_records - len(self.plan.sizes))
        rest = total - sub
        double = round(rest * two / (2 * two + one))
        return sub, rest - double, double

    def relationships(self) -> Iterator[tuple[int, int, str]]:
        """(child index, parent index, type) in child order; sets the parent flags."""
        plan, n = self.plan, self.plan.counts["lei"]
        sub, children, double = self._split()
        in_groups = self.plan.umbrella_records - (1 if plan.umbrella(0) else 0)
        pool = n - 1 - in_groups  # ordinary records that can have a parent (record 0 cannot)
        pick, rng = random.Random(self.seed * 31 + 2), random.Random(self.seed * 31 + 3)
        types = self.dist["rr"]["type"]
        single = sum(types.values()) - 2 * min(types.get("IS_DIRECTLY_CONSOLIDATED_BY", 0),
                                               types.get("IS_ULTIMATELY_CONSOLIDATED_BY", 0)) - types.get("IS_SUBFUND_OF", 0)
        fm_share = types.get("IS_FUND-MANAGED_BY", 0) / max(1, single)
        for i in range(1, n):
            where = plan.umbrella(i)
            if where is not None:
                if where[1] and sub:
                    sub -= 1
                    yield i, i - where[1], "IS_SUBFUND_OF"
                continue
            if pick.random() * pool < children:  # selection sampling: exactly `children` of `pool`
                two = pick.random() * children < double
                double -= two
                children -= 1
                parent = int(i * rng.random() ** 3)
                if two:
                    self.flags[i] |= DIRECT | ULTIMATE
                    yield i, parent, "IS_DIRECTLY_CONSOLIDATED_BY"
                    yield i, int(parent * rng.random() ** 2), "IS_ULTIMATELY_CONSOLIDATED_BY"
                elif rng.random() < fm_share:
                    self.flags[i] |= FUND
                    yield i, parent, "IS_FUND-MANAGED_BY"
                else:
                    self.flags[i] |= DIRECT
                    yield i, parent, "IS_DIRECTLY_CONSOLIDATED_BY"
            pool -= 1

    def write_rr(self, out: Path) -> int:
        d = Draws(self.dist, random.Random(self.seed * 31 + 4), DRAW_YEAR)
        with self.members(out, "rr", self.plan.counts["rr"]) as m:
            for child, parent, kind in self.relationships():
                m.write(rr_tree(d, self.plan.lei(child), self.plan.lei(parent), kind, self.lou(child)))
            return m.members[0].count if m.members else 0

    # ------------------------------------------------------------------ LEI records
    def umbrella_name(self, g: int, d: Draws) -> str:
        rng = random.Random(self.seed * 1_000_003 + g)
        return " ".join(rng.choice(d.words) for _ in range(rng.randint(1, 3)))

    def lei_record(self, i: int, d: Draws) -> Tree:
        """Record ``i``, the same whenever it is drawn (the delta redraws the records it updates)."""
        d.rng.seed(self.seed * 1_000_000_007 + i)
        where = self.plan.umbrella(i) if i < self.plan.counts["lei"] else None
        fund = i < len(self.flags) and bool(self.flags[i] & FUND)
        if where is None:
            return lei_tree(d, self.plan.lei(i), self.lou(i), fund=fund)
        g, pos = where
        base = self.umbrella_name(g, d)
        name = f"{base} SICAV" if pos == 0 else f"{base} - {d.name(d.rng.randint(8, 30))} Fund"
        return lei_tree(d, self.plan.lei(i), self.lou(i), name=name, ra_id=f"B{100000 + g}", fund=True)

    def write_lei(self, out: Path) -> int:
        d = Draws(self.dist, random.Random(0), DRAW_YEAR)
        with self.members(out, "lei2", self.plan.counts["lei"]) as m:
            for i in range(self.plan.counts["lei"]):
                m.write(self.lei_record(i, d))
            return m.members[0].count if m.members else 0

    # ------------------------------------------------------------------ reporting exceptions
    def write_repex(self, out: Path) -> int:
        d = Draws(self.dist, random.Random(self.seed * 31 + 6), DRAW_YEAR)
        pick = random.Random(self.seed * 31 + 7)
        slots = sum(1 for f in self.flags for bit, _ in CATEGORIES if not f & bit)
        want = min(self.plan.counts["repex"], slots)
        with self.members(out, "repex", want) as m:
            for i, f in enumerate(self.flags):
                for bit, category in CATEGORIES:
                    if f & bit:
                        continue
                    if pick.random() * slots < want:
                        m.write(repex_tree(d, self.plan.lei(i), category))
                        want -= 1
                    slots -= 1
            return m.members[0].count if m.members else 0

    def flag_parents(self) -> None:
        """The parent flags ``write_rr`` leaves, without writing it (the other files read them)."""
        if not any(self.flags):
            for _ in self.relationships():
                pass

    def write(self, out: Path, workers: int = 0) -> dict[str, int]:
        """The copy's zips into ``out``; with ``workers`` ≥ 2 written by that many processes
        (:mod:`.parallel`: the same bytes)."""
        if workers >= 2:
            from bench.ingest.golden.parallel import write_parallel

            counts, self.worker_cpu_seconds = write_parallel(self, out, workers)
            return counts
        out.mkdir(parents=True, exist_ok=True)
        rr = self.write_rr(out)
        return {"lei": self.write_lei(out), "rr": rr, "repex": self.write_repex(out)}
