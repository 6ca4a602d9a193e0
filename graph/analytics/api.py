"""One facade over the analytics: ``Analytics(graph)`` with a capability object per area.

    a = Analytics(graph)                       # or Analytics.connect()
    a.lookup.entity("Facebook, Inc.")          # -> EntityMatch
    a.ownership.owners("Harbourline Holdings", rule="eu_amlr_25", as_of="2024-06-30")
    a.ownership.stake("Ivan Petrov", "Harbourline Shipping", semantics="walk_sum")
    a.exposure.of("Petrov family", portfolio="CREDIT-IG")
    a.contagion.if_defaults("Harbourline Shipping", types=("guarantee", "lending"))
    a.structure.path("Nordkap Baltic Opportunities Fund", "Harbourline Ferries")
    a.history.backtest("stake 'Ivan Petrov' 'Harbourline Shipping'", start="2022-01-01", end="2024-06-30")
    a.at("2024-06-30", known_at="2024-07-15").exposure.of("Petrov family")   # a fixed clock

Every method accepts entity mentions (LEI, alias or name; "<X> family" or a list where a group
makes sense), takes ``as_of`` / ``known_at`` (defaulting to the facade's clock, else today /
now) and returns a result with ``.to_frame()`` and ``.as_dict()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from ownergraph.graph.analytics import backtest as _bt
from ownergraph.graph.analytics import children as _children
from ownergraph.graph.analytics import contagion as _contagion
from ownergraph.graph.analytics import diff as _diff
from ownergraph.graph.analytics import exposure as _exposure
from ownergraph.graph.analytics import lookup as _lookup
from ownergraph.graph.analytics import structure as _structure
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.vocabulary import (
    CHANNEL_NAMES, CONTAGION, CONTROL_RULE, CYCLES, DEFAULT_RULE, EXPOSURE, OWNERS, PATH, SANCTIONS_NEAR, STAKE,
    path_edge_types,
)
from ownergraph.domain.vocabulary import GROUP, HOLDINGS

When = date | str | None
Known = date | datetime | str | None


class _Capability:
    def __init__(self, graph: Graph, as_of: When = None, known_at: Known = None) -> None:
        self.graph = graph
        self._as_of = as_of
        self._known_at = known_at

    def _clock(self, as_of: When, known_at: Known) -> dict[str, Any]:
        return {"as_of": as_of if as_of is not None else self._as_of,
                "known_at": known_at if known_at is not None else self._known_at}

    def _key(self, mention: str, as_of: When) -> str:
        return _lookup.find_entity(self.graph, mention, as_of if as_of is not None else self._as_of).key

    def _keys(self, who: str | Iterable[str], as_of: When, known_at: Known) -> list[str]:
        c = self._clock(as_of, known_at)
        return _lookup.resolve_keys(self.graph, who, c["as_of"], c["known_at"]).keys


class Lookup(_Capability):
    def entity(self, mention: str, *, as_of: When = None, known_at: Known = None) -> _lookup.EntityMatch:
        return _lookup.find_entity(self.graph, mention, self._clock(as_of, known_at)["as_of"])

    def group(self, family_or_list: str | Sequence[str], *, as_of: When = None, known_at: Known = None,
              include_associates: bool = False) -> _lookup.GroupMatch:
        return _lookup.find_group(self.graph, family_or_list, include_associates=include_associates,
                                  **self._clock(as_of, known_at))

    def records_begin(self, x: str, *, as_of: When = None, known_at: Known = None) -> date | None:
        """The first day after ``as_of`` from which X has a relationship, where it has none at ``as_of``."""
        from ownergraph.graph.analytics.records_begin import records_begin
        return records_begin(self.graph, x, **self._clock(as_of, known_at))

    def names(self, x: str, *, as_of: When = None, known_at: Known = None) -> Any:
        """X's names, previous names, aliases, identifiers and successions; its name at ``as_of``."""
        from ownergraph.graph.analytics.names import names
        return names(self.graph, x, **self._clock(as_of, known_at))


