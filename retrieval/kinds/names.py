"""The names and identifiers of X: "what was X called before", "what is X's LEI", "who is
<LEI>", "what was X called on D", "what became of X".

One question kind (``names``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import NAMES
from ownergraph.retrieval.answer.parts import Parts, cites, code_words
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import END, X
from ownergraph.retrieval.question.work_text import MASK_WORD, PH_CLOSE, PH_OPEN

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# first: its words (previous names, LEI, identifiers, called) are about the entity itself
PRECEDENCE = 5

_LEI = r"[A-Z0-9]{18}[0-9]{2}"
_ONE = rf"(?:{_LEI}|{PH_OPEN}\d+{PH_CLOSE}|{MASK_WORD})"  # an identifier or one name the graph knows (masked)
RULE = re.compile(
    r"\b(?:previous|former|prior|old|earlier|past|legal|registered|other)\s+(?:legal\s+|company\s+|registered\s+)?names?\b|"
    r"\bwhat\s+(?:was|is|were)\b.{1,80}\bcalled\b|\b(?:formerly|previously|once|now)\s+called\b|\bformerly\s+known\b|\baka\b|\ba\.k\.a\.|\balso\s+known\s+as\b|\balias(?:es)?\b|\bname\s+variants?\b|"
    r"\btransliterat\w*|\bidentifiers\b|\bidentifier\s+(?:of|for)\b|^\s*ids?\b|\bids\s*$|\bregistration\s+(?:numbers?|details)\b|\bcompany\s+numbers?\b|"
    r"^\s*leis?\b|\bleis?\s+(?:of|for|and)\b|'s\s+lei\b|\blei\s*\??\s*$|\blegal\s+entity\s+identifier\s+(?:of|for|and)\b|"
    rf"\bwho\s+is\s+{_ONE}\s*\??\s*$|\blegal\s+entity\s+(?:corresponding|belonging)\s+to\b|\bwhat\s+became\s+of\b|^(?!.*\bwhen\b).*\brenamed\b|"
    r"\bwhat\s+(?:is|was)\s+the\s+name\s+of\b|\bname\s+history\b", re.I)

_NOUNS = (r"(?:(?:previous|former|prior|old|earlier|past|other|legal|registered)\s+)*(?:legal\s+|company\s+)?"
          r"(?:names?|aliases|aliases\s+and\s+transliterations|name\s+variants|identifiers|ids|leis?|"
          r"registration\s+(?:numbers?|details)|company\s+numbers?|legal\s+entity\s+identifier)")
_TAIL = r"(?=\s*(?:\b(?:called|was|were|registered|appears|on|as|at|in|before|today|now|right)\b|[(,?!;.]|$))"
SLOTS = [
    re.compile(rf"\b(?:who|what)\s+is\s+(?P<x>{_ONE})\s*\??\s*$", re.I),
    re.compile(rf"\bcorresponding\s+to\s+(?P<x>{_LEI})\b", re.I),
    re.compile(rf"\bwhat\s+(?:was|is|were)\s+{X}\s+(?:previously\s+|formerly\s+|originally\s+)?called{END}?", re.I),
    re.compile(rf"\bwhat\s+became\s+of\s+{X}{END}", re.I),
    re.compile(rf"\b{_NOUNS}(?:\s+(?:recorded|stated|held|known))?\s+(?:of|for|under\s+which)\s+{X}{_TAIL}", re.I),
    re.compile(rf"\bunder\s+which\s+{X}\s+(?:was|is|appears|traded|operated)\b", re.I),
    re.compile(rf"\b{X}'s?\s+{_NOUNS}\b", re.I),
    re.compile(rf"^\s*(?:aka|ids?|leis?|{_NOUNS})\s+{X}{END}", re.I),
    re.compile(rf"^\s*{X}\s+{_NOUNS}\s*{END}", re.I),
]


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer: the entity itself is one."""
    return bool(d.get("name"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    return a.lookup.names(e[0], **clock)


def _period(r: dict[str, Any]) -> str:
    bits = [f"from {r['valid_from']}" if r.get("valid_from") else "", f"until {r['valid_to']}" if r.get("valid_to") else ""]
    return " ".join(b for b in bits if b)


def _name_part(r: dict[str, Any]) -> str:
    when = _period(r)
    return f"{r['name']}{f' ({when})' if when else ''}"


def _succession(r: dict[str, Any]) -> str:
    lei = f", LEI {r['lei']}" if r.get("lei") else ""
    how = code_words(r.get("action")) or "succession"
    when = f", {r['valid_from']}" if r.get("valid_from") else ""
    doc = f", {r['document_id']}" if r.get("document_id") else ""
    return f"{r['name']} ({how}{when}{lei}{doc})"


def compose(p: Parts) -> str:
    res = p.result
    rows = list(res.rows)
    head = f"{res.name}{f' (LEI {res.lei})' if res.lei else ''} {cites(p.ctx, res.entity.key)}".strip()
    said = [head + "."]
    groups = (("Previous names", [_name_part(r) for r in rows if r["role"] == "previous"]),
              ("Other names", [f"{_name_part(r)}, {code_words(r['role'])}" for r in rows
                               if r["role"] not in ("previous", "identifier", "successor", "predecessor")]),
              ("Identifiers", [f"{code_words(r['scheme'])} {r['name']}" for r in rows if r["role"] == "identifier"]),
              ("It was succeeded by", [_succession(r) for r in rows if r["role"] == "successor"]),
              ("It succeeded", [_succession(r) for r in rows if r["role"] == "predecessor"]))
    said += [f"{label}{'' if label.startswith('It ') else ':'} {'; '.join(items)}." for label, items in groups if items]
    if not any(items for _, items in groups):
        said.append("No previous name, alias or other identifier is recorded in the graph.")
    said.append(f"On {p.d} it was called {res.name_then.rstrip('.')}.")
    return " ".join(said)


NOTHING = "The graph holds no names for {subject} as of {d}."

STRATEGY = KindStrategy(NAMES, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
