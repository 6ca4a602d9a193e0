"""Ownership analytics against the real Neo4j server: worlds loaded through the Loader,
queried on both clocks, compared with hand-computed answers and with ``_arithmetic`` on a
Python-side filter of the same records."""

from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ownergraph.graph.analytics import arithmetic as ar
from ownergraph.domain.clock import make_clock
from ownergraph.graph.analytics.snapshot import Assumed, assuming, expand
from ownergraph.graph.analytics.snapshot_reach import reach
from ownergraph.graph.analytics.ownership import _read, controlled_by, effective_stake, owners
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.store.resolution_store import ResolverKeys
from ownergraph.domain.codes import AliasScheme, ConsolidationLevel, EntityKind, ExceptionReason, InterestType
from ownergraph.domain.model import (
    Control,
    Entity,
    EntityRef,
    Ownership,
    Provenance,
    ReportingException,
    Sanction,
    Stake,
)
from ownergraph.resolution import Resolver
from tests.neo4j_fixtures import wipe

T0 = datetime(2015, 1, 1, tzinfo=timezone.utc)


def at(d: str) -> datetime:
    return datetime.combine(date.fromisoformat(d), datetime.min.time(), tzinfo=timezone.utc)


class World:
    """Records by short name, loaded through the Loader; ``k(name)`` is the canonical key."""

    def __init__(self, graph: Graph) -> None:
        self.keys = ResolverKeys(Resolver())
        self.loader = Loader(graph, self.keys)
        self.refs: dict[str, EntityRef] = {}
        self.n = 0
        self.records: list[Any] = []

    def prov(self, doc: str | None = None) -> Provenance:
        self.n += 1
        return Provenance(source_system="test", source_record_id=f"rec-{self.n}", document_id=doc)

    def entity(self, *names: str, kind: str = "company") -> None:
        for name in names:
            ref = EntityRef(scheme=AliasScheme.INTERNAL, value=name, name=name, kind=EntityKind(kind))
            self.refs[name] = ref
            self.loader.add(Entity(ref=ref, name=name, kind=EntityKind(kind), known_from=T0, provenance=self.prov()))

    def k(self, name: str) -> str:
        return self.keys.key_of(self.refs[name])

    def _ref(self, name: str) -> EntityRef:
        if name not in self.refs:
            self.entity(name)
        return self.refs[name]

    def own(self, a: str, b: str, pct: float | Stake | None, *, valid_from: date | None = None,
            valid_to: date | None = None, known: datetime = T0, doc: str | None = None,
            fact_key: str | None = None, **kw: Any) -> Ownership:
        stake = pct if isinstance(pct, Stake) or pct is None else Stake(exact=pct)
        rec = Ownership(source=self._ref(a), target=self._ref(b), stake=stake, valid_from=valid_from,
                        valid_to=valid_to, known_from=known, provenance=self.prov(doc), fact_key=fact_key, **kw)
        self.loader.add(rec)
        self.records.append(rec)
        return rec

    def control(self, a: str, b: str, kind: str) -> None:
        self.loader.add(Control(source=self._ref(a), target=self._ref(b), control_kind=kind, known_from=T0,
                                provenance=self.prov()))

    def sanction(self, name: str, known: datetime = T0, valid_from: date | None = None) -> None:
        self.loader.add(Sanction(entity=self._ref(name), authority="OFAC", programme="TEST", known_from=known,
                                 valid_from=valid_from, provenance=self.prov()))

    def exception(self, name: str) -> None:
        self.loader.add(ReportingException(entity=self._ref(name), level=ConsolidationLevel.ULTIMATE,
                                           reason=ExceptionReason.NON_PUBLIC, known_from=T0, provenance=self.prov()))

    def load(self) -> World:
        self.loader.flush()
        return self


def row(res: Any, key: str) -> Any:
    return next(r for r in res.rows if r.key == key)


def codes(res: Any) -> set[str]:
    return {w.code for w in res.warnings}


# -- chain rule -------------------------------------------------------------------------------

