"""First loads through the offline importer give the graph the online loader gives.

The same files are loaded twice into one throw-away server (the importer stops it, so never
the tests' shared server): online (``graph.load.loader.Loader``), then, after a wipe, through
``graph.load.bulk`` (importer). Compared: the ``ownergraph stats`` fingerprint and counts, every
node's labels and properties and every relationship's type, ends and properties (resolution
decisions apart: they carry the time they were made; their number is in the counts), and the
per-file read/loaded/merged/quarantined counts.
"""

from __future__ import annotations

import gc
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ownergraph.graph.load.bulk import BulkNotPossible, bulk_loader
from ownergraph.ingest import gc_pace
from ownergraph.domain.settings import Settings, load_settings
from ownergraph.graph.store.connection import Graph, connect
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.server import LocalNeo4j
from ownergraph.graph.store.stats import graph_stats
from tests.neo4j_fixtures import run_cli, throwaway_env, wipe

pytestmark = pytest.mark.neo4j

REAL = Path(__file__).parents[1] / "fixtures" / "real"
EXAMPLES = Path(__file__).parents[2] / "examples"


_ENV: dict[str, str] = {}  # the throw-away server's environment, for the CLI


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Settings, Graph]]:
    env = throwaway_env(tmp_path_factory.mktemp("bulk-home"), _free_port())
    settings = load_settings(env)
    _ENV.update(env)
    local = LocalNeo4j(settings)
    local.start()
    try:
        yield settings, connect(settings)
    finally:
        local.stop()


def _value(v: Any) -> Any:
    if isinstance(v, list):
        return ("list", tuple(_value(x) for x in v))
    if hasattr(v, "iso_format"):  # a driver date / datetime: its text keeps type and offset
        return (type(v).__name__, v.iso_format())
    return (type(v).__name__, v)


def _dump(graph: Graph) -> tuple[list[Any], list[Any]]:
    nodes = sorted(repr((sorted(r["labels"]), sorted((k, _value(v)) for k, v in r["props"].items())))
                   for r in graph.read("graph_dump_nodes"))
    edges = sorted(repr((r["type"], sorted(r["a_labels"]), r["a"], sorted(r["b_labels"]), r["b"],
                         sorted((k, _value(v)) for k, v in r["props"].items())))
                   for r in graph.read("graph_dump_edges"))
    return nodes, edges


def _counts(summary: Any) -> list[tuple[Any, ...]]:
    return [(Path(f.path).name, f.read, f.loaded, f.merged, f.quarantined, f.not_read) for f in summary.files]


def _load_both(server: tuple[Settings, Graph], paths: list[Path], tmp: Path, reader: str = "row",
               read_beside_workers: bool = False) -> dict[str, Any]:
    """Online with the row readers, then through the importer with ``reader``'s (and the
    files the workers leave read in a reader process, as the CLI's bulk path reads them)."""
    settings, graph = server
    wipe(graph)
    online = ingest_paths(graph, paths, quarantine_path=tmp / "online.jsonl", reader="row")
    online_stats, online_dump = graph_stats(graph), _dump(graph)
    wipe(graph)
    pace = gc.get_threshold()
    bulk = ingest_paths(graph, paths, quarantine_path=tmp / "bulk.jsonl", reader=reader,
                        loader_factory=bulk_loader(settings, workdir=tmp / "files", keep_files=True),
                        read_beside_workers=read_beside_workers)
    # the load ran at the collector's bulk pace (ingest.gc_pace), its workers too; this process's is back
    assert bulk.load_stages["gc_thresholds"] == list(gc_pace.thresholds())
    assert all(w["gc_thresholds"] == list(gc_pace.thresholds()) for w in bulk.load_stages.get("workers", {}).values())
    assert gc.get_threshold() == pace
    bulk_stats, bulk_dump = graph_stats(graph), _dump(graph)
    assert "IMPORT DONE" in (tmp / "files" / "import.log").read_text()  # it went through the importer
    assert bulk.load_stages["resolver_index_on_disk"]  # the resolver's index was in sqlite (AliasIndex.on_disk)
    assert _counts(bulk) == _counts(online)
    assert (tmp / "bulk.jsonl").read_text() == (tmp / "online.jsonl").read_text()
    assert bulk_stats["nodes"] == online_stats["nodes"]
    assert bulk_stats["edges"] == online_stats["edges"]
    # whole graphs first: a difference shows the node or relationship, not only a hash
    missing = sorted(set(online_dump[0]) - set(bulk_dump[0]))[:3], sorted(set(online_dump[1]) - set(bulk_dump[1]))[:3]
    extra = sorted(set(bulk_dump[0]) - set(online_dump[0]))[:3], sorted(set(bulk_dump[1]) - set(online_dump[1]))[:3]
    assert bulk_dump == online_dump, f"online only: {missing}\nbulk only: {extra}"
    assert bulk_stats["fingerprint"] == online_stats["fingerprint"]
    return {"stats": bulk_stats, "summary": bulk, "edges": bulk_dump[1]}


