"""Name normalisation: one comparable key per name, plus its legal-form (suffix) class.

Steps (order matters):
1. NFKD, drop combining marks, case-fold, transliterate Cyrillic/Greek and a few Latin
   letters NFKD leaves alone (ł, ø, æ, ...), so "Петров" -> "petrov", "Spółka" -> "spolka".
2. "&" -> "and"; apostrophes dropped ("Men's" -> "mens"); other punctuation -> space.
3. Runs of single-character tokens are joined ("s a de c v" -> "sa de cv", "l l c" -> "llc"),
   so dotted abbreviations compare equal to undotted ones.
4. A leading "the" / honorific and a legal form at the start ("OOO", "PT", "LLC") or end
   ("Ltd", "GmbH & Co. KG", "Spółka z o.o.") are removed; the form is kept as ``suffix``
   (a canonical class such as ``ltd``) with a coarser ``family`` (``private_limited``),
   so "Acme Ltd" and "Acme Inc" share a key but can be told apart as weaker evidence.

Scripts without a transliteration table (CJK) keep their letters, so such names still have a
non-empty key (they only match the same script).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

from ownergraph.domain.legal_forms import legal_forms

_CYRILLIC = {  # BGN/PCGN-like, simplified
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
    "і": "i", "ї": "yi", "є": "ye", "ґ": "g", "ў": "u", "ј": "j", "љ": "lj", "њ": "nj",
    "ђ": "dj", "ћ": "c", "џ": "dz", "ѓ": "g", "ќ": "k", "ѕ": "dz",
}
_GREEK = {
    "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i",
    "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s",
    "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o",
}
_LATIN = {
    "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th", "ı": "i",
    "ß": "ss", "ħ": "h", "ŀ": "l",
}
_TABLE = str.maketrans({**_CYRILLIC, **_GREEK, **_LATIN, "&": " and ", "'": "", "’": "",
                        "‘": "", "`": "", "´": ""})

# canonical class -> family; the family decides "compatible but weaker" (same family)
_FAMILY = {
    "ltd": "private_limited", "llc": "private_limited", "gmbh": "private_limited",
    "sarl": "private_limited", "srl": "private_limited", "bv": "private_limited",
    "pte_ltd": "private_limited", "pty_ltd": "private_limited", "sdn_bhd": "private_limited",
    "sp_zoo": "private_limited", "ooo": "private_limited", "sro": "private_limited",
    "ltda": "private_limited", "doo": "private_limited", "ood": "private_limited",
    "plc": "public_limited", "ag": "public_limited", "sa": "public_limited",
    "nv": "public_limited", "spa": "public_limited", "se": "public_limited",
    "pjsc": "public_limited", "ojsc": "public_limited", "oao": "public_limited",
    "pao": "public_limited", "jsc": "public_limited", "ao": "public_limited",
    "zao": "public_limited", "cjsc": "public_limited", "asa": "public_limited",
    "oyj": "public_limited", "bhd": "public_limited", "sa_de_cv": "public_limited",
    "inc": "corporation", "corp": "corporation", "co": "corporation", "kk": "corporation",
    "lp": "partnership", "llp": "partnership", "kg": "partnership", "cv": "partnership",
    "scs": "partnership", "gmbh_co_kg": "partnership",
    "oy": "nordic_company", "ab": "nordic_company", "as": "nordic_company",
    "pt": "indonesian_company",
}

# legal forms as written; each is normalised through the same pipeline before use
_SUFFIXES: dict[str, tuple[str, ...]] = {
    "ltd": ("limited", "ltd", "ltd.", "an chuideachta theoranta", "有限公司", "股份有限公司"),
    "plc": ("public limited company", "plc", "p.l.c."),
    "inc": ("incorporated", "inc", "inc."),
    "corp": ("corporation", "corp", "corp."),
    "co": ("company", "co", "co.", "& co.", "& company"),
    "gmbh": ("gesellschaft mit beschränkter haftung", "gmbh", "mbh", "gesellschaft mbh",
             "ges.m.b.h.", "gesellschaft m.b.h."),
    "gmbh_co_kg": ("gmbh & co. kg", "mbh & co. kg", "gmbh & co kg", "gmbh & co.kg",
                   "mbh & co.kg", "gmbh und co kg", "gmbh & cokg", "mbh & cokg"),
    "kg": ("kg", "kommanditgesellschaft"),
    "ag": ("aktiengesellschaft", "ag"),
    "se": ("se", "societas europaea"),
    "sa": ("société anonyme", "s.a.", "sa", "sociedad anónima", "spółka akcyjna"),
    "sa_de_cv": ("s.a. de c.v.", "sa de cv"),
    "spa": ("s.p.a.", "spa", "società per azioni"),
    "srl": ("s.r.l.", "srl", "società a responsabilità limitata",
            "sociedad de responsabilidad limitada", "societatea cu răspundere limitată"),
    "sarl": ("s.à r.l.", "sarl", "s.a.r.l.", "société à responsabilité limitée"),
    "sro": ("s.r.o.", "společnost s ručením omezeným"),
    "doo": ("d.o.o.", "družba z omejeno odgovornostjo", "društvo s ograničenom odgovornošću"),
    "ood": ("ood", "дружество с ограничена отговорност"),
    "bv": ("b.v.", "bv", "besloten vennootschap"),
    "nv": ("n.v.", "nv", "naamloze vennootschap"),
    "cv": ("c.v.", "commanditaire vennootschap"),
    "scs": ("s.c.s.", "société en commandite simple"),
    "llc": ("llc", "l.l.c.", "limited liability company", "общество с ограниченной ответственностью",
            "таварыства з абмежаванай адказнасцю", "εταιρία περιορισμένης ευθύνης",
            "товариство з обмеженою відповідальністю", "有限责任公司"),
    "ooo": ("ooo",),
    "lp": ("lp", "l.p.", "limited partnership"),
    "llp": ("llp", "l.l.p.", "limited liability partnership"),
    "oy": ("oy", "osakeyhtiö"),
    "oyj": ("oyj",),
    "ab": ("ab", "aktiebolag", "ab (publ)"),
    "as": ("as", "a/s", "aksjeselskap", "aktieselskab"),
    "asa": ("asa",),
    "pjsc": ("pjsc", "public joint stock company", "публичное акционерное общество"),
    "ojsc": ("ojsc", "open joint stock company", "открытое акционерное общество"),
    "cjsc": ("cjsc", "closed joint stock company", "закрытое акционерное общество"),
    "jsc": ("jsc", "joint stock company", "акционерное общество"),
    "oao": ("oao",), "pao": ("pao",), "zao": ("zao",), "ao": ("ao",),
    "pte_ltd": ("pte. ltd.", "pte ltd", "pte limited", "private limited", "pvt ltd",
                "pvt. ltd.", "private ltd"),
    "pty_ltd": ("pty ltd", "pty limited", "proprietary limited", "pty. ltd."),
    "sdn_bhd": ("sdn bhd", "sdn. bhd.", "sendirian berhad", "sdnbhd"),
    "bhd": ("bhd", "berhad"),
    "ltda": ("ltda", "limitada"),
    "sp_zoo": ("sp. z o.o.", "spółka z ograniczoną odpowiedzialnością", "sp z oo"),
    "kk": ("kabushiki kaisha", "k.k.", "株式会社"),
}
# forms that are also written before the name ("OOO Romashka", "PT Shell Indonesia")
_PREFIX_CLASSES = ("llc", "ooo", "oao", "pao", "zao", "ao", "pjsc", "ojsc", "cjsc", "jsc", "pt")
_PREFIX_EXTRA = {"pt": ("pt", "pt.")}
_LEADING_NOISE = {"the", "mr", "mrs", "ms", "miss", "dr", "sir", "dame", "lord"}
_CJK_SUFFIXES = {"株式会社": "kk", "股份有限公司": "ltd", "有限责任公司": "llc", "有限公司": "ltd"}

_NON_WORD = re.compile(r"[^\w]+|_")
_LETTER_DIGIT = re.compile(r"(?<=[^\W\d_])(?=\d)|(?<=\d)(?=[^\W\d_])")


class NormalisedName(NamedTuple):
    """``key``: comparable name without legal form; ``suffix``: the form's class or "";
    ``family``: the class's family or ""; ``full``: key plus class (used for stub keys)."""

    key: str
    suffix: str
    family: str

    @property
    def full(self) -> str:
        return f"{self.key} [{self.suffix}]" if self.suffix else self.key

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(self.key.split())


