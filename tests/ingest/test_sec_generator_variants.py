"""SEC files as other generators write them (issue 31, session 8), on real files of the reader
corpus (origins and licences in ``tests/fixtures/reader_corpus/README.md``):

- Forms 4/5 whose rows put ``directOrIndirectOwnership`` after the amounts (not inside
  ``ownershipNature``) and write ``ownershipNature/value`` as "Direct", holdings with ``sharesOwned``
  (stefanoamorelli/sec-edgar-toolkit fixtures);
- the submission header in EDGAR's tagged SGML form (``<SUBMISSION><FILER><COMPANY-DATA>
  <CONFORMED-NAME>`` ... ``<FORMER-COMPANY>``), as in EDGAR's dissemination feed and archives
  (john-friedman/secsgml ``sgml/archive.txt``, header prefix).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.domain.codes import AliasKind
from ownergraph.domain.model import Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.documents.edgar import parse_header

HELD2 = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "heldout2"
FILES_DEV = HELD2.parent / "dev" / "sec-submission-txt"


def read(path: Path) -> list:
    return list(detect(path).read(path))


@pytest.mark.parametrize("name", ["sectoolkit-form4_sample.xml", "sectoolkit-form5_sample.xml"])
def test_ownership_nature_outside_its_element_is_read(name: str) -> None:
    records = read(HELD2 / "sec-ownership-xml" / name)
    assert not [r for r in records if isinstance(r, Quarantined)]
    assert [o for o in records if isinstance(o, Ownership)]


def test_tagged_sgml_header_gives_filer_and_dated_former_name() -> None:
    path = HELD2 / "sec-submission-txt" / "secsgml-archive-header.txt"
    head = parse_header(path.read_text())
    assert (head.accession, head.form, str(head.filed)) == ("0000774352-01-000002", "8-K", "2001-01-02")
    records = read(path)
    (filer,) = [e for e in records if isinstance(e, Entity)]
    assert filer.name == "RESIDENTIAL FUNDING MORTGAGE SECURITIES I INC" and filer.ref.value == "0000774352"
    assert filer.jurisdiction and filer.jurisdiction.endswith("DE") and filer.industry_codes == ("SIC:6189",)
    (old,) = [a for a in filer.aliases if a.kind is AliasKind.PREVIOUS]
    assert old.value == "SALOMON BROTHERS MORTGAGE SECURITIES IV INC" and str(old.valid_to) == "1987-05-06"


def test_index_headers_page_reads_as_its_header(tmp_path: Path) -> None:
    """EDGAR's ``<accession>-index-headers.html`` shows the SGML header HTML-escaped in ``<pre>``;
    built here from the real header of deanshelton913/sec-edgar-parser's ``form4.txt`` (reader
    corpus dev) as EDGAR renders it."""
    text = (FILES_DEV / "dsep-form4.txt").read_text()
    header = text[text.index("<SEC-HEADER>"):text.index("</SEC-HEADER>") + len("</SEC-HEADER>")]
    escaped = header.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    page = tmp_path / "0000842517-24-000086-index-headers.html"
    page.write_text(f"<html><head><title>{page.name}</title></head><body><pre>{escaped}</pre></body></html>")
    records = read(page)
    issuer = next(e for e in records if isinstance(e, Entity) and e.ref.value == "0000842517")
    previous = {(a.value, str(a.valid_to)) for a in issuer.aliases if a.kind is AliasKind.PREVIOUS}
    assert previous == {("ISABELLA BANK CORP", "2008-06-02"), ("IBT BANCORP INC /MI/", "1992-07-03")}
    assert any(isinstance(e, Entity) and e.name == "McGuirk Richard L" for e in records)
