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
from matplotlib.ticker import PercentFormatter  # noqa: E402
from ownergraph.domain.codes import EdgeType


def plot_backtest(frame: pd.DataFrame, path: str | Path, *, lookahead: pd.DataFrame | None = None,
                  title: str | None = None) -> Path:
    """Step curve of every numeric column over ``date``; with ``lookahead``, the naive series
    dashed on top and the dates where they differ marked."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    cols = [c for c in frame.columns if c not in ("date", "detail") and pd.api.types.is_numeric_dtype(frame[c])]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    x = pd.to_datetime(frame["date"]) if len(frame) else []
    shown: list[str] = []
    for c in cols:
        if any(frame[c].equals(frame[o]) for o in shown):  # e.g. stake_hi == stake_lo: one line
            continue
        shown.append(c)
        words = column_words(c, frame.attrs.get("value_means"))
        ax.plot(x, frame[c], drawstyle="steps-post", marker="o", label=f"{words} (point in time)")
        if lookahead is not None and c in lookahead:
            ax.plot(pd.to_datetime(lookahead["date"]), lookahead[c], drawstyle="steps-post", linestyle="--",
                    marker="x", label=f"{words} (known now: look-ahead)")
            diff = frame[c].fillna(-1e300) != lookahead[c].fillna(-1e300)
            for d in pd.to_datetime(frame.loc[diff.values, "date"]):
                ax.axvline(d, color="red", alpha=0.15, linewidth=6)
    ax.set_title(title or "backtest")
    ax.set_xlabel("date (as of = known at)")
    ax.set_ylabel(y_axis_words(shown, frame.attrs.get("value_means")))
    if shown and all(c.startswith("stake_") for c in shown):
        ax.yaxis.set_major_formatter(PercentFormatter(1.0))  # stakes are fractions: show 60%, not 0.6
    ax.grid(True, alpha=0.3)
    if cols:
        ax.legend(loc="best", fontsize=8)
    fig.autofmt_xdate()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


_COLUMN_WORDS = {"stake_lo": "effective stake, low end", "stake_hi": "effective stake, high end",
                 "positions": "positions held", "affected": "parties hit"}


def column_words(column: str, value_means: str | None = None) -> str:
    """A backtest column as a legend says it: "total EUR", "at risk USD", "hops on the shortest path"."""
    if column == "value":
        return value_means or "answer"
    if column.startswith("total_"):
        return f"total {column.removeprefix('total_')}"
    if column.startswith("at_risk_"):
        return f"at risk {column.removeprefix('at_risk_')}"
    return _COLUMN_WORDS.get(column, column.replace("_", " "))


def y_axis_words(columns: list[str], value_means: str | None = None) -> str:
    """What the y axis counts: the one measure plotted, or what the measures share."""
    if columns and all(c.startswith("stake_") for c in columns):
        return "effective stake"
    if columns and all(c.startswith(("total_", "at_risk_")) for c in columns):
        return "amount (each currency its own line)"
    words = dict.fromkeys(column_words(c, value_means) for c in columns)
    return "; ".join(words) or "answer"


_OF = {"shareholding": "of the shares", "voting_rights": "of the votes"}


def interest_labels(e: Mapping[str, Any]) -> list[str]:
    """An edge's label lines, one per stored edge behind it, each saying its interest: "52% of
    the votes", "25–50% of the shares", "control (board appointment)"; never a bare type."""
    stored = [x.as_dict() if hasattr(x, "as_dict") else dict(x) for x in e.get("edges") or ()] or [dict(e)]
    out = []
    for x in stored:
        stake = x.get("stake") if isinstance(x.get("stake"), Mapping) else {}
        lo, hi = x.get("stake_lo", stake.get("lo")), x.get("stake_hi", stake.get("hi"))
        if (x.get("type") or e.get("type")) == EdgeType.CONTROL:
            kind = str(x.get("control_kind") or "").replace("_", " ")
            out.append(f"control ({kind})" if kind else "control")
        else:
            out.append(f"{stake_label(lo, hi)} {_OF.get(str(x.get('interest') or 'shareholding'), '')}".strip())
    return out


def stake_label(lo: Any, hi: Any) -> str:
    """A stake fraction (or band) as a percentage label; "?" when the source gives none."""
    if lo is None or lo != lo:
        return "?"
    lo, hi = float(lo), float(hi if hi is not None and hi == hi else lo)
    return f"{lo * 100:.4g}%" if abs(lo - hi) < 1e-12 else f"{lo * 100:.4g}–{hi * 100:.4g}%"


def edges_of(obj: Any) -> list[dict[str, Any]]:
    """Edge records (source, target, names, stake_lo/hi, type) from a result or a list:
    ownership results (chains of ``effective_stake``, rows of ``owners``/``controlled_by``),
    a control path, cross-holdings, a DataFrame or an iterable of edges."""
    if isinstance(obj, pd.DataFrame):
        return obj.to_dict(orient="records")
    if hasattr(obj, "rows") and not callable(obj.rows):  # OwnersResult / ControlResult
        # the share chains and the control chains (votes, CONTROLS edges): what made each row pass
        paths = [p for r in obj.rows if r.status != "not" for p in (*r.paths, *getattr(r, "control_paths", ()))]
        extra = [s for r in obj.rows if r.status != "not" for s in r.contributions]
        return _dedupe(_chain_edges(paths) + [_edge_dict(s) for s in extra])
    if hasattr(obj, "paths") and not hasattr(obj, "steps"):  # StakeResult
        return _dedupe(_chain_edges(obj.paths))
    if hasattr(obj, "steps"):  # PathResult
        return [e for s in obj.steps for e in s["edges"]]
    if hasattr(obj, "components"):  # CyclesResult
        return [e for c in obj.components for e in c.edges]
    if hasattr(obj, "to_frame"):
        frame = obj.to_frame()
        if {"source", "target"} <= set(frame.columns):
            return frame.to_dict(orient="records")
    if isinstance(obj, Iterable):
        return [_edge_dict(e) for e in obj]
    raise TypeError(f"no edges in a {type(obj).__name__}")


