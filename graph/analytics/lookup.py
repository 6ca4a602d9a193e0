"""Entity mentions -> canonical keys: LEI, exact alias, exact name, then fuzzy name.

``find_entity`` tries, in order, and stops at the first step that finds anything:
1. a canonical key or an LEI (20 characters whose ISO 7064 check digits verify);
2. an exact alias of any scheme (CIK, company number, ISIN, ...; ``scheme:value`` also works;
   a name alias is matched on its case-folded key ``name|<name>``);
3. an exact, case-insensitive entity name;
4. a fuzzy name: candidates whose name (or a name alias) shares a word with the mention, or a
   word one or two edits from one (the full-text index ``entity_names``, best first, at most
   ``FUZZY_LIMIT``: bounded at any size of graph; a limit reached is said in the error), scored
   by string similarity of the normalised names (``resolution.normalise_name``).
A step that finds several entities picks the ones valid at ``as_of`` when that narrows it to
one; otherwise the mention is ambiguous. Ambiguous or unknown mentions raise
:class:`ingest.errors.EntityNotFound` with the near matches as candidates.

``find_group`` resolves a family ("Petrov family": persons whose name contains Petrov plus
their family members over ASSOCIATED_WITH edges, read through the time gate) or a list.

Also here, because every analytics module needs them: :func:`to_plain` (Neo4j temporal values
-> Python) and :func:`resolve_keys` (one mention or a group -> keys).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import date, datetime
from difflib import SequenceMatcher
from typing import Any

import pandas as pd

from ownergraph.domain.clock import Clock, make_clock
from ownergraph.graph.analytics.name_words import full_text_terms
from ownergraph.graph.analytics.snapshot import Reads, expand
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.errors import EntityNotFound
from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.codes import AliasScheme
from ownergraph.resolution import normalise_identifier, normalise_name, person_name_variants
from ownergraph.domain.codes import EdgeType
from ownergraph.graph.analytics.notebook import HtmlRepr

ACCEPT_SCORE = 0.85  # a fuzzy match must score at least this ...
MARGIN = 0.05  # ... and beat the next entity by this much
SUGGEST_SCORE = 0.5
# ASSOCIATED_WITH relationships that are not family (business associates); anything else
# (spouse, child, parent, sibling, relative, in-law, ...) counts as family.
NON_FAMILY = frozenset({"associate", "business_associate", "business", "colleague", "partner_business"})


_SCALARS = frozenset({str, int, bool, type(None)})  # returned as they are, the common case


def to_plain(value: Any) -> Any:
    """Neo4j temporal values (and containers of them) as Python dates/datetimes."""
    if type(value) in _SCALARS:
        return value
    if hasattr(value, "to_native"):
        return value.to_native()
    if isinstance(value, dict):
        return {k: to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    return value


def jsonable(value: Any) -> Any:
    """``to_plain`` plus dates as ISO strings and NaN as None: for ``as_dict``. One pass over
    the tree (a result's as_dict was a quarter of an answer's CPU when every level converted
    its whole subtree again)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if hasattr(value, "to_native"):
        value = value.to_native()
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, float) and value != value:  # NaN
        return None
    return value


@dataclass(frozen=True)
class EntityMatch:
    key: str
    name: str
    lei: str | None
    method: str  # key | lei | alias | name | fuzzy | family_name | associated:<relationship>
    score: float = 1.0
    matched: str | None = None  # the text that matched (alias value, name)
    kind: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def label(self) -> str:
        return f"{self.name} ({self.key})"


@dataclass(frozen=True)
class GroupMatch(HtmlRepr):
    label: str
    members: tuple[EntityMatch, ...]
    links: tuple[dict[str, Any], ...] = ()  # ASSOCIATED_WITH edges that brought members in

    @property
    def keys(self) -> list[str]:
        return [m.key for m in self.members]

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame([m.as_dict() for m in self.members],
                            columns=["key", "name", "lei", "method", "score", "matched", "kind"])

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "members": [m.as_dict() for m in self.members],
                "links": jsonable(list(self.links))}


# -- find_entity ----------------------------------------------------------------------------
def _valid_on(row: dict[str, Any], day: date, lo: str = "valid_from", hi: str = "valid_to") -> bool:
    start, end = to_plain(row.get(lo)), to_plain(row.get(hi))
    return (start is None or start <= day) and (end is None or day < end)


