"""Issue 30, session 10: memo and search-box forms (a role named before a party's name, a path
needs two names, "current" at the end of a keyword query, "whose is it" for an identifier, a
credit default swap is no default). Wording invented here on the example bundle's entities."""

from __future__ import annotations

from datetime import date

from ownergraph.retrieval.question.model import parse
from tests.retrieval.question.bundle_names import bundle_gazetteer

DAY = date(2024, 7, 15)
SHIPPING, VALTORA, GRANITE = "Harbourline Shipping Limited", "Valtora Investments Ltd", "Granite Bank AG"


def _read(text: str):  # noqa: ANN202 - a Question
    return parse(text, today=DAY, names=bundle_gazetteer())


def test_a_role_before_a_name_is_a_label() -> None:
    q = _read(f"Ownership: the Borrower, {SHIPPING}, is held by the shareholders listed below as at 30 June 2024.")
    assert q.pattern == "owners"
    assert any("role label" in n for n in q.notes)


def test_a_path_needs_two_names() -> None:
    one = _read(f"Connected parties: every party directly linked to {SHIPPING} by a link of any kind (one hop).")
    assert one.pattern == "neighbourhood"
    two = _read(f"Group structure: trace the ownership/control chain linking {VALTORA} to {SHIPPING}.")
    assert two.pattern == "path"


def test_current_at_the_end_of_a_keyword_query_is_today() -> None:
    q = _read(f"{SHIPPING} shareholders current")
    assert q.pattern == "owners" and str(q.as_of) == "2024-07-15"


def test_whose_is_it_asks_for_the_names_behind_an_identifier() -> None:
    assert _read("A news item quotes LEI 529900T8BM49AURSDO55 - whose is it?").pattern == "names"


def test_a_credit_default_swap_is_not_a_default() -> None:
    from ownergraph.retrieval.question.kind_cues import cue_scores
    assert cue_scores("what's the credit default swap spread?")["contagion"] == 0
    assert cue_scores("who is hit if it defaults?")["contagion"] >= 3
