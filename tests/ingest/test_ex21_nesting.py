"""Exhibit 21 nesting by "(a subsidiary of X)" and by indentation, and the filer named from the
submission header beside a single exhibit (issue 31 items 3-4).

The header is the real one of tests/fixtures/real/sec/ex21/wisconsin_electric-0000107815-02-000006.txt
(FILER WISCONSIN ELECTRIC POWER CO, CIK 0000107815, state WI,
filed 2002-03-26). The exhibit tables below are built for the test: the corpus holds no real
exhibit with "(a subsidiary of X)" rows (the real indented case is JPMorgan's, in test_sec.py).
"""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest

from ownergraph.domain.model import Entity, Ownership, Quarantined
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader
from ownergraph.ingest.readers.sec.ex21_table import has_form, owned_by

HEADER = Path(__file__).parents[1] / "fixtures" / "real" / "sec" / "ex21" / "wisconsin_electric-0000107815-02-000006.txt"

TABLE = """<html><body><p>EXHIBIT 21</p><p>SUBSIDIARIES OF THE REGISTRANT</p>
<table>
<tr><td>Name</td><td>Jurisdiction of Incorporation</td></tr>
<tr><td>Wisvest Corporation</td><td>Wisconsin</td></tr>
<tr><td>Wisvest-Connecticut LLC (a subsidiary of Wisvest Corporation)</td><td>Delaware</td></tr>
<tr><td>Edison Sault Electric Company, a wholly-owned subsidiary of Wisvest-Connecticut LLC</td><td>Michigan</td></tr>
<tr><td>Bostco LLC</td><td>Wisconsin</td></tr>
<tr><td style="padding-left:12pt">Bostco Realty OÜ</td><td>Estonia</td></tr>
</table></body></html>"""


def edges(records: list) -> set:
    return {(o.source.name or o.source.value, o.target.name, o.direct) for o in records if isinstance(o, Ownership)}


@pytest.mark.parametrize(("row", "want"), [
    ("Foo GmbH (a subsidiary of Bar Inc.)", ("Foo GmbH", "Bar Inc.")),
    ("Foo Ltd, a wholly-owned subsidiary of Bar plc", ("Foo Ltd", "Bar plc")),
    ("Foo S.A. - 60% owned subsidiary of Bar B.V.", ("Foo S.A.", "Bar B.V.")),
    ("Subsidiary Services Inc.", ("Subsidiary Services Inc.", None)),
])
def test_owned_by(row: str, want: tuple) -> None:
    assert owned_by(row) == want


def test_named_owner_and_indentation_with_the_filer_from_the_header_beside(tmp_path: Path) -> None:
    folder = tmp_path / "000010781502000006"
    folder.mkdir()
    shutil.copy(HEADER, folder / "0000107815-02-000006.txt")
    (folder / "ex21.htm").write_text(TABLE, encoding="utf-8")
    out = list(Ex21Reader().read(folder / "ex21.htm"))
    assert not [q for q in out if isinstance(q, Quarantined)]
    assert edges(out) == {
        ("WISCONSIN ELECTRIC POWER CO", "Wisvest Corporation", True),
        ("Wisvest Corporation", "Wisvest-Connecticut LLC", True),
        ("Wisvest-Connecticut LLC", "Edison Sault Electric Company", True),
        ("WISCONSIN ELECTRIC POWER CO", "Bostco LLC", True),
        ("Bostco LLC", "Bostco Realty OÜ", True),
    }
    top = next(o.source for o in out if isinstance(o, Ownership) and o.target.name == "Bostco LLC")
    assert top.value == "0000107815"
    filer = next(e for e in out if isinstance(e, Entity) and e.ref.value == "0000107815")
    assert filer.name == "WISCONSIN ELECTRIC POWER CO" and filer.jurisdiction == "US-WI"
    sub = next(o for o in out if isinstance(o, Ownership))
    assert sub.known_from >= datetime(2002, 3, 26, tzinfo=timezone.utc)  # the header's filing, not the mtime
    assert sub.known_from.year == 2002


def test_flat_list_without_a_header_beside_says_so(tmp_path: Path) -> None:
    (tmp_path / "ex21.htm").write_text(TABLE.replace(' style="padding-left:12pt"', ""), encoding="utf-8")
    out = list(Ex21Reader().read(tmp_path / "ex21.htm"))
    assert not [r for r in out if isinstance(r, Quarantined)]
    owners = {o.source.name for o in out if isinstance(o, Ownership)}
    (top,) = [n for n in owners if n.startswith("Filer not named [sec-ex21:")]  # the unnamed filer
    assert "registrant" not in " ".join(owners).lower()


HEADER_WORDS = """<html><body><p>EXHIBIT 21</p><p>SUBSIDIARIES OF THE REGISTRANT</p>
<table>
<tr><td>Name of Subsidiary</td><td>Jurisdiction of Incorporation or Organization</td></tr>
<tr><td>Acme Holdings LLC</td><td>Delaware</td></tr>
<tr><td>Compass Automation Incorporated</td><td>Illinois</td></tr>
<tr><td>First State Bank</td><td>Ohio</td></tr>
<tr><td>Country Place</td><td>Texas</td></tr>
<tr><td>Name of Subsidiary</td><td>Jurisdiction of Incorporation or Organization</td></tr>
<tr><td>Zeta Ltd</td><td>England</td></tr>
</table></body></html>"""


def test_a_row_whose_name_holds_a_header_word_is_a_row(tmp_path: Path) -> None:
    """Held-out set 3 (Tesla's Exhibit 21, both years) lost "Compass Automation Incorporated" |
    "Illinois": the name's "Incorporat…" is a jurisdiction header word and the two-cell row was
    taken for a header. Once data rows have begun only a whole header row (a page's repeated
    one) is a header; "Incorporated" is a legal form word."""
    folder = tmp_path / "000010781502000006"
    folder.mkdir()
    shutil.copy(HEADER, folder / "0000107815-02-000006.txt")
    (folder / "ex21.htm").write_text(HEADER_WORDS, encoding="utf-8")
    out = list(Ex21Reader().read(folder / "ex21.htm"))
    assert not [q for q in out if isinstance(q, Quarantined)]
    assert {t for _, t, _ in edges(out)} == {"Acme Holdings LLC", "Compass Automation Incorporated",
                                             "First State Bank", "Country Place", "Zeta Ltd"}
    jur = {o.target.name: o.target.jurisdiction for o in out if isinstance(o, Ownership)}
    assert jur["Compass Automation Incorporated"] == "US-IL" and jur["Zeta Ltd"] != jur["Country Place"]


@pytest.mark.parametrize(("text", "want"), [
    ("Compass Automation Incorporated", True), ("Acme Incorporated.", True),
    ("Documents Incorporated by Reference", False), ("Jurisdiction of Incorporation", False),
])
def test_incorporated_is_a_form_word_only_at_the_end(text: str, want: bool) -> None:
    assert has_form(text) is want
