"""``ownergraph owners | stake | exposure | contagion | path | cycles | parents |
sanctions-near | diff | backtest``: the analytics on the command line.

Entities are given by LEI, alias (CIK, company number, ...) or name; every command takes
``--as-of`` (valid time, default today) and ``--known-at`` (knowledge time, default now) and
prints lines for a person (ownergraph.cli.views), or JSON with ``--json``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import click

from ownergraph.cli import views as views
from ownergraph.cli.output import echo_lines, emit, json_option, show
from ownergraph.domain.vocabulary import (
    CHANNEL_NAMES, CONTAGION, CONTROL_PATH_KINDS, CYCLES, DEFAULT_RULE, DIFF, EXPOSURE, OWNERS, PARENTS, PATH,
    PATH_KIND_NAMES, RULE_NAMES, SANCTIONS_NEAR, STAKE, path_edge_types,
)
from ownergraph.domain.vocabulary import COUNTERPARTIES, GROUP, HOLDINGS



def claims_option(f: Callable[..., Any]) -> Callable[..., Any]:
    """``--min-claim-confidence``: the command runs with that claim threshold (graph.claims):
    relationships read from documents below it are left out unless accepted in review."""
    @functools.wraps(f)
    def run(*args: Any, min_claim_confidence: float | None = None, **kwargs: Any) -> Any:
        from ownergraph.graph.load.claims import claims_at
        with claims_at(min_claim_confidence):
            return f(*args, **kwargs)

    return click.option("--min-claim-confidence", "min_claim_confidence", type=click.FloatRange(0, 1),
                        metavar="0..1", help="Use relationships read from documents from this confidence "
                        "(default: the settings' claim_threshold, 0.5).")(run)


def _clock_options(f: Callable[..., Any]) -> Callable[..., Any]:
    f = claims_option(f)
    f = click.option("--known-at", "known_at", metavar="DATE|DATETIME",
                     help="Knowledge time: only what was published by then (default: now).")(f)
    return click.option("--as-of", "as_of", metavar="DATE", help="Valid time (default: today).")(f)


def _graph() -> Any:
    from ownergraph.graph.store.connection import connect
    return connect()


def _check_clock(as_of: str | None, known_at: str | None) -> None:
    from ownergraph.domain.clock import make_clock
    try:
        make_clock(as_of, known_at)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--as-of/--known-at") from err


def _say(text: str) -> None:
    click.echo(text)


# -- ownership ------------------------------------------------------------------------------
@click.command(OWNERS.command)
@click.argument("target")
@click.option("--rule", type=click.Choice(list(RULE_NAMES)),
              default=DEFAULT_RULE, show_default=True, help="Ownership / control test.")
@click.option("--semantics", type=click.Choice(["simple_paths", "walk_sum"]), default="simple_paths",
              show_default=True)
@click.option("--interest", type=click.Choice(["shareholding", "voting_rights"]), default="shareholding",
              show_default=True)
@click.option("--max-depth", default=OWNERS.hops, show_default=True)
@click.option("--all", "show_all", is_flag=True, help="Also list entities read that do not pass the rule.")
@_clock_options
@json_option
def owners_cmd(target: str, rule: str, semantics: str, interest: str, max_depth: int, show_all: bool,
               as_of: str | None, known_at: str | None, as_json: bool) -> None:
    """Owners (or controllers) of TARGET under a rule, with the chains behind each."""
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).ownership.owners(target, rule=rule, semantics=semantics, interest=interest,
                                               max_depth=max_depth, as_of=as_of, known_at=known_at)
    show(res, lambda r: views.owners(r, show_all), as_json)


@click.command(STAKE.command)
@click.argument("owner")
@click.argument("owned")
@click.option("--semantics", type=click.Choice(["simple_paths", "walk_sum"]), default="simple_paths",
              show_default=True, help="How cross-holdings count (see DOMAIN §6).")
@click.option("--interest", type=click.Choice(["shareholding", "voting_rights"]), default="shareholding",
              show_default=True)
@click.option("--max-depth", default=STAKE.hops, show_default=True)
@click.option("--plot", "plot", type=click.Path(path_type=Path), help="Draw the chains (PNG/SVG).")
@_clock_options
@json_option
def stake_cmd(owner: str, owned: str, semantics: str, interest: str, max_depth: int, plot: Path | None,
              as_of: str | None, known_at: str | None, as_json: bool) -> None:
    """Effective (chain-rule) stake of OWNER in OWNED, with every chain."""
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    a = Analytics(_graph())
    res = a.ownership.stake(owner, owned, semantics=semantics, interest=interest, max_depth=max_depth,
                            as_of=as_of, known_at=known_at)
    if plot is not None:
        a.ownership.picture(res, plot, title=f"{res.owner_name} in {res.owned_name}")
    if as_json:
        return emit(res.as_dict() | ({"plot": str(plot)} if plot else {}), True)
    echo_lines(views.stake(res))
    if plot is not None:
        _say(f"picture: {plot}")


# -- exposure / contagion -------------------------------------------------------------------
@click.command(EXPOSURE.command)
@click.argument("who", nargs=-1, required=True)
@click.option("--portfolio", "portfolios", multiple=True, help="Only these portfolios (repeatable).")
@click.option("--max-depth", default=EXPOSURE.hops, show_default=True)
@_clock_options
@json_option
def exposure_cmd(who: tuple[str, ...], portfolios: tuple[str, ...], max_depth: int, as_of: str | None,
                 known_at: str | None, as_json: bool) -> None:
    """Our book's exposure to everything WHO controls (an entity, a person, "<X> family", or
    several mentions as one group)."""
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).exposure.of(who[0] if len(who) == 1 else list(who), portfolio=portfolios or None,
                                          max_depth=max_depth, as_of=as_of, known_at=known_at)
    show(res, views.exposure, as_json)


@click.command(CONTAGION.command)
@click.argument("defaulted")
@click.option("--types", "types", default=",".join(CHANNEL_NAMES), show_default=True,
              help=f"Comma-separated channels: {', '.join(CHANNEL_NAMES)}.")
@click.option("--max-hops", default=CONTAGION.hops, show_default=True)
@_clock_options
@json_option
def contagion_cmd(defaulted: str, types: str, max_hops: int, as_of: str | None, known_at: str | None,
                  as_json: bool) -> None:
    """Who is hit if DEFAULTED defaults (guarantors, lenders, owners and parents)."""
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    chosen = tuple(t.strip() for t in types.split(",") if t.strip())
    try:
        res = Analytics(_graph()).contagion.if_defaults(defaulted, types=chosen, max_hops=max_hops, as_of=as_of,
                                                        known_at=known_at)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--types") from err
    show(res, views.contagion, as_json)


# -- structure ------------------------------------------------------------------------------
@click.command(PATH.command)
@click.argument("a")
@click.argument("b")
@click.option("--undirected/--directed", default=True, show_default=True,
              help="Walk edges either way (a connection, as `ask` reads it), or only chains A → B / B → A.")
@click.option("--max-depth", default=PATH.hops, show_default=True)
@click.option("--types", "types", default=",".join(CONTROL_PATH_KINDS), show_default=True,
              help=f"Comma-separated relationship kinds to follow: {', '.join(PATH_KIND_NAMES)}, or all.")
@_clock_options
@json_option
def path_cmd(a: str, b: str, undirected: bool, max_depth: int, types: str, as_of: str | None,
             known_at: str | None, as_json: bool) -> None:
    """Shortest path between A and B over the chosen relationship kinds (default: ownership and
    control): one line per hop, every edge between its two entities with its direction."""
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    try:
        path_edge_types(types.split(","))
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--types") from err
    res = Analytics(_graph()).structure.path(a, b, directed=not undirected, max_depth=max_depth, as_of=as_of,
                                             known_at=known_at, kinds=types.split(","))
    show(res, views.path, as_json)


@click.command(CYCLES.command)
@click.argument("around")
@click.option("--max-depth", default=CYCLES.hops, show_default=True)
@_clock_options
@json_option
def cycles_cmd(around: str, max_depth: int, as_of: str | None, known_at: str | None, as_json: bool) -> None:
    """Cross-holdings (strongly connected ownership/control components) around AROUND."""
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).structure.cycles(around, max_depth=max_depth, as_of=as_of, known_at=known_at)
    show(res, views.cycles, as_json)


@click.command(PARENTS.command)
@click.argument("entity")
@click.option("--children", is_flag=True,
              help="ENTITY's accounting children instead (each list says when the source's list was read in part).")
@_clock_options
@json_option
def parents_cmd(entity: str, children: bool, as_of: str | None, known_at: str | None, as_json: bool) -> None:
    """GLEIF direct and ultimate accounting parents, or the reporting exception."""
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    structure = Analytics(_graph()).structure
    res = (structure.children if children else structure.parents)(entity, as_of=as_of, known_at=known_at)
    show(res, views.children if children else views.parents, as_json)


@click.command(SANCTIONS_NEAR.command)
@click.argument("who", nargs=-1)
@click.option("--hops", default=SANCTIONS_NEAR.hops, show_default=True)
@_clock_options
@json_option
def sanctions_near_cmd(who: tuple[str, ...], hops: int, as_of: str | None, known_at: str | None,
                       as_json: bool) -> None:
    """Sanctioned entities within HOPS of WHO; without WHO, everything within HOPS of one."""
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    target = None if not who else who[0] if len(who) == 1 else list(who)
    res = Analytics(_graph()).structure.sanctions_near(target, hops, as_of=as_of, known_at=known_at)
    show(res, lambda r: views.sanctions_near(r, hops), as_json)


# -- history --------------------------------------------------------------------------------
@click.command(DIFF.command)
@click.argument("entity")
@click.argument("date_a")
@click.argument("date_b", required=False)
@_clock_options
@json_option
def diff_cmd(entity: str, date_a: str, date_b: str | None, as_of: str | None, known_at: str | None,
             as_json: bool) -> None:
    """What changed in ENTITY's ownership/control between DATE_A and DATE_B (default: --as-of, or today)."""
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    _check_clock(date_a, None)
    res = Analytics(_graph(), as_of=as_of).history.diff(entity, date_a, date_b, known_at=known_at)
    show(res, views.diff, as_json)


