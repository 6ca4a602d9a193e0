"""Schedule 13D and 13G in EDGAR's structured XML (Schedule 13D/G XML Technical Specification,
namespaces ``http://www.sec.gov/edgar/schedule13D`` and ``.../schedule13g`` with addresses in
``.../common``), every optional element of the cover pages at once, written with a namespace
prefix on every element as filing software does (issue 31, session 9).

13D: ``amendmentNo``, ``previousAccessionNumber``, several CUSIPs (``issuerCusips``), a reporting
person without a CIK (``reportingPersonNoCIK``), ``memberOfGroup``, ``fundType``,
``legalProceedings``, several ``typeOfReportingPerson``, ``isAggregateExcludeShares``,
``commentContent``, ``authorizedPersons``. 13G: ``designateRulesPursuantThisScheduleFiled``, one
cover page per reporting person with its powers nested, ``memberGroup`` b, a ``classPercent``
written with ``%``, a person with ``reportingCik``.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ownergraph.domain.codes import EntityKind
from ownergraph.domain.model import Disclosure, Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect

D13 = """<?xml version="1.0" encoding="UTF-8"?>
<s:edgarSubmission xmlns:s="http://www.sec.gov/edgar/schedule13D" xmlns:com="http://www.sec.gov/edgar/common">
 <s:headerData>
  <s:submissionType>SCHEDULE 13D/A</s:submissionType>
  <s:previousAccessionNumber>0001111111-24-000001</s:previousAccessionNumber>
  <s:filerInfo><s:filer><s:filerCredentials><s:cik>0000999999</s:cik><s:ccc>XXXXXXXX</s:ccc></s:filerCredentials></s:filer>
   <s:liveTestFlag>LIVE</s:liveTestFlag></s:filerInfo>
 </s:headerData>
 <s:formData>
  <s:coverPageHeader>
   <s:securitiesClassTitle>Class A Common Stock</s:securitiesClassTitle>
   <s:dateOfEvent>03/15/2025</s:dateOfEvent>
   <s:previouslyFiledFlag>false</s:previouslyFiledFlag>
   <s:amendmentNo>2</s:amendmentNo>
   <s:issuerInfo>
    <s:issuerCIK>0000123456</s:issuerCIK>
    <s:issuerCusips><s:issuerCusipNumber>123456109</s:issuerCusipNumber>
     <s:issuerCusipNumber>123456208</s:issuerCusipNumber></s:issuerCusips>
    <s:issuerName>Target Corp.</s:issuerName>
    <s:address><com:street1>1 Main St</com:street1><com:city>Dover</com:city>
     <com:stateOrCountry>DE</com:stateOrCountry><com:zipCode>19901</com:zipCode></s:address>
   </s:issuerInfo>
   <s:authorizedPersons><s:notificationInfo><s:personName>Counsel</s:personName>
    <s:personPhoneNum>555-0100</s:personPhoneNum></s:notificationInfo></s:authorizedPersons>
  </s:coverPageHeader>
  <s:reportingPersons>
   <s:reportingPersonInfo>
    <s:reportingPersonNoCIK>Y</s:reportingPersonNoCIK>
    <s:reportingPersonName>Maria Example</s:reportingPersonName>
    <s:memberOfGroup>a</s:memberOfGroup>
    <s:fundType>PF</s:fundType>
    <s:legalProceedings>N</s:legalProceedings>
    <s:citizenshipOrOrganization>X1</s:citizenshipOrOrganization>
    <s:soleVotingPower>0</s:soleVotingPower><s:sharedVotingPower>700000</s:sharedVotingPower>
    <s:soleDispositivePower>0</s:soleDispositivePower><s:sharedDispositivePower>700000</s:sharedDispositivePower>
    <s:aggregateAmountOwned>700000</s:aggregateAmountOwned>
    <s:isAggregateExcludeShares>N</s:isAggregateExcludeShares>
    <s:percentOfClass>7.0</s:percentOfClass>
    <s:typeOfReportingPerson>IN</s:typeOfReportingPerson>
    <s:commentContent>Maria Example is the managing member of Example Capital LLC.</s:commentContent>
   </s:reportingPersonInfo>
   <s:reportingPersonInfo>
    <s:reportingPersonCIK>0000777777</s:reportingPersonCIK>
    <s:reportingPersonName>Example Capital LLC</s:reportingPersonName>
    <s:memberOfGroup>a</s:memberOfGroup>
    <s:fundType>WC</s:fundType>
    <s:citizenshipOrOrganization>DE</s:citizenshipOrOrganization>
    <s:sharedVotingPower>700000</s:sharedVotingPower><s:sharedDispositivePower>700000</s:sharedDispositivePower>
    <s:aggregateAmountOwned>700000</s:aggregateAmountOwned>
    <s:percentOfClass>7.0</s:percentOfClass>
    <s:typeOfReportingPerson>HC</s:typeOfReportingPerson>
    <s:typeOfReportingPerson>OO</s:typeOfReportingPerson>
   </s:reportingPersonInfo>
  </s:reportingPersons>
  <s:items1To7><s:item4><s:transactionPurpose>Investment.</s:transactionPurpose></s:item4></s:items1To7>
  <s:signatureInformation><s:reportingPersonName>Example Capital LLC</s:reportingPersonName>
   <s:signatureDetails><s:signature>M. Example</s:signature><s:title>Managing Member</s:title>
    <s:date>03/17/2025</s:date></s:signatureDetails></s:signatureInformation>
 </s:formData>
