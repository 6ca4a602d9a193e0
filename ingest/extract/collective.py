"""Names a sentence lists, then says of all of them at once what they are: "Board member of
Bharti Airtel International (Netherlands) B.V., Bharti Airtel Africa B.V. and Airtel Networks
Limited - all subsidiaries of the Group", "Acme One LLC and Acme Two LLC, both wholly owned
subsidiaries of Acme Corp.".

Each name with a legal form in the list before the collective phrase is a ``subsidiary`` of the
parent it names ("the Group" and "the Company" are the filer). A negated or hedged phrase states
nothing.
"""

from __future__ import annotations

import re

from ownergraph.ingest.extract.parties import has_legal_form
from ownergraph.ingest.extract.patterns import SUBSIDIARY
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import HEDGE, NAME, NEGATION, Context

__all__ = ["find"]

_TAIL = re.compile(rf"(?:\s[-–—]\s|,\s|\s)(?:are\s)?(?:all|both|each)\s(?:of\swhich\s(?:are|is|were)\s)?(?:(?:direct|indirect)\s)?"
                   rf"(?P<kind>(?:wholly[\s-]owned|majority[\s-]owned)\s)?[Ss]ubsidiar(?:ies|y)(?:\sundertakings)?\sof\s"
                   rf"(?P<p>(?:the|our)\s(?:[Gg]roup|[Cc]ompany)\b|{NAME})")
# a listed name: capitalised words, a bracketed place among them ("Bharti Airtel International (Netherlands) B.V.")
_NAMES = re.compile(r"(?<![\w&.'’-])[A-Z][\w&.'’-]*(?:\s(?:\([A-Z][\w ]{2,30}\)|[A-Z][\w&.'’-]*|of|de|du|&)){0,8}")


def find(text: str, start: int, ctx: Context) -> list[Found]:
    """The subsidiaries a sentence lists before a collective phrase."""
    flat = " ".join(text.split())
    m = _TAIL.search(flat)
    if m is None:
        return []
    head = re.split(r"[;:]", flat[:m.start()])[-1]
    if NEGATION.search(head[-60:] + m[0]) or HEDGE.search(head[-30:] + m[0]):
        return []
    parent = ctx.filer if re.match(r"(?:the|our)\s", m["p"]) else ctx.name(m["p"])
    if not parent:
        return []
    stake = 100.0 if m["kind"] and m["kind"].lower().startswith("wholly") else None
    out = []
    for n in _NAMES.finditer(head):
        raw = n[0].strip(" ,.") + ("." if n[0].endswith(".") else "")
        name = ctx.name(raw)
        name = raw if name and _key(name) == _key(raw) else name  # "B.V." keeps its stop
        if name and has_legal_form(raw) and _key(name) != _key(parent):
            out.append(Found(relation=SUBSIDIARY, rule="listed_then_all_subsidiaries", a=parent, b=name,
                             confidence=0.9, start=start, end=start + len(text), quote=text, stake=stake))
    return out


def _key(name: str) -> str:
    return re.sub(r"\W", "", name.casefold())
