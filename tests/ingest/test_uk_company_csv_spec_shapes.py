"""Basic Company Data CSV with every one of the product's 55 columns filled (issue 31 item 1; file
and source: tests/fixtures/spec_shapes/README.md): what the model keeps of each column. The
registered address, company category, accounts, returns, mortgage and partnership counts are not
modelled and change nothing; SICCode.SicText_1..4 are the entity's industry codes."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.model import Entity, Quarantined
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.uk.company import uk_sic_codes

CSV = Path(__file__).parents[1] / "fixtures" / "spec_shapes" / "uk" / "BasicCompanyData-2024-03-01-every-column.csv"


def companies() -> dict[str, Entity]:
    assert detect(CSV).name == "uk-company"
    records = list(detect(CSV).read(CSV))
    assert not [r for r in records if isinstance(r, Quarantined)] and len(records) == 3
    return {r.ref.value: r for r in records}


def test_every_column_row() -> None:
    full = companies()["GB:SC123456"]
    assert full.name == "SPEC ÉTUDE & FILS LIMITED" and full.jurisdiction == "GB"
    assert full.status == "ACTIVE_-_PROPOSAL_TO_STRIKE_OFF" and full.valid_from == date(1990, 1, 2)
    assert full.valid_to is None and full.known_from.date() == date(2024, 3, 1)  # the file name's date
    assert full.industry_codes == ("UKSIC:70100", "UKSIC:64209", "UKSIC:68100", "UKSIC:01110")
    assert full.provenance.document_id == "http://business.data.gov.uk/id/company/SC123456"
    previous = [(a.value, a.valid_from, a.valid_to) for a in full.aliases if a.kind is AliasKind.PREVIOUS]
    assert len(previous) == 10  # PreviousName_1 (newest) .. PreviousName_10 (oldest, from incorporation)
    assert previous[0] == ("SPEC NAME 10 LIMITED", date(2018, 6, 1), date(2020, 6, 1))
    assert previous[-1] == ("SPEC NAME 1 LIMITED", date(1990, 1, 2), date(2002, 6, 1))
    legal = [(a.value, a.valid_from) for a in full.aliases if a.kind is AliasKind.LEGAL]
    assert legal == [("SPEC ÉTUDE & FILS LIMITED", date(2020, 6, 1))]
    assert [a.value for a in full.aliases if a.scheme is AliasScheme.COMPANY_NUMBER] == ["GB:SC123456"]


def test_partnership_and_overseas_rows_with_few_columns() -> None:
    got = companies()
    lp = got["GB:LP012345"]
    assert (lp.status, lp.valid_from, lp.valid_to) == ("DISSOLVED", date(2005, 2, 1), date(2021, 3, 15))
    assert lp.industry_codes == ()  # "None Supplied"
    overseas = got["GB:FC031234"]
    assert overseas.jurisdiction is None and overseas.valid_from is None  # CountryOfOrigin GERMANY


def test_uk_sic_codes_from_texts_and_bare_codes() -> None:
    assert uk_sic_codes(["70100 - Activities of head offices", "None Supplied", "", None]) == ("UKSIC:70100",)
    assert uk_sic_codes(["99999", 1110, "70100"]) == ("UKSIC:99999", "UKSIC:01110", "UKSIC:70100")


def test_api_profile_sic_codes_are_the_same_industry_codes() -> None:
    """The company profile resource's ``sic_codes`` (real file: 00006408, ``["72110"]``)."""
    path = Path(__file__).parents[1] / "fixtures" / "real" / "uk-api" / "chprofile-00006408-getCompanyProfile.json"
    (company,) = [r for r in detect(path).read(path) if isinstance(r, Entity)]
    assert company.industry_codes == ("UKSIC:72110",)
