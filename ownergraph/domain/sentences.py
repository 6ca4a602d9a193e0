"""Sentence splitting of filing / memo text with exact character offsets.

Every :class:`Sentence` satisfies ``sentence.text == original[sentence.start:sentence.end]``.
The rules are listed in :mod:`retrieval.text.chunking` (hard line breaks, sentence ends, a cut of
over-long sentences); :func:`split_sentences` applies them. It lives in ``ingest`` because the
document readers split text into cited sentences too, and retrieval's chunks must have the
same sentence offsets as the claims extracted at ingest.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Sentence", "split_sentences"]


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence: ``text == original[start:end]``; ``index`` is its rank in the document."""

    doc_id: str
    index: int
    start: int
    end: int
    text: str

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)


# Never end a sentence (lower-cased, without the final dot).
_NEVER_END = frozenset(
    "no nos mr mrs ms dr prof st jr sr messrs e.g i.e cf al vs v sec art para paras "
    "fig figs approx ref refs vol ch pp p op ibid viz et seq dept gen gov rev hon "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
# Company forms end a name; after one, a capitalised word starts a new sentence unless it is
# itself part of a legal form ("Pte. Ltd.", "Co. Ltd.").
_FORM_ABBREV = frozenset(
    "ltd inc corp co plc llc lp l.p llp s.a s.a.s s.p.a s.r.l r.l n.v b.v a.g s.e "
    "k.k pty pte bhd s.a.b c.v l.l.c a.s a/s".split()
)
_FORM_WORDS = _FORM_ABBREV | frozenset(
    "limited company corporation incorporated gmbh ag se sa nv bv de kk plc llc lp".split())
# Place abbreviations: end a sentence only before a typical sentence opener
# ("the U.S. Securities and Exchange Commission" is one sentence).
_PLACE_ABBREV = frozenset("u.s u.k u.s.a e.u n.a d.c".split())
_OPENERS = frozenset(
    "the this these that those it its in on as at such each any all no our we they he she "
    "a an for under pursuant if upon after before during following see however "
    "accordingly additionally also although because by furthermore moreover there item".split()
)

_END_RE = re.compile(r"[.!?]+[\"'”’)\]]*(?=\s)")
_NEXT_START_RE = re.compile(r"\s+([\"'“‘(\[]?)([A-Z0-9§•])")
_TAIL = 200  # characters before a dot that can hold the word (or "Item 4") deciding a boundary
_WORD_BEFORE_RE = re.compile(r"([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ.]*)$")
_NUMBER_ITEM_RE = re.compile(r"(?:^|\s)(?:Item|Section|Rule|Note|Article|Exhibit|Schedule|Part)\s+\d+[A-Za-z]?$",
                             re.IGNORECASE)

_BULLET_RE = re.compile(
    r"^\s*(?:[•·▪◦●■□\-–—*]\s|\(\s*(?:[a-z]{1,2}|[ivxlc]{1,5}|\d{1,3})\s*\)|\d{1,3}[.)]\s|[a-z][.)]\s"
    r"|item\s+\d+[a-z]?\.?)",
    re.IGNORECASE,
)
_CONNECTORS = frozenset(
    "of the a an and or to by in for with as at on under from that which who whose its their "
    "his her than per into onto upon between among including such not be is are was were has "
    "have had been".split()
)
_LONG_LINE = 60


def _line_break_is_hard(prev: str, nxt: str, width: int = 0) -> bool:
    """Whether the line break between ``prev`` and ``nxt`` ends a segment; ``width`` is the
    text's wrap width (0: unknown), for telling a wrapped line from a short heading."""
    p = prev.rstrip()
    n = nxt.lstrip()
    if not p or not n:
        return True
    if _BULLET_RE.match(n):
        return True
    if " | " in p or " | " in n:
        return True  # table rows (see html_text)
    last = p[-1]
    if last in ":;":
        return True
    if last in ",-–(/&" or n[0].islower():
        return False
    last_word = p.rsplit(None, 1)[-1].lower()
    if last_word in _CONNECTORS:
        return False
    if last in ".!?\"”’)":
        # an end of sentence followed by a new line, unless the dot is an abbreviation the
        # sentence goes on after ("Messrs.", "Michael J.", 'L.P.' before '("TE")')
        return _is_boundary(p + " " + n, len(p))
    # An upper-case / digit start after a line that ends mid-phrase: prose wrap when the
    # line is long, or when the next word would not have fitted on it (a text wrapped at
    # ``width``); a heading / table row / navigation item otherwise.
    return len(p) < _LONG_LINE and not (width and len(prev.rstrip()) + 1 + len(n.split(None, 1)[0]) > width)


def _wrap_width(lines: list[str]) -> int:
    """The width a plain text was wrapped at: the line length that a quarter of its prose lines
    reach (tables and headings are few; 0 when too few lines to tell: HTML, a paragraph a line)."""
    lengths = sorted((len(ln.rstrip()) for ln in lines if len(ln.strip()) > 20), reverse=True)
    return lengths[len(lengths) // 4] if len(lengths) >= 20 else 0


def _segments(text: str) -> Iterable[tuple[int, int]]:
    """(start, end) of the text between hard breaks."""
    lines: list[tuple[int, int]] = []
    pos = 0
    for m in re.finditer(r"\n", text):
        lines.append((pos, m.start()))
        pos = m.end()
    lines.append((pos, len(text)))
    width = _wrap_width([text[a:b] for a, b in lines])
    seg_start: int | None = None
    seg_end = 0
    prev_line = ""
    for start, end in lines:
        line = text[start:end]
        if not line.strip():
            if seg_start is not None:
                yield seg_start, seg_end
                seg_start = None
            prev_line = ""
            continue
        if seg_start is not None and _line_break_is_hard(prev_line, line, width):
            yield seg_start, seg_end
            seg_start = None
        if seg_start is None:
            seg_start = start
        seg_end = end
        prev_line = line
    if seg_start is not None:
        yield seg_start, seg_end


def _is_boundary(seg: str, dot_end: int) -> bool:
    """Whether the punctuation run ending at ``dot_end`` (exclusive) ends a sentence."""
    m = _NEXT_START_RE.match(seg, dot_end)
    if not m:
        return False
    punct_start = dot_end
    while punct_start > 0 and seg[punct_start - 1] in ".!?\"'”’)]":
        punct_start -= 1
    run = seg[punct_start:dot_end]
    if "!" in run or "?" in run:
        return True
    before = seg[:punct_start]
    # both patterns end at the end of ``before``: searched from every start they were quadratic
    # in a long run of letters (60,000 capitals: 36 s); a word before a dot that matters is short
    tail = max(0, len(before) - _TAIL)
    if _NUMBER_ITEM_RE.search(before, tail):
        return False  # "Item 4. Ownership"
    wm = _WORD_BEFORE_RE.search(before, tail)
    if not wm:
        return True  # after a digit, a closing bracket, ...
    word = wm.group(1).lower().rstrip(".")
    if len(word) == 1 and wm.group(1)[0].isupper():
        return False  # an initial: "Israel A. Englander"
    if word in _NEVER_END:
        return False
    nxt = re.match(r"\s+[\"'“‘(\[]?([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ.]*)", seg[dot_end:])
    if word in _FORM_ABBREV:
        if not nxt:
            return True  # a digit, a quote...
        return nxt.group(1).lower().rstrip(".") not in _FORM_WORDS
    if word in _PLACE_ABBREV or word.count(".") >= 1:
        return bool(nxt) and nxt.group(1).lower() in _OPENERS
    return True


def split_sentences(text: str, doc_id: str = "", *, max_chars: int = 2000) -> list[Sentence]:
    """Sentences of ``text`` with exact offsets (see the module notes for the rules)."""
    out: list[Sentence] = []

    def emit(start: int, end: int) -> None:
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end <= start:
            return
        piece = text[start:end]
        if not any(c.isalnum() for c in piece):
            return
        while end - start > max_chars:
            cut = text.rfind(" ", start + max_chars // 2, start + max_chars)
            if cut <= start:
                cut = start + max_chars
            emit(start, cut)
            start = cut
            while start < end and text[start].isspace():
                start += 1
        if end > start:
            out.append(Sentence(doc_id, len(out), start, end, text[start:end]))

    for seg_start, seg_end in _segments(text):
        seg = text[seg_start:seg_end]
        cur = 0
        for m in _END_RE.finditer(seg):
            if _is_boundary(seg, m.end()):
                emit(seg_start + cur, seg_start + m.end())
                cur = m.end()
        emit(seg_start + cur, seg_end)
    return out