def test_thirty_by_thirty_does_not_pass_eu_amlr_25_but_passes_rolling(graph: Graph) -> None:
    w = World(graph)
    w.entity("Petra", kind="person")
    w.own("Petra", "Hold", 30, doc="REG-1")
    w.own("Hold", "Target", 30, doc="REG-2")
    w.load()
    res = owners(graph, w.k("Target"), rule="eu_amlr_25")
    assert res.rule == "eu_amlr_25" and res.threshold == 0.25
    petra, hold = row(res, w.k("Petra")), row(res, w.k("Hold"))
    assert petra.stake.lo == pytest.approx(0.09) and petra.status == "not"
    assert hold.status == "certainly" and res.keys() == {w.k("Hold")}
    assert petra.is_natural_person and petra.is_ultimate and not hold.is_natural_person and not hold.is_ultimate
    rolling = owners(graph, w.k("Target"), rule="rolling_25")
    assert rolling.keys("certainly") == {w.k("Petra"), w.k("Hold")}
    assert controlled_by(graph, w.k("Petra"), rule="rolling_25").keys() == {w.k("Hold"), w.k("Target")}
    assert controlled_by(graph, w.k("Petra"), rule="eu_amlr_25").keys() == {w.k("Hold")}
    # evidence: the chain, per-link stakes, product, provenance
    st_ = effective_stake(graph, w.k("Petra"), w.k("Target"))
    assert st_.stake.lo == pytest.approx(0.09) and st_.test(0.25) == "not"
    (path,) = st_.paths
    assert path.nodes == (w.k("Petra"), w.k("Hold"), w.k("Target")) and path.names == ("Petra", "Hold", "Target")
    assert [s.stake.lo for s in path.steps] == [0.3, 0.3] and path.product.lo == pytest.approx(0.09)
    assert [s.edges[0].document_id for s in path.steps] == ["REG-1", "REG-2"]
    ev = path.steps[0].edges[0]
    assert ev.source_system == "test" and ev.source_record_id and ev.known_from == T0 and ev.valid_from is None
    json.dumps(st_.as_dict()), json.dumps(res.as_dict())
    assert list(st_.to_frame()["product_lo"]) == [pytest.approx(0.09)]
    frame = res.to_frame()
    assert set(frame["key"]) == {w.k("Petra"), w.k("Hold")} and "status" in frame


def test_diamond_adds_chains_and_keeps_each_as_evidence(graph: Graph) -> None:
    w = World(graph)
    w.entity("P", kind="person")
    for a, b, s in [("P", "A", 60), ("P", "B", 40), ("A", "T", 50), ("B", "T", 50)]:
        w.own(a, b, s)
    w.load()
    res = owners(graph, w.k("T"))
    p = row(res, w.k("P"))
    assert p.stake.lo == pytest.approx(0.5) and p.status == "certainly" and p.is_ultimate
    assert sorted(round(x.product.lo, 9) for x in p.paths) == [0.2, 0.3]
    assert res.keys() == {w.k("P"), w.k("A"), w.k("B")}
    assert not res.warnings


def test_cross_holding_simple_paths_vs_walk_sum(graph: Graph) -> None:
    w = World(graph)
    w.own("X", "Y", 50)
    w.own("Y", "Z", 50)
    w.own("Z", "Y", 40)
    w.load()
    x, y = w.k("X"), w.k("Y")
    assert effective_stake(graph, x, y).stake.lo == pytest.approx(0.5)
    assert effective_stake(graph, x, y, semantics="walk_sum").stake.lo == pytest.approx(0.625)
    down = controlled_by(graph, x, rule="eu_amlr_25", semantics="walk_sum")
    assert row(down, w.k("Z")).stake.lo == pytest.approx(0.3125)
    assert row(controlled_by(graph, x, rule="eu_amlr_25"), w.k("Z")).stake.lo == pytest.approx(0.25)


