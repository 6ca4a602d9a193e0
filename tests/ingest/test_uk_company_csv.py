"""Companies House "BasicCompanyData" CSV on a real 31-row excerpt of the free product
(``uk-companies-house/basic-company-data/basic-sample.csv``); expected values read off the file."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ownergraph.ingest.formats import detect
from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.model import Entity, Quarantined
from ownergraph.ingest.readers.base import midnight
from ownergraph.ingest.readers.uk.company import READERS

(COMPANY,) = READERS
SAMPLE = Path("uk-companies-house") / "basic-company-data" / "basic-sample.csv"


@pytest.fixture(scope="module")
def companies(real_data: Path) -> dict[str, Entity]:
    recs = list(COMPANY.read(real_data / SAMPLE))
    assert all(isinstance(r, Entity) for r in recs)
    return {r.ref.value: r for r in recs}


def test_detected_and_every_row_read(real_data: Path, companies: dict[str, Entity]) -> None:
    assert detect(real_data / SAMPLE).name == "uk-company"
    assert len(companies) == 31  # 32 lines: the header and 31 companies


def test_previous_names_are_dated_name_history(companies: dict[str, Entity]) -> None:
    # line 28: "AJA PROPERTY DEVELOPMENT LTD" (quoted in the name), 05651002, IncorporationDate
    # 12/12/2005, PreviousName_1.CONDATE 30/03/2006, PreviousName_1.CompanyName MAYCROSS DEVELOPMENTS LIMITED
    aja = companies["GB:05651002"]
    assert aja.name == '"AJA PROPERTY DEVELOPMENT LTD"' and aja.valid_from == date(2005, 12, 12)
    (prev,) = [a for a in aja.aliases if a.kind is AliasKind.PREVIOUS]
    assert (prev.value, prev.valid_from, prev.valid_to) == ("MAYCROSS DEVELOPMENTS LIMITED", date(2005, 12, 12),
                                                            date(2006, 3, 30))
    (legal,) = [a for a in aja.aliases if a.kind is AliasKind.LEGAL]
    assert legal.valid_from == date(2006, 3, 30)
    # line 31: "ALLWELL" ORGANIC LTD, 11191833, incorporated 07/02/2018, was "ALLWELL" NATURAL HEALTH LTD
    # until 25/04/2018 (doubled quotes inside the quoted field)
    allwell = companies["GB:11191833"]
    (prev,) = [a for a in allwell.aliases if a.kind is AliasKind.PREVIOUS]
    assert (prev.value, prev.valid_to) == ('"ALLWELL" NATURAL HEALTH LTD', date(2018, 4, 25))
    # line 13: !OBAC UK LIMITED, 07687209, was !OBAC FITTINGS LIMITED until 15/07/2011
    obac = companies["GB:07687209"]
    assert [(a.value, a.valid_to) for a in obac.aliases if a.kind is AliasKind.PREVIOUS] == [
        ("!OBAC FITTINGS LIMITED", date(2011, 7, 15))]
    # 27 of the 31 rows give no previous name
    assert sum(1 for e in companies.values() if not any(a.kind is AliasKind.PREVIOUS for a in e.aliases)) == 27


def test_company_numbers_statuses_and_overseas_companies(companies: dict[str, Entity]) -> None:
    # line 9: !NSPIRED INVESTMENTS LTD, SC606050 (Scotland); line 18: "20-20 VOICE" CANCER, CE000952,
    # Charitable Incorporated Organisation, no address; line 12: !OBAC LIMITED, FC031362,
    # "Other company type", CountryOfOrigin CHANNEL ISLANDS; line 32: "ALTAI CASHMERE" LLC, FC027187, MONGOLIA
    assert companies["GB:SC606050"].name == "!NSPIRED INVESTMENTS LTD"
    assert companies["GB:CE000952"].valid_from == date(2014, 4, 17)
    for number in ("GB:FC031362", "GB:FC027187"):
        assert companies[number].jurisdiction is None  # registered in the UK, incorporated abroad
    assert companies["GB:05651002"].jurisdiction == "GB"
    assert {e.status for e in companies.values()} == {"ACTIVE"}
    number = next(a for a in companies["GB:SC606050"].aliases if a.scheme is AliasScheme.COMPANY_NUMBER)
    assert number.value == "GB:SC606050"
    # no snapshot date in the file name: known from the latest date the row reflects
    # (line 3, ! LTD: ConfStmtLastMadeUpDate 11/09/2020)
    assert companies["GB:08209948"].known_from == midnight(date(2020, 9, 11))


def test_bad_rows_name_file_line_and_field(real_data: Path, tmp_path: Path) -> None:
    lines = (real_data / SAMPLE).read_text().splitlines()
    # ! LTD without its number, in its column and in its URI (which the product ends with the number)
    lines[2] = lines[2].replace('"08209948"', '""').replace("/company/08209948", "/company/")
    lines[3] = lines[3].replace('"05/06/2018"', '"31/06/2018"')  # !? LTD: no 31 June
    lines[4] = lines[4][:200]  # !BIG IMPACT GRAPHICS LIMITED cut short
    path = tmp_path / "BasicCompanyData-2021-07-01-part1_7.csv"
    path.write_text("\n".join(lines) + "\n")
    recs = list(COMPANY.read(path))
    bad = {q.locator: q for q in recs if isinstance(q, Quarantined)}
    assert set(bad) == {"line 3", "line 4", "line 5"}
    assert bad["line 3"].field == "CompanyNumber"
    assert bad["line 4"].field == "IncorporationDate" and "'31/06/2018'" in bad["line 4"].reason
    assert bad["line 5"].field == "row" and all(q.source_file == str(path) for q in bad.values())
    good = [r for r in recs if isinstance(r, Entity)]
    assert len(good) == 28  # every other row still loads
    assert good[0].known_from == midnight(date(2021, 7, 1))  # snapshot date in the file name
