"""Per-turn scores of a scripted conversation: the facts each turn's extraction found against
those a person wrote down (precision / recall), and the subgraph each answer selected against
the one it should have (edges between named parties), scored apart so an extraction miss
and its effect on later answers are seen separately.

    rows = run_script(og.session(today=...), SCRIPT, as_of="2026-06-30")
    print(render_turns(rows))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Edge = tuple[str, str, str]  # (source name, target name, edge type)


@dataclass(frozen=True)
class ScriptTurn:
    text: str
    facts: frozenset[tuple[Any, ...]] = frozenset()  # SessionFact.signature() a person expects
    edges: frozenset[Edge] | None = None  # the answer's subgraph; None: a statement, no answer to score


@dataclass(frozen=True)
class TurnScore:
    turn: int
    text: str
    found: int
    expected: int
    correct: int
    edges_expected: int | None
    edges_correct: int | None
    edges_extra: int | None

    @property
    def precision(self) -> float | None:
        return self.correct / self.found if self.found else None

    @property
    def recall(self) -> float | None:
        return self.correct / self.expected if self.expected else None

    @property
    def subgraph_ok(self) -> bool | None:
        if self.edges_expected is None:
            return None
        return self.edges_correct == self.edges_expected and not self.edges_extra


def answer_edges(answer: Any, graph: Any = None) -> set[Edge]:
    """The answer's subgraph as named edges: its evidence edges, and its positions
    ("HOLDS <instrument>", one per position). Ends the answer does not name (an owners
    answer lists the owners, not the owned) are named from ``graph``."""
    names = {k: str(v.get("name") or k) for k, v in (getattr(answer, "entities", None) or {}).items()}
    raw = [(str(e.get("source")), str(e.get("target")), str(e.get("type")))
           for e in (answer.evidence.edges if getattr(answer, "evidence", None) else [])]
    unnamed = sorted({k for s, t, _ in raw for k in (s, t) if k not in names})
    if unnamed and graph is not None:
        names |= {r["key"]: str(r["props"].get("name") or r["key"]) for r in graph.read("snapshot_nodes", keys=unnamed)}
    edges = {(names.get(s, s), names.get(t, t), kind) for s, t, kind in raw}
    frame = getattr(answer, "frame", None)
    if frame is not None and {"portfolio", "issuer_name", "instrument"} <= set(frame.columns):
        edges |= {(str(r["portfolio"]), str(r["issuer_name"]), f"HOLDS {r['instrument']}")
                  for r in frame.to_dict("records")}
    return edges


def score_turn(turn: int, spec: ScriptTurn, facts: Iterable[Any], answer: Any, graph: Any = None) -> TurnScore:
    found = {f.signature() for f in facts}
    got = answer_edges(answer, graph) if spec.edges is not None else set()
    return TurnScore(turn, spec.text, len(found), len(spec.facts), len(found & spec.facts),
                     None if spec.edges is None else len(spec.edges),
                     None if spec.edges is None else len(got & spec.edges),
                     None if spec.edges is None else len(got - spec.edges))


def run_script(session: Any, script: Sequence[ScriptTurn], **ask: Any) -> list[TurnScore]:
    """Ask every turn of ``script`` in ``session``; score each turn's extraction and answer."""
    answers = [session.ask(t.text, **ask) for t in script]
    session.wait()
    graph = session.client.graph
    return [score_turn(i, spec, session.turns[i - 1].facts, a, graph)
            for i, (spec, a) in enumerate(zip(script, answers), 1)]


def _fmt(v: float | None) -> str:
    return "–" if v is None else f"{v:.2f}"


def render_turns(rows: Sequence[TurnScore]) -> str:
    """A markdown table: per turn, extraction P / R and whether the subgraph was the right one."""
    out = ["| turn | said | facts found / expected | extraction P | extraction R | subgraph edges right / expected (extra) |",
           "|---|---|---|---|---|---|"]
    for r in rows:
        sub = "–" if r.edges_expected is None else (
            f"{r.edges_correct}/{r.edges_expected} ({r.edges_extra}) {'ok' if r.subgraph_ok else 'WRONG'}")
        out.append(f"| {r.turn} | {r.text} | {r.found}/{r.expected} | {_fmt(r.precision)} | {_fmt(r.recall)} | {sub} |")
    found, expected, correct = (sum(getattr(r, k) for r in rows) for k in ("found", "expected", "correct"))
    scored = [r for r in rows if r.edges_expected is not None]
    out.append(f"| all | | {found}/{expected} | {_fmt(correct / found if found else None)} | "
               f"{_fmt(correct / expected if expected else None)} | "
               f"{sum(bool(r.subgraph_ok) for r in scored)}/{len(scored)} turns right |")
    return "\n".join(out)
