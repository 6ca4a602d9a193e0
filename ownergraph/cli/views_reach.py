"""Lines for a person for the neighbourhood, names and screening commands: the same facts, and
the same sentences for each edge, as the answers of ``ask`` (``retrieval.kinds``)."""

from __future__ import annotations

from typing import Any

from ownergraph.cli.text import plural, table

MAX_ROWS = 200


def _clock(res: Any) -> str:
    return f"as of {res.clock.as_of.isoformat()}, known at {res.clock.known_at.isoformat(timespec='minutes')}"


def neighbourhood(res: Any) -> list[str]:
    from ownergraph.retrieval.kinds.neighbourhood import via  # in-function: `--help` starts without the parser

    names = ", ".join(m.name for m in res.around)
    out = [f"Within {plural(res.hops, 'hop')} of {names} over {', '.join(res.kinds)} ({_clock(res)}): "
           f"{len(res.rows) or 'nothing'}"]
    body = [[r["name"], r["distance"], via(r)] for r in list(res.rows)[:MAX_ROWS]]
    if body:
        out += table(["entity", "hops", "linked by"], body, right={1}, flex=(2, 0, 4))
    if res.more_beyond:
        out.append(f"  more entities lie beyond {plural(res.hops, 'hop')} (--hops reads further)")
    return out


def names(res: Any) -> list[str]:
    head = f"{res.name}" + (f" (LEI {res.lei})" if res.lei else "")
    out = [f"{head}: names and identifiers ({_clock(res)}); called {res.name_then} then"]
    body = [[r["name"], r["role"].replace("_", " "), (r.get("scheme") or "").replace("_", " "),
             " to ".join(str(x) for x in (r.get("valid_from") or "…", r.get("valid_to") or "…")),
             r.get("document_id") or ""] for r in res.rows]
    return out + (table(["name / identifier", "what", "scheme", "valid", "source"], body, flex=(3, 1, 1, 1, 1))
                  if body else ["  no previous name, alias or other identifier recorded"])


def screening(res: Any) -> list[str]:
    from ownergraph.retrieval.answer.parts import money  # in-function: `--help` starts without pandas

    scope = "owned or controlled by" if res.hops is None else f"within {plural(res.hops, 'hop')} of"
    parties = "; ".join(p["name"] for p in res.parties) or "none"
    out = [f"Positions {scope} a sanctioned party ({_clock(res)}): {len(res.rows) or 'none'}",
           f"  sanctioned parties at the clock: {parties}"]
    body = [[r["portfolio"], r["instrument"], r["issuer_name"], money(r["amount"], r["currency"]),
             r["basis"], r["party_name"], r["path_names"]] for r in list(res.rows)[:MAX_ROWS]]
    if body:
        out += table(["portfolio", "instrument", "issuer", "amount", "basis", "party", "chain"], body,
                     right={3}, flex=(1, 1, 2, 1, 1, 1, 3))
        out.append("  total: " + ", ".join(money(v, c) for c, v in res.totals().items()))
    return out


def branches(res: Any) -> list[str]:
    out = [f"{res.entity.name}: branches and head office ({_clock(res)}): {len(res.rows) or 'none recorded'}"]
    body = [[f"{r['name']} ({r['lei']})" if r.get("lei") else r["name"], r["role"], r.get("jurisdiction") or "",
             str(r.get("valid_from") or "")] for r in res.rows]  # an LEI beside its name
    return out + (table(["entity (LEI)", "is", "jurisdiction", "since"], body, flex=(3, 1, 1, 1)) if body else [])


def events(res: Any) -> list[str]:
    from ownergraph.retrieval.kinds.events import event_text  # in-function: `--help` starts without the parser

    who = res.entity.name + (f" and {res.other.name}" if res.other else "")
    out = [f"Events of {who} ({_clock(res)}): {len(res.rows) or 'none recorded'}"]
    body = [[str(r["date"] or "not stated"), event_text(r), r.get("document_id") or ""] for r in res.rows]
    return out + (table(["date", "event", "source"], body, flex=(0, 4, 1)) if body else [])
