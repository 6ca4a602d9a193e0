"""Parser step 2b: hop counts, thresholds and rules, contagion channels, the portfolio
(see ``retrieval.question.parser``). Rule and channel names come from ``graph.vocabulary``."""

from __future__ import annotations

import re

from ownergraph.domain.vocabulary import (
    AMLD_GT25, CHANNEL_NAMES, EU_AMLR_25, GUARANTEE, LENDING, MAJORITY, OFAC_50, OWNERSHIP, ROLLING_25, RULES,
)
from ownergraph.retrieval.question.work_text import NUM, PH_CLOSE, PH_OPEN, NUMBER_WORDS, Work

_DEPTH_RE = re.compile(  # a leading "with" / "in" / "limited to" goes with the count ("... in B with at most 1 hop")
    rf"(?:\b(?:with|in|using|over|across|limited\s+to|going|looking)\s+(?:a\s+|an\s+)?)?"
    rf"(?:\b(?P<q>within|up\s+to|at\s+most|no\s+more\s+than|not\s+more\s+than|max(?:imum)?(?:\s+of)?|less\s+than|"
    rf"fewer\s+than|under|exactly)?\s*(?P<n>{NUM})[- ]"
    # the kinds of link between the count and its unit: "two ownership or control steps", "2 own/ctrl hops"
    rf"(?:(?:relationship|ownership|own|control|ctrl|network|graph|corporate|lending|credit|guarantee|family|business)"
    rf"(?:\s*(?:,|/|&|\bor\b|\band\b)\s*|[- ])){{0,4}}"
    rf"(?:hops?|steps?|levels?|links?|degrees?(?:\s+of\s+separation)?|relationships?\b|"
    rf"layers?|tiers?|jumps?)(?:\s+(?:away|out|deep|removed))?(?:\s+(?:from|of))?"
    rf"|\b(?:max(?:imum)?\s+)?depth\s*(?:of|=|:)?\s*(?P<n2>\d+)\b)",
    re.I)


def _num(s: str) -> int:
    s = s.lower().strip()
    return int(s) if s.isdigit() else NUMBER_WORDS[re.sub(r"\s+", " ", s)]


def read_depth(w: Work, q: dict) -> None:
    for m in _DEPTH_RE.finditer(w.text):
        n = _num(m.group("n") or m.group("n2"))
        qual = (m.group("q") or "").lower()
        if qual.startswith(("less", "fewer", "under")):
            n -= 1
        q["depth"] = max(n, 0)
        w.consume(m)
        return


_PCT = r"(?P<pct>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s*cent\b|pct\b)"
_THRESH_RE = re.compile(
    r"(?P<pre>\b(?:more\s+than|over|above|greater\s+than|exceeding|in\s+excess\s+of|beyond|at\s+least|"
    r"not\s+less\s+than|minimum(?:\s+of)?|min\.?|equal\s+to\s+or\s+(?:more|greater)\s+than|of|with|holding)\s+|>=\s*|≥\s*|>\s*)?"
    + _PCT +
    r"(?P<post>\s+(?:or\s+more|or\s+above|or\s+greater|or\s+higher|and\s+above|and\s+over|and\s+up|plus)\b|\+)?"
    r"(?:\s+(?:threshold|stake|ownership|or\s+more\s+ownership))?",
    re.I)
