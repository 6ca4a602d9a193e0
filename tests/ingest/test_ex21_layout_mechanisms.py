"""Exhibit 21 / 20-F Exhibit 8 layouts read by mechanism rather than by file (reader set 13's
shapes, development data since; every list here is composed anew with made-up names): a text
table with a column that is neither name, place nor percent, a rendering's header cells before the
first row, group headings that are places, numbered rows, and a heading sentence that makes all
rows but one wholly owned."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership
from tests.ingest.ex21_records import edges


def shares(got: dict[str, Ownership]) -> dict[str, float | None]:
    return {k: (o.stake.exact if o.stake else None) for k, o in got.items()}


# a trade-name column ("other": never a place) whose cell wraps onto a line of its own
TRADE_NAME_COLUMN = """<PAGE>
                                   EXHIBIT 8.1

<TABLE>
<CAPTION>
                                   Trade name under
Legal name of Subsidiary           which it trades      Jurisdiction of Incorporation    % Ownership
<S>                                <C>                  <C>                              <C>
Compania Minera Alta S.A.          Minalta              Peru                             55.0
                                   Minalta Norte
Refinadora del Sur S.A.            Resur                Chile                            81.5
</TABLE>
"""


def test_a_line_with_text_only_in_a_column_of_no_kind_is_no_row(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex8-1.txt", TRADE_NAME_COLUMN)
    assert shares(got) == {"Compania Minera Alta S.A.": 55.0, "Refinadora del Sur S.A.": 81.5}
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Compania Minera Alta S.A.": "PE", "Refinadora del Sur S.A.": "CL"}


# a rendering with a title, a date and a serial-number column before its header cells, a percent
# column headed in words of another kind ("% of Equity Shareholding"), numbered rows
SERIAL_HEADER = """EXHIBIT 8.1
We hold the following subsidiaries at June 30, 2019:
|
Serial No.
|
Name of the Subsidiary Company
|Country of
incorporation
|% of Equity
Shareholding
|
1.
|
Orvane Mobility Ltd.
|India
|100.00
|
2.
|
Orvane Europe GmbH
|Germany
|74.50
"""

# region headings among the rows (places the rows' own place column then repeats), a share-class
# column, a percent column headed "Held by the Group %" (a percent, not a parent column), a
# footnote mark in a cell of its own, the row's country in its name cell's last line
REGION_HEADINGS = """Exhibit 8
Principal subsidiaries
|at 31 March 2010
|
Class of
shares
|
Held by the Group
%
|Principal activities
|EUROPE
|Halvorsen Coatings Limited
England
|Ordinary
|
100
|Manufacture of coatings
|Halvorsen Finance BV
The Netherlands
|Ordinary
Preference
|
100
|Financial services
|ASIA
|Halvorsen Paints (Malaysia) Sdn Bhd
Malaysia
|Ordinary*
|
62
|Manufacture of paints
"""

REGION_HEADINGS_PLACE_CELLS = """Exhibit 8.1
|Significant Subsidiaries
|
|
Percentage of voting
|
At 30 June 2008
|
Country
|
share capital held
|
Principal activity
|
Europe
|
|
Brevik Pharma Limited
|
England
|
100
|
#
|
Research and marketing
|
Brevik Holding AB
|
Sweden
|
88
|
|
Holding company
|
Americas
|
Brevik Pharma Inc.
|
USA
|
100
|
|
Marketing
"""


def test_title_date_and_serial_cells_before_the_header_are_no_rows(tmp_path: Path) -> None:
    got = edges(tmp_path, "dex81.htm.txt", SERIAL_HEADER)
    assert shares(got) == {"Orvane Mobility Ltd.": 100.0, "Orvane Europe GmbH": 74.5}
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Orvane Mobility Ltd.": "IN", "Orvane Europe GmbH": "DE"}


def test_region_headings_and_class_cells_are_no_rows(tmp_path: Path) -> None:
    for text in (REGION_HEADINGS, REGION_HEADINGS_PLACE_CELLS):
        got = edges(tmp_path, "ex8.htm.txt", text)
        assert all(o.source.name != k for k, o in got.items())
        assert len(got) == 3, sorted(got)
        assert all(o.stake is not None for o in got.values()), shares(got)
    got = edges(tmp_path, "ex8.htm.txt", REGION_HEADINGS)
    assert shares(got) == {"Halvorsen Coatings Limited": 100.0, "Halvorsen Finance BV": 100.0,
                           "Halvorsen Paints (Malaysia) Sdn Bhd": 62.0}
    assert {o.source.name for o in got.values()} != {"Halvorsen Coatings Limited"}
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Halvorsen Coatings Limited": "GB", "Halvorsen Finance BV": "NL", "Halvorsen Paints (Malaysia) Sdn Bhd": "MY"}
    got = edges(tmp_path, "ex8.htm.txt", REGION_HEADINGS_PLACE_CELLS)
    assert shares(got) == {"Brevik Pharma Limited": 100.0, "Brevik Holding AB": 88.0, "Brevik Pharma Inc.": 100.0}
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Brevik Pharma Limited": "GB", "Brevik Holding AB": "SE", "Brevik Pharma Inc.": "US"}


def test_a_symbol_mark_after_the_percent_stays_out_of_the_name(tmp_path: Path) -> None:
    # "100†" with the "†" legend cut off the page: the name is the company's, without the mark
    got = edges(tmp_path, "ex8.htm.txt", REGION_HEADINGS.replace("|\n100\n|Manufacture of coatings",
                                                                 "|\n100\u2020\n|Manufacture of coatings"))
    assert "Halvorsen Coatings Limited" in got
    assert got["Halvorsen Coatings Limited"].stake.exact == 100.0


# a plain-text list numbered in a column of its own (the number, then a gap, then the name)
NUMBER_COLUMN = """<PAGE>
                                                   Exhibit 21

          LIST OF SUBSIDIARIES OF TARRANT HOMES OPERATING LIMITED PARTNERSHIP

        ENTITY
        ------------------------------------------------------------

