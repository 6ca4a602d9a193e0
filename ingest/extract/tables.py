"""Relationships stated by the rows of a list or table whose heading names the relation.

A report lists its subsidiaries, associates and major shareholders as rows, not sentences:
"## Subsidiaries / The following companies were subsidiaries ..." above "| Insig Partners
Limited | ... | 100% |"; "Major shareholders" above "| Airtel Africa Mauritius Limited |
2,105,108,805 | 56.12 |"; a 10-K's beneficial ownership table as lines "Lone Star Value
Investors, LP 9,783,886 63.49 %". The heading (the last non-row line that names a kind of
list) says what every row states; a row gives the party (its name cell, footnote marks
dropped) and the stakes it states (each distinct percent cell; two columns -- this year and
last -- are two statements). Running text that names no list (a paragraph, or a hard-wrapped line of one) ends the list.

Rows become :class:`~ingest.extract.rules.Found` like the sentence rules' (rule ``table_*``):
subsidiary lists -> ``subsidiary`` (parent: the company the heading names, else the filer),
lists of the subsidiaries the filer guarantees -> ``guarantee`` and ``subsidiary``,
associates -> ``owns``, shareholder tables -> ``owns`` of the filer, and a row's "(formerly
known as X)" -> ``renamed``.
"""

from __future__ import annotations

import re
from ownergraph.ingest.extract.parties import has_legal_form, is_party
from ownergraph.ingest.extract.defined_roles import bound
from ownergraph.ingest.extract.patterns import CONTROLLING, GUARANTEE, LOAN, OWNS, RENAMED, SUBSIDIARY
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import NAME, Context, percent

__all__ = ["find"]

# what a heading says the rows below it are (a header row's cell "Name of subsidiary" says it too)
_KINDS: list[tuple[str, re.Pattern[str]]] = [
    # "Guarantees with group undertakings": the filer guarantees each subsidiary listed
    ("guarantee", re.compile(r"\bguarantee[sd]?\b(?=.*\b(?:undertakings|subsidiar|below|following|listed))", re.I)),
    ("subsidiary", re.compile(r"\b(?:subsidiar(?:y|ies)|(?:subsidiary|group|related)\sundertakings|companies\sin\s"
                              r"the\sgroup|group\scompanies|following\scompanies)\b", re.I)),
    # lower case, or a heading's own word: "BHI Associates VI, L.P." names no list of associates
    ("associate", re.compile(r"\bassociates?\b(?!\sof)|(?:^#*\s*|\b[Dd]etails\sof\s|\b[Ii]nvestments?\sin\s)Associates?\b")),
    ("joint_venture", re.compile(r"\bjoint\sventures?\b|\(JV\)", re.I)),
    ("holders", re.compile(r"\b(?:(?:major|substantial|significant|principal)\s(?:share|stock)holders?|"
                           r"beneficial(?:ly)?\sown\w*|owned\sof\srecord\sand\sbeneficially|security\sownership|notifiable\sinterests|"
                           r"interests?\sin\s(?:voting\srights|shares)|(?:5|five)\s?(?:%|percent|per\scent)\s(?:or\s(?:more|greater)\s)?"
                           r"(?:beneficial\s)?(?:stock|share)?(?:holders|owners))\b", re.I)),
]
# a header row naming a holder column and a percent column, in any order and words ("Shareholder Number of
# Ordinary Shares % of Issued Share Capital", "Name of shareholder | Holding | Percentage"), or a percent
# column's own header line ("% of issued share capital", split from its row by a page's layout); a line
# with figures is a row ("Lone Star Value Investors, LP 9,783,886 63.49 %"), not a header
_KINDS.append(("holders", re.compile(
    r"^(?=.{0,160}$)(?!.*\d[\d,.]{2,})(?=.*\b(?:(?:share|stock|unit)holders?|holders?|beneficial\sowners?|investors?|name)\b)"
    r"(?=.*(?:%|\bper\s?cent(?:age)?\b)).*$|^(?:%|percent(?:age)?)\sof\s(?:the\s)?(?:issued\s)?(?:share\scapital|"
    r"(?:ordinary\s|common\s)?shares|voting\srights|class)\s*$", re.I)))
