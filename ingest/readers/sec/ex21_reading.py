"""Which of two readings of an Exhibit 21 rendering to keep: the layout rules' rows
(:func:`ex21.layout_rows`) or the cell-class rows (:func:`ex21_assemble.cell_class_rows`). Each
reading is scored by what its rows are, not by any label: a row counts for it when its name is a
company's (a legal form) with a known place or a share, and against it when its "name" is no name
at all (a place, a sentence, a heading, a bullet). The cell-class reading is kept only when it
scores clearly higher (:data:`MARGIN`), as the layout rules were written on the lists of sets 11-14
and read them better; on lists they were not written against the cell classes often do."""

from __future__ import annotations

from ownergraph.ingest.readers.sec.ex21_cell_notes import trailing_mark
from ownergraph.ingest.readers.sec.ex21_classes import Kind, kind
from ownergraph.ingest.readers.sec.ex21_table import Row, has_form, known_place, owned_by

MARGIN = 1.5  # how much higher the cell-class reading must score to be kept


def score(rows: list[Row]) -> int:
    """Rows that read as a company with its place or share, less rows whose name is no name."""
    good = sum(1 for r in rows if has_form(r[1]) and ((r[2] and known_place(r[2])) or r[3]))
    bad = sum(1 for r in rows if kind(trailing_mark(owned_by(r[1])[0])[0]) != Kind.NAME)
    return good - bad


def better(layout: list[Row], classed: list[Row]) -> list[Row]:
    """The reading to keep: the cell classes' where they score above nothing and clearly above the
    layout rules'."""
    return classed if score(classed) > max(0.0, MARGIN * score(layout)) else layout


__all__ = ["MARGIN", "better", "score"]
