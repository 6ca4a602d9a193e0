"""Roles an agreement binds to names by its defined terms, read as stated.

An agreement names its parties once, by the role it defines for each: "Global GP LLC, a Delaware
limited liability company (the \u201cGeneral Partner\u201d)", "\u201cOwner Trustee\u201d means Wilmington
Trust, National Association", "Acme Bank, N.A. (the \u201cLender\u201d)". A role of control over the
entity the agreement is of (general partner, managing member, manager, owner trustee), of
guaranteeing its obligor (guarantor) or of lending to its borrower (lender) is a relationship
between the name bound to the role and the name bound to the other side ("the Partnership", "the
Company", "the Trust", "the Issuer", "the Borrower"), else the filer. An agent, an arranger, an
indenture trustee or a depositary is no such role (issue 32: an administrative agent loaded as
the lender).

Each is stated where the document defines the role: the finding's quote is that line.
"""

from __future__ import annotations

import re

from ownergraph.ingest.extract.patterns import CONTROLLING, GUARANTEE, LOAN
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import Context

__all__ = ["ROLE_TERMS", "bound", "find"]

# defined term -> (relation, rule, the terms naming the other side, most specific first). A role of
# control is over the filer when there is one (a partnership agreement is the partnership's: a 10-K's
# "the Partnership" may be bound to another fund it names); a lender's and a guarantor's other side
# only a defined borrower or issuer ("ASO, a wholly-owned subsidiary of Astrotech Corporation (the
# “Company”), entered into a Loan Agreement with American Bank, N.A. (the “Lender”)": ASO borrows)
# a general partner's side is the partnership ("the Company" of a REIT's partnership agreement is the REIT)
_PARTNERSHIP = ("partnership", "fund")
_COMPANY = ("company", "fund")
ROLE_TERMS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "general partner": (CONTROLLING, "defined_role/role:general_partner", _PARTNERSHIP),
    "managing general partner": (CONTROLLING, "defined_role/role:general_partner", _PARTNERSHIP),
    "managing member": (CONTROLLING, "defined_role/role:managing_member", _COMPANY),
    "sole member": (CONTROLLING, "defined_role/role:managing_member", _COMPANY),
    "manager": (CONTROLLING, "defined_role/role:manager", _COMPANY),
    "owner trustee": (CONTROLLING, "defined_role/role:trustee", ("trust", "issuer")),
    "guarantor": (GUARANTEE, "defined_role/guarantor", ("borrower", "issuer")),
    "parent guarantor": (GUARANTEE, "defined_role/guarantor", ("borrower", "issuer")),
    "lender": (LOAN, "defined_role/lender", ("borrower",)),
}


def bound(ctx: Context, *terms: str, filer: bool = True) -> str | None:
    """The name the document binds to the first of its defined ``terms`` ("the Borrower"), else
    the filer (unless not ``filer``); the filer where the bound name is only its tail ("OWNER
    TRUST" of "Nissan Auto Receivables 2020-A Owner Trust")."""
    name = next((ctx.terms[t] for t in terms if t in ctx.terms), None)
    if name is None or (ctx.filer and _key(ctx.filer).endswith(_key(name))):
        return ctx.filer if filer or name is not None else None
    return name


def find(text: str, ctx: Context) -> list[Found]:
    """The relationships the document's role definitions state, each at the line defining it."""
    out = []
    for term, (relation, rule, other_side) in ROLE_TERMS.items():
        control = relation == CONTROLLING
        name = ctx.terms.get(term)
        other = (ctx.filer or bound(ctx, *other_side)) if control else bound(ctx, *other_side, filer=False)
        if not name or not other or _key(name) == _key(other) or _key(name) == _key(ctx.filer or ""):
            continue
        m = re.search(rf"[\"“](?:the\s)?{re.escape(term)}[\"”]", text, re.I)
        if m is None:
            continue
        start = text.rfind("\n", 0, m.start()) + 1
        end = text.find("\n", m.end())
        end = len(text) if end < 0 else end
        out.append(Found(relation=relation, rule=rule, a=name, b=other, confidence=0.9, start=start, end=end,
                         quote=text[start:end]))
    return out


def _key(name: str) -> str:
    return re.sub(r"\W", "", name.casefold())
