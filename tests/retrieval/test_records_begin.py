"""An answer that finds nothing at the day asked, for a subject whose every relationship is valid
only from a later day (a register filed after that day), says so and answers as of that day
(session 10). Real file: the Norwegian register's BODS sample (FERD AS, statements dated
2024-10-08), tests/fixtures/real/bods-more/bods-validator/norway-brreg-bods-0.4.json."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.connection import Graph
from ownergraph.retrieval.api import Ownergraph

FERD = Path("bods-more") / "bods-validator" / "norway-brreg-bods-0.4.json"


def test_records_that_begin_after_the_day_asked(graph: Graph, real_data: Path) -> None:
    ingest_paths(graph, [real_data / FERD])
    a = Analytics(graph)
    assert a.lookup.records_begin("FERD AS", as_of="2024-07-15") == date(2024, 10, 8)
    assert a.lookup.records_begin("FERD AS", as_of="2024-12-31") is None  # valid then: nothing to move
    assert a.lookup.records_begin("FERD AS", as_of="2024-07-15", known_at="2024-07-15") is None  # not yet known

    og = Ownergraph(graph, text=None)
    text = og.ask("Who are the shareholders of FERD AS?", today=date(2024, 7, 15)).text
    assert text.startswith("Nothing as of 2024-07-15: the graph's records of FERD AS begin on 2024-10-08.")
    assert "as of 2024-10-08" in text and "JOHAN HENRIK ANDRESEN" in text
    same = og.ask("Who are the shareholders of FERD AS?", today=date(2024, 12, 31)).text
    assert "Nothing as of" not in same and "JOHAN HENRIK ANDRESEN" in same
