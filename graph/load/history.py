"""Bitemporal history of one fact from its versions: what the loader stores after a rechain.

A later version of a fact closes the earlier one in *knowledge* time, but a change is not a
correction (DOMAIN §4): the earlier holder and stake stay the valid-time answer for dates
before the change. So a version superseded at knowledge time ``k`` by a change effective on
``X`` is re-stated from ``k`` as a *carried piece* with ``valid_to = X``; asked "as of t < X,
known now", that piece answers. Only a retraction withdraws a fact from valid time.

The change date ``X`` of a version (the versions published at one instant, e.g. the
interests of one BODS record) is, for its new content (edges whose content is not a
re-statement of a currently open piece):
- its stated start, when it gives one other than the earlier version's start;
- else (no start, or the interest's original start: a new stake is never back-dated) the
  latest end date the version gives for the content it re-states (the other party's
  ``endDate``), basis ``other_party_end``;
- else its publication date, basis ``statement_date``.
New content starting before ``X`` starts at ``X`` (``valid_from_basis`` says why). A
re-statement (same parties, type, interest and stake as an open piece) replaces that piece
outright and keeps its start unless it states another; an open interest a version omits ends
at the version's change date (an update that drops an interest drops it from then).

Pure functions over plain values: the loader reads the versions, calls :func:`plan` and
writes the result; the property tests drive :func:`plan` directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime

from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX, VALID_MIN


@dataclass(frozen=True)
class Version:
    """One stored statement (edge or node) of a fact, with its stated valid time."""

    sid: str
    known_from: datetime
    valid_from: date  # as stated (VALID_MIN when the source gives none)
    valid_to: date
    signature: str  # content apart from clocks and provenance (parties, type, stake, ...)
    # a corporate action's split of a version known earlier (its closed piece): at one instant it
    # comes before a retraction, as the earlier version it re-states does (a later version of the
    # filing withdraws it whichever of the two was applied first)
    split: bool = False


@dataclass(frozen=True)
class Stored:
    """What a version becomes: its knowledge end and its effective valid start."""

    known_to: datetime
    valid_from: date
    basis: str | None = None  # why valid_from differs from the stated start


@dataclass(frozen=True)
class Carried:
    """A piece of an earlier version still true in valid time after it was superseded."""

    origin: str  # statement id of the version it re-states
    valid_to: date
    known_from: datetime
    known_to: datetime

    @property
    def sid(self) -> str:
        return f"{self.origin}~{self.valid_to.isoformat()}@{self.known_from.isoformat()}"


@dataclass
class Plan:
    stored: dict[str, Stored] = field(default_factory=dict)
    carried: list[Carried] = field(default_factory=list)


@dataclass
class _Piece:
    origin: Version
    valid_from: date  # effective
    valid_to: date
    known_from: datetime
    first: bool  # the stored version itself (else a carried piece)
    basis: str | None = None


def plan(versions: Iterable[Version], retractions: Iterable[datetime] = ()) -> Plan:
    """The stored form of a fact's versions and retraction times (see the module text)."""
    groups: dict[tuple[datetime, int], list[Version]] = {}
    for v in versions:
        groups.setdefault((v.known_from, 0 if v.split else 2), []).append(v)
    events = sorted([(t, 1, []) for t in retractions] + [(k, o, vs) for (k, o), vs in groups.items()],
                    key=lambda e: (e[0], e[1]))
    out = Plan()
    live: list[_Piece] = []

    def close(p: _Piece, at: datetime) -> None:
        if p.first:
            out.stored[p.origin.sid] = Stored(at, p.valid_from, p.basis)
        else:
            out.carried.append(Carried(p.origin.sid, p.valid_to, p.known_from, at))

    for at, order, group in events:
        if order == 1:  # retraction: the fact was never true, from this knowledge time
            for p in live:
                close(p, at)
            live = []
            continue
        live = _apply(live, sorted(group, key=lambda v: v.sid), at, close)
    for p in live:
        close(p, KNOWN_MAX)
    return out


# Complexity (cc 33): the knowledge-time piecewise merge of one published version group into the
# open pieces; its cases (restated, narrowed, superseded, retracted) are one decision table.
def _apply(live: list[_Piece], group: Sequence[Version], at: datetime, close) -> list[_Piece]:  # type: ignore[no-untyped-def]
    """The open pieces after version ``group`` is published at ``at``."""
    if not live:
        return [_Piece(v, v.valid_from, v.valid_to, at, True) for v in group]
    prior_start = min(p.valid_from for p in live)
    restated: dict[str, _Piece] = {}  # version sid -> the open piece it re-states
    taken: set[int] = set()
    for v in group:
        for i, p in enumerate(live):
            if i not in taken and p.origin.signature == v.signature and p.valid_to in (VALID_MAX, v.valid_to):
                restated[v.sid] = p
                taken.add(i)
                break
    new = [v for v in group if v.sid not in restated]
    ends = [v.valid_to for v in group if v.sid in restated and v.valid_to != VALID_MAX]
    stated = min((v.valid_from for v in new if v.valid_from != VALID_MIN), default=None)
    if stated is not None and stated != prior_start:
        change, basis = stated, None
    elif ends:
        change, basis = max(ends), "other_party_end"
    else:
        change, basis = at.date(), "statement_date"
    kept: list[_Piece] = []
    for i, p in enumerate(live):
        if i in taken:
            close(p, at)
        elif p.valid_to <= change or (not new and p.valid_to != VALID_MAX):
            # ended before the change, or (a version only re-stating) an interest it does not
            # re-state that had already ended: untouched
            kept.append(p)
        else:
            close(p, at)
            if p.valid_from < change:
                kept.append(_Piece(p.origin, p.valid_from, change, at, False))
    for v in group:
        p = restated.get(v.sid)
        if p is not None:  # keeps the open piece's start unless it states another
            same = v.valid_from in (VALID_MIN, p.origin.valid_from)
            kept.append(_Piece(v, p.valid_from if same else v.valid_from, v.valid_to, at, True,
                               (p.basis or "restated") if same and p.valid_from != v.valid_from else None))
        elif v.valid_from < change:  # never back-dated before the change
            kept.append(_Piece(v, min(change, v.valid_to), v.valid_to, at, True, basis or "stated"))
        else:
            kept.append(_Piece(v, v.valid_from, v.valid_to, at, True))
    return kept
