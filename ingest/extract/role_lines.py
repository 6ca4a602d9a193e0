"""Parties listed line by line under the role each plays for one issue of notes.

A 10-K's guarantor note lists, per issue, "•Parent Company Guarantor - Medtronic plc",
"•Subsidiary Issuer - Medtronic, Inc.", "•Subsidiary Guarantors - Medtronic Luxco, Covidien Ltd.,
and Covidien Group Holdings Ltd." (issue 32, session 8 round 2). Each group of consecutive role
lines is one issue: every guarantor guarantees its issuer, and a role written "Subsidiary ..." is a
subsidiary of the group's parent guarantor. Each relationship is stated on the line of the party
it starts from (a guarantee on the guarantor's line, a subsidiary on the subsidiary's).
"""

from __future__ import annotations

import re

from ownergraph.ingest.extract.patterns import GUARANTEE, SUBSIDIARY
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import Context

__all__ = ["find"]

# "•Parent Company Guarantor - Medtronic plc", "Issuer: Acme Finance B.V.", "Subsidiary Guarantors – A, B and C"
_ROLE_LINE = re.compile(r"^[•·\-*]?\s*(?P<sub>Subsidiary\s)?(?P<parent>Parent\s(?:Company\s)?)?(?P<role>Guarantors?|Issuers?|"
                        r"Co-Issuers?|Borrowers?)\s*[-–—:]\s*(?P<names>[A-Z].{1,300})$")
_SPLIT = re.compile(r",\s(?:and\s)?(?!(?:Inc|Ltd|LLC|L\.?P|Corp|S\.A|N\.V|B\.V|plc|Limited|GmbH|AG|SE)\b)|\sand\s")


def find(text: str, ctx: Context) -> list[Found]:
    """The guarantees and subsidiaries that groups of role lines state, and the guarantors a
    cover lists between its issuer and "as Guarantors"."""
    out: list[Found] = listed_guarantors(text, ctx)
    group: list[tuple[str, bool, bool, str, int, str]] = []  # (role, subsidiary, parent, name, start, line)
    pos = 0
    for line in [*text.splitlines(keepends=True), ""]:
        start, pos = pos, pos + len(line)
        m = _ROLE_LINE.match(line.strip())
        if m is None or (m["parent"] and any(g[2] for g in group)):
            out += _group(group)
            group = []
        if m is None:
            continue
        start += len(line) - len(line.lstrip())
        role = "guarantor" if m["role"].lower().startswith("guarantor") else "issuer"
        names = re.sub(r"\s\([^()]{1,60}\)\s*$", "", m["names"].strip())  # "(CIFSA Subsidiary Guarantors)"
        for raw in _SPLIT.split(names):
            if (name := ctx.name(raw)) is not None:
                group.append((role, bool(m["sub"]), bool(m["parent"]), name, start, line.strip()))
    return out


# a cover page's line (not a sentence: its issuer starts the line): "CANANDAIGUA BRANDS, INC., as Issuer Batavia Wine Cellars, Inc. Barton Incorporated ...
# Polyphenolics, Inc., as Guarantors and HARRIS TRUST AND SAVINGS BANK, as Trustee" (names run together)
_COVER = re.compile(r"^(?P<issuer>[A-Z][^,;]{2,80}(?:,\s(?i:Inc|Ltd|LLC|Corp|plc|N\.V|S\.A)\.?)?),?\sas\s(?:the\s)?Issuer\b,?\s*"
                    r"(?P<names>.{5,3000}?),?\sas\s(?:the\s)?(?:Subsidiary\s)?Guarantors\b", re.M)
# one name, ending at its legal form ("Barton Brands, Ltd.", "Barton Incorporated", "Monarch Import Company")
_FORMED = re.compile(r"[A-Z][\w'’&.-]*(?:\s(?:[A-Z][\w'’&.-]*|of|de|and|&))*?,?\s(?:Inc\.|Incorporated|Ltd\.|Limited|"
                     r"Corp\.|Corporation|Co\.|Company|LLC|L\.L\.C\.|L\.P\.|plc|PLC|GmbH|B\.V\.|N\.V\.|S\.A\.)"
                     r"(?:,\s(?:Inc\.|Ltd\.|LLC|L\.P\.))?(?=\s|,|$)")


def listed_guarantors(text: str, ctx: Context) -> list[Found]:
    """The guarantors a cover names between its issuer ("X, as Issuer") and "as Guarantors": each
    guarantees the issuer. The names run together, so each ends at its legal form."""
    out = []
    for m in _COVER.finditer(text):
        issuer = ctx.name(m["issuer"])
        if issuer is None or re.search(r"\b(?:among|between|by)\b", m["issuer"]):  # a sentence's, read by clauses
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start:len(text) if line_end < 0 else line_end]
        for n in _FORMED.finditer(m["names"]):
            if (name := ctx.name(n.group())) is not None and name != issuer:
                out.append(_found(GUARANTEE, name, issuer, line_start, line))
    return out


def _group(group: list[tuple[str, bool, bool, str, int, str]]) -> list[Found]:
    issuers = [g[3] for g in group if g[0] == "issuer"]
    parent = next((g[3] for g in group if g[2]), None)
    out = []
    for role, sub, _, name, start, line in group:
        if role == "guarantor":
            out += [_found(GUARANTEE, name, issuer, start, line) for issuer in issuers if issuer != name]
        if sub and parent and parent != name:
            out.append(_found(SUBSIDIARY, parent, name, start, line))
    return out


def _found(relation: str, a: str, b: str, start: int, line: str) -> Found:
    return Found(relation=relation, rule=f"role_line/{relation}", a=a, b=b, confidence=0.9, start=start,
                 end=start + len(line), quote=line)
