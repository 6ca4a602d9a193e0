"""Real variants of the claimed formats that no corpus split holds (issue 31, session 8), each built
here per its own specification; where a real file of the repository is the base, it is named:

- gzip-compressed files (Open Ownership publishes its BODS bulk data as ``.jsonl.gz``; GLEIF files are
  mirrored compressed): the real resoluteworks/kbods ``statements.jsonl`` (reader corpus) and GLEIF
  golden-copy ``rr-data.xml`` / ``lei-data.json`` (tests/fixtures/real/gleif), gzipped or zipped here;
- GLEIF RR-CDF XML with another namespace prefix and with the default namespace (the RR-CDF 2.1 schema
  fixes the namespace URI, not the prefix): the real ``rr-data.xml`` with its ``rr:`` prefix rewritten;
- Companies House Basic Company Data as JSON and JSON Lines: the CSV product's column names (Companies
  House "Free Company Data Product" field list, nested where the CSV writes ``RegAddress.PostTown``);
- an Exhibit 21 HTML table whose percentage column comes first, with footnote markers, and names of
  several jurisdictions and scripts ending in ISO 20275 legal forms (OÜ, ApS, Sp. z o.o., GmbH & Co.
  KG, S.p.A., Oy, a Japanese 株式会社); and a plain-text Exhibit 21 filed on its own (1990s EX-21 .txt).
"""

from __future__ import annotations

import gzip
import json
import shutil
import zipfile
from collections import Counter
from pathlib import Path

import pytest

from ownergraph.domain.codes import AliasKind
from ownergraph.domain.model import Consolidation, Entity, FundRelation, Ownership, Quarantined
from ownergraph.ingest.formats import detect

FIX = Path(__file__).resolve().parents[1] / "fixtures"
GOLDEN = FIX / "real" / "gleif" / "golden-copy"
KBODS = FIX / "reader_corpus" / "files" / "test" / "bods" / "kbods-statements.jsonl"


def read(path: Path) -> tuple[str, list]:
    reader = detect(path)
    return reader.name, list(reader.read(path))


def kinds(records: list) -> Counter:
    return Counter(type(r).__name__ for r in records)


def gz(src: Path, dst: Path) -> Path:
    with open(src, "rb") as fin, gzip.open(dst, "wb") as fout:
        shutil.copyfileobj(fin, fout)
    return dst


@pytest.mark.parametrize(("src", "fmt"), [(KBODS, "bods"), (GOLDEN / "rr-data.xml", "gleif-rr"),
                                          (GOLDEN / "lei-data.json", "gleif-lei")])
def test_gzipped_file_reads_as_the_plain_one(tmp_path: Path, src: Path, fmt: str) -> None:
    plain_fmt, plain = read(src)
    name, packed = read(gz(src, tmp_path / f"{src.name}.gz"))
    assert name == plain_fmt == fmt
    assert kinds(packed) == kinds(plain) and packed  # the same records, nothing more or less


def test_zipped_gleif_json_reads_as_the_plain_one(tmp_path: Path) -> None:
    archive = tmp_path / "lei-data.json.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(GOLDEN / "lei-data.json", "lei-data.json")
    assert kinds(read(archive)[1]) == kinds(read(GOLDEN / "lei-data.json")[1])


@pytest.mark.parametrize("prefix", ["ns3:", ""])
def test_rr_cdf_with_any_namespace_prefix(tmp_path: Path, prefix: str) -> None:
    text = (GOLDEN / "rr-data.xml").read_text(encoding="utf-8")
    text = text.replace("xmlns:rr=", f"xmlns:{prefix[:-1]}=" if prefix else "xmlns=")
    text = text.replace("<rr:", f"<{prefix}").replace("</rr:", f"</{prefix}")
    path = tmp_path / "rr.xml"
    path.write_text(text, encoding="utf-8")
    name, records = read(path)
    assert name == "gleif-rr" and not [r for r in records if isinstance(r, Quarantined)]
    assert kinds(records) == kinds(read(GOLDEN / "rr-data.xml")[1])
    assert [r for r in records if isinstance(r, (Consolidation, FundRelation))]


