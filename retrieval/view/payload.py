"""A :class:`~graph.analytics.timeline.Timeline` as the page's data: nodes with fixed places,
and every edge version with its four dates as numbers the page compares directly.

Valid dates become day numbers (days since 1970-01-01) and knowledge instants milliseconds
since the epoch, rounded down: the page's knowledge slider stands for the end of a day, and
``known_from <= end of day D`` is then exactly ``known_from_ms < start of D+1`` (the same
reading ``domain.clock.make_clock`` gives a date).
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from ownergraph.domain.clock import Clock
from ownergraph.domain.vocabulary import edge_verb
from ownergraph.graph.analytics.notebook import edge_figure
from ownergraph.graph.analytics.timeline import Timeline, Version
from ownergraph.retrieval.view.layout import places

EPOCH = date(1970, 1, 1)
CHAIN_COLOURS = ("#2b5d8c", "#6a3d9a", "#33658a")  # the chain: blues and a violet
SIDE_COLOURS = ("#d95f02", "#1b9e77", "#e7298a", "#a6761d")  # lending, guarantees: warm and green
CITATION_KEYS = ("source_system", "source_record_id", "document_id", "locator", "source_file",
                 "validation_level", "statement_id", "claim_quote", "claim_page")


def day_number(d: date) -> int:
    return (d - EPOCH).days


def millis(t: datetime) -> int:
    t = t if t.tzinfo else t.replace(tzinfo=timezone.utc)
    return int(t.timestamp() * 1000) if t.year < 9999 else 253402300799000  # int(): rounds down


def _iso(value: Any) -> str:
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def colours(tl: Timeline) -> dict[str, str]:
    """One colour per edge type on the page, chain and side types from their own palettes."""
    out = {t: CHAIN_COLOURS[i % len(CHAIN_COLOURS)] for i, t in enumerate(tl.chain_types)}
    return out | {t: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, t in enumerate(tl.side_types)}


def edge_data(v: Version, side: bool, colour: str) -> dict[str, Any]:
    p = v.props
    return {
        "id": v.rid, "source": v.source, "target": v.target, "type": v.type, "side": side, "color": colour,
        "verb": edge_verb(v.type, p.get("fund_kind")), "label": edge_figure(p) or str(p.get("control_kind") or ""),
        "vf": day_number(p["valid_from"]), "vt": day_number(p["valid_to"]),
        "kf": millis(p["known_from"]), "kt": millis(p["known_to"]),
        "dates": {k: _iso(p[k]) for k in ("valid_from", "valid_to", "known_from", "known_to")},
        "cite": {k: str(p[k]) for k in CITATION_KEYS if p.get(k) not in (None, "")},
    }


def _span(versions: list[Version], clock: Clock) -> tuple[int, int]:
    """The sliders' range: every finite date on the page, the clock's and today's, a year each side."""
    days = [day_number(clock.as_of), day_number(clock.known_at.date()), day_number(date.today())]
    for v in versions:
        days += [day_number(v.props[k]) for k in ("valid_from", "valid_to") if 1 < v.props[k].year < 9999]
        days += [day_number(v.props[k].date()) for k in ("known_from", "known_to") if v.props[k].year < 9999]
    return min(days) - 366, max(days) + 366


def payload(tl: Timeline, clock: Clock, title: str = "") -> dict[str, Any]:
    """Everything the page draws and filters, as JSON-able data."""
    side, where, palette = set(tl.side_types), places(tl), colours(tl)
    nodes = [{"id": k, "name": str(p.get("name") or k), "kind": str(p.get("kind") or ""),
              "lei": str(p.get("lei") or ""), "center": k == tl.center,
              "x": where.get(k, (0.0, 0.0))[0], "y": where.get(k, (0.0, 0.0))[1]}
             for k, p in tl.nodes.items()]
    lo, hi = _span(tl.versions, clock)
    return {
        "title": title or f"{tl.nodes.get(tl.center, {}).get('name') or tl.center}",
        "center": tl.center, "depth": tl.depth, "nodes": nodes,
        "edges": [edge_data(v, v.type in side, palette.get(v.type, "#777")) for v in tl.versions],
        "clock": {"as_of": day_number(clock.as_of), "known_at": day_number(clock.known_at.date())},
        "range": {"lo": lo, "hi": hi},
    }
