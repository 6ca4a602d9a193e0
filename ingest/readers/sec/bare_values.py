"""Forms 3/4/5 table values written bare (``<securityTitle>Common Stock</securityTitle>``) where
the EDGAR ownership schema wraps each in ``<value>`` (beside optional ``<footnoteId>``s), as
hand-made and cut-down forms do.

The text is unambiguous, so it is moved into a ``<value>`` child and read like any other; the
reader says so once per form (a note naming the elements), so the departure from the schema is
visible and nothing is guessed. An element that holds both bare text and ``<value>`` keeps its
``<value>``.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

# the schema's value-wrapped elements in table rows (securityTitle ... underlyingSecurityValue)
WRAPPED = frozenset({
    "securityTitle", "transactionDate", "deemedExecutionDate", "transactionTimeliness",
    "transactionShares", "transactionPricePerShare", "transactionTotalValue",
    "transactionAcquiredDisposedCode", "sharesOwnedFollowingTransaction", "valueOwnedFollowingTransaction",
    "directOrIndirectOwnership", "natureOfIndirectOwnership", "conversionOrExercisePrice", "exerciseDate",
    "expirationDate", "underlyingSecurityTitle", "underlyingSecurityShares", "underlyingSecurityValue",
})
TABLES = ("nonDerivativeTable", "derivativeTable")


def wrap_bare_values(root: Any) -> list[str]:
    """Move each bare table value into a ``<value>`` child; the element names moved, sorted."""
    moved: set[str] = set()
    for table in TABLES:
        for el in root.iterfind(f"{table}//*"):
            if el.tag not in WRAPPED or el.find("value") is not None:
                continue
            text = (el.text or "").strip()
            if not text:
                continue  # empty, or footnote-only: nothing stated
            el.text = None
            value = etree.Element("value")
            value.text = text
            el.insert(0, value)
            moved.add(el.tag)
    return sorted(moved)