BASIC = [
    {"CompanyName": "ACME WIDGETS LIMITED", "CompanyNumber": "01234567", "RegAddress": {"PostTown": "LONDON",
     "Country": "UNITED KINGDOM"}, "CompanyCategory": "Private Limited Company", "CompanyStatus": "Active",
     "CountryOfOrigin": "United Kingdom", "IncorporationDate": "01/02/2003",
     "PreviousName_1": {"CONDATE": "05/06/2010", "CompanyName": "ACME GADGETS LIMITED"}},
    {"CompanyName": "ÆGIR SKÅNE LTD", "CompanyNumber": "SC123456", "CompanyStatus": "Active",
     "CountryOfOrigin": "United Kingdom", "IncorporationDate": "12/12/2012"},
]


@pytest.mark.parametrize("layout", ["array", "lines", "lines.gz"])
def test_basic_company_data_as_json(tmp_path: Path, layout: str) -> None:
    path = tmp_path / f"BasicCompanyData.{layout.replace('array', 'json').replace('lines', 'jsonl')}"
    body = json.dumps(BASIC) if layout == "array" else "\n".join(json.dumps(b) for b in BASIC) + "\n"
    if layout.endswith(".gz"):
        path.write_bytes(gzip.compress(body.encode()))
    else:
        path.write_text(body, encoding="utf-8")
    name, records = read(path)
    assert name == "uk-api" and not [r for r in records if isinstance(r, Quarantined)]
    by_name = {e.name: e for e in records if isinstance(e, Entity)}
    assert set(by_name) == {"ACME WIDGETS LIMITED", "ÆGIR SKÅNE LTD"}
    (old,) = [a for a in by_name["ACME WIDGETS LIMITED"].aliases if a.kind is AliasKind.PREVIOUS]
    assert old.value == "ACME GADGETS LIMITED" and str(old.valid_to) == "2010-06-05"


EX21 = """<html><head><meta charset="utf-8"></head><body>
<p style="text-align:center">EXHIBIT 21</p><p>SUBSIDIARIES OF NORDIC WIDGETS CORP.</p>
<table>
<tr><td>Percentage of Voting Securities Owned</td><td>Name of Subsidiary</td><td>Jurisdiction of Organization</td></tr>
<tr><td>100%</td><td>Nordic Widgets Eesti OÜ</td><td>Estonia</td></tr>
<tr><td>100</td><td>Nordic Widgets Danmark ApS</td><td>Denmark</td></tr>
<tr><td>51%</td><td>Widżety Polska Sp. z o.o.(1)</td><td>Poland</td></tr>
<tr><td>75.5%</td><td>Nordic Widgets Deutschland GmbH &amp; Co. KG</td><td>Germany</td></tr>
<tr><td>60%</td><td>Società Widget Italia S.p.A.*</td><td>Italy</td></tr>
<tr><td>100%</td><td>Nordic Widgets Suomi Oy</td><td>Finland</td></tr>
<tr><td>100%</td><td>株式会社ノルディック</td><td>Japan</td></tr>
</table><p>(1) Held through Nordic Widgets Danmark ApS.</p><p>* Joint venture.</p></body></html>"""


def test_exhibit21_percentage_first_and_names_of_every_jurisdiction(tmp_path: Path) -> None:
    path = tmp_path / "ex21.htm"
    path.write_text(EX21, encoding="utf-8")
    name, records = read(path)
    assert name == "sec-ex21" and not [r for r in records if isinstance(r, Quarantined)]
    got = {(o.target.name, o.stake.exact if o.stake else None, o.target.jurisdiction)
           for o in records if isinstance(o, Ownership) and o.source.name == "NORDIC WIDGETS CORP."}
    assert got == {("Nordic Widgets Eesti OÜ", 100, "EE"), ("Nordic Widgets Danmark ApS", 100, "DK"),
                   ("Widżety Polska Sp. z o.o.", 51, "PL"), ("Nordic Widgets Deutschland GmbH & Co. KG", 75.5, "DE"),
                   ("Società Widget Italia S.p.A.", 60, "IT"), ("Nordic Widgets Suomi Oy", 100, "FI"),
                   ("株式会社ノルディック", 100, "JP")}


