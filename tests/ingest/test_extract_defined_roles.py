"""Roles an agreement binds to names by its defined terms (issue 32): a definitions section's
"\u201cX\u201d means NAME", a preamble's "NAME, a ... (the \u201cGeneral Partner\u201d)", each role read as
stated (an agent is no lender) against the name bound to the other side.

Real definitions from lpa-steadfast-reit3-op-2020, abs-nissan-auto-2020a-ssa and
pa-global-partners-notes-2020 of tests/fixtures/prose_corpus (split heldout2, scored in session
7 and development data since); made-up ones for the negative shapes."""

from __future__ import annotations

from pathlib import Path

from ownergraph.ingest.extract import defined_roles
from ownergraph.ingest.extract.parties import is_party
from ownergraph.ingest.extract.values import Context

CORPUS = Path(__file__).parents[1] / "fixtures" / "prose_corpus"


def _roles(text: str, filer: str | None) -> set[tuple[str, str, str]]:
    return {(f.relation, f.a, f.b) for f in defined_roles.find(text, Context.of(text, filer))}


def _doc(doc_id: str) -> str:
    return (CORPUS / "documents" / f"{doc_id}.txt").read_text()


def test_a_general_partner_defined_by_means_controls_the_partnership() -> None:
    filer = "Steadfast Apartment REIT III Operating Partnership, L.P."
    # "\u201cGeneral Partner\u201d means the SIII Subsidiary, LLC, a Maryland limited liability company and ..."
    assert ("controlling", "SIII Subsidiary, LLC", filer) in _roles(_doc("lpa-steadfast-reit3-op-2020"), filer)


def test_an_owner_trustee_controls_the_trust_and_an_indenture_trustee_nothing() -> None:
    filer = "Nissan Auto Receivables 2020-A Owner Trust"
    got = _roles(_doc("abs-nissan-auto-2020a-ssa"), filer)
    assert ("controlling", "Wilmington Trust", filer) in got  # "\u201cOwner Trustee\u201d means Wilmington Trust, ..."
    assert not any("U.S. Bank" in a for _, a, _ in got)  # the indenture trustee is an agent of the holders


def test_a_general_partner_defined_in_the_preamble() -> None:
    # "by and among Global GP LLC, a Delaware limited liability company (the \u201cGeneral Partner\u201d), ..."
    got = _roles(_doc("pa-global-partners-notes-2020"), "Global Partners LP")
    assert ("controlling", "Global GP LLC", "Global Partners LP") in got


def test_roles_as_stated_and_terms_that_name_no_one() -> None:
    text = ("LOAN AGREEMENT between Widget Corp., a Delaware corporation (the \u201cBorrower\u201d), First Example Bank, "
            "N.A. (the \u201cLender\u201d) and Second Example Bank, N.A. (the \u201cAgent\u201d).\n"
            "\u201cGuarantor\u201d means each Subsidiary of the Borrower that signs a Guaranty.\n"
            "\u201cManaging Member\u201d means the Widget Member.\n")
    got = _roles(text, None)
    assert got == {("loan", "First Example Bank, N.A.", "Widget Corp.")}  # the agent lends nothing
    assert not is_party("Widget Member")  # a defined role with a qualifier, no name


def test_a_term_bound_to_a_possessive_or_a_class_binds_nothing() -> None:
    text = ("Acme Corp. (the \u201cBorrower\u201d).\n\u201cBlocked Account\u201d means the Borrower\u2019s deposit account.\n"
            "\u201cGroup\u201d means the Borrower and each of its Subsidiaries.\n\u201cNissan\u201d means Nissan Motor Co.\n")
    terms = Context.of(text, None).terms
    assert "blocked account" not in terms and "group" not in terms
    assert terms["nissan"] == "Nissan Motor Co."


def test_a_trustee_of_a_named_trust_controls_it() -> None:
    # spa-coty-king-kylie-2019 (heldout2, development data since): the preamble and the signature page
    text = _doc("spa-coty-king-kylie-2019")
    from ownergraph.domain.sentences import split_sentences
    from ownergraph.ingest.extract import extract

    got = {(f.relation, f.a, f.b) for f in extract(text, split_sentences(text), "King Kylie, LLC")}
    assert ("controlling", "Kristen M. Jenner", "KMJ 2018 Irrevocable Trust") in got  # "Kristen M. Jenner, Trustee of the KMJ ..."
    assert not any(a.startswith("Kristen M. Jenner Kristen") for _, a, _ in got)  # "/s/ Kristen M. Jenner Kristen M. Jenner, as trustee"


def test_an_indenture_trustee_and_a_possessive_trust_are_no_control() -> None:
    from ownergraph.ingest.extract import partners

    ctx = Context(filer="Acme plc")
    for sentence in ("U.S. Bank National Association, as trustee of the Indenture, holds the notes.",
                     "Equiniti Trust (Jersey) Limited, as trustee of the company's Employee Benefit Trust, holds shares."):
        assert not partners.find(sentence, 0, ctx), sentence


def test_the_managers_a_sentence_lists_each_control_the_entity() -> None:
    from ownergraph.ingest.extract import partners

    # s1-nea-2021 (dev), a beneficial ownership footnote of an S-1
    sentence = ("The individual managers, or collectively, the NEA 15 Managers, of NEA 15 LLC are Forest Baskett, "
                "Anthony A. Florence, Jr., Mohamad Makhzoumi, Joshua Makower, Scott D. Sandell and Peter Sonsini.")
    got = {(f.a, f.b, f.rule) for f in partners.find(sentence, 0, Context(filer="Acme Bio, Inc."))}
    assert ("Anthony A. Florence, Jr.", "NEA 15 LLC", "role_holders_listed/role:manager") in got
    assert ("Peter Sonsini", "NEA 15 LLC", "role_holders_listed/role:manager") in got
    assert len(got) == 6
    hedged = "The managers of Acme Fund LLC may be Jane Roe and John Poe."
    assert not partners.find(hedged, 0, Context(filer=None))


def test_a_lender_without_a_defined_borrower_and_a_general_partner_of_the_filer() -> None:
    # the shape of a real 10-K sentence (tests/fixtures/real, Astrotech's 2011 10-K): the subsidiary borrows
    text = ("On October 21, 2010, Example Operations, Inc. (\u201cEOI\u201d), a wholly-owned subsidiary of Example Corporation "
            "(the \u201cCompany\u201d) entered into a $10.0 million Loan Agreement with Sample Bank, N.A. (the \u201cLender\u201d).\n")
    assert not _roles(text, "Example Corporation")  # "the Company" is not the borrower
    # a 10-K names another fund "the Partnership" too: the general partner's partnership is the filer
    text = ("Example Income Fund IV (the \u201cPartnership\u201d) is a sister fund.\n"
            "The Partnership\u2019s General Partner is Example Fund Manager, Inc. (the \u201cGeneral Partner\u201d).\n")
    assert _roles(text, "Example Income Fund V") == {("controlling", "Example Fund Manager, Inc.", "Example Income Fund V")}
