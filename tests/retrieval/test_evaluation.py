"""The evaluation harness: question set, scorer arithmetic, and a small end-to-end run."""

from __future__ import annotations

import json

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from ownergraph.graph.store.connection import Graph
from ownergraph.demo import world_inputs
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.worldgen import generate_world
from ownergraph.evaluation import render_markdown, render_table, run_eval
from ownergraph.evaluation.model import FAMILIES, EvalQuestion
from ownergraph.evaluation.truth import Truth, band as _band
from ownergraph.evaluation.questions import build_questions, real_questions, world_questions
from ownergraph.evaluation.score import (
    Outcome, aggregate, citations_ok, figures_stated, pr, score, structured_match,
)
from ownergraph.retrieval.question.model import parse


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("evalworld")
    generate_world(1500, 7, out)
    return out


@pytest.fixture(scope="module")
def questions(world: Path) -> list[EvalQuestion]:
    return build_questions(world, seed=7)


# -- the question set ---------------------------------------------------------------------------


def test_at_least_150_questions_across_all_families(questions: list[EvalQuestion]) -> None:
    fams = Counter(q.family for q in questions)
    assert len(questions) >= 150
    assert set(fams) == set(FAMILIES)
    assert all(n >= 5 for n in fams.values()), fams
    assert sum(1 for q in questions if q.source == "real") >= 10
    assert len({q.qid for q in questions}) == len(questions)
    assert len({(q.text, q.as_of, q.known_at) for q in questions}) == len(questions)


def test_every_question_parses_to_its_family_anchors_and_clocks(questions: list[EvalQuestion]) -> None:
    for q in questions:
        p = parse(q.text)
        assert p.pattern == q.pattern, q.text
        assert [m.text for m in p.anchors] == q.anchors, q.text
        assert (p.as_of.isoformat() if p.as_of else None) == q.as_of, q.text
        assert (p.known_at.isoformat() if p.known_at else None) == q.known_at, q.text


def _recompute(truth: Truth, q: EvalQuestion, owner: str, target: str) -> tuple[float, float]:
    """Products along the simple paths of the question's own expected edges, summed."""
    edges = [truth.by_id[i] for i in q.expected_edges]
    lo = hi = 0.0

    def walk(node: str, plo: float, phi: float, seen: set[str]) -> None:
        nonlocal lo, hi
        for e in edges:
            if e.source != node or e.target in seen:
                continue
            band = _band(e.raw["stake_published"])
            assert band is not None
            nlo, nhi = plo * band[0] / 100, phi * band[1] / 100
            if e.target == target:
                lo, hi = lo + nlo, hi + nhi
            else:
                walk(e.target, nlo, nhi, seen | {e.target})

    walk(owner, 1.0, 1.0, {owner})
    return min(lo, 1.0) * 100, min(hi, 1.0) * 100


def test_expected_stakes_recompute_from_the_truth_edges(world: Path, questions: list[EvalQuestion]) -> None:
    truth = Truth(world)
    stakes = [q for q in questions if q.expected["kind"] == "stake"]
    assert len(stakes) >= 30
    for q in stakes:
        owner = next(k for k, e in truth.entities.items() if q.anchors[0] in {n["name"] for n in e["names"]})
        target = next(k for k, e in truth.entities.items() if q.anchors[1] in {n["name"] for n in e["names"]})
        lo, hi = _recompute(truth, q, owner, target)
        assert lo == pytest.approx(q.expected["lo"], abs=1e-3), q.text
        assert hi == pytest.approx(q.expected["hi"], abs=1e-3), q.text
        # every expected edge is an ownership edge valid at the question's date
        for i in q.expected_edges:
            e = truth.by_id[i]
            assert e.type == "ownership" and e.valid(__import__("datetime").date.fromisoformat(q.as_of))
    assert any(q.expected["lo"] != q.expected["hi"] for q in stakes if q.family == "banded")
    assert all(q.expected["paths"] == 0 and q.expected["hi"] == 0 for q in stakes if q.family == "no_relationship")