def transliterate(text: str) -> str:
    """Case-folded text in ASCII where a table exists (combining marks dropped).

    The table is applied to composed letters first (so "й" is "y", not "i" + breve), then
    once more after NFKD for letters that only decompose (accented Greek)."""
    if text.isascii():  # fast path: nothing to decompose
        return text.lower().translate(_TABLE)
    composed = unicodedata.normalize("NFC", text.casefold()).translate(_TABLE)
    decomposed = unicodedata.normalize("NFKD", composed)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_TABLE)


def _tokens(text: str) -> list[str]:
    text = _LETTER_DIGIT.sub(" ", transliterate(text))  # "no.1" and "no1" both "no 1"
    raw = [t for t in _NON_WORD.split(text) if t]
    out: list[str] = []
    run: list[str] = []
    for tok in raw + [""]:  # sentinel flushes the last run
        if len(tok) == 1:
            run.append(tok)
            continue
        if run:
            out.append("".join(run) if len(run) > 1 else run[0])
            run = []
        if tok:
            out.append(tok)
    return out


def _table(phrases: dict[str, tuple[str, ...]]) -> dict[tuple[str, ...], str]:
    table: dict[tuple[str, ...], str] = {}
    for cls, forms in phrases.items():
        for form in forms:
            toks = tuple(_tokens(form))
            if toks:
                table.setdefault(toks, cls)
    return table


