"""Answer sentences read as English: each party hit once, edge phrases with the figure in place.

On the repository's hand-written bundle (examples/bundle/example.bundle.jsonl): line 31, the
guarantee gtee-holdings-shipping-2020 (Harbourline Holdings PLC guarantees EUR 150,000,000 for
Harbourline Shipping Limited); line 32, the loan loan-granite-shipping-2020 (Granite Bank AG lends
USD 80,000,000 to Harbourline Shipping Limited); Harbourline Holdings PLC also owns 72.5% of it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ownergraph.graph.load.pipeline import ingest_paths

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"


@pytest.fixture()
def client(graph):
    from ownergraph.retrieval.api import Ownergraph

    ingest_paths(graph, [BUNDLE])
    return Ownergraph(graph)


def test_contagion_answer_names_each_party_once(client) -> None:
    a = client.ask("Who is hit if Harbourline Shipping Limited defaults?", as_of="2024-06-30")
    entries = re.split(r"; ", a.text.split("these are hit: ", 1)[1])
    names = [e.split(" (")[0] for e in entries]
    assert len(names) == len(set(names)), a.text
    holdings = next(e for e in entries if e.startswith("Harbourline Holdings PLC ("))
    assert holdings.startswith("Harbourline Holdings PLC (1 hop: ")
    assert "guarantee of EUR 150,000,000" in holdings and "ownership" in holdings
    assert any(e.startswith("Granite Bank AG (1 hop: loan of USD 80,000,000)") for e in entries)
    labels = [s.label for s in a.citations]
    assert any(lab.startswith("Granite Bank AG lends USD 80,000,000 to Harbourline Shipping Limited;")
               for lab in labels)
    assert any(lab.startswith("Harbourline Holdings PLC guarantees EUR 150,000,000 of Harbourline Shipping "
                              "Limited's obligations;") for lab in labels)
    assert any(lab.startswith("Harbourline Holdings PLC owns 72.5% of Harbourline Shipping Limited;")
               for lab in labels)
