"""Control chains stated by signature blocks: each "By:" signs for the entity above it.

    HIGHLAND CRUSADER OFFSHORE PARTNERS, L.P.
    By: Highland Crusader Fund GP, L.P., its general partner
    By: Highland Crusader Fund GP, LLC, its general partner
    By: Highland Capital Management, L.P., its sole member

is three control edges, each signer over the entity it signs for (the line above): general
partner, managing member, sole member, manager, managing venturer, trustee. A signer that is a
person's signature ("By: /s/ James Dondero") ends the chain. Lines may also be joined into one
("... L.P. By: X, its general partner By: Y, its sole member").
"""

from __future__ import annotations

import re

from ownergraph.ingest.extract.parties import is_party
from ownergraph.ingest.extract.patterns import CONTROLLING, LOAN
from ownergraph.ingest.extract.rules import Found

__all__ = ["ROLES", "find"]

ROLES = ("general partner", "managing general partner", "managing member", "sole member", "member", "manager",
         "managing venturer", "managing venture", "trustee", "sole general partner")
_BY = re.compile(r"\bBy:\s*")
# "Highland Crusader Fund GP, L.P., its general partner"; "Grizzly Bear LLC a Delaware limited liability company its General Partner"
_SIGNER = re.compile(r"^(?P<name>[^/,][^/]*?)(?:,?\s+an?\s+[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\s+(?:limited\s+liability\s+company|"
                     r"limited\s+partner(?:ship)?|corporation|company|trust))?,?\s+(?:its|as)\s+(?P<role>[A-Za-z ]{3,40}?)\s*$",
                     re.I)
# a lender's signature heading: "BANK OF MONTREAL, Individually and as a Co-Agent", "X, as a Lender"
_LENDER_HEAD = re.compile(r"^(?P<name>[A-Z][^,]{2,80}(?:,\s(?:N\.\s?A\.|NATIONAL ASSOCIATION|National Association))?),\s"
                          r"(?:[Ii]ndividually\b|as\s(?:a\s|the\s)?(?:Lender|L/C\sIssuer|Issuing\sBank|Swing\s?[Ll]ine))")
_SIGNED = re.compile(r"^By:?\s*/s/")
_ENTITY = re.compile(r"^[A-Z0-9][A-Z0-9&.,'’\- ]{3,120}$|^[A-Z][\w&.,'’\- ]{3,120}\b(?:L\.?P|LLC|L\.L\.C|Inc|Ltd|Company|"
                     r"Trust|Fund|Venture|Partners)\.?$")


def find(text: str, filer: str | None = None) -> list[Found]:
    """The control edges of the signature blocks in the document ``text``, and the loans of the
    lenders that sign a credit agreement ("THE CHASE MANHATTAN BANK, N.A., Individually and as the
    Administrative Agent / By /s/ DANA KLEIN": a lender to the filer, the borrower)."""
    out: list[Found] = []
    above: str | None = None
    lender: str | None = None
    pos = 0
    for line in text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        start += len(line) - len(line.lstrip())
        line = line.strip()
        row = " ".join(line.split())
        parts = _BY.split(row)
        head = parts[0].strip(" ,")
        signed = _SIGNED.match(row)
        if signed and lender and filer and lender != filer:
            out.append(Found(relation=LOAN, rule="signature_block/lender", a=lender, b=filer, confidence=0.9,
                             start=start, end=start + len(line), quote=line))
        lender = None
        if head and not signed:
            above = head if _ENTITY.match(head) and is_party(head) else None
            m = _LENDER_HEAD.match(head)
            lender = m["name"] if m and is_party(m["name"]) else None
        for part in parts[1:]:
            m = _SIGNER.match(part.strip())
            role = " ".join(m["role"].lower().split()) if m else ""
            if m is None or role not in ROLES or above is None:
                above = None
                continue
            signer = m["name"].strip(" ,")
            if is_party(signer):
                out.append(Found(relation=CONTROLLING, rule=f"signature_block/role:{_kind(role)}", a=signer, b=above,
                                 confidence=0.9, start=start, end=start + len(line), quote=line))
            above = signer
    return out


def _kind(role: str) -> str:
    return {"general partner": "general_partner", "managing general partner": "general_partner",
            "sole general partner": "general_partner", "managing member": "managing_member",
            "sole member": "managing_member", "member": "managing_member"}.get(role, role.replace(" ", "_"))
