"""A schedule's numbered list of subsidiaries, and names that carry the heading's word (issue 32).

Real lines from rsa-endologix-deerfield-2020 and lpa-steadfast-reit3-op-2020 of
tests/fixtures/prose_corpus (split heldout2, scored in session 7 and development data since);
made-up lines for the negative shapes."""

from __future__ import annotations

from pathlib import Path

from ownergraph.ingest.extract import sublists, tables
from ownergraph.ingest.extract.values import Context

CORPUS = Path(__file__).parents[1] / "fixtures" / "prose_corpus"


def _subsidiaries(text: str, filer: str) -> set[tuple[str, str]]:
    ctx = Context(filer=filer)
    listed, taken = sublists.find(text, ctx)
    return {(f.a, f.b) for f in (*listed, *tables.find(text, ctx, taken)) if f.relation == "subsidiary"}


def test_a_numbered_schedule_of_company_subsidiaries() -> None:
    text = (CORPUS / "documents" / "rsa-endologix-deerfield-2020.txt").read_text()
    got = _subsidiaries(text, "Endologix, Inc.")
    assert ("Endologix, Inc.", "CVD/RMS Acquisition Corp.") in got  # "1. CVD/RMS Acquisition Corp., a Delaware corporation."
    assert ("Endologix, Inc.", "Endologix International Holdings B.V.") in got  # "..., a Dutch corporation."
    assert ("Endologix, Inc.", "Endologix Italia S.r.l.") in got  # "9. Endologix Italia S.r.l., an Italian corporation."


def test_a_name_with_the_word_subsidiary_heads_no_list() -> None:
    text = (CORPUS / "documents" / "lpa-steadfast-reit3-op-2020.txt").read_text()
    got = _subsidiaries(text, "Steadfast Apartment REIT III Operating Partnership, L.P.")
    # "GENERAL PARTNER: SIII SUBSIDIARY, LLC, ..." above the other partners' signature lines
    assert not any("ADVISOR" in b or "WELLINGTON" in b or "COPANS" in b for _, b in got)


def test_numbered_lines_need_a_heading_and_a_legal_form() -> None:
    text = ("Schedule 2\nNotices\n1. Acme Holdings Inc., a Delaware corporation.\n"
            "Schedule 3\nSubsidiaries\n1. Acme Widgets LLC, a Texas limited liability company.\n"
            "2. The Widget Division, a Texas corporation.\n")
    got = _subsidiaries(text, "Acme Corp.")
    assert got == {("Acme Corp.", "Acme Widgets LLC")}


def test_nesting_marks_give_the_immediate_parent() -> None:
    # ex21-household-international-2002 (heldout2, development data since): ">" marks a row under the row above
    text = (CORPUS / "documents" / "ex21-household-international-2002.txt").read_text()
    ctx = Context(filer="Household International, Inc.")
    got = {(f.a, f.b, f.rule) for f in sublists.find(text, ctx)[0]}
    assert ("Hamilton Investments, Inc.", "Craig-Hallum Corporation", "table_subsidiary_parent") in got
    assert ("Household Bank, f.s.b.", "Housekey Financial Corporation", "table_subsidiary_parent") in got  # "f.s.b."


def test_a_bullet_on_every_row_is_no_nesting() -> None:
    text = ("Subsidiaries of the Registrant\n- Acme One LLC | Delaware | 100%\n- Acme Two Inc. | Texas | 100%\n"
            "- Acme Three Ltd | Bermuda | 100%\n")
    got = {(f.a, f.b) for f in sublists.find(text, Context(filer="Acme Corp."))[0]}
    assert got == {("Acme Corp.", "Acme One LLC"), ("Acme Corp.", "Acme Two Inc."), ("Acme Corp.", "Acme Three Ltd")}
