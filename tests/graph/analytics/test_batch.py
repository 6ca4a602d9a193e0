"""Graph-wide batch ownership (graph.analytics.batch) on the Parquet export (graph.export):
hand-computed figures on small exports, and on a graph loaded from a real BODS sample, a UK PSC
file and a generated world, the same stakes and UBOs as the per-entity analytics for every
entity at two clocks."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import duckdb
import pytest

from ownergraph.graph.analytics.batch import BatchError, batch_ownership
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.store.export import ParquetWriter
from tests.neo4j_fixtures import point_cli_at

# per-entity answers the batch does not reproduce by design (module notes of graph.analytics.batch)
_NOT_COMPARED = {"declared_used", "declared_indirect", "declared_mismatch", "walk_sum_diverges"}


def _edge(owner: str, owned: str, lo: float | None, hi: float | None, **kw: Any) -> dict[str, Any]:
    row = {"owner": owner, "owned": owned, "type": "OWNS", "stake_lo": lo, "stake_hi": hi,
           "valid_from": "0001-01-01", "valid_to": "9999-12-31",
           "known_from": "2000-01-01 00:00:00", "known_to": "9999-12-31 23:59:59"}
    return row | kw


def _export(tmp: Path, edges: list[dict[str, Any]], people: frozenset[str] = frozenset()) -> Path:
    keys = sorted({e["owner"] for e in edges} | {e["owned"] for e in edges})
    writer = ParquetWriter()
    writer.add_edges(edges)
    writer.add_entities([{"key": k, "name": k.upper(), "kind": "person" if k in people else "company"} for k in keys])
    writer.write(tmp)
    return tmp


def _stakes(res: Any) -> dict[tuple[str, str], tuple[float, float]]:
    return {(a, b): (lo, hi) for a, b, lo, hi in res.stakes[["owner", "owned", "stake_lo", "stake_hi"]]
            .itertuples(index=False)}


def test_chains_multiply_and_add_and_bands_carry_both_ends(tmp_path: Path) -> None:
    # p -30%-> a -30%-> c and p -20%-> c: 9% + 20% = 29%; b holds a band 10-40% of c
    res = batch_ownership(_export(tmp_path, [_edge("p", "a", 0.3, 0.3), _edge("a", "c", 0.3, 0.3),
                                             _edge("p", "c", 0.2, 0.2), _edge("b", "c", 0.1, 0.4)], frozenset({"p"})))
    s = _stakes(res)
    assert s[("p", "c")] == pytest.approx((0.29, 0.29))
    assert s[("b", "c")] == pytest.approx((0.1, 0.4))
    ubo = {(r.owned, r.owner): r.status for r in res.ubo.itertuples()}
    # p: 29% >= 25% certainly; b (top holder) 10-40%: possibly; a holds 30% of c but is owned by p
    assert ubo == {("c", "p"): "certainly", ("a", "p"): "certainly", ("c", "b"): "possibly"}


def test_cross_holding_returns_to_the_source_are_removed(tmp_path: Path) -> None:
    # x 50% of a; a and b hold 50% of each other; b 60% of t. Walks x->a(->b->a)*->b->t:
    # 0.5 * 0.5 * 0.6 / (1 - 0.25) = 0.2; a in t: 0.5*0.6/(1-0.25) divided by G[a,a] = 1/(1-0.25) -> 0.3
    edges = [_edge("x", "a", 0.5, 0.5), _edge("a", "b", 0.5, 0.5), _edge("b", "a", 0.5, 0.5), _edge("b", "t", 0.6, 0.6)]
    s = _stakes(batch_ownership(_export(tmp_path, edges)))
    assert s[("x", "t")][0] == pytest.approx(0.2, abs=1e-12)
    assert s[("a", "t")][0] == pytest.approx(0.3, abs=1e-12)
    assert s[("a", "b")][0] == pytest.approx(0.5, abs=1e-12)  # a never comes back to itself


def test_clocks_treasury_parallel_edges_missing_stakes_and_declared(tmp_path: Path) -> None:
    edges = [_edge("a", "t", 0.6, 0.6, valid_to="2020-01-01"),  # sold on 2020-01-01
             _edge("b", "t", 0.3, 0.3, known_from="2024-06-01 00:00:00"),  # learnt in June 2024
             _edge("t", "t", 0.1, 0.1),  # treasury: dropped
             _edge("c", "t", 0.05, 0.05), _edge("c", "t", 0.1, 0.2),  # two classes: hull 5-20%
             _edge("d", "t", None, None),  # no figure: [0, 1], capped at what a and c leave (35%)
             _edge("e", "t", 0.4, 0.4, direct=False)]  # declared indirect: left out
    res = batch_ownership(_export(tmp_path, edges), as_of="2019-06-30", known_at="2024-01-01")
    assert _stakes(res) == {("a", "t"): (0.6, 0.6), ("c", "t"): pytest.approx((0.05, 0.2)),
                            ("d", "t"): pytest.approx((0.0, 0.35))}
    assert res.summary["declared_left_out"] == 1
    later = _stakes(batch_ownership(tmp_path, as_of="2021-01-01", known_at="2025-01-01"))
    assert ("a", "t") not in later and later[("b", "t")] == (0.3, 0.3)


def test_a_cycle_at_100_percent_is_reported_not_looped_forever(tmp_path: Path) -> None:
    edges = [_edge("a", "b", 1.0, 1.0), _edge("b", "a", 1.0, 1.0), _edge("a", "t", 0.5, 0.5)]
    res = batch_ownership(_export(tmp_path, edges))
    assert res.summary["steps"] < 300  # found diverging, not followed to MAX_STEPS
    assert set(res.stakes[res.stakes["diverged"]]["owned"]) == {"a", "b", "t"}
    assert res.stakes["stake_hi"].max() <= 1.0
    # a band of unknown upper end around a converging cycle: hi diverges, lo stays exact
    edges = [_edge("a", "b", 0.5, 1.0), _edge("b", "a", 0.5, 1.0), _edge("b", "t", 0.6, 0.6)]
    s = _stakes(batch_ownership(_export(tmp_path / "band", edges)))
    assert s[("a", "t")] == pytest.approx((0.3, 1.0), abs=1e-12)  # lo: 0.5*0.6/(1-0.25) / (1/(1-0.25))


def test_missing_or_broken_export_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BatchError, match="edges.parquet: not found"):
        batch_ownership(tmp_path)
    (tmp_path / "edges.parquet").write_text("not parquet")
    (tmp_path / "entities.parquet").write_text("not parquet")
    with pytest.raises(BatchError, match="edges.parquet"):
        batch_ownership(tmp_path)


def _per_entity_matches(graph: Graph, keys: list[str], res: Any, as_of: str, known_at: datetime) -> tuple[int, int]:
    from ownergraph.graph.analytics.ownership import owners

    stakes = _stakes(res)
    ubo = {(r.owned, r.owner): r.status for r in res.ubo.itertuples()}
    compared = rows = 0
    for key in keys:
        one = owners(graph, key, as_of=as_of, known_at=known_at, semantics="walk_sum", control_edges=False)
        if {w.code for w in one.warnings} & _NOT_COMPARED:
            continue
        compared += 1
        seen = set()
        for row in one.rows:
            rows += 1
            lo, hi = stakes.get((row.key, key), (0.0, 0.0))
            assert (lo, hi) == pytest.approx((row.stake.lo, row.stake.hi), abs=1e-9), (row.key, key)
            if row.stake.hi > 0:
                seen.add(row.key)
            is_ubo = row.status != "not" and (row.is_natural_person or row.is_ultimate)
            assert ubo.get((key, row.key)) == (row.status if is_ubo else None), (row.key, key)
        assert {a for (a, b) in stakes if b == key} == seen, key
    return compared, rows


def test_batch_equals_the_per_entity_analytics_on_real_samples_and_a_world(graph: Graph, real_data: Path,
                                                                             tmp_path: Path) -> None:
    from ownergraph.demo import world_inputs
    from ownergraph.graph.store.export import export_parquet
    from ownergraph.graph.load.pipeline import ingest_paths
    from ownergraph.worldgen import generate_world

    generate_world(300, 7, tmp_path / "world")
    files = (world_inputs(tmp_path / "world") + sorted((real_data / "bods" / "0.4").glob("*.json"))
             + [real_data / "uk-psc" / "psc-data-2.json"])
    ingest_paths(graph, files)
    summary = export_parquet(graph, tmp_path / "export")
    assert summary.entities > 300 and summary.edges > 300
    keys = [k for (k,) in duckdb.sql(f"SELECT key FROM '{summary.entities_file}' ORDER BY key").fetchall()]
    assert len(keys) == summary.entities
    now = datetime.now(timezone.utc)
    for as_of, known_at in (("2026-06-30", now), ("2021-06-30", datetime(2022, 1, 1, tzinfo=timezone.utc))):
        res = batch_ownership(tmp_path / "export", as_of=as_of, known_at=known_at)
        compared, rows = _per_entity_matches(graph, keys, res, as_of, known_at)
        assert compared > len(keys) - 10 and rows > 100, (as_of, compared, rows)
    # bods-package-entity-owning-entity.json, relationship 0f31559c6eec: MVJ LIMITED holds a
    # share of JENEX LIMITED with "minimum": 75, "exclusiveMaximum": 100
    names = dict(duckdb.sql(f"SELECT name, key FROM '{summary.entities_file}'").fetchall())
    res = batch_ownership(tmp_path / "export")
    assert _stakes(res)[(names["MVJ LIMITED"], names["JENEX LIMITED"])] == pytest.approx((0.75, 1.0))


def test_batch_command_json_out_and_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from click.testing import CliRunner

    from ownergraph.cli import cli

    _export(tmp_path / "export", [_edge("p", "a", 0.3, 0.3), _edge("a", "c", 0.3, 0.3), _edge("p", "c", 0.2, 0.2)],
            frozenset({"p"}))
    runner = CliRunner()
    js = runner.invoke(cli, ["batch", str(tmp_path / "export"), "--json", "--out", str(tmp_path / "out")])
    assert js.exit_code == 0, js.output
    assert json.loads(js.output)["summary"]["ubo_rows"] == 2  # p in a (30%) and in c (29%)
    ubo = duckdb.sql(f"SELECT owned, owner, status FROM '{tmp_path / 'out' / 'ubo.parquet'}' ORDER BY owned").fetchall()
    assert ubo == [("a", "p", "certainly"), ("c", "p", "certainly")]
    plain = runner.invoke(cli, ["batch", str(tmp_path / "export"), "--rule", "amld_gt25"])
    assert plain.exit_code == 0 and "UBOs (amld_gt25): 2 rows for 2 entities" in plain.output
    from ownergraph.cli import main

    assert main(["batch", str(tmp_path / "nowhere")]) != 0  # through the CLI's error guard
    err = capsys.readouterr().err
    assert "nowhere/edges.parquet: not found" in err and "Traceback" not in err
    bad = runner.invoke(cli, ["batch", str(tmp_path / "export"), "--as-of", "30/06/2018"])
    assert bad.exit_code == 2 and "--as-of" in bad.output


def test_export_command_writes_the_bods_sample(graph: Graph, real_data: Path, neo4j_settings: Any,
                                               monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from ownergraph.cli import cli
    from ownergraph.graph.load.pipeline import ingest_paths

    point_cli_at(monkeypatch, neo4j_settings, graph.database)
    ingest_paths(graph, [real_data / "bods" / "0.4" / "bods-package-entity-owning-entity.json"])
    res = CliRunner().invoke(cli, ["export", "--parquet", str(tmp_path / "export"), "--json"])
    assert res.exit_code == 0, res.output
    # the file has two entity statements (JENEX LIMITED, MVJ LIMITED) and one relationship
    assert {k: json.loads(res.output)[k] for k in ("entities", "edges")} == {"entities": 2, "edges": 1}
    edge = duckdb.sql(f"SELECT type, stake_lo, stake_hi, known_from, known_to, source_record_id "
                      f"FROM '{tmp_path / 'export' / 'edges.parquet'}'").fetchall()
    # relationship 0f31559c6eec: shareholding "minimum": 75, "exclusiveMaximum": 100, statementDate
    # 2016-06-30 (known from then, still known), statementId 85e7cbb2-992d-4bd2-a2f7-1274b1137f6d
    assert edge[0][:3] == ("OWNS", 0.75, 1.0)
    assert edge[0][3] == datetime(2016, 6, 30) and edge[0][4].year == 9999
    assert edge[0][5] == "85e7cbb2-992d-4bd2-a2f7-1274b1137f6d"