def test_real_gleif_samples(server: tuple[Settings, Graph], tmp_path: Path) -> None:
    # GLEIF golden-copy LEI, RR and reporting-exception files and API responses
    paths = [REAL / "gleif", EXAMPLES / "real" / "lei-data.xml", EXAMPLES / "real" / "rr-data.xml",
             EXAMPLES / "real" / "repex-data.xml"]
    out = _load_both(server, paths, tmp_path)
    stats = out["stats"]
    # examples/real/rr-data.xml: the golden-copy relationship records are IS_DIRECTLY_CONSOLIDATED_BY
    # and IS_ULTIMATELY_CONSOLIDATED_BY rows, so the graph has CONSOLIDATED_BY edges
    assert stats["edges"].get("CONSOLIDATED_BY", 0) > 0
    assert stats["nodes"].get("ReportingException", 0) > 0  # repex-data.xml has exception rows


def test_columnar_readers_real_gleif_samples(server: tuple[Settings, Graph], tmp_path: Path) -> None:
    # the column-wise GLEIF readers into the importer: the graph and quarantine file of the
    # row readers loaded online (tests/ingest/test_columnar.py compares the records)
    paths = [REAL / "gleif", EXAMPLES / "real" / "lei-data.xml", EXAMPLES / "real" / "rr-data.xml",
             EXAMPLES / "real" / "repex-data.xml"]
    out = _load_both(server, paths, tmp_path, reader="columnar")
    assert out["stats"]["edges"].get("CONSOLIDATED_BY", 0) > 0


def test_columnar_readers_world_with_injected_errors(server: tuple[Settings, Graph], tmp_path: Path) -> None:
    from tests.ingest.gleif_faults import faulty_world

    world = tmp_path / "world"
    subprocess.run([sys.executable, "-m", "ownergraph.worldgen", "--entities", "400", "--seed", "5",
                    "--out", str(world)], check=True, capture_output=True, text=True, timeout=300)
    faults = faulty_world(world)
    paths = sorted(p for p in world.rglob("*") if p.is_file() and not p.name.startswith("ground_truth"))
    out = _load_both(server, paths, tmp_path, reader="columnar")
    quarantined = sum(f.bad for kind in faults.values() for f in kind.values())
    assert quarantined == 17
    assert out["summary"].totals["quarantined"] >= quarantined  # and the bundle's conflicts, if any
    assert out["stats"]["nodes"].get("CorporateAction", 0) > 0


def test_real_bods_psc_and_bundle(server: tuple[Settings, Graph], tmp_path: Path) -> None:
    # BODS 0.2 / 0.4 statements, UK PSC JSON lines, the example bundle with its holdings book
    paths = [REAL / "bods", REAL / "uk-psc", REAL / "ftm", EXAMPLES / "real" / "bods-indirect-ownership.json",
             EXAMPLES / "bundle"]
    out = _load_both(server, paths, tmp_path)
    assert out["stats"]["edges"].get("OWNS", 0) > 0
    assert out["stats"]["edges"].get("HOLDS", 0) > 0  # examples/bundle/holdings.csv positions


