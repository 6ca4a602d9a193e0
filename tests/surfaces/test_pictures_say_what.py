"""Pictures say what they show (issue 30, item 7): an edge says its interest (Valtora's 52% of
the voting rights of Harbourline Holdings PLC is not "OWNS 52%", and the 25-50% shareholding
beside it is drawn too), and a backtest plot's axes say what they count.

examples/bundle: vote-valtora-holdings (52%, voting rights) and Valtora's PSC shareholding band
25-50% in Harbourline Holdings PLC, both from PSC-06874512-2018-02-14."""

from __future__ import annotations

from ownergraph.graph.analytics.api import Analytics
from tests.example_bundle import AS_OF, bundle_graph  # noqa: F401 (fixture)

VALTORA, HOLDINGS = "984500VALT0RA1NV0011", "213800HBLHOLD1NGS054"


def test_answer_picture_labels_each_interest(bundle_graph) -> None:
    from ownergraph.retrieval.answer.picture import edge_labels
    from ownergraph.retrieval.api import Ownergraph

    ans = Ownergraph(bundle_graph).ask("Who owns Harbourline Shipping Limited?", as_of=AS_OF)
    lines = edge_labels(ans.subgraph["edges"])[(VALTORA, HOLDINGS)]
    assert "holds 52% of the voting rights" in lines and "owns 25–50% of the shares" in lines, lines
    assert not any(line.isupper() or "OWNS" in line for line in lines)


def test_ownership_plot_labels_each_interest(bundle_graph) -> None:
    from ownergraph.graph.analytics.plots import ownership_graph

    owners = Analytics(bundle_graph).at(AS_OF).ownership.owners("Harbourline Shipping Limited")
    g, names = ownership_graph(owners)
    label = g.edges[VALTORA, HOLDINGS]["label"].split("\n")
    assert "52% of the votes" in label and "25–50% of the shares" in label, label
    assert names[VALTORA] == "Valtora Investments Ltd"


def test_backtest_axes_say_what_they_count(bundle_graph) -> None:
    from ownergraph.graph.analytics.backtest import backtest
    from ownergraph.graph.analytics.plots import column_words, y_axis_words

    res = backtest(bundle_graph, "path 'Valtora Investments Ltd' 'Granite Bank AG'", ["2023-12-31", "2024-06-30"])
    means = res.frame.attrs["value_means"]
    assert y_axis_words(["value"], means) == "hops on the shortest path"
    assert y_axis_words(["stake_lo", "stake_hi"]) == "effective stake"
    assert column_words("total_EUR") == "total EUR" and column_words("value", None) != "value"