# a partnership's (or an LLC's) schedule of its partners (members) and their percentage interests
_KINDS.insert(0, ("partners", re.compile(r"\b(?:partners|members)\b[^.]{0,80}\bpercentage\sinterests?\b|"
                                         r"\bpercentage\sinterests?\b[^.]{0,80}\b(?:partners|members)\b", re.I)))
# a credit agreement's schedule of its lenders and their commitments ("SCHEDULE 8 / THE ORIGINAL INTERIM
# LENDERS", "Schedule 2.01 Commitments", a header "Name of Original Interim Lender ... Commitment (£)")
_KINDS.insert(0, ("lenders", re.compile(r"^(?:schedule\s[\w.]+\s*[-–:]?\s*)?(?:the\s)?(?:(?:original|initial|closing\sdate)\s)?"
                                        r"(?:(?:interim|term|revolving)\s)?lenders(?:\sand\scommitments)?\s*$|"
                                        r"^(?:schedule\s[\w.]+\s*[-–:]?\s*)?commitments\s*$|"
                                        r"^name\sof\s(?:(?:original|initial)\s)?(?:(?:interim|term|revolving)\s)?lender\b.{0,120}\bcommitment",
                                        re.I)))
_DEALS = re.compile(r"\b(?:acquisitions?|business\scombinations?|disposals?|divestitures?)\b", re.I)
_NEXT_EXHIBIT = re.compile(r"^(?:EXHIBIT|Exhibit|EX-)\s*\d|^CONSENT\b|^SIGNATURES?\b")
_JOINERS = frozenset("of de du la le des del der van von und and & y e et the for".split())
# what may follow a list line's name: a place ("Netherlands", "New York") and a stake
_PLACE_OR_STAKE = re.compile(r"(?:[A-Z][a-z]+(?:\s(?:of\s)?[A-Z][a-z]+){0,2}|[A-Z]{2})?\s*(?:\d{1,3}(?:\.\d+)?\s?%)?")
_PARENT = re.compile(r"\bsubsidiaries\sof\s(?:the\s)?(?P<p>[A-Z][^,;:()]{2,80}?)\s*[.:]?\s*$")
_PROSE = 300  # characters: a paragraph this long that names no list is body text, and ends one
# (a word of its own: "Classic Hospitals Group Limited" is a row, "Class of share" a header)
_HEADER_CELL = re.compile(r"^(?:s\.?\s?no\.?|no\.?|name\b.*|company\b.*|entity\b.*|holding|%.*|.*\bof\sownership.*|"
                          r"proportion\b.*|country\b.*|registered\b.*|principal\b.*|nature\b.*|class\b.*|nameof.*)$", re.I)
