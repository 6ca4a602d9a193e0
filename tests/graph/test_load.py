"""Bitemporal loading against the real server: samples, idempotency, supersession, actions."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.resolution_store import ResolverKeys
from ownergraph.graph.store.stats import graph_stats
from ownergraph.ingest.formats import detect, expand
from ownergraph.domain.codes import AliasScheme
from ownergraph.domain.model import EntityRef, Ownership, Provenance, Stake
from ownergraph.resolution import Resolver
from tests.cypher import q

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "examples" / "bundle"
KNOWN_MAX_YEAR = 9999


def _loadable(real: Path) -> list[Path]:
    files = []
    for p in expand([real]):
        if "schema" in p.parts:
            continue
        try:
            detect(p)
        except Exception:
            continue
        files.append(p)
    return files


def test_every_real_sample_loads_and_counts_add_up(graph: Graph, real_data: Path, tmp_path: Path) -> None:
    files = _loadable(real_data)
    formats = {detect(p).name for p in files}
    assert {"gleif-lei", "gleif-rr", "gleif-repex", "gleif-api", "bods", "ftm", "uk-psc", "sec"} <= formats
    summary = ingest_paths(graph, files, quarantine_path=tmp_path / "q.jsonl")
    for f in summary.files:
        assert f.read == f.loaded + f.merged + f.quarantined, f
        if f.read == 0 and not f.not_read:  # only an empty GLEIF API page, or a PSC snapshot's
            doc = json.loads(Path(f.path).read_text())  # totals trailer (file metadata), may yield nothing
            if f.format == "uk-psc":
                assert doc["data"]["kind"] == "totals#persons-of-significant-control-snapshot", f.path
            else:
                assert doc["meta"]["pagination"]["total"] == 0, f.path
    quarantined = [json.loads(line) for line in (tmp_path / "q.jsonl").read_text().splitlines()]
    # the quarantine file also holds each unread rest of a file (an SEC .nc submission is not XML)
    assert len(quarantined) == summary.totals["quarantined"] + summary.totals["not_read"]
    assert all(q["field"] and q["reason"] and q["locator"] for q in quarantined)
    stats = graph_stats(graph)
    assert stats["nodes"]["Entity"] > 200 and stats["edges"]["OWNS"] > 50


def test_loading_the_same_files_twice_changes_nothing(graph: Graph, real_data: Path) -> None:
    golden = real_data / "gleif" / "golden-copy"
    files = [golden / "lei-data.xml", golden / "rr-data.xml", golden / "repex-data.xml",
             BUNDLE / "example.bundle.jsonl", BUNDLE / "holdings.csv"]
    first = ingest_paths(graph, files)
    before = graph_stats(graph)
    second = ingest_paths(graph, files)
    assert second.totals["loaded"] == 0
    assert second.totals["merged"] == first.totals["loaded"] + first.totals["merged"]
    assert graph_stats(graph) == before


def test_gleif_direct_and_ultimate_parents_keep_their_own_periods(graph: Graph, real_data: Path) -> None:
    golden = real_data / "gleif" / "golden-copy"
    ingest_paths(graph, [golden / "lei-data.xml", golden / "rr-data.xml"])
    rows = graph.read(
        q("consolidation_parents"), lei="010CMKZ3VON21WF2ZD45")
    assert [(r["level"], r["parent"]) for r in rows] == [
        ("direct", "ZZG38T0MDR3QY1ETUA76"), ("ultimate", "3C7474T6CDKPR9K6YT90")]
    assert all(r["valid_from"] == "2018-02-06" for r in rows)


def test_reporting_exceptions_are_undisclosed_parents_not_no_parent(graph: Graph, real_data: Path) -> None:
    ingest_paths(graph, [real_data / "gleif" / "golden-copy" / "repex-data.xml"])
    rows = graph.read(q("reporting_exceptions"))
    assert len(rows) == 10
    assert {r["reason"] for r in rows} <= {"NON_CONSOLIDATING", "NATURAL_PERSONS", "NON_PUBLIC",
                                           "NO_KNOWN_PERSON", "NO_LEI", "BINDING_LEGAL_COMMITMENTS",
                                           "LEGAL_OBSTACLES", "DISCLOSURE_DETRIMENTAL",
                                           "DETRIMENT_NOT_EXCLUDED", "CONSENT_NOT_OBTAINED"}
    assert not graph.read(q("entities_with_exception_and_parent"))


def test_previous_names_are_aliases_of_the_entity_that_had_them(graph: Graph, real_data: Path) -> None:
    ingest_paths(graph, sorted((real_data / "gleif" / "api" / "lei_records").glob("*.json")))
    owners = graph.read(q("bg_456_alias_entities"))
    assert owners and all("QGC" in o["name"].upper() for o in owners), owners
    assert {o["kind"] for o in owners} == {"previous"}
    shell = graph.read(q("shell_alias_entities"))
    assert [s["name"].upper() for s in shell] == ["SHELL PLC"]


def test_bods_bands_stay_bands(graph: Graph, real_data: Path) -> None:
    ingest_paths(graph, sorted((real_data / "bods" / "0.4").glob("*.json")))
    rows = graph.read(q("inexact_stakes"))
    assert rows, "BODS samples contain banded shares"
    assert all(r["lo"] < r["hi"] for r in rows)
    assert any(r["lo"] == pytest.approx(0.75) and r["hi"] == pytest.approx(1.0) and r["hi_inc"] is False
               for r in rows)


def test_ftm_delta_del_closes_what_it_deleted(graph: Graph, real_data: Path) -> None:
    ds = real_data / "ftm" / "opensanctions" / "dataset"
    full = ds / "t1" / "entities.ftm.json"
    deltas = sorted(p for p in (ds / "t2").rglob("*.json") if p.name != "delta.json")
    ingest_paths(graph, [full, *deltas])
    closed = graph.read(q("retractions"))
    assert closed
    for row in closed:
        ents = graph.read(q("entity_known_to_by_fact"), fk=row["fk"])
        for e in ents:
            assert e["known_to"] == row["t"]
        facts = graph.read(q("sanction_known_to_by_fact"), fk=row["fk"])
        for s in facts:
            assert s["known_to"].year < KNOWN_MAX_YEAR


def _ownership(stake: float, known: str, sid: str = "x1") -> Ownership:
    return Ownership(
        source=EntityRef(lei="213800HBLHOLD1NGS054"), target=EntityRef(lei="213800HBLSH1PP1NG027"),
        stake=Stake(exact=stake), valid_from=datetime(2016, 5, 1).date(),
        known_from=datetime.fromisoformat(known), fact_key="test:own-1",
        provenance=Provenance(source_system="test", source_record_id=sid))


def test_a_later_statement_supersedes_in_knowledge_time_never_deletes(graph: Graph) -> None:
    loader = Loader(graph, ResolverKeys(Resolver()))
    loader.add(_ownership(75.5, "2016-06-01T00:00:00+00:00", "a"))
    loader.flush()
    loader.add(_ownership(72.5, "2019-04-10T00:00:00+00:00", "b"))
    loader.flush()
    rows = graph.read(q("own_1_versions"))
    rows.sort(key=lambda r: (r["kf"].to_native(), r["vt"]))
    # the first statement, closed in knowledge time when the second was published ...
    assert rows[0]["s"] == pytest.approx(0.755) and rows[0]["kt"] == rows[1]["kf"]
    # ... stays the valid-time answer before the change: the second restates the interest's
    # original start (2016-05-01), so the new stake runs from its statement date, not from then
    assert (rows[1]["carried"], rows[1]["s"], rows[1]["vf"], rows[1]["vt"]) == (
        True, pytest.approx(0.755), "2016-05-01", "2019-04-10")
    assert (rows[2]["s"], rows[2]["vf"], rows[2]["basis"]) == (pytest.approx(0.725), "2019-04-10", "statement_date")
    assert rows[1]["kt"].year == rows[2]["kt"].year == KNOWN_MAX_YEAR
    # Loading the older statement again (out of order) changes nothing.
    loader.add(_ownership(75.5, "2016-06-01T00:00:00+00:00", "a"))
    loader.flush()
    assert len(graph.read(q("own_1_edges"))) == 3


@pytest.fixture()
def bundle_graph(graph: Graph) -> Graph:
    ingest_paths(graph, [BUNDLE / "example.bundle.jsonl", BUNDLE / "holdings.csv"])
    return graph


def _edges(graph: Graph, query: str, **params: object) -> list[dict[str, object]]:
    return graph.read(query, **params)


def test_merger_closes_the_absorbed_entity_and_passes_its_positions(bundle_graph: Graph) -> None:
    g = bundle_graph
    absorbed = g.read(q("kestrel_entity_end"))
    assert absorbed == [{"vt": "2022-11-01", "s": "MERGED"}]
    succ = g.read(q("kestrel_successor"))
    # stated once, though the bundle gives both a succession record and the corporate action
    assert succ == [{"survivor": "213800HBLHOLD1NGS054", "vf": "2022-11-01", "action": "merger"}]
    action = g.read(q("merger_subjects"))
    assert action == [{"k": "549300KESTRELENERG84", "doc": "HBL-8K-2022-11-01"}]


def test_change_of_control_closes_the_old_and_opens_the_new(bundle_graph: Graph) -> None:
    g = bundle_graph
    old = g.read(q("shipping_baltic_stake_end"))
    assert old and all(r["vt"] == "2023-09-30" for r in old)
    new = g.read(q("baltic_owners_after_spin_off"))
    assert new == [{"k": "5493001NORDKAP1TAL17", "s": pytest.approx(0.6), "vf": "2023-09-30"}]


def test_spin_off_moves_the_transferred_position_to_the_new_entity(bundle_graph: Graph) -> None:
    g = bundle_graph
    lineage = g.read(q("shipping_spin_off_lineage"))
    assert lineage == [{"k": "213800HBLMAR1NEOPS80"}]
    moved = g.read(q("credit_ig_holding_issuers"))
    assert {"issuer": "213800HBLSH1PP1NG027", "vf": "2024-03-31", "vt": "2024-04-01", "via": None} in moved
    assert any(m["issuer"] == "213800HBLMAR1NEOPS80" and m["vf"] == "2024-04-01" and m["via"] for m in moved)


def test_rename_keeps_the_old_name_as_a_dated_previous_alias(bundle_graph: Graph) -> None:
    rows = bundle_graph.read(
        q("holdings_aliases"))
    previous = {(r["name"], r["vt"]) for r in rows if r["kind"] == "previous"}
    assert ("Harbourline Group Limited", "2021-06-01") in previous


def test_bad_records_are_quarantined_and_strict_fails(graph: Graph, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from ownergraph.cli import cli
    from tests.neo4j_fixtures import cli_env

    bad = tmp_path / "bad.bundle.jsonl"
    shutil.copy(BUNDLE / "example.bundle.jsonl", bad)
    with bad.open("a") as fh:
        fh.write('{"type": "ownership", "id": "bad-stake", "owner": "213800HBLHOLD1NGS054", '
                 '"owned": "213800HBLSH1PP1NG027", "stake": 140, "known_from": "2024-01-01"}\n')
        fh.write('{"type": "entity", "id": "bad-lei", "lei": "213800HBLHOLD1NGS055", "name": "X", '
                 '"known_from": "2024-01-01"}\n')
        fh.write("{not json\n")
    qfile = tmp_path / "q.jsonl"
    result = CliRunner(env=cli_env()).invoke(
        cli, ["ingest", str(bad), "--json", "--strict", "--quarantine", str(qfile)],
        standalone_mode=False, catch_exceptions=True)
    from ownergraph.domain.errors import QuarantineError

    assert isinstance(result.exception, QuarantineError)
    summary = json.loads(result.output)
    assert summary["totals"]["quarantined"] == 3
    t = summary["totals"]
    assert t["read"] == t["loaded"] + t["merged"] + t["quarantined"]
    reasons = [json.loads(line) for line in qfile.read_text().splitlines()]
    assert {r["field"] for r in reasons} >= {"stake.exact"} or any("140" in r["reason"] for r in reasons)
    assert any("ISO 17442" in r["reason"] or "check" in r["reason"].lower() for r in reasons)
    assert all(r["source_file"] == str(bad) and r["locator"] for r in reasons)
    # the valid records still loaded
    assert graph.read(q("holdings_name"))


def test_mentions_resolve_through_identifier_aliases(bundle_graph: Graph) -> None:
    # The bundle names Harbourline Ferries by company number only; it joins the entity record.
    rows = bundle_graph.read(q("company_09876543_owned_by_shipping"))
    assert rows == [{"name": "Harbourline Ferries Limited", "owned_by_shipping": 1}]
    assert AliasScheme.COMPANY_NUMBER.value == "company_number"


# -- batched loading: transport, resolution, rechaining ------------------------------------

def test_rows_sent_as_one_string_store_exactly_what_maps_store(graph: Graph) -> None:
    from datetime import date

    from ownergraph.graph.load.transport import encode_rows

    t = datetime(2020, 5, 1, 12, 30, 15, 250000, tzinfo=timezone.utc)
    rows = [
        {"key": "a", "props": {"s": "x", "i": 3, "big": 2 ** 40, "f": 0.755, "b": True, "d": date(1, 1, 1),
                               "t": t, "e": "", "u": "naïve ünïcode"}},
        {"key": "b", "props": {"s": "y", "i": -7, "f": 1e-05, "b": False, "d": date(9999, 12, 31),
                               "t": t, "none": None}},
        {"key": "c", "props": {"s": "tab\x1fand\x1erow"}},  # separators: sent as a plain map
        {"key": "d", "props": {"l": ["a", "b"]}},  # a list: plain map
    ]
    query = q("encprobe_create")
    parts = encode_rows(query, rows)
    assert sum("blob" in a for _, a in parts) == 2 and sum("rows" in a for _, a in parts) == 1
    for part, a in parts:
        graph.write(part, via="blob", **a)
    graph.write(query, via="map", rows=[{"key": r["key"], "props": {k: v for k, v in r["props"].items()
                                                                    if v is not None}} for r in rows])
    got = {(r["via"], r["key"]): r["p"] for r in graph.read(
        q("encprobe_nodes"))}
    for r in rows:
        blob, plain = dict(got[("blob", r["key"])]), dict(got[("map", r["key"])])
        blob.pop("via"), plain.pop("via")
        assert blob == plain
        assert {k: type(v) for k, v in blob.items()} == {k: type(v) for k, v in plain.items()}
    assert got[("blob", "a")]["f"] == 0.755 and got[("blob", "a")]["t"] == t


class _CountingResolver(Resolver):
    def __init__(self) -> None:
        super().__init__()
        self.batches: list[int] = []

    def resolve_many(self, refs, **kw):  # type: ignore[no-untyped-def,override]
        self.batches.append(len(refs))
        return super().resolve_many(refs, **kw)


def _entity(name: str, lei: str | None = None, cn: str | None = None):  # type: ignore[no-untyped-def]
    from ownergraph.domain.model import Entity

    ref = EntityRef(lei=lei) if lei else EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value=cn or name)
    return Entity(ref=ref, name=name, known_from=datetime(2020, 1, 1, tzinfo=timezone.utc),
                  provenance=Provenance(source_system="test", source_record_id=f"e-{name}"))


def test_mentions_resolve_in_one_batch_and_lei_results_stay_cached() -> None:
    r = _CountingResolver()
    keys = ResolverKeys(r)
    refs = [EntityRef(lei="213800HBLHOLD1NGS054"), EntityRef(name="Acme Widgets Ltd"),
            EntityRef(lei="213800HBLHOLD1NGS054"), EntityRef(name="Acme Widgets Ltd")]
    out = keys.keys_of(refs)
    assert r.batches == [2]  # distinct mentions only, one call
    assert out[0] == out[2] == "213800HBLHOLD1NGS054" and out[1] == out[3]
    keys.keys_of(refs)
    assert r.batches == [2]  # all cached
    keys.register(_entity("Other Co", cn="GB:123"))
    keys.keys_of(refs)
    assert r.batches == [2, 1]  # a registration drops name results only; the LEI stays cached


def test_an_entity_later_in_the_batch_is_known_to_earlier_mentions(graph: Graph) -> None:
    keys = ResolverKeys(_CountingResolver())
    loader = Loader(graph, keys)
    prov = Provenance(source_system="test", source_record_id="o1")
    loader.add(Ownership(source=EntityRef(lei="213800HBLHOLD1NGS054"),
                         target=EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value="GB:09876543"),
                         stake=Stake(exact=60), known_from=datetime(2021, 1, 1, tzinfo=timezone.utc),
                         provenance=prov))
    loader.add(_entity("Harbourline Ferries Limited", cn="GB:09876543"))
    loader.flush()
    assert keys.resolver.batches == [2]  # type: ignore[attr-defined]
    rows = graph.read(q("owns_stub_flags"))
    assert rows == [{"name": "Harbourline Ferries Limited", "stub": False, "owner_stub": True}]


def test_only_facts_with_other_versions_or_retractions_are_rechained(graph: Graph) -> None:
    from ownergraph.domain.model import Retraction

    loader = Loader(graph, ResolverKeys(Resolver()))
    loader.add(_ownership(75.5, "2016-06-01T00:00:00+00:00", "a"))
    loader.flush()
    assert loader.counts.rechained == 0  # a new fact is open already
    loader.add(_ownership(72.5, "2019-04-10T00:00:00+00:00", "b"))
    loader.flush()
    assert loader.counts.rechained == 1
    # nothing new, but a fact with another version is re-planned all the same: a run killed
    # between writing a batch and rechaining it left versions a rerun finds stored
    # (tests/graph/test_interrupted_load.py); a re-plan of a right chain changes nothing
    loader.add(_ownership(75.5, "2016-06-01T00:00:00+00:00", "a"))
    loader.flush()
    assert loader.counts.rechained == 2 and loader.counts.loaded == 2 and loader.counts.merged == 1
    # a retraction stored before the fact it withdraws still closes it when the fact arrives
    gone = datetime(2020, 1, 1, tzinfo=timezone.utc)
    loader.add(Retraction(fact_key="test:own-2", known_from=gone,
                          provenance=Provenance(source_system="test", source_record_id="r")))
    loader.flush()
    late = _ownership(10.0, "2018-01-01T00:00:00+00:00", "c").model_copy(update={"fact_key": "test:own-2"})
    loader.add(late)
    loader.flush()
    kt = graph.read(q("own_2_known_to"))
    assert [r["kt"] for r in kt] == [gone]


def test_second_run_loads_nothing_and_applies_no_action_again(graph: Graph) -> None:
    from ownergraph.graph.store.stats import graph_stats

    files = [BUNDLE / "example.bundle.jsonl", BUNDLE / "holdings.csv"]
    first = ingest_paths(graph, files, batch_size=7)  # many small batches: actions span flushes
    assert first.totals["read"] == first.totals["loaded"] + first.totals["merged"] + first.totals["quarantined"]
    before = graph_stats(graph)
    big = ingest_paths(graph, files)
    assert big.totals["loaded"] == 0 and graph_stats(graph) == before


def test_a_generated_world_loaded_twice_changes_nothing(graph: Graph, tmp_path: Path) -> None:
    from ownergraph.demo import world_inputs
    from ownergraph.worldgen import generate_world

    generate_world(300, 5, tmp_path / "world")
    files = world_inputs(tmp_path / "world")
    first = ingest_paths(graph, files)
    before = graph_stats(graph)
    second = ingest_paths(graph, files)
    assert first.totals["quarantined"] == 0
    assert second.totals["loaded"] == 0
    assert graph_stats(graph) == before
