"""Defined terms of legal and contract drafting, read as labels (issue 30: analysts' own words).

Counsel name a party once and give it a label in brackets: ``Valton Biotech Ltd (the "Company")``,
``(hereinafter the "Obligor")``, ``(each a "Party")``, ``as at 30 June 2024 (the "Reference
Date")``. The label is no name: the entity is the name before it. So the bracket goes before the
names are looked for (a quoted word would otherwise be masked as a name). A date label keeps its
date: a later "as at the Reference Date" reads as the date the label was given to.

A bracket counts as a definition only with a defining article ("the", "each a", "together the",
"hereinafter (referred to as)") and a quoted label, so ``(АО "Торливоод Инвест")``, a name in
brackets, stays.
"""

from __future__ import annotations

import re

__all__ = ["DEFINITION", "without_defined_terms"]

_Q_OPEN, _Q_CLOSE = "\"\u201c\u201e'\u2018", "\"\u201d'\u2019"
DEFINITION = re.compile(
    r"\s*\(\s*(?:(?:hereinafter|hereafter)\s+(?:(?:referred\s+to|called|defined)\s+as\s+)?)?"
    r"(?:(?:the|each\s+(?:a|an|the)|together\s+(?:the|with\s+\w+\s+the)|collectively\s+the|individually\s+(?:a|an|the))\s+)"
    rf"[{_Q_OPEN}](?P<label>[^{_Q_CLOSE}()]{{1,40}})[{_Q_CLOSE}]\s*\)", re.I)
# a role named in apposition before the party's name, memo style: "the Borrower, Orristad Energy
# S.A., is held by ..." — the role is a label too (else "Borrower" asks about lending)
# (any case, the name quoted, bracketed or not: the comma, a quote or a capital marks the name)
APPOSITION = re.compile(
    r"\bthe\s+(?P<label>(?i:borrower|co-?borrower|guarantor|lender|obligor|issuer|company|parent|sponsor|counterparty|"
    r"applicant|customer|client|target|purchaser|seller|vendor|tenant|debtor|creditor|subsidiary|fund|investor))"
    r"(?:\s*,\s*|\s+(?=[\"\u201c\u2018'\[]|(?-i:[A-Z0-9\u0400-\u04FF])))(?=[\"\u201c\u2018'\[]?[^\W_])", re.I)
# a heading that names the party by its role, ticket style: "Vendor: X. ... did vendor control",
# "Client: X. Is the client sanctioned?" -- the role word later is X
HEADING = re.compile(
    r"^\s*(?P<label>(?i:vendor|supplier|client|customer|borrower|obligor|issuer|counterparty|subject|target|debtor))\s*:\s*"
    r"(?P<name>[^:?!\n]{2,80}?)\.\s+(?=[A-Z])")


def _heading_named(text: str) -> tuple[str, list[str]]:
    """Later uses of a heading's role word ("vendor", "the vendor") replaced by the name it heads."""
    m = HEADING.match(text)
    if m is None:
        return text, []
    label, name = m.group("label"), m.group("name").strip()
    use = re.compile(rf"\b(?:the\s+)?{re.escape(label)}\b(?!\s*:)", re.I)
    rest, n = use.subn(lambda _: name, text[m.end():])
    if not n:
        return text, []
    return text[:m.end()] + rest, [f"\u201c{label.lower()}\u201d read as {name}, the name its heading gives"]


def _is_role_label(m: re.Match[str]) -> bool:
    """Written as a defined term ("the Borrower X") or set off by a comma ("the borrower, x, ..."):
    a plain "the fund Alpha" keeps its noun (it says what Alpha is)."""
    return "," in m.group(0) or m.group("label")[:1].isupper()


# the date words a date label was given to: from the last "as at / as of / on" before the bracket
_DATED = re.compile(r"\b(?P<cue>as\s+(?:at|of)|on|at)\s+(?P<date>[^()\"\u201c\u201d]{4,60}?)\s*$", re.I)


def _reference(label: str) -> re.Pattern[str]:
    """A later use of a date label: 'the Reference Date', quoted or not."""
    quoted = rf"[{_Q_OPEN}]?{re.escape(label)}[{_Q_CLOSE}]?"
    return re.compile(rf"\bthe\s+{quoted}(?!\w)", re.I)


def without_defined_terms(text: str) -> tuple[str, list[str]]:
    """``text`` without its definition brackets, later uses of a date label replaced by the date;
    and a note per label."""
    notes: list[str] = []
    dated: dict[str, str] = {}
    out, last = [], 0
    for m in DEFINITION.finditer(text):
        label = m.group("label").strip()
        before = text[last:m.start()]
        d = _DATED.search(text[:m.start()]) if re.search(r"\bdate\b", label, re.I) else None
        if d:
            dated[label] = d.group("date")
        out.append(before)
        last = m.end()
        notes.append(f'"{label}" read as a defined term (a label), not a name')
    out.append(text[last:])
    plain = "".join(out)
    labels = [m for m in APPOSITION.finditer(plain) if _is_role_label(m)]
    for m in labels:
        notes.append(f'"{m.group("label")}" read as a role label before a name, not a word of the question')
    for m in reversed(labels):
        plain = plain[:m.start()] + plain[m.end():]
    for label, day in dated.items():
        plain = _reference(label).sub(day, plain)
    plain, headed = _heading_named(plain)
    return plain, notes + headed