_INTRODUCES = re.compile(r"\b(?:following\stable|table\sbelow|listed\sbelow|set\sout\sbelow|as\sfollows)\b|:$", re.I)
_PCT_CELL = re.compile(r"^(?P<n>\d{1,3}(?:\.\d+)?)\s?%?$")
_FOOTNOTE = re.compile(r"(?:\s*(?:[*#!†‡°^]+|\(\d{1,2}\)|(?<=\s)\d{1,2}|(?<=[A-Za-z.])\d))+$")
_FORMERLY = re.compile(r"\s*\((?:formerly|previously)\s(?:known\sas\s|called\s|named\s)?(?P<old>(?:[^()]|\([^()]*\))+?)\s*\)", re.I)
# a beneficial ownership line: name, footnote, address, shares, percent ("Barbara Laughlin (4) 510,000 31.41 %")
# a table of contents' entry ("Section 5.17 Payment of Company Obligations......57"): a heading
# it names is no list, and it is no row
_CONTENTS_LINE = re.compile(r"\.{3,}\s*\d{1,4}\s*$")
# a notice clause's addressee ("(a) if to Acquiror or Acquisition Subsidiary, to:"): an address follows, not a list
_NOTICE_TO = re.compile(r"^(?:\([a-z0-9]{1,3}\)\s*)?(?:if\s+to|with\s+(?:a\s+)?cop(?:y|ies)\s+to)\b", re.I)
# an exhibit index line: the filer guarantees a trust's securities ("Guarantee of 5.85% Trust
# Preferred Securities (TRUPS®) of Wells Fargo Capital VII", "4.5 Form of Guarantee Agreement for ...")
_GUARANTEE_LINE = re.compile(r"^(?:\d{1,2}(?:\.\d{1,3})*\s+)?(?:Form\sof\s)?Guarantee(?:\sAgreement)?\s(?:of|for|relating\sto)\s"
                             r"[^;]{0,140}?\b(?:Securities|Notes|Debentures|Bonds|Preferred\sStock)(?:\s\([^)]{1,40}\))?\sof\s"
                             r"(?P<b>[A-Z][^;,()]{2,80}?)\s*$")
_OWNER_LINE = re.compile(r"^(?:(?:Common|Ordinary|Preferred)(?:\s(?:Stock|Shares))?\s)?(?P<name>[A-Z][^\d()]{2,80}?)\s*(?:\(\d{1,2}\)\s*)?(?:c/o\s[^\n]*?|\d+\s[^\n]*?)?\s"
                         r"\d[\d,]{2,}(?:\s?\(\d{1,2}\))*\s+(?P<pct>\d{1,3}(?:\.\d+)?)\s?%\s*$")


def find(text: str, ctx: Context, skip: frozenset[int] | set[int] = frozenset()) -> list[Found]:
    """The relationships the lists and tables of the document ``text`` state, row by row (the
    lines starting at an offset in ``skip`` are another reader's: :mod:`sublists`)."""
    out: list[Found] = []
    kind: str | None = None
    parent: str | None = None
    serials = False  # the current table numbers its rows: a row without a number continues the one above
    listing = False  # a heading or an introducing sentence opened a plain list (not a prose mention)
    columns: dict[str, int] | None = None  # a table whose header names the holder's and the held's columns
    pos = 0
    for line in text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        row = line.strip()
        start += len(line) - len(line.lstrip())  # a row's quote is the document's text at its offsets
        if not row or _CONTENTS_LINE.search(row) or start in skip:
            continue
        if ctx.filer and (g := _GUARANTEE_LINE.match(row)) and (b := ctx.name(g["b"])):
            out.append(_row(GUARANTEE, "table_guarantee_of", ctx.filer, b, None, row, start))
            continue
        if _NOTICE_TO.match(row):
            kind, parent, listing = None, None, False
            continue
        if row.startswith("|") or row.count(" | ") >= 2:  # a markdown row, or cells joined by " | "
            cells = [c.strip() for c in row.strip("|").split("|")]
            columns = _columns(cells) or columns
            if columns is not None and (held := _held_row(cells, columns, row, start)) is not None:
                out.extend(held)
                continue
            header = next((k for c in cells if _HEADER_CELL.match(c) and (k := _kind_of(c))), None)
            kind = header or kind
            if kind is not None:
                found, numbered = _pipe_row(cells, kind, parent or ctx.filer, row, start, serials)
                serials = serials or numbered
                out.extend(found)
            continue
        if kind == "holders" and _AFTER_HOLDERS.match(row):
            kind, parent, listing = None, None, False
            continue
        if kind == "holders" and _HOLDER_NOTE.match(row):
            out.extend(_noted_holders(row, start, ctx))  # a footnote of the table: the table goes on
            continue
        named = _kind_of(row)
        if named is None and len(row) <= 80 and _DEALS.search(row) and not _FIGURES.search(row):  # a row may name "Acquisition"
            kind, parent, listing = None, None, False  # "#### Acquisitions in 2024:": rows of deals, not of a list above
            continue
        if named is not None and not _NAMED_SUBSIDIARY.search(row):
            kind, serials = named, False
            listing = len(row) <= 120 and not re.search(r"[a-z]\.$", row) or bool(_INTRODUCES.search(row))
            p = _PARENT.search(row)
            parent = ctx.name(p["p"]) if p and named == "subsidiary" else (parent if len(row) < 60 else None)
            continue
        if kind in ("lenders", "partners", "holders") and (scheduled := _schedule_row(kind, row, start, ctx)) is not None:
            out.extend(scheduled)
        elif (kind in ("subsidiary", "guarantee", "associate") and listing and (parent or ctx.filer)
              and (name := _list_row(row)) and _key(name) != _key(parent or ctx.filer or "")):
            out.extend(_pipe_row([name, *re.findall(r"\b\d{1,3}(?:\.\d+)?\s?%", row)], kind,
                                 parent or ctx.filer, row, start, False)[0])
        elif (_prose(row) and not _INTRODUCES.search(row) and not (kind == "holders" and _FIGURES.search(row))) \
                or _NEXT_EXHIBIT.match(row):
            kind, parent, listing = None, None, False
    return out


