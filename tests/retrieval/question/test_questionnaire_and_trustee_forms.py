"""Whole classes of wording from due-diligence questionnaires, payment-investigation requests, lay
trustees' questions and underwriters' file notes, written anew (issue 30, session 17: set 16 as
development data): relative dates said without their article or with "reported"/"close"."""

from __future__ import annotations

from datetime import date

import pytest

from ownergraph.retrieval.question.parser import parse

TODAY = date(2025, 12, 31)


@pytest.mark.parametrize("text, as_of", [
    ("Which shareholders did Brimvale Ports Ltd have as at the last reported quarter-end?", date(2025, 9, 30)),
    ("Holdings of the firm in Brimvale Ports Ltd at the most recent reported month end, please.", date(2025, 11, 30)),
    ("Who owned Brimvale Ports Ltd as at date of this form?", TODAY),
    ("List the owners of Brimvale Ports Ltd as of date of this enquiry.", TODAY),
    ("Who were the direct owners of Brimvale Ports Ltd at the previous year close?", date(2024, 12, 31)),
    ("Who were the direct owners of Brimvale Ports Ltd as at last year close?", date(2024, 12, 31)),
])
def test_a_relative_date_without_its_article_or_said_as_reported_is_a_valid_date(text: str, as_of: date) -> None:
    q = parse(text, today=TODAY)
    assert (q.as_of, q.known_at) == (as_of, None)
