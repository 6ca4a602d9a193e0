"""Forms 3/4 as collectors keep them: several ownership documents under one root of the
collector's making, and names with a bare ``&`` (not well-formed XML) read as a literal ampersand
with a note naming the lines; any other fault is still refused with the parser's line."""
from __future__ import annotations

from pathlib import Path

from ownergraph.ingest.formats import detect


def _doc(period: str, cik: str, name: str, title: str, issuer: str = "Quillfeather Devices Inc.") -> str:
    return f"""<ownershipDocument>
<schemaVersion>X0206</schemaVersion><documentType>4</documentType><periodOfReport>{period}</periodOfReport>
<issuer><issuerCik>0000555001</issuerCik><issuerName>{issuer}</issuerName><issuerTradingSymbol>QFD</issuerTradingSymbol></issuer>
<reportingOwner><reportingOwnerId><rptOwnerCik>{cik}</rptOwnerCik><rptOwnerName>{name}</rptOwnerName></reportingOwnerId>
<reportingOwnerRelationship><isDirector>0</isDirector><isOfficer>1</isOfficer><isTenPercentOwner>0</isTenPercentOwner>
<officerTitle>{title}</officerTitle></reportingOwnerRelationship></reportingOwner>
</ownershipDocument>
"""


def _read(tmp_path: Path, text: str) -> list:
    path = tmp_path / "form4.xml"
    path.write_text(text, encoding="utf-8")
    return list(detect(path).read(path))


def _of(records: list, kind: str) -> list:
    return [r for r in records if type(r).__name__ == kind]


def test_each_document_under_a_wrapper_root_is_read_as_its_own_filing(tmp_path: Path) -> None:
    text = ("<ownershipDocuments>\n" + _doc("2025-03-01", "0000900001", "PLUM ADA", "CFO")
            + _doc("2025-04-02", "0000900002", "MARSH OTTO", "General Counsel") + "</ownershipDocuments>\n")
    records = _read(tmp_path, text)
    assert not _of(records, "Quarantined")
    officers = {(c.source.name, c.provenance.locator, str(c.valid_from)) for c in _of(records, "Control")}
    assert officers == {("PLUM ADA", "reportingOwner[1]; officerTitle=CFO", "2025-03-01"),
                        ("MARSH OTTO", "reportingOwner[1]; officerTitle=General Counsel", "2025-04-02")}
    assert len({d.document_id for d in _of(records, "Disclosure")}) == 2  # one filing each, kept apart


def test_a_bare_ampersand_is_read_as_a_literal_one_and_its_lines_named(tmp_path: Path) -> None:
    text = _doc("2025-05-05", "0000900003", "FENN & WIRE SECURITIES LLC", "Agent", issuer="Brook & Vale Co")
    records = _read(tmp_path, text)
    names = {e.name for e in _of(records, "Entity")}
    assert names == {"Brook & Vale Co", "FENN & WIRE SECURITIES LLC"}
    notes = _of(records, "Quarantined")
    assert len(notes) == 1 and notes[0].locator == "lines 3, 4" and "bare '&'" in notes[0].reason


def test_other_faults_are_still_refused_with_the_parsers_line(tmp_path: Path) -> None:
    text = _doc("2025-05-05", "0000900003", "FENN & WIRE", "Agent").replace("</issuer>", "")
    records = _read(tmp_path, text)
    assert not _of(records, "Entity")
    assert [q.field for q in _of(records, "Quarantined")] == ["xml"]
    assert "malformed XML" in _of(records, "Quarantined")[0].reason