</s:edgarSubmission>
"""

G13 = """<?xml version="1.0" encoding="UTF-8"?>
<edgarSubmission xmlns="http://www.sec.gov/edgar/schedule13g" xmlns:com="http://www.sec.gov/edgar/common">
 <headerData><submissionType>SCHEDULE 13G</submissionType></headerData>
 <formData>
  <coverPageHeader>
   <securitiesClassTitle>Ordinary Shares</securitiesClassTitle>
   <eventDateRequiresFilingThisStatement>12/31/2024</eventDateRequiresFilingThisStatement>
   <issuerInfo><issuerCik>0000555555</issuerCik><issuerName>Foreign Issuer plc</issuerName>
    <issuerCusip>G12345101</issuerCusip></issuerInfo>
   <designateRulesPursuantThisScheduleFiled>
    <designateRulePursuantThisScheduleFiled>Rule 13d-1(b)</designateRulePursuantThisScheduleFiled>
   </designateRulesPursuantThisScheduleFiled>
  </coverPageHeader>
  <coverPageHeaderReportingPersonDetails>
   <reportingPersonName>Big Asset Manager Ltd</reportingPersonName>
   <reportingCik>0000888888</reportingCik>
   <citizenshipOrOrganization>X0</citizenshipOrOrganization>
   <reportingPersonBeneficiallyOwnedNumberOfShares>
    <soleVotingPower>1000</soleVotingPower><sharedVotingPower>0</sharedVotingPower>
    <soleDispositivePower>1000</soleDispositivePower><sharedDispositivePower>0</sharedDispositivePower>
   </reportingPersonBeneficiallyOwnedNumberOfShares>
   <reportingPersonBeneficiallyOwnedAggregateNumberOfShares>1000</reportingPersonBeneficiallyOwnedAggregateNumberOfShares>
   <isAggregateExcludeShares>N</isAggregateExcludeShares>
   <classPercent>5.5%</classPercent>
   <memberGroup>b</memberGroup>
   <typeOfReportingPerson>IA</typeOfReportingPerson>
  </coverPageHeaderReportingPersonDetails>
 </formData>
