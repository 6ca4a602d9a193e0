"""English translated word for word from another language's finance vocabulary, read as the
words an English analyst uses (issue 30). A machine translation of German, French, Dutch,
Spanish or Italian keeps the source's terms: "Gesellschaft" / "société" become "society",
"Beteiligung" / "participation" a "participation", "Muttergesellschaft" a "mother society",
"Obligo" / "engagement" an "engagement", "beherrschen" / "dominer" "dominate". Each such false
friend is one row of :data:`TRANSLATED` (longest phrases first); rows match whole words.
"""

from __future__ import annotations

import re

__all__ = ["TRANSLATED", "plain_english"]

# (pattern of whole words, the English analyst's words)
TRANSLATED: tuple[tuple[str, str], ...] = (
    # companies and groups
    (r"mother\s+(?:society|societies|enterprise|company|house)", "parent company"),
    (r"daughter\s+(?:society|societies|enterprises?|companies|company)", "subsidiaries"),
    (r"grand-?daughter\s+(?:society|societies|enterprises?|companies)", "indirect subsidiaries"),
    (r"dominated\s+(?:enterprises|societies|companies|undertakings)", "controlled companies"),
    # lower case only: "Royal Society", "Enterprise Holdings" are names
    (r"(?-i:society|societies)", "company"),
    (r"(?-i:enterprises)", "companies"),
    (r"(?-i:enterprise)", "company"),
    (r"consolidation\s+circle|circle\s+of\s+consolidation|consolidation\s+perimeter", "group"),
    (r"konzern", "group"),
    # ownership
    (r"proprietors?|owners?\s+of\s+shares|shareholders?\s+circle|circle\s+of\s+(?:the\s+)?shareholders?|"
     r"shareholder\s+circle|partners\s+of\s+the\s+company", "shareholders"),
    (r"participation\s+quota|quota\s+of\s+(?:the\s+)?capital|quota\s+of\s+participation|participation\s+share|"
     r"capital\s+share|capital\s+quota|share\s+of\s+participation", "percentage stake"),
    (r"circular\s+participations?|ring\s+participations?|ringbeteiligung(?:en)?|crossed\s+participations?|"
     r"cross(?:ed)?[- ]participations?|reciprocal\s+participations?", "circular shareholding"),
    (r"chains?\s+of\s+participations?|participation\s+chains?", "chain of shareholdings"),
    (r"participation\s+(?:data|records?)", "shareholding data"),
    (r"(?:participation|ownership)\s+(?:net|network)", "network"),
    (r"participation\s+(?:structure|relations?)", "ownership structure"),
    (r"holds?\s+participations?\s+in|(?:is|are)\s+participated\s+in", "holds stakes in"),
    (r"participations", "shareholdings"),
    (r"participation", "shareholding"),
    (r"how\s+high\s+is", "what is"),
    (r"dominates?", "controls"),
    (r"dominated", "controlled"),
    (r"domination|dominance", "control"),
    (r"economic(?:ally)?\s+(?:beneficiar(?:y|ies)|entitled(?:\s+persons?)?|owners?)", "beneficial owners"),
    # credit
    (r"engagements?\s+(?:towards|against|with|on|to)", "exposure to"),
    # (not an English engagement's paperwork: "for the engagement file", "the engagement letter")
    (r"engagements?(?!\s+(?:files?|letters?|teams?|partners?|managers?|leads?|packs?|memos?|reviews?|records?|terms|"
     r"scope|folders?|workpapers?|papers?|documents?|reports?|notes?|checklists?))|obligo", "exposure"),
    (r"total\s+exposure\s+against", "total exposure to"),
    (r"(?:granted|given|accorded)\s+credits?\s+to", "lent to"),
    (r"credits?\s+(?:granted|given|accorded)", "loans"),
    (r"credit[- ]?takers?", "borrowers"),
    (r"credit[- ]?givers?|creditors\s+of\s+credits?", "lenders"),
    (r"sureties|bails?|warrantors?", "guarantors"),
    (r"falls?\s+into\s+insolvency|becomes?\s+insolvent|goes\s+(?:into\s+)?insolvent", "defaults"),
    (r"(?:are|is|be)\s+touched", "are hit"),
    # the data and its dates
    (r"(?:the\s+)?total\s+data(?:\s+stock)?|(?:the\s+)?(?:entire|whole|complete)\s+data(?:\s+stock)?|data\s+stock",
     "the whole graph"),
    (r"defects|deficiencies", "issues"),
    (r"modifications?|alterations?|mutations?", "changes"),
    (r"writing\s+variants?|spelling\s+variants?", "aliases"),
    (r"^\s*stands?\b", "is"),
    (r"stands?\s+under\s+sanctions?", "is sanctioned"),
)

_RULES = [(re.compile(rf"(?<![\w-])(?:{p})(?![\w-])", re.I), words) for p, words in TRANSLATED]


def plain_english(text: str) -> tuple[str, list[str]]:
    """``text`` with translated finance terms read as an English analyst's words; a note per change."""
    notes: list[str] = []
    for rx, words in _RULES:
        def say(m: re.Match[str], words: str = words) -> str:
            notes.append(f"read {m.group(0).strip()!r} as {words!r}")
            lead = m.group(0)[:len(m.group(0)) - len(m.group(0).lstrip())]
            return lead + (words[:1].upper() + words[1:] if m.group(0).strip()[:1].isupper() else words)
        text = rx.sub(say, text)
    return text, notes
