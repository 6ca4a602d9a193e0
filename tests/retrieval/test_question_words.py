"""Issue 30: dates in words resolved against the session's day, typos in a question's own
words, and mentions found by the graph's own names (the text half: no graph needed)."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.by_names import with_graph_names
from ownergraph.retrieval.question.gazetteer import Gazetteer, NameRecord
from ownergraph.retrieval.question.model import Question, parse
from ownergraph.retrieval.question.spelling import correct_words

JULY = date(2024, 7, 15)
NEW_YEARS_EVE = date(2025, 12, 31)


@pytest.mark.parametrize(("words", "today", "as_of"), [
    ("as of mid-2023", JULY, "2023-06-30"),
    ("at mid-year 2024", JULY, "2024-06-30"),
    ("at mid-year", NEW_YEARS_EVE, "2025-06-30"),
    ("at mid-year", date(2025, 3, 1), "2024-06-30"),
    ("at the end of last year", JULY, "2023-12-31"),
    ("at the close of last year", JULY, "2023-12-31"),
    ("on 31 March 2024", NEW_YEARS_EVE, "2024-03-31"),
    ("at the end of Q2 2024", NEW_YEARS_EVE, "2024-06-30"),
    ("in Q2 2024", NEW_YEARS_EVE, "2024-06-30"),
    ("last quarter", JULY, "2024-06-30"),
    ("at the end of last quarter", date(2024, 4, 1), "2024-03-31"),
    ("at the end of June", NEW_YEARS_EVE, "2025-06-30"),
    ("at the end of June", date(2025, 6, 1), "2024-06-30"),
    ("at the end of June last year", JULY, "2023-06-30"),
    ("at the end of March", JULY, "2024-03-31"),
    ("at last year-end", JULY, "2023-12-31"),
    ("at year-end 2019", JULY, "2019-12-31"),
    ("this time last year", JULY, "2023-07-15"),
    ("a year ago", date(2024, 2, 29), "2023-02-28"),
    ("as things stand today", JULY, "2024-07-15"),
    ("right now", JULY, "2024-07-15"),
    ("as of today", JULY, "2024-07-15"),
    ("as at 30/06/2024", JULY, "2024-06-30"),
    ("as at 06/30/2024", JULY, "2024-06-30"),
    ("on 31.03.2024", JULY, "2024-03-31"),
    ("at the start of last year", JULY, "2023-01-01"),
    ("as at COB 30 June 2024", JULY, "2024-06-30"),
    ("at close of business on 28 June 2024", JULY, "2024-06-28"),
    ("at the beginning of this quarter", JULY, "2024-07-01"),
])
def test_a_date_in_words_is_read_against_the_sessions_day(words: str, today: date, as_of: str) -> None:
    q = parse(f"Who owns Harbourline Shipping Limited {words}?", today=today)
    assert q.as_of == date.fromisoformat(as_of)
    assert [m.text for m in q.anchors] == ["Harbourline Shipping Limited"]  # the date's words stay out of the name


def test_as_known_on_a_date_sets_both_clocks() -> None:
    q = parse("What percentage of Ashmont Osprey Renewables Ltd did Selaby Pharma B.V. hold as known on 31 January 2021?",
              today=NEW_YEARS_EVE)
    assert (q.as_of, q.known_at) == (date(2021, 1, 31), date(2021, 1, 31))


def test_at_the_time_knows_what_was_known_then() -> None:
    q = parse("Who owned Harbourline Holdings PLC on 30 June 2019, as it was known at the time?", today=JULY)
    assert (q.as_of, q.known_at) == (date(2019, 6, 30), date(2019, 6, 30))


def test_a_diff_reads_both_ends_in_words() -> None:
    q = parse("What changed in the ownership of Harbourline Holdings PLC between the end of Q2 2023 and the end of "
              "last quarter?", today=JULY)
    assert (q.date_from, q.date_to) == (date(2023, 6, 30), date(2024, 6, 30))


@pytest.mark.parametrize(("typed", "read"), [
    ("ledners", "lenders"), ("ownorship", "ownership"), ("sharehoolders", "shareholders"), ("cyclus", "cycles"),
    ("sancteoned", "sanctioned"),
])
def test_a_misspelt_question_word_is_read_as_the_word(typed: str, read: str) -> None:
    assert correct_words(f"the {typed} of Harbourline")[0] == f"the {read} of Harbourline"


def test_names_and_short_words_are_not_corrected() -> None:
    assert correct_words("Ledners Bank owns harbourline marine")[0] == "Ledners Bank owns harbourline marine"


def _bundle_names() -> Gazetteer:
    return Gazetteer.build([
        NameRecord("og:ship", "Harbourline Shipping Limited", ("Harbourline Shipping Limited",)),
        NameRecord("LEIHOLD", "Harbourline Holdings PLC", ("Harbourline Holdings PLC", "Harbourline Group Limited")),
        NameRecord("LEIVALT", "Valtora Investments Ltd", ("Valtora Investments Ltd",)),
        NameRecord("og:mare", "MARE POND PROPERTIES LIMITED", ("MARE POND PROPERTIES LIMITED", "07434180")),
        NameRecord("og:p1", "Ivan Petrov", ("Ivan Petrov",)),
        NameRecord("og:p2", "Ivan Petrov", ("Ivan Petrov",)),
    ])


@pytest.mark.parametrize(("text", "found"), [
    ("what did the shareholding of Valtora Investments Limited look like in 2021", "Valtora Investments Limited"),
    ("Harbourline Holdings ownership 2024-06-30", "Harbourline Holdings"),
    ("who owns harbourline holdings public limited company", "harbourline holdings public limited company"),
    ("owners Harbourline Shpping 2024", "Harbourline Shpping"),
    ("Who sits above MARE POND PROPERITES LIIMTED in the chain?", "MARE POND PROPERITES LIIMTED"),
    ("UK company number 07434180", "07434180"),
    ("cross-holdings Valtroa as of 30 June 2024", "Valtroa"),
    ("who owned Harbourline Group Ltd in 2020", "Harbourline Group Ltd"),
])
def test_the_graphs_names_are_found_in_the_question(text: str, found: str) -> None:
    hits = _bundle_names().find(text)
    assert [text[h.start:h.end] for h in hits] == [found] and len(hits[0].keys) == 1


def test_a_name_two_entities_share_keeps_both_candidates() -> None:
    (hit,) = _bundle_names().find("Who owns Ivan Petrov?")
    assert hit.keys == ("og:p1", "og:p2")


def test_a_short_reference_to_a_name_given_in_full_is_no_other_mention() -> None:
    text = "The Valtora relationship manager asks. Which companies does Valtora Investments Ltd control?"
    hits = _bundle_names().find(text)
    assert [text[h.start:h.end] for h in hits] == ["Valtora Investments Ltd"]
    read = with_graph_names(parse(text, today=JULY), _bundle_names())
    assert [m.text for m in read.anchors] == ["LEIVALT"]
    # leading words that would fit two names, one of them named in full
    text = "The Harbourline desk asks. Which companies does Harbourline Shipping Limited own?"
    assert [text[h.start:h.end] for h in _bundle_names().find(text)] == ["Harbourline Shipping Limited"]


@pytest.mark.parametrize("text", [
    "harbourline shipping ltd dflt - lenders hit 30/6/24",  # lower case
    "gtors Harbourline Shiping Ltd 30/6/24",  # a typo
    "HARBOURLINE SHIPPING LIMITED - holdings YE23",  # capitals
])
def test_a_name_in_any_case_or_with_a_typo_is_found_in_shorthand(text: str) -> None:
    read = with_graph_names(parse(text, today=JULY), _bundle_names())
    assert [m.text for m in read.anchors] == ["og:ship"]


@pytest.mark.parametrize("text", ["The London branch of Granite Bank, who is its head office?",
                                  "what is the london branch of granite bank part of on 30 june 2024"])
def test_a_branch_written_the_other_way_round_is_found(text: str) -> None:
    g = Gazetteer.build([NameRecord("LEIGB", "Granite Bank AG", ("Granite Bank AG",)),
                         NameRecord("LEIGBL", "Granite Bank AG, London Branch", ("Granite Bank AG, London Branch",))])
    read = with_graph_names(parse(text, today=JULY, names=g), g)
    assert (read.pattern, [m.text for m in read.anchors]) == ("branches", ["LEIGBL"])


def test_a_two_word_name_is_found_in_either_order() -> None:
    g = Gazetteer.build([NameRecord("og:lm", "Maestri Luca", ("Maestri Luca",)),
                         NameRecord("og:gb", "Granite Bank", ("Granite Bank",))])
    text = "when did luca maestri sell shares"
    assert [(text[h.start:h.end], h.keys) for h in g.find(text)] == [("luca maestri", ("og:lm",))]
    text = "the bank granite sold"  # "bank" is a common word: no reversed company names
    assert [text[h.start:h.end] for h in g.find(text)] == ["granite"]


@pytest.mark.parametrize("text", ["Which companies own each other in a circle as of 30 June 2025?",
                                  "Sweep for ownership loops as at 30 Jun 2025",
                                  "Which circular ownerships were existing in the whole structure at 31 December 2021?"])
def test_a_graph_wide_cycles_question_names_no_entity(text: str) -> None:
    q = parse(text, today=JULY)
    assert (q.pattern, q.anchors) == ("cycles", [])


def test_common_words_alone_never_name_an_entity() -> None:
    g = Gazetteer.build([NameRecord("og:x", "Holdings Group", ("Holdings Group",))])
    assert g.find("which holdings group together") == []


def test_words_glued_to_a_name_fall_away() -> None:
    text = "what did the shareholding of Valtora Investments Ltd look like in 2021"
    q = parse(text, today=JULY)
    read = with_graph_names(q, _bundle_names())
    assert [m.text for m in read.anchors] == ["LEIVALT"]


def test_a_stake_question_without_slots_gets_both_names_in_order() -> None:
    text = "Harbourline Holdngs PLC -> Harbourline Shipping effective stake at 2024-06-30"
    q = parse(text, today=JULY)
    read = with_graph_names(q, _bundle_names())
    assert [(m.text, m.role) for m in read.anchors] == [("LEIHOLD", "subject"), ("og:ship", "object")]


def test_an_unknown_question_is_left_alone() -> None:
    q = Question(text="What is the phone number of Valtora Investments Ltd?")
    assert with_graph_names(q, _bundle_names()) is q


def test_a_family_is_read_with_the_graphs_spelling_of_its_name() -> None:
    q = parse("What is our exposure to anything the Petrrov family controls as of 30 June 2024?", today=JULY)
    read = with_graph_names(q, _bundle_names())
    assert [m.text for m in read.anchors] == ["Petrov family"]


def test_a_name_the_index_knows_only_in_part_is_read_whole() -> None:
    g = Gazetteer.build([NameRecord("og:t1", "Tamar Lorriford Retail Inc.", ("Tamar Lorriford Retail Inc.",)),
                         NameRecord("og:t2", "Tamar Trading Ltd", ("Tamar Trading Ltd",))])
    q = parse("Are there data-quality problems with the owneship of Tamar Lorrioffrd Retail Inc. at 2025-06-30?",
              today=NEW_YEARS_EVE)
    assert [m.text for m in with_graph_names(q, g).anchors] == ["Tamar Lorrioffrd Retail Inc."]


def test_a_name_before_its_legal_form_names_the_entity() -> None:
    g = Gazetteer.build([NameRecord("LEIFRA", "Fraport AG Frankfurt Airport Services Worldwide", ("Fraport AG Frankfurt Airport Services Worldwide",)),
                         NameRecord("og:f2", "Fraport Ausbau Sud GmbH", ("Fraport Ausbau Sud GmbH",))])
    (hit,) = g.find("What changed in the shareholders of Fraport between 2023 and 2024?")
    assert hit.keys == ("LEIFRA",)


@pytest.mark.parametrize(("text", "kind"), [
    ("stake Harbourline Holdings PLC in Harbourline Shipping 2024-06-30", "stake"),
    ("Anna Petrova % of Kellivale Packaging Ltd 2025-06-30", "stake"),
    ("link Nordic Legal Entity Identifier AB - La Gare Holding AB", "path"),
    ("quality FERD AS", "quality"),
    ("children Harbourline Holdings PLC 2024-06-30", "parents"),
    ("Meridian Baltic Logistics changes 2023-01-01 to 2024-01-01", "diff"),
    ("sanctions Iranian Revolutionary Guard Corps", "sanctions_near"),
    ("Set out the chain of ownership and control linking Ivan Petrov to Harbourline Ferries as at 30 June 2024.", "path"),
    ("Identify every party that owns or controls Meridian Baltic as at 30 June 2023.", "owners"),
    ("Report all holdings in entities controlled by Navoano Packaging Ltd as at 30 June 2025.", "exposure"),
    ("Determine whether Iranian Revolutionary Guard Corps is a designated person.", "sanctions_near"),
    ("Estimate the probability of default of Meridian Baltic Logistics GmbH over the coming year.", "unknown"),
])
def test_kinds_by_phrase_and_by_command_word(text: str, kind: str) -> None:
    assert parse(text, today=JULY).pattern == kind


def test_a_completed_pair_keeps_the_questions_order() -> None:
    text = "stake Harbourline Holdings in Valtora Investments Limited 2024-06-30"
    read = with_graph_names(parse(text, today=JULY), _bundle_names())
    assert [(m.text, m.role) for m in read.anchors] == [("LEIHOLD", "subject"), ("LEIVALT", "object")]


def test_an_english_word_two_edits_from_a_question_word_stays() -> None:
    assert correct_words("any relationship connecting A with B")[0] == "any relationship connecting A with B"


def test_a_glued_pair_is_split_at_the_second_name() -> None:
    text = "path Harbourline Hildings Valtora Investments Ltd at 2022-12-31"
    read = with_graph_names(parse(text, today=JULY), _bundle_names())
    assert [m.text for m in read.anchors] == ["LEIHOLD", "LEIVALT"]


def test_a_middle_initial_does_not_end_the_name() -> None:
    """The real suite's nm-07 (tests/fixtures/real/uk-psc/psc-data-3.json: 'Mr Michael Charles
    Saunders'): the graph knows the full middle name, the question gives an initial; the mention
    runs on past the initial's full stop to the surname, and the lookup reads it whole."""
    names = Gazetteer.build([NameRecord("og:ms", "Michael Charles Saunders", ("Michael Charles Saunders",)),
                             NameRecord("og:co", "GB:08810260", ("GB:08810260", "08810260"))])
    read = with_graph_names(parse("What is Michael C. Saunders's stake in 08810260?", today=JULY), names)
    assert [m.text for m in read.anchors] == ["Michael C. Saunders", "og:co"]
    # a sentence still ends after a legal form in capitals
    read = with_graph_names(parse("Who owns Michael AG. Could someone check", today=JULY),
                            Gazetteer.build([NameRecord("og:m", "Michael Holdings AG", ("Michael Holdings AG",))]))
    assert all(". Could" not in m.text for m in read.anchors)