class Ownership(_Capability):
    def stake(self, owner: str, owned: str, *, as_of: When = None, known_at: Known = None,
              semantics: str = "simple_paths", interest: str = "shareholding", max_depth: int = STAKE.hops) -> Any:
        from ownergraph.graph.analytics.ownership import effective_stake
        c = self._clock(as_of, known_at)
        options: dict[str, Any] = {"semantics": semantics, "interest": interest, "max_depth": max_depth, **c}
        return effective_stake(self.graph, self._key(owner, c["as_of"]), self._key(owned, c["as_of"]), **options)

    def owners(self, target: str, *, rule: str = DEFAULT_RULE, as_of: When = None, known_at: Known = None,
               semantics: str = "simple_paths", interest: str = "shareholding", max_depth: int = OWNERS.hops,
               blocked: Iterable[str] | None = None) -> Any:
        from ownergraph.graph.analytics.ownership import owners
        c = self._clock(as_of, known_at)
        blocked_keys = None if blocked is None else [self._key(b, c["as_of"]) for b in blocked]
        options: dict[str, Any] = {"rule": rule, "semantics": semantics, "interest": interest,
                                   "max_depth": max_depth, "blocked": blocked_keys, **c}
        return owners(self.graph, self._key(target, c["as_of"]), **options)

    def controlled_by(self, who: str | Iterable[str], *, rule: str = CONTROL_RULE, as_of: When = None,
                      known_at: Known = None, max_depth: int = OWNERS.hops) -> Any:
        from ownergraph.graph.analytics.ownership import controlled_by
        c = self._clock(as_of, known_at)
        options: dict[str, Any] = {"rule": rule, "max_depth": max_depth, **c}
        return controlled_by(self.graph, self._keys(who, as_of, known_at), **options)

    def holdings(self, who: str | Iterable[str], *, as_of: When = None, known_at: Known = None,
                 basis: str = "owned", semantics: str = "simple_paths", max_depth: int = HOLDINGS.hops) -> Any:
        """What WHO owns (``basis="control"``: controls), direct and through chains, effective stakes."""
        from ownergraph.graph.analytics.holdings import holdings
        return holdings(self.graph, who, basis=basis, semantics=semantics, max_depth=max_depth,  # type: ignore[arg-type]
                        **self._clock(as_of, known_at))

    def group(self, who: str | Iterable[str], *, as_of: When = None, known_at: Known = None,
              max_depth: int = GROUP.hops) -> Any:
        """WHO and everything it controls: ``controlled_by`` under the one control notion (majority)."""
        return self.controlled_by(who, rule=CONTROL_RULE, as_of=as_of, known_at=known_at, max_depth=max_depth)

    def picture(self, result: Any, path: str | Path, **kw: Any) -> Path:
        """An ownership-chain picture (PNG/SVG) of a stake, owners or control result."""
        from ownergraph.graph.analytics import plots as _plots  # matplotlib: only when drawing

        return _plots.plot_ownership(result, path, **kw)


class Exposure(_Capability):
    def of(self, who: str | list[str], *, portfolio: str | Iterable[str] | None = None, as_of: When = None,
           known_at: Known = None, max_depth: int = EXPOSURE.hops) -> _exposure.ExposureResult:
        return _exposure.exposure(self.graph, who, portfolio=portfolio, max_depth=max_depth,
                                  **self._clock(as_of, known_at))

    __call__ = of


class Contagion(_Capability):
    def if_defaults(self, defaulted: str, *, types: Iterable[str] = CHANNEL_NAMES,
                    max_hops: int = CONTAGION.hops, as_of: When = None, known_at: Known = None) -> _contagion.ContagionResult:
        return _contagion.contagion(self.graph, defaulted, types=types, max_hops=max_hops,
                                    **self._clock(as_of, known_at))

    __call__ = if_defaults


class Credit(_Capability):
    def counterparties(self, x: str, *, roles: Iterable[str] | None = None, as_of: When = None,
                       known_at: Known = None) -> Any:
        """Lenders, guarantors, borrowers and guaranteed parties of X (``roles``: some of them)."""
        from ownergraph.graph.analytics.counterparties import ROLES, counterparties
        return counterparties(self.graph, x, roles=tuple(roles or ROLES), **self._clock(as_of, known_at))

    __call__ = counterparties


