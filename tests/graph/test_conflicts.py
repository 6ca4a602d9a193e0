"""One producer never overwrites another; one fact known twice at one instant is a conflict.

Bundle record ids are scoped by their producer (ingest.readers.bundle), so a second producer's
bundle reusing the ids keeps its facts apart; a record of one scoped id and one known_from with
other content is quarantined by the loader (graph.conflicts), in one batch, across batches and
across runs. The bundles are written here (the bundle is ownergraph's own format); the LEIs are
the fictional, check-digit-valid ones of examples/bundle.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.stats import graph_stats
from tests.cypher import q

SHIPPING, NORDKAP, VALTORA = "213800HBLSH1PP1NG027", "5493001NORDKAP1TAL17", "984500VALT0RA1NV0011"
OPEN_YEAR = 9999  # known_to of a version still open


def _bundle(path: Path, producer: str | None, *records: dict[str, Any]) -> Path:
    header = {"version": 1, "published": "2021-01-01"} | ({"producer": producer} if producer else {})
    path.write_text("\n".join(json.dumps(r) for r in ({"bundle": header}, *records)) + "\n")
    return path


def _own(rid: str, owner: str, stake: float, known: str, **extra: Any) -> dict[str, Any]:
    return {"type": "ownership", "id": rid, "owner": owner, "owned": SHIPPING, "stake": stake,
            "valid_from": "2020-06-01", "known_from": known, **extra}


def _quarantined(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def _owners(graph: Graph) -> list[tuple[str, str, float, int]]:
    return [(r["owner"], r["fk"], round(r["stake"], 4), r["kt"].year)
            for r in graph.read(q("owns_into"), owned=SHIPPING)]


def test_two_producers_with_the_same_ids_both_stay_open(graph: Graph, tmp_path: Path) -> None:
    a = _bundle(tmp_path / "registry.jsonl", "Registry extract A", _own("own-1", NORDKAP, 30, "2021-03-01"))
    b = _bundle(tmp_path / "broker.jsonl", "Broker feed B", _own("own-1", VALTORA, 60, "2022-05-01"))
    summary = ingest_paths(graph, [a, b], quarantine_path=tmp_path / "q.jsonl")
    assert summary.totals == {"read": 2, "loaded": 2, "merged": 0, "quarantined": 0, "not_read": 0}
    # without the producer scope B's later record was a new version of A's fact and closed it
    assert _owners(graph) == [(VALTORA, "bundle@Broker feed B:own-1", 0.6, OPEN_YEAR),
                              (NORDKAP, "bundle@Registry extract A:own-1", 0.3, OPEN_YEAR)]


def test_a_correction_by_the_same_producer_in_another_file_still_closes_the_first(
        graph: Graph, tmp_path: Path) -> None:
    first = _bundle(tmp_path / "2021-03.jsonl", "Registry extract A", _own("own-1", NORDKAP, 30, "2021-03-01"))
    fix = _bundle(tmp_path / "2021-09-fix.jsonl", "Registry extract A", _own("own-1", NORDKAP, 35, "2021-09-01"))
    ingest_paths(graph, [first, fix])
    assert _owners(graph) == [(NORDKAP, "bundle@Registry extract A:own-1", 0.3, 2021),
                              (NORDKAP, "bundle@Registry extract A:own-1", 0.35, OPEN_YEAR)]


@pytest.mark.parametrize("batch_size", [20000, 1])  # in one batch / the look-up of a written one
def test_same_producer_same_id_same_known_from_is_quarantined(graph: Graph, tmp_path: Path,
                                                               batch_size: int) -> None:
    path = _bundle(tmp_path / "extract.jsonl", "Registry extract A",
                   _own("own-2", NORDKAP, 40, "2021-03-01"),
                   _own("own-2", NORDKAP, 45, "2021-03-01"))  # line 3: the same fact, other stake
    summary = ingest_paths(graph, [path], quarantine_path=tmp_path / "q.jsonl", batch_size=batch_size)
    f = summary.files[0]
    assert (f.read, f.loaded, f.merged, f.quarantined) == (2, 1, 0, 1)
    [entry] = _quarantined(tmp_path / "q.jsonl")
    assert (entry["source_file"], entry["locator"], entry["field"]) == (str(path), "extract.jsonl:line:3", "id")
    assert entry["reason"].startswith("conflict: fact 'bundle@Registry extract A:own-2' already has a version "
                                      "known from 2021-03-01T00:00:00+00:00 with other content (different stake_")
    assert "extract.jsonl:line:2" in entry["reason"]  # the version kept
    assert _owners(graph) == [(NORDKAP, "bundle@Registry extract A:own-2", 0.4, OPEN_YEAR)]


def test_a_conflict_with_a_stored_version_from_an_earlier_run(graph: Graph, tmp_path: Path) -> None:
    first = _bundle(tmp_path / "march.jsonl", "Registry extract A", _own("own-2", NORDKAP, 40, "2021-03-01"))
    again = _bundle(tmp_path / "resent.jsonl", "Registry extract A",
                    _own("own-2", NORDKAP, 40, "2021-03-01", document_id="AR-2020"))
    ingest_paths(graph, [first])
    summary = ingest_paths(graph, [again], quarantine_path=tmp_path / "q.jsonl")
    assert summary.totals["quarantined"] == 1 and summary.totals["loaded"] == 0
    [entry] = _quarantined(tmp_path / "q.jsonl")
    assert "(different document_id)" in entry["reason"] and "march.jsonl:line:2" in entry["reason"]
    assert _owners(graph) == [(NORDKAP, "bundle@Registry extract A:own-2", 0.4, OPEN_YEAR)]


def test_loading_a_file_with_a_conflict_twice_changes_nothing(graph: Graph, tmp_path: Path) -> None:
    path = _bundle(tmp_path / "extract.jsonl", None,  # no producer: the unscoped key bundle:<id>
                   {"type": "entity", "id": "ent-shipping", "lei": SHIPPING, "name": "Harbourline Shipping Limited",
                    "known_from": "2021-02-01"},
                   {"type": "entity", "id": "ent-shipping", "lei": SHIPPING, "name": "Harbourline Shipping Ltd (typo)",
                    "known_from": "2021-02-01"},
                   _own("own-3", NORDKAP, 40, "2021-03-01"), _own("own-3", VALTORA, 40, "2021-03-01"))
    first = ingest_paths(graph, [path], quarantine_path=tmp_path / "q1.jsonl")
    before = graph_stats(graph)
    second = ingest_paths(graph, [path], quarantine_path=tmp_path / "q2.jsonl")
    assert first.totals == {"read": 4, "loaded": 2, "merged": 0, "quarantined": 2, "not_read": 0}
    assert second.totals == {"read": 4, "loaded": 0, "merged": 2, "quarantined": 2, "not_read": 0}
    assert graph_stats(graph) == before  # the same fingerprint
    assert [(e["locator"], e["field"]) for e in _quarantined(tmp_path / "q2.jsonl")] == [
        ("extract.jsonl:line:3", "id"), ("extract.jsonl:line:5", "id")]
    names = graph.read(q("entity_key_name"), k=SHIPPING)
    assert names[0]["e"]["name"] == "Harbourline Shipping Limited"  # the first, not the last loaded
    assert _owners(graph) == [(NORDKAP, "bundle:own-3", 0.4, OPEN_YEAR)]
