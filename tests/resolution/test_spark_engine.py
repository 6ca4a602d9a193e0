"""The name-matching stage on Spark makes the same decisions as on DuckDB.

The labelled set of ``resolution.evaluate`` (real GLEIF / OpenSanctions / BODS names, their
generated variants and traps: 1106 mentions, seed 17) is resolved twice, ``record=False``,
with the same index: once with splink on DuckDB, once with splink on Spark. Every mention's
key, method, ambiguity and candidate keys must be the same, and its score equal to 1e-9.
Skipped (with the reason) when pyspark is not installed: ``pip install 'ownergraph[spark]'``.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from ownergraph.resolution import MatchSettings, Resolution
from ownergraph.resolution.evaluate import build

pytest.importorskip("pyspark", reason="pyspark not installed (extra 'spark'): Spark engine not tested")
if shutil.which("java") is None:
    pytest.skip("no java on PATH: Spark cannot start", allow_module_level=True)


def _decisions(res: list[Resolution]) -> list[tuple[object, ...]]:
    return [(r.key, r.method, r.ambiguous, tuple(c.key for c in r.candidates)) for r in res]


def test_spark_engine_makes_the_duckdb_decisions(real_data: Path, tmp_path: Path) -> None:
    r, labelled = build(real_data, seed=17)
    refs = [m.ref for m in labelled]
    base = MatchSettings(batch_size=5000)  # one splink run per engine
    r.matcher.settings = base
    duck = r.resolve_many(refs, record=False)
    r.matcher.settings = replace(base, engine="spark", work_dir=str(tmp_path))
    spark = r.resolve_many(refs, record=False)
    probabilistic = [x for x in duck if x.method == "probabilistic"]
    assert len(probabilistic) > 100  # the stage under test decided a good part of the set
    assert sum(1 for x in duck if x.method == "new" and x.candidates) > 20  # and rejected some
    assert _decisions(spark) == _decisions(duck)
    for d, s in zip(duck, spark):
        assert s.score == pytest.approx(d.score, abs=1e-9)
        assert [c.score for c in s.candidates] == pytest.approx([c.score for c in d.candidates], abs=1e-6)


def test_unknown_engine_is_refused() -> None:
    with pytest.raises(ValueError, match="matching engine 'polars'"):
        MatchSettings(engine="polars")  # type: ignore[arg-type]


def test_a_local_spark_driver_listens_on_loopback_only(tmp_path: Path) -> None:
    import psutil

    from ownergraph.resolution.spark import spark_session

    spark_session(tmp_path)
    jvms = [p for p in psutil.Process().children(recursive=True) if "java" in p.name()]
    assert jvms, "the Spark driver's JVM was not found among this process's children"
    listening = [c.laddr for p in jvms for c in p.net_connections(kind="tcp") if c.status == psutil.CONN_LISTEN]
    assert listening  # the driver's RPC and block manager ports
    assert all(a.ip in ("127.0.0.1", "::1", "::ffff:127.0.0.1") for a in listening), listening
