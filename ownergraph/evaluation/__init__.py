"""Evaluation harness: graph RAG (``Ownergraph.ask``) against a vector-only baseline.

    from ownergraph.evaluation import run_eval, render_table
    report = run_eval(graph, world_dir=Path("out/world"), out_json=Path("out/eval.json"))
    print(render_table(report))

The graph must already hold the world (and, for the hand-checked questions, the real GLEIF
sample). Questions and their answers come from the world's ground truth
(:mod:`ownergraph.evaluation.questions`); both systems answer every question; each answer is
scored on retrieval, structured answer and text (:mod:`ownergraph.evaluation.score`).

Identity: the graph keys its entities by LEI or ``og:`` hash; the ground truth by ``wg:N``.
The harness maps one to the other through the identifiers the world published (LEI,
bundle record id, company number), read from the graph's alias table; an entity the mapping
does not reach keeps its graph key (and so counts as a wrong retrieval).
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ownergraph.graph.store.connection import Graph
from ownergraph.evaluation.model import FAMILIES, EvalQuestion
from ownergraph.evaluation.truth import Truth
from ownergraph.evaluation.questions import build_questions
from ownergraph.evaluation.score import METRICS, Outcome, Score, aggregate, score
from ownergraph.domain.vocabulary import CONTAGION, CYCLES, OWNERS, PARENTS, PATH, SANCTIONS_NEAR, STAKE

SYSTEMS = ("graph", "vector")


@dataclass
class EvalReport:
    world: dict[str, Any]
    questions: list[dict[str, Any]]
    scores: list[dict[str, Any]]
    table: dict[str, dict[str, dict[str, float]]]  # family -> system -> metrics
    overall: dict[str, dict[str, float]]
    seconds: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"world": self.world, "table": self.table, "overall": self.overall, "seconds": self.seconds,
                "questions": self.questions, "scores": self.scores}


# -- identity -------------------------------------------------------------------------------------


class KeyMap:
    """graph key -> ground-truth key (``wg:N``; real LEIs map to themselves)."""

    def __init__(self, graph: Graph, truth: Truth | None) -> None:
        self.to_truth: dict[str, str] = {}
        if truth is None:
            return
        want: dict[str, str] = {}
        for k, e in truth.entities.items():
            for v in (e.get("lei"), k, e.get("company_number")):
                if v:
                    want.setdefault(v, k)
        values = sorted(want)
        for i in range(0, len(values), 2000):
            for row in graph.read("evaluation_alias_map", values=values[i:i + 2000]):
                self.to_truth.setdefault(row["key"], want[row["value"]])
        for k, e in truth.entities.items():  # an LEI is the key itself
            if e.get("lei"):
                self.to_truth.setdefault(e["lei"], k)

    def __call__(self, key: Any) -> str:
        return self.to_truth.get(str(key), str(key))


# -- the graph system ---------------------------------------------------------------------------


def _pct(stake: Any) -> tuple[float | None, float | None]:
    if isinstance(stake, dict):
        return (None if stake.get("lo") is None else round(float(stake["lo"]) * 100, 4),
                None if stake.get("hi") is None else round(float(stake["hi"]) * 100, 4))
    if isinstance(stake, (list, tuple)) and len(stake) == 2:
        return round(float(stake[0]) * 100, 4), round(float(stake[1]) * 100, 4)
    return None, None


def graph_structured(pattern: str, d: dict[str, Any], found: bool, km: Callable[[Any], str]) -> dict[str, Any]:
    """The analytic's result as a structured answer in truth keys."""
    if pattern == OWNERS.name:
        rows = d.get("rows", [])
        return {"kind": "owners", "certain": sorted(km(r["key"]) for r in rows if r.get("status") == "certainly"),
                "possible": sorted(km(r["key"]) for r in rows if r.get("status") == "possibly")}
    if pattern == STAKE.name:
        if not d.get("paths"):
            return {"kind": "stake", "lo": 0.0, "hi": 0.0}
        lo, hi = _pct(d.get("stake"))
        return {"kind": "stake", "lo": lo, "hi": hi}
    if pattern == CONTAGION.name:
        return {"kind": "set", "keys": sorted({km(r["key"]) for r in d.get("affected", [])})}
    if pattern == SANCTIONS_NEAR.name:
        return {"kind": "set", "keys": sorted({km(r["sanctioned_key"]) for r in d.get("rows", [])})}
    if pattern == CYCLES.name:
        keys = {km(m) for c in d.get("components", []) for m in c.get("members", [])}
        return {"kind": "set", "keys": sorted(keys)}
    if pattern == PARENTS.name:
        out: dict[str, Any] = {"kind": "parents", "direct": [], "ultimate": [], "exceptions": []}
        for level in ("direct", "ultimate"):
            part = d.get(level) or {}
            out[level] = sorted({km(p["target"]) for p in part.get("parents", [])})
            out["exceptions"] += [f"{x.get('level') or level}:{x['reason']}" for x in part.get("exceptions", [])]
        out["exceptions"] = sorted(set(out["exceptions"]))
        return out
    if pattern == PATH.name:
        return {"kind": "path"} if found else {"kind": "no_path"}
    return {}


