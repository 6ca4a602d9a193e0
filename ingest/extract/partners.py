"""Control roles stated in prose, and people the prose names by surname.

A general partner runs its partnership and a managing member its LLC: each is control of the
entity (``graph.analytics.control_kinds``), stated in filings' prose rather than in a table:

- "Mr. Barry and Jack Kadis are the general partners of BHI Associates VI, L.P., which is the
  sole general partner of Bariston Paging Partners, L.P." (a chain: each clause one edge);
- "MJM Media Corp., the general partner of each of TE, SM and FP" (a list, and the document's
  defined terms: '(\u201cTE\u201d)' after the full name);
- "Mr. Glazer, who serves as the Managing Member of Glazer Capital"; "X, as the general partner
  of Y, may be deemed ..."; "Y, whose general partner is X"; "the general partner of Y is X";
  "Y, L.P. is a Delaware limited partnership whose sole general partner is X, LLC"; "Y, L.P. is
  managed by its general partner, X, LLC".

:func:`find` gives them as ``controlling`` findings whose rule names the role
(:func:`control_kind`). :func:`full_names` turns "Mr. Barry" / "Messrs. Barry and Kadis" into
the full name the document gives once ("David A. Barry"), for every finding: one person, not
a second party called "Barry".
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

from ownergraph.ingest.extract.patterns import CONTROLLING
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import HEDGE, NEGATION, Context, party, sentence_date

__all__ = ["control_kind", "find", "full_names"]

A, A2, B, B2, B3 = party("a"), party("a2"), party("b"), party("b2"), party("b3")
_PAREN = r"(?:\s\([^)]{1,160}\))?"  # a defined term after a name: '("TE")'
# a trustee of a trust controls it ("Kristen M. Jenner, Trustee of the KMJ 2018 Irrevocable Trust"); the
# trust must be named as one (an indenture's trustee acts for holders, a document is no party)
_ROLE = (r"(?P<role>(?i:(?:managing\s|investment\s)?general\spartner|managing\smember)|"
         r"[Tt]rustee(?=\sof\s(?:the\s)?[A-Z][^,;()]{0,80}?\bTrust\b))")
_EACH = r"(?:each\sof\s|both\sof\s|all\sof\s)?"
# one to three parties: "X ("TE"), Y ("SM") and Z ("FP")", "TE, SM and FP"
# a list ends where a new clause starts: "... of X, L.P. and John Smith is the managing member of ..."
_CLAUSE = (r"(?=\s*[.,;:()]|\s*$|\s+[a-z])"  # the whole name: punctuation, the end or a lower-case word next
           r"(?!,?\s(?:is|are|was|were|serves|served|acts|has|have|may|became|remains)\b)")
_LIST = rf"{B}{_PAREN}(?:,\s(?!and\b){B2}{_PAREN})?(?:,?\sand\s{B3}{_PAREN}{_CLAUSE})?"
_BE = r"(?P<be>is|was|are|were|serves\sas|served\sas|acts\sas|became|has\sbeen|remains)"
_PLURAL_BE = {"are", "were"}
# a second title held with the role: "the managing member and controlling person of Y"
_ALSO = r"(?:\sand\s(?:the\s)?(?:controlling\s(?:person|member)|sole\smember|manager|chief\sexecutive\sofficer))?"
_RAW: list[tuple[str, str]] = [
    ("is_general_partner_of",
     rf"{A}(?:,?\sand\s{A2})?{_PAREN},?\s(?:(?:which|who)\s)?{_BE}\s(?:the\s|a\s|an\s|its\s)?(?:sole\s|co-)?"
     rf"{_ROLE}s?{_ALSO}\s(?:of|for|to)\s{_EACH}{_LIST}"),
    ("the_general_partner_of",  # an apposition: "MJM Media Corp., the general partner of each of TE, SM and FP"
     rf"{A}{_PAREN},\s(?:(?:the|its)\s(?:sole\s)?)?{_ROLE}\sof\s{_EACH}{_LIST}"),
    ("as_general_partner_of",
     rf"{A}{_PAREN},?\s(?:in\s(?:its|his|her)\scapacity\s)?as\s(?:the\s)?(?:sole\s)?{_ROLE}\sof\s{_EACH}{_LIST}"),
    ("paren_general_partner_of",  # "Millennium Group Management LLC (the managing member of Millennium Management LLC)"
     rf"{A}\s\((?:the|its)\s(?:sole\s)?{_ROLE}\sof\s{B}\)"),
    ("whose_general_partner_is", rf"{B}{_PAREN},?\s(?:whose|the)\s(?:sole\s)?{_ROLE}\s(?:of\swhich\s)?is\s{A}"),
    ("a_partnership_whose_general_partner_is",  # "X, L.P. is a Delaware limited partnership whose sole
     # general partner is Y, LLC" (13D Item 2 and cover-page comments)
     # (or in apposition: "X, L.P., a Cayman Islands exempted limited partnership, whose general partner is Y")
     rf"{B}{_PAREN},?\s(?:(?:is|was)\s)?(?:a|an)\s(?:[\w-]+\s){{0,5}}?(?:partnership|company|fund|trust|entity),?\s"
     rf"(?:whose|and\sits)\s(?:sole\s)?{_ROLE}\s(?:is|was)\s{A}"),
    ("managed_by_its_general_partner",  # "X, L.P. is managed (or controlled) by its general partner, Y, LLC"
     rf"{B}{_PAREN},?\s(?:is|was)\s(?:managed|controlled|operated)\sby\sits\s(?:sole\s)?{_ROLE},?\s{A}"),
    ("general_partner_of_y_is", rf"\b[Tt]he\s(?:sole\s)?{_ROLE}\sof\s{B}{_PAREN}\s(?:is|was)\s{A}"),
]
RULES: list[tuple[str, re.Pattern[str]]] = [(name, re.compile(rx)) for name, rx in _RAW]
_KINDS = {"general partner": "general_partner", "managing general partner": "general_partner",
          "investment general partner": "general_partner", "managing member": "managing_member", "trustee": "trustee"}
_ROLE_OF_RULE = "role:"  # a finding's rule carries its role: "is_general_partner_of/role:general_partner"


def control_kind(rule: str) -> str:
    """The control kind a finding's rule states (``controlling_shareholder`` for the other rules)."""
    _, _, kind = rule.partition(_ROLE_OF_RULE)
    return kind or "controlling_shareholder"


