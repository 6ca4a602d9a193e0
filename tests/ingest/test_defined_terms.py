"""A document's defined terms name the party they were defined for; a term for an event names
no party; an acquisition of a company's business is not a change of control of the company.
Expected answers read by a person:

tests/fixtures/real/sec/ownership/form3.BAMPartners.html (Form 3, Triton International Limited),
Remarks: "Brookfield Infrastructure Corporation ... ("BIPC"), Thanos Holdings Limited ...
("Thanos Holdings"), and Triton International Limited, a Bermuda exempted company (the
"Issuer"), completed the previously announced merger ... by and among the Issuer, BIPC, Thanos
Holdings and Thanos MergerSub Limited, an exempted company limited by shares incorporated under
the laws of Bermuda and a subsidiary of Thanos Holdings ("Merger Sub"). Pursuant to the Merger
Agreement, Merger Sub merged with and into the Issuer (the "Merger"), with the Issuer surviving
the Merger (the "Surviving Company") as a subsidiary of Thanos Holdings." ... "after which the
Surviving Company is a wholly owned subsidiary of Thanos Holdings." So Thanos MergerSub Limited
merged into Triton (not Thanos Holdings), and Thanos Holdings owns all of Triton.

tests/fixtures/real/filings/20-F/0000928385-01-500187.html (AEGON N.V. 20-F for 2000): "The
acquisition of Guardian Royal Exchange's life and pensions activities reflects our drive for
strategically balanced growth" -- AEGON bought a business of Guardian Royal Exchange, not the
company; nobody called "The" acquired anything.

tests/fixtures/real/filings/8-K/1001039_8K_2018_0001193125-18-357289.htm (The Walt Disney
Company 8-K, 2018): "the Company is merging into a wholly-owned subsidiary of TWDC Holdco 613
Corp., which is a wholly owned subsidiary of the Company (“New Disney”)" and "The new 364-Day
Credit Agreement includes a guarantee by New Disney of the Company’s payment obligations
effective upon the consummation of the Acquisition." New Disney is TWDC Holdco 613 Corp.; its
guarantee of Disney waits on the acquisition (hedged).

tests/fixtures/real/filings/8-K/1004963_8K_1996_0000899243-96-000861.txt (Cotelligent Group 8-K,
1996), EX-99.2, the merger agreement: "among COTELLIGENT GROUP, INC., a Delaware corporation
("Cotelligent"), and ESP SOFTWARE SERVICES, INC., a Minnesota corporation ("Company"); ... and
ROBERT HILDRETH and RAYMOND DAVEY, the sole shareholders of Company ("Stockholders")"; EX-99.1:
"... INNOVA SOLUTIONS, INC. ... ("Company") ... and SUSAN E. TRICE ("Stockholder")" ... "All of
the issued and outstanding shares of the capital stock of the Company are owned by Stockholder".
In an exhibit "the Company" is the company it defines, not the filer: nobody but the market owns
Cotelligent; Susan E. Trice owned Innova.

tests/fixtures/real/sec/ex21/wisconsin_electric-0000107815-02-000006.txt (10-K 2001): "ITEM 1.
BUSINESS" / "INTRODUCTION" / "Wisconsin Electric Power Company ("Wisconsin Electric") ..." --
the headings are not part of the name.
"""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import CorporateAction, Guarantee, Ownership
from ownergraph.ingest.readers.documents import DocumentReader

REAL = Path(__file__).parents[1] / "fixtures" / "real"


def _records(rel: str) -> list[object]:
    return list(DocumentReader().read(REAL / rel))


def test_merger_sub_and_the_surviving_company_are_the_parties_they_were_defined_for() -> None:
    recs = _records("sec/ownership/form3.BAMPartners.html")
    [merger] = [r for r in recs if isinstance(r, CorporateAction)]
    assert merger.action.value == "merger"
    assert (merger.subject.name, merger.counterparty.name) == ("Thanos MergerSub Limited", "Triton International Limited")
    [owns] = [r for r in recs if isinstance(r, Ownership)]
    assert (owns.source.name, owns.target.name, owns.stake.exact) == ("Thanos Holdings Limited",
                                                                      "Triton International Limited", 100.0)


def test_buying_a_companys_business_is_not_a_change_of_its_control() -> None:
    recs = _records("filings/20-F/0000928385-01-500187.html")
    parties = {p.name for r in recs if isinstance(r, (CorporateAction, Ownership))
               for p in (getattr(r, n, None) for n in ("source", "target", "subject", "counterparty")) if p}
    assert "Guardian Royal Exchange" not in parties and "The" not in parties
    assert "Kamerbeek" in parties  # "AEGON The Netherlands has acquired Kamerbeek": a company, still read


def test_a_term_defined_after_a_which_clause_names_the_company_before_it() -> None:
    [g] = [r for r in _records("filings/8-K/1001039_8K_2018_0001193125-18-357289.htm") if isinstance(r, Guarantee)]
    assert (g.source.name, g.target.name) == ("TWDC Holdco 613 Corp.", "THE WALT DISNEY COMPANY")
    assert g.provenance.claim is not None and g.provenance.claim.confidence < 0.5  # effective upon the acquisition


def test_an_exhibit_s_company_is_the_company_it_defines() -> None:
    owns = [r for r in _records("filings/8-K/1004963_8K_1996_0000899243-96-000861.txt") if isinstance(r, Ownership)]
    pairs = {(r.source.name, r.target.name) for r in owns}
    assert not {t for _, t in pairs if t.upper().startswith("COTELLIGENT GROUP")}  # was Susan E. Trice's at 100%
    assert ("SUSAN E. TRICE", "INNOVA SOLUTIONS, INC.") in pairs
    assert {("ROBERT HILDRETH", "ESP SOFTWARE SERVICES, INC."), ("RAYMOND DAVEY", "ESP SOFTWARE SERVICES, INC.")} <= pairs


def test_a_heading_above_a_paragraph_is_no_part_of_a_name() -> None:
    names = {p.name for r in _records("sec/ex21/wisconsin_electric-0000107815-02-000006.txt") if isinstance(r, Ownership)
             for p in (r.source, r.target)}
    assert "Wisconsin Electric Power Company" in names
    assert not [n for n in names if "INTRODUCTION" in n]
