"""Declared indirect interests on real files: used as the stake where no computed chain carries
them, checked against (and narrowing) the chain where one does (issue 13 item 3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.graph.analytics.lookup import find_entity
from ownergraph.graph.analytics.ownership import effective_stake, owners
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths


def _key(graph: Graph, name: str) -> str:
    return find_entity(graph, name).key


def test_sec_13g_joint_filers_hold_the_cover_page_percentage(graph: Graph, real_data: Path) -> None:
    # sec/schedule13g.xml, coverPageHeaderReportingPersonDetails: "Marex Securities Products
    # Inc." and "Marex Group plc" each report classPercent 5.1 of Jushi Holdings Inc. (lines 40-64)
    ingest_paths(graph, [real_data / "sec" / "schedule13g.xml"])
    jushi = _key(graph, "Jushi Holdings Inc.")
    for holder in ("Marex Securities Products Inc.", "Marex Group plc"):
        res = effective_stake(graph, _key(graph, holder), jushi)
        assert res.stake.lo == pytest.approx(0.051) and res.stake.hi == pytest.approx(0.051)
        assert res.basis == "declared_indirect" and res.declared and res.declared[0].source_system
    rows = {r.name: r for r in owners(graph, jushi, rule="eu_amlr_25").rows}
    assert rows["Marex Group plc"].stake.lo == pytest.approx(0.051)
    assert rows["Marex Group plc"].status == "not"  # 5.1% is under 25%


def test_bods_indirect_interest_narrows_a_chain_with_an_unknown_link(graph: Graph, real_data: Path) -> None:
    # bods/0.4/indirect-ownership.json: Company B holds exact 60 of Company A (record 4cf2837bd01f),
    # Person 1 -> Company B is directOrIndirect "unknown" with no share (05e81af035e4), and
    # Person 1 declares an indirect shareholding of exact 30 in Company A (d8d75ccf40e4)
    ingest_paths(graph, [real_data / "bods" / "0.4" / "indirect-ownership.json"])
    person, a = _key(graph, "Person 1"), _key(graph, "Company A")
    res = effective_stake(graph, person, a)
    assert (res.stake.lo, res.stake.hi) == (pytest.approx(0.3), pytest.approx(0.3))
    assert res.basis == "declared_indirect"
    assert "declared_mismatch" not in {w.code for w in res.warnings}


def test_bods_direct_plus_declared_indirect_add_up(graph: Graph, real_data: Path) -> None:
    # bods/0.4/mixed-direct-and-indirect-ownership.json, relationship f5a45a6daf31: Person 1 holds
    # Company A "indirect" exact 50 from 2017-11-01 and "direct" exact 50 from 2019-05-01;
    # Company B holds exact 50 of Company A (07f0f7024a92), Person 1 -> B is "unknown" (acdf30ece808)
    ingest_paths(graph, [real_data / "bods" / "0.4" / "mixed-direct-and-indirect-ownership.json"])
    person, a = _key(graph, "Person 1"), _key(graph, "Company A")
    now = effective_stake(graph, person, a, as_of="2020-01-01")
    assert (now.stake.lo, now.stake.hi) == (pytest.approx(1.0), pytest.approx(1.0))
    before = effective_stake(graph, person, a, as_of="2018-06-01")
    assert (before.stake.lo, before.stake.hi) == (pytest.approx(0.5), pytest.approx(0.5))


def test_the_stake_text_names_the_declaration_and_its_source(graph: Graph, real_data: Path) -> None:
    from ownergraph.cli import views as _views

    # sec/schedule13g.xml: Marex Group plc, classPercent 5.1 of Jushi Holdings Inc.
    ingest_paths(graph, [real_data / "sec" / "schedule13g.xml"])
    res = effective_stake(graph, _key(graph, "Marex Group plc"), _key(graph, "Jushi Holdings Inc."))
    text = " ".join(_views.stake(res))
    assert "holds 5.1%" in text and "declared indirect interest (used in the stake): 5.1%" in text
