"""The misses of issue 32, each on a real sentence: parties that are entities, roles as stated,
clause-level reading (two hops, appositions, passives, coordination, pronouns, signature
blocks), non-US legal forms, hedging, and the rows of lists and tables.

Sentences come from the DEV split of tests/fixtures/prose_corpus (never its test split) or from
the real filings in tests/fixtures/real; the expected relations are read off the sentence."""

from __future__ import annotations

import json
from pathlib import Path

from ownergraph.domain.sentences import Sentence, split_sentences
from ownergraph.evaluation.relations import document_text
from ownergraph.ingest.extract import MIN_CONFIDENCE, extract, signatures, tables
from ownergraph.ingest.extract.clauses import mentions
from ownergraph.ingest.extract.parties import is_party, negative_shape
from ownergraph.ingest.extract.values import Context

FIXTURES = Path(__file__).parents[1] / "fixtures"
CORPUS = FIXTURES / "prose_corpus"
DOCS = {d["doc_id"]: d for d in map(json.loads, (CORPUS / "documents.jsonl").read_text().splitlines())}


def _dev(doc_id: str) -> tuple[str, str | None]:
    doc = DOCS[doc_id]
    assert doc["split"] == "dev", "tests use dev documents only"
    return (CORPUS / "documents" / f"{doc_id}.txt").read_text(), doc["company"]


def _read(text: str, quote: str, filer: str | None, *, stated: bool = True) -> set[tuple[str, str, str]]:
    """(relation, a, b) of what the sentence containing ``quote`` states (hedged ones when not ``stated``)."""
    start = text.index(quote)
    sentence = Sentence("doc", 0, start, start + len(quote), quote)
    return {(f.relation, f.a, f.b) for f in extract(text, [sentence], filer)
            if (f.confidence >= MIN_CONFIDENCE) == stated}


def test_headings_countries_securities_and_possessives_are_never_parties() -> None:
    # issue 32: "Documents Incorporated by Reference" became the acquirer "Documents Incorporated"
    assert negative_shape("Documents Incorporated") == "heading"
    # Item 7's title run into the next line (tests/fixtures/real/sec/ex21/torotel-0001445305-11-002220.txt)
    assert negative_shape("Results of Operations Torotel, Inc") == "heading"
    assert negative_shape("Analysis of Financial Condition") == "heading"
    assert negative_shape("Italy's") == "country" and negative_shape("Hong Kong") == "country"
    assert negative_shape("Class A Common Stock") == "security"
    assert negative_shape("Ortho-Clinical Diagnostics business") == "division"
    assert is_party("Lone Star Value Investors, LP") and is_party("Eesti Energia AS")
    # a real 10-K with that heading (Documents incorporated by reference:) names no such party
    text = document_text(FIXTURES / "real", "filings/10-K/0000950153-99-001234.html")
    parties = {p for f in extract(text, split_sentences(text), None) for p in (f.a, f.b)}
    assert not any(p.casefold().startswith("documents") for p in parties)


def test_a_country_in_an_apposition_is_no_party() -> None:
    text, filer = _dev("10k-textron-2001")
    got = _read(text, "Bell is a member of Bell/Agusta Aerospace Company, L.L.C., a joint venture with Agusta, "
                      "Italy's leading helicopter manufacturer", filer)
    assert not any("Italy" in p for _, a, b in got for p in (a, b))


def test_an_administrative_agent_is_not_a_lender_and_a_swing_line_lender_is() -> None:
    text, filer = _dev("10k-textron-2001")
    quote = next(line for line in text.splitlines() if line.startswith("10.18 5-Year Credit Agreement"))
    assert not any(r == "loan" for r, _, _ in _read(text, quote, filer))  # Morgan Guaranty "as Agent"
    text, filer = _dev("ca-astronics-2018")
    quote = text[:text.index("MERRILL LYNCH")]
    assert ("loan", "HSBC BANK USA, NATIONAL ASSOCIATION", "ASTRONICS CORPORATION") in _read(
        text, quote[quote.index("Exhibit 10.1"):], filer)


def test_a_relative_clause_gives_the_second_hop() -> None:
    doc = "filings/10-K/0001376474-16-000635.html"
    text = document_text(FIXTURES / "real", doc)
    quote = text[93180:93417]
    assert "which is in turn a wholly-owned subsidiary of CCC" in quote
    got = _read(text, quote, "Commonwealth Income & Growth Fund V")
    assert ("subsidiary", "Commonwealth of Delaware, Inc.", "General Partner") in got or any(
        r == "subsidiary" and a.startswith("Commonwealth of Delaware") for r, a, _ in got)
    assert any(r == "subsidiary" and b.startswith("Commonwealth of Delaware") and "Commonwealth Capital" in a
               for r, a, b in got)


def test_an_apposition_with_a_relative_clause_and_a_stake() -> None:
    text, filer = _dev("ukar-spire-healthcare-2024")
    got = _read(text, "Our largest investor is Mediclinic, which holds a 29.8% stake in Spire Healthcare and has a "
                      "seat on the board.", filer)
    assert ("owns", "Mediclinic", "Spire Healthcare") in got


