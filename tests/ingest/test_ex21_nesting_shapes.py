"""Exhibit 21 lists that say who holds whom in more ways than indentation (held-out reader set 11,
development data since; its files are not stored here, so each exhibit below is written anew in
the same shape with made-up names): footnote markers, group captions with a defined short name, a
parent column with several owners per row, "100% <parent>" ownership cells, "(100% owned by X)"
under a name, holders said in sentences, prose rows, former names and d/b/a; and the renderings
that cut cells ("100" / "%", page numbers, wrapped cells, "100% Direct")."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Entity, Ownership
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader


def read(tmp_path: Path, name: str, text: str) -> list:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return list(Ex21Reader().read(path))


def edges(tmp_path: Path, name: str, text: str) -> set[tuple[str, str, float | None]]:
    """(holder, subsidiary, exact percent) per edge; the unnamed filer as "FILER"."""
    out = set()
    for r in read(tmp_path, name, text):
        if isinstance(r, Ownership):
            holder = r.source.name if r.source.name and not r.source.name.startswith("Filer not named") else "FILER"
            out.add((holder, r.target.name, r.stake.exact if r.stake else None))
    return out


FOOTNOTES = """<PAGE>
                                   EXHIBIT 21
                         SUBSIDIARIES OF THE REGISTRANT
<TABLE>
<CAPTION>
                                               State of            Percentage
                                             Incorporation          Ownership
<S>                                           <C>                   <C>
Harrowgate Savings Bank (1)                      Vermont               100%
Harrowgate Leasing Corporation (2)               Vermont               100%
</TABLE>
(1)  Subsidiary of the Registrant.
(2)  Subsidiary of Harrowgate Savings Bank.
"""


def test_footnote_markers_name_the_holder_and_are_dropped_from_the_name(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.txt", FOOTNOTES) == {
        ("FILER", "Harrowgate Savings Bank", 100.0),
        ("Harrowgate Savings Bank", "Harrowgate Leasing Corporation", 100.0)}


CAPTIONS = """                                  EXHIBIT 21
                                 SUBSIDIARIES
<TABLE>
<CAPTION>
NAME OF SUBSIDIARY                     FORM OF ORGANIZATION        JURISDICTION OF ORGANIZATION
<S>                                    <C>                         <C>
WHOLLY OWNED BY QUILLON ENERGY, INC.

Brackwater Drilling, Inc. ("BDI")      Corporation                           Ohio

WHOLLY OWNED BY BDI

