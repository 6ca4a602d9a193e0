"""The staged entities of a first load on disk: one sqlite row per entity key.

An entity's node is what its statements leave (:meth:`~.staged.Staged.apply_batch`'s merge),
and most keys (an LEI read once) get one statement. Held as Python dicts they cost ~0.9 KB
each (issue 33: ~3 GB at GLEIF's size), so :class:`~.spool.SpooledStaged` keeps them here and
brings back into memory only the keys a batch names again, the entities a retraction or a
bundle conflict look-up asks for by fact key, and the parties of corporate actions.

A row holds the entity's properties pickled, its current ``fact_key`` (indexed: retractions
and conflict look-ups ask by it) and its insertion order (the files list nodes in it). The
database is a scratch file: no journal, no fsync. The properties' types of every version stored
are tallied (``types``), so the Entity file is written in one pass over the rows.
"""

from __future__ import annotations

import pickle
import sqlite3
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from ownergraph.graph.load.bulk.files import ColumnTypes

_IN = 500  # keys per "IN (...)" look-up, under sqlite's variable limit


class EntityStore:
    """Entity key -> properties, in sqlite at ``path`` (a new file)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None)
        for pragma in ("journal_mode=OFF", "synchronous=OFF", "cache_size=-32000", "temp_store=FILE"):
            self._db.execute(f"PRAGMA {pragma}")
        self._db.execute("CREATE TABLE entity (seq INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, "
                         "fact_key TEXT, props BLOB NOT NULL)")
        self._db.execute("CREATE INDEX entity_fact ON entity (fact_key)")
        self.types = ColumnTypes()

    def get_many(self, keys: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The stored entities among ``keys``."""
        keys = list(keys)
        out: dict[str, dict[str, Any]] = {}
        for i in range(0, len(keys), _IN):
            part = keys[i: i + _IN]
            sql = f"SELECT key, props FROM entity WHERE key IN ({','.join('?' * len(part))})"
            out.update((k, pickle.loads(p)) for k, p in self._db.execute(sql, part))
        return out

    def with_facts(self, fact_keys: Iterable[str]) -> Iterator[tuple[str, dict[str, Any]]]:
        """(key, properties) of the stored entities whose current ``fact_key`` is one of these."""
        fks = list(fact_keys)
        for i in range(0, len(fks), _IN):
            part = fks[i: i + _IN]
            sql = f"SELECT key, props FROM entity WHERE fact_key IN ({','.join('?' * len(part))}) ORDER BY key"
            rows = self._db.execute(sql, part).fetchall()
            yield from ((k, pickle.loads(p)) for k, p in rows)

    def put_many(self, entities: Mapping[str, dict[str, Any]]) -> None:
        """Insert or replace these entities (a new key goes after every stored one)."""
        if not entities:
            return
        rows = [(k, e.get("fact_key"), pickle.dumps(e, pickle.HIGHEST_PROTOCOL)) for k, e in entities.items()]
        self.types.update(entities.values())
        self._db.execute("BEGIN")
        self._db.executemany("INSERT INTO entity (key, fact_key, props) VALUES (?, ?, ?) ON CONFLICT (key) "
                             "DO UPDATE SET fact_key = excluded.fact_key, props = excluded.props", rows)
        self._db.execute("COMMIT")

    def items(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every entity, in the order its key was first stored (read in chunks)."""
        last = 0
        while True:
            rows = self._db.execute("SELECT seq, key, props FROM entity WHERE seq > ? ORDER BY seq LIMIT 5000",
                                    (last,)).fetchall()
            if not rows:
                return
            last = rows[-1][0]
            yield from ((k, pickle.loads(p)) for _, k, p in rows)

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM entity").fetchone()[0])

    def close(self) -> None:
        self._db.close()
