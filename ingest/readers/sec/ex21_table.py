"""Exhibit 21 subsidiary tables in HTML, read row by row: shared by the single-exhibit reader
(:mod:`ingest.readers.sec.ex21`) and the Exhibit 21 of a full submission
(:mod:`ingest.readers.documents.exhibit21`)."""

from __future__ import annotations

import re
from typing import Any

from ownergraph.domain.codes import EntityKind
from ownergraph.domain.legal_forms import trailing_form
from ownergraph.domain.model import EntityRef, Stake
from ownergraph.ingest.readers.sec.ex21_names import means_filer, other_names, set_aside, short_name
from ownergraph.ingest.readers.sec.values import clean_text, jurisdiction, normalise, percent_stake

SUFFIX = re.compile(r"\b(inc|corp|corporation|co|company|ltd|limited|llc|plc|n\.?v|s\.?a|ag|"
                    r"se|group|holdings?|bancorp|trust|lp|l\.p|kk|k\.k|pty|ltda)\b\.?", re.I)


def has_form(text: str) -> bool:
    """A company name's mark: a common English form word, or an ISO 20275 legal form at its end."""
    # "Incorporated" only as the name's last word ("Acme Incorporated"), never mid-sentence
    # ("Documents Incorporated by Reference")
    return (bool(SUFFIX.search(text)) or trailing_form(text) is not None
            or re.search(r"\bincorporated\.?\s*$", text, re.I) is not None)


def _indent(el: Any) -> float:
    """Left indentation of a table cell in points (padding/margin/text-indent, px = 0.75 pt)."""
    total = 0.0
    for node in el.iter():
        style = (node.get("style") or "").lower() if isinstance(node.tag, str) else ""
        for prop, val in re.findall(r"(padding|padding-left|margin-left|text-indent)\s*:\s*([^;]+)",
                                    style):
            parts = val.split() or ["0"]
            # padding shorthand: the left value is the 4th, else the 2nd, else the only one
            part = parts[min(len(parts), 4) - 1 if len(parts) == 4 else min(len(parts) - 1, 1)] \
                if prop == "padding" else parts[0]
            if m := re.fullmatch(r"(-?[\d.]+)(pt|px|em)?", part):
                total += float(m[1]) * {"px": 0.75, "em": 12.0}.get(m[2] or "pt", 1.0)
    return total


def table_rows(root: Any) -> list[tuple[str, str, str | None, str | None, float]]:
    """(locator, name, jurisdiction text, percent text, indent) per subsidiary row."""
    out = []
    for t, table in enumerate(root.iter("table"), 1):
        cols = Columns()
        for r, tr in enumerate(table.iter("tr"), 1):
            cells = [c for c in tr if c.tag in ("td", "th")
                     and "display:none" not in (c.get("style") or "").replace(" ", "")]
            texts = [clean_text(c.text_content().replace("\xa0", " ")) for c in cells]
            if not any(texts):
                continue
            if cols.learn(texts):
                continue
            cols.data_seen = True
            row = cols.row(texts)
            if row is not None:
                name, jur, pct, at = row
                out.append((f"table[{t}]/tr[{r}]", name, jur, pct, _indent(cells[at])))
    return out


# header words: the name, jurisdiction and percent columns, in any order, over several rows
_NAME_HEAD = re.compile(r"^(name|subsidiar|company|entity|legal name)", re.I)
_JUR_HEAD = re.compile(r"jurisdiction|organi[sz]|incorporat|domicile|country|state|place|location"
                       r"|(?<!date )(?<!year )\bformed\b", re.I)  # "Formed": where, unless "Date Formed"
_OTHER_HEAD = re.compile(r"(?:form|type)\s+of\s+(?:organi[sz]ation|entity)|entity\s+type", re.I)  # not a place
_PCT_HEAD = re.compile(r"%|percent|owned|ownership|interest held", re.I)
PCT = re.compile(r"\(?\s*(\d{1,3}(?:[.,]\d+)?)\s*%\s*\)?")
MARK = re.compile(r"\s*(?:\*+|[#\u2020\u2021\u00a7]{1,3}|\((?:[a-z]|\d{1,2}|[ivx]{1,4})\))\s*$", re.I)  # "*", "†", "(1)"


