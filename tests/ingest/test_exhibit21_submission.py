"""Exhibit 21 inside real EDGAR full submissions (.txt): the subsidiary list becomes OWNS edges
from the filer, in each real layout (issue 13 item 5). Expected values read off the files."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Ownership, Quarantined
from ownergraph.ingest.readers.documents import DocumentReader

EX21 = Path("sec") / "ex21"


def _listed(path: Path) -> list[Ownership]:
    records = list(DocumentReader().read(path))
    assert not [r for r in records if isinstance(r, Quarantined)]
    return [r for r in records if isinstance(r, Ownership) and (r.fact_key or "").startswith("sec:ex21:")]


def _rows(edges: list[Ownership]) -> list[tuple]:
    return [(e.source.name, e.target.name, e.target.jurisdiction, e.stake.exact if e.stake else None)
            for e in edges]


def test_lettered_list_with_a_wholly_owned_by_line(real_data: Path) -> None:
    # torotel-0001445305-11-002220.txt, EX-21 (ex21_2011430.htm): "(b) Subsidiary (wholly-owned)
    # Electronika, Inc. (a Nevada corporation)"; "(c) Subsidiary (wholly-owned by Electronika, Inc.)
    # Electronika-Kansas, Inc. (a Kansas corporation)"
    edges = _listed(real_data / EX21 / "torotel-0001445305-11-002220.txt")
    assert _rows(edges) == [
        ("TOROTEL INC", "Torotel Products, Inc.", "US-MO", 100.0),
        ("TOROTEL INC", "Electronika, Inc.", "US-NV", 100.0),
        ("Electronika, Inc.", "Electronika-Kansas, Inc.", "US-KS", 100.0),
        ("TOROTEL INC", "Torotel Manufacturing Corporation", "US-KS", 100.0)]
    assert edges[0].source.value == "0000098752"  # the header's filer, by its CENTRAL INDEX KEY


def test_html_table_with_a_split_header_and_a_footnote_table(real_data: Path) -> None:
    # wisconsin_electric-0000107815-02-000006.txt, EX-21 exhibit21.htm: header over three rows
    # ("State of / Incorporation / Percent", "Subsidiary (a) / or Organization / Ownership"), rows
    # "ATC Management Inc. | Wisconsin | 42.482%" and "American Transmission Company LLC | Wisconsin |
    # 37.295%", then a footnote table "(a) Omits the names of certain subsidiaries ..."
    edges = _listed(real_data / EX21 / "wisconsin_electric-0000107815-02-000006.txt")
    assert _rows(edges) == [
        ("WISCONSIN ELECTRIC POWER CO", "ATC Management Inc.", "US-WI", 42.482),
        ("WISCONSIN ELECTRIC POWER CO", "American Transmission Company LLC", "US-WI", 37.295)]
    assert all(e.direct is False for e in edges)  # a flat list: held directly or through others


def test_plain_text_table_1997_and_header_line_1994(real_data: Path) -> None:
    # 0001047469-97-006960.txt EX-21 "SUBSIDIARIES OF APPLE COMPUTER, INC*": a <TABLE> with
    # <CAPTION> and <S>/<C> markers, five rows ending "Claris (Ireland) Limited  Ireland"
    edges = _listed(real_data / EX21 / "0001047469-97-006960.txt")
    assert _rows(edges) == [
        ("APPLE COMPUTER INC", "Apple Computer B.V.", "NL", None),
        ("APPLE COMPUTER INC", "Apple Computer, Inc. Limited", "IE", None),
        ("APPLE COMPUTER INC", "Apple Computer Limited", "IE", None),
        ("APPLE COMPUTER INC", "Apple Japan, Inc.", "JP", None),
        ("APPLE COMPUTER INC", "Claris (Ireland) Limited", "IE", None)]
    # 0000320193-94-000016.txt EX-21: no <TABLE>, a "Name   Incorporation" header line, seven rows
    # from "Ac Real Properties, Inc.  Delaware" to "Apple Japan, Inc.  Japan"
    old = _rows(_listed(real_data / EX21 / "0000320193-94-000016.txt"))
    assert [r[1] for r in old] == ["Ac Real Properties, Inc.", "Apple Computer B.V.", "Apple Computer France S.A.R.L.",
                                   "Apple Computer, Inc. Limited", "Apple Computer Limited", "Apple Computer (UK) Ltd.",
                                   "Apple Japan, Inc."]
    assert old[0][2] == "US-DE" and old[5][2] == "GB"


def test_the_exhibit_adds_no_text_claims_beside_its_list(real_data: Path) -> None:
    # the EX-21 is <SEQUENCE>2 of the submission: its lines used to be parsed as sentences too,
    # giving three more TOROTEL INC -> Torotel Products, Inc. claims beside the list
    records = list(DocumentReader().read(real_data / EX21 / "torotel-0001445305-11-002220.txt"))
    from_exhibit = [r for r in records if isinstance(r, Ownership) and r.provenance.document_id.endswith(":2")]
    assert len(from_exhibit) == 4 and all(r.provenance.claim is None for r in from_exhibit)
