"""The cyclic garbage collector's pace in a bulk load's processes (issue 33).

A bulk load's processes make millions of small container objects that outlive a young
collection (records, their models, rows, batches): at CPython's default pace (a young
collection every 700 net allocations, an older one every 10 of those) the collector traverses
them again and again. Unpickling 20,000 records of the 0.01 golden copy's LEI file took 1.49 s
of CPU at the default and 0.44 s with a young collection every 10,000 allocations
(docs/benchmarks/ingest.md, "Session 12"). A slower pace changes when unreachable cycles are
found, not which objects are freed; a young generation of 10,000 objects is a few MB.

``OWNERGRAPH_GC_THRESHOLDS`` (``"700,10,10"``: CPython's default) sets other thresholds, to
compare runs with the same code.
"""

from __future__ import annotations

import gc
import os

BULK_THRESHOLDS = (10_000, 10, 10)


def thresholds() -> tuple[int, ...]:
    """The thresholds a bulk load's processes run with (the environment's, else BULK_THRESHOLDS)."""
    text = os.environ.get("OWNERGRAPH_GC_THRESHOLDS", "").strip()
    if not text:
        return BULK_THRESHOLDS
    values = tuple(int(v) for v in text.split(","))
    if not 1 <= len(values) <= 3 or any(v < 0 for v in values):
        raise ValueError(f"OWNERGRAPH_GC_THRESHOLDS: one to three counts >= 0, not {text!r}")
    return values


def pace_for_bulk() -> tuple[int, int, int]:
    """Set this process's collector to a bulk load's pace; the thresholds it had (to restore)."""
    before = gc.get_threshold()
    gc.set_threshold(*thresholds())
    return before


def restore(before: tuple[int, ...]) -> None:
    gc.set_threshold(*before)