def test_bands_give_certainly_possibly_not(graph: Graph) -> None:
    w = World(graph)
    w.own("Psc", "T", Stake(lo=25, hi=50, lo_inclusive=False, hi_inclusive=True))  # UK PSC 25-to-50
    w.own("Loose", "T", Stake(lo=10, hi=30))
    w.own("Mute", "T", None)
    w.own("Small", "T", Stake(lo=5, hi=25, hi_inclusive=False))
    w.load()
    gt = owners(graph, w.k("T"), rule="amld_gt25")
    assert row(gt, w.k("Psc")).status == "certainly"
    assert row(gt, w.k("Loose")).status == "possibly"
    assert row(gt, w.k("Mute")).status == "possibly"
    assert row(gt, w.k("Small")).status == "not"
    assert {"missing_stake"} <= codes(gt)
    psc = row(gt, w.k("Psc")).stake
    assert (psc.lo, psc.hi, psc.lo_open, psc.hi_open) == (0.25, 0.5, True, False)
    assert row(owners(graph, w.k("T"), rule="eu_amlr_25"), w.k("Small")).status == "not"


# -- the two clocks ---------------------------------------------------------------------------

def test_a_knowledge_lagged_edge_is_invisible_before_it_is_known(graph: Graph) -> None:
    w = World(graph)
    w.own("P", "T", 40, valid_from=date(2020, 1, 1), known=at("2020-06-01"))
    w.load()
    p, t = w.k("P"), w.k("T")
    assert effective_stake(graph, p, t, as_of="2020-03-01", known_at="2020-03-01").stake.hi == 0.0
    assert effective_stake(graph, p, t, as_of="2020-03-01", known_at="2020-06-01").stake.lo == pytest.approx(0.4)
    assert effective_stake(graph, p, t, as_of="2019-12-31").stake.hi == 0.0  # not yet valid
    assert owners(graph, t, as_of="2020-03-01", known_at="2020-05-31").rows == ()


def test_a_superseded_stake_is_seen_at_earlier_knowledge_times_only(graph: Graph) -> None:
    w = World(graph)
    w.own("P", "T", 40, valid_from=date(2018, 1, 1), known=at("2019-01-01"), fact_key="psc:1")
    w.own("P", "T", 20, valid_from=date(2018, 1, 1), known=at("2021-01-01"), fact_key="psc:1")
    w.load()
    p, t = w.k("P"), w.k("T")
    then = effective_stake(graph, p, t, as_of="2020-01-01", known_at="2020-01-01")
    # the second statement restates the interest's start (2018-01-01): a new stake is never
    # back-dated to it, so known now the 40% stands until the statement date (DOMAIN §4)
    before = effective_stake(graph, p, t, as_of="2020-01-01")
    now = effective_stake(graph, p, t, as_of="2021-06-01")
    assert then.stake.lo == pytest.approx(0.4) and before.stake.lo == pytest.approx(0.4)
    assert now.stake.lo == pytest.approx(0.2)
    assert then.paths[0].steps[0].edges[0].known_to == at("2021-01-01")
    assert not then.warnings and not before.warnings and not now.warnings  # never parallel edges


# -- other rules ------------------------------------------------------------------------------

def test_ofac_50_blocks_c_though_the_product_stake_is_25_percent(graph: Graph) -> None:
    w = World(graph)
    w.own("A", "B", 50)
    w.own("B", "C", 50)
    w.own("Clean", "C", 50)
    w.sanction("A", known=at("2022-01-01"))
    w.load()
    a, b, c = w.k("A"), w.k("B"), w.k("C")
    res = owners(graph, c, rule="ofac_50")
    assert res.target_status == "certainly" and res.rule == "ofac_50"
    assert row(res, a).basis == "sanctioned" and row(res, a).stake.lo == pytest.approx(0.25)
    assert row(res, a).sanctions[0]["authority"] == "OFAC"
    assert row(res, b).status == "certainly" and row(res, b).measure.lo == pytest.approx(0.5)
    assert row(res, w.k("Clean")).status == "not"
    assert [s.source for s in row(res, b).contributions] == [a]
    # before the sanction was known nobody is blocked; an explicit list overrides
    assert owners(graph, c, rule="ofac_50", known_at="2021-12-31").target_status == "not"
    assert owners(graph, c, rule="ofac_50", known_at="2021-12-31", blocked=[a]).target_status == "certainly"
    assert owners(graph, c, rule="ofac_50", blocked=[w.k("Clean")]).target_status == "certainly"
    assert owners(graph, c, rule="ofac_50", blocked=[]).target_status == "not"
    down = controlled_by(graph, a, rule="ofac_50")
    assert down.keys("certainly") == {b, c}


