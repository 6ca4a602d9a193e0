"""Deterministic identities for the synthetic world: LEIs, ISINs, names and their variants.

Everything about entity ``i`` is a pure function of ``(seed, i)`` (splitmix64 hashing), so
the generator never keeps a million strings in memory: it recomputes a name or an LEI when
it writes a record that mentions the entity.
"""

from __future__ import annotations

import re
import unicodedata

import numpy as np

from ownergraph.domain.lei import lei_check_digits

M64 = (1 << 64) - 1
B36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def mix(x: int) -> int:
    """splitmix64 finaliser: a fast, well-spread 64-bit hash."""
    x = (x + 0x9E3779B97F4A7C15) & M64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & M64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & M64
    return x ^ (x >> 31)


def h(seed: int, i: int, salt: int) -> int:
    return mix(mix((seed * 1_000_003 + salt) & M64) ^ i)


def _b36(x: int, width: int) -> str:
    out = []
    for _ in range(width):
        x, r = divmod(x, 36)
        out.append(B36[r])
    return "".join(reversed(out))


# Real LOU prefixes (GLEIF-registered issuers): 5493 GMEI, 2138 LSEG, 9845 Ubisecure/RapidLEI,
# 5299 WM Datenservice, 8156 InfoCamere, 9695 INSEE, 6354 Asociación Española... chosen by hash.
LOU_PREFIXES = ("5493", "2138", "9845", "5299", "8156", "9695", "3912", "7245")
MANAGING_LOUS = tuple(b + lei_check_digits(b) for b in (
    "549300000000000000", "213800WAVVOPS85N22", "984500000000000000", "529900000000000000"))
_AFF_MOD = 36 ** 6


