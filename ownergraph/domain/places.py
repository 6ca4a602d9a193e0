"""Places as filers write them -> ISO 3166 codes: every ISO 3166-1 country, territory and area
(from the IANA time zone database's ``iso3166.tab``, as the ``tzdata`` package ships it; it
follows ISO 3166-1 as current, so no country list is kept by hand), the US states and DC
(ISO 3166-2:US, ``US-DE``) with their postal codes and the abbreviations style books use
("Del.", "Calif."), and the forms filings use beside the list's own names ("the Netherlands",
"U.K.", "P.R.", "People's Republic of China", "Korea, Republic of", "Commonwealth of Puerto Rico").

Subdivisions where companies are formed under their own law (Canadian provinces "Ontario"
``CA-ON``, "Labuan" ``MY-15``, "Dubai" ``AE-DU``) come from GLEIF's ISO 20275 list
(:func:`ownergraph.domain.legal_forms.subdivisions`); England, Scotland, Wales and Northern
Ireland stay ``GB``, as the readers have always coded them.

One source for the readers' jurisdictions (Exhibit 21, cover pages, headers). A US territory is
coded as ISO 3166-1 codes it (Puerto Rico ``PR``, Guam ``GU``). A name two places share (a bare
"Korea", "Congo", "Samoa") is coded only where one meaning is usual ("Korea": South Korea).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from importlib import resources

from ownergraph.domain.legal_forms import subdivisions

US_STATES = dict(zip(
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV "
    "NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split(),
    "alabama alaska arizona arkansas california colorado connecticut delaware "
    "district_of_columbia florida georgia hawaii idaho illinois indiana iowa kansas kentucky "
    "louisiana maine maryland massachusetts michigan minnesota mississippi missouri montana "
    "nebraska nevada new_hampshire new_jersey new_mexico new_york north_carolina north_dakota "
    "ohio oklahoma oregon pennsylvania rhode_island south_carolina south_dakota tennessee texas "
    "utah vermont virginia washington west_virginia wisconsin wyoming".split()))
# the older abbreviations (GPO style) filings still write: "a Del. corporation", "Calif."
_STATE_ABBREVIATIONS = {
    "ala": "AL", "ariz": "AZ", "ark": "AR", "calif": "CA", "cal": "CA", "colo": "CO", "conn": "CT",
    "del": "DE", "fla": "FL", "ill": "IL", "ind": "IN", "kan": "KS", "kans": "KS", "mass": "MA",
    "mich": "MI", "minn": "MN", "miss": "MS", "mont": "MT", "neb": "NE", "nebr": "NE", "nev": "NV",
    "okla": "OK", "ore": "OR", "penn": "PA", "penna": "PA", "tenn": "TN", "tex": "TX", "wash": "WA",
    "wis": "WI", "wisc": "WI", "wyo": "WY", "w va": "WV", "wva": "WV",
}
# forms filings use that the list does not write (keys as :func:`_key` makes them)
_ALSO = {
    "united states of america": "US", "usa": "US", "us": "US", "america": "US",
    "united kingdom": "GB", "uk": "GB", "great britain": "GB", "gb": "GB", "england": "GB",
    "wales": "GB", "scotland": "GB", "northern ireland": "GB", "england and wales": "GB",
    "united kingdom of great britain and northern ireland": "GB",
    "britain": "GB", "holland": "NL", "korea": "KR", "republic of korea": "KR", "prc": "CN", "mainland china": "CN",
    "peoples republic of china": "CN", "republic of china": "TW", "roc": "TW", "hong kong sar": "HK",
    "macao": "MO", "macao sar": "MO", "russian federation": "RU", "czechia": "CZ",
    "slovak republic": "SK", "ivory coast": "CI", "turkiye": "TR", "bvi": "VG",
    "british virgin islands": "VG", "us virgin islands": "VI", "usvi": "VI",
    "united states virgin islands": "VI", "uae": "AE", "macedonia": "MK", "cabo verde": "CV",
    "east timor": "TL", "timor leste": "TL", "vatican": "VA", "holy see": "VA", "congo": "CG",
    "democratic republic of the congo": "CD", "republic of the congo": "CG", "samoa": "WS",
    "dprk": "KP", "democratic peoples republic of korea": "KP", "laos": "LA", "syria": "SY",
    "iran": "IR", "moldova": "MD", "tanzania": "TZ", "venezuela": "VE", "bolivia": "BO",
    "vietnam": "VN", "viet nam": "VN", "brunei darussalam": "BN", "curacao": "CW",
    "pr": "PR", "channel islands": "GB", "isle of man": "IM", "tchad": "TD", "british vi": "VG",
}
# what may stand before a country's name: "Republic of Panama", "the Grand Duchy of Luxembourg"
_PREFIX = re.compile(r"^(?:the )?(?:(?:federal|islamic|peoples|democratic|socialist|united|hellenic|"
                     r"federative|plurinational|bolivarian|oriental) )*(?:republic|kingdom|commonwealth|"
                     r"state|states|grand duchy|duchy|principality|sultanate|emirate|federation|union|"
                     r"territory|country|nation) of (?:the )?")
# "Congo (Dem. Rep.)", "Samoa (American)": the list's own bracketed words, as a prefix they read as
_QUALIFIERS = {"dem rep": "democratic republic of the", "rep": "republic of the", "uk": "british",
               "us": "us", "western": "", "north": "north", "south": "south", "american": "american",
               "french": "french", "dutch": "dutch"}


def _key(text: str) -> str:
    """A place's comparable form: accents, case, dots, apostrophes and "the" dropped, "&" as
    "and", "St" as "Saint", "Is" as "Islands"."""
    t = unicodedata.normalize("NFKD", text)
    t = "".join(c for c in t if not unicodedata.combining(c)).casefold()
    t = t.replace("&", " and ").replace("'", "").replace("\u2019", "").replace(".", " ")
    t = re.sub(r"[^\w\s]", " ", t)
    words = t.split()
    if words[:1] == ["the"]:
        words = words[1:]
    words = ["saint" if w in ("st", "ste") else w for w in words]
    if len(words) > 1 and words[-1] == "is":
        words[-1] = "islands"
    # "u s a", "p r c", "u s virgin islands": letters written with dots apart are one word
    return re.sub(r"\b\w(?: \w\b)+", lambda m: m[0].replace(" ", ""), " ".join(words))


def _list_rows() -> list[tuple[str, str]]:
    text = resources.files("tzdata").joinpath("zoneinfo/iso3166.tab").read_text(encoding="utf-8")
    return [(code, name) for line in text.splitlines()
            if line and not line.startswith("#") for code, name in [line.split("\t", 1)]]


def _variants(name: str) -> list[str]:
    """The list's name and the forms it stands for: "Korea (South)" -> "Korea South", "South
    Korea"; "Myanmar (Burma)" -> "Myanmar", "Burma"; "Congo (Dem. Rep.)" -> "Democratic Republic
    of the Congo"."""
    m = re.fullmatch(r"(?P<base>.+?)\s*\((?P<q>[^()]+)\)", name)
    if not m:
        return [name]
    base, q = m["base"], _key(m["q"])
    if q in _QUALIFIERS:
        return [f"{base} {m['q']}", f"{_QUALIFIERS[q]} {base}".strip()]
    return [name, base, m["q"]]


