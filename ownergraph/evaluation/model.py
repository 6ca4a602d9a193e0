"""The evaluation question record, the constants the expected answers use, and the phrasing
helpers (see ``ownergraph.evaluation.questions``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import CONTAGION, OWNERS, PARENTS

if TYPE_CHECKING:  # pragma: no cover
    from ownergraph.evaluation.truth import TEdge

FAMILIES: tuple[str, ...] = (
    "multi_hop", "cycles", "banded", "as_of", "backtest", "alias", "corporate_action",
    "reporting_exception", "sanctions", "contagion", "no_relationship",
)
REAL_FAMILY_OF = {PARENTS.name: "reporting_exception"}
AS_OF = date(2024, 6, 30)
THRESHOLD = 25.0
EPS = 0.011  # percentage points: published figures carry two decimals
MAX_DEPTH = OWNERS.hops  # the depth an owners or stake question reads by default
CONTAGION_HOPS = CONTAGION.hops
FAR = date(9999, 12, 31)


@dataclass
class EvalQuestion:
    qid: str
    family: str
    text: str
    as_of: str | None
    known_at: str | None
    expected_entities: list[str]
    expected_edges: list[str]
    expected: dict[str, Any]
    figures: list[str | float] = field(default_factory=list)
    pattern: str = ""  # the question family the parser must read
    anchors: list[str] = field(default_factory=list)  # the names as written in the text
    source: str = "world"
    expected_pairs: list[tuple[str, str]] = field(default_factory=list)
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


# -- phrasing ------------------------------------------------------------------------------------


def q(name: str) -> str:
    """A name quoted for the parser (quotes are kept out of the anchor)."""
    if '"' not in name:
        return f'"{name}"'
    if "«" not in name and "»" not in name:
        return f"«{name}»"
    return f"“{name}”"


def iso(d: date | None) -> str | None:
    return d.isoformat() if d else None


def edge_pairs(edges: Iterable[TEdge]) -> list[tuple[str, str]]:
    return sorted({(e.source, e.target) for e in edges})


def fig(x: float) -> float:
    return round(x, 2)
