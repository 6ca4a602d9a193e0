"""Strictly point-in-time backtests, and the audit that shows what ignoring knowledge time does.

``backtest`` asks the question at each date t with ``as_of = t`` *and* ``known_at = t`` (end
of day t): only facts valid then and already published then. ``lookahead_audit`` asks the
same question with ``known_at = now`` at every date (the naive backtest) and lists the dates
where the two answers differ: exactly where a fact's publication lagged its effective date.

A question is a callable ``question(clock) -> value`` or a :class:`QuerySpec` (also parsed
from text: ``"stake OWNER OWNED"``, ``"owners X"``, ``"exposure WHO"``, ``"contagion X"``,
``"path A B"``, ``"sanctions-near X"``). A value is a number, a mapping of names to numbers,
or an analytics result (turned into numbers by :func:`values_of`).
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.analytics.notebook import HtmlRepr
from ownergraph.domain.vocabulary import (
    BACKTEST_KINDS, CONTAGION, EXPOSURE, OWNERS, PATH, SANCTIONS_NEAR, STAKE, QuestionKind, kind_of_command,
)

Question = Callable[[Clock], Any]
KINDS = tuple(k.command for k in BACKTEST_KINDS)  # the words a backtest question starts with


@dataclass(frozen=True)
class QuerySpec:
    """A named question: ``kind`` with entity mentions ``args`` and keyword ``options``."""

    kind: str
    args: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str | Sequence[str], **options: Any) -> QuerySpec:
        parts = cls._words(text) if isinstance(text, str) else list(text)
        if not parts or parts[0] not in KINDS:
            raise ValueError(f"a backtest question starts with one of {', '.join(KINDS)}: got {text!r}")
        need = max(1, _kind(parts[0]).entities)
        if len(parts) - 1 < need:
            raise ValueError(f"{parts[0]} needs {need} entity argument(s)")
        return cls(parts[0], tuple(parts[1:]), options)

    @staticmethod
    def _words(text: str) -> list[str]:
        """``owners Harbourline Shipping Limited``: after a one-entity kind the rest is one name,
        quoted or not; two entities (``stake 'A B' 'C D'``) must be quoted when they have spaces."""
        parts = shlex.split(text)
        if parts and parts[0] in KINDS and _kind(parts[0]).entities <= 1 and len(parts) > 2:
            return [parts[0], " ".join(parts[1:])]
        if parts and parts[0] in KINDS and _kind(parts[0]).entities == 2 and len(parts) > 3:
            raise ValueError(f"{parts[0]} takes two names: quote each one that has spaces, "
                             f"e.g. {parts[0]} 'First Name Ltd' 'Second Name plc'")
        return parts

    @property
    def label(self) -> str:
        return " ".join([self.kind, *(shlex.quote(a) for a in self.args)])

    def ask(self, graph: Graph, clock: Clock) -> Any:
        kw: dict[str, Any] = {"as_of": clock.as_of, "known_at": clock.known_at, **self.options}
        kind = _kind(self.kind)
        if kind is STAKE:
            from ownergraph.graph.analytics.ownership import effective_stake
            return effective_stake(graph, *_keys(graph, self.args[:2], clock), **kw)
        if kind is OWNERS:
            from ownergraph.graph.analytics.ownership import owners
            return owners(graph, _keys(graph, self.args[:1], clock)[0], **kw)
        if kind is EXPOSURE:
            from ownergraph.graph.analytics.exposure import exposure
            return exposure(graph, self.args[0] if len(self.args) == 1 else list(self.args), **kw)
        if kind is CONTAGION:
            from ownergraph.graph.analytics.contagion import contagion
            return contagion(graph, self.args[0], **kw)
        if kind is PATH:
            from ownergraph.graph.analytics.structure import control_path
            return control_path(graph, self.args[0], self.args[1], **kw)
        if kind is SANCTIONS_NEAR:
            from ownergraph.graph.analytics.structure import sanctions_near
            return sanctions_near(graph, self.args[0] if self.args else None, **kw)
        raise ValueError(f"{self.kind} questions cannot be backtested")


def _kind(word: str) -> QuestionKind:
    kind = kind_of_command(word)
    if kind is None or kind not in BACKTEST_KINDS:
        raise ValueError(f"a backtest question starts with one of {', '.join(KINDS)}: got {word!r}")
    return kind


def _keys(graph: Graph, mentions: Sequence[str], clock: Clock) -> list[str]:
    from ownergraph.graph.analytics.lookup import find_entity
    return [find_entity(graph, m, clock.as_of).key for m in mentions]


# what a result's one "value" column counts, for a plot's axis ("value" alone says nothing)
VALUE_MEANS = {"PathResult": "hops on the shortest path", "SanctionsNearResult": "sanctioned entities within reach",
               "OwnersResult": "owners", "ControlResult": "entities controlled"}


def values_of(result: Any) -> dict[str, Any]:
    """Numbers (plus a short ``detail``) from a question's answer, for one backtest row."""
    if result is None:
        return {"value": float("nan")}
    if isinstance(result, bool):
        return {"value": float(result)}
    if isinstance(result, (int, float)):
        return {"value": float(result)}
    if isinstance(result, Mapping):
        return dict(result)
    if hasattr(result, "backtest_values"):
        return dict(result.backtest_values())
    name = type(result).__name__
    if name == "ExposureResult":
        totals = result.totals()
        out: dict[str, Any] = {"positions": len(result.to_frame())}
        out |= {f"total_{r['currency']}": float(r["amount"]) for r in totals.to_dict(orient="records")}
        return out
    if name == "ContagionResult":
        out = {"affected": len(result.affected)}
        out |= {f"at_risk_{r['currency']}": float(r["amount"])
                for r in result.totals().groupby("currency", as_index=False)["amount"].sum().to_dict("records")}
        return out
    if name == "PathResult":
        return {"value": float(result.hops) if result.found else float("nan"), "detail": result.message}
    if name == "SanctionsNearResult":
        return {"value": float(len(result.rows)),
                "detail": "; ".join(sorted({r["sanctioned_name"] or r["sanctioned_key"] for r in result.rows}))}
    if name == "StakeResult":
        return {"stake_lo": float(result.stake.lo), "stake_hi": float(result.stake.hi)}
    if name in ("OwnersResult", "ControlResult"):
        rows = result.owners if name == "OwnersResult" else result.controlled
        return {"value": float(len(rows)), "detail": "; ".join(sorted(str(r.name or r.key) for r in rows))}
    raise TypeError(f"cannot turn a {name} into backtest values; return a number or a mapping")


