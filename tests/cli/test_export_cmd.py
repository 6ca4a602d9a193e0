"""``ownergraph export``: the formats with --json, the errors as JSON, and ``--parquet DIR``
(the batch job's input) as before; against the real Neo4j, on real GLEIF records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.cli import main
from ownergraph.cli.export_cmd import GROUP_DEPTH
from ownergraph.graph.export.select import GROUP_DEPTH as SELECT_DEPTH
from ownergraph.graph.load.pipeline import ingest_paths
from tests.neo4j_fixtures import point_cli_at

GC = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "gleif" / "golden-copy"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture()
def cli_graph(graph, neo4j_settings, monkeypatch):  # type: ignore[no-untyped-def]
    ingest_paths(graph, [GC / "lei-data.xml", GC / "rr-data.xml", GC / "repex-data.xml"])
    point_cli_at(monkeypatch, neo4j_settings)
    return graph


def test_each_format_with_json(cli_graph, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    for fmt, name in (("bods", "statements.bods.json"), ("ftm", "entities.ftm.json"),
                      ("graphml", "graph.graphml"), ("parquet", "edges.parquet")):
        code, out, err = _run(capsys, "export", "010CMKZ3VON21WF2ZD45", "--format", fmt, "--out",
                              str(tmp_path / fmt), "--as-of", "2023-06-30", "--json")
        assert code == 0, out + err
        res = json.loads(out)
        assert res["scope"] == "group" and res["entity"]["key"] == "010CMKZ3VON21WF2ZD45"
        assert name in {f["name"] for f in res["files"]}
        assert json.loads((tmp_path / fmt / "manifest.json").read_text())["counts"] == res["counts"]
    code, out, err = _run(capsys, "export", "--format", "bods", "--out", str(tmp_path / "all"))
    assert code == 0 and "every version" in out and "gleif (CC0-1.0)" in out


def test_errors_are_clear_and_json(cli_graph, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = _run(capsys, "export", "No Such Company Zzyzx", "--format", "bods", "--out", str(tmp_path), "--json")
    assert code == 2 and json.loads(out)["error"]["type"] == "EntityNotFound"
    code, out, _ = _run(capsys, "export", "--format", "ftm", "--out", str(tmp_path), "--as-of", "30/06/2023", "--json")
    error = json.loads(out)["error"]
    assert code == 2 and error["type"] == "ExportScopeError" and "--as-of" in error["message"]
    code, out, _ = _run(capsys, "export", "--format", "ftm", "--json")
    assert code == 2 and "--out" in json.loads(out)["error"]["message"]
    code, _, err = _run(capsys, "export", "X", "--parquet", str(tmp_path))
    assert code == 2 and "--format parquet" in err


def test_parquet_option_keeps_working(cli_graph, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    code, out, err = _run(capsys, "export", "--parquet", str(tmp_path), "--json")
    assert code == 0, out + err
    res = json.loads(out)
    assert res["edges"] == 0 and res["entities"] > 0  # GLEIF gives consolidation, not OWNS / CONTROLS
    assert (tmp_path / "edges.parquet").exists() and (tmp_path / "entities.parquet").exists()


def test_the_cli_default_depth_is_the_selections() -> None:
    assert GROUP_DEPTH == SELECT_DEPTH