@click.command("backtest")
@click.argument("question", nargs=-1, required=True)
@click.option("--start", help="First date of the schedule.")
@click.option("--end", help="Last date of the schedule (default: --as-of, or today).")
@click.option("--freq", type=click.Choice(["monthly", "quarterly", "yearly"]), default="quarterly",
              show_default=True)
@click.option("--dates", help="Comma-separated dates instead of a schedule.")
@click.option("--audit", is_flag=True, help="Also ask with knowledge time = now and show where answers differ.")
@click.option("--plot", "plot", type=click.Path(path_type=Path), help="Write the curve (PNG/SVG).")
@_clock_options
@json_option
def backtest_cmd(question: tuple[str, ...], start: str | None, end: str | None, freq: str, dates: str | None,
                 audit: bool, plot: Path | None, as_of: str | None, known_at: str | None, as_json: bool) -> None:
    """Ask QUESTION at each date strictly point in time (as of = known at = the date).

    QUESTION: stake OWNER OWNED | owners X | exposure WHO | contagion X | path A B |
    sanctions-near X. --known-at sets "now" for --audit."""
    from ownergraph.domain.clock import make_clock
    from ownergraph.graph.analytics.backtest import QuerySpec, backtest, lookahead_audit
    _check_clock(as_of, known_at)
    try:
        # one quoted argument ("owners Harbourline Shipping Limited") is the question's text
        spec = QuerySpec.parse(question[0] if len(question) == 1 else list(question))
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="QUESTION") from err
    if dates is None and start is None:
        raise click.UsageError("give --start (with --freq) or --dates")
    when: Any = [d.strip() for d in dates.split(",")] if dates else freq
    last = end or as_of or date.today().isoformat()
    graph = _graph()
    try:
        if audit:
            now = make_clock(None, known_at).known_at
            res: Any = lookahead_audit(graph, spec, when, start=start, end=last, now=now, plot=plot)
        else:
            res = backtest(graph, spec, when, start=start, end=last, plot=plot)
    except ValueError as err:
        raise click.BadParameter(str(err)) from err
    if as_json:
        return emit(res.as_dict() | ({"plot": str(plot)} if plot else {}), True)
    echo_lines(views.frame_table(res.to_frame(), f"backtest: {spec.label}" + (" (audit)" if audit else "")))
    if audit:
        days = ", ".join(d.isoformat() for d in res.differing_dates) or "none"
        _say(f"dates where ignoring knowledge time changes the answer: {days}")
    if plot is not None:
        _say(f"plot: {plot}")