@lru_cache(maxsize=1)
def _names() -> dict[str, str]:
    """Every form's key -> its code; a bare name two codes share is left out (unless :data:`_ALSO`
    names the usual one)."""
    found: dict[str, set[str]] = {}
    for code, name in _list_rows():
        for v in _variants(name):
            found.setdefault(_key(v), set()).add(code)
    out = {k: next(iter(codes)) for k, codes in found.items() if len(codes) == 1}
    out.update({_key(name): code for code, name in subdivisions().items()})
    out.update({k: f"US-{code}" for code, k in ((c, n.replace("_", " ")) for c, n in US_STATES.items())})
    out.update(_ALSO)
    return out


def country_codes() -> frozenset[str]:
    """The ISO 3166-1 alpha-2 codes the list holds."""
    return frozenset(code for code, _ in _list_rows())


def _one(text: str) -> str | None:
    key = _key(text)
    if not key:
        return None
    names = _names()
    if key in names:
        return names[key]
    if len(key) == 2 and key.upper() in US_STATES:
        return f"US-{key.upper()}"  # "NY", "N.Y.": a state's postal code
    if key in _STATE_ABBREVIATIONS:
        return f"US-{_STATE_ABBREVIATIONS[key]}"
    if m := re.fullmatch(r"(.+?) (?:republic|kingdom|state|commonwealth|union|federation) of", key):
        key = m[1]  # "Korea, Republic of" (after the comma went)
    bare = _bare(key)
    return names.get(bare) if bare != key else names.get(key)


