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
- ``events`` (``diff``): exactly these events of the entity in the period, each matched on the
  keys it gives (``type``, ``effective``, ``recorded`` as a date or datetime prefix, ``status``,
  ``group_type``, ``old`` / ``new``: the values before and after).
"""

from __future__ import annotations

import json
import re
import time
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ownergraph.graph.connection import Graph
from ownergraph.graph.vocabulary import DEFAULT_RULE, KINDS, PATH_KIND_NAMES
from ownergraph.ingest.errors import EntityNotFound

SUITE = Path(__file__).with_name("real_questions.jsonl")
FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "real"
CLASSES: tuple[str, ...] = ("valid_time", "depth", "control", "reachability", "reader_fidelity", "names",
                            "data_quality")
SYSTEMS = ("structured", "ask")
TOL_PP = 0.01  # percentage points: filings print two or three decimals
_ASK_PATTERN = {k.command: k.name for k in KINDS.values()}  # a suite command -> the pattern ask must read
_ASK_PATTERN["children"] = "parents"  # X's children: the parents kind read the other way down
_TITLES = frozenset({"mr", "mrs", "ms", "miss", "dr", "sir", "dame", "lord", "lady", "prof"})


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


# -- comparing answers -------------------------------------------------------------------------------


def norm_name(text: Any) -> str:
    """A name as compared: case-folded, punctuation and courtesy titles dropped (display forms
    differ; the entity must not)."""
    s = unicodedata.normalize("NFKC", str(text or "")).casefold()
    words = [w for w in re.sub(r"[^\w]+", " ", s).split() if w not in _TITLES]
    return " ".join(words)


def _names(items: Iterable[Any]) -> set[str]:
    return {norm_name(x) for x in items}


def _entity_hits(expected: str, observed: Iterable[dict[str, Any]]) -> bool:
    want = norm_name(expected)
    return any(want in {norm_name(o.get("name")), norm_name(o.get("lei")), norm_name(o.get("key"))} for o in observed)


def _issue_hits(want: dict[str, Any], issues: list[dict[str, Any]]) -> bool:
    return any(i.get("kind") == want["kind"] and _entity_hits(want["entity"], [i]) for i in issues)


def _close(a: Any, b: float) -> bool:
    return a is not None and abs(float(a) - float(b)) <= TOL_PP


def judge(expected: dict[str, Any], observed: dict[str, Any]) -> bool:
    """Exact correctness of one observed answer (see the module doc for the keys)."""
    if observed.get("error"):
        return False
    if expected.get("not_found"):
        return bool(observed.get("not_found"))
    if observed.get("not_found"):
        return False
    checks: list[bool] = []
    owners = observed.get("owners")
    issues = observed.get("issues")
    if "owners" in expected:
        want = list(expected["owners"])
        got = owners or []
        checks.append(len(got) == len(want) and all(_entity_hits(w, got) for w in want))
    for key, keep in (("includes", True), ("excludes", False)):
        for w in expected.get(key, []):
            hit = _issue_hits(w, issues or []) if isinstance(w, dict) else _entity_hits(w, owners or [])
            checks.append(hit is keep)
    if "pct" in expected:
        checks.append(_close(observed.get("lo"), expected["pct"]) and _close(observed.get("hi"), expected["pct"]))
    for key in ("lo", "hi"):
        if key in expected:
            checks.append(_close(observed.get(key), expected[key]))
    for key in ("depth_limit_reached", "connected"):
        if key in expected:
            checks.append(observed.get(key) is expected[key])
    for key in ("direct", "ultimate", "exceptions", "exception_reasons"):
        if key in expected:
            checks.append({str(x).upper() for x in observed.get(key) or []} == {str(x).upper() for x in expected[key]})
    if "entity" in expected:
        checks.append(_entity_hits(expected["entity"], [observed.get("entity") or {}]))
    if "partial" in expected:
        checks.append(observed.get("partial") is expected["partial"])
    for w in expected.get("children_include", []):
        checks.append(_entity_hits(w, observed.get("children") or []))
    if "stated_total" in expected:
        checks.append(observed.get("stated_total") == expected["stated_total"])
    if "events" in expected:
        got = observed.get("events") or []
        checks.append(len(got) == len(expected["events"])
                      and all(any(_event_hits(w, g) for g in got) for w in expected["events"]))
    return bool(checks) and all(checks)


# -- reading the system's answers --------------------------------------------------------------------


def _pct(value: Any) -> float | None:
    return None if value is None else round(float(value) * 100, 6)


def _depth_limited(d: dict[str, Any]) -> bool:
    if d.get("paths_truncated") or d.get("depth_limit_reached") or d.get("truncated"):
        return True
    return any(re.search(r"depth|limit", f"{w.get('code', '')} {w.get('message', '')}", re.I)
               for w in d.get("warnings") or [] if isinstance(w, dict))


def observe(command: str, d: dict[str, Any], found: bool = True) -> dict[str, Any]:
    """A result's ``as_dict()`` in the vocabulary of the expected answers, with the entity the
    question's mention was taken for."""
    out = _observe(command, d, found)
    if isinstance(d.get("entity"), dict):
        out["entity"] = d["entity"]
    elif command == "owners" and d.get("target"):
        out["entity"] = {"key": d["target"], "name": d.get("target_name")}
    return out


