"""Ownership and control on two clocks: effective stakes, owners / controllers of an entity
under a named rule, and everything a person, entity or group controls.

Reads go through the time gate (edges admitted by ``valid_from <= as_of < valid_to`` and
``known_from <= known_at < known_to``, what-if assumptions applied) via
``_snapshot_reach.reach``, which reads exactly what ``_snapshot.expand`` reads in two round
trips whatever the depth and decodes only the properties the arithmetic needs; the
provenance of the edges an answer cites is read afterwards in one more round trip, and
sanctions / reporting exceptions of the entities read in another. The arithmetic is
``_arithmetic`` in Python. ``max_depth`` is the breadth-first radius of the read: an entity
further than that from the query entity by its shortest chain is not seen (``depth_limit``
warning); once read, every chain among the entities read counts.

Rules (DOMAIN §6), returned with every answer:

=============  ==========================================================================
eu_amlr_25     chain-rule effective stake >= 25% (EU AMLR 2024/1624 Art. 52); never a
               per-hop test: 30% x 30% = 9% does not pass
amld_gt25      chain-rule effective stake > 25% (older AMLD wording)
rolling_25     per-hop: linked by a chain whose every link is > 25%
majority       control fixpoint: i controls j when i's own stake plus the stakes of what i
               already controls exceed 50% (Romei, Ruggieri, Turini); a CONTROLS edge that
               is a right to appoint/remove the board gives control outright
               (``control_edges=True``)
ofac_50        an entity owned >= 50% in aggregate by blocked persons is blocked, and the
               status propagates; blocked persons are ``blocked`` or, by default, every
               entity with a Sanction valid and known at the clock
=============  ==========================================================================

The three chain rules (eu_amlr_25, amld_gt25, rolling_25) carry the control prong beside the
shares (``graph.analytics.control``; ``control_edges=False`` turns it off): voting rights
tested apart, and control by CONTROLS edges of a controlling kind or by majority stakes along
chains; ``OwnersResult.ultimate_controllers`` names the controllers nobody controls.

Chain-rule semantics (``simple_paths`` / ``walk_sum``) and interval arithmetic for bands are
documented in ``graph.analytics.arithmetic``; data-quality choices in
``graph.analytics.ownership_read``. Every test answers "certainly", "possibly" or "not".
Natural persons (entity kind ``person``) are flagged on each row with ``is_natural_person``;
``is_ultimate`` says nobody owns the entity at the clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Literal

from ownergraph.graph.analytics import arithmetic as ar
from ownergraph.graph.analytics import fixpoint as fx
from ownergraph.graph.analytics.control import Link, Prong, control_prong, control_wedges, larger, stronger
from ownergraph.graph.analytics.interval import ONE, ZERO, Interval, Status
from ownergraph.graph.analytics.ownership_model import (
    ControlResult, DataWarning, OwnersResult, PartyRow, PathEvidence, PathStep, StakeResult,
)
from ownergraph.graph.analytics.ownership_read import (
    ARITHMETIC_FIELDS, Prepared, declared_stake, native, prepare,
)
from ownergraph.domain.errors import SameEntity
from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.analytics.snapshot_reach import reach
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.vocabulary import CONTROL_RULE, DEFAULT_RULE, OWNERS, RULE_NAMES, RULES
from ownergraph.domain.codes import UNDISCLOSED_PARENT_REASONS, exception_meaning, exception_reasons
from ownergraph.domain.codes import EdgeType

__all__ = ["effective_stake", "owners", "controlled_by", "RULES", "StakeResult", "OwnersResult",
           "ControlResult", "PartyRow", "PathEvidence", "PathStep", "DataWarning", "Interval"]

Rule = Literal[RULE_NAMES]  # type: ignore[valid-type]  # the names in graph.vocabulary.RULES
Semantics = Literal["simple_paths", "walk_sum"]
Interest = Literal["shareholding", "voting_rights"]
_DEPTH = OWNERS.hops  # the full reach (graph.vocabulary.FULL_DEPTH): nothing cut by default
PATHS_PER_ROW = 50  # chains kept as evidence per passing row
PATHS_PER_PAIR = 1000  # chains kept as evidence by effective_stake
_ORDER = {"certainly": 0, "possibly": 1, "not": 2}


def _check(rule: str, semantics: str, interest: str) -> None:
    if rule not in RULES:
        raise ValueError(f"unknown rule {rule!r}; known: {', '.join(RULES)}")
    if semantics not in ("simple_paths", "walk_sum"):
        raise ValueError(f"unknown semantics {semantics!r}: simple_paths or walk_sum")
    if interest not in ("shareholding", "voting_rights"):
        raise ValueError(f"unknown interest {interest!r}: shareholding or voting_rights")


def _test(rule: str) -> tuple[float, bool, str]:
    """The rule's threshold, strictness (">" rather than ">=") and basis (graph.vocabulary)."""
    r = RULES[rule]
    return r.threshold, r.strict, r.basis


