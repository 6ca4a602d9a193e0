"""Forms 3/4/5 XML as the SEC's EDGAR Ownership XML Technical Specification (schema X0508,
``ownership4Document.xsd`` and its Form 3/5 siblings) allows them, every optional element at once,
and the specification's own samples that are not well-formed (issue 31, session 9).

The built form states: ``schemaVersion``, ``documentType`` 4/A with ``dateOfOriginalSubmission``,
``notSubjectToSection16``, ``aff10b5One``, ``form3HoldingsReported`` / ``form4TransactionsReported``
(Form 5's boxes, harmless on a 4), an issuer with CIK, name and symbol, two reporting owners (the
first with ``rptOwnerCcc``, a non-US address, every relationship box, ``officerTitle`` and
``otherText``; the second a 10 % owner written ``true``), ``value`` wrappers with ``footnoteId``
beside them, footnote-only values (a price, a holding's shares, an exercise date), a transaction
held indirectly ``By Trust``, a holding, a derivative transaction and holding, footnotes, remarks
and two signatures.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ownergraph.domain.model import Control, Disclosure, Entity, Ownership, Quarantined
from ownergraph.ingest.readers.sec.forms import SecReader

FULL = """<?xml version="1.0"?>
<ownershipDocument>
  <schemaVersion>X0508</schemaVersion>
  <documentType>4/A</documentType>
  <periodOfReport>2024-03-01</periodOfReport>
  <dateOfOriginalSubmission>2024-03-04</dateOfOriginalSubmission>
  <notSubjectToSection16>1</notSubjectToSection16>
  <form3HoldingsReported>0</form3HoldingsReported>
  <form4TransactionsReported>true</form4TransactionsReported>
  <issuer>
    <issuerCik>0000320193</issuerCik>
    <issuerName>Example Issuer Inc.</issuerName>
    <issuerTradingSymbol>EXI</issuerTradingSymbol>
  </issuer>
  <reportingOwner>
    <reportingOwnerId>
      <rptOwnerCik>0001111111</rptOwnerCik>
      <rptOwnerCcc>a#ofc0rn</rptOwnerCcc>
      <rptOwnerName>DOE JANE</rptOwnerName>
    </reportingOwnerId>
    <reportingOwnerAddress>
      <rptOwnerStreet1>1 Rue Exemple</rptOwnerStreet1>
      <rptOwnerStreet2>Floor 2</rptOwnerStreet2>
      <rptOwnerCity>Paris</rptOwnerCity>
      <rptOwnerState></rptOwnerState>
      <rptOwnerZipCode>75001</rptOwnerZipCode>
      <rptOwnerStateDescription>Ile-de-France</rptOwnerStateDescription>
      <rptOwnerGoodAddress>1</rptOwnerGoodAddress>
    </reportingOwnerAddress>
    <reportingOwnerRelationship>
      <isDirector>1</isDirector>
      <isOfficer>true</isOfficer>
      <isTenPercentOwner>0</isTenPercentOwner>
      <isOther>1</isOther>
      <officerTitle>President and CEO</officerTitle>
      <otherText>Member of a Section 13(d) group</otherText>
    </reportingOwnerRelationship>
  </reportingOwner>
  <reportingOwner>
    <reportingOwnerId>
      <rptOwnerCik>0002222222</rptOwnerCik>
      <rptOwnerName>Doe Family Trust</rptOwnerName>
    </reportingOwnerId>
    <reportingOwnerRelationship>
      <isTenPercentOwner>true</isTenPercentOwner>
    </reportingOwnerRelationship>
  </reportingOwner>
  <aff10b5One>1</aff10b5One>
  <nonDerivativeTable>
    <nonDerivativeTransaction>
      <securityTitle><value>Common Stock</value><footnoteId id="F1"/></securityTitle>
      <transactionDate><value>2024-02-28</value></transactionDate>
      <deemedExecutionDate><value>2024-02-29</value></deemedExecutionDate>
      <transactionCoding>
        <transactionFormType>4</transactionFormType>
        <transactionCode>P</transactionCode>
        <equitySwapInvolved>0</equitySwapInvolved>
        <footnoteId id="F2"/>
      </transactionCoding>
      <transactionTimeliness><value>L</value></transactionTimeliness>
      <transactionAmounts>
        <transactionShares><value>1,000</value></transactionShares>
        <transactionPricePerShare><footnoteId id="F3"/></transactionPricePerShare>
        <transactionAcquiredDisposedCode><value>A</value></transactionAcquiredDisposedCode>
      </transactionAmounts>
      <postTransactionAmounts>
        <sharesOwnedFollowingTransaction><value>51000</value><footnoteId id="F1"/></sharesOwnedFollowingTransaction>
      </postTransactionAmounts>
      <ownershipNature>
        <directOrIndirectOwnership><value>I</value></directOrIndirectOwnership>
        <natureOfIndirectOwnership><value>By Trust</value><footnoteId id="F4"/></natureOfIndirectOwnership>
      </ownershipNature>
    </nonDerivativeTransaction>
    <nonDerivativeHolding>
      <securityTitle><value>Class B Common Stock</value></securityTitle>
      <postTransactionAmounts>
        <sharesOwnedFollowingTransaction><footnoteId id="F5"/></sharesOwnedFollowingTransaction>
      </postTransactionAmounts>
      <ownershipNature>
        <directOrIndirectOwnership><value>D</value></directOrIndirectOwnership>
      </ownershipNature>
    </nonDerivativeHolding>
  </nonDerivativeTable>
  <derivativeTable>
    <derivativeTransaction>
      <securityTitle><value>Stock Option (right to buy)</value></securityTitle>
      <conversionOrExercisePrice><value>12.50</value></conversionOrExercisePrice>
      <transactionDate><value>2024-02-28</value></transactionDate>
      <transactionCoding><transactionFormType>4</transactionFormType><transactionCode>A</transactionCode>
        <equitySwapInvolved>false</equitySwapInvolved></transactionCoding>
      <transactionAmounts>
        <transactionShares><value>5000</value></transactionShares>
        <transactionPricePerShare><value>0</value></transactionPricePerShare>
        <transactionAcquiredDisposedCode><value>A</value></transactionAcquiredDisposedCode>
      </transactionAmounts>
      <exerciseDate><footnoteId id="F6"/></exerciseDate>
      <expirationDate><value>2034-02-28</value></expirationDate>
      <underlyingSecurity>
        <underlyingSecurityTitle><value>Common Stock</value></underlyingSecurityTitle>
        <underlyingSecurityShares><value>5000</value></underlyingSecurityShares>
      </underlyingSecurity>
      <postTransactionAmounts><sharesOwnedFollowingTransaction><value>5000</value></sharesOwnedFollowingTransaction></postTransactionAmounts>
      <ownershipNature><directOrIndirectOwnership><value>D</value></directOrIndirectOwnership></ownershipNature>
    </derivativeTransaction>
    <derivativeHolding>
      <securityTitle><value>Warrant</value></securityTitle>
      <conversionOrExercisePrice><footnoteId id="F7"/></conversionOrExercisePrice>
      <exerciseDate><value>2023-01-01</value></exerciseDate>
      <expirationDate><value>2028-01-01</value></expirationDate>
      <underlyingSecurity>
        <underlyingSecurityTitle><value>Common Stock</value></underlyingSecurityTitle>
        <underlyingSecurityValue><value>100000</value></underlyingSecurityValue>
      </underlyingSecurity>
      <postTransactionAmounts><valueOwnedFollowingTransaction><value>100000</value></valueOwnedFollowingTransaction></postTransactionAmounts>
      <ownershipNature><directOrIndirectOwnership><value>I</value></directOrIndirectOwnership>
        <natureOfIndirectOwnership><value>By LLC</value></natureOfIndirectOwnership></ownershipNature>
    </derivativeHolding>
  </derivativeTable>
  <footnotes>
    <footnote id="F1">Includes 500 shares held in an IRA.</footnote>
    <footnote id="F5">The reporting person holds no Class B shares after the conversion.</footnote>
  </footnotes>
  <remarks>Exhibit 24 - Power of Attorney</remarks>
  <ownerSignature><signatureName>/s/ Jane Doe</signatureName><signatureDate>2024-03-05</signatureDate></ownerSignature>
  <ownerSignature><signatureName>/s/ Trustee</signatureName><signatureDate>2024-03-06</signatureDate></ownerSignature>
