"""Exhibit 21 read by what its cells are (issue 31, session 17): the classifier, the tokeniser and
the assembler on renderings written for these tests (no filer's list), the same list in several
layouts and column orders giving the same rows."""

from __future__ import annotations

import pytest

from ownergraph.domain.codes import EntityKind
from ownergraph.domain.model import EntityRef

from ownergraph.ingest.readers.sec.ex21_assemble import cell_class_rows
from ownergraph.ingest.readers.sec.ex21_classes import Column, Kind, column_kind, kind
from ownergraph.ingest.readers.sec.ex21_reading import better, score
from ownergraph.ingest.readers.sec.ex21_table import nest
from ownergraph.ingest.readers.sec.ex21_tokens import tokens


@pytest.mark.parametrize(("text", "want"), [
    ("Tallinna Logistika OÜ", Kind.NAME),  # an ISO 20275 form outside ASCII
    ("Brightwater Kereskedelmi Kft.", Kind.NAME),
    ("Harbour Lane Partners", Kind.NAME),  # a capitalised run without a form
    ("Sable Ridge GmbH, Mannheim", Kind.NAME),  # a form before a town
    ("Delaware", Kind.PLACE),
    ("Baia Mare, Romania", Kind.PLACE),
    ("The Netherlands", Kind.PLACE),
    ("51 %", Kind.PERCENT),
    ("99.5", Kind.FIGURE),
    ("EUR 25,000", Kind.AMOUNT),
    ("12,500,000", Kind.AMOUNT),
    ("(3)", Kind.MARK),
    ("†", Kind.MARK),
    ("2.", Kind.NUMBER),
    ("\u2014", Kind.EMPTY),
    ("Country of Incorporation", Kind.HEAD),
    ("Ownership%", Kind.HEAD),
    ("Asia Pacific", Kind.HEAD),
    ("Wholly owned subsidiaries", Kind.HEAD),
    ("As of June 30, 2021", Kind.HEAD),
    ("owned by Kestrel Holdings B.V.", Kind.OWNER),
    ("Includes the interest held through the company's pension trust.", Kind.PROSE),
])
def test_a_cell_is_classed_by_what_it_holds(text: str, want: Kind) -> None:
    assert kind(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("State or Jurisdiction of Incorporation", Column.PLACE),
    ("% Owned by the Group", Column.PERCENT),
    ("Immediate holding company", Column.OWNER),
    ("Equity (thousand)", Column.AMOUNT),
    ("Name of Subsidiary", Column.NAME),
])
def test_a_header_cell_says_what_its_column_holds(text: str, want: Column) -> None:
    assert column_kind(text) == want


def test_a_pipe_cell_keeps_its_wrapped_lines_and_a_spaced_column_its_wrapped_cell() -> None:
    piped = "|\nNorthgate Instruments\nPty Ltd\n|\nAustralia\n|\nSable Ridge Holdings,\nInc.\n|\nTexas\n"
    assert [c.text for c in tokens(piped)] == [
        "Northgate Instruments Pty Ltd", "Australia", "Sable Ridge Holdings, Inc.", "Texas"]
    spaced = ("Name                        Activity            Country\n"
              "Kestrel Marine Ltd.         Tanker owning and   Liberia\n"
              "                            chartering\n"
              "Osprey Marine Ltd.          Chartering          Bahamas\n")
    texts = [c.text for c in tokens(spaced)]
    assert "Tanker owning and chartering" in texts and "chartering" not in texts


_ROWS = [("Tallinna Logistika OÜ", "Estonia", "100"), ("Brightwater Kereskedelmi Kft.", "Hungary", "75"),
         ("Northgate Instruments Pty Ltd", "Australia", "51")]


def _piped(order: tuple[str, ...], head: dict[str, str]) -> str:
    cells = [head[c] for c in order]
    for name, place, pct in _ROWS:
        got = {"name": name, "place": place, "pct": pct}
        cells += [got[c] for c in order]
    return "Exhibit 8\nList of subsidiaries\n" + "".join(f"|\n{c}\n" for c in cells)


_HEAD = {"name": "Name of company", "place": "Country of incorporation", "pct": "Interest held (%)"}


@pytest.mark.parametrize("order", [("name", "place", "pct"), ("place", "name", "pct"), ("name", "pct", "place")])
def test_the_same_list_in_any_column_order_gives_the_same_rows(order: tuple[str, ...]) -> None:
    rows = cell_class_rows(_piped(order, _HEAD))
    assert [(r[1], r[2], r[3]) for r in rows] == [(n, p, f"{s}%") for n, p, s in _ROWS]


def test_spaced_columns_and_one_cell_per_line_read_alike() -> None:
    spaced = "Name of company                 Country of incorporation    Interest held (%)\n" + "".join(
        f"{n:32}{p:28}{s}\n" for n, p, s in _ROWS)
    lines = "Name of company\nCountry of incorporation\nInterest held (%)\n" + "".join(
        f"{n}\n{p}\n{s}\n" for n, p, s in _ROWS)
    assert [(r[1], r[2], r[3]) for r in cell_class_rows(spaced)] == [
        (r[1], r[2], r[3]) for r in cell_class_rows(lines)] == [(n, p, f"{s}%") for n, p, s in _ROWS]