# a row's figures at its end ("All current executive officers and directors as a group (10 persons)(13)
# 250,629,119 22.9"): a row of the table, however many words its name has, not prose that ends it
_FIGURES = re.compile(r"\s\d[\d,]{2,}(?:\s+(?:\d{1,3}(?:\.\d+)?\s?%?|\*{1,2}))?\s*$")


# a beneficial ownership row without a percent sign: a holder, footnote marks, the shares, and the
# percent of the class with its decimals ("Elon Musk(1) 231,715,206 21.2") or "*" for under one
# per cent ("Zachary J. Kirkhorn(4) 635,271 *"); a proxy's footnote after the shares ("Jane Roe 1,234,567(2) 5.6")
_OWNER_ROW = re.compile(r"^(?P<name>[A-Z][^\d()|:\s]*\s[^\d()|:]{2,80}?)\s*(?:\(\s?\d{1,2}(?:\s?\d)?\s?\)\s*)*\s\d[\d,]{2,}(?:\s?\(\d{1,2}\))*\s+"
                        r"(?:(?P<pct>\d{1,3}\.\d{1,2})\s?%?|\*{1,2}|<\s?1\s?%|less\sthan\s1\s?%)\s*$")
# a name with the heading's word in it ("GENERAL PARTNER: SIII SUBSIDIARY, LLC, a Maryland limited liability company")
_NAMED_SUBSIDIARY = re.compile(r"\bsubsidiar(?:y|ies)\b,?\s(?:LLC|L\.L\.C|Inc|Corp|Ltd|L\.P|LP|Limited|Company|plc)\b", re.I)
def _schedule_row(kind: str, row: str, start: int, ctx: Context) -> list[Found] | None:
    """The findings of a row of a lenders' schedule, a partners' schedule or a holders' table, or
    None when the line is no such row."""
    if kind == "lenders" and (m := _LENDER_ROW.match(row)) and (borrower := bound(ctx, "borrower", "company")) \
            and is_party(lender := _clean(m["name"])) and _key(lender) != _key(borrower) \
            and not re.match(r"(?i)total\b", lender):
        return [_row(LOAN, "table_lender", lender, borrower, None, row, start)]
    if kind == "partners" and ctx.filer and (m := _PARTNER_ROW.match(row)):
        return _partner(m, ctx.filer, row, start)
    if kind == "holders" and ctx.filer and (m := _OWNER_LINE.match(row) or _OWNER_ROW.match(row)) \
            and is_party(holder := _untitled(m["name"])):
        return [_row(OWNS, "table_holder", holder, ctx.filer, float(m["pct"]) if m["pct"] else None, row, start)]
    if kind == "holders" and ctx.filer and (m := _SHARES_ONLY.match(row)) and has_legal_form(holder := _clean(m["name"])) \
            and is_party(holder) and _key(holder) != _key(ctx.filer):
        return [_row(OWNS, "table_holder", holder, ctx.filer, None, row, start)]  # the percent cell left empty
    return None


