"""What each analytics command prints for a person: a heading sentence, then one line per party
with the few columns a reader needs (name, stake or band, status, the path in short, dates).
The full detail is in ``--json`` and the result's DataFrame.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ownergraph.domain.vocabulary import CHANNELS, edge_verb
from ownergraph.domain.codes import exception_reasons_text
from ownergraph.cli.text import (
    clip, day, interval_pct, missing, moment, money, money_short, pct, plain, plural, table, wrap,
)

STATUS_WORDS = {"certainly": "yes", "possibly": "maybe", "not": "no", "self": "itself"}
CHANNEL_NOUNS = {c.name: c.party for c in CHANNELS.values()}


def relation(row: dict[str, Any]) -> str:
    """How an edge reads ("owns", "is managed by"): GLEIF's fund relationship kinds apart."""
    return edge_verb(str(row["type"]), row.get("fund_kind"))


MAX_ROWS = 200


def clock(as_of: Any, known_at: Any) -> str:
    return f"as of {day(as_of)}, known at {moment(known_at)}"


def short_path(names: Sequence[Any], *, keep: int = 3) -> str:
    """The parties between the two ends, nearest first: ``via A › B`` or ``direct``."""
    middle = [str(n) for n in names[1:-1] if n]
    if not middle:
        return "direct"
    if len(middle) > keep:
        middle = middle[:1] + [f"… {len(middle) - 2} more …"] + middle[-1:]
    return " › ".join(middle)


def _more(n: int) -> list[str]:
    return [f"  … {n - MAX_ROWS} more (--json gives all)"] if n > MAX_ROWS else []


def _warnings(warnings: Iterable[Any]) -> list[str]:
    return [wrap(f"note: {getattr(w, 'message', w)}") for w in warnings]


_CLAIM_KEYS = ("document_id", "source_file", "claim_page", "claim_quote", "claim_method", "claim_confidence")


def claim_notes(edges: Iterable[Any]) -> list[str]:
    """The relationships read from documents (text claims, not registry facts) that an answer
    rests on, each with its document, page and the sentence that states it."""
    from ownergraph.graph.load.claims import TEXT_CLAIM, claim_note

    out, seen = [], set()
    for e in edges:
        key = (_field(e, "document_id"), _field(e, "claim_quote"), _field(e, "source"), _field(e, "target"))
        if _field(e, "source_kind") != TEXT_CLAIM or key in seen:
            continue
        seen.add(key)
        out.append(wrap(f"text claim, {claim_note({k: _field(e, k) for k in _CLAIM_KEYS})}", "  "))
    return out


def _path_edges(paths: Iterable[Any]) -> Iterator[Any]:
    return (e for p in paths for step in getattr(p, "steps", ()) for e in step.edges)


def _party(name: Any, is_person: Any = False, is_ultimate: Any = False) -> str:
    """A name with its kind: "(UBO)" for an ultimate natural person, "(ultimate)", "(person)"."""
    tag = "UBO" if is_person and is_ultimate else "ultimate" if is_ultimate else "person" if is_person else ""
    return f"{name or '?'}{f' ({tag})' if tag else ''}"


# -- ownership ------------------------------------------------------------------------------
def _field(obj: Any, name: str) -> Any:
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


def _since(path: Any) -> str:
    """When the chain became true: the latest valid-from along its edges."""
    starts = [day(_field(e, "valid_from")) for step in getattr(path, "steps", ()) for e in step.edges]
    starts = [s for s in starts if s]
    return max(starts) if starts else ""


def _limit(res: Any) -> str:
    """" (depth limit N reached)" where the result says entities beyond N hops were not read."""
    return f" (depth limit {res.max_depth} reached)" if getattr(res, "depth_limit_reached", False) else ""


