"""A role word in front of a name ("the borrower X", "the insured, X,", "the subject X", "our
client X") describes the entity named; it is not what the question asks. Its word would
otherwise count as a cue of another kind ("who owns the borrower X" is an owners question, not a
question about borrowers), so the kind is read without it (issue 30)."""

from __future__ import annotations

import re

from ownergraph.retrieval.question.work_text import PH_OPEN

__all__ = ["without_role_words"]

_ROLE = re.compile(
    r"\b(?:the|our|this|that|your|their|its)\s+(?:(?:named|proposed|prospective|existing|current|new)\s+)?"
    r"(?:borrower|obligor|debtor|creditor|lender|guarantor|insured|policyholder|subject|applicant|bidder|"
    r"counterparty|client|customer|target|issuer|defendant|claimant|plaintiff|respondent|principal|sponsor|"
    r"investee|investor|company|entity|fund|bank|firm)\s*,?\s*(?=" + PH_OPEN + ")", re.I)


def without_role_words(text: str) -> str:
    """``text`` with the role words directly before a masked name blanked (same length)."""
    return _ROLE.sub(lambda m: " " * len(m.group(0)), text)
