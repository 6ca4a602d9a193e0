"""Rechaining: after a batch, the stored history of every fact that gained a version.

The versions of each fact (same ``fact_key``) and its retraction times are read, planned by
:mod:`ownergraph.graph.load.history` (knowledge-time chain, effective valid starts, pieces of
superseded versions that stay true in valid time) and written back: each version's
``known_to``/``valid_from``, the carried pieces (merged on their derived statement id), and
any carried piece a re-plan no longer has is removed (derived, never stated). Nothing stated
is ever deleted.
"""

from __future__ import annotations

import dataclasses

from collections.abc import Iterable
from datetime import date, datetime, timezone
from typing import Any

from ownergraph import cypher
from ownergraph.graph.load.rows import KNOWN_MAX, REL_TYPES, VALID_MIN
from ownergraph.graph.load.transport import encode_rows
from ownergraph.graph.load.history import Version, plan
from ownergraph.domain.codes import EdgeType

# facts stored as nodes, with the link from their entity (the rest are edges)
NODE_LINKS = {"Sanction": "SUBJECT_TO", "ReportingException": "HAS_EXCEPTION"}
# properties that are clocks, provenance or bookkeeping: not part of what a version says
NOT_CONTENT = frozenset({
    "fact_key", "statement_id", "valid_from", "valid_to", "known_from", "known_to",
    "source_system", "source_record_id", "document_id", "locator", "validation_level",
    "source_file", "valid_from_stated", "valid_from_basis", "carried_from", "closed_by_action",
})


def storage_type(kind: str) -> str:
    """The relationship type or node label a versioned kind is stored as (closed set)."""
    rtype = EdgeType.HOLDING if kind == "Holding" else kind
    if rtype not in set(NODE_LINKS) | REL_TYPES:
        raise ValueError(f"not a storable type: {kind!r}")
    return rtype


def query_for(name: str, kind: str) -> cypher.Rendered:
    """Query ``name`` for facts of ``kind``: the ``_node`` variant for facts stored as nodes,
    its ``TYPE`` (and ``LINK``) slots filled from the domain's closed set."""
    rtype = storage_type(kind)
    if rtype in NODE_LINKS:
        name += "_node"
    slots = cypher.LIBRARY.slots(name)
    values = {"TYPE": rtype, "LINK": NODE_LINKS.get(rtype)}
    return cypher.render(name, **{k: values[k] for k in slots})


def native(v: Any) -> Any:
    """A driver date/datetime as Python's (datetimes in timezone.utc, as the loader writes)."""
    v = v.to_native() if hasattr(v, "to_native") else v
    return v.astimezone(timezone.utc) if isinstance(v, datetime) else v


def clock_of(v: Any) -> Any:
    """A clock as read by ``rechain_versions`` (ISO text: a date, or a datetime in UTC), or a
    driver / Python value (the bulk path's staged graph)."""
    if isinstance(v, str):
        return date.fromisoformat(v) if len(v) == 10 else datetime.fromisoformat(v).astimezone(timezone.utc)
    return native(v)


def _signature(props: dict[str, Any], ends: list[str]) -> str:
    content = sorted((k, repr(native(v))) for k, v in props.items() if k not in NOT_CONTENT)
    return repr((sorted(ends) if len(ends) != 2 else ends, content))


def rechain(graph: Any, kind: str, keys: Iterable[str], batch_size: int) -> int:
    """Re-plan and write the history of the facts ``keys`` of ``kind``; returns how many."""
    keys = sorted(keys)
    if not keys:
        return 0
    read, store = query_for("rechain_versions", kind), query_for("rechain_store", kind)
    carry, drop = query_for("rechain_carry", kind), query_for("rechain_drop", kind)
    for i in range(0, len(keys), batch_size):
        stores: list[dict[str, Any]] = []
        carries: list[dict[str, Any]] = []
        stale: list[str] = []
        for row in graph.read(read, keys=keys[i: i + batch_size]):
            s, c, d = plan_rows(row["versions"], row["retracted"])
            stores += s
            carries += c
            stale += d
        for text, rows in ((store, stores), (carry, carries)):
            for part, args in encode_rows(text, rows):
                graph.write(part, **args)
        if stale:
            graph.write(drop, eids=stale)
    return len(keys)


def plan_rows(versions: list[dict[str, Any]], retracted: list[Any]
               ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """(version rows, carried-piece rows, stale carried element ids) for one fact."""
    stated: dict[str, Version] = {}
    eids: dict[str, str] = {}
    current: dict[str, dict[str, Any]] = {}  # stored values, to skip writing what is unchanged
    existing: dict[str, str] = {}  # carried sid -> element id
    for v in versions:
        p = v["props"]
        if v["carried"]:
            existing[p["statement_id"]] = v["eid"]
            continue
        sid = p["statement_id"]
        valid_from = clock_of(p["valid_from"])
        stated_from = p.get("valid_from_stated")
        start = valid_from if stated_from is None else clock_of(stated_from)
        stated[sid] = Version(sid, clock_of(p["known_from"]), start, clock_of(p["valid_to"]),
                              _signature(p, v["ends"]))
        eids[sid] = v["eid"]
        current[sid] = {"known_to": clock_of(p.get("known_to")), "valid_from": valid_from,
                        "basis": p.get("valid_from_basis")}
    # a version an action split at the instant it was stated (a filing's own merger sentence):
    # the action's closed piece stands for it from then on; planned side by side, both would
    # stay open and a re-plan (a retraction, a new version) would undo the split
    for v in versions:
        p = v["props"]
        origin = p["statement_id"].rsplit("|", 1)[0] if p.get("closed_by_action") and not v["carried"] else None
        if origin in stated and stated[origin].known_from == clock_of(p["known_from"]):
            del stated[origin], current[origin]
        elif origin in stated and p["statement_id"] in stated:
            stated[p["statement_id"]] = dataclasses.replace(stated[p["statement_id"]], split=True)
    result = plan(stated.values(), [native(t) for t in retracted])
    stores = []
    for sid, st in result.stored.items():
        now = {"known_to": st.known_to, "valid_from": st.valid_from, "basis": st.basis}
        if now != current[sid]:
            start = stated[sid].valid_from
            stores.append({"eid": eids[sid], "known_to": st.known_to, "valid_from": st.valid_from,
                           "stated": start if start != st.valid_from else None, "basis": st.basis})
    carries = [{"eid": eids[c.origin], "sid": c.sid, "valid_to": c.valid_to, "known_from": c.known_from,
                "known_to": c.known_to} for c in result.carried]
    keep = {c.sid for c in result.carried}
    return stores, carries, [e for s, e in existing.items() if s not in keep]


__all__ = ["KNOWN_MAX", "NODE_LINKS", "NOT_CONTENT", "VALID_MIN", "query_for", "rechain", "storage_type"]
