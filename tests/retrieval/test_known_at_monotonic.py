"""Knowledge time, as a property (issue 30 item 5; docs/semantics/two-clocks.md), through the
loader, Neo4j, the analytics and ``ask``, over generated sequences of ownership statements
(restatements of the same interest among them):

* **monotonic**: what is known at k1 is still known at a later k2, unless a statement published
  in between superseded it (then the later statement is what is known);
* **no hindsight**: an answer at knowledge time k is the same whether or not facts published
  after k have been loaded since.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ownergraph.domain.codes import AliasScheme
from ownergraph.domain.model import Entity, EntityRef, Ownership, Provenance, Stake
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.store.resolution_store import ResolverKeys
from ownergraph.resolution import Resolver
from ownergraph.retrieval.api import Ownergraph
from tests.neo4j_fixtures import wipe

HOLDERS = ("Alder Holdings Ltd", "Birch Capital AG", "Cedar Partners LLP")
TARGETS = ("Juniper Shipping Limited", "Larch Logistics GmbH")
T0 = datetime(2000, 1, 1, tzinfo=timezone.utc)
DAY0 = date(2015, 1, 1)
AS_OF = date(2030, 1, 1)  # every statement's interest runs from 2000: valid at this date


@dataclass(frozen=True)
class Said:
    """One published statement of an interest (``fact``: its identity; a later one restates it)."""

    fact: str
    holder: str
    target: str
    pct: int
    day: int  # published, days after DAY0


@st.composite
def statements(draw: st.DrawFn) -> list[Said]:
    pairs = [(h, t) for h in HOLDERS for t in TARGETS]
    order = draw(st.permutations(pairs))  # one interest per pair: parallel statements are another matter
    out: list[Said] = []
    for i in range(draw(st.integers(2, 7))):
        fresh = [p for p in order if p not in {(s.holder, s.target) for s in out}]
        if not fresh or (out and draw(st.booleans()) and draw(st.booleans())):  # a restatement of an interest
            was = draw(st.sampled_from(out))
            out.append(Said(was.fact, was.holder, was.target, draw(st.integers(1, 99)), draw(st.integers(0, 1000))))
            continue
        out.append(Said(f"gen:{i}", *fresh[0], draw(st.integers(1, 99)), draw(st.integers(0, 1000))))
    return sorted(out, key=lambda s: s.day)


def _ref(name: str) -> EntityRef:
    return EntityRef(scheme=AliasScheme.INTERNAL, value=name, name=name)


def _when(day: int, hours: int = 0) -> datetime:
    return datetime.combine(DAY0 + timedelta(days=day), datetime.min.time(), timezone.utc) + timedelta(hours=hours)


def _load(loader: Loader, said: list[Said]) -> None:
    for i, s in enumerate(said):  # in publication order, one flush each, as they would arrive
        loader.add(Ownership(source=_ref(s.holder), target=_ref(s.target), stake=Stake(exact=float(s.pct)),
                             valid_from=T0.date(), fact_key=s.fact, known_from=_when(s.day),
                             provenance=Provenance(source_system="test", source_record_id=f"st-{s.fact}-{s.day}-{i}")))
        loader.flush()
    loader.finish()


def _known(og: Ownergraph, keys: ResolverKeys, day: int) -> set[tuple[str, str, int]]:
    """The direct interests the graph holds at knowledge time ``day`` (noon, after that day's
    publications)."""
    out = set()
    for holder in HOLDERS:
        res = og.analytics.ownership.holdings(keys.key_of(_ref(holder)), as_of=AS_OF, known_at=_when(day, 12), max_depth=1)
        out |= {(holder, str(r.name), round(r.direct.lo * 100)) for r in res.rows if r.direct is not None}
    return out


def _oracle(said: list[Said], day: int) -> set[tuple[str, str, int]]:
    """What had been published by ``day``: each interest's latest statement."""
    latest: dict[str, Said] = {}
    for s in said:
        if s.day <= day:
            latest[s.fact] = s
    return {(s.holder, s.target, s.pct) for s in latest.values()}


def _answers(og: Ownergraph, day: int) -> list[str]:
    known = _when(day, 12)
    return [og.ask(f"Who owns {t}?", as_of=AS_OF, known_at=known).text for t in TARGETS] + \
        [og.ask(f"What does {h} own?", as_of=AS_OF, known_at=known).text for h in HOLDERS]


def _fresh(graph: Graph) -> tuple[Loader, ResolverKeys]:
    wipe(graph)
    keys = ResolverKeys(Resolver())
    loader = Loader(graph, keys)
    for name in HOLDERS + TARGETS:
        loader.add(Entity(ref=_ref(name), name=name, known_from=T0,
                          provenance=Provenance(source_system="test", source_record_id=f"ent-{name}")))
    loader.flush()
    return loader, keys


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(statements(), st.integers(0, 1000), st.integers(1, 1000))
def test_later_knowledge_keeps_what_was_known_unless_superseded(graph: Graph, said: list[Said], k1: int,
                                                                  gap: int) -> None:
    k2 = k1 + gap
    loader, keys = _fresh(graph)
    _load(loader, said)
    og = Ownergraph(graph, text=None)
    early, late = _known(og, keys, k1), _known(og, keys, k2)
    assert early == _oracle(said, k1)
    assert late == _oracle(said, k2)
    superseded = {s.fact for s in said if k1 < s.day <= k2}
    kept = {(s.holder, s.target, s.pct) for s in said if s.day <= k1 and s.fact not in superseded} & early
    assert kept <= late, (sorted(early), sorted(late))


@settings(max_examples=6, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(statements(), st.integers(0, 1000))
def test_an_answer_at_known_at_ignores_facts_published_later(graph: Graph, said: list[Said], k: int) -> None:
    loader, keys = _fresh(graph)
    _load(loader, [s for s in said if s.day <= k])
    og = Ownergraph(graph, text=None)
    before = _answers(og, k)
    _load(Loader(graph, keys), [s for s in said if s.day > k])  # the same graph; statements published later
    assert _answers(og, k) == before
