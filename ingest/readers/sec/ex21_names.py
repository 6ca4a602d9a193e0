"""Names in an Exhibit 21 as a list writes them: a defined short name after the name ("Tower
Insurance Company of New York ("TICNY")", "(the "Bank")") that later rows use for it, other names
in brackets ("(fka …)", "(renamed …)", "(d/b/a …)"), and the
words by which a list means its own filer ("Company", "the Registrant") in an owner column."""

from __future__ import annotations

import re

from ownergraph.domain.legal_forms import trailing_form

# ("TICNY"), (“Sino Solar”), (the "Bank"), ('DPI'): quotes required, so "(Ltee)" or "(HK)" stay names
_SHORT = re.compile(r"\s*\(\s*(?:the\s+|hereinafter\s+)?[\"“”'‘’](?P<short>[^\"“”'‘’()]{1,60})[\"“”'‘’]\s*\)", re.I)
_FILER_WORDS = re.compile(r"^(?:the\s+)?(?:registrant|company|corporation|issuer|parent)\.?$", re.I)


# "Computing Technology, Inc. (CTI)", "CICA Life Ltd. (CICA Ltd.)": unquoted, at the name's end
_BARE_SHORT = re.compile(r"\s*\((?P<short>[A-Z][\w.&-]*(?:\s+[\w.&-]+){0,2})\)\s*$")
_SMALL = {"of", "and", "the", "de", "&"}


def short_name(text: str) -> tuple[str, str | None]:
    """The name without its defined short name, and that short name (None if none): one in
    quotes, or one unquoted at the end that is the name's initials or words of the name
    ("(CTI)", "(CICA Ltd.)"; never "Speedware Limited (Ltee)")."""
    m = _SHORT.search(text) or _BARE_SHORT.search(text)
    if not m or (m.re is _BARE_SHORT and not _abbreviates(m["short"], text[:m.start()])):
        return text, None
    return (text[:m.start()] + text[m.end():]).strip(" ,"), m["short"].strip()


def _abbreviates(short: str, name: str) -> bool:
    words = re.findall(r"[\w&]+", name)
    initials = "".join(w[0] for w in words if w.casefold() not in _SMALL).casefold()
    bare = short.replace(".", "").casefold()
    inside = {w.casefold() for w in words}
    return (len(bare) > 1 and initials.startswith(bare)) or all(
        w.casefold() in inside for w in re.findall(r"[\w&]+", short))


# "(renamed NetGuru Limited)", "(fka Acme Inc.)", "(formerly Acme)", "(d/b/a Wendy's of Michigan)"
_OTHER_NAME = re.compile(r"\s*\((?P<how>renamed|(?:now\s+)?known\s+as|f/?k/?a|formerly(?:\s+known\s+as)?|former\s+names?|"
                         r"d/?b/?a|doing\s+business\s+as)\s*:?\s+(?P<other>(?:[^()]|\([^()]*\))+)\)", re.I)  # "(… (BVI) Limited)"


def other_names(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The name without the other names it states in brackets, and those: (kind, name), kind
    "former" (fka, formerly), "now" (renamed, now known as: the listed name is the earlier one)
    or "dba"."""
    found = [(m["how"].casefold(), m["other"].strip()) for m in _OTHER_NAME.finditer(text)]
    name = _OTHER_NAME.sub("", text).strip(" ,")
    return name, [(_kind(how), other) for how, other in found]


def _kind(how: str) -> str:
    if re.match(r"d/?b/?a|doing", how):
        return "dba"
    return "now" if re.match(r"renamed|now|known", how) else "former"


def set_aside(text: str) -> tuple[str, str]:
    """The text without its other-name brackets, and those brackets as written (to be put back
    after the name once its place is read off: "X, a Michigan limited partnership (d/b/a Y)")."""
    found = " ".join(m[0].strip() for m in _OTHER_NAME.finditer(text))
    return _OTHER_NAME.sub("", text).strip(), f" {found}" if found else ""


def means_filer(name: str) -> bool:
    """Whether an owner cell names the filer by a generic word ("Company", "the Registrant")."""
    return _FILER_WORDS.match(name.strip()) is not None


__all__ = ["means_filer", "other_names", "set_aside", "short_name"]


_GLUED = re.compile(r"(?:\d{1,2}|\(\s*\w{1,3}\s*\))\.?\s*$")  # "Sapa AB1", "Sapiens N.V(2)."


def unglued(name: str) -> str:
    """A name without a footnote mark written against its legal form ("Sapa AB1" -> "Sapa AB",
    "Sapiens International Corporation N.V(2)." -> "… N.V", the full stop after the mark being the
    sentence's): only where the name ends in a legal
    form once the mark is gone and not with it ("Big Brown 3", "Fund 2 Ltd." keep their figures)."""
    m = _GLUED.search(name)
    if m is None or m.start() == 0 or trailing_form(name.rstrip(".")) is not None:
        return name
    bare = name[:m.start()].rstrip()
    return bare if trailing_form(bare.rstrip(".")) is not None and not bare[-1:].isdigit() else name
