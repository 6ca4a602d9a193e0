"""Answers: deterministic from the analytic result, or grounded by an LLM — both cited.

Offline, each pattern has a composer that states the figures from the result table and cites
the numbered sources of the edges behind each row. With an LLM, the model writes the answer
from the rendered context and :func:`check_citations` flags sentences with figures but no
citation, and figures that appear in no source.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ownergraph.domain.codes import exception_meaning
from ownergraph.domain.vocabulary import (
    CHANNEL_NAMES, CHANNELS, CONTAGION, CYCLES, DIFF, EXPOSURE, OWNERS, PARENTS, PATH, QUALITY, SANCTIONS_NEAR, STAKE,
)
from ownergraph.retrieval.answer.context import Context

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
        paths = getattr(row, "paths", ()) or getattr(row, "control_paths", ()) or ()  # control: its chain
        if paths:
            out[row.key] = list(getattr(paths[0], "nodes", ()) or [])
    return out


def _held(r: dict[str, Any], result: Any) -> str:
    """An owners row's figure: the stake, or what made it pass where the shares do not (the
    control prong: voting rights, control along a chain)."""
    shares = _pct(r.get("stake_lo"), r.get("stake_hi"))
    if r.get("basis") == "control":
        return f"controls it ({shares} of the shares)"
    if r.get("basis") == "voting_rights":
        row = next((x for x in getattr(result, "rows", ()) if x.key == r.get("key")), None)
        votes = getattr(row, "voting", None)
        held = f"{_pct(votes.lo, votes.hi)} of the votes" if votes is not None else "voting rights"
        return f"{held} ({shares} of the shares)"
    return shares


def _money(amount: Any, currency: Any) -> str:
    if amount is None or (isinstance(amount, float) and math.isnan(amount)):
        return "amount not stated"
    return f"{currency or ''} {float(amount):,.0f}".strip()


@dataclass(frozen=True)
class _Parts:
    """What a composer reads: the first rows of the result table and the clock's date."""

    frame: pd.DataFrame
    rows: list[dict[str, Any]]
    more: str  # " (and N more)" beyond MAX_ROWS
    ctx: Context
    subject: str
    other: str | None
    d: str
    result: Any


def _owners(p: _Parts) -> str:
    rule = getattr(p.result, "rule", "")
    paths = _row_paths(p.result)
    parts = [f"{r['name']} {_held(r, p.result)} ({r.get('status')}"
             f"{', natural person' if r.get('is_natural_person') else ''}"
             f"{', ultimate' if r.get('is_ultimate') else ''}) "
             f"{_cites(p.ctx, *paths.get(r['key'], [r['key']]))}"
             for r in p.rows]
    limited = getattr(p.result, "depth_limit_reached", False)
    head = f"at least these (depth limit {p.result.max_depth} reached)" if limited else ""
    return (f"Owners and controllers of {p.subject} under rule {rule} as of {p.d}{', ' + head if head else ''}: "
            + "; ".join(parts) + p.more + ".")


def _stake(p: _Parts) -> str:
    r0 = p.result
    stake = getattr(r0, "stake", None)
    lo, hi = (stake.lo, stake.hi) if hasattr(stake, "lo") else (stake or (None, None))
    chains = "; ".join(f"{r['names']} = {_pct(r['product_lo'], r['product_hi'])} "
                       f"{_cites(p.ctx, *str(r['path']).split(' > '))}" for r in p.rows)
    limited = getattr(r0, "depth_limit_reached", False)
    told = f"at least {_pct(lo, lo)} (depth limit {r0.max_depth} reached)" if limited else _pct(lo, hi)
    measure = "share of the voting rights" if getattr(r0, "interest", "") == "voting_rights" else "stake"
    return (f"{p.subject}'s effective {measure} in {p.other} as of {p.d} is {told} "
            f"({getattr(r0, 'semantics', 'simple_paths')}), over {len(p.frame)} chain(s): {chains}{p.more}.")


def _exposure(p: _Parts) -> str:
    totals = p.result.totals() if hasattr(p.result, "totals") else pd.DataFrame()
    tot = "; ".join(f"{_money(t['amount'], t['currency'])}" for t in totals.to_dict("records"))
    parts = [f"{r['portfolio']} holds {_money(r['amount'], r['currency'])} of {r['instrument']} "
             f"issued by {r['issuer_name']} (controlled via {r.get('controller_name') or 'direct'}, "
             f"{r.get('control_status')}) {_cites(p.ctx, r['issuer'], r.get('controller'))}" for r in p.rows]
    return f"Exposure to {p.subject} as of {p.d}: {tot}. Positions: " + "; ".join(parts) + p.more + "."


