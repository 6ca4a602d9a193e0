"""Exhibit 21 cells classified by what they hold (held-out reader set 14, development data since;
its files are not stored here, so each exhibit below is written anew in the same shape with made-up
names): a group heading stating its share, "100% owned by <short name>", a count of shares beside a
"Share of" column, a town then its country, a line in brackets under the filer's name."""

from __future__ import annotations

from pathlib import Path

from tests.ingest.ex21_records import edges

WHOLLY_GROUP = """Exhibit 8.1
List of Subsidiaries
|
Company Name
|
Country
|Wholly owned subsidiaries
|
1.
|Brenmoor Pastoral Pty Ltd
|Australia
|
2.
|Brenmoor Chile Limitada
|Chile
|Partly owned subsidiaries
|
3.
|Brenmoor Copper S.A.
|Peru"""

OWNED_BY = """Exhibit 8.1
PRINCIPAL SUBSIDIARIES
|Entity
|Jurisdiction
|Ownership
|Talvex Holdings Limited
|Hong Kong
|100%
|
Talvex Beijing Software Co., Ltd.
(Talvex Beijing)
|People's Republic of China
|Variable Interest Entity
|Shenzhen Orvo Technology Co., Ltd.
(“Shenzhen Orvo”)
|People's Republic of China
|100% owned by Talvex Beijing
|Kashi Orvo Network Co., Ltd.
|People's Republic of China
|100% owned by Shenzhen Orvo"""

COUNTS = """Exhibit 8.1
Specification of shares in subsidiaries
|
Company name
|
|
Domicile
|
|
Country of
|
|
No. of
|
|
Share of
|
Haldor Finance AB
|
|
Lund
|
|
Sweden
|
|
12,500,000
|
|
100
|
Haldor Inc
|
|
Newmarket
|
|
Canada
|
|
1,000,000
|
|
67
|
Haldor Ltda
|
|
Sao Paulo
|
|
Brazil
|
|
5,249
|
|
100
|"""

BRACKETED = """EXHIBIT 21

                                TARNWELL CORPORATION
                            (A DELAWARE CORPORATION)

Subsidiaries as of January 31, 2003

<TABLE>
<CAPTION>
         NAME                                                    JURISDICTION OF INCORPORATION
<S>                                                              <C>
Alder Glass Corporation                                          Michigan
Brook Fastener Co., Inc.                                         Tennessee
</TABLE>
"""


def test_a_wholly_owned_group_heading_gives_its_rows_their_share(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex8.htm.txt", WHOLLY_GROUP)
    assert {k: o.stake and o.stake.exact for k, o in got.items()} == {
        "Brenmoor Pastoral Pty Ltd": 100.0, "Brenmoor Chile Limitada": 100.0,
        "Brenmoor Copper S.A.": None}  # the next group's heading ends it


def test_an_ownership_cell_naming_its_holder_by_short_name(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex8.htm.txt", OWNED_BY)
    assert got["Shenzhen Orvo Technology Co., Ltd."].source.name == "Talvex Beijing Software Co., Ltd."
    assert got["Kashi Orvo Network Co., Ltd."].source.name == "Shenzhen Orvo Technology Co., Ltd."
    assert got["Kashi Orvo Network Co., Ltd."].stake.exact == 100.0


def test_a_count_of_shares_is_no_row_and_the_share_column_is_read(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex8.htm.txt", COUNTS)
    assert {k: o.stake and o.stake.exact for k, o in got.items()} == {
        "Haldor Finance AB": 100.0, "Haldor Inc": 67.0, "Haldor Ltda": 100.0}


def test_a_line_in_brackets_under_the_filer_is_no_name(tmp_path: Path) -> None:
    got = edges(tmp_path, "ex21.txt", BRACKETED)
    assert {o.source.name for o in got.values()} == {"TARNWELL CORPORATION"}