def lei_for(seed: int, i: int) -> str:
    """A valid, unique LEI for entity ``i``: LOU prefix + 8 hashed + 6 chars of a bijection of i."""
    x = h(seed, i, 11)
    a = (h(seed, 0, 12) % (_AFF_MOD // 6)) * 6 + 1  # a ≡ 1 (mod 6): coprime with 36
    b = h(seed, 0, 13) % _AFF_MOD
    base = LOU_PREFIXES[x % len(LOU_PREFIXES)] + _b36(x >> 8, 8) + _b36((a * i + b) % _AFF_MOD, 6)
    return base + lei_check_digits(base)


def _mix_np(x: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        x = x + np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return x ^ (x >> np.uint64(31))


def h_array(seed: int, n: int, salt: int) -> np.ndarray:
    """``h(seed, i, salt)`` for i in 0..n-1, vectorised (same values as :func:`h`)."""
    return _mix_np(np.uint64(mix((seed * 1_000_003 + salt) & M64)) ^ np.arange(n, dtype=np.uint64))


_B36 = np.frombuffer(B36.encode(), np.uint8)


def lei_array(seed: int, n: int) -> np.ndarray:
    """``lei_for(seed, i)`` for every i < n as an ``S20`` array (20 bytes per entity)."""
    x = h_array(seed, n, 11)
    vals = np.zeros((n, 18), np.int64)  # base-36 values of the 18 base characters
    pref = np.array([[int(c, 36) for c in lp] for lp in LOU_PREFIXES], np.int64)
    vals[:, :4] = pref[(x % np.uint64(len(LOU_PREFIXES))).astype(np.int64)]
    y = x >> np.uint64(8)
    for k in range(11, 3, -1):
        vals[:, k] = (y % np.uint64(36)).astype(np.int64)
        y //= np.uint64(36)
    a = (h(seed, 0, 12) % (_AFF_MOD // 6)) * 6 + 1
    b = h(seed, 0, 13) % _AFF_MOD
    z = (np.arange(n, dtype=np.int64) * (a % _AFF_MOD) % _AFF_MOD + b) % _AFF_MOD
    for k in range(17, 11, -1):
        vals[:, k] = z % 36
        z //= 36
    r = np.zeros(n, np.int64)
    for k in range(18):  # ISO 7064 MOD 97-10 over the digit expansion, column by column
        v = vals[:, k]
        r = np.where(v < 10, r * 10 + v, r * 100 + v) % 97
    check = 98 - (r * 100) % 97
    chars = np.empty((n, 20), np.uint8)
    chars[:, :18] = _B36[vals]
    chars[:, 18] = 48 + check // 10
    chars[:, 19] = 48 + check % 10
    return chars.view("S20").ravel()


def isin_check(base11: str) -> str:
    """ISIN check digit (Luhn over the letters-as-numbers expansion)."""
    digits = "".join(str(int(c, 36)) for c in base11)
    total = 0
    for k, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if k % 2 == 0 else 1)
        total += d - 9 if d > 9 else d
    return str((10 - total % 10) % 10)


def isin_for(seed: int, n: int, country: str) -> str:
    """A valid, unique ISIN for instrument number ``n``."""
    cc = "XS" if country in ("KY", "LU", "CY") else country[:2]
    base = cc + _b36(h(seed, n, 21) % 36 ** 3, 3) + _b36((n * 7919 + 104729) % 36 ** 6, 6)
    return base + isin_check(base)


def company_number(seed: int, i: int, jurisdiction: str) -> str:
    """``<country>:<number>`` in the AliasScheme.COMPANY_NUMBER convention; unique per entity."""
    return f"{jurisdiction[:2]}:{(i * 7_654_321 + h(seed, 0, 31) % 1000) % 100_000_000:08d}"


# ---------------------------------------------------------------- jurisdictions

# code, weight, legal suffixes, currency, registration authority, city, region
JURISDICTIONS: tuple[tuple[str, int, tuple[str, ...], str, str, str, str], ...] = (
    ("GB", 18, ("Limited", "Ltd", "PLC"), "GBP", "RA000585", "London", ""),
    ("US-DE", 14, ("LLC", "Inc.", "Corp.", "L.P."), "USD", "RA000602", "Wilmington", "US-DE"),
    ("US-NY", 5, ("Inc.", "LLC", "Corp."), "USD", "RA000628", "New York", "US-NY"),
    ("DE", 10, ("GmbH", "AG", "GmbH & Co. KG"), "EUR", "RA000242", "Frankfurt am Main", "DE-HE"),
    ("FR", 7, ("SA", "SAS"), "EUR", "RA000189", "Paris", "FR-75"),
    ("NL", 6, ("B.V.", "N.V."), "EUR", "RA000463", "Amsterdam", "NL-NH"),
    ("LU", 6, ("S.A.", "S.à r.l."), "EUR", "RA000432", "Luxembourg", ""),
    ("IT", 5, ("S.p.A.", "S.r.l."), "EUR", "RA000407", "Milano", "IT-MI"),
    ("CH", 4, ("AG", "SA"), "CHF", "RA000548", "Zürich", "CH-ZH"),
    ("IE", 4, ("Limited", "DAC"), "EUR", "RA000402", "Dublin", "IE-D"),
    ("CY", 3, ("Limited", "Ltd"), "EUR", "RA000161", "Limassol", ""),
    ("RU", 3, ("OOO", "AO"), "RUB", "RA000499", "Moskva", "RU-MOW"),
    ("KY", 3, ("Ltd",), "USD", "RA000087", "George Town", ""),
    ("SG", 3, ("Pte. Ltd.",), "SGD", "RA000523", "Singapore", ""),
    ("HK", 3, ("Limited",), "HKD", "RA000367", "Hong Kong", ""),
    ("ES", 3, ("S.A.", "S.L."), "EUR", "RA000533", "Madrid", "ES-MD"),
    ("SE", 2, ("AB",), "SEK", "RA000544", "Stockholm", "SE-AB"),
)
JUR_CODES = tuple(j[0] for j in JURISDICTIONS)
JUR_WEIGHTS = tuple(j[1] for j in JURISDICTIONS)
RU = JUR_CODES.index("RU")


def country(jur_code: str) -> str:
    return jur_code[:2]


# ---------------------------------------------------------------- company names

_SYL1 = ("Kor", "Val", "Bren", "Ash", "Tor", "Mar", "Lin", "Cal", "Dor", "Fen", "Gal", "Hal",
         "Isa", "Jor", "Kel", "Lum", "Nor", "Ost", "Pel", "Quin", "Ros", "Sel", "Tal", "Ver",
         "Wes", "Zen", "Av", "Bel", "Cor", "Dal", "Er", "Fal", "Gar", "Hel", "Kal", "Lor",
         "Mon", "Nav", "Or", "Sor")
_SYL2 = ("", "a", "e", "i", "o", "ri", "li", "ve", "na")
_SYL3 = ("anta", "mark", "ford", "wick", "ton", "vale", "ora", "ex", "ion", "ia", "is", "on",
         "ar", "ett", "berg", "holm", "stad", "by", "ley", "ridge", "wood", "gate", "field",
         "mont", "ica", "ova", "ura", "ano", "ix", "um")
WORDS = ("Northbridge", "Silverline", "Bluewater", "Oakridge", "Redstone", "Kestrel", "Harbour",
         "Meridian", "Aurora", "Summit", "Pinnacle", "Crescent", "Granite", "Atlas", "Beacon",
         "Cedar", "Falcon", "Horizon", "Ironwood", "Juniper", "Keystone", "Lighthouse", "Maple",
         "Nimbus", "Orion", "Polaris", "Quarry", "Riverside", "Sterling", "Thames", "Unity",
         "Vanguard", "Westgate", "Evergreen", "Blackrock", "Goldcrest", "Highland", "Lakeside",
         "Marlow", "Newport", "Oakwood", "Pembroke", "Regent", "Stonebridge", "Tidewater",
         "Waverley", "Alder", "Baltic", "Carrick", "Danube", "Elbe", "Fjord", "Glacier", "Hanover",
         "Islay", "Jura", "Kingsway", "Larch", "Moorland", "Nordic", "Osprey", "Portland",
         "Rhine", "Solent", "Tamar", "Upland", "Viking", "Windsor", "Yarrow", "Zephyr", "Amber",
         "Bastion", "Cobalt", "Delta", "Ember", "Forge", "Garnet", "Helix", "Indigo", "Jasper")
SECTORS = ("Holdings", "Capital", "Logistics", "Energy", "Shipping", "Trading", "Investments",
           "Properties", "Technologies", "Pharma", "Foods", "Mining", "Metals", "Telecom", "Media",
           "Engineering", "Construction", "Insurance", "Finance", "Partners", "Group", "Industries",
           "Resources", "Retail", "Software", "Systems", "Chemicals", "Agri", "Textiles", "Motors",
           "Aviation", "Marine", "Solutions", "Services", "Ventures", "Realty", "Infrastructure",
           "Utilities", "Healthcare", "Biotech", "Securities", "Leasing", "Commodities", "Steel",
           "Packaging", "Consulting", "Electronics", "Semiconductors", "Renewables", "Hotels")
FUND_STYLES = ("Global Equity Fund", "Credit Opportunities Fund", "European Value Fund",
               "Emerging Markets Debt Fund", "Infrastructure Fund II", "Multi-Asset Income Fund",
               "Sustainable Growth UCITS ETF", "Special Situations Fund LP", "Real Estate Fund III")
_CYR = {"shch": "щ", "sh": "ш", "ch": "ч", "zh": "ж", "kh": "х", "ts": "ц", "ya": "я", "yu": "ю",
        "a": "а", "b": "б", "c": "к", "d": "д", "e": "е", "f": "ф", "g": "г", "h": "х", "i": "и",
        "j": "дж", "k": "к", "l": "л", "m": "м", "n": "н", "o": "о", "p": "п", "q": "к", "r": "р",
        "s": "с", "t": "т", "u": "у", "v": "в", "w": "в", "x": "кс", "y": "ы", "z": "з"}
_LAT = {"щ": "shch", "ш": "sh", "ч": "ch", "ж": "zh", "х": "kh", "ц": "ts", "я": "ya", "ю": "yu",
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "з": "z", "и": "i",
        "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s",
        "т": "t", "у": "u", "ф": "f", "ы": "y", "э": "e", "ь": "", "ъ": ""}
RU_SECTORS = ("Холдинг", "Инвест", "Капитал", "Трейд", "Энерго", "Строй", "Логистик", "Ресурс")
RU_FORMS = {"OOO": "ООО", "AO": "АО"}


def to_cyrillic(latin: str) -> str:
    out, s, k = [], latin.lower(), 0
    while k < len(s):
        for n in (4, 2, 1):
            if s[k:k + n] in _CYR:
                out.append(_CYR[s[k:k + n]])
                k += n
                break
        else:
            out.append(s[k])
            k += 1
    return "".join(out).capitalize() if latin[:1].isupper() else "".join(out)


def transliterate(text: str) -> str:
    """Cyrillic -> Latin (a simple BGN-like table); other characters are kept."""
    out = []
    for ch in text:
        lat = _LAT.get(ch.lower())
        if lat is None:
            out.append(ch)
        else:
            out.append(lat.upper() if ch.isupper() and len(lat) == 1 else lat.capitalize() if ch.isupper() else lat)
    return "".join(out)


def _stem(x: int) -> str:
    return _SYL1[x % 40] + _SYL2[(x >> 6) % 9] + _SYL3[(x >> 10) % 30]


def company_name(seed: int, i: int, jur: int, version: int = 0, *, bank: bool = False,
                 manager: bool = False) -> str:
    """Legal name of company ``i`` (``version`` > 0 after each rename)."""
    x = h(seed, i, 100 + version)
    code, _, suffixes, *_ = JURISDICTIONS[jur]
    stem = _stem(x)
    if jur == RU:
        form = ("OOO", "AO")[(x >> 20) % 2]
        return f'{RU_FORMS[form]} "{to_cyrillic(stem)} {RU_SECTORS[(x >> 24) % len(RU_SECTORS)]}"'
    suffix = suffixes[(x >> 20) % len(suffixes)]
    word, sector = WORDS[(x >> 24) % len(WORDS)], SECTORS[(x >> 32) % len(SECTORS)]
    if bank:
        sector = "Bank"
    elif manager:
        sector = ("Asset Management", "Investment Managers", "Capital Management")[(x >> 32) % 3]
    pattern = (x >> 40) % 10
    if pattern < 4:
        core = f"{stem} {sector}"
    elif pattern < 6:
        core = f"{stem} {word} {sector}"
    elif pattern < 8:
        core = f"{word} {stem} {sector}"
    elif pattern < 9:
        core = f"{word} {sector}"
    else:
        core = f"{stem} & {_stem(x >> 45)} {sector}"
    return f"{core} {suffix}"


def fund_name(seed: int, i: int, manager_name: str, version: int = 0) -> str:
    x = h(seed, i, 150 + version)
    brand = re.sub(r"\s+(Asset Management|Investment Managers|Capital Management).*$", "", manager_name)
    return f"{brand} {FUND_STYLES[x % len(FUND_STYLES)]}"


# ---------------------------------------------------------------- persons

# culture: (given male, given female, surnames (male form), female surname rule)
CULTURES = {
    "ru": (("Ivan", "Dmitri", "Sergei", "Alexei", "Nikolai", "Mikhail", "Andrei", "Pavel"),
           ("Elena", "Anna", "Olga", "Natalia", "Irina", "Tatiana", "Maria", "Svetlana"),
           ("Ivanov", "Smirnov", "Volkov", "Sokolov", "Morozov", "Orlov", "Lebedev", "Kozlov",
            "Novikov", "Fedorov", "Belov", "Zaitsev")),
    "en": (("James", "William", "Oliver", "George", "Henry", "Edward", "Thomas", "Charles"),
           ("Charlotte", "Emily", "Sophie", "Alice", "Victoria", "Eleanor", "Grace", "Harriet"),
           ("Whitfield", "Harrington", "Ashworth", "Pemberton", "Caldwell", "Fairbanks",
            "Hollis", "Kingsley", "Langford", "Merriweather", "Radcliffe", "Thornbury")),
    "de": (("Klaus", "Jürgen", "Stefan", "Matthias", "Wolfgang", "Dieter", "Lukas", "Felix"),
           ("Sabine", "Ursula", "Katrin", "Jutta", "Petra", "Heike", "Lena", "Sophie"),
           ("Müller", "Schröder", "Böhm", "Krüger", "Weiß", "Hoffmann", "Schäfer", "Köhler",
            "Wagner", "Becker", "Fuchs", "Günther")),
    "it": (("Giovanni", "Marco", "Luca", "Alessandro", "Francesco", "Matteo", "Paolo", "Stefano"),
           ("Giulia", "Francesca", "Chiara", "Valentina", "Elena", "Sara", "Martina", "Laura"),
           ("Rossi", "Bianchi", "Ferrari", "Esposito", "Romano", "Colombo", "Ricci", "Marino",
            "Greco", "Bruno", "Gallo", "Conti")),
}
CULTURE_KEYS = ("ru", "en", "de", "it")
CULTURE_JUR = {"ru": "CY", "en": "GB", "de": "DE", "it": "IT"}
_DE_TRANSLIT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def surname_form(culture: str, surname: str, female: bool) -> str:
    if culture == "ru" and female:
        return surname + "a"  # Petrov -> Petrova, Ivanov -> Ivanova
    return surname


def person_variants(given: str, surname: str, culture: str) -> list[tuple[str, str]]:
    """(name, kind) spellings of a person's name other than the canonical ``given surname``."""
    full = f"{given} {surname}"
    out = [(f"{surname.upper()}, {given}", "mention"), (f"{given[0]}. {surname}", "mention")]
    if culture == "ru":
        out.append((f"{to_cyrillic(given)} {to_cyrillic(surname)}", "transliterated"))
    if culture == "de" and full.translate(_DE_TRANSLIT) != full:
        out.append((full.translate(_DE_TRANSLIT), "transliterated"))
    return out


# ---------------------------------------------------------------- name variants

_EXPAND = {"Ltd": "Limited", "Limited": "Ltd", "PLC": "Public Limited Company", "Inc.": "Incorporated",
           "Corp.": "Corporation", "AG": "Aktiengesellschaft", "S.p.A.": "SpA", "B.V.": "BV",
           "N.V.": "NV", "S.A.": "SA", "LLC": "L.L.C.", "GmbH": "G.m.b.H.", "Pte. Ltd.": "Pte Ltd",
           "S.à r.l.": "Sarl", "SAS": "S.A.S."}


_SUFFIXES = tuple(sorted(list(_EXPAND) + ["GmbH & Co. KG", "L.P.", "DAC", "AB", "S.r.l.", "S.L."],
                        key=len, reverse=True))
_SPACES = re.compile(r"\s+")
_PUNCT = re.compile(r"[.,]")
_CYRILLIC = re.compile(r"[А-Яа-я]")


def split_suffix(name: str) -> tuple[str, str]:
    for suf in _SUFFIXES:
        if name.endswith(suf) and name[-len(suf) - 1: -len(suf)] == " ":
            return name[: -len(suf) - 1], suf
    return name, ""


def strip_accents(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def company_variants(name: str) -> list[tuple[str, str]]:
    """Mention spellings of a legal name (case, punctuation, suffix expansions, '&'/'and').

    Kind ``mention``: how other documents write the name; not an alias the entity declares.
    Russian names add their transliteration (kind ``transliterated``).
    """
    out: list[str] = []
    if _CYRILLIC.search(name):
        lat = transliterate(name)
        return [(lat, "transliterated"), (lat.upper().replace('"', ""), "mention")]
    core, suf = split_suffix(name)
    out.append(name.upper())
    if suf in _EXPAND:
        out.append(f"{core} {_EXPAND[suf]}")
    out.append(core)  # suffix dropped
    out.append(_PUNCT.sub("", name))
    if "&" in core:
        out.append(name.replace("&", "and"))
    if not name.isascii():
        out.append(strip_accents(name))
    seen, res = {name}, []
    for v in out:
        v = _SPACES.sub(" ", v).strip()
        if v not in seen:
            seen.add(v)
            res.append((v, "mention"))
    return res


def trading_name(name: str) -> str:
    core, _ = split_suffix(name)
    words = core.split()
    return words[0] if len(words) > 1 and words[0] not in WORDS else core
