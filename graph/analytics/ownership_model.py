"""Result and evidence types of ``graph.analytics.ownership``: frozen, with ``.as_dict()``
(JSON-ready: dates as ISO strings, intervals as ``{lo, hi, lo_open, hi_open}``) and
``.to_frame()`` (pandas) on the results."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

import pandas as pd

from ownergraph.graph.analytics.interval import Interval, Status
from ownergraph.graph.analytics.notebook import HtmlRepr


def jsonable(obj: Any) -> Any:
    if isinstance(obj, Interval):
        return obj.as_dict()
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: jsonable(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, (date, datetime)):
        return obj.isoformat()
    if isinstance(obj, dict):
        return {str(k): jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in obj]
    return obj


class _AsDict:
    def as_dict(self) -> dict[str, Any]:
        return jsonable(self)


@dataclass(frozen=True)
class DataWarning(_AsDict):
    """A data-quality finding reported with the answer (never fatal). ``code`` is one of:
    missing_stake, treasury_self_loop, shareholder_total_over_100, mixed_interest,
    parallel_edges, declared_indirect, declared_used, declared_mismatch, depth_limit, path_cap,
    walk_sum_diverges, stake_capped, reporting_exception, unknown_entity, claim_disagrees (a registry
    fact and a relationship read from document text give one pair different stakes: both named),
    claim_rounded (a document's rounded figure beside the precise one it rounds: the precise one used)."""

    code: str
    message: str
    keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class EdgeEvidence(_AsDict):
    """One stored edge as read at the clock, with its provenance. ``stake`` is as stated
    (None: the source gives no figure); valid/known bounds are None where unbounded."""

    source: str
    target: str
    type: str
    stake: Interval | None
    interest: str | None
    direct: bool | None
    share_class: str | None
    control_kind: str | None
    source_system: str | None
    source_record_id: str | None
    document_id: str | None
    locator: str | None
    validation_level: str | None
    valid_from: date | None
    valid_to: date | None
    known_from: datetime | None
    known_to: datetime | None
    fact_key: str | None
    statement_id: str | None
    # a relationship read from document text (graph.claims): "text_claim", the extractor, its
    # confidence, the page and the sentence that states it; None on registry facts
    source_kind: str | None = None
    claim_method: str | None = None
    claim_confidence: float | None = None
    claim_page: int | None = None
    claim_quote: str | None = None
    claim_start: int | None = None  # the sentence's character offsets in the document's text
    claim_end: int | None = None


@dataclass(frozen=True)
class PathStep(_AsDict):
    """One link of a chain: the stake used in the arithmetic (the hull of parallel edges;
    [0, 1] for a missing figure) and the stored edges behind it."""

    source: str
    target: str
    stake: Interval
    edges: tuple[EdgeEvidence, ...]


@dataclass(frozen=True)
class PathEvidence(_AsDict):
    nodes: tuple[str, ...]
    names: tuple[str | None, ...]
    steps: tuple[PathStep, ...]
    product: Interval


@dataclass(frozen=True)
class PartyRow(_AsDict):
    """One entity in an ownership or control answer.

    ``stake``: its chain-rule stake (owners: in the target; controlled_by: the controllers'
    stake in it). ``measure``: what the rule tested (= stake for the chain rules and
    rolling_25; majority: the stake in the target held by the entity and what it controls;
    ofac_50: the stake held by blocked persons). ``status``: the rule's outcome for this
    entity (owners: is it an owner/controller of the target, ofac_50: is it blocked;
    controlled_by: is it controlled/owned/blocked). ``basis`` says how it was decided.
    ``contributions``: the direct links that make up ``measure`` (majority, ofac_50).
    ``basis``: chain_rule, per_hop, majority_fixpoint, control_edge, blocked_aggregate,
    sanctioned, blocked_given, declared_indirect, or (the chain rules' control prong,
    ``graph.analytics.control``) voting_rights / shareholding where the other interest's chain
    stake passes and the requested one does not, control where only control does.
    ``control``: whether the entity controls the target (chain rules: the control prong; "not"
    elsewhere), with ``control_paths`` the chain of control links (CONTROLS edges of a
    controlling kind, majority stakes) it runs along. ``voting``: its chain stake of the other
    interest (voting rights for a shareholding question), where it holds any.
    ``is_ultimate``: no owner above it at the clock (None: unknown, at the depth limit or
    with a reporting exception saying an undisclosed parent exists). ``declared``: indirect
    interests the source declares in the target (``direct = false``): the stake where no
    computed chain carries them; else they narrow the chains' figure when they agree with it,
    and when they disagree the chain rules test the larger (basis ``declared_indirect`` when
    the declaration is used, narrows or decides).
    """

    key: str
    name: str | None
    kind: str | None
    is_natural_person: bool
    is_ultimate: bool | None
    status: Status
    stake: Interval
    measure: Interval
    basis: str
    paths: tuple[PathEvidence, ...] = ()
    paths_truncated: bool = False
    contributions: tuple[PathStep, ...] = ()
    sanctions: tuple[dict[str, Any], ...] = ()
    reporting_exceptions: tuple[dict[str, Any], ...] = ()
    declared: tuple[EdgeEvidence, ...] = ()
    control: Status = "not"
    control_paths: tuple[PathEvidence, ...] = ()
    voting: Interval | None = None

    def frame_row(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "kind": self.kind,
                "is_natural_person": self.is_natural_person, "is_ultimate": self.is_ultimate,
                "status": self.status, "stake_lo": self.stake.lo, "stake_hi": self.stake.hi,
                "measure_lo": self.measure.lo, "measure_hi": self.measure.hi, "basis": self.basis,
                "n_paths": len(self.paths), "n_contributions": len(self.contributions), "control": self.control}


_ROW_COLUMNS = list(PartyRow("", None, None, False, None, "not", Interval(0, 0), Interval(0, 0), "").frame_row())


@dataclass(frozen=True)
class StakeResult(HtmlRepr, _AsDict):
    owner: str
    owned: str
    owner_name: str | None
    owned_name: str | None
    stake: Interval
    semantics: str
    interest: str
    as_of: date
    known_at: datetime
    max_depth: int
    paths: tuple[PathEvidence, ...]
    paths_truncated: bool
    warnings: tuple[DataWarning, ...]
    # declared indirect interests of ``owner`` in ``owned``: in ``stake`` where no computed
    # chain carries them, else checked against the chains (``declared_mismatch`` warning)
    declared: tuple[EdgeEvidence, ...] = ()
    # entities at ``max_depth`` hops were not expanded: ``stake`` is then a lower bound
    # ("at least X%"), chains through them are not counted
    depth_limit_reached: bool = False
    # chain_rule, or declared_indirect where the declared figure is used or narrows the chains
    basis: str = "chain_rule"

    def test(self, threshold: float = 0.25, strict: bool = False) -> Status:
        """>= threshold (``strict``: >) certainly, possibly or not (never "not" below a
        depth limit: chains beyond it could add)."""
        status = self.stake.test(threshold, strict)
        return "possibly" if status == "not" and self.depth_limit_reached else status

    def to_frame(self) -> pd.DataFrame:
        """One row per chain: its entities, per-link stakes and product."""
        rows = [{"owner": self.owner, "owned": self.owned, "path": " > ".join(p.nodes),
                 "names": " > ".join(n or "?" for n in p.names), "length": len(p.steps),
                 "stakes": [(s.stake.lo, s.stake.hi) for s in p.steps],
                 "product_lo": p.product.lo, "product_hi": p.product.hi,
                 "source_record_ids": [[e.source_record_id for e in s.edges] for s in p.steps]}
                for p in self.paths]
        return pd.DataFrame(rows, columns=["owner", "owned", "path", "names", "length", "stakes",
                                           "product_lo", "product_hi", "source_record_ids"])


class _PartyRows:
    """A result made of ``PartyRow``s: those that pass its rule, their keys, the frame."""

    rows: tuple[PartyRow, ...]

    def passing(self) -> tuple[PartyRow, ...]:
        return tuple(r for r in self.rows if r.status != "not")

    def keys(self, status: Status | None = None) -> set[str]:
        """Keys of passing rows (or of rows with exactly ``status``)."""
        return {r.key for r in self.rows if (r.status == status if status else r.status != "not")}

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([r.frame_row() for r in self.rows], columns=_ROW_COLUMNS)


@dataclass(frozen=True)
class OwnersResult(_PartyRows, HtmlRepr, _AsDict):
    """Who owns / controls ``target`` under ``rule`` (ofac_50: which owners are blocked, and
    ``target_status`` whether the target is). ``rows`` has every entity read above the
    target with its status; :attr:`owners` keeps those that pass certainly or possibly."""

    target: str
    target_name: str | None
    rule: str
    threshold: float
    strict: bool
    semantics: str
    interest: str
    as_of: date
    known_at: datetime
    max_depth: int
    rows: tuple[PartyRow, ...]
    target_status: Status | None
    warnings: tuple[DataWarning, ...]
    depth_limit_reached: bool = False  # owners beyond max_depth hops were not read: at least these
    # the chain rules' control prong: controllers of the target whom nobody read controls
    ultimate_controllers: tuple[str, ...] = ()

    @property
    def owners(self) -> tuple[PartyRow, ...]:
        return self.passing()


@dataclass(frozen=True)
class ControlResult(_PartyRows, HtmlRepr, _AsDict):
    """What ``controllers`` (one entity, or a group acting together) control under ``rule``
    (chain rules: what they own at the threshold; ofac_50: what their blocking blocks)."""

    controllers: tuple[str, ...]
    controller_names: tuple[str | None, ...]
    rule: str
    threshold: float
    strict: bool
    semantics: str
    interest: str
    as_of: date
    known_at: datetime
    max_depth: int
    rows: tuple[PartyRow, ...]
    warnings: tuple[DataWarning, ...]
    depth_limit_reached: bool = False  # entities beyond max_depth hops were not read

    @property
    def controlled(self) -> tuple[PartyRow, ...]:
        return self.passing()
