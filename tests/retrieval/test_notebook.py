"""Results and answers as HTML in a notebook (``_repr_html_``): the table with its rows and a
small chain of the cited edges."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from ownergraph.graph.analytics.notebook import MAX_ROWS, result_html
from ownergraph.graph.load.pipeline import ingest_paths

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle"


def test_the_table_and_the_chain_are_html() -> None:
    frame = pd.DataFrame([{"name": "Valtora <Investments> Ltd", "stake": 0.52}])
    edges = [{"source": "a", "target": "b", "type": "x", "stake_lo": 0.52, "stake_hi": 0.52, "statement_id": "s1"}]
    out = result_html(frame, edges, {"a": "Valtora <Investments> Ltd", "b": "Harbourline Holdings PLC"}, "why")
    assert "<table" in out and "Valtora &lt;Investments&gt; Ltd" in out and "<Investments>" not in out
    assert "<svg" in out and "52%" in out and "Harbourline Holdings PLC" in out


def test_a_long_table_says_how_many_rows_are_left_out() -> None:
    out = result_html(pd.DataFrame({"n": range(MAX_ROWS + 7)}), [], {})
    assert out.count("<tr>") == MAX_ROWS and "7 more rows" in out and "<svg" not in out


def test_an_owners_result_and_an_answer_render_their_rows(graph, tmp_path: Path) -> None:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.api import Ownergraph

    ingest_paths(graph, [BUNDLE])
    res = Analytics(graph).ownership.owners("Harbourline Shipping Limited", as_of="2024-06-30")
    out = res._repr_html_()
    names = [str(n) for n in res.to_frame()["name"]]
    assert names and all(n in out for n in names)
    assert len(re.findall(r"<tr>", out)) == len(names) and "<svg" in out and "72.5%" in out
    answer = Ownergraph(graph).ask("Who owns Harbourline Shipping Limited?", as_of="2024-06-30")
    out = answer._repr_html_()
    assert "<table" in out and "<svg" in out
    assert all(str(v) in out for v in answer.frame.iloc[:, 0].astype(str))
    page = answer.picture(tmp_path / "answer.html").read_text(encoding="utf-8")  # the view, at its clock
    assert 'id="og-data"' in page and "Harbourline Shipping Limited" in page and "<script src" not in page
