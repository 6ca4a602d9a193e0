"""``export_parquet``: the dated ownership edges and the entities of the graph as two Parquet
files, for graph-wide batch jobs off the database (``graph.analytics.batch``).

``edges.parquet`` has one row per stored edge version of type OWNS or CONTROLS (every version on
both clocks, not a snapshot: a job filters them with ``valid_from <= as_of < valid_to`` and
``known_from <= known_at < known_to``); open bounds keep the stored sentinels (valid time
0001-01-01 / 9999-12-31, knowledge time 9999-12-31T23:59:59), so the filters are plain range
tests. Knowledge times are UTC (``TIMESTAMP``, no zone). ``entities.parquet`` has key, LEI, name,
kind and stub. Both are read page by page in key order (keyset paging) and written by DuckDB
(a dependency already; pyarrow is not).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from ownergraph.graph.connection import Graph
from ownergraph.ingest.errors import OwnergraphError

EDGE_TYPES = ("OWNS", "CONTROLS")
PAGE = 5000  # owners (or entities) per round trip

# column -> DuckDB type; the order is the files' column order
EDGE_COLUMNS: dict[str, str] = {
    "owner": "VARCHAR", "owned": "VARCHAR", "type": "VARCHAR",
    "stake_lo": "DOUBLE", "stake_hi": "DOUBLE", "stake_exact": "BOOLEAN",
    "stake_lo_inclusive": "BOOLEAN", "stake_hi_inclusive": "BOOLEAN",
    "interest": "VARCHAR", "direct": "BOOLEAN", "control_kind": "VARCHAR", "share_class": "VARCHAR",
    "valid_from": "DATE", "valid_to": "DATE", "known_from": "TIMESTAMP", "known_to": "TIMESTAMP",
    "statement_id": "VARCHAR", "fact_key": "VARCHAR", "source_system": "VARCHAR",
    "source_record_id": "VARCHAR", "source_kind": "VARCHAR",
}
ENTITY_COLUMNS: dict[str, str] = {"key": "VARCHAR", "lei": "VARCHAR", "name": "VARCHAR", "kind": "VARCHAR",
                                  "stub": "BOOLEAN"}
_TIMES = ("valid_from", "valid_to", "known_from", "known_to")

Progress = Callable[[str, int, int], None]  # (what, done, total)


class ExportError(OwnergraphError):
    """The export could not be written (the folder, or a file in it)."""


@dataclass(frozen=True)
class ExportSummary:
    out_dir: Path
    entities: int
    edges: int
    entities_file: Path
    edges_file: Path
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        return {"out_dir": str(self.out_dir), "entities": self.entities, "edges": self.edges,
                "entities_file": str(self.entities_file), "edges_file": str(self.edges_file),
                "seconds": round(self.seconds, 3)}


def _iso(v: Any) -> str | None:
    """A stored date / datetime as ISO text DuckDB casts (UTC, no zone: pandas' nanosecond
    timestamps end in 2262, before the 9999 sentinels, so times travel as text)."""
    if v is None:
        return None
    v = v.to_native() if hasattr(v, "to_native") else v
    if isinstance(v, datetime) and v.tzinfo is not None:
        v = v.astimezone(timezone.utc).replace(tzinfo=None)
    return v.isoformat()


def _frame(rows: list[dict[str, Any]], columns: dict[str, str]) -> pd.DataFrame:
    for r in rows:
        for t in _TIMES:
            if t in r:
                r[t] = _iso(r[t])
    return pd.DataFrame(rows, columns=list(columns), dtype=object)


def _table(con: duckdb.DuckDBPyConnection, name: str, columns: dict[str, str]) -> None:
    con.execute(f"CREATE TABLE {name} ({', '.join(f'{c} {t}' for c, t in columns.items())})")


def _append(con: duckdb.DuckDBPyConnection, name: str, frame: pd.DataFrame, columns: dict[str, str]) -> None:
    con.register("page_frame", frame)
    casts = ", ".join(f"CAST({c} AS {t})" for c, t in columns.items())
    con.execute(f"INSERT INTO {name} SELECT {casts} FROM page_frame")
    con.unregister("page_frame")


def _pages(graph: Graph, query: str, key: str, **params: Any) -> Iterable[list[dict[str, Any]]]:
    after = ""
    while True:
        rows = graph.read(query, after=after, limit=PAGE, **params)
        if not rows:
            return
        yield rows
        after = rows[-1][key]


def export_parquet(graph: Graph, out_dir: str | Path, *, progress: Progress | None = None,
                   types: Iterable[str] = EDGE_TYPES) -> ExportSummary:
    """Write ``entities.parquet`` and ``edges.parquet`` into ``out_dir`` (created; files there
    are replaced)."""
    import time

    start = time.perf_counter()
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ExportError(f"{out}: cannot create the export folder ({err.strerror})") from err
    types = sorted(set(types) & set(EDGE_TYPES)) or list(EDGE_TYPES)
    total = graph.read("export_count", types=types)[0]
    con = duckdb.connect()
    _table(con, "entities", ENTITY_COLUMNS)
    _table(con, "edges", EDGE_COLUMNS)
    done = 0
    for rows in _pages(graph, "export_entities", "key"):
        _append(con, "entities", _frame(rows, ENTITY_COLUMNS), ENTITY_COLUMNS)
        done += len(rows)
        if progress:
            progress("entities", done, total["entities"])
    done = 0
    for rows in _pages(graph, "export_edges", "last", types=types):
        edges = [e for r in rows for e in r["edges"] if e is not None]
        if edges:
            _append(con, "edges", _frame(edges, EDGE_COLUMNS), EDGE_COLUMNS)
        done += len(edges)
        if progress:
            progress("edges", done, total["edges"])
    files = {name: out / f"{name}.parquet" for name in ("entities", "edges")}
    for name, path in files.items():
        try:
            con.execute(f"COPY (SELECT * FROM {name}) TO '{_sql_path(path)}' (FORMAT parquet, COMPRESSION zstd)")
        except duckdb.IOException as err:
            raise ExportError(f"{path}: cannot write ({err})") from err
    n_entities, n_edges = (con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("entities", "edges"))
    con.close()
    return ExportSummary(out, n_entities, n_edges, files["entities"], files["edges"], time.perf_counter() - start)


def _sql_path(path: Path) -> str:
    """A path as a SQL string literal body (COPY takes no parameter for its target)."""
    return str(path).replace("'", "''")
