"""Answers: deterministic from the analytic result, or grounded by an LLM — both cited.

Offline, each kind's composer (``retrieval.kinds.<kind>``) states the figures from the result table and cites
the numbered sources of the edges behind each row. With an LLM, the model writes the answer
from the rendered context and :func:`check_citations` flags sentences with figures but no
citation, and figures that appear in no source.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ownergraph.domain.vocabulary import CHANNEL_NAMES, CHANNELS, CONTAGION, PATH, QUALITY
from ownergraph.graph.analytics.structure import kinds_words
from ownergraph.retrieval.answer.context import Context
from ownergraph.retrieval.answer.parts import CITE, MAX_ROWS, Parts
from ownergraph.retrieval.kinds import STRATEGIES


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
        return (ctx.no_relationship or f"No {kinds_words(result.types)} path between {subject} and {other} "
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
    strategy = STRATEGIES.get(pattern)
    if strategy is None:
        return f"Result for {subject} as of {d}: {len(frame)} row(s)."
    return strategy.compose(Parts(frame, rows, more, ctx, subject, other, d, result))


MAX_WARNINGS = 5
# warnings that say how the figure was computed, not that the data is doubtful: shown as notes
_NOTE_CODES = frozenset({"mixed_interest", "declared_used", "declared_indirect", "parallel_edges", "remainder_capped"})


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
    strategy = STRATEGIES.get(pattern)
    template = strategy.nothing if strategy else "The graph holds no such relationship as of {d}."
    return template.format(subject=subject, other=other, d=d)


_FIGURE = re.compile(r"\d[\d,.]*\s?%|\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b|\b\d+\.\d+\b")


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
        cites = [int(c) for c in CITE.findall(sentence)]
        check.unknown_sources += [c for c in cites if c not in numbers]
        if figures and not cites:
            check.uncited_sentences.append(sentence.strip())
        for fig in figures:
            plain = fig.replace(" ", "")
            if plain not in corpus.replace(" ", "") and plain.rstrip("%") not in corpus:
                check.unsupported_figures.append(fig)
    return check
