"""SEC readers (13D/13G, Forms 3/4, Exhibit 21), checked against facts in the real samples."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from ownergraph.domain.codes import AliasScheme, EntityKind
from ownergraph.domain.model import Control, Disclosure, Entity, Ownership, Quarantined, Stake
from ownergraph.ingest.readers.sec import ex21 as sec_ex21, forms as sec
from ownergraph.ingest.readers.sec.forms import SecReader
from ownergraph.ingest.readers.sec.values import jurisdiction, sec_date
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader

READERS = [*sec.READERS, *sec_ex21.READERS]


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def sec(real_data: Path) -> Path:
    return real_data / "sec"


def read(path: Path, reader: object | None = None) -> list:
    return list((reader or SecReader()).read(path))


def of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


def entity(records: list, name: str) -> Entity:
    found = [e for e in of(records, Entity) if e.name == name]
    assert len(found) == 1, name
    return found[0]


def test_sniffing(sec: Path) -> None:
    assert [r.name for r in READERS] == ["sec", "sec-ex21"]
    s, x = READERS
    for name in ("schedule13g.xml", "schedule13d_nested_cusip.xml", "374WaterForm4.xml",
                 "form3.nosecurities.xml", "SC-13G-DOCUMENT.html"):
        head = (sec / name).read_bytes()[:1024]
        assert s.sniff(sec / name, head) and not x.sniff(sec / name, head), name
    for name in ("ex21_aapl.html", "ex21_jpm.html"):
        head = (sec / name).read_bytes()[:1024]
        assert x.sniff(sec / name, head) and not s.sniff(sec / name, head), name


def test_helpers() -> None:
    assert sec_date("11/19/2025") == date(2025, 11, 19)
    assert sec_date("DECEMBER 29, 2023") == date(2023, 12, 29)
    assert sec_date("2025-04-30") == date(2025, 4, 30)
    assert jurisdiction("Delaware, U.S.") == "US-DE"
    assert jurisdiction("DE") == "US-DE" and jurisdiction("X0") == "GB"
    assert jurisdiction("Cayman Islands") == "KY"
    assert jurisdiction("Atlantis") == "Atlantis"  # kept as written


def test_schedule_13g_joint_filing(sec: Path) -> None:
    out = read(sec / "schedule13g.xml")
    assert not of(out, Quarantined)
    jushi = entity(out, "Jushi Holdings Inc.")
    assert jushi.ref.scheme is AliasScheme.CIK and jushi.ref.value == "0001909747"
    assert ("other", "cusip:48213Y107") in {(a.scheme.value, a.value) for a in jushi.aliases}
    assert entity(out, "Marex Group plc").jurisdiction == "GB"  # EDGAR code X0
    assert entity(out, "Marex Securities Products Inc.").jurisdiction == "US-DE"
    edges = of(out, Ownership)
    assert [e.source.name for e in edges] == ["Marex Securities Products Inc.", "Marex Group plc"]
    for e in edges:
        assert e.target.value == "0001909747" and e.stake == Stake(exact=5.1)
        assert e.share_class == "Subordinate Voting Shares, no par value"
        assert e.valid_from == date(2025, 11, 19)  # date of event
        assert e.known_from == utc(2025, 11, 26)  # signature date (no filing date in the XML)
        assert e.direct is False  # member of a group, same block: never summed
    assert len({e.fact_key for e in edges}) == 2
    d = of(out, Disclosure)[0]
    assert d.form_type == "SCHEDULE 13G" and d.filer.value == "0002048490"
    assert "Marex Group plc" in d.text


def test_schedule_13d_seven_reporting_persons(sec: Path) -> None:
    out = read(sec / "schedule13d_nested_cusip.xml")
    edges = of(out, Ownership)
    assert len(edges) == 7 and {e.stake.exact for e in edges} == {11.9}
    # one block of 6,294,951 shares: deemed interests, but the record owner's ("AVF XII is the
    # record owner of 6,294,951 shares", Item 5) is the direct holding (tests/ingest/test_sec_prose.py)
    assert [e.source.name for e in edges if e.direct] == ["ARCH Venture Fund XII, L.P."]
    fund = next(e for e in edges if e.source.value == "0001906837")
    assert fund.source.name == "ARCH Venture Fund XII, L.P."
    assert fund.target.name == "Seaport Therapeutics, Inc." and fund.target.value == "0002042347"
    assert fund.fact_key == "sec:13dg:81221K108:0001906837"
    assert fund.valid_from == date(2026, 5, 4) and fund.known_from == utc(2026, 5, 6)
    assert entity(out, "Robert Nelsen").kind is EntityKind.PERSON
    assert entity(out, "Robert Nelsen").jurisdiction == "US"


def test_amendment_supersedes(sec: Path, tmp_path: Path) -> None:
    src = (sec / "schedule13g_nested_cusip.xml").read_text()
    # the cover pages' stakes (the prose's "sole shareholder of MCH PWCM Holdings" is a cited claim beside them)
    first = [e for e in of(read(sec / "schedule13g_nested_cusip.xml"), Ownership) if e.provenance.claim is None]
    assert [e.stake.exact for e in first] == [22.2, 22.2]
    assert first[1].source.name == "Matthew Halbower"
    amended = src.replace("<classPercent>22.2</classPercent>", "<classPercent>9.9</classPercent>")
    amended = amended.replace("04/07/2026", "05/12/2026")
    f = tmp_path / "0000902664-26-000001.xml"
    f.write_text(amended)
    second = [e for e in of(read(f), Ownership) if e.provenance.claim is None]
    assert [e.fact_key for e in second] == [e.fact_key for e in first]
    assert [e.stake.exact for e in second] == [9.9, 9.9]
    assert second[0].known_from == utc(2026, 5, 12) > first[0].known_from
    assert second[0].provenance.document_id == "0000902664-26-000001"  # accession from name


def test_form4(sec: Path) -> None:
    out = read(sec / "374WaterForm4.xml")
    issuer = entity(out, "374Water Inc.")
    assert ("other", "ticker:SCWO") in {(a.scheme.value, a.value) for a in issuer.aliases}
    (own,) = of(out, Ownership)  # the option row is not share ownership
    assert own.source.value == "0002064133" and own.source.name == "Melkote Rajesh Ramaswamy"
    assert own.target.value == "0000933972"
    assert own.stake is None and own.direct is True
    assert own.share_class == "Common Stock (restricted stock units)"
    assert own.valid_from == date(2025, 4, 30) and own.known_from == utc(2025, 5, 2)
    assert "shares_owned_following=757756" in own.provenance.locator
    (ctl,) = of(out, Control)
    assert ctl.control_kind == "officer"
    (d,) = of(out, Disclosure)
    assert d.form_type == "Form 4" and "Stock options (right to buy)" in d.text


def test_form3_no_securities(sec: Path) -> None:
    out = read(sec / "form3.nosecurities.xml")
    assert not of(out, Ownership) and not of(out, Quarantined)
    (ctl,) = of(out, Control)
    assert ctl.control_kind == "directorship"
    assert (ctl.source.name, ctl.target.name) == ("Hegde Vinayak", "SUNPOWER CORP")
    assert ctl.valid_from == date(2021, 12, 31) and ctl.known_from == utc(2022, 1, 7)
    assert "No securities owned." in of(out, Disclosure)[0].text


def test_sc13g_html_document(sec: Path) -> None:
    out = read(sec / "SC-13G-DOCUMENT.html")
    (d,) = of(out, Disclosure)
    assert d.form_type == "SC 13G" and d.document_id == "SC-13G-DOCUMENT.html"
    assert d.filed_at == date(2024, 1, 5)
    assert "LIVENT CORPORATION" in d.text and "<" not in d.text
    edges = of(out, Ownership)
    assert [e.source.name for e in edges] == [
        "ICS Opportunities, Ltd.", "Millennium Management LLC",
        "Millennium Group Management LLC", "Israel A. Englander"]
    assert all(e.stake == Stake(exact=0.0) for e in edges)  # exited: closes earlier stakes
    assert all(e.target.value == "cusip:53814L108" for e in edges)
    assert edges[0].valid_from == date(2023, 12, 29)
    assert entity(out, "Israel A. Englander").kind is EntityKind.PERSON
    assert entity(out, "ICS Opportunities, Ltd.").jurisdiction == "KY"


def test_ex21_apple(sec: Path) -> None:
    out = list(Ex21Reader().read(sec / "ex21_aapl.html"))
    assert not of(out, Quarantined)
    edges = of(out, Ownership)
    assert len(edges) == 19
    assert {e.source.name for e in edges} == {"Apple Inc."}
    assert all(e.stake is None and e.direct is False for e in edges)
    subs = {e.name: e.jurisdiction for e in of(out, Entity)}
    assert subs["Apple Operations International Limited"] == "IE"
    assert subs["Braeburn Capital, Inc."] == "US-NV"
    assert subs["Apple Computer Trading (Shanghai) Co., Ltd."] == "CN"
    assert "Jurisdiction of Incorporation" not in subs


def test_ex21_jpmorgan_indentation(sec: Path) -> None:
    out = list(Ex21Reader().read(sec / "ex21_jpm.html"))
    parent = {e.target.name: e.source.name for e in of(out, Ownership)}
    assert len(parent) == 18
    assert parent["JPMorgan Chase Bank, National Association"] == "JPMorgan Chase & Co."
    assert parent["Paymentech, LLC"] == "JPMorgan Chase Bank, National Association"
    assert parent["JPMorgan Chase Holdings LLC"] == "JPMorgan Chase & Co."
    assert parent["J.P. Morgan Securities LLC"] == "J.P. Morgan Broker-Dealer Holdings Inc."
    assert parent["JPMorgan Asset Management (UK) Limited"] == \
        "JPMorgan Asset Management International Limited"
    assert {e.name: e.jurisdiction for e in of(out, Entity)}["J.P. Morgan SE"] == "DE"


def test_ex21_parent_option_percent_and_bad_rows(tmp_path: Path) -> None:
    f = tmp_path / "list.htm"
    f.write_text("<html><body><p>Exhibit 21</p><table>"
                 "<tr><td>Name</td><td>Jurisdiction</td><td>% Owned</td></tr>"
                 "<tr><td>Alpha GmbH</td><td>Germany</td><td>60%</td></tr>"
                 "<tr><td>Beta SARL</td><td>France</td><td>150%</td></tr>"
                 "</table></body></html>")
    # no name anywhere: held by a stub that says the filer is not named
    assert {o.source.name.split(" [")[0] for o in of(list(Ex21Reader().read(f)), Ownership)} == {"Filer not named"}
    out = list(Ex21Reader(parent="Acme Corp", filed=date(2025, 2, 1)).read(f))
    (own,) = of(out, Ownership)
    assert (own.source.name, own.target.name, own.stake) == ("Acme Corp", "Alpha GmbH",
                                                              Stake(exact=60))
    assert own.target.jurisdiction == "DE" and own.known_from == utc(2025, 2, 1)
    (q,) = of(out, Quarantined)
    assert q.locator == "table[1]/tr[3]" and q.field == "stake.exact"


def test_malformed_xml(sec: Path, tmp_path: Path) -> None:
    f = tmp_path / "broken.xml"
    f.write_bytes((sec / "schedule13g.xml").read_bytes()[:1500])
    (q,) = read(f)
    assert isinstance(q, Quarantined) and q.field == "xml" and q.locator.startswith("line ")


def test_percent_over_100_quarantined_rest_loads(sec: Path, tmp_path: Path) -> None:
    text = (sec / "schedule13g.xml").read_text()
    f = tmp_path / "over.xml"
    f.write_text(text.replace("<classPercent>5.1</classPercent>",
                              "<classPercent>150</classPercent>", 1))
    out = read(f)
    (q,) = of(out, Quarantined)
    assert q.locator == "reportingPerson[1]" and q.field == "stake.exact"
    (own,) = of(out, Ownership)
    assert own.source.name == "Marex Group plc" and own.stake == Stake(exact=5.1)


def test_form4_unknown_nature_code(sec: Path, tmp_path: Path) -> None:
    text = (sec / "374WaterForm4.xml").read_text()
    f = tmp_path / "form4.xml"
    f.write_text(text.replace("<value>D</value>", "<value>X</value>", 1))
    out = read(f)
    (q,) = of(out, Quarantined)
    assert q.field == "directOrIndirectOwnership" and "nonDerivativeTransaction[1]" in q.locator
    assert not of(out, Ownership) and of(out, Disclosure)
