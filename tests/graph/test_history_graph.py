"""The history property through the loader and the graph: generated statement sequences about
one interest (tests/graph/test_history.py's generator and oracle), loaded one flush per
statement or all in one batch, answer both clocks as the statements say (read with the
analytics' gate, ``owners``)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ownergraph.graph.analytics.ownership import owners
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.store.resolution_store import ResolverKeys
from ownergraph.domain.codes import AliasScheme
from ownergraph.domain.model import Entity, EntityRef, Ownership, Provenance, Stake
from ownergraph.resolution import Resolver
from tests.graph.test_history import Statement, _day, _oracle, histories
from tests.neo4j_fixtures import wipe

T0 = datetime(2000, 1, 1, tzinfo=timezone.utc)


def _ref(name: str) -> EntityRef:
    return EntityRef(scheme=AliasScheme.INTERNAL, value=name, name=name)


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(histories(), st.booleans(), st.lists(st.tuples(st.integers(0, 3000), st.integers(0, 3000)),
                                             min_size=3, max_size=5))
def test_loaded_history_answers_both_clocks(graph: Graph, statements: list[Statement], one_batch: bool,
                                            clocks: list[tuple[int, int]]) -> None:
    wipe(graph)
    keys = ResolverKeys(Resolver())
    loader = Loader(graph, keys)
    for name in ("A", "B", "C", "T"):
        loader.add(Entity(ref=_ref(name), name=name, known_from=T0,
                          provenance=Provenance(source_system="test", source_record_id=f"ent-{name}")))
    loader.flush()
    for i, s in enumerate(statements):
        holder, pct = s.content.split(":")
        loader.add(Ownership(source=_ref(holder), target=_ref("T"), stake=Stake(exact=float(pct)),
                             valid_from=s.start, valid_to=s.end, fact_key="gen:interest",
                             known_from=datetime.combine(s.published, datetime.min.time(), timezone.utc),
                             provenance=Provenance(source_system="test", source_record_id=f"st-{i}")))
        if not one_batch:
            loader.flush()
    loader.finish()
    names = {keys.key_of(_ref(n)): n for n in ("A", "B", "C")}
    target = keys.key_of(_ref("T"))
    for t, k in clocks + [(t, 10 ** 6) for t, _ in clocks[:2]]:
        t_day = _day(t)
        known = date(9000, 1, 1) if k >= 10 ** 6 else _day(k)
        known_at = datetime.combine(known, datetime.min.time(), timezone.utc) + timedelta(hours=12)
        res = owners(graph, target, as_of=t_day, known_at=known_at, rule="eu_amlr_25")
        got = sorted(f"{names[r.key]}:{round(r.stake.lo * 100)}" for r in res.rows if r.stake.hi > 0)
        expect = _oracle(statements, t_day, known)
        assert got == ([expect] if expect else []), (t_day, known)
