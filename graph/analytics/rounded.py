"""A document's rounded figure beside a precise one for the same holding.

Prose rounds ("At December 31, 2001, the Company owned 37% of ATC"; "approximately 34%") where a
table or a registry gives the figure in full (the same filing's Exhibit 21: 37.295%). A rounded
figure that the precise one rounds to (within half a unit of its last stated digit) is the same
figure said less precisely: the precise one is the stake, the rounded one is noted beside it
(``claim_rounded``), and no band is widened. A text figure outside that tolerance still disagrees
and both stay (their hull, ``claim_disagrees`` / ``claim_beside_declared``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ownergraph.graph.analytics.interval import EPS, Interval

_MAX_DECIMALS = 6  # stakes are stored as fractions; percent figures carry at most a few decimals


def decimals(pct: float) -> int:
    """The decimals a percentage was stated with (37.0 -> 0, 37.295 -> 3)."""
    text = f"{pct:.{_MAX_DECIMALS}f}".rstrip("0")
    return len(text.split(".", 1)[1]) if "." in text else 0


def rounds_to(rounded: Interval, precise: Interval) -> bool:
    """Whether the exact figure ``rounded`` is ``precise`` (exact) stated with fewer decimals."""
    if not (rounded.is_exact and precise.is_exact):
        return False
    r, p = rounded.lo * 100, precise.lo * 100
    places = decimals(r)
    return places < decimals(p) and abs(r - p) <= 0.5 * 10 ** -places + EPS


def drop_rounded(items: Sequence[tuple[str, Interval | None]],
                 is_claim: Callable[[str], bool]) -> tuple[list[tuple[str, Interval | None]], list[str]]:
    """``items`` (edge id, stake) of one pair without the text claims whose figure a more precise
    figure among them rounds to, and the ids of those left out."""
    precise = [iv for _, iv in items if iv is not None and iv.is_exact]
    kept, dropped = [], []
    for rid, iv in items:
        if iv is not None and is_claim(rid) and any(rounds_to(iv, p) for p in precise):
            dropped.append(rid)
        else:
            kept.append((rid, iv))
    return kept, dropped


__all__ = ["decimals", "drop_rounded", "rounds_to"]
