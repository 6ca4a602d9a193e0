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
from collections.abc import Iterable, Iterator, MutableMapping
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


def write_many(db: sqlite3.Connection, sql: str, rows: Iterable[tuple[Any, ...]]) -> None:
    """``rows`` in one transaction (each statement its own would cost ~7 x the CPU)."""
    db.execute("BEGIN")
    try:
        db.executemany(sql, rows)
    finally:
        db.execute("COMMIT")


def _encode(value: Any) -> str | bytes:
    return value if type(value) is str else pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def _decode(stored: str | bytes) -> Any:
    return stored if type(stored) is str else pickle.loads(stored)


class Bloom:
    """Which keys may have been stored: a key never added is answered from memory, not by a
    query (a first load looks up mostly keys it has not seen yet). 2**bits bits, three probes
    from the key's hash; at 3.5M keys in 2**25 bits about 2 % of absent keys still query."""

    def __init__(self, bits: int = 25) -> None:
        self.mask = (1 << bits) - 1
        self.bits = bytearray(1 << (bits - 3))

    def _probes(self, key: str) -> tuple[int, int, int]:
        h = hash(key) & 0xFFFFFFFFFFFFFFFF
        return h & self.mask, (h >> 21) & self.mask, (h >> 42 ^ h >> 7) & self.mask

    def add(self, key: str) -> None:
        for i in self._probes(key):
            self.bits[i >> 3] |= 1 << (i & 7)

    def __contains__(self, key: str) -> bool:
        return all(self.bits[i >> 3] >> (i & 7) & 1 for i in self._probes(key))


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
        self._stored = Bloom()

    def __getitem__(self, key: str) -> Any:
        if key in self._cache:
            return self._cache[key]
        if key not in self._stored:
            raise KeyError(key)
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
        self._stored.add(key)

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
            # in key order: the B-tree is written page after page, not at random
            write_many(self.db, f"INSERT OR REPLACE INTO {self.name} (k, v) VALUES (?, ?)",
                       [(k, _encode(self._cache[k])) for k in sorted(self._dirty)])
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
        return self.blocks.size(self.block)

    def __iter__(self) -> Iterator[str]:
        db = self.blocks.readable()
        last = ""
        while True:
            page = db.execute("SELECT DISTINCT n FROM blocks WHERE b = ? AND n > ? ORDER BY n LIMIT ?",
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
    ``get(b, [])`` and ``[b]`` as the in-memory dict of lists is used, sorted on reading.

    Rows are appended (cheap while a first load registers millions of names); the index that
    reads a block is built the first time one is read, then kept up to date. A block's size is
    counted when first asked for and then kept (only blocks read: name-only mentions')."""

    def __init__(self, db: sqlite3.Connection, buffer: int = 20_000, sizes: int = 100_000) -> None:
        self.db, self.buffer, self.max_sizes = db, buffer, sizes
        db.execute("CREATE TABLE IF NOT EXISTS blocks (b TEXT, n TEXT)")
        self.indexed = False
        self._sizes: dict[str, int] = {}
        self._pending: list[tuple[str, str]] = []

    def add(self, block: str, name: str) -> None:
        self._pending.append((block, name))
        if block in self._sizes:
            self._sizes[block] += 1
        if len(self._pending) >= self.buffer:
            self.flush()

    def flush(self) -> None:
        if self._pending:
            write_many(self.db, "INSERT INTO blocks (b, n) VALUES (?, ?)", self._pending)
            self._pending.clear()

    def readable(self) -> sqlite3.Connection:
        """The database with every block row written and the blocks' index built."""
        self.flush()
        if not self.indexed:
            self.db.execute("CREATE INDEX IF NOT EXISTS blocks_b_n ON blocks (b, n)")
            self.indexed = True
        return self.db

    def size(self, block: str) -> int:
        if block not in self._sizes:
            if len(self._sizes) >= self.max_sizes:
                self._sizes.clear()
            self._sizes[block] = int(self.readable().execute(
                "SELECT count(*) FROM blocks WHERE b = ?", (block,)).fetchone()[0])
        return self._sizes[block]

    def setdefault(self, block: str, _default: Any = None) -> DiskBlock:
        return DiskBlock(self, block)

    def get(self, block: str, _default: Any = None) -> DiskBlock:
        return DiskBlock(self, block)

    def __getitem__(self, block: str) -> DiskBlock:
        return DiskBlock(self, block)

    def items(self) -> Iterator[tuple[str, list[str]]]:
        db = self.readable()
        for (block,) in db.execute("SELECT DISTINCT b FROM blocks ORDER BY b").fetchall():
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
