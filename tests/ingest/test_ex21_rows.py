"""The one way the Exhibit 21 rules assemble rows (ingest/readers/sec/ex21_rows.py): lines
joined with their continuation, a row given its holder, a row given a place or percent."""

from __future__ import annotations

from ownergraph.ingest.readers.sec.ex21_rows import PERCENT, PLACE, fill, held_by, join_lines
from ownergraph.ingest.readers.sec.ex21_table import owned_by


def _open(line: str, _: str) -> bool:
    return line.count("(") > line.count(")")


def test_joined_lines_keep_every_later_line_at_its_number() -> None:
    lines = ["Acme L.P. (d/b/a", "Acme Foods", "of Ohio)", "Bexley Inc."]
    assert join_lines(lines, _open, most=2) == ["Acme L.P. (d/b/a Acme Foods of Ohio)", "", "", "Bexley Inc."]


def test_a_join_takes_no_more_lines_than_allowed_and_stops_at_a_blank_line() -> None:
    assert join_lines(["Acme (a", "b", "c)"], _open, most=1) == ["Acme (a b", "", "c)"]
    assert join_lines(["Acme (a", "", "b)"], _open, most=2) == ["Acme (a", "", "b)"]
    assert join_lines(["- ACME", "BANK LTD"], lambda a, b: a.startswith("- "),
                      join=lambda a, b: f"{a}-{b}") == ["- ACME-BANK LTD", ""]


def test_a_row_held_by_a_named_holder_is_read_as_such_and_replaces_an_earlier_one() -> None:
    row = ("line[3]", "Acme GmbH", "Germany", None, 0.0)
    held = held_by(row, "Acme Holdings B.V.", "100%")
    assert owned_by(held[1]) == ("Acme GmbH", "Acme Holdings B.V.")
    assert held[2:] == ("Germany", "100%", 0.0) and held[0] == "line[3]"
    again = held_by(held, "Acme Europe S.A.", None)
    assert owned_by(again[1]) == ("Acme GmbH", "Acme Europe S.A.") and again[3] is None


def test_a_place_or_percent_from_elsewhere_never_overwrites_the_rows_own() -> None:
    row = ("line[1]", "Acme Ltd", None, "60%", 0.0)
    assert fill(row, PLACE, "Ireland") == ("line[1]", "Acme Ltd", "Ireland", "60%", 0.0)
    assert fill(row, PERCENT, "100%") == row