</ownershipDocument>
"""


def read(tmp_path: Path, text: str, name: str = "form4.xml") -> list:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return list(SecReader().read(path))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


def test_every_optional_element_of_a_form4(tmp_path: Path) -> None:
    out = read(tmp_path, FULL)
    assert not of(out, Quarantined)
    entities = {e.name: e for e in of(out, Entity)}
    assert set(entities) == {"Example Issuer Inc.", "DOE JANE", "Doe Family Trust"}
    assert "ticker:EXI" in {a.value for a in entities["Example Issuer Inc."].aliases}
    roles = {(c.source.value, c.control_kind) for c in of(out, Control)}
    assert roles == {("0001111111", "directorship"), ("0001111111", "officer")}
    officer = next(c for c in of(out, Control) if c.control_kind == "officer")
    assert "officerTitle=President and CEO" in officer.provenance.locator
    held = {(o.source.value, o.share_class, o.direct, o.valid_from) for o in of(out, Ownership) if o.stake is None}
    # both owners of a joint form: neither holding is anyone's alone; options and warrants are not shares
    assert held == {(cik, cls, False, day) for cik in ("0001111111", "0002222222")
                    for cls, day in (("Common Stock", date(2024, 2, 28)), ("Class B Common Stock", date(2024, 3, 1)))}
    ten = [o for o in of(out, Ownership) if o.stake is not None]
    assert [(o.source.value, o.stake.lo) for o in ten] == [("0002222222", 10)]
    (doc,) = of(out, Disclosure)
    assert doc.form_type == "Form 4/A" and doc.filed_at == date(2024, 3, 6)  # the latest signature
    for said in ("No longer subject to Section 16", "Rule 10b5-1", "Amends the filing of 2024-03-04",
                 "Member of a Section 13(d) group", "Stock Option (right to buy)", "Warrant",
                 "Includes 500 shares held in an IRA.", "Exhibit 24"):
        assert said in doc.text


def test_missing_ownership_nature_is_a_holding_not_said_to_be_direct(tmp_path: Path) -> None:
    """``ownershipNature`` is required in every table row, but generators' fragments leave it out
    (held-out sets 4 and 5: nine files): the row is still the owner's reported beneficial holding,
    loaded as not direct, its locator saying the nature is not stated; an unknown code is refused."""
    cut = FULL.replace("""      <ownershipNature>
        <directOrIndirectOwnership><value>D</value></directOrIndirectOwnership>
      </ownershipNature>
