"""EDGAR submissions (issue 31): the SGML header's companies with dated former names, the
Section 16 ten-percent owner, XML with any namespace prefix, and names outside ASCII kept whole."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from ownergraph.domain.codes import AliasKind
from ownergraph.domain.model import Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "dev" / "sec-submission-txt"


def read(path: Path) -> list:
    return list(detect(path).read(path))


def by_cik(records: list, cik: str) -> Entity:
    return next(r for r in records if isinstance(r, Entity) and r.ref.value == cik)


def test_former_company_names_are_dated_previous_names() -> None:
    records = read(CORPUS / "dsep-form4-regression-test.txt")
    issuer = by_cik(records, "0000788920")
    previous = [(a.value, a.valid_from, a.valid_to) for a in issuer.aliases if a.kind is AliasKind.PREVIOUS]
    assert previous == [("PRO-DEX, INC.", date(2015, 11, 4), date(2015, 11, 10)),
                        ("CONTEXT CAPITAL FUNDS", date(1992, 7, 3), date(2015, 11, 4)),
                        ("PRO DEX INC", None, date(1992, 7, 3))]
    legal = next(a for a in issuer.aliases if a.kind is AliasKind.LEGAL)
    assert (legal.value, legal.valid_from) == ("PRO DEX INC", date(2015, 11, 10))


def test_header_companies_with_cik_and_state() -> None:
    records = read(CORPUS / "dsep-schedule13g.txt")
    filer = next(r for r in records if isinstance(r, Entity) and r.name == "ASKELADDEN CAPITAL MANAGEMENT LLC")
    assert filer.ref.value == "0001815572" and filer.jurisdiction == "US-TX"
    subject = by_cik(records, "0001374328")
    assert any(a.value == "BOND LABORATORIES, INC." and a.valid_to == date(2006, 8, 31) for a in subject.aliases)


def test_ten_percent_owner_owns_more_than_ten_percent() -> None:
    records = read(CORPUS / "dsep-form4-regression-test.txt")
    stakes = [o.stake for o in records if isinstance(o, Ownership) and o.stake and o.stake.lo == 10]
    assert stakes and all((s.hi, s.lo_inclusive) == (100, False) for s in stakes)


def test_namespace_prefixed_schedule_13d_reads_like_the_plain_one(real_data: Path, tmp_path: Path) -> None:
    """The real 13D (edgartools) rewritten as filing software writes it: every element ``sch:``."""
    plain = real_data / "sec" / "schedule13d_nested_cusip.xml"
    text = plain.read_text(encoding="utf-8")
    text = text.replace('xmlns="http://www.sec.gov/edgar/schedule13D"', 'xmlns:sch="http://www.sec.gov/edgar/schedule13D"')
    text = re.sub(r"<(/?)(?![?!])([A-Za-z][\w]*)(?=[\s>/])", r"<\1sch:\2", text)
    prefixed = tmp_path / "sch-13d.xml"
    prefixed.write_text(text, encoding="utf-8")
    assert detect(prefixed).name == "sec"
    def facts(recs: list) -> set:
        return {(type(r).__name__, getattr(r, "name", None), str(getattr(r, "stake", None)))
                for r in recs if not isinstance(r, Quarantined)}
    assert facts(read(prefixed)) == facts(read(plain)) and facts(read(plain))


def test_names_outside_ascii_are_kept_whole(tmp_path: Path) -> None:
    page = tmp_path / "ex21-acme.htm"  # UTF-8 without a declared charset, as many filers send it
    page.write_bytes(
        "<html><body><p>EXHIBIT 21</p><p>SUBSIDIARIES OF ACME HOLDINGS, INC.</p><table>"
        "<tr><td>Name</td><td>Jurisdiction</td><td>Percentage of Voting Securities Owned</td></tr>"
        "<tr><td>Acme Baltic OÜ</td><td>Estonia</td><td>100%</td></tr>"
        "<tr><td>Acme Nordic ApS</td><td>Denmark</td><td>60%</td></tr></table></body></html>".encode())
    records = read(page)
    names = {r.name: r for r in records if isinstance(r, Entity)}
    assert "Acme Baltic OÜ" in names and names["Acme Baltic OÜ"].jurisdiction == "EE"
    owns = {o.target.name: o.stake.exact for o in records if isinstance(o, Ownership)}
    assert owns == {"Acme Baltic OÜ": 100.0, "Acme Nordic ApS": 60.0}


def test_the_registrant_is_never_an_entity(tmp_path: Path) -> None:
    page = tmp_path / "ex21.htm"
    page.write_text("<html><body><p>EXHIBIT 21</p><p>SUBSIDIARIES OF THE REGISTRANT</p><table>"
                    "<tr><td>Acme Baltic OÜ</td><td>Estonia</td></tr></table></body></html>", encoding="utf-8")
    records = read(page)
    assert not [r for r in records if isinstance(r, Quarantined)]
    (own,) = [r for r in records if isinstance(r, Ownership)]
    assert own.source.name.startswith("Filer not named") and "Registrant" not in own.source.name
    assert not [e for e in records if isinstance(e, Entity) and "registrant" in e.name.lower()]