def _header_len(text: str) -> int:
    """The longest a header cell may be: longer for one that starts as a jurisdiction header
    ("Jurisdiction of Incorporation or Organization"), else a sentence or a long name."""
    return 64 if re.match(r"(state|jurisdiction|place|country)\b", text, re.I) else 40


class Columns:
    """Where a table keeps its subsidiary name, jurisdiction and percent, learnt from its
    header rows by cell position (a header may be split over rows, a column may have no header
    text, the name column may come after the others)."""

    def __init__(self) -> None:
        self.name: int | None = None
        self.jur: int | None = None
        self.pct: int | None = None
        self.data_seen = False

    def learn(self, texts: list[str], header: bool = False) -> bool:
        """True (and the columns noted) when the row is a header row; ``header``: it is known to
        be one (a text table's lines above its column marks), so cells of no kind are allowed."""
        filled = [(i, x) for i, x in enumerate(texts) if x]
        if header:
            filled = [(i, x) for i, x in filled if len(x) <= 2 * _header_len(x)]
        elif any(PCT.fullmatch(x) or len(x) > _header_len(x) or (has_form(x) and not _NAME_HEAD.search(x))
               for _, x in filled):
            return False  # a figure, a sentence or a company name: a data row
        kinds = [(i, None if _OTHER_HEAD.match(x) else "pct" if _PCT_HEAD.search(x) else "name"
                  if _NAME_HEAD.search(x) else "jur" if _JUR_HEAD.search(x) else None) for i, x in filled]
        # once data rows have begun, only a whole header (a page's repeated one) is a header: a
        # row with a cell of no header kind is data, though its name holds a header word
        # ("Compass Automation Incorporated" | "Illinois", "First State Bank" | "Ohio")
        lax = header or (not self.data_seen and len(filled) <= 2)
        if not any(k for _, k in kinds) or (any(k is None for _, k in kinds) and not lax):
            return False
        for i, k in kinds:
            if k is not None and getattr(self, k) is None:
                setattr(self, k, i)
        return True

    def row(self, texts: list[str]) -> tuple[str, str, str | None, int] | None:
        """(name, jurisdiction, percent text, name cell index), or None for a footnote row or a
        line whose only text stands in a column of no kind (a trade name wrapped onto its own line)."""
        filled = [(i, x) for i, x in enumerate(texts) if x]
        if not filled:
            return None
        at, name = next(((i, x) for i, x in filled if i == self.name), filled[0])
        if MARK.fullmatch(name) or (name[:1].islower() and len(name.split()) > 4) or len(name.split()) > 16:
            return None  # "(a) Omits the names of certain subsidiaries ..."
        pct = texts[self.pct] if self.pct is not None and self.pct < len(texts) and texts[self.pct] else next(
            (x for i, x in filled if i != at and PCT.fullmatch(x)), None)
        if pct is None and (m := PCT.search(name)):  # "Foo Ltd (60%)": the percent in the name cell
            pct, name = f"{m[1]}%", (name[:m.start()] + name[m.end():]).strip(" ,-")
        name = MARK.sub("", name).strip(" ,")
        if self.jur is not None:
            jur = texts[self.jur] if self.jur < len(texts) else None
        else:
            jur = next((x for i, x in filled if i != at and x != pct), None)
        if not jur and self.jur is None:  # one cell per row: "Name (Delaware)", "Name, a Delaware corporation"
            name, jur = split_jurisdiction(name)
        return name, (jur if jur and jur != pct else None), pct, at


# "Foo GmbH (a subsidiary of Bar Inc.)", "Foo Ltd, a wholly-owned subsidiary of Bar plc",
# "Foo S.A. - 60% owned subsidiary of Bar B.V."
# "Foo GmbH, a corporation of Germany, is a wholly owned subsidiary of Bar B.V." (a sentence per row)
# "Foo Ltd (100% owned by Bar Holdings)": the same said with "owned by"
_OWNED_BY = re.compile(r"^(?P<name>.+?)\s*(?:\(|,|\s[-\u2013\u2014]\s)\s*(?:(?:which\s+)?is\s+)?(?:an?\s+)?"
                       r"(?:(?:(?P<how>wholly|majority|\d{1,3}(?:\.\d+)?\s*%)?[\s-]*owned\s+)?subsidiary\s+of"
                       r"|(?P<how2>wholly|majority|\d{1,3}(?:\.\d+)?\s*%)[\s-]*owned\s+by)\s+"
                       r"(?P<by>(?:[^()]|\([^()]*\))+?)\s*\)?\s*;?$", re.I)  # "X (“TGI”)": one bracket inside

