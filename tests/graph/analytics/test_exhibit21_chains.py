"""Chains through Exhibit 21 lists read from real full submissions (issue 13 items 2 and 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.graph.analytics.lookup import find_entity
from ownergraph.graph.analytics.ownership import effective_stake
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths

EX21 = Path("sec") / "ex21"


def test_a_subsidiary_wholly_owned_by_a_subsidiary(graph: Graph, real_data: Path) -> None:
    # torotel EX-21: "(b) Subsidiary (wholly-owned) Electronika, Inc." and "(c) Subsidiary
    # (wholly-owned by Electronika, Inc.) Electronika-Kansas, Inc.": 100% over two hops
    ingest_paths(graph, [real_data / EX21 / "torotel-0001445305-11-002220.txt"])
    top, leaf = find_entity(graph, "Torotel, Inc.").key, find_entity(graph, "Electronika-Kansas, Inc.").key
    res = effective_stake(graph, top, leaf, as_of="2011-04-30")
    assert (res.stake.lo, res.stake.hi) == (1.0, 1.0) and [len(p.steps) for p in res.paths] == [2]
    cut = effective_stake(graph, top, leaf, as_of="2011-04-30", max_depth=1)
    assert cut.depth_limit_reached and cut.stake.hi == 0


def test_percent_column_under_a_wholly_owned_filer(graph: Graph, real_data: Path) -> None:
    # wisconsin_electric EX-21: "Wisconsin Electric is a wholly-owned subsidiary of Wisconsin Energy
    # Corporation"; row "ATC Management Inc. | Wisconsin | 42.482%"
    ingest_paths(graph, [real_data / EX21 / "wisconsin_electric-0000107815-02-000006.txt"])
    top, atc = find_entity(graph, "Wisconsin Energy Corporation").key, find_entity(graph, "ATC Management Inc.").key
    res = effective_stake(graph, top, atc, as_of="2001-12-31")
    assert res.stake.lo == pytest.approx(0.42482) and res.stake.hi == pytest.approx(0.42482)


def test_a_legal_form_breaks_a_tie_between_names_that_normalise_alike(graph: Graph, real_data: Path) -> None:
    # 0001047469-97-006960.txt: the filer APPLE COMPUTER INC and its subsidiaries Apple Computer
    # Limited, Apple Computer B.V. all normalise to "apple computer"
    ingest_paths(graph, [real_data / EX21 / "0001047469-97-006960.txt"])
    assert find_entity(graph, "Apple Computer, Inc.").name == "APPLE COMPUTER INC"
    assert find_entity(graph, "Apple Computer B.V.").name == "Apple Computer B.V."
