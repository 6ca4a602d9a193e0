"""Bookmarks kept in a file, so that causal consistency on a cluster holds across commands.

On a cluster a read may be answered by a member that has not yet applied the last write; a
bookmark makes it wait until it has. The driver keeps bookmarks per process, but ownergraph is
often two processes (``ownergraph ingest`` then ``ownergraph ask``): this manager keeps the set
in ``<home>/bookmarks/<server>.json`` with the driver's own rule (a committed transaction's
bookmark replaces the ones it started from), under a file lock, so the next command's reads
wait for the last command's writes. Used for routing URIs (``neo4j://``, ``neo4j+s://``); a
single ``bolt://`` server is always current.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
from collections.abc import Collection, Iterator
from pathlib import Path

from neo4j.api import BookmarkManager

ROUTING_SCHEMES = ("neo4j://", "neo4j+s://", "neo4j+ssc://")
KEEP = 32  # at most this many (only concurrent writers leave more than one)


def routed(uri: str) -> bool:
    return uri.startswith(ROUTING_SCHEMES)


class FileBookmarks(BookmarkManager):
    """The driver's bookmark-manager contract over a JSON file shared by processes."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def for_server(cls, home: Path, uri: str, database: str) -> FileBookmarks:
        name = hashlib.sha256(f"{uri}|{database}".encode()).hexdigest()[:16]
        return cls(home / "bookmarks" / f"{name}.json")

    def _read(self) -> list[str]:
        try:
            values = json.loads(self.path.read_text())
        except (OSError, ValueError):  # none yet, or unreadable: no causal wait (never an error)
            return []
        return [v for v in values if isinstance(v, str)] if isinstance(values, list) else []

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_suffix(".lock"), "w") as fh:
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    def update_bookmarks(self, previous_bookmarks: Collection[str], new_bookmarks: Collection[str]) -> None:
        if not new_bookmarks:
            return
        with self._locked():
            dropped = set(previous_bookmarks)
            kept = [b for b in self._read() if b not in dropped and b not in new_bookmarks]
            values = [*new_bookmarks, *kept][:KEEP]
            partial = self.path.with_suffix(f".{os.getpid()}.partial")
            partial.write_text(json.dumps(values))
            partial.replace(self.path)

    def forget(self) -> None:
        """Drop every bookmark (the server started on a new store they know nothing of)."""
        with self._locked():
            self.path.unlink(missing_ok=True)

    def get_bookmarks(self) -> Collection[str]:
        return set(self._read())
