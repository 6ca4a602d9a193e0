"""Graph-wide integrated ownership and UBOs as of a date, computed as a DuckDB job on the
Parquet export (``graph.store.export``), off the database.

The job, in SQL:

1. **Two clocks**: the edge versions with ``valid_from <= as_of < valid_to`` and
   ``known_from <= known_at < known_to`` (what the per-entity time gate admits, without what-if
   assumptions).
2. **Weighted edges**, with the per-entity data-quality choices
   (``graph.analytics.ownership_read``): OWNS edges of the requested interest (a missing
   interest is shareholding), self-loops (treasury) dropped, a stake the source does not give
   as the band [0, 1], parallel edges of one pair as their hull [min lo, max hi]. Declared
   indirect interests (``direct = false``) are left out: per entity they join the arithmetic
   only where no computed chain carries them, a choice per target the batch does not make
   (counted in :attr:`BatchResult.summary` as ``declared_left_out``). CONTROLS edges (the
   control prong) are not part of integrated ownership.
3. **Integrated ownership** (DOMAIN §6, the ``walk_sum`` semantics of
   ``graph.analytics.arithmetic``): ``P = W + W^2 + ...`` as an edge list, one join of the
   walk frontier with the edges per step, the lo and hi ends of bands in two columns; the
   stake of ``x`` in ``t`` is ``P[x, t] / (1 + P[x, x])`` (walks that never return to ``x``:
   ``G[x, t] / G[x, x]`` with ``G = I + P``), capped at 1. On the acyclic part the frontier
   empties after the longest chain and the values equal the ``simple_paths`` semantics; walks
   around a cross-holding shrink geometrically and are followed until every contribution is
   below ``tolerance`` (``1e-15``). ``max_depth`` caps the walk length (default: none). A
   cycle whose walk sums do not converge (stakes around it at or above 100%, or the upper ends
   of unknown stakes) is found by its frontier not shrinking (see :func:`_propagate`): the
   pairs it feeds get ``hi = 1`` and ``diverged`` (per entity: ``inf``, capped at 1, or for a
   small component the value with returns removed, which is at most 1); ``max_steps`` is the
   last guard. Pairs cut by ``max_depth`` are ``depth_limited`` ("at least").
4. **UBOs**: every owner whose stake passes the rule's threshold (``graph.vocabulary.RULES``:
   eu_amlr_25 ``>= 25%``, amld_gt25 ``> 25%``) certainly or possibly, that is a natural person
   (entity kind ``person``) or a top holder (nobody owns it at the clock).

Engines: the statements are written once in the SQL DuckDB and Spark SQL both read
(``graph.analytics.batch_engine``); ``engine="spark"`` runs them on a local Spark session
(extra ``spark``), with the same results (``tests/graph/analytics/test_batch_spark.py``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import pandas as pd

from ownergraph.graph.analytics.batch_engine import BatchEngine, SqlEngine, make_engine
from ownergraph.graph.analytics.interval import EPS
from ownergraph.domain.clock import make_clock
from ownergraph.domain.vocabulary import CHAIN_RULE_NAMES, EU_AMLR_25, FULL_DEPTH, RULES
from ownergraph.domain.errors import OwnergraphError

TOLERANCE = 1e-15  # walk contributions below this are dropped
MAX_STEPS = 5000  # walk lengths followed at most (cycles converging slowly)
DIVERGENCE_WINDOW = 25  # steps without the frontier's upper ends shrinking that mean divergence
_BLOCK = 12  # steps per block compared (longer than the cycles of real registers)
CHAIN_RULES = CHAIN_RULE_NAMES  # the batch computes chains (not per-hop, fixpoint or blocked rules)


class BatchError(OwnergraphError):
    """The batch job's input is missing or not an export."""


@dataclass
class BatchResult:
    """``stakes``: one row per (owner, owned) with a positive upper end (owner, owned,
    stake_lo, stake_hi, capped, diverged, depth_limited); ``ubo``: the UBO rows (owned, owner,
    owner_name, owner_kind, is_natural_person, is_ultimate, stake_lo, stake_hi, status);
    ``summary``: counts and the clock; ``timings``: seconds per stage."""

    stakes: pd.DataFrame
    ubo: pd.DataFrame
    summary: dict[str, Any]
    timings: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"summary": self.summary, "timings": self.timings}


