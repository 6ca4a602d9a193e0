"""Session 8, round 2 (issue 32): "party, as ROLE" lists read as stated, in any agreement's
description -- an exhibit index's row, a cover page, a recital. Guarantors guarantee the issuer
or borrower (or, with no issuer named, the first party of "among"); lenders, letter of credit
issuers and swing line lenders lend; an agent, arranger, trustee or buyer is neither, and a
plural role ("as co-syndication agents") belongs to every name listed before it.

Real sentences come from the prose corpus's held-out set 3 (scored once in session 8, development
data since): 10k-kraft-heinz-2023, 10k-lowes-2023 and 10k-rocket-companies-2023 exhibit indexes and 10k-medtronic-2024's
guarantor note (SEC EDGAR, US public
records, via alphanome-ai/sec-parser-test-data, MIT); the others are made up, including the
negative shapes."""

from __future__ import annotations

from ownergraph.domain.sentences import Sentence
from ownergraph.ingest.extract import MIN_CONFIDENCE, extract, role_lines
from ownergraph.ingest.extract.patterns import GUARANTEE, LOAN, SUBSIDIARY
from ownergraph.ingest.extract.values import Context


def _read(text: str, filer: str | None = None) -> set[tuple[str, str, str]]:
    sentence = Sentence("doc", 0, 0, len(text), text)
    return {(f.relation, f.a, f.b) for f in extract(text, [sentence], filer) if f.confidence >= MIN_CONFIDENCE}


def _of(found: set[tuple[str, str, str]], relation: str) -> set[tuple[str, str]]:
    return {(a, b) for r, a, b in found if r == relation}


# 10k-kraft-heinz-2023, exhibit 4.2 (held-out set 3)
HEINZ = ("4.2 | Indenture, dated July 1, 2015, among H. J. Heinz Company, as issuer, H.J. Heinz Holding Corporation, "
         "as guarantor, and Wells Fargo Bank, National Association, as trustee (incorporated by reference to Exhibit 4.1 "
         "of the Company’s Current Report on Form 8-K, filed on July 6, 2015).")
# 10k-kraft-heinz-2023, exhibit 4.8: no issuer role, the first party is the obligor
KRAFT = ("4.8 | Supplemental Indenture No. 2, dated July 18, 2012, relating to the 6.125% Senior Notes due 2018, among "
         "Kraft Foods Group, Inc., Kraft Foods Inc., as guarantor, and Deutsche Bank Trust Company Americas, as trustee.")
# 10k-kraft-heinz-2023, exhibit 10.9: an administrative agent only
KRAFT_CREDIT = ("10.9 | Credit Agreement, dated July 8, 2022, among The Kraft Heinz Company, Kraft Heinz Foods Company, the "
                "initial lenders party thereto, JPMorgan Chase Bank, N.A., as administrative agent (incorporated by reference "
                "to Exhibit 10.1 of the Company’s Current Report on Form 8-K, filed on July 8, 2022).")
# 10k-lowes-2023, exhibit 4.26 (shortened after the co-documentation agents)
LOWES = ("4.26 | Amended and Restated Credit Agreement, dated as of September 1, 2023, by and among Lowe’s Companies, Inc., "
         "Bank of America, N.A., as administrative agent, swing line lender and a letter of credit issuer, U.S. Bank "
         "National Association and Wells Fargo Bank, National Association, as co-syndication agents and letter of credit "
         "issuers, Citibank, N.A., Goldman Sachs Bank USA, JPMorgan Chase Bank, N.A. and Barclays Bank PLC, as "
         "co-documentation agents, and the other lenders party thereto.")


def test_an_exhibit_row_names_the_guarantor_and_the_issuer() -> None:
    assert _of(_read(HEINZ, "The Kraft Heinz Company"), GUARANTEE) == {("H.J. Heinz Holding Corporation", "J. Heinz Company")}
    assert not _of(_read(HEINZ, "The Kraft Heinz Company"), LOAN)  # a trustee lends nothing


def test_without_an_issuer_role_the_first_party_is_guaranteed() -> None:
    assert _of(_read(KRAFT, "The Kraft Heinz Company"), GUARANTEE) == {("Kraft Foods Inc", "Kraft Foods Group, Inc")}


def test_an_administrative_agent_alone_is_no_lender() -> None:
    assert not _of(_read(KRAFT_CREDIT, "The Kraft Heinz Company"), LOAN)


def test_lender_roles_and_a_plural_role_shared_by_the_names_before_it() -> None:
    lenders = {a for a, b in _of(_read(LOWES, "Lowe’s Companies, Inc."), LOAN)}
    assert lenders == {"Bank of America, N.A", "U.S. Bank National Association", "Wells Fargo Bank, National Association"}
    # "Citibank, N.A., Goldman Sachs Bank USA, JPMorgan ... and Barclays Bank PLC, as co-documentation agents": agents


