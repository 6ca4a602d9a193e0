"""Sentences and chunks of filing / memo text, with exact character offsets.

Every :class:`Sentence` satisfies ``sentence.text == original[sentence.start:sentence.end]``,
so a citation is a span of the document text the splitter was given (for HTML, the text made
by :func:`html_text`; keep that text, or its hash, with the document).

Splitting rules, in order:

1. *Hard line breaks*: a blank line; a newline before a bullet or enumerator (``•``, ``-``,
   ``(a)``, ``(iv)``, ``1.``, ``Item 4.``); a newline after ``:`` or ``;``; a newline after a
   short line (a heading, a table row, navigation) that the next line does not continue.
   Other newlines are *soft wraps* inside a sentence (filings wrap prose at ~70 columns): the
   next line starts lower-case, or the line ends with a comma, hyphen, open bracket or a
   connecting word (``of``, ``the``, ``by``...), or the line is long prose.
2. *Sentence ends* inside a segment: ``.``, ``!``, ``?`` (plus closing quotes/brackets) followed
   by white space and an upper-case letter, digit, quote or bracket. Not after abbreviations
   that never end a sentence (``No.``, ``Mr.``, ``e.g.``, ``i.e.``, ``Sec.``, single-letter
   initials as in ``Israel A. Englander``, ``Item 4.``); after company-form and place
   abbreviations (``Ltd.``, ``Inc.``, ``Corp.``, ``S.A.``, ``N.V.``, ``U.S.``) only when the
   next word is a typical sentence opener (``The``, ``This``, ``In``...). Decimals (``12.5%``)
   and dotted forms without a following space never split.
3. A "sentence" longer than ``max_chars`` is cut at the last space before the limit.

Chunks (units of the vector index) are windows of consecutive sentences up to ``max_tokens``
tokens; each keeps its sentences and their offsets.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ownergraph.ingest.readers.documents.text import html_text
from ownergraph.domain.sentences import Sentence, split_sentences

__all__ = [
    "Chunk",
    "Sentence",
    "approx_tokens",
    "boilerplate_score",
    "chunk_sentences",
    "chunk_text",
    "count_tokens",
    "html_text",
    "split_sentences",
]


@dataclass(frozen=True, slots=True)
class Chunk:
    """Consecutive sentences of one document: ``text == original[start:end]``."""

    doc_id: str
    index: int
    start: int
    end: int
    text: str
    sentences: tuple[Sentence, ...] = field(default_factory=tuple)
    tokens: int = 0

    @property
    def chunk_id(self) -> str:
        return f"{self.doc_id}#c{self.index}"

    def relative_sentences(self) -> list[Sentence]:
        """The sentences with offsets relative to this chunk's text."""
        return [Sentence(s.doc_id, s.index, s.start - self.start, s.end - self.start, s.text)
                for s in self.sentences]


# ---------------------------------------------------------------------------------------------
# HTML → text

# html_text lives in ingest (document readers store this text; sentence offsets refer to it)


# ---------------------------------------------------------------------------------------------
# Tokens

_APPROX_RE = re.compile(r"[A-Za-z]+|\d+|[^\sA-Za-z\d]")


def approx_tokens(text: str) -> int:
    """A cheap estimate of the MiniLM (BERT uncased word-piece) token count, without [CLS]/[SEP].

    Letters runs count ``1 + (len - 1) // 8`` pieces (long and rare words split), digit runs
    ``1 + (len - 1) // 3``, every other non-space character one token.
    """
    n = 0
    for m in _APPROX_RE.finditer(text):
        s = m.group(0)
        if s[0].isalpha():
            n += 1 + (len(s) - 1) // 8
        elif s[0].isdigit():
            n += 1 + (len(s) - 1) // 3
        else:
            n += 1
    return n


_TOKENIZER = None
_TOKENIZER_LOCK = threading.Lock()
_TOKEN_CACHE: dict[str, int] = {}
_TOKEN_CACHE_MAX = 500_000


def _tokenizer():  # noqa: ANN202
    """The model's tokenizer, loaded once; None while the model is absent (not remembered:
    ``ownergraph setup`` may install it, or ``OWNERGRAPH_EMBEDDING_MODEL`` change, later)."""
    global _TOKENIZER
    with _TOKENIZER_LOCK:
        if _TOKENIZER is None:
            try:
                from tokenizers import Tokenizer

                from ownergraph.retrieval.text.model_files import model_path

                tok = Tokenizer.from_file(str(model_path() / "tokenizer.json"))
                tok.no_padding()
                tok.no_truncation()
                _TOKENIZER = tok
            except Exception:  # noqa: BLE001 - no model: the caller approximates
                return None
        return _TOKENIZER


