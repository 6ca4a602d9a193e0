"""Issue 30 item 3 on the example bundle: counterparties, holdings and group, through the
analytic, the command line (``--json``) and ``ask``, which give the same facts.

examples/bundle, read by hand:
- loan-granite-shipping-2020: Granite Bank AG lends USD 80,000,000 to Harbourline Shipping
  Limited, valid 2020-03-15 → 2027-03-15, known from 2020-03-20;
- gtee-holdings-shipping-2020: Harbourline Holdings PLC guarantees EUR 150,000,000 of Shipping's
  obligations, valid 2020-03-15 → 2027-03-15, known from 2020-04-29;
- own-holdings-shipping 72.5% (the 2019 restatement of 75.5%), own-shipping-ferries 100%,
  own-holdings-marine 100% from 2024-04-01, own-shipping-meridian 60% until 2023-09-30;
- Valtora Investments Ltd: 25-50% of Holdings' shares and 52% of its votes (control)."""

from __future__ import annotations

import pytest

from ownergraph.graph.analytics.api import Analytics
from ownergraph.retrieval.api import Ownergraph
from tests.example_bundle import AS_OF, as_json, bundle_graph, cli_run  # noqa: F401 (fixtures)

HOLDINGS, SHIPPING, FERRIES = "213800HBLHOLD1NGS054", "213800HBLSH1PP1NG027", "Harbourline Ferries Limited"
MARINE, MERIDIAN = "213800HBLMAR1NEOPS80", "5493004MRDNBALT1C015"


# -- counterparties -----------------------------------------------------------------------------

def test_lenders_and_guarantors_with_amounts_and_dates(bundle_graph) -> None:
    res = Analytics(bundle_graph).credit.counterparties("Harbourline Shipping Limited", as_of=AS_OF)
    got = {(r.name, r.role, r.amount, r.currency, str(r.valid_from), str(r.valid_to)) for r in res.rows}
    assert got == {("Granite Bank AG", "lender", 80_000_000.0, "USD", "2020-03-15", "2027-03-15"),
                   ("Harbourline Holdings PLC", "guarantor", 150_000_000.0, "EUR", "2020-03-15", "2027-03-15")}


def test_borrowers_and_guaranteed_read_the_other_way(bundle_graph) -> None:
    a = Analytics(bundle_graph).at(AS_OF)
    (loan,) = a.credit.counterparties("Granite Bank AG", roles=["borrowers"]).rows
    assert (loan.name, loan.role, loan.amount) == ("Harbourline Shipping Limited", "borrower", 80_000_000.0)
    (gtee,) = a.credit.counterparties("Harbourline Holdings PLC", roles=["guaranteed"]).rows
    assert (gtee.name, gtee.role, gtee.amount) == ("Harbourline Shipping Limited", "guaranteed party", 150_000_000.0)


def test_counterparties_on_both_clocks(bundle_graph) -> None:
    a = Analytics(bundle_graph)
    assert a.credit.counterparties("Harbourline Shipping Limited", as_of="2019-12-31").rows == ()  # not yet lent
    early = a.credit.counterparties("Harbourline Shipping Limited", as_of="2020-04-01", known_at="2020-04-01")
    assert [r.name for r in early.rows] == ["Granite Bank AG"]  # the guarantee was published on 2020-04-29


def test_counterparties_cli_json_and_ask_give_the_same_facts(bundle_graph, cli_run) -> None:
    shown = as_json(cli_run("counterparties", "Harbourline Shipping Limited", "--role", "lenders", "--as-of", AS_OF,
                            "--json"))
    assert [(r["name"], r["amount"], r["currency"]) for r in shown["rows"]] == [("Granite Bank AG", 80_000_000.0, "USD")]
    ans = Ownergraph(bundle_graph).ask("Who lends to Harbourline Shipping Limited?", as_of=AS_OF)
    assert ans.question.pattern == "counterparties"
    assert [(r["name"], r["amount"]) for r in ans.frame.to_dict("records")] == [("Granite Bank AG", 80_000_000.0)]
    assert "Granite Bank AG (lender, USD 80,000,000, since 2020-03-15, until 2027-03-15) [" in ans.text, ans.text
    assert "as of 2024-06-30" in ans.text


def test_no_lender_yet_is_said_with_its_date(bundle_graph) -> None:
    text = Ownergraph(bundle_graph).ask("Who lends to Harbourline Shipping Limited?", as_of="2019-12-31").text
    assert "no lending or guarantee" in text and "2019-12-31" in text, text


