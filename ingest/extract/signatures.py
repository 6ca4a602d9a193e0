"""What signature pages state: control chains, and the roles each signing party holds.

    HIGHLAND CRUSADER OFFSHORE PARTNERS, L.P.
    By: Highland Crusader Fund GP, L.P., its general partner
    By: Highland Capital Management, L.P., its sole member

is two control edges, each signer over the entity it signs for (the line above): general
partner, managing member, sole member, manager, managing venturer, trustee (with or without
"its", in brackets or not: "By: Deerfield Mgmt, L.P., General Partner", "(as its General
Partner)"). A signer in another capacity ("(as Investment Advisor)") carries the chain on
without an edge; a person's signature ("By: /s/ James Dondero") ends it. Lines may be joined
("... L.P. By: X, its general partner By: Y, its sole member"), and one block may sign for
several entities ("GLOBAL COMPANIES LLC CHELSEA SANDWICH LLC By: Global Operating LLC, its Sole
Member").

A block's head also says the party's role in the agreement, as stated: in the head ("JPMORGAN
CHASE BANK, N.A., as Administrative Agent and a Lender", "BANK OF MONTREAL, Individually and as
a Co-Agent"), before it ("GENERAL PARTNER: SIII SUBSIDIARY, LLC") or in the section above
("SUPPORTING LENDERS:", "IN WITNESS WHEREOF, each Guarantor has caused ..."). A lender (or a
note purchaser) lends to the borrower, a guarantor guarantees it, a general partner controls the
partnership; the counterparty is the name the document binds to its defined term ("the
Borrower", "the Company", "the Partnership"), else the filer. An agent or an arranger signs as
no lender ("as Agent for all Lenders").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ownergraph.ingest.extract.defined_roles import bound
from ownergraph.ingest.extract.parties import is_party
from ownergraph.ingest.extract.patterns import CONTROLLING, GUARANTEE, LOAN
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import Context

__all__ = ["ROLES", "find"]

ROLES = ("general partner", "managing general partner", "managing member", "sole member", "member", "manager",
         "managing venturer", "managing venture", "trustee", "owner trustee", "sole general partner")
_BY = re.compile(r"\bBy:?\s*(?=\S)")
_ROLE = r"(?P<role>[A-Za-z ]{3,40}?)(?:\s+(?:on\s+behalf\s+of|under|of)\s+the\s+[A-Z][\w ]{2,40})?"
# "Highland Crusader Fund GP, L.P., its general partner"; "Grizzly Bear LLC a Delaware limited liability company its General Partner";
# "Deerfield Mgmt, L.P., General Partner"; "Prudential Private Placement Investors, Inc. (as its General Partner)"
_SIGNER = re.compile(r"^(?P<name>[^/,_][^/_]*?)(?:,?\s+an?\s+[A-Z][a-z]+(?:\s[A-Z][a-z]+)?\s+(?:limited\s+liability\s+company|"
                     r"limited\s+partner(?:ship)?|corporation|company|trust))?(?:,?\s+not\s+in\s+its\s+individual\s+capacity\s+but)?"
                     r"(?:,?\s+\(?(?:solely\s+)?(?:its|as)\s+(?:its\s+)?|,\s+)"
                     rf"{_ROLE}\)?\s*$", re.I)
_SIGNED = re.compile(r"^(?:By:?\s*)?(?:/s/|_{3,})|\bName:")
# a party's description after its name: ", a Delaware corporation", ", an Illinois limited liability company"
_DESCRIBED = re.compile(r",?\s+an?\s+[A-Z][\w.]*(?:\s[A-Z][\w.]*)?\s+(?:limited\s+liability\s+company|limited\s+partnership|"
                        r"general\s+partnership|statutory\s+trust|corporation|company|trust|bank)\b.*$", re.I)
# where a head states its roles: ", as Administrative Agent and a Lender", ", Individually and as a Co-Agent"
_AS = re.compile(r",?\s+(?:(?:[Ii]ndividually|INDIVIDUALLY)(?:\s*,|\s+and)?\s+)?\(?(?:as|AS)\s+(?=\S)|,\s+[Ii]ndividually\b")
_PREFIX = re.compile(r"^(?P<role>[A-Z][A-Za-z ]{2,40}):\s*(?=\S)")
_LENDER = re.compile(r"^(?:an?\s|the\s)?(?:(?:revolving|term|initial|original|supporting|existing|incremental)\s)?"
                     r"(?:lenders?|banks?|l/c\s(?:issuer|lender|bank)|letter\sof\scredit\sissuer|issuing\s(?:bank|lender)|"
                     r"swing\s?line\s(?:lender|bank)|purchasers?|noteholders?|note\sholders?)$", re.I)
_GUARANTOR = re.compile(r"^(?:an?\s|the\s)?(?:(?:subsidiary|parent|holdings)\s)?guarantors?$", re.I)
# a section above the blocks that names their signers' role
_SECTION = [
    ("lender", re.compile(r"^(?:(?:supporting|initial|original|existing)\s)?(?:lenders?|purchasers?|noteholders?|banks?)\s*:$|"
                          r"^(?:the\sforegoing|this)\s(?:agreement|note\spurchase\sagreement)\sis\shereby\saccepted\b", re.I)),
    ("guarantor", re.compile(r"^(?:(?:subsidiary|parent)\s)?guarantors?\s*:$|^in\switness\swhereof,\s(?:each|the)\s"
                             r"(?:subsidiary\s)?guarantors?\b", re.I)),
]
_ENTITY = re.compile(r"^[A-Z0-9][A-Z0-9&.,'’()\- ]{3,120}$|^[A-Z][\w&.,'’()\- ]{3,120}\b(?:L\.?P|LLC|L\.L\.C|Inc|Ltd|Company|"
                     r"Trust|Fund|Venture|Partners|Corporation|N\.A)\.?$")
# where one head names several entities in capitals: after a legal form, before the next name
_FORM_END = re.compile(r"\b(?:LLC|INC|LTD|L\.P|CORPORATION|COMPANY|LIMITED|N\.A)\.?(?=\s+(?!(?:OF|AND|&|DE|DU|THE|FOR)\b)[A-Z])")


@dataclass(frozen=True)
class Head:
    """A signature block's head: the entities it names and the roles it states for them."""

    names: tuple[str, ...]
    roles: tuple[str, ...]