_RULE_WORDS: list[tuple[str, re.Pattern[str]]] = [
    (OFAC_50.name, re.compile(r"\b(?:under|per|by|using|with|according\s+to|applying)?\s*(?:the\s+)?"
                           r"(?:ofac(?:'s)?(?:\s+50\s*%?)?(?:\s+percent)?(?:\s+rule)?|50\s*%\s+rule|fifty\s+percent\s+rule)\b", re.I)),
    (AMLD_GT25.name, re.compile(r"\b(?:under|per|by|using|with|according\s+to|applying)?\s*(?:the\s+)?"
                             r"(?:older\s+|old\s+|previous\s+)?(?:[456]th\s+|[456]\s*)?(?:amld|aml\s+directive|anti-money[- ]laundering\s+directive)"
                             r"(?:\s+(?:definition|rule|test|threshold|wording))?\b", re.I)),
    (EU_AMLR_25.name, re.compile(r"\b(?:under|per|by|using|with|according\s+to|applying)?\s*(?:the\s+)?"
                              r"(?:(?:eu\s+)?amlr|aml\s+regulation|anti-money[- ]laundering\s+regulation|"
                              r"(?:regulation\s+(?:\(eu\)\s+)?)?2024/1624)(?:\s+(?:definition|rule|test|threshold))?\b", re.I)),
    (ROLLING_25.name, re.compile(r"\b(?:under|using|with|applying)?\s*(?:the\s+|a\s+)?(?:rolling|per[- ]hop|"
                              r"(?:every|each)\s+link(?:\s+(?:above|over))?)(?:\s+(?:25\s*%\s*)?(?:rule|test|threshold|basis))?\b", re.I)),
    (MAJORITY.name, re.compile(r"\b(?:majority|dominant|dominance|more\s+than\s+half|over\s+half)"
                            r"(?:\s+(?:control(?:lers?)?|owners?|shareholders?|rule|test|stake|holders?))?\b", re.I)),
]


# the rules a bare stated threshold names, strict ones first ("more than 25%" before "25%")
_THRESHOLD_RULES = sorted((r for r in RULES.values() if r.from_threshold), key=lambda r: not r.strict)


def read_rules(w: Work, q: dict) -> None:
    for rule, rx in _RULE_WORDS:
        m = rx.search(w.text)
        if m and m.group(0).strip():
            q["rule"] = rule
            if rule != MAJORITY.name:
                w.consume(m)
            else:  # "under majority control" goes; "majority controllers of X" keeps its noun
                um = re.search(r"\b(?:under|using|with|applying|per|by)\s+(?:the\s+|a\s+)?(?:majority|dominance)"
                               r"(?:\s+(?:control|rule|test|criterion|basis))?\b", w.text, re.I)
                if um:
                    w.consume(um)
            break
    for m in _THRESH_RE.finditer(w.text):
        pct = float(m.group("pct"))
        if pct > 100:
            continue
        pre = (m.group("pre") or "").strip().lower()
        post = (m.group("post") or "").strip().lower()
        strict = pre.startswith(("more", "over", "above", "greater", "exceeding", "in excess", "beyond", ">")) \
            and not pre.startswith(">=")
        inclusive = bool(post) or pre.startswith(("at least", "not less", "minimum", "min", ">=", "≥", "equal"))
        q["threshold"] = round(pct / 100.0, 6)
        if q.get("rule") is None:  # "more than 25%" names AMLD, "25% or more" the EU AMLR, "over 50%" majority
            named = [r.name for r in _THRESHOLD_RULES if pct == round(r.threshold * 100, 6)
                     and (strict if r.strict else inclusive)]
            if named:
                q["rule"] = named[0]
        w.consume(m)
        break


_EDGE_WORDS = {
    GUARANTEE.name: r"guarantee[sd]?|guarantors?|guaranteeing|sureties|surety",
    LENDING.name: r"loans?|lending|lenders?|borrowings?|borrowers?|credit\s+lines?|credit|debt|facilit(?:y|ies)",
    OWNERSHIP.name: r"ownership|owners?|equity|shareholdings?|stakes?|parents?|subsidiar(?:y|ies)|consolidation|holdings?",
}
_EDGE_ANY = "|".join(f"(?:{v})" for v in _EDGE_WORDS.values())
_EDGE_LIST = rf"(?:(?:the|their|its)\s+)?(?:{_EDGE_ANY})(?:\s*(?:,|and|or|&|/|and/or)\s*(?:(?:the|their|its)\s+)?(?:{_EDGE_ANY}))*"
_CHANNEL_RE = re.compile(
    rf"(?P<neg>\b(?:excluding|except(?:\s+for)?|without|ignoring|not\s+(?:via|through|over))\s+)?"
    rf"\b(?:(?:only\s+)?(?:via|through|over|along|using|across|by\s+way\s+of|following|on)\s+)?"
    rf"(?:only\s+)?(?P<list>{_EDGE_LIST})\s*(?:links?|edges?|channels?|exposures?|relationships?|chains?)?"
    rf"(?P<only>\s+only)?", re.I)
