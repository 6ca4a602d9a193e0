"""Exhibit 21 group captions as filers write them: wrapped over two lines, in a list of lines
ending with a colon, below the list's own heading ("Subsidiaries of the Registrant"), which
names the filer while the caption names one of its subsidiaries. Exhibits written anew."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader

TABLE = """                                  EXHIBIT 21
                                 SUBSIDIARIES
<TABLE>
<CAPTION>
NAME OF SUBSIDIARY                     FORM OF ORGANIZATION        JURISDICTION OF ORGANIZATION
<S>                                    <C>                         <C>
WHOLLY OWNED BY QUILLON ENERGY
HOLDINGS, INC.

Brackwater Drilling, Inc.              Corporation                           Ohio

WHOLLY OWNED BY BRACKWATER
DRILLING, INC.

Fenmoor Pipeline, LLC                  Limited Liability Company             Ohio
</TABLE>
"""

LINES = """EXHIBIT 21
SUBSIDIARIES OF THE REGISTRANT

Tarnwick Bank and Trust Company, a Virginia banking corporation

Subsidiaries of Tarnwick Bank and{wrap}Trust Company:

Tarnwick Leasing Corp., a Virginia corporation
Tarnwick Title Agency, LLC, a Virginia limited liability company
"""


def _edges(tmp_path: Path, text: str) -> set[tuple[str, str, str | None, float | None]]:
    path = tmp_path / "ex21.txt"
    path.write_text(text, encoding="utf-8")
    return {(o.source.name or "", o.target.name or "", o.target.jurisdiction, o.stake.exact if o.stake else None)
            for o in Ex21Reader().read(path) if isinstance(o, Ownership)}


def test_a_caption_wrapped_over_two_lines_names_the_whole_holder(tmp_path: Path) -> None:
    assert _edges(tmp_path, TABLE) == {
        ("QUILLON ENERGY HOLDINGS, INC.", "Brackwater Drilling, Inc.", "US-OH", 100.0),
        ("Brackwater Drilling, Inc.", "Fenmoor Pipeline, LLC", "US-OH", 100.0)}


def test_a_caption_in_a_list_of_lines_holds_the_rows_under_it_on_one_line_or_two(tmp_path: Path) -> None:
    for wrap in (" ", "\n"):
        got = _edges(tmp_path, LINES.format(wrap=wrap))
        bank = "Tarnwick Bank and Trust Company"
        assert (bank, "Tarnwick Leasing Corp.", "US-VA", None) in got
        assert (bank, "Tarnwick Title Agency, LLC", "US-VA", None) in got
        # the bank is the filer's subsidiary, not the filer: the exhibit names no filer
        top = [o for o in got if o[1] == bank]
        assert len(top) == 1 and top[0][0].startswith("Filer not named") and top[0][2] == "US-VA"


PLACES_ABOVE = """EXHIBIT 21
SUBSIDIARIES OF THE REGISTRANT

Delaware
   Orvane Holdings LLC
   Orvane Services Inc.
United Kingdom
   Orvane UK Limited
Tunisia
   Orvane Maghreb SARL
"""

PLACE_HEADINGS = """EXHIBIT 21
SUBSIDIARIES OF THE REGISTRANT

Subsidiaries organized in Delaware:
Orvane Holdings LLC
Orvane Services Inc.
Subsidiaries organized outside the United States:
Orvane Labs Sdn. Bhd.
Orvane UK Limited (United Kingdom)
"""

PLACES_UNDER = """EXHIBIT 21
SUBSIDIARIES OF THE REGISTRANT

Orvane Holdings LLC
Delaware

Orvane UK Limited
United Kingdom
"""


def _places(tmp_path: Path, text: str) -> dict[str, str | None]:
    return {name: where for _, name, where, _ in _edges(tmp_path, text)}


def test_a_place_above_indented_rows_is_theirs(tmp_path: Path) -> None:
    assert _places(tmp_path, PLACES_ABOVE) == {"Orvane Holdings LLC": "US-DE", "Orvane Services Inc.": "US-DE",
                                               "Orvane UK Limited": "GB", "Orvane Maghreb SARL": "TN"}


def test_a_heading_naming_a_place_holds_up_to_the_next_heading(tmp_path: Path) -> None:
    assert _places(tmp_path, PLACE_HEADINGS) == {"Orvane Holdings LLC": "US-DE", "Orvane Services Inc.": "US-DE",
                                                 "Orvane Labs Sdn. Bhd.": None, "Orvane UK Limited": "GB"}


def test_a_place_under_a_row_without_one_is_that_rows(tmp_path: Path) -> None:
    assert _places(tmp_path, PLACES_UNDER) == {"Orvane Holdings LLC": "US-DE", "Orvane UK Limited": "GB"}


PLACE_ROWS_HTML = """<html><body><p>EXHIBIT 21</p><p>SUBSIDIARIES OF ORVANE CORP.</p>
<table><tr><td>Name</td><td>Ownership</td></tr>
<tr><td><b>Delaware</b></td><td></td></tr>
<tr><td>Orvane Holdings LLC</td><td>100%</td></tr>
<tr><td><b>Germany</b></td><td></td></tr>
<tr><td>Orvane GmbH</td><td>100%</td></tr>
</table></body></html>"""


def test_a_table_row_holding_only_a_place_is_a_caption_not_a_subsidiary(tmp_path: Path) -> None:
    path = tmp_path / "ex21.htm"
    path.write_text(PLACE_ROWS_HTML, encoding="utf-8")
    got = {(o.target.name, o.target.jurisdiction) for o in Ex21Reader().read(path) if isinstance(o, Ownership)}
    assert got == {("Orvane Holdings LLC", "US-DE"), ("Orvane GmbH", "DE")}
