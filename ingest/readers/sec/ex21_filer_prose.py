"""The filer an Exhibit 21 names in its sentences rather than its title: "The active subsidiaries
of Acme Group, Inc. are listed below" (the name ends where the sentence's verb begins), "Acme Inc.
had the subsidiaries shown below", "All of the subsidiaries are wholly-owned by Acme Holdings
Limited". A generic word ("the Company", "the Registrant") names nobody."""

from __future__ import annotations

import re

from ownergraph.ingest.readers.sec.ex21_table import has_form

# where a name after "subsidiaries of" ends: the sentence goes on with a verb or a clause
_CLAUSE = re.compile(r"\s*(?:,\s*)?\b(?:are|is|were|was|as\s+of|at|listed|include[sd]?|which|that|do|does|"
                     r"have|has|had|and\s+(?:its|their)|in\s+which|whose|consist\w*)\b", re.I)
_GENERIC = re.compile(r"^(?:the\s+)?(?:registrant|company|corporation|issuer|parent|subsidiar\w*)\b", re.I)
# "Acme Inc. had the subsidiaries shown below", "Acme Inc. has the following subsidiaries"
_HAS_SUBSIDIARIES = re.compile(r"(?:^|(?<=[.!?]\s))(?P<name>[A-Z][^\n]{0,100}?)\s+(?:had|has|have)\s+"
                               r"(?:the\s+)?(?:following\s+)?(?:\w+\s+)?subsidiar", re.M)
# "All of the subsidiaries are wholly-owned by Acme Holdings Limited."
_ALL_OWNED_BY = re.compile(r"\b(?:all|each)\s+(?:of\s+)?(?:the\s+|its\s+|our\s+)?(?:above\s+)?(?:subsidiaries|companies)\s+"
                           r"(?:listed\s+above\s+)?(?:are|is)\s+(?:wholly[\s-]+|directly\s+)?owned\s+by\s+"
                           r"(?P<name>[A-Z].+?)(?:\.\s|\.?$|,\s)", re.I | re.M)


def name_before_clause(text: str) -> str:
    """The name at the start of the text, without the clause that follows it ("Acme Group, Inc.
    are listed below, …" -> "Acme Group, Inc.")."""
    m = _CLAUSE.search(text)
    return (text[:m.start()] if m and m.start() > 0 else text).strip(" *:,")


def prose_filer(text: str) -> str | None:
    """The filer a sentence of the exhibit names as its subsidiaries' holder, or None."""
    for pattern in (_HAS_SUBSIDIARIES, _ALL_OWNED_BY):
        for m in pattern.finditer(text):
            name = m["name"].strip(" ,")
            if has_form(name) and not _GENERIC.match(name) and len(name.split()) <= 10:
                return name
    return None


def generic(name: str) -> bool:
    """Whether a name after "subsidiaries of" is a generic word, naming nobody."""
    return _GENERIC.match(name) is not None


__all__ = ["generic", "name_before_clause", "prose_filer"]