def owners(res: Any, show_all: bool = False) -> list[str]:
    out = [wrap(f"Owners of {res.target_name or res.target} ({res.target}) under rule {res.rule} "
                f"(threshold {pct(res.threshold)}), {clock(res.as_of, res.known_at)}"
                + (f"; at least these{_limit(res)}" if _limit(res) else ""))]
    rows = [r for r in res.rows if show_all or r.status != "not"]
    if not rows:
        out.append(f"No owner or controller meets the rule within {res.max_depth} hops{_limit(res)}."
                   if _limit(res) else "No owner or controller meets the rule.")
    else:
        body = []
        for r in rows[:MAX_ROWS]:
            path = r.paths[0] if r.paths else (r.control_paths[0] if getattr(r, "control_paths", ()) else None)
            held = ("control" if r.basis == "control" else f"{interval_pct(r.voting, 3)} votes"
                    if r.basis == "voting_rights" and getattr(r, "voting", None) is not None else interval_pct(r.stake, 3))
            body.append([_party(r.name, r.is_natural_person, r.is_ultimate), held,
                         STATUS_WORDS.get(r.status, r.status),
                         short_path(path.names) if path else "", _since(path) if path else ""])
        out += table(["owner", "stake", "owner?", "via", "since"], body, right={1}, flex=(3, 0))
        out += _more(len(rows))
        out += claim_notes(_path_edges(p for r in rows[:MAX_ROWS] for p in r.paths))
    ultimate = [next((r.name for r in res.rows if r.key == k), k) for k in getattr(res, "ultimate_controllers", ())]
    if ultimate:
        out.append(wrap(f"ultimate controller(s), controlled by nobody read: {', '.join(str(n) for n in ultimate)}"))
    return out + _warnings(res.warnings)


def stake(res: Any) -> list[str]:
    held = interval_pct(res.stake) or "0%"
    held = f"at least {pct(res.stake.lo)}{_limit(res)}" if _limit(res) else held
    out = [wrap(f"{res.owner_name} holds {held} of {res.owned_name} "
                f"({res.semantics.replace('_', ' ')}, {res.interest.replace('_', ' ')}; "
                f"{clock(res.as_of, res.known_at)})")]
    if res.paths:
        body = [[" › ".join(str(n) for n in p.names), interval_pct(p.product, 3), len(p.names) - 1, _since(p)]
                for p in res.paths[:MAX_ROWS]]
        out += table(["chain", "stake", "hops", "since"], body, right={1, 2}, flex=(0,))
        out += _more(len(res.paths))
        out += claim_notes(_path_edges(res.paths[:MAX_ROWS]))
    used = getattr(res, "basis", "") == "declared_indirect"
    for e in getattr(res, "declared", ())[:MAX_ROWS]:  # the source's own figure, with its source
        out.append(wrap(f"declared indirect interest{' (used in the stake)' if used else ''}: "
                        f"{interval_pct(e.stake) if e.stake else 'no figure'}, "
                        f"{e.source_system or 'source ?'} {e.source_record_id or e.document_id or ''}".rstrip()))
    return out + _warnings(res.warnings)


# -- exposure / contagion -------------------------------------------------------------------
def exposure(res: Any) -> list[str]:
    members = ", ".join(m.name for m in res.who.members)
    out = [wrap(f"Our positions in what {members} control, {clock(res.clock.as_of, res.clock.known_at)}")]
    totals = res.totals().to_dict("records")
    if not totals:
        return out + ["No position faces anything they control."]
    for t in totals:
        possible = float(t["amount"]) - float(t["amount_certain"])
        out.append(f"  total {money(t['amount'], t['currency'])} in {plural(int(t['positions']), 'position')}"
                   + (f" ({money(possible, t['currency'])} only possibly controlled)" if possible > 0 else ""))
    body = [[p.portfolio, p.issuer_name or p.issuer, money_short(p.amount, p.currency),
             STATUS_WORDS.get(p.control_status, p.control_status),
             short_path(list(p.path_names)[::-1], keep=2) if len(p.path) > 1 else "direct"]
            for p in res.positions[:MAX_ROWS]]
    out += table(["portfolio", "issuer", "amount", "controlled?", "via"], body, right={2}, flex=(4, 1, 0))
    return out + _more(len(res.positions))


