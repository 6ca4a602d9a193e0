"""When things happened to X (and Y): the dated edges between them (when a stake, loan,
guarantee or control began and ended, when a figure was corrected), the corporate actions that
affect X (renames, mergers, spin-offs, changes of control), the sanctions on X and X's own
dates (registered, merged, dissolved).

Everything is read as published by ``known_at`` (a later statement is not yet known); valid time
is not gated, because the question asks when. A correction is a later version of the same fact
with other figures: its date is the day it was published."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.domain.vocabulary import EDGES
from ownergraph.graph.analytics.lookup import EntityMatch, find_entity, jsonable, to_plain
from ownergraph.graph.analytics.notebook import HtmlRepr
from ownergraph.graph.analytics.snapshot import EdgeView
from ownergraph.graph.analytics.structure import Known, When, clock_dict, edge_evidence
from ownergraph.graph.load.rows import KNOWN_MAX
from ownergraph.graph.store.connection import Graph

COLUMNS = ["date", "event", "type", "source_name", "target_name", "stake_lo", "stake_hi", "before_lo", "before_hi",
           "amount", "currency", "detail", "document_id"]
_OPEN_END = 9999  # the year of an open validity (graph.load.rows.VALID_MAX)


@dataclass(frozen=True)
class EventsResult(HtmlRepr):
    entity: EntityMatch
    other: EntityMatch | None
    clock: Clock
    rows: tuple[dict[str, Any], ...]  # oldest first

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame(list(self.rows), columns=COLUMNS)

    def as_dict(self) -> dict[str, Any]:
        return {"entity": self.entity.as_dict(), "other": self.other.as_dict() if self.other else None,
                "clock": clock_dict(self.clock), "rows": jsonable(list(self.rows))}


def _day(v: Any) -> date | None:
    v = to_plain(v)
    d = v.date() if hasattr(v, "hour") else v
    return None if d is None or d.year in (1, _OPEN_END) else d


def events(graph: Graph, x: str, other: str | None = None, *, as_of: When = None,
           known_at: Known = None) -> EventsResult:
    """X's dated events (only those with ``other``, when given), known at ``known_at``."""
    clock = make_clock(as_of, known_at)
    mx = find_entity(graph, x, clock.as_of)
    mo = find_entity(graph, other, clock.as_of) if other else None
    rows = _edge_events(graph, mx.key, mo.key if mo else None, clock)
    rows += _action_events(graph, mx.key, mo.key if mo else None, clock)
    if mo is None:
        rows += _sanction_events(graph, mx, clock) + _own_dates(graph, mx, clock) + _name_events(graph, mx, clock, rows)
    rows.sort(key=lambda r: (r["date"] or date.max, r["event"]))
    return EventsResult(mx, mo, clock, tuple(rows))


def _edge_events(graph: Graph, key: str, other: str | None, clock: Clock) -> list[dict[str, Any]]:
    got = graph.read("events_edges", key=key, other=other, known_at=clock.known_at,
                     types=[e.type.value for e in EDGES])
    facts: dict[str, list[dict[str, Any]]] = {}
    for r in got:  # the versions of one fact, in the order they were published
        facts.setdefault(str(r["props"].get("fact_key") or r["rid"]), []).append(r)
    out: list[dict[str, Any]] = []
    for versions in facts.values():
        versions.sort(key=lambda r: to_plain(r["props"].get("known_from")))
        now = [v for v in versions if (to_plain(v["props"].get("known_to")) or KNOWN_MAX) > clock.known_at]
        if not now:  # retracted by then: no event
            continue
        cur = _edge_row(now[-1])
        out.append(cur | {"date": _day(cur["valid_from"]), "event": "began"})
        if _day(cur["valid_to"]):
            out.append(cur | {"date": _day(cur["valid_to"]), "event": "ended"})
        for old, new in zip(versions, versions[1:]):
            a, b = _edge_row(old), _edge_row(new)
            if (a["stake_lo"], a["stake_hi"], a["amount"]) != (b["stake_lo"], b["stake_hi"], b["amount"]):
                out.append(b | {"date": _day(b["known_from"]), "event": "corrected", "before_lo": a["stake_lo"],
                                "before_hi": a["stake_hi"]})
    return out


def _edge_row(r: dict[str, Any]) -> dict[str, Any]:
    ev = edge_evidence(EdgeView(r["source"], r["target"], r["type"], r["props"]),
                       {r["source"]: {"name": r["source_name"]}, r["target"]: {"name": r["target_name"]}})
    return {k: ev.get(k) for k in COLUMNS if k in ev} | {
        "source": r["source"], "target": r["target"], "before_lo": None, "before_hi": None, "detail": None,
        "valid_from": ev.get("valid_from"), "valid_to": ev.get("valid_to"), "known_from": ev.get("known_from"),
        "edge": ev}


