"""The curated tools: each calls the analytic that ``ownergraph <command>`` and
``og.connect().analytics`` call, with the same defaults, and answers in a :class:`ToolAnswer`.

Read-only by construction: the analytics read only in read transactions (``Graph.read``), and
no tool takes Cypher or passes text into a query.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Annotated, Any

from mcp.types import CallToolResult
from pydantic import Field

from ownergraph.domain.vocabulary import (
    CHANNEL_NAMES, CONTAGION, CONTROL_PATH_KINDS, CONTROL_RULE, DEFAULT_RULE, EXPOSURE, FULL_DEPTH, OWNERS,
    PATH, PATH_KIND_NAMES, RULE_NAMES, SANCTIONS_NEAR, STAKE,
)
from ownergraph.mcp.answers import DEFAULT_LIMIT, MAX_LIMIT, Spec, ToolRefusal, check_date, check_range
from ownergraph.mcp.ask import ask_answer
from ownergraph.mcp.backend import Backend
from ownergraph.mcp.models import ToolAnswer

MAX_HOPS = 20  # exposure, contagion, path: deeper reads are refused (the ownership tools go to FULL_DEPTH)
MAX_SANCTION_HOPS = 6

Entity = Annotated[str, Field(description="The entity: a name, LEI, alias or identifier (CIK, company number, ...).")]
EntityA = Annotated[str, Field(description="The first entity (name, LEI, alias or identifier).")]
EntityB = Annotated[str, Field(description="The second entity (name, LEI, alias or identifier).")]
AsOf = Annotated[str | None, Field(description="Valid time: when the facts held in the world, ISO date "
                                   "YYYY-MM-DD (default: today).")]
KnownAt = Annotated[str | None, Field(description="Knowledge time: only what had been published by then, ISO "
                                      "date or datetime (default: now). A date means the end of that day, UTC.")]
Limit = Annotated[int, Field(description=f"Most rows of the result's main list, and citations, returned "
                             f"(1..{MAX_LIMIT}); the answer says when it was cut.")]
Rule = Annotated[str, Field(description=f"Ownership / control test, one of {', '.join(RULE_NAMES)}.")]
Channels = Annotated[list[str] | None, Field(description=f"Contagion channels to follow, of "
                                             f"{', '.join(CHANNEL_NAMES)} (default: all).")]
Kinds = Annotated[list[str] | None, Field(description=f"Relationship kinds to follow, of {', '.join(PATH_KIND_NAMES)} "
                                          f"or all (default: {', '.join(CONTROL_PATH_KINDS)}).")]
Answer = Annotated[CallToolResult, ToolAnswer]  # structured output: the ToolAnswer schema


def _found_rows(key: str) -> Any:
    return lambda d: bool(d.get(key))


def _stake_found(d: dict[str, Any]) -> bool:
    return bool(d.get("paths")) and bool((d.get("stake") or {}).get("hi"))


def _levels_found(key: str) -> Any:
    return lambda d: any((d.get(lv) or {}).get(key) for lv in ("direct", "ultimate"))


SPECS = {s.name: s for s in (
    Spec("resolve", None, lambda d: True),
    Spec("owners", "rows", _found_rows("rows")),
    Spec("stake", "paths", _stake_found),
    Spec("holdings", "rows", lambda d: any(r.get("status") != "not" for r in d.get("rows") or ())),
    Spec("parents", None, lambda d: any((d.get(lv) or {}).get("status") != "none_reported"
                                        for lv in ("direct", "ultimate"))),
    Spec("children", None, _levels_found("children")),
    Spec("exposure", "positions", _found_rows("positions")),
    Spec("contagion", "affected", _found_rows("affected")),
    Spec("path", "steps", _found_rows("found")),
    Spec("diff", "edges", lambda d: bool(d.get("edges") or d.get("owners") or d.get("actions"))),
    Spec(SANCTIONS_NEAR.name, "rows", _found_rows("rows")),
)}


def _choices(name: str, values: list[str] | None, allowed: tuple[str, ...]) -> None:
    wrong = [v for v in values or () if v not in allowed]
    if wrong:
        raise ToolRefusal(name, "not_allowed", f"{name}: {', '.join(wrong)} not among {', '.join(allowed)}")


class Tools:
    """The tool functions; ``register`` adds them to a server."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def resolve(self, entity: Entity, as_of: AsOf = None, known_at: KnownAt = None,
                limit: Limit = DEFAULT_LIMIT) -> Answer:
        """Which one entity a name, LEI, alias or identifier names (key, name, LEI, how it matched);
        unknown or ambiguous mentions come back as typed errors with candidates."""
        return self.backend.run(SPECS["resolve"], _args(locals()), lambda c: c.analytics.lookup.entity(
            entity, as_of=as_of, known_at=known_at), limit=limit)

    def owners(self, entity: Entity, as_of: AsOf = None, known_at: KnownAt = None, rule: Rule = DEFAULT_RULE,
               max_depth: int = OWNERS.hops, limit: Limit = DEFAULT_LIMIT) -> Answer:
        """Who owns or controls the entity (beneficial owners) under a rule, with the chains behind
        each and the source records of every link."""
        args = _args(locals())

        def call(c: Any) -> Any:
            _choices("rule", [rule], RULE_NAMES)
            check_range("max_depth", max_depth, 1, FULL_DEPTH)
            return c.analytics.ownership.owners(entity, rule=rule, max_depth=max_depth, as_of=as_of,
                                                known_at=known_at)
        return self.backend.run(SPECS["owners"], args, call, limit=limit, max_depth=max_depth)

    def stake(self, a: EntityA, b: EntityB, as_of: AsOf = None, known_at: KnownAt = None,
              max_depth: int = STAKE.hops, limit: Limit = DEFAULT_LIMIT) -> Answer:
        """The effective (chain-rule) stake of a in b, with every chain."""
        args = _args(locals())

        def call(c: Any) -> Any:
            check_range("max_depth", max_depth, 1, FULL_DEPTH)
            return c.analytics.ownership.stake(a, b, max_depth=max_depth, as_of=as_of, known_at=known_at)
        return self.backend.run(SPECS["stake"], args, call, limit=limit, max_depth=max_depth)

    def holdings(self, entity: Entity, as_of: AsOf = None, known_at: KnownAt = None,
                 max_depth: int = OWNERS.hops, limit: Limit = DEFAULT_LIMIT) -> Answer:
        """What the entity (a person, "<X> family" or a company) owns or controls, through chains,
        under the control rule (majority)."""
        args = _args(locals())

        def call(c: Any) -> Any:
            check_range("max_depth", max_depth, 1, FULL_DEPTH)
            return c.analytics.ownership.controlled_by(entity, rule=CONTROL_RULE, max_depth=max_depth,
                                                       as_of=as_of, known_at=known_at)
        return self.backend.run(SPECS["holdings"], args, call, limit=limit, max_depth=max_depth)

    def parents(self, entity: Entity, as_of: AsOf = None, known_at: KnownAt = None,
                limit: Limit = DEFAULT_LIMIT) -> Answer:
        """The entity's direct and ultimate accounting parents (GLEIF), or the reporting exception
        that says a parent exists but is not published."""
        return self.backend.run(SPECS["parents"], _args(locals()), lambda c: c.analytics.structure.parents(
            entity, as_of=as_of, known_at=known_at), limit=limit)

    def children(self, entity: Entity, as_of: AsOf = None, known_at: KnownAt = None,
                 limit: Limit = DEFAULT_LIMIT) -> Answer:
        """The entity's direct and ultimate accounting children; each list says if the source's list
        was read only in part."""
        return self.backend.run(SPECS["children"], _args(locals()), lambda c: c.analytics.structure.children(
            entity, as_of=as_of, known_at=known_at), limit=limit)

    def exposure(self, entity: Entity, as_of: AsOf = None, known_at: KnownAt = None,
                 portfolios: list[str] | None = None, max_depth: int = EXPOSURE.hops,
                 limit: Limit = DEFAULT_LIMIT) -> Answer:
        """Our book's exposure (positions, amounts) to everything the entity controls; the entity may
        be a person, a company or "<X> family"."""
        args = _args(locals())

        def call(c: Any) -> Any:
            check_range("max_depth", max_depth, 1, MAX_HOPS)
            return c.analytics.exposure.of(entity, portfolio=portfolios or None, max_depth=max_depth,
                                           as_of=as_of, known_at=known_at)
        return self.backend.run(SPECS["exposure"], args, call, limit=limit, max_depth=max_depth)

    def contagion(self, entity: Entity, as_of: AsOf = None, known_at: KnownAt = None,
                  channels: Channels = None, max_hops: int = CONTAGION.hops,
                  limit: Limit = DEFAULT_LIMIT) -> Answer:
        """Who is hit if the entity defaults: guarantors, lenders and owners, each channel read in its
        own direction of risk (default: every channel)."""
        args = _args(locals())

        def call(c: Any) -> Any:
            _choices("channels", channels, CHANNEL_NAMES)
            check_range("max_hops", max_hops, 1, MAX_HOPS)
            return c.analytics.contagion.if_defaults(entity, types=tuple(channels or CHANNEL_NAMES),
                                                     max_hops=max_hops, as_of=as_of, known_at=known_at)
        return self.backend.run(SPECS["contagion"], args, call, limit=limit, max_depth=max_hops)

    def path(self, a: EntityA, b: EntityB, as_of: AsOf = None, known_at: KnownAt = None,
             kinds: Kinds = None, undirected: bool = True, max_depth: int = PATH.hops,
             limit: Limit = DEFAULT_LIMIT) -> Answer:
        """The shortest path between a and b over the chosen relationship kinds (default: ownership
        and control), edges walked either way as `ask` and the CLI read a connection; with
        undirected=false only a chain a -> b or b -> a."""
        args = _args(locals())

        def call(c: Any) -> Any:
            _choices("kinds", kinds, (*PATH_KIND_NAMES, "all"))
            check_range("max_depth", max_depth, 1, MAX_HOPS)
            return c.analytics.structure.path(a, b, directed=not undirected, max_depth=max_depth, as_of=as_of,
                                              known_at=known_at, kinds=list(kinds or CONTROL_PATH_KINDS))
        return self.backend.run(SPECS["path"], args, call, limit=limit, max_depth=max_depth)

    def diff(self, entity: Entity, since: Annotated[str, Field(description="The earlier date, ISO YYYY-MM-DD.")],
             as_of: AsOf = None, known_at: KnownAt = None, limit: Limit = DEFAULT_LIMIT) -> Answer:
        """What changed in the entity's ownership and control between `since` and `as_of`: edges
        opened, closed or changed, owners added or removed, and the corporate actions behind them."""
        args = _args(locals())

        def call(c: Any) -> Any:
            check_date("since", since)
            return c.analytics.history.diff(entity, since, as_of, known_at=known_at)
        return self.backend.run(SPECS["diff"], args, call, limit=limit)

    def sanctions_near(self, entity: Entity, as_of: AsOf = None, known_at: KnownAt = None,
                       hops: int = SANCTIONS_NEAR.hops, limit: Limit = DEFAULT_LIMIT) -> Answer:
        """Sanctioned entities within `hops` of the entity, with the path to each."""
        args = _args(locals())

        def call(c: Any) -> Any:
            check_range("hops", hops, 1, MAX_SANCTION_HOPS)
            return c.analytics.structure.sanctions_near(entity, hops, as_of=as_of, known_at=known_at)
        return self.backend.run(SPECS[SANCTIONS_NEAR.name], args, call, limit=limit, max_depth=hops)

    def ask(self, question: Annotated[str, Field(description="The question in words, e.g. 'Who owns X?'.")],
            as_of: AsOf = None, known_at: KnownAt = None,
            budget: Annotated[str, Field(description="Evidence budget: low, medium, high or a number of tokens.")]
            = "medium", limit: Limit = DEFAULT_LIMIT) -> Answer:
        """A question in words, answered by the analytic it names (the same as `ownergraph ask`): the
        answer's text cites numbered graph and text sources. Dates in the question count when
        as_of / known_at are not given."""
        args = _args(locals())
        return self.backend.guarded("ask", args, lambda: ask_answer(self.backend, args, limit))

    def register(self, server: Any, dispatch: Dispatch | None = None) -> None:
        """Add every tool to ``server`` (an ``MCPServer``), read-only and idempotent by annotation.
        With ``dispatch`` (the worker pool's), each tool keeps its signature and schema here but is
        answered by ``dispatch(name, arguments)``: the same method, run in a worker process."""
        from mcp.types import ToolAnnotations

        hints = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                open_world_hint=False)
        for name in TOOL_NAMES:
            fn = getattr(self, name)
            server.add_tool(fn if dispatch is None else _dispatched(name, fn, dispatch), name=name,
                            description=inspect.getdoc(fn), annotations=hints)


TOOL_NAMES = (*SPECS, "ask")
Dispatch = Callable[[str, dict[str, Any]], CallToolResult]


def _dispatched(name: str, fn: Callable[..., CallToolResult], dispatch: Dispatch) -> Callable[..., CallToolResult]:
    """``fn``'s signature (``functools.wraps``: the SDK reads the schema through ``__wrapped__``),
    calling ``dispatch`` with the validated arguments instead of ``fn``."""
    @functools.wraps(fn)
    def call(**arguments: Any) -> CallToolResult:
        return dispatch(name, arguments)
    return call


def _args(scope: dict[str, Any]) -> dict[str, Any]:
    """The call's arguments as given (what the answer echoes; errors name one of them)."""
    return {k: v for k, v in scope.items() if k != "self"}