# -- dates ----------------------------------------------------------------------------------
def _month_end(y: int, m: int) -> date:
    return date(y + m // 12, m % 12 + 1, 1) - timedelta(days=1)


def _period_ends(start: date, end: date, months: int) -> list[date]:
    out: list[date] = []
    idx = start.year * 12 + ((start.month - 1) // months + 1) * months - 1  # first period end >= start's month
    while True:
        y, m0 = divmod(idx, 12)
        last = _month_end(y, m0 + 1)
        if last > end:
            return out
        if last >= start:
            out.append(last)
        idx += months


def schedule(dates: Sequence[date | str] | str, start: date | str | None = None,
             end: date | str | None = None) -> list[date]:
    """Explicit dates, or period ends ("monthly", "quarterly", "yearly") in [start, end]."""
    if not isinstance(dates, str):
        return sorted({make_clock(d).as_of for d in dates})
    months = {"monthly": 1, "quarterly": 3, "yearly": 12, "annual": 12}.get(dates)
    if months is None:
        raise ValueError(f"unknown schedule {dates!r}: monthly, quarterly or yearly (or a list of dates)")
    if start is None:
        raise ValueError("a schedule needs a start date")
    s = make_clock(start).as_of
    e = make_clock(end).as_of
    return _period_ends(s, e, months)


# -- backtest / audit -----------------------------------------------------------------------
@dataclass(frozen=True)
class BacktestResult(HtmlRepr):
    label: str
    frame: pd.DataFrame  # date, value columns (detail where given)
    plot_path: Path | None = None

    def to_frame(self) -> pd.DataFrame:
        return self.frame.copy()

    def as_dict(self) -> dict[str, Any]:
        from ownergraph.graph.analytics.lookup import jsonable
        return {"label": self.label, "rows": jsonable(self.frame.to_dict(orient="records")),
                "plot": str(self.plot_path) if self.plot_path else None}


@dataclass(frozen=True)
class AuditResult(HtmlRepr):
    label: str
    now: datetime
    frame: pd.DataFrame  # date, <col>_pit, <col>_lookahead, ..., differs

    @property
    def differing_dates(self) -> list[date]:
        return list(self.frame.loc[self.frame["differs"], "date"])

    def to_frame(self) -> pd.DataFrame:
        return self.frame.copy()

    def as_dict(self) -> dict[str, Any]:
        from ownergraph.graph.analytics.lookup import jsonable
        return {"label": self.label, "now": self.now.isoformat(), "rows": jsonable(self.frame.to_dict("records")),
                "differing_dates": [d.isoformat() for d in self.differing_dates]}


def _asker(graph: Graph, question: Question | QuerySpec | str) -> tuple[Callable[[Clock], Any], str]:
    if isinstance(question, str):
        question = QuerySpec.parse(question)
    if isinstance(question, QuerySpec):
        spec = question
        return (lambda clock: spec.ask(graph, clock)), spec.label
    return question, getattr(question, "__name__", "question")


def _series(ask: Callable[[Clock], Any], days: list[date], known: Callable[[date], Any]) -> pd.DataFrame:
    rows, means = [], None
    for t in days:
        result = ask(make_clock(t, known(t)))
        means = means or VALUE_MEANS.get(type(result).__name__)
        rows.append({"date": t, **values_of(result)})
    frame = pd.DataFrame(rows)
    frame.attrs["value_means"] = means  # the plot's axis says what "value" counts
    if frame.empty:
        return pd.DataFrame(columns=["date", "value"])
    numeric = [c for c in frame.columns if c not in ("date", "detail")]
    frame[numeric] = frame[numeric].astype(float)
    if any(c.startswith(("total_", "at_risk_")) for c in numeric):  # no position: 0, not missing
        cols = [c for c in numeric if c.startswith(("total_", "at_risk_"))]
        frame[cols] = frame[cols].fillna(0.0)
    return frame


def backtest(graph: Graph, question: Question | QuerySpec | str, dates: Sequence[date | str] | str = "quarterly",
             *, start: date | str | None = None, end: date | str | None = None,
             plot: str | Path | None = None, title: str | None = None) -> BacktestResult:
    """The answer at each date, strictly point in time (``as_of = known_at = t``)."""
    ask, label = _asker(graph, question)
    frame = _series(ask, schedule(dates, start, end), lambda t: t)
    path = None
    if plot is not None:
        from ownergraph.graph.analytics.plots import plot_backtest
        path = plot_backtest(frame, plot, title=title or f"backtest: {label} (point in time)")
    return BacktestResult(label, frame, path)


def lookahead_audit(graph: Graph, question: Question | QuerySpec | str,
                    dates: Sequence[date | str] | str = "quarterly", *, start: date | str | None = None,
                    end: date | str | None = None, now: datetime | None = None,
                    plot: str | Path | None = None) -> AuditResult:
    """Point-in-time answers next to the naive ones (``known_at = now``) and where they differ."""
    ask, label = _asker(graph, question)
    now = now or datetime.now(timezone.utc)
    days = schedule(dates, start, end)
    pit = _series(ask, days, lambda t: t)
    naive = _series(ask, days, lambda t: now)
    cols = sorted((set(pit.columns) | set(naive.columns)) - {"date"}, key=lambda c: (c == "detail", c))
    merged = pd.DataFrame({"date": days})
    differs = pd.Series(False, index=merged.index)
    for c in cols:
        a = pit[c] if c in pit else pd.Series([None] * len(days))
        b = naive[c] if c in naive else pd.Series([None] * len(days))
        if c != "detail" and c.startswith(("total_", "at_risk_")):
            a, b = a.fillna(0.0), b.fillna(0.0)
        merged[f"{c}_pit"], merged[f"{c}_lookahead"] = a.values, b.values
        differs |= ~pd.Series([_same(x, y) for x, y in zip(a, b)])
    merged["differs"] = differs.values
    if plot is not None:
        from ownergraph.graph.analytics.plots import plot_backtest
        plot_backtest(pit, plot, lookahead=naive, title=f"{label}: point in time vs look-ahead")
    return AuditResult(label, now, merged)


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return (a != a and b != b) or abs(a - b) <= 1e-12 * max(1.0, abs(a), abs(b))
    return bool(a == b) or (a is None and b is None)