def _files(export_dir: Path) -> tuple[Path, Path]:
    edges, entities = export_dir / "edges.parquet", export_dir / "entities.parquet"
    for f in (edges, entities):
        if not f.is_file():
            raise BatchError(f"{f}: not found (write it with `ownergraph export --parquet {export_dir}`)")
    return edges, entities


def _utc(v: datetime) -> datetime:
    return v.astimezone(timezone.utc).replace(tzinfo=None) if v.tzinfo else v


def _lit(v: float) -> str:
    return f"CAST({v!r} AS DOUBLE)"  # Spark reads 0.0 as a DECIMAL


def _prepare(db: SqlEngine, edges: Path, entities: Path, as_of: date, known_at: datetime,
             interest: str) -> dict[str, int]:
    # literals, not parameters (Spark SQL and DuckDB spell parameters differently); every value
    # is a date, a timestamp or a checked interest name
    day, stamp = f"DATE '{as_of.isoformat()}'", f"TIMESTAMP '{known_at.isoformat(sep=' ')}'"
    db.load("edges_file", edges)
    db.load("ent", entities)
    db.create("admitted", f"SELECT * FROM edges_file WHERE valid_from <= {day} AND {day} < valid_to "
                          f"AND known_from <= {stamp} AND {stamp} < known_to")
    db.create("ids", """
        SELECT key, CAST(row_number() OVER (ORDER BY key) - 1 AS INTEGER) AS id FROM (
          SELECT owner AS key FROM admitted WHERE type = 'OWNS' UNION SELECT owned FROM admitted WHERE type = 'OWNS') k
    """)
    # the per-entity stake_interval / hull: both ends missing -> [0, 1]; one missing -> 0 or 1
    zero, one = _lit(0.0), _lit(1.0)
    db.create("w_stated", f"""
        SELECT s.id AS src, t.id AS dst, min(lo) AS lo, max(hi) AS hi FROM (
          SELECT owner, owned,
                 CASE WHEN stake_lo IS NULL AND stake_hi IS NULL THEN {zero} ELSE coalesce(stake_lo, {zero}) END AS lo,
                 CASE WHEN stake_lo IS NULL AND stake_hi IS NULL THEN {one} ELSE coalesce(stake_hi, {one}) END AS hi
          FROM admitted
          WHERE type = 'OWNS' AND coalesce(interest, 'shareholding') = '{interest}' AND owner <> owned
            AND direct IS DISTINCT FROM false) e
        JOIN ids s ON s.key = e.owner JOIN ids t ON t.key = e.owned
        GROUP BY s.id, t.id
    """)
    # a band capped at what the other shareholders' stated lower ends leave, as the per-entity
    # analytics do (ownership_read._cap_remainders): never where those already pass 100%
    eps = _lit(EPS)
    room = f"({one} - (tot.s - w.lo))"
    db.create("w", f"""
        SELECT w.src, w.dst, w.lo,
               CASE WHEN tot.s <= {one} + {eps} AND w.lo - {eps} <= {room} AND {room} < w.hi - {eps}
                    THEN greatest({room}, w.lo) ELSE w.hi END AS hi
        FROM w_stated w JOIN (SELECT dst, sum(lo) AS s FROM w_stated GROUP BY dst) tot ON tot.dst = w.dst
    """)
    counts = db.row(f"""
        SELECT (SELECT count(*) FROM admitted),
               (SELECT count(*) FROM admitted WHERE type = 'OWNS' AND direct = false
                  AND coalesce(interest, 'shareholding') = '{interest}'),
               (SELECT count(*) FROM w)
    """)
    return {"edges_admitted": int(counts[0]), "declared_left_out": int(counts[1]), "weighted_edges": int(counts[2])}


