"""Contagion: each edge type read in its own direction of risk, never the reverse."""

from __future__ import annotations

import random
from collections import deque
from datetime import date
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ownergraph.graph.analytics.snapshot import Assumed, assuming
from ownergraph.graph.analytics.contagion import contagion
from ownergraph.domain.errors import ConfigError
from tests.graph.analytics._small_world import World
from tests.neo4j_fixtures import wipe
from tests.cypher import q

# "server": the ownergraph.cascade procedure of the project-managed Neo4j; "cypher": one
# snapshot_step query per hop. Every behaviour test runs on both.
ENGINES = ("server", "cypher")


@pytest.fixture()
def web(graph):
    w = World(graph)
    for name in ("Issuer X", "Guarantor G", "Guaranteed by X", "Lender L", "Borrower of X", "Parent P",
                 "Sub of X", "Acct Parent", "Grand Lender", "Late Lender", "Old Guarantor"):
        w.entity(name)
    w.guarantee("Guarantor G", "Issuer X", 5_000_000, "EUR", doc="guarantee-deed-1")  # G hit
    w.guarantee("Issuer X", "Guaranteed by X", 1_000_000, "EUR")  # never hit by X's default
    w.lend("Lender L", "Issuer X", 2_000_000, "USD")  # L hit
    w.lend("Issuer X", "Borrower of X", 3_000_000, "USD")  # never hit
    w.own("Parent P", "Issuer X", 70)  # P hit (equity)
    w.own("Issuer X", "Sub of X", 100)  # never hit
    w.consolidate("Issuer X", "Acct Parent", "direct")  # accounting parent hit
    w.lend("Grand Lender", "Guarantor G", 750_000, "EUR")  # second hop through G
    w.lend("Late Lender", "Issuer X", 9_000_000, "USD", valid_from="2023-01-01", known="2024-03-01")
    w.guarantee("Old Guarantor", "Issuer X", 1_000, "EUR", valid_to="2020-01-01")
    return w.flush()


@pytest.mark.parametrize("engine", ENGINES)
def test_directions_of_risk(graph, web, engine):
    res = contagion(graph, "Issuer X", as_of="2024-06-30", engine=engine)
    hit = {a.name: a for a in res.affected}
    assert set(hit) == {"Guarantor G", "Lender L", "Parent P", "Acct Parent", "Grand Lender", "Late Lender"}
    for never in ("Guaranteed by X", "Borrower of X", "Sub of X", "Old Guarantor"):
        assert never not in hit
    assert hit["Guarantor G"].hops == 1 and hit["Guarantor G"].channels == ("guarantee",)
    assert hit["Guarantor G"].amount_at_risk == {"EUR": 5_000_000}
    assert hit["Guarantor G"].exposures[0]["document_id"] == "guarantee-deed-1"
    assert hit["Lender L"].amount_at_risk == {"USD": 2_000_000}
    assert hit["Parent P"].equity_stake == pytest.approx((0.7, 0.7)) and hit["Parent P"].channels == ("ownership",)
    assert hit["Acct Parent"].channels == ("ownership",)
    grand = hit["Grand Lender"]
    assert grand.hops == 2 and grand.path_names == ["Issuer X", "Guarantor G", "Grand Lender"]
    assert [p["type"] for p in grand.path] == ["GUARANTEES", "LENDS_TO"]
    totals = res.totals()
    usd1 = totals[(totals.hops == 1) & (totals.currency == "USD")]
    assert float(usd1.amount.iloc[0]) == 11_000_000  # Lender L + Late Lender
    frame = res.to_frame()
    assert set(frame.exposed_to_name[frame.name == "Grand Lender"]) == {"Guarantor G"}


@pytest.mark.parametrize("engine", ENGINES)
def test_clock_and_type_selection(graph, web, engine):
    pit = contagion(graph, "Issuer X", as_of="2023-06-30", known_at="2023-06-30", engine=engine)
    assert "Late Lender" not in {a.name for a in pit.affected}  # valid then, published later
    old = contagion(graph, "Issuer X", as_of="2019-06-30", engine=engine)
    assert "Old Guarantor" in {a.name for a in old.affected}
    only = contagion(graph, "Issuer X", types=("lending",), as_of="2024-06-30", engine=engine)
    assert {a.name for a in only.affected} == {"Lender L", "Late Lender"}
    one = contagion(graph, "Issuer X", max_hops=1, as_of="2024-06-30", engine=engine)
    assert max(a.hops for a in one.affected) == 1 and "Grand Lender" not in {a.name for a in one.affected}
    assert contagion(graph, "Borrower of X", as_of="2024-06-30", engine=engine).by_key().keys() >= {web.key("Issuer X")}
    with pytest.raises(ValueError, match="unknown contagion type"):
        contagion(graph, "Issuer X", types=("derivatives",))