# -- issue 30, item 3 (kinds-b): neighbourhood, names, book screening, branches, events ----------
@click.command("neighbourhood")
@click.argument("who")
@click.option("--hops", default=1, show_default=True, type=click.IntRange(1, 12))
@click.option("--kinds", "kinds", default="all", show_default=True,
              help="Comma-separated relationship kinds (ownership, control, lending, guarantee, branch, fund, "
                   "consolidation) or 'all'.")
@_clock_options
@json_option
def neighbourhood_cmd(who: str, hops: int, kinds: str, as_of: str | None, known_at: str | None,
                      as_json: bool) -> None:
    """Everything within HOPS of WHO over the chosen kinds of relationship."""
    from ownergraph.cli.views_reach import neighbourhood
    from ownergraph.domain.vocabulary import PATH_KIND_NAMES
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    chosen = [k.strip() for k in kinds.split(",") if k.strip()]
    try:
        path_edge_types(chosen)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--kinds") from err
    res = Analytics(_graph()).structure.neighbourhood(
        who, hops, kinds=PATH_KIND_NAMES if "all" in chosen else chosen, as_of=as_of, known_at=known_at)
    show(res, neighbourhood, as_json)


@click.command("names")
@click.argument("who")
@_clock_options
@json_option
def names_cmd(who: str, as_of: str | None, known_at: str | None, as_json: bool) -> None:
    """Names, previous names, aliases, identifiers and successions of WHO; its name at --as-of."""
    from ownergraph.cli.views_reach import names
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).lookup.names(who, as_of=as_of, known_at=known_at)
    show(res, names, as_json)


