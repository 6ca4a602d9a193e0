"""A subgraph (an ownership chain with stakes) as a picture."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")


def draw_subgraph(subgraph: dict[str, Any], path: Path, title: str = "") -> Path:
    import matplotlib.pyplot as plt
    import networkx as nx

    g = nx.MultiDiGraph()
    names = {k: str(v.get("name") or k) for k, v in subgraph["nodes"].items()}
    for e in subgraph["edges"]:
        s, t = str(e.get("source")), str(e.get("target"))
        lo = e.get("stake_lo", (e.get("stake") or {}).get("lo") if isinstance(e.get("stake"), dict) else None)
        label = str(e.get("type", ""))
        if lo is not None:
            label += f" {float(lo) * 100:.3g}%"
        g.add_edge(names.get(s, s), names.get(t, t), label=label)
    for n in names.values():
        g.add_node(n)
    fig, ax = plt.subplots(figsize=(11, 7))
    if g.number_of_nodes():
        try:
            pos = nx.nx_agraph.graphviz_layout(g, prog="dot")  # pragma: no cover - needs pygraphviz
        except Exception:
            pos = nx.spring_layout(g, seed=7, k=1.2)
        nx.draw_networkx_nodes(g, pos, ax=ax, node_color="#dbe9f6", node_size=1800, edgecolors="#345")
        nx.draw_networkx_labels(g, pos, ax=ax, font_size=8)
        nx.draw_networkx_edges(g, pos, ax=ax, arrows=True, arrowsize=16, connectionstyle="arc3,rad=0.08",
                               node_size=1800)
        labels = {(u, v): d["label"] for u, v, d in g.edges(data=True)}
        nx.draw_networkx_edge_labels(g, pos, edge_labels=labels, ax=ax, font_size=7)
    ax.set_title(title[:110], fontsize=10)
    ax.axis("off")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=130)
    plt.close(fig)
    return path
