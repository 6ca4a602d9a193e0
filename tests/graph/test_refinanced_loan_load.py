"""A refinanced loan read from a real filing ends in the graph; the refinancing lender is live.

tests/fixtures/real/sec/ex21/torotel-0001445305-11-002220.txt (Torotel, Inc. 10-K for the year to
April 30, 2011), NOTE C, read by a person: "On September 27, 2010, Torotel Products entered into a
new financing agreement (the “agreement”) with Commerce Bank, N.A" and of its real estate term
loan "This loan is a refinancing of our previous real estate loan and equipment loans with the
Bank of Blue Valley which had a payoff amount of approximately $560,000." The debt table agrees:
"Note payable to Bank of Blue Valley, maturing May 2014 — 572,000" (nothing at April 30, 2011;
$572,000 at April 30, 2010). So at the fiscal year end the lender is Commerce Bank only, and on
April 30, 2010 it was the Bank of Blue Valley (the agreement with Commerce Bank came later).
"""

from __future__ import annotations

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from tests.cypher import q

TOROTEL = "sec/ex21/torotel-0001445305-11-002220.txt"
NOW = "9000-01-01T00:00:00Z"


def _lenders(graph: Graph, as_of: str) -> list[tuple[str, str]]:
    rows = graph.read(q("text_claims_admitted"), as_of=as_of, known_at=NOW)
    return [(r["source"], r["target"]) for r in rows if r["type"] == "LENDS_TO"]


def test_refinanced_lender_is_not_live_after_the_refinancing(graph: Graph, real_data) -> None:
    ingest_paths(graph, [real_data / TOROTEL])
    assert _lenders(graph, "2011-04-30") == [("Commerce Bank, N.A", "Torotel Products, Inc.")]
    assert _lenders(graph, "2010-09-27") == [("Commerce Bank, N.A", "Torotel Products, Inc.")]  # half-open end
    assert _lenders(graph, "2010-04-30") == [("Bank of Blue Valley", "TOROTEL INC")]
