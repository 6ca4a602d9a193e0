"""Documents in: real EDGAR filings and an EX-21 PDF -> disclosures and cited text claims.

Expected values were read off the files by a person; where is said next to each."""

from __future__ import annotations

import subprocess
import sys
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from ownergraph.ingest.extract import extract
from ownergraph.ingest.formats import detect, expand
from ownergraph.domain.model import CorporateAction, Disclosure, Entity, Guarantee, Lending, Ownership
from ownergraph.ingest.readers.documents import DocumentReader
from ownergraph.domain.sentences import split_sentences

REAL = Path(__file__).parents[1] / "fixtures" / "real"
FILINGS = REAL / "filings"


def _read(path: Path, **opts: object) -> list:
    reader = DocumentReader().with_options(**opts) if opts else DocumentReader()
    return list(reader.read(path))


def _claims(records: list) -> list:
    return [r for r in records if getattr(getattr(r, "provenance", None), "claim", None)]


def test_full_submission_header_and_parts() -> None:
    # header lines: "FILED AS OF DATE: 19960712", "CENTRAL INDEX KEY: 0001004963",
    # "COMPANY CONFORMED NAME: COTELLIGENT GROUP INC", "CONFORMED SUBMISSION TYPE: 8-K",
    # "PUBLIC DOCUMENT COUNT: 3" (8-K, EX-99.1, EX-99.2)
    path = FILINGS / "8-K" / "1004963_8K_1996_0000899243-96-000861.txt"
    assert detect(path).name == "document"
    recs = _read(path)
    docs = [r for r in recs if isinstance(r, Disclosure)]
    assert [d.document_id for d in docs] == [f"0000899243-96-000861:{i}" for i in (1, 2, 3)]
    assert {d.form_type for d in docs} == {"8-K"} and {d.filed_at for d in docs} == {date(1996, 7, 12)}
    assert all(d.known_from == datetime(1996, 7, 12, tzinfo=timezone.utc) for d in docs)
    assert docs[0].filer.value == "0001004963" and docs[0].filer.name == "COTELLIGENT GROUP INC"
    assert docs[1].title.startswith("EX-99.1")
    filer = [r for r in recs if isinstance(r, Entity)]
    assert len(filer) == 1 and any(a.value == "0001004963" for a in filer[0].aliases)
    assert docs[0].provenance.validation_level is None  # dated by the header, not flagged


def test_undated_html_is_flagged_and_loan_claim_cited() -> None:
    # Tyson 8-K (no SGML header): "On April 7, 2015, Tyson Foods, Inc. (the “Company”) entered into
    # a Term Loan Agreement (the “Term Loan Agreement”) with Bank of America, N.A., as lender"
    path = FILINGS / "8-K" / "100493_8K_2015_0000100493-15-000041.htm"
    recs = _read(path)
    doc = next(r for r in recs if isinstance(r, Disclosure))
    assert doc.filed_at is None and "modification time" in doc.provenance.validation_level
    loan = next(r for r in _claims(recs) if isinstance(r, Lending))
    assert loan.source.name == "Bank of America, N.A" and loan.target.name == "Tyson Foods, Inc"
    assert loan.valid_from == date(2015, 4, 7) and loan.known_from == doc.known_from
    c = loan.provenance.claim
    assert doc.text[c.start:c.end] == c.quote and "Term Loan Agreement" in c.quote
    assert c.method.startswith("pattern:") and c.confidence >= 0.5
    assert loan.provenance.document_id == doc.document_id and loan.provenance.source_system == "document"
    # "guaranteed by Tyson Fresh Meats, Inc., a wholly-owned subsidiary of the Company."
    sub = next(r for r in _claims(recs) if isinstance(r, Ownership))
    assert (sub.source.name, sub.target.name, sub.stake.exact) == ("Tyson Foods, Inc", "Tyson Fresh Meats, Inc", 100)


def test_options_date_and_name_the_filer_guarantee() -> None:
    # Astrotech 8-K: "Additionally, the Company provided a guaranty to the Lender as security for
    # the obligations of ASO under the Loan Agreement." ASO is defined as Astrotech Space
    # Operations, Inc. earlier in the same document.
    path = FILINGS / "8-K" / "1001907_8K_2010_0000950123-10-095885.htm"
    recs = _read(path, filer="Astrotech Corporation", filed_at=date(2010, 10, 27), form="8-K")
    doc = next(r for r in recs if isinstance(r, Disclosure))
    assert doc.filed_at == date(2010, 10, 27) and doc.provenance.validation_level is None
    g = next(r for r in _claims(recs) if isinstance(r, Guarantee))
    assert g.source.name == "Astrotech Corporation" and g.target.name == "Astrotech Space Operations, Inc."
    assert g.known_from == datetime(2010, 10, 27, tzinfo=timezone.utc)