def _confidence(flat: str, m: re.Match[str]) -> float | None:
    """None when negated; lower when the role is hedged by its own words ("X, as the proposed
    general partner of Y"); the clause around it ("..., may be deemed to beneficially own", "may
    be controlled by X (the managing member of Y)") hedges the holding, not the role."""
    if NEGATION.search(m[0]) or NEGATION.search(flat[max(0, m.start() - 40):m.start()]):
        return None
    return 0.35 if HEDGE.search(m[0]) else 0.9


def _starts_mid_name(flat: str, at: int) -> bool:
    """Whether a party starting at ``at`` is the tail of a longer capitalised name ("Associates
    VI, L.P." of "BHI Associates VI, L.P.")."""
    before = flat[:at].rstrip()
    return bool(at and before and before != flat[:at] and re.search(r"(?:^|\s)[A-Z][\w&'’.\-]*$", before)
                and not re.search(r"(?:^|\s)(?:The|Mr\.|Mrs\.|Ms\.|Dr\.|Messrs\.|and|of)$", before))


# "The individual managers, or collectively, the NEA 15 Managers, of NEA 15 LLC are Forest Baskett, Anthony A.
# Florence, Jr., ... and Peter Sonsini": each one listed holds the role
_LISTED = re.compile(rf"\b[Tt]he\s(?:individual\s)?(?P<role>managers|managing\smembers|general\spartners|trustees)"
                     rf"(?:,\s(?:or\s)?collectively,?\s(?:the\s)?[^,;]{{2,40}},)?\sof\s{B}\s(?:are|were)\s(?P<list>[^;]+)")
