"""The neighbourhood, names, screening and branches kinds on the example bundle (issue 30, item 3):
the analytic's values read off the bundle by hand, the command's ``--json`` and ``ask`` giving
the same facts.

examples/bundle/example.bundle.jsonl, as of 2024-06-30:
- own-holdings-shipping (Holdings owns 72.5% of Shipping, the 2018 correction of 75.5%),
  gtee-holdings-shipping-2020 (EUR 150m), cons-shipping-holdings; own-shipping-ferries (100%);
  loan-granite-shipping-2020 (Granite Bank AG lends USD 80m); own-shipping-meridian closed on
  2023-09-30. So one hop from Shipping over every kind: Holdings, Ferries, Granite Bank.
- own-petrov-valtora (100%), own-valtora-holdings (25-50%) and vote-valtora-holdings (52% of the
  votes); ctl-petrova-board (Elena Petrova appoints Holdings' board); own-holdings-marine (100%);
  own-nordkap-valtora-error is retracted. So two hops from Valtora over ownership and control:
  Petrov and Holdings (1), Elena Petrova, Shipping and Marine Operations (2).
- Harbourline Holdings PLC: LEI 213800HBLHOLD1NGS054, company number GB:06874512, previously
  Harbourline Group Limited (until 2021-06-01, ca-rename-harbourline), trading as Harbourline;
  Kestrel Energy S.p.A. merged into it on 2022-11-01 (succ-kestrel-holdings).
- sanc-uk-petrov: Ivan Petrov, OFSI, from 2022-03-15. holdings.csv at 2024-06-30 (the latest
  snapshot per instrument): EQ-EUROPE GBP 12,500,000.50 of Holdings, CREDIT-IG EUR 25m of Marine
  Operations (the bond moved with the spin-off), LOANS-CORP USD 8m to Shipping and GBP 1.75m to
  Ferries, all controlled by Petrov through Valtora's 52% of Holdings' votes; EUR 3.1m of
  Meridian is not (sold to Nordkap). At 2024-03-31: GBP 12.5m of Holdings and EUR 25m of
  Shipping. Reach (owns, controls, guarantees, lends, undirected): Valtora 1, Holdings 2,
  Shipping, Marine and Elena Petrova's none 3.
- branch-granite-london: Granite Bank AG, London Branch is a branch of Granite Bank AG from
  2004-03-01.
"""

from __future__ import annotations

from typing import Any

from ownergraph.graph.analytics.api import Analytics
from tests.example_bundle import AS_OF, as_json, bundle_graph, cli_run  # noqa: F401 (fixtures)

SHIPPING, VALTORA, HOLDINGS = "Harbourline Shipping Limited", "Valtora Investments Ltd", "Harbourline Holdings PLC"


def _ask(graph: Any, text: str, as_of: str | None = AS_OF) -> Any:
    from ownergraph.retrieval.api import Ownergraph

    return Ownergraph(graph, text=None).ask(text, as_of=as_of)


def _by_distance(rows: Any) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for r in rows:
        out.setdefault(r["distance"], set()).add(r["name"])
    return out


# -- neighbourhood ------------------------------------------------------------------------------

def test_neighbourhood_one_hop_of_shipping_over_every_kind(bundle_graph) -> None:
    res = Analytics(bundle_graph).structure.neighbourhood(SHIPPING, 1, as_of=AS_OF)
    assert _by_distance(res.rows) == {1: {HOLDINGS, "Harbourline Ferries Limited", "Granite Bank AG"}}
    holdings = next(r for r in res.rows if r["name"] == HOLDINGS)
    assert {e["type"] for e in holdings["edges"]} == {"OWNS", "GUARANTEES", "CONSOLIDATED_BY"}
    assert res.more_beyond  # Valtora, Elena Petrova, Marine Operations lie at two hops


def test_neighbourhood_two_hops_of_valtora_over_ownership_and_control(bundle_graph) -> None:
    res = Analytics(bundle_graph).structure.neighbourhood(VALTORA, 2, kinds=("ownership", "control"), as_of=AS_OF)
    assert _by_distance(res.rows) == {1: {"Ivan Petrov", HOLDINGS},
                                      2: {"Elena Petrova", SHIPPING, "Harbourline Marine Operations Limited"}}


def test_neighbourhood_ask_equals_the_command(bundle_graph, cli_run) -> None:
    ans = _ask(bundle_graph, f"What is within two hops of {VALTORA} over ownership and control links?")
    assert ans.question.pattern == "neighbourhood"
    cli = as_json(cli_run("neighbourhood", VALTORA, "--hops", "2", "--kinds", "ownership,control",
                          "--as-of", AS_OF, "--json"))
    assert _by_distance(cli["rows"]) == _by_distance(ans.evidence.result.rows)
    for name in ("Ivan Petrov", "Elena Petrova", SHIPPING):
        assert name in ans.text
    assert "Harbourline Holdings PLC owns 72.5% of the shares of Harbourline Shipping Limited" in " ".join(ans.text.split())


