"""The Parquet export leaves out the text claims the analytics leave out, so `batch` never counts
a claim `owners` would not. Real 8-K (Home Health Corporation of America, 1997): "Under the terms
of the Merger Agreement, USHO will become a wholly-owned subsidiary of HHCA" is a future
statement (hedged, confidence 0.35), below the default threshold 0.5."""

from __future__ import annotations

from pathlib import Path

import duckdb

from ownergraph.graph.load.claims import claims_at
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.store.export import export_parquet
from ownergraph.graph.load.pipeline import ingest_paths

FILING = (Path(__file__).resolve().parents[1] / "fixtures" / "real" / "filings" / "8-K"
          / "1000685_8K_1997_0001036050-97-000815.txt")


def _claims(summary) -> list[tuple]:
    return duckdb.sql(f"SELECT owner, owned FROM '{summary.edges_file}' "
                      "WHERE source_kind = 'text_claim'").fetchall()


def test_claims_below_the_threshold_are_not_exported(graph: Graph, tmp_path: Path) -> None:
    ingest_paths(graph, [FILING])
    held = export_parquet(graph, tmp_path / "default")
    assert held.claims_left_out >= 1 and held.claim_threshold == 0.5
    names = dict(duckdb.sql(f"SELECT key, name FROM '{held.entities_file}'").fetchall())
    assert not [(names[a], names[b]) for a, b in _claims(held) if "HomeCare" in names[b]]
    with claims_at(0.3):
        low = export_parquet(graph, tmp_path / "low")
    assert low.claims_left_out < held.claims_left_out
    assert [(names[a], names[b]) for a, b in _claims(low) if "HomeCare" in names[b]]
    assert low.edges == held.edges + held.claims_left_out - low.claims_left_out