def count_tokens(texts: Sequence[str]) -> list[int]:
    """MiniLM word-piece counts (without [CLS]/[SEP]); cached by text.

    Falls back to :func:`approx_tokens` when the bundled tokenizer is missing (those estimates
    are not cached, so exact counts replace them once the model is there).
    """
    texts = list(texts)
    missing = [t for t in dict.fromkeys(texts) if t not in _TOKEN_CACHE]
    if missing:
        tok = _tokenizer()
        if tok is None:
            return [c if (c := _TOKEN_CACHE.get(t)) is not None else approx_tokens(t) for t in texts]
        with _TOKENIZER_LOCK:
            encs = tok.encode_batch(missing, add_special_tokens=False)
        counts = dict(zip(missing, (len(e.ids) for e in encs)))
        if len(_TOKEN_CACHE) + len(missing) > _TOKEN_CACHE_MAX:
            _TOKEN_CACHE.clear()
        _TOKEN_CACHE.update(counts)
    else:
        counts: dict[str, int] = {}
    # read with .get: another thread may clear the cache between the check above and here
    got = [counts[t] if t in counts else _TOKEN_CACHE.get(t) for t in texts]
    return got if None not in got else count_tokens(texts)


# ---------------------------------------------------------------------------------------------
# Chunks


def chunk_sentences(
    text: str,
    sentences: Sequence[Sentence],
    *,
    max_tokens: int = 200,
    overlap: int = 0,
    token_counter: Callable[[Sequence[str]], list[int]] | None = None,
) -> list[Chunk]:
    """Windows of consecutive ``sentences`` of ``text`` of at most ``max_tokens`` tokens.

    A single sentence longer than ``max_tokens`` is a chunk by itself. ``overlap`` repeats the
    last N sentences of a chunk at the start of the next one.
    """
    if not sentences:
        return []
    counts = (token_counter or count_tokens)([s.text for s in sentences])
    chunks: list[Chunk] = []
    i = 0
    n = len(sentences)
    doc_id = sentences[0].doc_id
    while i < n:
        j = i
        total = 0
        while j < n and (j == i or total + counts[j] <= max_tokens):
            total += counts[j]
            j += 1
        window = tuple(sentences[i:j])
        start, end = window[0].start, window[-1].end
        chunks.append(Chunk(doc_id, len(chunks), start, end, text[start:end], window, total))
        if j >= n:
            break
        i = max(j - overlap, i + 1)
    return chunks


def chunk_text(text: str, doc_id: str, *, max_tokens: int = 200, overlap: int = 0) -> list[Chunk]:
    """:func:`split_sentences` then :func:`chunk_sentences`."""
    return chunk_sentences(text, split_sentences(text, doc_id), max_tokens=max_tokens, overlap=overlap)


# ---------------------------------------------------------------------------------------------
# Boilerplate

_BOILERPLATE_PATTERNS = [re.compile(p, re.IGNORECASE) for p in (
    r"forward[- ]looking statements?",
    r"\bpage\s+\d+\s+of\s+\d+\b",
    r"\bpage\s*\d+\b",
    r"table of contents",
    r"\bcusip\b",
    r"check the appropriate box",
    r"\bsec use only\b",
    r"securities and exchange commission",
    r"washington,? d\.?c\.?",
    r"^\s*not applicable\.?\s*$",
    r"/s/",
    r"incorporated (?:herein )?by reference",
    r"see (?:the )?response to item",
    r"\b(?:home|about us|contact us|privacy policy|terms of use|sitemap|log ?in|sign up|subscribe)\b.*[|›»/].*",
    r"all rights reserved|copyright|©",
    r"(?:should|shall) not be (?:deemed|construed)",
    r"undertakes? no obligation",
    r"\bsafe harbor\b",
    r"\bprivate securities litigation reform act\b",
    r"this (?:report|statement|filing|document) (?:contains|includes|may contain)",
    r"in witness whereof|counterparts",
    r"^\s*(?:name|title|date|dated|by|signature)\s*:",
    r"click here|back to top|download (?:pdf|xbrl)|view (?:original|filing)",
)]


def boilerplate_score(text: str) -> float:
    """0 (content) … 1 (boilerplate, navigation, form furniture) for one sentence."""
    hits = sum(1 for p in _BOILERPLATE_PATTERNS if p.search(text))
    score = min(1.0, 0.6 * hits)
    letters = sum(c.isalpha() for c in text)
    if len(text) > 0 and letters / len(text) < 0.5:
        score = max(score, 0.5)  # mostly digits / symbols / separators
    words = re.findall(r"[A-Za-z]+", text)
    if len(words) <= 3 and not re.search(r"\d", text):
        score = max(score, 0.4)  # a heading or a navigation label
    if text.count("|") >= 3:
        score = max(score, 0.7)  # a navigation bar / flattened table
    return score
