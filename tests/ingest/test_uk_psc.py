"""UK Companies House readers: PSC records and basic company data, read off the real samples."""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from pathlib import Path

from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind, ExceptionReason, InterestType
from ownergraph.domain.model import Control, Disclosure, Entity, Ownership, Quarantined, ReportingException
from ownergraph.ingest.readers.uk import company as uk_company
from ownergraph.ingest.readers.uk.psc import READERS, natures

(PSC,), (COMPANY,) = READERS, uk_company.READERS


def read(path: Path, reader=PSC) -> list:
    return list(reader.read(path))


def of(records: list, cls: type) -> list:
    return [r for r in records if isinstance(r, cls)]


def band(stake) -> tuple:
    return (stake.lo, stake.hi, stake.lo_inclusive, stake.hi_inclusive)


def midnight(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=timezone.utc)


def test_individual_psc(real_data: Path) -> None:
    records = read(real_data / "uk-psc/psc-data-3.json")
    assert not of(records, Quarantined)
    (person,) = of(records, Entity)  # the snapshot totals trailer is not a record
    assert person.name == "Michael Charles Saunders" and person.kind is EntityKind.PERSON
    assert {(a.scheme, a.value) for a in person.aliases} == {
        (AliasScheme.NAME, "Michael Charles Saunders"), (AliasScheme.NAME, "Mr Michael Charles Saunders"),
        (AliasScheme.PSC_ID, "Q4obUUwOO7TeElahEzWmRh2QKxs")}
    edges = {o.interest: o for o in of(records, Ownership)}
    assert set(edges) == {InterestType.SHAREHOLDING, InterestType.VOTING_RIGHTS}
    share = edges[InterestType.SHAREHOLDING]
    assert (share.source.scheme, share.source.value) == (AliasScheme.PSC_ID, "Q4obUUwOO7TeElahEzWmRh2QKxs")
    assert (share.target.scheme, share.target.value) == (AliasScheme.COMPANY_NUMBER, "GB:08810260")
    assert band(share.stake) == (75, 100, True, True)  # "75% or more"
    assert share.valid_from == date(2016, 4, 6) and share.valid_to is None
    assert share.known_from == midnight(2016, 4, 6)
    assert share.fact_key == "psc:08810260:Q4obUUwOO7TeElahEzWmRh2QKxs"
    assert share.provenance.document_id.endswith("/individual/Q4obUUwOO7TeElahEzWmRh2QKxs")


def test_bands_and_separate_interest_types(real_data: Path) -> None:
    records = read(real_data / "uk-psc/psc-data-10.json")  # Wpp Rocky Ltd: shares 75-100, votes 25-50
    edges = {o.interest: o for o in of(records, Ownership)}
    assert band(edges[InterestType.SHAREHOLDING].stake) == (75, 100, True, True)
    assert band(edges[InterestType.VOTING_RIGHTS].stake) == (25, 50, False, True)
    assert edges[InterestType.SHAREHOLDING].target.value == "GB:06452920"
    (bunyan,) = [o for o in of(read(real_data / "uk-psc/psc-data-8.json"), Ownership)
                 if o.target.value == "GB:03136191"]
    assert bunyan.source.name == "Michael Stanley Bunyan" and band(bunyan.stake) == (25, 50, False, True)
    assert bunyan.valid_from == date(2016, 11, 1)
    assert band(natures("voting-rights-50-to-75-percent")[1]) == (50, 75, False, False)


def test_corporate_psc_uk_registered_joins_by_company_number(real_data: Path) -> None:
    records = read(real_data / "uk-psc/psc-data-2.json")
    (hitchins,) = of(records, Entity)
    assert hitchins.name == "Robert Hitchins Limited" and hitchins.kind is EntityKind.COMPANY
    assert (hitchins.ref.scheme, hitchins.ref.value) == (AliasScheme.COMPANY_NUMBER, "GB:00686734")
    assert hitchins.jurisdiction == "GB"
    for edge in of(records, Ownership):
        assert (edge.source.value, edge.target.value) == ("GB:00686734", "GB:07434180")

    (st_paul,) = of(read(real_data / "uk-psc/psc-data-15.json"), Entity)  # registered in the US
    assert st_paul.ref.scheme is AliasScheme.PSC_ID and st_paul.jurisdiction is None
    assert (AliasScheme.OTHER, "Minnesota, Usa:41-0406690") in {(a.scheme, a.value) for a in st_paul.aliases}


def test_board_appointment_is_control(real_data: Path) -> None:
    records = read(real_data / "uk-psc/psc-data-12.json")
    (ctrl,) = of(records, Control)
    assert ctrl.control_kind == "board_appointment" and ctrl.stake is None
    assert ctrl.source.name == "Stddminvest Limited" and ctrl.target.value == "GB:10308743"
    assert ctrl.valid_from == date(2016, 8, 2)
    assert len(of(records, Ownership)) == 2