class Structure(_Capability):
    def cycles(self, around: str | None = None, *, as_of: When = None, known_at: Known = None,
               max_depth: int = CYCLES.hops) -> _structure.CyclesResult:
        return _structure.cycles(self.graph, around, max_depth=max_depth, **self._clock(as_of, known_at))

    def path(self, a: str, b: str, *, as_of: When = None, known_at: Known = None, max_depth: int = PATH.hops,
             directed: bool = False, kinds: Iterable[str] | None = None) -> _structure.PathResult:
        """``kinds``: path kinds to follow (vocabulary PATH_KINDS, or "all"); default ownership/control.
        Edges are walked either way unless ``directed`` (one default for ``ask``, the CLI, the API)."""
        types = path_edge_types(kinds) if kinds is not None else _structure.CONTROL_TYPES
        return _structure.control_path(self.graph, a, b, max_depth=max_depth, directed=directed, types=types,
                                       **self._clock(as_of, known_at))

    def sanctions_near(self, who: str | list[str] | None = None, hops: int = SANCTIONS_NEAR.hops, *, as_of: When = None,
                       known_at: Known = None, every_link: bool = False) -> _structure.SanctionsNearResult:
        """``every_link``: over every relationship the graph holds (consolidation, funds, branches,
        successions too), not only the links sanctions reach reads by default."""
        types = _structure.EVERY_LINK_TYPES if every_link else _structure.NEAR_TYPES
        return _structure.sanctions_near(self.graph, who, hops, **self._clock(as_of, known_at), types=types)

    def parents(self, x: str, *, as_of: When = None, known_at: Known = None) -> _structure.ParentsResult:
        return _structure.parents(self.graph, x, **self._clock(as_of, known_at))

    def children(self, x: str, *, as_of: When = None, known_at: Known = None) -> _children.ChildrenResult:
        """X's accounting children; each list says whether the source's collection was read in part."""
        return _children.children(self.graph, x, **self._clock(as_of, known_at))

    def neighbourhood(self, x: str | list[str], hops: int = 1, *, kinds: Iterable[str] | None = None,
                      as_of: When = None, known_at: Known = None) -> Any:
        """Everything within ``hops`` of X over the path kinds ``kinds`` (default: every kind)."""
        from ownergraph.graph.analytics.neighbourhood import neighbourhood
        from ownergraph.domain.vocabulary import PATH_KIND_NAMES
        return neighbourhood(self.graph, x, hops, kinds=tuple(kinds or PATH_KIND_NAMES), **self._clock(as_of, known_at))

    def screening(self, hops: int | None = None, *, portfolio: str | Iterable[str] | None = None,
                  as_of: When = None, known_at: Known = None) -> Any:
        """The book's positions owned or controlled by (or, with ``hops``, within reach of) a sanctioned party."""
        from ownergraph.graph.analytics.screening import screening
        return screening(self.graph, hops, portfolio=portfolio, **self._clock(as_of, known_at))

    def branches(self, x: str, *, as_of: When = None, known_at: Known = None) -> Any:
        """X's branches and the head office X is a branch of."""
        from ownergraph.graph.analytics.branches import branches
        return branches(self.graph, x, **self._clock(as_of, known_at))

    def events(self, x: str, other: str | None = None, *, as_of: When = None, known_at: Known = None) -> Any:
        """When things happened to X (with ``other``: between X and it), as published by ``known_at``."""
        from ownergraph.graph.analytics.events import events
        return events(self.graph, x, other, **self._clock(as_of, known_at))


class Quality(_Capability):
    def issues(self, *, as_of: When = None, known_at: Known = None, kinds: Sequence[str] | None = None,
               limit: int = 1000) -> Any:
        """Graph-wide data-quality issues at the clock (totals over 100%, missing stakes, ...)."""
        from ownergraph.graph.analytics.quality import KINDS, quality
        return quality(self.graph, kinds=tuple(kinds or KINDS), limit=limit, **self._clock(as_of, known_at))

    __call__ = issues


class History(_Capability):
    def diff(self, x: str, date_a: date | str, date_b: date | str | None = None, *,
             known_at: Known = None, owners_rule: str = DEFAULT_RULE) -> _diff.DiffResult:
        c = self._clock(None, known_at)
        return _diff.diff(self.graph, x, date_a, date_b if date_b is not None else (c["as_of"] or date.today()),
                          known_at=c["known_at"], owners_rule=owners_rule)

    def backtest(self, question: Any, dates: Sequence[date | str] | str = "quarterly", *,
                 start: date | str | None = None, end: date | str | None = None,
                 plot: str | Path | None = None) -> _bt.BacktestResult:
        return _bt.backtest(self.graph, question, dates, start=start, end=end or self._as_of, plot=plot)

    def lookahead_audit(self, question: Any, dates: Sequence[date | str] | str = "quarterly", *,
                        start: date | str | None = None, end: date | str | None = None,
                        plot: str | Path | None = None) -> _bt.AuditResult:
        now = _known_now(self._known_at)
        return _bt.lookahead_audit(self.graph, question, dates, start=start, end=end or self._as_of, now=now,
                                   plot=plot)


def _known_now(known_at: Known) -> datetime | None:
    if known_at is None:
        return None
    from ownergraph.domain.clock import make_clock
    return make_clock(None, known_at).known_at


class Analytics:
    """The analytics of one graph; capability objects share its default clock."""

    def __init__(self, graph: Graph, *, as_of: When = None, known_at: Known = None) -> None:
        self.graph = graph
        self.as_of, self.known_at = as_of, known_at
        self.lookup = Lookup(graph, as_of, known_at)
        self.ownership = Ownership(graph, as_of, known_at)
        self.exposure = Exposure(graph, as_of, known_at)
        self.contagion = Contagion(graph, as_of, known_at)
        self.structure = Structure(graph, as_of, known_at)
        self.history = History(graph, as_of, known_at)
        self.quality = Quality(graph, as_of, known_at)
        self.credit = Credit(graph, as_of, known_at)

    @classmethod
    def connect(cls, **clock: Any) -> Analytics:
        from ownergraph.graph.store.connection import connect
        return cls(connect(), **clock)

    def at(self, as_of: When = None, *, known_at: Known = None) -> Analytics:
        """The same analytics with a fixed default clock (``known_at=as_of`` for point in time)."""
        return Analytics(self.graph, as_of=as_of, known_at=known_at)


__all__ = ["Analytics", "Credit", "Contagion", "Exposure", "History", "Lookup", "Ownership", "Quality", "Structure"]