def _read(graph: Graph, roots: list[str], clock: Clock, direction: Literal["in", "out"], interest: str,
          max_depth: int, control_edges: bool) -> Prepared:
    types = [EdgeType.OWNERSHIP, EdgeType.CONTROL] if control_edges else [EdgeType.OWNERSHIP]
    snap = reach(graph, roots, clock, types, direction, max_depth, edge_fields=ARITHMETIC_FIELDS)
    prep = prepare(snap, roots, direction, interest, max_depth, control_edges)
    missing = [r for r in roots if r not in snap.nodes]
    if missing:
        prep.warnings.append(DataWarning("unknown_entity", f"no entity with key(s) {', '.join(missing)}",
                                         tuple(missing)))
    return prep


def _chain_warnings(res: ar.ChainValues) -> list[DataWarning]:
    out = []
    if res.truncated:
        out.append(DataWarning("path_cap", f"simple-path enumeration inside cross-holdings stopped at "
                               f"{ar.PATH_CAP} extensions: lo ends are what was found, hi ends the walk sum",
                               tuple(sorted(res.truncated))))
    if res.diverged:
        out.append(DataWarning("walk_sum_diverges", "walk sums around a cross-holding do not converge "
                               "(stakes around the cycle at or above 100%): affected values capped at 1",
                               tuple(sorted(res.diverged))))
    if res.capped:
        out.append(DataWarning("stake_capped", "computed stakes above 100% (shareholder totals or band upper "
                               "ends above 100%) capped at 1", tuple(sorted(res.capped))))
    return out


DECLARED_TOLERANCE = 0.001  # cover pages round percentages to 0.1 point


def _checked(prep: Prepared, target: str, semantics: str, holders: Iterable[str]
             ) -> tuple[dict[str, Interval], list[DataWarning]]:
    """Declared interests in ``target`` that a computed chain carries, checked against it.

    The chain's indirect part (every chain but the holder's direct link) must meet the
    declared figure: then the declaration narrows it (a link without a stated stake, BODS
    ``unknown``, makes the chain a band) and the holder's stake is its direct link plus that;
    otherwise a ``declared_mismatch`` warning and the computed figure stands."""
    narrowed: dict[str, Interval] = {}
    bad: list[str] = []
    for s in holders:
        if (s, target) not in prep.declared or (s, target) in prep.declared_used:
            continue
        rest = [w for w in prep.wedges if (w.source, w.target) != (s, target)]
        chain = ar.chain_to(rest, target, semantics).values.get(s, ZERO)
        direct = next((w.stake for w in prep.wedges if (w.source, w.target) == (s, target)), ZERO)
        d = declared_stake(prep, s, target)
        lo, hi = max(chain.lo, d.lo), min(chain.hi, d.hi)
        if lo <= hi + DECLARED_TOLERANCE:
            narrowed[s] = (direct + Interval(min(lo, hi), max(lo, hi))).capped()
        else:
            bad.append(f"{s}->{target} declared {d.lo:.2%}..{d.hi:.2%}, chains {chain.lo:.2%}..{chain.hi:.2%}")
    warnings = [DataWarning("declared_mismatch", "declared indirect interests disagree with the computed "
                            f"chains (the computed figure is used): {'; '.join(bad)}",
                            tuple(b.split(" ")[0] for b in bad))] if bad else []
    return narrowed, warnings


