"""The plain-text layout: figures as a person writes them, tables that fit 80 columns."""

from __future__ import annotations

import pytest

from ownergraph.cli import text as T


def test_figures_read_as_written() -> None:
    assert T.pct(0.725) == "72.5%"
    assert T.pct(0.25, 0.5) == "25–50%"
    assert T.pct(0.18125, 0.3625, digits=3) == "18.1–36.3%" and T.pct(0.18125, 0.3625) == "18.13–36.25%"
    assert T.pct(1.0) == "100%" and T.pct(0.000123) == "0.0123%"
    assert T.pct(None) == "" and T.pct(float("nan")) == ""
    assert T.money(150_000_000, "EUR") == "EUR 150,000,000"
    assert T.money_short(150_000_000, "EUR") == "EUR 150m" and T.money_short(1_750_000, "GBP") == "GBP 1.75m"
    assert T.plain(True) == "yes" and T.plain(None) == "" and T.plain(float("nan")) == ""
    assert T.day("9999-12-31") == "" and T.day("2019-04-10T00:00:00+00:00") == "2019-04-10"
    assert T.moment("2026-12-01T21:38:11.172036+00:00") == "2026-12-01 21:38 UTC"


def test_a_table_fits_80_columns_cutting_paths_before_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    rows = [["Harbourline Holdings PLC", "72.5%", "yes", "direct", "2019-04-10"],
            ["Ivan Petrov (UBO)", "18.1–36.3%", "maybe",
             "Valtora Investments Ltd › Harbourline Holdings PLC › Harbourline Group Limited", "2019-04-10"]]
    lines = T.table(["owner", "stake", "owner?", "via", "since"], rows, right={1}, flex=(3, 0))
    assert all(len(line) <= 80 for line in lines)
    assert lines[0].split() == ["owner", "stake", "owner?", "via", "since"]
    assert lines[1].split()[:3] == ["Harbourline", "Holdings", "PLC"]  # the name whole
    assert "Valtora Investments" in lines[2] and "…" in lines[2]  # the path cut
    monkeypatch.setenv("COLUMNS", "200")
    assert "Harbourline Group Limited" in T.table(["owner", "stake", "owner?", "via", "since"], rows,
                                                  flex=(3, 0))[2]


def test_pairs_align_and_nest() -> None:
    assert T.pairs([("running", True), ("uri", "bolt://127.0.0.1:7687"), ("nodes", {"Entity": 57})]) == [
        "running: yes", "uri:     bolt://127.0.0.1:7687", "nodes:", "  Entity: 57"]


def test_quality_command_offers_the_analytics_kinds() -> None:
    from ownergraph.cli import quality_cmd
    from ownergraph.graph.analytics import quality

    assert tuple(quality_cmd._TITLE) == quality.KINDS and quality_cmd.LIMIT == quality.LIMIT