# -- names --------------------------------------------------------------------------------------

def test_names_of_holdings(bundle_graph) -> None:
    res = Analytics(bundle_graph).lookup.names(HOLDINGS, as_of="2020-12-31")
    assert (res.name, res.lei, res.name_then) == (HOLDINGS, "213800HBLHOLD1NGS054", "Harbourline Group Limited")
    by_role = {(r["role"], r["name"]) for r in res.rows}
    assert ("previous", "Harbourline Group Limited") in by_role and ("trading", "Harbourline") in by_role
    assert ("identifier", "GB:06874512") in by_role
    kestrel = next(r for r in res.rows if r["role"] == "predecessor")
    assert (kestrel["name"], kestrel["action"], str(kestrel["valid_from"])) == \
        ("Kestrel Energy S.p.A.", "merger", "2022-11-01")
    assert next(r for r in res.rows if r["role"] == "previous")["valid_to"].isoformat() == "2021-06-01"


def test_names_ask_equals_the_command(bundle_graph, cli_run) -> None:
    ans = _ask(bundle_graph, f"What was {HOLDINGS} called on 2020-12-31?", as_of=None)  # the question's date
    assert ans.question.pattern == "names"
    cli = as_json(cli_run("names", HOLDINGS, "--as-of", "2020-12-31", "--json"))
    assert cli["name_then"] == ans.evidence.result.name_then == "Harbourline Group Limited"
    assert {r["name"] for r in cli["rows"]} == {r["name"] for r in ans.evidence.result.rows}
    assert "Harbourline Group Limited" in ans.text and "213800HBLHOLD1NGS054" in ans.text
    lei = _ask(bundle_graph, f"What is {VALTORA}'s LEI?")
    assert "984500VALT0RA1NV0011" in lei.text


def test_what_became_of_kestrel(bundle_graph) -> None:
    ans = _ask(bundle_graph, "What became of Kestrel Energy S.p.A.?")
    assert ans.question.pattern == "names"
    text = " ".join(ans.text.split())
    assert "It was succeeded by Harbourline Holdings PLC (merger, 2022-11-01, LEI 213800HBLHOLD1NGS054" in text, text


# -- screening ----------------------------------------------------------------------------------

def _positions(rows: Any) -> set[tuple[str, str, str, float, str]]:
    return {(r["portfolio"], r["instrument"], r["issuer_name"], round(float(r["amount"]), 2), r["currency"])
            for r in rows}


CONTROLLED_2024_06 = {
    ("EQ-EUROPE", "GB000HBLHLD07", HOLDINGS, 12500000.5, "GBP"),
    ("CREDIT-IG", "XS2765432104", "Harbourline Marine Operations Limited", 25000000.0, "EUR"),
    ("LOANS-CORP", "LN-000417", SHIPPING, 8000000.0, "USD"),
    ("LOANS-CORP", "LN-000533", "Harbourline Ferries Limited", 1750000.0, "GBP"),
}


def test_screening_owned_or_controlled(bundle_graph) -> None:
    a = Analytics(bundle_graph).structure
    res = a.screening(as_of=AS_OF)
    assert [p["name"] for p in res.parties] == ["Ivan Petrov"]
    assert _positions(res.rows) == CONTROLLED_2024_06
    assert {r["party_name"] for r in res.rows} == {"Ivan Petrov"}
    assert res.totals() == {"EUR": 25000000.0, "GBP": 14250000.5, "USD": 8000000.0}
    assert _positions(a.screening(as_of="2024-03-31").rows) == {
        ("EQ-EUROPE", "GB000HBLHLD07", HOLDINGS, 12500000.5, "GBP"),
        ("CREDIT-IG", "XS2765432104", SHIPPING, 25000000.0, "EUR")}
    before = a.screening(as_of="2021-12-31")  # before OFSI listed Petrov (2022-03-15)
    assert (before.parties, before.rows) == ((), ())


def test_screening_within_hops(bundle_graph) -> None:
    a = Analytics(bundle_graph).structure
    assert {r["issuer_name"] for r in a.screening(2, as_of=AS_OF).rows} == {HOLDINGS}
    three = a.screening(3, as_of=AS_OF).rows
    assert {(r["issuer_name"], r["distance"]) for r in three} == {
        (HOLDINGS, 2), (SHIPPING, 3), ("Harbourline Marine Operations Limited", 3)}
    assert _positions(a.screening(portfolio="LOANS-CORP", as_of=AS_OF).rows) == \
        {p for p in CONTROLLED_2024_06 if p[0] == "LOANS-CORP"}