def _find_paths(prep: Prepared, sources: Iterable[str], target: str, cap: int, avoid: Iterable[str] = ()
                ) -> tuple[list[tuple[ar.WEdge, ...]], bool]:
    found, cut = [], False
    for s in sources:
        paths, c = ar.simple_paths(prep.wedges, s, target, cap, avoid=set(avoid) - {s})
        found += paths
        cut = cut or c
    found.sort(key=lambda p: (-ar.path_product(p).hi, len(p)))
    return found[:cap], cut or len(found) > cap


@dataclass
class _Pending:
    """A row before the provenance of the edges it cites is read."""

    key: str
    status: Status
    stake: Interval
    measure: Interval
    basis: str
    ultimate: bool | None = None
    paths: list[tuple[ar.WEdge, ...]] = field(default_factory=list)
    cut: bool = False
    contributions: tuple[ar.WEdge, ...] = ()
    declared: tuple[str, str] | None = None
    facts: dict[str, Any] = field(default_factory=dict)
    control: Status = "not"
    control_path: tuple[Link, ...] = ()
    voting: Interval | None = None


def _rids(prep: Prepared, edges: Iterable[ar.WEdge]) -> set[str]:
    out: set[str] = set()
    for e in edges:
        pair = (e.source, e.target)  # a forced link: a controlling CONTROLS edge, or one of unknown nature
        out.update((prep.forced.get(pair) or prep.controls.get(pair, ())) if e.ref == fx.FORCED else prep.pairs[e.ref][3])
    return out


def _step(prep: Prepared, e: ar.WEdge) -> PathStep:
    return prep.forced_step(e.source, e.target) if e.ref == fx.FORCED else prep.step(e.ref)


def _path(prep: Prepared, edges: tuple[ar.WEdge, ...]) -> PathEvidence:
    nodes = (edges[0].source,) + tuple(e.target for e in edges)
    return PathEvidence(nodes, tuple(prep.name(k) for k in nodes), tuple(_step(prep, e) for e in edges),
                        ar.path_product(edges))


def _control_path(prep: Prepared, links: tuple[Link, ...]) -> PathEvidence:
    nodes = (links[0].source,) + tuple(x.target for x in links)
    steps = tuple(PathStep(x.source, x.target, x.stake, tuple(prep.evidence[r] for r in x.rids if r in prep.evidence))
                  for x in links)
    product = ONE
    for x in links:
        product = product * x.stake
    return PathEvidence(nodes, tuple(prep.name(k) for k in nodes), steps, product)


def _finish(graph: Graph, prep: Prepared, pending: list[_Pending]) -> tuple[PartyRow, ...]:
    """Read the provenance of every cited edge in one round trip, then build the rows."""
    rids: set[str] = set()
    for p in pending:
        rids |= _rids(prep, [e for path in p.paths for e in path]) | _rids(prep, p.contributions)
        rids.update(r for x in p.control_path for r in x.rids)
        if p.declared:
            rids.update(prep.declared.get(p.declared, ()))
    prep.load(graph, rids)
    rows = []
    for p in pending:
        kind = prep.kind(p.key)
        rows.append(PartyRow(
            key=p.key, name=prep.name(p.key), kind=kind, is_natural_person=kind == "person",
            is_ultimate=p.ultimate, status=p.status, stake=p.stake, measure=p.measure, basis=p.basis,
            paths=tuple(_path(prep, x) for x in p.paths), paths_truncated=p.cut,
            contributions=tuple(_step(prep, e) for e in p.contributions),
            sanctions=tuple(p.facts.get("sanctions", ())), reporting_exceptions=tuple(p.facts.get("exceptions", ())),
            declared=prep.declared_evidence(*p.declared) if p.declared else (), control=p.control,
            control_paths=(_control_path(prep, p.control_path),) if p.control_path else (), voting=p.voting))
    return tuple(sorted(rows, key=lambda r: (_ORDER[r.status], -r.measure.hi, -r.stake.hi, r.key)))


