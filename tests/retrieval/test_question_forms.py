"""Questions as analysts type them about real registers and filings (issue 13): names in
"Last, First" order, legal forms in lower case, brackets inside names, scripts without case,
hop limits after "with", reporting exceptions asked with a verb, stakes in votes, and
data-quality questions. Phrasings differ from the real-question suite's on purpose: the parser
must read the intent, not one sentence."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.domain.vocabulary import OWNERS, PARENTS, PATH, QUALITY, STAKE, UNKNOWN
from ownergraph.retrieval.question.model import parse

TODAY = date(2025, 1, 15)


def _read(text: str) -> tuple[str, list[str]]:
    q = parse(text, today=TODAY)
    return q.pattern, [m.text for m in q.anchors]


@pytest.mark.parametrize("text, holder", [
    ("How much of 08810260 does Saunders, Michael Charles hold?", "Saunders, Michael Charles"),
    ("What is Turner, Mrs Sarah Elizabeth's interest in Greenfield Energy Holdings Ltd?", "Turner, Mrs Sarah Elizabeth"),
    ("What is Halbower, Matthew's effective stake in Avis Budget Group, Inc.?", "Halbower, Matthew"),
    ("What is Bunyan, Michael S.'s stake in 03136191?", "Bunyan, Michael S."),
    ("What is Van Damme, Jean's stake in Acme Ltd?", "Van Damme, Jean"),
])
def test_a_surname_comma_given_names_is_one_person(text: str, holder: str) -> None:
    pattern, anchors = _read(text)
    assert pattern == STAKE.name and anchors[0] == holder


@pytest.mark.parametrize("text, anchors", [
    ("Who owns Acme, and since when?", ["Acme"]),  # a comma before a clause still ends the name
    ("Who owns Acme, Beta and Gamma?", ["Acme"]),
    ("Who controls Apple Computer, Inc.?", ["Apple Computer, Inc."]),
])
def test_other_commas_still_end_a_name(text: str, anchors: list[str]) -> None:
    assert _read(text)[1] == anchors


@pytest.mark.parametrize("text, holder, held", [
    ("What is Marex Group plc's stake in Jushi Holdings Inc.?", "Marex Group plc", "Jushi Holdings Inc."),
    ("How much does Royal Dutch Shell plc hold in Acme Ltd?", "Royal Dutch Shell plc", "Acme Ltd"),
    ("What is Siemens aktiengesellschaft's stake in Acme GmbH?", None, "Acme GmbH"),  # a word of the sentence: no guess
])
def test_a_legal_form_in_lower_case_ends_a_name(text: str, holder: str | None, held: str) -> None:
    pattern, anchors = _read(text)
    assert pattern == STAKE.name and anchors[-1] == held
    if holder is not None:
        assert anchors[0] == holder


@pytest.mark.parametrize("text, name", [
    ("Who owns Companion Care (Services) Limited?", "Companion Care (Services) Limited"),
    ("Is Apple Computer (UK) Ltd. connected to Apple Computer, Inc.?", "Apple Computer (UK) Ltd."),
    ("Who owns Acme Ltd (indirectly)?", "Acme Ltd"),  # an aside goes
    ("Who owns Acme Ltd (the Company)?", "Acme Ltd"),
])
def test_brackets_inside_a_name_stay_asides_go(text: str, name: str) -> None:
    assert _read(text)[1][0] == name


def test_an_lei_in_brackets_after_a_name_is_the_mention() -> None:
    # GLEIF relationship files carry LEIs, not names: the LEI is what the graph can resolve
    pattern, anchors = _read("Is Lima Airport Partners S.R.L. (254900RX3NW13DDG3905) connected to Fraport AG?")
    assert pattern == PATH.name and anchors == ["254900RX3NW13DDG3905", "Fraport AG"]


@pytest.mark.parametrize("text, name, pattern", [
    ("Who controls 横店集团控股有限公司?", "横店集团控股有限公司", OWNERS.name),
    ("What is the parent of 甘肃菲尔资医疗科技有限公司?", "甘肃菲尔资医疗科技有限公司", PARENTS.name),
    ("Who are the shareholders of Ωmega Α.Ε.?", "Ωmega Α.Ε.", OWNERS.name),
])
def test_names_in_scripts_without_case(text: str, name: str, pattern: str) -> None:
    assert _read(text) == (pattern, [name])


@pytest.mark.parametrize("text, depth", [
    ("What is Person 1's stake in Company A with at most 2 hops?", 2),
    ("What is Torotel, Inc.'s stake in Electronika-Kansas, Inc. in at most one step?", 1),
    ("What is A Ltd's stake in Company B with a maximum depth of 3?", 3),
    ("What is A Ltd's stake in Company B limited to 4 levels?", 4),
])
def test_a_hop_limit_after_with_or_in_leaves_the_name_alone(text: str, depth: int) -> None:
    q = parse(text, today=TODAY)
    assert q.pattern == STAKE.name and q.depth == depth
    assert not any(m.text.endswith((" with", " in", " limited to")) for m in q.anchors)
    assert q.anchors[1].text in ("Company A", "Electronika-Kansas, Inc.", "Company B")


@pytest.mark.parametrize("text, name", [
    ("Which reporting exceptions has Shell plc filed?", "Shell plc"),
    ("Does MICROSOFT CORPORATION report any reporting exceptions?", "MICROSOFT CORPORATION"),
    ("What exceptions does Ewellix GmbH report?", "Ewellix GmbH"),
    ("Why is there no parent reported for NFA INTERNATIONAL?", "NFA INTERNATIONAL"),
    ("Why does PUMA SE have no ultimate parent?", "PUMA SE"),
    ("What reporting exceptions does 04366849 have as of 2025-05-01?", "04366849"),
])
def test_reporting_exceptions_asked_with_a_verb(text: str, name: str) -> None:
    q = parse(text, today=TODAY)
    assert q.pattern == PARENTS.name and [m.text for m in q.anchors] == [name]


@pytest.mark.parametrize("text, holder, held", [
    ("What percentage of Acme Holdings Ltd's votes does Jane Smith control?", "Jane Smith", "Acme Holdings Ltd"),
    ("How many of the voting rights in Acme Holdings Ltd does Jane Smith have?", "Jane Smith", "Acme Holdings Ltd"),
    ("What are Jane Smith's voting rights in Acme Holdings Ltd?", "Jane Smith", "Acme Holdings Ltd"),
])
def test_a_stake_in_votes_is_measured_in_votes(text: str, holder: str, held: str) -> None:
    q = parse(text, today=TODAY)
    assert (q.pattern, [m.text for m in q.anchors], q.interest) == (STAKE.name, [holder, held], "voting_rights")


def test_shares_stay_the_default_measure() -> None:
    assert parse("What is Jane Smith's stake in Acme Holdings Ltd?", today=TODAY).interest is None
    q = parse("Who holds the voting rights in Acme Holdings Ltd?", today=TODAY)
    assert (q.pattern, [m.text for m in q.anchors], q.interest) == (OWNERS.name, ["Acme Holdings Ltd"], "voting_rights")


@pytest.mark.parametrize("text, anchors, as_of", [
    ("Are there any data quality problems as of 2024-06-30?", [], date(2024, 6, 30)),
    ("Which entities have shareholdings summing to more than 100%?", [], None),
    ("List the dangling references as of 2023-06-01", [], date(2023, 6, 1)),
    ("Which entities are stubs?", [], None),
    ("Can we trust the graph as of 2019-06-30?", [], date(2019, 6, 30)),
    ("What data-quality warnings apply to CHRINON LTD?", ["CHRINON LTD"], None),
    ("Does Company A have missing stakes?", ["Company A"], None),
    ("Is ZZG38T0MDR3QY1ETUA76 a stub?", ["ZZG38T0MDR3QY1ETUA76"], None),
])
def test_data_quality_questions_go_to_the_quality_analytic(text: str, anchors: list[str], as_of: date | None) -> None:
    q = parse(text, today=TODAY)
    assert (q.pattern, [m.text for m in q.anchors], q.as_of) == (QUALITY.name, anchors, as_of)


@pytest.mark.parametrize("text, pattern", [
    ("Who are the shareholders of Acme Ltd?", OWNERS.name),  # "shareholders" alone is not a quality question
    ("Is Acme Ltd owned by Beta plc?", OWNERS.name),
    ("What is the weather in Paris?", UNKNOWN),
])
def test_quality_words_do_not_capture_other_questions(text: str, pattern: str) -> None:
    assert parse(text, today=TODAY).pattern == pattern


@pytest.mark.parametrize("text, anchors, as_of", [
    # Norwegian "AS" (aksjeselskap) before "on <date>" is the legal form, not the cue "as on"
    ("Who are the beneficial owners of FERD AS on 1 January 2025?", ["FERD AS"], date(2025, 1, 1)),
    ("Who owns Acme Ltd as on 2020-01-01?", ["Acme Ltd"], date(2020, 1, 1)),
])
def test_a_legal_form_as_is_not_a_date_cue(text: str, anchors: list[str], as_of: date) -> None:
    q = parse(text, today=TODAY)
    assert ([m.text for m in q.anchors], q.as_of) == (anchors, as_of)


@pytest.mark.parametrize("text, threshold", [
    ("Who holds more than 25% of GREENFIELD ENERGY HOLDINGS LTD as of the end of 2019?", 0.25),
    ("Who owns at least 10% of Acme Ltd?", 0.10),
])
def test_a_threshold_between_the_verb_and_the_name_leaves_the_name(text: str, threshold: float) -> None:
    q = parse(text, today=TODAY)
    assert q.pattern == OWNERS.name and q.threshold == pytest.approx(threshold)
    assert [m.text for m in q.anchors] == [text.split(" of ", 1)[1].split(" as of")[0].rstrip("?")]


@pytest.mark.parametrize("text", ["What is the share of Wpp Rocky Ltd in 06452920?",
                                  "What is the percentage of Wpp Rocky Ltd in 06452920 as of 2020-01-01?"])
def test_the_share_of_a_in_b(text: str) -> None:
    assert _read(text) == (STAKE.name, ["Wpp Rocky Ltd", "06452920"])


def test_a_quality_answer_never_turns_a_row_limit_into_no_issue() -> None:
    import pandas as pd

    from ownergraph.domain.clock import make_clock
    from ownergraph.graph.analytics.quality import QualityResult
    from ownergraph.retrieval.answer.compose import compose
    from ownergraph.retrieval.answer.context import build_context

    ctx = build_context("Is X a stub?", date(2024, 6, 30), "2024-06-30T00:00:00", {}, [], [])
    cut = QualityResult(make_clock("2024-06-30", None), issues=[], truncated=["stub"])
    text = compose(QUALITY.name, pd.DataFrame(), ctx, "X Ltd", None, False, cut)
    assert "row limit was reached for stub" in text and not text.startswith("No data-quality issue (")
    clean = QualityResult(make_clock("2024-06-30", None))
    assert compose(QUALITY.name, pd.DataFrame(), ctx, "X Ltd", None, False, clean).startswith("No data-quality issue (")
