"""The companies a "wholly owned" sentence over an Exhibit 21 leaves out: "the following
subsidiaries, all of which but X are wholly owned", "… are wholly owned except X and Y". Those rows
take no 100 % from the sentence (their share is their own, or unknown)."""

from __future__ import annotations

import re

from ownergraph.ingest.readers.sec.values import normalise

# a full stop that ends no sentence: inside an abbreviation ("L.P. are", "Inc., and")
_NOT_END = r"(?:[^.\n]|\.(?=\S|\s+[a-z,&]))"
_BUT = re.compile(r"\ball\b" + _NOT_END + r"{0,40}?\b(?:but|except(?:\s+for)?|other\s+than|save)\s+"
                  r"(?P<names>" + _NOT_END + r"{2,240}?)\s*,?\s+(?:are|is)\s+(?:\w+\s+)?wholly[\s-]+owned"
                  r"|\bwholly[\s-]+owned\s*,?\s+(?:but|except(?:\s+for)?|other\s+than)\s+"
                  r"(?P<after>" + _NOT_END + r"{2,240}?)\s*[.;:\n]", re.I)
_SPLIT = re.compile(r"\s*(?:,\s*and\s+|\s+and\s+|;\s*|,\s+(?=[A-Z][\w&'-]*\s))")


def wholly_exceptions(text: str) -> set[str]:
    """The normalised names the sentence excepts (none without such a sentence)."""
    out: set[str] = set()
    for m in _BUT.finditer(text):
        names = m["names"] or m["after"] or ""
        out |= {normalise(n.strip(" ,")) for n in _SPLIT.split(names) if n.strip(" ,")}
    return out


__all__ = ["wholly_exceptions"]