EX21_TEXT = """                                                                      EXHIBIT 21

                         SUBSIDIARIES OF ACME INDUSTRIES INC

Name                                        State or Jurisdiction of Incorporation
----                                        --------------------------------------
Acme Tool Company                           Delaware
Acme Industries Europe B.V.                 Netherlands
Acme Industries (UK) Limited                England
"""


def test_plain_text_exhibit21_on_its_own(tmp_path: Path) -> None:
    path = tmp_path / "exhibit.txt"
    path.write_text(EX21_TEXT, encoding="utf-8")
    name, records = read(path)
    assert name == "sec-ex21" and not [r for r in records if isinstance(r, Quarantined)]
    got = {(o.source.name, o.target.name, o.target.jurisdiction) for o in records if isinstance(o, Ownership)}
    assert got == {("ACME INDUSTRIES INC", "Acme Tool Company", "US-DE"),
                   ("ACME INDUSTRIES INC", "Acme Industries Europe B.V.", "NL"),
                   ("ACME INDUSTRIES INC", "Acme Industries (UK) Limited", "GB")}


EX21_PARAGRAPHS = """<html><head><title>EX-21.1</title></head><body>
<p align="center"><b>EXHIBIT 21.1</b></p>
<p align="center"><b>SUBSIDIARIES OF GLOBEX HOLDINGS, INC.</b></p>
<p>The following is a list of subsidiaries of the Registrant as of December 31, 2023:</p>
<p>Globex Manufacturing LLC (Delaware)</p>
<p>Globex International Ltd., a Cayman Islands company</p>
<p>Globex GmbH &#8211; Germany</p>
<p>Globex Brasil Ltda. (Brazil) (60%)</p>
<p>Globex Japan KK</p>
<p>* Certain subsidiaries are omitted pursuant to Item 601(b)(21)(ii) of Regulation S-K.</p>
</body></html>"""


def test_exhibit21_written_as_paragraphs(tmp_path: Path) -> None:
    """Many exhibits list their subsidiaries as paragraphs, not a table: "Name (Jurisdiction)",
    "Name, a Cayman Islands company", "Name - Country", a percentage inline."""
    path = tmp_path / "ex21.htm"
    path.write_text(EX21_PARAGRAPHS, encoding="utf-8")
    name, records = read(path)
    assert name == "sec-ex21" and not [r for r in records if isinstance(r, Quarantined)]
    got = {(o.source.name, o.target.name, o.stake.exact if o.stake else None, o.target.jurisdiction)
           for o in records if isinstance(o, Ownership)}
    parent = "GLOBEX HOLDINGS, INC."
    assert got == {(parent, "Globex Manufacturing LLC", None, "US-DE"), (parent, "Globex International Ltd.", None, "KY"),
                   (parent, "Globex GmbH", None, "DE"), (parent, "Globex Brasil Ltda.", 60, "BR"),
                   (parent, "Globex Japan KK", None, None)}


