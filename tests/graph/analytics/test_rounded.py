"""A document's rounded figure beside the precise one for the same holding
(graph.analytics._rounded; issue 13 reader fidelity, real question rf-12).

wisconsin_electric-0000107815-02-000006.txt (Wisconsin Electric 10-K for 2001, a full submission):
the 10-K text says "At December 31, 2001, the Company owned 37% of ATC" and its Exhibit 21 row
reads "American Transmission Company LLC | Wisconsin | 37.295%". The stake is 37.295%, not the
band 37-37.295%; the text's 37% is consistent with it and cited beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.graph.analytics.interval import Interval
from ownergraph.graph.analytics.rounded import decimals, drop_rounded, rounds_to
from ownergraph.graph.analytics.lookup import find_entity
from ownergraph.graph.analytics.ownership import effective_stake
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths


def test_decimals_and_rounding() -> None:
    assert (decimals(37.0), decimals(37.295), decimals(42.482), decimals(12.5)) == (0, 3, 3, 1)
    e = Interval.exact
    assert rounds_to(e(0.37), e(0.37295))  # 37.295 rounds to 37
    assert rounds_to(e(0.34), e(0.3449)) and not rounds_to(e(0.34), e(0.3451))
    assert not rounds_to(e(0.37), e(0.38))  # same precision: two figures, not one rounded
    assert not rounds_to(e(0.37295), e(0.37))  # the precise one is never the rounded one
    assert not rounds_to(Interval(0.3, 0.4), e(0.37))  # a band is no stated figure


def test_only_text_claims_are_left_out() -> None:
    items = [("table", Interval.exact(0.37295)), ("text", Interval.exact(0.37)), ("other", Interval.exact(0.40))]
    kept, dropped = drop_rounded(items, lambda rid: rid != "table")
    assert dropped == ["text"] and [r for r, _ in kept] == ["table", "other"]  # 40% still disagrees
    kept, dropped = drop_rounded(items, lambda rid: False)  # registry figures are never "rounded"
    assert dropped == [] and len(kept) == 3


def test_the_exhibit_21_figure_wins_over_the_10k_text(graph: Graph, real_data: Path) -> None:
    ingest_paths(graph, [real_data / "sec" / "ex21" / "wisconsin_electric-0000107815-02-000006.txt"])
    owner = find_entity(graph, "Wisconsin Electric Power Company").key
    atc = find_entity(graph, "American Transmission Company LLC").key
    res = effective_stake(graph, owner, atc, as_of="2001-12-31")
    assert res.stake.lo == pytest.approx(0.37295) and res.stake.hi == pytest.approx(0.37295)
    codes = {w.code for w in res.warnings}
    assert "claim_rounded" in codes and "claim_beside_declared" not in codes
    cited = {e.claim_quote for p in res.paths for s in p.steps for e in s.edges if e.claim_quote}
    assert any("owned 37% of ATC" in " ".join(q.split()) for q in cited)
