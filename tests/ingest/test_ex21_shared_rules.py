"""Exhibit 21 rules shared by the single-exhibit reader and the Exhibit 21 of a full submission:
other names as aliases, and places the code list knows (every ISO 3166 country, US states and
territories). Exhibits written anew with invented names."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.codes import AliasKind
from ownergraph.domain.model import Entity, Ownership
from ownergraph.ingest.readers.documents import DocumentReader
from ownergraph.ingest.readers.sec.ex21 import Ex21Reader

EX21_ALIASES = """EXHIBIT 21.1
SUBSIDIARIES OF QUORVANT HOLDINGS INC.
Quorvant Retail LLC (fka Quorvant Stores LLC), a Delaware limited liability company
Quorvant Foods of Ohio, L.P. (d/b/a Quorvant Kitchens), an Ohio limited partnership
"""


def _submission(tmp_path: Path, exhibit: str) -> Path:
    sub = tmp_path / "0000888777-24-000002.txt"
    sub.write_text("<SEC-DOCUMENT>0000888777-24-000002.txt : 20240301\n<SEC-HEADER>0000888777-24-000002.hdr.sgml : "
                   "20240301\nACCESSION NUMBER:\t\t0000888777-24-000002\nCONFORMED SUBMISSION TYPE:\t10-K\n"
                   "FILED AS OF DATE:\t\t20240301\n\nFILER:\n\n\tCOMPANY DATA:\t\n\t\tCOMPANY CONFORMED NAME:\t\t\t"
                   "QUORVANT HOLDINGS INC\n\t\tCENTRAL INDEX KEY:\t\t\t0000888777\n</SEC-HEADER>\n<DOCUMENT>\n"
                   "<TYPE>EX-21.1\n<SEQUENCE>2\n<FILENAME>ex21.txt\n<TEXT>\n" + exhibit
                   + "\n</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n", encoding="utf-8")
    return sub


def _names(records: list) -> dict[str, set[tuple[str, str]]]:
    return {r.name: {(str(a.kind), a.value) for a in r.aliases} for r in records if isinstance(r, Entity)}


def test_a_submission_exhibit_gives_the_other_names_its_rows_state(tmp_path: Path) -> None:
    got = _names(list(DocumentReader().read(_submission(tmp_path, EX21_ALIASES))))
    assert (str(AliasKind.PREVIOUS), "Quorvant Stores LLC") in got["Quorvant Retail LLC"]
    assert (str(AliasKind.TRADING), "Quorvant Kitchens") in got["Quorvant Foods of Ohio, L.P."]


def test_the_same_exhibit_alone_gives_the_same_other_names(tmp_path: Path) -> None:
    path = tmp_path / "ex21.txt"
    path.write_text(EX21_ALIASES, encoding="utf-8")
    alone = _names(list(Ex21Reader().read(path)))
    inside = _names(list(DocumentReader().read(_submission(tmp_path, EX21_ALIASES))))
    for name in ("Quorvant Retail LLC", "Quorvant Foods of Ohio, L.P."):
        assert {a for a in alone[name] if "Quorvant" in a[1]} <= inside[name]


PLACES = """EXHIBIT 21
SUBSIDIARIES OF THE REGISTRANT
Name                                   Jurisdiction of Organization
Zelmora Maghreb SARL                   Tunisia
Zelmora Atlas S.A.R.L.                 Morocco
Zelmora Caribe, LLC                    Commonwealth of Puerto Rico
Zelmora Europe B.V.                    the Netherlands
Zelmora Seoul Ltd.                     Korea, Republic of
Zelmora Canada ULC                     Nova Scotia, Canada
"""


def test_every_country_and_territory_is_coded(tmp_path: Path) -> None:
    path = tmp_path / "ex21.txt"
    path.write_text(PLACES, encoding="utf-8")
    got = {o.target.name: o.target.jurisdiction for o in Ex21Reader().read(path) if isinstance(o, Ownership)}
    assert got == {"Zelmora Maghreb SARL": "TN", "Zelmora Atlas S.A.R.L.": "MA", "Zelmora Caribe, LLC": "PR",
                   "Zelmora Europe B.V.": "NL", "Zelmora Seoul Ltd.": "KR", "Zelmora Canada ULC": "CA-NS"}
