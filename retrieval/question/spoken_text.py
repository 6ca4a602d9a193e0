"""Questions said aloud, as a speech-to-text engine writes them (issue 30): fillers ("um", "uh"),
self-corrections ("X no sorry Y", "X i mean Y": the last one wins), letters spelt one by one
("s a r l", "b v", "l e i": one word), letters said by their names ("ess ay", "gee em bee aitch and
co kay gee", "pee ell see": SA, GmbH & Co KG, PLC) and identifiers read digit by digit ("zero five eight
eight one one four two": 05881142). Rewritten before the rest of the parser reads the text, so
the graph's names and the date grammar see the written forms. The words are data rows below.
"""

from __future__ import annotations

import re

from ownergraph.retrieval.question.common_words import QUESTION_WORDS
from ownergraph.retrieval.question.work_text import quoted

__all__ = ["spoken_forms"]

_I = re.IGNORECASE
FILLERS = ("um", "umm", "uh", "uhh", "erm", "er", "hmm", "ah")
# what a speaker says between a slip and its correction
CORRECTIONS = (r"no\s+sorry", r"no\s+wait", r"sorry\s+i\s+mean", r"no\s+i\s+mean", r"i\s+mean", r"i\s+meant",
               r"or\s+rather", r"scratch\s+that", r"make\s+that", r"correction", r"sorry")
DIGIT_WORDS = {"zero": "0", "oh": "0", "nought": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
               "six": "6", "seven": "7", "eight": "8", "nine": "9"}

_FILLER = re.compile(rf"(?:,\s*)?\b(?:{'|'.join(FILLERS)})\b,?", _I)
_CORRECTION = re.compile(rf",?\s*\b(?:{'|'.join(CORRECTIONS)})\b,?\s*", _I)
# two or more letters said one by one ("s a r l", "b. v."), not only the words "a" and "i"
_SPELT = re.compile(r"(?<![\w.])(?:[a-z]\.?\s+){1,5}[a-z]\b\.?(?![\w'])", _I)
# five or more digits said one by one: an identifier (a company number, a code), not a count
_DIGIT_RUN = re.compile(rf"\b(?:(?:{'|'.join(DIGIT_WORDS)})[\s-]+){{4,}}(?:{'|'.join(DIGIT_WORDS)})\b", _I)
_WORD = re.compile(r"[\w&.'-]+")
# the names of letters as a speech-to-text engine writes them; those that are also English words
# ("see", "you", "are") count only inside a run with an unambiguous one ("ell ell see": LLC)
LETTER_NAMES = {"ay": "A", "bee": "B", "dee": "D", "ef": "F", "eff": "F", "gee": "G", "aitch": "H", "jay": "J",
                "kay": "K", "ell": "L", "el": "L", "em": "M", "en": "N", "pee": "P", "ar": "R", "ess": "S", "es": "S",
                "vee": "V", "zed": "Z", "zee": "Z", "cue": "Q", "ex": "X"}
AMBIGUOUS_LETTERS = {"see": "C", "sea": "C", "ee": "E", "eye": "I", "oh": "O", "air": "R", "tee": "T", "you": "U",
                     "why": "Y"}
_LETTER = "|".join(sorted({*LETTER_NAMES, *AMBIGUOUS_LETTERS}, key=len, reverse=True))
# two or more letter names in a row, "and co" inside ("gee em bee aitch and co kay gee")
_LETTER_RUN = re.compile(rf"\b(?:{_LETTER})(?:\s+(?:and\s+co\s+)?(?:{_LETTER}))+\b", _I)


def _without_fillers(text: str) -> str:
    return _FILLER.sub(" ", text)


def _last_wins(text: str, notes: list[str]) -> str:
    """"does corano no sorry noriford finance own": the words slipped (the content words just
    before the correction, back to a question word) are dropped with the correction."""
    for _ in range(3):
        m = next((c for c in _CORRECTION.finditer(text) if c.start() > 0 and c.end() < len(text)), None)
        if m is None:
            return text
        words = list(_WORD.finditer(text[:m.start()]))
        cut = len(words)
        while cut > 0 and words[cut - 1].group(0).lower().strip(".") not in QUESTION_WORDS and len(words) - cut < 6:
            cut -= 1
        if cut == len(words):  # nothing slipped to drop ("sorry, who owns X"): only the correction word goes
            text = text[:m.start()] + " " + text[m.end():]
            continue
        start = words[cut].start()
        notes.append(f"self-correction: {text[start:m.end()].strip()!r} dropped")
        text = text[:start] + text[m.end():]
    return text


def _joined(m: re.Match[str]) -> str:
    letters = re.sub(r"[\s.]", "", m.group(0))
    if set(letters.lower()) <= {"a", "i"}:
        return m.group(0)
    return letters + " "


def _letters(m: re.Match[str]) -> str:
    words = m.group(0).lower().split()
    if not any(w in LETTER_NAMES for w in words) or len(words) < 2:
        return m.group(0)
    parts = " ".join(words).split(" and co ")
    return " & Co. ".join("".join(LETTER_NAMES.get(w) or AMBIGUOUS_LETTERS[w] for w in p.split()) for p in parts)


def _digits(m: re.Match[str]) -> str:
    return "".join(DIGIT_WORDS[w.lower()] for w in re.split(r"[\s-]+", m.group(0)))


def spoken_forms(text: str) -> tuple[str, list[str]]:
    """``text`` with a speaker's fillers and slips removed, spelt letters and digit runs joined;
    and notes on what was changed."""
    notes: list[str] = []
    out = _last_wins(_without_fillers(text), notes)
    joined = _SPELT.sub(_joined, _LETTER_RUN.sub(_letters, out))
    joined = _DIGIT_RUN.sub(_digits, joined)
    if joined != out:
        notes.append(f"read as spoken: {quoted(joined)}")
    return re.sub(r"[ \t]{2,}", " ", joined).strip(), notes