@pytest.mark.parametrize("engine", ENGINES)
def test_hops_match_reverse_bfs_on_generated_web(graph, engine):
    """Hop counts equal a breadth-first search over the edges turned into risk direction."""
    rng = random.Random(7)
    w = World(graph)
    names = [f"Bank {i}" for i in range(18)]
    for n in names:
        w.entity(n)
    risk: dict[str, set[str]] = {n: set() for n in names}  # defaulted -> who it hits
    for _ in range(30):
        a, b = rng.sample(names, 2)
        kind = rng.choice(["guarantee", "lend", "own"])
        getattr(w, {"guarantee": "guarantee", "lend": "lend", "own": "own"}[kind])(a, b, 10)
        risk[b].add(a)  # in all three, the target's default hits the source
    w.flush()
    seen = 0
    for start in names[:5]:
        hops = {start: 0}
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v in sorted(risk[u]):
                if v not in hops and hops[u] < 4:
                    hops[v] = hops[u] + 1
                    queue.append(v)
        res = contagion(graph, start, max_hops=4, as_of="2024-06-30", engine=engine)
        assert {a.name: a.hops for a in res.affected} == {k: v for k, v in hops.items() if k != start}
        seen += len(res.affected)
    assert seen > 0  # the seed gives non-empty cascades: the comparison is not vacuous


def test_evidence_clocks_are_dates_and_types_come_from_the_closed_set(graph, web) -> None:
    from datetime import date, datetime

    from ownergraph.graph.analytics.snapshot import _step_query

    def _step_text(in_types: list[str], out_types: list[str]) -> str:
        return _step_query(in_types, out_types).text

    res = contagion(graph, "Issuer X", as_of="2024-06-30")
    ev = {a.name: a for a in res.affected}["Guarantor G"].exposures[0]
    assert type(ev["valid_from"]) is date and type(ev["valid_to"]) is date
    assert isinstance(ev["known_from"], datetime) and ev["known_from"].tzinfo is not None
    assert "<-[r:GUARANTEES|LENDS_TO]-" in _step_text(["LENDS_TO", "GUARANTEES"], [])
    assert "-[r:NO_EDGE]->" in _step_text(["LENDS_TO"], [])
    with pytest.raises(ValueError, match="not edge types"):
        _step_text(["OWNS]->(x) DETACH DELETE x //"], [])


DAYS = [date(2019, 1, 1), date(2020, 6, 30), date(2021, 12, 31), date(2023, 3, 31), date(2024, 6, 30)]
PARTIES = [f"Party {i}" for i in range(7)]


@st.composite
def risk_edges(draw: st.DrawFn) -> list[dict[str, Any]]:
    out = []
    for _ in range(draw(st.integers(1, 14))):
        a, b = draw(st.sampled_from([(x, y) for x in PARTIES for y in PARTIES]))  # self-loops included
        vf = draw(st.none() | st.sampled_from(DAYS))
        vt = draw(st.none() | st.sampled_from([d for d in DAYS if vf is None or d > vf] or [None]))
        out.append({"kind": draw(st.sampled_from(["guarantee", "lend", "own", "consolidate"])), "a": a, "b": b,
                    "valid_from": vf, "valid_to": vt, "known": draw(st.sampled_from([d.isoformat() for d in DAYS]))})
    return out


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(risk_edges(), st.sampled_from(DAYS), st.sampled_from(DAYS), st.lists(st.integers(0, 13), max_size=2),
       st.sampled_from([("guarantee", "lending", "ownership"), ("ownership",), ("lending", "guarantee")]))
def test_server_procedure_gives_what_the_cypher_steps_give(
        graph, spec: list[dict[str, Any]], as_of: date, known_day: date, suppress: list[int],
        types: tuple[str, ...]) -> None:
    """The procedure states the time gate and the directions of risk a second time (in Java):
    on generated webs with closed, future and late-published edges, self-loops and suppressed
    statements, both engines return the same parties, hops, paths and evidence."""
    wipe(graph)
    w = World(graph)
    for p in PARTIES:
        w.entity(p)
    for e in spec:
        kw = {k: e[k] for k in ("valid_from", "valid_to", "known")}
        if e["kind"] == "own":
            w.own(e["a"], e["b"], 30, **kw)
        elif e["kind"] == "consolidate":
            w.consolidate(e["a"], e["b"], **kw)
        else:
            getattr(w, e["kind"])(e["a"], e["b"], 1_000, "EUR", **kw)
    w.flush()
    ids = sorted(r["s"] for r in graph.read(q("edge_statement_ids")))
    assumed = Assumed(suppressed=frozenset(ids[i] for i in suppress if i < len(ids)))
    for start in PARTIES[:3]:
        with assuming(assumed):
            on_server = contagion(graph, start, types=types, max_hops=4, as_of=as_of, known_at=known_day,
                                  engine="server")
            stepped = contagion(graph, start, types=types, max_hops=4, as_of=as_of, known_at=known_day,
                                engine="cypher")
        assert on_server.as_dict() == stepped.as_dict()


def test_server_engine_needs_the_procedure(graph, web, monkeypatch) -> None:
    auto = contagion(graph, "Issuer X", as_of="2024-06-30", known_at="2024-06-30")
    assert auto.affected
    monkeypatch.setattr(graph, "_procedures", frozenset())  # a server without ownergraph's procedures
    with pytest.raises(ConfigError, match="ownergraph.cascade"):
        contagion(graph, "Issuer X", as_of="2024-06-30", engine="server")
    fallback = contagion(graph, "Issuer X", as_of="2024-06-30", known_at="2024-06-30")  # auto: Cypher steps
    assert fallback.as_dict() == auto.as_dict()
    with pytest.raises(ValueError, match="unknown engine"):
        contagion(graph, "Issuer X", engine="gds")  # type: ignore[arg-type]