def test_renames_with_dates_from_the_sentences() -> None:
    # Loncor 20-F, Item 4 history: "On June 25, 1996, ... the Company changed its name from Taylor
    # Rand Incorporated to Sheridan Reserve Incorporated"; "The Company changed its name from
    # Sheridan Reserve Incorporated to Nevadabobs.com Inc. on August 4, 2000"
    recs = _read(FILINGS / "20-F" / "0001062993-16-008650.html")
    renames = {(r.subject.name, r.new_name, r.valid_from) for r in _claims(recs)
               if isinstance(r, CorporateAction) and r.action.value == "rename"}
    assert ("Taylor Rand Incorporated", "Sheridan Reserve Incorporated", date(1996, 6, 25)) in renames
    assert ("Sheridan Reserve Incorporated", "Nevadabobs.com Inc", date(2000, 8, 4)) in renames  # final dot dropped


def test_pdf_pages_and_info_date() -> None:
    # Franklin Electric EX-21 printed to PDF: 3 pages, /CreationDate D:20240623...; no filing date
    path = REAL / "sec" / "ex21" / "38725-0000038725-17-000042.pdf"
    doc = next(r for r in _read(path) if isinstance(r, Disclosure))
    assert "3 pages" in doc.provenance.locator
    assert doc.known_from == datetime(2024, 6, 23, tzinfo=timezone.utc)
    assert "creation date" in doc.provenance.validation_level
    assert "FRANKLIN ELECTRIC CO., INC." in doc.text and doc.text.count("\f") == 2


def test_negated_and_hedged_statements_are_not_facts() -> None:
    # Home Health Corp 8-K (1997): "As a result of the merger, USHO will become a wholly owned
    # subsidiary of HHCA" -- a future statement; Loncor 20-F: "There is no guarantee that ..."
    future = "As a result of the merger, USHO will become a wholly owned subsidiary of HHCA, with USHO shareholders receiving HHCA common stock."
    found = extract(future, split_sentences(future))
    assert found and all(f.hedged and f.confidence < 0.5 for f in found)
    neg = "ING Group does not hold any interest in AEGON N.V."
    assert extract(neg, split_sentences(neg)) == []
    plain = "ING Group holds 5.2% of AEGON N.V."
    assert [(f.a, f.b, f.stake) for f in extract(plain, split_sentences(plain))] == [("ING Group", "AEGON N.V", 5.2)]


def test_notes_skipped_documents_kept_in_folders(tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("notes")
    (tmp_path / "memo.md").write_text("Acme Holdings Ltd owns 40% of Beta Corp.")
    assert [p.name for p in expand([tmp_path])] == ["memo.md"]
    recs = list(DocumentReader().read(tmp_path / "memo.md"))
    assert any(isinstance(r, Ownership) and r.stake.exact == 40 for r in recs)


def test_cover_page_states_the_filing_date() -> None:
    # Page America S-3/A: no SGML header; the cover page reads "As filed with the Securities and
    # Exchange Commission on May 25, 1995"
    path = next((REAL / "sec" / "s3").glob("*.txt"))
    doc = next(r for r in _read(path) if isinstance(r, Disclosure))
    assert doc.filed_at == date(1995, 5, 25) and doc.provenance.validation_level is None
    assert doc.form_type == "S-3/A"


def test_a_long_capitalised_token_reads_in_linear_time(tmp_path: Path) -> None:
    # the Astrotech 8-K above with a 60,000-capital token ahead of its guaranty paragraph: a
    # party name could start at every capital of it and run to its end, so each rule's search
    # was quadratic in the token (25,000 capitals took minutes); read in a child process with a
    # 120 s limit (the file itself reads in about a second), the guarantee is still found
    src = FILINGS / "8-K" / "1001907_8K_2010_0000950123-10-095885.htm"
    html = src.read_text(encoding="utf-8", errors="replace")
    at = html.index("Additionally, the Company provided a")
    path = tmp_path / src.name
    path.write_text(html[:at] + "A" * 60_000 + " . " + html[at:], encoding="utf-8")
    code = ("import sys; from pathlib import Path; from datetime import date; "
            "from ownergraph.ingest.readers.documents import DocumentReader; from ownergraph.domain.model import Guarantee; "
            "r = DocumentReader().with_options(filer='Astrotech Corporation', filed_at=date(2010, 10, 27), form='8-K'); "
            "print([(g.source.name, g.target.name) for g in r.read(Path(sys.argv[1])) if isinstance(g, Guarantee)])")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr[-2000:]
    assert "('Astrotech Corporation', 'Astrotech Space Operations, Inc.')" in done.stdout