Fenmoor Pipeline, LLC                  Limited Liability Company             Ohio
</TABLE>
"""


def test_group_captions_name_the_holder_also_by_a_defined_short_name(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.txt", CAPTIONS) == {
        ("QUILLON ENERGY, INC.", "Brackwater Drilling, Inc.", 100.0),
        ("Brackwater Drilling, Inc.", "Fenmoor Pipeline, LLC", 100.0)}
    places = {r.name: r.jurisdiction for r in read(tmp_path, "ex21.txt", CAPTIONS) if isinstance(r, Entity)}
    assert places["Fenmoor Pipeline, LLC"] == "US-OH"  # the jurisdiction column, not the form column


PARENT_COLUMN = """|
Jurisdiction of
|
Percentage
|Name
|Incorporation
|Parent
|Ownership
|
Ostrava Mutual Insurance Company (“OMIC”)
|New York
|
Ostrava Holdings, Inc.
(“OHI”)
|100
|%
|
Keswick Group, Inc. (“KGI”)
|New Jersey
|OHI
|70
|%
|OMIC
|30
|%
|
Keswick Casualty Company
|New Jersey
|KGI
|100
|%"""


def test_a_parent_column_with_short_names_and_two_owners_for_one_row(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.htm.txt", PARENT_COLUMN) == {
        ("Ostrava Holdings, Inc.", "Ostrava Mutual Insurance Company", 100.0),
        ("Ostrava Holdings, Inc.", "Keswick Group, Inc.", 70.0),
        ("Ostrava Mutual Insurance Company", "Keswick Group, Inc.", 30.0),
        ("Keswick Group, Inc.", "Keswick Casualty Company", 100.0)}


OWNERSHIP_CELLS = """|Entity Name
|Jurisdiction of Organization
|Ownership
|
Pellmark Software Corporation
|Canada
|100% Company
|
Pellmark Limitee
|Canada
|100% Pellmark Software
Corporation
|
Orrin Data Systems, Inc.
|Ohio
|100% Company"""


def test_ownership_cells_name_percent_and_holder_company_meaning_the_filer(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.htm.txt", OWNERSHIP_CELLS) == {
        ("FILER", "Pellmark Software Corporation", 100.0),
        ("Pellmark Software Corporation", "Pellmark Limitee", 100.0),
        ("FILER", "Orrin Data Systems, Inc.", 100.0)}


OWNED_BY_UNDER_NAME = """Exhibit 21
SUBSIDIARIES OF GANTRY RE HOLDINGS
|Subsidiary
|Jurisdiction of
Incorporation
|Gantry Re Bermuda, Ltd.
(100% owned by Gantry Re Holdings)
|Bermuda
|
Gantry Re Europe Limited
(100% owned by Gantry Re Bermuda, Ltd.)
|
Ireland
QuickLinks"""


def test_owned_by_under_the_name_and_a_cell_wrapped_over_lines(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.htm.txt", OWNED_BY_UNDER_NAME) == {
        ("GANTRY RE HOLDINGS", "Gantry Re Bermuda, Ltd.", 100.0),
        ("Gantry Re Bermuda, Ltd.", "Gantry Re Europe Limited", 100.0)}


SPLIT_PERCENTS = """|Place of
|Name
|Incorporation
|% Ownership
|
Talvik Diagnostics GmbH
|Germany
|100
|%
3
|Place of
|Name
|Incorporation
|% Ownership
|
Talvik Baltic UAB Lithuania
|Sweden
|47.5
|%
|
Talvik Labs, Inc.
|U.S.A./Michigan
|10
|%
|Corvel Life Insurance Company (CLIC)
|Colorado
|100% Indirect
4"""


def test_percent_signs_in_their_own_cell_page_numbers_and_held_words(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.htm.txt", SPLIT_PERCENTS) == {
        ("FILER", "Talvik Diagnostics GmbH", 100.0), ("FILER", "Talvik Baltic UAB Lithuania", 47.5),
        ("FILER", "Talvik Labs, Inc.", 10.0), ("FILER", "Corvel Life Insurance Company", 100.0)}


SENTENCES = """<PAGE>
                                   EXHIBIT 21
                         SUBSIDIARIES OF THE REGISTRANT

1.   Dunmore Food Service Inc., a Michigan corporation.

2.   Dunmore West Inc., a Michigan corporation.

