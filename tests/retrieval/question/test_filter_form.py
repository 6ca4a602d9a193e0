"""Issue 30: questions written as filters or pseudo-SQL (``retrieval.question.filter_form``) read
by their table word, columns and keys. The entities are invented (none is in a question set)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.filter_form import read_filter
from ownergraph.retrieval.question.model import parse

DAY = date(2025, 11, 20)


def _read(text: str) -> tuple[str, list[tuple[str, str]], str | None]:
    q = parse(text, today=DAY)
    return q.pattern, [(m.text, m.role) for m in q.anchors], q.as_of.isoformat() if q.as_of else None


@pytest.mark.parametrize(("text", "kind", "anchors", "as_of"), [
    ("SELECT owner, pct FROM shareholders WHERE target = 'Quillmere Tiles Ltd' AND as_of = '2023-06-30'",
     "owners", [("Quillmere Tiles Ltd", "subject")], "2023-06-30"),
    ("SELECT pct FROM ownership WHERE owner = 'Orvane Capital SA' AND target = 'Quillmere Tiles Ltd' "
     "AND as_of = prior_year_end", "stake", [("Orvane Capital SA", "subject"), ("Quillmere Tiles Ltd", "object")],
     "2024-12-31"),
    ("stake where owner = Orvane Capital SA and owned = Brask Foundry AB and as_of = '2024-09-30'",
     "stake", [("Orvane Capital SA", "subject"), ("Brask Foundry AB", "object")], "2024-09-30"),
    ("SELECT SUM(amount) FROM book WHERE issuer IN group_of('Tessaly Mills GmbH') AND as_of = last_quarter_end",
     "exposure", [("Tessaly Mills GmbH", "subject")], "2025-09-30"),
    ("SELECT party, amount FROM credit_links WHERE obligor = 'Brask Foundry AB' AND scenario = 'default'",
     "contagion", [("Brask Foundry AB", "subject")], None),
    ("SELECT * FROM ownership_cycles WHERE as_of = '2024-09-30'", "cycles", [], "2024-09-30"),
    ("shortest ownership/control path where start = Orvane Capital SA and end = Quillmere Tiles Ltd",
     "path", [("Orvane Capital SA", "subject"), ("Quillmere Tiles Ltd", "object")], None),
    ("SELECT target, pct FROM shareholders WHERE owner = 'Orvane Capital SA' AND as_of = CURRENT_DATE",
     "holdings", [("Orvane Capital SA", "subject")], "2025-11-20"),
    ("SELECT issue FROM data_quality WHERE entity = 'Tessaly Mills GmbH' AND as_of = end of H1 this year",
     "quality", [("Tessaly Mills GmbH", "subject")], "2025-06-30"),
    ("SELECT member FROM group_members WHERE head = 'Orvane Capital SA'", "group", [("Orvane Capital SA", "subject")],
     None),
    ("SELECT alias FROM entity_names WHERE entity = 'Tessaly Mills GmbH'", "names", [("Tessaly Mills GmbH", "subject")],
     None),
    ("SELECT lei, company_number FROM entities WHERE name = 'Tessaly Mills GmbH'", "names",
     [("Tessaly Mills GmbH", "subject")], None),
    ("SELECT effective_date, old_name FROM rename_events WHERE entity = 'Brask Foundry AB' "
     "ORDER BY effective_date DESC LIMIT 1", "events", [("Brask Foundry AB", "subject")], None),
    ("SELECT start_date, amount FROM loans WHERE borrower = 'Brask Foundry AB'", "events",
     [("Brask Foundry AB", "subject")], None),
    ("SELECT lender, amount FROM loans WHERE borrower = 'Brask Foundry AB' AND as_of = '2025-03-31'",
     "counterparties", [("Brask Foundry AB", "subject")], "2025-03-31"),
    ("owners where company = Quillmere Tiles Ltd and as_of = '2024-12-31'", "owners",
     [("Quillmere Tiles Ltd", "subject")], "2024-12-31"),
    # a name with "and" in it: "and" joins conditions only where a key and an operator follow
    ("owners where company = Smith and Varga Ltd and as_of = today", "owners", [("Smith and Varga Ltd", "subject")],
     "2025-11-20"),
])
def test_filter_kind_anchors_and_date(text: str, kind: str, anchors: list[tuple[str, str]], as_of: str | None) -> None:
    assert _read(text) == (kind, anchors, as_of)


def test_a_column_the_graph_does_not_hold_is_unknown() -> None:
    assert parse("SELECT share_price FROM entities WHERE name = 'Tessaly Mills GmbH'", today=DAY).pattern == "unknown"
    assert parse("SELECT turnover FROM companies WHERE company_number = '09990001'", today=DAY).pattern == "unknown"


def test_company_number_and_lei_values_are_anchors() -> None:
    assert _read("SELECT owner, pct FROM shareholders WHERE target = '09990001'")[1] == [("09990001", "subject")]
    assert _read("SELECT name FROM entities WHERE lei = '529900ABCDEFGHIJKL12'")[1] == \
        [("529900ABCDEFGHIJKL12", "subject")]


def test_diff_dates_known_at_and_hops() -> None:
    q = parse("SELECT * FROM shareholder_changes WHERE target = 'Quillmere Tiles Ltd' AND date_from = '2021-06-30' "
              "AND date_to = '2021-12-31'", today=DAY)
    assert (q.pattern, q.date_from, q.date_to, q.as_of) == ("diff", date(2021, 6, 30), date(2021, 12, 31), None)
    q = parse("diff owners where company = Quillmere Tiles Ltd and from = 2020-06-30 and to = 2020-12-31", today=DAY)
    assert (q.pattern, q.date_from, q.date_to) == ("diff", date(2020, 6, 30), date(2020, 12, 31))
    q = parse("SELECT branch FROM branches WHERE head_office = 'Brask Foundry AB' AND as_of = '2010-03-31' "
              "AND known_at = '2010-04-30'", today=DAY)
    assert (q.pattern, q.as_of, q.known_at) == ("branches", date(2010, 3, 31), date(2010, 4, 30))
    q = parse("SELECT neighbour FROM links WHERE entity = 'Brask Foundry AB' AND hops = 1 "
              "AND link_type IN ('ownership','control')", today=DAY)
    assert (q.pattern, q.depth) == ("neighbourhood", 1)


def test_parents_keyed_by_the_parent_ask_for_children() -> None:
    q = parse("SELECT child FROM consolidation WHERE parent = 'Orvane Capital SA' AND level = 'direct'", today=DAY)
    assert (q.pattern, "children" in q.modifiers) == ("parents", True)
    q = parse("SELECT parent, level FROM consolidation WHERE child = 'Brask Foundry AB'", today=DAY)
    assert (q.pattern, "children" in q.modifiers) == ("parents", False)


def test_a_channel_key_names_the_contagion_channels() -> None:
    q = parse("SELECT party, amount FROM credit_links WHERE obligor = 'Brask Foundry AB' AND scenario = 'default' "
              "AND channel IN ('loan','guarantee')", today=DAY)
    assert (q.pattern, q.edge_types) == ("contagion", ["guarantee", "lending"])
    q = parse("SELECT acquired_on FROM ownership_events WHERE owner = 'Orvane Capital SA' "
              "AND target = 'Brask Foundry AB' AND type = 'acquisition'", today=DAY)
    assert (q.pattern, q.edge_types, [m.role for m in q.anchors]) == ("events", None, ["subject", "object"])


def test_screening_reads_no_column_word_as_an_entity() -> None:
    q = parse("SELECT position FROM book WHERE hops_to_sanctioned(issuer) <= 2 AND portfolio = 'EQ-NORDIC' "
              "AND as_of = last_quarter_end", today=DAY)
    assert (q.pattern, q.depth, q.portfolio, q.as_of) == ("screening", 2, "EQ-NORDIC", date(2025, 9, 30))
    assert [m.text for m in q.anchors if m.role != "portfolio"] == []
    q = parse("sanctioned parties where distance('Orvane Capital SA') <= 2", today=DAY)
    assert (q.pattern, q.depth, [m.text for m in q.anchors]) == ("sanctions_near", 2, ["Orvane Capital SA"])


@pytest.mark.parametrize("text", [
    "Who owns Quillmere Tiles Ltd?",
    "What is Orvane Capital SA's stake in Brask Foundry AB where it matters most?",
    "select the owners of Quillmere Tiles Ltd",
    "owners Quillmere Tiles Ltd 2024-06-30",
])
def test_questions_without_the_shape_are_not_filters(text: str) -> None:
    assert read_filter(text, DAY) is None


def test_kyc_form_holders_of_one_entity_are_owners_and_our_book_is_exposure() -> None:
    q = parse("Q4. Shareholders of the applicant (Quillmere Tiles Ltd) as at 30.06.2024, with % held: ____", today=DAY)
    assert (q.pattern, [m.text for m in q.anchors]) == ("owners", ["Quillmere Tiles Ltd"])
    q = parse("Q9. Total amount already on book against Brask Foundry AB and its subsidiaries [EQ-NORDIC] "
              "as at 30.09.2025 (amount | issuer):", today=DAY)
    assert (q.pattern, q.portfolio) == ("exposure", "EQ-NORDIC")


def test_a_shareholder_without_a_disclosed_percentage_is_a_data_gap() -> None:
    q = parse("Section C - 4. Any shareholder of Quillmere Tiles Ltd without a disclosed percentage as at 30.06.2024?",
              today=DAY)
    assert (q.pattern, [m.text for m in q.anchors]) == ("quality", ["Quillmere Tiles Ltd"])