Row = tuple[str, str, str | None, str | None, float]  # locator, name, jurisdiction, percent, indent


# "Foo Ltd (wholly-owned subsidiary)", "Foo Ltd - majority owned": the row's share in words
_OWNED_WORDS = re.compile(r"\s*[,\u2013\u2014-]?\s*\(?\s*(?:an?\s+)?(?P<how>wholly|majority)[\s-]+owned"
                          r"(?:\s+subsidiary)?\s*\)?\s*$", re.I)
# "The following are wholly-owned subsidiaries", "(all companies wholly owned unless indicated otherwise)"
# "The Registrant has one direct, wholly-owned subsidiary as follows:"
_ALL_WHOLLY = re.compile(r"\b(?:all|the following|these|each)\b(?:[^.\n]|\.(?=\S|\s+[a-z,&])){0,120}?"
                         r"(?:\bwholly[\s-]+|(?<![\d.])100\s*%[\s-]*)owned\b"  # a full stop inside "L.P. are" ends no sentence
                         r"|\bwholly[\s-]+owned\s+unless\b"
                         r"|\bwholly[\s-]+owned\s+subsidiar\w*[^.\n]{0,30}?\bas\s+follows\b"
                         # "unless otherwise indicated below, direct and indirect subsidiaries are 100% owned"
                         r"|\bunless\s+otherwise\s+(?:indicated|noted|stated|specified)\b[^.\n]{0,80}?"
                         r"\b(?:100\s*%|wholly)[\s-]*owned\b",
                         re.I)
MAJORITY = "more than 50%"


def owned_words(name: str) -> tuple[str, str | None]:
    """The row's name and the share its words state: "wholly-owned" is 100 %, "majority-owned"
    more than 50 % (:data:`MAJORITY`)."""
    if m := _OWNED_WORDS.search(name):
        return name[:m.start()].strip(" ,"), "100%" if m["how"].lower() == "wholly" else MAJORITY
    return name, None


def all_wholly_owned(text: str) -> bool:
    """Whether the exhibit says its subsidiaries are wholly owned (unless a row says otherwise)."""
    return _ALL_WHOLLY.search(text) is not None


def row_stake(pct: str | None) -> Stake | None:
    """A row's share: its percentage, :data:`MAJORITY`, or none ("N/A", a dash, a footnote mark);
    ValueError for a figure no share can be."""
    if pct == MAJORITY:
        return Stake(lo=50.0, hi=100.0, lo_inclusive=False, hi_inclusive=True)
    if not pct or not re.search(r"\d", pct):
        return None
    if m := PCT.search(pct):  # "100% of common securities": the figure, not the words after it
        pct = m[1]
    return percent_stake(pct)  # a figure outside 0-100 raises: the row is refused naming stake.exact


def owned_by(name: str) -> tuple[str, str | None]:
    """The row's own name and the company it says holds it ("(a subsidiary of X)"), if any."""
    m = _OWNED_BY.match(name)
    return (m["name"].strip(" ,"), m["by"].strip(" ,")) if m else (name, None)


def owner_clause(text: str) -> tuple[str, str]:
    """A row's text before its "(a subsidiary of X)" / ", is a wholly owned subsidiary of X" clause
    and the clause itself ("" if none): the name and place are read from the first, and the
    clause is kept for :func:`nest`, which reads the owner from it."""
    m = _OWNED_BY.match(text)
    return (text[:m.end("name")], text[m.end("name"):]) if m else (text, "")


def _clause_share(text: str) -> str | None:
    """The share an owner clause states: "wholly owned subsidiary of X" 100 %, "60% owned …" 60 %."""
    return share_words((m := _OWNED_BY.match(text)) and (m["how"] or m["how2"]) or None)


_MAJORITY_WORD = re.compile(r"majorit(?:y|ies)", re.I)


