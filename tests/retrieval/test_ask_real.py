"""ask() on real registers and filings (issue 13): the question in words reaches the same
analytic as the structured command, with the figure and the data's warnings in the text.
Expected answers are read off the files in tests/fixtures/real (where: in each comment)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.domain.vocabulary import PARENTS, PATH, QUALITY, STAKE
from ownergraph.retrieval.api import Ownergraph

REAL = Path(__file__).resolve().parents[1] / "fixtures" / "real"
CIRCULAR = "bods-more/bods-v04-fixtures/edge-cases/10-circular-ownership.json"
CHRINON = ("bods/0.2/examples/1-single-direct.json", "bods/0.2/examples/3-joint-ownership.json")
NORWAY = "bods-more/bods-validator/norway-brreg-bods-0.4.json"
SHELL = ("gleif/api/lei_records/single_lei_record_21380068P1DRHMJ8KU70.json",
         "gleif/api/reporting_exceptions/direct-parent-reporting-exception_21380068P1DRHMJ8KU70.json",
         "gleif/api/reporting_exceptions/ultimate-parent-reporting-exception_21380068P1DRHMJ8KU70.json")
FRAPORT = ("gleif/api/lei_records/single_lei_record_5299001ERX0K10IZUL40.json",
           "gleif/api/relationships/direct-child-relationships_5299001ERX0K10IZUL40.json")


def _load(graph: Graph, *files: str) -> Ownergraph:
    ingest_paths(graph, [REAL / f for f in files])
    return Ownergraph(graph)


def test_a_data_quality_question_is_answered_by_the_quality_analytic(graph: Graph) -> None:
    # 10-circular-ownership.json: rec-rel-alpha-owns-beta (Beta <- Alpha 100%) and
    # rec-rel-beta-owns-alpha (Alpha <- Beta 100%): each company holds itself through the other
    og = _load(graph, CIRCULAR)
    everything = og.ask("Are there any data quality problems?", as_of="2024-06-30")
    assert everything.question.pattern == QUALITY.name and everything.evidence.found
    assert {(i["kind"], i["entity_name"]) for i in everything.evidence.result.issues} >= {
        ("self_holding", "Alpha Corp Ltd"), ("self_holding", "Beta Corp Ltd")}
    assert "Alpha Corp Ltd" in everything.text and "Beta Corp Ltd" in everything.text
    about = og.ask("Does Alpha Corp Ltd have any data-quality issues?", as_of="2024-06-30")
    assert {i["entity_name"] for i in about.evidence.result.issues} == {"Alpha Corp Ltd"}
    assert "holds itself through a cycle of 2" in about.text


def test_a_clean_graph_says_so_and_an_unknown_entity_is_not_found(graph: Graph) -> None:
    from ownergraph.domain.errors import EntityNotFound

    # 1-single-direct.json alone: CHRINON LTD <- Christopher Taggart 100%, nothing else
    og = _load(graph, CHRINON[0])
    a = og.ask("Which entities have shareholdings summing to more than 100%?", as_of="2018-06-30")
    assert a.question.pattern == QUALITY.name and not a.evidence.found
    assert a.text.startswith("No data-quality issue")
    with pytest.raises(EntityNotFound):
        og.ask("What data-quality warnings apply to Nonexistent Holdings Limited?", as_of="2018-06-30")


def test_owners_answer_carries_the_over_100_warning_in_its_text(graph: Graph) -> None:
    # CHRINON LTD <- Christopher Taggart 100% (1-single-direct.json, from 2016-04-06) and
    # <- Joint shareholding 100% (3-joint-ownership.json, from 2018-01-01): 200% together
    og = _load(graph, *CHRINON)
    a = og.ask("Who are the shareholders of CHRINON LTD?", as_of="2018-06-30")
    assert "Warnings:" in a.text and "more than 100%" in a.text.split("Warnings:")[1]
    q = og.ask("What data-quality warnings apply to CHRINON LTD?", as_of="2018-06-30")
    assert [i["kind"] for i in q.evidence.result.issues] == ["over_100"]
    assert "200.00%" in q.text


def test_a_share_of_the_votes_is_read_in_votes(graph: Graph) -> None:
    # norway-brreg-bods-0.4.json: nor-rel-johan-ferd-voting, FERD AS <- JOHAN HENRIK ANDRESEN,
    # votingRights share minimum 50 maximum 75, from 2024-10-08; no shareholding of his
    og = _load(graph, NORWAY)
    votes = og.ask("What percentage of FERD AS's voting rights does Johan Henrik Andresen hold?", as_of="2025-01-01")
    assert votes.question.pattern == STAKE.name and votes.question.interest == "voting_rights"
    assert (votes.evidence.result.stake.lo, votes.evidence.result.stake.hi) == pytest.approx((0.50, 0.75))
    assert "share of the voting rights" in votes.text and "50–75%" in votes.text
    shares = og.ask("What is Johan Henrik Andresen's stake in FERD AS?", as_of="2025-01-01")
    assert not shares.evidence.found  # the shares measure finds none of his: the votes were not added in


def test_reporting_exceptions_asked_with_a_verb_reach_the_parents_analytic(graph: Graph) -> None:
    # direct-/ultimate-parent-reporting-exception_21380068P1DRHMJ8KU70.json: exceptionReason
    # NO_KNOWN_PERSON at both levels; single_lei_record: legalName SHELL PLC
    og = _load(graph, *SHELL)
    for text in ("Does SHELL PLC report any reporting exceptions?", "Why is there no parent reported for Shell plc?"):
        a = og.ask(text, as_of="2025-05-01")
        assert a.question.pattern == PARENTS.name
        reasons = {x["reason"] for lv in (a.evidence.result.direct, a.evidence.result.ultimate) for x in lv.exceptions}
        assert reasons == {"NO_KNOWN_PERSON"}
        assert "NO_KNOWN_PERSON" in a.text


def test_a_surname_first_name_resolves_and_the_answer_names_the_registered_person(graph: Graph) -> None:
    # psc-data-3.json: company 08810260, 'Mr Michael Charles Saunders', ownership-of-shares-75-to-100-percent
    og = _load(graph, "uk-psc/psc-data-3.json")
    a = og.ask("How much of 08810260 does Saunders, Michael Charles hold?", as_of="2020-01-01")
    assert (a.evidence.result.stake.lo, a.evidence.result.stake.hi) == pytest.approx((0.75, 1.0))
    assert a.text.startswith("Michael Charles Saunders's effective stake")


def test_an_lei_in_brackets_reaches_an_entity_known_only_by_its_lei(graph: Graph) -> None:
    # direct-child-relationships_5299001ERX0K10IZUL40.json: data[0] 254900RX3NW13DDG3905
    # IS_DIRECTLY_CONSOLIDATED_BY 5299001ERX0K10IZUL40 (Fraport AG ...); the file names no child
    og = _load(graph, *FRAPORT)
    a = og.ask("Is Lima Airport Partners S.R.L. (254900RX3NW13DDG3905) linked to Fraport AG Frankfurt Airport "
               "Services Worldwide?", as_of="2024-06-30")
    assert a.question.pattern == PATH.name and a.evidence.found
    assert "is consolidated by" in a.text  # the edge in words, its direction marked


def test_a_hop_limit_in_words_is_said_as_a_limit_never_as_no_path(graph: Graph) -> None:
    # torotel EX-21: '(b) Subsidiary (wholly-owned) Electronika, Inc.' and '(c) Subsidiary
    # (wholly-owned by Electronika, Inc.) Electronika-Kansas, Inc.': two hops from Torotel, Inc.
    og = _load(graph, "sec/ex21/torotel-0001445305-11-002220.txt")
    a = og.ask("What is Torotel, Inc.'s stake in Electronika-Kansas, Inc. in at most one step?", as_of="2011-04-30")
    assert a.question.depth == 1 and a.evidence.result.depth_limit_reached
    assert "depth limit 1 reached" in a.text and "within 1 hop " in a.text
    full = og.ask("What is Torotel, Inc.'s stake in Electronika-Kansas, Inc.?", as_of="2011-04-30")
    assert (full.evidence.result.stake.lo, full.evidence.result.stake.hi) == pytest.approx((1.0, 1.0))


def test_a_closed_reporting_exception_is_answered_as_none(graph: Graph) -> None:
    # Repex_deletion.json: repex-d-549300CLJRYXBPCXXV46-c7db43 'new' 2024-06-06 (Exception
    # Reason: NON_CONSOLIDATING), closed by the statement of 2024-08-07
    og = _load(graph, "bods-more/data-standard-gleif-0.4/Repex_deletion.json")
    before = og.ask("Which reporting exceptions has Ewellix GmbH filed?", as_of="2024-07-01")
    assert "NON_CONSOLIDATING" in before.text
    after = og.ask("Which reporting exceptions has Ewellix GmbH filed?", as_of="2024-09-01")
    assert "NON_CONSOLIDATING" not in after.text and "no reporting exception" in after.text


def test_a_quality_follow_up_is_about_the_entity_of_the_last_turn(graph: Graph) -> None:
    # CHRINON LTD held 100% by Christopher Taggart and 100% by Joint shareholding (see above)
    session = _load(graph, *CHRINON).session()
    session.ask("Who owns CHRINON LTD?", as_of="2018-06-30")
    a = session.ask("Does it have any data-quality issues?", as_of="2018-06-30")
    assert a.question.pattern == QUALITY.name and a.question.follow_up
    assert [(i["kind"], i["entity_name"]) for i in a.evidence.result.issues] == [("over_100", "CHRINON LTD")]
