"""Benchmark: context tokens per turn over a scripted 100-turn session vs a flat-history baseline.

    python -m bench.retrieval.session --entities 100000 [--turns 100] [--chunks 2000] [--json]

The graph is ``bench.analytics``'s (reused when loaded). The script walks the graph the way an
analyst does: a question naming an entity (owners, stake, contagion, exposure, parents, by
name or LEI), then follow-ups that lean on it ("Who owns it?", "What about its parent?", "Who
is hit if it defaults?"), a few stated assumptions. ``Ownergraph(graph).session()`` keeps
memory as a small context graph, so each turn's context is that turn's subgraph only:
``session.turns[i].tokens`` (whitespace tokens of the rendered context). The baseline is a
flat chat history whose context at turn i is the concatenation of every earlier turn's
context plus this one's (it grows linearly). Reported: first/last/mean tokens, the largest
deviation from the mean for ours (target within +-20%), and the baseline's growth.
Assumption turns render no context (0 tokens) and are left out of the statistics.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench._common import peak_rss_mb, write_report
from bench.analytics import _bulk
from bench.analytics.__main__ import PORT, analytics_settings, prepare_graph, run_on_server
from ownergraph.graph.store.connection import connect
from ownergraph.retrieval.api import Ownergraph

FOLLOW_UPS = ["Who owns it?", "What about its parent?", "Who is hit if it defaults?",
              "What is our exposure to anything it controls?"]


def script(world: _bulk.World, turns: int, seed: int) -> list[str]:
    """``turns`` questions: blocks of one anchored question and 1-3 follow-ups, assumptions now and then."""
    from bench.retrieval.ask import questions

    rnd = random.Random(seed)
    anchored = questions(world, turns, seed + 500)
    out: list[str] = []
    i = 0
    while len(out) < turns:
        out.append(anchored[i]["text"].replace(f" as of {_bulk.AS_OF.isoformat()}", ""))
        i += 1
        for _ in range(rnd.randint(1, 3)):
            if len(out) < turns:
                out.append(rnd.choice(FOLLOW_UPS))
        if len(out) < turns and rnd.random() < 0.08:
            out.append(f"Assume the {rnd.randint(2016, 2022)} sale did not happen.")
    return out[:turns]


def run(args: argparse.Namespace) -> dict[str, Any]:
    graph = connect(analytics_settings(args.port))
    world, ginfo = prepare_graph(graph, args.entities, args.edges, args.seed)
    report: dict[str, Any] = {"bench": "ownergraph.retrieval.conversation.session", "graph": {k: ginfo[k] for k in ("entities", "edges")}}
    text = None
    tmp = tempfile.TemporaryDirectory(prefix="og-session-")
    if args.chunks:
        from bench.retrieval.ask import build_index, chunks_for, text_retriever

        index, info = build_index(chunks_for(world, args.chunks, args.seed), Path(tmp.name))
        report["disclosures"] = info
        text = text_retriever(graph, index, Path(tmp.name))
    og = Ownergraph(graph, text=text)
    session = og.session()
    lines = script(world, args.turns, args.seed)
    t0 = time.perf_counter()
    per_turn, errors = _play(session, lines)
    wall = time.perf_counter() - t0
    ctx_tokens = [p["tokens"] for p in per_turn]
    answered = [p["pattern"] not in (None, "assumption") for p in per_turn]
    ours = [t for t, a in zip(ctx_tokens, answered) if a]
    report.update({
        "turns": len(lines), "answered_turns": len(ours), "errors": errors, "wall_s": round(wall, 1),
        "ours": _ours(ours, per_turn),
        "baseline_flat_history": _flat_history(ctx_tokens, answered, ours),
        "per_turn": per_turn,
        "memory": {"entities": len(session.entities), "facts": len(session.facts),
                   "assumptions": len(session.assumptions)},
        "target": "ours within +-20% of its mean",
        "peak_rss_mb": round(peak_rss_mb(), 1),
    })
    tmp.cleanup()
    return report


def _play(session: Any, lines: list[str]) -> tuple[list[dict[str, Any]], int]:
    """Each line asked in turn: its pattern and context tokens (0 for assumption turns and
    errors), and how many turns failed."""
    per_turn: list[dict[str, Any]] = []
    errors = 0
    for line in lines:
        before = len(session.turns)
        err = None
        try:
            session.ask(line, as_of=_bulk.AS_OF)
        except Exception as exc:  # noqa: BLE001 - a failed turn is reported, the session goes on
            err = f"{type(exc).__name__}: {str(exc)[:120]}"
            errors += 1
        turn = session.turns[-1] if len(session.turns) > before else None
        per_turn.append({"q": line, "pattern": turn.pattern if turn else None,
                         "tokens": turn.tokens if turn else 0, "error": err})
    return per_turn, errors


def _ours(ours: list[int], per_turn: list[dict[str, Any]]) -> dict[str, Any]:
    """Context tokens of the answered turns: their spread around the mean, and whether they grow
    with the session (halves, 20-turn windows, per question type)."""
    mean = statistics.fmean(ours) if ours else 0.0
    dev = max(abs(t - mean) / mean for t in ours) if ours and mean else None
    half = len(ours) // 2
    windows = [statistics.fmean(ours[i:i + 20]) for i in range(0, len(ours), 20)]
    patterns = sorted({p["pattern"] for p in per_turn if p["pattern"] not in (None, "assumption")})
    by_pattern = {}
    for pat in patterns:
        v = [p["tokens"] for p in per_turn if p["pattern"] == pat]
        first = statistics.fmean(v[: len(v) // 2]) if len(v) > 1 else 0.0
        by_pattern[pat] = {"n": len(v), "median": statistics.median(v), "max": max(v),
                           "second_over_first_half": round(statistics.fmean(v[len(v) // 2:]) / first, 3)
                           if first else None}
    return {"first": ours[0] if ours else None, "last": ours[-1] if ours else None,
            "mean": round(mean, 1), "median": statistics.median(ours) if ours else None,
            "min": min(ours, default=None), "max": max(ours, default=None),
            "max_deviation_from_mean": round(dev, 3) if dev is not None else None,
            "within_20pct_of_mean": (sum(1 for t in ours if abs(t - mean) <= 0.2 * mean) / len(ours))
            if ours else None,
            # trend: does context grow with the session? (flat memory: halves about equal)
            "first_half_mean": round(statistics.fmean(ours[:half]), 1) if len(ours) > 1 else None,
            "second_half_mean": round(statistics.fmean(ours[half:]), 1) if len(ours) > 1 else None,
            "window20_means": [round(w, 1) for w in windows],
            "window20_max_deviation": round(max(abs(w - mean) / mean for w in windows), 3)
            if ours and mean else None,
            "by_pattern": by_pattern}


def _flat_history(ctx_tokens: list[int], answered: list[bool], ours: list[int]) -> dict[str, Any]:
    """The baseline: each turn sent with every earlier turn's context (a flat history)."""
    acc, base = 0, []
    for t, a in zip(ctx_tokens, answered):
        acc += t
        if a:
            base.append(acc)
    return {"first": base[0] if base else None, "last": base[-1] if base else None,
            "growth_last_over_first": round(base[-1] / base[0], 1) if base and base[0] else None,
            "last_over_ours_last": round(base[-1] / ours[-1], 1) if ours and ours[-1] else None}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.retrieval.session", description=__doc__.split("\n")[0])
    p.add_argument("--entities", type=int, default=100_000)
    p.add_argument("--edges", type=int, default=None, help="default: 2 x entities")
    p.add_argument("--turns", type=int, default=100)
    p.add_argument("--chunks", type=int, default=0, help="disclosure chunks for the text side (0: graph only)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--port", type=int, default=PORT)
    p.add_argument("--stop", action="store_true", help="stop the bench server at the end")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    args.edges = args.edges or 2 * args.entities
    report = run_on_server(run, args)
    path = write_report(f"session-{args.entities}", report)
    if args.json:
        print(json.dumps(report, indent=2, default=str))
    else:
        o, b = report["ours"], report["baseline_flat_history"]
        print(f"ours first {o['first']} last {o['last']} mean {o['mean']} max dev {o['max_deviation_from_mean']}; "
              f"baseline first {b['first']} last {b['last']}; wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
