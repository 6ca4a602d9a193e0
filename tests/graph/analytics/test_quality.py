"""Graph-wide data quality on real samples (tests/fixtures/real). Each expected issue was read
off the file named beside it; the query results are never the reference."""

from __future__ import annotations

import json

from click.testing import CliRunner

from ownergraph.cli import cli
from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.load.pipeline import ingest_paths
from tests.neo4j_fixtures import point_cli_at

BODS02 = "bods/0.2/examples"


def _load(graph, real_data, *files: str) -> Analytics:
    ingest_paths(graph, [real_data / f for f in files])
    return Analytics(graph)


def _names(res, kind: str) -> set[str]:
    return {i["entity_name"] or i["entity_key"] for i in res.issues if i["kind"] == kind}


def test_two_full_holders_of_one_company_are_over_100(graph, real_data) -> None:
    # 1-single-direct.json: CHRINON LTD (GB-COH 07444723) <- Christopher Taggart 100% from 2016-04-06;
    # 3-joint-ownership.json: the same statement id <- Joint shareholding 100% from 2018-01-01; none ends
    a = _load(graph, real_data, f"{BODS02}/1-single-direct.json", f"{BODS02}/3-joint-ownership.json")
    res = a.quality.issues(as_of="2018-06-30")
    assert _names(res, "over_100") == {"CHRINON LTD"}
    (issue,) = [i for i in res.issues if i["kind"] == "over_100"]
    assert issue["facts"]["total"] == 2.0 and issue["facts"]["holders"] == 2
    # before the joint shareholding began (2018-01-01) Taggart's 100% is all there is
    assert _names(a.quality.issues(as_of="2017-06-30"), "over_100") == set()


def test_direct_plus_declared_indirect_is_not_over_100(graph, real_data) -> None:
    # os-08-dr-04-company-a.json: Company A <- Company B 50% direct, <- Person 1 50% direct from 2019-05-01
    # and 50% indirect (through Company B, so not a further holder): 100%, not more
    a = _load(graph, real_data, f"{BODS02}/indirect-ownership/os-08-dr-04-company-a.json")
    assert _names(a.quality.issues(as_of="2019-06-30"), "over_100") == set()


def test_circular_holdings_are_self_holdings(graph, real_data) -> None:
    # 10-circular-ownership.json: Beta Corp Ltd <- Alpha Corp Ltd 100% and Alpha Corp Ltd <- Beta Corp Ltd 100%
    a = _load(graph, real_data, "bods-more/bods-v04-fixtures/edge-cases/10-circular-ownership.json")
    res = a.quality.issues(as_of="2024-06-30")
    assert _names(res, "self_holding") == {"Alpha Corp Ltd", "Beta Corp Ltd"}
    assert all(i["facts"]["hops"] == 2 for i in res.issues if i["kind"] == "self_holding")


def test_interests_without_a_share_are_missing_stakes(graph, real_data) -> None:
    # os-03-dr-03.json: Company A <- Company B with an interest of no type and no share;
    # Company B <- Person 1 interestLevel unknown, no share; Company A <- Person 1 30% (has a stake)
    a = _load(graph, real_data, f"{BODS02}/indirect-ownership/os-03-dr-03.json")
    assert _names(a.quality.issues(as_of="2019-06-30"), "missing_stake") == {"Company A", "Company B"}


def test_relationship_ends_without_records_are_stubs_and_dangling(graph, real_data) -> None:
    # rr-data.xml end nodes 5493001Z012YSB2A0K51 and ZZG38T0MDR3QY1ETUA76 have no LEIRecord in lei-data.xml
    a = _load(graph, real_data, "gleif/golden-copy/lei-data.xml", "gleif/golden-copy/rr-data.xml")
    res = a.quality.issues(as_of="2023-06-01")
    assert {"5493001Z012YSB2A0K51", "ZZG38T0MDR3QY1ETUA76"} <= {i["entity_key"] for i in res.issues
                                                                if i["kind"] == "stub"}
    # lei-data.xml holds 001GPB6A9XPE8XJICC14 (Fidelity Advisor Leveraged Company Stock Fund): not a stub
    assert "001GPB6A9XPE8XJICC14" not in {i["entity_key"] for i in res.issues if i["kind"] == "stub"}
    dangling = {i["entity_key"]: i for i in res.issues if i["kind"] == "dangling"}
    assert dangling["5493001Z012YSB2A0K51"]["facts"]["refs"] == 1  # one IS_FUND-MANAGED_BY record names it


def test_quality_command_plain_and_json(graph, real_data, neo4j_settings, monkeypatch) -> None:
    point_cli_at(monkeypatch, neo4j_settings, graph.database)
    _load(graph, real_data, f"{BODS02}/1-single-direct.json", f"{BODS02}/3-joint-ownership.json")
    runner = CliRunner()
    plain = runner.invoke(cli, ["quality", "--as-of", "2018-06-30"])
    assert plain.exit_code == 0, plain.output
    assert "shareholder totals over 100%: 1" in plain.output and "CHRINON LTD" in plain.output
    js = runner.invoke(cli, ["quality", "--as-of", "2018-06-30", "--json"])
    data = json.loads(js.output)
    assert data["counts"]["over_100"] == 1 and data["as_of"] == "2018-06-30"
    bad = runner.invoke(cli, ["quality", "--as-of", "30/06/2018"])
    assert bad.exit_code != 0 and "Traceback" not in bad.output
