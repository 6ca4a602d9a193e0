"""A loan the filing says was refinanced ends; the lender that refinanced it is live.

tests/fixtures/real/sec/ex21/torotel-0001445305-11-002220.txt (Torotel, Inc. 10-K for the year to
April 30, 2011, filed July 29, 2011), read by a person. NOTE C -- FINANCING AGREEMENTS says:

  "On September 27, 2010, Torotel Products entered into a new financing agreement (the
  “agreement”) with Commerce Bank, N.A (the “Bank”). The agreement provides for a revolving
  line of credit, a guidance line of credit, and a real estate term loan."
  (two paragraphs on) "The real estate term loan is in the principal amount of $650,000. ...
  This loan is a refinancing of our previous real estate loan and equipment loans with the Bank
  of Blue Valley which had a payoff amount of approximately $560,000."

and the debt table beside it: "Note payable to Bank of Blue Valley, maturing May 2014 — 572,000"
(April 30, 2011: nothing; 2010: $572,000); Item 2: "a first deed of trust securing indebtedness
with the Commerce Bank in the amount of $632,000 ... The note has a maturity date of September 27,
2015". What a person reads: Commerce Bank, N.A lends to Torotel Products from September 27, 2010;
the Bank of Blue Valley's loans were paid off (about $560,000) by that real estate term loan, so
that lending ended on September 27, 2010 -- the refinancing sentence has no date of its own; the
agreement whose term loan "this loan" is gives it.

Not ends of a lending: the same filing's "These subcontracts provide that they may be terminated
at the convenience of the U.S. government", "The Restricted Stock Agreements with Benjamin E. Ames,
Jr. were terminated in April 2009", "termination of the Grantee's service" (SARs), and "the
mortgage refinancing effective June 1, 2009" (MD&A, which names no lender).
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ownergraph.domain.model import Lending
from ownergraph.ingest.readers.documents import DocumentReader

TOROTEL = Path(__file__).parents[1] / "fixtures" / "real" / "sec" / "ex21" / "torotel-0001445305-11-002220.txt"
REFINANCING = ("This loan is a refinancing of our previous real estate loan and equipment loans with the Bank "
               "of Blue Valley which had a payoff amount of approximately $560,000.")
AGREEMENT = ("On September 27, 2010, Torotel Products entered into a new financing agreement (the “agreement”) "
             "with Commerce Bank, N.A (the “Bank”).")


def _lendings() -> dict[str, Lending]:
    out = {}
    for r in DocumentReader().read(TOROTEL):
        if isinstance(r, Lending):
            assert r.source.name not in out, r.source.name  # one statement per lender
            out[r.source.name] = r
    return out


def test_the_refinanced_lender_ends_and_the_new_lender_is_live() -> None:
    lendings = _lendings()
    assert set(lendings) == {"Bank of Blue Valley", "Commerce Bank, N.A"}

    old = lendings["Bank of Blue Valley"]
    assert old.provenance.claim is not None and old.provenance.claim.quote == REFINANCING
    assert old.target.name == "TOROTEL INC"  # "our": the filer the header names
    assert (old.valid_from, old.valid_to) == (None, date(2010, 9, 27))  # ended when Commerce Bank refinanced it
    assert (old.amount, old.currency) == (560_000.0, "USD")  # "a payoff amount of approximately $560,000"

    new = lendings["Commerce Bank, N.A"]
    assert new.provenance.claim is not None and new.provenance.claim.quote == AGREEMENT
    assert new.target.name == "Torotel Products, Inc."  # '(“Torotel Products”)' in Item 1
    assert (new.valid_from, new.valid_to) == (date(2010, 9, 27), None)
    assert new.provenance.claim.method == "pattern:loan_with_lender"


def test_terminated_subcontracts_and_stock_agreements_end_no_lending() -> None:
    # every lending read from the filing is one of the two above: "terminated" (subcontracts,
    # restricted stock agreements, SARs) and the undated, lender-less "mortgage refinancing
    # effective June 1, 2009" neither end one nor give the end date
    ended = [r for r in _lendings().values() if r.valid_to is not None]
    assert [(r.source.name, r.valid_to) for r in ended] == [("Bank of Blue Valley", date(2010, 9, 27))]
