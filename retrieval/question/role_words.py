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


# a role word that names a piece of work ("the next creditor call", "for the creditor report", "the
# ad hoc group's counsel", "guarantor coverage test", "the lender presentation"): whose call or
# report it is, not a question about creditors or a group
_WORKSTREAM = (r"(?:calls?|meetings?|reports?|presentations?|committees?|updates?|decks?|packs?|votes?|workstreams?|"
               r"counsel|advisers?|advisors?|tests?|analys[ie]s|negotiations?|discussions?|process|side|claims)")
_ROLE_OF_WORK = re.compile(
    r"\b(?:creditor|creditors'?|lender|lenders'?|guarantor|borrower|debtor|obligor|bondholder|noteholder)s?"
    rf"(?:\s+(?:coverage|steering|group|and\s+stakeholder))?\s+{_WORKSTREAM}\b|"
    rf"\b(?:ad\s+hoc|steering|creditor|lender|bondholder|noteholder)\s+group'?s?\s+{_WORKSTREAM}\b", re.I)


# "who sits above the borrower", "the entities below the obligor": the entity asked about by its role
_ROLE_PLACED = re.compile(r"\b(?:above|below|over|under|beneath)\s+(?:the|our|this|that)\s+"
                          r"(?:borrower|obligor|debtor|guarantor|issuer|counterparty|client|target|company|entity)\b", re.I)


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


def without_role_words(text: str) -> str:
    """``text`` with the role words directly before a masked name, the role words that name a
    piece of work or a place in the structure, and the names of credit limits blanked (same length)."""
    for rx in (_ROLE, _ROLE_OF_WORK, _ROLE_PLACED, _LIMIT):
        text = rx.sub(_blank, text)
    return text
