"""EDGAR's JSON company files (issue 31 item 3, session 10), built for the test after the shapes
data.sec.gov and www.sec.gov publish (``submissions/CIK##########.json``: ``cik``, ``name``,
``entityType``, ``sic``, ``tickers``, ``stateOfIncorporation``, ``lei``, ``formerNames`` with
``from`` / ``to``, ``filings.recent``; ``company_tickers.json``; ``company_tickers_exchange.json``).
Names, numbers and dates are invented.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from ownergraph.domain.codes import AliasKind, EntityKind
from ownergraph.domain.model import Entity, Quarantined
from ownergraph.ingest.formats import detect

SUBMISSIONS = {
    "cik": "1234567", "entityType": "operating", "sic": "3571", "sicDescription": "Electronic Computers",
    "insiderTransactionForOwnerExists": 0, "insiderTransactionForIssuerExists": 1, "name": "Example Devices Inc.",
    "tickers": ["EXDV", "EXDV"], "exchanges": ["Nasdaq"], "ein": "123456789", "lei": None,
    "category": "Large Accelerated Filer", "fiscalYearEnd": "0928", "stateOfIncorporation": "CA",
    "stateOfIncorporationDescription": "CA",
    "addresses": {"business": {"street1": "1 Example Way", "city": "CUPERTINO", "stateOrCountry": "CA"}},
    "formerNames": [
        {"name": "EXAMPLE DEVICES CORP", "from": "2007-01-10T00:00:00.000Z", "to": "2019-08-05T00:00:00.000Z"},
        {"name": "EXAMPLE COMPUTER INC", "from": "1994-01-26T00:00:00.000Z", "to": "2007-01-04T00:00:00.000Z"}],
    "filings": {"recent": {"accessionNumber": ["0001234567-24-000036", "0001234567-24-000001"],
                           "filingDate": ["2024-03-04", "2024-01-02"],
                           "acceptanceDateTime": ["2024-03-04T18:30:12.000Z", "2024-01-02T16:01:00.000Z"],
                           "form": ["4", "10-K"]}, "files": []}}


def read(tmp_path: Path, obj: object, name: str) -> list:
    path = tmp_path / name
    path.write_text(json.dumps(obj))
    assert detect(path).name == "sec"
    return list(detect(path).read(path))


def test_submissions_file_is_the_company_with_dated_former_names(tmp_path: Path) -> None:
    (ent,) = read(tmp_path, SUBMISSIONS, "CIK0001234567.json")
    assert (ent.ref.value, ent.name, ent.kind, ent.jurisdiction) == ("0001234567", "Example Devices Inc.",
                                                                    EntityKind.COMPANY, "US-CA")
    assert ent.industry_codes == ("SIC:3571",)
    previous = {a.value: (a.valid_from, a.valid_to) for a in ent.aliases if a.kind is AliasKind.PREVIOUS}
    assert previous == {"EXAMPLE DEVICES CORP": (date(2007, 1, 10), date(2019, 8, 5)),
                        "EXAMPLE COMPUTER INC": (date(1994, 1, 26), date(2007, 1, 4))}
    legal = next(a for a in ent.aliases if a.kind is AliasKind.LEGAL)
    assert legal.valid_from == date(2019, 8, 5)
    assert [a.value for a in ent.aliases if a.value.startswith("ticker:")] == ["ticker:EXDV"]
    assert ent.known_from.date() == date(2024, 3, 4)


def test_a_person_filer_is_not_made_a_company(tmp_path: Path) -> None:
    person = {"cik": "1214156", "entityType": "other", "sic": "", "name": "DOE JANE", "tickers": [],
              "formerNames": [], "stateOfIncorporation": "", "filings": {"recent": {}}}
    (ent,) = read(tmp_path, person, "CIK0001214156.json")
    assert ent.kind is EntityKind.UNKNOWN and ent.jurisdiction is None and not ent.industry_codes


def test_submissions_without_a_cik_is_refused(tmp_path: Path) -> None:
    (q,) = read(tmp_path, dict(SUBMISSIONS, cik=""), "CIK.json")
    assert isinstance(q, Quarantined) and q.field == "cik"


def test_company_tickers_files(tmp_path: Path) -> None:
    plain = {"0": {"cik_str": 1234567, "ticker": "EXDV", "title": "Example Devices Inc."},
             "1": {"cik_str": 7654321, "ticker": "OTHR", "title": "Other Corp"},
             "2": {"cik_str": 7654321, "ticker": "OTHR-PA", "title": "Other Corp"},
             "3": {"cik_str": None, "ticker": "NOPE", "title": "No Cik Co"}}
    records = read(tmp_path, plain, "company_tickers.json")
    (q,) = [r for r in records if isinstance(r, Quarantined)]
    assert q.field == "cik" and q.locator == "[3]"
    by_cik = {e.ref.value: e for e in records if isinstance(e, Entity)}
    assert set(by_cik) == {"0001234567", "0007654321"}
    assert {a.value for a in by_cik["0007654321"].aliases if a.value.startswith("ticker:")} == {
        "ticker:OTHR", "ticker:OTHR-PA"}
    exchange = {"fields": ["cik", "name", "ticker", "exchange"],
                "data": [[1234567, "Example Devices Inc.", "EXDV", "Nasdaq"]]}
    (ent,) = read(tmp_path, exchange, "company_tickers_exchange.json")
    assert ent.name == "Example Devices Inc." and ent.ref.value == "0001234567"
