"""A golden copy written by worker processes, byte for byte the one :meth:`Golden.write` writes.

The parent first runs the relationship draws alone (cheap: no record is built) so that the
parent flags every other file reads are set. Then, in a pool of ``workers`` processes:

* the relationship file and the reporting-exception file, each by one worker, whole (each has
  one random stream drawn in file order, so it cannot be split);
* the LEI records in chunks: record ``i`` is drawn from its own seed (``Golden.lei_record``), so
  a chunk needs nothing from the one before; workers return the chunk's serialised text per
  format and the parent writes the chunks in order into the zips (deflate runs here).

Started by ``forkserver`` (a process holding driver threads must not be forked: see
``graph.load.bulk.workers``); each worker gets the plan and flags once, by its initializer.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from pathlib import Path
from typing import Any

from bench.ingest.golden.golden import DRAW_YEAR, Golden
from bench.ingest.golden.package import joined
from bench.ingest.golden.records import Draws

LEI_CHUNK = 5000
_golden: Golden | None = None  # this worker's copy of the plan and flags


def _init(golden: Golden) -> None:
    global _golden
    _golden = golden


def _whole_file(kind: str, out: Path) -> tuple[int, float]:
    """The file's record count, and the CPU seconds it took."""
    assert _golden is not None
    c0 = time.process_time()
    n = _golden.write_rr(out) if kind == "rr" else _golden.write_repex(out)
    return n, time.process_time() - c0


def _lei_chunk(span: tuple[int, int]) -> tuple[list[str], float]:
    """Records ``span[0]`` to ``span[1]`` serialised, one text per format; the CPU seconds taken."""
    g = _golden
    assert g is not None
    c0 = time.process_time()
    d = Draws(g.dist, random.Random(0), DRAW_YEAR)
    trees = [g.lei_record(i, d) for i in range(*span)]
    return [joined(trees, "lei2", fmt) for fmt in g.formats], time.process_time() - c0


def write_parallel(golden: Golden, out: Path, workers: int) -> tuple[dict[str, int], float]:
    """``golden.write(out)``'s files and counts, written by ``workers`` processes; the CPU
    seconds the workers spent (a forkserver's children are not this process's to measure)."""
    out.mkdir(parents=True, exist_ok=True)
    golden.flag_parents()
    n = golden.plan.counts["lei"]
    spans = [(i, min(n, i + LEI_CHUNK)) for i in range(0, n, LEI_CHUNK)]
    ctx = multiprocessing.get_context("forkserver")
    with ctx.Pool(workers, initializer=_init, initargs=(golden,)) as pool:
        whole: dict[str, Any] = {kind: pool.apply_async(_whole_file, (kind, out)) for kind in ("rr", "repex")}
        cpu = 0.0
        with golden.members(out, "lei2", n) as m:
            for (start, stop), (texts, spent) in zip(spans, pool.imap(_lei_chunk, spans)):
                cpu += spent
                for member, text in zip(m.members, texts):
                    member.write_joined(text, stop - start)
        lei = m.members[0].count if m.members else 0
        (rr, rr_cpu), (repex, repex_cpu) = whole["rr"].get(), whole["repex"].get()
        return {"lei": lei, "rr": rr, "repex": repex}, cpu + rr_cpu + repex_cpu
