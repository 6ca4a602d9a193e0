"""Places as filers write them -> ISO 3166 codes (ownergraph.domain.places): every country of the
list, US states and territories, and the forms filings use beside the list's names."""

from __future__ import annotations

import pytest

from ownergraph.domain.places import _list_rows, country_codes, place_code
from ownergraph.ingest.readers.sec.values import jurisdiction


@pytest.mark.parametrize(("text", "code"), [
    ("Tunisia", "TN"), ("Morocco", "MA"), ("Puerto Rico", "PR"), ("Commonwealth of Puerto Rico", "PR"),
    ("P.R.", "PR"), ("the Netherlands", "NL"), ("The Netherlands", "NL"), ("Holland", "NL"),
    ("U.K.", "GB"), ("England & Wales", "GB"), ("Scotland", "GB"), ("Korea, Republic of", "KR"),
    ("Republic of Korea", "KR"), ("People's Republic of China", "CN"), ("P.R.C.", "CN"),
    ("Republic of China", "TW"), ("Curaçao", "CW"), ("Côte d’Ivoire", "CI"), ("Trinidad & Tobago", "TT"),
    ("St. Kitts and Nevis", "KN"), ("Turks and Caicos Islands", "TC"), ("B.V.I.", "VG"),
    ("U.S. Virgin Islands", "VI"), ("Guam", "GU"), ("American Samoa", "AS"), ("Grand Duchy of Luxembourg", "LU"),
    ("Kingdom of Saudi Arabia", "SA"), ("Democratic Republic of the Congo", "CD"), ("Burma", "MM"),
    ("Delaware", "US-DE"), ("Del.", "US-DE"), ("N.Y.", "US-NY"), ("D.C.", "US-DC"), ("Calif.", "US-CA"),
    ("Delaware, U.S.A.", "US-DE"), ("U.S.A. (Delaware)", "US-DE"), ("Bristol, UK", "GB"),
    ("Ontario", "CA-ON"), ("Nova Scotia, Canada", "CA-NS"), ("Labuan", "MY-15"),
])
def test_a_place_as_filings_write_it_has_its_code(text: str, code: str) -> None:
    assert place_code(text) == code


def test_every_country_of_the_list_is_known_by_its_list_name() -> None:
    codes = country_codes()
    assert len(codes) >= 249 and {"TN", "MA", "PR"} <= codes
    # bare names two places share; "Georgia" is the US state, as US filings mean it
    ambiguous = {"CD", "CG", "KP", "AS", "WS", "VG", "VI", "MF", "SX", "GE"}
    for code, name in _list_rows():
        assert place_code(name) == code or code in ambiguous, name


@pytest.mark.parametrize("text", ["Acme Holdings", "Delaware Business Trust", "Virgin Islands", ""])
def test_text_that_names_no_place_has_no_code(text: str) -> None:
    assert place_code(text) is None


def test_the_readers_jurisdiction_codes_every_country_and_keeps_other_text() -> None:
    assert jurisdiction("Tunisia") == "TN" and jurisdiction("Morocco") == "MA"
    assert jurisdiction("Commonwealth of Puerto Rico") == "PR"
    assert jurisdiction("Delaware Business Trust") == "Delaware Business Trust"


def test_whole_names_and_first_words_of_places() -> None:
    from ownergraph.domain.places import names_place, starts_place
    assert names_place("Burkina Faso") and names_place("the Republic of Togo") and names_place("Hong Kong")
    assert not names_place("DE") and not names_place("Bristol, UK") and not names_place("Acme Ltd")
    assert starts_place("Burkina") and starts_place("Guinea-Bissau and") and not starts_place("Acme Holdings")


def test_extractor_reads_places_from_the_one_list() -> None:
    from ownergraph.ingest.extract.parties import is_party, negative_shape
    # neither was in the extractor's own country list, which the ISO 3166 list replaced
    assert not is_party("Burkina Faso") and not is_party("Togo")
    assert negative_shape("a Burkina Faso corporation") == "description"
    assert is_party("Togo Holdings Ltd")