def test_an_amount_column_gives_no_share_and_a_total_column_is_the_share() -> None:
    text = ("|\nName\n|\nEquity (thousand)\n|\nDirect interest\n|\nTotal interest\n"
            "|\nOsprey Marine Ltd.\n|\n4,128\n|\n60.00\n|\n100.00\n"
            "|\nKestrel Marine Ltd.\n|\n12\n|\n\u2014\n|\n80.00\n")
    assert [(r[1], r[3]) for r in cell_class_rows(text)] == [
        ("Osprey Marine Ltd.", "100.00%"), ("Kestrel Marine Ltd.", "80.00%")]


def test_a_place_heading_gives_its_place_to_the_rows_under_it_and_towns_are_cut_off() -> None:
    text = ("|\nName and seat\n|\nGERMANY\n|\nSable Ridge GmbH, Mannheim\n|\nSable Ridge Service GmbH, Walldorf\n"
            "|\nFRANCE\n|\nSable Ridge SAS, Lyon\n|\nSable Ridge Finance S.A., Paris\n")
    assert [(r[1], r[2]) for r in cell_class_rows(text)] == [
        ("Sable Ridge GmbH", "GERMANY"), ("Sable Ridge Service GmbH", "GERMANY"),
        ("Sable Ridge SAS", "FRANCE"), ("Sable Ridge Finance S.A.", "FRANCE")]


def test_outline_numbers_nest_rows() -> None:
    text = ("EXHIBIT 21\nSUBSIDIARIES OF HARBOUR LANE CORP.\n"
            "1) Harbour Lane Holdings Ltd. (Bermuda)\n(a) Harbour Lane Europe B.V. (Netherlands)\n"
            "(b) Harbour Lane Asia Pte. Ltd. (Singapore)\n2) Harbour Lane Services, LLC (Delaware)\n")
    top = EntityRef(name="Harbour Lane Corp.", kind=EntityKind.COMPANY)
    owner = {ref.name: by.name for _, ref, by, _, _ in nest(cell_class_rows(text), top)}
    assert owner == {"Harbour Lane Holdings Ltd.": "Harbour Lane Corp.",
                     "Harbour Lane Europe B.V.": "Harbour Lane Holdings Ltd.",
                     "Harbour Lane Asia Pte. Ltd.": "Harbour Lane Holdings Ltd.",
                     "Harbour Lane Services, LLC": "Harbour Lane Corp."}


def test_a_holder_cell_is_resolved_to_a_row_of_the_same_file() -> None:
    text = ("|\nSubsidiary\n|\nJurisdiction\n|\nOwner\n|\n% owned\n"
            "|\nKestrel Holdings B.V.\n|\nNetherlands\n|\nHarbour Lane Corp.\n|\n100\n"
            "|\nKestrel Marine Ltd.\n|\nLiberia\n|\nKestrel Holdings B.V.\n|\n100\n")
    rows = cell_class_rows(text)
    assert rows[1][1] == "Kestrel Marine Ltd. (subsidiary of Kestrel Holdings B.V.)" and rows[1][3] == "100%"


def test_the_reading_kept_is_the_layout_one_unless_the_classes_read_clearly_more_companies() -> None:
    good = [("line[1]", "Osprey Marine Ltd.", "Liberia", None, 0.0), ("line[2]", "Kestrel GmbH", "Germany", None, 0.0)]
    noise = [("line[1]", "Liberia", None, None, 0.0), ("line[2]", "Includes the company's direct interest.", None,
                                                        None, 0.0)]
    assert score(good) == 2 and score(noise) == -2
    assert better(good, good[:1]) is good  # no clearer reading: the layout rules' stays
    assert better(noise, good) is good
    assert better(noise, []) is noise  # nothing read is never better


def test_a_trailing_town_and_country_is_the_place_whatever_follows_the_name() -> None:
    text = ("|\nName and seat\n|\nEquity interest in %\n"
            "|\nKestrel (Ningbo) Co., Ltd., Ningbo, China\n|\n100\n"
            "|\nKestrel Technik GmbH & Co. KG, Lübeck, Germany (formerly: Kestrel Technik GmbH)\n|\n100\n"
            "|\nKestrel Service AG, Linz, Austria 2), 3)\n|\n76\n")
    assert [(r[1], r[2], r[3]) for r in cell_class_rows(text)] == [
        ("Kestrel (Ningbo) Co., Ltd.", "Ningbo, China", "100%"),
        ("Kestrel Technik GmbH & Co. KG (formerly: Kestrel Technik GmbH)", "Lübeck, Germany", "100%"),
        ("Kestrel Service AG", "Linz, Austria", "76%")]
