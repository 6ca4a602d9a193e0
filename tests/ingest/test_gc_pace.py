"""A bulk load's processes run the cyclic collector at a slower pace (ingest.gc_pace)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from ownergraph.ingest.gc_pace import BULK_THRESHOLDS, pace_for_bulk, restore, thresholds
from ownergraph.ingest.read_ahead import ReadAhead


def test_thresholds_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OWNERGRAPH_GC_THRESHOLDS", raising=False)
    assert thresholds() == BULK_THRESHOLDS
    monkeypatch.setenv("OWNERGRAPH_GC_THRESHOLDS", "700,10,10")
    assert thresholds() == (700, 10, 10)
    for bad in ("700,,10", "-1", "1,2,3,4", "many"):
        monkeypatch.setenv("OWNERGRAPH_GC_THRESHOLDS", bad)
        with pytest.raises(ValueError):
            thresholds()


def test_pace_is_set_and_restored(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OWNERGRAPH_GC_THRESHOLDS", raising=False)
    start = gc.get_threshold()
    before = pace_for_bulk()
    try:
        assert before == start
        assert gc.get_threshold() == BULK_THRESHOLDS
    finally:
        restore(before)
    assert gc.get_threshold() == start


class _Pace:
    """A 'reader' whose one record is the collector's thresholds in the process reading."""

    name = "pace"

    def read(self, path: Path) -> Iterator[tuple[int, ...]]:
        yield gc.get_threshold()


@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_the_reader_process_reads_at_the_bulk_pace(method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OWNERGRAPH_GC_THRESHOLDS", raising=False)
    here = gc.get_threshold()
    with ReadAhead([(Path("unused"), _Pace())], method=method) as ahead:
        assert list(ahead.records(0)) == [BULK_THRESHOLDS]
    assert gc.get_threshold() == here  # this process's pace is its own