def _action_events(graph: Graph, key: str, other: str | None, clock: Clock) -> list[dict[str, Any]]:
    got = graph.read("diff_actions", key=key, date_from=date(1, 1, 1), date_to=date(9999, 12, 31),
                     known_at=clock.known_at)
    out = []
    for a in map(to_plain, got):
        parties = [p for p in a.get("parties") or [] if p.get("key")]
        if other and other not in {p["key"] for p in parties}:
            continue
        said = ", ".join(f"{p['name']}" + (f" ({str(p['role']).replace('_', ' ')})" if p.get("role") else "")
                         for p in parties)
        detail = said + (f"; new name {a['new_name']}" if a.get("new_name") else "")
        out.append(_blank() | {"date": _day(a.get("effective")), "event": str(a.get("action") or "corporate action"),
                               "type": "corporate action", "detail": detail, "document_id": a.get("document_id"),
                               "parties": parties, "new_name": a.get("new_name")})
    return out


def _sanction_events(graph: Graph, m: EntityMatch, clock: Clock) -> list[dict[str, Any]]:
    out = []
    for s in map(to_plain, graph.read("events_sanctions", key=m.key, known_at=clock.known_at)):
        by = " ".join(x for x in (s.get("authority"), s.get("programme")) if x) or "authority not stated"
        out.append(_blank() | {"date": _day(s.get("valid_from")), "event": "sanctioned", "type": "sanction",
                               "source_name": m.name, "detail": by, "document_id": s.get("document_id")})
        if _day(s.get("valid_to")):
            out.append(_blank() | {"date": _day(s["valid_to"]), "event": "sanction ended", "type": "sanction",
                                   "source_name": m.name, "detail": by, "document_id": s.get("document_id")})
    return out


def _own_dates(graph: Graph, m: EntityMatch, clock: Clock) -> list[dict[str, Any]]:
    node = to_plain((graph.read("snapshot_nodes", keys=[m.key]) or [{"props": {}}])[0]["props"])
    status = str(node.get("status") or "").lower() or None
    out = []
    if _day(node.get("valid_from")):
        out.append(_blank() | {"date": _day(node["valid_from"]), "event": "registered", "type": "entity",
                               "source_name": m.name})
    if _day(node.get("valid_to")):
        out.append(_blank() | {"date": _day(node["valid_to"]), "event": status or "ceased", "type": "entity",
                               "source_name": m.name, "detail": node.get("expiration_reason")})
    return out


def _name_events(graph: Graph, m: EntityMatch, clock: Clock, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The day X stopped bearing each former name (its rename), read by ``name_changes``."""
    got = graph.read("names_of", key=m.key, **clock.as_params())
    aliases = [to_plain(a) for a in (got[0]["aliases"] if got else [])]
    renames = [(r["date"], str(r["new_name"])) for r in actions if r.get("new_name") and r.get("date")]
    return [_renamed(m, day, old) for day, old in name_changes(m.name, aliases, renames)]


def name_changes(own: str, aliases: list[dict[str, Any]], renames: list[tuple[date, str]]) -> list[tuple[date, str]]:
    """(day, name given up) for each rename of X. With dated renames (corporate actions naming the
    new name) the name given up at each is the one the rename before gave, and at the first the
    former name no rename gave; else each previous name with an end date. X's own name is never a
    former name, whatever end date a source stamped on it."""
    mine = _fold(own)
    former = [a for a in aliases if a.get("kind") == "previous" and _fold(a.get("value")) != mine]
    chain = sorted(set(renames))
    if not chain:
        return [(d, str(a["value"])) for a in former if (d := _day(a.get("valid_to")))]
    given = {_fold(n) for _, n in chain}
    first = next((str(a["value"]) for a in sorted(former, key=lambda a: str(a.get("valid_to")))
                  if _fold(a.get("value")) not in given), None)
    olds = [first] + [n for _, n in chain[:-1]]
    return [(day, old) for (day, _), old in zip(chain, olds) if old and _fold(old) != mine]


def _renamed(m: EntityMatch, day: date | None, old: str) -> dict[str, Any]:
    return _blank() | {"date": day, "event": "name changed", "type": "entity", "source_name": m.name,
                       "detail": f"previously called {old}"}


def _fold(v: Any) -> str:
    return " ".join(str(v or "").casefold().split())


def _blank() -> dict[str, Any]:
    return {k: None for k in COLUMNS}
