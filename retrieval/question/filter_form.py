"""Questions written as filters or pseudo-SQL (issue 30, held-out set 6's ``sql_minded`` style):
``SELECT owner, pct FROM shareholders WHERE target = 'X' AND as_of = prior_year_end`` or
``stake where owner = A and owned = B and as_of = '2024-09-30'``.

Such a question names its subject by a table word (``shareholders``, ``book``,
``ownership_cycles``), what it wants by the selected columns, and its slots by ``key = value``
pairs. :func:`read_filter` recognises the shape and reads it into a :class:`FilterReading`: the
kind from the table word, the columns and the keys (the rows of ``_KIND_ROWS``, a data table
tried in order), the anchors from the keys that name entities (in the order the kind wants), the
dates through the date grammar (``dates.find_dates``), the hop count. Anything without the shape
is ``None``: the parser reads it as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from ownergraph.domain.vocabulary import (
    BRANCHES, CONTAGION, COUNTERPARTIES, CYCLES, DIFF, EVENTS, EXPOSURE, GROUP, GUARANTEE, HOLDINGS, LENDING, NAMES,
    NEIGHBOURHOOD, OWNERS, OWNERSHIP, PARENTS, PATH, QUALITY, SANCTIONS_NEAR, SCREENING, STAKE, UNKNOWN,
)
from ownergraph.retrieval.question.dates import find_dates
from ownergraph.retrieval.question.work_text import Work

__all__ = ["Condition", "FilterReading", "read_filter"]

# -- the shape ----------------------------------------------------------------------------------

_SELECT = re.compile(r"^\s*select\s+(?P<cols>.+?)\s+from\s+(?P<table>[\w./-]+)(?:\s+where\s+(?P<where>.+))?$", re.I)
# "stake where owner = X and ...": a subject of a few words, "where", then a key and an operator
_BARE = re.compile(r"^\s*(?P<table>[\w/-]+(?:\s+[\w/-]+){0,3})\s+where\s+(?P<where>\w+(?:\([^)]*\))?\s*(?:<=|>=|=|<|>|\bin\b).+)$",
                   re.I)
_TAIL = re.compile(r"\s+(?:order\s+by\s+.+?|limit\s+\d+)\s*$|\s*;\s*$", re.I)
_OP = r"<=|>=|!=|=|<|>|\bin\b"
# a condition: key op value, or fn(args) op value; "and" joins conditions only where a key and an operator follow
_COND = re.compile(rf"^(?P<key>\w+)\s*(?:\((?P<arg>[^)]*)\))?\s*(?P<op>{_OP})\s*(?P<value>.+)$", re.I)
_JOIN = re.compile(rf"\s+and\s+(?=\w+\s*(?:\([^)]*\)\s*)?(?:{_OP}))", re.I)
_CALL = re.compile(r"^(?P<fn>\w+)\s*\((?P<arg>.*)\)$")


@dataclass(frozen=True)
class Condition:
    key: str  # lower case
    op: str  # "=", "<=", "in", ...
    value: str  # unquoted
    fn: str | None = None  # "group_of" in "issuer IN group_of('X')", "distance" in "distance(X) <= 2"
    bound: str | None = None  # the right side of "fn(X) <= 2"


def _unquote(value: str) -> str:
    v = value.strip().rstrip(";").strip()
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"`":
        return v[1:-1].strip()
    return v


def _condition(part: str) -> Condition | None:
    m = _COND.match(part.strip())
    if not m:
        return None
    key, op, value = m["key"].lower(), m["op"].lower(), m["value"].strip()
    if m["arg"] is not None:  # "distance(X) <= 2": the function's argument is the entity
        return Condition(key=key, op=op, value=_unquote(m["arg"]), fn=key, bound=_unquote(value))
    call = _CALL.match(value)
    if call and call["fn"].lower() not in ("now", "current_date", "today"):  # "issuer IN group_of('X')"
        return Condition(key=key, op=op, value=_unquote(call["arg"]), fn=call["fn"].lower())
    return Condition(key=key, op=op, value=_unquote(value))


def _shape(text: str) -> tuple[str, list[str], str] | None:
    """(table word, selected columns, where clause) of a filter-shaped question, else None."""
    t = _TAIL.sub("", _TAIL.sub("", " ".join(text.split())))
    m = _SELECT.match(t)
    if m:
        cols = [c.strip().lower() for c in re.split(r"\s*,\s*", re.sub(r"\w+\((.*?)\)", r"\1", m["cols"]))]
        return m["table"].lower(), cols, m["where"] or ""
    m = _BARE.match(t)
    if m:
        return m["table"].lower(), [], m["where"]
    return None


# -- the data tables ---------------------------------------------------------------------------

# keys that name an entity; the second group is the far end of a two-entity kind (stake, path)
_NEAR_KEYS = ("owner", "holder", "shareholder", "investor", "from", "start", "source", "origin", "company", "entity",
              "issuer", "obligor", "borrower", "lender", "guarantor", "beneficiary", "defaulter", "party", "member",
              "head", "group_head", "parent", "child", "branch", "head_office", "name", "lei", "company_number",
              "counterparty", "subject", "id", "owned", "target", "end", "to", "destination")
_FAR_KEYS = ("owned", "target", "end", "to", "destination")
_ASOF_KEYS = ("as_of", "asof", "date", "valid_at", "as_at", "on", "at", "snapshot")
_KNOWN_KEYS = ("known_at", "as_known", "as_known_at", "knowledge_date", "known_on", "system_time")
_FROM_KEYS = ("date_from", "from_date", "start_date", "since", "from")
_TO_KEYS = ("date_to", "to_date", "end_date", "until", "to")
_DEPTH_KEYS = ("hops", "depth", "max_hops", "max_depth", "distance", "hops_from", "hops_to", "hops_to_sanctioned",
               "within")
_PORTFOLIO_KEYS = ("portfolio", "book", "desk")
_CHANNEL_KEYS = ("channel", "channels", "link_type", "edge_type", "type", "via")
# a channel key's words -> the contagion channels (``vocabulary.CHANNELS``)
_CHANNEL_WORDS = {GUARANTEE.name: r"guarant", LENDING.name: r"lend|loan|credit",
                  OWNERSHIP.name: r"owner|equity|sharehold"}
_NAME_COLUMNS = re.compile(r"^(?:\*|name|names|legal_name|lei|company_number|alias(?:es)?|old_name|previous_names?|"
                           r"former_names?|identifiers?|ids?|registration_number)$")
_DATE_COLUMN = re.compile(r"(?:_on|_date|_at|^date|^when)$")


@dataclass(frozen=True)
class KindRow:
    """One row of the table: the kind where the table word matches ``table`` (a regex searched
    in it) and, where given, a key matches ``keys`` / a column matches ``columns``."""

    kind: str
    table: str
    keys: tuple[str, ...] = ()  # each matched by some key
    columns: str | None = None
    no_keys: str | None = None  # a key that rules the row out
    name_columns: bool = False  # only where every selected column is a name or identifier


_OWNER_KEY = r"^(?:owner|holder|shareholder|investor)$"
# first match wins: the narrower rows first
_KIND_ROWS: tuple[KindRow, ...] = (
    KindRow(DIFF.name, r"\bdiff\b|changes|history|delta"),
    KindRow(DIFF.name, r"owner|sharehold|ownership|control", keys=(r"^(?:date_from|from_date|date_to|to_date)$",)),
    KindRow(EVENTS.name, r"events?$"),
    KindRow(EVENTS.name, r"loans|ownership|sharehold|names|entities", columns=_DATE_COLUMN.pattern,
            no_keys=r"^(?:as_of|asof|date|as_at)$"),
    KindRow(SCREENING.name, r"book|positions|portfolio|holdings_book", keys=(r"sanction",)),
    KindRow(SANCTIONS_NEAR.name, r"sanction|screen|watchlist"),
    KindRow(CONTAGION.name, r"credit_links|contagion|affected|default|knock_on|hit"),
    KindRow(CONTAGION.name, r"link|exposure|credit", keys=(r"^(?:scenario|defaulter|defaulted)$",)),
    KindRow(EXPOSURE.name, r"\bbook\b|^book|positions|exposure"),
    KindRow(COUNTERPARTIES.name, r"loans|lenders?|borrowers?|guarant|credit_lines|facilities|counterpart"),
    KindRow(CYCLES.name, r"cycle|circular|cross_hold"),
    KindRow(PATH.name, r"path|route|chain"),
    KindRow(BRANCHES.name, r"branch"),
    KindRow(PARENTS.name, r"consolidat|accounting|^parents?$|ultimate_parent|direct_parent"),
    KindRow(GROUP.name, r"group|members"),
    KindRow(QUALITY.name, r"quality|\bdq|^dq|issues|flags|anomal"),
    KindRow(NEIGHBOURHOOD.name, r"links|neighbo|adjacen|connections"),
    KindRow(NAMES.name, r"names|aliases|identifiers"),
    KindRow(NAMES.name, r"entities|companies|registry|register", name_columns=True),
    KindRow(UNKNOWN, r"entities|companies|registry|register"),  # a column the graph does not hold
    KindRow(STAKE.name, r"stake|ownership|sharehold|owners|holdings", keys=(_OWNER_KEY, r"^(?:owned|target)$")),
    KindRow(HOLDINGS.name, r"holdings|owned_by|portfolio_companies|investments"),
    KindRow(HOLDINGS.name, r"sharehold|ownership|owners", keys=(_OWNER_KEY,),
            no_keys=r"^(?:target|owned|company|entity|issuer)$"),
    KindRow(STAKE.name, r"stake|ownership"),
    KindRow(OWNERS.name, r"owners|sharehold|ubo|beneficial|psc|control"),
)


def _row_fits(row: KindRow, table: str, cols: list[str], keys: list[str]) -> bool:
    if not re.search(row.table, table):
        return False
    if row.no_keys and any(re.search(row.no_keys, k) for k in keys):
        return False
    if row.name_columns:  # "SELECT lei, company_number FROM entities"
        return bool(cols) and all(_NAME_COLUMNS.match(c) for c in cols)
    if not all(any(re.search(rx, k) for k in keys) for rx in row.keys):
        return False
    return not row.columns or any(re.search(row.columns, c) for c in cols)


def _kind(table: str, cols: list[str], conds: list[Condition]) -> str | None:
    keys = [c.fn or c.key for c in conds] + [c.key for c in conds if c.fn]
    table = table.replace("/", "_")
    for row in _KIND_ROWS:
        if _row_fits(row, table, cols, keys):
            return row.kind
    return None


# -- the reading --------------------------------------------------------------------------------

@dataclass
class FilterReading:
    kind: str | None  # None: the table word tells no kind (the parser's kind stays)
    anchors: list[tuple[str, str]] = field(default_factory=list)  # (value, role)
    as_of: date | None = None
    known_at: date | None = None
    date_from: date | None = None
    date_to: date | None = None
    depth: int | None = None
    portfolio: str | None = None
    edge_types: list[str] | None = None  # contagion channels named by a channel key
    modifiers: list[str] = field(default_factory=list)  # "children": a parents question about X's children
    notes: list[str] = field(default_factory=list)


_TODAY = re.compile(r"^(?:current_date|current_timestamp|today|now|now\(\)|sysdate|getdate\(\))$", re.I)


def date_value(value: str, today: date) -> date | None:
    """A filter's date value ("2024-09-30", "prior_year_end", "CURRENT_DATE", "end of H1 this
    year") through the date grammar: the last day of a period, its first where it says "start"."""
    v = value.strip()
    if _TODAY.match(v):
        return today
    words = v.replace("_", " ")
    w = Work(original=words, text=words, today=today)
    hits = find_dates(w)
    if not hits:
        return None
    h = hits[0]
    return h.lo if h.pos == "start" else h.hi