_CHANNEL_NOUN = {c.name: c.exposure for c in CHANNELS.values()}  # "guarantee of EUR 150,000,000", "loan of ..."


def _contagion(p: _Parts) -> str:
    """One entry per party hit (a parent can be hit as owner and as guarantor: one entry with
    both), with its stated amounts and the sources of all its exposures."""
    parties: dict[str, dict[str, Any]] = {}
    for r in p.frame.to_dict("records"):
        e = parties.setdefault(r["key"], {"name": r["name"], "hops": r["hops"], "what": {}, "cites": set()})
        amounts = e["what"].setdefault(_CHANNEL_NOUN.get(r["channel"], r["channel"]), [])
        if r.get("amount") is not None and r["amount"] == r["amount"]:
            amounts.append(_money(r["amount"], r["currency"]))
        e["cites"] |= {int(n) for n in _CITE.findall(_cites(p.ctx, r["key"], r.get("exposed_to")))}
    parts = []
    for e in list(parties.values())[:MAX_ROWS]:
        what = ", ".join(f"{noun} of {' and '.join(amounts)}" if amounts else noun
                         for noun, amounts in e["what"].items())
        parts.append(f"{e['name']} ({e['hops']} hop{'s' if e['hops'] != 1 else ''}: {what}) "
                     + "".join(f"[{n}]" for n in sorted(e["cites"])[:6]))
    more = f" (and {len(parties) - MAX_ROWS} more)" if len(parties) > MAX_ROWS else ""
    return f"If {p.subject} defaults, as of {p.d} these are hit: " + "; ".join(parts) + more + "."


def _path(p: _Parts) -> str:
    rows = p.rows
    hops = " → ".join([rows[0]["source_name"]] + [f"{r['target_name']} ({r['type']}"
                                                 f"{' ' + _pct(r['stake_lo'], r['stake_hi']) if r.get('stake_lo') == r.get('stake_lo') and r.get('stake_lo') is not None else ''})"
                                                 for r in rows])
    word = "control path" if getattr(p.result, "control_only", True) else "path"
    return (f"Shortest {word} between {p.subject} and {p.other} as of {p.d} "
            f"({len(p.frame)} hop{'s' if len(p.frame) != 1 else ''}): {hops} "
            f"{_cites(p.ctx, *[r['source'] for r in rows], rows[-1]['target'])}.")


def _sanctions_near(p: _Parts) -> str:
    parts = [f"{r['name']} ({r['distance']} hop{'s' if r['distance'] != 1 else ''} from "
             f"{r['sanctioned_name']}, {r.get('authority') or 'authority not stated'}) "
             f"{_cites(p.ctx, r['key'])}" for r in p.rows]
    return f"Within reach of a sanctioned entity as of {p.d}: " + "; ".join(parts) + p.more + "."


def _cycles(p: _Parts) -> str:
    comps = p.frame.groupby("component")
    parts = [f"component {c}: " + ", ".join(sorted(set(g['source_name']) | set(g['target_name'])))
             + " " + _cites(p.ctx, *g["source"].tolist()) for c, g in comps]
    return f"Cross-holdings around {p.subject} as of {p.d}: " + "; ".join(parts) + "."


def _parents(p: _Parts) -> str:
    if hasattr(p.result, "partial"):  # the children of X (graph.analytics.children)
        return _children(p)
    parts = []
    for r in p.rows:
        if r["status"] == "reported":
            parts.append(f"{r['level']} parent {r['parent_name']} from {r['valid_from']} "
                         f"{_cites(p.ctx, r['parent'])}")
        elif r["status"] == "exception":
            parts.append(f"{r['level']} parent not reported ({r['reason']}: {exception_meaning(r['reason'])})")
        else:
            parts.append(f"no {r['level']} parent and no reporting exception reported")
    return f"Accounting parents of {p.subject} as of {p.d}: " + "; ".join(parts) + "."


