"""What a kind's composer works with: the first rows of the result (:class:`Parts`) and how
figures, stakes, amounts and citations are written."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

import pandas as pd

from ownergraph.domain.vocabulary import CHANNELS
from ownergraph.retrieval.answer.context import Context

MAX_ROWS = 12  # an answer's list: enough to carry the facts, short enough to read
CITE = re.compile(r"\[(\d+)\]")
CHANNEL_NOUN = {c.name: c.exposure for c in CHANNELS.values()}  # "guarantee of EUR 150,000,000", "loan of ..."


def pct(lo: Any, hi: Any = None) -> str:
    if lo is None or (isinstance(lo, float) and math.isnan(lo)):
        return "stake not stated"
    lo = float(lo)
    hi = lo if hi is None or (isinstance(hi, float) and math.isnan(hi)) else float(hi)
    return f"{lo * 100:.4g}%" if abs(hi - lo) < 1e-12 else f"{lo * 100:.4g}–{hi * 100:.4g}%"


def stake_words(v: Any) -> str:
    """A stake as it reads in a change: "60%", "25–50%", or "none" (no such holding then)."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "none"
    if isinstance(v, dict):
        v = (v.get("lo", v.get("stake_lo")), v.get("hi", v.get("stake_hi")))
    lo, hi = v if isinstance(v, (list, tuple)) and len(v) == 2 else (v, None)
    return "stated, no figure" if lo is None or (isinstance(lo, float) and math.isnan(lo)) else pct(lo, hi)


def stake_change(before: Any, after: Any) -> str:
    """"60% → none", "none → 60%", "25–50% → 52%"."""
    return f"{stake_words(before)} → {stake_words(after)}"


_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def code_words(code: Any) -> str:
    """A registry's code in words: "CHANGE_OF_CONTROL" -> "change of control", "LegalName" ->
    "legal name", "lei:LegalName" -> "legal name"."""
    text = str(code or "").rpartition("/")[2].rpartition(":")[2]
    return _CAMEL.sub(" ", text).replace("_", " ").lower().strip()


def cites(ctx: Context, *keys: Any) -> str:
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


def row_paths(result: Any) -> dict[str, list[str]]:
    """Owner key -> the nodes of its first evidence path (owner ... target)."""
    out: dict[str, list[str]] = {}
    for row in getattr(result, "rows", ()) or ():
        paths = getattr(row, "paths", ()) or getattr(row, "control_paths", ()) or ()  # control: its chain
        if paths:
            out[row.key] = list(getattr(paths[0], "nodes", ()) or [])
    return out


def held(r: dict[str, Any], result: Any) -> str:
    """An owners row's figure: the stake, or what made it pass where the shares do not (the
    control prong: voting rights, control along a chain)."""
    shares = pct(r.get("stake_lo"), r.get("stake_hi"))
    if r.get("basis") == "control":
        return f"controls it ({shares} of the shares)"
    row = next((x for x in getattr(result, "rows", ()) if x.key == r.get("key")), None)
    votes = getattr(row, "voting", None)
    if r.get("basis") == "voting_rights":
        held = f"{pct(votes.lo, votes.hi)} of the votes" if votes is not None else "voting rights"
        return f"{held} ({shares} of the shares)"
    said = [f"{pct(votes.lo, votes.hi)} of the votes"] if votes is not None and votes.hi and \
        pct(votes.lo, votes.hi) != shares else []  # the votes differ from the shares
    direct = _direct_figures(row)
    if direct and direct != [shares]:  # held directly and through others: the direct holding too
        said.append(f"directly {', '.join(direct)}")
    declared = [split[1] for p in getattr(row, "paths", ()) or () if (split := direct_and_declared(p))]
    if declared:  # the source's own indirect figure, added to the direct link
        said.append(f"declared indirectly {', '.join(dict.fromkeys(declared))}")
    return f"{shares} ({'; '.join(said)})" if said else shares


def _direct_figures(row: Any) -> list[str]:
    """The stakes an owner holds directly (its one-step chains), as written; a one-step chain
    that adds a declared indirect interest to the direct link gives the link alone."""
    figures = []
    for p in getattr(row, "paths", ()) or ():
        if len(p.steps) == 1 and p.product.hi:
            split = direct_and_declared(p)
            figures.append(split[0] if split else pct(p.product.lo, p.product.hi))
    return list(dict.fromkeys(figures))


def direct_and_declared(path: Any) -> tuple[str, str] | None:
    """A one-step chain whose figure adds a declared indirect interest (BODS ``indirect``) to
    the direct link, as its two parts written ("51%", "10%"): the register's direct figure is
    what a reader looks for beside the total (61%). None where the step has no such mix."""
    steps = getattr(path, "steps", ()) or ()
    if len(steps) != 1:
        return None
    edges = getattr(steps[0], "edges", ()) or ()
    direct = [e.stake for e in edges if getattr(e, "direct", None) is not False and e.stake is not None]
    declared = [e.stake for e in edges if getattr(e, "direct", None) is False and e.stake is not None]
    if not direct or not declared:
        return None
    return _summed(direct), _summed(declared)


def _summed(stakes: list[Any]) -> str:
    return pct(sum(s.lo for s in stakes), sum(s.hi for s in stakes))


def money(amount: Any, currency: Any) -> str:
    if amount is None or (isinstance(amount, float) and math.isnan(amount)):
        return "amount not stated"
    return f"{currency or ''} {float(amount):,.0f}".strip()


@dataclass(frozen=True)
class Parts:
    """What a composer reads: the first rows of the result table and the clock's date."""

    frame: pd.DataFrame
    rows: list[dict[str, Any]]
    more: str  # " (and N more)" beyond MAX_ROWS
    ctx: Context
    subject: str
    other: str | None
    d: str
    result: Any