def _candidate(key: str, row: dict[str, Any]) -> str:
    """One of several entities a mention names, as a reader tells them apart: its name, its key,
    the other name or identifier it was found by, its jurisdiction."""
    parts = [key]
    matched = row.get("matched")
    if matched and matched != key and _literal(matched) != _literal(row.get("name")):
        scheme = row.get("scheme") or "name"
        parts.append(f"{row.get('alias_kind') or 'other'} name {matched}" if scheme == "name" else f"{scheme} {matched}")
    if row.get("jurisdiction"):
        parts.append(str(row["jurisdiction"]))
    return f"{row.get('name') or key} ({'; '.join(parts)})"


def _pick(rows: list[dict[str, Any]], method: str, mention: str, day: date) -> EntityMatch | None:
    """One entity from exact-match rows; None when nothing matched; raises when ambiguous."""
    if not rows:
        return None
    by_key: dict[str, dict[str, Any]] = {}
    for r in rows:
        by_key.setdefault(r["key"], r)
    if len(by_key) > 1:  # prefer entities (and aliases) valid on the day
        alive = {k: r for k, r in by_key.items()
                 if any(_valid_on(x, day) and _valid_on(x, day, "alias_from", "alias_to")
                        for x in rows if x["key"] == k)}
        if len(alive) == 1:
            by_key = alive
    if len(by_key) > 1:
        raise EntityNotFound(mention, sorted(_candidate(k, r) for k, r in by_key.items()), ambiguous=True)
    (key, row), = by_key.items()
    return EntityMatch(key, row["name"] or key, row.get("lei"), method, 1.0, row.get("matched"), row.get("kind"))


def _alias_values(mention: str) -> list[str]:
    m = mention.strip()
    values = {m, f"{AliasScheme.NAME.value}|{m.casefold()}"}
    if m.isdigit():
        values.add(m.lstrip("0") or "0")  # CIK without leading zeros
    if m.isalnum():
        values.add(m.upper())
    uk = _uk_company_number(m)
    if uk:  # a bare UK company number as analysts type it: no "GB:" prefix, leading zeros dropped
        values.update({f"GB:{uk}", f"{AliasScheme.COMPANY_NUMBER.value}|GB:{uk}"})
    scheme, sep, rest = m.replace("|", ":", 1).partition(":")
    if sep and scheme.lower() in {s.value for s in AliasScheme}:
        s = scheme.lower()
        for v in (rest, normalise_identifier(s, rest)):
            values.update({v, f"{s}|{v}"})
    return sorted(values)


_UK_NUMBER = re.compile(r"^(?:[A-Z]{2}\d{6}|[A-Z]{2}\d{5}[A-Z]|\d{5,8})$")
INITIALS_SCORE = 0.96  # "Michael C. Saunders" for "Michael Charles Saunders": all but certain


def _uk_company_number(mention: str) -> str | None:
    """``mention`` as a Companies House number (8 characters: digits zero-padded, or a
    two-letter prefix such as SC, NI, OC, OE), or None when it cannot be one."""
    m = "".join(mention.split()).upper()
    if not _UK_NUMBER.match(m):
        return None
    return m.zfill(8) if m.isdigit() else m


