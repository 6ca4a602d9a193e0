"""ISO 17442 LEI validation (ISO 7064 MOD 97-10)."""

from __future__ import annotations

import re
from functools import lru_cache

_LEI_RE = re.compile(r"^[0-9A-Z]{18}[0-9]{2}$")
_DIGITS = str.maketrans({chr(c): str(c - 55) for c in range(ord("A"), ord("Z") + 1)})  # A=10 .. Z=35


def _numeric(s: str) -> int:
    return int(s.translate(_DIGITS))


@lru_cache(maxsize=1 << 16)  # the same LEI is checked once per mention: in a few readers' hot loops
def is_valid_lei(value: str) -> bool:
    """True when ``value`` is 20 characters and its check digits verify (mod 97 == 1)."""
    return bool(_LEI_RE.match(value)) and _numeric(value) % 97 == 1


def lei_check_digits(base18: str) -> str:
    """The two check digits that make ``base18`` a valid LEI."""
    if not re.fullmatch(r"[0-9A-Z]{18}", base18):
        raise ValueError(f"LEI base must be 18 upper-case alphanumerics, got {base18!r}")
    return f"{98 - (_numeric(base18 + '00') % 97):02d}"
