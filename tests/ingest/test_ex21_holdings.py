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


def test_a_name_spelt_with_and_without_its_final_period_reads_the_same_in_every_process() -> None:
    # the same company written "Ltd." and "Ltd" in one file: which spelling names it must not
    # depend on the process's string hashing (it did: a set gave the first)
    import json
    import os
    import subprocess
    import sys

    text = ("77120 Alberta Ltd. 100% of the outstanding shares of 77120 Alberta Ltd. are held directly "
            "by 77118 Alberta Ltd. 100% of the outstanding shares of 77118 Alberta Ltd are held directly "
            "by Northgate Holdings Limited. 60% of the common stock of 77121 Alberta Ltd. is held "
            "directly by 77118 Alberta Ltd.")
    code = ("import json, sys; from ownergraph.ingest.readers.sec.ex21_holdings import holdings; "
            "print(json.dumps([[h.child, h.owner] for h in holdings(sys.argv[1])]))")
    runs = {subprocess.run([sys.executable, "-c", code, text], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout for seed in range(6)}
    assert len(runs) == 1, runs
    owners = {owner for _, owner in json.loads(runs.pop())}
    assert "77118 Alberta Ltd." in owners and "77118 Alberta Ltd" not in owners
