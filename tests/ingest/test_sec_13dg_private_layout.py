"""Schedule 13D/G XML in a filing tool's own layout (issue 31, sessions 7 and 8).

danielsobrado/edgar4j ``src/test/resources/form13dg/sample_sc13d.xml`` and ``sample_sc13g.xml`` (copied
unchanged into the reader corpus; origin in its README) carry an ``edgarSubmission`` root and an SEC
submission type, but their elements (``formData/coverPage``, ``reportingPersonInfo/
nameOfReportingPerson``, ``ownershipInfo/percentOfClass``) are those of edgar4j's own JAXB model, not
of the SEC's Schedule 13D/G XML technical specification. Each element is named for the cover-page item
it holds, so the layout is rewritten one to one into the SEC's names and read (session 8; session 7
refused it). An ``edgarSubmission`` with neither layout is still refused, naming what it holds.
"""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect

SEC13 = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "test" / "sec-13dg-xml"


def read(path: Path) -> list:
    reader = detect(path)
    assert reader.name == "sec"
    return list(reader.read(path))


def test_13d_cover_page_layout_is_read() -> None:
    records = read(SEC13 / "edgar4j-sample_sc13d.xml")
    assert not [r for r in records if isinstance(r, Quarantined)]
    stakes = {(o.source.name, o.target.name, o.stake.exact) for o in records if isinstance(o, Ownership)}
    assert stakes == {("ACTIVIST CAPITAL PARTNERS LP", "ACME CORPORATION", 7.5),
                      ("ACTIVIST CAPITAL GP LLC", "ACME CORPORATION", 7.5)}
    joint = [o for o in records if isinstance(o, Ownership)]
    assert all(not o.direct for o in joint)  # the same 6,000,000 shares reported twice: never summed
    assert all(o.valid_from.isoformat() == "2024-12-15" for o in joint)
    ciks = {e.ref.value for e in records if isinstance(e, Entity)}
    assert {"0009876543", "0001234567", "0001234568"} <= {c.split(":")[-1].zfill(10) for c in ciks}


def test_13g_cover_page_layout_is_read() -> None:
    records = read(SEC13 / "edgar4j-sample_sc13g.xml")
    (own,) = [o for o in records if isinstance(o, Ownership)]
    assert (own.source.name, own.target.name, own.stake.exact) == ("VANGUARD GROUP INC", "TECH INNOVATIONS INC", 9.8)
    assert own.known_from.date().isoformat() == "2025-01-10"  # the signature date


def test_an_unknown_layout_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "odd13d.xml"
    path.write_text("<edgarSubmission><headerData><submissionType>SCHEDULE 13D</submissionType></headerData>"
                    "<formData><somethingElse><issuer>X</issuer></somethingElse></formData></edgarSubmission>")
    (q,) = read(path)
    assert isinstance(q, Quarantined) and q.field == "coverPageHeader"
    assert "<somethingElse>" in q.reason and "no SEC schema defines" in q.reason
