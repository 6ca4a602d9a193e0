"""Plain text for people: percentages, days, and tables that fit the terminal (80 columns too).

Only the standard library, so ``ownergraph --help`` and the simple commands start fast.
"""

from __future__ import annotations

import math
import shutil
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

GAP = "  "


def width() -> int:
    """The terminal's width (``COLUMNS`` when set), at least 40."""
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def missing(v: Any) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v))


def pct(lo: Any, hi: Any = None, digits: int = 4) -> str:
    """``0.725`` -> ``72.5%``; a band ``(0.25, 0.5)`` -> ``25–50%``; nothing -> ``""``."""
    if missing(lo):
        return ""
    lo = float(lo)
    hi = lo if missing(hi) else float(hi)
    if abs(hi - lo) < 1e-12:
        return f"{_sig(lo * 100, digits)}%"
    return f"{_sig(lo * 100, digits)}–{_sig(hi * 100, digits)}%"


def _sig(v: float, digits: int) -> str:
    """``v`` to ``digits`` significant digits, halves rounded up (36.25 -> 36.3, not 36.2)."""
    from decimal import ROUND_HALF_UP, Decimal

    d = Decimal(repr(v))
    if d == 0:
        return "0"
    step = Decimal(1).scaleb(d.adjusted() - digits + 1)
    return format(d.quantize(step, rounding=ROUND_HALF_UP).normalize(), "f")


def interval_pct(iv: Any, digits: int = 4) -> str:
    """An Interval (``.lo``/``.hi``) or a ``{"lo", "hi"}`` mapping as a percentage."""
    if iv is None:
        return ""
    if isinstance(iv, dict):
        return pct(iv.get("lo"), iv.get("hi"), digits)
    return pct(getattr(iv, "lo", None), getattr(iv, "hi", None), digits)


def day(v: Any) -> str:
    """A date, datetime or ISO string as ``YYYY-MM-DD``; open ends as ``""``."""
    if missing(v):
        return ""
    s = v.iso_format() if hasattr(v, "iso_format") else v.isoformat() if hasattr(v, "isoformat") else str(v)
    s = s[:10]
    return "" if s.startswith(("9999", "0001")) else s


def moment(v: Any) -> str:
    """A knowledge time to the minute: ``2024-06-30`` or ``2024-06-30 14:05 UTC``."""
    if missing(v):
        return ""
    s = v.isoformat() if hasattr(v, "isoformat") else str(v)
    if len(s) <= 10:
        return s
    utc = s.endswith(("+00:00", "Z"))
    return f"{s[:10]} {s[11:16]}" + (" UTC" if utc else "")


def money(amount: Any, currency: Any = None) -> str:
    if missing(amount):
        return ""
    return f"{currency or ''} {float(amount):,.0f}".strip()


def money_short(amount: Any, currency: Any = None) -> str:
    """For tables: ``EUR 150m``, ``USD 2.5bn``, ``GBP 250k``."""
    if missing(amount):
        return ""
    v = float(amount)
    for size, unit in ((1e9, "bn"), (1e6, "m"), (1e3, "k")):
        if abs(v) >= size:
            return f"{currency or ''} {v / size:.4g}{unit}".strip()
    return f"{currency or ''} {v:,.0f}".strip()


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def clip(text: str, n: int) -> str:
    return text if len(text) <= n else (text[: max(n - 1, 0)] + "…" if n > 0 else "")


def wrap(text: str, indent: str = "") -> str:
    """A paragraph folded to the terminal width."""
    return textwrap.fill(text, width(), initial_indent=indent, subsequent_indent=indent + "  ",
                         break_on_hyphens=False)


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]], *, right: Iterable[int] = (),
          flex: Sequence[int] = (), indent: str = "  ", floor: int = 12) -> list[str]:
    """Rows under a header, one line per row, fitted to the terminal.

    When the natural widths do not fit, the ``flex`` columns (paths, then names) are narrowed
    in the order given, each down to its header's width (at least ``floor``), and their cells cut with
    "…"; every other column keeps its width.
    """
    cells = [[str(c) for c in row] for row in rows]
    right = set(right)
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    room = width() - len(indent) - len(GAP) * (len(headers) - 1)
    for i in (j for j in flex if j < len(widths)):
        if sum(widths) <= room:
            break
        widths[i] = max(max(len(headers[i]), floor), widths[i] - (sum(widths) - room))
    lines = []
    for row in [list(headers)] + cells:
        parts = [clip(c, widths[i]) for i, c in enumerate(row)]
        parts = [p.rjust(widths[i]) if i in right else p.ljust(widths[i]) for i, p in enumerate(parts)]
        lines.append((indent + GAP.join(parts)).rstrip())
    return lines


def pairs(items: Iterable[tuple[str, Any]], indent: str = "") -> list[str]:
    """``key: value`` lines, keys aligned; nested mappings indented below their key."""
    items = list(items)
    if not items:
        return []
    pad = max(len(k) for k, _ in items) + 1
    out: list[str] = []
    for key, value in items:
        if isinstance(value, dict):
            out.append(f"{indent}{key}:")
            out += pairs([(str(k), v) for k, v in value.items()], indent + "  ")
        else:
            text = "" if value is None else value if isinstance(value, str) else plain(value)
            out.append(clip(f"{indent}{(key + ':').ljust(pad)} {text}".rstrip(), width()))
    return out


def plain(v: Any) -> str:
    """One value as a person reads it: no ``True``/``False``/``nan``/``None``."""
    if missing(v):
        return ""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:,.4g}" if abs(v) < 1e6 else f"{v:,.0f}"
    if isinstance(v, (list, tuple)):
        return ", ".join(plain(x) for x in v)
    if hasattr(v, "isoformat") or hasattr(v, "iso_format"):
        return day(v) if len(str(v)) <= 10 else moment(v)
    return str(v)
