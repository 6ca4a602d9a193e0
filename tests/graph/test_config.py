from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.domain.settings import load_settings
from ownergraph.domain.errors import ConfigError


def test_env_beats_config_file(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text('neo4j_uri = "bolt://file:7687"\nneo4j_database = "filedb"\n')
    s = load_settings({"OWNERGRAPH_CONFIG": str(cfg), "NEO4J_URI": "bolt://env:7687"})
    assert s.neo4j_uri == "bolt://env:7687" and s.neo4j_database == "filedb"
    assert not s.uses_local_server


def test_no_settings_means_local_server(tmp_path: Path) -> None:
    s = load_settings({"OWNERGRAPH_CONFIG": "", "XDG_CONFIG_HOME": str(tmp_path)})
    assert s.uses_local_server and s.neo4j_database == "neo4j"


def test_unknown_config_key_is_an_error(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text('neo4j_url = "bolt://typo"\n')
    with pytest.raises(ConfigError, match="neo4j_url"):
        load_settings({"OWNERGRAPH_CONFIG": str(cfg)})


def test_bad_port_is_an_error() -> None:
    with pytest.raises(ConfigError, match="OWNERGRAPH_NEO4J_PORT"):
        load_settings({"OWNERGRAPH_CONFIG": "", "OWNERGRAPH_NEO4J_PORT": "seven"})


def test_claim_threshold_from_file_env_and_checked(tmp_path: Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text("claim_threshold = 0.3\n")
    assert load_settings({"OWNERGRAPH_CONFIG": str(cfg)}).claim_threshold == 0.3
    env = {"OWNERGRAPH_CONFIG": str(cfg), "OWNERGRAPH_CLAIM_THRESHOLD": "0.8"}
    assert load_settings(env).claim_threshold == 0.8
    assert load_settings({"OWNERGRAPH_CONFIG": "", "XDG_CONFIG_HOME": str(tmp_path / "x")}).claim_threshold == 0.5
    for bad in ("high", "1.5"):
        with pytest.raises(ConfigError, match="claim_threshold"):
            load_settings({"OWNERGRAPH_CONFIG": "", "OWNERGRAPH_CLAIM_THRESHOLD": bad})


def test_match_engine_setting(tmp_path: Path) -> None:
    env = {"OWNERGRAPH_CONFIG": "", "XDG_CONFIG_HOME": str(tmp_path), "OWNERGRAPH_CACHE": str(tmp_path / "c")}
    assert load_settings(env).match_engine == "duckdb"
    s = load_settings(env | {"OWNERGRAPH_MATCH_ENGINE": "spark"})
    assert s.match_engine == "spark" and s.spark_dir == tmp_path / "c" / "spark"
    with pytest.raises(ConfigError, match="match_engine: 'polars' is not one of duckdb, spark"):
        load_settings(env | {"OWNERGRAPH_MATCH_ENGINE": "polars"})


def test_resolver_snapshots_on_by_default_off_by_env(tmp_path: Path) -> None:
    on = load_settings({"OWNERGRAPH_CONFIG": "", "OWNERGRAPH_CACHE": str(tmp_path)})
    assert on.resolver_snapshot_dir == tmp_path / "resolver-snapshots"
    off = load_settings({"OWNERGRAPH_CONFIG": "", "OWNERGRAPH_RESOLVER_SNAPSHOTS": "0"})
    assert off.resolver_snapshot_dir is None
    with pytest.raises(ConfigError, match="OWNERGRAPH_RESOLVER_SNAPSHOTS"):
        load_settings({"OWNERGRAPH_CONFIG": "", "OWNERGRAPH_RESOLVER_SNAPSHOTS": "maybe"})
