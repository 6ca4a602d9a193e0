"""General partners and managing members read from real filings' prose (issue 13 item 3),
with defined terms and people named by surname (ingest.extract.partners).

Expected answers read off the files:
- sec/s3/0000899681-95-000096.txt (Page America Group S-3/A, 1995-05-25), Selling Shareholders:
  "Mr. Barry and Jack Kadis are the general partners of BHI Associates VI, L.P., which is the
  sole general partner of Bariston Paging Partners, L.P. ("Bariston Paging"). Messrs. Barry and
  Kadis are the controlling shareholders of Bariston Holdings, Inc., ..."; "Sandler Mezzanine
  General Partnership is the investment General Partner of each of Sandler Mezzanine T-E
  Partners, L.P. ("TE"), Sandler Mezzanine Partners, L.P. ("SM") and Sandler Mezzanine Foreign
  Partners, L.P. ("FP"). Mr. Michael J. Marocco, ..., is the President of MJM Media Corp., the
  general partner of each of TE, SM and FP."
- sec/SC-13G-DOCUMENT.html (Millennium, Livent): "Millennium Group Management LLC (the managing
  member of Millennium Management LLC)".
"""

from __future__ import annotations

import re
from pathlib import Path

from ownergraph.evaluation.relations import document_text
from ownergraph.ingest.extract import extract, partners
from ownergraph.domain.model import Control
from ownergraph.ingest.readers.documents import DocumentReader
from ownergraph.domain.sentences import split_sentences

REAL = Path(__file__).parents[1] / "fixtures" / "real"
S3 = REAL / "sec" / "s3" / "0000899681-95-000096.txt"


def _norm(name: str | None) -> str:
    return " ".join((name or "").replace(".", "").replace(",", "").split())


def _controls(path: Path) -> dict[tuple[str, str], Control]:
    return {(_norm(r.source.name), _norm(r.target.name)): r for r in DocumentReader().read(path)
            if isinstance(r, Control)}


def test_general_partner_chains_lists_and_defined_terms_of_an_s3() -> None:
    got = _controls(S3)
    te, sm, fp = "Sandler Mezzanine T-E Partners LP", "Sandler Mezzanine Partners LP", "Sandler Mezzanine Foreign Partners LP"
    gp = {("David A Barry", "BHI Associates VI LP"), ("Jack Kadis", "BHI Associates VI LP"),
          ("BHI Associates VI LP", "Bariston Paging Partners LP"),
          *(("Sandler Mezzanine General Partnership", x) for x in (te, sm, fp)),
          *(("MJM Media Corp", x) for x in (te, sm, fp))}
    assert {k for k, r in got.items() if r.control_kind == "general_partner"} == gp
    # "Messrs. Barry and Kadis are the controlling shareholders of Bariston Holdings, Inc."
    assert {k for k, r in got.items() if r.control_kind == "controlling_shareholder"} == {
        ("David A Barry", "Bariston Holdings Inc"), ("Jack Kadis", "Bariston Holdings Inc")}
    assert not any("Marocco" in a for a, _ in got)  # the President of the general partner controls nothing


def test_each_edge_is_cited_to_its_sentence() -> None:
    text = document_text(REAL, "sec/s3/0000899681-95-000096.txt#1")
    found = [f for f in extract(text, split_sentences(text), "Page America Group, Inc")
             if f.rule.startswith("is_general_partner_of") and f.b == "Bariston Paging Partners, L.P"]
    assert len(found) == 1 and text[found[0].start:found[0].end] == found[0].quote
    assert " ".join(found[0].quote.split()) == (
        'Mr. Barry and Jack Kadis are the general partners of BHI Associates VI, L.P., which is the sole '
        'general partner of Bariston Paging Partners, L.P. ("Bariston Paging").')
    assert found[0].confidence >= 0.5


def test_a_surname_is_the_person_named_in_full_just_before() -> None:
    # the Selling Shareholders table above names Lawrence, Michael, Suellen and Jack Kadis; the
    # sentence before "Messrs. Barry and Kadis" names Jack Kadis
    text = document_text(REAL, "sec/s3/0000899681-95-000096.txt#1")
    at = re.search(r"Messrs\.\s+Barry\s+and\s+Kadis\s+are", text).start()
    assert partners._person(text, "Kadis", at) == "Jack Kadis"
    assert partners._person(text, "Barry", at) == "David A. Barry"
    assert partners._person(text, "Kadis", 0) is None  # several Kadis and none named before: no guess


def test_a_managing_member_in_parentheses_is_not_hedged_by_its_clause() -> None:
    from ownergraph.ingest.extract.values import Context

    sentence = ("may be controlled by Millennium Group Management LLC (the managing member of "
                "Millennium Management LLC) and Mr. Englander")
    [f] = partners.find(sentence, 0, Context())
    assert (f.a, f.b, partners.control_kind(f.rule), f.confidence) == (
        "Millennium Group Management LLC", "Millennium Management LLC", "managing_member", 0.9)
    assert partners.control_kind("controlling_shareholder_of") == "controlling_shareholder"


def test_a_negated_role_is_no_edge() -> None:
    from ownergraph.ingest.extract.values import Context

    assert partners.find("Acme Capital LLC is not the general partner of Acme Fund, L.P.", 0, Context()) == []


def test_13d_item_2_forms_of_the_role() -> None:
    """The 13D Item 2 and cover-comment forms (issue 31): the first sentence is the real one of
    sec/schedule13d.xml (BML / Aadi Bioscience); the others are built for the test from the forms
    13D filings use. A list ends where a new clause starts ("... of X, L.P. and John Smith is ...")."""
    from ownergraph.ingest.extract.values import Context

    def edges(sentence: str) -> set[tuple[str, str, str]]:
        return {(f.a, f.b, partners.control_kind(f.rule)) for f in partners.find(sentence, 0, Context())}

    assert edges("BML Investment Partners, L.P. is a Delaware limited partnership whose sole general partner "
                 "is BML Capital Management, LLC.") == {
        ("BML Capital Management, LLC", "BML Investment Partners, L.P", "general_partner")}
    assert edges("Alpha Fund, L.P., a Cayman Islands exempted limited partnership, whose general partner is "
                 "Alpha GP Ltd.") == {("Alpha GP Ltd", "Alpha Fund, L.P", "general_partner")}
    assert edges("Alpha Fund, L.P. is managed by its general partner, Alpha GP, LLC.") == {
        ("Alpha GP, LLC", "Alpha Fund, L.P", "general_partner")}
    assert edges("Alpha GP, LLC is the sole general partner of Alpha Fund, L.P. and John Smith is the sole "
                 "managing member of Alpha GP, LLC.") == {
        ("Alpha GP, LLC", "Alpha Fund, L.P", "general_partner"), ("John Smith", "Alpha GP, LLC", "managing_member")}
    assert edges("John Smith is the managing member and controlling person of Alpha GP, LLC.") == {
        ("John Smith", "Alpha GP, LLC", "managing_member")}
    # two names and a plural verb are both the subject
    assert edges("John Smith and Jane Doe are the managing members of Alpha GP, LLC.") == {
        ("John Smith", "Alpha GP, LLC", "managing_member"), ("Jane Doe", "Alpha GP, LLC", "managing_member")}
