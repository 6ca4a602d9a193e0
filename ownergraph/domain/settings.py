"""Settings: environment first, then a config file, then embedded defaults.

Nothing here is mutable module state: :func:`load_settings` builds a frozen value each call.
Config file: ``$OWNERGRAPH_CONFIG`` or ``<user config dir>/ownergraph/config.toml`` with keys
``neo4j_uri``, ``neo4j_user``, ``neo4j_password``, ``neo4j_database``, ``home``, ``qdrant_url``,
``claim_threshold`` (env ``OWNERGRAPH_CLAIM_THRESHOLD``: the confidence from which relationships
read from document text take part in analytics; below it they wait in ``ownergraph review``),
``query_timeout_s`` (env ``OWNERGRAPH_QUERY_TIMEOUT``: seconds a read transaction may run),
``match_engine`` (env ``OWNERGRAPH_MATCH_ENGINE``: ``duckdb`` or ``spark``, where splink scores
the name-only mentions; ``spark`` needs the extra ``spark``).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from platformdirs import user_cache_dir, user_config_dir, user_data_dir

from ownergraph.domain.errors import ConfigError

NEO4J_VERSION = "5.26.30"
DEFAULT_PORT = 7697  # not 7687, so a user's own Neo4j on the standard port is left alone

_ENV_KEYS = {
    "neo4j_uri": "NEO4J_URI",
    "neo4j_user": "NEO4J_USER",
    "neo4j_password": "NEO4J_PASSWORD",
    "neo4j_database": "NEO4J_DATABASE",
    "qdrant_url": "QDRANT_URL",
    "home": "OWNERGRAPH_HOME",
    "claim_threshold": "OWNERGRAPH_CLAIM_THRESHOLD",
    "query_timeout_s": "OWNERGRAPH_QUERY_TIMEOUT",
    "match_engine": "OWNERGRAPH_MATCH_ENGINE",
}
MATCH_ENGINES = ("duckdb", "spark")
_FLAGS = {"1": True, "on": True, "true": True, "yes": True, "0": False, "off": False, "false": False, "no": False}
QUERY_TIMEOUT_S = 60.0  # a read past this is stopped by the server: an answer never hangs
CLAIM_THRESHOLD = 0.5  # the offline extractor gives hedged / future statements 0.35, plain ones 0.9


@dataclass(frozen=True)
class Settings:
    neo4j_uri: str | None = None  # None: use the project-managed local server
    neo4j_user: str = "neo4j"
    neo4j_password: str | None = None
    neo4j_database: str = "neo4j"
    qdrant_url: str | None = None
    home: Path = Path(user_data_dir("ownergraph"))  # data, logs, credentials of the local server
    cache: Path = Path(user_cache_dir("ownergraph"))  # downloaded Neo4j runtime, models
    neo4j_version: str = NEO4J_VERSION
    neo4j_port: int = DEFAULT_PORT
    neo4j_heap: str = "2g"  # sized for a 2-core / 24 GB machine; raise for 1M-entity graphs
    neo4j_pagecache: str = "2g"
    claim_threshold: float = CLAIM_THRESHOLD  # text claims below it wait for review (graph.claims)
    query_timeout_s: float = QUERY_TIMEOUT_S  # every read transaction's timeout (graph.connection)
    match_engine: str = "duckdb"  # where splink scores name-only mentions (resolution._splink)
    # keep the resolver a run saved as a local file, loaded by the next run instead of rebuilt
    # from the stored state (resolution.snapshot); OWNERGRAPH_RESOLVER_SNAPSHOTS=0: never
    resolver_snapshots: bool = True

    @property
    def resolver_snapshot_dir(self) -> Path | None:
        return self.cache / "resolver-snapshots" if self.resolver_snapshots else None

    @property
    def spark_dir(self) -> Path:
        """Spark's scratch folder (checkpoints, splink's intermediate tables)."""
        return self.cache / "spark"

    @property
    def uses_local_server(self) -> bool:
        return self.neo4j_uri is None

    def with_overrides(self, **kwargs: object) -> Settings:
        return replace(self, **{k: v for k, v in kwargs.items() if v is not None})


def _config_file(env: os._Environ[str] | dict[str, str]) -> dict[str, object]:
    path = Path(env.get("OWNERGRAPH_CONFIG") or Path(user_config_dir("ownergraph")) / "config.toml")
    if not path.is_file():
        if env.get("OWNERGRAPH_CONFIG"):
            raise ConfigError(f"OWNERGRAPH_CONFIG names {path}, which does not exist")
        return {}
    try:
        return tomllib.loads(path.read_text())
    except tomllib.TOMLDecodeError as err:
        raise ConfigError(f"{path}: not valid TOML: {err}") from err


def load_settings(env: dict[str, str] | None = None) -> Settings:
    """Settings from ``env`` (default ``os.environ``) over the config file over defaults."""
    env = dict(os.environ) if env is None else env
    values: dict[str, object] = {}
    for key, value in _config_file(env).items():
        if key not in _ENV_KEYS:
            raise ConfigError(f"config file: unknown key {key!r} (known: {', '.join(_ENV_KEYS)})")
        values[key] = value
    for key, var in _ENV_KEYS.items():
        if env.get(var):
            values[key] = env[var]
    if "home" in values:
        values["home"] = Path(str(values["home"])).expanduser()
    if env.get("OWNERGRAPH_CACHE"):
        values["cache"] = Path(env["OWNERGRAPH_CACHE"]).expanduser()
    for var, key in (("OWNERGRAPH_NEO4J_HEAP", "neo4j_heap"), ("OWNERGRAPH_NEO4J_PAGECACHE", "neo4j_pagecache")):
        if env.get(var):
            values[key] = env[var]
    if "claim_threshold" in values:
        values["claim_threshold"] = claim_threshold(values["claim_threshold"])
    if "query_timeout_s" in values:
        values["query_timeout_s"] = query_timeout(values["query_timeout_s"])
    if "match_engine" in values and values["match_engine"] not in MATCH_ENGINES:
        raise ConfigError(f"match_engine: {values['match_engine']!r} is not one of {', '.join(MATCH_ENGINES)}")
    if env.get("OWNERGRAPH_RESOLVER_SNAPSHOTS"):
        flag = env["OWNERGRAPH_RESOLVER_SNAPSHOTS"].strip().lower()
        if flag not in _FLAGS:
            raise ConfigError(f"OWNERGRAPH_RESOLVER_SNAPSHOTS: {flag!r} is not one of {', '.join(_FLAGS)}")
        values["resolver_snapshots"] = _FLAGS[flag]
    if env.get("OWNERGRAPH_NEO4J_PORT"):
        try:
            values["neo4j_port"] = int(env["OWNERGRAPH_NEO4J_PORT"])
        except ValueError as err:
            raise ConfigError(f"OWNERGRAPH_NEO4J_PORT: {env['OWNERGRAPH_NEO4J_PORT']!r} is not a port") from err
    return Settings(**values)  # type: ignore[arg-type]


def claim_threshold(value: object) -> float:
    """A confidence in [0, 1] (``claim_threshold`` / ``OWNERGRAPH_CLAIM_THRESHOLD``)."""
    try:
        v = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError) as err:
        raise ConfigError(f"claim_threshold: {value!r} is not a number") from err
    if not 0.0 <= v <= 1.0:
        raise ConfigError(f"claim_threshold: {v} is not a confidence between 0 and 1")
    return v


def query_timeout(value: object) -> float:
    """Seconds > 0 (``query_timeout_s`` / ``OWNERGRAPH_QUERY_TIMEOUT``)."""
    try:
        v = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError) as err:
        raise ConfigError(f"query_timeout_s: {value!r} is not a number of seconds") from err
    if not v > 0 or v != v or v == float("inf"):
        raise ConfigError(f"query_timeout_s: {v} is not a positive number of seconds")
    return v
