"""EDGAR headers in two more renderings (issue 31, set 16 as development data; the texts are written
anew with made-up companies): a header cut before ``</SEC-HEADER>`` (an excerpt ending inside FILED
BY), whose SUBJECT COMPANY carries FORMER COMPANY blocks; and a header run onto one line above a
document that kept its own lines. Both are read as the SGML header they were."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Disclosure, Entity
from ownergraph.ingest.formats import detect

CUT = """<SEC-DOCUMENT>0009999998-17-000042.txt : 20170210
<SEC-HEADER>0009999998-17-000042.hdr.sgml : 20170210
ACCESSION NUMBER:\t\t0009999998-17-000042
CONFORMED SUBMISSION TYPE:\tSC 13G/A
FILED AS OF DATE:\t\t20170210
GROUP MEMBERS:\t\tJANE Q. HOLDER

SUBJECT COMPANY:\t

\tCOMPANY DATA:\t
\t\tCOMPANY CONFORMED NAME:\t\t\tHarbourline Payments, Inc.
\t\tCENTRAL INDEX KEY:\t\t\t0009999997
\t\tFISCAL YEAR END:\t\t\t1231

\tFORMER COMPANY:\t
\t\tFORMER CONFORMED NAME:\tHARBOURLINE DATA INC
\t\tDATE OF NAME CHANGE:\t20040507

\tFORMER COMPANY:\t
\t\tFORMER CONFORMED NAME:\tLINEPAY SERVICES INC
\t\tDATE OF NAME CHANGE:\t20030110

FILED BY:\t\t

\tCOMPANY DATA:\t
\t\tCOMPANY CONFORMED NAME:\t\t\tKestrel Partners Fund L.P.
\t\tCENTRAL INDEX KEY:\t\t\t0009999996
\t\tSTATE OF INCORPORATION:\t\t\tDE

\tMAIL ADDRESS:\t
\t\tSTREET 1:\t\t1 HARBOUR ST - 4"""

FLAT_THEN_LINES = ("-----BEGIN PRIVACY-ENHANCED MESSAGE----- Proc-Type: 2001,MIC-CLEAR "
                   "0009999995-05-000777.txt : 20050421 ACCESSION NUMBER: 0009999995-05-000777 CONFORMED "
                   "SUBMISSION TYPE: 8-K PUBLIC DOCUMENT COUNT: 2 FILED AS OF DATE: 20050421 FILER: COMPANY "
                   "DATA: COMPANY CONFORMED NAME: Quayside Bancorp, Inc. CENTRAL INDEX KEY: 0009999994 "
                   "FILING VALUES: FORM TYPE: 8-K MAIL ADDRESS: CITY: DOVER STATE: DE ZIP: 19901 8-K 1 "
                   "eight-k.htm 8-K\n\nUNITED STATES\nSECURITIES AND EXCHANGE COMMISSION\n\nFORM 8-K\n\n"
                   "The Quayside Bancorp, Inc.\n(Exact name of registrant as specified in its charter)\n"
                   "Delaware\n(State of incorporation)\n")


def _entities(tmp_path: Path, text: str) -> tuple[dict[str, Entity], list]:
    path = tmp_path / "submission.txt"
    path.write_text(text)
    records = list(detect(path).read(path))
    return {r.name: r for r in records if isinstance(r, Entity)}, records


def test_cut_header_gives_subject_with_former_names_and_filed_by(tmp_path: Path) -> None:
    found, _ = _entities(tmp_path, CUT)
    subject = found["Harbourline Payments, Inc."]
    assert subject.ref.value == "0009999997"
    former = {(a.value, str(a.valid_to)[:10]) for a in subject.aliases if a.kind == "previous"}
    assert former == {("HARBOURLINE DATA INC", "2004-05-07"), ("LINEPAY SERVICES INC", "2003-01-10")}
    assert found["Kestrel Partners Fund L.P."].ref.value == "0009999996"


def test_one_line_header_above_a_document_with_lines(tmp_path: Path) -> None:
    found, records = _entities(tmp_path, FLAT_THEN_LINES)
    assert found["Quayside Bancorp, Inc."].ref.value == "0009999994"
    body = " ".join(r.text for r in records if isinstance(r, Disclosure))
    assert "The Quayside Bancorp, Inc." in body  # the document below the header is still read