def _observe(command: str, d: dict[str, Any], found: bool) -> dict[str, Any]:
    if command == "owners":
        return {"owners": [{"name": r.get("name"), "key": r.get("key"), "lei": r.get("lei")}
                           for r in d.get("rows", []) if r.get("status") == "certainly"]}
    if command == "stake":
        stake = d.get("stake") or {}
        declared = [e.get("stake") or {} for e in d.get("declared") or []]
        lo, hi = _pct(stake.get("lo")), _pct(stake.get("hi"))
        return {"lo": lo, "hi": hi, "depth_limit_reached": _depth_limited(d), "declared": declared}
    if command == "path":
        return {"connected": bool(d.get("found", found))}
    if command == "parents":
        out: dict[str, Any] = {"direct": [], "ultimate": [], "exceptions": [], "exception_reasons": []}
        for level in ("direct", "ultimate"):
            part = d.get(level) or {}
            out[level] = sorted({str(p.get("target")) for p in part.get("parents", [])}
                                | {str(p.get("lei")) for p in part.get("parents", []) if p.get("lei")})
            for x in part.get("exceptions", []):
                out["exceptions"].append(f"{x.get('level') or level}:{x.get('reason')}")
                out["exception_reasons"].append(str(x.get("reason")))
        out["direct"] = [k for k in out["direct"] if not k.startswith("og:")] or out["direct"]
        out["ultimate"] = [k for k in out["ultimate"] if not k.startswith("og:")] or out["ultimate"]
        return out
    if command == "quality":
        return {"issues": [{"kind": i.get("kind"), "name": i.get("entity_name"), "key": i.get("entity_key"),
                            "lei": i.get("entity_lei")} for i in d.get("issues", [])]}
    if command == "children":
        levels = [d.get(level) or {} for level in ("direct", "ultimate")]
        return {"children": [{"name": c.get("source_name"), "key": c.get("source")}
                             for lv in levels for c in lv.get("children", [])],
                "partial": any(lv.get("partial") for lv in levels),
                "stated_total": {lv.get("level"): lv.get("stated_total") for lv in levels if lv.get("partial")}}
    if command == "diff":
        return {"events": [{"type": e.get("type"), "status": e.get("status"), "effective": str(e.get("effective")),
                            "recorded": str(e.get("recorded")), "group_type": e.get("group_type"),
                            "old": [c.get("old") for c in e.get("changes") or []],
                            "new": [c.get("new") for c in e.get("changes") or []]}
                           for e in d.get("events", [])]}
    return {"error": f"no analytic for command {command!r}"}


def _event_hits(want: dict[str, Any], got: dict[str, Any]) -> bool:
    for key, value in want.items():
        if key in ("old", "new"):
            if norm_name(value) not in {norm_name(v) for v in got.get(key) or []}:
                return False
        elif key in ("effective", "recorded"):
            if not str(got.get(key) or "").replace(" ", "T").startswith(str(value)):
                return False
        elif str(got.get(key) or "").upper() != str(value).upper():
            return False
    return True


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


def wipe(graph: Graph) -> None:
    graph.auto("wipe", batch=10000)


EVAL_STORE = "eval-store"  # the evaluation's own local Neo4j home, beside the user's


def eval_graph(settings: Any = None, *, allow_wipe: bool = False) -> Graph:
    """A database of the evaluation's own, which it may empty.

    With the project-managed local server: a second local Neo4j in ``<home>/eval-store`` on
    port ``OWNERGRAPH_EVAL_NEO4J_PORT`` (default: the user's port + 1), never the user's graph
    (the generated world's scores fall from 0.99 to 0.49 on a graph that also holds the demo).
    With a configured server: refused while its database holds anything, unless ``allow_wipe``."""
    import os

    from ownergraph.graph.config import load_settings
    from ownergraph.graph.connection import connect
    from ownergraph.ingest.errors import ConfigError

    base = settings or load_settings()
    if base.uses_local_server:
        from ownergraph.graph.server import LocalNeo4j

        port = int(os.environ.get("OWNERGRAPH_EVAL_NEO4J_PORT") or base.neo4j_port + 1)
        own = base.with_overrides(home=base.home / EVAL_STORE, neo4j_port=port)
        was_running = LocalNeo4j(own).status().running
        graph = connect(own)
        if not was_running:  # started here: release_eval_store stops it again
            _STARTED[id(graph)] = own
        return graph
    graph = connect(base)
    if not allow_wipe and graph.read("stats_nodes"):
        raise ConfigError(f"the database at {graph.uri} holds data, and the evaluation empties its database: "
                          "point NEO4J_URI at an empty database, or pass --wipe to let it be emptied")
    return graph


_STARTED: dict[int, Any] = {}  # graphs whose local eval server eval_graph started -> its settings


def release_eval_store(graph: Graph) -> None:
    """Stop the evaluation's local server if :func:`eval_graph` started it (its data stays)."""
    own = _STARTED.pop(id(graph), None)
    if own is not None:
        from ownergraph.graph.connection import close_all
        from ownergraph.graph.server import LocalNeo4j

        close_all()
        LocalNeo4j(own).stop()


def _load(graph: Graph, files: tuple[str, ...], fixtures: Path) -> dict[str, Any]:
    from ownergraph.graph.pipeline import ingest_paths

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
        from ownergraph.ingest.errors import ConfigError

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