# a holders' table row whose percent cell is empty: a name with its legal form, a footnote mark, the shares
# ("JO Hambro Capital Management Ltd 5,418,953", "Aberforth Partners LLP 1 4,955,440")
_SHARES_ONLY = re.compile(r"^(?P<name>[A-Z][^\d|:]{2,100}?)(?:\s\d{1,2})?\s\d{1,3}(?:,\d{3})+\s*$")
# a row of a lenders' schedule: the lender, then its commitments ("Deutsche Bank AG, London Branch 730,745,438 ...")
_LENDER_ROW = re.compile(r"^(?P<name>[A-Z][^\d|:]{2,100}?)\s+(?:[$£€]\s?)?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:\s|$)")
# a row of a partners' schedule: an optional role, the name (up to its address or figures), its percentage
# interest at the end ("General Partner Steadfast Apartment REIT III, Inc. 18100 Von Karman ... 90.012%")
_PARTNER_ROW = re.compile(r"^(?:(?P<role>General\sPartner|Managing\sMember|(?:Special\s)?Limited\sPartner|Member)\s)?"
                          r"(?P<name>[A-Z][^\d|:]{2,100}?)\s+\d[^%]*?\s(?P<pct>\d{1,3}(?:\.\d+)?)\s?%\s*$")


def _partner(m: re.Match[str], filer: str, row: str, start: int) -> list[Found]:
    """A partner's interest in the partnership, and a general partner's (managing member's) control."""
    name = _clean(m["name"])
    if not is_party(name) or _key(name) == _key(filer):
        return []
    out = [_row(OWNS, "table_partner", name, filer, float(m["pct"]), row, start)]
    if m["role"] in ("General Partner", "Managing Member"):
        role = "general_partner" if m["role"] == "General Partner" else "managing_member"
        out.append(_row(CONTROLLING, f"table_partner/role:{role}", name, filer, None, row, start))
    return out


# the next section of a proxy statement or of Items 12-13: the table of holders has ended
_AFTER_HOLDERS = re.compile(r"^(?:Item\s\d|ITEM\s\d|Related\sParty|RELATED\sPARTY|Certain\sRelationships|CERTAIN\sRELATIONSHIPS|"
                            r"Executive\sCompensation|EXECUTIVE\sCOMPENSATION|Equity\sCompensation\sPlan|Section\s16)")
# a footnote of a beneficial ownership table ("(1) Includes ... shares held of record by the Elon
# Musk Revocable Trust", "Includes the 9,783,886 shares owned by Lone Star Value Investors, LP")
_HOLDER_NOTE = re.compile(r"^(?:\(\s?\d{1,2}(?:\s?\d)?\s?\)|\*{1,2}|\d{1,2}\s)?\s*(?:Includes|Consists|Represents|Comprises)\b")
_HELD_BY = re.compile(rf"\bshares(?:\sof\s[A-Za-z ]{{3,40}}?)?\s(?:(?:are\s|were\s)?held(?:\sof\srecord|\sdirectly|\sindirectly)?|"
                      rf"(?:beneficially\s)?owned(?:\sof\srecord|\sbeneficially|\sdirectly)?)\sby\s(?:the\s)?(?P<name>{NAME})")
# "which may be deemed to be beneficially owned by Mr. Eberwein": a holding the filer does not state
_DEEMED = re.compile(r"\b(?:deemed|considered)\s(?:to\sbe\s)?(?:beneficially\s)?$|\bmay\s(?:be\s)?$")


