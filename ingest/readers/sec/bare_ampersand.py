"""Ownership and 13D/G XML with a bare ``&`` ("JPMORGAN CHASE & CO"): not well-formed, so a strict
parser stops at it, but the character can only be a literal ampersand (no entity name and ``;``
follow it). Such a filing is re-read with each bare ``&`` escaped, and every line that had one is
named, so nothing is changed silently. Any other fault stays the strict parser's refusal."""

from __future__ import annotations

import re

# "&" that starts no entity or character reference ("&amp;", "&#38;", "&#x26;", "&name;")
_BARE = re.compile(rb"&(?!(?:[A-Za-z_][\w.-]*|#\d+|#x[0-9A-Fa-f]+);)")


def escape_bare_ampersands(data: bytes) -> tuple[bytes, list[int]]:
    """The data with each bare ``&`` written ``&amp;``, and the (1-based) lines that had one."""
    lines = sorted({data.count(b"\n", 0, m.start()) + 1 for m in _BARE.finditer(data)})
    return (_BARE.sub(b"&amp;", data), lines) if lines else (data, [])


__all__ = ["escape_bare_ampersands"]
