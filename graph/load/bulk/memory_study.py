"""Where a bulk load's memory goes after its intake: the process's RSS at each stage's end and,
with ``OWNERGRAPH_BULK_TRACEMALLOC=N`` set, a ``tracemalloc`` study of the finishing stages.

The Python peak of a first load is set after the intake (issue 33: settle, chains, corporate
actions, writing the files). Tracing the whole load would slow the intake several times over,
so tracing starts with the first finishing stage (:func:`stage_started` is called by the
loader's stage timer) and each stage reports its own heap peak (``traced_peak_mb``: the
tracer's peak, reset at the stage's start), the ``N`` largest allocation sites alive at its end
(``top_sites``: file, line, MB) and near its peak (``top_sites_near_peak``: a thread watching the
traced heap takes a snapshot whenever it has grown ``STEP_MB`` past the last one; a transient that
comes and goes within a stage is named there, not at its end). Not set: only the RSS figures, at
no cost.
"""

from __future__ import annotations

import os
import threading
import tracemalloc
from typing import Any

_ENV = "OWNERGRAPH_BULK_TRACEMALLOC"
STEP_MB = 16  # the heap's growth past the last snapshot that takes another
WATCH_SECONDS = 0.25
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


def _top(n: int) -> list[list[Any]]:
    return [[f"{s.traceback[0].filename.rsplit('/', 3)[-1]}:{s.traceback[0].lineno}", round(s.size / 2**20, 1)]
            for s in tracemalloc.take_snapshot().statistics("lineno")[:n]]


class _Watch(threading.Thread):
    """Snapshots of the largest sites each time the traced heap grows ``STEP_MB`` past the last."""

    def __init__(self, n: int) -> None:
        super().__init__(daemon=True, name="ownergraph-memory-study")
        self.n, self.done = n, threading.Event()
        self.mark = tracemalloc.get_traced_memory()[0] + STEP_MB * 2**20
        self.near_peak: tuple[float, list[list[Any]]] | None = None

    def run(self) -> None:
        while not self.done.wait(WATCH_SECONDS):
            current = tracemalloc.get_traced_memory()[0]
            if current >= self.mark:
                self.near_peak = (round(current / 2**20, 1), _top(self.n))
                self.mark = tracemalloc.get_traced_memory()[0] + STEP_MB * 2**20


_watch: _Watch | None = None


def stage_started() -> None:
    """Tracing on (when asked for), its peak reset and watched: the next stage's own peak."""
    global _watch
    if not _sites():
        return
    if not tracemalloc.is_tracing():
        tracemalloc.start(1)
    tracemalloc.reset_peak()
    _watch = _Watch(_sites())
    _watch.start()


def stage_ended() -> dict[str, Any]:
    """The stage's heap peak, largest sites alive and near its peak (empty when not tracing)."""
    global _watch
    n = _sites()
    if not n or not tracemalloc.is_tracing():
        return {}
    watch, _watch = _watch, None
    if watch is not None:
        watch.done.set()
        watch.join()
    current, peak = tracemalloc.get_traced_memory()
    out = {"traced_mb_now": round(current / 2**20, 1), "traced_peak_mb": round(peak / 2**20, 1), "top_sites": _top(n)}
    if watch is not None and watch.near_peak is not None:
        out["traced_mb_at_snapshot"], out["top_sites_near_peak"] = watch.near_peak
    return out


def stop() -> None:
    """Tracing off (the load's end), when this module started it."""
    if _sites() and tracemalloc.is_tracing():
        tracemalloc.stop()


__all__ = ["rss_mb_now", "stage_ended", "stage_started", "stop"]