def test_screening_ask_equals_the_command(bundle_graph, cli_run) -> None:
    ans = _ask(bundle_graph, "Are any of our positions owned or controlled by sanctioned parties?")
    assert ans.question.pattern == "screening"
    cli = as_json(cli_run("screening", "--as-of", AS_OF, "--json"))
    assert _positions(cli["rows"]) == _positions(ans.evidence.result.rows) == CONTROLLED_2024_06
    text = " ".join(ans.text.split())
    for fact in ("Ivan Petrov", "GBP 12,500,000", "USD 8,000,000", "GBP 1,750,000", "EUR 25,000,000"):
        assert fact in text, text
    none = _ask(bundle_graph, "Are any of our positions owned or controlled by sanctioned parties?", "2021-12-31")
    assert "No position in the book" in none.text


# -- branches -----------------------------------------------------------------------------------

def test_branches_both_ways(bundle_graph, cli_run) -> None:
    a = Analytics(bundle_graph).structure
    bank = a.branches("Granite Bank AG", as_of=AS_OF)
    assert [(r["name"], r["role"]) for r in bank.rows] == [("Granite Bank AG, London Branch", "branch")]
    london = a.branches("Granite Bank AG, London Branch", as_of=AS_OF)
    assert [(r["name"], r["role"], r["lei"]) for r in london.rows] == \
        [("Granite Bank AG", "head office", "2138007GRAN1TEBANK65")]
    assert a.branches("Granite Bank AG", as_of="2003-12-31").rows == ()  # the branch opened 2004-03-01
    ans = _ask(bundle_graph, "What is Granite Bank AG, London Branch part of?")
    assert ans.question.pattern == "branches" and "Granite Bank AG (DE, LEI 2138007GRAN1TEBANK65" in ans.text
    cli = as_json(cli_run("branches", "Granite Bank AG, London Branch", "--as-of", AS_OF, "--json"))
    assert [r["name"] for r in cli["rows"]] == [r["name"] for r in ans.evidence.result.rows] == ["Granite Bank AG"]


# -- events -------------------------------------------------------------------------------------

def _events(rows: Any) -> set[tuple[str, str, str]]:
    return {(str(r["date"]), r["event"], str(r["type"])) for r in rows}


def test_events_between_two_entities(bundle_graph) -> None:
    a = Analytics(bundle_graph).structure
    bought = a.events("Nordkap Capital AG", "Meridian Baltic Logistics GmbH", as_of=AS_OF)
    assert ("2023-09-30", "began", "OWNS") in _events(bought.rows)
    assert ("2023-09-30", "change_of_control", "corporate action") in _events(bought.rows)
    stake = next(r for r in bought.rows if r["type"] == "OWNS")
    assert (stake["stake_lo"], stake["document_id"]) == (0.6, "RNS-HBL-2023-09-30")
    sold = a.events(SHIPPING, "Meridian Baltic Logistics GmbH", as_of=AS_OF)
    assert {("2017-03-01", "began", "OWNS"), ("2023-09-30", "ended", "OWNS")} <= _events(sold.rows)
    corrected = a.events(HOLDINGS, SHIPPING, as_of=AS_OF)
    fix = next(r for r in corrected.rows if r["event"] == "corrected")
    assert (str(fix["date"]), fix["before_lo"], fix["stake_lo"]) == ("2019-04-10", 0.755, 0.725)
    loan = a.events("Granite Bank AG", SHIPPING, as_of=AS_OF)
    lent = next(r for r in loan.rows if r["type"] == "LENDS_TO" and r["event"] == "began")
    assert (str(lent["date"]), lent["amount"], lent["currency"]) == ("2020-03-15", 80000000, "USD")


def test_events_of_one_entity_and_the_knowledge_clock(bundle_graph) -> None:
    a = Analytics(bundle_graph).structure
    petrov = _events(a.events("Ivan Petrov", as_of=AS_OF).rows)
    assert ("2022-03-15", "sanctioned", "sanction") in petrov
    # the 2018 correction was published on 2019-04-10: known at 2019-01-01, there was none
    early = a.events(HOLDINGS, SHIPPING, as_of=AS_OF, known_at="2019-01-01")
    assert "corrected" not in {r["event"] for r in early.rows}


def test_events_ask_equals_the_command(bundle_graph, cli_run) -> None:
    ans = _ask(bundle_graph, "When did Granite Bank AG lend to Harbourline Shipping Limited, and how much?")
    assert ans.question.pattern == "events"
    cli = as_json(cli_run("events", "Granite Bank AG", SHIPPING, "--as-of", AS_OF, "--json"))
    assert _events(cli["rows"]) == _events(ans.evidence.result.rows)
    text = " ".join(ans.text.split())
    assert "2020-03-15: Granite Bank AG lends USD 80,000,000 to Harbourline Shipping Limited from this date" in text, text
