"""Issue 30, session 8: questions as they arrive in tickets, subject lines, to-do lists,
numbered information requests and desk chat; dates said aloud or restated; knowledge-date
wording about "the firm"; the kind words of formal requests. The entities here are invented
(Acme Ltd, Borealis Holdings PLC): the parser reads names with a legal form without a graph."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.message_text import message_question, strip_prefixes
from ownergraph.retrieval.question.model import parse
from ownergraph.retrieval.question.spoken_dates import spoken_dates_in_digits

JULY = date(2024, 7, 15)


def _read(text: str) -> tuple[str, date | None, date | None, list[str]]:
    q = parse(text, today=JULY)
    return q.pattern, q.as_of, q.known_at, [m.text for m in q.anchors]


# -- tickets, subject lines, to-do items, numbered requests ------------------------------------------

def test_a_tickets_metadata_dates_are_not_the_questions() -> None:
    ticket = ("Summary: Lender check - Acme Ltd\nDescription: Who lends to Acme Ltd as at 31/03/2024?\n"
              "Priority: 2 - High\nComponent: Sanctions\nOpened: 2024-07-12 09:14\nUpdated: 14/07/2024")
    assert _read(ticket) == ("counterparties", date(2024, 3, 31), None, ["Acme Ltd"])


def test_a_tickets_labels_are_dropped_and_its_title_kept() -> None:
    text = message_question("Short description: UBO review Acme Ltd\nDescription: as of YE23 please\nAssignee: kyc-team")
    assert "Short description" not in text and "Assignee" not in text
    assert "UBO review Acme Ltd" in text


@pytest.mark.parametrize(("line", "kind"), [
    ("RE: Acme Ltd \u2013 exposure @ 30/06/24", "exposure"),
    ("FW: [EXT] Borealis Holdings PLC lenders as at 30/6/24", "counterparties"),
    ("[ ] list the lenders to Acme Ltd as at 30/6/24", "counterparties"),
    ("- [x] Confirm the UBO of Acme Ltd as at 30/06/2024", "owners"),
    ("TODO: owners of Acme Ltd as at 30/6/24", "owners"),
    ("OPS-1234: guarantors of Acme Ltd as at 30 June 2024", "counterparties"),
    ("[KYC-881] Owners of Acme Ltd as at 30/6/24", "owners"),
    ("Request 4(c): State the shareholders of Acme Ltd as at 30 June 2024.", "owners"),
    ("2.3 Identify the lenders to Acme Ltd as at 30 June 2024.", "counterparties"),
    ("(iv) Set out the shareholders of Acme Ltd as at 30 June 2024.", "owners"),
])
def test_a_prefix_in_front_of_the_question_is_no_part_of_it(line: str, kind: str) -> None:
    pattern, as_of, _, anchors = _read(line)
    assert (pattern, as_of) == (kind, date(2024, 6, 30))
    assert anchors and anchors[0].endswith(("Acme Ltd", "Borealis Holdings PLC"))


def test_a_prefix_eats_no_name() -> None:
    assert strip_prefixes("Acme: who owns it") == "Acme: who owns it"
    assert strip_prefixes("@credit @kyc who lends to Acme Ltd?") .strip() == "who lends to Acme Ltd?"


def test_a_requests_own_dates_are_not_the_questions() -> None:
    text = ("Further to our letter of 2 July 2024 and your reply of 9 July 2024: please state the shareholders "
            "of Acme Ltd as at 31 March 2024.")
    assert _read(text)[:2] == ("owners", date(2024, 3, 31))
    assert _read("Review 2024/07, issued 12 July 2024. Identify the lenders to Acme Ltd.")[1] is None


# -- dates ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "digits"), [
    ("at the end of twenty nineteen", "at the end of 2019"),
    ("the end of twenty oh three", "the end of 2003"),
    ("two thousand and five", "2005"),
    ("june thirty twenty twenty five", "30 june 2025"),
    ("thirty june twenty twenty five", "30 june 2025"),
    ("june twenty twenty three", "june 2023"),
    ("end of q two twenty twenty four", "end of Q2 2024"),
    ("twenty five percent of it", "twenty five percent of it"),  # a figure, not a year
    ("within two hops", "within two hops"),
])
def test_a_year_said_alone_is_written_in_digits(said: str, digits: str) -> None:
    assert spoken_dates_in_digits(said) == digits


@pytest.mark.parametrize(("written", "as_of"), [
    ("as of end of June 24", "2024-06-30"),  # with "end of": a month and a two-digit year
    ("end Jun 23", "2023-06-30"),
    ("atm", "2024-07-15"),
    ("at the moment", "2024-07-15"),
    ("as of the last quarter end", "2024-06-30"),
    ("at midyear 2023", "2023-06-30"),
    ("at the end of the second quarter of twenty twenty three", "2023-06-30"),
    ("at YE 2022 (31 Dec)", "2022-12-31"),  # the day restated takes the year next to it
    ("30jun24", "2024-06-30"),
    ("@ 30/6", "2024-06-30"),  # a day and month without a year, after a cue: the latest such day
    ("as at the half-year", "2024-06-30"),
    ("at the quarter end", "2024-06-30"),
    ("as at Q1 2024 quarter end", "2024-03-31"),  # Q1's end, not the last quarter's
    ("now?", "2024-07-15"),  # "now" ending the question is the session's day
    ("rn", "2024-07-15"),
    ("@ y/e 23", "2023-12-31"),
    ("@ q/e", "2024-06-30"),
    ("at m/e", "2024-06-30"),
    ("as of yday", "2024-07-14"),
])
def test_a_date_is_read(written: str, as_of: str) -> None:
    assert _read(f"who owns Acme Ltd {written}")[1] == date.fromisoformat(as_of)


def test_numbers_with_one_slash_are_a_date_only_after_a_cue() -> None:
    assert _read("who owns Acme Ltd 24/7")[1] is None


def test_a_day_without_a_year_takes_the_year_of_the_ranges_other_end() -> None:
    q = parse("what changed for Acme Ltd between 30 June and 31 December 2021", today=JULY)
    assert (q.pattern, q.date_from, q.date_to) == ("diff", date(2021, 6, 30), date(2021, 12, 31))


def test_a_date_restated_in_brackets_counts_once() -> None:
    q = parse("Compare the owners of Acme Ltd at YE2022 (31-Dec-2022) with those at 30-Jun-2023", today=JULY)
    assert (q.pattern, q.date_from, q.date_to) == ("diff", date(2022, 12, 31), date(2023, 6, 30))


def test_between_two_quarters_compares_their_ends_and_since_a_year_starts_it() -> None:
    q = parse("how did the owners of Acme Ltd change between Q1 23 and Q1 24", today=JULY)
    assert (q.date_from, q.date_to) == (date(2023, 3, 31), date(2024, 3, 31))
    assert parse("how did Acme Ltd's owners change since 2021", today=JULY).date_from == date(2021, 1, 1)


@pytest.mark.parametrize("words", [
    "as recorded by the firm on 15 February 2020",
    "on the basis of the information available to the firm on 15 February 2020",
    "based solely on information held by the firm on 15 February 2020",
    "on 15 February 2020, with just the information we had that day",
    "on 15 February 2020, going by what we had on file then",
    "on 15 February 2020, as known to the firm on that date",
    "on 15 February 2020 (ignore later corrections)",
])
def test_the_firms_knowledge_wording_sets_both_clocks(words: str) -> None:
    q = parse(f"Please state the shareholders of Acme Ltd {words}.", today=JULY)
    assert (q.pattern, q.as_of, q.known_at) == ("owners", date(2020, 2, 15), date(2020, 2, 15))


# -- kinds ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "kind"), [
    # "date" that is the question's own, or a loan's term, asks for no event
    ("Identify the lenders to Acme Ltd as at 31 May 2023, on the information held by the firm at that date.",
     "counterparties"),
    ("For each loan to Acme Ltd outstanding at 30 June 2024, state the lender and the maturity date.", "counterparties"),
    ("On which date did Acme Ltd take its current name?", "events"),
    ("did Acme Ltd sell its Borealis Holdings PLC stake before the end of last year and when exactly", "events"),
    ("what % does Acme Ltd hold in Borealis Holdings PLC atm?", "stake"),
    ("Please confirm the interest held by Acme Ltd in Borealis Holdings PLC as at 30 June 2024.", "stake"),
    ("set out each person holding shares or voting rights in Acme Ltd", "owners"),
    ("Who is registered as a person with significant control of Acme Ltd?", "owners"),
    ("Set out all relationships of any kind that Acme Ltd had with other parties, limited to direct relationships.",
     "neighbourhood"),
    ("Provide the direct owners and direct investees of Acme Ltd.", "neighbourhood"),
    ("Entities directly connected to Acme Ltd by ownership or control", "neighbourhood"),
    ("Was any sanctioned person directly connected to Acme Ltd on 16 March 2022?", "sanctions_near"),
    ("Has Acme Ltd been designated under any sanctions programme, and from what date?", "sanctions_near"),
    ("Please confirm whether Acme Ltd is itself a sanctioned entity.", "sanctions_near"),
    ("is Acme Ltd sanctioned? sanity check pls", "sanctions_near"),
    ("Provide the number of direct accounting subsidiaries recorded for Acme Ltd.", "parents"),
    ("Confirm whether the beneficial ownership data held for Acme Ltd contain any inconsistency.", "quality"),
    ("is anything missing in the ownership data for Acme Ltd", "quality"),
    ("Acme Ltd - are there owners with no stake recorded?", "quality"),
    ("was Acme Ltd in an ownership circle at YE23", "cycles"),
    ("Set out the chain of ownership or control through which Acme Ltd holds its interest in Borealis Holdings PLC.",
     "path"),
    ("how much are we carrying on Acme Ltd and its subs?", "exposure"),
    ("Set out all positions held by the firm in Acme Ltd and its controlled undertakings.", "exposure"),
    ("Please provide the firm's remuneration policy for the financial year 2023.", "unknown"),
    ("Cannot connect to the VPN, please reset my token.", "unknown"),
])
def test_the_kind_of_a_formal_or_chat_question(text: str, kind: str) -> None:
    assert parse(text, today=JULY).pattern == kind, text


def test_shorthand_reads_as_words() -> None:
    assert _read("cpty expo to Acme Ltd eoq")[:2] == ("exposure", date(2024, 6, 30))
    assert _read("o/s loans to Acme Ltd 1h24")[:2] == ("counterparties", date(2024, 6, 30))
    assert _read("which cos does Acme Ltd control at end of H1 24?")[:2] == ("holdings", date(2024, 6, 30))
    assert _read("cos I need it for the file: who owns Acme Ltd")[0] == "owners"  # "cos" is "because" here
    assert _read("Acme Ltd -> Borealis Holdings PLC % ?? 1h24")[:2] == ("stake", date(2024, 6, 30))
    assert _read("Re: Acme Ltd / Borealis Holdings PLC - % held?")[0] == "stake"


@pytest.mark.parametrize("text", [
    "when did acme ltd acquire her shares in borealis holdings plc",
    "when did Acme Ltd become a shareholder of Borealis Holdings PLC and how much did it take",
])
def test_an_event_between_two_parties_names_both(text: str) -> None:
    q = parse(text, today=JULY)
    assert (q.pattern, [m.text.lower() for m in q.anchors]) == ("events", ["acme ltd", "borealis holdings plc"])


def test_dates_in_the_context_before_the_question_are_not_its_own() -> None:
    q = parse("Our 2021 memo on Acme Ltd shows another figure than today. As known on 1 March 2021, who held Acme Ltd?",
              today=JULY)
    assert (q.pattern, q.as_of, q.known_at) == ("owners", date(2021, 3, 1), date(2021, 3, 1))


@pytest.mark.parametrize(("text", "kind"), [
    ("Acme Ltd got its current name when, and what was it called before?", "events"),
    ("We are preparing the letter to shareholders. Please write me a short opening paragraph.", "unknown"),
    ("How close is Acme Ltd to a sanctioned party at YE21? Within two hops?", "sanctions_near"),
    ("Alias list for Acme Ltd for screening", "names"),  # "alias", not only "aliases"
    ("Who is the parent co / controlling shareholder of Acme Ltd?", "owners"),
    ("when does Acme Ltd's loan run out and who provided it", "counterparties"),
    ("Identify all positions held by the firm in issuers within two hops of a sanctioned party.", "screening"),
])
def test_the_kind_of_a_question_after_its_context(text: str, kind: str) -> None:
    assert parse(text, today=JULY).pattern == kind, text


def test_a_book_code_alone_is_the_portfolio_of_a_book_question() -> None:
    q = parse("any sanc'd names in EQ-EUROPE? as of eoq", today=JULY)
    assert (q.pattern, q.portfolio, q.as_of) == ("screening", "EQ-EUROPE", date(2024, 6, 30))
    assert parse("who owns ABC-DEF Ltd", today=JULY).portfolio is None  # not a book question
