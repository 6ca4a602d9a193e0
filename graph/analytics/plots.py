"""Pictures: a backtest curve, and an ownership chain with stakes on the edges.

Both write a file (PNG, SVG or PDF by the suffix) with the non-interactive Agg backend and
return its path.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only; never a window
import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
import pandas as pd  # noqa: E402


def plot_backtest(frame: pd.DataFrame, path: str | Path, *, lookahead: pd.DataFrame | None = None,
                  title: str | None = None) -> Path:
    """Step curve of every numeric column over ``date``; with ``lookahead``, the naive series
    dashed on top and the dates where they differ marked."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    cols = [c for c in frame.columns if c not in ("date", "detail") and pd.api.types.is_numeric_dtype(frame[c])]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    x = pd.to_datetime(frame["date"]) if len(frame) else []
    for c in cols:
        ax.plot(x, frame[c], drawstyle="steps-post", marker="o", label=f"{c} (point in time)")
        if lookahead is not None and c in lookahead:
            ax.plot(pd.to_datetime(lookahead["date"]), lookahead[c], drawstyle="steps-post", linestyle="--",
                    marker="x", label=f"{c} (known now: look-ahead)")
            diff = frame[c].fillna(-1e300) != lookahead[c].fillna(-1e300)
            for d in pd.to_datetime(frame.loc[diff.values, "date"]):
                ax.axvline(d, color="red", alpha=0.15, linewidth=6)
    ax.set_title(title or "backtest")
    ax.set_xlabel("date (as of = known at)")
    ax.grid(True, alpha=0.3)
    if cols:
        ax.legend(loc="best", fontsize=8)
    fig.autofmt_xdate()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def stake_label(lo: Any, hi: Any) -> str:
    """A stake fraction (or band) as a percentage label; "?" when the source gives none."""
    if lo is None or lo != lo:
        return "?"
    lo, hi = float(lo), float(hi if hi is not None and hi == hi else lo)
    return f"{lo * 100:.4g}%" if abs(lo - hi) < 1e-12 else f"{lo * 100:.4g}–{hi * 100:.4g}%"


def edges_of(obj: Any) -> list[dict[str, Any]]:
    """Edge records (source, target, names, stake_lo/hi, type) from a result or a list."""
    if isinstance(obj, pd.DataFrame):
        return obj.to_dict(orient="records")
    for attr in ("edges", "chain_edges"):
        if hasattr(obj, attr) and not callable(getattr(obj, attr)):
            return [_edge_dict(e) for e in getattr(obj, attr)]
    if hasattr(obj, "steps"):  # PathResult
        return [e for s in obj.steps for e in s["edges"]]
    if hasattr(obj, "components"):  # CyclesResult
        return [e for c in obj.components for e in c.edges]
    if hasattr(obj, "paths"):
        return [_edge_dict(e) for p in obj.paths for e in (p.get("edges", ()) if isinstance(p, Mapping)
                                                            else getattr(p, "edges", p))]
    if hasattr(obj, "to_frame"):
        frame = obj.to_frame()
        if {"source", "target"} <= set(frame.columns):
            return frame.to_dict(orient="records")
    if isinstance(obj, Iterable):
        return [_edge_dict(e) for e in obj]
    raise TypeError(f"no edges in a {type(obj).__name__}")


def _edge_dict(e: Any) -> dict[str, Any]:
    if isinstance(e, Mapping):
        return dict(e)
    d = {k: getattr(e, k, None) for k in ("source", "target", "type", "source_name", "target_name")}
    props = getattr(e, "props", {}) or {}
    stake = getattr(e, "stake", None)
    if isinstance(stake, tuple):
        d["stake_lo"], d["stake_hi"] = stake
    elif stake is not None and hasattr(stake, "lo"):
        d["stake_lo"], d["stake_hi"] = stake.lo, stake.hi
    else:
        d["stake_lo"], d["stake_hi"] = props.get("stake_lo"), props.get("stake_hi")
    d["type"] = d.get("type") or props.get("type")
    return d


def plot_ownership(result: Any, path: str | Path, *, title: str | None = None,
                   names: Mapping[str, str] | None = None, highlight: Iterable[str] = ()) -> Path:
    """Draw an ownership/control chain: owners above what they own, stakes on the edges."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    edges = edges_of(result)
    label_of: dict[str, str] = dict(names or {})
    g = nx.MultiDiGraph()
    for e in edges:
        for end in ("source", "target"):
            k = e[end]
            if e.get(f"{end}_name"):
                label_of.setdefault(k, str(e[f"{end}_name"]))
        g.add_edge(e["source"], e["target"], label=stake_label(e.get("stake_lo"), e.get("stake_hi")),
                   kind=e.get("type") or "OWNS")
    fig, ax = plt.subplots(figsize=(max(6, 1.8 * max(1, g.number_of_nodes()) ** 0.8), 6))
    if g.number_of_nodes():
        simple = nx.DiGraph(g)
        if nx.is_directed_acyclic_graph(simple):
            for layer, nodes in enumerate(nx.topological_generations(simple)):
                for n in nodes:
                    g.nodes[n]["layer"] = layer
            pos = nx.multipartite_layout(g, subset_key="layer", align="horizontal", scale=2)
            pos = {n: (x, -y) for n, (x, y) in pos.items()}  # owners on top
        else:
            pos = nx.spring_layout(simple, seed=7)
        marked = set(highlight)
        colours = ["#f4a261" if n in marked else "#a8dadc" for n in g.nodes]
        nx.draw_networkx_nodes(g, pos, ax=ax, node_color=colours, node_size=1400, edgecolors="#1d3557")
        nx.draw_networkx_labels(g, pos, ax=ax, labels={n: _wrap(label_of.get(n, n)) for n in g.nodes},
                                font_size=7)
        styles = {"OWNS": "solid", "CONTROLS": "dashed"}
        for kind in {d["kind"] for _, _, d in g.edges(data=True)}:
            sub = [(u, v) for u, v, d in g.edges(data=True) if d["kind"] == kind]
            nx.draw_networkx_edges(g, pos, ax=ax, edgelist=sub, style=styles.get(kind, "dotted"), arrows=True,
                                   arrowsize=15, node_size=1400, connectionstyle="arc3,rad=0.08")
        nx.draw_networkx_edge_labels(g, pos, ax=ax, font_size=7,
                                     edge_labels={(u, v): d["label"] for u, v, d in g.edges(data=True)},
                                     connectionstyle="arc3,rad=0.08")
    ax.set_title(title or "ownership chain")
    ax.axis("off")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def _wrap(text: str, width: int = 16) -> str:
    words, lines, line = text.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    lines.append(line)
    return "\n".join(lines[:3])
