"""Parser working text: the constants every step shares, the working copy (``Work``) and
step 1, masking quoted names and LEIs (see ``retrieval.question.parser``)."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date

MAX_CHARS = 600
SEP = "\u241e"  # boundary left where a consumed span was
PH_OPEN, PH_CLOSE = "\ue000", "\ue001"  # placeholder brackets for masked names
PH_RE = re.compile(f"{PH_OPEN}(\\d+){PH_CLOSE}")
# what a masked name reads as to the kinds' keyword rules: no English word ("NAME" read as "name changes")
MASK_WORD = "QZXNAMEQZX"

NUMBER_WORDS = {"zero": 0, "one": 1, "a single": 1, "single": 1, "two": 2, "three": 3, "four": 4,
                "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
NUM = r"(?:\d+|zero|one|a single|single|two|three|four|five|six|seven|eight|nine|ten)"

MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
MONTHS["sept"] = 9
MON = r"(?:january|february|march|april|may|june|july|august|september|october|november|december|" \
       r"jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
QWORD = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}

LEGAL_SUFFIX = (r"(?:Ltd\.?|Limited|PLC|plc|GmbH(?: & Co\.? KG)?|S\.A\.|SA|S\.p\.A\.|SpA|LLC|L\.L\.C\.|Inc\.?|"
                r"Incorporated|Corp\.?|Corporation|AG|B\.V\.|BV|N\.V\.|NV|LLP|LP|L\.P\.|SE|S\.à r\.l\.|"
                r"S\.a\.r\.l\.|Sarl|SARL|S\.A\.S\.|SAS|Oy|AB|ASA|A/S|KG|KGaA|Co\.|Pty Ltd|Pte\.? Ltd\.?|"
                r"SICAV|UCITS|SCA|S\.C\.A\.)")
SUFFIX_AT_END = re.compile(rf"(?:^|[\s,]){LEGAL_SUFFIX}$")
FUND_WORDS = re.compile(r"\b(?:fund|funds|sicav|ucits|fcp|oeic|feeder|sub-?fund|master fund|etf|"
                         r"capital partners|partners fund)\b", re.I)
_LEI_RE = re.compile(r"\b[A-Z0-9]{18}[0-9]{2}\b")

PRONOUNS = re.compile(
    r"\b(?P<p>(?:that|this|the same|those|these)\s+(?:fund|funds|company|companies|entity|entities|issuer|"
    r"issuers|group|firm|firms|one|ones|family|bank|borrower|counterparty|counterparties|person|"
    r"holding|subsidiary|parent|name|names)|it|its|it's|they|them|their|theirs|he|she|him|his|her)\b",
    re.I)
PRONOUN_WORDS = {"it", "its", "it's", "they", "them", "their", "theirs", "he", "she", "him", "his",
                  "her"}

# Words that are never an entity on their own.
GENERIC = re.compile(
    r"^(?:(?:a|an|any|the|our|all|some|each|every|which|what|whole|entire|overall|full|their|its|my)\s+)*(?:sanctioned\s+|blocked\s+|listed\s+)?"
    r"(?:entity|entities|issuer|issuers|company|companies|counterparty|counterparties|party|parties|"
    r"firm|firms|name|names|one|ones|anything|everything|something|anyone|someone|whom|who|what|"
    r"we|us|our|i|me|structure|group|groups|holdings?|positions?|book|portfolio|exposures?|graph|network|data|"
    r"database|system|market|world|loops?|circles?|cycles?|auditors?|regulators?|clients?|customers?|team|desk|committee|board|meeting|file|"
    r"ownership(?:\s+(?:graph|network|data|structure|loops?|cycles?|circles?))?|ownership|control|them|there)$", re.I)

TRAILING_FILLER = re.compile(
    r"(?:\s+(?:directly|indirectly|ultimately|today|now|currently|right now|at the moment|in total|"
    r"overall|really|actually|altogether|in aggregate|at present|then|at the time|exactly|please|"
    r"and how|and by how much|via|through|over|only|evolved|changed|developed|shifted|looked|look|change|evolve|"
    r"over\s+time|over\s+the\s+years))+$", re.I)
LEADING_NOUN = re.compile(
    r"^(?P<noun>(?:the\s+|a\s+|an\s+)?(?:fund|company|issuer|entity|firm|bank|borrower|counterparty|"
    r"obligor|guarantor|lender|corporation|holding|subsidiary|group|person|individual|investor|"
    r"manager|name|(?i:mr\.?|mrs\.?|ms\.?|dr\.?|sir|lady|lord|madame|monsieur|herr|frau)))\s+(?=[A-Z0-9\ue000\"])")
NOUN_KIND = {"fund": "fund", "company": "company", "issuer": "company", "firm": "company",
              "bank": "company", "corporation": "company", "holding": "company", "subsidiary": "company",
              "person": "person", "individual": "person", "mr": "person", "mrs": "person", "ms": "person",
              "dr": "person", "sir": "person", "lady": "person", "lord": "person", "madame": "person",
              "monsieur": "person", "herr": "person", "frau": "person"}


@dataclass
class Work:
    original: str
    text: str  # working copy: masked, consumed spans replaced by SEP
    today: date
    masked: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    kind_words: str = ""  # the text the kind was read on (names masked, dates blanked): its cues, for later steps

    def consume(self, m: re.Match[str] | tuple[int, int]) -> None:
        s, e = (m.span() if isinstance(m, re.Match) else m)
        if e > s:  # same length, so that spans found earlier stay valid
            self.text = self.text[:s] + SEP.center(e - s) + self.text[e:]

    def restore(self, s: str) -> str:
        return PH_RE.sub(lambda m: self.masked[int(m.group(1))], s)


# -- 1. masking ------------------------------------------------------------------------------

_QUOTED = re.compile(r"\"([^\"]{1,200})\"|“([^”]{1,200})”|‘([^’]{1,200})’|«\s*([^»]{1,200}?)\s*»|"
                     r"(?<![\w])'([^']{1,200})'(?![\w])")


# a name or number in square brackets ("who is [5493...]", "company [06452920]") reads as a quoted one;
# a tag ("[EXT]", "[KYC-107]") or lower-case words lose only their brackets
_BRACKETED = re.compile(r"\[([^\[\]\n]{2,200})\]")
_NAME_LIKE = re.compile(r"\d{6,}|[A-Z][a-z]|[A-Z0-9]{18}\d\d")
_TAG = re.compile(r"[A-Z][A-Z0-9]{1,9}(?:-\d+)?|(?i:ext(?:ernal)?|internal|secure|urgent|sic|redacted|tbc|tbd)")
_A_DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}[/.](?:\d{4}|\d{2})")



def quoted(text: str) -> str:
    """Text quoted for a reader, in English quotation marks with its spacing closed up (a note or
    an error that repeats the question: not a Python repr)."""
    return f"\u201c{' '.join(text.split())}\u201d"

def mask_names(w: Work) -> None:
    def repl(m: re.Match[str]) -> str:
        inner = next(g for g in m.groups() if g is not None).strip()
        if _A_DATE.fullmatch(inner):
            return f" {inner} "  # "as_of = '2024-06-30'": a date, not a name
        w.masked.append(inner)
        return f"{PH_OPEN}{len(w.masked) - 1}{PH_CLOSE}"

    w.text = _QUOTED.sub(repl, w.text)
    w.text = _BRACKETED.sub(lambda m: repl(m) if _NAME_LIKE.search(m.group(1)) and not _TAG.fullmatch(m.group(1))
                            else f" {m.group(1)} ", w.text)

    def lei(m: re.Match[str]) -> str:
        val = m.group(0)
        w.masked.append(val)
        return f"{PH_OPEN}{len(w.masked) - 1}{PH_CLOSE}"

    w.text = _LEI_RE.sub(lei, w.text)


# a name that goes on past the span the index knows ("Harbourline Mrina Operations"), or a family
_RUNS_ON = re.compile(r"\s*(?:[A-Z][\w\-]*|(?i:family|clan|dynasty)\b)")


def mask_known_names(w: Work, spans: list[tuple[int, int]]) -> None:
    """Mask the spans where the graph's own names stand (``gazetteer``), like quoted names: the
    words of a name ("Valtora *Investments* Ltd", "Harbourline *Holdings* PLC", "Granite *Bank*")
    are then never read as words of the question's kind, and the slot takes the name whole.
    Spans that touch a mask already made are left alone."""
    for s, e in sorted(spans, reverse=True):
        part = w.text[s:e]
        if not part.strip() or PH_OPEN in part or PH_CLOSE in part or SEP in part or _RUNS_ON.match(w.text, e):
            continue
        w.masked.append(part)
        w.text = f"{w.text[:s]}{PH_OPEN}{len(w.masked) - 1}{PH_CLOSE}{w.text[e:]}"