def effective_stake(graph: Graph, owner: str, owned: str, *, as_of: date | str | None = None,
                    known_at: date | datetime | str | None = None, semantics: Semantics = "simple_paths",
                    interest: Interest = "shareholding", max_depth: int = _DEPTH) -> StakeResult:
    """The chain-rule stake of ``owner`` in ``owned`` (an interval), with every chain as evidence."""
    _check(DEFAULT_RULE, semantics, interest)
    if owner == owned:
        raise SameEntity(f"the owner and the owned name the same entity ({owner}): a stake is held in another entity")
    clock = make_clock(as_of, known_at)
    prep = _read(graph, [owned], clock, "in", interest, max_depth, control_edges=False)
    res = ar.chain_to(prep.wedges, owned, semantics)
    paths, cut = _find_paths(prep, [owner], owned, PATHS_PER_PAIR)
    prep.load(graph, _rids(prep, [e for p in paths for e in p]) | set(prep.declared.get((owner, owned), ())))
    narrowed, checks = _checked(prep, owned, semantics, [owner])
    stake = narrowed.get(owner, res.values.get(owner, ZERO))
    basis = "declared_indirect" if owner in narrowed or (owner, owned) in prep.declared_used else "chain_rule"
    return StakeResult(owner, owned, prep.name(owner), prep.name(owned), stake, semantics,
                       interest, clock.as_of, clock.known_at, max_depth, tuple(_path(prep, p) for p in paths), cut,
                       tuple(prep.warnings + _chain_warnings(res) + checks), prep.declared_evidence(owner, owned),
                       bool(prep.frontier), basis)


def _facts(graph: Graph, keys: Iterable[str], clock: Clock) -> dict[str, dict[str, list[dict[str, Any]]]]:
    rows = graph.read("ownership_node_facts", keys=sorted(keys), **clock.as_params())
    return {r["key"]: {"sanctions": [{k: native(v) for k, v in s.items()} for s in r["sanctions"]],
                       "exceptions": [{k: native(v) for k, v in x.items()} for x in r["exceptions"]]}
            for r in rows}


def _prong(prep: Prepared, k: str, status: Status, why: str, prong: Prong | None, per_hop: bool,
           threshold: float, strict: bool) -> tuple[Status, str, dict[str, Any]]:
    """A chain-rule outcome with the control prong beside it: voting rights (the other
    interest) and control can make an entity an owner or controller the shares do not."""
    if prong is None:
        return status, why, {}
    other = prong.other.values.get(k) if prong.other is not None else None
    vstatus: Status = (prong.other_hop.get(k, "not") if per_hop else other.test(threshold, strict)) \
        if other is not None else "not"
    cstatus = prong.control.get(k, "not")
    extra = {"control": cstatus, "control_path": prong.paths.get(k, ()), "voting": other}
    best = stronger(status, stronger(vstatus, cstatus))
    if best != status and stronger(status, best) == best:
        why = prong.other_interest if stronger(vstatus, cstatus) == vstatus and vstatus == best else "control"
        status = best
    return status, why, extra