# -- holdings -----------------------------------------------------------------------------------

def _by_name(res) -> dict:
    return {r.name: r for r in res.rows}


def test_holdings_direct_and_through_chains(bundle_graph) -> None:
    rows = _by_name(Analytics(bundle_graph).ownership.holdings("Harbourline Holdings PLC", as_of=AS_OF))
    assert set(rows) == {"Harbourline Shipping Limited", FERRIES, "Harbourline Marine Operations Limited"}
    shipping, ferries = rows["Harbourline Shipping Limited"], rows[FERRIES]
    assert shipping.direct.lo == pytest.approx(0.725) and shipping.effective.lo == pytest.approx(0.725)
    assert ferries.direct is None and ferries.effective.lo == pytest.approx(0.725)  # 72.5% x 100%
    assert [n for n in ferries.paths[0].names] == ["Harbourline Holdings PLC", "Harbourline Shipping Limited", FERRIES]
    assert rows["Harbourline Marine Operations Limited"].effective.lo == pytest.approx(1.0)
    assert {r.control for r in rows.values()} == {"certainly"}


def test_holdings_at_an_earlier_date_hold_meridian(bundle_graph) -> None:
    rows = _by_name(Analytics(bundle_graph).ownership.holdings("Harbourline Holdings PLC", as_of="2023-06-30"))
    meridian = rows["Meridian Baltic Logistics GmbH"]
    assert meridian.effective.lo == pytest.approx(0.435)  # 72.5% x 60%, sold on 2023-09-30
    assert "Harbourline Marine Operations Limited" not in rows  # spun off on 2024-04-01


def test_holdings_by_control_keep_what_is_controlled(bundle_graph) -> None:
    res = Analytics(bundle_graph).ownership.holdings("Valtora Investments Ltd", as_of=AS_OF, basis="control")
    assert {r.key for r in res.rows} >= {HOLDINGS, SHIPPING, MARINE}
    assert all(r.control != "not" for r in res.rows)


def test_holdings_cli_json_and_ask_give_the_same_facts(bundle_graph, cli_run) -> None:
    shown = as_json(cli_run("holdings", "Harbourline Shipping Limited", "--as-of", AS_OF, "--json"))
    cli_rows = {(r["name"], round(r["effective"]["lo"], 4)) for r in shown["rows"]}
    assert cli_rows == {(FERRIES, 1.0)}
    ans = Ownergraph(bundle_graph).ask("What does Harbourline Shipping Limited own?", as_of=AS_OF)
    assert ans.question.pattern == "holdings"
    assert {(r["name"], round(r["effective_lo"], 4)) for r in ans.frame.to_dict("records")} == cli_rows
    assert f"{FERRIES} (100% directly, controlled) [" in ans.text, ans.text


def test_a_depth_limit_is_said_not_turned_into_none(bundle_graph) -> None:
    res = Analytics(bundle_graph).ownership.holdings("Valtora Investments Ltd", as_of=AS_OF, max_depth=1)
    assert res.depth_limit_reached
    text = Ownergraph(bundle_graph).ask("What does Valtora Investments Ltd own within 1 hop?", as_of=AS_OF).text
    assert "depth limit 1 reached" in text, text


# -- group --------------------------------------------------------------------------------------

def test_group_of_valtora_is_what_its_votes_control(bundle_graph) -> None:
    res = Analytics(bundle_graph).ownership.group("Valtora Investments Ltd", as_of=AS_OF)
    assert {r.name for r in res.rows if r.status == "certainly"} == {
        "Harbourline Holdings PLC", "Harbourline Shipping Limited", FERRIES, "Harbourline Marine Operations Limited"}


def test_group_cli_json_and_ask_give_the_same_facts(bundle_graph, cli_run) -> None:
    shown = as_json(cli_run("group", "Harbourline Holdings PLC", "--as-of", "2023-06-30", "--json"))
    cli_rows = {r["name"] for r in shown["rows"] if r["status"] != "not"}
    assert cli_rows == {"Harbourline Shipping Limited", FERRIES, "Meridian Baltic Logistics GmbH"}
    ans = Ownergraph(bundle_graph).ask("Show me Harbourline Holdings PLC and everything it controls as of "
                                       "30 June 2023.")
    assert ans.question.pattern == "group"
    assert {r["name"] for r in ans.frame.to_dict("records") if r["status"] != "not"} == cli_rows
    assert all(name in ans.text for name in cli_rows) and "2023-06-30" in ans.text, ans.text
