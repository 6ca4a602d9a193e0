"""The demo's steps, shared by ``ownergraph demo`` and the tests.

1. ingest the bundled examples (real public samples, the hand-written bundle, a generated world);
2. index the disclosures for text retrieval;
3. answer representative questions with numbered citations;
4. a quarterly point-in-time backtest and its lookahead audit;
5. pictures (an ownership chain, the backtest curve) and JSON in the output folder.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.stats import graph_stats

Say = Callable[[str], None] | None

QUESTIONS: list[tuple[str, str | None, str | None]] = [
    # (question, as_of, known_at)
    ("Who is the ultimate beneficial owner of Harbourline Shipping Limited?", "2024-06-30", None),
    ("What is Valtora Investments Ltd's effective stake in Harbourline Shipping Limited?", "2024-06-30", None),
    ("What is our exposure to anything the Petrov family controls, as of 2024-06-30?", None, None),
    ("Which counterparties are two hops from a sanctioned issuer?", "2024-06-30", None),
    ("Who is hit if Harbourline Shipping Limited defaults?", "2024-06-30", None),
    ("What changed in the ownership of Meridian Baltic Logistics GmbH between 2023-01-01 and 2024-01-01?",
     None, None),
    ("Who owns Meridian Baltic Logistics GmbH?", "2023-10-02", "2023-10-02"),
    ("Who is the parent of 010CMKZ3VON21WF2ZD45?", None, None),
    ("Shortest control path between Valtora Investments Ltd and Granite Bank AG", "2024-06-30", None),
    # a homonym: the generated world has its own Ivan Petrov, so the answer asks which one
    ("Who is hit if Ivan Petrov defaults?", "2024-06-30", None),
]
BACKTEST = "owners 'Meridian Baltic Logistics GmbH'"


def _say(say: Say, text: str) -> None:
    if say:
        say(text)


def world_inputs(world_dir: Path) -> list[Path]:
    """The generator's loadable files (its ground truth is for checking, not loading)."""
    return sorted(p for p in world_dir.rglob("*") if p.is_file() and not p.name.startswith("ground_truth"))


def run_demo(graph: Graph, examples: Path, out_dir: Path, *, world_size: int = 0, settings: Any = None,
             say: Say = None) -> dict[str, Any]:
    """The main job end to end: load, index, ask the demo's questions, backtest; the report."""
    from ownergraph.retrieval.api import Ownergraph
    from ownergraph.retrieval.text.disclosures import open_text_retriever

    out_dir.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {"steps": {}}
    _load(graph, examples, out_dir, world_size, report, say)
    report["stats"] = graph_stats(graph)

    t = time.monotonic()
    text = open_text_retriever(graph, settings, sync=False)  # lexical without the model
    chunks = text.sync()
    report["steps"]["index_s"] = round(time.monotonic() - t, 1)
    _say(say, f"indexed {chunks} disclosure chunks ({report['steps']['index_s']}s)")

    answers = _ask_all(Ownergraph(graph, text=text), out_dir, say)
    (out_dir / "answers.json").write_text(json.dumps(answers, indent=2, default=str))
    _backtest(graph, out_dir, report, say)
    report["answers"] = len(answers)
    report["outputs"] = sorted(p.name for p in out_dir.iterdir() if p.is_file())
    return report


def _load(graph: Graph, examples: Path, out_dir: Path, world_size: int, report: dict[str, Any], say: Say) -> None:
    """The examples (and a generated world of ``world_size`` entities) ingested; totals into ``report``."""
    t = time.monotonic()
    inputs = [examples / "real", examples / "bundle"]
    if world_size:
        from ownergraph.worldgen import generate_world

        world_dir = out_dir / "world"
        generate_world(world_size, 7, world_dir)
        inputs += world_inputs(world_dir)
    summary = ingest_paths(graph, inputs, quarantine_path=out_dir / "quarantine.jsonl")
    report["ingest"] = summary.totals
    report["steps"]["ingest_s"] = round(time.monotonic() - t, 1)
    _say(say, f"ingested {summary.totals['read']} records: {summary.totals['loaded']} loaded, "
              f"{summary.totals['merged']} merged, {summary.totals['quarantined']} quarantined "
              f"({report['steps']['ingest_s']}s)")


def _ask_all(og: Any, out_dir: Path, say: Say) -> list[dict[str, Any]]:
    """The demo's questions answered with their sources; the first one's chain drawn."""
    answers = []
    for i, (question, as_of, known_at) in enumerate(QUESTIONS, 1):
        try:
            a = og.ask(question, as_of=as_of, known_at=known_at, budget="low")
        except Exception as err:  # a demo question must not stop the demo; say why
            _say(say, f"\nQ{i}. {question}\n   could not answer: {err}")
            answers.append({"question": question, "error": str(err)})
            continue
        when = f" (as of {as_of}{', known at ' + known_at if known_at else ''})" if as_of else ""
        _say(say, f"\nQ{i}. {question}{when}\nA: {a.text}")
        for s in a.citations[:8]:
            _say(say, f"   [{s.number}] {s.label}")
        if len(a.citations) > 8:
            _say(say, f"   … {len(a.citations) - 8} more sources in answers.json")
        answers.append(a.as_dict())
        if i == 1:
            a.picture(out_dir / "ownership_chain.png")
    return answers


def _backtest(graph: Graph, out_dir: Path, report: dict[str, Any], say: Say) -> None:
    """The point-in-time backtest and its look-ahead audit, as pictures and CSV."""
    from ownergraph.graph.analytics.api import Analytics

    analytics = Analytics(graph)
    t = time.monotonic()
    bt = analytics.history.backtest(BACKTEST, "quarterly", start="2022-01-01", end="2024-12-31",
                                    plot=out_dir / "backtest.png")
    audit = analytics.history.lookahead_audit(BACKTEST, "quarterly", start="2022-01-01", end="2024-12-31",
                                              plot=out_dir / "lookahead_audit.png")
    report["steps"]["backtest_s"] = round(time.monotonic() - t, 1)
    bt_frame, audit_frame = bt.to_frame(), audit.to_frame()
    bt_frame.to_csv(out_dir / "backtest.csv", index=False)
    audit_frame.to_csv(out_dir / "lookahead_audit.csv", index=False)
    _say(say, f"\nBacktest ({BACKTEST}, quarterly 2022–2024, point in time): {len(bt_frame)} rows "
              f"-> backtest.png, backtest.csv")
    differs = audit.differing_dates
    report["lookahead_differs_on"] = [d.isoformat() for d in differs]
    _say(say, f"Lookahead audit: ignoring knowledge time changes the answer on {len(differs)} date(s): "
              f"{', '.join(d.isoformat() for d in differs) or 'none'} -> lookahead_audit.png/.csv")
