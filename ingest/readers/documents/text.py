"""Text of a document as one string whose offsets sentences and citations refer to.

HTML: visible text with line structure kept (block elements end a line, table cells are
joined by `` | `` so a table row stays one line), scripts, styles and hidden parts (inline
XBRL headers are ``display:none``) dropped. PDF: the text of each page (pypdf), pages joined
by a form feed so page numbers can be read back from an offset. Plain text: decoded, line
ends normalised.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from io import BytesIO
from typing import Any

_BLOCK_TAGS = frozenset(
    "p div br tr li ul ol table thead tbody tfoot h1 h2 h3 h4 h5 h6 pre blockquote section "
    "article header footer nav title dt dd hr form center address".split()
)
_CELL_TAGS = frozenset({"td", "th"})
_HIDDEN = re.compile(r"display\s*:\s*none", re.I)
PAGE_BREAK = "\f"


def decode(data: bytes) -> str:
    """UTF-8 (BOM dropped), else Windows-1252, which every byte decodes in (old EDGAR text)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")


def tidy(text: str) -> str:
    """Line ends normalised, non-breaking spaces as spaces, trailing blanks and runs of blank
    lines dropped (the text that offsets refer to)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\xa0", " ")
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip("\n")


def html_text(html: str | bytes) -> str:
    """Visible text of an HTML document with line structure kept (see the module notes)."""
    import lxml.html

    if isinstance(html, bytes):
        html = decode(html)
    html = re.sub(r"^\s*<\?xml[^>]*>", "", html)  # lxml refuses str input with an encoding decl
    if not html.strip():
        return ""
    root = lxml.html.fromstring(html)
    for bad in root.xpath("//script|//style|//noscript|//head|//*[@style]"):
        if bad.tag in ("script", "style", "noscript", "head") or _HIDDEN.search(bad.get("style", "")):
            bad.drop_tree()
    parts: list[str] = []

    def walk(el: Any) -> None:
        tag = el.tag.lower() if isinstance(el.tag, str) else ""
        if el.text and tag:
            parts.append(el.text)
        for child in el:
            walk(child)
            if child.tail:
                parts.append(child.tail)
        if tag in _CELL_TAGS:
            parts.append(" | ")
        elif tag in _BLOCK_TAGS:
            parts.append("\n")

    walk(root)
    text = "".join(parts).replace("\xa0", " ").replace("\r\n", "\n").replace("\r", "\n")
    text = re.sub(r"(?: \| )+\n", "\n", text)           # trailing cell separators
    text = re.sub(r"\n(?:\s*\|\s*)+", "\n", text)          # leading empty cells
    return tidy(text)


@dataclass(frozen=True)
class Pages:
    """Where each page starts in a text (offset of its first character)."""

    starts: tuple[int, ...] = (0,)

    def page_of(self, offset: int) -> int:
        """1-based page number of the character at ``offset``."""
        return bisect.bisect_right(self.starts, offset)

    @property
    def count(self) -> int:
        return len(self.starts)


def pdf_text(data: bytes) -> tuple[str, Pages, dict[str, str]]:
    """Text of a PDF (pages separated by a form feed), its page starts and its info entries
    (``/Title``, ``/CreationDate``...) as plain strings."""
    from pypdf import PdfReader

    reader = PdfReader(BytesIO(data))
    starts, chunks, at = [], [], 0
    for page in reader.pages:
        piece = tidy(page.extract_text() or "")
        starts.append(at)
        chunks.append(piece)
        at += len(piece) + 2  # the "\n\f" between pages
    info = {str(k): str(v) for k, v in (reader.metadata or {}).items()}
    return ("\n" + PAGE_BREAK).join(chunks), Pages(tuple(starts) or (0,)), info


def paged_plain_text(text: str) -> tuple[str, Pages]:
    """EDGAR plain text marks pages with ``<PAGE>`` lines: the text without them, and where
    each page starts."""
    text = tidy(text)
    pieces = re.split(r"(?im)^[ \t]*<PAGE>[ \t]*\d*[ \t]*\n?", text)
    starts, out, at = [], [], 0
    for piece in pieces:
        if not piece.strip() and out:
            continue
        starts.append(at)
        out.append(piece)
        at += len(piece)
    return "".join(out), Pages(tuple(starts) or (0,))