@click.command("screening")
@click.option("--hops", type=click.IntRange(0, 12), default=None,
              help="Positions within HOPS of a sanctioned party (default: owned or controlled by one).")
@click.option("--portfolio", "portfolios", multiple=True, help="Only these portfolios (repeatable).")
@_clock_options
@json_option
def screening_cmd(hops: int | None, portfolios: tuple[str, ...], as_of: str | None, known_at: str | None,
                  as_json: bool) -> None:
    """Book screening: the positions owned or controlled by (or within --hops of) a sanctioned party."""
    from ownergraph.cli.views_reach import screening
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).structure.screening(hops, portfolio=portfolios or None, as_of=as_of, known_at=known_at)
    show(res, screening, as_json)


@click.command("branches")
@click.argument("who")
@_clock_options
@json_option
def branches_cmd(who: str, as_of: str | None, known_at: str | None, as_json: bool) -> None:
    """Branches of WHO, and the head office WHO is a branch of."""
    from ownergraph.cli.views_reach import branches
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).structure.branches(who, as_of=as_of, known_at=known_at)
    show(res, branches, as_json)


@click.command("events")
@click.argument("who")
@click.argument("other", required=False)
@_clock_options
@json_option
def events_cmd(who: str, other: str | None, as_of: str | None, known_at: str | None, as_json: bool) -> None:
    """When things happened to WHO (with OTHER: between the two): dated edges, corrections, corporate actions."""
    from ownergraph.cli.views_reach import events
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).structure.events(who, other, as_of=as_of, known_at=known_at)
    show(res, events, as_json)


# -- counterparties, holdings, group (issue 30) ----------------------------------------------
@click.command(COUNTERPARTIES.command)
@click.argument("entity")
@click.option("--role", "roles", multiple=True, type=click.Choice(["lenders", "guarantors", "borrowers", "guaranteed"]),
              help="Only these roles (repeatable; default: all four).")
@_clock_options
@json_option
def counterparties_cmd(entity: str, roles: tuple[str, ...], as_of: str | None, known_at: str | None,
                       as_json: bool) -> None:
    """Who lends to ENTITY and guarantees it, whom it lends to and guarantees: amounts and dates."""
    from ownergraph.cli import holding_views
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).credit.counterparties(entity, roles=roles or None, as_of=as_of, known_at=known_at)
    show(res, holding_views.counterparties, as_json)


@click.command(HOLDINGS.command)
@click.argument("who", nargs=-1, required=True)
@click.option("--control", "control_only", is_flag=True, help="Only what WHO controls.")
@click.option("--max-depth", default=HOLDINGS.hops, show_default=True)
@_clock_options
@json_option
def holdings_cmd(who: tuple[str, ...], control_only: bool, max_depth: int, as_of: str | None, known_at: str | None,
                 as_json: bool) -> None:
    """What WHO owns or controls, directly and through chains, with effective stakes."""
    from ownergraph.cli import holding_views
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).ownership.holdings(who[0] if len(who) == 1 else list(who), max_depth=max_depth,
                                                 basis="control" if control_only else "owned", as_of=as_of,
                                                 known_at=known_at)
    show(res, holding_views.holdings, as_json)


@click.command(GROUP.command)
@click.argument("who", nargs=-1, required=True)
@click.option("--max-depth", default=GROUP.hops, show_default=True)
@_clock_options
@json_option
def group_cmd(who: tuple[str, ...], max_depth: int, as_of: str | None, known_at: str | None, as_json: bool) -> None:
    """WHO (an entity, a person, "<X> family" or several together) and everything it controls."""
    from ownergraph.cli import holding_views
    from ownergraph.graph.analytics.api import Analytics
    _check_clock(as_of, known_at)
    res = Analytics(_graph()).ownership.group(who[0] if len(who) == 1 else list(who), max_depth=max_depth,
                                              as_of=as_of, known_at=known_at)
    show(res, holding_views.group, as_json)


ANALYTICS_COMMANDS: list[click.Command] = [
    owners_cmd, stake_cmd, exposure_cmd, contagion_cmd, path_cmd, cycles_cmd, parents_cmd, sanctions_near_cmd,
    diff_cmd, backtest_cmd, neighbourhood_cmd, names_cmd, screening_cmd, branches_cmd, events_cmd,
    counterparties_cmd, holdings_cmd, group_cmd,
]
