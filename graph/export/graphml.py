"""An export as GraphML for Gephi (``graph.graphml``), written by networkx.

Nodes are the entities (id: the entity key; attributes ``label`` (the name), ``kind``, ``lei``,
``jurisdiction``, ``stub``, ``sanctioned`` (a sanction in the export)). Edges are every exported
version (a multigraph: two versions of a fact are two edges), with ``kind`` (the relationship
type), ``stake`` (the lower bound in percent; ``stake_hi`` the upper), ``interest`` /
``control_kind`` / ``level`` / ``amount`` / ``currency`` where they apply, both clocks
(``valid_from`` / ``valid_to`` as dates, empty when open; ``known_from`` / ``known_to``) and the
``source`` citation. GraphML has no null, so a missing attribute is left off the element.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx

from ownergraph.graph.export.select import Selection
from ownergraph.graph.export.values import citation, day, instant, percent

FILE = "graph.graphml"
_EDGE_ATTRS = ("interest", "control_kind", "level", "accounting_standard", "fund_kind", "relationship",
               "action", "amount", "currency", "share_class", "fact_key", "statement_id", "source_system",
               "source_record_id", "document_id")


def _clean(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in attrs.items() if v is not None and v != ""}


def to_networkx(sel: Selection) -> nx.MultiDiGraph:
    """The selection as a networkx multigraph with GraphML-safe attributes."""
    g = nx.MultiDiGraph(name="ownergraph export", **_clean({
        "as_of": sel.clock.as_dict()["as_of"], "known_at": sel.clock.as_dict()["known_at"]}))
    sanctioned = {f["entity"] for f in sel.facts if f["label"] == "Sanction"}
    for key, ent in sorted(sel.entities.items()):
        p = ent["props"]
        g.add_node(key, **_clean({"label": p.get("name") or key, "kind": p.get("kind"), "lei": p.get("lei"),
                                  "jurisdiction": p.get("jurisdiction"), "stub": bool(p.get("stub")),
                                  "sanctioned": key in sanctioned}))
    for e in sel.edges:
        p = e["props"]
        attrs = {"kind": e["type"], "stake": percent(p.get("stake_lo")), "stake_hi": percent(p.get("stake_hi")),
                 "stake_exact": p.get("stake_exact"), "direct": p.get("direct"),
                 "valid_from": day(p.get("valid_from")), "valid_to": day(p.get("valid_to")),
                 "known_from": instant(p.get("known_from")), "known_to": instant(p.get("known_to")),
                 "source": citation(p)} | {k: p.get(k) for k in _EDGE_ATTRS}
        if attrs["amount"] is not None:
            attrs["amount"] = float(attrs["amount"])  # one declared type per attribute
        g.add_edge(e["source"], e["target"], key=p.get("statement_id"), **_clean(attrs))
    return g


def write(sel: Selection, out_dir: Path) -> tuple[Path, int]:
    path = out_dir / FILE
    g = to_networkx(sel)
    nx.write_graphml(g, path, named_key_ids=True)
    return path, g.number_of_nodes() + g.number_of_edges()


__all__ = ["FILE", "to_networkx", "write"]