_PERSON_OR_FIRM = re.compile(r"[A-Z][\w.'’-]*(?:\s(?:[A-Z][\w.'’-]*|de|van|von|der|&)){1,5}(?:,\s(?:Jr|Sr|II|III|IV)\.?)?")
_SUFFIX = re.compile(r"(?:Jr|Sr|II|III|IV|Inc|Ltd|LLC|L\.P|LP|Corp|Co)\.?$")
_LISTED_KINDS = {"managers": "manager", "managing members": "managing_member", "general partners": "general_partner",
                 "trustees": "trustee"}


def _listed(flat: str, text: str, start: int, ctx: Context) -> list[Found]:
    """The holders of a role a sentence lists after naming the entity ("The managers of X are A, B and C")."""
    m = _LISTED.search(flat)
    if m is None or NEGATION.search(m[0]) or HEDGE.search(flat[max(0, m.start() - 40):m.start("list")]):
        return []
    entity = _term(ctx, m["b"])
    pieces: list[str] = []
    for piece in re.split(r",\s(?:and\s)?|\sand\s", m["list"].strip(" .")):
        if pieces and _SUFFIX.fullmatch(piece.strip()):
            pieces[-1] += ", " + piece.strip()  # "Anthony A. Florence, Jr."
        else:
            pieces.append(piece.strip())
    kind = _LISTED_KINDS[" ".join(m["role"].lower().split())]
    out = []
    for name in pieces:
        a = ctx.name(name)
        a = name if a and _key(a) == _key(name) else a  # "Anthony A. Florence, Jr." keeps its stop
        if entity and a and _PERSON_OR_FIRM.fullmatch(name) and _key(a) != _key(entity):
            out.append(Found(relation=CONTROLLING, rule=f"role_holders_listed/{_ROLE_OF_RULE}{kind}", a=a, b=entity,
                             confidence=0.9, start=start, end=start + len(text), quote=text, when=sentence_date(flat)))
    return out


def find(text: str, start: int, ctx: Context) -> list[Found]:
    """The general partners and managing members the sentence ``text`` (at ``start``) states."""
    flat = " ".join(text.split())
    out: list[Found] = _listed(flat, text, start, ctx)
    seen: set[tuple[str, str]] = set()
    for rule, rx in RULES:
        pos = 0
        while (m := rx.search(flat, pos)) is not None:
            # a chain's next clause starts at this one's partnership: search again from there
            pos = m.start("b") if m.start("b") > m.start() else m.end()
            conf = _confidence(flat, m)
            if conf is None or _starts_mid_name(flat, m.start("a")) or _starts_mid_name(flat, m.start("b")):
                continue
            kind = _KINDS.get(" ".join(m["role"].lower().split()), "general_partner")
            gd = m.groupdict()
            # "X and Y is the managing member of Z": a singular verb after two names is a new
            # clause whose subject is the second name alone
            subjects = (gd.get("a2"),) if gd.get("a2") and gd.get("be") and gd["be"] not in _PLURAL_BE \
                else (gd.get("a"), gd.get("a2"))
            for a in (_term(ctx, x) for x in subjects):
                for b in (_term(ctx, gd.get("b")), _term(ctx, gd.get("b2")), _term(ctx, gd.get("b3"))):
                    if a is None or b is None or _key(a) == _key(b) or (_key(a), _key(b)) in seen:
                        continue
                    seen.add((_key(a), _key(b)))
                    out.append(Found(relation=CONTROLLING, rule=f"{rule}/{_ROLE_OF_RULE}{kind}", a=a, b=b,
                                     confidence=conf, start=start, end=start + len(text), quote=text,
                                     when=sentence_date(flat), hedged=conf < 0.5))
    return out


_FORM_AFTER_TERM = re.compile(r"\s(?:L\.?P|LLC|L\.L\.C|Inc|Ltd|Corp)\.?$")


