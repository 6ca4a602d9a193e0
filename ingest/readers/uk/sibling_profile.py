"""The company of a saved Companies House list response that does not name it, from the company
profile saved beside it.

An officer, PSC or charge list is one company's resource (``/company/{number}/officers``,
``/company/{number}/persons-with-significant-control``); the API names that company in the list's
``links.self``, which a client saving only ``items`` drops. Clients save a company's resources
side by side under one naming scheme (``ch_officers.json`` / ``ch_profile.json``,
``12345678/officers.json`` / ``12345678/profile.json``): the file named like the list with its
resource word replaced by a profile word is that company's profile, when it is one. Nothing else
is guessed: no sibling, or a sibling that is not a company profile, names nobody.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

# a list resource's word in a file name, and the words a client names a profile by
_LIST_WORD = re.compile(r"persons[-_]with[-_]significant[-_]control|significant[-_]control|officers?|pscs?|"
                        r"charges", re.I)
_PROFILE_WORDS = ("profile", "company_profile", "company-profile", "company")
_MAX_PROFILE = 1 << 20  # bytes: a profile is a few kB


def sibling_profile_company(path: Path) -> tuple[str, Path] | None:
    """(company number, profile file) of the profile saved beside the list ``path``, or None."""
    path = Path(path)
    words = list(_LIST_WORD.finditer(path.stem))
    if not words:
        return None
    last = words[-1]  # the resource word nearest the end: "psc_officers" names officers
    for word in _PROFILE_WORDS:
        candidate = path.with_name(f"{path.stem[:last.start()]}{word}{path.stem[last.end():]}{path.suffix}")
        if candidate != path and candidate.is_file() and candidate.stat().st_size <= _MAX_PROFILE:
            number = _profile_number(candidate)
            if number:
                return number, candidate
    return None


def _profile_number(path: Path) -> str | None:
    """The company number of a company profile file (``company_number`` and ``company_name`` at
    the top, as the API's companyProfile resource has them); None for anything else."""
    try:
        obj = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeError, ValueError):
        return None
    if not isinstance(obj, dict) or "items" in obj or "kind" in obj and "profile" not in str(obj["kind"]):
        return None
    number = str(obj.get("company_number") or "").strip()
    return number if number and obj.get("company_name") else None