def _noted_holders(row: str, start: int, ctx: Context) -> list[Found]:
    """The holders of the filer's shares a footnote of its beneficial ownership table names."""
    out = []
    for m in _HELD_BY.finditer(row):
        holder = ctx.name(m["name"])
        if holder and ctx.filer and holder != ctx.filer and not _DEEMED.search(row[max(0, m.start() - 40):m.start()] +
                                                                              row[m.start():m.start("name")].split(" by ")[0]):
            out.append(_row(OWNS, "table_holder_note", holder, ctx.filer, None, row, start))
    return out


# an officer's titles after a holder's name in a beneficial ownership line
# ("Richard Francella President, CEO, CFO, Secretary and Director 4,000,000 77.38 %")
_TITLES = re.compile(r"\s(?:President|CEO|CFO|COO|Chief|Secretary|Director|Chairman|Treasurer|Officer|Vice|Founder)\b.*$")


def _untitled(name: str) -> str:
    return _clean(_TITLES.sub("", name))


def _prose(line: str) -> bool:
    """Whether a line is running text (a paragraph, or a hard-wrapped line of one): it ends a list."""
    return len(line) > _PROSE or len(re.findall(r"\b[a-z]{3,}\b", line)) > 3


def _list_row(line: str) -> str | None:
    """The name a plain list line gives ("Apple Computer B.V.      Netherlands", "Apple Computer,
    Inc. Limited Ireland"), or None for prose: a short line that starts with a name with a legal
    form, the rest a place, a percentage or nothing (the longest such name)."""
    if (len(line) > 160 or len(re.findall(r"\b[a-z]{3,}\b", line)) > 3 or not line[:1].isupper() or ":" in line
            or re.match(r"[A-Z]\.\s", line)):
        return None
    tokens = re.split(r"\s{2,}|\t|\.{3,}", line.strip())[0].split()
    if any(not (t[:1].isupper() or t[:1].isdigit() or t[:1] in "(&") and t not in _JOINERS for t in tokens):
        return None  # a wrapped line of prose ("Commission ("SEC"), is set forth in Section 3.1 of the Company")
    if re.search(r"[\"“”;:]", line):
        return None
    for k in range(len(tokens), 0, -1):
        name, rest = _clean(" ".join(tokens[:k])), " ".join(tokens[k:])
        if _PLACE_OR_STAKE.fullmatch(rest) and has_legal_form(name) and is_party(name):
            return name
    return None


def _kind_of(line: str) -> str | None:
    """The kind of list a heading line names (the first it names: "Companies in the Group,
    associate and joint venture" heads the subsidiaries), or None."""
    hits = [(m.start(), k) for k, rx in _KINDS for m in rx.finditer(line)]
    return min(hits)[1] if hits else None


def _pipe_row(cells: list[str], kind: str, parent: str | None, row: str, start: int,
              serials: bool) -> tuple[list[Found], bool]:
    """The findings of one table row, and whether it is numbered."""
    if not cells or all(re.fullmatch(r"[-:\s]*", c) for c in cells) or any(_HEADER_CELL.match(c) for c in cells if c and c != "%"):
        return [], False
    numbered = bool(re.fullmatch(r"\d{1,3}", cells[0]))
    if serials and not cells[0]:
        return [], False  # a wrapped name's second line
    at = 1 if numbered else 0
    if at >= len(cells) or not cells[at]:
        return [], numbered
    raw = cells[at]
    old = _FORMERLY.search(raw)
    name = _clean(_FORMERLY.sub("", raw))
    if not is_party(name) or name.startswith("(") or parent is None or kind == "joint_venture" \
            or not (" " in name or has_legal_form(name) or (kind == "holders" and name[:1].isupper())):  # "CVC (3) | 12,999,672 | 25.4 | %"
        return [], numbered
    stakes = list(dict.fromkeys(float(m["n"]) for c in cells[at + 1:] if (m := _PCT_CELL.match(c.replace(",", "")))
                                and float(m["n"]) <= 100 and ("." in c or "%" in c or kind != "holders")))
    out: list[Found] = []
    for stake in stakes or [None]:
        if kind in ("subsidiary", "guarantee"):
            out.append(_row(SUBSIDIARY, "table_subsidiary", parent, name, stake, row, start))
        if kind == "guarantee":
            out.append(_row(GUARANTEE, "table_guarantee", parent, name, None, row, start))
        elif kind == "associate":
            out.append(_row(OWNS, "table_associate", parent, name, stake, row, start))
        elif kind == "holders" and stake:  # "0%" of a class is no holding
            out.append(_row(OWNS, "table_holder", name, parent, stake, row, start))
    if old is not None and out:
        out.append(_row(RENAMED, "table_formerly", name, _clean(old["old"]), None, row, start, new_name=name))
    return out, numbered