def test_owner_sets_follow_the_threshold_and_the_clocks(questions: list[EvalQuestion], world: Path) -> None:
    from datetime import date

    truth = Truth(world)
    owners = [q for q in questions if q.expected["kind"] == "owners"]
    for q in owners:
        t, k = date.fromisoformat(q.as_of), date.fromisoformat(q.known_at) if q.known_at else None
        target = next(e for e in q.expected_entities if e not in q.expected["stakes"])
        for o in q.expected["certain"]:  # 25% of the shares, else the control prong
            if q.expected["stakes"][o][0] < 25.0:
                assert o in truth.controllers(target, t, k) or truth.stake(o, target, t, k, "voting_rights")[0] >= 25.0
        for o in q.expected["possible"]:
            lo, hi = q.expected["stakes"][o]
            assert lo < 25.0 and (hi >= 25.0 or o in truth.controllers(target, t, k, end=1)
                                  or truth.stake(o, target, t, k, "voting_rights")[1] >= 25.0)
    backtests = [q for q in owners if q.family == "backtest"]
    assert backtests and all(q.known_at == q.as_of for q in backtests)
    # as-of questions come in pairs around one change, with different answers
    as_of = [q for q in owners if q.family == "as_of"]
    assert len(as_of) >= 10


def test_real_questions_are_the_hand_checked_gleif_facts() -> None:
    real = {q.anchors[0]: q.expected for q in real_questions()}
    assert real["010CMKZ3VON21WF2ZD45"]["direct"] == ["ZZG38T0MDR3QY1ETUA76"]
    assert real["010CMKZ3VON21WF2ZD45"]["ultimate"] == ["3C7474T6CDKPR9K6YT90"]
    assert real["01370W6ZIY66KQ4J3570"]["exceptions"] == ["direct:NON_PUBLIC"]
    assert len(real) >= 10


# -- scoring arithmetic ---------------------------------------------------------------------------


def test_precision_recall() -> None:
    assert pr({"a", "b"}, {"a", "c", "d", "e"}) == (0.25, 0.5)
    assert pr(set(), set()) == (1.0, 1.0)
    assert pr({"a"}, set()) == (0.0, 0.0)
    assert pr(set(), {"x"}) == (0.0, 1.0)


def test_structured_match_tolerances_and_kinds() -> None:
    stake = {"kind": "stake", "lo": 18.125, "hi": 36.25, "paths": 1}
    assert structured_match(stake, {"kind": "stake", "lo": 18.13, "hi": 36.25})
    assert not structured_match(stake, {"kind": "stake", "lo": 18.3, "hi": 36.25})
    assert not structured_match(stake, {"kind": "no_path"})
    assert structured_match({"kind": "stake", "lo": 0, "hi": 0, "paths": 0}, {"kind": "no_path"})
    owners = {"kind": "owners", "certain": ["a"], "possible": ["b"], "borderline": ["c"]}
    assert structured_match(owners, {"certain": ["a", "c"], "possible": ["b"]})
    assert not structured_match(owners, {"certain": ["a", "b"], "possible": []})  # status wrong
    assert structured_match(owners, {"keys": ["a", "b"]})  # no statuses: the set alone
    assert not structured_match(owners, {"keys": ["a"]})
    assert structured_match({"kind": "set", "keys": []}, {"kind": "set", "keys": []})
    assert not structured_match({"kind": "set", "keys": ["x"]}, {"kind": "set", "keys": []})
    par = {"kind": "parents", "direct": [], "ultimate": [], "exceptions": ["direct:NON_PUBLIC"]}
    assert structured_match(par, {"direct": [], "ultimate": [], "exceptions": ["direct:NON_PUBLIC"]})
    assert not structured_match(par, {"direct": ["X"], "ultimate": [], "exceptions": ["direct:NON_PUBLIC"]})
    assert structured_match({"kind": "no_path"}, {"kind": "no_path"})
    assert not structured_match({"kind": "no_path"}, {"kind": "path"})
    assert not structured_match(stake, {})


