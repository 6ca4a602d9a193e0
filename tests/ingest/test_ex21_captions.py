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