def _slot(c: Condition, today: date, r: FilterReading, entities: list[tuple[str, str]]) -> None:
    """One condition into its slot; a key that names an entity into ``entities`` (key, value)."""
    name = c.key
    if c.fn and c.fn == c.key:  # "distance(X) <= 2": X an entity (a bare column word is none), the number a hop count
        if c.bound and re.fullmatch(r"\d+", c.bound) and c.op in ("<=", "<", "=") and re.search(r"hop|dist|within", c.fn):
            r.depth = int(c.bound) - (c.op == "<")
        if not re.fullmatch(r"[a-z_]+", c.value):
            entities.append(("subject", c.value))
        return
    if c.fn:  # "issuer IN group_of('X')"
        entities.append((name, c.value))
        return
    if name in _PORTFOLIO_KEYS:
        r.portfolio = c.value
        return
    if name in _CHANNEL_KEYS:  # "channel IN ('lending','guarantee')"; other values ("acquisition") are no channel
        found = [ch for ch, rx in _CHANNEL_WORDS.items() if re.search(rx, c.value, re.I)]
        r.edge_types = found or r.edge_types
        return
    if name in _KNOWN_KEYS:
        r.known_at = date_value(c.value, today)
        return
    if name in _DEPTH_KEYS and re.fullmatch(r"\d+", c.value):
        r.depth = int(c.value)
        return
    day = date_value(c.value, today) if name in _ASOF_KEYS + _FROM_KEYS + _TO_KEYS else None
    if day is not None:
        if name in _FROM_KEYS:
            r.date_from = day
        elif name in _TO_KEYS:
            r.date_to = day
        else:
            r.as_of = day
        return
    if name in _NEAR_KEYS and c.value:
        entities.append((name, c.value))


