"""A resolver's state as a local file: what a later run loads instead of rebuilding it.

Rebuilding a resolver from the stored state means decoding every entity and alias record and
indexing it again: at 20k entities ~0.5 s of a 1% daily delta's ~1.2 s, linear in the world.
The store that saved a state can keep the resolver it saved as a snapshot named after that
state (``SnapshotResolutionStore``); a run finding the stored state's name in a snapshot
unpickles it instead.

Why that resolver is the one a rebuild would give: everything it answers from is either
ordered by value, not by arrival (owner lists, alias blocks: see ``_index``), or held by key
(entities, decisions), so the resolver that made a state and the one rebuilt from it resolve
every mention alike (``canonical_form`` is equal; tested). Anything unreadable (a missing,
truncated or older file, one written by other code of the modules it pickles) is no snapshot: the
state is rebuilt as before.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import os
import pickle
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ownergraph.resolution.resolver import Resolver
    from ownergraph.resolution.splink import MatchSettings

# bumped whenever what a snapshot holds changes: an older file is then no snapshot
FORMAT = ("ownergraph-resolver-snapshot", 1)
# the modules whose objects a snapshot pickles: a file written by other code is no snapshot
# (named by module, not file: file names listed here went stale once, when the modules were
# renamed, and every process then got a digest of its own, so no snapshot ever loaded again)
_CODE = ("rows", "index", "decisions", "snapshot", "resolver", "disk_map")
_INDEX = ("_recs", "_ids", "_names", "_blocks", "_unsorted", "_by_decision")
_DECISIONS = ("_decisions", "_parent", "_children", "_negative", "_matches", "_negative_alias", "_seq")


@runtime_checkable
class SnapshotResolutionStore(Protocol):
    """A store that can keep the resolver it saved (or loaded) as a local snapshot."""

    def load_snapshot(self, settings: MatchSettings | None) -> Resolver | None: ...

    def save_snapshot(self, resolver: Resolver) -> None: ...


@functools.cache
def _code_digest() -> str:
    h = hashlib.sha256()
    for name in _CODE:
        module = importlib.import_module(f"{__package__}.{name}")
        try:
            h.update(Path(module.__file__ or "").read_bytes())
        except OSError:  # installed without sources: this process's snapshots only
            h.update(str(os.getpid()).encode())
    return h.hexdigest()[:16]


def dump(resolver: Resolver, f: BinaryIO, meta: dict[str, Any]) -> None:
    """Write ``resolver``'s state and ``meta`` (what names the state) to ``f``."""
    index, decisions = resolver.index, resolver.decisions
    body = {"index": {a: getattr(index, a) for a in _INDEX}, "entity_count": index.entities.count,
            "decisions": {a: getattr(decisions, a) for a in _DECISIONS},
            "conflicts": resolver._conflicts}
    pickle.dump((FORMAT, _code_digest(), meta), f, protocol=pickle.HIGHEST_PROTOCOL)
    pickle.dump(body, f, protocol=pickle.HIGHEST_PROTOCOL)


def read_meta(f: BinaryIO) -> dict[str, Any] | None:
    """The meta a snapshot was written with, or None when ``f`` is no snapshot of this format."""
    try:
        fmt, code, meta = pickle.load(f)
    except Exception:  # noqa: BLE001 - a damaged or foreign file is no snapshot
        return None
    return meta if fmt == FORMAT and code == _code_digest() and isinstance(meta, dict) else None


def load(f: BinaryIO, settings: MatchSettings | None) -> Resolver | None:
    """The resolver in ``f`` (after ``read_meta``), or None when it cannot be read."""
    from ownergraph.resolution.index import EntityTable
    from ownergraph.resolution.resolver import Resolver

    try:
        body = pickle.load(f)
        r = Resolver(settings)
        for a in _INDEX:
            setattr(r.index, a, body["index"][a])
        r.index.entities = EntityTable(r.index._recs)
        r.index.entities.count = body["entity_count"]
        for a in _DECISIONS:
            setattr(r.decisions, a, body["decisions"][a])
        r._conflicts.update(body["conflicts"])  # the registrar holds this very dict
    except Exception:  # noqa: BLE001 - truncated or of another shape: rebuilt instead
        return None
    return r


def write_file(resolver: Resolver, path: Path, meta: dict[str, Any], keep: int = 4) -> None:
    """Write the snapshot to ``path`` atomically (a reader never sees half a file); keep the
    ``keep`` newest snapshots of its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as f:
            dump(resolver, f, meta)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    olds = sorted(path.parent.glob("*" + path.suffix), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in olds[keep:]:
        old.unlink(missing_ok=True)


def canonical_form(resolver: Resolver) -> dict[str, Any]:
    """Everything the resolver answers from, independent of the order it was built in: equal
    for the resolver that saved a state and for one rebuilt from it (the snapshot's claim)."""
    from ownergraph.resolution import rows as packed

    index, decisions = resolver.index, resolver.decisions
    names = set(index._names)
    # a block as candidate_names reads it: sorted first when it was added to since
    blocks = {b: sorted(ks) if b in index._unsorted else ks for b, ks in index._blocks.items()}
    return {
        "entities": sorted((k, packed.info_of(k, rec), sorted(packed.rows_of(k, rec), key=lambda r: tuple(map(str, r))))
                           for k, rec in index._recs.items()),
        "entity_count": index.entities.count,
        "ids": sorted(index._ids.items()), "names": sorted(index._names.items()),
        "blocks": sorted((b, live) for b, ks in blocks.items() if (live := [k for k in ks if k in names])),
        "by_decision": sorted((d, sorted(rows, key=lambda r: tuple(map(str, r))))
                              for d, rows in index._by_decision.items() if rows),
        "decisions": sorted(decisions._decisions.items()),
        "parent": sorted(decisions._parent.items()),
        "children": sorted((k, sorted(v)) for k, v in decisions._children.items() if v),
        "negative": sorted(decisions._negative.items()), "matches": sorted(decisions._matches.items()),
        "negative_alias": sorted(decisions._negative_alias.items()), "seq": decisions._seq,
        "conflicts": sorted(resolver._conflicts.items()),
    }


__all__ = ["FORMAT", "SnapshotResolutionStore", "canonical_form", "dump", "load", "read_meta", "write_file"]