def contagion_rows(res: Any) -> list[list[Any]]:
    """One row per affected party: its hop count, channels, stated amounts and largest stake."""
    rows = []
    for a in res.affected:
        channels = ", ".join(dict.fromkeys(CHANNEL_NOUNS.get(c, c) for c in a.channels))
        at_risk = ", ".join(money_short(v, c) for c, v in sorted(a.amount_at_risk.items()))
        equity = a.equity_stake
        if equity is not None:
            at_risk = ", ".join(x for x in (at_risk, pct(*equity, digits=3)) if x)
        rows.append([a.name, a.hops, channels, at_risk, short_path(a.path_names[::-1])])
    return rows


def contagion(res: Any) -> list[str]:
    out = [wrap(f"Who is hit if {res.defaulted.name} defaults, "
                f"{clock(res.clock.as_of, res.clock.known_at)} (channels: {', '.join(res.types)})")]
    rows = contagion_rows(res)
    if not rows:
        return out + ["No guarantee, loan or ownership exposes anyone to this default."]
    out += table(["party", "hops", "as", "at risk", "via"], rows[:MAX_ROWS], right={1}, flex=(4, 3, 0), floor=10)
    out += _more(len(rows))
    out += claim_notes(e for a in res.affected[:MAX_ROWS] for e in a.exposures)
    totals = res.totals().to_dict("records")
    if totals:
        out.append("Stated amounts at risk: " + "; ".join(
            f"{money(t['amount'], t['currency'])} at {plural(int(t['hops']), 'hop')}" for t in totals) + ".")
    return out


# -- structure ------------------------------------------------------------------------------

def path(res: Any) -> list[str]:
    from ownergraph.retrieval.answer.hops import hop_text  # in-function: `--help` starts without pandas

    out = [wrap(res.message)]
    if res.found and res.steps:
        # one row per hop: every edge between its two entities, with its direction
        body = [[i + 1, s["source_name"], hop_text(s), s["target_name"]] for i, s in enumerate(res.steps)]
        out += table(["hop", "from", "relations (arrow: the way each edge points)", "to"], body, right={0}, flex=(1, 3))
        out += claim_notes(e for s in res.steps for e in s["edges"])
    return out


def cycles(res: Any) -> list[str]:
    n = len(res.components)
    where = f"around {res.around.name}" if res.around is not None else "in the graph"
    out = [f"{plural(n, 'cross-holding group')} {where}"
           + ("" if not n or res.around is None else " (it is in one)" if res.has_cycle else " (it is in none)")]
    rows = res.to_frame().to_dict("records")
    body = [[r["component"], r["source_name"], edge_verb(str(r["type"])),
             r["target_name"], pct(r.get("stake_lo"), r.get("stake_hi"))] for r in rows]
    return out + (table(["group", "from", "relation", "to", "stake"], body, right={0}, flex=(1, 3)) if body else [])


def parent_lines(level: Any) -> list[str]:
    what = f"{level.level} parent"
    if level.status == "reported":
        return [f"{what}: {p['target_name'] or p['target']} ({p['target']})"
                + (f", since {day(p.get('valid_from'))}" if day(p.get("valid_from")) else "")
                + (f", until {day(p.get('valid_to'))}" if day(p.get("valid_to")) else "")
                for p in level.parents]
    if level.status == "exception":
        return [f"{what}: not reported ({exception_reasons_text(x)})"
                for x in level.exceptions]
    return [f"{what}: none reported"]


def parents(res: Any) -> list[str]:
    out = [wrap(f"Accounting parents of {res.entity.name} ({res.entity.key}), "
                f"{clock(res.clock.as_of, res.clock.known_at)}")]
    return out + [wrap(line, "  ") for lv in (res.direct, res.ultimate) for line in parent_lines(lv)]