def _initials_match(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Same words in the same order, where one side may give a word as its initial; at least
    two words spelled out on both sides (so "J Smith" does not match every "John Smith")."""
    if len(a) != len(b) or a == b:
        return False
    full = 0
    for x, y in zip(a, b):
        if x == y:
            full += 1
        elif not ((len(x) == 1 and y.startswith(x)) or (len(y) == 1 and x.startswith(y))):
            return False
    return full >= 2


def similarity(a: str, b: str) -> float:
    """Similarity of two names in [0, 1] on their normalised keys (order-insensitive too;
    "Last, First" and titles anywhere as in :func:`person_name_variants`; middle initials)."""
    best = 0.0
    keys_b = {normalise_name(v).key for v in person_name_variants(b)} - {""}
    for na in {normalise_name(v).key for v in person_name_variants(a)} - {""}:
        for nb in keys_b:  # both sides' readings: the score stays symmetric
            if na == nb:
                return 1.0
            ta, tb = tuple(sorted(na.split())), tuple(sorted(nb.split()))
            if ta == tb or _initials_match(tuple(na.split()), tuple(nb.split())):
                best = max(best, 1.0 if ta == tb else INITIALS_SCORE)
                continue
            best = max(best, _ratio(na, nb), _ratio(" ".join(ta), " ".join(tb)))
    return best


def _ratio(a: str, b: str) -> float:
    # difflib's matching is not symmetric in its arguments; the score must be
    return max(SequenceMatcher(None, a, b, autojunk=False).ratio(), SequenceMatcher(None, b, a, autojunk=False).ratio())


def _fragments(mention: str) -> list[str]:
    tokens = [t for t in normalise_name(mention).tokens if len(t) >= 3] or list(normalise_name(mention).tokens)
    tokens = sorted(set(tokens), key=len, reverse=True)[:3]
    # a 4-letter prefix tolerates typos later in the word
    return sorted({t[:4] for t in tokens} | {mention.strip().lower()[:4]} - {""})


def _literal(name: Any) -> str:
    """A name compared word for word, legal form included (only case and punctuation dropped):
    what breaks a tie between names that normalise alike."""
    return " ".join(re.sub(r"[^\w]+", " ", str(name or "").casefold()).split())


FUZZY_LIMIT = 300  # index entries compared at most (best first): bounded at any size of graph


def _candidates(graph: Reads, mention: str, kind: str | None) -> tuple[list[dict[str, Any]], bool]:
    """Entities sharing words with ``mention`` by the full-text index of names (never a scan),
    and whether the index held more entries than were read."""
    terms = full_text_terms(f"{mention} {normalise_name(mention).key}")  # also transliterated: "Петров" -> petrov
    rows = graph.read("lookup_fulltext", terms=terms, limit=FUZZY_LIMIT) if terms else []
    found = [r for r in rows if r["key"] is not None and (kind is None or r.get("kind") == kind)]
    return found, len(rows) >= FUZZY_LIMIT


def _fuzzy(graph: Reads, mention: str, day: date, kind: str | None) -> EntityMatch:
    rows, limited = _candidates(graph, mention, kind)
    best: dict[str, tuple[float, dict[str, Any]]] = {}
    for r in rows:
        s = max(similarity(mention, r["matched"] or ""), similarity(mention, r["name"] or ""))
        if s > best.get(r["key"], (-1.0, {}))[0]:
            best[r["key"]] = (s, r)
    ranked = sorted(best.items(), key=lambda kv: (-kv[1][0], not _valid_on(kv[1][1], day), kv[0]))
    suggestions = [f"{r['name']} ({k})" for k, (s, r) in ranked[:5] if s >= SUGGEST_SCORE]
    if not ranked or ranked[0][1][0] < ACCEPT_SCORE:
        raise EntityNotFound(mention, suggestions, compared=FUZZY_LIMIT if limited else 0)
    top_score = ranked[0][1][0]
    tied = [kv for kv in ranked if top_score - kv[1][0] < MARGIN]
    if len(tied) > 1:  # "Apple Computer, Inc." is APPLE COMPUTER INC, not Apple Computer Limited
        literal = [kv for kv in tied if _literal(mention) in {_literal(kv[1][1].get("matched")),
                                                              _literal(kv[1][1].get("name"))}]
        tied = literal if len(literal) == 1 else tied
    if len(tied) > 1:
        alive = [kv for kv in tied if _valid_on(kv[1][1], day)]
        if len(alive) != 1:
            raise EntityNotFound(mention, [_candidate(k, r) for k, (_, r) in tied[:5]], ambiguous=True,
                                 compared=FUZZY_LIMIT if limited else 0)
        tied = alive
    key, (score, row) = tied[0]
    return EntityMatch(key, row["name"] or key, row.get("lei"), "fuzzy", round(score, 4), row.get("matched"),
                       row.get("kind"))


def find_entity(graph: Reads, mention: str, as_of: date | str | None = None, *,
                kind: str | None = None, fuzzy: bool = True) -> EntityMatch:
    """The one entity ``mention`` names (see the module docstring for the order of steps)."""
    text = mention.strip()
    if not text:
        raise EntityNotFound(mention)
    day = make_clock(as_of).as_of
    upper = text.upper()
    if is_valid_lei(upper) or text.startswith("og:"):
        found = _pick(graph.read("lookup_key", key=upper if is_valid_lei(upper) else text),
                      "lei" if is_valid_lei(upper) else "key", mention, day)
        if found:
            return found
    found = _pick(graph.read("lookup_alias", values=_alias_values(text)), "alias", mention, day)
    if found:
        return found
    rows = graph.read("lookup_name", name=text) or graph.read("lookup_name_ci", lower=text.lower())
    uk = _uk_company_number(text)
    if not rows and uk:  # a company known only by its number: its stub is named "GB:<number>"
        rows = graph.read("lookup_name", name=f"GB:{uk}")
    found = _pick(rows, "name", mention, day)
    if found:
        return found
    if not fuzzy:
        raise EntityNotFound(mention)
    return _fuzzy(graph, text, day, kind)


# -- find_group -----------------------------------------------------------------------------
_FAMILY = re.compile(r"^\s*(?:the\s+)?(?P<name>.+?)\s+family\s*$", re.IGNORECASE)


def _is_family(relationship: str | None) -> bool:
    return (relationship or "").strip().lower() not in NON_FAMILY


def _family(graph: Graph, surname: str, clock: Clock, depth: int,
            include_associates: bool) -> tuple[list[EntityMatch], list[dict[str, Any]]]:
    token = normalise_name(surname).key or surname.lower()
    rows = graph.read("lookup_candidates", fragments=sorted({surname.lower(), token}), kind="person", limit=5000)
    members: dict[str, EntityMatch] = {}
    for r in rows:  # substring on the transliterated name: "Petrov" also finds "Petrova"
        texts = (r["name"] or "", r["matched"] or "")
        if any(token in normalise_name(t).key or surname.lower() in t.lower() for t in texts):
            members.setdefault(r["key"], EntityMatch(r["key"], r["name"] or r["key"], r.get("lei"),
                                                     "family_name", 1.0, surname, r.get("kind")))
    links: list[dict[str, Any]] = []
    frontier = sorted(members)
    for _ in range(depth):
        if not frontier:
            break
        snap = expand(graph, frontier, clock, [EdgeType.ASSOCIATION], "both", max_depth=1)
        nxt: list[str] = []
        for e in snap.edges:
            rel = e.props.get("relationship")
            if not (include_associates or _is_family(rel)):
                continue
            for a, b in ((e.source, e.target), (e.target, e.source)):
                if a in members and b not in members:
                    props = snap.nodes.get(b, {})
                    members[b] = EntityMatch(b, props.get("name") or b, props.get("lei"),
                                             f"associated:{rel or 'unknown'}", 1.0, members[a].name,
                                             props.get("kind"))
                    nxt.append(b)
                    links.append({"source": e.source, "target": e.target, "relationship": rel,
                                  "source_system": e.props.get("source_system"),
                                  "source_record_id": e.props.get("source_record_id"),
                                  "document_id": e.props.get("document_id")})
        frontier = sorted(set(nxt))
    return list(members.values()), links


def find_group(graph: Graph, family_or_list: str | Sequence[str], *, as_of: date | str | None = None,
               known_at: date | datetime | str | None = None, depth: int = 2,
               include_associates: bool = False) -> GroupMatch:
    """A family ("Petrov family") or an explicit list of mentions, as one group.

    A family is every person whose name contains the surname (transliterated, so Cyrillic
    spellings count) plus, up to ``depth`` hops, persons linked to them by ASSOCIATED_WITH
    edges valid and known at the clock whose relationship is a family one (business
    associates only with ``include_associates``). A plain string that is not "<X> family" is
    one mention."""
    clock = make_clock(as_of, known_at)
    if isinstance(family_or_list, str):
        m = _FAMILY.match(family_or_list)
        if not m:
            one = find_entity(graph, family_or_list, clock.as_of)
            return GroupMatch(family_or_list, (one,))
        members, links = _family(graph, m.group("name").strip(), clock, depth, include_associates)
        if not members:
            raise EntityNotFound(family_or_list)
        return GroupMatch(family_or_list, tuple(sorted(members, key=lambda x: (x.method != "family_name", x.name))),
                          tuple(links))
    found: dict[str, EntityMatch] = {}
    links: list[Any] = []
    for mention in family_or_list:  # a family among the mentions ("the Petrov family (Ivan and Elena)"): its members
        if _FAMILY.match(mention):
            fam = find_group(graph, mention, as_of=clock.as_of, known_at=clock.known_at, depth=depth,
                             include_associates=include_associates)
            links += fam.links
            for match in fam.members:
                found.setdefault(match.key, match)
            continue
        match = find_entity(graph, mention, clock.as_of)
        found.setdefault(match.key, match)
    return GroupMatch(", ".join(family_or_list), tuple(found.values()), tuple(links))


def resolve_keys(graph: Graph, who: str | Iterable[str], as_of: date | str | None = None,
                 known_at: date | datetime | str | None = None) -> GroupMatch:
    """One mention, a family phrase or several mentions -> a group (possibly of one)."""
    if isinstance(who, str):
        return find_group(graph, who, as_of=as_of, known_at=known_at)
    return find_group(graph, list(who), as_of=as_of, known_at=known_at)
