"""What a filing says later of a loan's defined agreement term is about that loan; the registrant
is read off a cover whose name runs over two lines. Expected answers read by a person:

tests/fixtures/real/filings/8-K/100493_8K_2015_0000100493-15-000041.htm (Tyson Foods, Inc. 8-K,
April 8, 2015), Item 1.01: "On April 7, 2015, Tyson Foods, Inc. (the “Company”) entered into a
Term Loan Agreement (the “Term Loan Agreement”) with Bank of America, N.A., as lender" ... "The
Term Loan Agreement provides for total borrowings in an aggregate principal amount of $500
million, the full balance of which was borrowed as of the closing of the Term Loan Agreement and
used to prepay certain of the outstanding borrowings under the existing term loan agreement dated
as of July 15, 2014, among the Company, the lenders party thereto, Morgan Stanley Senior Funding,
Inc., as administrative agent, ..." ... "Borrowings under the Term Loan Agreement are unsecured
and are unconditionally guaranteed by Tyson Fresh Meats, Inc., a wholly-owned subsidiary of the
Company." So the $500 million is Bank of America's loan (from April 7, 2015), not the 2014
agreement's, and the guarantee is of the 2015 loan: live from April 7, 2015, not before.

tests/fixtures/real/filings/8-K/1001907_8K_2010_0000950123-10-095885.htm (Astrotech Corporation
8-K, October 26, 2010): the cover prints "Astrotech" / "Corporation" over two lines above "(Exact
name of registrant as specified in its charter)"; "On October 21, 2010, Astrotech Space
Operations, Inc. (“ASO”), a wholly-owned subsidiary of Astrotech Corporation (the “Company”)
entered into a $10.0 million Loan Agreement (the “Loan Agreement”), with American Bank, N.A." ...
"Additionally, the Company provided a guaranty to the Lender as security for the obligations of
ASO under the Loan Agreement." The guarantor is Astrotech Corporation, from October 21, 2010.

tests/fixtures/real/filings/8-K/1002047_8K_2021_0001193125-21-014704.htm (NetApp, Inc. 8-K,
January 2021): "The Company’s obligations under the Credit Agreement will be guaranteed by its
domestic subsidiaries meeting certain materiality thresholds. As of the closing date, there were
no guarantors." NetApp guarantees nobody; no guarantor is named.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ownergraph.domain.model import Guarantee, Lending
from ownergraph.ingest.readers.documents import DocumentReader, _registrant, edgar, html_text, paged_plain_text

REAL = Path(__file__).parents[1] / "fixtures" / "real"
TYSON = REAL / "filings" / "8-K" / "100493_8K_2015_0000100493-15-000041.htm"
ASTROTECH = REAL / "filings" / "8-K" / "1001907_8K_2010_0000950123-10-095885.htm"
NETAPP = REAL / "filings" / "8-K" / "1002047_8K_2021_0001193125-21-014704.htm"


def _edges(path: Path, kind: type) -> dict[str, object]:
    return {r.source.name: r for r in DocumentReader().read(path) if isinstance(r, kind)}


def test_the_defined_agreement_carries_its_amount_to_its_own_lender() -> None:
    loans = _edges(TYSON, Lending)
    # the 2014 agreement names Morgan Stanley Senior Funding "as administrative agent" and arranger,
    # its lenders only as "the lenders party thereto": roles as stated, so no loan from Morgan Stanley
    assert set(loans) == {"Bank of America, N.A"}
    bofa = loans["Bank of America, N.A"]
    assert (bofa.amount, bofa.currency, bofa.valid_from) == (500_000_000.0, "USD", date(2015, 4, 7))


def test_a_guarantee_of_the_agreement_starts_with_the_agreement() -> None:
    [tfm] = _edges(TYSON, Guarantee).values()
    assert (tfm.source.name, tfm.target.name, tfm.valid_from) == ("Tyson Fresh Meats, Inc", "Tyson Foods, Inc",
                                                                  date(2015, 4, 7))
    [aso] = _edges(ASTROTECH, Guarantee).values()
    assert (aso.source.name, aso.valid_from) == ("Astrotech Corporation", date(2010, 10, 21))
    assert aso.target.name.startswith("Astrotech Space Operations, Inc")


def test_its_subsidiaries_are_not_the_filer() -> None:
    assert _edges(NETAPP, Guarantee) == {}


@pytest.mark.parametrize(("rel", "want"), [
    ("filings/8-K/1001907_8K_2010_0000950123-10-095885.htm", "Astrotech Corporation"),  # "Astrotech" / "Corporation"
    ("filings/8-K/1002517_8K_2007_0000950135-07-005433.htm", "NUANCE COMMUNICATIONS, INC"),  # "NUANCE COMMUNICATIONS," / "INC."
    ("filings/8-K/100493_8K_2015_0000100493-15-000041.htm", "Tyson Foods, Inc"),
    ("filings/20-F/0000928385-01-500187.html", "AEGON N.V"),  # a typed cover: "- -----" under the name
    ("sec/ex21/torotel-0001445305-11-002220.txt", "TOROTEL, INC"),  # "Commission File No. 1-8125" above it
])
def test_the_registrant_is_the_whole_name_on_the_cover(rel: str, want: str) -> None:
    raw = (REAL / rel).read_text(encoding="utf-8", errors="replace")
    html = rel.endswith((".htm", ".html"))
    if edgar.is_submission(raw[:2000]):  # the cover is the first document of the submission
        part = edgar.parts(raw)[0]
        raw, html = part.body, part.is_html
    body = html_text(raw) if html else paged_plain_text(raw)[0]
    ref = _registrant(body)
    assert ref is not None and ref.name == want
