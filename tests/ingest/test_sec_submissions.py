"""SEC filings as EDGAR ships them, found unread by an ingest of the whole real folder.

Expected values read by a person off the files in tests/fixtures/real/sec/ownership/:
- 0001127602-25-001055.txt (full submission, SGML header, Form 4 XML inside <XML>, EX-24):
  issuer AAR CORP, CIK 0000001750; reporting owner Garascia Jessica A., CIK 0001806647, officer
  "Senior VP, GC, CAO & Secretary"; Common Stock held directly, 37565 shares after the sale;
  signed 2025-01-10, period 2025-01-10.
- 0001127602-25-004598.nc (EDGAR .nc, header and XML on one line): issuer ARROW ELECTRONICS,
  INC., CIK 0000007536; reporting owner Jean-Claude Carine Lamercie, CIK 0001870985; Common Stock
  direct, 20869 shares after the last row; period 2025-02-12, signed 2025-02-13.
- SG-13G-DOCUMENT-WITH-TEXT.html (BlackRock SC 13G/A, plain text with ruled lines, "(1)Names of
  reporting persons."): BlackRock, Inc., Delaware, type HC, box (a) not ticked, 17.1% of the Common
  Stock of TRINITY INDUSTRIES INC, CUSIP 896522109; event December 31, 2023; dated January 22, 2024.
- 0001076809-24-000144.nc (Glazer SC 13G): the issuer's name on the cover is wrapped over two lines,
  "AVID BIOSERVICES," / "INC.", above "(Name of Issuer)"; the class title is wrapped in the HTML
  source, "Common Stock, par" / "value $0.001 per share", above "(Title of Class of Securities)".
"""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from ownergraph.ingest.formats import detect
from ownergraph.domain.codes import AliasScheme
from ownergraph.domain.model import Control, Ownership, Quarantined
from ownergraph.ingest.readers.sec.forms import SecReader


@pytest.fixture(scope="module")
def own(real_data: Path) -> Path:
    return real_data / "sec" / "ownership"


def _read(path: Path) -> list:
    assert detect(path).name == "sec", path
    return list(SecReader().read(path))


def _of(records: list, kind: type) -> list:
    return [r for r in records if isinstance(r, kind)]


@pytest.mark.parametrize("name, issuer, cik, owner, owner_cik, held, period, signed", [
    ("0001127602-25-001055.txt", "AAR CORP", "0000001750", "Garascia Jessica A.", "0001806647",
     "37565", date(2025, 1, 10), date(2025, 1, 10)),
    ("0001127602-25-004598.nc", "ARROW ELECTRONICS, INC.", "0000007536",
     "Jean-Claude Carine Lamercie", "0001870985", "20869", date(2025, 2, 12), date(2025, 2, 13)),
])
def test_form4_inside_a_full_submission_is_read(own: Path, name: str, issuer: str, cik: str,
                                                owner: str, owner_cik: str, held: str,
                                                period: date, signed: date) -> None:
    recs = _read(own / name)
    assert not _of(recs, Quarantined), _of(recs, Quarantined)
    owns = _of(recs, Ownership)
    assert owns, "the Form 4 inside the submission gave no holding"
    last = owns[-1]
    assert (last.source.name, last.source.scheme, last.source.value) == (owner, AliasScheme.CIK, owner_cik)
    assert (last.target.name, last.target.value) == (issuer, cik)
    assert last.direct and last.share_class == "Common Stock"
    assert last.provenance.locator.endswith(f"shares_owned_following={held}")
    assert last.provenance.document_id == name.rsplit(".", 1)[0]
    assert last.valid_from == period
    assert last.known_from == datetime(signed.year, signed.month, signed.day, tzinfo=timezone.utc)
    (officer,) = _of(recs, Control)
    assert officer.control_kind == "officer" and officer.source.value == owner_cik


def test_blackrock_13g_plain_text_cover_is_read(own: Path) -> None:
    recs = _read(own / "SG-13G-DOCUMENT-WITH-TEXT.html")
    assert not _of(recs, Quarantined), _of(recs, Quarantined)
    (stake,) = _of(recs, Ownership)
    assert stake.source.name == "BlackRock, Inc." and stake.source.jurisdiction == "US-DE"
    assert stake.target.name == "TRINITY INDUSTRIES INC" and stake.target.value == "cusip:896522109"
    assert stake.stake.exact == pytest.approx(17.1)
    assert stake.direct  # box (a) is "[ ]" and BlackRock is the only reporting person
    assert stake.share_class == "Common Stock"
    assert stake.valid_from == date(2023, 12, 31)
    assert stake.known_from == datetime(2024, 1, 22, tzinfo=timezone.utc)


def test_wrapped_issuer_name_on_a_cover_is_joined(own: Path) -> None:
    targets = {o.target.name for o in _of(_read(own / "0001076809-24-000144.nc"), Ownership)}
    assert targets == {"AVID BIOSERVICES, INC."}


def test_class_title_wrapped_in_the_html_source_is_one_value(own: Path) -> None:
    classes = {o.share_class for o in _of(_read(own / "0001076809-24-000144.nc"), Ownership)}
    assert classes == {"Common Stock, par value $0.001 per share"}


def test_html_source_newlines_are_spaces_except_inside_pre() -> None:
    import lxml.html

    from ownergraph.ingest.readers.sec.forms import _html_lines

    doc = lxml.html.document_fromstring(
        "<html><body><p>Common Stock, par\nvalue $0.001 per share</p>"
        "<pre>(1) Names\n<b>BlackRock, Inc.</b>\n(2) Check</pre></body></html>")
    assert _html_lines(doc) == ["Common Stock, par value $0.001 per share", "(1) Names",
                                "BlackRock, Inc.", "(2) Check"]