_SUFFIX_TABLE = _table(_SUFFIXES)
# every other ISO 20275 abbreviation (GLEIF's ELF list: OÜ, ApS, Kft., UAB, ...) is a form of its own
for _forms in legal_forms().values():
    _toks = tuple(_tokens(_forms[0].abbreviation))
    if _toks and len("".join(_toks)) >= 2:
        _SUFFIX_TABLE.setdefault(_toks, "elf_" + "_".join(_toks))
# short forms only where they are customarily written first; spelled-out forms of two or
# more words ("Societatea cu răspundere limitată «X»") in either position
_PREFIX_TABLE = {k: v for k, v in _table({**_SUFFIXES, **_PREFIX_EXTRA}).items()
                 if v in _PREFIX_CLASSES or len(k) >= 2}
_MAX_FORM = max(len(k) for k in _SUFFIX_TABLE)
_LONG_LAST: dict[str, list[tuple[tuple[str, ...], str]]] = {}
for _form, _cls in sorted(_SUFFIX_TABLE.items(), key=lambda kv: -len(kv[0])):
    if len(_form[-1]) >= 6 and _form[-1].isascii():
        _LONG_LAST.setdefault(_form[-1], []).append((_form, _cls))
_CJK_TABLE = {transliterate(k): v for k, v in _CJK_SUFFIXES.items()}


def _strip_suffix(tokens: list[str]) -> tuple[list[str], str]:
    for n in range(min(_MAX_FORM, len(tokens) - 1), 0, -1):  # longest form first
        cls = _SUFFIX_TABLE.get(tuple(tokens[-n:]))
        if cls:
            return tokens[:-n], cls
    for n in (3, 2):  # a form written in short pieces: "Sà rl", "S.A R.L" ("sa rl" is "sarl")
        if len(tokens) > n and all(len(t) <= 3 for t in tokens[-n:]):
            cls = _SUFFIX_TABLE.get(("".join(tokens[-n:]),))
            if cls:
                return tokens[:-n], cls
    if tokens:  # unspaced CJK: "シェルジャパン株式会社"
        last = tokens[-1]
        for form, cls in _CJK_TABLE.items():
            if last.endswith(form) and len(last) > len(form):
                return tokens[:-1] + [last[: -len(form)]], cls
    if len(tokens) > 1 and len(tokens[-1]) >= 6:  # one typo in a form's last long word
        for last in _long_lasts_near(tokens[-1]):
            for form, cls in _LONG_LAST[last]:  # longest first; the words before must match exactly
                n = len(form)
                if n < len(tokens) and tuple(tokens[-n:-1]) == form[:-1]:
                    return tokens[:-n], cls
    return tokens, ""


