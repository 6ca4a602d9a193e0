"""A subgraph (an ownership chain with stakes) as a picture."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import matplotlib

from ownergraph.retrieval.answer.hops import edge_text

matplotlib.use("Agg")


def _layered(g: Any) -> dict[Any, tuple[float, float]]:
    """Owners above what they own: layers by longest path where acyclic, spring otherwise."""
    import networkx as nx

    simple = nx.DiGraph(g)
    if not nx.is_directed_acyclic_graph(simple):
        return nx.spring_layout(g, seed=7, k=1.2)
    pos = {}
    for depth, layer in enumerate(nx.topological_generations(simple)):
        layer = sorted(layer)
        for i, node in enumerate(layer):
            pos[node] = ((i - (len(layer) - 1) / 2) * 2.2, -depth)
    return pos


def edge_labels(edges: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str], list[str]]:
    """Per (source, target), one line per stored edge saying its interest ("holds 52% of the
    voting rights", "owns 25–50% of the shares"): parallel edges share one arrow, none is dropped."""
    out: dict[tuple[str, str], list[str]] = {}
    for e in edges:
        flat = dict(e)
        if isinstance(e.get("stake"), dict):  # a subgraph's edge may carry its stake as {lo, hi}
            flat.setdefault("stake_lo", e["stake"].get("lo"))
            flat.setdefault("stake_hi", e["stake"].get("hi"))
        line = edge_text(flat)
        lines = out.setdefault((str(e.get("source")), str(e.get("target"))), [])
        if line not in lines:
            lines.append(line)
    return out


def draw_subgraph(subgraph: dict[str, Any], path: Path, title: str = "") -> Path:
    import matplotlib.pyplot as plt
    import networkx as nx

    g = nx.DiGraph()
    names = {k: str(v.get("name") or k) for k, v in subgraph["nodes"].items()}
    for (s, t), lines in edge_labels(subgraph["edges"]).items():
        g.add_edge(names.get(s, s), names.get(t, t), label="\n".join(lines))
    for n in names.values():
        g.add_node(n)
    fig, ax = plt.subplots(figsize=(11, 7))
    if g.number_of_nodes():
        pos = _layered(g)
        nx.draw_networkx_labels(g, pos, ax=ax, font_size=9,
                                bbox={"boxstyle": "round,pad=0.4", "fc": "#dbe9f6", "ec": "#345"})
        nx.draw_networkx_edges(g, pos, ax=ax, arrows=True, arrowsize=16, connectionstyle="arc3,rad=0.05",
                               node_size=2600)
        xs = [x for x, _ in pos.values()]
        ys = [y for _, y in pos.values()]
        ax.set_xlim(min(xs) - 2.5, max(xs) + 2.5)
        ax.set_ylim(min(ys) - 0.5, max(ys) + 0.5)
        labels = {(u, v): d["label"] for u, v, d in g.edges(data=True)}
        nx.draw_networkx_edge_labels(g, pos, edge_labels=labels, ax=ax, font_size=7)
    ax.set_title(title[:110], fontsize=10)
    ax.axis("off")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=130)
    plt.close(fig)
    return path