</edgarSubmission>
"""


def read(tmp_path: Path, text: str, name: str) -> list:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return list(detect(path).read(path))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


def test_13d_every_optional_cover_element_with_a_prefix(tmp_path: Path) -> None:
    out = read(tmp_path, D13, "13d.xml")
    assert not of(out, Quarantined)
    entities = {e.name: e for e in of(out, Entity)}
    issuer = entities["Target Corp."]
    assert {"cusip:123456109", "cusip:123456208"} <= {a.value for a in issuer.aliases}
    maria, capital = entities["Maria Example"], entities["Example Capital LLC"]
    assert (maria.kind, maria.ref.value, maria.jurisdiction) == (EntityKind.PERSON, None, "US")
    assert (capital.kind, capital.ref.value, capital.jurisdiction) == (EntityKind.COMPANY, "0000777777", "US-DE")
    stakes = {o.source.name or o.source.value: o for o in of(out, Ownership) if o.stake is not None}
    # one joint block (group box (a), same aggregate): deemed interests, never summed
    assert {k: (o.stake.exact, o.direct, o.valid_from, o.share_class) for k, o in stakes.items()
            if k in ("Maria Example", "Example Capital LLC")} == {
        "Maria Example": (7.0, False, date(2025, 3, 15), "Class A Common Stock"),
        "Example Capital LLC": (7.0, False, date(2025, 3, 15), "Class A Common Stock")}
    assert stakes["Example Capital LLC"].fact_key == "sec:13dg:123456109:0000777777"
    (doc,) = of(out, Disclosure)
    assert doc.form_type == "SCHEDULE 13D/A" and doc.filed_at == date(2025, 3, 17)
    assert "Amendment No. 2, amends 0001111111-24-000001" in doc.title
    assert "managing member of Example Capital LLC" in doc.text


def test_13g_cover_page_per_reporting_person(tmp_path: Path) -> None:
    out = read(tmp_path, G13, "13g.xml")
    assert not of(out, Quarantined)
    (stake,) = of(out, Ownership)
    assert (stake.source.value, stake.stake.exact, stake.direct) == ("0000888888", 5.5, True)
    assert "sole_voting=1000" in stake.provenance.locator
    manager = next(e for e in of(out, Entity) if e.name == "Big Asset Manager Ltd")
    assert manager.jurisdiction == "GB"  # EDGAR's X0: United Kingdom
    issuer = next(e for e in of(out, Entity) if e.name == "Foreign Issuer plc")
    assert "cusip:G12345101" in {a.value for a in issuer.aliases}


def test_13d_person_without_name_or_cik_is_refused_alone(tmp_path: Path) -> None:
    """A reporting person needs a name or a CIK (the schema requires ``reportingPersonName``):
    without both it is refused naming the field; the issuer and the other person still load."""
    cut = D13.replace("<s:reportingPersonName>Maria Example</s:reportingPersonName>", "")
    out = read(tmp_path, cut, "13d.xml")
    (q,) = of(out, Quarantined)
    assert (q.locator, q.field) == ("reportingPerson[1]", "reportingPersonName")
    assert {e.name for e in of(out, Entity)} >= {"Target Corp.", "Example Capital LLC"}


def test_placeholder_cusip_is_not_an_identifier(tmp_path: Path) -> None:
    """An issuer without a CUSIP is written "N/A" or "000000000": no ``cusip:`` alias and the
    stake is keyed by the issuer's CIK, so such issuers never look alike."""
    for word in ("N/A", "000000000", "NONE"):
        text = G13.replace("<issuerCusip>G12345101</issuerCusip>", f"<issuerCusip>{word}</issuerCusip>")
        out = read(tmp_path, text, "13g.xml")
        issuer = next(e for e in of(out, Entity) if e.name == "Foreign Issuer plc")
        assert not any(a.value.startswith("cusip:") for a in issuer.aliases), word
        (stake,) = of(out, Ownership)
        assert stake.fact_key == "sec:13dg:0000555555:0000888888"


def test_13d_issuer_given_by_its_cusip_alone(tmp_path: Path) -> None:
    """A cover whose issuerInfo has only the CUSIP (no CIK, no name): the issuer is the issuer of
    that security, named by it (``cusip:``); the reporting persons' holdings load on it."""
    from ownergraph.domain.codes import AliasScheme

    xml = """<?xml version="1.0"?>
<edgarSubmission xmlns="http://www.sec.gov/edgar/schedule13D">
 <headerData><submissionType>SCHEDULE 13D</submissionType></headerData>
 <formData><coverPageHeader><securitiesClassTitle>Common Stock</securitiesClassTitle>
  <dateOfEvent>03/15/2025</dateOfEvent><issuerInfo><issuerCUSIP>123456109</issuerCUSIP></issuerInfo>
 </coverPageHeader>
 <reportingPersons><reportingPersonInfo><reportingPersonName>Example Capital LP</reportingPersonName>
  <aggregateAmountOwned>1000000</aggregateAmountOwned><percentOfClass>12.5</percentOfClass>
 </reportingPersonInfo></reportingPersons></formData></edgarSubmission>"""
    out = read(tmp_path, xml, "sc13d.xml")
    issuer = next(e for e in of(out, Entity) if e.ref.value == "cusip:123456109")
    assert issuer.ref.scheme is AliasScheme.OTHER and issuer.ref.name is None
    (own,) = [o for o in of(out, Ownership) if o.target == issuer.ref]
    assert own.source.name == "Example Capital LP" and own.stake.exact == 12.5