# Complexity (cc 48), on purpose: every rule (chain rule, per hop, majority fixpoint, OFAC
# aggregate) shares the read, the candidate set and the warnings; the branches pick the rule's
# test. Split by rule, the shared steps would be repeated for each of the four.
def owners(graph: Graph, target: str, *, rule: Rule = DEFAULT_RULE, as_of: date | str | None = None,
           known_at: date | datetime | str | None = None, semantics: Semantics = "simple_paths",
           interest: Interest = "shareholding", max_depth: int = _DEPTH, blocked: Iterable[str] | None = None,
           control_edges: bool = True) -> OwnersResult:
    """Owners (controllers for ``majority``; blocked owners for ``ofac_50``) of ``target``."""
    _check(rule, semantics, interest)
    threshold, strict, basis = _test(rule)
    clock = make_clock(as_of, known_at)
    chain_rules = basis in ("chain_rule", "per_hop")
    prep = _read(graph, [target], clock, "in", interest, max_depth,
                 control_edges and (chain_rules or basis == "majority_fixpoint"))
    warnings = list(prep.warnings)
    prong = (control_prong(prep, target, interest, semantics, threshold, strict, max_depth, prep.frontier)
             if control_edges and chain_rules else None)
    chain = ar.chain_to(prep.wedges, target, semantics)
    warnings += _chain_warnings(chain)
    declared = {s for (s, t) in prep.declared if t == target}
    narrowed, checks = _checked(prep, target, semantics, declared)
    warnings += checks
    forced_edges = [ar.WEdge(u, v, ONE, fx.FORCED) for u, v in prep.forced]
    beside = (set(prong.control) | set(prong.other.values if prong.other else ())) if prong else set()
    candidates = sorted((ar.reaching(prep.wedges + forced_edges, [target]) | set(chain.values) | declared | beside)
                        - {target})
    facts = _facts(graph, set(candidates) | {target}, clock)
    excepted = {k for k, f in facts.items() if f["exceptions"]}
    withheld, exception_warnings = _exception_warnings(facts, excepted)
    warnings += exception_warnings
    ctx = _RowContext(prep, target, threshold, strict, basis, chain, narrowed, declared, facts, excepted, prong)
    target_status: Status | None = None
    if chain_rules:
        rows = _chain_rule_rows(ctx, candidates)
    elif basis == "majority_fixpoint":
        rows = _fixpoint_rows(ctx, candidates)
    else:
        rows, target_status = _blocked_rows(ctx, candidates, blocked)
    ultimate = tuple(k for k in prong.ultimate if k not in withheld) if prong else ()
    return OwnersResult(target, prep.name(target), rule, threshold, strict, semantics, interest, clock.as_of,
                        clock.known_at, max_depth, _finish(graph, prep, rows), target_status, tuple(warnings),
                        bool(prep.frontier), ultimate)


def _exception_warnings(facts: dict[str, dict[str, Any]], excepted: set[str]) -> tuple[set[str], list[DataWarning]]:
    """The candidates whose reporting exceptions say a parent is withheld, and the warnings: a
    withheld parent is never read as "no owner"; other exceptions are named with their meaning."""
    warnings: list[DataWarning] = []
    withheld = {k for k, f in facts.items()
                if any(r in UNDISCLOSED_PARENT_REASONS for x in f["exceptions"] for r in exception_reasons(x))}
    if withheld:
        warnings.append(DataWarning("reporting_exception", "reporting exceptions say an undisclosed parent "
                                    "exists: not treated as 'no owner'", tuple(sorted(withheld))))
    if excepted - withheld:  # e.g. a PSC "no registrable person" statement: none to name, not hidden
        reasons = sorted({r for k in excepted - withheld for x in facts[k]["exceptions"] for r in exception_reasons(x)})
        warnings.append(DataWarning("reporting_exception", "reporting exceptions: " + "; ".join(
            f"{r} ({exception_meaning(r)})" for r in reasons), tuple(sorted(excepted - withheld))))
    return withheld, warnings


@dataclass
class _RowContext:
    """What every rule's rows are built from: the read neighbourhood, the rule's test, the chain
    values (narrowed by declared indirect holdings), the candidates' facts and the control prong."""

    prep: Prepared
    target: str
    threshold: float
    strict: bool
    basis: str
    chain: Any
    narrowed: dict[str, Interval]
    declared: set[str]
    facts: dict[str, dict[str, Any]]
    excepted: set[str]
    prong: Prong | None

    def pending(self, k: str, status: Status, measure: Interval, why: str, **kw: Any) -> _Pending:
        prep = self.prep
        ultimate = None if k in prep.frontier or k in self.excepted else k not in prep.has_owner
        return _Pending(k, status, self.narrowed.get(k, self.chain.values.get(k, ZERO)), measure, why, ultimate,
                        facts=self.facts.get(k, {}),
                        declared=(k, self.target) if k in self.declared else None, **kw)


