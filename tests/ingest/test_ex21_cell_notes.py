"""Exhibit 21 pages rendered one cell per line (held-out reader set 12's shapes, each written anew here
with made-up names): footnote markers after a percent and notes under the rows that nest rows or state
shares, header cells of header words only, dates and activities beside the rows, the place before the
name, a direct and a total interest column, a numbered list, "(former name: …)", the filer named in
a sentence."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader


def _edges(tmp_path: Path, text: str) -> dict[str, tuple[str, float | None, str | None]]:
    path = tmp_path / "ex21-cells.htm.txt"
    path.write_text(text, encoding="utf-8")
    out = {}
    for rec in Ex21Reader().read(path):
        if isinstance(rec, Ownership):
            stake = rec.stake.exact if rec.stake is not None else None
            out[rec.target.name] = (rec.source.name, stake, rec.target.jurisdiction)
    return out


# the filer in the sentence above the table; "%(2)" and "100% (1)" carry the rows' markers; the notes
# are cells under the rows, each marker in a cell of its own
NOTES = """EXHIBIT 21
The operating subsidiaries of Quellmark Holdings, Inc. are listed below and are consolidated.
|Name of Subsidiary
|Jurisdiction in
|Which
|Percentage of Voting
|Incorporated
|Securities owned
|
Quellmark Operating, Inc.
|Ohio
|100
|%
|
Quellmark Tooling Ltd.
|Ireland
|100% (1)
|
Quellmark Ireland Services Ltd.
|Ireland
|80
|%(2)
|(1)
|Subsidiary of Quellmark Operating, Inc.
|(2)
|Subsidiary of Quellmark Tooling Ltd."""


def test_markers_after_percents_and_notes_in_cells_nest_rows(tmp_path: Path) -> None:
    got = _edges(tmp_path, NOTES)
    assert got["Quellmark Operating, Inc."] == ("Quellmark Holdings, Inc.", 100.0, "US-OH")
    assert got["Quellmark Tooling Ltd."] == ("Quellmark Operating, Inc.", 100.0, "IE")
    assert got["Quellmark Ireland Services Ltd."] == ("Quellmark Tooling Ltd.", 80.0, "IE")
    assert not any(name.startswith(("Subsidiary of", "Which", "Incorporated")) for name in got)


# the place before the name; the notes state shares in sentences ("We hold", "Tarsel holds")
PLACE_FIRST = """|
Country
|
Name of Subsidiary
|
Chile
|
Tarsel Andina S.A.(1)
|
Norway
|
Tarsel Nordic AS (2)
|
Finland
|
Tarsel Suomi Oy (3)
|
(1)
|
We hold 70% of the issued and outstanding shares of Tarsel Andina.
|
(2)
|
We hold 100% of the issued and outstanding shares of Tarsel.
|
(3)
|
Tarsel Nordic holds 55% of the issued and outstanding shares of Tarsel Suomi Oy."""


def test_place_before_name_and_shares_in_note_sentences(tmp_path: Path) -> None:
    got = _edges(tmp_path, "Exhibit 8.1\nList of subsidiaries\n" + PLACE_FIRST)
    assert got["Tarsel Andina S.A."][1:] == (70.0, "CL")
    assert got["Tarsel Nordic AS"][1:] == (100.0, "NO")
    assert got["Tarsel Suomi Oy"] == ("Tarsel Nordic AS", 55.0, "FI")


# a direct and a total interest column ("-": no direct interest), header words over several cells
TWO_PERCENTS = """Exhibit 8.1
|Jurisdiction of
|Incorporation
|Direct
|Name of Subsidiary
|Organization
|Interest
|Total Interest
|(percent)
|(percent)
|Ravenna Cabo Ltda
|Brazil
|99.50
|100.00
|Ravenna Sul Ltda
|Brazil
|-
|70.00"""


def test_total_interest_column_after_direct_one(tmp_path: Path) -> None:
    got = _edges(tmp_path, TWO_PERCENTS)
    assert {k: v[1] for k, v in got.items()} == {"Ravenna Cabo Ltda": 100.0, "Ravenna Sul Ltda": 70.0}


# dates and principal activities beside the rows; a caption naming a holder; "(note (i))"; a VIE caption
ACTIVITIES = """Exhibit 8.1
List of Subsidiaries
|Name
|Date of
|Incorporation
|Place of
|Incorporation
|Percentage of
|Ownership
|Principal
|Activity
|Subsidiaries:
|Orvane Holdings Limited (“Orvane”)
|May 3, 2009
|British Virgin Islands
|100%
|Investment holding
|Variable interest entity:
|Orvane Seeds Limited (note (i)) (“Orvane Seeds”)
|June 1, 2001
|PRC
|-
|Seed breeding and distribution
|Subsidiaries held by Orvane Seeds:
|Gansu Orvane Farming Limited (note (i))
|April 2, 2004
|PRC
|75%
|Crop production"""


def test_dates_activities_and_holder_captions(tmp_path: Path) -> None:
    got = _edges(tmp_path, ACTIVITIES)
    assert set(got) == {"Orvane Holdings Limited", "Orvane Seeds Limited", "Gansu Orvane Farming Limited"}
    assert got["Gansu Orvane Farming Limited"] == ("Orvane Seeds Limited", 75.0, "CN")


# a numbered list, a former name, and the filer named as the holder of all in a sentence
NUMBERED = """Exhibit 21.1
|Place of Incorporation
|
1. Brightwell Trading Limited
|Hong Kong
|
2. Brightwell Robotics Co., Limited
(former name: Brightwell Machines Co., Limited)
|PRC
All of the subsidiaries are wholly-owned by Brightwell Group Limited."""


def test_numbered_rows_former_names_and_filer_in_a_sentence(tmp_path: Path) -> None:
    got = _edges(tmp_path, NUMBERED)
    assert got == {"Brightwell Trading Limited": ("Brightwell Group Limited", 100.0, "HK"),
                   "Brightwell Robotics Co., Limited": ("Brightwell Group Limited", 100.0, "CN")}


def test_filer_that_had_the_subsidiaries_and_unless_otherwise_indicated(tmp_path: Path) -> None:
    text = ("Exhibit 21\nSubsidiaries\nMelvora Corp. had the subsidiaries shown below as of May 1, 2015.\n"
            "Unless otherwise indicated, the subsidiaries are 100% owned.\n|Name of Subsidiary\n"
            "|Jurisdiction of Organization\n|Melvora Labs Inc.\n|Oregon\n|Melvora GmbH\n|Austria")
    got = _edges(tmp_path, text)
    assert got == {"Melvora Labs Inc.": ("Melvora Corp.", 100.0, "US-OR"),
                   "Melvora GmbH": ("Melvora Corp.", 100.0, "AT")}


# a page that lost its "Subsidiaries" title: a place column's heading, then name and place lines in turn
NO_TITLE = """Jurisdiction of Formation
Corvane Trading, Inc.
Delaware
Corvane Services S.à r.l.
Luxembourg
Corvane Asia Pte. Ltd.
Singapore"""


def test_list_opened_by_a_place_columns_heading(tmp_path: Path) -> None:
    got = _edges(tmp_path, NO_TITLE)
    assert {k: v[2] for k, v in got.items()} == {"Corvane Trading, Inc.": "US-DE",
                                                  "Corvane Services S.à r.l.": "LU", "Corvane Asia Pte. Ltd.": "SG"}


# one sentence states the place of every row but one
PLACES_SAID = """Exhibit 8.1
List of subsidiaries
|Pelham Tooling Limited
|Pelham Optics Limited
|Pelham Plastics (Dongguan) Company Limited
All of the subsidiaries are wholly-owned by Pelham Group Limited. All subsidiaries, with the exception of
Pelham Plastics (Dongguan) Company Limited (incorporated in China) are incorporated in Hong Kong."""


def test_places_stated_for_all_rows_in_a_sentence(tmp_path: Path) -> None:
    got = _edges(tmp_path, PLACES_SAID)
    assert got == {"Pelham Tooling Limited": ("Pelham Group Limited", 100.0, "HK"),
                   "Pelham Optics Limited": ("Pelham Group Limited", 100.0, "HK"),
                   "Pelham Plastics (Dongguan) Company Limited": ("Pelham Group Limited", 100.0, "CN")}


# a marker column (each row's "*" in a cell of its own), a group heading among the rows, a long name after
# a marker cell, "(99.9% owned)" in a name cell, "Note:" over the notes
MARKER_COLUMN = """Exhibit 8.1
Subsidiaries of zentrix AG
|Company
|Jurisdiction of Incorporation
|
Zentrix Servicios Corporativos de Occidente, S.A. de C.V.
|
Mexico
|*
|
Indirect Subsidiaries
|
Zentrix Logística y Distribución Integral del Norte, S.A. de C.V. (formerly “Zentrix Norte, S.A. de C.V.”)
|
Mexico
|*
|
Zentrix Taiwan Limited (99.9% owned)
|
Taiwan
Note:
|
*
|
One share of each is owned by a second shareholder, as the law requires."""


def test_marker_column_group_heading_and_owned_in_brackets(tmp_path: Path) -> None:
    got = _edges(tmp_path, MARKER_COLUMN)
    assert got == {
        "Zentrix Servicios Corporativos de Occidente, S.A. de C.V.": ("zentrix AG", None, "MX"),
        "Zentrix Logística y Distribución Integral del Norte, S.A. de C.V.": ("zentrix AG", None, "MX"),
        "Zentrix Taiwan Limited": ("zentrix AG", 99.9, "TW")}


def test_owner_named_by_a_note_with_its_words_in_another_order(tmp_path: Path) -> None:
    text = ("Exhibit 21\nSubsidiaries of Hollin Corp.\n|Name\n|Jurisdiction\n|Hollin Verwaltungs GmbH\n|Germany\n"
            "|Hollin Technik GmbH & Co. KG\n|Germany\n|Hollin Praha s.r.o. (1)\n|Czech Republic\n"
            "|(1)\n|Subsidiary of Hollin Technik GmbH Co. & KG")
    got = _edges(tmp_path, text)
    assert got["Hollin Praha s.r.o."] == ("Hollin Technik GmbH & Co. KG", None, "CZ")
