"""Corporate actions applied to the staged graph before the files are written.

``graph.load.actions.apply_corporate_action`` builds each action's statements (keys resolved,
properties, which edges move where); ``StagedActions`` stands in for the graph it writes to
and does what each of its five queries (``cypher/action_*.cypher``) does, on the staged graph.
The order and the rule are the online loader's (``Loader.finish``): every action once, in
effective-date order (then statement id), when the run loaded anything new; the actions come
from disk in that order (:mod:`.action_store`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from typing import Any

from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX, VALID_MIN
from ownergraph.graph.load.bulk.staged import Staged
from ownergraph.domain.codes import EdgeType

_Edge = tuple[str, str, str, str]  # (TYPE, start, end, statement_id)


class StagedActions:
    """``write`` / ``write_rows`` for the corporate-action queries, over a staged graph."""

    def __init__(self, staged: Staged) -> None:
        self.s = staged
        self._out: dict[str, dict[_Edge, None]] = defaultdict(dict)
        self._in: dict[str, dict[_Edge, None]] = defaultdict(dict)
        for rtype, edges in staged.edges.items():
            for a, b, sid in edges:
                self._index((rtype, a, b, sid))

    def _index(self, e: _Edge) -> None:
        self._out[e[1]][e] = None
        self._in[e[2]][e] = None

    def _add_edge(self, e: _Edge, props: dict[str, Any]) -> None:
        self.s.edges[e[0]][(e[1], e[2], e[3])] = props
        self._index(e)

    def _props(self, e: _Edge) -> dict[str, Any]:
        return self.s.edges[e[0]][(e[1], e[2], e[3])]

    # -- the Graph surface apply_corporate_action uses -----------------------------------------
    def write_rows(self, query: str, **p: Any) -> list[dict[str, Any]]:
        if query != "action_register":
            raise ValueError(f"not a corporate-action query: {query}")
        created = p["statement_id"] not in self.s.actions
        if created:
            self.s.actions[p["statement_id"]] = dict(p["props"]) | {"statement_id": p["statement_id"]}
        parties = [q for q in p["parties"] if q["key"] in self.s.entities]
        for q in parties:
            self.s.affects.setdefault((p["statement_id"], q["role"], q["key"]))
        return [{"created": created}] if parties else []

    def write(self, query: str, **p: Any) -> None:
        match query:
            case "action_move_edges":
                self._move(p)
            case "action_new_edge":
                self._new_edge(p)
            case "action_close_entity":
                e = self.s.entities.get(p["key"])
                if e is not None:
                    if e.get("valid_to") is None or e["valid_to"] > p["effective"]:
                        e["valid_to"] = p["effective"]
                    if p["status"] is not None:
                        e["status"] = p["status"]
            case "action_rename":
                self._rename(p)
            case _:
                raise ValueError(f"not a corporate-action query: {query}")

    # -- the queries ----------------------------------------------------------------------------
    def _move(self, p: dict[str, Any]) -> None:
        x, eff, kf = p["from_key"], p["effective"], p["known_from"]
        if x not in self.s.entities or eff is None:
            return
        incident = self._out[x] if p["outgoing"] else self._in[x]
        chosen = []
        for e in list(incident):
            r = self._props(e)
            other = e[2] if p["outgoing"] else e[1]
            other_key = None if e[0] == EdgeType.HOLDING and not p["outgoing"] else other  # a Portfolio has no key
            if (e[0] in p["types"] and r.get("known_to") == KNOWN_MAX and r["known_from"] <= kf
                    and r["valid_from"] < eff < r["valid_to"]
                    and (p["peer_key"] is None or other_key == p["peer_key"])
                    and (p["instrument"] is None or r.get("instrument") == p["instrument"])):
                chosen.append((e, other, dict(r)))
        target = p["to_key"] if p["to_key"] in self.s.entities else None
        for e, other, old in chosen:
            self._props(e)["known_to"] = kf
            sid = old["statement_id"]
            self._add_edge((e[0], e[1], e[2], f"{sid}|{p['statement_id']}"), old | {
                "valid_to": eff, "known_from": kf, "known_to": KNOWN_MAX,
                "statement_id": f"{sid}|{p['statement_id']}", "closed_by_action": p["action_id"]})
            if target is None:
                continue
            moved = old | {"valid_from": eff, "known_from": kf, "known_to": KNOWN_MAX,
                           "fact_key": f"{old['fact_key']}@{p['action_id']}",
                           "statement_id": f"{sid}@{p['statement_id']}", "via_action": p["action_id"]}
            document = p["document_id"] if p["document_id"] is not None else old.get("document_id")
            moved.pop("document_id", None)
            if document is not None:
                moved["document_id"] = document
            ends = (target, other) if p["outgoing"] else (other, target)
            self._add_edge((e[0], *ends, moved["statement_id"]), moved)

    def _new_edge(self, p: dict[str, Any]) -> None:
        a, b, rtype, props = p["source"], p["target"], p["type"], p["props"]
        if a not in self.s.entities or b not in self.s.entities:
            return
        for e in self._out[a]:
            if e[0] == rtype and e[2] == b:
                r = self._props(e)
                if (r.get("valid_from") == props.get("valid_from") and r.get("known_to") == KNOWN_MAX
                        and (r.get("action") or "") == (props.get("action") or "")):
                    return
        e = (rtype, a, b, p["statement_id"])
        if (a, b, p["statement_id"]) not in self.s.edges[rtype]:
            self._add_edge(e, dict(props) | {"statement_id": p["statement_id"], "known_to": KNOWN_MAX})

    def _rename(self, p: dict[str, Any]) -> None:
        e = self.s.entities.get(p["key"])
        if e is None or e.get("name") is None:
            return
        # as cypher/graph/load/action_rename.cypher: the old name as stated, else the entity's if not the new one
        eff, action_id, key = p["effective"], p["action_id"], p["key"]
        old = p.get("old_name") or (e["name"] if e["name"].lower() != p["new_name"].lower() else None)
        if old is not None:
            old_key = "name|" + old.lower()
            legal = self.s.alias_of.get((old_key, "legal", key))
            if legal is not None and eff is not None and legal["valid_to"] > eff:
                legal["valid_to"] = eff
            self.s.aliases.setdefault(old_key, {"key": old_key, "scheme": "name", "value": old})
            prev = self.s.alias_of.setdefault((old_key, "previous", key), _clean({
                "kind": "previous", "valid_from": VALID_MIN, "valid_to": eff, "method": "corporate_action",
                "fact_key": action_id}))
            if eff is not None and prev.get("valid_to") is not None and prev["valid_to"] > eff:
                prev["valid_to"] = eff
        new_key = "name|" + p["new_name"].lower()
        self.s.aliases.setdefault(new_key, {"key": new_key, "scheme": "name", "value": p["new_name"]})
        new = self.s.alias_of.setdefault((new_key, "legal", key), _clean({
            "kind": "legal", "valid_from": eff, "valid_to": VALID_MAX, "method": "corporate_action",
            "fact_key": action_id}))
        if eff is not None and new.get("valid_from") is not None and new["valid_from"] < eff:
            new["valid_from"] = eff
        if eff is not None and eff <= date.today():
            e["name"] = p["new_name"]


def _clean(props: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in props.items() if v is not None}


def action_parties(chunks: Iterable[list[Any]], resolve: Any, keys: Any) -> set[str]:
    """The keys the actions name (subject, counterparty, previous controller): the only
    entities whose edges they move or read. ``chunks``: the actions in the order and chunks
    :func:`apply_actions` takes them (:meth:`.action_store.ActionStore.in_order`), resolved
    chunk by chunk as it resolves them, so that it then finds them resolved."""
    from ownergraph.graph.load.batch_rows import refs_of

    out: set[str] = set()
    for part in chunks:
        refs = [r for a in part for r in refs_of(a)]
        resolve(refs)
        out.update(keys.key_of(r) for r in refs)
    return out


def apply_actions(staged: Staged, chunks: Iterable[list[Any]], resolve: Any, keys: Any) -> int:
    """Apply the actions (CorporateAction records, each once, in effective-date then statement-id
    order, in ``chunks``) to ``staged`` as ``Loader.finish`` applies them online; returns how many."""
    from ownergraph.graph.load.batch_rows import refs_of
    from ownergraph.graph.load.actions import apply_corporate_action

    graph = StagedActions(staged)
    n = 0
    for part in chunks:
        resolve([r for a in part for r in refs_of(a)])  # one batch per chunk, as online
        for action in part:
            apply_corporate_action(graph, action, keys, again=True)  # type: ignore[arg-type]
        n += len(part)
    return n
