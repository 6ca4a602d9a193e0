"""What changed in the ownership and control of X between two dates, and which document
caused each change.

Both snapshots are read with the same knowledge time (``known_at``, default now), so the diff
is about the world (valid time), as currently known. Compared are X's edges in and out over
OWNS / CONTROLS / CONSOLIDATED_BY / SUCCEEDED_BY, and the owners (``ownership.owners``) at
each date. An edge is identified across dates by (type, source, target, interest, share
class, consolidation level, control kind): present only at ``date_b`` is *opened*, only at
``date_a`` is *closed*, at both with another stake or kind is *changed*. The cause is the
statement's document (``document_id``) and, for structural changes, the corporate action
(``corporate_action_id`` / ``via_action`` on edges an action created, ``closed_by_action`` on
edges it ended) with the action's own document. ``events`` lists every corporate action
affecting X in the period with the registry's statement of it (GLEIF legal-entity events:
type, effective vs recorded date, group, old -> new values), structural or not.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import date
from typing import Any

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.analytics.snapshot import expand
from ownergraph.graph.analytics.lookup import EntityMatch, find_entity, jsonable, to_plain
from ownergraph.graph.analytics.structure import Known, clock_dict, edge_evidence
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.vocabulary import DEFAULT_RULE
from ownergraph.domain.codes import EdgeType
from ownergraph.graph.analytics.notebook import HtmlRepr

DIFF_TYPES = (EdgeType.OWNERSHIP, EdgeType.CONTROL, EdgeType.CONSOLIDATION, EdgeType.SUCCESSION)
_IDENTITY = ("interest", "share_class", "level", "control_kind")
# the order of edges of one identity (figures first): fixed, whatever order the graph returns them in
_ORDER = ("stake_lo", "stake_hi", "valid_from", "known_from", "source_record_id", "locator", "document_id")
_CAUSE = ("document_id", "corporate_action_id", "via_action", "closed_by_action", "source_system",
          "source_record_id", "valid_from", "valid_to", "known_from")


@dataclass(frozen=True)
class EdgeChange:
    change: str  # opened | closed | changed
    type: str
    direction: str  # in (X is the target) | out (X is the source)
    source: str
    source_name: str | None
    target: str
    target_name: str | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    cause: dict[str, Any]

    def as_dict(self) -> dict[str, Any]:
        return jsonable(self.__dict__)


@dataclass(frozen=True)
class OwnerChange:
    """An owner under the ``owners`` rule (default eu_amlr_25) at one date and not the other
    (added / removed), or at both with another stake or status (changed)."""

    change: str  # added | removed | changed
    owner: str
    owner_name: str | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None

    def as_dict(self) -> dict[str, Any]:
        return jsonable(self.__dict__)


@dataclass(frozen=True)
class DiffResult(HtmlRepr):
    entity: EntityMatch
    clock_a: Clock
    clock_b: Clock
    edges: tuple[EdgeChange, ...]
    owners: tuple[OwnerChange, ...]
    actions: tuple[dict[str, Any], ...]  # corporate actions affecting X in (date_a, date_b]
    owners_error: str | None = None

    @property
    def changed(self) -> bool:
        return bool(self.edges or self.owners)

    def to_frame(self) -> pd.DataFrame:
        rows = []
        for c in self.edges:
            stake = lambda e: None if e is None else (e.get("stake_lo"), e.get("stake_hi"))  # noqa: E731
            rows.append({"change": c.change, "type": c.type, "direction": c.direction, "source": c.source,
                         "source_name": c.source_name, "target": c.target, "target_name": c.target_name,
                         "stake_before": stake(c.before), "stake_after": stake(c.after),
                         **{f"cause_{k}": c.cause.get(k) for k in ("document_id", "action_id", "action",
                                                                    "source_record_id")},
                         "interest": (c.after or c.before or {}).get("interest")})  # shares or votes
        return pd.DataFrame(rows, columns=["change", "type", "direction", "source", "source_name", "target",
                                           "target_name", "stake_before", "stake_after", "cause_document_id",
                                           "cause_action_id", "cause_action", "cause_source_record_id", "interest"])

    def owners_frame(self) -> pd.DataFrame:
        return pd.DataFrame([{"change": o.change, "owner": o.owner, "owner_name": o.owner_name,
                              "before": o.before, "after": o.after} for o in self.owners],
                            columns=["change", "owner", "owner_name", "before", "after"])

    @property
    def events(self) -> list[dict[str, Any]]:
        """X's dated events in the period, one per corporate action affecting it, as the registry
        recorded them: type (the registry's code, else the action), status, effective vs recorded
        date, event group, fields changed (old -> new), and the action and document behind it."""
        out = []
        for a in self.actions:
            changes = json.loads(a["event_changes"]) if a.get("event_changes") else []
            if not changes and a.get("new_name"):
                changes = [{"field": "LegalName", "old": None, "new": a["new_name"]}]
            out.append({"type": a.get("event_type") or str(a["action"]).upper(), "action": a["action"],
                        "status": a.get("event_status"), "effective": a.get("effective"),
                        "recorded": a.get("event_recorded") or a.get("known_from"),
                        "group_type": a.get("event_group_type"), "group_id": a.get("event_group_id"),
                        "changes": changes, "validation_documents": a.get("event_documents"),
                        "document_id": a.get("document_id"), "action_id": a["action_id"],
                        "role": (a.get("roles") or [None])[0]})
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"entity": self.entity.as_dict(), "date_a": clock_dict(self.clock_a),
                "date_b": clock_dict(self.clock_b), "edges": [c.as_dict() for c in self.edges],
                "owners": [o.as_dict() for o in self.owners], "actions": jsonable(list(self.actions)),
                "events": jsonable(self.events), "owners_error": self.owners_error}


def _identity(ev: dict[str, Any]) -> tuple[Any, ...]:
    return (ev["type"], ev["source"], ev["target"], *(ev.get(k) for k in _IDENTITY))


def _edges_at(graph: Graph, key: str, clock: Clock) -> dict[tuple[Any, ...], list[dict[str, Any]]]:
    """X's edges at ``clock`` by identity. A direct and an indirect interest of the same holder in
    the same target (one BODS statement gives both) are two edges: ``direct`` is part of the
    identity, else either one's figure stood for both, in the order the graph returned them. Edges
    of one identity are in a fixed order, so the one a change shows is the same on every run."""
    snap = expand(graph, [key], clock, list(DIFF_TYPES), "both", 1)
    out: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for e in snap.edges:
        ev = edge_evidence(e, snap.nodes)
        out[(*_identity(ev), e.props.get("direct", True))].append(ev)
    for evs in out.values():
        evs.sort(key=lambda ev: tuple(str(ev.get(k)) for k in _ORDER))
    return out


def _figures(evs: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return sorted((str(e.get("stake_lo")), str(e.get("stake_hi")), str(e.get("control_kind"))) for e in evs)


def _cause(ev: dict[str, Any], closing: bool, actions: dict[str, dict[str, Any]]) -> dict[str, Any]:
    cause = {k: ev.get(k) for k in _CAUSE}
    action_id = ev.get("closed_by_action") if closing else (ev.get("via_action") or ev.get("corporate_action_id"))
    cause["action_id"] = action_id
    if action_id and action_id in actions:
        act = actions[action_id]
        cause |= {"action": act["action"], "effective": act["effective"],
                  "document_id": act.get("document_id") or cause["document_id"]}
    elif action_id:
        cause["action"] = None
    return cause


def _owner_rows(result: Any) -> dict[str, dict[str, Any]]:
    """Owner key -> figures, for the rows of an ``ownership.owners`` result that pass its rule."""
    rows = getattr(result, "owners", None)
    if rows is not None:
        return {r.key: r.frame_row() for r in rows}
    frame = result.to_frame()  # a result without per-row objects: every row counts
    return {rec["key"]: {k: to_plain(v) for k, v in rec.items()} for rec in frame.to_dict(orient="records")}


def _owner_changes(graph: Graph, key: str, ca: Clock, cb: Clock, rule: str
                   ) -> tuple[tuple[OwnerChange, ...], str | None]:
    try:
        from ownergraph.graph.analytics.ownership import owners
    except ImportError as err:  # the ownership module is optional for the edge diff
        return (), f"owners() unavailable: {err}"
    before = _owner_rows(owners(graph, key, rule=rule, as_of=ca.as_of, known_at=ca.known_at))  # type: ignore[arg-type]
    after = _owner_rows(owners(graph, key, rule=rule, as_of=cb.as_of, known_at=cb.known_at))  # type: ignore[arg-type]
    changes: list[OwnerChange] = []
    name_col = lambda r: r.get("name")  # noqa: E731
    for k in sorted(set(before) | set(after)):
        b, a = before.get(k), after.get(k)
        if b is None:
            changes.append(OwnerChange("added", k, name_col(a), None, a))
        elif a is None:
            changes.append(OwnerChange("removed", k, name_col(b), b, None))
        elif _comparable(a) != _comparable(b):
            changes.append(OwnerChange("changed", k, name_col(a), b, a))
    return tuple(changes), None


def _comparable(row: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(sorted((k, str(v)) for k, v in row.items() if "stake" in k or k in ("status", "passes")))


def diff(graph: Graph, x: str, date_a: date | str, date_b: date | str, *, known_at: Known = None,
         include_owners: bool = True, owners_rule: str = DEFAULT_RULE) -> DiffResult:
    """Changes to X's ownership/control edges and owners between ``date_a`` and ``date_b``."""
    ca, cb = make_clock(date_a, known_at), make_clock(date_b, known_at)
    ent = find_entity(graph, x, cb.as_of)
    lo, hi = sorted((ca.as_of, cb.as_of))
    found = [to_plain(r) for r in graph.read("diff_actions", key=ent.key, date_from=lo, date_to=hi,
                                             known_at=cb.known_at)]
    # an edge may cite the action by its id with or without the source prefix ("bundle:")
    actions = {alias: a for a in found
               for alias in (a["action_id"], a.get("source_record_id"), a["action_id"].split(":", 1)[-1]) if alias}
    ea, eb = _edges_at(graph, ent.key, ca), _edges_at(graph, ent.key, cb)
    changes: list[EdgeChange] = []
    for ident in sorted(set(ea) | set(eb), key=lambda t: tuple(str(v) for v in t)):
        before, after = ea.get(ident), eb.get(ident)
        ref = (after or before)[0]  # type: ignore[index]
        if before is None:
            kind, cause = "opened", _cause(after[0], False, actions)  # type: ignore[index]
        elif after is None:
            kind, cause = "closed", _cause(before[0], True, actions)
        elif _figures(before) != _figures(after):
            kind, cause = "changed", _cause(after[0], False, actions)
        else:
            continue
        changes.append(EdgeChange(kind, ref["type"], "out" if ref["source"] == ent.key else "in", ref["source"],
                                  ref["source_name"], ref["target"], ref["target_name"],
                                  before[0] if before else None, after[0] if after else None, cause))
    owner_changes, error = _owner_changes(graph, ent.key, ca, cb, owners_rule) if include_owners else ((), None)
    return DiffResult(ent, ca, cb, tuple(changes), owner_changes, tuple(found), error)


__all__ = ["DiffResult", "EdgeChange", "OwnerChange", "diff", "DIFF_TYPES"]
