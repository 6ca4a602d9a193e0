"""A subgraph (an ownership chain with stakes) as a picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

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


def draw_subgraph(subgraph: dict[str, Any], path: Path, title: str = "") -> Path:
    import matplotlib.pyplot as plt
    import networkx as nx

    g = nx.MultiDiGraph()
    names = {k: str(v.get("name") or k) for k, v in subgraph["nodes"].items()}
    for e in subgraph["edges"]:
        s, t = str(e.get("source")), str(e.get("target"))
        stake = e.get("stake") if isinstance(e.get("stake"), dict) else {}
        lo = e.get("stake_lo", stake.get("lo"))
        hi = e.get("stake_hi", stake.get("hi"))
        label = str(e.get("type", ""))
        if lo is not None:
            band = hi is not None and abs(float(hi) - float(lo)) > 1e-12
            label += f" {float(lo) * 100:.3g}–{float(hi) * 100:.3g}%" if band else f" {float(lo) * 100:.3g}%"
        g.add_edge(names.get(s, s), names.get(t, t), label=label)
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
