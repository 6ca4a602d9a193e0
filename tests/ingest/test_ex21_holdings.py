"""Exhibit 21 holdings stated in sentences (ex21_holdings), footnote marks against a legal form
(ex21_names.unglued) and a country's name after several styles (places)."""

from ownergraph.domain.places import place_code
from ownergraph.ingest.readers.sec.ex21_holdings import Holding, holdings
from ownergraph.ingest.readers.sec.ex21_names import unglued

_PROSE = """SUBSIDIARIES HOLDING THE SECURITIES

Beta Holdings Inc. 100% of the outstanding shares of Beta Holdings Inc. are held
directly by Alpha Corporation Limited ("Alpha"), a direct subsidiary of Omega.

Gamma N.B. Inc. 70.5% of the non-voting common stock of Gamma N.B. Inc. is
held directly by Delta N.B. Inc. 29.5% of the non-voting common stock of Gamma
N.B. Inc. is held directly by Omega. Delta N.B. Inc. is controlled by Alpha.
                                 Page 9 of 9"""


def test_holding_sentences_give_holder_and_percent_with_short_names_resolved():
    found = set(holdings(_PROSE))
    assert Holding("Beta Holdings Inc.", "Alpha Corporation Limited", "100%") in found
    assert Holding("Alpha Corporation Limited", "Omega", None) in found
    assert Holding("Gamma N.B. Inc.", "Delta N.B. Inc.", "70.5%") in found
    assert Holding("Gamma N.B. Inc.", "Omega", "29.5%") in found
    assert Holding("Delta N.B. Inc.", "Alpha Corporation Limited", None) in found


def test_a_list_without_sentences_states_no_holdings():
    assert holdings("Acme Inc.    Delaware\nBeta Ltd.    England\n") == []


def test_footnote_mark_against_a_legal_form_is_dropped_real_figures_kept():
    assert unglued("Sapa AB1") == "Sapa AB"
    assert unglued("Sapiens International Corporation N.V(2).") == "Sapiens International Corporation N.V"
    assert unglued("Big Brown 3") == "Big Brown 3"
    assert unglued("Fund 2 Ltd.") == "Fund 2 Ltd."


def test_country_after_several_styles():
    assert place_code("The Republic of the Union of Myanmar") == "MM"
    assert place_code("Republic of Panama") == "PA"
