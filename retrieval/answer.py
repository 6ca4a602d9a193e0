"""Answers: deterministic from the analytic result, or grounded by an LLM — both cited.

Offline, each pattern has a composer that states the figures from the result table and cites
the numbered sources of the edges behind each row. With an LLM, the model writes the answer
from the rendered context and :func:`check_citations` flags sentences with figures but no
citation, and figures that appear in no source.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ownergraph.retrieval.context import Context

MAX_ROWS = 8


def _pct(lo: Any, hi: Any = None) -> str:
    if lo is None or (isinstance(lo, float) and math.isnan(lo)):
        return "stake not stated"
    lo = float(lo)
    hi = lo if hi is None or (isinstance(hi, float) and math.isnan(hi)) else float(hi)
    return f"{lo * 100:.4g}%" if abs(hi - lo) < 1e-12 else f"{lo * 100:.4g}–{hi * 100:.4g}%"


def _cites(ctx: Context, *keys: Any) -> str:
    """Sources of the edges along ``keys`` (consecutive pairs, as on a path); for a single key,
    the edges touching it."""
    keys = tuple(k for k in keys if isinstance(k, str) and k)
    nums: list[int] = []
    if len(keys) >= 2:
        for a, b in zip(keys, keys[1:]):
            nums += [s.number for s in ctx.sources if {a, b} == set(s.entity_keys) and s.number not in nums]
    if not nums:
        for k in keys[:1]:
            nums += [n for n in ctx.cite(entity_key=k) if n not in nums]
    return "".join(f"[{n}]" for n in sorted(nums)[:6])


def _row_paths(result: Any) -> dict[str, list[str]]:
    """Owner key -> the nodes of its first evidence path (owner ... target)."""
    out: dict[str, list[str]] = {}
    for row in getattr(result, "rows", ()) or ():
        paths = getattr(row, "paths", ()) or ()
        if paths:
            out[row.key] = list(getattr(paths[0], "nodes", ()) or [])
    return out


def _money(amount: Any, currency: Any) -> str:
    if amount is None or (isinstance(amount, float) and math.isnan(amount)):
        return "amount not stated"
    return f"{currency or ''} {float(amount):,.0f}".strip()


def compose(pattern: str, frame: pd.DataFrame, ctx: Context, subject: str, other: str | None,
            found: bool, result: Any) -> str:
    """A deterministic answer for ``pattern`` from its result table, with citations."""
    d = ctx.as_of.isoformat()
    if not found:
        return ctx.no_relationship or _nothing(pattern, subject, other, d)
    rows = frame.head(MAX_ROWS).to_dict("records")
    more = f" (and {len(frame) - MAX_ROWS} more)" if len(frame) > MAX_ROWS else ""
    match pattern:
        case "owners":
            rule = getattr(result, "rule", "")
            paths = _row_paths(result)
            parts = [f"{r['name']} {_pct(r.get('stake_lo'), r.get('stake_hi'))} ({r.get('status')}"
                     f"{', natural person' if r.get('is_natural_person') else ''}"
                     f"{', ultimate' if r.get('is_ultimate') else ''}) "
                     f"{_cites(ctx, *paths.get(r['key'], [r['key']]))}"
                     for r in rows]
            return (f"Owners and controllers of {subject} under rule {rule} as of {d}: "
                    + "; ".join(parts) + more + ".")
        case "stake":
            r0 = result
            stake = getattr(r0, "stake", None)
            lo, hi = (stake.lo, stake.hi) if hasattr(stake, "lo") else (stake or (None, None))
            chains = "; ".join(f"{r['names']} = {_pct(r['product_lo'], r['product_hi'])} "
                               f"{_cites(ctx, *str(r['path']).split(' > '))}" for r in rows)
            return (f"{subject}'s effective stake in {other} as of {d} is {_pct(lo, hi)} "
                    f"({getattr(r0, 'semantics', 'simple_paths')}), over {len(frame)} chain(s): {chains}{more}.")
        case "exposure":
            totals = result.totals() if hasattr(result, "totals") else pd.DataFrame()
            tot = "; ".join(f"{_money(t['amount'], t['currency'])}" for t in totals.to_dict("records"))
            parts = [f"{r['portfolio']} holds {_money(r['amount'], r['currency'])} of {r['instrument']} "
                     f"issued by {r['issuer_name']} (controlled via {r.get('controller_name') or 'direct'}, "
                     f"{r.get('control_status')}) {_cites(ctx, r['issuer'], r.get('controller'))}" for r in rows]
            return f"Exposure to {subject} as of {d}: {tot}. Positions: " + "; ".join(parts) + more + "."
        case "contagion":
            parts = [f"{r['name']} ({r['channel']}, {r['hops']} hop{'s' if r['hops'] != 1 else ''}"
                     f"{', ' + _money(r['amount'], r['currency']) if r.get('amount') == r.get('amount') and r.get('amount') is not None else ''}) "
                     f"{_cites(ctx, r['key'], r.get('exposed_to'))}" for r in rows]
            return f"If {subject} defaults, as of {d} these are hit: " + "; ".join(parts) + more + "."
        case "path":
            hops = " → ".join([rows[0]["source_name"]] + [f"{r['target_name']} ({r['type']}"
                                                         f"{' ' + _pct(r['stake_lo'], r['stake_hi']) if r.get('stake_lo') == r.get('stake_lo') and r.get('stake_lo') is not None else ''})"
                                                         for r in rows])
            return (f"Shortest control path between {subject} and {other} as of {d} "
                    f"({len(frame)} hop{'s' if len(frame) != 1 else ''}): {hops} "
                    f"{_cites(ctx, *[r['source'] for r in rows], rows[-1]['target'])}.")
        case "sanctions_near":
            parts = [f"{r['name']} ({r['distance']} hop{'s' if r['distance'] != 1 else ''} from "
                     f"{r['sanctioned_name']}, {r.get('authority') or 'authority not stated'}) "
                     f"{_cites(ctx, r['key'])}" for r in rows]
            return f"Within reach of a sanctioned entity as of {d}: " + "; ".join(parts) + more + "."
        case "cycles":
            comps = frame.groupby("component")
            parts = [f"component {c}: " + ", ".join(sorted(set(g['source_name']) | set(g['target_name'])))
                     + " " + _cites(ctx, *g["source"].tolist()) for c, g in comps]
            return f"Cross-holdings around {subject} as of {d}: " + "; ".join(parts) + "."
        case "parents":
            parts = []
            for r in rows:
                if r["status"] == "reported":
                    parts.append(f"{r['level']} parent {r['parent_name']} from {r['valid_from']} "
                                 f"{_cites(ctx, r['parent'])}")
                elif r["status"] == "exception":
                    parts.append(f"{r['level']} parent exists but is not disclosed (reason {r['reason']})")
                else:
                    parts.append(f"no {r['level']} parent reported")
            return f"Accounting parents of {subject} as of {d}: " + "; ".join(parts) + "."
        case "diff":
            parts = [f"{r['change']} {r['type']} {r['source_name']} → {r['target_name']} "
                     f"({r.get('stake_before')} → {r.get('stake_after')}; caused by "
                     f"{r.get('cause_document_id') or r.get('cause_action_id') or 'no document'}) "
                     f"{_cites(ctx, r['source'], r['target'])}" for r in rows]
            return f"Changes in the ownership and control of {subject}: " + "; ".join(parts) + more + "."
    return f"Result for {subject} as of {d}: {len(frame)} row(s)."


def _nothing(pattern: str, subject: str, other: str | None, d: str) -> str:
    match pattern:
        case "path" | "stake":
            return f"No ownership or control path between {subject} and {other} in the graph as of {d}."
        case "owners":
            return f"No owner or controller of {subject} meets the rule in the graph as of {d}."
        case "exposure":
            return f"No position in our book faces anything {subject} controls as of {d}."
        case "contagion":
            return f"No guarantee, lending or ownership relationship exposes anyone to a default of {subject} as of {d}."
        case "sanctions_near":
            return f"No entity within reach of a sanctioned entity in the graph as of {d}."
        case "cycles":
            return f"No cross-holdings around {subject} in the graph as of {d}."
        case "parents":
            return f"No accounting parent of {subject} is reported in the graph as of {d}."
        case "diff":
            return f"No change in the ownership or control of {subject} between those dates."
    return f"The graph holds no such relationship as of {d}."


_FIGURE = re.compile(r"\d[\d,.]*\s?%|\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b|\b\d+\.\d+\b")
_CITE = re.compile(r"\[(\d+)\]")


@dataclass
class CitationCheck:
    uncited_sentences: list[str] = field(default_factory=list)
    unsupported_figures: list[str] = field(default_factory=list)
    unknown_sources: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.uncited_sentences or self.unsupported_figures or self.unknown_sources)


def check_citations(answer: str, ctx: Context) -> CitationCheck:
    """Flag sentences stating figures without a citation, figures found in no source, and
    citations of sources that do not exist."""
    check = CitationCheck()
    numbers = {s.number for s in ctx.sources}
    corpus = ctx.render()
    for sentence in re.split(r"(?<=[.!?])\s+", answer):
        figures = _FIGURE.findall(sentence)
        cites = [int(c) for c in _CITE.findall(sentence)]
        check.unknown_sources += [c for c in cites if c not in numbers]
        if figures and not cites:
            check.uncited_sentences.append(sentence.strip())
        for fig in figures:
            plain = fig.replace(" ", "")
            if plain not in corpus.replace(" ", "") and plain.rstrip("%") not in corpus:
                check.unsupported_figures.append(fig)
    return check