def test_coordinated_parties_each_hold_the_relation() -> None:
    text, filer = _dev("10k-nike-2006")
    got = _read(text, "NIKE IHM, Inc. and NIKE (Suzhou) Sports Company, Ltd., wholly-owned subsidiaries of NIKE, are "
                      "our largest suppliers", filer)
    subsidiaries = {b.rstrip(".") for r, a, b in got if r == "subsidiary" and a.startswith("NIKE")}
    assert subsidiaries == {"NIKE IHM, Inc", "NIKE (Suzhou) Sports Company, Ltd"}
    text, filer = _dev("sec16-scale-venture")
    got = _read(text, "Stacey Bishop, Kate Mitchell, Rory O'Driscoll and Andy Vitus, the managing members of SVM III,",
                filer)
    assert {a for r, a, b in got if r == "controlling" and b == "SVM III"} == {
        "Stacey Bishop", "Kate Mitchell", "Rory O'Driscoll", "Andy Vitus"}


def test_a_non_us_legal_form_is_kept_whole() -> None:
    text, filer = _dev("10ksb-24holdings-2007")
    flat = "InfiniCom, AB, a Swedish registered company"
    assert [m.name for m in mentions(flat, Context.of(text, filer))][0] == "InfiniCom, AB"
    text, filer = _dev("10k-wmt-2010")
    got = _read(text, "Cifra officially changed its name to Wal-Mart de Mexico, S.A. de C.V.", filer)
    assert any(r == "renamed" and b.startswith("Cifra") and a.startswith("Wal-Mart de Mexico") for r, a, b in got)


def test_a_pronoun_means_the_party_named_before_it() -> None:
    text, filer = _dev("pr-abbott-amo-2009")
    got = _read(text, "Abbott today announced that it has completed its acquisition of Advanced Medical Optics (AMO).",
                filer)
    assert ("acquired", "Abbott Laboratories", "Advanced Medical Optics") in got  # "its": Abbott, the filer


def test_a_passive_owned_by_is_read_from_the_owner() -> None:
    # a real Loncor filing of tests/fixtures/real, as quoted in its labelled set
    rows = [json.loads(x) for x in (FIXTURES / "real/filings/labels/relation_sentences.jsonl").read_text().splitlines()]
    row = next(r for r in rows if "which is wholly owned by Loncor" in r["sentence"])
    doc = document_text(FIXTURES / "real", row["doc"])
    got = _read(doc, row["sentence"], row.get("company"))
    assert any(r == "subsidiary" and b == "Loncor Resources Congo SARL" for r, a, b in got)


def test_hedged_and_denied_statements_are_not_facts() -> None:
    text, filer = _dev("10k-spatz-2014")
    quote = "Includes the 9,783,886 shares owned by Lone Star Value Investors, LP, which may be deemed to be " \
            "beneficially owned by Mr. Eberwein."
    assert not any(a.endswith("Eberwein") for _, a, _ in _read(text, quote, filer))


def test_a_signature_block_is_a_chain_of_control() -> None:
    text, _ = _dev("sig13d-highland-2006")
    got = {(f.a, f.b, f.rule) for f in signatures.find(text)}
    assert ("Highland Crusader Fund GP, L.P.", "HIGHLAND CRUSADER OFFSHORE PARTNERS, L.P.",
            "signature_block/role:general_partner") in got
    assert ("Strand Advisors, Inc.", "Highland Capital Management, L.P.", "signature_block/role:general_partner") in got
    assert ("Highland Capital Management, L.P.", "Highland Crusader Fund GP, LLC",
            "signature_block/role:managing_member") in got


def test_rows_of_a_subsidiary_table_with_two_years_and_a_shareholder_table() -> None:
    text, filer = _dev("ukar-airtel-africa-2024")
    found = tables.find(text, Context(filer=filer))
    got = {(f.relation, f.a, f.b, f.stake) for f in found}
    assert ("subsidiary", "Airtel Africa plc", "Airtel Mobile Commerce(Kenya) Limited", 77.89) in got
    assert ("subsidiary", "Airtel Africa plc", "Airtel Mobile Commerce(Kenya) Limited", 74.23) in got
    assert ("owns", "Airtel Africa Mauritius Limited", "Airtel Africa plc", 56.12) in got
    assert ("owns", "Airtel Africa plc", "Seychelles Cable SystemsCompany Limited", 26.0) in got  # an associate
    assert not any(f.b == "Mawezi RDCS.A." for f in found)  # a joint venture is not a subsidiary
    assert ("renamed", "Nxtra Congo Data Holdings (UK) Limited", "Airtel Congo Data Center Holdings (UK) Limited",
            None) in got


