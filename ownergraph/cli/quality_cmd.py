"""``ownergraph quality --as-of DATE [--json]``: graph-wide data-quality issues on one clock.

Shareholder totals over 100%, holdings without a stake, self-holdings (ownership cycles back to
an entity), stubs (entities known only from mentions) and dangling references to them."""

from __future__ import annotations

import click

from typing import TYPE_CHECKING

from ownergraph.cli.output import json_option, show

if TYPE_CHECKING:  # the analytics (pandas, the driver) load only when the command runs
    from ownergraph.graph.analytics.quality import QualityResult

LIMIT = 1000  # the default of graph.analytics.quality.LIMIT (kept light for `ownergraph --help`)

_TITLE = {"over_100": "shareholder totals over 100%", "missing_stake": "holdings without a stake",
          "self_holding": "self-holdings", "stub": "stubs (no record of their own)",
          "dangling": "dangling references (to stubs)"}


def quality_lines(res: QualityResult) -> list[str]:
    """The issues for a person: a count per kind, then one line per issue."""
    from ownergraph.graph.analytics.quality import KINDS

    lines = [f"data quality as of {res.clock.as_of.isoformat()}, known at {res.clock.known_at.isoformat()}: "
             + ", ".join(f"{n} {k}" for k, n in res.counts.items())]
    for kind in KINDS:
        mine = [i for i in res.issues if i["kind"] == kind]
        if not mine:
            continue
        more = " (row limit reached: at least this many)" if kind in res.truncated else ""
        lines.append(f"{_TITLE[kind]}: {len(mine)}{more}")
        lines += [f"  {i['entity_name'] or i['entity_key']} [{i['entity_key']}]: {i['detail']}" for i in mine]
    if not res.issues:
        lines.append("no issues found")
    return lines


@click.command("quality")
@click.option("--as-of", "as_of", metavar="DATE", help="Valid time (default: today).")
@click.option("--known-at", "known_at", metavar="DATE|DATETIME", help="Knowledge time (default: now).")
@click.option("--kind", "kinds", multiple=True, type=click.Choice(list(_TITLE)),  # = quality.KINDS
              help="Only these kinds of issue (repeatable; default: all).")
@click.option("--limit", default=LIMIT, show_default=True, help="At most this many issues per kind.")
@json_option
def quality_cmd(as_of: str | None, known_at: str | None, kinds: tuple[str, ...], limit: int, as_json: bool) -> None:
    """Graph-wide data-quality issues as of a date."""
    from ownergraph.domain.clock import make_clock
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.graph.store.connection import connect

    try:
        make_clock(as_of, known_at)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--as-of/--known-at") from err
    res = Analytics(connect()).quality.issues(as_of=as_of, known_at=known_at, kinds=kinds or None, limit=limit)
    show(res, quality_lines, as_json)


__all__ = ["quality_cmd", "quality_lines"]
