"""Canonical entity keys.

- An entity with an LEI is keyed by the LEI itself (``"213800FERQ5LE3H7WJ58"``).
- Otherwise the key is ``"og:" + sha256(text).hexdigest()[:16]`` where ``text`` is
  * ``"{scheme}:{value}"`` of the entity's most authoritative identifier, schemes ranked by
    :data:`SCHEME_AUTHORITY` (company number first, source-internal ids last), ties broken by
    the smallest value; the value is normalised by :func:`normalise_identifier` first
    (e.g. ``"company_number:GB:07444723"``);
  * for a name-only entity or mention: ``"name:{full}|{JURISDICTION}|{kind}"`` where ``full``
    is the normalised name with its legal-form class (``"acme [ltd]"``), the jurisdiction
    upper-cased as given (empty when unknown) and the kind's value (``unknown`` when
    not given).
  The same input always gives the same key, in any run and any order of loading.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from ownergraph.domain.codes import AliasScheme, EntityKind

from ownergraph.resolution.normalise import normalise_name

# most authoritative first; NAME and LEI never take part (LEI is the key itself)
SCHEME_AUTHORITY: tuple[AliasScheme, ...] = (
    AliasScheme.COMPANY_NUMBER,
    AliasScheme.CIK,
    AliasScheme.BIC,
    AliasScheme.ISIN,
    AliasScheme.PSC_ID,
    AliasScheme.FTM_ID,
    AliasScheme.BODS_RECORD,
    AliasScheme.BODS_STATEMENT,
    AliasScheme.INTERNAL,
    AliasScheme.OTHER,
)
_RANK = {s.value: i for i, s in enumerate(SCHEME_AUTHORITY)}
_UPPER = {AliasScheme.COMPANY_NUMBER.value, AliasScheme.ISIN.value, AliasScheme.BIC.value,
          AliasScheme.LEI.value}


def normalise_identifier(scheme: str, value: str) -> str:
    """Whitespace trimmed; registry codes upper-cased; CIK without leading zeros.
    Source-internal ids (FtM, BODS, PSC) are case-sensitive and kept as they are."""
    v = value.strip()
    if scheme in _UPPER:
        v = "".join(v.split()).upper()
    elif scheme == AliasScheme.CIK.value:
        v = v.lstrip("0") or "0"
    return v


def register_of(scheme: str, value: str) -> str:
    """The register an identifier belongs to: its scheme, except that ``other`` holds many
    registers, each value prefixed by its own (``"spglobal:270532115"``, ``"cusip:…"``,
    ``"inn:…"``); a value without a prefix is its own unnamed register. Two identifiers can
    only contradict each other within one register."""
    if scheme != AliasScheme.OTHER.value:
        return scheme
    prefix, sep, _ = value.partition(":")
    return f"{scheme}:{prefix}" if sep else scheme


def authority(scheme: str) -> int:
    return _RANK.get(scheme, len(_RANK))


# every key that is not an LEI starts with this; LEIs (upper-case letters and digits) sort
# before it, so a sorted list of keys holds its LEIs first
INTERNAL_PREFIX = "og:"


def is_internal_key(key: str) -> bool:
    """True for an internal key (no LEI), False for an LEI key."""
    return key.startswith(INTERNAL_PREFIX)


def _digest(text: str) -> str:
    return INTERNAL_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def identifier_key(identifiers: Iterable[tuple[str, str]]) -> str | None:
    """The internal key from the most authoritative (scheme, value), or None if none."""
    best = min(
        ((authority(s), s, normalise_identifier(s, v)) for s, v in identifiers
         if s not in (AliasScheme.NAME.value, AliasScheme.LEI.value) and v.strip()),
        default=None,
    )
    return None if best is None else _digest(f"{best[1]}:{best[2]}")


def name_key(name: str, jurisdiction: str | None, kind: EntityKind | str | None) -> str:
    """The internal key of a name-only entity or mention."""
    full = normalise_name(name).full
    k = EntityKind(kind).value if kind else EntityKind.UNKNOWN.value
    return _digest(f"name:{full}|{(jurisdiction or '').strip().upper()}|{k}")


def country_of(jurisdiction: str | None) -> str | None:
    """ "US-DE" -> "US", "by" -> "BY"; None stays None."""
    if not jurisdiction:
        return None
    return jurisdiction.strip().upper().split("-", 1)[0] or None
