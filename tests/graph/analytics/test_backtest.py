"""Point-in-time backtests vs the look-ahead audit; plots."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ownergraph.graph.analytics.backtest import QuerySpec, backtest, lookahead_audit, schedule
from ownergraph.graph.analytics.ownership import effective_stake, owners
from ownergraph.graph.analytics.plots import edges_of, plot_ownership
from ownergraph.graph.analytics.structure import control_path
from tests.graph.analytics._small_world import World

# (owner, owned, stake %, valid_from, known_from): two links published months after they took effect
LINKS = [
    ("Owner P", "Target T", 40, "2023-02-01", "2023-08-15"),
    ("Owner P", "Mid M", 100, "2021-01-01", "2021-01-02"),
    ("Mid M", "Target T", 10, "2023-11-10", "2024-02-20"),
]


@pytest.fixture()
def lagged(graph):
    w = World(graph)
    for name in ("Owner P", "Mid M", "Target T"):
        w.entity(name)
    for a, b, pct, valid, known in LINKS:
        w.own(a, b, pct, valid_from=valid, known=known)
    return w.flush()


def _expected(t: date, knowledge: bool) -> float:
    def on(valid: str, known: str) -> bool:
        return t >= date.fromisoformat(valid) and (not knowledge or t >= date.fromisoformat(known))
    direct = 0.4 if on(*LINKS[0][3:]) else 0.0
    via_m = 1.0 * 0.1 if on(*LINKS[1][3:]) and on(*LINKS[2][3:]) else 0.0
    return direct + via_m


def test_backtest_is_point_in_time_and_audit_finds_the_lag(graph, lagged, tmp_path):
    days = schedule("quarterly", "2022-12-01", "2024-06-30")
    assert days[0] == date(2022, 12, 31) and days[-1] == date(2024, 6, 30) and len(days) == 7
    spec = QuerySpec.parse("stake 'Owner P' 'Target T'")
    res = backtest(graph, spec, "quarterly", start="2022-12-01", end="2024-06-30", plot=tmp_path / "bt.png")
    assert list(res.frame["date"]) == days
    assert list(res.frame["stake_lo"]) == pytest.approx([_expected(t, True) for t in days])
    assert res.plot_path.read_bytes()[:4] == b"\x89PNG"
    audit = lookahead_audit(graph, spec, days, plot=tmp_path / "audit.svg")
    assert list(audit.frame["stake_lo_lookahead"]) == pytest.approx([_expected(t, False) for t in days])
    # the answers differ exactly on the dates inside [valid_from, known_from) of a lagging link
    lagging = [t for t in days if _expected(t, True) != _expected(t, False)]
    assert lagging == [date(2023, 3, 31), date(2023, 6, 30), date(2023, 12, 31)]
    assert audit.differing_dates == lagging
    assert (tmp_path / "audit.svg").read_text().lstrip().startswith("<?xml")
    assert audit.as_dict()["differing_dates"] == [d.isoformat() for d in lagging]


def test_callable_questions(graph, lagged):
    def path_exists(clock):
        return control_path(graph, "Owner P", "Target T", as_of=clock.as_of, known_at=clock.known_at).found

    days = [date(2023, 1, 31), "2023-03-31", date(2023, 9, 30)]
    bt = backtest(graph, path_exists, days)
    assert list(bt.frame["value"]) == [0.0, 0.0, 1.0]
    audit = lookahead_audit(graph, path_exists, days)
    assert audit.differing_dates == [date(2023, 3, 31)]

    def many(clock):
        res = owners(graph, lagged.key("Target T"), as_of=clock.as_of, known_at=clock.known_at)
        return {"owners": len(res.owners), "readers": len(res.rows)}

    frame = backtest(graph, many, ["2024-06-30"]).frame
    assert frame[["owners", "readers"]].iloc[0].tolist() == [1.0, 2.0]  # P passes 25%; M (10%) is read, not an owner
    with pytest.raises(ValueError):
        QuerySpec.parse("whatever X")
    with pytest.raises(ValueError):
        schedule("fortnightly", "2024-01-01", "2024-12-31")


def test_ownership_chain_picture(graph, lagged, tmp_path):
    stake = effective_stake(graph, lagged.key("Owner P"), lagged.key("Target T"), as_of="2024-06-30")
    edges = edges_of(stake)
    assert {(e["source_name"], e["target_name"]) for e in edges} == {
        ("Owner P", "Target T"), ("Owner P", "Mid M"), ("Mid M", "Target T")}
    out = plot_ownership(stake, tmp_path / "chain.png", highlight=[lagged.key("Owner P")])
    assert out.stat().st_size > 1000 and out.read_bytes()[:4] == b"\x89PNG"
    res = owners(graph, lagged.key("Target T"), as_of="2024-06-30")
    assert plot_ownership(res, tmp_path / "owners.svg").read_text().lstrip().startswith("<?xml")


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(start=st.integers(0, 500), lag=st.integers(0, 300), pct=st.integers(1, 100))
def test_audit_differs_exactly_inside_the_publication_lag(graph_session, start, lag, pct):
    """Property: for one link valid from v and published at k >= v, the point-in-time and
    look-ahead answers differ on exactly the schedule dates t with v <= t < k."""
    from datetime import timedelta

    from tests.neo4j_fixtures import wipe

    wipe(graph_session)
    v = date(2022, 1, 1) + timedelta(days=start)
    k = v + timedelta(days=lag)
    w = World(graph_session)
    w.entity("Owner P")
    w.entity("Target T")
    w.own("Owner P", "Target T", pct, valid_from=v, known=k.isoformat())
    w.flush()
    days = schedule("quarterly", "2021-12-01", "2023-12-31")
    audit = lookahead_audit(graph_session, QuerySpec("stake", (w.key("Owner P"), w.key("Target T"))), days)
    assert audit.differing_dates == [t for t in days if v <= t < k]
    assert set(audit.frame["stake_lo_lookahead"]) <= {0.0, pct / 100}


def test_a_question_given_as_one_text_keeps_a_name_with_spaces_whole():
    assert QuerySpec.parse("owners Harbourline Shipping Limited").args == ("Harbourline Shipping Limited",)
    assert QuerySpec.parse("owners 'Harbourline Shipping Limited'").args == ("Harbourline Shipping Limited",)
    assert QuerySpec.parse("stake 'Valtora Investments Ltd' 'Harbourline Shipping Limited'").args == (
        "Valtora Investments Ltd", "Harbourline Shipping Limited")
    with pytest.raises(ValueError, match="quote each one"):
        QuerySpec.parse("stake Valtora Investments Ltd Harbourline Shipping Limited")