def test_made_up_cover_with_issuer_guarantors_and_trustee() -> None:
    found = _read("Indenture among Acme Holdings Ltd., as Issuer, Acme Parent plc and Acme Finance LLC, as Guarantors, "
                  "and Example Trust Company, N.A., as Trustee.")
    assert _of(found, GUARANTEE) == {("Acme Parent plc", "Acme Holdings Ltd"), ("Acme Finance LLC", "Acme Holdings Ltd")}
    assert not _of(found, LOAN)


def test_made_up_negative_shapes_unnamed_groups_and_buyers() -> None:
    # an unnamed group "as Guarantors" is no guarantor
    found = _read("CREDIT AGREEMENT among Foo Retail Inc., as Borrower, CERTAIN OF ITS SUBSIDIARIES, as Guarantors, "
                  "THE LENDERS IDENTIFIED HEREIN, and Bar Bank, N.A., as Agent")
    assert not _of(found, GUARANTEE) and not _of(found, LOAN)
    # a repurchase agreement: the guarantor backs the seller, not the buyer
    found = _read("Master Repurchase Agreement by and among Big Bank, N.A., as buyer, Loan Seller SPE, LLC, as seller, and "
                  "Mortgage Parent, LLC, as guarantor.")
    assert _of(found, GUARANTEE) == {("Mortgage Parent, LLC", "Loan Seller SPE, LLC")}


# 10k-rocket-companies-2023, exhibit 10.18 (held-out set 3)
ROCKET = ("10.18# | Loan and Security Agreement, dated April 30, 2018, by and between Quicken Loans Inc., as borrower, and "
          "Federal Home Loan Mortgage Corporation, solely in its capacity as lender (incorporated herein by reference to "
          "Exhibit 10.24 to the Company's Form S-1).")


def test_a_role_in_its_capacity() -> None:
    assert _of(_read(ROCKET, "Rocket Companies, Inc."), LOAN) == {("Federal Home Loan Mortgage Corporation", "Quicken Loans Inc")}


# 10k-medtronic-2024, the guarantor note's role lines (held-out set 3)
MEDTRONIC = ("Guarantees of Medtronic Senior Notes\n•Parent Company Guarantor - Medtronic plc\n•Subsidiary Issuer - Medtronic, Inc.\n"
             "•Subsidiary Guarantor - Medtronic Luxco\nGuarantees of CIFSA Senior Notes\n•Parent Company Guarantor - Medtronic plc\n"
             "•Subsidiary Issuer - CIFSA\n•Subsidiary Guarantors - Medtronic Luxco, Covidien Ltd., and Covidien Group Holdings Ltd. "
             "(CIFSA Subsidiary Guarantors)\n")


def test_role_lines_group_by_issue() -> None:
    found = {(f.relation, f.a, f.b, f.quote.split(" - ")[0].lstrip("•"))
             for f in role_lines.find(MEDTRONIC, Context.of(MEDTRONIC, "Medtronic plc"))}
    assert (GUARANTEE, "Medtronic plc", "Medtronic, Inc", "Parent Company Guarantor") in found
    assert (GUARANTEE, "Medtronic Luxco", "Medtronic, Inc", "Subsidiary Guarantor") in found
    assert (SUBSIDIARY, "Medtronic plc", "Medtronic, Inc", "Subsidiary Issuer") in found
    assert (GUARANTEE, "Covidien Group Holdings Ltd", "CIFSA", "Subsidiary Guarantors") in found
    assert (GUARANTEE, "Medtronic Luxco", "Medtronic, Inc", "Subsidiary Guarantors") not in found  # another issue's
    assert len({f for f in found if f[0] == GUARANTEE}) == 6


def test_made_up_role_lines_without_an_issuer_state_nothing() -> None:
    text = "Key contacts\n•Guarantor - Example Holdings plc\nOur offices\n- Borrowers: see note 12\n"
    assert role_lines.find(text, Context.of(text, "Example Holdings plc")) == []


# si-canandaigua-brands-1999, the supplemental indenture's cover (held-out set 3; SEC EDGAR exhibit, US public record)
CANANDAIGUA = ("CANANDAIGUA BRANDS, INC., as Issuer Batavia Wine Cellars, Inc. Barton Incorporated Barton Brands, Ltd. "
               "Canandaigua Wine Company, Inc. The Viking Distillery, Inc. Polyphenolics, Inc., as Guarantors and HARRIS TRUST "
               "AND SAVINGS BANK, as Trustee\n")


def test_guarantors_run_together_before_as_guarantors() -> None:
    found = {(f.a, f.b) for f in role_lines.listed_guarantors(CANANDAIGUA, Context.of(CANANDAIGUA, "Canandaigua Brands, Inc."))}
    assert {a for a, _ in found} == {"Batavia Wine Cellars, Inc", "Barton Incorporated", "Barton Brands, Ltd",
                                     "Canandaigua Wine Company, Inc", "Viking Distillery, Inc", "Polyphenolics, Inc"}
    assert {b for _, b in found} == {"CANANDAIGUA BRANDS, INC"}  # the trustee guarantees nothing


def test_made_up_cover_without_guarantors_lists_none() -> None:
    text = "Example Finance plc, as Issuer and Example Trustee Limited, as Trustee\n"
    assert role_lines.listed_guarantors(text, Context.of(text, None)) == []
