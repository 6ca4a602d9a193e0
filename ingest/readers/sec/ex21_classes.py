"""What an Exhibit 21 cell is, from its text alone and never from where it stands: a company's name
(an ISO 20275 legal form, or a run of capitalised words), a place (a country, US state or subdivision
:mod:`ownergraph.domain.places` knows, "Town, Country" too), a percentage, another figure (an amount,
a count), a footnote mark, a header or heading word, an "owned by X" cell, or prose. The column a
header cell stands over is said by :func:`column_kind`."""

from __future__ import annotations

import re
from enum import Enum

from ownergraph.domain.places import place_code
from ownergraph.ingest.readers.sec.ex21_group_share import group_share
from ownergraph.ingest.readers.sec.ex21_table import has_form, owned_by


class Kind(str, Enum):
    NAME = "name"
    PLACE = "place"
    PERCENT = "percent"
    FIGURE = "figure"  # a bare figure: a percent only under a percent column
    AMOUNT = "amount"  # money, a count of shares, a date: never a share
    MARK = "mark"
    NUMBER = "number"  # an item's outline number in a cell of its own ("1.", "a)")
    EMPTY = "empty"
    HEAD = "head"
    OWNER = "owner"  # "owned by X", "a subsidiary of X"
    PROSE = "prose"


_PERCENT = re.compile(r"\(?\s*(?P<n>\d{1,3}(?:[.,]\d{1,4})?)\s*(?:%|percent|per\s*cent)\s*\)?", re.I)
_FIGURE = re.compile(r"\d{1,3}(?:\.\d{1,4})?")
_AMOUNT = re.compile(r"\(?\s*(?:[A-Z]{3}\s*|[$€£¥]\s*)?[\d.,]*\d[\d.,]*\s*(?:million|thousand|bn|m)?\s*\)?"
                     r"|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|[A-Z]{3}\s+[\d.,]+.*", re.I)
_MARK = re.compile(r"\(\s*(?:\d{1,2}|[a-zA-Z]{1,2}|[ivx]{1,4})\s*\)|\d{1,2}\)|[*†‡§#¶]+|\[\d{1,2}\]")
_EMPTY = re.compile(r"[-\u2013\u2014_.–)]+|n/?a|none|nil|\s*", re.I)
_OUTLINE = re.compile(r"^(?P<mark>\(?(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxIVX]{1,5})[.)]{1,2})\s+(?=\S)")
_HEAD_WORDS = frozenset(
    "name names of subsidiary subsidiaries jurisdiction jurisdictions incorporation incorporated organization "
    "organisation organized organised state country countries place percentage percent ownership owned interest "
    "interests held voting securities direct directly indirect indirectly total effective aggregate which in or "
    "and the date principal activity activities business domicile establishment proportion equity share shares "
    "capital registered location legal entity entities company companies other under laws where beneficial "
    "attributable economic group shareholding stake to by parent holder holders shareholder immediate holding owner "
    "owners office seat % nature formation formed operations main nominal issued paid-up paid up for at as on "
    "corporate description type year end & / - thousand earnings losses sales revenue assets head city".split())
# a heading over a region's rows ("Europe", "Asia Pacific", "Latin America"): no place, no name
_REGION = re.compile(r"\b(?:europe|european\s+union|asia|asia[\s-]pacific|pacific|americas|north\s+america|"
                     r"south\s+america|latin\s+america|central\s+america|middle\s+east|africa|oceania|"
                     r"caribbean|emea|apac|international|domestic|foreign|other\s+countries|rest\s+of)\b", re.I)
_TITLE = re.compile(r"\b(?:subsidiar\w*|exhibit|affiliates|list\s+of|as\s+of|page\b|significant|"
                    r"consolidated|table\s+of\s+contents|principal\s+(?:subsidiar|operating))", re.I)
_DATE = re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+\d{4}\b"
                   r"|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}\b", re.I)
_SMALL = frozenset("of and de du des la le the y e et di del der van von für & for in on at a an da do dos das".split())


def outline(text: str) -> tuple[str | None, str]:
    """A cell's outline number ("1)", "(A)", "i.", "2.3") and the text after it."""
    m = _OUTLINE.match(text)
    return (m["mark"], text[m.end():]) if m else (None, text)


def is_place(text: str) -> bool:
    """A place the domain knows, whole ("Delaware", "Baia Mare, Romania"), and no company's name."""
    return (len(text) < 70 and not names_company(text) and place_code(text) is not None
            and not re.search(r"\d", text))


def names_company(text: str) -> bool:
    """A legal form ends the text or a part of it before a comma ("SAP Portals Europe GmbH, Walldorf")."""
    text = re.sub(r"\s*\([^()]*\)\s*$", "", outline(text)[1])  # "(a) Acme B.V. (Netherlands)"
    parts = text.split(", ")
    return has_form(text) or any(has_form(", ".join(parts[:k])) for k in range(1, min(len(parts), 4)))