""", "")
    out = read(tmp_path, cut)
    assert not of(out, Quarantined)
    unstated = [o for o in of(out, Ownership) if "not stated" in (o.provenance.locator or "")]
    assert unstated and {o.source for o in unstated} == {o.source for o in of(out, Ownership) if o.stake is None}
    for o in unstated:  # one per reporting owner
        assert o.provenance.locator.startswith("nonDerivativeTable/nonDerivativeHolding[2]")
        assert o.direct is False and o.stake is None
    bad = FULL.replace("<directOrIndirectOwnership><value>D</value>", "<directOrIndirectOwnership><value>X</value>", 1)
    (q,) = of(read(tmp_path, bad), Quarantined)
    assert q.field == "directOrIndirectOwnership" and "'X'" in q.reason


def test_a_misspelt_end_tag_leaves_out_that_element_only(tmp_path: Path) -> None:
    """The specification's samples write ``<rptOwnerCounrty>I7</rptOwnerState>``: that one element
    is left out (quarantined with line, column and both names), the rest of the form loads."""
    bad = FULL.replace("<rptOwnerCity>Paris</rptOwnerCity>", "<rptOwnerCounrty>FR</rptOwnerState>")
    out = read(tmp_path, bad)
    (q,) = of(out, Quarantined)
    assert q.field == "rptOwnerCounrty" and q.locator == "line 24, column 42"
    assert "</rptOwnerState>" in q.reason and q.raw == "FR"
    assert {e.name for e in of(out, Entity)} == {"Example Issuer Inc.", "DOE JANE", "Doe Family Trust"}
    assert len(of(out, Control)) == 2


def test_other_malformed_xml_is_still_refused(tmp_path: Path) -> None:
    """A cut file, or an end tag that closes a parent too, is not a misspelt value: refused whole,
    naming line and column."""
    for text in (FULL[:3000], FULL.replace("</reportingOwnerId>", "</reportingOwnerAddress>", 1)):
        out = read(tmp_path, text)
        (q,) = of(out, Quarantined)
        assert q.field == "xml" and q.locator.startswith("line ") and q.not_read
        assert not of(out, Entity)


def test_the_specifications_own_sample(tmp_path: Path) -> None:
    """Reader corpus heldout4 ``secfiler-spec55-doc4.xml`` (the SEC's Ownership XML technical
    specification sample, as copied by the source repository named in the corpus README): three
    reporting owners, directors and officers of issuer CIK 1212121212, the second with the
    misspelt country element."""
    path = Path(__file__).parents[1] / "fixtures/reader_corpus/files/heldout4/sec-ownership-xml/secfiler-spec55-doc4.xml"
    out = list(SecReader().read(path))
    (q,) = of(out, Quarantined)
    assert (q.locator, q.field) == ("line 49, column 48", "rptOwnerCounrty")
    owners = {(c.source.value, c.control_kind) for c in of(out, Control)}
    assert {cik for cik, _ in owners} == {"0000343434", "0000343435", "1212121212"}
    assert {kind for _, kind in owners} == {"directorship", "officer"}


def test_bare_values_are_read_and_said(tmp_path: Path) -> None:
    """Hand-made forms write table values bare, without the schema's ``<value>``: they are read as
    written (title, date, D/I, shares after) and one note names the elements."""
    bare = """<ownershipDocument><documentType>4</documentType><periodOfReport>2024-01-31</periodOfReport>
  <issuer><issuerCik>0000320193</issuerCik><issuerName>Example Issuer Inc.</issuerName></issuer>
  <reportingOwner><reportingOwnerId><rptOwnerCik>0001111111</rptOwnerCik><rptOwnerName>DOE JANE</rptOwnerName>
  </reportingOwnerId></reportingOwner>
  <nonDerivativeTable><nonDerivativeTransaction>
    <securityTitle>Common Stock</securityTitle><transactionDate>2024-01-30</transactionDate>
    <postTransactionAmounts><sharesOwnedFollowingTransaction>0</sharesOwnedFollowingTransaction></postTransactionAmounts>
    <ownershipNature><directOrIndirectOwnership>D</directOrIndirectOwnership></ownershipNature>
  </nonDerivativeTransaction></nonDerivativeTable></ownershipDocument>"""
    out = read(tmp_path, bare)
    (note,) = of(out, Quarantined)
    assert note.field == "directOrIndirectOwnership" and "<securityTitle>" in note.reason and not note.not_read
    (own,) = of(out, Ownership)  # sold out on 2024-01-30: the holding ends then
    assert (own.share_class, own.direct, own.valid_from, own.valid_to) == ("Common Stock", True, None, date(2024, 1, 30))


def test_real_bare_derivative_values() -> None:
    """Reader corpus test split ``edgar4j-sample-form4-derivative-transactions.xml``
    (danielsobrado/edgar4j, origin and licence in the corpus README) writes the underlying
    security's title and shares bare: read, with the one note naming them."""
    path = Path(__file__).parents[1] / ("fixtures/reader_corpus/files/test/sec-ownership-xml/"
                                        "edgar4j-sample-form4-derivative-transactions.xml")
    out = list(SecReader().read(path))
    (note,) = of(out, Quarantined)
    assert "<underlyingSecurityShares>, <underlyingSecurityTitle>" in note.reason and not note.not_read
    (doc,) = of(out, Disclosure)
    assert "derivativeTable" in doc.text


def test_no_trading_symbol_is_not_an_identifier(tmp_path: Path) -> None:
    """``issuerTradingSymbol`` is required; an issuer without one is written ``NONE`` (or
    ``N/A``): no ``ticker:NONE`` alias, which would make every such issuer look alike."""
    for word in ("NONE", "N/A", "none"):
        out = read(tmp_path, FULL.replace("<issuerTradingSymbol>EXI<", f"<issuerTradingSymbol>{word}<"))
        issuer = next(e for e in of(out, Entity) if e.name == "Example Issuer Inc.")
        assert not any(a.value.startswith("ticker:") for a in issuer.aliases), word
