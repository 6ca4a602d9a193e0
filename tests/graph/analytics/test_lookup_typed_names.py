"""Names and identifiers as analysts type them, on real samples: psc-data-3.json (company
08810260, PSC "Mr Michael Charles Saunders", ownership-of-shares-75-to-100-percent) and the
GLEIF API record of SHELL PLC (21380068P1DRHMJ8KU70, registeredAs 04366849)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ownergraph.cli import cli
from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.analytics.lookup import find_entity, similarity
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.domain.errors import EntityNotFound
from ownergraph.resolution import person_name_variants
from tests.neo4j_fixtures import point_cli_at


def test_person_name_variants() -> None:
    assert "Sarah Elizabeth Turner" in person_name_variants("Turner, Mrs Sarah Elizabeth")
    assert "MICHAEL CHARLES SAUNDERS" in person_name_variants("SAUNDERS MICHAEL CHARLES")
    assert "Sarah Turner" in person_name_variants("Sarah Turner (Mrs)")
    assert "Solutions Ltd" in person_name_variants("...Solutions Ltd")
    assert person_name_variants("Apple, Inc.") == ("Apple, Inc.",)  # a legal form after the comma


@pytest.mark.parametrize("typed", ["Saunders, Michael Charles", "SAUNDERS MICHAEL CHARLES", "Michael C. Saunders",
                                   "Saunders, Mr Michael Charles", "SAUNDERS MICHAEL C"])
def test_typed_forms_score_as_the_registered_name(typed: str) -> None:
    assert similarity(typed, "Mr Michael Charles Saunders") >= 0.95


def test_an_initial_alone_does_not_match_other_first_names() -> None:
    assert similarity("J Smith", "John Smith") < 0.95
    assert similarity("John Smith", "Jane Smith") < 0.85


@pytest.fixture()
def psc(graph, real_data):
    ingest_paths(graph, [real_data / "uk-psc/psc-data-3.json"])
    return graph


@pytest.mark.parametrize("typed", ["Saunders, Michael Charles", "SAUNDERS MICHAEL CHARLES", "Michael C. Saunders"])
def test_typed_person_names_resolve(psc, typed: str) -> None:
    assert find_entity(psc, typed).name == "Michael Charles Saunders"


@pytest.mark.parametrize("typed", ["08810260", "8810260", "GB:08810260"])
def test_bare_uk_company_numbers_resolve(psc, typed: str) -> None:
    stake = Analytics(psc).ownership.stake("Saunders, Michael Charles", typed, as_of="2020-01-01")
    assert (stake.stake.lo, stake.stake.hi) == (0.75, 1.0)  # ownership-of-shares-75-to-100-percent


def test_registered_number_of_a_gleif_entity_resolves(graph, real_data) -> None:
    api = real_data / "gleif/api/lei_records/single_lei_record_21380068P1DRHMJ8KU70.json"
    ingest_paths(graph, [api])
    assert find_entity(graph, "04366849").key == "21380068P1DRHMJ8KU70"


def test_resolve_explain_of_an_unknown_mention_says_not_found(psc, neo4j_settings, monkeypatch) -> None:
    point_cli_at(monkeypatch, neo4j_settings)
    res = CliRunner().invoke(cli, ["resolve", "explain", "Michael Charles Saundres Holdings Plc"])
    assert res.exit_code != 0
    assert isinstance(res.exception, EntityNotFound)
    assert "could not find" in str(res.exception) and "Michael Charles Saunders" in str(res.exception)
    ok = CliRunner().invoke(cli, ["resolve", "explain", "Saunders, Michael Charles"])
    assert ok.exit_code == 0, ok.output
    assert "Michael Charles Saunders" in ok.output or "og:" in ok.output
