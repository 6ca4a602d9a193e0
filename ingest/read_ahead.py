"""Reading in a second process, ahead of the loader (issue 16 item 4).

Reading and validating a record costs ~100-200 µs of Python; the loader's own work on it
(resolution, rows, staging) about as much again, all on one core while the other does little
(in bulk mode the server does not write until the importer runs). ``ReadAhead`` runs the
readers of a whole plan, file after file, in a child process and passes their records back in
pickled batches (~40 µs a record to pickle and unpickle), a bounded number of batches ahead.
The records, their order and the file-level entries are the readers' own: the loop that counts
and loads them does not change.
"""

from __future__ import annotations

import multiprocessing as mp
import pickle
import queue
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ownergraph.domain.errors import OwnergraphError
from ownergraph.ingest.gc_pace import pace_for_bulk

BATCH = 1000
AHEAD = 16  # batches in flight: bounded memory


class ReadAheadError(OwnergraphError):
    """The reader process failed (its traceback is the message) or ended without a word."""


def _run(plan: Sequence[tuple[Path, Any]], out: Any, skip: frozenset[int] = frozenset(),
         prepare: Callable[[Iterable[Any]], Iterable[Any]] | None = None) -> None:
    try:
        pace_for_bulk()  # a reader's records outlive young collections (ingest.gc_pace)
        for i, (path, reader) in enumerate(plan):
            if i in skip:
                continue
            batch: list[Any] = []
            records = reader.read(path)
            for rec in (prepare(records) if prepare is not None else records):
                batch.append(rec)
                if len(batch) >= BATCH:
                    out.put((i, pickle.dumps(batch, protocol=pickle.HIGHEST_PROTOCOL)))
                    batch = []
            out.put((i, pickle.dumps(batch, protocol=pickle.HIGHEST_PROTOCOL)))
            out.put((i, None))  # the end of file i
    except BaseException:  # noqa: BLE001 - everything goes back to the parent, which raises it
        out.put((-1, traceback.format_exc()))


class ReadAhead:
    """``plan`` (path, reader) read in a child process; :meth:`records` gives file ``i``'s.

    ``skip``: plan positions not read there (files staged by a bulk load's workers).
    ``method``: the start method; ``fork`` by default (nothing to re-import, no main-module
    guard needed in the caller's script; the child only reads files and leaves by os._exit),
    ``forkserver`` once the caller holds threads (a forked copy of a process with threads can
    crash: the bulk loader's workers start that way too); its readers must then pickle.
    ``prepare``: applied to each file's records there (a bulk load's LEI entity records turned
    into their rows: ``graph.load.prepared``); a module-level function, for ``forkserver``."""

    def __init__(self, plan: Sequence[tuple[Path, Any]], skip: Iterable[int] = (),
                 method: str = "fork", prepare: Callable[[Iterable[Any]], Iterable[Any]] | None = None) -> None:
        methods = mp.get_all_start_methods()
        ctx = mp.get_context(method if method in methods else "spawn")
        self._q: Any = ctx.Queue(maxsize=AHEAD)
        self._proc = ctx.Process(target=_run, args=(list(plan), self._q, frozenset(skip), prepare), daemon=True,
                                 name="ownergraph-reader")
        self._proc.start()

    def _get(self) -> tuple[int, Any]:
        while True:
            try:
                return self._q.get(timeout=1.0)
            except queue.Empty:
                if not self._proc.is_alive():
                    try:
                        return self._q.get(timeout=1.0)
                    except queue.Empty:
                        raise ReadAheadError(f"the reader process ended (exit code {self._proc.exitcode}) "
                                             "before its files were read") from None

    def records(self, i: int) -> Iterator[Any]:
        """File ``i``'s records, in the reader's order (files are taken in plan order)."""
        while True:
            at, payload = self._get()
            if at == -1:
                raise ReadAheadError(f"the reader process failed:\n{payload}")
            if at != i:
                raise ReadAheadError(f"reader process out of step: file {at} while reading file {i}")
            if payload is None:
                return
            yield from pickle.loads(payload)

    def close(self) -> None:
        if self._proc.is_alive():
            self._proc.terminate()
        self._proc.join(timeout=10)
        self._q.close()

    def __enter__(self) -> ReadAhead:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()
