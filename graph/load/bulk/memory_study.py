"""Where a bulk load's memory goes after its intake: the process's RSS at each stage's end and,
with ``OWNERGRAPH_BULK_TRACEMALLOC=N`` set, a ``tracemalloc`` study of the finishing stages.

The Python peak of a first load is set after the intake (issue 33: settle, chains, corporate
actions, writing the files). Tracing the whole load would slow the intake several times over,
so tracing starts with the first finishing stage (:func:`stage_started` is called by the
loader's stage timer) and each stage reports its own heap peak (``traced_peak_mb``: the
tracer's peak, reset at the stage's start) and the ``N`` largest allocation sites alive at its
end (``top_sites``: file, line, MB). Not set: only the RSS figures, at no cost.
"""

from __future__ import annotations

import os
import tracemalloc
from typing import Any

_ENV = "OWNERGRAPH_BULK_TRACEMALLOC"
_PAGE_MB = os.sysconf("SC_PAGE_SIZE") / (1024 * 1024) if hasattr(os, "sysconf") else 4096 / (1024 * 1024)


def _sites() -> int:
    try:
        return max(0, int(os.environ.get(_ENV, "0")))
    except ValueError:
        return 0


def rss_mb_now() -> float | None:
    """This process's resident memory now (Linux ``/proc/self/statm``; None elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return round(int(f.read().split()[1]) * _PAGE_MB, 1)
    except (OSError, ValueError, IndexError):
        return None


def stage_started() -> None:
    """Tracing on (when asked for), its peak reset: the next stage's own peak is measured."""
    if not _sites():
        return
    if not tracemalloc.is_tracing():
        tracemalloc.start(1)
    tracemalloc.reset_peak()


def stage_ended() -> dict[str, Any]:
    """The stage's heap peak and largest sites alive (empty when not tracing)."""
    n = _sites()
    if not n or not tracemalloc.is_tracing():
        return {}
    current, peak = tracemalloc.get_traced_memory()
    top = tracemalloc.take_snapshot().statistics("lineno")[:n]
    return {"traced_mb_now": round(current / 2**20, 1), "traced_peak_mb": round(peak / 2**20, 1),
            "top_sites": [[f"{s.traceback[0].filename.rsplit('/', 3)[-1]}:{s.traceback[0].lineno}",
                           round(s.size / 2**20, 1)] for s in top]}


def stop() -> None:
    """Tracing off (the load's end), when this module started it."""
    if _sites() and tracemalloc.is_tracing():
        tracemalloc.stop()


__all__ = ["rss_mb_now", "stage_ended", "stage_started", "stop"]
