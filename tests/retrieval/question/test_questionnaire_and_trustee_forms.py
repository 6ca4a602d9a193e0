"""Whole classes of wording from due-diligence questionnaires, payment-investigation requests, lay
trustees' questions and underwriters' file notes, written anew (issue 30, session 17: set 16 as
development data): relative dates said without their article or with "reported"/"close"."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.parser import parse

TODAY = date(2025, 12, 31)


@pytest.mark.parametrize("text, as_of", [
    ("Which shareholders did Brimvale Ports Ltd have as at the last reported quarter-end?", date(2025, 9, 30)),
    ("Holdings of the firm in Brimvale Ports Ltd at the most recent reported month end, please.", date(2025, 11, 30)),
    ("Who owned Brimvale Ports Ltd as at date of this form?", TODAY),
    ("List the owners of Brimvale Ports Ltd as of date of this enquiry.", TODAY),
    ("Who were the direct owners of Brimvale Ports Ltd at the previous year close?", date(2024, 12, 31)),
    ("Who were the direct owners of Brimvale Ports Ltd as at last year close?", date(2024, 12, 31)),
])
def test_a_relative_date_without_its_article_or_said_as_reported_is_a_valid_date(text: str, as_of: date) -> None:
    q = parse(text, today=TODAY)
    assert (q.as_of, q.known_at) == (as_of, None)


def _names() -> Gazetteer:
    return Gazetteer.build(NameRecord(key=n, name=n, names=(n,)) for n in ("Brimvale Ports Ltd", "Tolsen Mills B.V."))


@pytest.mark.parametrize("text", [
    "Q4.1: flag any shareholding record of Brimvale Ports Ltd as at 30.06.2024 that lacks the stake size, and name the holder.",
    "Could you check whether any owner of Brimvale Ports Ltd at the close of business on the last day of March 2022 "
    "appears with no stake size whatsoever?",
    "Kindly confirm which owner of Brimvale Ports Ltd as of 31-Mar-2023 has no disclosed shareholding percentage.",
])
def test_a_holding_without_its_size_is_a_data_quality_question(text: str) -> None:
    assert parse(text, today=TODAY, names=_names()).pattern == "quality"


def test_a_holding_size_asked_for_is_still_an_owners_question() -> None:
    assert parse("Who owned Brimvale Ports Ltd and what was the holding size of each?", today=TODAY, names=_names()).pattern == "owners"


@pytest.mark.parametrize("text, frm, to", [
    ("Q2.4: compare the register of members of Brimvale Ports Ltd at month-end May 2020 with that at month-end May 2021 "
     "and identify any holder not there on the earlier date.", date(2020, 5, 31), date(2021, 5, 31)),
    ("Comparing the last day of June 2021 with the last day of March 2022, could someone tell us who became an owner "
     "of Brimvale Ports Ltd in between?", date(2021, 6, 30), date(2022, 3, 31)),
    ("Set the shareholders of Brimvale Ports Ltd at 31 May 2020 side by side with those on 30 June 2021.",
     date(2020, 5, 31), date(2021, 6, 30)),
])
def test_two_dates_set_against_each_other_in_words_ask_what_changed(text: str, frm: date, to: date) -> None:
    q = parse(text, today=TODAY, names=_names())
    assert (q.pattern, q.date_from, q.date_to) == ("diff", frm, to)


def test_a_month_end_before_a_named_month_is_that_month_end() -> None:
    q = parse("What changed among the owners of Brimvale Ports Ltd between month-end May 2020 and month-end May 2021?",
              today=TODAY, names=_names())
    assert (q.pattern, q.date_from, q.date_to) == ("diff", date(2020, 5, 31), date(2021, 5, 31))


@pytest.mark.parametrize("text", [
    "As a trustee I would like to know how much the scheme had invested as at 30th June 2024 in Brimvale Ports Ltd and "
    "in any company Brimvale Ports Ltd owned more than half of, directly or further down.",
    "Could the team set out the scheme's holdings at the close of business on the last day of April 2024 in Brimvale "
    "Ports Ltd together with every company majority-owned beneath it (more than 50% at each step)?",
    "Item 6.1: report the total position as at 31.05.2024 in Brimvale Ports Ltd and in every entity Brimvale Ports Ltd "
    "held more than 50% of, directly or through a chain.",
])
def test_a_pension_scheme_or_a_reported_total_is_the_book_holding_the_group(text: str) -> None:
    assert parse(text, today=TODAY, names=_names()).pattern == "exposure"


def test_a_company_that_invested_in_another_is_no_book_of_ours() -> None:
    q = parse("Which companies did Brimvale Ports Ltd own more than half of, directly or further down, as at 30th June 2024?",
              today=TODAY, names=_names())
    assert q.pattern == "group"


@pytest.mark.parametrize("text", [
    "Item 8.2: identify each party with a direct relationship of any kind to Brimvale Ports Ltd as at 31.05.2024, be it "
    "ownership, lending, guarantee or association.",
    "Buyer: BRIMVALE PORTS LTD. All directly connected counterparties per 31/05/2024 (owners, subs, lenders, associates)?",
    "Thinking only of ownership and control, who sat immediately above or below Brimvale Ports Ltd as at 31st May 2024?",
])
def test_every_direct_link_of_any_type_or_either_way_is_the_neighbourhood(text: str) -> None:
    assert parse(text, today=TODAY, names=_names()).pattern == "neighbourhood"


@pytest.mark.parametrize("text, kind", [
    ("Could the adviser say which companies stood above Brimvale Ports Ltd for accounting purposes at the close of 2023?", "parents"),
    ("Which businesses did Brimvale Ports Ltd consolidate at the close of 2023?", "parents"),
    ("Buyer: BRIMVALE PORTS LTD. How was it owned or controlled by Tolsen Mills B.V. per 31/05/2024? List the chain pls.", "path"),
    ("Forgive me, but did any companies end up owning themselves through a ring of holdings at the close of 2022?", "cycles"),
    ("Besides holding shares, did Brimvale Ports Ltd control any firms as at 31st May 2024 through nominees? Which ones?", "holdings"),
    ("Kindly note any amendment to the stated percentage of Brimvale Ports Ltd held by Tolsen Mills B.V.", "events"),
    ("Tolsen Mills B.V. in Brimvale Ports Ltd: old figure, new figure?", "events"),
    ("Under which names did Brimvale Ports Ltd trade prior to its current name?", "names"),
])
def test_plain_words_for_consolidation_chains_loops_control_corrections_and_former_names(text: str, kind: str) -> None:
    assert parse(text, today=TODAY, names=_names()).pattern == kind


def test_the_date_of_a_revision_is_the_graph_s_correction_not_a_foreign_record() -> None:
    q = parse("Was the percentage of Brimvale Ports Ltd held by Tolsen Mills B.V. ever revised? Please give the date of "
              "revision and the original figure.", today=TODAY, names=_names())
    assert q.pattern == "events"


def test_the_name_before_the_present_one_asked_with_its_date_is_the_rename() -> None:
    q = parse("Which name did Brimvale Ports Ltd carry before its present one, and from what date has the present one applied?",
              today=TODAY, names=_names())
    assert q.pattern == "events"


@pytest.mark.parametrize("text", [
    "File note re Brimvale Ports Ltd: who are the direct shs as at end-May 2024, and what % does each hold?",
    "Re Brimvale Ports Ltd: direct shs per 31/05/2024 and the % each holds?",
])
def test_direct_shs_are_the_shareholders(text: str) -> None:
    assert parse(text, today=TODAY, names=_names()).pattern == "owners"


def test_shs_counted_are_still_shares() -> None:
    q = parse("How many shs did Tolsen Mills B.V. hold in Brimvale Ports Ltd?", today=TODAY, names=_names())
    assert "read 'shs' as 'shares'" in q.notes