def _children(p: _Parts) -> str:
    """X's accounting children per level; a list the source gave in part says so."""
    parts = []
    for lv in (p.result.direct, p.result.ultimate):
        names = ", ".join(f"{c['source_name'] or c['source']}" for c in lv.children[:MAX_ROWS])
        more = f" (and {len(lv.children) - MAX_ROWS} more)" if len(lv.children) > MAX_ROWS else ""
        cites = _cites(p.ctx, p.result.entity.key)
        if lv.children:
            parts.append(f"{lv.level}: {names}{more}" + (f" ({lv.note}: the list is partial)" if lv.partial else "")
                         + (f" {cites}" if cites else ""))
        elif lv.partial:
            parts.append(f"{lv.level}: none among the pages read ({lv.note}: the list is partial)")
    if not parts:
        return f"No accounting child of {p.subject} is reported in the graph as of {p.d}."
    return f"Accounting children of {p.subject} as of {p.d}: " + "; ".join(parts) + "."


def _diff(p: _Parts) -> str:
    parts = [f"{r['change']} {r['type']} {r['source_name']} → {r['target_name']} "
             f"({r.get('stake_before')} → {r.get('stake_after')}; caused by "
             f"{r.get('cause_document_id') or r.get('cause_action_id') or 'no document'}) "
             f"{_cites(p.ctx, r['source'], r['target'])}" for r in p.rows]
    text = f"Changes in the ownership and control of {p.subject}: " + "; ".join(parts) + p.more + "." if parts else ""
    events = list(getattr(p.result, "events", ()) or ())
    if events:
        key = getattr(getattr(p.result, "entity", None), "key", None)
        cite = _cites(p.ctx, key) if key else ""
        cite = f" {cite}" if cite else ""
        text += (" " if text else "") + f"Events of {p.subject} in the period: " + "; ".join(
            _event_words(e) for e in events[:MAX_ROWS]) + cite + "."
    return text


def _event_words(e: dict[str, Any]) -> str:
    """One registry event: type, status, effective vs recorded date, group, old -> new."""
    when = f"effective {e['effective']}" + (f", recorded {str(e['recorded'])[:10]}" if e.get("recorded") else "")
    group = f", group {e['group_type']}" + (f" {e['group_id']}" if e.get("group_id") else "") if e.get("group_type") else ""
    changes = "; ".join(f"{c['field'].rpartition('/')[2].removeprefix('lei:')} {c.get('old') or '(not stated)'} → "
                        f"{c.get('new') or '(not stated)'}" for c in e.get("changes") or [])
    status = f" ({str(e['status']).lower()})" if e.get("status") else ""
    return f"{e['type']}{status} {when}{group}" + (f": {changes}" if changes else "")


def _quality(p: _Parts) -> str:
    issues = list(getattr(p.result, "issues", ()) or ())
    counts: dict[str, int] = {}
    for i in issues:
        counts[i["kind"]] = counts.get(i["kind"], 0) + 1
    head = ", ".join(f"{n} {kind.replace('_', ' ')}" for kind, n in counts.items())
    parts = [f"{i.get('entity_name') or i.get('entity_lei') or i['entity_key']} ({i['kind'].replace('_', ' ')}): "
             f"{i['detail']} {_cites(p.ctx, i['entity_key'])}".rstrip() for i in issues[:MAX_ROWS]]
    more = f" (and {len(issues) - MAX_ROWS} more)" if len(issues) > MAX_ROWS else ""
    cut = getattr(p.result, "truncated", ())
    cut_note = f" Row limit reached for {', '.join(cut)}: there are at least these." if cut else ""
    about = "" if p.subject == "the graph" else f" about {p.subject}"
    return (f"Data-quality issues{about} as of {p.d}: {len(issues)} ({head}). " + "; ".join(parts) + more + "."
            + cut_note)


# kind -> its composer, and its sentence when the graph holds no answer ({subject}, {other}, {d})
COMPOSERS: dict[str, Callable[[_Parts], str]] = {
    OWNERS.name: _owners, STAKE.name: _stake, EXPOSURE.name: _exposure, CONTAGION.name: _contagion,
    PATH.name: _path, SANCTIONS_NEAR.name: _sanctions_near, CYCLES.name: _cycles, PARENTS.name: _parents,
    DIFF.name: _diff, QUALITY.name: _quality,
}
NOTHING: dict[str, str] = {
    OWNERS.name: "No owner or controller of {subject} meets the rule in the graph as of {d}.",
    STAKE.name: "No ownership or control path between {subject} and {other} in the graph as of {d}.",
    EXPOSURE.name: "No position in our book faces anything {subject} controls as of {d}.",
    CONTAGION.name: "No guarantee, lending or ownership relationship exposes anyone to a default of {subject} "
                    "as of {d}.",
    PATH.name: "No ownership or control path between {subject} and {other} in the graph as of {d}.",
    SANCTIONS_NEAR.name: "No entity within reach of a sanctioned entity in the graph as of {d}.",
    CYCLES.name: "No cross-holdings around {subject} in the graph as of {d}.",
    PARENTS.name: "No accounting parent of {subject} is reported in the graph as of {d}.",
    DIFF.name: "No change in the ownership or control of {subject} between those dates.",
    QUALITY.name: "No data-quality issue (shareholder totals over 100%, missing stakes, self-holdings, stubs, "
                  "dangling references) for {subject} as of {d}.",
}


