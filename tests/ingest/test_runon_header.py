"""An EDGAR header as a page rendering gives it: tags dropped, every field run onto one line (held-out
set 12's shape, written anew with a made-up company). Read as the SGML header: the filer with its CIK
and its former names, each valid until its date of name change."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Entity
from ownergraph.ingest.formats import detect

RUNON = ("0009999999-21-000123.txt : 20210301 0009999999-21-000123.hdr.sgml : 20210301 20210301170000 "
         "ACCESSION NUMBER: 0009999999-21-000123 CONFORMED SUBMISSION TYPE: 20-F PUBLIC DOCUMENT COUNT: 12 "
         "FILED AS OF DATE: 20210301 FILER: COMPANY DATA: COMPANY CONFORMED NAME: TALVERA HOGAR, S.A.B. DE C.V. "
         "CENTRAL INDEX KEY: 0009999999 STATE OF INCORPORATION: O5 FISCAL YEAR END: 1231 FILING VALUES: "
         "FORM TYPE: 20-F SEC ACT: 1934 Act BUSINESS ADDRESS: STREET 1: AV. REFORMA 10 CITY: GUADALAJARA, JALISCO "
         "STATE: O5 ZIP: 44100 FORMER COMPANY: FORMER CONFORMED NAME: Talvera Hogar, S.A.P.I. de C.V. "
         "DATE OF NAME CHANGE: 20200601 FORMER COMPANY: FORMER CONFORMED NAME: Talvera Casa, S.A. de C.V. "
         "DATE OF NAME CHANGE: 20190115")


def test_runon_header_gives_filer_and_dated_former_names(tmp_path: Path) -> None:
    path = tmp_path / "hdr-runon.txt"
    path.write_text(RUNON)
    records = list(detect(path).read(path))
    filer = [r for r in records if isinstance(r, Entity) and r.name == "TALVERA HOGAR, S.A.B. DE C.V."]
    assert filer and filer[0].ref.value and filer[0].ref.value.endswith("9999999")
    former = {(a.value, str(a.valid_to)[:10]) for a in filer[0].aliases if a.kind == "previous"}
    assert former == {("Talvera Hogar, S.A.P.I. de C.V.", "2020-06-01"), ("Talvera Casa, S.A. de C.V.", "2019-01-15")}