def _anchors(kind: str | None, entities: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The entities in the order the kind wants: for two-entity kinds the far end (owned,
    target, end) is the object, after the subject."""
    two = kind in (STAKE.name, PATH.name, EVENTS.name)
    near = [v for k, v in entities if not (two and k in _FAR_KEYS)]
    far = [v for k, v in entities if two and k in _FAR_KEYS]
    if two and not near and len(far) > 1:  # "from = A and to = B" both read as far keys
        near, far = far[:1], far[1:]
    out = [(v, "subject") for v in near] + [(v, "object") for v in far]
    return list(dict.fromkeys(out))


def read_filter(text: str, today: date) -> FilterReading | None:
    """The reading of a filter-shaped question, or None where the question has no such shape."""
    shape = _shape(text)
    if shape is None:
        return None
    table, cols, where = shape
    conds = [c for c in (_condition(p) for p in _JOIN.split(where)) if c is not None] if where else []
    if where and not conds:
        return None
    kind = _kind(table, cols, conds)
    r = FilterReading(kind=kind)
    entities: list[tuple[str, str]] = []
    for c in conds:
        _slot(c, today, r, entities)
    r.anchors = _anchors(kind, entities)
    if kind == PARENTS.name and any(k in ("parent", "head", "group_head") for k, _ in entities):
        r.modifiers.append("children")  # "SELECT child FROM consolidation WHERE parent = X": X's children
    if kind == DIFF.name and r.as_of and not (r.date_from or r.date_to):
        r.date_to, r.as_of = r.as_of, None
    r.notes.append(f"read as a filter: table {table!r}, keys {[c.key for c in conds]} -> {kind or 'no kind'}")
    return r