def compose(pattern: str, frame: pd.DataFrame, ctx: Context, subject: str, other: str | None,
            found: bool, result: Any) -> str:
    """A deterministic answer for ``pattern`` from its result table, with citations."""
    body = _body(pattern, frame, ctx, subject, other, found, result)
    return body + _warnings(result, body)


def _body(pattern: str, frame: pd.DataFrame, ctx: Context, subject: str, other: str | None,
          found: bool, result: Any) -> str:
    d = ctx.as_of.isoformat()
    limit = (f"depth limit {result.max_depth} reached"
             if getattr(result, "depth_limit_reached", False) else "")
    if not found and limit:  # a limit is not "no path": say what was not read
        hops = f"{result.max_depth} hop{'s' if result.max_depth != 1 else ''}"
        return (f"Nothing found for {subject}{f' and {other}' if other else ''} within {hops} "
                f"as of {d} ({limit}): entities further away were not read.")
    if not found and pattern == PATH.name and not getattr(result, "control_only", True):
        return (ctx.no_relationship or f"No path over {' | '.join(result.types)} between {subject} and {other} "
                f"in the graph as of {d}.")
    cut = getattr(result, "truncated", None)
    if pattern == QUALITY.name and not found and cut:  # a row limit is not "no issue"
        return (f"No data-quality issue for {subject} among those read as of {d}: the row limit was reached for "
                f"{', '.join(cut)}, so issues beyond it were not read.")
    if not found and pattern == CONTAGION.name and tuple(getattr(result, "types", CHANNEL_NAMES)) != CHANNEL_NAMES:
        read = " or ".join(CHANNELS[t].exposure for t in result.types)  # the channels asked, not all of them
        return ctx.no_relationship or f"No {read} relationship exposes anyone to a default of {subject} as of {d}."
    if not found:
        return ctx.no_relationship or _nothing(pattern, subject, other, d)
    rows = frame.head(MAX_ROWS).to_dict("records")
    more = f" (and {len(frame) - MAX_ROWS} more)" if len(frame) > MAX_ROWS else ""
    composer = COMPOSERS.get(pattern)
    if composer is None:
        return f"Result for {subject} as of {d}: {len(frame)} row(s)."
    return composer(_Parts(frame, rows, more, ctx, subject, other, d, result))


MAX_WARNINGS = 5
# warnings that say how the figure was computed, not that the data is doubtful: shown as notes
_NOTE_CODES = frozenset({"mixed_interest", "declared_used", "declared_indirect", "parallel_edges"})


def _warnings(result: Any, body: str) -> str:
    """The data-quality warnings the analytic attached to this answer, in the text (a total over
    100%, a missing stake, a declared interest the chains contradict, a reporting exception):
    an answer must not read cleaner than its data. A depth limit the body already states is
    not repeated; how the figure was computed (votes and shares kept apart) follows as notes."""
    warn: dict[str, None] = {}
    notes: dict[str, None] = {}
    for w in getattr(result, "warnings", ()) or ():
        code = w.get("code") if isinstance(w, dict) else getattr(w, "code", "")
        message = str((w.get("message") if isinstance(w, dict) else getattr(w, "message", "")) or "").rstrip(". ")
        if not message or (code == "depth_limit" and "depth limit" in body):
            continue
        (notes if code in _NOTE_CODES else warn).setdefault(message, None)
    return _listed("Warnings", list(warn)) + _listed("Notes", list(notes))


def _listed(title: str, items: list[str]) -> str:
    if not items:
        return ""
    more = f" (and {len(items) - MAX_WARNINGS} more)" if len(items) > MAX_WARNINGS else ""
    return f" {title}: " + "; ".join(items[:MAX_WARNINGS]) + more + "."


def _nothing(pattern: str, subject: str, other: str | None, d: str) -> str:
    template = NOTHING.get(pattern, "The graph holds no such relationship as of {d}.")
    return template.format(subject=subject, other=other, d=d)


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
