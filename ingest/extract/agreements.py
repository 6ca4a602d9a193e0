"""A loan's defined agreement term, read in the sentences after the one that made the loan.

A filing names a loan once and then calls it by the term it defined ("entered into a Term
Loan Agreement (the “Term Loan Agreement”) with Bank of America, N.A."); what it says later
of "the Term Loan Agreement" is about that loan: its amount ("The Term Loan Agreement provides
for total borrowings in an aggregate principal amount of $500 million") and the date of a
guarantee of it that gives none of its own ("Borrowings under the Term Loan Agreement are ...
guaranteed by Tyson Fresh Meats, Inc." from the agreement's April 7, 2015).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from ownergraph.ingest.extract.patterns import GUARANTEE, LOAN
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import money
from ownergraph.domain.sentences import Sentence

# (the “Term Loan Agreement”), (the "Credit Agreement"), (the “agreement”)
_DEFINES = re.compile(r"\(\s*(?:the\s+)?[“\"]([^”\"]{0,40}?(?:[Aa]greement|Facility|Loan|Note))[”\"]")
# what a sentence says of the agreement's size: "<term> provides for ... $500 million"
_SIZE = (r"{term}\s(?:provides|provided|will\sprovide|consists|included|includes|permits|permitted)\s[^.;$]{{0,80}}?"
         r"(?=[$€£¥]|(?:USD|EUR|GBP|JPY|CHF|CAD)\s?\d)")  # values.money's currencies


def bind_agreements(found: Sequence[Found], sentences: Sequence[Sentence]) -> list[Found]:
    """``found`` with each loan given the amount a later sentence states of its defined term
    (when its own sentence gave none), and each guarantee without a date given the date of the
    loan whose term it names."""
    terms: list[tuple[int, str, int]] = []  # (offset of the definition, term, index of the loan in out)
    out = list(found)
    for i, f in enumerate(out):
        if f.relation == LOAN and not f.ended:
            terms.extend((f.start, t, i) for t in _DEFINES.findall(f.quote))
    if not terms:
        return out
    for s in sentences:
        flat = " ".join(s.text.split())
        for term, i in _named(terms, flat, s.start):
            loan = out[i]
            if loan.amount is None and s.start > loan.start:
                m = re.search(_SIZE.format(term=re.escape(term)), flat)
                amount, currency = money(flat[m.end():]) if m else (None, None)
                if amount is not None:
                    out[i] = replace(loan, amount=amount, currency=currency)
    for j, f in enumerate(out):
        if f.relation == GUARANTEE and f.when is None:
            named = _named(terms, " ".join(f.quote.split()), f.start)
            if named and out[named[-1][1]].when is not None:
                out[j] = replace(f, when=out[named[-1][1]].when)
    return out


def _named(terms: list[tuple[int, str, int]], flat: str, at: int) -> list[tuple[str, int]]:
    """The loans whose defined term the sentence at ``at`` names ("the Term Loan Agreement"):
    for each term, the loan that defined it last at or before ``at``."""
    latest: dict[str, tuple[int, int]] = {}
    for pos, term, i in terms:
        if pos <= at:
            latest[term] = max(latest.get(term, (pos, i)), (pos, i))
    hits = [(term, i) for term, (_, i) in latest.items()
            if re.search(rf"\b[Tt]he\s{re.escape(term)}\b", flat)]
    return sorted(hits, key=lambda x: latest[x[0]][0])


__all__ = ["bind_agreements"]