def test_majority_control_is_a_fixpoint(graph: Graph) -> None:
    w = World(graph)
    w.entity("i", kind="person")
    w.own("i", "j", 30)
    w.own("i", "k", 60)
    w.own("k", "j", 25)
    w.own("other", "j", 45)
    w.load()
    i, j, k = w.k("i"), w.k("j"), w.k("k")
    res = owners(graph, j, rule="majority")
    assert res.keys("certainly") == {i}
    assert row(res, i).measure.lo == pytest.approx(0.55) and row(res, i).stake.lo == pytest.approx(0.45)
    assert {s.source for s in row(res, i).contributions} == {i, k}
    assert row(res, k).status == "not" and row(res, w.k("other")).status == "not"
    ctl = controlled_by(graph, i)
    assert ctl.keys("certainly") == {j, k} and ctl.rule == "majority"
    # a group: other + k together hold 70% of j
    assert j in controlled_by(graph, [w.k("other"), k]).keys("certainly")


def test_board_appointment_and_significant_influence_control_a_directorship_does_not(graph: Graph) -> None:
    # PSC Regulations 2016 Sch. 1: "significant influence or control" is a condition of control
    # like the right to appoint the board; a directorship (SEC Form 4, FtM) is not
    w = World(graph)
    w.control("Elena", "H", "board_appointment")
    w.control("Elena", "G", "significant_influence")
    w.control("Elena", "D", "directorship")
    w.own("H", "S", 75)
    w.load()
    ctl = controlled_by(graph, w.k("Elena"))
    assert ctl.keys("certainly") == {w.k("H"), w.k("S"), w.k("G")}
    assert row(ctl, w.k("H")).basis == "control_edge"
    assert controlled_by(graph, w.k("Elena"), control_edges=False).keys() == set()
    assert w.k("Elena") in owners(graph, w.k("S"), rule="majority").keys("certainly")


# -- data quality -----------------------------------------------------------------------------

def test_data_quality_is_reported_not_fatal(graph: Graph) -> None:
    w = World(graph)
    w.own("T", "T", 10)  # treasury
    w.own("A", "T", 60)
    w.own("B", "T", 50)  # 110% in total
    w.own("A", "T", 55, interest=InterestType.VOTING_RIGHTS)
    w.own("C", "T", 30, share_class="A")
    w.own("C", "T", 40, share_class="B")
    w.own("U", "T", 70, direct=False)
    w.load()
    res = owners(graph, w.k("T"))
    assert {"treasury_self_loop", "shareholder_total_over_100", "mixed_interest", "parallel_edges",
            "declared_used"} <= codes(res)
    c = row(res, w.k("C")).stake
    assert (c.lo, c.hi) == (0.3, 0.4)  # share classes never added: the hull
    assert row(res, w.k("A")).stake.lo == pytest.approx(0.6)  # voting rights never added in
    u = row(res, w.k("U"))  # a declared indirect 70% with no chain behind it: the stake
    assert u.stake.lo == pytest.approx(0.7) and u.measure.lo == pytest.approx(0.7) and u.status == "certainly"
    assert u.basis == "declared_indirect" and u.declared[0].direct is False
    votes = owners(graph, w.k("T"), interest="voting_rights")
    assert votes.keys() == {w.k("A")} and row(votes, w.k("A")).stake.lo == pytest.approx(0.55)


def test_a_declared_interest_that_disagrees_with_the_chain_is_warned(graph: Graph) -> None:
    w = World(graph)
    w.own("U", "X", 100)
    w.own("X", "T", 20)
    w.own("U", "T", 70, direct=False)  # declared 70%, the chain says 20%
    w.own("V", "Y", 100)
    w.own("Y", "T", 10)
    w.own("V", "T", 10, direct=False)  # declared 10%, agrees with the chain
    w.load()
    res = effective_stake(graph, w.k("U"), w.k("T"))
    assert res.stake.lo == pytest.approx(0.2) and "declared_mismatch" in codes(res)
    assert [x.keys for x in res.warnings if x.code == "declared_mismatch"] == [(f"{w.k('U')}->{w.k('T')}",)]
    ok = effective_stake(graph, w.k("V"), w.k("T"))
    assert ok.stake.lo == pytest.approx(0.1) and "declared_mismatch" not in codes(ok)
    r = owners(graph, w.k("T"))
    assert row(r, w.k("U")).stake.lo == pytest.approx(0.2) and row(r, w.k("U")).measure.lo == pytest.approx(0.7)
    assert "declared_indirect" in codes(r) and "declared_mismatch" in codes(r)


