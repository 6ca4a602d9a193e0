"""Exports of real samples against the real Neo4j: BODS 0.4 valid per the official schema
(tests/fixtures/real/bods/0.4/schema, openownership/data-standard, Apache-2.0), FtM valid per
the FtM schema (tests/fixtures/ftm-schema, MIT), GraphML that networkx reads back, Parquet,
the manifest, and the BODS round trip: the same owners and parents answers from the export
ingested into an empty graph."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duckdb
import networkx as nx
import pytest
from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource

from ownergraph.domain.errors import EntityNotFound
from ownergraph.graph.analytics.lookup import find_entity
from ownergraph.graph.analytics.ownership import owners
from ownergraph.graph.analytics.structure import parents
from ownergraph.graph.export.run import export_graph
from ownergraph.graph.export.select import ExportScopeError
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.connection import Graph
from tests.graph.export.ftm_model import FtmModel, problems
from tests.neo4j_fixtures import wipe

REAL = Path(__file__).resolve().parents[2] / "fixtures" / "real"
BODS_SCHEMA = REAL / "bods" / "0.4" / "schema"
NOW = "9000-01-01T00:00:00Z"
GC = REAL / "gleif" / "golden-copy"
SAMPLES = [GC / "lei-data.xml", GC / "rr-data.xml", GC / "repex-data.xml",
           REAL / "bods/0.4/levent.json", REAL / "bods/0.4/indirect-ownership.json",
           REAL / "bods/0.4/joint-ownership.json", REAL / "bods/0.4/nomination.json",
           REAL / "bods-more/bods-validator/norway-brreg-bods-0.4.json",
           REAL / "uk-companies-house/bods-validator/uk-psc-original-data.json",
           REAL / "ftm/opensanctions/dataset/t1/entities.ftm.json",
           REAL / "bods-more/data-standard-gleif-0.4/Relationship_deleted.json"]
# (entity, as_of, known_at): read off the samples (see tests/graph/analytics/test_control_real.py
# and test_structure.py for what each holds)
OWNERS_CASES = [("GREENFIELD ENERGY HOLDINGS LTD", "2021-06-30", NOW), ("GREENFIELD ENERGY HOLDINGS LTD", "2019-12-31", NOW),
                ("FERD AS", "2025-01-01", NOW), ("Los Corazones de Plata", "2023-06-30", NOW),
                ("Levent Trust", "2020-06-30", NOW), ("Levent Trust", "2020-06-30", "2020-09-01T00:00:00Z"),
                ("Company A", "2020-06-30", NOW), ("CHRINON LTD", "2020-06-30", NOW),
                # a GLEIF relationship opened (2024-06-06) and closed (2024-07-07): two versions
                ("OFIZ7W1WYFJC3YYSG330", "2024-06-30", NOW), ("OFIZ7W1WYFJC3YYSG330", "2024-08-01", NOW),
                ("OFIZ7W1WYFJC3YYSG330", "2024-08-01", "2024-06-20T00:00:00Z")]
PARENTS_CASES = [("010CMKZ3VON21WF2ZD45", "2023-06-30", NOW), ("010CMKZ3VON21WF2ZD45", "2023-06-30", "2022-12-31"),
                 ("010CMKZ3VON21WF2ZD45", "2017-06-30", NOW), ("01370W6ZIY66KQ4J3570", "2023-06-30", NOW),
                 ("00KLB2PFTM3060S2N216", "2023-06-30", NOW)]


def bods_validator() -> Draft202012Validator:
    """The official schema, its $refs (urn:entity, urn:components, ...) from the local files."""
    resources = []
    for path in BODS_SCHEMA.glob("*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if "$id" in doc:
            resources.append((doc["$id"], Resource.from_contents(doc)))
    registry = Registry().with_resources(resources)
    schema = json.loads((BODS_SCHEMA / "statement.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=registry, format_checker=FormatChecker())


def _owners_answer(graph: Graph, name: str, as_of: str, known_at: str) -> set[tuple[Any, ...]]:
    res = owners(graph, find_entity(graph, name, as_of).key, as_of=as_of, known_at=known_at)
    return {(r.name, r.status, r.basis, r.control, round(r.stake.lo, 6), round(r.stake.hi, 6)) for r in res.rows}


def _parents_answer(graph: Graph, lei: str, as_of: str, known_at: str) -> tuple[Any, ...]:
    res = parents(graph, lei, as_of=as_of, known_at=known_at)
    return tuple((lv.level, lv.status, tuple(sorted((p["target"], p.get("accounting_standard"), p["valid_from"])
                                                   for p in lv.parents)),
                  tuple(sorted(x["reason"] for x in lv.exceptions))) for lv in (res.direct, res.ultimate))


def _answers(graph: Graph) -> dict[str, Any]:
    return {"owners": [_owners_answer(graph, *c) for c in OWNERS_CASES],
            "parents": [_parents_answer(graph, *c) for c in PARENTS_CASES]}


@pytest.fixture()
def loaded(graph: Graph) -> Graph:
    summary = ingest_paths(graph, SAMPLES)
    assert summary.totals["loaded"] > 0
    return graph


def test_bods_export_is_valid_and_round_trips(loaded: Graph, tmp_path: Path) -> None:
    before = _answers(loaded)
    # the answers are not empty: the round trip below compares something
    assert sum(len(a) for a in before["owners"]) >= 10
    assert {lv[1] for p in before["parents"] for lv in p} == {"reported", "exception", "none_reported"}
    res = export_graph(loaded, "bods", tmp_path / "bods")
    statements = json.loads((tmp_path / "bods" / "statements.bods.json").read_text(encoding="utf-8"))
    errors = [f"{e.json_path}: {e.message}" for e in bods_validator().iter_errors(statements)]
    assert sorted(set(e.split(": ", 1)[1][:150] for e in errors)) == []
    types = {s["recordType"] for s in statements}
    assert types == {"entity", "person", "relationship"}
    shares = [i["share"] for s in statements if s["recordType"] == "relationship"
              for i in s["recordDetails"]["interests"] if "share" in i]
    assert any("exact" in s for s in shares) and any("minimum" in s or "exclusiveMinimum" in s for s in shares)
    # indirect-ownership.json's Person 1 -> Company B is "unknown": exported as stated, not as direct
    levels = {i["directOrIndirect"] for s in statements if s["recordType"] == "relationship"
              for i in s["recordDetails"]["interests"]}
    assert {"direct", "indirect", "unknown"} <= levels
    assert all(s["source"]["description"] for s in statements)
    assert any(s.get("recordStatus") == "updated" for s in statements)  # every version, not a snapshot
    assert res.manifest["counts"]["entities"] == sum(1 for s in statements if s["recordType"] != "relationship")

    wipe(loaded)
    ingest_paths(loaded, [tmp_path / "bods" / "statements.bods.json"])
    after = _answers(loaded)
    assert after["parents"] == before["parents"]
    assert after["owners"] == before["owners"]


def test_bods_export_as_of_a_date_of_a_group(loaded: Graph, tmp_path: Path) -> None:
    res = export_graph(loaded, "bods", tmp_path, "010CMKZ3VON21WF2ZD45", as_of="2023-06-30")
    statements = json.loads((tmp_path / "statements.bods.json").read_text(encoding="utf-8"))
    assert list(bods_validator().iter_errors(statements)) == []
    records = {s["recordId"] for s in statements if s["recordType"] == "entity"}
    assert {"010CMKZ3VON21WF2ZD45", "ZZG38T0MDR3QY1ETUA76", "3C7474T6CDKPR9K6YT90"} <= records
    assert "GREENFIELD ENERGY HOLDINGS LTD" not in {s["recordDetails"].get("name") for s in statements}
    assert all(s.get("recordStatus") == "new" for s in statements)  # one version each at a date
    assert res.manifest["scope"] == "group" and res.manifest["clock"]["as_of"] == "2023-06-30"
    assert [s["source_system"] for s in res.manifest["sources"]] == ["gleif"]
    assert res.manifest["sources"][0]["licence"] == "CC0-1.0"


def test_ftm_export_is_valid_per_the_model(loaded: Graph, tmp_path: Path) -> None:
    res = export_graph(loaded, "ftm", tmp_path)
    entities = [json.loads(line) for line in (tmp_path / "entities.ftm.json").read_text(encoding="utf-8").splitlines()]
    assert problems(FtmModel(), entities) == []
    schemata = {e["schema"] for e in entities}
    assert {"Company", "Person", "Ownership"} <= schemata
    assert schemata & {"Directorship", "UnknownLink"}
    own = [e for e in entities if e["schema"] == "Ownership"]
    assert any(e["properties"].get("percentage") for e in own)
    assert all(e["properties"].get("description") and e["properties"].get("modifiedAt") for e in own)
    assert {s["source_system"] for s in res.manifest["sources"]} >= {"gleif", "bods", "uk_psc", "ftm"}
    licences = {s["source_system"]: s["licence"] for s in res.manifest["sources"]}
    assert licences["ftm"] == "CC-BY-NC-4.0" and licences["uk_psc"] == "OGL-UK-3.0"


def test_graphml_and_parquet_exports(loaded: Graph, tmp_path: Path) -> None:
    res = export_graph(loaded, "graphml", tmp_path / "g", "GREENFIELD ENERGY HOLDINGS LTD")
    g = nx.read_graphml(tmp_path / "g" / "graph.graphml", force_multigraph=True)
    names = {d.get("label") for _, d in g.nodes(data=True)}
    assert {"GREENFIELD ENERGY HOLDINGS LTD", "GREENFIELD VENTURES LLP"} <= names
    edges = list(g.edges(data=True))
    assert edges and all(d.get("kind") and d.get("source") and d.get("known_from") for _, _, d in edges)
    assert any(d.get("stake") is not None for _, _, d in edges)
    assert res.manifest["counts"]["edges"] == len(edges)

    res = export_graph(loaded, "parquet", tmp_path / "p", as_of="2023-06-30", known_at=NOW)
    files = {f["name"]: f["rows"] for f in res.manifest["files"]}
    assert set(files) == {"entities.parquet", "edges.parquet", "facts.parquet"}
    types = dict(duckdb.sql(f"SELECT type, count(*) FROM '{tmp_path / 'p' / 'edges.parquet'}' GROUP BY 1").fetchall())
    assert {"OWNS", "CONSOLIDATED_BY"} <= set(types) and sum(types.values()) == files["edges.parquet"]
    outside = duckdb.sql(f"SELECT count(*) FROM '{tmp_path / 'p' / 'edges.parquet'}' "
                         "WHERE NOT (valid_from <= DATE '2023-06-30' AND DATE '2023-06-30' < valid_to)").fetchall()
    assert outside == [(0,)]


def test_unknown_entity_and_bad_date_are_clear_errors(loaded: Graph, tmp_path: Path) -> None:
    with pytest.raises(EntityNotFound):
        export_graph(loaded, "bods", tmp_path, "No Such Company Anywhere Zzyzx")
    with pytest.raises(ExportScopeError, match="--as-of"):
        export_graph(loaded, "bods", tmp_path, as_of="2023-13-45")
