"""Schedule 13D cover pages as text (issue 31, set 16 as development data): a table flattened with
"|" between cells and labels cut over lines, an excerpt that starts at row 1 (no issuer named), and a
13D/A whose percent row reads "ROW (11);". The reporting persons' stakes are read by the form's
labels; an issuer the text does not name stays unnamed (no name is invented). The texts below are
written for this test in the shapes seen, not copied from any filing."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect

PIPES = """(1)
|
NAME
OF REPORTING PERSONS
I.R.S.
IDENTIFICATION NOS. OF ABOVE PERSONS (ENTITIES ONLY)
Oberland
Handelsgesellschaft KG
98-7654321
|
||
(2)
|
CHECK
THE APPROPRIATE BOX IF A MEMBER OF A GROUP (See Instructions)
(a) [ ]
(b) [ ]
|
||
(6)
|
CITIZENSHIP
OR PLACE OF ORGANIZATION
Republic of Austria
|
||
NUMBER
OF
SHARES
|
(11)
|
AGGREGATE
AMOUNT BENEFICIALLY OWNED BY EACH REPORTING PERSON
1,234,567B
|
||
(13)
|
PERCENT
OF CLASS REPRESENTED BY AMOUNT IN ROW (11)
12.5%
|
||
(14)
|
TYPE
OF REPORTING PERSON (See Instructions)
PN
|
||
(1)
|
NAME
OF REPORTING PERSONS
Oberland Verwaltungs GmbH
|
(2)
|
CHECK THE APPROPRIATE BOX IF A MEMBER OF A GROUP
(a) [ ]
|
(11)
|
AGGREGATE AMOUNT BENEFICIALLY OWNED BY EACH REPORTING PERSON
1,234,567
|
(13)
|
PERCENT OF
"""

AMENDMENT = """SCHEDULE 13D/A
(Amendment No. 2)*
Nordhaven Plastics N.V.
(Name of Issuer)
Common shares
(Title of Class of Securities)
N12345678
(CUSIP Number)
March 3, 2019
(Date of Event which Requires Filing of this Statement)
1 | NAME OF REPORTING PERSON.
Brightwater Holdings S.a r.l. | |||||
2 | CHECK THE APPROPRIATE BOX IF A MEMBER OF A GROUP (SEE INSTRUCTIONS) (a) x (b) o
| |||||
6 | CITIZENSHIP OR PLACE OF ORGANIZATION
Luxembourg | |||||
11 |
AGGREGATE AMOUNT BENEFICIALLY OWNED BY EACH REPORTING PERSON
5,000,000 shares | |||||
13 | PERCENT OF CLASS REPRESENTED BY AMOUNT IN ROW (11);
7.25% | |||||
14 | TYPE OF REPORTING PERSON (SEE INSTRUCTIONS)
OO (Limited Liability Company) |
"""


def _read(tmp_path: Path, text: str) -> list:
    path = tmp_path / "cover.txt"
    path.write_text(text, encoding="utf-8")
    reader = detect(path)
    assert reader.name == "sec"
    return list(reader.read(path))


def test_pipe_rendering_without_issuer_reads_the_complete_cover_only(tmp_path: Path) -> None:
    records = _read(tmp_path, PIPES)
    (own,) = [r for r in records if isinstance(r, Ownership)]
    assert own.source.name == "Oberland Handelsgesellschaft KG"  # the I.R.S. number is no part of it
    assert own.stake.exact == 12.5
    assert own.target.name is None and own.target.value.startswith("issuer-of:")  # not invented
    assert [q.locator for q in records if isinstance(q, Quarantined)] == ["cover page 2"]  # cut cover
    assert not any(isinstance(e, Entity) and e.name is None for e in records)


def test_amendment_with_issuer_and_semicolon_after_the_row_number(tmp_path: Path) -> None:
    records = _read(tmp_path, AMENDMENT)
    (own,) = [r for r in records if isinstance(r, Ownership)]
    assert (own.source.name, own.target.name, own.stake.exact) == (
        "Brightwater Holdings S.a r.l.", "Nordhaven Plastics N.V.", 7.25)
    assert str(own.valid_from)[:10] == "2019-03-03"
    assert own.direct is False  # box (a) ticked: a group member's deemed interest
