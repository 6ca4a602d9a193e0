"""The real-question suite: its size and shape, the runner's exact scoring, and a full run on
the tests' Neo4j (which records per-class accuracy; it does not require the answers to pass).

Every expected answer in ``ownergraph/evaluation/real_questions.jsonl`` was read off the file
named in its ``files`` at the place its ``read_from`` gives; the runner never computes one."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from ownergraph.evaluation.real import (
    CLASSES,
    FIXTURES,
    RealQuestion,
    load_suite,
    render_real_table,
    run_real,
    score_answers,
)
from ownergraph.evaluation.real_judge import judge, norm_name, observe

COMMANDS = {"owners", "stake", "path", "parents", "quality", "diff", "children", "contagion"}


def test_suite_has_at_least_60_questions_across_every_class() -> None:
    qs = load_suite()
    assert len(qs) >= 60
    assert len({q.id for q in qs}) == len(qs)
    counts = Counter(q.klass for q in qs)
    assert set(counts) == set(CLASSES)
    assert min(counts.values()) >= 5


def test_every_question_names_its_files_command_and_where_it_was_read() -> None:
    for q in load_suite():
        assert q.command in COMMANDS, q.id
        assert q.expected and q.read_from and q.question.strip(), q.id
        for f in q.files:
            assert (FIXTURES / f).is_file(), f"{q.id}: {f} is not in tests/fixtures/real"


def test_a_malformed_line_names_the_file_and_line(tmp_path: Path) -> None:
    p = tmp_path / "q.jsonl"
    p.write_text('{"id": "x"}\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"q\.jsonl:1"):
        load_suite(p)


def _owner(name: str, key: str = "og:1", lei: str | None = None) -> dict[str, str | None]:
    return {"name": name, "key": key, "lei": lei}


def test_names_compare_without_titles_case_or_punctuation() -> None:
    assert norm_name("Mr. Michael Stanley Bunyan") == norm_name("michael stanley bunyan")
    assert norm_name("MAPFRE ESPAÑA, S.A") == norm_name("Mapfre España S A")
    assert norm_name("Company A") != norm_name("Company B")


def test_owners_exact_set_includes_and_excludes() -> None:
    got = {"owners": [_owner("Company B"), _owner("Person 1")]}
    assert judge({"owners": ["Company B", "Person 1"]}, got)
    assert not judge({"owners": ["Company B"]}, got)  # one too many is wrong
    assert not judge({"owners": ["Company B", "Person 1", "Person 2"]}, got)
    assert judge({"includes": ["Person 1"], "excludes": ["Person 2"]}, got)
    assert not judge({"includes": ["Person 1"], "excludes": ["Company B"]}, got)
    assert judge({"owners": []}, {"owners": []})
    assert judge({"owners": ["549300OWK6ZGNYP4G142"]}, {"owners": [_owner("La Gare", lei="549300OWK6ZGNYP4G142")]})


def test_stakes_bands_and_depth_limits() -> None:
    assert judge({"pct": 42.482}, {"lo": 42.482, "hi": 42.482})
    assert judge({"pct": 5.1}, {"lo": 5.1 + 1e-9, "hi": 5.1})
    assert not judge({"pct": 30.0}, {"lo": 0.0, "hi": 0.0})
    assert not judge({"pct": 50.0}, {"lo": 50.0, "hi": 100.0})
    assert judge({"lo": 75.0, "hi": 100.0}, {"lo": 75.0, "hi": 100.0})
    assert not judge({"lo": 75.0, "hi": 100.0}, {"lo": 75.0, "hi": 75.0})
    assert judge({"depth_limit_reached": True}, {"lo": 0.0, "hi": 0.0, "depth_limit_reached": True})
    assert not judge({"depth_limit_reached": True}, {"lo": 0.0, "hi": 0.0, "depth_limit_reached": False})


def test_paths_parents_not_found_and_errors() -> None:
    assert judge({"connected": True}, {"connected": True})
    assert not judge({"connected": True}, {"connected": False})
    exp = {"direct": [], "ultimate": [], "exceptions": ["direct:NO_KNOWN_PERSON", "ultimate:NO_KNOWN_PERSON"]}
    assert judge(exp, {"direct": [], "ultimate": [], "exceptions": ["ultimate:NO_KNOWN_PERSON", "direct:NO_KNOWN_PERSON"]})
    assert not judge(exp, {"direct": [], "ultimate": [], "exceptions": ["direct:NON_PUBLIC"]})
    assert judge({"exception_reasons": ["NO_LEI"]}, {"exception_reasons": ["NO_LEI"]})
    assert judge({"not_found": True}, {"not_found": True})
    assert not judge({"not_found": True}, {"owners": []})
    assert not judge({"owners": []}, {"not_found": True})
    assert not judge({"connected": False}, {"error": "boom", "connected": False})
    assert not judge({}, {"owners": []})  # an expected answer with nothing to check scores nothing


def test_quality_issues_match_by_kind_and_entity() -> None:
    got = {"issues": [{"kind": "over_100", "name": "CHRINON LTD", "key": "og:1", "lei": None}]}
    assert judge({"includes": [{"kind": "over_100", "entity": "CHRINON LTD"}]}, got)
    assert not judge({"includes": [{"kind": "missing_stake", "entity": "CHRINON LTD"}]}, got)
    assert judge({"excludes": [{"kind": "over_100", "entity": "Company A"}]}, got)


def test_observe_reads_the_analytics_results() -> None:
    owners = {"rows": [{"key": "og:b", "name": "Company B", "status": "certainly"},
                       {"key": "og:c", "name": "Company C", "status": "possibly"}]}
    assert [o["name"] for o in observe("owners", owners)["owners"]] == ["Company B"]
    stake = observe("stake", {"stake": {"lo": 0.6, "hi": 0.6}, "paths_truncated": False,
                              "warnings": [{"code": "depth_limit", "message": "depth limit 1 reached"}]})
    assert stake["lo"] == pytest.approx(60.0) and stake["depth_limit_reached"] is True
    parents = observe("parents", {"direct": {"parents": [{"target": "ZZG38T0MDR3QY1ETUA76"}], "exceptions": []},
                                  "ultimate": {"parents": [], "exceptions": [{"level": "ultimate", "reason": "NON_PUBLIC"}]}})
    assert parents["direct"] == ["ZZG38T0MDR3QY1ETUA76"] and parents["exceptions"] == ["ultimate:NON_PUBLIC"]
    assert "error" in observe("siblings", {})
    kids = observe("children", {"direct": {"level": "direct", "partial": True, "stated_total": 106,
                                           "children": [{"source": "2138004VFYZFYLELHT92",
                                                         "source_name": "BRAZIL SHIPPING I LIMITED"}]},
                                "ultimate": {"level": "ultimate", "partial": False, "children": []}})
    assert kids["partial"] is True and kids["stated_total"] == {"direct": 106}
    assert judge({"partial": True, "children_include": ["BRAZIL SHIPPING I LIMITED"]}, kids)
    assert not judge({"partial": False}, kids)
    ev = observe("diff", {"events": [{"type": "CHANGE_LEGAL_NAME", "effective": "2024-05-17",
                                      "recorded": "2024-07-11T08:30:31+00:00",
                                      "changes": [{"field": "LegalName", "old": "BG 456 LIMITED", "new": "X"}]}]})
    assert judge({"events": [{"type": "CHANGE_LEGAL_NAME", "effective": "2024-05-17",
                              "recorded": "2024-07-11T08:30:31", "old": "BG 456 LIMITED"}]}, ev)
    assert not judge({"events": [{"type": "CHANGE_LEGAL_NAME", "effective": "2024-05-18"}]}, ev)
    assert not judge({"events": []}, ev)


def test_contagion_hits_and_amounts_at_risk() -> None:
    got = observe("contagion", {"affected": [
        {"key": "og:1", "name": "American Bank, N.A", "amount_at_risk": {"USD": 10_000_000.0}},
        {"key": "og:2", "name": "Astrotech Corporation", "amount_at_risk": {}}]})
    assert judge({"hit": ["American Bank, N.A.", "Astrotech Corporation"]}, got)
    assert not judge({"hit": ["American Bank, N.A."]}, got)  # one too many is wrong
    assert judge({"includes": ["Astrotech Corporation"], "excludes": ["Corporation"]}, got)
    assert judge({"at_risk": {"American Bank, N.A": {"USD": 10_000_000}}}, got)
    assert not judge({"at_risk": {"American Bank, N.A": {"USD": 7_000_000}}}, got)
    assert not judge({"at_risk": {"Astrotech Corporation": {"USD": 10_000_000}}}, got)
    assert judge({"hit": []}, observe("contagion", {"affected": []}))


def test_scores_per_class_and_overall() -> None:
    qs = [RealQuestion("a", "depth", "q?", "path", {}, None, None, ("x",), {"connected": True}, "r"),
          RealQuestion("b", "depth", "q?", "path", {}, None, None, ("x",), {"connected": False}, "r"),
          RealQuestion("c", "names", "q?", "path", {}, None, None, ("x",), {"connected": True}, "r")]
    observed = {"a": {"structured": {"connected": True}, "ask": {"connected": False}},
                "b": {"structured": {"connected": False}, "ask": {"connected": False}},
                "c": {"structured": {"connected": False}}}  # ask never answered: wrong
    r = score_answers(qs, observed)
    assert r.table["depth"]["structured"] == {"n": 2, "correct": 2, "accuracy": 1.0}
    assert r.table["depth"]["ask"] == {"n": 2, "correct": 1, "accuracy": 0.5}
    assert r.table["names"]["ask"]["correct"] == 0
    assert r.overall["structured"] == {"n": 3, "correct": 2, "accuracy": 0.667}
    assert "ALL" in render_real_table(r)


def test_the_suite_runs_on_a_database_of_its_own(graph, tmp_path: Path) -> None:
    out = tmp_path / "real-eval.json"
    report = run_real(graph, out_json=out)
    qs = load_suite()
    assert sum(m["structured"]["n"] for m in report.table.values()) == len(qs) == report.overall["ask"]["n"]
    for row in report.questions:  # the recorded verdicts are the judge's on the recorded answers
        q = next(x for x in qs if x.id == row["id"])
        for sys in ("structured", "ask"):
            assert row[sys]["ok"] == judge(q.expected, row[sys]["observed"] or {"error": "none"})
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["overall"] == report.overall
    # read off the files, and answered right before this suite existed: the run must get them
    ok = {row["id"]: row["structured"]["ok"] for row in report.questions}
    assert ok["rf-10"] and ok["rf-02"] and ok["nm-12"]
    assert not graph.read("stats_nodes")  # the run leaves the database empty again
    if os.environ.get("OWNERGRAPH_REAL_EVAL_OUT"):
        Path(os.environ["OWNERGRAPH_REAL_EVAL_OUT"]).write_text(out.read_text(encoding="utf-8"), encoding="utf-8")
