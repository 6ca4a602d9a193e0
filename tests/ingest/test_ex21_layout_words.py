"""Exhibit 21 rows laid out with dot leaders, shares written in words ("80 percent owned") and
forms abbreviated after the place ("a Delaware LLC").
Exhibits written anew with invented names."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader

LEADERS = """EXHIBIT 21
SUBSIDIARIES OF THE REGISTRANT

Orvane Holdings, Inc. ............................ Delaware
Orvane Services LLC................................ Texas
Orvane Inc.......................................... Ohio
Orvane Maghreb SARL . . . . . . . . . . . . . . . . Tunisia
"""

LEADER_TABLE = """EXHIBIT 21
SUBSIDIARIES OF THE REGISTRANT

NAME                                        STATE OF INCORPORATION
Orvane Holdings, Inc. ...................... Delaware
Orvane Services LLC......................... Texas
"""

PERCENT_WORDS = """EXHIBIT 21
SUBSIDIARIES OF THE REGISTRANT

Orvane Holdings, Inc. (Delaware) - 100 percent
Orvane Services LLC (Texas) - 80 percent owned
Orvane Maghreb SARL (Tunisia) - 51% owned
Orvane Europe B.V. (Netherlands) 60 per cent
Orvane JV LLC (Texas) - 50% joint venture
"""


def _rows(tmp_path: Path, text: str) -> set[tuple[str, str | None, float | None]]:
    path = tmp_path / "ex21.txt"
    path.write_text(text, encoding="utf-8")
    return {(o.target.name or "", o.target.jurisdiction, o.stake.exact if o.stake else None)
            for o in Ex21Reader().read(path) if isinstance(o, Ownership)}


def test_dot_leaders_part_the_name_from_its_place(tmp_path: Path) -> None:
    assert _rows(tmp_path, LEADERS) == {("Orvane Holdings, Inc.", "US-DE", None), ("Orvane Services LLC", "US-TX", None),
                                        ("Orvane Inc.", "US-OH", None), ("Orvane Maghreb SARL", "TN", None)}
    assert _rows(tmp_path, LEADER_TABLE) == {("Orvane Holdings, Inc.", "US-DE", None),
                                             ("Orvane Services LLC", "US-TX", None)}


def test_a_share_in_words_is_the_rows_percent(tmp_path: Path) -> None:
    assert _rows(tmp_path, PERCENT_WORDS) == {
        ("Orvane Holdings, Inc.", "US-DE", 100.0), ("Orvane Services LLC", "US-TX", 80.0),
        ("Orvane Maghreb SARL", "TN", 51.0), ("Orvane Europe B.V.", "NL", 60.0), ("Orvane JV LLC", "US-TX", 50.0)}


ABBREVIATED_KINDS = """EXHIBIT 21
SUBSIDIARIES OF THE REGISTRANT

Orvane Services LLC, a Delaware LLC
Orvane Ops L.P., a Texas L.P.
Orvane Advisers LLP, a New York limited liability partnership
"""


def test_a_form_abbreviated_after_the_place_states_the_place(tmp_path: Path) -> None:
    got = _rows(tmp_path, ABBREVIATED_KINDS)
    assert got == {("Orvane Services LLC", "US-DE", None), ("Orvane Ops L.P.", "US-TX", None),
                   ("Orvane Advisers LLP", "US-NY", None)}