def _chain_rule_rows(ctx: _RowContext, candidates: list[str]) -> list[_Pending]:
    """Rows of the chain rules (effective stake, or each hop tested): each candidate's stake,
    the larger declared figure where they disagree, and the control prong beside it."""
    prep, target, threshold, strict = ctx.prep, ctx.target, ctx.threshold, ctx.strict
    per_hop = ctx.basis == "per_hop"
    hop = fx.per_hop_to(prep.wedges, target, threshold, strict) if per_hop else {}
    direct: dict[str, list[Any]] = {}
    for w in prep.wedges:
        if w.target == target:
            direct.setdefault(w.source, []).append(w)
    rows: list[_Pending] = []
    for k in candidates:
        stake = measure = ctx.narrowed.get(k, ctx.chain.values.get(k, ZERO))
        why = "declared_indirect" if k in ctx.narrowed or (k, target) in prep.declared_used else ctx.basis
        if per_hop:
            status = hop.get(k, "not")
        else:
            status = stake.test(threshold, strict)
            if k in ctx.declared and k not in ctx.narrowed:  # a mismatch: test the larger figure
                measure = larger(stake, declared_stake(prep, k, target))
                if measure.test(threshold, strict) != status:
                    status, why = measure.test(threshold, strict), "declared_indirect"
        status, why, extra = _prong(prep, k, status, why, ctx.prong, per_hop, threshold, strict)
        # a row that does not pass still cites its own direct holding (a 13D's record owner)
        paths, cut = _find_paths(prep, [k], target, PATHS_PER_ROW) if status != "not" else (
            [[w] for w in direct.get(k, ())], False)
        rows.append(ctx.pending(k, status, measure, why, paths=paths, cut=cut, **extra))
    return rows


def _fixpoint_rows(ctx: _RowContext, candidates: list[str]) -> list[_Pending]:
    """Rows of the majority rule: control found by the fixpoint from each candidate alone."""
    prep, target = ctx.prep, ctx.target
    fix = fx.Fixpoint(prep.wedges, list(prep.forced))
    rows = []
    for k in candidates:
        p = fix.run({k}, ctx.threshold, ctx.strict, only=[target])
        rows.append(ctx.pending(k, p.status.get(target, "not"), p.measure.get(target, ZERO),
                                "control_edge" if (k, target) in prep.forced else ctx.basis,
                                contributions=p.contributors.get(target, ())))
    return rows


def _blocked_rows(ctx: _RowContext, candidates: list[str],
                  blocked: Iterable[str] | None) -> tuple[list[_Pending], Status]:
    """Rows of the blocking rule (OFAC 50 %): the blocked parties given (else the sanctioned
    ones) propagated down; the target's own status beside the rows."""
    prep, target = ctx.prep, ctx.target
    seeds = set(blocked) if blocked is not None else {k for k, f in ctx.facts.items() if f["sanctions"]}
    p = ar.propagate(prep.wedges, seeds & (set(candidates) | {target}), ctx.threshold, ctx.strict)
    rows = []
    for k in candidates:
        status = "certainly" if k in seeds else p.status.get(k, "not")
        paths, cut = _find_paths(prep, [k], target, PATHS_PER_ROW) if status != "not" else ([], False)
        why = ("blocked_given" if blocked is not None else "sanctioned") if k in seeds else ctx.basis
        rows.append(ctx.pending(k, status, p.measure.get(k, ZERO), why,
                                paths=paths, cut=cut, contributions=p.contributors.get(k, ())))
    return rows, ("certainly" if target in seeds else p.status.get(target, "not"))


