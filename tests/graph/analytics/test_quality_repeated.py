"""Quality's "over 100%" on a real 10-K that states one holding many times.

tests/fixtures/real/sec/ex21/torotel-0001445305-11-002220.txt (Torotel, Inc. 10-K for the year to
April 30, 2011, read by a person): Item 1 says "Torotel, Inc. ("Torotel") conducts business
primarily through its wholly owned subsidiary, Torotel Products, Inc.", the notes say it again, and
Exhibit 21 lists "Subsidiary (wholly-owned) Torotel Products, Inc. (a Missouri corporation)". One
holder, 100%: an ingest of the whole real folder had reported "shareholders' stakes sum to at least
500.00% (5 holders)" for Torotel Products, Inc., counting each sentence as a holder.
"""

from __future__ import annotations

from ownergraph.graph.analytics.api import Analytics
from ownergraph.graph.load.pipeline import ingest_paths

TOROTEL = "sec/ex21/torotel-0001445305-11-002220.txt"


def test_one_holder_stated_many_times_is_not_over_100(graph, real_data) -> None:
    ingest_paths(graph, [real_data / TOROTEL])
    a = Analytics(graph)
    res = a.quality.issues(as_of="2011-12-31")
    over = {i["entity_name"] for i in res.issues if i["kind"] == "over_100"}
    assert "Torotel Products, Inc." not in over, over
    assert over == set()
    owners = a.ownership.owners("Torotel Products, Inc.", as_of="2011-12-31")
    assert [(r.name, r.stake.lo) for r in owners.rows] == [("TOROTEL INC", 1.0)]