def test_trust_and_firm_variants_are_control_not_ownership(real_data: Path) -> None:
    records = read(real_data / "uk-psc/psc-data-4.json")  # overseas entity, as trust
    assert not of(records, Ownership)
    (ctrl,) = of(records, Control)
    assert ctrl.control_kind == "significant_influence_as_trust" and ctrl.target.value == "GB:OE029880"
    assert ctrl.valid_from == date(2005, 11, 21)

    czech = read(real_data / "uk-psc/psc-data-6.json")
    (gov,) = of(czech, Entity)
    assert gov.name == "Government Of Czech Republic" and gov.kind is EntityKind.GOVERNMENT
    (own,) = of(czech, Ownership)
    assert band(own.stake) == (25, 100, False, True)  # overseas entity: "more than 25%"
    (firm,) = of(czech, Control)
    assert firm.control_kind == "shareholding_as_firm" and band(firm.stake) == (25, 100, False, True)


def test_super_secure_is_a_reporting_exception(real_data: Path) -> None:
    records = read(real_data / "uk-psc/psc-data-7.json")
    (rex,) = records
    assert isinstance(rex, ReportingException)
    assert rex.entity.value == "GB:02443921" and rex.reason is ExceptionReason.NON_PUBLIC
    assert rex.known_from == midnight(2024, 12, 19)  # no notified_on: the record's ContentDate
    assert rex.fact_key == "psc:02443921:NcZQQA0LMrXYV1u0fGRHLrGIL_I"


def _line(company: str, data: dict) -> str:
    return json.dumps({"company_number": company, "data": data})


def test_statements_ceased_records_and_json_lines(real_data: Path, tmp_path: Path) -> None:
    real = json.loads((real_data / "uk-psc/psc-data-3.json").read_text())
    ceased = dict(real[0]["data"], ceased_on="2019-02-28")
    lines = [
        _line("08810260", ceased),
        _line("01234567", {"kind": "persons-with-significant-control-statement", "notified_on": "2017-03-01",
                           "statement": "no-individual-or-entity-with-signficant-control",
                           "links": {"self": "/company/01234567/persons-with-significant-control-statements/abc"}}),
        _line("OE000001", {"kind": "persons-with-significant-control-statement", "notified_on": "2023-01-10",
                           "statement": "all-beneficial-owners-identified",
                           "links": {"self": "/company/OE000001/persons-with-significant-control-statements/x"}}),
        _line("00000006", {"kind": "exemptions", "links": {"self": "/company/00000006/exemptions"},
                           "exemptions": {"psc_exempt_as_trading_on_regulated_market": {
                               "exemption_type": "psc-exempt-as-trading-on-regulated-market",
                               "items": [{"exempt_from": "2016-04-06"}]}}}),
        json.dumps(real[1]),  # totals trailer
    ]
    path = tmp_path / "persons-with-significant-control-snapshot-2024-11-22.txt"
    path.write_text("\n".join(lines) + "\n")
    assert PSC.sniff(path, path.read_bytes()[:1024])
    records = read(path)
    assert not of(records, Quarantined)
    shares = sorted((o for o in of(records, Ownership) if o.interest is InterestType.SHAREHOLDING),
                    key=lambda o: o.known_from)
    # the open version known from notification, the closing one known from cessation
    assert [(o.valid_to, o.known_from) for o in shares] == [
        (None, midnight(2016, 4, 6)), (date(2019, 2, 28), midnight(2019, 2, 28))]
    assert len({o.fact_key for o in shares}) == 1
    rex, exempt = of(records, ReportingException)
    assert rex.reason is ExceptionReason.NO_KNOWN_PERSON and rex.entity.value == "GB:01234567"
    assert exempt.entity.value == "GB:00000006" and exempt.reason is ExceptionReason.NON_PUBLIC
    assert exempt.valid_from == date(2016, 4, 6) and "regulated-market" in exempt.reference
    assert "no-individual-or-entity" in rex.reference and rex.valid_from == date(2017, 3, 1)
    (info,) = of(records, Disclosure)
    assert info.title == "all-beneficial-owners-identified" and info.filer.value == "GB:OE000001"


