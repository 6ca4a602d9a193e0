"""The state stream (``Resolver.state_records``) reads each packed record once and puts the alias
rows aside on disk (``resolution.row_spool``) until the entities are given: the stream is still
every entity by key (with its canonical key), then every alias row by owner and fields, whether
the index is in memory or on disk, across spool chunks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ownergraph.resolution import Resolver, disk_map, row_spool
from tests.resolution.test_snapshot import _real_entities
from tests.resolution.test_state_changes import _clock, _first_run, _second_run


def _filled(r: Resolver) -> Resolver:
    for e in _real_entities():
        r.register(e)
    _first_run(r)
    _second_run(r)  # merges, a decision's alias, an undo, stubs: owners and canonical keys differ
    return r


def _expected(r: Resolver) -> list[tuple[str, dict[str, Any]]]:
    """The stream as defined, from the index's own answers (key look-ups, not one pass)."""
    index = r.index
    out: list[tuple[str, dict[str, Any]]] = []
    for key in sorted(index.entities):
        d = index.entities[key].as_dict()
        d["canonical"] = r.canonical(key)
        out.append(("entity", d))
    for owner in sorted(index.owners()):
        out += [("alias", row.as_dict()) for row in sorted(index.rows_of(owner), key=lambda x: tuple(map(str, x)))]
    return out


@pytest.mark.parametrize("on_disk", [False, True])
def test_the_stream_is_entities_then_alias_rows_each_by_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           on_disk: bool) -> None:
    monkeypatch.setattr(row_spool, "CHUNK", 3)  # many chunks put aside and read back
    monkeypatch.setattr(disk_map, "CACHE_ENTRIES", 7)
    monkeypatch.setattr(disk_map, "PAGE", 5)
    r = Resolver(clock=_clock())
    if on_disk:
        r.move_index_to_disk(tmp_path)
    _filled(r)
    got = list(r.state_records())
    index_part = [rec for rec in got if rec[0] in ("entity", "alias")]
    assert index_part == _expected(r)
    kinds = [k for k, _ in got]
    assert kinds.count("alias") > 100 and kinds.count("entity") > 100
    assert kinds.index("alias") > max(i for i, k in enumerate(kinds) if k == "entity")
    assert any(d["valid_to"] == "2019-03-01" for k, d in got if k == "alias")  # a dated row, as as_dict writes it
    assert any(d["canonical"] != d["key"] for k, d in got if k == "entity")  # merged away
    assert Resolver.from_records(iter(got)).state_records().__next__() == got[0]


def test_a_spool_gives_back_what_it_was_given_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(row_spool, "CHUNK", 4)
    rows = [(str(i), None, f"v{i}") for i in range(11)]
    with row_spool.RowSpool() as spool:
        spool.extend(rows[:5])
        spool.extend(rows[5:])
        assert list(spool) == rows
