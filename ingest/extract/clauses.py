"""Relationships read clause by clause: party mentions, chunked, and what the words between
two neighbouring mentions say.

The sentence rules (:mod:`ingest.extract.patterns`) each spell one phrasing from name to name.
This reader splits the work instead:

1. **Mentions** (:func:`mentions`): capitalised names (a legal form of the ISO 20275 list
   extends a name: "InfiniCom, AB", "Foo OÜ", "Bar S.à r.l."), the document's defined terms,
   and the filer's words ("we", "our", "the Company", "Registrant"); "its" / "their" mean the
   sentence's first party before them, else the filer. A name of a negative shape
   (:mod:`ingest.extract.parties`) is no mention.
2. **Groups**: mentions joined only by "and" / commas ("A and B each hold 50% of C",
   "X and Y, wholly-owned subsidiaries of Z") are one group; a relation holds for each member.
3. **Cues** (:data:`CUES`, data): the words between two neighbouring groups, with defined-term
   parentheses taken out, must be one cue entire -- a relation and which side is which. The
   same cue reads an active, a passive ("acquired by"), an apposition (", a wholly-owned
   subsidiary of"), a relative clause (", which in turn owns 51% of" gives the second hop of
   "holds 100% of A, which in turn owns 51% of B") and a possessive ("'s acquisition of").
4. **Frames** around a single mention (:data:`SINGLE`): "X, a wholly-owned subsidiary,"
   (of the filer), "the acquisition of X" (by the filer), "X (formerly Y)".

A clause that denies ("not", "no longer") is dropped; a hedged one ("may be deemed", "agreed
to", "will") is kept below the loading confidence, as the sentence rules do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ownergraph.ingest.extract.parties import is_party, negative_shape, split_form
from ownergraph.ingest.extract.patterns import ACQUIRED, CONTROLLING, GUARANTEE, LOAN, OWNS, RENAMED, SOLD, SUBSIDIARY
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import HEDGE, NAME, NEGATION, Context, percent, sentence_date

__all__ = ["CUES", "SINGLE", "find", "mentions"]

_SELF = (r"the\s(?:[Cc]ompany|Registrant|Corporation|Partnership|Issuer|Group)(?!\s(?:of\s|&\s)?[A-Z])|"
         r"[Ww]e|[Oo]ur|[Uu]s|Registrant|(?<![A-Za-z])[Ii]ts|[Tt]heir")
_MENTION = re.compile(rf"(?<![\w&.'’-])(?:(?P<self>{_SELF})(?:(?<=[yY])['’]s)?(?![\w'’])|(?P<name>(?:[Tt]he\s)?(?:\d+[A-Z][\w.&-]*\s)?{NAME})|"
                      r"(?P<camel>[a-z]{1,2}[A-Z][\w&.'’-]*(?:,?\s[A-Z][\w&.'’-]*){0,5})|"
                      r"(?P<lower>[a-z][a-z0-9-]{2,30})(?=,?\s(?:AG|SE|Inc\.?|Ltd\.?|plc|S\.A\.|N\.V\.|GmbH|B\.V\.|LLC)(?:\W|$)))")
_PAREN = re.compile(r"\s?\((?:[^()]{0,120}[\"“”‘’']|[A-Z][A-Za-z&.\s-]{0,25}|the\s[^()]{0,60}|NASDAQ[^()]*|NYSE[^()]*|"
                    r"TSX[^()]*|LSE[^()]*)\)")
_PCT = r"(?:approximately\s|about\s|over\s|more\sthan\s|almost\s|nearly\s|an\sadditional\s|a\s)?\d{1,3}(?:\.\d+)?\s?(?:%|percent|per\scent)"
_BE = r"(?:is|was|are|were|has\sbeen|have\sbeen|had\sbeen|became|becomes|remains|remained)(?:\sin\sturn)?"
_OWNED = r"(?:wholly|majority|partially|jointly|\d{1,3}(?:\.\d+)?\s?%)[\s-]owned"
_SECS = (r"(?:(?:all\s(?:of\s)?)?(?:the\s)?(?:(?:issued\s(?:and\soutstanding\s)?|outstanding\s|entire\s|exchangeable\s)+)?(?:share\scapital|ordinary\sshares|"
         r"common\sstock|capital\sstock|shares|stock|equity|voting\s(?:stock|rights|power|shares)|units|"
         r"membership\sinterests|partnership\sinterests|exchangeable\sshares)(?:\sof\scommon\sstock)?\s(?:of|in)\s)")


@dataclass(frozen=True)
class Cue:
    """The words between two groups that state a relation: ``a_first`` when the group before
    them is ``a`` (owner / parent / buyer / guarantor / new name)."""

    relation: str
    name: str
    gap: re.Pattern[str]
    a_first: bool


def _cue(relation: str, name: str, gap: str, a_first: bool) -> Cue:
    return Cue(relation, name, re.compile(rf"^{gap}$", re.I), a_first)


# "X, a Delaware corporation, which is in turn ...": the description is no part of the cue
_DESC = (r"(?:,\s(?:an?|the)\s(?:[\w-]+\s){0,4}?(?:corporation|company|partnership|limited\sliability\scompany|trust|"
         r"bank|entity)(?=,))?")
# "Dorman Industries, LLC, a company that beneficially owns", "X is a Michigan limited liability company wholly owned by"
_KIND_OF = (r"(?:,?\s(?:is\s|was\s)?(?:an?|the)\s(?:[\w-]+\s){0,4}?(?:corporation|company|partnership|limited\sliability\s"
            r"company|entity|trust)\s(?:(?:that|which)\s)?)")
# "CPP GP LLC, a Delaware limited liability company and the general partner of the Partnership"
_KIND_AND = (r",\s(?:an?)\s(?:[\w-]+\s){0,4}?(?:corporation|company|partnership|limited\sliability\scompany|trust)"
             r"\sand\s")
_REL = rf"(?:{_DESC}(?:,?\s(?:which|that|who)\s|,\s|\s)|{_KIND_OF})(?:in\sturn\s)?"
# the subject's own possessive after a verb phrase: "... conducted its business operations through its", "'s"
_ITS = r"(?:['’]s?\s|\s(?:[\w,’'-]+\s){0,10}?(?:its|their|our)\s)"
_ADV = r"(?:(?:also|now|currently|directly|indirectly|ultimately|together|each|both|collectively|still|then)\s)*"
CUES: list[Cue] = [
    # subsidiaries: ", a wholly-owned subsidiary of", "is an indirect subsidiary of", "'s subsidiary,"
    _cue(SUBSIDIARY, "subsidiary_of",
         rf"{_REL}(?:{_BE}\s)?(?:now\s)?(?:an?|the|our|its|one\sof\sthe)\s(?:\w+\s){{0,2}}?(?:{_OWNED}\s)?"
         rf"(?:(?:direct|indirect|principal|operating|non-core)\s)?subsidiar(?:y|ies)(?:\sundertakings?|\scompany)?"
         rf"\sof\s(?:the\s)?", False),
    _cue(SUBSIDIARY, "subsidiaries_of", rf",?\s(?:(?:all|both|each)\s)?{_OWNED}?\s?subsidiaries\sof\s(?:the\s)?", False),
    _cue(SUBSIDIARY, "its_subsidiary",
         rf"(?:{_ITS}|(?:['’]s?)?\s)(?:\w+\s){{0,1}}?(?:{_OWNED}\s)?(?:(?:direct|indirect|principal|operating|non-core)\s)?"
         rf"(?:subsidiary(?:\sundertaking|\scompany)?,?\s|subsidiar(?:ies|y\scompanies),?\sincluding\s)", True),
    _cue(SUBSIDIARY, "parent_company",
         rf"(?:['’]s?)?\s(?:ultimate\s)?(?:parent|parent\scompany|holding\scompany),?\s", False),
    _cue(SUBSIDIARY, "is_parent_of", rf"{_REL}(?:{_BE}\s)?the\s(?:ultimate\s)?parent(?:\scompany)?\sof\s(?:the\s)?", True),
    _cue(SUBSIDIARY, "through_subsidiary",
         rf"\s(?:[\w,’'-]+\s){{0,10}}?through\s(?:its|their|our)\s(?:(?:{_OWNED}|direct|indirect|non-core|operating)\s)*"
         rf"subsidiar(?:y|ies),?\s", True),
    # ownership: "owns 51% of", ", which holds a 29.8% stake in", "is the beneficial owner of 69.15% of",
    # "Power Corporation and IGM hold a combined 27.8% interest in China AMC" (each holds part of it)
    _cue(CONTROLLING, "controls_pct",
         rf"{_REL}{_ADV}(?:controls?|controlled)\s(?:an?\s|the\s)?{_PCT}\s(?:of|in)\s(?:the\s)?(?:voting\s(?:rights|power|shares)|votes)"
         rf"\s(?:of|in)\s(?:the\s)?", True),
    _cue(OWNS, "owns_pct",
         rf"{_REL}{_ADV}(?:{_BE}\s)?(?:directly\s|indirectly\s|beneficially\s)?(?:owns?|holds?|held|owned|has|have|had|"
         rf"(?:owns|own)\sor\scontrols?|became\sthe\s(?:beneficial\s)?owner\sof|(?:is|was)\sthe\s(?:beneficial\s|record\s)?"
         rf"owner\sof)\s(?:an?\s|the\s)?(?:(?:combined|aggregate|total|collective)\s)?{_PCT}\s(?:(?:equity\s|ownership\s|economic\s|voting\s)?"
         rf"(?:stake|interest|shareholding|holding)\s)?(?:of|in)\s{_SECS}?(?:the\s)?", True),
    # "GECS owns all of the common stock of General Electric Capital Corporation (GE Capital), ... and ..."
    _cue(OWNS, "owns_all", rf"{_REL}{_ADV}(?:directly\s|indirectly\s|beneficially\s)?(?:owns?|holds?|owned|held)\s"
                           rf"(?=(?:substantially\s)?all\s){_SECS}(?:the\s)?", True),
    # a holder's interest as a noun phrase: "our ownership interest in Panamco", "the Company's 36 percent
    # interest in Coca-Cola Amatil", "our ownership in CCFBA" (a stake sold is no holding: see _SOLD_BEFORE)
    _cue(OWNS, "interest_in",
         rf"(?:['’]s?)?\s(?:(?:current|existing|remaining|resulting|direct|indirect)\s)?(?:(?:{_PCT}\s(?:(?:equity|ownership|"
         rf"economic|voting)\s)?(?:interest|stake|shareholding|holding))|(?:(?:equity|ownership|economic)\s(?:interest|stake)"
         rf"|ownership|shareholding|stake)(?:\spercentage)?)\sin\s(?:the\s)?", True),
    _cue(OWNS, "owned_by", rf"{_REL}(?:{_BE}\s)?(?:{_OWNED}|(?:beneficially\s)?owned|held)\s(?:\w+\s)?by\s(?:the\s)?", False),
    _cue(OWNS, "major_holder",
         rf"{_REL}(?:{_BE}\s)?(?:the|a|our|its)\s(?:majority|principal|largest|controlling|major|substantial|"
         rf"significant|single\slargest)\s(?:shareholder|stockholder|investor|owner|member)\s(?:of|in)\s(?:the\s)?", True),
    _cue(OWNS, "holder_apposition",
         r"(?:['’]s?)?\s(?:majority|principal|largest|controlling|major|substantial)\s(?:shareholder|stockholder|investor),?\s",
         False),
    _cue(OWNS, "has_shareholding",
         rf"{_REL}{_ADV}(?:has|have|holds?|hold)\s(?:an?\s)?(?:indirect\s|direct\s)?(?:shareholding|equity\sinterest|"
         rf"ownership\sinterest|stake|voting\srights)\sin\s(?:the\s)?", True),
    _cue(OWNS, "held_by", rf"\s(?:are|is|were|was)\s(?:held|owned)\s(?:ultimately\s|indirectly\s|directly\s)?by\s(?:the\s)?", False),
    # acquisitions and disposals
    _cue(ACQUIRED, "acquired",
         rf"{_REL}{_ADV}(?:\w+\s)?(?:acquired|acquires|purchased|bought|completed\s(?:the|its)\s(?:\w+\s)?(?:acquisition|"
         rf"purchase)\sof)\s(?:control\sof\s)?(?:(?:{_PCT}|all|substantially\sall|the\sremaining)\s(?:of\s)?)?{_SECS}?"
         rf"(?:the\s)?", True),
    _cue(ACQUIRED, "its_acquisition_of",
         rf"{_ITS}(?:\w+\s)?(?:acquisition|purchase)\sof\s(?:{_PCT}\s(?:of\s)?)?{_SECS}?(?:the\s)?", True),
    _cue(ACQUIRED, "completes_acquisition_of",
         rf"\s(?:(?:has|have)\s)?(?:announced\s(?:today\s)?(?:that\s)?(?:it\shas\s)?)?(?:completes|completed|closed|"
         rf"announces\scompletion\sof|announced\sthe\scompletion\sof)\s(?:the\s|its\s)?(?:\w+\s)?(?:acquisition\sof|"
         rf"purchase\sof|transaction\sto\sacquire|tender\soffer\sfor)\s(?:(?:{_PCT}|all)\s(?:of\s)?)?{_SECS}?(?:the\s)?", True),
    _cue(ACQUIRED, "acquisition_of", rf"(?:['’]s?)?\s(?:\w+\s)?(?:acquisition|purchase)\sof\s(?:{_PCT}\s(?:of\s)?)?{_SECS}?(?:the\s)?", True),
    _cue(ACQUIRED, "acquired_by", rf"{_REL}(?:{_BE}\s)?(?:\w+\s)?acquired\s(?:\w+\s){{0,4}}?by\s(?:the\s)?", False),
    _cue(ACQUIRED, "sold_to", rf"{_REL}(?:{_BE}\s)(?:\w+\s)?sold\s(?:\w+\s){{0,3}}?to\s(?:the\s)?", False),
    _cue(SOLD, "sold",
         rf"{_REL}(?:\w+\s)?(?:sold|divested|disposed\sof)\s(?:(?:all|substantially\sall)\s(?:of\s)?)?(?:its\s|our\s|the\s)?"
         rf"(?:(?:entire|remaining|wholly[\s-]owned)\s)*(?:subsidiary,?\s)?", True),
    _cue(SOLD, "sold_stake",
         rf"{_REL}(?:\w+\s)?(?:sold|divested|disposed\sof|completed\sthe\s(?:sale|disposal|divestiture)\sof)\s(?:all\sof\s)?"
         rf"(?:its|our|their|the)?\s?(?:entire\s|remaining\s)?(?:(?:minority|majority|controlling)\s)?(?:{_PCT}\s)?"
         rf"(?:equity\s)?(?:interest|stake|shares|share|holding|ownership\sinterest|shareholding)s?\s(?:in|of)\s(?:the\s)?",
         True),
    # guarantees
    _cue(GUARANTEE, "guaranteed_by",
         r",?\s(?:(?:which|that|and)\s)?(?:(?:is|are|was|were|will\sbe|have\sbeen)\s)?(?:(?:fully|unconditionally|"
         r"irrevocably|jointly|and|severally|fully|,)\s)*guaranteed\s(?:[\w-]+\s){0,6}?by\s(?:the\s)?", False),
    _cue(GUARANTEE, "guarantees",
         r"\s(?:has\s|have\s)?(?:(?:fully|unconditionally|irrevocably)\s)*(?:guarantees?|guaranteed|has\sguaranteed)\s"
         r"(?:the\s)?(?:payment\s(?:of\s)?)?(?:(?:all\s)?(?:the\s)?(?:obligations|debts?|liabilities|notes|indebtedness)"
         r"\s(?:of|under)\s)?(?:the\s)?", True),
    # renames: new name first
    _cue(RENAMED, "now", r",?\s\((?:now|renamed)\s(?:known\sas\s|called\s)?", False),
    _cue(RENAMED, "changed_name",
         r"\s(?:(?:\w+ly|then|also|has|had|have|subsequently|later|to)\s)*(?:amended\s(?:its|their)\s[\w\s]{0,40}?\sto\s)?"
         r"(?:changed|change|changes)\s(?:its|their)\s(?:corporate\s|legal\s)?name\s(?:from\s[^,;]{2,80}?\s)?to\s",
         False),
    _cue(RENAMED, "renamed", r"\s(?:\w+\s){0,4}?(?:has\sbeen\s|was\s)?renamed\s(?:as\s)?", False),
    # control
    _cue(CONTROLLING, "role_of",
         rf"(?:{_REL}|{_KIND_AND})(?:{_BE}\s)?{_ADV}(?:as\s)?(?:the|a|its|an)\s(?:sole\s|individual\s)?(?:general\spartners?|managing\smembers?|"
         rf"sole\smember|managers?|managing\sventurer|trustees?)\s(?:of|for)\s(?:each\sof\s)?(?:the\s)?", True),
    # "vSpring SBIC, L.P. ("vSpring SBIC"), whose sole general partner is vSpring SBIC Management, L.L.C"
    _cue(CONTROLLING, "whose_role",
         r"[”\"’')]*,\s(?:whose|the)\s(?:sole\s)?(?:general\spartner|managing\smember|sole\smember|manager|managing\sventurer|trustee)"
         r"\s(?:is|was)\s(?:the\s)?", False),
    _cue(CONTROLLING, "controlled_by",
         rf"{_REL}(?:an\sentity\s|a\scompany\s)?(?:{_BE}\s)?(?:ultimately\s|indirectly\s|directly\s|jointly\s)?controlled\sby\s(?:the\s)?",
         False),
    _cue(CONTROLLING, "controls", rf"{_REL}(?:ultimately\s|indirectly\s|directly\s)?(?:controls|controlled|acquired\scontrol\sof)\s(?:the\s)?", True),
]

# frames around one mention, with the filer as the other party
SINGLE: list[tuple[str, str, re.Pattern[str], re.Pattern[str], bool]] = [
    # (relation, rule, before the mention, after it, filer is a)
    (SUBSIDIARY, "x_a_subsidiary", re.compile(r"$"), re.compile(
        rf"^(?:{_PAREN.pattern})?,?\s(?:an?|our)\s(?:{_OWNED}\s)?(?:(?:direct|indirect|principal|operating)\s)?"
        r"subsidiary(?:\sundertaking)?(?:\sof\s(?:the\s)?(?:Company|Registrant|the\sGroup|Group))?(?=[,.;)]|\s(?:and|is|was|that|which)\b)"),
     True),
    (SUBSIDIARY, "paren_subsidiary", re.compile(r"$"), re.compile(
        r"^\s?\((?:an?|our)\s(?:(?:wholly|majority)[\s-]owned\s)?subsidiary(?:\sof\s(?:the\s)?(?:Company|Registrant))?\)"), True),
    (ACQUIRED, "the_acquisition_of", re.compile(r"(?:^|\s)(?:[Tt]he|[Oo]ur|[Ii]ts)\s(?:\w+\s)?acquisition\sof\s(?:the\s)?$"),
     re.compile(r"^(?!\s(?:by|from)\b|['’]s?\s)"), True),
    (ACQUIRED, "company_acquired", re.compile(r"(?:^|\s)(?:[Ww]e|the\sCompany)\s(?:\w+\s)?acquired\s(?:the\s)?$"),
     re.compile(r"^(?=[,.;]|\s(?:in|on|for|from|during|at|and|through)\b|$)"), True),
    # "Mediclinic Group Limited, the company's principal shareholder,", "Bharti Airtel remains a majority
    # shareholder": a holder of the filer (a report's unqualified "shareholder" is the filer's)
    (OWNS, "x_our_major_holder", re.compile(r"$"), re.compile(
        r"^(?:\s\([^)]*\))?,\s(?:our|the\s[Cc]ompany['’]s|the\s[Gg]roup['’]s)\s(?:majority|principal|largest|"
        r"controlling|major|substantial)\s(?:shareholder|stockholder|investor|owner)\b"), False),
    (OWNS, "x_is_major_holder", re.compile(r"$"), re.compile(
        r"^\s(?:is|was|remains|became|has\sbeen)\s(?:a|the|our)\s(?:majority|principal|largest|controlling)\s"
        r"(?:shareholder|stockholder|owner)\b(?!\s(?:of|in)\b)"), False),
    (SOLD, "x_was_sold", re.compile(r"$"), re.compile(r"^(?:\s\([^)]*\))?,?\s(?:which|that)\s(?:was|were)\s(?:sold|disposed\sof|divested)\b"),
     True),
]
_INNER_PAREN = re.compile(r"\s\([A-Z][\w .&-]{1,30}\)\s")
_NUMBER_TAIL = re.compile(r"\s\d{1,3}(?:-[A-Z]{1,4}|\s[A-Z]{2})?(?=[\s,.;)]|$)(?!\s?(?:%|percent|per\scent|shares|million|billion))")
_QUANTIFIER = re.compile(r"(?:Several|Many|Some|One|Each|All|Certain|Both|Any|Most|None|Neither|Either)\sof\s(?:the\s)?")
_TO = re.compile(r"^\sto\s(?:the\s)?$")
_CLAUSE_END = re.compile(r";|\.\s|\s[-–—]\s|:\s")
_GROUP_JOIN = re.compile(r"^(?:,\s|,?\sand\s|\s&\s)$")
_ORG = re.compile(r"\b(?:Inc|Corp|Corporation|Company|Ltd|Limited|LLC|L\.?P|plc|N\.V|S\.A|AG|SE|Group|Holdings?|"
                  r"Partners|Trust|Fund|Bank|Capital|Resources|Industries)\b|^[A-Z]{2,}$", re.I)
_PLURAL = re.compile(r"\b(?:subsidiaries|partners|members|managers|trustees|shareholders|stockholders|owners|each|both)\b")
_ALIAS = re.compile(r"^,?\sor\s(?:the\s)?$")  # "NEA Partners 15, L.P., or NEA Partners 15, the sole general partner of"


@dataclass(frozen=True)
class Mention:
    start: int
    end: int
    name: str  # the party it names (defined terms and the filer resolved)
    poss: bool = False  # written as a possessive ("Guardian Royal Exchange's")


_DEFINED_SELF = re.compile(r"the\s(?:Partnership|Trust|Fund|Bank|Issuer)$", re.I)


def mentions(flat: str, ctx: Context) -> list[Mention]:
    """The party mentions of a sentence, in order."""
    out: list[Mention] = []
    last = 0
    for m in _MENTION.finditer(flat):
        if m.start() < last:
            continue  # inside a name a legal form extended
        num = _NUMBER_TAIL.match(flat, m.end()) if m["name"] else None  # "NEA Partners 15", "NEA 15 OF"
        end = last = _with_form(flat, num.end() if num else m.end())
        begin = m.start() + len(q[0]) if (q := _QUANTIFIER.match(flat, m.start())) else m.start()
        raw = flat[begin:end]
        if m["self"]:
            # "the Partnership" the document defines ("Columbia Pipeline Partners LP (the “Partnership”)")
            # ("the Company" stays the filer the header names)
            defined = ctx.terms.get(re.sub(r"^the\s", "", raw.casefold())) if _DEFINED_SELF.match(raw) else None
            name = defined or _pronoun(raw, out, ctx)
            if raw.casefold() in ("its", "their") and out and name == out[-1].name:
                continue  # "Cifra officially changed its name to": the clause's own subject, part of the cue
        elif negative_shape(raw) == "role word":
            name = None  # "owned by Stockholder as set forth on Exhibit D": a merger agreement's role, not a party
        else:
            name = ctx.name(raw)
            if name and not ctx.terms.get(name.casefold()) and not is_party(name):
                name = None
        if out and flat[out[-1].end:begin] == " (" and re.match(r"\)\s[A-Z]", flat[end:end + 3]):
            continue  # the "(Suzhou)" inside "NIKE (Suzhou) Sports Company, Ltd."
        if (name and out and flat[out[-1].end:begin] == ", " and "&" in raw and " " not in flat[out[-1].start:out[-1].end]
                and (whole := ctx.name(flat[out[-1].start:end]))):
            out[-1] = Mention(out[-1].start, end, whole)  # "Goldman, Sachs & Co.", "Spear, Leeds & Kellogg, L.P."
            continue
        if name and out and _INNER_PAREN.fullmatch(flat, out[-1].end, begin) and not m["self"]:
            whole = ctx.name(flat[out[-1].start:end])  # "NIKE (Suzhou) Sports Company, Ltd.": one name
            if whole and split_form(whole):
                out[-1] = Mention(out[-1].start, end, whole)
                continue
        if name:
            out.append(Mention(begin, end, name, bool(re.search(r"['’]s?$", raw))))
    return out


def _pronoun(raw: str, before: list[Mention], ctx: Context) -> str | None:
    """"its" / "their": the party named last before it in the sentence ("Abbott announced that
    it has completed its acquisition"), else the filer; the rest: the filer."""
    if raw.casefold() in ("its", "their") and before:
        return before[-1].name
    return ctx.filer


def _with_form(flat: str, end: int) -> int:
    """``end`` moved past a legal form the name regex stopped before: the rest of a token it cut
    ("Alpha O|Ü", "Beta S.|à r.l.") and up to four more tokens that end in a form ("InfiniCom, AB",
    "X GmbH & Co. KG"); only tokens with a capital or a dot (never "..., which holds a")."""
    rest = re.match(r"[^\s,;()]*", flat[end:])
    cont = end + (len(rest[0]) if rest else 0)
    words = re.findall(r",?\s[^\s,;()]+", flat[cont:cont + 60])[:4]
    prefix = flat[max(0, end - 80):end]
    base = prefix.rsplit(" ", 1)[0] if cont > end and " " in prefix else prefix  # the name before a cut token
    had = split_form(prefix)
    for n in range(len(words), -1, -1):
        added = flat[end:cont] + "".join(words[:n])
        last = added.split()[-1] if added.split() else ""
        if not re.search(r"[A-Z.]|[^\x00-\x7f]", last):
            continue
        form = split_form(prefix + added)
        # the form is all that was added ("TE, SM and FP" is a list, not a name with the form "FP"),
        # or it lengthens the form the name had ("Wal-Mart de Mexico, S.A." + " de C.V.")
        names = {base.rstrip(" ,"), prefix.rstrip(" ,"), *([had[0].rstrip(" ,")] if had else [])}
        if form is not None and form[0].rstrip(" ,") in names and len(added) > 0:
            return end + len(added)
    return end


_ALIASES = re.compile(r"\s?\((?![a-z])[^()]{1,60}\)")  # "General Electric Capital Corporation (GE Capital or GECC)"


def _groups(flat: str, ms: list[Mention]) -> list[list[Mention]]:
    groups: list[list[Mention]] = []
    for m in ms:
        last = groups[-1][-1] if groups else None
        if last is not None and m.start < last.end:
            continue  # another short name inside the brackets already taken
        if last is not None and (paren := _ALIASES.match(flat, last.end)) and m.end <= paren.end():
            groups[-1][-1] = Mention(last.start, paren.end(), last.name, last.poss)  # its short names, in brackets
        elif groups and _ALIAS.match(_gap(flat, groups[-1][-1], m)):
            groups[-1][-1] = Mention(groups[-1][-1].start, m.end, groups[-1][-1].name)  # the alias is the same party
        elif groups and _GROUP_JOIN.match(_gap(flat, groups[-1][-1], m)):
            groups[-1].append(m)
        else:
            groups.append([m])
    return groups


def _gap(flat: str, a: Mention, b: Mention) -> str:
    return _PAREN.sub("", flat[a.end:b.start])


def _confidence(flat: str, start: int, gap: str) -> float | None:
    clause = _CLAUSE_END.split(flat[max(0, start - 60):start])[-1]
    if NEGATION.search(gap) or NEGATION.search(clause[-30:]) or re.search(r"\bno\slonger\b|\bformer(?:ly)?\b", clause[-30:]):
        return None
    return 0.35 if HEDGE.search(gap) or HEDGE.search(clause) or re.search(r"\bdeemed\b", gap) else 0.9


_GAINED_CONTROL = re.compile(r"\b(?:acquired|obtained|gained|took)\scontrol\sof\b", re.I)
_SOLD_BEFORE = re.compile(r"\b(?:sold|sale|sell|selling|dispos\w+|divest\w*|exchang\w+|transferr?\w*|contribut\w+|"
                          r"spin-?off|spun)\b", re.I)


def _here(flat: str, ctx: Context) -> Context:
    """``ctx`` with the terms the sentence itself defines first: a document of several preambles
    defines "the Partnership" once per agreement, and the sentence's own definition is meant."""
    if "(" not in flat:
        return ctx
    local = Context.of(flat, ctx.filer).terms
    if not local or all(ctx.terms.get(k) == v for k, v in local.items()):
        return ctx
    return replace(ctx, terms={**ctx.terms, **local})


def find(text: str, start: int, ctx: Context) -> list[Found]:
    """The relationships the clauses of the sentence ``text`` (at ``start``) state."""
    flat = " ".join(text.split())
    ctx = _here(flat, ctx)
    ms = mentions(flat, ctx)
    groups = _groups(flat, ms)
    out: list[Found] = []
    for left, right in zip(groups, groups[1:]):
        gap = _gap(flat, left[-1], right[0])
        if len(gap) > 160 or _CLAUSE_END.search(gap):
            continue
        cue = next((c for c in CUES if c.gap.match(gap)), None)
        if cue is None:
            continue
        conf = _confidence(flat, left[0].start, gap)
        if conf is None:
            continue
        if gap.startswith(",") and not _PLURAL.search(gap):
            # an apposition or relative clause is about the name just before it ("MIP III, as the general
            # partner of MVF III and MVFIII-A, and MGP III, as ..."), and names one party after it
            # ("Janssen Biotech, Inc., a subsidiary of Johnson & Johnson, and NYU ...")
            # ("Indenture ... between Textron Financial Canada Funding Corp. and SunTrust Bank, guaranteed by
            # Textron Financial Corporation": what is guaranteed is the issuer's, the first party of "between")
            between = cue.relation == GUARANTEE and re.search(r"\bbetween\s$", flat[:left[0].start])
            left, right = (left[:1] if between else left[-1:]), right[:1]
        first, second = (left, right) if cue.a_first else (right, left)
        if cue.relation == RENAMED or cue.name in ("its_subsidiary", "through_subsidiary"):
            second = second[:1] if cue.relation == RENAMED else second
        relation = cue.relation
        if relation in (ACQUIRED, SOLD) and any(_part_only(flat, b) for b in (right if cue.a_first else left)):
            continue
        if cue.name == "owned_by" and re.search(r"wholly|majority", gap) and _ORG.search(first[0].name) and gap.startswith(","):
            # "X, which is wholly owned by Loncor": a subsidiary, as the sentence rules read it; a main
            # clause "Permwell is wholly-owned by NFIHL" states the holding (ownership, 100 %)
            relation = SUBSIDIARY
        if cue.name == "interest_in" and _SOLD_BEFORE.search(flat[:left[0].start]):
            continue  # "sold ... its 48% interest in Coca-Cola Beverages Ltd.": a disposal, read as one
        rule = f"clause:{cue.name}" + (f"/role:{_role(gap)}" if cue.name in ("role_of", "whose_role") else "")
        for a in first:
            for b in second:
                out.append(_found(relation, rule, a.name, b.name, conf, gap, flat, text, start))
                if relation == ACQUIRED and _GAINED_CONTROL.search(gap):  # "NBC acquired control of Super Channel"
                    out.append(_found(CONTROLLING, "clause:acquired_control", a.name, b.name, conf, gap, flat, text, start))
    for left, mid, right in zip(groups, groups[1:], groups[2:]):  # "the Group sold X to Y": Y bought X
        if any(f.rule == "clause:sold" and f.b == mid[0].name for f in out) and _TO.match(_gap(flat, mid[-1], right[0])):
            out += [_found(ACQUIRED, "clause:sold_to_buyer", a.name, b.name, 0.9, "", flat, text, start)
                    for a in right[:1] for b in mid]
    out += _singles(flat, ms, text, start, ctx) + _roles(flat, ms, text, start, ctx)
    return [f for f in out if f.a.casefold() != f.b.casefold()]


# "HSBC BANK USA, NATIONAL ASSOCIATION as Agent, Swingline Lender and Issuing Bank": the roles a
# party is given "as", read as stated: a lender lends; an agent or arranger alone does not
_AS_ROLES = re.compile(r"^,?\s(?:[Ii]ndividually\sand\s|(?:solely\s)?in\s(?:its|their)\scapacit(?:y|ies)\s)?as\s(?:the\s|a\s|an\s)?(?P<roles>[A-Za-z/\- ]{3,60}(?:(?:,\s|,?\sand\s)"
                       r"(?:the\s|a\s)?[A-Za-z/\- ]{3,60}){0,4})")
# a party's description before its roles: "HSBC BANK USA, NATIONAL ASSOCIATION, a national banking
# association ... with an office at ..., Buffalo, New York 14273 as Agent"
_DESCRIBED = re.compile(r"^,\s(?:a|an)\s[^;()“”\"]{5,250}?(?=,?\sas\s(?:the\s|a\s|an\s)?[A-Za-z])")
_LENDER_ROLE = re.compile(r"\b(?:lenders?|issuing\sbanks?|l/c\sissuers?|letter\sof\scredit\sissuers?|swing\s?line\slender|"
                          r"issuing\slenders?)\b", re.I)
# a guarantor and the party it guarantees, as an agreement's description names them
_GUARANTOR_ROLE = re.compile(r"^(?:the\s)?(?:parent\s|subsidiary\s|initial\s)?guarantors?$", re.I)
_ISSUER_ROLE = re.compile(r"^(?:the\s)?(?:co-)?issuers?$", re.I)
_FOR_LENDERS = re.compile(r"\s(?:for|on\sbehalf\sof)\s(?:the\s|all\s(?:the\s)?|each\sof\sthe\s)?(?:lenders|banks|secured\sparties)\b.*$", re.I)
# words that start the next parties, not this one's role ("..., and certain financial institutions party thereto as lenders")
_OTHERS = re.compile(r"\b(?:party\s(?:hereto|thereto)|certain|other|institutions|from\stime|identified)\b|\sas\s|^as\s|^an?\s|"
                     r"\b(?:LLC|Inc|Corp|Ltd|L\.?P|N\.A)\b", re.I)
_BORROWER_ROLE = re.compile(r"^(?:lead\s)?borrowers?\b|^company$", re.I)
_BORROWER_TERM = re.compile(r"^[^;()“”\"]{0,250}?\((?:the\s)?[“\"]Borrower[”\"]\)")
# the other party to a loan agreement "between the Company, as borrower, and Silicon Valley Bank
# (the "Bank")": a bank, or a party the agreement calls the Bank or the Lender
_LOAN_AGREEMENT = re.compile(r"\b(?:[Ll]oan|[Cc]redit|[Ff]inancing|[Ff]acility)(?:\sand\s[Ss]ecurity)?\s[Aa]greement\b")
_BANK = re.compile(r"\bBank\b|\bN\.\s?A\.?$|^[^()]*\((?:the\s)?[“\"](?:Bank|Lender)[”\"]\)")
_AMONG = re.compile(r"\b(?:among|between)\s(?:the\s)?$")


def _roles(flat: str, ms: list[Mention], text: str, start: int, ctx: Context) -> list[Found]:
    """What the roles "as ..." give the parties of an agreement's description (a cover, a recital,
    an exhibit index's row): lenders lend to the borrower, guarantors guarantee the issuer or
    borrower; an agent, arranger or trustee is neither."""
    lenders, borrowers, issuers, guarantors, plain, roled = [], [], [], [], [], False
    parties: list[tuple[Mention, list[str]]] = []
    for i, m in enumerate(ms):
        after = flat[m.end:]
        alias = re.match(r"\s\([A-Z][^()]{1,60}\)(?=,?\sas\s)", after)  # "X B.V. (Thermo Fisher International), as issuer"
        after = after[alias.end():] if alias else after
        described = _DESCRIBED.match(after)
        hit = _AS_ROLES.match(after[described.end():] if described else after)
        if _BORROWER_TERM.match(after) and not (hit and _LENDER_ROLE.search(hit["roles"])):
            borrowers.append(m.name)
        if hit is None:
            plain.append(i)
            continue
        roles = _own_roles(hit["roles"])
        shared = _sharing(flat, ms, i, plain, roles)  # "U.S. Bank and Wells Fargo Bank, as co-syndication agents"
        plain = [j for j in plain if j not in shared]
        for j in [*shared, i]:
            name = ms[j].name
            parties.append((ms[j], roles))
            if any(_LENDER_ROLE.search(r) for r in roles) or hit[0].lstrip(", ").startswith("individually"):
                lenders.append(name)
            if any(_GUARANTOR_ROLE.match(r) for r in roles):
                guarantors.append(name)
            if any(_ISSUER_ROLE.match(r) for r in roles):
                issuers.append(name)
            if any(_BORROWER_ROLE.match(r.removeprefix("the ")) for r in roles):
                borrowers.append(name)
            else:
                roled = True  # an agent, arranger or co-agent: the roles are stated, a bare bank is no lender
    out = _partners_as(flat, ms, text, start, parties)
    first = next((m for m in ms if _AMONG.search(flat[max(0, m.start - 12):m.start])), None)
    if borrowers and not lenders and not roled and _LOAN_AGREEMENT.search(flat):
        lenders = _banks(flat, ms, plain, borrowers)
    if lenders and not borrowers:  # "Credit Agreement ... by and among the Company, ..., PNC Bank, as ... lender"
        borrowers = [first.name] if first is not None and _key(first.name) == _key(ctx.filer or "") else []
        if borrowers:
            lenders += _banks(flat, ms, [i for i in plain if ms[i] is not first and ms[i].start > first.start], borrowers)
    sellers = [m.name for m, roles in parties if any(re.match(r"(?:the\s)?sellers?$", r, re.I) for r in roles)]
    obligors = issuers or borrowers or (sellers if re.search(r"[Rr]epurchase", flat) else []) or (
        [first.name] if first is not None and ms.index(first) in plain else [])
    out += [_found(GUARANTEE, "clause:as_guarantor", g, o, 0.9, "", flat, text, start)
            for g in dict.fromkeys(guarantors) for o in dict.fromkeys(obligors) if g != o and _named(g) and _named(o)]
    return out + [_found(LOAN, "clause:as_lender", a, b, 0.9, "", flat, text, start)
                  for a in dict.fromkeys(lenders) for b in borrowers[:1]
                  if a != b and not re.search(r"\bpart(?:y|ies)\s(?:hereto|thereto)\b", a, re.I)]


def _named(name: str) -> bool:
    return is_party(name) and not _UNNAMED.search(name)


_PLURAL_ROLE = re.compile(r"\b(?:agents|lenders|issuers|guarantors|borrowers|trustees|arrangers|bookrunners|banks)$", re.I)
# a group the agreement does not name ("THE DOMESTIC SUBSIDIARIES OF THE PARENT", "the lenders party thereto")
_UNNAMED = re.compile(r"\b(?:subsidiaries|parties|party|time|certain|lenders|borrowers|guarantors|institutions|persons|"
                      r"hereto|thereto|herein)\b", re.I)


def _sharing(flat: str, ms: list[Mention], i: int, plain: list[int], roles: list[str]) -> list[int]:
    """The role-less parties just before party ``i`` that share its plural roles: "A and B, as
    co-syndication agents" (joined by "and" or commas only; not the first party of "among")."""
    if not roles or not _PLURAL_ROLE.search(roles[0]):
        return []
    out: list[int] = []
    j = i
    while j - 1 in plain and re.fullmatch(r"\.?(?:,\s|,?\sand\s)", flat[ms[j - 1].end:ms[j].start]):
        j -= 1
        out.insert(0, j)
    return [j for j in out if not _AMONG.search(flat[max(0, ms[j].start - 12):ms[j].start])]


def _key(name: str) -> str:
    return re.sub(r"\W|\b(?:inc|corp|co|ltd|llc|plc)\b", "", name.casefold())


# "This partnership agreement of TransCore, LP, ... by and among X, ..., as the limited partner, and Y, ..., as the
# General Partner": the partners of the partnership the agreement is of
_AGREEMENT_OF = re.compile(r"\b(?:limited\s)?(?:partnership|limited\sliability\scompany|operating)\sagreement\s(?:of|for)\s$", re.I)


def _partners_as(flat: str, ms: list[Mention], text: str, start: int,
                 parties: list[tuple[Mention, list[str]]]) -> list[Found]:
    entity = next((m for m in ms if _AGREEMENT_OF.search(flat[max(0, m.start - 60):m.start])), None)
    if entity is None:
        return []
    out = []
    for m, roles in parties:
        said = " ".join(roles).casefold()
        if m.name == entity.name:
            continue
        if "general partner" in said or "managing member" in said:
            kind = "general_partner" if "general partner" in said else "managing_member"
            out.append(_found(CONTROLLING, f"clause:role_of/role:{kind}", m.name, entity.name, 0.9, "", flat, text, start))
        elif "limited partner" in said or said.startswith("member"):
            out.append(_found(OWNS, "clause:as_partner", m.name, entity.name, 0.9, "", flat, text, start))
    return out


def _own_roles(text: str) -> list[str]:
    """The roles "as ..." gives a party, up to where the next parties begin ("as Borrower - And -
    The Lenders Party Hereto", "..., and certain financial institutions party thereto as lenders")."""
    out = []
    for role in re.split(r",\s|,?\sand\s|\s-\s", text):
        if _OTHERS.search(role) or role.strip().casefold() == "and":
            break
        if role.strip():
            out.append(_FOR_LENDERS.sub("", role.strip()))
    return out


def _banks(flat: str, ms: list[Mention], plain: list[int], borrowers: list[str]) -> list[str]:
    """The parties without a role in a loan agreement that has a borrower: the banks among them,
    and the bank a division belongs to ("Silicon Valley Bank, a division of First-Citizens Bank")."""
    out: list[str] = []
    for i in plain:
        m = ms[i]
        if m.name in borrowers or not _BANK.search(m.name + flat[m.end:m.end + 40].split(",")[0]):
            continue
        out.append(m.name)
        if i + 1 < len(ms) and re.fullmatch(r",\s(?:a|the)\sdivision\sof\s", flat[m.end:ms[i + 1].start]):
            out.append(ms[i + 1].name)
    return out


_SHARES_AFTER = re.compile(r"\s(?:issued\s|outstanding\s|entire\s)*(?:shares|stock|common|ordinary|capital|equity|securities|units)\b")


_NEXT_WORD = re.compile(r"\s([a-z][a-z-]+)\b")
_FUNCTION = frozenset("""in on for from and or but which that who to at by with was is were are has had have as during
after before since until upon under through into of its their our his her will would may could shall should
being been be not also then now each both all together pursuant effective""".split())


def _role(gap: str) -> str:
    """The control kind a role cue names (graph.analytics.control_kinds)."""
    for words, kind in (("general partner", "general_partner"), ("managing member", "managing_member"),
                        ("sole member", "managing_member"), ("trustee", "trustee")):
        if words in gap.casefold():
            return kind
    return "manager"


def _part_only(flat: str, m: Mention) -> bool:
    """Whether a bought / sold party is only the owner or the brand of what changed hands: "the
    acquisition of Guardian Royal Exchange's life and pensions activities" (an asset deal; "X's
    shares" are X), "acquired IP equipment" (a name used as a modifier of a common noun)."""
    if m.poss:
        return not _SHARES_AFTER.match(flat, m.end)
    word = _NEXT_WORD.match(flat, m.end)
    return word is not None and word[1] not in _FUNCTION


def _singles(flat: str, ms: list[Mention], text: str, start: int, ctx: Context) -> list[Found]:
    out: list[Found] = []
    if ctx.filer is None:
        return out
    for m in ms:
        for relation, rule, before, after, filer_a in SINGLE:
            if relation in (ACQUIRED, SOLD) and _part_only(flat, m):
                continue
            if before.search(flat[:m.start]) and (hit := after.match(flat[m.end:])) is not None:
                conf = _confidence(flat, m.start, hit[0])
                if conf is None:
                    continue
                if relation in (ACQUIRED, SOLD) and conf > 0.35 and _untold(flat, m):
                    conf = 0.35
                a, b = (ctx.filer, m.name) if filer_a else (m.name, ctx.filer)
                out.append(_found(relation, f"clause:{rule}", a, b, conf, hit[0], flat, text, start))
    return out


# "It is expected that the acquisition of USHO will be accretive": a deal expected, not done
_EXPECTED = re.compile(r"\bexpected\b", re.I)
# "gives effect to the acquisition of Steichen and Kinnard ... as if they had occurred": a
# presentation of the deal, anywhere in the sentence
_PRO_FORMA = re.compile(r"\bpro\sforma\b|\bas\sif\b", re.I)


def _untold(flat: str, m: Mention) -> bool:
    """Whether the clause around a deal named by a frame ("the acquisition of X") hedges it:
    before the name, in the verb just after it (up to a comma), or a pro forma sentence."""
    before = _CLAUSE_END.split(flat[max(0, m.start - 60):m.start])[-1]
    after = re.split(r",|;|\.\s", flat[m.end:m.end + 60])[0]
    return bool(_PRO_FORMA.search(flat)) or any(HEDGE.search(t) or _EXPECTED.search(t) for t in (before, after))


def _found(relation: str, rule: str, a: str, b: str, conf: float, gap: str, flat: str, text: str,
           start: int) -> Found:
    stake = percent(gap)
    if stake is None and re.search(r"wholly[\s-]owned|\ball\s(?:of\s)?(?:the\s)?(?:issued|outstanding)", gap, re.I):
        stake = 100.0
    return Found(relation=relation, rule=rule, a=a, b=b, confidence=conf, start=start, end=start + len(text),
                 quote=text, stake=stake, when=sentence_date(flat), new_name=a if relation == RENAMED else None,
                 hedged=conf < 0.5)
