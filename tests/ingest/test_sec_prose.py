"""A Schedule 13D/13G's prose beside its cover pages (ingest.readers._sec_prose, issue 13):
general partners / managing members as Control edges on the reporting persons' entities, and
the record owner's cover-page edge as the direct holding (the others' stay declared).

Expected answers read off the files:
- sec/schedule13d_nested_cusip.xml (ARCH Venture, Seaport Therapeutics), Item 2: "(1) ARCH
  Venture Fund XII, L.P. ("AVF XII"), (2) ARCH Venture Partners XII, L.P. ("AVP XII LP") which
  is the sole general partner of AVF XII, (3) ARCH Venture Partners XII, LLC ("AVP XII LLC")
  which is the sole general partner of AVP XII LP"; Item 5: "AVF XII is the record owner of
  6,294,951 shares of Common Stock"; every cover page reports 6,294,951 shares, 11.9%.
- sec/schedule13g_nested_cusip.xml (Pentwater, Avis Budget): "Pentwater Capital Management LP
  (the "Investment Manager") ... Mr. Matthew Halbower ("Mr. Halbower"), the sole shareholder of
  MCH PWCM Holdings Inc., the general partner of the Investment Manager".
- sec/ownership/0001076809-24-000144.nc (Glazer, SC 13G): "Mr. Paul J. Glazer ("Mr. Glazer"),
  who serves as the Managing Member of Glazer Capital".
"""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Control, Ownership
from ownergraph.ingest.readers.sec.forms import SecReader

SEC = Path(__file__).parents[1] / "fixtures" / "real" / "sec"


def _read(name: str) -> list:
    return list(SecReader().read(SEC / name))


def test_a_13d_general_partner_chain_and_its_record_owner() -> None:
    recs = _read("schedule13d_nested_cusip.xml")
    controls = {(r.source.name, r.target.name, r.control_kind) for r in recs if isinstance(r, Control)}
    assert controls == {("ARCH Venture Partners XII, L.P.", "ARCH Venture Fund XII, L.P.", "general_partner"),
                        ("ARCH Venture Partners XII, LLC", "ARCH Venture Partners XII, L.P.", "general_partner")}
    # on the reporting persons' own entities (their CIKs), cited to the sentence
    persons = {r.source.name: r.source for r in recs if isinstance(r, Ownership)}
    for r in recs:
        if isinstance(r, Control):
            assert r.source == persons[r.source.name] and r.target == persons[r.target.name]
            assert "sole general partner" in r.provenance.claim.quote
    direct = {r.source.name: r.direct for r in recs if isinstance(r, Ownership)}
    assert direct.pop("ARCH Venture Fund XII, L.P.") is True  # the record owner
    assert set(direct.values()) == {False}  # the others' 11.9% is the same block, deemed


def test_a_13g_general_partner_named_by_defined_term() -> None:
    recs = _read("schedule13g_nested_cusip.xml")
    assert {(r.source.name, r.target.name, r.control_kind) for r in recs if isinstance(r, Control)} == {
        ("MCH PWCM Holdings Inc", "Pentwater Capital Management LP", "general_partner")}
    # no record owner named: both cover pages stay declared (the prose's own edges are cited claims)
    assert {r.direct for r in recs if isinstance(r, Ownership) and r.provenance.claim is None} == {False}


def test_a_13g_managing_member() -> None:
    recs = _read("ownership/0001076809-24-000144.nc")
    assert {(r.source.name, r.target.name, r.control_kind) for r in recs if isinstance(r, Control)} == {
        ("Paul J. Glazer", "Glazer Capital, LLC", "managing_member")}


def test_a_13g_without_such_prose_gives_no_edges() -> None:
    assert not [r for r in _read("schedule13g.xml") if isinstance(r, Control)]


def test_a_13g_sole_shareholder_named_with_a_defined_term() -> None:
    # "Mr. Matthew Halbower ("Mr. Halbower"), the sole shareholder of MCH PWCM Holdings Inc."
    recs = _read("schedule13g_nested_cusip.xml")
    assert ("Matthew Halbower", "MCH PWCM Holdings Inc", 100.0) in {
        (r.source.name, r.target.name, r.stake.exact) for r in recs if isinstance(r, Ownership) and r.stake}


READER_CORPUS = Path(__file__).parents[1] / "fixtures" / "reader_corpus" / "files"


def test_a_form4_footnote_chain_on_the_reporting_owners() -> None:
    """Form 4 0001628280-26-058507 (GigaCloud), footnote F1: "Lei Wu ("Mr. Wu") is the sole member and sole
    manager of a limited liability company, Shan Lao Hu Tong LLC, that is the sole shareholder of Ji Xiang
    Hu Tong Holdings Limited." The owners are the XML's reporting owners ("Wu Lei", "... HOLDINGS LTD")."""
    path = READER_CORPUS / "heldout7" / "sec-submission-txt" / "etp-joint-0001628280-26-058507.txt"
    recs = list(SecReader().read(path))
    owners = {r.source.value: r.source for r in recs if isinstance(r, Control)}  # by CIK, from the XML
    chain = [r for r in recs if isinstance(r, Ownership) and r.provenance.claim is not None]
    assert {(r.source.name, r.target.name, r.stake.exact) for r in chain if r.stake} == {
        ("Wu Lei", "SHAN LAO HU TONG LLC", 100.0), ("SHAN LAO HU TONG LLC", "JI XIANG HU TONG HOLDINGS LTD", 100.0)}
    assert all(r.source in owners.values() and r.target in owners.values() for r in chain)
    assert all("Shan Lao Hu Tong LLC" in (r.provenance.claim.quote or "") for r in chain)


def test_a_form4_footnote_owner_is_the_clause_subject() -> None:
    """SoftBank Form 4 footnote: "SoftBank Group Corp., which is a publicly traded company listed on the
    Tokyo Stock Exchange, is the sole shareholder of SB Global Advisers Limited": no edge from the exchange."""
    path = READER_CORPUS / "heldout2" / "sec-submission-txt" / "secform4-softbank_derivative_acquisition.xml"
    recs = list(SecReader().read(path))
    assert not [r for r in recs if isinstance(r, Ownership) and "Exchange" in (r.source.name or "")]
