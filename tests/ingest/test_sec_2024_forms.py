"""Schedule 13D/G in the structured EDGAR XML (2024+) and Forms 3/4/5 as EDGAR renders them in
HTML (issue 31 items 1-2), checked against facts read off the real files by hand:

- sec/schedule13d.xml (SCHEDULE 13D, Aadi Bioscience, Inc., CUSIP 00032Q104 in ``issuerCUSIP``,
  event 12/31/2024): BML Investment Partners, L.P. (CIK 0001373604) 8.5 %, sole voting 0, shared
  voting and dispositive 2,100,000; Leonard Braden Michael (CIK 0001373603, IN) 9.9 %, sole 335,000,
  shared 2,100,000, aggregate 2,435,000; his cover comment: "BML Investment Partners, L.P. is a
  Delaware limited partnership whose sole general partner is BML Capital Management, LLC. The
  managing member of BML Capital Management, LLC is Braden M. Leonard."
- sec/schedule13g.xml: 13G reporting persons under ``coverPageHeaderReportingPersonDetails``
  with the powers nested in ``reportingPersonBeneficiallyOwnedNumberOfShares``.
- sec/ownership/form4.Evans.html (xslF345X05 rendering): reporting person SULLIVAN NORA B (CIK
  0001057067), director (X) of EVANS BANCORP INC (CIK 0000842518) [EVBN], earliest transaction
  01/24/2023; Table I: Common Stock, 5,381.2 owned after, direct.
- sec/ownership/374WaterForm4.html and sec/374WaterForm4.xml: the same Form 4 rendered and as XML.
- sec/ownership/form3.BAMPartners.html: Form 3, BROOKFIELD Corp /ON/ (CIK 0001001085) first of
  ten reporting persons, 10% Owner of Triton International Ltd [TRTN], event 09/28/2023; its
  remarks: "... the Surviving Company is a wholly owned subsidiary of Thanos Holdings".
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ownergraph.domain.model import Control, Disclosure, Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.sec.forms import SecReader


@pytest.fixture(scope="module")
def sec(real_data: Path) -> Path:
    return real_data / "sec"


def read(path: Path) -> list:
    return list(SecReader().read(path))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


def test_13d_issuer_cusip_powers_and_comment_chain(sec: Path) -> None:
    out = read(sec / "schedule13d.xml")
    assert not of(out, Quarantined)
    issuer = next(e for e in of(out, Entity) if e.name == "Aadi Bioscience, Inc.")
    assert "cusip:00032Q104" in {a.value for a in issuer.aliases}
    fund, person = of(out, Ownership)
    assert (fund.source.value, fund.stake.exact, fund.valid_from) == ("0001373604", 8.5, date(2024, 12, 31))
    assert fund.fact_key == "sec:13dg:00032Q104:0001373604"
    assert fund.provenance.locator == ("reportingPerson[1]; aggregate=2100000; sole_voting=0; shared_voting=2100000; "
                                       "sole_dispositive=0; shared_dispositive=2100000")
    assert person.stake.exact == 9.9 and "sole_voting=335000" in person.provenance.locator
    assert "aggregate=2435000" in person.provenance.locator
    chain = {(c.source.name, c.target.name, c.control_kind) for c in of(out, Control)}
    assert chain == {("BML Capital Management, LLC", "BML Investment Partners, L.P.", "general_partner"),
                     ("Braden M. Leonard", "BML Capital Management, LLC", "managing_member")}
    gp = next(c for c in of(out, Control) if c.control_kind == "general_partner")
    assert gp.target.value == "0001373604"  # the reporting person's own entity, by its CIK
    (doc,) = of(out, Disclosure)
    assert doc.text is not None and "Leonard Braden Michael: aggregate=2435000" in doc.text
    # the chain's claim is cited to the Disclosure text by offset
    assert doc.text[gp.provenance.claim.start:gp.provenance.claim.end] == gp.provenance.claim.quote


def test_13g_powers_nested_and_reporting_cik(sec: Path, tmp_path: Path) -> None:
    out = read(sec / "schedule13g.xml")
    edges = of(out, Ownership)
    assert edges and all("sole_voting=" in e.provenance.locator for e in edges)
    # the 13G schema's own CIK element (reportingCik) is read as the reporting person's CIK
    src = (sec / "schedule13g.xml").read_text()
    name = src.split("<reportingPersonName>", 1)[1].split("<", 1)[0]
    f = tmp_path / "with-cik.xml"
    f.write_text(src.replace(f"<reportingPersonName>{name}<",
                             f"<reportingCik>0001161286</reportingCik><reportingPersonName>{name}<", 1))
    first = of(read(f), Ownership)[0]
    assert first.source.value == "0001161286" and first.source.name == name


def test_13d_amendment_is_named_and_supersedes(sec: Path, tmp_path: Path) -> None:
    src = (sec / "schedule13d.xml").read_text()
    amended = src.replace("<submissionType>SCHEDULE 13D</submissionType>",
                          "<submissionType>SCHEDULE 13D/A</submissionType>"
                          "<previousAccessionNumber>0001373604-24-000001</previousAccessionNumber>")
    amended = amended.replace("<dateOfEvent>12/31/2024</dateOfEvent>",
                              "<dateOfEvent>02/03/2025</dateOfEvent><amendmentNo>1</amendmentNo>")
    amended = amended.replace("<percentOfClass>8.5</percentOfClass>", "<percentOfClass>4.1</percentOfClass>")
    f = tmp_path / "0001373604-25-000002.xml"
    f.write_text(amended)
    out = read(f)
    (doc,) = of(out, Disclosure)
    assert doc.form_type == "SCHEDULE 13D/A"
    assert doc.title == "SCHEDULE 13D/A (Amendment No. 1, amends 0001373604-24-000001): Aadi Bioscience, Inc."
    before, after = of(read(sec / "schedule13d.xml"), Ownership)[0], of(out, Ownership)[0]
    assert after.fact_key == before.fact_key and after.stake.exact == 4.1 and after.valid_from == date(2025, 2, 3)


@pytest.mark.parametrize("variant", ["no namespace", "prefixed", "SC 13D type only"])
def test_13d_detected_whoever_generated_it(sec: Path, tmp_path: Path, variant: str) -> None:
    src = (sec / "schedule13d.xml").read_text()
    if variant == "no namespace":
        src = src.replace(' xmlns="http://www.sec.gov/edgar/schedule13D"', "")
    elif variant == "prefixed":
        src = src.replace('xmlns="http://www.sec.gov/edgar/schedule13D"', 'xmlns:s="urn:x-any-generator"')
        src = src.replace("<", "<s:").replace("<s:/", "</s:").replace("<s:?", "<?").replace("<s:com:", "<com:")
        src = src.replace("</s:com:", "</com:")
    else:
        src = src.replace(' xmlns="http://www.sec.gov/edgar/schedule13D"', "")
        src = src.replace("SCHEDULE 13D", "SC 13D").replace("<coverPageHeader>", "<cover>").replace(
            "</coverPageHeader>", "</cover>")
    f = tmp_path / "primary_doc.xml"
    f.write_text(src)
    assert detect(f).name == "sec"
    if variant != "SC 13D type only":
        assert [e.stake.exact for e in of(read(f), Ownership)] == [8.5, 9.9]


def test_form_d_edgar_submission_is_not_a_schedule_13(tmp_path: Path) -> None:
    f = tmp_path / "primary_doc.xml"
    f.write_text('<?xml version="1.0"?><edgarSubmission><schemaVersion>X0707</schemaVersion>'
                 "<submissionType>D</submissionType><primaryIssuer><cik>0001171623</cik></primaryIssuer>"
                 "</edgarSubmission>")
    assert not SecReader().sniff(f, f.read_bytes())


def test_form4_html_rendering(sec: Path) -> None:
    f = sec / "ownership" / "form4.Evans.html"
    assert detect(f).name == "sec"
    out = read(f)
    assert not of(out, Quarantined)
    issuer = next(e for e in of(out, Entity) if e.name == "EVANS BANCORP INC")
    assert issuer.ref.value == "0000842518" and "ticker:EVBN" in {a.value for a in issuer.aliases}
    (role,) = of(out, Control)
    assert (role.source.name, role.source.value, role.control_kind) == ("SULLIVAN NORA B", "0001057067", "directorship")
    assert role.target.value == "0000842518" and role.valid_from == date(2023, 1, 24)
    (doc,) = of(out, Disclosure)
    assert doc.form_type == "Form 4" and "Table I" in (doc.text or "")
    # Table I: "Common Stock | 01/24/2023 | | A | | 519(1) | A | $39.52 | 5,381.2 | D"
    (held,) = of(out, Ownership)
    assert (held.share_class, held.direct, held.valid_from) == ("Common Stock", True, date(2023, 1, 24))
    assert held.provenance.locator.endswith("shares_owned_following=5381.2")


def test_form4_html_gives_the_xml_cover_facts(sec: Path) -> None:
    def facts(path: Path) -> set:
        out = read(path)
        return ({(e.name, e.ref.value) for e in of(out, Entity)}
                | {(c.source.value, c.target.value, c.control_kind, c.valid_from) for c in of(out, Control)}
                | {(o.source.value, o.target.value, o.share_class, o.direct, o.valid_from, o.fact_key,
                    o.provenance.locator) for o in of(out, Ownership)})
    assert facts(sec / "ownership" / "374WaterForm4.html") == facts(sec / "374WaterForm4.xml")


def test_form3_html_joint_filing(sec: Path) -> None:
    out = read(sec / "ownership" / "form3.BAMPartners.html")
    owners = [e for e in of(out, Entity) if e.name != "Triton International Ltd"]
    assert len(owners) == 10 and owners[0].ref.value == "0001001085"
    ten, *held, thanos = of(out, Ownership)  # box 4 (10% Owner) stands beside the first reporting person
    # Table I: "Common Shares, par value $0.01 per share | 101,158,891(1) | I | See Footnotes(2)(3)",
    # held indirectly by each of the ten reporting persons
    assert len(held) == 10 and {o.direct for o in held} == {False}
    assert {o.provenance.locator for o in held} == {
        "nonDerivativeTable/nonDerivativeHolding[1]; shares_owned_following=101158891"}
    assert held[0].share_class == "Common Shares, par value $0.01 per share"
    assert ten.source.name == "BROOKFIELD Corp /ON/" and (ten.stake.lo, ten.stake.hi) == (10, 100)
    assert ten.valid_from == date(2023, 9, 28)
    # the remarks, read as prose: "... after which the Surviving Company is a wholly owned
    # subsidiary of Thanos Holdings", cited to the one Disclosure's text
    assert (thanos.source.name, thanos.target.name, thanos.stake.exact) == (
        "Thanos Holdings Limited", "Triton International Limited", 100.0)
    (doc,) = of(out, Disclosure)
    assert doc.form_type == "Form 3" and doc.text is not None
    claim = thanos.provenance.claim
    assert doc.text[claim.start:claim.end] == claim.quote


def test_form4_html_without_its_boxes_names_the_xml(sec: Path, tmp_path: Path) -> None:
    src = (sec / "ownership" / "form4.Evans.html").read_text(encoding="latin-1")
    f = tmp_path / "form4.html"
    f.write_text(src.replace("Issuer Name", "Company"), encoding="latin-1")
    (q,) = read(f)
    assert isinstance(q, Quarantined) and q.not_read and q.field == "Issuer Name and Ticker or Trading Symbol"
    assert "ownership XML" in q.reason and str(f) == q.source_file
