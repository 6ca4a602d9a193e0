"""An agreement's schedules read row by row (issue 32): a credit agreement's lenders and their
commitments (each a lender to the borrower the agreement defines), a partnership agreement's
partners and their percentage interests (a general partner also controls).

Real schedules from fa-caesars-cayman-2020 and lpa-steadfast-reit3-op-2020 of
tests/fixtures/prose_corpus (split heldout2, scored in session 7 and development data since);
made-up ones for the negative shapes."""

from __future__ import annotations

from pathlib import Path

from ownergraph.ingest.extract import tables
from ownergraph.ingest.extract.values import Context

CORPUS = Path(__file__).parents[1] / "fixtures" / "prose_corpus"


def _rows(text: str, filer: str | None) -> set[tuple[str, str, str, float | None]]:
    return {(f.relation, f.a, f.b, f.stake) for f in tables.find(text, Context.of(text, filer))}


def test_a_schedule_of_original_lenders_lends_to_the_defined_borrower() -> None:
    text = (CORPUS / "documents" / "fa-caesars-cayman-2020.txt").read_text()
    got = _rows(text, "Caesars Cayman Finance Limited")
    # "SCHEDULE 8 / THE ORIGINAL INTERIM LENDERS / ... / Deutsche Bank AG, London Branch 730,745,438 351,840,397 N/A"
    assert ("loan", "Deutsche Bank AG, London Branch", "Caesars Cayman Finance Limited", None) in got
    assert ("loan", "JPMorgan Chase Bank, N.A.", "Caesars Cayman Finance Limited", None) in got


def test_a_lenders_schedule_ends_and_its_total_is_no_lender() -> None:
    text = ("Widget Corp., a Delaware corporation (the \u201cBorrower\u201d).\nSchedule 2.01\nCommitments\n"
            "First Example Bank, N.A. $50,000,000\nTotal $50,000,000\n"
            "Annex B sets out the agreed form of the compliance certificate to be delivered by the Borrower each quarter.\n"
            "Second Example Bank, N.A. $10,000,000\n")
    got = _rows(text, None)
    assert {(r, a, b) for r, a, b, _ in got if r == "loan"} == {("loan", "First Example Bank, N.A.", "Widget Corp.")}


def test_a_partners_schedule_gives_interests_and_the_general_partners_control() -> None:
    filer = "Steadfast Apartment REIT III Operating Partnership, L.P."
    got = _rows((CORPUS / "documents" / "lpa-steadfast-reit3-op-2020.txt").read_text(), filer)
    assert ("owns", "Steadfast Apartment REIT III, Inc.", filer, 90.012) in got
    assert ("controlling", "Steadfast Apartment REIT III, Inc.", filer, None) in got  # "General Partner ..."
    assert ("owns", "Wellington VVM", filer, 6.885) in got
    assert not any(r == "controlling" and a == "Wellington VVM" for r, a, _, _ in got)  # a limited partner