def test_paragraph_exhibit21_inside_a_submission_is_held_by_the_filer(tmp_path: Path) -> None:
    """The same paragraph list as the EX-21.1 of an EDGAR full submission (header per EDGAR's
    SGML header format): the subsidiaries are held by the header's filer, by CIK."""
    sub = tmp_path / "0000999999-24-000001.txt"
    sub.write_text("<SEC-DOCUMENT>0000999999-24-000001.txt : 20240301\n<SEC-HEADER>0000999999-24-000001.hdr.sgml : "
                   "20240301\nACCESSION NUMBER:\t\t0000999999-24-000001\nCONFORMED SUBMISSION TYPE:\t10-K\n"
                   "FILED AS OF DATE:\t\t20240301\n\nFILER:\n\n\tCOMPANY DATA:\t\n\t\tCOMPANY CONFORMED NAME:\t\t\t"
                   "GLOBEX HOLDINGS INC\n\t\tCENTRAL INDEX KEY:\t\t\t0000999999\n</SEC-HEADER>\n<DOCUMENT>\n"
                   "<TYPE>EX-21.1\n<SEQUENCE>2\n<FILENAME>ex21.htm\n<TEXT>\n" + EX21_PARAGRAPHS
                   + "\n</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n", encoding="utf-8")
    name, records = read(sub)
    assert name == "document"
    held = {(o.source.value, o.target.name) for o in records if isinstance(o, Ownership)}
    assert ("0000999999", "Globex GmbH") in held and ("0000999999", "Globex Brasil Ltda.") in held
    assert len(held) == 5


def test_exhibit21_one_cell_rows_state_their_jurisdiction(tmp_path: Path) -> None:
    path = tmp_path / "ex21.htm"
    path.write_text("<html><body><p>EXHIBIT 21</p><p>SUBSIDIARIES OF INITECH CORP</p><table>"
                    "<tr><td>Initech Software LLC (Delaware)</td></tr>"
                    "<tr><td>Initech Canada ULC, a British Columbia company</td></tr>"
                    "<tr><td>Initech (UK) Limited</td></tr></table></body></html>")
    got = {(o.target.name, o.target.jurisdiction) for o in read(path)[1] if isinstance(o, Ownership)}
    assert got == {("Initech Software LLC", "US-DE"), ("Initech Canada ULC", "CA-BC"),
                   ("Initech (UK) Limited", None)}


@pytest.mark.parametrize(("src", "inner", "fmt"), [
    # Companies House publishes both bulk products zipped: BasicCompanyData-…-part1_7.zip, psc-snapshot-…_1of28.zip
    (FIX / "reader_corpus" / "files" / "dev" / "ch-basic-csv" / "relately-product-217-sample.csv",
     "BasicCompanyData-2024-01-01-part1_7.csv", "uk-company"),
    (FIX / "reader_corpus" / "files" / "test" / "ch-psc-snapshot" / "ingester-psc_individual.json",
     "psc-snapshot-2024-01-01_1of28.txt", "uk-psc"),
])
def test_zipped_companies_house_products(tmp_path: Path, src: Path, inner: str, fmt: str) -> None:
    archive = tmp_path / inner.replace(".csv", ".zip").replace(".txt", ".zip")
    with zipfile.ZipFile(archive, "w") as z:
        z.write(src, inner)
    name, records = read(archive)
    assert name == fmt and records
    assert kinds(records) == kinds(read(src)[1])


def test_plain_text_exhibit21_with_cells_between_pipes() -> None:
    """Household International's 2002 Exhibit 21 as the prose corpus holds it (origin in
    tests/fixtures/prose_corpus/README.md): one row per line, cells between pipes, a nested row
    marked by ">", "N/A" where no percentage is stated."""
    path = FIX / "prose_corpus" / "documents" / "ex21-household-international-2002.txt"
    name, records = read(path)
    assert name == "sec-ex21" and not [r for r in records if isinstance(r, Quarantined)]
    owns = {(o.source.name, o.target.name): (o.stake.exact if o.stake else None, o.target.jurisdiction)
            for o in records if isinstance(o, Ownership)}
    top = "HOUSEHOLD INTERNATIONAL, INC."
    assert owns[(top, "Household Investment Funding, Inc.")] == (100, "US-DE")
    assert owns[(top, "Household Aviation, LLC")] == (None, "US-DE")
    assert owns[("Hamilton Investments, Inc.", "Craig-Hallum Corporation")] == (100, "US-DE")
    assert owns[("Household Bank, f.s.b.", "Housekey Financial Corporation")] == (100, "US-IL")
    assert len(owns) == 9