def share_words(how: str | None) -> str | None:
    """The percent text of "wholly" (100 %), "majority" (:data:`MAJORITY`) or "60%"."""
    if not how:
        return None
    # the exhibit's word, matched as text: not the vocabulary's rule of that name
    return "100%" if how.lower() == "wholly" else MAJORITY if _MAJORITY_WORD.fullmatch(how) else how


def outside_owner(rows: list[Row]) -> str | None:
    """The one company the rows name as a holder ("…, is a wholly owned subsidiary of Acme, Inc.")
    without listing it: in an exhibit that names its filer nowhere else, the filer."""
    listed = {_bare(short_name(owned_by(r[1])[0])[0]) for r in rows}
    shorts = {s for r in rows if (s := short_name(owned_by(r[1])[0])[1])}
    owners = {_bare(by): by for r in rows if (by := short_name(owned_by(r[1])[1] or "")[0])
              and not means_filer(by) and by not in shorts}
    outside = [by for key, by in owners.items() if key not in listed
               and (has_form(by) or _first_words_of(key, listed) is None)]
    return outside[0] if len(outside) == 1 else None


def _bare(name: str) -> str:
    """A name without its legal form, case or punctuation: "Acme UK" is the row "Acme UK Limited"."""
    stem = found[0] if (found := trailing_form(name)) else name
    words = re.sub(r"[^\w\s]", " ", stem).casefold().split()
    while len(words) > 1 and SUFFIX.fullmatch(words[-1]):  # "Limited", "Corporation": no ISO abbreviation
        words.pop()
    return " ".join(words)


def _first_words_of(key: str, names: Any) -> str | None:
    """The one name (of ``names``, bare) whose first words the bare owner name is ("Shagrir" for a
    row "Shagrir Systems Ltd.", a note's short way of naming it), or which it is without its legal
    form ("Acme Nordic" for "Acme Nordic AS"); None for none or several. Only for an owner named
    without a legal form (a bare name of one word may be a company's name less its "Holdings")."""
    found = [n for n in names if n == key or n.startswith(key + " ")]
    return found[0] if len(found) == 1 else None


def _key(name: str) -> str:
    return normalise(name).rstrip(".")


def _owner(by: str, top: EntityRef, seen: dict[str, EntityRef], below: dict[str, EntityRef]) -> EntityRef:
    """The ref a row's named owner is: the filer ("Company", or its name), a row listed or
    defined by a short name above, a row listed below by the same name, else the company by that
    name (its short name noted)."""
    by, short = short_name(by)
    if means_filer(by) or (top.name and _key(by) == _key(short_name(top.name)[0])):
        return top
    ref = (seen.get(_key(by)) or _row_by_same_words(by, seen) or _row_by_first_words(by, seen)
           or below.get(_key(by)) or EntityRef(name=by, kind=EntityKind.COMPANY))
    seen.setdefault(_key(by), ref)
    if short:
        seen.setdefault(_key(short), ref)
    return ref


def _words(name: str) -> tuple[str, ...]:
    return tuple(sorted(re.sub(r"[^\w\s]", " ", name).casefold().split()))


def _row_by_same_words(by: str, seen: dict[str, EntityRef]) -> EntityRef | None:
    """The one row listed above whose name has the owner's words in another order or punctuation (a
    note's "Acme GmbH Co. & KG" for the row "Acme GmbH & Co. KG")."""
    found = {id(ref): ref for ref in seen.values() if _words(ref.name or "") == _words(by)}
    return next(iter(found.values())) if len(found) == 1 else None


def _row_by_first_words(by: str, seen: dict[str, EntityRef]) -> EntityRef | None:
    """The row listed above whose name starts with the owner's words ("Shagrir" -> "Shagrir Systems Ltd."),
    for an owner named without a legal form."""
    if has_form(by):
        return None
    bare = {_bare(ref.name or ""): ref for ref in seen.values()}
    found = _first_words_of(_bare(by), bare)
    return bare[found] if found is not None else None


def _listed(rows: list[Row], below: dict[str, EntityRef]) -> dict[str, EntityRef]:
    """Each row's ref by its name, made once (the ref :func:`nest` then gives the row itself)."""
    if not below:
        for _, raw, jur, _, _ in rows:
            name = short_name(other_names(MARK.sub("", owned_words(owned_by(raw)[0])[0]).strip(" ,"))[0])[0]
            if name:
                below.setdefault(_key(name), EntityRef(name=name, jurisdiction=jurisdiction(jur), kind=EntityKind.COMPANY))
    return below