def test_figures_and_citations() -> None:
    text = "Ivan Petrov's stake is 18.12–36.25% [1][2]; Norliica Capital AG holds 1,250.5 units [3]."
    assert figures_stated([18.12, 36.25, "norliica capital ag"], text) == 1.0
    assert figures_stated([18.125], text) == 1.0  # 18.12 is within the rounding tolerance
    assert figures_stated([18.2, 50.0], text) == 0.0
    assert figures_stated([1250.5], text) == 1.0
    assert figures_stated([], "") == 1.0
    assert citations_ok(text, 3, required=True)
    assert not citations_ok(text, 2, required=True)  # [3] does not exist
    assert not citations_ok("no citation here", 2, required=True)
    assert citations_ok("No path as of 2024-06-30.", 0, required=False)


def test_score_and_aggregate() -> None:
    q = EvalQuestion(qid="x-1", family="multi_hop", text="t", as_of=None, known_at=None,
                     expected_entities=["a", "b"], expected_edges=["e1"],
                     expected={"kind": "set", "keys": ["b"]}, figures=["B Ltd"], expected_pairs=[("a", "b")])
    good = score(q, Outcome({"a", "b"}, {("b", "a")}, {"kind": "set", "keys": ["b"]}, "B Ltd [1]", 1, 10.0), "graph")
    bad = score(q, Outcome({"a", "c"}, set(), {"kind": "set", "keys": []}, "nothing", 0, 30.0), "vector")
    assert (good.entity_precision, good.entity_recall, good.edge_precision, good.edge_recall) == (1, 1, 1, 1)
    assert good.answer_ok and good.figures == 1.0 and good.cites_ok
    assert (bad.entity_precision, bad.entity_recall, bad.edge_recall) == (0.5, 0.5, 0.0)
    assert not bad.answer_ok and bad.figures == 0.0 and not bad.cites_ok
    agg = aggregate([good, bad])
    assert agg["n"] == 2 and agg["answer_ok"] == 0.5 and agg["entity_recall"] == 0.75 and agg["ms"] == 20.0


# -- end to end through the real Neo4j ------------------------------------------------------------


@pytest.mark.neo4j
def test_small_eval_graph_beats_vector_on_multi_hop(graph: Graph, tmp_path: Path) -> None:
    world = tmp_path / "w"
    generate_world(250, 3, world)
    ingest_paths(graph, world_inputs(world))
    few = {f: 0 for f in FAMILIES} | {"multi_hop": 4, "no_relationship": 2, "contagion": 2}
    qs = world_questions(world, seed=3, counts=few)
    assert sum(q.family == "multi_hop" for q in qs) >= 2
    out = tmp_path / "eval.json"
    report = run_eval(graph, world_dir=world, out_json=out, questions=qs, k=3)
    assert out.exists()
    assert set(report.table) == {q.family for q in qs}
    for fam, systems in report.table.items():
        assert set(systems) == {"graph", "vector"}
        assert systems["graph"]["n"] == sum(q.family == fam for q in qs)
    mh = report.table["multi_hop"]
    assert mh["graph"]["answer_ok"] > mh["vector"]["answer_ok"]
    assert mh["graph"]["edge_recall"] > mh["vector"]["edge_recall"]
    assert mh["graph"]["answer_ok"] >= 0.75
    assert len(report.scores) == 2 * len(qs)
    table = render_table(report)
    assert "multi_hop" in table and "vector" in table and "ALL" in table
    assert "| multi_hop | graph |" in render_markdown(report)


@pytest.mark.neo4j
def test_eval_command_runs_on_an_existing_world(graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ownergraph.cli.eval_cmd import eval_cmd
    from tests.neo4j_fixtures import cli_env

    world = tmp_path / "w"
    generate_world(120, 5, world)
    for k, v in cli_env().items():
        monkeypatch.setenv(k, v)
    import ownergraph.evaluation as ev

    real_build = ev.build_questions
    monkeypatch.setattr(ev, "build_questions", lambda w, **kw: real_build(
        w, counts={f: 1 for f in FAMILIES}, **kw)[:8])
    out = tmp_path / "eval.json"
    res = CliRunner().invoke(eval_cmd, ["--world", str(world), "--out", str(out), "--json", "--no-real"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)  # --json: stdout holds only the JSON report
    assert "overall" in data and set(data["table"]) <= set(FAMILIES)
    assert out.exists()
