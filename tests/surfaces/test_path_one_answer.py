"""``ask "How is A connected to B?"`` and ``ownergraph path A B --types all`` are one analytic with
one set of defaults, and a path is a path: hops = entities - 1, parallel edges on one hop.

examples/bundle/example.bundle.jsonl: vote-valtora-holdings (Valtora holds 52% of the voting
rights of Harbourline Holdings PLC) and a 25-50% shareholding beside it; own-holdings-shipping
(Holdings owns 72.5% of Harbourline Shipping Limited), gtee-holdings-shipping-2020 (Holdings
guarantees EUR 150m of Shipping's obligations), cons-shipping-holdings (Shipping is consolidated
by Holdings); loan-granite-shipping-2020 (Granite Bank AG lends USD 80m to Shipping). The real
path: Valtora -> Holdings -> Shipping <- Granite Bank, 3 hops.
"""

from __future__ import annotations

import re

from tests.example_bundle import AS_OF, as_json, bundle_graph, cli_run  # noqa: F401 (fixtures)

A, B = "Valtora Investments Ltd", "Granite Bank AG"
CHAIN = [A, "Harbourline Holdings PLC", "Harbourline Shipping Limited", B]


def test_ask_and_path_command_give_the_same_three_hops(bundle_graph, cli_run) -> None:
    from ownergraph.retrieval.api import Ownergraph

    ans = Ownergraph(bundle_graph).ask(f"How is {A} connected to {B}?", as_of=AS_OF)
    res = ans.evidence.result
    assert res.found and res.hops == 3
    assert [s["source_name"] for s in res.steps] + [res.steps[-1]["target_name"]] == CHAIN
    assert "(3 hops)" in ans.text
    cli = as_json(cli_run("path", A, B, "--types", "all", "--as-of", AS_OF, "--json"))
    assert cli["found"] and cli["hops"] == 3
    assert [s["source_name"] for s in cli["steps"]] + [cli["steps"][-1]["target_name"]] == CHAIN


def test_parallel_edges_share_one_hop_with_their_direction(bundle_graph, cli_run) -> None:
    from ownergraph.retrieval.api import Ownergraph

    text = Ownergraph(bundle_graph).ask(f"How is {A} connected to {B}?", as_of=AS_OF).text
    # each entity once: the answer walks the chain, never repeats an end for a parallel edge
    for name in CHAIN:
        assert text.count(name) == 1 + (name in (A, B)), text  # the ends also in the heading
    assert re.search(r"owns 72\.5% of the shares, guarantees EUR 150,000,000; ← is consolidated by", text), text
    assert "← lends USD 80,000,000" in text and "52% of the voting rights" in text
    out = cli_run("path", A, B, "--types", "all", "--as-of", AS_OF)
    hops = [line for line in out.splitlines() if re.match(r"\s+[123]\s", line)]
    assert len(hops) == 3, out
    assert "72.5% of the shares" in hops[1] and "guarantees EUR 150,000,000" in hops[1], out
    assert "← lends USD 80,000,000" in hops[2], out
