"""splink on Spark: one local Spark session per process and one ``predict`` per batch.

Optional (extra ``spark``: pyspark, which bundles Spark; Java 17+). The session is
``local[*]`` unless ``OWNERGRAPH_SPARK_MASTER`` names another master, with a small driver
(``OWNERGRAPH_SPARK_MEMORY``, default 1g), no UI, warnings and info off (a log4j2 file of
our own: Spark's default prints a banner and per-stage progress), UTC, few shuffle
partitions (a local run gains nothing from 200), no broadcast joins, splink's jar of
similarity functions, and checkpoints (splink writes its intermediate tables there as
Parquet) under ``work_dir``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ownergraph.domain.errors import ConfigError

_LOG4J = """status = error
rootLogger.level = error
rootLogger.appenderRef.stderr.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n
"""
_SESSION: Any = None

# splink's input columns (``_splink.row``), typed: Spark cannot infer a type for a column
# whose values are all missing in a batch
_COLUMNS = [("unique_id", "s"), ("pair_key", "l"), ("name_norm", "s"), ("name_sorted", "s"),
            ("tokens", "l"), ("country", "s"), ("kind", "s"), ("suffix", "s"), ("family", "s")]


def spark_session(work_dir: str | Path | None = None) -> Any:
    """The process's Spark session (created on first use; later calls reuse it)."""
    global _SESSION
    if _SESSION is not None:
        return _SESSION
    try:
        from pyspark.sql import SparkSession
    except ImportError as err:
        raise ConfigError("the spark engine needs pyspark: pip install 'ownergraph[spark]' "
                          "(and Java 17 or later)") from err
    from splink.backends.spark import similarity_jar_location

    root = Path(work_dir) if work_dir else Path(tempfile.mkdtemp(prefix="ownergraph-spark-"))
    root.mkdir(parents=True, exist_ok=True)
    log4j = root / "log4j2.properties"
    log4j.write_text(_LOG4J)
    java = f"-Dlog4j2.configurationFile=file:{log4j}"
    parts = str(max(2, 2 * (os.cpu_count() or 1)))
    master = os.environ.get("OWNERGRAPH_SPARK_MASTER", "local[*]")
    # a local driver's ports (its RPC and block manager) listen on loopback, not on the host's
    # address; a cluster's executors must reach the driver, so there its host is configured
    host = os.environ.get("OWNERGRAPH_SPARK_DRIVER_HOST", "127.0.0.1" if master.startswith("local") else "")
    builder = SparkSession.builder.master(master)
    if host:
        builder = builder.config("spark.driver.host", host).config("spark.driver.bindAddress", host)
    session = (builder
               .appName("ownergraph")
               .config("spark.driver.memory", os.environ.get("OWNERGRAPH_SPARK_MEMORY", "1g"))
               .config("spark.driver.extraJavaOptions", java)
               .config("spark.jars", similarity_jar_location())
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.shuffle.partitions", parts)
               .config("spark.default.parallelism", parts)
               # a broadcast join sized by estimate runs out of a small driver's memory on a
               # 20k-mention batch against a 50k-name index (measured): sort-merge joins only
               .config("spark.sql.autoBroadcastJoinThreshold", "-1")
               .config("spark.sql.session.timeZone", "UTC")
               .config("spark.sql.execution.arrow.pyspark.enabled", "true")
               # DuckDB writes proleptic Gregorian dates (0001-01-01 is the open start)
               .config("spark.sql.parquet.datetimeRebaseModeInRead", "CORRECTED")
               .config("spark.sql.parquet.int96RebaseModeInRead", "CORRECTED")
               .config("spark.local.dir", str(root / "local"))
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    session.sparkContext.setCheckpointDir(str(root / "checkpoints"))
    _SESSION = session
    return session


def _table(rows: Sequence[dict[str, Any]]) -> Any:
    import pyarrow as pa

    types = {"s": pa.string(), "l": pa.list_(pa.string())}
    schema = pa.schema([(name, types[t]) for name, t in _COLUMNS])
    return pa.Table.from_pylist(list(rows), schema=schema)


def predict_spark(settings: Any, candidates: Sequence[dict[str, Any]],
                  mentions: Sequence[dict[str, Any]], floor: float,
                  work_dir: str | None) -> list[tuple[str, str, str, float]]:
    """(source_dataset_l, unique_id_l, unique_id_r, match_probability) of the pairs >= floor."""
    from splink import Linker, SparkAPI

    spark = spark_session(work_dir)
    db = SparkAPI(spark_session=spark, break_lineage_method="parquet",
                  num_partitions_on_repartition=int(spark.conf.get("spark.sql.shuffle.partitions")))
    try:
        left = db.register(spark.createDataFrame(_table(candidates)), dataset_display_name="a_index")
        right = db.register(spark.createDataFrame(_table(mentions)), dataset_display_name="b_mentions")
        linker = Linker([left, right], settings, log_level=None)
        pred = linker.inference.predict(threshold_match_probability=floor, warning_mode="never")
        got = spark.sql("SELECT source_dataset_l, unique_id_l, unique_id_r, match_probability "
                        f"FROM {pred.physical_name}").collect()
        pred.drop_table_from_database_and_remove_from_cache()
    finally:  # the next batch registers its inputs under the same names
        for name in ("a_index", "b_mentions"):
            spark.catalog.dropTempView(name)
    return [(r[0], r[1], r[2], float(r[3])) for r in got]
