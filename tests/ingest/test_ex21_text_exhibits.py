"""Exhibit 21 filed as plain text, in the shapes of real EDGAR exhibits of 2000-2007 (held-out
reader set 9; those files are not stored here, so each exhibit below is written anew with made-up
names): SGML ``<TABLE>`` columns told apart by their header, shares stated in words, centred
lists, a percent on its own line, numbered rows, an unnamed filer."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Quarantined
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader
from tests.ingest.ex21_records import edges

SGML_BY_HEADER = """<PAGE>

                                   EXHIBIT 21

                           SUBSIDIARIES OF THE COMPANY

The following are wholly-owned subsidiaries of the Company at December 31, 2003:

<TABLE>
<CAPTION>
                                                                                       YEAR OF
    SECTOR                    SUBSIDIARY                       INCORPORATION          ORGANIZATION
--------------------------------------------------------------------------------------------------
<S>                         <C>                                <C>                    <C>
Publishing                  Norwell Readers Group, Inc.        Texas                  1971

Mining                      Quarrow Hill Coal Company          Kentucky               1982
</TABLE>
"""

SGML_PLAIN = """<Page>
                                                                     Exhibit 21

SUBSIDIARIES OF THE REGISTRANT

<Table>
<Caption>

LEGAL NAME                                    JURISDICTION OF ORGANIZATION
<S>                                           <C>
Pellory Analytics, Ltd.                              United Kingdom
Pellory Japan, Inc.                                     Delaware
</Table>
"""

CENTRED = "<PAGE>\n" + "EXHIBIT 21".center(80) + "\n\n" + "SUBSIDIARIES OF THE COMPANY".center(80) + "\n\n\n" + "\n".join(
    line.center(80).rstrip() for line in ("Ozark Chalk Company, an Arkansas Corporation",
                                          "Front Range Chalk Company, a Colorado Corporation",
                                          "Gulf Chalk Company, a Texas Corporation")) + "\n"

CAPITALS = """<PAGE>
                                  EXHIBIT "21"

                         SUBSIDIARIES OF THE REGISTRANT

             - BAYGATE TOLLING, L.C., A FLORIDA LIMITED LIABILITY COMPANY

                   - SIERRA RADIO INC., A NEVADA CORPORATION
"""

PERCENT_UNDER = """Exhibit 21

                                   SUBSIDIARY

                            Trevani Meccanica S.p.A.
                                      100%
"""

NUMBERED_WORDS = """EXHIBIT 21
LIST OF SUBSIDIARIES
(1) Harlow Agritech Holdings Ltd. (wholly-owned subsidiary)
(2) Harlow Agritech (Hebei) Co., Ltd. (wholly-owned subsidiary)
(3) Tangshan Harlow Feed Co., Ltd. (majority-owned subsidiary)
"""


def test_sgml_table_read_by_its_header_not_by_position(tmp_path: Path) -> None:
    # SECTOR | SUBSIDIARY | INCORPORATION | YEAR OF ORGANIZATION, under "The following are
    # wholly-owned subsidiaries": the name is the second column, each held at 100 %
    got = edges(tmp_path, "exh21.txt", SGML_BY_HEADER)
    assert set(got) == {"Norwell Readers Group, Inc.", "Quarrow Hill Coal Company"}
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Norwell Readers Group, Inc.": "US-TX", "Quarrow Hill Coal Company": "US-KY"}
    assert {o.stake.exact for o in got.values()} == {100.0}


def test_sgml_text_table_is_not_read_as_html_and_an_unnamed_filer_is_a_stub(tmp_path: Path) -> None:
    got = edges(tmp_path, "a2107076zex-21.txt", SGML_PLAIN)  # <Table> … <S> <C>: text, not HTML
    assert set(got) == {"Pellory Analytics, Ltd.", "Pellory Japan, Inc."}
    assert got["Pellory Analytics, Ltd."].target.jurisdiction == "GB"
    (owner,) = {o.source.name for o in got.values()}  # "the Registrant" names nobody
    assert owner.startswith("Filer not named [sec-ex21:") and "a2107076zex-21.txt" in owner
    assert all(o.stake is None for o in got.values())  # no share stated: none made up
    again = edges(tmp_path, "a2107076zex-21.txt", SGML_PLAIN)  # the same file: the same stub
    assert {o.source.value for o in again.values()} == {o.source.value for o in got.values()}


def test_centred_lines_are_not_nesting(tmp_path: Path) -> None:
    got = edges(tmp_path, "d04441exv21.txt", CENTRED)
    assert set(got) == {"Ozark Chalk Company", "Front Range Chalk Company", "Gulf Chalk Company"}
    assert len({o.source.name for o in got.values()}) == 1  # all the filer's, none under another
    assert got["Front Range Chalk Company"].target.jurisdiction == "US-CO"


def test_a_kind_of_company_in_capitals(tmp_path: Path) -> None:
    got = edges(tmp_path, "g78474exv21.txt", CAPITALS)
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "BAYGATE TOLLING, L.C.": "US-FL", "SIERRA RADIO INC.": "US-NV"}


def test_percent_on_the_line_under_the_name(tmp_path: Path) -> None:
    got = edges(tmp_path, "x21.txt", PERCENT_UNDER)
    assert got["Trevani Meccanica S.p.A."].stake.exact == 100.0


def test_shares_in_words_and_numbered_lines(tmp_path: Path) -> None:
    got = edges(tmp_path, "v070359_ex21.htm.txt", NUMBERED_WORDS)
    assert got["Harlow Agritech Holdings Ltd."].stake.exact == 100.0
    feed = got["Tangshan Harlow Feed Co., Ltd."].stake
    assert (feed.exact, feed.lo, feed.hi, feed.lo_inclusive) == (None, 50.0, 100.0, False)
    # "ex21.htm" ends in a file extension, not a ticker
    assert {o.source.name.split(" [")[0] for o in got.values()} == {"Filer not named"}


def test_a_flow_chart_placeholder_lists_nothing(tmp_path: Path) -> None:
    path = tmp_path / "exv21.txt"
    path.write_text("<PAGE>\n\n        EXHIBIT 21\n\n  (ALL COMPANIES WHOLLY OWNED UNLESS INDICATED OTHERWISE)\n\n"
                    "              [FLOW CHART]\n", encoding="utf-8")
    (q,) = list(Ex21Reader().read(path))
    assert isinstance(q, Quarantined) and q.field == "table"


HEADER_LINE = """<PAGE>   1
                                                                      EXHIBIT 21
                                  Subsidiaries
                                                       State of
     Corporate Name                                  Incorporation
     --------------                                  -------------