# a header cell naming who holds or controls, and one naming what is held ("Name of controlling shareholder",
# "Name of controlled corporation": Hong Kong's Form 3A), and the percent column ("% control", "Percentage held")
_HOLDER_COL = re.compile(r"^(?:name\sof\s)?(?:the\s)?(?:controlling\s(?:shareholder|person|corporation)|parent|holding\scompany|"
                         r"(?:share|stock|unit)holder|owner)s?\b", re.I)
_HELD_COL = re.compile(r"^(?:name\sof\s)?(?:the\s)?(?:controlled\s(?:corporation|company|entity)|investee|subsidiary)\b", re.I)
_PCT_COL = re.compile(r"(?:%|\bper\s?cent(?:age)?\b)", re.I)


def _columns(cells: list[str]) -> dict[str, int] | None:
    """The columns of a header row naming both the holder and the held (and maybe a percent), else None."""
    cols: dict[str, int] = {}
    for i, c in enumerate(cells):
        for key, rx in (("holder", _HOLDER_COL), ("held", _HELD_COL), ("pct", _PCT_COL)):
            if key not in cols and rx.search(c):
                cols[key] = i
                break
    if any(re.search(r"\bcontroll?(?:ing|ed)?\b", c, re.I) for c in cells):
        cols["control"] = -1  # "Name of controlling shareholder", "% control": the holder controls the held
    return cols if "holder" in cols and "held" in cols else None


def _held_row(cells: list[str], cols: dict[str, int], row: str, start: int) -> list[Found] | None:
    """A row of a holder/held table: the holder controls the held ("% control") or owns its stake."""
    if max(cols.values()) >= len(cells) or _columns(cells):
        return [] if _columns(cells) else None
    holder, held = _clean(cells[cols["holder"]]), _clean(cells[cols["held"]])
    if not (is_party(holder) and is_party(held)) or _key(holder) == _key(held):
        return None
    m = _PCT_CELL.match(cells[cols["pct"]].replace(",", "")) if "pct" in cols else None
    stake = float(m["n"]) if m and float(m["n"]) <= 100 else None
    if "control" in cols:
        return [_row(CONTROLLING, "table_holder_of/role:controlling_shareholder", holder, held, stake, row, start)]
    return [_row(OWNS, "table_holder_of", holder, held, stake, row, start)]


def _clean(name: str) -> str:
    """A name cell without its footnote marks ("Lifescan Limited #", "Airtel International LLP 4")."""
    return _FOOTNOTE.sub("", " ".join(name.replace("**", "").split())).strip(" ,;:")


def _key(name: str) -> str:
    return re.sub(r"[\W_]", "", name.casefold())


def _row(relation: str, rule: str, a: str, b: str, stake: float | None, row: str, start: int,
         new_name: str | None = None) -> Found:
    return Found(relation=relation, rule=rule, a=a, b=b, confidence=0.9, start=start, end=start + len(row),
                 quote=row, stake=stake, new_name=new_name)
