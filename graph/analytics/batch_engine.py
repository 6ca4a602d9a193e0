"""Where the batch job's SQL runs: DuckDB (default) or Spark SQL, behind one small interface.

``graph.analytics.batch`` writes its statements once, in the SQL both engines read (no
parameters, no UPDATE / DELETE / INSERT, no correlated subqueries); an engine only creates
named tables from a SELECT, appends a SELECT to a table, and reads rows back.
On Spark a created table is a temporary view over a local checkpoint (the job replaces
``frontier`` thousands of times: without cutting the lineage every step would re-plan all
earlier ones), and an appended table a folder of Parquet parts under ``work_dir`` (an append
costs its own size, not the table's).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from typing import Any, Literal, Protocol

import duckdb
import pandas as pd

BatchEngine = Literal["duckdb", "spark"]
BATCH_ENGINES: tuple[BatchEngine, ...] = ("duckdb", "spark")


class SqlEngine(Protocol):
    errors: tuple[type[BaseException], ...]  # what a bad input file raises

    def load(self, name: str, path: Path) -> None: ...
    def create(self, name: str, sql: str) -> None: ...
    def append(self, name: str, sql: str) -> None: ...
    def row(self, sql: str) -> tuple[Any, ...]: ...
    def df(self, sql: str) -> pd.DataFrame: ...
    def write(self, name: str, path: Path) -> None: ...
    def close(self) -> None: ...


def _quoted(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


class DuckEngine:
    errors: tuple[type[BaseException], ...] = (duckdb.Error,)

    def __init__(self, threads: int | None = None) -> None:
        self.con = duckdb.connect()
        if threads:
            self.con.execute(f"SET threads = {int(threads)}")

    def load(self, name: str, path: Path) -> None:
        self.con.execute(f"CREATE TEMP TABLE {name} AS SELECT * FROM read_parquet({_quoted(path)})")

    def create(self, name: str, sql: str) -> None:
        self.con.execute(f"CREATE OR REPLACE TEMP TABLE {name} AS {sql}")

    def append(self, name: str, sql: str) -> None:
        self.con.execute(f"INSERT INTO {name} {sql}")

    def row(self, sql: str) -> tuple[Any, ...]:
        got = self.con.execute(sql).fetchone()
        assert got is not None
        return got

    def df(self, sql: str) -> pd.DataFrame:
        return self.con.execute(sql).df()

    def write(self, name: str, path: Path) -> None:
        self.con.execute(f"COPY {name} TO {_quoted(path)} (FORMAT parquet, COMPRESSION zstd)")

    def close(self) -> None:
        self.con.close()


class SparkEngine:
    def __init__(self, work_dir: str | Path | None = None) -> None:
        from ownergraph.resolution import spark_session

        self.spark = spark_session(work_dir)  # a ConfigError naming the extra when pyspark is missing
        from py4j.protocol import Py4JJavaError
        from pyspark.errors import PySparkException

        self.errors = (PySparkException, Py4JJavaError)
        if work_dir is not None:
            Path(work_dir).mkdir(parents=True, exist_ok=True)
        self.root = Path(tempfile.mkdtemp(prefix="batch-", dir=work_dir))
        self.frames: dict[str, Any] = {}  # checkpointed tables
        self.files: dict[str, Path] = {}  # appended tables
        self.stale: set[str] = set()
        self.serial = 0

    def _fresh(self, sql: str) -> str:
        # a folder read before its last append lists its old parts: read it again when named
        for name in [n for n in self.stale if re.search(rf"\b{n}\b", sql)]:
            self.stale.discard(name)
            self.spark.read.parquet(str(self.files[name])).createOrReplaceTempView(name)
        return sql

    def load(self, name: str, path: Path) -> None:
        self.spark.read.parquet(str(path)).createOrReplaceTempView(name)

    def create(self, name: str, sql: str) -> None:
        # a local checkpoint cuts the lineage (``frontier`` is replaced thousands of times)
        df = self.spark.sql(self._fresh(sql)).localCheckpoint(eager=True)
        df.createOrReplaceTempView(name)
        old = self.frames.get(name)
        self.frames[name] = df
        if old is not None:
            old.unpersist()
        folder = self.files.pop(name, None)
        if folder is not None:
            self.stale.discard(name)
            shutil.rmtree(folder, ignore_errors=True)

    def append(self, name: str, sql: str) -> None:
        # an appended table is a folder of Parquet parts, one part per append (a union of
        # checkpointed frames trips Spark's optimiser, and would grow its plan each step)
        if name not in self.files:
            self.serial += 1
            self.files[name] = self.root / f"{name}-{self.serial}"
            self.spark.table(name).coalesce(1).write.parquet(str(self.files[name]))
        self.spark.sql(self._fresh(sql)).coalesce(1).write.mode("append").parquet(str(self.files[name]))
        self.stale.add(name)

    def row(self, sql: str) -> tuple[Any, ...]:
        return tuple(self.spark.sql(self._fresh(sql)).collect()[0])

    def df(self, sql: str) -> pd.DataFrame:
        return self.spark.sql(self._fresh(sql)).toPandas()

    def write(self, name: str, path: Path) -> None:
        # one Parquet file, as DuckDB writes it (Spark would write a folder of parts)
        frame = self.df(f"SELECT * FROM {name}")  # noqa: F841 (read by DuckDB by name)
        duckdb.execute(f"COPY (SELECT * FROM frame) TO {_quoted(path)} (FORMAT parquet, COMPRESSION zstd)")

    def close(self) -> None:
        for name in ("edges_file", "ent", *self.frames, *self.files):
            self.spark.catalog.dropTempView(name)
        for df in self.frames.values():
            df.unpersist()
        shutil.rmtree(self.root, ignore_errors=True)


def make_engine(engine: BatchEngine, *, threads: int | None = None,
                work_dir: str | Path | None = None) -> SqlEngine:
    if engine == "duckdb":
        return DuckEngine(threads)
    if engine == "spark":
        return SparkEngine(work_dir)
    raise ValueError(f"batch engine {engine!r}: one of {', '.join(BATCH_ENGINES)}")
