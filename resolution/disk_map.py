"""String-keyed maps and blocking lists kept in an sqlite file, for an alias index that does not
grow in memory with the entities (``AliasIndex.on_disk``: a first load of millions of LEIs).

Why: the in-memory index costs ~700 B per LEI entity (its packed record, identifier and name
entries, blocking entries); at GLEIF's 3.1M LEIs that alone is past 2 GB. On disk, memory holds
a bounded write-back cache per map and sqlite's page cache. Values are kept as they are given:
a ``str`` as text, anything else pickled; keys iterate in sorted order (what the resolver's
state stream wants), read page by page so the map may change while it is iterated.
"""

from __future__ import annotations

import pickle
import sqlite3
from collections.abc import Iterator, MutableMapping
from itertools import islice
from pathlib import Path
from typing import Any

PAGE = 2000  # keys read per query when iterating
CACHE_ENTRIES = 50_000  # entries a map keeps in memory (each a key and a short value)
CACHE_PAGES_KB = 65536  # sqlite's page cache for the whole file (64 MB), shared by its maps


def connect(path: Path) -> sqlite3.Connection:
    """A scratch database: no journal, no fsync (it is thrown away with the run)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=OFF")
    db.execute("PRAGMA synchronous=OFF")
    db.execute("PRAGMA temp_store=FILE")
    db.execute(f"PRAGMA cache_size=-{CACHE_PAGES_KB}")
    return db


def _encode(value: Any) -> str | bytes:
    return value if type(value) is str else pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def _decode(stored: str | bytes) -> Any:
    return stored if type(stored) is str else pickle.loads(stored)


class DiskMap(MutableMapping[str, Any]):
    """A ``dict[str, Any]`` in table ``name`` of ``db``, with the newest ``cache`` entries in
    memory (written back when they leave it). Values read are copies: a value changed in place
    must be stored again (``m[k] = v``) to be kept."""

    def __init__(self, db: sqlite3.Connection, name: str, cache: int | None = None) -> None:
        self.db, self.name, self.limit = db, name, CACHE_ENTRIES if cache is None else cache
        db.execute(f"CREATE TABLE IF NOT EXISTS {name} (k TEXT PRIMARY KEY, v) WITHOUT ROWID")
        self._get = f"SELECT v FROM {name} WHERE k = ?"
        self._cache: dict[str, Any] = {}
        self._dirty: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        if key in self._cache:
            return self._cache[key]
        row = self.db.execute(self._get, (key,)).fetchone()
        if row is None:
            raise KeyError(key)
        value = _decode(row[0])
        self._keep(key, value)
        return value

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return self.get(key, None) is not None  # type: ignore[arg-type]  # None is never stored

    def __setitem__(self, key: str, value: Any) -> None:
        self._keep(key, value)
        self._dirty.add(key)

    def __delitem__(self, key: str) -> None:
        present = key in self
        self._cache.pop(key, None)
        self._dirty.discard(key)
        self.db.execute(f"DELETE FROM {self.name} WHERE k = ?", (key,))
        if not present:
            raise KeyError(key)

    def _keep(self, key: str, value: Any) -> None:
        self._cache[key] = value
        if len(self._cache) > self.limit:
            self.flush()
            for k in list(islice(self._cache, len(self._cache) // 2)):  # the older half
                del self._cache[k]

    def flush(self) -> None:
        """Write the changed entries of the cache to the file."""
        if self._dirty:
            self.db.executemany(f"INSERT OR REPLACE INTO {self.name} (k, v) VALUES (?, ?)",
                                ((k, _encode(self._cache[k])) for k in self._dirty))
            self._dirty.clear()

    def items(self) -> Iterator[tuple[str, Any]]:  # type: ignore[override]
        """Every entry, by key, a page at a time (the map may change meanwhile)."""
        self.flush()
        last = ""
        while True:
            page = self.db.execute(f"SELECT k, v FROM {self.name} WHERE k > ? ORDER BY k LIMIT {PAGE}",
                                   (last,)).fetchall()
            for k, v in page:
                yield k, self._cache[k] if k in self._cache else _decode(v)
            if len(page) < PAGE:
                return
            last = page[-1][0]

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self.items())

    def __len__(self) -> int:
        self.flush()
        return int(self.db.execute(f"SELECT count(*) FROM {self.name}").fetchone()[0])


class DiskBlock:
    """One blocking key's names, as ``AliasIndex`` reads a block: its size, and its names in
    sorted order (read lazily: a caller stopping early reads no more)."""

    def __init__(self, blocks: DiskBlocks, block: str) -> None:
        self.blocks, self.block = blocks, block

    def __len__(self) -> int:
        return int(self.blocks.sizes.get(self.block, 0))

    def __iter__(self) -> Iterator[str]:
        self.blocks.flush()
        last = ""
        while True:
            page = self.blocks.db.execute("SELECT n FROM blocks WHERE b = ? AND n > ? ORDER BY n LIMIT ?",
                                          (self.block, last, PAGE)).fetchall()
            yield from (n for n, in page)
            if len(page) < PAGE:
                return
            last = page[-1][0]

    def append(self, name: str) -> None:
        self.blocks.add(self.block, name)

    def sort(self) -> None:
        """Always sorted: read in order."""


class DiskBlocks:
    """``AliasIndex``'s blocking key -> names, on disk: ``setdefault(b, []).append(name)``,
    ``get(b, [])`` and ``[b]`` as the in-memory dict of lists is used, sorted on reading."""

    def __init__(self, db: sqlite3.Connection, buffer: int = 20_000) -> None:
        self.db, self.buffer = db, buffer
        db.execute("CREATE TABLE IF NOT EXISTS blocks (b TEXT, n TEXT, PRIMARY KEY (b, n)) WITHOUT ROWID")
        self.sizes = DiskMap(db, "block_sizes")
        self._pending: list[tuple[str, str]] = []

    def add(self, block: str, name: str) -> None:
        self._pending.append((block, name))
        self.sizes[block] = self.sizes.get(block, 0) + 1
        if len(self._pending) >= self.buffer:
            self.flush()

    def flush(self) -> None:
        if self._pending:
            self.db.executemany("INSERT OR IGNORE INTO blocks (b, n) VALUES (?, ?)", self._pending)
            self._pending.clear()

    def setdefault(self, block: str, _default: Any = None) -> DiskBlock:
        return DiskBlock(self, block)

    def get(self, block: str, _default: Any = None) -> DiskBlock:
        return DiskBlock(self, block)

    def __getitem__(self, block: str) -> DiskBlock:
        return DiskBlock(self, block)

    def items(self) -> Iterator[tuple[str, list[str]]]:
        for block, _ in self.sizes.items():
            yield block, list(DiskBlock(self, block))


class NoSorting:
    """The in-memory index's set of blocks to sort before reading: disk blocks read sorted."""

    def add(self, _block: str) -> None:
        """Nothing to remember."""

    def discard(self, _block: str) -> None:
        """Nothing to forget."""

    def intersection(self, _keys: Any) -> set[str]:
        return set()

    def __contains__(self, _block: object) -> bool:
        return False