_CHANNEL_CUE = re.compile(r"\b(?:via|through|over|along|using|across|by\s+way\s+of|following|only|excluding|"
                          r"except|without|ignoring|channels?|links?)\b", re.I)


# "which lenders are hit if X defaults?": the parties asked about name the channel
_ROLE_WORDS = {
    GUARANTEE.name: r"guarantors?|sureties",
    LENDING.name: r"lenders?|banks?|creditors?",
    OWNERSHIP.name: r"owners?|shareholders?|stockholders?|parents?|investors?",
}
_ROLE_RE = re.compile(
    rf"\b(?:which|what)\s+(?:of\s+(?:its|their|the)\s+)?(?P<role>{'|'.join(f'(?:{v})' for v in _ROLE_WORDS.values())})\b"
    r"(?=\s+(?:are|is|would|will|get|gets|could|might|stand|lose|take)\b)", re.I)


def read_channels(w: Work, q: dict) -> None:
    role = _ROLE_RE.search(w.text)
    if role:
        q["edge_types"] = [t for t, rx in _ROLE_WORDS.items() if re.fullmatch(rx, role["role"], re.I)]
    for m in _CHANNEL_RE.finditer(w.text):
        seg = m.group(0)
        if not _CHANNEL_CUE.search(seg):
            continue
        found = [t for t, rx in _EDGE_WORDS.items() if re.search(rf"\b(?:{rx})\b", m.group("list"), re.I)]
        if not found:
            continue
        if m.group("neg"):
            found = [t for t in _EDGE_WORDS if t not in found]
        q["edge_types"] = [t for t in CHANNEL_NAMES if t in found]
        w.consume(m)
        return


_PORTFOLIO_RE = re.compile(
    r"(?i:\b(?:(?:in|within|for|across|from|of|on)\s+)?(?:(?:our|the|my)\s+)?(?:portfolio|book|fund\s+book|desk)\s*"
    r"(?:called\s+|named\s+|id\s+|:\s*)?)"
    rf"(?P<p1>{PH_OPEN}\d+{PH_CLOSE}|[A-Z0-9][A-Z0-9_\-./]*[A-Z0-9]|[A-Z0-9])(?![\w])"
    r"|(?i:\b(?:(?:in|within|for|across|from|of|on)\s+)?(?:(?:our|the|my)\s+)?)"
    rf"(?P<p2>{PH_OPEN}\d+{PH_CLOSE}|[A-Z0-9][A-Z0-9_\-./]*[A-Z0-9])\s+(?i:portfolio|book)\b")


# a book's code written alone ("any EQ-EUROPE names owned by sanctioned people"): capitals joined by hyphens
_PORTFOLIO_CODE = re.compile(r"(?<![\w\-/.])(?P<p1>[A-Z]{2,}(?:-[A-Z]{2,})+)(?![\w\-/])")


# "Field 3.8 Book positions ...", "4.1 Book ...": a form's section number, not a book's code
_SECTION = re.compile(r"\d+(?:\.\d+)+$")


def read_portfolio(w: Work, q: dict, *, code_alone: bool = False) -> None:
    """The portfolio named next to "portfolio" / "book"; with ``code_alone`` (questions about our
    book) also a code in capitals joined by hyphens written alone."""
    m = next((x for x in _PORTFOLIO_RE.finditer(w.text) if not _SECTION.match(x.group("p1") or x.group("p2"))), None)
    m = m or (_PORTFOLIO_CODE.search(w.text) if code_alone else None)
    if m:
        q["portfolio"] = w.restore(m.groupdict().get("p1") or m.groupdict().get("p2"))
        w.consume(m)