@lru_cache(maxsize=65536)
def _long_lasts_near(word: str) -> tuple[str, ...]:
    """The long last words of legal forms within one edit of ``word``, in table order (a word
    is compared with all of them once, not once per name: names share their last words)."""
    return tuple(last for last in _LONG_LAST if _within_one_edit(word, last))


def _within_one_edit(a: str, b: str) -> bool:
    """Damerau-Levenshtein distance <= 1 (one insertion, deletion, substitution or swap)."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    i = 0
    while i < min(la, lb) and a[i] == b[i]:
        i += 1
    if la == lb:
        return a[i + 1:] == b[i + 1:] or (a[i + 2:] == b[i + 2:] and a[i:i + 2] == b[i:i + 2][::-1])
    return a[i:] == b[i + 1:] if la < lb else a[i + 1:] == b[i:]


def _strip_prefix(tokens: list[str]) -> tuple[list[str], str]:
    for n in range(min(_MAX_FORM, len(tokens) - 1), 0, -1):
        cls = _PREFIX_TABLE.get(tuple(tokens[:n]))
        if cls:
            return tokens[n:], cls
    return tokens, ""


@lru_cache(maxsize=65536)
def normalise_name(name: str) -> NormalisedName:
    """The comparable key of ``name`` and its legal-form class (see module docstring)."""
    tokens = _tokens(name)
    while len(tokens) > 1 and tokens[0] in _LEADING_NOISE:
        tokens = tokens[1:]
    tokens, suffix = _strip_suffix(tokens)
    tokens, prefix = _strip_prefix(tokens)
    cls = suffix or prefix
    return NormalisedName(" ".join(tokens), cls, _FAMILY.get(cls, cls))


_HONORIFICS = _LEADING_NOISE - {"the"} | {"mx", "prof", "lady", "rev", "hon"}
_PAREN = re.compile(r"\(([^)]*)\)")


@lru_cache(maxsize=65536)
def person_name_variants(name: str) -> tuple[str, ...]:
    """The ways an analyst's typing of a name may be read, the text itself first:
    "Turner, Mrs Sarah Elizabeth" -> "Sarah Elizabeth Turner" (a comma that does not introduce
    a legal form, as in "Apple, Inc.", turns "Last, First" round); courtesy titles anywhere
    and in brackets dropped; SEC's "SAUNDERS MICHAEL CHARLES" also read with its first word
    last; leading punctuation ("...Solutions", "'t Hoen") ignored."""
    text = unicodedata.normalize("NFKC", name).strip()
    out = [text]
    bare = text.lstrip(" .,;:-'\"“”‘’()[]*#")
    if bare and bare != text:
        out.append(bare)
    untitled = " ".join(w for w in _PAREN.sub(lambda m: "" if transliterate(m.group(1)).strip(" .") in _HONORIFICS
                                              else m.group(0), bare).split()
                        if transliterate(w).strip(".") not in _HONORIFICS)
    if untitled and untitled != bare:
        out.append(untitled)
    last, comma, first = untitled.partition(",")
    if comma and first.strip() and "," not in first and not normalise_name(untitled).suffix \
            and not normalise_name(first).suffix and not _strip_suffix(_tokens(first))[1]:
        out.append(f"{first.strip()} {last.strip()}")
    words = untitled.split()
    if not comma and 2 <= len(words) <= 4 and not normalise_name(untitled).suffix:
        out.append(" ".join(words[1:] + words[:1]))  # LAST FIRST MIDDLE -> FIRST MIDDLE LAST
    return tuple(dict.fromkeys(out))


def suffix_compatibility(a: str, b: str) -> float:
    """1.0 when the legal forms agree or one is unknown, 0.95 for the same family
    ("Ltd" vs "LLC"), 0.0 for different families ("Ltd" vs "Inc")."""
    if not a or not b or a == b:
        return 1.0
    if a.startswith("elf_") or b.startswith("elf_"):  # an ISO 20275 form of no known family
        return 0.95
    return 0.95 if _FAMILY.get(a, a) == _FAMILY.get(b, b) else 0.0


def family_of(suffix: str) -> str:
    return _FAMILY.get(suffix, suffix)