def nest(rows: list[Row], top: EntityRef, wholly: bool = False) -> list[tuple[str, EntityRef, EntityRef, str | None, bool]]:
    """(locator, subsidiary, owner, percent text, direct) per row: the owner a row names ("(a
    subsidiary of X)": the row listing X or defining X as its short name, the filer for
    "Company", else X by name), else the nearest less-indented row above it, else ``top``. Rows
    of a flat list without a named owner are held by ``top`` directly or through others the
    exhibit does not say (``direct=False``). A share in the row's words ("(wholly-owned
    subsidiary)") is its percent; ``wholly``: the exhibit says all are wholly owned, so a row
    stating no share is held at 100 %. A row listed twice with two owners is one subsidiary."""
    flat = len({ind for *_, ind in rows}) == 1
    seen: dict[str, EntityRef] = {}
    below: dict[str, EntityRef] = {}  # every row by its name: a holder a note names may be listed after
    stack: list[tuple[float, EntityRef]] = []
    out = []
    for loc, raw, jur, pct, ind in rows:
        name, by = owned_by(raw)
        name, said = owned_words(name)
        name, short = short_name(other_names(MARK.sub("", name).strip(" ,"))[0])
        said = said or _clause_share(raw)
        if not name or (top.name and _key(name) == _key(short_name(top.name)[0])):
            continue  # the registrant listed as its own first row; a line of other names ("(fka X)") only
        pct = pct or said or ("100%" if wholly else None)
        ref = below.pop(_key(name), None) or EntityRef(name=name, jurisdiction=jurisdiction(jur), kind=EntityKind.COMPANY)
        while stack and stack[-1][0] >= ind:
            stack.pop()
        owner = _owner(by, top, seen, _listed(rows, below)) if by else stack[-1][1] if stack else top
        stack.append((ind, ref))
        seen[_key(name)] = ref
        if short:
            seen[_key(short)] = ref
        out.append((loc, ref, owner, pct, bool(by) or not flat))
    return out


# a list written as lines, not a table: "Name (Jurisdiction)", "Name, a Delaware corporation",
# "Name - Jurisdiction", "Name<2+ spaces or tab>Jurisdiction", "Name (incorporated in Utah)"
_IN_PARENS = re.compile(r"^(?P<name>.+?)\s*\((?P<where>[^()]{2,40})\)\s*$")
_A_KIND_OF = re.compile(r"^(?P<name>.+?),?\s+(?i:an?)\s+(?P<where>[A-Z][A-Za-z .()]+?)\s+(?i:corporation|company|"
                        r"limited liability company|limited partnership|partnership|trust|bank|"
                        r"private limited company|public limited company|"
                        r"l\.?l\.?c|l\.?l\.?p|l\.?p|corp)\.?\s*$")  # "a Delaware LLC", "a Texas L.P."
_DASHED = re.compile(r"^(?P<name>.+?)(?:\s+[-\u2013\u2014]\s+|\t+|\s{2,})(?P<where>[A-Z][A-Za-z ,.()]{1,40})$")
# "incorporated in the State of California", "(organized under the laws of Germany)", "a corporation
# organized under the laws of the Netherlands": a row's place said in words
INCORPORATED = (r"(?:an?\s+(?:\w+\s+){0,2}?)?(?i:incorporated|organi[sz]ed|formed|established)"
                r"(?:\s+(?i:and\s+existing))?"
                r"\s+(?i:in|under\s+the\s+laws\s+of)"
                 r"\s+(?:(?i:the)\s+(?:(?i:state|commonwealth|province|republic|kingdom|territory)\s+of\s+)?)?"
                 r"(?P<where>[A-Za-z][A-Za-z .()]{1,40}?)")
_NAME_INCORPORATED = re.compile(r"^(?P<name>.+?)\s*(?:,|\(|\s[-\u2013\u2014])\s*" + INCORPORATED + r"\s*\)?\.?\s*$")
# "ORIENTAL BANK AND TRUST—an insured non-member commercial bank organized and existing under the laws
# of the Commonwealth of Puerto Rico.": a description after a dash, the place at its end
_DASH_DESCRIBED = re.compile(r"^(?P<name>.+?)\s*[\u2014\u2013]\s*(?i:an?)\s+[^\u2014\u2013]{0,80}?\b" + INCORPORATED
                             + r"\s*\.?\s*$")


