"""Beneficial ownership tables read row by row (issue 32): rows whose percent of the class has no
"%" sign ("Elon Musk(1) 231,715,206 21.2") or is "*" (under one per cent), a "5% Stockholders"
heading, the group row that does not end the table, and the holders its footnotes name.

Made-up tables in the shape of a 10-K/A's Item 12, and one real dev table (10k-spatz-2014)."""

from __future__ import annotations

import json
from pathlib import Path

from ownergraph.ingest.extract import tables
from ownergraph.ingest.extract.values import Context

CORPUS = Path(__file__).parents[1] / "fixtures" / "prose_corpus"

ITEM_12 = """The following table sets forth certain information regarding the beneficial ownership of Acme's common stock.
5% Stockholders
Jane Roe(1) 231,715,206 21.2
Example Capital Group(2) 62,448,572 6.0
Named Executive Officers & Directors
John Poe(3) 635,271 *
All current executive officers and directors as a group (10 persons)(4) 250,629,119 22.9
(1) Includes (i) 172,608,251 shares held of record by the Jane Roe Revocable Trust dated July 22, 2003 and (ii) 59,106,955 shares issuable upon exercise of options.
(3) Includes the 5,000 shares owned by Poe Family Holdings LLC, which may be deemed to be beneficially owned by Mr. Doe.
Related Party Transactions
Revenue 1,234,567 12.5
"""


def _holders(text: str, filer: str) -> set[tuple[str, float | None]]:
    return {(f.a, f.stake) for f in tables.find(text, Context(filer=filer)) if f.relation == "owns" and f.b == filer}


def test_rows_without_a_percent_sign_and_under_one_per_cent() -> None:
    got = _holders(ITEM_12, "Acme Corp.")
    assert ("Jane Roe", 21.2) in got and ("Example Capital Group", 6.0) in got
    assert ("John Poe", None) in got  # "*": a holder of under one per cent


def test_the_group_row_and_the_footnotes_keep_the_table_open() -> None:
    got = _holders(ITEM_12, "Acme Corp.")
    assert ("Jane Roe Revocable Trust", None) in got  # "(1) Includes ... shares held of record by ..."
    assert ("Poe Family Holdings LLC", None) in got
    assert not any(a.startswith(("All ", "Mr. Doe", "Doe")) for a, _ in got)  # a group; "may be deemed"
    assert not any(a.startswith("Revenue") for a, _ in got)  # after the table's end


def test_a_real_beneficial_ownership_table_with_percent_signs_still_reads() -> None:
    doc = next(d for d in map(json.loads, (CORPUS / "documents.jsonl").read_text().splitlines())
               if d["doc_id"] == "10k-spatz-2014")
    assert doc["split"] == "dev"
    text = (CORPUS / "documents" / "10k-spatz-2014.txt").read_text()
    got = _holders(text, doc["company"])
    assert ("Lone Star Value Investors, LP", 63.49) in got
    assert not any("Eberwein" in a and s is None for a, s in got)  # "may be deemed to be beneficially owned by Mr. Eberwein"


def test_a_proxy_tables_footnote_after_the_shares() -> None:
    text = ("Security Ownership of Certain Beneficial Owners and Management\n"
            "Name and Address of Beneficial Owner Amount and Nature of Beneficial Ownership Percent of Class\n"
            "Example Partners LP 1,234,567(2) 5.6%\nJane Roe 45,000 (3) *\n")
    got = _holders(text, "Acme Corp.")
    assert ("Example Partners LP", 5.6) in got and ("Jane Roe", None) in got