def ask_graph(og: Any, question: EvalQuestion, km: Callable[[Any], str]) -> Outcome:
    t0 = time.perf_counter()
    try:
        a = og.ask(question.text, as_of=question.as_of, known_at=question.known_at)
    except Exception as err:  # noqa: BLE001 - an error is a wrong answer, not a crash of the harness
        return Outcome(ms=(time.perf_counter() - t0) * 1000, error=f"{type(err).__name__}: {err}"[:300])
    ms = (time.perf_counter() - t0) * 1000
    ev = a.evidence
    d = ev.result.as_dict() if ev is not None and hasattr(ev.result, "as_dict") else {}
    entities = {km(k) for k in (ev.entities if ev else {})}
    for f in ("target", "owner", "owned"):  # the resolved anchors, also when nothing was found
        if isinstance(d.get(f), str):
            entities.add(km(d[f]))
    pairs = {(km(e["source"]), km(e["target"])) for e in (ev.edges if ev else []) if "source" in e}
    structured = graph_structured(a.question.pattern, d, bool(ev and ev.found), km)
    return Outcome(entities, pairs, structured, a.text, len(a.context.sources), ms)


# -- the run ---------------------------------------------------------------------------------------


def _names(graph: Graph, km: Callable[[Any], str]) -> dict[str, str]:
    names: dict[str, str] = {}
    for row in graph.read("evaluation_names"):
        for n in [row["name"], *(row.get("aliases") or [])]:
            if isinstance(n, str) and n.strip():
                names.setdefault(n.strip(), km(row["key"]))
    return names


def run_eval(graph: Graph, *, world_dir: Path, out_json: Path | None = None, seed: int = 7,
             questions: list[EvalQuestion] | None = None, real: bool = True, k: int = 5,
             say: Callable[[str], None] | None = None) -> EvalReport:
    """Build the questions (unless given), answer each with both systems, score, write JSON."""
    from ownergraph.retrieval.api import Ownergraph
    from ownergraph.evaluation.baseline import VectorBaseline

    t0 = time.perf_counter()
    truth = Truth(Path(world_dir))
    qs = questions if questions is not None else build_questions(Path(world_dir), seed=seed, real=real)
    t_q = time.perf_counter()
    km = KeyMap(graph, truth)
    baseline = VectorBaseline(graph.read("evaluation_documents"), _names(graph, km), k=k)
    t_b = time.perf_counter()
    if say:
        say(f"{len(qs)} questions; baseline index: {len(baseline.items)} chunks")
    og = Ownergraph(graph)
    scores: list[Score] = []
    answers: list[dict[str, Any]] = []
    for i, q in enumerate(qs, 1):
        g = ask_graph(og, q, km)
        v = baseline.answer(q)
        scores += [score(q, g, "graph"), score(q, v, "vector")]
        answers.append({**q.as_dict(), "answers": {
            "graph": {"text": g.text, "structured": g.structured, "error": g.error},
            "vector": {"text": v.text, "structured": v.structured}}})
        if say and i % 25 == 0:
            say(f"  {i}/{len(qs)} questions answered")
    t_a = time.perf_counter()
    by: dict[tuple[str, str], list[Score]] = defaultdict(list)
    for s in scores:
        by[(s.family, s.system)].append(s)
    fams = [f for f in FAMILIES if any((f, sys) in by for sys in SYSTEMS)]
    table = {f: {sys: aggregate(by[(f, sys)]) for sys in SYSTEMS} for f in fams}
    overall = {sys: aggregate([s for s in scores if s.system == sys]) for sys in SYSTEMS}
    report = EvalReport(
        world={"dir": str(world_dir), "entities": len(truth.entities), "edges": len(truth.edges), "seed": seed},
        questions=answers, scores=[s.as_dict() for s in scores], table=table, overall=overall,
        seconds={"questions": round(t_q - t0, 2), "baseline_index": round(t_b - t_q, 2),
                 "answering": round(t_a - t_b, 2), "total": round(time.perf_counter() - t0, 2)})
    if out_json is not None:
        out_json = Path(out_json)
        out_json.parent.mkdir(parents=True, exist_ok=True)
        out_json.write_text(json.dumps(report.as_dict(), indent=1, ensure_ascii=False, default=str), encoding="utf-8")
    return report


_COLS = (("n", "n"), ("entity_precision", "ent P"), ("entity_recall", "ent R"), ("edge_precision", "edge P"),
         ("edge_recall", "edge R"), ("answer_ok", "answer"), ("figures", "figures"), ("cites_ok", "cites"),
         ("ms", "ms"))


def render_table(report: EvalReport) -> str:
    """A plain-text table: one row per family and system, then the overall rows."""
    head = f"{'family':<20} {'system':<7} " + " ".join(f"{label:>7}" for _, label in _COLS)
    lines = [head, "-" * len(head)]

    def row(name: str, sys: str, m: dict[str, float]) -> str:
        cells = []
        for key, _ in _COLS:
            val = m.get(key, 0)
            cells.append(f"{int(val):>7d}" if key in ("n", "ms") else f"{val:>7.2f}")
        return f"{name:<20} {sys:<7} " + " ".join(cells)

    for fam, systems in report.table.items():
        for sys in SYSTEMS:
            lines.append(row(fam, sys, systems[sys]))
    lines.append("-" * len(head))
    for sys in SYSTEMS:
        lines.append(row("ALL", sys, report.overall[sys]))
    return "\n".join(lines)


def render_markdown(report: EvalReport) -> str:
    head = "| family | system | " + " | ".join(label for _, label in _COLS) + " |"
    lines = [head, "|" + "---|" * (len(_COLS) + 2)]
    for fam, systems in list(report.table.items()) + [("**all**", report.overall)]:
        for sys in SYSTEMS:
            m = systems[sys]
            cells = [str(int(m.get(k, 0))) if k in ("n", "ms") else f"{m.get(k, 0):.2f}" for k, _ in _COLS]
            lines.append(f"| {fam} | {sys} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


__all__ = ["EvalReport", "KeyMap", "METRICS", "SYSTEMS", "ask_graph", "build_questions", "graph_structured",
           "render_markdown", "render_table", "run_eval"]
