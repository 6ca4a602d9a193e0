"""The analytics commands end to end: the real CLI, connecting to the test Neo4j."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ownergraph.domain.settings import Settings
from ownergraph.cli import cli
from ownergraph.domain.errors import EntityNotFound
from tests.graph.analytics._small_world import World
from tests.neo4j_fixtures import point_cli_at


@pytest.fixture()
def run(graph, neo4j_settings: Settings, monkeypatch):
    """``run(*args)`` -> (exit code, output) with the CLI pointed at the test server."""
    point_cli_at(monkeypatch, neo4j_settings, graph.database)
    monkeypatch.setenv("COLUMNS", "250")  # rich tables unwrapped, so names can be asserted
    runner = CliRunner()

    def invoke(*args: str, error: type[BaseException] | None = None) -> tuple[int, str]:
        result = runner.invoke(cli, list(args), catch_exceptions=error is not None)
        if error is not None:
            assert isinstance(result.exception, error), result.output
            return result.exit_code, str(result.exception)
        return result.exit_code, result.output

    return invoke


@pytest.fixture()
def small(graph):
    w = World(graph)
    w.entity("Ivan Petrov", kind="person")
    w.entity("Harbourline Holdings PLC", aliases=(("cik", "0000999001", "identifier"),))
    for name in ("Harbourline Shipping Ltd", "Valtora Investments Ltd", "Granite Bank AG", "Old Owner Ltd"):
        w.entity(name)
    w.own("Ivan Petrov", "Valtora Investments Ltd", 100)
    w.own("Valtora Investments Ltd", "Harbourline Holdings PLC", 60, valid_from="2021-01-01", known="2021-07-01")
    w.own("Harbourline Holdings PLC", "Harbourline Shipping Ltd", 100)
    w.own("Old Owner Ltd", "Harbourline Holdings PLC", 60, valid_to="2021-01-01")
    w.lend("Granite Bank AG", "Harbourline Shipping Ltd", 8_000_000, "USD")
    w.sanction("Valtora Investments Ltd", valid_from="2022-03-01")
    w.consolidate("Harbourline Shipping Ltd", "Harbourline Holdings PLC", "direct")
    w.hold("CREDIT", "XS1", "Harbourline Shipping Ltd", 25_000_000, "EUR", "2024-03-31")
    return w.flush()


def _json(code_out: tuple[int, str]) -> dict:
    code, out = code_out
    assert code == 0, out
    return json.loads(out)


def test_every_command_emits_json(run, small):
    owners = _json(run("owners", "Harbourline Holdings PLC", "--as-of", "2024-06-30", "--json"))
    assert {r["name"] for r in owners["rows"] if r["status"] != "not"} == {"Valtora Investments Ltd", "Ivan Petrov"}
    majority = _json(run("owners", "0000999001", "--rule", "majority", "--as-of", "2024-06-30", "--json"))
    assert majority["rule"] == "majority"
    stake = _json(run("stake", "Ivan Petrov", "harbourline shipping ltd", "--semantics", "walk_sum",
                      "--as-of", "2024-06-30", "--json"))
    assert stake["stake"]["lo"] == pytest.approx(0.6) and stake["semantics"] == "walk_sum"
    exp = _json(run("exposure", "Ivan Petrov", "--as-of", "2024-06-30", "--json"))
    assert exp["totals"] == [{"currency": "EUR", "amount": 25_000_000.0, "amount_certain": 25_000_000.0,
                              "positions": 1}]
    hit = _json(run("contagion", "Harbourline Shipping Ltd", "--types", "lending", "--as-of", "2024-06-30",
                    "--json"))
    assert [a["name"] for a in hit["affected"]] == ["Granite Bank AG"]
    path = _json(run("path", "Ivan Petrov", "Harbourline Shipping Ltd", "--as-of", "2024-06-30", "--json"))
    assert path["found"] and path["hops"] == 3
    none = _json(run("path", "Ivan Petrov", "Harbourline Shipping Ltd", "--as-of", "2020-06-30", "--json"))
    assert not none["found"] and "as of 2020-06-30" in none["message"]
    cyc = _json(run("cycles", "Harbourline Holdings PLC", "--json"))
    assert cyc["components"] == []
    par = _json(run("parents", "Harbourline Shipping Ltd", "--json"))
    assert par["direct"]["status"] == "reported" and par["ultimate"]["status"] == "none_reported"
    near = _json(run("sanctions-near", "--hops", "1", "--as-of", "2024-06-30", "--json"))
    assert {r["name"] for r in near["rows"]} == {"Valtora Investments Ltd", "Ivan Petrov",
                                                 "Harbourline Holdings PLC"}
    d = _json(run("diff", "Harbourline Holdings PLC", "2020-06-30", "2021-06-30", "--json"))
    assert {(e["change"], e["source_name"]) for e in d["edges"]} == {("closed", "Old Owner Ltd"),
                                                                     ("opened", "Valtora Investments Ltd")}


def test_backtest_command_with_plot_and_audit(run, small, tmp_path):
    out = tmp_path / "curve.png"
    bt = _json(run("backtest", "stake", "Ivan Petrov", "Harbourline Holdings PLC", "--start", "2020-12-31",
                   "--end", "2021-12-31", "--plot", str(out), "--json"))
    assert [r["stake_lo"] for r in bt["rows"]] == pytest.approx([0.0, 0.0, 0.0, 0.6, 0.6])
    assert out.read_bytes()[:4] == b"\x89PNG"
    audit = _json(run("backtest", "stake", "Ivan Petrov", "Harbourline Holdings PLC", "--dates",
                      "2021-03-31,2021-06-30,2021-09-30", "--audit", "--json"))
    assert audit["differing_dates"] == ["2021-03-31", "2021-06-30"]


def test_tables_and_errors(run, small):
    code, out = run("exposure", "Ivan Petrov", "--as-of", "2024-06-30")
    assert code == 0 and "EUR" in out and "Harbourline Shipping Ltd" in out
    code, out = run("parents", "Harbourline Holdings PLC")
    assert code == 0 and "direct parent: none reported" in out
    code, out = run("path", "Ivan Petrov", "Granite Bank AG")
    assert code == 0 and "no ownership or control path between Ivan Petrov and Granite Bank AG" in out
    _, message = run("owners", "Harbourline", "--json", error=EntityNotFound)
    assert "did you mean" in message and "Harbourline Holdings PLC" in message and "Harbourline Shipping" in message
    _, message = run("owners", "Nobody Whatsoever Corp", "--json", error=EntityNotFound)
    assert message == "could not find 'Nobody Whatsoever Corp'"
    code, out = run("contagion", "Granite Bank AG", "--types", "fx")
    assert code == 2 and "unknown contagion type" in out
    code, out = run("owners", "X", "--as-of", "30/06/2024")
    assert code == 2 and "--as-of" in out
    code, out = run("backtest", "stake", "Ivan Petrov")
    assert code == 2 and "needs 2 entity argument" in out


def test_facade_resolves_mentions_and_shares_its_clock(graph, small, tmp_path):
    from ownergraph.graph.analytics.api import Analytics

    a = Analytics(graph).at("2024-06-30")
    owners = a.ownership.owners("0000999001")  # by CIK alias
    assert owners.as_of.isoformat() == "2024-06-30" and len(owners.owners) == 2
    assert a.ownership.stake("Ivan Petrov", "Harbourline Shipping Ltd").stake.lo == pytest.approx(0.6)
    assert {r.name for r in a.ownership.controlled_by("Ivan Petrov").controlled} >= {"Harbourline Shipping Ltd"}
    assert a.exposure.of("Ivan Petrov").total("EUR") == 25_000_000
    assert a.contagion("Harbourline Shipping Ltd", types=("lending",)).affected[0].name == "Granite Bank AG"
    assert a.structure.path("Ivan Petrov", "Harbourline Shipping Ltd").hops == 3
    assert a.structure.parents("Harbourline Shipping Ltd").direct.status == "reported"
    assert a.structure.sanctions_near("Ivan Petrov", 1).rows[0]["sanctioned_name"] == "Valtora Investments Ltd"
    assert not a.structure.cycles("Ivan Petrov").components
    assert a.lookup.entity("harbourline shipping ltd").method == "name"
    d = a.history.diff("Harbourline Holdings PLC", "2020-06-30")  # to the facade's as-of
    assert d.clock_b.as_of.isoformat() == "2024-06-30" and len(d.to_frame()) == 2
    bt = a.history.backtest("stake 'Ivan Petrov' 'Harbourline Holdings PLC'", start="2021-01-01")
    assert bt.frame["date"].iloc[-1].isoformat() == "2024-06-30"
    pit = Analytics(graph).at("2021-03-31", known_at="2021-03-31")
    assert pit.exposure.of("Ivan Petrov").to_frame().empty  # the 60% link was not yet published
    assert a.ownership.picture(owners, tmp_path / "o.png").exists()