1       OAKMERE APARTMENT TRUST
2       TARRANT RESIDENTIAL MANAGEMENT CORP
10      12 WILLOW STREET, LLC
11\tPINE RIDGE HOMES, L.P.
"""


def test_a_number_column_is_no_part_of_the_name(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex-21.txt", NUMBER_COLUMN)
    assert set(got) == {"OAKMERE APARTMENT TRUST", "TARRANT RESIDENTIAL MANAGEMENT CORP", "12 WILLOW STREET, LLC",
                        "PINE RIDGE HOMES, L.P."}
    assert {o.source.name for o in got.values()} == {"TARRANT HOMES OPERATING LIMITED PARTNERSHIP"}


# "all of which but X are wholly owned": every row at 100 % but the one named, whose name has
# full stops of its own
ALL_BUT_ONE = """Exhibit 21
The Company has the following subsidiaries, all of which but Brantley Realty Partners, L.P. and Esk Holdings, Inc. are wholly owned.
|State of Incorporation
|Subsidiary
|or Organization
|
Brantley Realty Partners, L.P.
|Delaware
|
Carrow Funding, Inc.
|Nevada
|
Dunmore Apartments LLC
|Texas
|
Esk Holdings, Inc.
|Ohio
"""


def test_all_but_the_named_rows_are_wholly_owned(tmp_path: Path) -> None:
    got = edges(tmp_path, "dex21.htm.txt", ALL_BUT_ONE)
    assert shares(got) == {"Brantley Realty Partners, L.P.": None, "Carrow Funding, Inc.": 100.0,
                           "Dunmore Apartments LLC": 100.0, "Esk Holdings, Inc.": None}


def _line(name: str, parent: str, pct: str, formed: str, purpose: str) -> str:
    return f"{name:<47}{parent:<37}{pct:>3}  {formed:<21}{purpose}".rstrip()


# an SGML table cut before its </TABLE>, a "Formed" (place) column right after a narrow "Owner %"
# one: its marks, not its header words' overlap, say where each cell belongs
OPEN_TABLE = "\n".join([
    "<PAGE>", "", "<TABLE>", "<CAPTION>",
    "Entity Name                                              Parent Name            Owner %         Formed"
    "                Purpose",
    "<S>                                            <C>                                  <C>  <C>"
    "                  <C>",
    _line("Quillon Group Inc.", "", "100", "Delaware", "Holding company"),
    _line("   Quillon Leasing Corp.", "Quillon Group Inc.", "100", "Ohio", "Other"),
    _line("   Quillon Trust Company", "Quillon Group Inc.", "100", "Utah", "Trust services"),
])


def test_a_table_left_open_is_read_by_its_marks(tmp_path: Path) -> None:
    got = edges(tmp_path, "dex9913.txt", OPEN_TABLE)
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Quillon Group Inc.": "US-DE", "Quillon Leasing Corp.": "US-OH", "Quillon Trust Company": "US-UT"}
    assert shares(got)["Quillon Leasing Corp."] == 100.0
    assert got["Quillon Trust Company"].source.name == "Quillon Group Inc."


# footnotes under a cell rendering: two markers on one row (one names the holder, one says the row
# is dormant), "First-tier …" / "Second-tier wholly-owned subsidiary of X" (X holds the second-tier
# row through another company, so X is no direct holder), a short note that is no row
TIERED_NOTES = """EXHIBIT 21
SUBSIDIARIES OF HALDEN GROUP CORPORATION
|
Name
|
State of Incorporation
|
Halden Stores, Inc.(1)
|
Ohio
|
Halden Holding Corp.
|
Delaware
|
Halden South, LLC(2)(3)
|
Ohio
|
Nordby Energy Inc.
|
Delaware
|
Nordby Plant Holding, LLC(4)
|
Iowa
|
Nordby Plant, LLC(5)
|
Iowa
|
|
(1)
|
Wholly-owned subsidiary of Halden Holding Corp.
|
(2)
|
Wholly-owned subsidiary of Halden Stores, Inc.
|
(3)
|
Dormant or inactive company.
|
(4)
|
First-tier wholly-owned subsidiary of Nordby Energy Inc.
|
(5)
|
Second-tier wholly-owned subsidiary of Nordby Energy Inc.
"""


def test_footnotes_with_several_markers_and_tiers(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex-21a.htm.txt", TIERED_NOTES)
    assert set(got) == {"Halden Stores, Inc.", "Halden Holding Corp.", "Halden South, LLC", "Nordby Energy Inc.",
                        "Nordby Plant Holding, LLC", "Nordby Plant, LLC"}
    assert {k: (o.source.name or "").rstrip(".") for k, o in got.items()} == {
        "Halden Stores, Inc.": "Halden Holding Corp", "Halden Holding Corp.": "HALDEN GROUP CORPORATION",
        "Halden South, LLC": "Halden Stores, Inc", "Nordby Energy Inc.": "HALDEN GROUP CORPORATION",
        "Nordby Plant Holding, LLC": "Nordby Energy Inc", "Nordby Plant, LLC": "HALDEN GROUP CORPORATION"}
    assert shares(got)["Halden South, LLC"] == 100.0 and shares(got)["Nordby Plant, LLC"] == 100.0
    assert got["Nordby Plant, LLC"].direct is False


# a note reference naming several notes, a former name with a bracket of its own
NOTE_LISTS = """Exhibit 8
|
Name of Company
|
Place of incorporation
|
Percentage of beneficial interest attributable to the Group
|
Korvo Networks Limited (Notes 1, 2)
|India
|61%
|
Korvo Services Limited (formerly known as Korvo Services (BVI) Limited)
|British Virgin Islands
|100%
|
Korvo Data Ltd (Notes 2 and 3)
|Sri Lanka
|45%
"""


def test_note_lists_and_former_names_with_brackets_leave_the_name(tmp_path: Path) -> None:
    got = edges(tmp_path, "dex8.htm.txt", NOTE_LISTS)
    assert shares(got) == {"Korvo Networks Limited": 61.0, "Korvo Services Limited": 100.0, "Korvo Data Ltd": 45.0}


# a plain-text list whose column headers take two lines, the second naming a column the first
# leaves blank (an activity column whose cells are no places)
TWO_LINE_HEADER = """                           EXHIBIT 8.1
NAME                                                   COUNTRY OF   OWNERSHIP
                                   ACTIVITY/VESSEL  INCORPORATION   PERCENTAGE