def test_a_quoted_name_ending_in_its_legal_forms_full_stop_is_no_quoted_question() -> None:
    """The evaluation's own phrasing quotes names; "S.à r.l." ends a name, not a quoted sentence
    (a pasted e-mail's quoted question is still read as the question)."""
    q = parse('What is "Henry Radcliffe"\'s effective stake in "Vernaton & Pelifield Systems S.à r.l." '
              'as of 2024-06-30?', today=JULY)
    assert q.pattern == "stake"
    assert [m.text for m in q.anchors] == ["Henry Radcliffe", "Vernaton & Pelifield Systems S.à r.l."]
    quoted = parse('FYI "Please confirm who sits above Harbourline Shipping Limited." Thanks', today=JULY)
    assert quoted.pattern == "owners" and [m.text for m in quoted.anchors] == ["Harbourline Shipping Limited"]


def test_a_record_named_only_by_a_legal_form_names_nothing() -> None:
    """A register's record called "LIMITED" is no name to find in "Acme Widgets Holding Limited"."""
    g = Gazetteer.build([NameRecord("og:bad", "LIMITED", ("LIMITED",)),
                         NameRecord("og:sa", "S.A.", ("S.A.",))])
    assert g.find("which companies are in the Acme Widgets Holding Limited group, S.A. included") == []


@pytest.mark.parametrize("text", ["Handover: exposure to Oakridge Ltd at the end of last quarter.",
                                  "  # Handover : who owns Oakridge Ltd?", "Note\nHandover: owners of Oakridge Ltd"])
def test_a_label_that_opens_a_line_is_no_typo_of_a_name(text: str) -> None:
    """"Handover:" is one edit from "Hanover", a previous name's leading word: a line's label
    before a colon is corrected to no name (the one name the text gives is still found)."""
    g = Gazetteer.build([NameRecord("og:h", "Rosriett Shipping Ltd", ("Rosriett Shipping Ltd", "Hanover Falemont Finance Ltd")),
                         NameRecord("og:o", "Oakridge Ltd", ("Oakridge Ltd",))])
    assert [h.keys for h in g.find(text)] == [("og:o",)]
    assert [h.keys for h in g.find("Who owned Hanovr Falemont Finance Ltd?")] == [("og:h",)]  # a typo in a name still found
