"""Issue 30, session 17: the firm itself as the holder ("what did the firm hold in X and the
companies X owns more than half of", "what the bank had on its book against X", "our total
holding across X and its subs", "how exposed is this place to X") is our exposure, not X's group,
a stake or X's lenders (``kind_cues.OUR_HOLDING``); and one entity's holdings listed with a figure
for each company (``parser._HOLDINGS_ASKED``). Sentences written for these tests."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.model import parse

TODAY = date(2026, 12, 7)


@pytest.mark.parametrize("question", [
    "What did the firm hold at 30 June 2024 in Ambry Forge Ltd and every company Ambry Forge Ltd owns more than half of, "
    "directly or further down? Amounts per company.",
    "What was our aggregate holding on 31 March 2023 across Ambry Forge Ltd and its majority-owned subsidiaries, "
    "all the way down, per issuer?",
    "How exposed is this desk to Ambry Forge Ltd and the companies more than 50% owned by it, directly or through others?",
    "What did the bank have on its book on 30 April 2022 against Ambry Forge Ltd and every company it held more than 50% of?",
])
def test_the_firm_holding_is_exposure(question: str) -> None:
    q = parse(question, today=TODAY)
    assert q.pattern == "exposure"
    assert "Ambry Forge Ltd" in [m.text for m in q.anchors]


@pytest.mark.parametrize(("question", "kind"), [
    # the same companies without the firm as holder stay the group
    ("Which companies did Ambry Forge Ltd own more than half of at 30 June 2024, directly or further down?", "group"),
    # what the firm holds shares in is no book question: X's holdings
    ("What did Ambry Forge Ltd hold shares in at 30 June 2024?", "holdings"),
])
def test_without_the_firm_as_holder(question: str, kind: str) -> None:
    assert parse(question, today=TODAY).pattern == kind


@pytest.mark.parametrize("question", [
    "For the collateral file, list the direct shareholdings of Ambry Forge Ltd at 31 May 2021 with the stake in each company.",
    "For the wealth review of Ambry Forge Ltd: list the equity stakes held on 30 June 2022, with the percentage of each company.",
])
def test_one_entity_holdings_with_a_figure_each(question: str) -> None:
    assert parse(question, today=TODAY).pattern == "holdings"