def sanctions_near(res: Any, hops: int) -> list[str]:
    rows = list(res.rows)
    out = [f"Entities within {plural(hops, 'hop')} of a sanctioned entity: {len(rows) or 'none'}"]
    body = [[r["name"], r["distance"], r["sanctioned_name"],
             " ".join(x for x in (r.get("authority"), r.get("programme")) if x)] for r in rows[:MAX_ROWS]]
    if body:
        out += table(["entity", "hops", "sanctioned", "by"], body, right={1}, flex=(3, 0, 2))
    return out + _more(len(rows))


# -- history --------------------------------------------------------------------------------
def _stake_cell(r: dict[str, Any]) -> str:
    from ownergraph.retrieval.answer.parts import stake_change  # in-function: `--help` starts without pandas

    before, after = r.get("stake_before"), r.get("stake_after")
    return "" if missing(before) and missing(after) else stake_change(before, after)


def diff(res: Any) -> list[str]:
    out = [wrap(f"Changes in the ownership and control of {res.entity.name} from {day(res.clock_a.as_of)} "
                f"to {day(res.clock_b.as_of)} (known at {moment(res.clock_b.known_at)})")]
    rows = res.to_frame().to_dict("records")
    events = _events(getattr(res, "events", []))
    if not rows:
        return out + (events or ["No change."])
    body = [[r["change"], f"{r['source_name']} {edge_verb(str(r['type']))} "
             f"{r['target_name']}", _stake_cell(r),
             plain(r.get("cause_document_id") or r.get("cause_action"))] for r in rows[:MAX_ROWS]]
    return out + table(["change", "relationship", "stake", "cause"], body, flex=(1, 3)) + _more(len(rows)) + events


def _events(events: list[dict[str, Any]]) -> list[str]:
    """Events of the period: type, effective vs recorded date, group, old -> new values."""
    from ownergraph.retrieval.answer.parts import code_words  # in-function: `--help` starts without pandas

    if not events:
        return []
    out = ["Events:"]
    for e in events[:MAX_ROWS]:
        line = code_words(e["type"]) + (f" ({code_words(e['status'])})" if e.get("status") else "")
        line += f", effective {day(e['effective'])}"
        line += f", recorded {moment(e['recorded'])}" if e.get("recorded") else ""
        if e.get("group_type") or e.get("group_id"):
            line += f", group {code_words(e.get('group_type'))}" + (f" {e['group_id']}" if e.get("group_id") else "")
        changes = "; ".join(f"{code_words(c['field'])} {c.get('old') or '(not stated)'}"
                            f" → {c.get('new') or '(not stated)'}" for c in e.get("changes") or [])
        out.append(wrap(line + (f": {changes}" if changes else ""), indent="  "))
    return out + _more(len(events))


def children(res: Any) -> list[str]:
    """X's accounting children per level; a list the source gave in part says so."""
    out = [wrap(f"Accounting children of {res.entity.name} as of {day(res.clock.as_of)}")]
    for lv in (res.direct, res.ultimate):
        head = f"{lv.level}: {len(lv.children)}" + (f" ({lv.note}: the list is partial)" if lv.partial else "")
        out.append(wrap(head, indent="  "))
        out += [f"    {c['source_name'] or c['source']} ({c['source']})" for c in lv.children[:MAX_ROWS]]
        out += _more(len(lv.children))
    return out


def frame_table(frame: Any, title: str) -> list[str]:
    """Any result table (backtest), its values in plain words."""
    rows = frame.head(MAX_ROWS).to_dict("records")
    out = [title]
    if not rows:
        return out + ["  none"]
    cols = list(frame.columns)
    body = [[clip(pct(v) if c.startswith("stake") and isinstance(v, float) else plain(v), 40) for c, v in r.items()]
            for r in rows]
    return out + table(cols, body, flex=tuple(range(len(cols)))) + _more(len(frame))