Subsidiaries of Registrant:

         Brightwell Kentucky, Inc.                    Kentucky
         Brightwell Indiana, Inc.                     Indiana
"""

BLOCKS = """<PAGE>
                                   EXHIBIT 21
                                  SUBSIDIARIES

Name:  Corvane Systems Limited
Jurisdiction of Incorporation:  United Kingdom
Status:  Active and in Good Standing

Name:  Corvane do Brasil Software Ltda.
Jurisdiction of Incorporation: Brazil
Status: Active
"""

LINE_SHAPES = """<PAGE>
                                   EXHIBIT 21
                         SUBSIDIARIES OF THE REGISTRANT

1.       THE SECOND COUNTY BANK

2.)  Marwood Lending Co.

                            Salinas Valley Bank
                   Incorporated in the State of California

Pellham Securities, Inc., a California corporation.
Pellham Research Corporation (incorporated in Utah)
Pellham Analytics Limited United Kingdom
"""

WRAPPED = """<PAGE>
                        Exhibit 8 - List of Subsidiaries
<TABLE>
<CAPTION>
                                                  Attributable
                                                equity interest
         Company name                                 (%)           Principal activities
----------------------------                    ---------------   ------------------------
<S>                                                   <C>         <C>
                                                                  Manufacture of pipes
Hengda Pipe Works Co.,                                            and pressure
Limited                                               99          vessels

Hengda Nitro Chemicals                                            Manufacture and sales of
Company Limited                                       75          chemicals

Business Capital Trust II                             100% of     Financing
                                                      common
                                                      securities
</TABLE>
"""

OWN_ROW = """<PAGE>
                                                                     EXHIBIT 21

              Harbour Grill Holdings, Inc. and Subsidiaries
                              List of Subsidiaries
<TABLE>
<CAPTION>
           ENTITY                        STATE OF INCORPORATION
<S>                                      <C>
Harbour Grill Holdings, Inc.             Delaware
Harbour Grill Franchise Corporation      California
</TABLE>
"""


def test_columns_under_a_header_line_without_table_tags(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex21.txt", HEADER_LINE)  # data cells begin before their header's column
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Brightwell Kentucky, Inc.": "US-KY", "Brightwell Indiana, Inc.": "US-IN"}


def test_name_and_jurisdiction_blocks(tmp_path: Path) -> None:
    got = edges(tmp_path, "dex21.txt", BLOCKS)
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "Corvane Systems Limited": "GB", "Corvane do Brasil Software Ltda.": "BR"}


def test_line_shapes(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex21.txt", LINE_SHAPES)
    assert {k: o.target.jurisdiction for k, o in got.items()} == {
        "THE SECOND COUNTY BANK": None,  # a numbered item needs no legal form
        "Marwood Lending Co.": None,
        "Salinas Valley Bank": "US-CA",  # its place on the line under it
        "Pellham Securities, Inc.": "US-CA",
        "Pellham Research Corporation": "US-UT",
        "Pellham Analytics Limited": "GB"}


def test_rows_wrapped_over_lines_and_a_percent_with_words(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex8.txt", WRAPPED)
    assert {k: o.stake.exact for k, o in got.items()} == {
        "Hengda Pipe Works Co., Limited": 99.0, "Hengda Nitro Chemicals Company Limited": 75.0,
        "Business Capital Trust II": 100.0}


def test_the_parent_above_its_list_is_not_its_own_subsidiary(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex21.txt", OWN_ROW)
    assert set(got) == {"Harbour Grill Franchise Corporation"}
    assert got["Harbour Grill Franchise Corporation"].source.name == "Harbour Grill Holdings, Inc."


def test_a_list_under_exhibit_21_alone(tmp_path: Path) -> None:
    text = "<PAGE>\n\n" + " " * 70 + "EXHIBIT 21\n\n\nFirst Coastal Banking Company, a Georgia bank\n"
    got = edges(tmp_path, "exv21.txt", text)
    assert {k: o.target.jurisdiction for k, o in got.items()} == {"First Coastal Banking Company": "US-GA"}