def _chain_edges(paths: Iterable[Any]) -> list[dict[str, Any]]:
    out = []
    for p in paths:
        names = dict(zip(p.nodes, p.names))
        for step in p.steps:
            d = _edge_dict(step)
            d["source_name"], d["target_name"] = names.get(step.source), names.get(step.target)
            out.append(d)
    return out


def _dedupe(edges: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: dict[tuple[Any, Any], dict[str, Any]] = {}
    for e in edges:
        cur = seen.setdefault((e["source"], e["target"]), e)
        for k in ("source_name", "target_name"):
            cur[k] = cur.get(k) or e.get(k)
        if cur is not e:  # the same pair from another chain: keep every stored edge behind it
            cur["edges"] = list(cur.get("edges") or []) + [x for x in e.get("edges") or ()
                                                           if x not in (cur.get("edges") or ())]
    return list(seen.values())


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
    edges = getattr(e, "edges", None)  # a PathStep: the type of the stored edges behind it
    d["type"] = d.get("type") or props.get("type") or (edges[0].type if edges else None)
    if edges:
        d["edges"] = list(edges)  # each says its interest on the picture
    return d


def ownership_graph(result: Any, names: Mapping[str, str] | None = None) -> tuple[nx.DiGraph, dict[str, str]]:
    """The chain to draw: one arrow per pair, labelled with every stored edge's interest, and the
    entities' names."""
    label_of: dict[str, str] = dict(names or {})
    g = nx.DiGraph()  # one arrow per pair: its label has a line per stored edge
    for e in edges_of(result):
        for end in ("source", "target"):
            k = e[end]
            if e.get(f"{end}_name"):
                label_of.setdefault(k, str(e[f"{end}_name"]))
        old = g.get_edge_data(e["source"], e["target"], {}).get("label", "")
        lines = [x for x in old.split("\n") if x]
        lines += [x for x in interest_labels(e) if x not in lines]
        g.add_edge(e["source"], e["target"], label="\n".join(lines), kind=e.get("type") or EdgeType.OWNERSHIP)
    return g, label_of


def plot_ownership(result: Any, path: str | Path, *, title: str | None = None,
                   names: Mapping[str, str] | None = None, highlight: Iterable[str] = ()) -> Path:
    """Draw an ownership/control chain: owners above what they own, stakes on the edges."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    g, label_of = ownership_graph(result, names)
    fig, ax = plt.subplots(figsize=(8, 6))
    if g.number_of_nodes():
        pos, span = _layout(g)
        marked = set(highlight)
        colours = ["#f4a261" if n in marked else "#a8dadc" for n in g.nodes]
        nx.draw_networkx_nodes(g, pos, ax=ax, node_color=colours, node_size=1600, edgecolors="#1d3557")
        nx.draw_networkx_labels(g, pos, ax=ax, labels={n: _wrap(label_of.get(n, n)) for n in g.nodes},
                                font_size=7)
        styles = {EdgeType.OWNERSHIP: "solid", EdgeType.CONTROL: "dashed"}
        for u, v, d in g.edges(data=True):
            # edges that skip a layer (or run against it, in a cycle) bend, so none hides another
            cs = f"arc3,rad={0.0 if span(u, v) == 1 else 0.35}"
            nx.draw_networkx_edges(g, pos, ax=ax, edgelist=[(u, v)], style=styles.get(d["kind"], "dotted"),
                                   arrows=True, arrowsize=15, node_size=1600, connectionstyle=cs)
            nx.draw_networkx_edge_labels(g, pos, ax=ax, edge_labels={(u, v): d["label"]}, font_size=8,
                                         connectionstyle=cs, bbox={"fc": "white", "ec": "none", "alpha": 0.8})
        xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
        ax.set_xlim(min(xs) - 2.0, max(xs) + 2.0)
        ax.set_ylim(min(ys) - 0.9, max(ys) + 0.9)
    ax.set_title(title or "ownership chain")
    ax.axis("off")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def _layout(g: nx.MultiDiGraph) -> tuple[dict[str, tuple[float, float]], Any]:
    """Owners above what they own (layer = longest chain from the top; a cycle is condensed
    first), entities of a layer side by side."""
    cond = nx.condensation(nx.DiGraph(g))
    layer_of_comp: dict[int, int] = {}
    for c in nx.topological_sort(cond):
        preds = list(cond.predecessors(c))
        layer_of_comp[c] = 1 + max((layer_of_comp[p] for p in preds), default=-1)
    layer = {n: layer_of_comp[cond.graph["mapping"][n]] for n in g.nodes}
    by_layer: dict[int, list[str]] = {}
    for n in sorted(g.nodes, key=str):
        by_layer.setdefault(layer[n], []).append(n)
    pos: dict[str, tuple[float, float]] = {}
    for lv, nodes in by_layer.items():
        for j, n in enumerate(nodes):
            pos[n] = ((j - (len(nodes) - 1) / 2) * 2.0, -1.5 * lv)
    return pos, lambda u, v: layer[v] - layer[u]


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
