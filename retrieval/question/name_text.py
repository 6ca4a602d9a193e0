"""Names as token sequences: case, accents, punctuation and legal-form variants folded, so that
"Harbourline Holdings plc", "HARBOURLINE HOLDINGS PLC" and "Harbourline Holdings Public Limited
Company" are one key. Each token keeps where it stands in the original text."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

__all__ = ["Token", "tokens", "LEGAL_FORMS"]

# legal-form variants -> one spelling (matched on the folded, dot-free text of a name)
_FORMS = (
    (r"public limited company", "plc"), (r"limited liability company", "llc"), (r"limited", "ltd"),
    (r"incorporated", "inc"), (r"corporation", "corp"), (r"company", "co"), (r"aktiengesellschaft", "ag"),
    (r"gesellschaft mit beschrankter haftung", "gmbh"), (r"societe anonyme", "sa"),
    (r"sa rl", "sarl"), (r"s a r l", "sarl"), (r"s ar l", "sarl"), (r"s a s", "sas"), (r"s p a", "spa"), (r"s r l", "srl"),
    (r"l l c", "llc"), (r"l l p", "llp"), (r"l p", "lp"), (r"b v", "bv"), (r"n v", "nv"), (r"s a", "sa"),
    (r"p l c", "plc"), (r"a s", "as"), (r"s e", "se"),
)
_FORM_RE = [(re.compile(rf"(?<!\w){pat}(?!\w)"), rep) for pat, rep in _FORMS]
_ANY_FORM = re.compile(r"(?<!\w)(?:" + "|".join(pat for pat, _ in _FORMS) + r")(?!\w)")
LEGAL_FORMS = frozenset({rep for _, rep in _FORMS} | {"pte", "pty", "kg", "kgaa", "oy", "ab", "asa", "gmbh", "co",
                                                      "sicav", "ucits", "sca", "ooo", "ao", "pjsc", "jsc", "oao", "pt"})


@dataclass(frozen=True)
class Token:
    norm: str  # folded spelling
    start: int  # where it stands in the original text
    end: int
    capital: bool  # written with a capital or a digit in the original


_POSSESSIVE = re.compile(r"(?<=\w)['\u2019]s\b")


_ASCII_SPACES = {i: " " for i in range(128) if not (chr(i).isalnum() or chr(i) == "&")}


def _fold(text: str) -> tuple[str, list[int]]:
    """Lower case without accents; "." and "'" dropped (S.p.A. -> spa, O'Neill -> oneill); each
    folded character remembers its original index."""
    if text.isascii() and _POSSESSIVE.search(text) is None:  # the common case, without unicodedata
        if "." not in text and "'" not in text:
            return text.lower().translate(_ASCII_SPACES), list(range(len(text)))
        where = [i for i, ch in enumerate(text) if ch not in ".'"]
        low = text.lower()
        return "".join(low[i] for i in where).translate(_ASCII_SPACES), where
    out: list[str] = []
    where = []
    possessive = {i for m in _POSSESSIVE.finditer(text) for i in range(m.start(), m.end())}
    for i, ch in enumerate(text):
        if i in possessive:  # "Petrov's stake": the name is Petrov
            out.append(" ")
            where.append(i)
            continue
        if ch in ".'\u2019":
            continue
        for c in unicodedata.normalize("NFKD", ch.casefold()):
            if not unicodedata.combining(c):
                out.append(c if (c.isalnum() or c == "&") else " ")
                where.append(i)
    return "".join(out), where


def _forms(folded: str, where: list[int]) -> tuple[str, list[int]]:
    """Legal-form variants replaced by one spelling, the index map kept in step."""
    if _ANY_FORM.search(folded) is None:  # the common case: no copy of the map
        return folded, where
    for rx, rep in _FORM_RE:
        if rx.search(folded) is None:
            continue
        out, pos, last = [], [], 0
        for m in rx.finditer(folded):
            out.append(folded[last:m.start()])
            pos.extend(where[last:m.start()])
            out.append(rep)
            pos.extend([where[m.start()]] * (len(rep) - 1) + [where[m.end() - 1]])
            last = m.end()
        out.append(folded[last:])
        pos.extend(where[last:])
        folded, where = "".join(out), pos
    return folded, where


# a sentence after the dot: "... Finance Limited. Who held ...", "... Corp. If it had ..."
_SENTENCE_AFTER = re.compile(r"\.\s+[A-Z][a-z]")


def _abbreviated(text: str, start: int, end: int, norm: str) -> bool:
    """A dot after a short legal form ("Inc.", "S.A.") or a short word is the abbreviation's;
    after a form spelt out ("Limited."), or where a sentence starts after it, it ends a sentence
    (the next sentence is a question of its own: its start must stay visible)."""
    if not (norm in LEGAL_FORMS or len(norm) <= 2):
        return False
    written = re.sub(r"[.\s]", "", text[start:end])
    return len(written) <= 4 and _SENTENCE_AFTER.match(text, end) is None


def tokens(text: str) -> list[Token]:
    """The tokens of ``text`` ("&" is a token: "Smith & Co")."""
    folded, where = _forms(*_fold(text))
    out: list[Token] = []
    for m in re.finditer(r"\w+|&", folded):
        start, end = where[m.start()], where[m.end() - 1] + 1
        if text[end:end + 1] == "." and _abbreviated(text, start, end, m.group(0)):
            end += 1  # "Inc.", "S.A.": the abbreviation's dot is the name's
        first = text[start]
        out.append(Token(m.group(0), start, end, first.isupper() or first.isdigit()))
    return out
