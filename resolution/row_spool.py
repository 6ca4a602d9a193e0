"""Alias rows put aside on disk while the resolver's state streams its entities, read back after.

The state stream (``Resolver.state_records``) gives every entity, then every alias row, each
sorted by key. The entity and its rows are in one packed record of the index, so one pass over
the records (on disk at a first load's size, a sqlite scan) can give both: each entity is
yielded as it comes and its rows are kept here until the entities are done. Before, the
stream read every record four times (two scans and a look-up of each key in each), about half
of the state's save at scale 1.0. Rows are pickled in chunks to an anonymous temporary file;
memory holds one chunk.
"""

from __future__ import annotations

import pickle
import tempfile
from collections.abc import Iterable, Iterator
from typing import Any

CHUNK = 20_000  # rows pickled together


class RowSpool:
    """Rows appended in order and read back in that order, once (a context manager)."""

    def __init__(self) -> None:
        self._f = tempfile.TemporaryFile()
        self._buf: list[Any] = []

    def extend(self, rows: Iterable[Any]) -> None:
        self._buf.extend(rows)
        if len(self._buf) >= CHUNK:
            self._dump()

    def _dump(self) -> None:
        if self._buf:
            pickle.dump(self._buf, self._f, protocol=pickle.HIGHEST_PROTOCOL)
            self._buf = []

    def __iter__(self) -> Iterator[Any]:
        self._dump()
        self._f.seek(0)
        while True:
            try:
                chunk = pickle.load(self._f)
            except EOFError:
                return
            yield from chunk

    def close(self) -> None:
        self._f.close()

    def __enter__(self) -> RowSpool:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


__all__ = ["RowSpool"]
