"""Results as HTML in a notebook (Jupyter calls ``_repr_html_``): the result's table and a small
chain, drawn as inline SVG from the stored edges the result cites. Read off ``as_dict()`` and
``to_frame()``, so every result with those two gets it from :class:`HtmlRepr`."""

from __future__ import annotations

import html
from collections import defaultdict
from typing import Any

import pandas as pd

MAX_ROWS = 50  # a notebook cell, not a report: the DataFrame has every row
MAX_EDGES = 24  # "a small chain"
BOX_W, BOX_H, GAP_X, GAP_Y = 170, 34, 26, 70
_PROVENANCE = ("statement_id", "document_id", "source_system")


def edge_figure(props: dict[str, Any]) -> str:
    """A stake or band ("72.5%", "25–50%"), else an amount ("EUR 150,000,000"), else ""."""
    stake = props.get("stake") if isinstance(props.get("stake"), dict) else {}
    lo, hi = props.get("stake_lo", stake.get("lo")), props.get("stake_hi", stake.get("hi"))
    if lo is not None:
        lo_s, hi_s = f"{float(lo) * 100:.4g}", f"{float(hi if hi is not None else lo) * 100:.4g}"
        return f"{lo_s}%" if lo_s == hi_s else f"{lo_s}–{hi_s}%"
    if props.get("amount") is not None:
        return f"{props.get('currency') or ''} {float(props['amount']):,.0f}".strip()
    return ""


def harvest(obj: Any, names: dict[str, str], edges: dict[str, dict[str, Any]]) -> None:
    """Entity names and cited edges (a source, a target and provenance) anywhere in ``obj``."""
    if isinstance(obj, dict):
        if "source" in obj and "target" in obj and any(k in obj for k in _PROVENANCE):
            ident = str(obj.get("statement_id") or (obj["source"], obj["target"], obj.get("type")))
            edges.setdefault(ident, obj)
        key, name = obj.get("key", obj.get("entity_key")), obj.get("name", obj.get("entity_name"))
        if isinstance(key, str) and isinstance(name, str):
            names.setdefault(key, name)
        if isinstance(obj.get("nodes"), list) and isinstance(obj.get("names"), list):
            names.update({str(k): str(n) for k, n in zip(obj["nodes"], obj["names"]) if n})
        for v in obj.values():
            harvest(v, names, edges)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            harvest(v, names, edges)


def _rows(edges: list[dict[str, Any]]) -> dict[str, int]:
    """Each node's row: owners above what they own (longest path from a root; cycles flattened)."""
    up: dict[str, set[str]] = defaultdict(set)
    nodes = {str(e[k]) for e in edges for k in ("source", "target")}
    for e in edges:
        if e["source"] != e["target"]:
            up[str(e["target"])].add(str(e["source"]))
    row: dict[str, int] = {}

    def depth(n: str, trail: frozenset[str]) -> int:
        if n not in row:
            row[n] = 1 + max((depth(p, trail | {n}) for p in up[n] if p not in trail), default=-1)
        return row[n]

    for n in sorted(nodes):
        depth(n, frozenset())
    return row


def chain_svg(edges: list[dict[str, Any]], names: dict[str, str]) -> str:
    """The edges as a small layered picture: boxes by row, arrows labelled with the figure."""
    edges = edges[:MAX_EDGES]
    if not edges:
        return ""
    rows, by_row, at = _rows(edges), defaultdict(list), {}
    for n in sorted(rows, key=lambda k: names.get(k, k)):
        by_row[rows[n]].append(n)
    width = max(len(v) for v in by_row.values()) * (BOX_W + GAP_X) + GAP_X
    for r, keys in by_row.items():
        left = (width - len(keys) * (BOX_W + GAP_X) + GAP_X) / 2
        at.update({k: (left + i * (BOX_W + GAP_X), 10 + r * (BOX_H + GAP_Y)) for i, k in enumerate(keys)})
    height = 20 + (max(by_row) + 1) * (BOX_H + GAP_Y) - GAP_Y
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             'font-family="sans-serif" font-size="11"><defs><marker id="og-arrow" viewBox="0 0 10 10" '
             'refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0L10,5L0,10z" '
             'fill="#345"/></marker></defs>']
    for e in edges:
        (x1, y1), (x2, y2) = at[str(e["source"])], at[str(e["target"])]
        a, b = (x1 + BOX_W / 2, y1 + BOX_H), (x2 + BOX_W / 2, y2)
        parts.append(f'<line x1="{a[0]:.0f}" y1="{a[1]:.0f}" x2="{b[0]:.0f}" y2="{b[1]:.0f}" stroke="#345" '
                     'marker-end="url(#og-arrow)"/>')
        label = html.escape(edge_figure(e) or str(e.get("type") or "").lower())
        parts.append(f'<text x="{(a[0] + b[0]) / 2 + 4:.0f}" y="{(a[1] + b[1]) / 2:.0f}">{label}</text>')
    for k, (x, y) in at.items():
        name = html.escape(names.get(k, k)[:28])
        parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{BOX_W}" height="{BOX_H}" rx="6" fill="#dbe9f6" '
                     f'stroke="#345"/><text x="{x + BOX_W / 2:.0f}" y="{y + BOX_H / 2 + 4:.0f}" '
                     f'text-anchor="middle">{name}</text>')
    return "".join(parts) + "</svg>"


def result_html(frame: pd.DataFrame, edges: list[dict[str, Any]], names: dict[str, str], caption: str = "") -> str:
    """A caption, the table (first :data:`MAX_ROWS` rows, saying how many more) and the chain."""
    more = len(frame) - MAX_ROWS
    out = [f"<p>{html.escape(caption)}</p>" if caption else "",
           frame.head(MAX_ROWS).to_html(index=False, border=0, na_rep="", classes="ownergraph-result"),
           f"<p>… {more} more rows (<code>.to_frame()</code> has every row)</p>" if more > 0 else "",
           chain_svg(edges, names)]
    return '<div class="ownergraph">' + "".join(out) + "</div>"


class HtmlRepr:
    """``_repr_html_`` for a result with ``to_frame()`` and ``as_dict()``."""

    def _repr_html_(self) -> str:
        names: dict[str, str] = {}
        edges: dict[str, dict[str, Any]] = {}
        harvest(self.as_dict(), names, edges)  # type: ignore[attr-defined]
        return result_html(self.to_frame(), list(edges.values()), names,  # type: ignore[attr-defined]
                           type(self).__name__)
