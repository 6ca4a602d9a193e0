"""What ``counterparties``, ``holdings`` and ``group`` print for a person: a heading sentence
with the clocks, then one line per counterparty or held entity (name, figure, dates, the chain
in short). The full detail is in ``--json``."""

from __future__ import annotations

from typing import Any

from ownergraph.cli.text import day, interval_pct, money, plural, table, wrap
from ownergraph.cli.views import MAX_ROWS, STATUS_WORDS, clock, short_path


def _more(n: int) -> list[str]:
    return [f"  … {n - MAX_ROWS} more (--json gives all)"] if n > MAX_ROWS else []


def _limit(res: Any) -> str:
    return f" (depth limit {res.max_depth} reached: at least these)" if res.depth_limit_reached else ""


def counterparties(res: Any) -> list[str]:
    asked = ", ".join(res.roles).replace("guaranteed", "parties it guarantees")
    out = [wrap(f"Counterparties of {res.entity.name} ({asked}), {clock(res.as_of, res.known_at)}")]
    if not res.rows:
        return out + ["No lending or guarantee of the kind asked."]
    body = [[r.name or r.key, r.role, money(r.amount, r.currency) if r.amount is not None else "not stated",
             day(r.valid_from) or "not stated", day(r.valid_to) or "open", r.document_id or r.source_system or ""]
            for r in res.rows[:MAX_ROWS]]
    out += table(["counterparty", "as", "amount", "since", "until", "source"], body, right={2}, flex=(0, 5))
    totals = "; ".join(f"{money(v, c)} as {role}" for (role, c), v in sorted(res.totals().items(), key=str))
    return out + _more(len(res.rows)) + ([wrap(f"Stated amounts: {totals}.")] if totals else [])


def holdings(res: Any) -> list[str]:
    members = ", ".join(m.name for m in res.holder.members)
    what = "controls" if res.basis == "control" else "owns or controls"
    out = [wrap(f"What {members} {what}, {clock(res.as_of, res.known_at)}{_limit(res)}")]
    if not res.rows:
        return out + ["No shareholding or control."]
    body = [[r.name or r.key, interval_pct(r.direct, 4) or "–", interval_pct(r.effective, 4),
             STATUS_WORDS.get(r.control, r.control), short_path(r.paths[0].names) if r.paths else "direct"]
            for r in res.rows[:MAX_ROWS]]
    out += table(["entity", "direct", "effective", "controlled?", "via"], body, right={1, 2}, flex=(0, 4))
    return out + _more(len(res.rows)) + [wrap(f"note: {w.message}") for w in res.warnings]


def group(res: Any) -> list[str]:
    names = " and ".join(n or k for n, k in zip(res.controller_names, res.controllers))
    rows = [r for r in res.rows if r.status != "not"]
    out = [wrap(f"The group of {names}: {names} and {plural(len(rows), 'entity', 'entities')} "
                f"{'they control' if len(res.controllers) > 1 else 'it controls'}, "
                f"{clock(res.as_of, res.known_at)}{_limit(res)}")]
    if not rows:
        return out + ["Nothing else is controlled: the group is the controller alone."]
    body = [[r.name or r.key, STATUS_WORDS.get(r.status, r.status), interval_pct(r.measure, 4),
             len(r.contributions)]
            for r in rows[:MAX_ROWS]]
    out += table(["entity", "controlled?", "held by the group", "links"], body, right={2, 3}, flex=(0,))
    return out + _more(len(rows)) + [wrap(f"note: {w.message}") for w in res.warnings]
