"""The bulk load's memory study (graph/load/bulk/memory_study.py): off unless asked for; asked for,
a stage reports its own heap peak and names a transient that came and went inside it."""

from __future__ import annotations

import time

import pytest

from ownergraph.graph.load.bulk import memory_study


def _transient() -> None:
    held = [bytes(1000) for _ in range(40_000)]  # ~40 MB, let go before the stage ends
    time.sleep(0.6)
    del held


def test_not_asked_for_it_reports_rss_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OWNERGRAPH_BULK_TRACEMALLOC", raising=False)
    memory_study.stage_started()
    _transient()
    assert memory_study.stage_ended() == {}
    assert memory_study.rss_mb_now() is None or memory_study.rss_mb_now() > 10


def test_a_transient_inside_a_stage_is_named_near_its_peak(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OWNERGRAPH_BULK_TRACEMALLOC", "3")
    monkeypatch.setattr(memory_study, "WATCH_SECONDS", 0.05)
    try:
        memory_study.stage_started()
        _transient()
        out = memory_study.stage_ended()
    finally:
        memory_study.stop()
    assert out["traced_peak_mb"] > 35 > out["traced_mb_now"]
    assert out["top_sites_near_peak"][0][0] == f"{__name__.rsplit('.', 1)[-1]}.py:14"
    assert out["top_sites_near_peak"][0][1] > memory_study.STEP_MB
    assert all(site != out["top_sites_near_peak"][0][0] for site, _ in out["top_sites"])  # gone at the end
