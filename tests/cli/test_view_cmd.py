"""``ownergraph view``: the page written, a bad ``--with`` a usage error naming the option."""

from __future__ import annotations

from pathlib import Path

import pytest

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"


def test_the_command_writes_the_page(cli_on_test_graph, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ownergraph.cli import main
    from ownergraph.graph.load.pipeline import ingest_paths

    ingest_paths(cli_on_test_graph, [BUNDLE])
    out = tmp_path / "x.html"
    assert main(["view", "Harbourline Shipping Limited", "--with", "lending,guarantees", "--as-of", "2024-06-30",
                 "--out", str(out), "--json"]) == 0
    assert 'id="og-data"' in out.read_text(encoding="utf-8")
    assert main(["view", "Harbourline Shipping Limited", "--with", "mortgages", "--out", str(out)]) == 2
    assert "--with" in capsys.readouterr().err
