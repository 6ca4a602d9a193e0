"""The graph of a first load, built in memory with the online loader's semantics.

Each ``apply_*`` method does what the ``cypher/load_*.cypher`` query of the same rows does on
an empty database (MERGE keys, ON CREATE properties, which statement an entity node shows),
batch by batch in the online loader's order, so that the files written from here give the
graph ``graph.load.loader.Loader`` would have left. What the online loader does after each batch is
split in two: an entity's retraction (``retract_entities``) depends on the entity node at that
moment and is applied per batch; a fact's knowledge-time chain depends only on all its
versions and retractions, so it is planned once at the end (:meth:`Staged.rechain`) with the
same planner (``rechain.plan_rows``) for the same facts the online loader re-plans: those
with two or more stated versions or a retraction.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX, VALID_MIN
from ownergraph.graph.load.rechain import NODE_LINKS, plan_rows
from ownergraph.domain.codes import EdgeType

# a versioned fact's element: ("edge", TYPE, start, end, statement_id) or ("node", LABEL, statement_id)
Element = tuple[str, ...]
Tally = tuple[str, int, int]  # (kind, created, already present), as Loader._tally takes them
_NODE_KINDS = ("Sanction", "ReportingException")


class Staged:
    """Nodes and relationships of a first load, keyed as the load queries MERGE them."""

    def __init__(self) -> None:
        self.entities: dict[str, dict[str, Any]] = {}
        self.aliases: dict[str, dict[str, Any]] = {}
        self.alias_of: dict[tuple[str, str, str], dict[str, Any]] = {}  # (alias, kind, entity)
        # TYPE -> (start, end, statement_id) -> props; HOLDS starts at a Portfolio (its name)
        self.edges: dict[str, dict[tuple[str, str, str], dict[str, Any]]] = defaultdict(dict)
        # Sanction / ReportingException / Retraction: statement_id -> props
        self.nodes: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
        self.links: dict[str, dict[str, dict[str, None]]] = defaultdict(dict)  # label -> sid -> entity keys
        self.portfolios: dict[str, None] = {}
        self.documents: dict[str, dict[str, Any]] = {}
        self.mentions: dict[tuple[str, str], None] = {}  # (document_id, entity key)
        self.filed_by: dict[tuple[str, str], None] = {}
        self.actions: dict[str, dict[str, Any]] = {}  # CorporateAction: statement_id -> props
        self.affects: dict[tuple[str, str, str], None] = {}  # (action statement_id, role, entity key)
        self._facts: dict[tuple[str, str], list[Element]] = defaultdict(list)  # (TYPE, fact_key) -> versions
        self.entity_facts: dict[str, dict[str, None]] = defaultdict(dict)  # fact_key -> entity keys
        self._retracted: dict[str, list[datetime]] = defaultdict(list)  # fact_key -> retraction times

    # -- one batch, in Loader._write_batch's order -----------------------------------------
    def apply_batch(self, rows: dict[str, Any]) -> list[Tally]:
        tallies: list[Tally] = []
        for row in rows["stubs"]:
            self._stub(row)
        if rows["entities"]:
            created = sum(self._entity(r) for r in rows["entities"])
            tallies.append(("entity", created, len(rows["entities"]) - created))
            for row in rows["aliases"]:
                self._alias(row)
        for rtype, edge_rows in rows["edges"].items():
            created = sum(self._edge(rtype, r["source"], r["target"], r) for r in edge_rows)
            tallies.append((rtype, created, len(edge_rows) - created))
        retracted: set[str] = set()
        for label, node_rows in rows["nodes"].items():
            created = sum(self._node(label, r) for r in node_rows)
            tallies.append((label, created, len(node_rows) - created))
            if label == "Retraction":
                retracted.update(r["props"]["fact_key"] for r in node_rows)
        if retracted:
            self._retract_entities(retracted)
        return tallies

    def _stub(self, row: dict[str, Any]) -> None:
        # load_stub_entities: ON CREATE only
        if row["key"] not in self.entities:
            self.entities[row["key"]] = _clean({
                "key": row["key"], "name": row["name"], "kind": row["kind"],
                "jurisdiction": row["jurisdiction"], "lei": row["lei"], "stub": True,
                "valid_from": VALID_MIN, "valid_to": VALID_MAX})

    def _entity(self, row: dict[str, Any]) -> bool:
        # load_entities: a new statement replaces what the node shows unless an older one
        e = self.entities.setdefault(row["key"], {"key": row["key"]})
        sid, props = row["statement_id"], row["props"]
        if e.get("statement_id") == sid or sid in e.get("statement_ids", ()):
            return False
        if e.get("stub") or e.get("known_from") is None or e["known_from"] <= props["known_from"]:
            e.update(props)
            e["stub"] = False
            if "fact_key" in props:
                self.entity_facts[props["fact_key"]][row["key"]] = None
        e["statement_ids"] = [*e.get("statement_ids", ()), sid]
        first = e.get("first_known_from")
        if first is None or props["known_from"] < first:
            e["first_known_from"] = props["known_from"]
        return True

    def _alias(self, row: dict[str, Any]) -> None:
        # load_aliases: both merged, properties on create only
        self.aliases.setdefault(row["key"], {"key": row["key"], "scheme": row["scheme"], "value": row["value"]})
        if row["entity"] in self.entities:
            self.alias_of.setdefault((row["key"], row["kind"], row["entity"]), {
                "kind": row["kind"], "valid_from": row["valid_from"], "valid_to": row["valid_to"],
                "fact_key": row["fact_key"], "method": "source"})

    def _edge(self, rtype: str, start: str, end: str, row: dict[str, Any]) -> bool:
        # load_edges / load_holding: merged on (start, end, statement_id), props on create
        ident = (start, end, row["statement_id"])
        if ident in self.edges[rtype]:
            return False
        self.edges[rtype][ident] = row["props"] | {"known_to": KNOWN_MAX}
        self._facts[(rtype, row["props"]["fact_key"])].append(("edge", rtype, *ident))
        return True

    def _node(self, label: str, row: dict[str, Any]) -> bool:
        match label:
            case "Holding":
                self.portfolios.setdefault(row["portfolio"])  # merged before the entity is matched
                if row["entity"] not in self.entities:
                    return False
                return self._edge(EdgeType.HOLDING, row["portfolio"], row["entity"], row)
            case "Document":
                return self._document(row)
            case "Retraction":
                sid = row["statement_id"]
                if sid in self.nodes[label]:
                    return False
                self.nodes[label][sid] = _clean(row["props"]) | {"statement_id": sid}
                self._retracted[row["props"]["fact_key"]].append(row["props"]["known_from"])
                return True
        # Sanction / ReportingException: node merged on statement_id, linked from its entity
        if row["entity"] not in self.entities:
            return False
        sid, created = row["statement_id"], False
        if sid not in self.nodes[label]:
            self.nodes[label][sid] = row["props"] | {"known_to": KNOWN_MAX}
            self._facts[(label, row["props"]["fact_key"])].append(("node", label, sid))
            created = True
        self.links[label].setdefault(sid, {})[row["entity"]] = None
        return created

    def _document(self, row: dict[str, Any]) -> bool:
        # load_document: every statement's properties are set (d += props)
        doc = self.documents.setdefault(row["document_id"], {"document_id": row["document_id"]})
        seen = doc.get("statement_id") == row["statement_id"]
        doc.update(row["props"])
        for key in row["mentions"]:
            if key in self.entities:
                self.mentions.setdefault((row["document_id"], key))
        if row["filer"] is not None and row["filer"] in self.entities:
            self.filed_by.setdefault((row["document_id"], row["filer"]))
        return not seen

    def _retract_entities(self, keys: set[str]) -> None:
        # retract_entities: the entity's statement closes at its first retraction after it
        for e in self.entities.values():
            fk = e.get("fact_key")
            if fk in keys and e.get("known_from") is not None:
                later = [t for t in self._retracted[fk] if t >= e["known_from"]]
                if later:
                    e["known_to"] = min(later)

    # -- a part of a larger graph (graph.load.bulk.spool) ------------------------------------
    def share_memory_of(self, other: Staged) -> None:
        """Take ``other``'s entities, aliases, documents, actions and retractions (the same
        objects, not copies): this graph then holds only the edges and versioned nodes put in."""
        for name in ("entities", "aliases", "alias_of", "portfolios", "documents", "mentions", "filed_by",
                     "actions", "affects", "entity_facts", "_retracted"):
            setattr(self, name, getattr(other, name))

    def put_edge(self, rtype: str, start: str, end: str, sid: str, props: dict[str, Any]) -> None:
        """An edge as stored (its ``known_to`` set), one version of its fact."""
        self.edges[rtype][(start, end, sid)] = props
        self._facts[(rtype, props["fact_key"])].append(("edge", rtype, start, end, sid))

    def put_node(self, label: str, sid: str, props: dict[str, Any], entities: dict[str, None]) -> None:
        """A versioned node (Sanction / ReportingException) as stored, with its entities."""
        self.nodes[label][sid] = props
        self.links[label][sid] = entities
        self._facts[(label, props["fact_key"])].append(("node", label, sid))

    def entities_of_fact(self, fact_key: str) -> Iterator[tuple[str, dict[str, Any]]]:
        """(key, properties) of the entities a statement of this fact was applied to, by key."""
        return ((k, self.entities[k]) for k in sorted(self.entity_facts.get(fact_key, ())))

    def retracted_facts(self) -> set[str]:
        return set(self._retracted)

    # -- knowledge-time chains --------------------------------------------------------------
    def rechain(self) -> int:
        """Plan the history of every fact the online loader would re-plan; returns how many."""
        done = 0
        for (rtype, fk), versions in self._facts.items():
            sids = {self._props(v)["statement_id"] for v in versions}
            if len(sids) < 2 and fk not in self._retracted:
                continue  # one version, never retracted: open, as loaded
            done += 1
            rows = [{"eid": v, "carried": False, "props": self._props(v), "ends": self._ends(v)}
                    for v in versions]
            stores, carries, _ = plan_rows(rows, self._retracted.get(fk, []))
            for s in stores:  # rechain_store
                p = self._props(s["eid"])
                p["known_to"], p["valid_from"] = s["known_to"], s["valid_from"]
                for name, value in (("valid_from_stated", s["stated"]), ("valid_from_basis", s["basis"])):
                    if value is None:
                        p.pop(name, None)
                    else:
                        p[name] = value
            for c in carries:  # rechain_carry: a copy of the (re-planned) version
                self._carry(c)
        return done

    def forget_facts(self) -> None:
        """Drop the record of each fact's versions, once the chains are planned (a graph that
        only takes corporate actions and is written needs it no more: at a first load's size,
        ~250 B an edge). :meth:`rechain` and :meth:`versions_of` find nothing after it."""
        self._facts = defaultdict(list)

    def versions_of(self, rtype: str, fact_key: str) -> Iterator[dict[str, Any]]:
        """The stored versions (edges or nodes of ``rtype``) of one fact, as properties."""
        return (self._props(el) for el in self._facts.get((rtype, fact_key), ()))

    def _props(self, el: Element) -> dict[str, Any]:
        if el[0] == "edge":
            return self.edges[el[1]][(el[2], el[3], el[4])]
        return self.nodes[el[1]][el[2]]

    def _ends(self, el: Element) -> list[Any]:
        if el[0] == "edge":
            # startNode(r).key: a Portfolio has none
            return [None if el[1] == EdgeType.HOLDING else el[2], el[3]]
        return list(self.links[el[1]].get(el[2], {}))

    def _carry(self, c: dict[str, Any]) -> None:
        origin: Element = c["eid"]
        o = self._props(origin)
        props = o | {"statement_id": c["sid"], "valid_to": c["valid_to"], "known_from": c["known_from"],
                     "known_to": c["known_to"], "carried_from": o["statement_id"]}
        if origin[0] == "edge":
            self.edges[origin[1]][(origin[2], origin[3], c["sid"])] = props
        else:
            label = origin[1]
            self.nodes[label][c["sid"]] = props
            self.links[label][c["sid"]] = dict(self.links[label].get(origin[2], {}))

    # -- what the files hold ------------------------------------------------------------------
    def node_groups(self) -> Iterator[tuple[str, str, Iterator[tuple[str, dict[str, Any]]]]]:
        """(label, id space, (id, props) pairs) for every node label."""
        yield "Entity", "Entity", iter(self.entities.items())
        yield "Alias", "Alias", iter(self.aliases.items())
        yield "Portfolio", "Portfolio", ((n, {"name": n}) for n in self.portfolios)
        yield "Document", "Document", iter(self.documents.items())
        yield "CorporateAction", "CorporateAction", iter(self.actions.items())
        for label, nodes in self.nodes.items():
            yield label, label, iter(nodes.items())

    def relationship_groups(self) -> Iterator[tuple[str, str, str, Iterator[tuple[str, str, dict[str, Any]]]]]:
        """(type, start id space, end id space, (start, end, props) triples) for every type."""
        yield "ALIAS_OF", "Alias", "Entity", ((a, e, p) for (a, _, e), p in self.alias_of.items())
        for rtype, edges in self.edges.items():
            start = "Portfolio" if rtype == EdgeType.HOLDING else "Entity"
            yield rtype, start, "Entity", ((a, b, p) for (a, b, _), p in edges.items())
        for label, link in NODE_LINKS.items():
            if label in self.links:
                yield link, "Entity", label, ((e, sid, {}) for sid, es in self.links[label].items() for e in es)
        yield "MENTIONS", "Document", "Entity", ((d, e, {}) for d, e in self.mentions)
        yield "FILED_BY", "Document", "Entity", ((d, e, {}) for d, e in self.filed_by)
        yield "AFFECTS", "CorporateAction", "Entity", ((c, e, {"role": r}) for c, r, e in self.affects)

    def counts(self) -> dict[str, int]:
        return {"nodes": len(self.entities) + len(self.aliases) + len(self.portfolios) + len(self.documents)
                + len(self.actions)
                + sum(len(n) for n in self.nodes.values()),
                "relationships": len(self.alias_of) + sum(len(e) for e in self.edges.values())
                + sum(len(es) for ls in self.links.values() for es in ls.values())
                + len(self.mentions) + len(self.filed_by) + len(self.affects)}


def _clean(props: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in props.items() if v is not None}


__all__ = ["Staged"]