def _bare(key: str) -> str:
    """The key without every style before the country's name ("republic of the union of myanmar")."""
    while (shorter := _PREFIX.sub("", key)) != key:
        key = shorter
    return key


def names_place(text: str | None) -> bool:
    """Whether the whole text is a place's name as this module knows it ("Hong Kong", "the
    Netherlands", "People's Republic of China", "Delaware"); a postal code or a style-book
    abbreviation ("DE", "Del.") or "City, Country" is not."""
    key = _key(text or "")
    names = _names()
    return bool(key) and (key in names or _bare(key) in names)


@lru_cache(maxsize=1)
def _first_words() -> frozenset[str]:
    """The first words (one or more, not all) of every place name: "united", "united arab", "new"."""
    return frozenset(" ".join(k.split()[:i]) for k in _names() for i in range(1, len(k.split())))


def starts_place(text: str | None) -> bool:
    """Whether the text is a place's name, begins with one ("Delaware and"), or is the first words
    of one ("United Arab"): a jurisdiction cell, whole or cut by a line break."""
    key = _key(text or "")
    if not key:
        return False
    words = key.split()
    return key in _first_words() or any(names_place(" ".join(words[:i])) for i in range(1, len(words) + 1))


def place_code(text: str | None) -> str | None:
    """The ISO 3166 code of a place as written: "Tunisia" -> "TN", "the Netherlands" -> "NL",
    "Delaware" / "Del." / "DE" -> "US-DE", "Commonwealth of Puerto Rico" / "P.R." -> "PR";
    "Delaware, U.S.A." -> "US-DE", "Bristol, UK" -> "GB", "U.S.A. (Delaware)" -> "US-DE".
    None for text that names no place this module knows."""
    t = " ".join((text or "").split()).strip(" .*:;,")
    if not t:
        return None
    if (code := _one(t)) is not None:
        return code
    if m := re.fullmatch(r"(?P<a>[^()]+?)\s*\((?P<b>[^()]+)\)", t):  # "U.S.A. (Delaware)"
        inner, outer = _one(m["b"]), _one(m["a"])
        return inner if inner is not None and (outer is None or inner.startswith(f"{outer}-")) else outer
    parts = [p for p in re.split(r"\s*,\s*", t) if p]
    if len(parts) > 1:  # "Delaware, U.S.", "Bristol, UK", "Ontario, Canada", "Korea, Republic of"
        if (code := _one(f"{parts[-1]} {parts[0]}")) is not None and len(parts) == 2:
            return code
        first, last = _one(parts[0]), _one(parts[-1])
        if first is not None and (last is None or first.startswith(f"{last}-") or first == last):
            return first
        return last
    return None


__all__ = ["US_STATES", "country_codes", "names_place", "place_code", "starts_place"]
