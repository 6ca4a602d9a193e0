"""Values a relationship sentence carries: party names (with the document's defined terms
and "the Company"/"we" meaning the filer), dates, percentages, amounts, and whether the
statement is negated or hedged."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from ownergraph.ingest.extract.parties import is_party

_MONTHS = {m: i for i, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}
# legal forms in any case ("CGI ACQUISITION, INC." is one name)
_SUFFIX = (r"(?:,?\s(?:(?i:Inc|Corp|Ltd|LLC|L\.L\.C|L\.P|LP|N\.A|S\.A|N\.V|B\.V|plc|SARL)|Corporation|CORPORATION|"
           r"Limited|LIMITED|Co|Company|CO|COMPANY|AG|GmbH|SE)\b\.?)")
_STOP = (r"(?!(?:On|In|As|At|Also|During|Prior|Following|Pursuant|Under|Additionally|Accordingly|After|Before|"
         r"Since|Effective|Upon|When|While|If|Item|Disposition|January|February|March|April|May|June|July|August|"
         r"September|October|November|December|Chief|Officer|President|Chairman|Director|Another|Each|Any|Such|"
         r"This|That|These|Those|Every|Both|"
         # a legal form ends a name (see _SUFFIX) and starts none ("..., N.A., as agent" is no party "N.A")
         r"Inc|N\.A|LLC|Ltd|L\.P|Corp)\b)")
# a word of a name starts a token and has at most 60 characters: a search could start inside a
# long token at every capital and run to its end, quadratic in it (25,000 capitals: minutes)
_WORD = rf"(?:(?<![A-Za-z0-9&'’\-./]){_STOP}[A-Z][A-Za-z0-9&'’\-./]{{0,59}})"
_JOIN = r"(?:of|&|de|la|du|der|des|del|van|von|und|for|y|e|[0-9]+)"
NAME = rf"(?:{_WORD}(?:\s(?:{_JOIN}\s)?{_WORD}){{0,7}}(?:\s[0-9]+(?={_SUFFIX}))?{_SUFFIX}*)"  # "TWDC Holdco 613 Corp."
# "the Bank" is the filer, "the Bank of Blue Valley" a name
SELF = r"(?:the\s(?:[Cc]ompany|[Rr]egistrant|Corporation|Partnership|Trust|Fund|Bank|Issuer)(?!\s(?:of\s|&\s)?(?!(?:The|A|An|In|On|At|For|With)\b)[A-Z])|The\s(?:company|registrant)\b|[Ww]e|[Ii]ts|[Oo]ur|[Ii]t|our\scompany)"
PARTY = rf"(?P<GROUP>{SELF}|(?:the\s)?{NAME})"
_QUOTE = "\"“”'‘’"
# "X, a Delaware corporation (\u201cY\u201d)", "X, which is a subsidiary of Z (\u201cY\u201d)"; an apposition
# ends at ", and" (the next party of a list)
_DEFINED = re.compile(rf"({NAME})\s*(?:,\s(?:a|an|which\sis|which\swas)\s(?:(?!,\sand\s)[^()]){{0,180}}?)?\(\s*(?:together with [^()]*?,\s*)?((?:(?:the|and|or|,)\s*)*[{_QUOTE}][^()]{{1,200}}?)\)")
# a term that names an event or a contract, never a party: "Merger Sub merged with and into the
# Issuer (the \u201cMerger\u201d)" defines no name for the Issuer
_EVENT = re.compile(r"(?:[\w-]+\s){0,3}?(?:[Mm]ergers?|[Aa]cquisitions?|[Oo]ffer|[Tt]ransactions?|[Cc]losing|[Ss]pin-[Oo]ff|"
                    r"[Dd]istribution|[Aa]rrangement|[Aa]malgamation|[Cc]ombination|[Aa]greement|[Ee]ffective\s[Tt]ime)")
# "with the Issuer surviving the Merger (the \u201cSurviving Company\u201d)": the survivor is named before
_SURVIVOR = re.compile(rf"(?:the\s)?({NAME})\s(?:surviving|survived|shall\ssurvive|will\ssurvive|continuing)\s[^()]{{0,40}}$")
_TERM = re.compile(rf"[{_QUOTE}]([A-Z][^{_QUOTE}]{{0,40}})[{_QUOTE}]")
# a definitions section's entry: "“Owner Trustee” means Wilmington Trust, National Association, not in its ..."
_MEANS = re.compile(rf"[{_QUOTE}](?P<term>[A-Z][^{_QUOTE}]{{0,40}})[{_QUOTE}]\s+(?:shall\s)?means?\s+(?:the\s)?(?P<name>{NAME})")
_GENERIC = {"company", "registrant", "corporation", "partnership", "trust", "fund", "bank", "issuer", "we", "us",
            "our", "its", "it"}
# a line in capitals above a paragraph: a heading ("INTRODUCTION" / "Wisconsin Electric Power Company
# (\u201cWisconsin Electric\u201d)"), no part of the name that starts the paragraph
_HEADING_LINE = re.compile(r"(?m)^([ \t]*[A-Z][A-Z0-9 &'.,\t-]{2,80}?)[ \t]*\n(?=\s*[A-Z][a-z])")
_ARTICLES = {"the", "a", "an", "this", "that", "these", "those", "such", "each"}  # "The acquisition of ..."
_NOT_PARTIES = {"the merger", "the acquisition", "the agreement", "merger sub", "the closing", "item", "the board",
                "board", "the offer", "the spin-off", "the loan agreement", "the credit agreement", "lender",
                "the lender", "the borrower",
                # a merger agreement's defined classes of holders ("owned by Stockholders as set forth on Exhibit C")
                "stockholders", "shareholders", "holders", "members", "the stockholders", "the shareholders",
                "the holders", "the members"}


# a mining property, a project, a product line: an asset, not a party
_ASSET = re.compile(r"\b(?:Property|Properties|Project|Claims?|Assets?|Products?|Rights|Patents?|Mine|Permits?|Portfolio|Stock|Shares|Units)$")


def party(g: str) -> str:
    return PARTY.replace("GROUP", g)


_FORM_WORDS = re.compile(r"\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|plc|lp|the)\b")


def _same_party(defined: str, filer: str) -> bool:
    """Whether a defined name is the filer's ("Cotelligent Group, Inc." / "COTELLIGENT GROUP INC"),
    a heading run into it included ("Principles of Consolidation New Line Cinema Corporation")."""
    def key(x: str) -> str:
        return re.sub(r"\W", "", _FORM_WORDS.sub("", x.casefold()))
    return bool(key(filer)) and key(defined).endswith(key(filer))


@dataclass
class Context:
    """The document's filer and defined terms ("Disney" -> "The Walt Disney Company").

    A conversation turn (``conversation``) is read with the rules of our own book as well
    ("we hold ..."; ``filer`` is then our book) and dates relative to ``today`` ("last week")."""

    filer: str | None = None
    terms: dict[str, str] = field(default_factory=dict)
    today: date | None = None
    conversation: bool = False

    @classmethod
    def of(cls, text: str, filer: str | None) -> Context:
        ctx = cls(filer=filer)
        # a name may run over a line or page break, but not out of a heading above it
        flat = " ".join(_HEADING_LINE.sub(r"\1 ;\n", text).split())
        for m in _DEFINED.finditer(flat):
            full = " ".join(m[1].split())
            if _EVENT.fullmatch(full):
                survivor = _SURVIVOR.search(flat[max(0, m.start(1) - 160):m.start(1)])
                if survivor is None:
                    continue
                survived = " ".join(survivor[1].split())
                full = ctx.terms.get(survived.casefold(), survived)  # "the Issuer surviving": the Issuer's name
            elif full.casefold() in _GENERIC or not is_party(full):
                continue  # "... of the Company (\u201cNew Disney\u201d)": the name is further back, or none
            if filer is not None and _same_party(full, filer):
                full = filer  # the filer under the header's name, so its edges meet its identified entity
            for t in _TERM.findall(m[2]):
                key = t.strip().casefold()
                if (key in _GENERIC and filer is not None and _same_party(full, filer)) or _EVENT.fullmatch(t.strip()):
                    continue  # "the Company" stays the filer the header names; "the Merger" is no party
                ctx.terms.setdefault(key, full)
        ctx.bind_means(flat)
        return ctx

    def bind_means(self, flat: str) -> None:
        """The terms a definitions section binds ("“Company” means Cummins Inc.", "“General Partner”
        means the SIII Subsidiary, LLC"), where no earlier definition bound them; a term that means
        a class or a pronoun ("“Borrower” means the Company or any Subsidiary Borrower") binds none."""
        for m in _MEANS.finditer(flat):
            full, rest = " ".join(m["name"].split()), flat[m.end():m.end() + 24]
            if re.match(r"\s(?:or|and)\s(?:any|each|all|its|their|every)\b|(?:’s|'s|’|')", rest) or _EVENT.fullmatch(full):
                continue
            name = self.name(full)
            if name and full.casefold() not in _GENERIC and (name == full.strip(" ,;:.") or name == self.filer):
                self.terms.setdefault(m["term"].strip().casefold(), name if name == self.filer else full)

    def name(self, raw: str | None) -> str | None:
        """The party a mention names, or None when it is no party (a pronoun without a filer,
        a defined document term)."""
        if not raw:
            return None
        t = " ".join(raw.split()).strip(" ,;:.")
        t = re.sub(r"^(?:[A-Z]\.|\([a-z]{1,3}\)|\(\d{1,2}\))\s+(?=[A-Z])", "", t)  # a recital's or a clause's letter: "A. The Selling Company"
        t = t.removeprefix("the ").removeprefix("The ")
        t = re.sub(r"(?:’s|'s|’|')$", "", t)
        low = t.casefold()
        if low in self.terms:
            return self.terms[low]
        if low in _GENERIC or re.fullmatch(SELF, raw.strip()):
            return self.filer
        if (f"the {low}" in _NOT_PARTIES or low in _NOT_PARTIES or low in _ARTICLES or len(t) < 2
                or _ASSET.search(t)):
            return None
        return t if is_party(t) else None


_DATE = re.compile(r"\b(?:(January|February|March|April|May|June|July|August|September|October|November|December)"
                   r"\.?\s+(\d{1,2}),?\s+(\d{4})|(?:in\s)(January|February|March|April|May|June|July|August|"
                   r"September|October|November|December)\s+(\d{4}))", re.I)


def sentence_date(text: str) -> date | None:
    """The first full date ("October 1, 2003") or month ("In December 1997") in a sentence."""
    for m in _DATE.finditer(text):
        try:
            if m[1]:
                return date(int(m[3]), _MONTHS[m[1].lower()], int(m[2]))
            return date(int(m[5]), _MONTHS[m[4].lower()], 1)
        except ValueError:
            continue
    return None


_RELATIVE = re.compile(r"\b(?:(?P<word>today|yesterday|this\s(?:week|month)|last\s(?:week|month|year))|"
                       r"(?P<n>\d{1,3}|a|an|one|two|three)\s(?P<unit>days?|weeks?|months?|years?)\sago)\b", re.I)
_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
_WORD_DAYS = {"today": 0, "this week": 0, "this month": 0, "yesterday": 1, "last week": 7, "last month": 30,
              "last year": 365}


def relative_date(text: str, today: date | None) -> date | None:
    """The day a relative phrase names, counted back from ``today`` ("last week" is 7 days
    before, "last month" 30, "3 days ago" 3): a stated fact's date in a conversation."""
    m = _RELATIVE.search(text) if today is not None else None
    if m is None or today is None:
        return None
    if m["word"]:
        return today - timedelta(days=_WORD_DAYS[" ".join(m["word"].lower().split())])
    n = _COUNT.get(m["n"].lower()) or int(m["n"])
    return today - timedelta(days=n * _UNIT_DAYS[m["unit"].lower().rstrip("s")])


_PCT = r"(?P<pct>\d{1,3}(?:\.\d+)?)\s?(?:%|percent|per cent)"


def percent(text: str | None) -> float | None:
    m = re.search(_PCT, text or "")
    return float(m["pct"]) if m and float(m["pct"]) <= 100 else None


_MONEY = re.compile(r"(?P<cur>US\$|\$|€|£|¥|USD|EUR|GBP|JPY|CHF|CAD)\s?(?P<num>\d[\d,]*(?:\.\d+)?)\s*"
                    r"(?P<mult>billion|million|thousand|bn|mm|m)?\b", re.I)
_CURRENCY = {"$": "USD", "us$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"}
_MULT = {"billion": 1e9, "bn": 1e9, "million": 1e6, "mm": 1e6, "m": 1e6, "thousand": 1e3}


def money(text: str) -> tuple[float | None, str | None]:
    """The first amount in ``text``: ($10.0 million -> 10000000.0, "USD")."""
    m = _MONEY.search(text)
    if not m:
        return None, None
    cur = _CURRENCY.get(m["cur"].lower(), m["cur"].upper())
    return float(m["num"].replace(",", "")) * _MULT.get((m["mult"] or "").lower(), 1), cur


NEGATION = re.compile(r"\b(?:not|no|never|neither|nor|none|cannot|n't|ceased to)\b", re.I)
HEDGE = re.compile(r"\b(?:may(?!\s+\d)|might|could|would|will|shall|expects?|intends?|plans?|proposed|propose|agreed to|"
                   r"subject to|if|whether|potential|pending|anticipated?|contemplated|upon the consummation|"
                   r"to be|agreement and plan of merger|definitive agreement|whereas)\b",
                   re.I)