def head_of(text: str, section: str | None = None) -> Head | None:
    """The entities and roles of a block's head ("PNC BANK, NATIONAL ASSOCIATION, as Agent and a
    Lender"), or None when it names no entity."""
    t = " ".join(text.split()).strip(" ,")
    roles: list[str] = []
    if (p := _PREFIX.match(t)) is not None:
        roles.append(p["role"].lower())
        t = t[p.end():]
    if (a := _AS.search(t)) is not None:
        said = t[a.start():]
        roles += ["lender"] if re.match(r",?\s+individually", said, re.I) else []
        roles += [_role(r) for r in re.split(r",\s|\s(?:and|AND)\s", t[a.end():].strip(" ,)"))]
        t = t[:a.start()]
    elif section is not None:
        roles.append(section)
    t = _DESCRIBED.sub("", t).strip(" ,")
    if not _ENTITY.match(t):
        return None
    names = _several(t) if t.isupper() else [t]
    names = [n for n in names if is_party(n)]
    return Head(tuple(names), tuple(roles)) if names else None


def _several(t: str) -> list[str]:
    """The names a head in capitals lists one after another, split after each legal form."""
    cuts = [0, *(m.end() for m in _FORM_END.finditer(t)), len(t)]
    return [n for a, b in zip(cuts, cuts[1:]) if (n := t[a:b].strip(" ,"))]


