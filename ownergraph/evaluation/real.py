"""Real questions as the measure: questions whose answers a person read off real public files.

    from ownergraph.evaluation.real import load_suite, run_real
    report = run_real(graph, wipe=True)          # the graph's database is emptied per file set
    print(render_real_table(report))

The suite (``real_questions.jsonl`` beside this module) holds, per question: the question in
words, the structured command that asks the same (``command`` + ``args`` + ``as_of`` /
``known_at``), the files to load (relative to ``tests/fixtures/real``), the expected answer,
where in the file it was read (``read_from``) and its class (issue 13's classes). No expected
answer is computed by ownergraph.

Each question's files are loaded into an empty database of their own (questions sharing the
same files share one load), then the question is asked twice: through the structured
analytics (:class:`~ownergraph.graph.analytics.api.Analytics`) and through ``ask``
(:meth:`~ownergraph.retrieval.api.Ownergraph.ask`). Each answer is scored exactly against the
expected answer (:func:`judge`); accuracy is reported per class and overall.

Expected answer keys (any subset; all given must hold):

- ``owners``: the exact set of owners passing the rule (names or LEIs); ``includes`` /
  ``excludes``: owners (or, for ``quality``, issues ``{"kind", "entity"}``) that must / must not
  appear; ``not_found``: the mention names no entity;
- ``pct``: the stake in percent (lo = hi within 0.01 pp); ``lo`` / ``hi``: a banded stake;
  ``depth_limit_reached``: the answer says a depth limit cut it;
- ``connected``: a path exists (or not) between ``a`` and ``b``;
- ``direct`` / ``ultimate``: parent LEIs; ``exceptions``: ``level:REASON``;
  ``exception_reasons``: reasons whatever their level;
- ``entity``: the entity the question's mention was taken for (name, LEI or key);
- ``children``: ``partial`` (the source's children list was read in part: said so),
  ``children_include`` (names or LEIs among X's children), ``stated_total`` ({level: total});
- ``hit`` (``contagion``): the exact set of parties hit if the entity defaults (``includes`` /
  ``excludes`` then name parties hit); ``at_risk``: ``{party: {currency: amount}}``, the amounts
  the filings state of each party's exposures to the defaulted party;
- ``events`` (``diff``): exactly these events of the entity in the period, each matched on the
  keys it gives (``type``, ``effective``, ``recorded`` as a date or datetime prefix, ``status``,
  ``group_type``, ``old`` / ``new``: the values before and after).
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# scoring and the evaluation's store live in their own modules; importable from here as before
from ownergraph.evaluation.real_judge import judge, norm_name, observe
from ownergraph.evaluation.real_store import EVAL_STORE, eval_graph, release_eval_store, wipe
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.vocabulary import DEFAULT_RULE, KINDS, PATH_KIND_NAMES
from ownergraph.domain.errors import EntityNotFound

SUITE = Path(__file__).with_name("real_questions.jsonl")
FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "real"
CLASSES: tuple[str, ...] = ("valid_time", "depth", "control", "reachability", "reader_fidelity", "names",
                            "data_quality", "contagion")
SYSTEMS = ("structured", "ask")
_ASK_PATTERN = {k.command: k.name for k in KINDS.values()}  # a suite command -> the pattern ask must read
_ASK_PATTERN["children"] = "parents"  # X's children: the parents kind read the other way down


@dataclass(frozen=True)
class RealQuestion:
    id: str
    klass: str
    question: str
    command: str
    args: dict[str, Any]
    as_of: str | None
    known_at: str | None
    files: tuple[str, ...]
    expected: dict[str, Any]
    read_from: str

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> RealQuestion:
        return cls(row["id"], row["class"], row["question"], row["command"], dict(row.get("args") or {}),
                   row.get("as_of"), row.get("known_at"), tuple(row["files"]), dict(row["expected"]),
                   row.get("read_from", ""))


def load_suite(path: Path = SUITE) -> list[RealQuestion]:
    """The questions of a JSONL suite; a malformed line is an error naming file and line."""
    out: list[RealQuestion] = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(RealQuestion.from_row(json.loads(line)))
        except (ValueError, KeyError, TypeError) as err:
            raise ValueError(f"{path}:{n}: not a real question ({type(err).__name__}: {err})") from err
    return out


# -- asking -----------------------------------------------------------------------------------------


def _as_dict(result: Any) -> dict[str, Any]:
    return result.as_dict() if hasattr(result, "as_dict") else dict(result or {})


def ask_structured(analytics: Any, q: RealQuestion) -> dict[str, Any]:
    """The question through the structured analytics, as an observed answer."""
    a = analytics.at(q.as_of, known_at=q.known_at)
    args = q.args
    try:
        if q.command == "owners":
            r = a.ownership.owners(args["target"], rule=args.get("rule", DEFAULT_RULE))
        elif q.command == "stake":
            r = a.ownership.stake(args["owner"], args["owned"], interest=args.get("interest", "shareholding"),
                                  **({"max_depth": args["max_depth"]} if "max_depth" in args else {}))
        elif q.command == "path":
            # the suite's path questions ask "is A connected to B": every relationship kind
            r = a.structure.path(args["a"], args["b"], kinds=args.get("kinds", PATH_KIND_NAMES))
        elif q.command == "parents":
            r = a.structure.parents(args["entity"])
        elif q.command == "quality":
            r = a.quality.issues()
        elif q.command == "diff":
            r = a.history.diff(args["entity"], args["date_a"], args["date_b"])
        elif q.command == "children":
            r = a.structure.children(args["entity"])
        elif q.command == "contagion":
            r = a.contagion.if_defaults(args["defaulted"], **({"types": tuple(args["types"])} if "types" in args else {}))
        else:
            return {"error": f"no analytic for command {q.command!r}"}
    except EntityNotFound as err:
        return {"not_found": True, "message": str(err)[:300]}
    except Exception as err:  # noqa: BLE001 - a failing analytic is a wrong answer, not a crash of the run
        return {"error": f"{type(err).__name__}: {err}"[:300]}
    return observe(q.command, _as_dict(r))


def ask_words(og: Any, q: RealQuestion) -> dict[str, Any]:
    """The question in words through ``ask``, as an observed answer (the pattern must match)."""
    try:
        ans = og.ask(q.question, as_of=q.as_of, known_at=q.known_at)
    except EntityNotFound as err:
        return {"not_found": True, "message": str(err)[:300]}
    except Exception as err:  # noqa: BLE001
        return {"error": f"{type(err).__name__}: {err}"[:300]}
    pattern = ans.question.pattern
    ev = ans.evidence
    if q.expected.get("not_found") and ev is not None and not ev.anchors:
        return {"not_found": True, "text": ans.text[:300]}
    if _ASK_PATTERN.get(q.command) != pattern:
        return {"error": f"ask read the question as {pattern!r}", "text": ans.text[:300]}
    d = _as_dict(ev.result) if ev is not None and ev.result is not None else {}
    return {**observe(q.command, d, bool(ev and ev.found)), "text": ans.text[:300]}


# -- the run -----------------------------------------------------------------------------------------


@dataclass
class RealReport:
    table: dict[str, dict[str, dict[str, float]]]  # class -> system -> {n, correct, accuracy}
    overall: dict[str, dict[str, float]]
    questions: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _load(graph: Graph, files: tuple[str, ...], fixtures: Path) -> dict[str, Any]:
    from ownergraph.graph.load.pipeline import ingest_paths

    wipe(graph)
    paths = [fixtures / f for f in files]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        return {"error": f"missing files: {', '.join(missing)}"}
    try:
        return ingest_paths(graph, paths).totals
    except Exception as err:  # noqa: BLE001 - a file that does not load fails its questions, not the run
        return {"error": f"{type(err).__name__}: {err}"[:300]}


def _rates(items: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    out = {}
    for sys in SYSTEMS:
        ok = sum(1 for i in items if i[sys]["ok"])
        out[sys] = {"n": len(items), "correct": ok, "accuracy": round(ok / len(items), 3) if items else 0.0}
    return out


def score_answers(questions: list[RealQuestion], observed: dict[str, dict[str, dict[str, Any]]]) -> RealReport:
    """Per-question, per-class and overall exact accuracy of observed answers (id -> system -> answer)."""
    rows = []
    for q in questions:
        got = observed.get(q.id, {})
        rows.append({"id": q.id, "class": q.klass, "question": q.question, "expected": q.expected,
                     **{sys: {"ok": judge(q.expected, got.get(sys, {"error": "not asked"})),
                              "observed": got.get(sys)} for sys in SYSTEMS}})
    by: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by[r["class"]].append(r)
    table = {c: _rates(by[c]) for c in [*CLASSES, *sorted(set(by) - set(CLASSES))] if c in by}
    return RealReport(table, _rates(rows), rows)


def run_real(graph: Graph, *, questions: list[RealQuestion] | None = None, fixtures: Path = FIXTURES,
             out_json: Path | None = None, say: Callable[[str], None] | None = None) -> RealReport:
    """Load each question's files into the (emptied) database, ask both ways, score.

    The database is wiped: pass a graph of its own (``ownergraph eval`` uses a separate store)."""
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.api import Ownergraph

    if not Path(fixtures).is_dir():
        from ownergraph.domain.errors import ConfigError

        raise ConfigError(f"the real-question suite reads its files from {fixtures} (a source checkout's "
                          "tests/fixtures/real): run from a checkout, or leave the suite out (--no-real)")
    t0 = time.perf_counter()
    qs = questions if questions is not None else load_suite()
    groups: dict[tuple[str, ...], list[RealQuestion]] = defaultdict(list)
    for q in qs:
        groups[q.files].append(q)
    analytics, og = Analytics(graph), Ownergraph(graph)
    observed: dict[str, dict[str, dict[str, Any]]] = {}
    loads: dict[str, Any] = {}
    for i, (files, members) in enumerate(groups.items(), 1):
        loaded = _load(graph, files, fixtures)
        for q in members:
            loads[q.id] = loaded
            if "error" in loaded:
                observed[q.id] = {sys: {"error": f"load: {loaded['error']}"} for sys in SYSTEMS}
                continue
            observed[q.id] = {"structured": ask_structured(analytics, q), "ask": ask_words(og, q)}
        if say and i % 10 == 0:
            say(f"  {i}/{len(groups)} file sets")
    wipe(graph)
    report = score_answers(qs, observed)
    for row in report.questions:
        row["load"] = loads.get(row["id"])
    report.seconds = round(time.perf_counter() - t0, 2)
    if out_json is not None:
        out_json = Path(out_json)
        out_json.parent.mkdir(parents=True, exist_ok=True)
        out_json.write_text(json.dumps(report.as_dict(), indent=1, ensure_ascii=False, default=str) + "\n",
                            encoding="utf-8")
    return report


def render_real_table(report: RealReport) -> str:
    """Plain text: per class, questions and exact accuracy through the structured commands and ``ask``."""
    head = f"{'real-question class':<20} {'n':>4} {'structured':>11} {'ask':>7}"
    lines = [head, "-" * len(head)]
    for name, m in [*report.table.items(), ("ALL", report.overall)]:
        if name == "ALL":
            lines.append("-" * len(head))
        s, a = m["structured"], m["ask"]
        lines.append(f"{name:<20} {s['n']:>4} {s['accuracy']:>11.2f} {a['accuracy']:>7.2f}")
    return "\n".join(lines)


__all__ = ["CLASSES", "EVAL_STORE", "FIXTURES", "SUITE", "RealQuestion", "RealReport", "ask_structured", "ask_words",
           "eval_graph", "judge", "load_suite", "norm_name", "observe", "release_eval_store", "render_real_table",
           "run_real", "score_answers", "wipe"]
