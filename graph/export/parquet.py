"""An export as Parquet: ``entities.parquet`` (the nodes) and ``edges.parquet`` (every exported
edge version, every type, both clocks as stored) in the schema of ``ownergraph export --parquet``
(:class:`graph.store.export.ParquetWriter`, so ``ownergraph batch`` reads a group's export as it
reads the whole graph's), and ``facts.parquet`` (sanctions and reporting exceptions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from ownergraph.graph.export.select import Selection
from ownergraph.graph.export.values import day, instant
from ownergraph.graph.store.export import ExportError, ParquetWriter

FACT_COLUMNS = ("entity", "fact", "reason", "level", "authority", "programme", "valid_from", "valid_to",
                "known_from", "known_to", "fact_key", "statement_id", "source_system", "source_record_id")


def write(sel: Selection, out_dir: Path) -> dict[str, tuple[Path, int]]:
    writer = ParquetWriter()
    try:
        writer.add_entities([{"key": k, "lei": v["props"].get("lei"), "name": v["props"].get("name"),
                              "kind": v["props"].get("kind"), "stub": bool(v["props"].get("stub"))}
                             for k, v in sorted(sel.entities.items())])
        writer.add_edges([{"owner": e["source"], "owned": e["target"], "type": e["type"]} | e["props"]
                          for e in sel.edges])
        files = writer.write(out_dir)
        out = {name: (path, writer.count(name)) for name, path in files.items()}
    finally:
        writer.close()
    out["facts"] = (_facts(sel, out_dir / "facts.parquet"), len(sel.facts))
    return out


def _facts(sel: Selection, path: Path) -> Path:
    rows: list[dict[str, Any]] = [{"entity": f["entity"], "fact": f["label"]} | {
        c: f["props"].get(c) for c in FACT_COLUMNS[2:]} for f in sel.facts]
    for r in rows:  # open bounds as null; times as text DuckDB casts (pandas ends in 2262)
        r["valid_from"], r["valid_to"] = day(r["valid_from"]), day(r["valid_to"])
        r["known_from"], r["known_to"] = instant(r["known_from"]), instant(r["known_to"])
    frame = pd.DataFrame(rows, columns=list(FACT_COLUMNS), dtype=object)  # noqa: F841 (read by name)
    con = duckdb.connect()
    try:
        con.execute("CREATE TABLE facts AS SELECT entity, fact, reason, level, authority, programme, "
                    "CAST(valid_from AS DATE) AS valid_from, CAST(valid_to AS DATE) AS valid_to, "
                    "CAST(known_from AS TIMESTAMPTZ) AS known_from, CAST(known_to AS TIMESTAMPTZ) AS known_to, "
                    "fact_key, statement_id, source_system, source_record_id FROM frame")
        con.execute(f"COPY facts TO '{str(path).replace(chr(39), chr(39) * 2)}' (FORMAT parquet)")
    except duckdb.Error as err:
        raise ExportError(f"{path}: cannot write ({str(err).splitlines()[0]})") from err
    finally:
        con.close()
    return path


__all__ = ["FACT_COLUMNS", "write"]