def _propagate(db: SqlEngine, max_depth: int | None, tolerance: float, max_steps: int) -> dict[str, int]:
    """Walk sums as an edge list: ``walks`` gets every frontier ``W^k`` (k = 1, 2, ...).

    Divergence: past ``FULL_DEPTH`` steps (longer than any chain the per-entity analytics read)
    a frontier whose upper ends stop shrinking for ``DIVERGENCE_WINDOW`` steps runs around a
    cycle that does not converge on them; from there on its walks are marked ``div`` (their
    pairs get ``hi = 1``, an upper bound) and only the lower ends are followed."""
    tol, zero = _lit(tolerance), _lit(0.0)
    db.create("frontier", f"SELECT src, dst, lo, hi, false AS div FROM w WHERE hi > {tol}")
    db.create("walks", "SELECT * FROM frontier")
    cap = min(max_depth or max_steps, max_steps)
    steps = 1
    left, total = db.row("SELECT count(*), coalesce(sum(hi), 0) FROM frontier")
    flat, diverging, history = 0, False, [total]
    step_hi = "CASE WHEN f.div THEN f.lo * w.lo ELSE f.hi * w.hi END"
    while left and steps < cap:
        db.create("frontier", f"""
            SELECT f.src, w.dst, sum(f.lo * w.lo) AS lo, sum({step_hi}) AS hi, bool_or(f.div) AS div
            FROM frontier f JOIN w ON w.src = f.dst
            GROUP BY f.src, w.dst HAVING sum({step_hi}) > {tol}
        """)
        db.append("walks", "SELECT * FROM frontier")
        steps += 1
        left, now = db.row("SELECT count(*), coalesce(sum(hi), 0) FROM frontier")
        history.append(now)
        # a cycle of length p makes the sums periodic: compare the largest of blocks of steps
        recent, before = max(history[-_BLOCK:]), max(history[-2 * _BLOCK:-_BLOCK] or [0.0])
        flat = flat + 1 if len(history) >= 2 * _BLOCK and recent >= before * (1 - 1e-9) else 0
        if diverging and flat >= DIVERGENCE_WINDOW:
            break  # the lower ends do not converge either (stakes around a cycle at or above 100%)
        if not diverging and steps > FULL_DEPTH and flat >= DIVERGENCE_WINDOW:
            flat, history = 0, []
            diverging = True
            db.create("frontier", "SELECT src, dst, lo, lo AS hi, true AS div FROM frontier")
            # mark the frontier's pairs and every pair they lead to (all reached by now: no chain
            # without a cycle is longer than FULL_DEPTH here)
            db.append("walks", f"""
                SELECT src, dst, {zero} AS lo, {zero} AS hi, true AS div FROM frontier
                UNION SELECT DISTINCT f.src, r.dst, {zero}, {zero}, true
                FROM frontier f JOIN (SELECT DISTINCT src, dst FROM walks) r ON r.src = f.dst
            """)
            db.create("frontier", f"SELECT * FROM frontier WHERE lo > {tol}")
            left = db.row("SELECT count(*) FROM frontier")[0]
    # what is left at the cap: cut by the depth cap, or (at max_steps) not converging
    db.create("unfinished", "SELECT DISTINCT src, dst FROM frontier "
                            "UNION SELECT DISTINCT src, dst FROM walks WHERE div")
    return {"steps": steps, "unfinished_pairs": int(left)}


def _stakes(db: SqlEngine, depth_capped: bool) -> None:
    db.create("p", "SELECT src, dst, sum(lo) AS lo, sum(hi) AS hi, bool_or(div) AS div FROM walks GROUP BY src, dst")
    capped = "true" if depth_capped else "false"
    db.create("stakes", f"""
        SELECT o.key AS owner, t.key AS owned,
               least(p.lo / (1 + coalesce(r.lo, 0)), {_lit(1.0)}) AS stake_lo,
               CASE WHEN p.div OR (u.src IS NOT NULL AND NOT {capped}) THEN {_lit(1.0)}
                    ELSE least(p.hi / (1 + coalesce(r.hi, 0)), {_lit(1.0)}) END AS stake_hi,
               p.hi / (1 + coalesce(r.hi, 0)) > 1 + {EPS} AS capped,
               p.div OR (u.src IS NOT NULL AND NOT {capped}) AS diverged,
               u.src IS NOT NULL AND NOT p.div AND {capped} AS depth_limited
        FROM p
        LEFT JOIN p r ON r.src = p.src AND r.dst = p.src
        LEFT JOIN unfinished u ON u.src = p.src AND u.dst = p.dst
        JOIN ids o ON o.id = p.src JOIN ids t ON t.id = p.dst
        WHERE p.src <> p.dst
    """)


