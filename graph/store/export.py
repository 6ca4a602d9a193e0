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

from ownergraph.graph.load import claims
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.errors import OwnergraphError
from ownergraph.domain.codes import EdgeType

EDGE_TYPES = (EdgeType.OWNERSHIP, EdgeType.CONTROL)
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
    # the other edge types' own properties (graph.export writes every type; this export OWNS/CONTROLS)
    "level": "VARCHAR", "accounting_standard": "VARCHAR", "fund_kind": "VARCHAR", "amount": "DOUBLE",
    "currency": "VARCHAR", "relationship": "VARCHAR", "action": "VARCHAR", "document_id": "VARCHAR",
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
    claims_left_out: int = 0  # text claims the analytics leave out (pending or rejected)
    claim_threshold: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"out_dir": str(self.out_dir), "entities": self.entities, "edges": self.edges,
                "entities_file": str(self.entities_file), "edges_file": str(self.edges_file),
                "seconds": round(self.seconds, 3), "claims_left_out": self.claims_left_out,
                "claim_threshold": self.claim_threshold}


def _iso(v: Any) -> str | None:
    """A stored date / datetime as ISO text DuckDB casts (UTC, no zone: pandas' nanosecond
    timestamps end in 2262, before the 9999 sentinels, so times travel as text)."""
    if v is None or isinstance(v, str):
        return v
    v = v.to_native() if hasattr(v, "to_native") else v
    if isinstance(v, datetime) and v.tzinfo is not None:
        v = v.astimezone(timezone.utc).replace(tzinfo=None)
    return v.isoformat()


def _frame(rows: list[dict[str, Any]], columns: dict[str, str]) -> pd.DataFrame:
    """Rows as text-safe columns (a missing key is null)."""
    data = {c: [_iso(r.get(c)) for r in rows] if c in _TIMES else [r.get(c) for r in rows] for c in columns}
    return pd.DataFrame(data, columns=list(columns), dtype=object)


class ParquetWriter:
    """Rows in, the two export files out: the one writer of the export's schema (the export
    and the benchmarks' generated graphs use it). Rows are dicts with the columns' names;
    dates and datetimes may be Neo4j's or Python's."""

    def __init__(self) -> None:
        self._con = duckdb.connect()
        for name, columns in (("entities", ENTITY_COLUMNS), ("edges", EDGE_COLUMNS)):
            self._con.execute(f"CREATE TABLE {name} ({', '.join(f'{c} {t}' for c, t in columns.items())})")

    def _append(self, name: str, rows: list[dict[str, Any]], columns: dict[str, str]) -> None:
        if not rows:
            return
        self._con.register("page_frame", _frame(rows, columns))
        casts = ", ".join(f"CAST({c} AS {t})" for c, t in columns.items())
        self._con.execute(f"INSERT INTO {name} SELECT {casts} FROM page_frame")
        self._con.unregister("page_frame")

    def add_entities(self, rows: list[dict[str, Any]]) -> None:
        self._append("entities", rows, ENTITY_COLUMNS)

    def add_edges(self, rows: list[dict[str, Any]]) -> None:
        self._append("edges", rows, EDGE_COLUMNS)

    def count(self, name: str) -> int:
        return int(self._con.execute(f"SELECT count(*) FROM {name}").fetchone()[0])

    def write(self, out_dir: Path) -> dict[str, Path]:
        """``entities.parquet`` and ``edges.parquet`` in ``out_dir`` (created; replaced)."""
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise ExportError(f"{out_dir}: cannot create the export folder ({err.strerror})") from err
        files = {name: out_dir / f"{name}.parquet" for name in ("entities", "edges")}
        for name, path in files.items():
            try:
                self._con.execute(f"COPY (SELECT * FROM {name} ORDER BY ALL) TO '{_sql_path(path)}' "
                                  "(FORMAT parquet, COMPRESSION zstd)")
            except duckdb.Error as err:
                raise ExportError(f"{path}: cannot write ({str(err).splitlines()[0]})") from err
        return files

    def close(self) -> None:
        self._con.close()


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
    are replaced). Text claims the analytics leave out at the claim threshold in force
    (:func:`graph.load.claims.claims_at`, else the settings') are left out of the edges too, and
    counted, so a batch job never counts a claim ``owners`` would not."""
    import time

    start = time.perf_counter()
    at = claims.threshold()
    left_out = claims.excluded(graph, at)
    dropped = 0
    types = sorted(set(types) & set(EDGE_TYPES)) or list(EDGE_TYPES)
    total = graph.read("export_count", types=types)[0]
    writer = ParquetWriter()
    try:
        done = 0
        for rows in _pages(graph, "export_entities", "key"):
            writer.add_entities(rows)
            done += len(rows)
            if progress:
                progress("entities", done, total["entities"])
        done = 0
        for rows in _pages(graph, "export_edges", "last", types=types):
            edges = [e for r in rows for e in r["edges"] if e is not None]
            kept = [e for e in edges if e.get("statement_id") not in left_out]
            dropped += len(edges) - len(kept)
            writer.add_edges(kept)
            done += len(edges)
            if progress:
                progress("edges", done, total["edges"])
        files = writer.write(Path(out_dir))
        n_entities, n_edges = writer.count("entities"), writer.count("edges")
    finally:
        writer.close()
    return ExportSummary(Path(out_dir), n_entities, n_edges, files["entities"], files["edges"],
                         time.perf_counter() - start, claims_left_out=dropped, claim_threshold=at)


def _sql_path(path: Path) -> str:
    """A path as a SQL string literal body (COPY takes no parameter for its target)."""
    return str(path).replace("'", "''")
