"""Exhibit 21 / 20-F Exhibit 8 layouts read by mechanism rather than by file (reader set 13's
shapes, development data since; every list here is composed anew with made-up names): a text
table with a column that is neither name, place nor percent, a rendering's header cells before the
first row, group headings that are places, numbered rows, and a heading sentence that makes all
rows but one wholly owned."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership, Quarantined
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader


def edges(tmp_path: Path, name: str, text: str) -> dict[str, Ownership]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    records = list(Ex21Reader().read(path))
    assert not [r for r in records if isinstance(r, Quarantined)]
    return {o.target.name: o for o in records if isinstance(o, Ownership)}


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