def _capitalised(text: str) -> bool:
    """A run of capitalised words (a name without a legal form): most words start upper case or a digit."""
    words = [w for w in re.findall(r"[^\s,;:()]+", text) if w.lower() not in _SMALL]
    big = sum(w[:1].isupper() or w[:1].isdigit() or w[:1] in "&'\"“" for w in words)
    return bool(words) and text[:1].isupper() | text[:1].isdigit() and big >= max(1, 0.7 * len(words))


def _head(text: str) -> bool:
    words = re.findall(r"[a-z]+(?:-[a-z]+)?|[%&/]", text.lower())
    return bool(words) and all(w in _HEAD_WORDS for w in words) and not re.search(r"\d{1,3}\s*%", text)


def kind(text: str) -> Kind:
    """What the cell is."""
    t = " ".join(text.split())
    if _EMPTY.fullmatch(t):
        return Kind.EMPTY
    if _MARK.fullmatch(t):
        return Kind.MARK
    if re.fullmatch(r"(?:\d{1,3}(?:\.\d{1,3})*|[A-Za-z]|[ivxIVX]{1,5})[.)]", t):
        return Kind.NUMBER
    if (m := _PERCENT.fullmatch(t)) and float(m["n"].replace(",", ".")) <= 100:
        return Kind.PERCENT
    if _FIGURE.fullmatch(t) and float(t) <= 100:
        return Kind.FIGURE
    if _AMOUNT.fullmatch(t):
        return Kind.AMOUNT
    if owned_by(f"X ({t})")[1] is not None or re.match(r"(?:\d{1,3}(?:\.\d+)?\s*%\s*)?(?:owned|held)\s+by\s", t, re.I):
        return Kind.OWNER
    return _words_kind(t)


def _words_kind(t: str) -> Kind:
    """A cell of words: a header, a place, a name, or prose."""
    if _head(t) or (t.endswith(":") and not has_form(t)) or group_share(outline(t)[1]) is not None:
        return Kind.HEAD
    if is_place(t):
        return Kind.PLACE
    if (_TITLE.search(t) or _DATE.search(t)) and not _name_shaped(t):
        return Kind.HEAD
    if _REGION.search(t) and not names_company(t) and len(t.split()) <= 8:
        return Kind.HEAD
    if names_company(t) and len(t.split()) <= 18 and not _sentence(t):
        return Kind.NAME
    if len(t.split()) > 18 or (len(t.split()) > 8 and not _capitalised(t)) or _sentence(t):
        return Kind.PROSE
    if _capitalised(outline(t)[1]):
        return Kind.NAME
    return Kind.PROSE


def _sentence(t: str) -> bool:
    """Words in lower case outnumbering the capitalised ones ("Includes the company's direct interest.")."""
    words = [w for w in re.findall(r"[^\W\d_][\w'’.-]*", t) if w.lower() not in _SMALL]
    low = sum(w[:1].islower() for w in words)
    return low >= 2 and low * 2 > len(words)


def _name_shaped(t: str) -> bool:
    """A name that holds a title's word ("Consolidated Edison, Inc."): a legal form ends it, no sentence."""
    return has_form(t) and not re.search(r"\b(?:of|the|following|registrant)\b", t.split(",")[0], re.I) and (
        not re.search(r"subsidiar|exhibit", t, re.I))


class Column(str, Enum):
    NAME = "name"
    PLACE = "place"
    PERCENT = "percent"
    AMOUNT = "amount"
    OWNER = "owner"
    OTHER = "other"


_COLUMN_WORDS = (
    (Column.PERCENT, re.compile(r"%|percent", re.I)),
    (Column.OWNER, re.compile(r"\b(?:parent|owned\s+by|held\s+by|(?:share)?holders?|holding\s+company|owner)\b", re.I)),
    (Column.AMOUNT, re.compile(r"\b(?:thousand|capital|earnings|losses|sales|revenue|assets|amount|number|"
                               r"nominal|currency|date|year)\b", re.I)),
    (Column.PERCENT, re.compile(r"%|percent|\bshare\b|\binterest|ownership|\bowned\b|\bheld\b|voting|stake|"
                                r"proportion|control", re.I)),
    (Column.PLACE, re.compile(r"jurisdiction|incorporat|organi[sz]|country|state|domicile|place|location|"
                              r"registered|formation|formed|seat|office|city", re.I)),
    (Column.NAME, re.compile(r"\bnames?\b|subsidiar|company|entity|entities", re.I)),
)


def column_kind(text: str) -> Column:
    """What a header cell says its column holds."""
    for col, words in _COLUMN_WORDS:
        if words.search(text):
            return col
    return Column.OTHER