def test_depth_limit_and_reporting_exceptions_make_ultimacy_unknown(graph: Graph) -> None:
    w = World(graph)
    for a, b in [("L4", "L3"), ("L3", "L2"), ("L2", "L1"), ("L1", "T")]:
        w.own(a, b, 100)
    w.own("Q", "T", 40)
    w.exception("Q")
    w.load()
    res = owners(graph, w.k("T"), max_depth=2)
    assert "depth_limit" in codes(res) and row(res, w.k("L2")).is_ultimate is None
    assert w.k("L3") not in res.keys()
    assert row(res, w.k("Q")).is_ultimate is None and "reporting_exception" in codes(res)
    full = owners(graph, w.k("T"))
    assert row(full, w.k("L4")).is_ultimate is True and row(full, w.k("L4")).stake.lo == 1.0


def test_unknown_keys_and_bad_arguments(graph: Graph) -> None:
    assert "unknown_entity" in codes(owners(graph, "og:nope"))
    with pytest.raises(ValueError, match="rule"):
        owners(graph, "og:nope", rule="fifty")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="same entity"):
        effective_stake(graph, "og:a", "og:a")


# -- as-of filtering, property-tested against a Python filter --------------------------------

DAYS = [date(2018, 1, 1) + timedelta(days=90 * i) for i in range(12)]
NODES = ["n0", "n1", "n2", "n3", "n4"]


@st.composite
def dated_edges(draw: st.DrawFn) -> list[dict[str, Any]]:
    out = []
    for i in range(draw(st.integers(1, 9))):
        a, b = draw(st.sampled_from([(x, y) for x in NODES for y in NODES if x != y]))
        vf = draw(st.none() | st.sampled_from(DAYS))
        vt = draw(st.none() | st.sampled_from([d for d in DAYS if vf is None or d >= vf]))
        out.append({"a": a, "b": b, "pct": draw(st.integers(1, 60)), "vf": vf, "vt": vt,
                    "known": datetime.combine(draw(st.sampled_from(DAYS)), datetime.min.time(), timezone.utc)
                    + timedelta(hours=draw(st.integers(0, 23))),
                    "fact": f"f{draw(st.integers(0, 2))}" if draw(st.booleans()) else f"own{i}"})
    return out


def python_filter(recs: list[Ownership], as_of: date, known_at: datetime) -> list[tuple[str, Ownership]]:
    """The gate, computed here on each fact's stored history (graph.history.plan, whose own
    property test checks it against the statements): (statement id, record) of every stored
    version or carried piece with valid_from <= as_of < valid_to and known_from <= known_at <
    known_to."""
    from ownergraph.graph.load.rows import VALID_MAX, VALID_MIN
    from ownergraph.graph.load.history import Version, plan

    facts: dict[str, list[Ownership]] = {}
    for r in recs:
        facts.setdefault(r.key(), []).append(r)
    admitted = []
    for versions in facts.values():
        by_sid = {r.content_hash(): r for r in versions}
        result = plan([Version(r.content_hash(), r.known_from, r.valid_from or VALID_MIN, r.valid_to or VALID_MAX,
                               repr((r.source.value, r.target.value, r.stake))) for r in versions])
        rows = [(sid, st.valid_from, by_sid[sid].valid_to or VALID_MAX, by_sid[sid].known_from, st.known_to)
                for sid, st in result.stored.items()]
        rows += [(c.sid, result.stored[c.origin].valid_from, c.valid_to, c.known_from, c.known_to)
                 for c in result.carried]
        for sid, vf, vt, kf, kt in rows:
            if vf <= as_of < vt and kf <= known_at < kt:
                admitted.append((sid, by_sid[sid.split("~")[0]]))
    return admitted


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(dated_edges(), st.lists(st.tuples(st.sampled_from(DAYS + [date(2017, 6, 1), date(2021, 2, 3)]),
                                         st.sampled_from(DAYS), st.integers(-1, 1)), min_size=3, max_size=6))