def _ubo(db: SqlEngine, threshold: float, strict: bool) -> None:
    # Interval.test without open ends: an end within EPS of the threshold counts as at it
    at_lo, at_hi = f"abs(s.stake_lo - {threshold}) <= {EPS}", f"abs(s.stake_hi - {threshold}) <= {EPS}"
    if strict:
        certain, possible = f"s.stake_lo > {threshold} AND NOT {at_lo}", f"s.stake_hi > {threshold} AND NOT {at_hi}"
    else:
        certain, possible = f"s.stake_lo >= {threshold} OR {at_lo}", f"s.stake_hi > {threshold} OR {at_hi}"
    # an owner is ultimate when nobody owns it at the clock (a join, not a correlated subquery:
    # Spark SQL takes none in a select list)
    db.create("ubo", f"""
        SELECT * FROM (
          SELECT s.owned, s.owner, e.name AS owner_name, e.kind AS owner_kind,
                 coalesce(e.kind = 'person', false) AS is_natural_person,
                 h.key IS NULL AS is_ultimate,
                 s.stake_lo, s.stake_hi,
                 CASE WHEN {certain} THEN 'certainly' WHEN {possible} THEN 'possibly' ELSE 'not' END AS status
          FROM stakes s LEFT JOIN ent e ON e.key = s.owner
          LEFT JOIN (SELECT DISTINCT i.key FROM w JOIN ids i ON i.id = w.dst) h ON h.key = s.owner) x
        WHERE status <> 'not' AND (is_natural_person OR is_ultimate)
    """)


def batch_ownership(export_dir: str | Path, *, as_of: date | str | None = None,
                    known_at: date | datetime | str | None = None, rule: str = EU_AMLR_25.name,
                    interest: str = "shareholding", max_depth: int | None = None,
                    tolerance: float = TOLERANCE, max_steps: int = MAX_STEPS,
                    out_dir: str | Path | None = None, threads: int | None = None,
                    engine: BatchEngine = "duckdb", work_dir: str | Path | None = None) -> BatchResult:
    """Integrated ownership of every owner in every entity, and the UBOs, as of the clock.
    With ``out_dir``: also ``stakes.parquet`` and ``ubo.parquet`` there. ``engine``: where the
    SQL runs (``spark``: the same statements in Spark SQL, extra ``spark``; ``work_dir`` holds
    its scratch files); ``threads``: DuckDB's."""
    if rule not in CHAIN_RULES:
        raise ValueError(f"batch rule {rule!r}: one of {', '.join(CHAIN_RULES)}")
    if interest not in ("shareholding", "voting_rights"):
        raise ValueError(f"unknown interest {interest!r}: shareholding or voting_rights")
    if max_depth is not None and max_depth < 1:
        raise ValueError("max_depth must be at least 1")
    clock = make_clock(as_of, known_at)
    edges, entities = _files(Path(export_dir))
    db = make_engine(engine, threads=threads, work_dir=work_dir)
    try:
        return _run(db, edges, entities, clock, rule, interest, max_depth, tolerance, max_steps, out_dir)
    finally:
        db.close()


def _run(db: SqlEngine, edges: Path, entities: Path, clock: Any, rule: str, interest: str,
         max_depth: int | None, tolerance: float, max_steps: int, out_dir: str | Path | None) -> BatchResult:
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    try:
        summary: dict[str, Any] = _prepare(db, edges, entities, clock.as_of, _utc(clock.known_at), interest)
    except db.errors as err:  # not Parquet, or not an export's columns
        raise BatchError(f"{edges} / {entities}: not an ownergraph export ({str(err).splitlines()[0]})") from err
    timings["filter_and_weights"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    summary |= _propagate(db, max_depth, tolerance, max_steps)
    timings["propagate"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    depth_capped = max_depth is not None and max_depth < max_steps
    _stakes(db, depth_capped)
    threshold, strict = RULES[rule].threshold, RULES[rule].strict
    _ubo(db, threshold, strict)
    timings["stakes_and_ubo"] = time.perf_counter() - t0
    if out_dir is not None:
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        for name in ("stakes", "ubo"):
            db.write(name, out / f"{name}.parquet")
    t0 = time.perf_counter()
    stakes = db.df("SELECT * FROM stakes ORDER BY owned, owner")
    ubo = db.df("SELECT * FROM ubo ORDER BY owned, stake_hi DESC, owner")
    timings["fetch"] = time.perf_counter() - t0
    summary |= {"as_of": clock.as_of.isoformat(), "known_at": clock.known_at.isoformat(), "rule": rule,
                "threshold": threshold, "strict": strict, "interest": interest, "max_depth": max_depth,
                "entities": int(db.row("SELECT count(*) FROM ent")[0]), "pairs": len(stakes),
                "ubo_rows": len(ubo), "entities_with_ubo": int(ubo["owned"].nunique()),
                "diverged_pairs": int(stakes["diverged"].sum()), "depth_limited_pairs": int(stakes["depth_limited"].sum())}
    return BatchResult(stakes, ubo, summary, timings)
