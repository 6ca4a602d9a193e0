"""The corporate actions of a first load on disk, read back in the order they are applied.

Held as records in a list they cost ~3.4 KB each (issue 33: the bulk path's peak grew with them).
Here each statement id is kept once, its first occurrence, pickled in an sqlite row with its
effective date; :meth:`ActionStore.in_order` reads them back in chunks in the online loader's
order (``Loader.finish``): effective date (``VALID_MIN`` when none), then statement id. Dates
are stored as ISO text, which sorts as the dates do; statement ids compare as Python strings
do (sqlite's binary collation of UTF-8). A scratch file: no journal, no fsync.
"""

from __future__ import annotations

import pickle
import sqlite3
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

from ownergraph.graph.load.prepared import PreparedAction
from ownergraph.graph.load.rows import VALID_MIN


class ActionStore:
    """Statement id -> corporate action (the first one added), in sqlite at ``path`` (a new file)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None)
        for pragma in ("journal_mode=OFF", "synchronous=OFF", "cache_size=-8000", "temp_store=FILE"):
            self._db.execute(f"PRAGMA {pragma}")
        self._db.execute("CREATE TABLE action (sid TEXT PRIMARY KEY, effective TEXT NOT NULL, body BLOB NOT NULL)")
        self._db.execute("CREATE INDEX action_order ON action (effective, sid)")
        self._n = 0

    def add_many(self, actions: list[tuple[str, Any]]) -> list[bool]:
        """Store each (statement id, action) whose id is new; for each, whether it was. An
        action may come pickled, with its effective date, from a reader process
        (``graph.load.prepared.PreparedAction``)."""
        out = []
        self._db.execute("BEGIN")
        for sid, action in actions:
            if isinstance(action, PreparedAction):
                row = (sid, action.effective, action.body)
            else:
                eff: date = action.valid_from or VALID_MIN
                row = (sid, eff.isoformat(), pickle.dumps(action, pickle.HIGHEST_PROTOCOL))
            cur = self._db.execute("INSERT OR IGNORE INTO action (sid, effective, body) VALUES (?, ?, ?)", row)
            out.append(cur.rowcount == 1)
        self._db.execute("COMMIT")
        self._n += sum(out)
        return out

    def __len__(self) -> int:
        return self._n

    def in_order(self, chunk: int = 2000) -> Iterator[list[Any]]:
        """Every action, in chunks of ``chunk``, by effective date then statement id."""
        last = ("", "")
        while True:
            rows = self._db.execute("SELECT effective, sid, body FROM action WHERE (effective, sid) > (?, ?) "
                                    "ORDER BY effective, sid LIMIT ?", (*last, chunk)).fetchall()
            if not rows:
                return
            last = (rows[-1][0], rows[-1][1])
            yield [pickle.loads(body) for _, _, body in rows]

    def close(self) -> None:
        self._db.close()
        self.path.unlink(missing_ok=True)