Skerry Tankers Ltd                   Skerry Dawn        Panama          100%
Tarn Maritime SA                    Holding company     Malta          60.5%
Ulla Bulk Carriers Inc.               Ulla Star         Liberia         100%
"""


def test_a_header_over_two_lines(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex8-1.txt", TWO_LINE_HEADER)
    assert shares(got) == {"Skerry Tankers Ltd": 100.0, "Tarn Maritime SA": 60.5, "Ulla Bulk Carriers Inc.": 100.0}
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Skerry Tankers Ltd": "PA", "Tarn Maritime SA": "MT", "Ulla Bulk Carriers Inc.": "LR"}


# names wrapped in a text table: the name's start alone on a line over its row's (indented) rest,
# and an activity cell wrapped with the row's place and percent on the line under the name
WRAPPED_ROWS = """                           EXHIBIT 8.1
NAME                                                   COUNTRY OF   OWNERSHIP
                                   ACTIVITY/VESSEL  INCORPORATION   PERCENTAGE

Skerry Tankers Ltd                   Skerry Dawn        Panama          100%
Vasa Shipping (Cyprus)
  Limited                       Management company      Cyprus          100%
Tarn Maritime SA                    Holding company     Malta          60.5%
Wexford Bulk Ltd.                   Wexford Star and
                                     Wexford Moon       Liberia          75%
Ulla Bulk Carriers Inc.               Ulla Star         Liberia         100%
"""


def test_names_and_cells_wrapped_onto_a_second_line(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex8-1.txt", WRAPPED_ROWS)
    assert shares(got) == {"Skerry Tankers Ltd": 100.0, "Vasa Shipping (Cyprus) Limited": 100.0,
                           "Tarn Maritime SA": 60.5, "Wexford Bulk Ltd.": 75.0, "Ulla Bulk Carriers Inc.": 100.0}
    assert got["Wexford Bulk Ltd."].target.jurisdiction == "LR"
    assert {o.source.name for o in got.values()} == {got["Skerry Tankers Ltd"].source.name}


def test_a_holder_listed_below_its_subsidiary_is_that_row(tmp_path: Path) -> None:
    # "(1) Wholly-owned subsidiary of Halden Holding Corp." names a row listed after the marked one:
    # the holder is that row (one company), not a second company "Halden Holding Corp"
    got = edges(tmp_path, "ex-21a.htm.txt", TIERED_NOTES)
    assert got["Halden Stores, Inc."].source is got["Halden Holding Corp."].target