def test_as_of_filtering_never_admits_an_edge_outside_its_interval(graph: Graph, spec: list[dict[str, Any]],
                                                                   clocks: list[tuple[date, date, int]]) -> None:
    wipe(graph)
    w = World(graph)
    w.entity(*NODES)
    recs = [w.own(e["a"], e["b"], e["pct"], valid_from=e["vf"], valid_to=e["vt"], known=e["known"],
                  fact_key=e["fact"]) for e in spec]
    w.load()
    keys = {n: w.k(n) for n in NODES}
    for as_of, known_day, shift in clocks:
        known_at = datetime.combine(known_day, datetime.min.time(), timezone.utc) + timedelta(microseconds=shift)
        admitted = python_filter(recs, as_of, known_at)
        pairs: dict[tuple[str, str], ar.Interval] = {}
        for _, r in admitted:
            iv = ar.Interval.exact(r.stake.exact / 100)
            key = (keys[r.source.value], keys[r.target.value])
            pairs[key] = pairs[key].hull(iv) if key in pairs else iv
        wedges = [ar.WEdge(s, t, iv) for (s, t), iv in pairs.items()]
        for target in keys.values():
            # exactly the admitted edges above the target are read through the gate
            prep = _read(graph, [target], make_clock(as_of, known_at), "in", "shareholding", 12, False)
            prep.load(graph, [rid for *_, rids in prep.pairs for rid in rids])
            read = {ev.statement_id for ev in prep.evidence.values()}
            above = ar.reaching(wedges, [target])
            assert read == {sid for sid, r in admitted if keys[r.target.value] in above}
        # and the stakes are the arithmetic on exactly the admitted edges (hull of parallel ones)
        target = keys["n0"]
        res = owners(graph, target, as_of=as_of, known_at=known_at, rule="eu_amlr_25")
        seen = {ev.statement_id for r in res.rows for p in r.paths for s in p.steps for ev in s.edges}
        assert seen <= {sid for sid, _ in admitted}
        expected = ar.chain_to(wedges, target).values
        got = {r.key: r.stake for r in res.rows}
        assert set(got) == set(expected)
        for key, iv in expected.items():
            assert (got[key].lo, got[key].hi) == pytest.approx((iv.lo, iv.hi))


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(dated_edges(), st.sampled_from(DAYS), st.sampled_from(DAYS), st.integers(0, 4),
       st.sampled_from(["in", "out", "both"]), st.lists(st.integers(0, 8), max_size=2),
       st.lists(st.integers(0, 8), max_size=2))
def test_two_round_trip_reach_reads_what_breadth_first_expand_reads(
        graph: Graph, spec: list[dict[str, Any]], as_of: date, known_day: date, depth: int, direction: str,
        suppress: list[int], extend: list[int]) -> None:
    wipe(graph)
    w = World(graph)
    w.entity(*NODES)
    recs = [w.own(e["a"], e["b"], e["pct"], valid_from=e["vf"], valid_to=e["vt"], known=e["known"],
                  fact_key=e["fact"]) for e in spec]
    w.control("n1", "n2", "board_appointment")
    w.load()
    clock = make_clock(as_of, known_day)
    assumed = Assumed(frozenset(recs[i].content_hash() for i in suppress if i < len(recs)),
                      frozenset(recs[i].content_hash() for i in extend if i < len(recs)))
    for seeds in ([w.k("n0")], [w.k("n1"), w.k("n3")]):
        with assuming(assumed):
            a = expand(graph, seeds, clock, ["OWNS", "CONTROLS"], direction, depth)  # type: ignore[arg-type]
            b = reach(graph, seeds, clock, ["OWNS", "CONTROLS"], direction, depth)  # type: ignore[arg-type]
        assert sorted((e.source, e.target, e.props["statement_id"]) for e in a.edges) == \
            sorted((e.source, e.target, e.props["statement_id"]) for e in b.edges)
        assert set(a.nodes) == set(b.nodes) and a.depth_reached == b.depth_reached
        assert all(b.nodes[k]["name"] == a.nodes[k]["name"] for k in a.nodes)
