"""A role word in front of a name ("the borrower X", "the insured, X,", "the subject X", "our
client X") describes the entity named; it is not what the question asks. Its word would
otherwise count as a cue of another kind ("who owns the borrower X" is an owners question, not a
question about borrowers), so the kind is read without it (issue 30). An alert's field label
("obligor X", "| borrower X:") is such a word without its article. So is the level a credit limit
sits at ("the parent limit", "group-level limit"): it names a limit, it asks for no parent."""

from __future__ import annotations

import re

from ownergraph.retrieval.question.work_text import PH_OPEN

__all__ = ["without_role_words"]

_ROLE = re.compile(
    # an alert's field label without its article: "obligor X", "| borrower X:"
    r"\b(?:obligor|borrower|debtor|counterparty|issuer|guarantor|insured|policyholder)\s*:?\s*(?=" + PH_OPEN + ")|"
    r"\b(?:the|our|this|that|your|their|its)\s+(?:(?:named|proposed|prospective|existing|current|new)\s+)?"
    r"(?:borrower|obligor|debtor|creditor|lender|guarantor|insured|policyholder|subject|applicant|bidder|"
    r"counterparty|client|customer|target|issuer|defendant|claimant|plaintiff|respondent|principal|sponsor|"
    r"investee|investor|company|entity|fund|bank|firm)\s*,?\s*(?=" + PH_OPEN + ")", re.I)


# a credit limit or facility named by the level it sits at ("the parent limit", "group-level limit",
# "moving usage to the parent limit"): the name of a limit, not a question about parents or a group
_LIMIT = re.compile(r"\b(?:parent|group|subsidiary|holding|ultimate\s+parent|obligor|counterparty)\s*-?\s*(?:level\s+)?"
                    r"(?:limits?|sub-?limits?|facilit(?:y|ies)|credit\s+lines?|lines?|exposure\s+limits?)\b", re.I)


def without_role_words(text: str) -> str:
    """``text`` with the role words directly before a masked name, and the names of credit limits,
    blanked (same length)."""
    return _LIMIT.sub(lambda m: " " * len(m.group(0)), _ROLE.sub(lambda m: " " * len(m.group(0)), text))
