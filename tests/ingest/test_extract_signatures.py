"""Signature pages read for the roles their signers state (issue 32): lenders, guarantors and
general partners by the head of their block, the section above it or a role before the name;
control chains with or without "its"; several entities signed for by one signer.

Real blocks come from the dev split of tests/fixtures/prose_corpus (origin named at each test);
the made-up ones are written here, each for one shape."""

from __future__ import annotations

import json
from pathlib import Path

from ownergraph.ingest.extract import signatures
from ownergraph.ingest.extract.values import Context

CORPUS = Path(__file__).parents[1] / "fixtures" / "prose_corpus"
DOCS = {d["doc_id"]: d for d in map(json.loads, (CORPUS / "documents.jsonl").read_text().splitlines())}


def _found(text: str, filer: str | None = None) -> set[tuple[str, str, str]]:
    return {(f.relation, f.a, f.b) for f in signatures.find(text, filer, Context.of(text, filer))}


def test_a_bank_signing_as_agent_and_a_lender_on_one_line_lends_to_the_borrower() -> None:
    # the shape of a 364-day credit agreement's signature pages (heads and "By: /s/" on one line)
    text = ("CREDIT AGREEMENT among ACME INDUSTRIES INC. (the “Borrower”) and the LENDERS party hereto\n"
            "ACME INDUSTRIES INC. By: /s/ Jane Roe Name: Jane Roe Title: Treasurer\n"
            "FIRST EXAMPLE BANK, N.A., as Administrative Agent and a Lender By: /s/ Pat Poe Name: Pat Poe\n"
            "SECOND SAMPLE BANK LIMITED as a Lender By: /s/ Lee Loe Name: Lee Loe Title: Director\n"
            "THIRD BANK AG, NEW YORK BRANCH, as Syndication Agent By: /s/ Kim Koe\n")
    got = _found(text, "Acme Industries Inc.")
    assert ("loan", "FIRST EXAMPLE BANK, N.A.", "Acme Industries Inc.") in got
    assert ("loan", "SECOND SAMPLE BANK LIMITED", "Acme Industries Inc.") in got
    assert not any(a.startswith("THIRD") for _, a, _ in got)  # an agent only is no lender
    assert not any(a.startswith("ACME") for _, a, _ in got)  # the borrower's own signature lends nothing


def test_an_agent_for_all_lenders_is_no_lender() -> None:
    got = _found("FIRST EXAMPLE BANK, N.A., as Agent for all Lenders\n", "Acme Industries Inc.")
    assert not got


def test_a_section_of_supporting_lenders_and_chains_without_its() -> None:
    # the shape of a restructuring support agreement's pages: "SUPPORTING LENDERS:" above the funds
    text = ("SUPPORTING LENDERS:\n"
            "EXAMPLE FUND II, L.P. By: Example Mgmt II, L.P., General Partner By: Example Capital II, LLC, "
            "General Partner By: /s/ Ann Doe Name: Ann Doe Title: Authorized Signatory\n")
    got = _found(text, "Borrowing Co., Inc.")
    assert ("loan", "EXAMPLE FUND II, L.P.", "Borrowing Co., Inc.") in got
    assert ("controlling", "Example Mgmt II, L.P.", "EXAMPLE FUND II, L.P.") in got
    assert ("controlling", "Example Capital II, LLC", "Example Mgmt II, L.P.") in got


def test_guarantors_named_by_the_witness_line_guarantee_the_company() -> None:
    text = ("This GUARANTY is made by the undersigned in favour of the holders of notes of Widget Holdings "
            "Corporation, a Delaware corporation (the “Company”).\n"
            "IN WITNESS WHEREOF, each Guarantor has caused this Guaranty Agreement to be duly executed.\n"
            "WIDGET SUPPLY COMPANY, a Georgia corporation By: Title:\n"
            "WIDGET PARTS, LLC, an Illinois limited liability company By: WIDGET MANAGEMENT, INC., its Manager By: Title:\n")
    got = _found(text, "Widget Holdings Corporation")
    assert ("guarantee", "WIDGET SUPPLY COMPANY", "Widget Holdings Corporation") in got
    assert ("guarantee", "WIDGET PARTS, LLC", "Widget Holdings Corporation") in got
    assert ("controlling", "WIDGET MANAGEMENT, INC.", "WIDGET PARTS, LLC") in got


def test_one_signer_for_several_entities_and_a_role_before_the_name() -> None:
    text = ("ALPHA ENERGY LLC BETA TERMINALS LLC GAMMA OF OHIO COMPANY By: Delta Operating LLC, its Sole Member "
            "By: Delta Partners LP, its Sole Member By: /s/ Ann Doe\n"
            "GENERAL PARTNER: OMEGA GP, LLC, a Maryland limited liability company By: Omega REIT, Inc., a Maryland "
            "corporation, Its Managing Member\n")
    got = _found(text, "Omega Operating Partnership, L.P.")
    for entity in ("ALPHA ENERGY LLC", "BETA TERMINALS LLC", "GAMMA OF OHIO COMPANY"):
        assert ("controlling", "Delta Operating LLC", entity) in got
    assert ("controlling", "Delta Partners LP", "Delta Operating LLC") in got
    assert ("controlling", "OMEGA GP, LLC", "Omega Operating Partnership, L.P.") in got
    assert ("controlling", "Omega REIT, Inc.", "OMEGA GP, LLC") in got


def test_the_dev_signature_pages_still_read() -> None:
    # ca-ametek-1994 (dev): "THE CHASE MANHATTAN BANK, N.A., Individually and as the Administrative Agent" above "By /s/"
    doc = DOCS["ca-ametek-1994"]
    assert doc["split"] == "dev"
    got = _found((CORPUS / "documents" / "ca-ametek-1994.txt").read_text(), doc["company"])
    assert ("loan", "THE CHASE MANHATTAN BANK, N.A.", doc["company"]) in got
    assert ("loan", "BANK OF MONTREAL", doc["company"]) in got  # "Individually and as a Co-Agent"