def _role(said: str) -> str:
    low = re.sub(r"^(?:as|AS)\s", "", " ".join(said.split()).strip(" ,.()"))
    if _LENDER.match(low) and not re.search(r"\bfor\b", low, re.I):
        return "lender"
    if _GUARANTOR.match(low):
        return "guarantor"
    return re.sub(r"^(?:an?|the|its)\s", "", low.casefold())


def find(text: str, filer: str | None = None, ctx: Context | None = None) -> list[Found]:
    """The control edges of the signature blocks in the document ``text``, and the loans,
    guarantees and control its signers' stated roles make."""
    ctx = ctx or Context(filer=filer)
    out: list[Found] = []
    lines = _lines(text)
    section: str | None = None
    above: tuple[str, ...] = ()  # what the next "By:" signs for
    for k, (start, line) in enumerate(lines):
        row = " ".join(line.split())
        named = next((role for role, rx in _SECTION if rx.search(row)), None)
        if named is not None:
            section, above = named, ()
            continue
        parts = _BY.split(re.split(r"\s*/s/", row)[0]) if not _SIGNED.match(row) else [""]
        head = head_of(parts[0], section) if parts[0] else None
        nxt = lines[k + 1] if k + 1 < len(lines) else None
        signed_below = nxt is not None and _SIGNED.match(nxt[1].strip()) is not None
        if head is not None and (len(parts) > 1 or "/s/" in row or signed_below or
                                 any(r in ("lender", "guarantor") for r in head.roles if section is None)):
            end = nxt[0] + len(nxt[1]) if signed_below and nxt else start + len(line)
            out += _roles(head, ctx, start, text[start:end])
        elif head is None and parts[0] and len(parts[0]) > 120:
            section = None  # running text ends a section of signatures
        if parts[0]:
            above = head.names if head else ()
        found, above = _chain(above, parts[1:], start, line)
        out += found
    return out


def _lines(text: str) -> list[tuple[int, str]]:
    out, pos = [], 0
    for line in text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        if line.strip():
            out.append((start + len(line) - len(line.lstrip()), line.strip()))
    return out


def _roles(head: Head, ctx: Context, start: int, line: str) -> list[Found]:
    """The loans, guarantees and control the roles of a head state."""
    out = []
    for role in head.roles:
        if role == "lender":
            rel, other, rule = LOAN, bound(ctx, "borrower", "company", "issuer"), "signature_block/lender"
        elif role == "guarantor":
            rel, other, rule = GUARANTEE, bound(ctx, "borrower", "company", "issuer"), "signature_block/guarantor"
        elif role in ROLES:
            rel, other, rule = CONTROLLING, bound(ctx, "partnership", "fund"), f"signature_block/role:{_kind(role)}"
        else:
            continue
        out += [Found(relation=rel, rule=rule, a=n, b=other, confidence=0.9, start=start, end=start + len(line), quote=line)
                for n in head.names if other and _key(n) != _key(other)]
    return out


def _chain(above: tuple[str, ...], parts: list[str], start: int, line: str) -> tuple[list[Found], tuple[str, ...]]:
    """The control edges of the "By:" parts after a head: each signer over what it signs for;
    and what a "By:" on the next line signs for."""
    out: list[Found] = []
    for part in parts:
        m = _SIGNER.match(part.strip())
        if m is None or not above:
            return out, ()
        role = " ".join(m["role"].lower().split())
        signer = m["name"].strip(" ,")
        if not is_party(signer):
            return out, ()
        if role in ROLES:
            out += [Found(relation=CONTROLLING, rule=f"signature_block/role:{_kind(role)}", a=signer, b=a,
                          confidence=0.9, start=start, end=start + len(line), quote=line) for a in above]
        above = (signer,)
    return out, above


def _key(name: str) -> str:
    return re.sub(r"\W", "", name.casefold())


def _kind(role: str) -> str:
    return {"general partner": "general_partner", "managing general partner": "general_partner",
            "sole general partner": "general_partner", "managing member": "managing_member",
            "sole member": "managing_member", "member": "managing_member", "owner trustee": "trustee"}.get(role, role.replace(" ", "_"))
