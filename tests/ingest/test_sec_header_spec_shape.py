"""EDGAR SGML headers read per the EDGAR Public Dissemination Service layout (issue 31 items 1 and 3):
``tests/fixtures/spec_shapes/sec/edgar-header-every-field.txt`` has SUBJECT COMPANY and FILED BY
blocks with every field, GROUP MEMBERS, three dated FORMER COMPANY entries, an IRS NUMBER, EDGAR's
placeholder IRS NUMBER and an empty STATE OF INCORPORATION (its origin: the README beside it).
An empty field is none: it never takes the next line's label ("FISCAL" was read as the state)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.model import Entity, Quarantined
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.documents.edgar import parse_header

FIX = Path(__file__).resolve().parents[1] / "fixtures"
EVERY = FIX / "spec_shapes" / "sec" / "edgar-header-every-field.txt"


def test_every_header_field() -> None:
    h = parse_header(EVERY.read_text())
    assert (h.accession, h.form, h.filed) == ("0009999999-24-000001", "SC 13D/A", date(2024, 3, 15))
    assert h.group_members == ["EXAMPLE HOLDINGS GP, LLC", "JANE Q. EXAMPLE"]
    subject, filer = h.parties
    assert (subject.role, subject.name, subject.cik, subject.sic, subject.irs) == (
        "SUBJECT COMPANY", "NORTHWIND WIDGETS CORP", "0009999901", "3540", "131234567")
    assert subject.state is None  # empty in the file: not "FISCAL" from the line below
    assert subject.former == [("NORTHWIND TOOLS INC", date(2015, 6, 1)), ("NORTHWIND MACHINE CO", date(2008, 1, 15)),
                              ("NORTHWIND FOUNDRY CO", date(1999, 3, 1))]
    assert (filer.role, filer.cik, filer.state, filer.irs) == ("FILED BY", "0009999902", "E9", None)
    assert h.filer is filer


@pytest.mark.parametrize("label", ["COMPANY CONFORMED NAME", "CENTRAL INDEX KEY", "STATE OF INCORPORATION",
                                   "IRS NUMBER"])
def test_an_empty_field_never_takes_the_next_line(label: str) -> None:
    fields = {"COMPANY CONFORMED NAME": "X INC", "CENTRAL INDEX KEY": "0000000001",
              "STATE OF INCORPORATION": "DE", "IRS NUMBER": "131234567", "FISCAL YEAR END": "1231"}
    fields[label] = ""
    body = "".join(f"\t\t{k}:\t\t\t{v}\n" for k, v in fields.items())
    head = f"<SEC-HEADER>\nCONFORMED SUBMISSION TYPE:\t\nFILER:\n\tCOMPANY DATA:\n{body}</SEC-HEADER>"
    h = parse_header(head)
    (party,) = h.parties
    got = {"COMPANY CONFORMED NAME": party.name, "CENTRAL INDEX KEY": party.cik,
           "STATE OF INCORPORATION": party.state, "IRS NUMBER": party.irs}
    assert got.pop(label) is None
    assert got == {k: v for k, v in {"COMPANY CONFORMED NAME": "X INC", "CENTRAL INDEX KEY": "0000000001",
                                     "STATE OF INCORPORATION": "DE", "IRS NUMBER": "131234567"}.items() if k != label}
    assert h.form is None  # an empty submission type is none, not "FILER:"


def test_header_entities_carry_ein_and_dated_former_names() -> None:
    records = list(detect(EVERY).read(EVERY))
    assert not [r for r in records if isinstance(r, Quarantined)]
    ents = {r.ref.value: r for r in records if isinstance(r, Entity) and str(r.fact_key).startswith("sec:header:")}
    subject, filer = ents["0009999901"], ents["0009999902"]
    ids = {(a.scheme, a.value) for a in subject.aliases if a.kind is AliasKind.IDENTIFIER}
    assert ids == {(AliasScheme.CIK, "0009999901"), (AliasScheme.OTHER, "ein:131234567")}
    assert subject.jurisdiction is None
    previous = {a.value: (a.valid_from, a.valid_to) for a in subject.aliases if a.kind is AliasKind.PREVIOUS}
    assert previous == {"NORTHWIND TOOLS INC": (date(2008, 1, 15), date(2015, 6, 1)),
                        "NORTHWIND MACHINE CO": (date(1999, 3, 1), date(2008, 1, 15)),
                        "NORTHWIND FOUNDRY CO": (None, date(1999, 3, 1))}
    # EDGAR's placeholder IRS NUMBER 000000000 is no identifier (it would join every filer that writes it)
    assert not [a for a in filer.aliases if a.value.startswith("ein:")]


def test_placeholder_and_dashed_irs_numbers() -> None:
    real = FIX / "real" / "filings" / "sc-to" / "0001104659-25-002604.txt"  # subject 000000000, filer a real EIN
    assert [(p.role, p.irs) for p in parse_header(real.read_text(encoding="latin-1")[:40_000]).parties] == [
        ("SUBJECT COMPANY", None), ("SUBJECT COMPANY", None), ("FILED BY", "133398767")]
    tagged = ("<SUBMISSION>\n<ACCESSION-NUMBER>0000000000-24-000001\n<TYPE>10-K\n<FILER>\n<COMPANY-DATA>\n"
              "<CONFORMED-NAME>X INC\n<CIK>0000000001\n<IRS-NUMBER>13-1234567\n</COMPANY-DATA>\n</FILER>\n")
    assert parse_header(tagged).parties[0].irs == "131234567"