def split_jurisdiction(text: str) -> tuple[str, str | None]:
    """A row's name and the jurisdiction it states after it ("Name (Delaware)", "Name, a Delaware
    corporation", "Name (incorporated in Utah)", "Name — Incorporated in the PRC", "Name - Germany", "Name Limited United Kingdom"),
    when that is a known jurisdiction; else the text, None."""
    for pattern in (_A_KIND_OF, _NAME_INCORPORATED, _DASH_DESCRIBED):  # the words say it is a place
        if m := pattern.match(text):
            return m["name"].strip(" ,"), m["where"].strip()
    for pattern in (_IN_PARENS, _DASHED):  # a bare parenthesis or column: only a known jurisdiction
        if (m := pattern.match(text)) and known_place(m["where"]):
            return m["name"].strip(" ,"), m["where"]
    words = text.split()
    for k in (3, 2, 1):  # "Net Perceptions Limited United Kingdom": a place after the legal form
        name, where = " ".join(words[:-k]), " ".join(words[-k:])
        if len(words) > k + 1 and known_place(where) and _ends_in_form(name):
            return name, where
    return text, None


def known_place(where: str) -> bool:
    """Whether the text is a jurisdiction ownergraph knows ("Delaware", "United Kingdom")."""
    return jurisdiction(where) != where.strip(" .*")


# "Acme Corp., wholly owned. Incorporated under the laws of Nova Scotia, Canada.": the place in a
# sentence of its own after the name's
_PLACE_SENTENCE = re.compile(r"^(?P<name>.+?)\.\s+(?i:incorporated|organi[sz]ed|formed|established)\s+"
                             r"(?i:in|under\s+the\s+laws\s+of)\s+(?i:the\s+)?(?P<where>[A-Z][^;]{1,60}?)\.?\s*$")


_PERCENT_WORDS = re.compile(r"(\d{1,3}(?:\.\d+)?)\s*(?:percent|per\s+cent|pct\.?)(?![a-z])", re.I)  # "80 percent"
_HELD_WORDS = re.compile(r"(?:\s*(?:owned|held|interest|ownership|joint\s+venture)\b)?", re.I)


def row_text(text: str, split: bool = True) -> tuple[str, str | None, str | None] | None:
    """A one-cell row's (name, place, percent; ``split``: the place may follow the name in the
    cell), its owner clause kept after the name for
    :func:`nest` ("Foo GmbH, a corporation organized under the laws of Germany, is a wholly owned
    subsidiary of Bar B.V."); None for a sentence or note rather than a name."""
    pct, said = None, None
    if sentence := _PLACE_SENTENCE.match(text):
        text, said, split = sentence["name"], sentence["where"], False
    text, clause = owner_clause(text)  # "(100% owned by X)": the clause's percent is the clause's
    text, others = set_aside(_PERCENT_WORDS.sub(r"\1%", text))
    if m := PCT.search(text):  # "- 80% owned": the words of the share go with it
        end = m.end() + len(_HELD_WORDS.match(text, m.end())[0])  # type: ignore[index]
        pct, text = f"{m[1]}%", (text[:m.start()] + text[end:]).strip(" ,-")
        if text.count(")") > text.count("(") and text.endswith(")"):  # "(99.9% owned)": its bracket closed
            text = text[:-1].rstrip(" ,-")
    name, where = split_jurisdiction(text) if split else (text, said)  # not when a column holds the place
    name = MARK.sub("", name).strip(" ,")
    if not name or (name[:1].islower() and len(name.split()) > 4) or len(name.split()) > 16:
        return None
    return name + others + clause, where, pct


def _ends_in_form(name: str) -> bool:
    last = re.search(r"\S+$", name)
    return trailing_form(name) is not None or bool(last and SUFFIX.fullmatch(last[0]))


__all__ = ["INCORPORATED", "MAJORITY", "MARK", "PCT", "SUFFIX", "Columns", "Row", "all_wholly_owned", "has_form",
           "known_place", "nest", "outside_owner", "owned_by", "owned_words", "owner_clause", "row_stake", "row_text",
           "share_words", "split_jurisdiction", "table_rows"]