3.   Hapton Grill, LLC, a Michigan limited liability company (d/b/a
     Hapton's of Michigan)

     (Hapton Grill, LLC is owned 98% by Dunmore Hospitality Inc. and
     2% by Dunmore West Inc.)
"""


def test_holders_said_in_a_sentence_under_the_row_and_a_wrapped_dba(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.txt", SENTENCES) == {
        ("Dunmore Hospitality Inc.", "Dunmore Food Service Inc.", None),
        ("Dunmore Hospitality Inc.", "Dunmore West Inc.", None),
        ("Dunmore Hospitality Inc.", "Hapton Grill, LLC", 98.0),
        ("Dunmore West Inc.", "Hapton Grill, LLC", 2.0)}
    grill = [r for r in read(tmp_path, "ex21.txt", SENTENCES) if isinstance(r, Entity) and r.name == "Hapton Grill, LLC"]
    assert {(a.value, a.kind) for a in grill[0].aliases} >= {("Hapton's of Michigan", "trading")}


DBA_LINE = """                         SUBSIDIARIES OF THE REGISTRANT

1.       Dunmore Food Service Inc., a Michigan corporation.

2.       Hapton Grill Limited Partnership - 2001, a Michigan limited partnership.
                  d/b/a Hapton's of Michigan
"""


def test_a_dba_line_under_its_row_is_a_trading_name(tmp_path: Path) -> None:
    records = read(tmp_path, "ex21.txt", DBA_LINE)
    names = {r.name: {(a.value, a.kind) for a in r.aliases} for r in records if isinstance(r, Entity)}
    assert set(names) == {"Dunmore Food Service Inc.", "Hapton Grill Limited Partnership - 2001"}
    assert ("Hapton's of Michigan", "trading") in names["Hapton Grill Limited Partnership - 2001"]


PROSE_CELLS = """|1.
|Brandt Oil & Gas Co. II, Inc. is a Texas corporation doing business under its corporate name. Corrow Resources owns 100% of the capital stock of Brandt Oil & Gas Co. II. Inc.
|2.
|Brandt Refining, Inc. is a Texas corporation doing business under its corporate name. Brandt Oil & Gas Co. II, Inc. owns 100% of the capital stock of Brandt Refining, Inc."""


def test_prose_rows_saying_who_owns_the_capital_stock(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.htm.txt", PROSE_CELLS) == {
        ("Corrow Resources", "Brandt Oil & Gas Co. II, Inc.", 100.0),
        ("Brandt Oil & Gas Co. II, Inc.", "Brandt Refining, Inc.", 100.0)}


LOCATION_TABLE = """<PAGE>
<TABLE>
<S>     <C>
                                            EXHIBIT 21
                              LIST OF SUBSIDIARIES
SUBSIDIARY                             LOCATION              BUSINESS            DATE             % OWNED
Brisk Engineers, Europe Ltd.           Leeds, UK             Software Sales      1990              100%
Brisk Engineers, Pvt. Ltd.             Pune, India           Software Sales      1991              100%
(renamed Brisk Systems Limited)
Brisk Engineers International          Singapore             Software Sales      April, 2001       100%
Pte. Ltd.
--------------------------------------
* Acquired.
</TABLE>
"""


def test_marks_above_a_header_line_rows_without_blank_lines_and_a_later_name(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.txt", LOCATION_TABLE) == {
        ("FILER", "Brisk Engineers, Europe Ltd.", 100.0), ("FILER", "Brisk Engineers, Pvt. Ltd.", 100.0),
        ("FILER", "Brisk Engineers International Pte. Ltd.", 100.0)}
    pvt = [r for r in read(tmp_path, "ex21.txt", LOCATION_TABLE) if isinstance(r, Entity) and "Pvt" in r.name]
    assert "Brisk Systems Limited" in {a.value for a in pvt[0].aliases}


DESCRIBED = """EXHIBIT 21.0
LIST OF SUBSIDIARIES
- A)
- MERIDA
SAVINGS BANK—an insured commercial bank organized and existing under the laws of the Commonwealth of Puerto Rico.
- B)
- Merida Engineered Corp., wholly owned. Incorporated under the laws of Nova Scotia, Canada.
"""


def test_rows_described_after_a_dash_or_in_a_sentence_of_their_own(tmp_path: Path) -> None:
    records = read(tmp_path, "ex21.htm.txt", DESCRIBED)
    got = {(r.name, r.jurisdiction) for r in records if isinstance(r, Entity)}
    assert ("MERIDA SAVINGS BANK", "PR") in got  # ISO 3166-1's code for Puerto Rico
    assert ("FILER", "Merida Engineered Corp.", 100.0) in edges(tmp_path, "ex21.htm.txt", DESCRIBED)


AS_FOLLOWS = """<PAGE>
                                  EXHIBIT 21
                        SUBSIDIARIES OF THE REGISTRANT

   The Registrant has one direct, wholly-owned subsidiary as follows:

              Calder National Bank and Trust Company --
                 National banking association headquartered in the State of
North Carolina.
"""


def test_one_wholly_owned_subsidiary_as_follows(tmp_path: Path) -> None:
    assert edges(tmp_path, "ex21.txt", AS_FOLLOWS) == {("FILER", "Calder National Bank and Trust Company", 100.0)}