def test_generated_world(server: tuple[Settings, Graph], tmp_path: Path) -> None:
    # a small world with versions, corrections, corporate actions, sanctions and a book
    world = tmp_path / "world"
    subprocess.run([sys.executable, "-m", "ownergraph.worldgen", "--entities", "400", "--seed", "5",
                    "--out", str(world)], check=True, capture_output=True, text=True, timeout=300)
    paths = sorted(p for p in world.rglob("*") if p.is_file() and not p.name.startswith("ground_truth"))
    out = _load_both(server, paths, tmp_path)
    assert out["stats"]["nodes"].get("CorporateAction", 0) > 0
    # the chains were planned, not only copied: superseded versions closed, pieces carried
    assert any("'carried_from'" in e for e in out["edges"])
    assert any("'closed_by_action'" in e for e in out["edges"])  # corporate actions applied after the import


def test_refuses_a_database_that_is_not_empty(server: tuple[Settings, Graph], tmp_path: Path) -> None:
    settings, graph = server
    wipe(graph)
    ingest_paths(graph, [EXAMPLES / "real" / "lei-data.xml"])
    with pytest.raises(BulkNotPossible, match="not empty"):
        ingest_paths(graph, [EXAMPLES / "real" / "rr-data.xml"], loader_factory=bulk_loader(settings))


def test_cli_bulk_first_load(server: tuple[Settings, Graph], tmp_path: Path) -> None:
    settings, graph = server
    paths = [EXAMPLES / "real" / "lei-data.xml", EXAMPLES / "real" / "rr-data.xml"]
    wipe(graph)
    ingest_paths(graph, paths)
    online = graph_stats(graph)
    wipe(graph)
    done = run_cli(_ENV, "ingest", "--bulk", "--no-index", "--json", "--quarantine", str(tmp_path / "q.jsonl"),
                   *map(str, paths))
    assert done.returncode == 0, done.stderr
    graph.renew()  # the CLI restarted the server on a new store
    assert graph_stats(graph) == online
    # a server ownergraph does not manage: --bulk says why not and changes nothing
    elsewhere = run_cli({**_ENV, "NEO4J_URI": f"bolt://127.0.0.1:{settings.neo4j_port}",
                         "NEO4J_USER": "neo4j", "NEO4J_PASSWORD": LocalNeo4j(settings).credentials()[1]},
                        "ingest", "--bulk", "--no-index", str(paths[0]))
    assert elsewhere.returncode != 0
    assert "NEO4J_URI" in elsewhere.stderr and "Traceback" not in elsewhere.stderr
    assert graph_stats(graph) == online


def test_bundle_conflicts_across_files_are_quarantined_as_online(server: tuple[Settings, Graph],
                                                                 tmp_path: Path) -> None:
    # one producer's fact (and entity) known twice at one instant with other content, in two
    # files (two batches): the later one is quarantined (graph.conflicts), here from the staged
    # graph as online from the stored one. LEIs: the fictional ones of examples/bundle.
    import json

    def bundle(name: str, *records: dict[str, Any]) -> Path:
        head = {"bundle": {"version": 1, "published": "2021-01-01", "producer": "Registry extract A"}}
        path = tmp_path / name
        path.write_text("\n".join(json.dumps(r) for r in (head, *records)) + "\n")
        return path

    def own(stake: float) -> dict[str, Any]:
        return {"type": "ownership", "id": "own-2", "owner": "5493001NORDKAP1TAL17", "owned": "213800HBLSH1PP1NG027",
                "stake": stake, "valid_from": "2020-06-01", "known_from": "2021-03-01"}

    def entity(name: str) -> dict[str, Any]:
        return {"type": "entity", "id": "ent-valtora", "lei": "984500VALT0RA1NV0011", "name": name,
                "jurisdiction": "CY", "valid_from": "2014-12-05", "known_from": "2016-02-01"}

    a = bundle("a.jsonl", entity("Valtora Investments Ltd"), own(40))
    b = bundle("b.jsonl", entity("Valtora Investments Limited"), own(45))
    out = _load_both(server, [a, b], tmp_path)
    assert [(Path(f.path).name, f.loaded, f.quarantined) for f in out["summary"].files] == [
        ("a.jsonl", 2, 0), ("b.jsonl", 0, 2)]
    reasons = [json.loads(line)["reason"] for line in (tmp_path / "bulk.jsonl").read_text().splitlines()]
    assert len(reasons) == 2 and all(r.startswith("conflict: ") for r in reasons)