def test_bad_psc_input_is_quarantined(real_data: Path, tmp_path: Path) -> None:
    real = json.loads((real_data / "uk-psc/psc-data-14.json").read_text())[0]
    unknown_nature = json.loads(json.dumps(real))
    unknown_nature["data"]["natures_of_control"].append("ownership-of-goodwill-25-to-50-percent")
    backwards = json.loads(json.dumps(real))
    backwards["data"]["ceased_on"] = "2015-01-01"
    no_link = json.loads(json.dumps(real))
    del no_link["data"]["links"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([unknown_nature, backwards, no_link])[:-1] + ', {"company_number": ')
    records = read(path)
    q = {r.locator: r for r in of(records, Quarantined)}
    assert set(q) == {"[0].natures_of_control[2]", "[3]"}
    assert "ownership-of-goodwill" in q["[0].natures_of_control[2]"].reason
    # ceased before it was notified (a late notification, session 7): it loads, ending at ceased_on
    # from an unstated start, known from notified_on
    late = [o for o in of(records, Ownership) if o.valid_to == date(2015, 1, 1)]
    assert late and all(o.valid_from is None and o.known_from.date() > date(2015, 1, 1) for o in late)
    assert q["[3]"].field == "json"  # truncated file: stops at the failure point
    # the first record's two good natures still load (Companion Care (Services) Limited), and the
    # record without links.self too, named by its content (kind, name, notified_on)
    assert len(of(records, Ownership)) == 4 + len(late) and of(records, Entity)[0].name == "Companion Care (Services) Limited"
    assert any(e.provenance.source_record_id.split(":")[1].startswith("content-") for e in of(records, Entity))


def test_basic_company_data_csv(real_data: Path) -> None:
    path = real_data / "uk-psc/basic-company-data-1.csv"
    assert COMPANY.sniff(path, path.read_bytes()[:1024]) and not PSC.sniff(path, path.read_bytes()[:1024])
    (company,) = read(path, COMPANY)  # the sample is hard-wrapped at 118 characters
    assert isinstance(company, Entity)
    assert company.name == "! LTD" and company.kind is EntityKind.COMPANY
    assert (company.ref.scheme, company.ref.value) == (AliasScheme.COMPANY_NUMBER, "GB:08209948")
    assert company.valid_from == date(2012, 9, 11) and company.valid_to is None
    assert company.status == "ACTIVE" and company.jurisdiction == "GB"
    assert company.known_from == midnight(2024, 9, 11)  # latest event: confirmation statement
    assert company.provenance.document_id == "http://business.data.gov.uk/id/company/08209948"


def test_previous_names_with_dates_and_bad_rows(real_data: Path, tmp_path: Path) -> None:
    text = (real_data / "uk-psc/basic-company-data-1.csv").read_text().splitlines()
    header, row = "".join(text[:11]), "".join(text[11:])
    fields = row.split('","')
    names = [h.strip() for h in header.split(",")]
    idx = {n: i for i, n in enumerate(names)}
    fields[idx["PreviousName_1.CONDATE"]] = "01/02/2018"
    fields[idx["PreviousName_1.CompanyName"]] = "EXCLAMATION LIMITED"
    fields[idx["PreviousName_2.CONDATE"]] = "05/06/2014"
    fields[idx["PreviousName_2.CompanyName"]] = "BANG LTD"
    renamed = '","'.join(fields)
    bad = renamed.replace('"11/09/2012"', '"31/02/2012"')
    path = tmp_path / "BasicCompanyData-2024-12-01-part1_7.csv"
    path.write_text("\n".join([header, renamed, bad]) + "\n")
    records = read(path, COMPANY)
    company, q = records
    prev = {a.value: a for a in company.aliases if a.kind is AliasKind.PREVIOUS}
    assert (prev["EXCLAMATION LIMITED"].valid_from, prev["EXCLAMATION LIMITED"].valid_to) == (
        date(2014, 6, 5), date(2018, 2, 1))
    assert (prev["BANG LTD"].valid_from, prev["BANG LTD"].valid_to) == (date(2012, 9, 11), date(2014, 6, 5))
    legal = next(a for a in company.aliases if a.kind is AliasKind.LEGAL)
    assert legal.value == "! LTD" and legal.valid_from == date(2018, 2, 1)
    assert company.known_from == midnight(2024, 12, 1)  # snapshot date in the file name
    assert isinstance(q, Quarantined) and q.locator == "line 3" and "day is out of range" in q.reason


def test_links_given_as_a_list_name_the_psc(real_data: Path, tmp_path: Path) -> None:
    """Some Companies House services write ``links`` as a list of one object; the PSC id is the
    same as when it is an object (one helper reads both, shared with the API reader)."""
    line = json.loads((real_data / "uk-psc/psc-data-3.json").read_text())[0]
    line["data"]["links"] = [line["data"]["links"]]
    path = tmp_path / "psc-links-list.json"
    path.write_text(json.dumps([line]))
    records = read(path)
    assert not of(records, Quarantined)
    share = next(o for o in of(records, Ownership) if o.interest is InterestType.SHAREHOLDING)
    assert share.fact_key == "psc:08810260:Q4obUUwOO7TeElahEzWmRh2QKxs"
