"""Exhibit 21 pages as a page renderer gives them as text (held-out reader sets 9 and 10, development
data since; those files are not stored here, so each exhibit below is written anew in the same
shape with made-up names): a table's cells one per line after a ``|``, a page run onto one line, a
name wrapped over two lines, rows that are sentences naming their holder, an exhibit saying "None"."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership, Quarantined
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader

# a two-column table, each cell after its own "|", a cell's paragraph on the line under it
CELLS = """EXHIBIT 21
VARNLEY SYSTEMS CORPORATION
SUBSIDIARIES OF THE REGISTRANT
|
Name
|
Jurisdiction of Incorporation
|
Varnley Europe B.V.
|The Netherlands
|
Varnley Norte
|Mexico
|
Varnley Nordic AB
|Sweden"""

# a percent column under a header split over two rows, an empty middle column, a footnote under it
CELLS_PERCENT = """Exhibit 21.1
Subsidiaries of the Registrant
|
|
|
Ownership
|
Name
|
|
Percentage
|
Qingshan Crystal Technology
|
|
100
|
Hebei Rongda Wafer Co., Ltd *
|
|
52
* The Registrant's share fell from 60% to 52% during the year; it still consolidates the company."""

# numbered cells, rows that are sentences, the holder of the last one listed nowhere
SENTENCES = """|1.
|Tallis Holding B.V., a corporation organized under the laws of the Netherlands.
|2.
|Tallis Messtechnik GmbH, a corporation organized under the laws of Germany, is a wholly owned subsidiary of Tallis Holding B.V.
|3.
|Tallis Robotics, Inc., a corporation organized under the laws of the State of Ohio, is a wholly owned subsidiary of Tallis Instruments, Inc."""

RUN_ON = "ex21.htm EXHIBIT 21 SUBSIDIARIES Orrin Data GmbH Orrin Data Canada, Inc. Orrin Holding Company Orrin Sourcing Inc."

WRAPPED = """Exhibit 21
Subsidiaries of the Registrant
QuillGen
Therapeutics, Inc., a California Corporation
QuickLinks"""


def read(tmp_path: Path, name: str, text: str) -> list:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return list(Ex21Reader().read(path))


def edges(tmp_path: Path, name: str, text: str) -> dict[str, Ownership]:
    records = read(tmp_path, name, text)
    assert not [r for r in records if isinstance(r, Quarantined)]
    return {o.target.name: o for o in records if isinstance(o, Ownership)}


def test_cells_one_per_line_are_read_as_rows(tmp_path: Path) -> None:
    got = edges(tmp_path, "dex21.htm.txt", CELLS)
    # each place is its row's, never a subsidiary of its own; a name without a legal form is a row
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Varnley Europe B.V.": "NL", "Varnley Norte": "MX", "Varnley Nordic AB": "SE"}
    assert {o.source.name for o in got.values()} == {"VARNLEY SYSTEMS CORPORATION"}


def test_cells_one_per_line_with_a_percent_column(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex21d1.htm.txt", CELLS_PERCENT)
    assert {k: o.stake.exact for k, o in got.items()} == {
        "Qingshan Crystal Technology": 100.0, "Hebei Rongda Wafer Co., Ltd": 52.0}  # the note is no row


def test_rows_naming_their_holder_and_the_filer_they_name(tmp_path: Path) -> None:
    got = edges(tmp_path, "exv21.htm.txt", SENTENCES)
    assert {k: (o.source.name, o.target.jurisdiction, o.stake and o.stake.exact) for k, o in got.items()} == {
        # the holder no row lists is the filer, so the first row is its subsidiary too
        "Tallis Holding B.V.": ("Tallis Instruments, Inc.", "NL", None),
        "Tallis Messtechnik GmbH": ("Tallis Holding B.V.", "DE", 100.0),
        "Tallis Robotics, Inc.": ("Tallis Instruments, Inc.", "US-OH", 100.0)}


def test_a_page_run_onto_one_line_is_cut_at_legal_forms(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex21-1.htm.txt", RUN_ON)
    assert set(got) == {"Orrin Data GmbH", "Orrin Data Canada, Inc.", "Orrin Holding Company", "Orrin Sourcing Inc."}


def test_a_name_wrapped_over_two_lines(tmp_path: Path) -> None:
    got = edges(tmp_path, "zex-21.htm.txt", WRAPPED)
    assert {k: o.target.jurisdiction for k, o in got.items()} == {"QuillGen Therapeutics, Inc.": "US-CA"}


def test_a_group_heading_is_not_part_of_the_name_under_it(tmp_path: Path) -> None:
    text = "Exhibit 21\nSubsidiaries of the Registrant\nDomestic\nCarrow Inc., a Texas corporation\n"
    assert set(edges(tmp_path, "ex21.txt", text)) == {"Carrow Inc."}


def test_an_exhibit_saying_none_lists_nothing_and_loses_nothing(tmp_path: Path) -> None:
    assert read(tmp_path, "ex21.htm.txt", "EXHIBIT 21 LIST OF SUBSIDIARIES OF BRAMBLE PEAK ACQUISITION CORP None") == []


def test_a_holder_listed_under_a_shorter_name_is_not_taken_for_the_filer(tmp_path: Path) -> None:
    text = ("Exhibit 21\nSubsidiaries of the Registrant\nKestrel Audio Limited (United Kingdom)\n"
            "Kestrel Audio GmbH, a corporation organized under the laws of Germany, is a wholly owned subsidiary "
            "of Kestrel Audio\n")
    got = edges(tmp_path, "ex21.txt", text)
    # "Kestrel Audio" is the listed "Kestrel Audio Limited" without its form: the filer stays unnamed
    assert got["Kestrel Audio Limited"].source.name.startswith("Filer not named")