def test_the_subsidiaries_a_parent_guarantees() -> None:
    text, filer = _dev("ukar-spire-healthcare-2024")
    got = {(f.relation, f.a, f.b) for f in tables.find(text, Context(filer=filer))}
    assert ("guarantee", "Spire Healthcare Group plc", "Claremont Hospital Holdings Limited") in got


def test_a_plain_text_exhibit_21_list() -> None:
    raw = (FIXTURES / "real/sec/ex21/0001047469-97-006960.txt").read_text(errors="replace")
    part = raw[raw.index("<TYPE>EX-21"):raw.index("<TYPE>EX-23")]
    got = {f.b for f in tables.find(part, Context(filer="Apple Computer, Inc.")) if f.relation == "subsidiary"}
    assert got == {"Apple Computer B.V.", "Apple Computer, Inc. Limited", "Apple Computer Limited", "Apple Japan, Inc.",
                   "Claris (Ireland) Limited"}


def test_a_bank_signing_individually_and_as_agent_is_a_lender() -> None:
    text, filer = _dev("ca-ametek-1994")
    got = {(f.relation, f.a, f.b) for f in signatures.find(text, filer)}
    assert ("loan", "THE CHASE MANHATTAN BANK, N.A.", filer) in got  # "Individually and as the Administrative Agent"
    assert ("loan", "PNC BANK, NATIONAL ASSOCIATION", filer) in got
    assert not any(a.upper().startswith("AMETEK") for _, a, _ in got)  # the borrower's own signature lends nothing


def test_a_holder_named_by_its_role_in_an_apposition() -> None:
    text, filer = _dev("ukar-spire-healthcare-2024")
    got = _read(text, "The company does not consider Dr Ronnie van der Merwe, who has been nominated to act as a "
                      "non-executive director by Mediclinic Group Limited, the company's principal shareholder, to be "
                      "independent.", filer)
    assert ("owns", "Mediclinic Group Limited", filer) in got


HHCA_8K = FIXTURES / "real/filings/8-K/1000685_8K_1997_0001036050-97-000815.txt"
STOCKWALK_8K = FIXTURES / "real/filings/8-K/1001136_8K_2000_0000950124-00-005735.txt"


def test_a_contents_page_and_a_notice_clause_are_no_list_of_subsidiaries() -> None:
    # the merger agreement of HHCA's 8-K: "...ACQUIROR AND ACQUISITION SUBSIDIARY.....34" in its
    # contents, "(a) if to Acquiror or Acquisition Subsidiary, to:" above the parties' addresses
    text = HHCA_8K.read_text(errors="replace")
    assert "Section 5.17 Payment of Company Obligations....." in text and "if to the Company, to:" in text
    assert not tables.find(text, Context(filer="HOME HEALTH CORP OF AMERICA INC \\PA\\"))


def test_a_deal_the_clause_expects_or_presents_pro_forma_is_hedged() -> None:
    text = HHCA_8K.read_text(errors="replace")
    start = text.index("It is expected that the acquisition of USHO")
    end = text.index("earnings.", start) + len("earnings.")
    sentence = Sentence("doc", 0, start, end, text[start:end])
    found = [f for f in extract(text, [sentence], "HOME HEALTH CORP OF AMERICA INC \\PA\\") if f.relation == "acquired"]
    assert found and all(f.confidence < MIN_CONFIDENCE for f in found)
    text = STOCKWALK_8K.read_text(errors="replace")
    start = text.index("The tables set forth the unaudited pro forma")
    end = text.index("July 1, 1999.", start) + len("July 1, 1999.")
    sentence = Sentence("doc", 0, start, end, text[start:end])
    assert not [f for f in extract(text, [sentence], "STOCKWALK COM GROUP INC")
                if f.relation == "acquired" and f.confidence >= MIN_CONFIDENCE]


def test_a_company_the_document_says_merged_away_has_no_change_of_control() -> None:
    # "Kinnard merged with and into the registrant's wholly-owned subsidiary" and, in the pro forma
    # notes, "the acquisition of Kinnard and Steichen": one event, read as the merger
    text = STOCKWALK_8K.read_text(errors="replace")
    found = extract(text, split_sentences(text), "STOCKWALK COM GROUP INC")
    assert any(f.relation == "merged" and f.b.startswith("Kinnard") for f in found)
    assert not any(f.relation == "acquired" and f.b.startswith("Kinnard") for f in found)


def test_a_combined_stake_is_held_by_each_party() -> None:
    # caorg-power-financial-2019 (held-out set 3, development data since session 8 round 2; Power Financial's
    # organization chart notes, a public company disclosure)
    text = "IGM and Power Corporation hold a combined 27.8% interest in China AMC."
    found = _read(text, text, "Power Financial Corporation")
    assert {("owns", "IGM", "China AMC"), ("owns", "Power Corporation", "China AMC")} <= found
    # made up: a combined share of a market is no holding
    text = "Acme Ltd and Beta plc hold a combined 27.8% share of the market in Europe."
    assert not any(r == "owns" for r, _, _ in _read(text, text, None))