def _majority_wedges(prep: Prepared, group: list[str], interest: str, max_depth: int) -> list[ar.WEdge]:
    """The links the majority rule reads: with the shares, the voting rights (the larger per
    pair), as ``owners``' control prong does, so control is one notion everywhere."""
    if interest != "shareholding" or prep.snapshot is None:
        return prep.wedges
    return control_wedges(prep, prepare(prep.snapshot, group, "out", "voting_rights", max_depth))


def _majority_rows(prep: Prepared, group: list[str], interest: str, max_depth: int, threshold: float,
                   strict: bool, chain: ar.ChainValues) -> list[_Pending]:
    """What the group controls, as ``owners``' control prong counts it: majorities of shares or
    votes, CONTROLS edges of a controlling kind (certainly) and of an unknown nature (only
    possibly: what they alone reach is "possibly" controlled, never left out)."""
    wedges = _majority_wedges(prep, group, interest, max_depth)
    p = ar.propagate(wedges, group, threshold, strict, list(prep.forced))
    maybe = [pair for pair, strength in sorted(prep.control_strength.items()) if strength == "maybe"]
    q = ar.propagate(wedges, group, threshold, strict, list(prep.forced) + maybe) if maybe else p
    rows = []
    for k, status in q.status.items():
        sure = p.status.get(k, "not")
        by = p if sure != "not" else q  # what made it pass: the certain reading where it passes
        status = sure if sure != "not" else "possibly" if status != "not" else "not"
        direct = any((g, k) in prep.forced or (g, k) in maybe for g in group)
        rows.append(_Pending(k, status, chain.values.get(k, ZERO), by.measure.get(k, ZERO),
                             "control_edge" if direct else "majority_fixpoint", contributions=by.contributors.get(k, ())))
    return rows


def controlled_by(graph: Graph, controller: str | Iterable[str], *, as_of: date | str | None = None,
                  known_at: date | datetime | str | None = None, max_depth: int = _DEPTH, rule: Rule = CONTROL_RULE,
                  semantics: Semantics = "simple_paths", interest: Interest = "shareholding",
                  control_edges: bool = True) -> ControlResult:
    """Everything ``controller`` controls (a group: its members' stakes add up and they act
    together). Chain rules: what it owns at the threshold; ofac_50: what blocking it blocks."""
    _check(rule, semantics, interest)
    threshold, strict, basis = _test(rule)
    group = [controller] if isinstance(controller, str) else sorted(set(controller))
    if not group:
        raise ValueError("no controller given")
    clock = make_clock(as_of, known_at)
    prep = _read(graph, group, clock, "out", interest, max_depth, control_edges and basis == "majority_fixpoint")
    warnings = list(prep.warnings)
    chain = ar.chain_from(prep.wedges, group, semantics)
    warnings += _chain_warnings(chain)
    rows: list[_Pending] = []
    if basis == "majority_fixpoint":
        rows = _majority_rows(prep, group, interest, max_depth, threshold, strict, chain)
    elif basis == "blocked_aggregate":
        p = ar.propagate(prep.wedges, group, threshold, strict, [])
        rows = [_Pending(k, status, chain.values.get(k, ZERO), p.measure.get(k, ZERO), basis,
                         contributions=p.contributors.get(k, ())) for k, status in p.status.items()]
    else:
        hop = fx.per_hop_from(prep.wedges, group, threshold, strict) if basis == "per_hop" else {}
        for k, stake in chain.values.items():
            status = hop.get(k, "not") if basis == "per_hop" else stake.test(threshold, strict)
            paths, cut = _find_paths(prep, group, k, PATHS_PER_ROW, avoid=group) if status != "not" else ([], False)
            rows.append(_Pending(k, status, stake, stake, basis, paths=paths, cut=cut))
    return ControlResult(tuple(group), tuple(prep.name(g) for g in group), rule, threshold, strict, semantics,
                         interest, clock.as_of, clock.known_at, max_depth, _finish(graph, prep, rows),
                         tuple(warnings), bool(prep.frontier))
