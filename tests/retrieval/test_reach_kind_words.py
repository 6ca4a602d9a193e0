"""The neighbourhood, names and screening kinds are read from several phrasings (issue 30,
item 3): kind, mention, hop count, dates and the relationship kinds asked. No graph: the
deterministic parser only."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.domain.vocabulary import BRANCHES, EVENTS, NAMES, NEIGHBOURHOOD, PATH_KIND_NAMES, SANCTIONS_NEAR, SCREENING
from ownergraph.retrieval.kinds.neighbourhood import kinds_asked
from ownergraph.retrieval.question.model import parse

TODAY = date(2024, 7, 15)


@pytest.mark.parametrize("text, anchor, depth", [
    ("everything within two hops of Valtora Investments Ltd", "Valtora Investments Ltd", 2),
    ("neighbourhood Harbourline Shipping Limited 1 hop all 2024-06-30", "Harbourline Shipping Limited", 1),
    ("What is within two hops of Valtora on 2024-06-30, over ownership and control links?", "Valtora", 2),
    ("Set out the network of Harbourline Holdings PLC to a distance of one hop at the end of June "
     "(ownership and control links).", "Harbourline Holdings PLC", 1),
    ("Valtora within 2 hops ownership control 2024-06-30", "Valtora", 2),
    ("Identify all entities within one hop of Granite Bank AG as at 30 June 2024, taking into account any kind "
     "of relationship.", "Granite Bank AG", 1),
])
def test_neighbourhood_phrasings(text: str, anchor: str, depth: int) -> None:
    q = parse(text, today=TODAY)
    assert q.pattern == NEIGHBOURHOOD.name, q
    assert [m.text for m in q.anchors][:1] == [anchor]
    assert q.depth == depth


def test_neighbourhood_reads_the_kinds_asked_and_not_a_names_words() -> None:
    assert kinds_asked(parse("Valtora within 2 hops ownership control 2024-06-30")) == ("ownership", "control")
    assert kinds_asked(parse("what is within one hop of Granite Bank AG over lending and branches?")) == \
        ("branch", "lending")
    assert kinds_asked(parse("What is within one hop of Nordkap Capital AG over any kind of relationship?")) == \
        PATH_KIND_NAMES
    # "Fund" is the name's word, not a fund relationship: every kind
    assert kinds_asked(parse("everything within one hop of Nordkap Baltic Opportunities Fund")) == PATH_KIND_NAMES


def test_sanctions_reach_stays_sanctions_near() -> None:
    assert parse("Is Globex Corp within 2 hops of a sanctioned entity?").pattern == SANCTIONS_NEAR.name


@pytest.mark.parametrize("text, anchor", [
    ("Harbourline Holdings PLC previous names", "Harbourline Holdings PLC"),
    ("What was Harbourline Holdings called before?", "Harbourline Holdings"),
    ("What was Harbourline Holdings called on 2020-12-31?", "Harbourline Holdings"),
    ("What is Valtora Investments Ltd's LEI?", "Valtora Investments Ltd"),
    ("lei Valtora Investments Ltd", "Valtora Investments Ltd"),
    ("ids Harbourline Holdings", "Harbourline Holdings"),
    ("who is 213800HBLHOLD1NGS054", "213800HBLHOLD1NGS054"),
    ("Identify the legal entity corresponding to 984500VALT0RA1NV0011.", "984500VALT0RA1NV0011"),
    ("What became of Kestrel Energy S.p.A?", "Kestrel Energy S.p.A"),
    ("Provide all names, aliases and identifiers recorded for Harbourline Ferries Limited.",
     "Harbourline Ferries Limited"),
])
def test_names_phrasings(text: str, anchor: str) -> None:
    q = parse(text, today=TODAY)
    assert q.pattern == NAMES.name, q
    assert [m.text for m in q.anchors][:1] == [anchor]


def test_names_reads_the_date_of_a_name() -> None:
    assert parse("What was Harbourline Holdings called on 2020-12-31?", today=TODAY).as_of == date(2020, 12, 31)


def test_who_owns_is_still_owners() -> None:
    assert parse("Who is behind Valtora Investments Ltd?").pattern != NAMES.name
    assert parse("Who owns the company with LEI 213800HBLHOLD1NGS054?").pattern != NAMES.name


@pytest.mark.parametrize("text, depth, portfolio", [
    ("Are any of our positions owned or controlled by sanctioned parties as of 31 March 2024?", None, None),
    ("screening book sanctioned owners 2024-06-30", None, None),
    ("Which of our positions are within three hops of a sanctioned party at the end of Q2 2024?", 3, None),
    ("Does the EQ-EUROPE portfolio hold anything controlled by sanctioned parties on 2024-06-30?", None, "EQ-EUROPE"),
    ("Report the holdings connected within two hops to a designated person as of mid-2024.", 2, None),
])
def test_screening_phrasings(text: str, depth: int | None, portfolio: str | None) -> None:
    q = parse(text, today=TODAY)
    assert q.pattern == SCREENING.name, q
    assert q.anchors == []  # the parties are the graph's, not named
    assert (q.depth, q.portfolio) == (depth, portfolio)


@pytest.mark.parametrize("text, anchor", [
    ("branches Granite Bank AG 2024-06-30", "Granite Bank AG"),
    ("What branches does Granite Bank AG have at the end of June?", "Granite Bank AG"),
    ("2138007GRAN1TELDNB74 part of", "2138007GRAN1TELDNB74"),
    ("Identify the legal entity of which 2138007GRAN1TELDNB74 is a branch as of today.", "2138007GRAN1TELDNB74"),
    ("What is the head office of Granite Bank London Branch?", "Granite Bank London Branch"),
])
def test_branches_phrasings(text: str, anchor: str) -> None:
    q = parse(text, today=TODAY)
    assert q.pattern == BRANCHES.name, q
    assert [m.text for m in q.anchors][:1] == [anchor]


def test_a_branch_in_a_name_does_not_make_a_branches_question() -> None:
    assert parse("Who owns Granite Bank AG, London Branch?").pattern != BRANCHES.name


@pytest.mark.parametrize("text, anchors", [
    ("when Nordkap Capital AG bought Meridian Baltic", ["Nordkap Capital AG", "Meridian Baltic"]),
    ("When did Granite Bank lend to Harbourline Shipping Limited, and how much?",
     ["Granite Bank", "Harbourline Shipping Limited"]),
    ("When did Harbourline Holdings buy its stake in Harbourline Shipping?",
     ["Harbourline Holdings", "Harbourline Shipping"]),
    ("State the commencement date and amount of the facility extended by Granite Bank AG to Harbourline Shipping.",
     ["Granite Bank AG", "Harbourline Shipping"]),
    ("when Ivan Petrov sanctioned", ["Ivan Petrov"]),
    ("events Kestrel Energy S.p.A.", ["Kestrel Energy S.p.A."]),
])
def test_events_phrasings(text: str, anchors: list[str]) -> None:
    q = parse(text, today=TODAY)
    assert q.pattern == EVENTS.name, q
    assert [m.text for m in q.anchors] == anchors


def test_when_as_a_conjunction_is_not_an_event() -> None:
    assert parse("Who is hit when Harbourline Shipping Limited defaults?").pattern != EVENTS.name
    assert parse("Who owns Acme, and since when?").pattern != EVENTS.name