def _term(ctx: Context, raw: str | None) -> str | None:
    """The party a mention names; a defined term with a legal form added ("AVF XII LP" for
    '(“AVF XII”)') is that term."""
    name = ctx.name(raw)
    if name and (twice := re.fullmatch(r"(.{3,60}?)\s\1", name)):
        name = twice[1]  # a signature's name above the same name typed ("/s/ Kylie Jenner Kylie Jenner, as trustee")
    if raw and name and _key(name) == _key(raw):
        bare = _FORM_AFTER_TERM.sub("", " ".join(raw.split()).strip(" ,;:."))
        if bare.casefold() in ctx.terms:
            return ctx.terms[bare.casefold()]
    return name


def _key(name: str) -> str:
    return re.sub(r"\W", "", name.casefold())


# -- people by surname --------------------------------------------------------------------------

_TITLE = re.compile(r"^(?:Mr|Mrs|Ms|Miss|Dr|Messrs|Mmes)\.?\s+")
# a person's full name: given name, optional initials or middle name, surname ("David A. Barry",
# "Jack Kadis", "Michael J. Marocco"); never a name with an organisation word
_PERSON = re.compile(r"\b([A-Z][a-z]{1,15}(?:\s+[A-Z]\.){0,2}(?:\s+[A-Z][a-z]{1,15})?\s+([A-Z][a-z]+(?:-[A-Z][a-z]+)?))\b"
                     r"(?!\s+(?:&|[A-Z]))")
_NOT_PERSON = re.compile(
    r"\b(?:The|This|That|Such|Each|Series|Common|Preferred|Stock|Shares?|Company|Corporation|Partners?|Partnership|"
    r"Associates|Holdings?|Group|Capital|Fund|Funds|Trust|Bank|Securities|Exchange|Commission|Act|Agreement|"
    r"General|Limited|Media|Management|Investment|Investors?|Mezzanine|Paging|Street|Avenue|New|North|South|East|"
    r"West|United|States|America|American|National|International|Registration|Statement|Prospectus|Item|Section|"
    r"January|February|March|April|May|June|July|August|September|October|November|December)\b")


@lru_cache(maxsize=8)  # the scorer asks once per labelled sentence of one document
def people(text: str) -> dict[str, list[tuple[int, str]]]:
    """Surname -> (offset, full name) of each person the document names in full, in order."""
    out: dict[str, list[tuple[int, str]]] = {}
    for m in _PERSON.finditer(text):
        full, surname = " ".join(m[1].split()), m[2]
        if _NOT_PERSON.search(full) or re.search(r"[A-Z][\w.&'’-]*\s+$", text[max(0, m.start() - 30):m.start()]):
            continue  # an organisation's words, or the tail of a longer name ("The Walt Disney")
        out.setdefault(surname.casefold(), []).append((m.start(), full))
    return out


def _person(text: str, surname: str, at: int) -> str | None:
    """The person "Mr. <surname>" at offset ``at`` means: the last one named in full before it
    ("Mr. Barry and Jack Kadis are ... Messrs. Barry and Kadis": Jack Kadis, not the Lawrence
    Kadis of a table above), else the only one the document names; None when it cannot tell."""
    named = people(text).get(surname.casefold(), [])
    before = [full for pos, full in named if pos < at]
    if before:
        return before[-1]
    return named[0][1] if len({full for _, full in named}) == 1 else None


def full_names(text: str, found: Iterable[Found]) -> list[Found]:
    """``found`` with each party named by title and surname ("Mr. Barry", "Barry" in "Messrs.
    Barry and Kadis") given the full name the document gives that person."""

    def full(name: str, at: int) -> str:
        bare = _TITLE.sub("", name)
        if " " in bare or not bare[:1].isupper():
            return bare if bare != name and " " in bare else name
        return _person(text, bare, at) or bare

    out = []
    for f in found:
        a, b = full(f.a, f.start), full(f.b, f.start)
        out.append(f if (a, b) == (f.a, f.b) else replace(f, a=a, b=b))
    return out
