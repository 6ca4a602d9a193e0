"""Facts a person read off each corpus file, checked against the records ownergraph's readers make.

A fact is right when some record states it: an entity by name (and every labelled id), an edge by
its two ends (names or handles), share band or figure and dates; a previous name by name and end date.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ownergraph.domain.places import place_code
from ownergraph.domain.model import (
    Consolidation, Control, Entity, Ownership, Quarantined, Record, ReportingException, Sanction,
)


def norm(text: Any) -> str:
    return " ".join(str(text).casefold().split()) if text is not None else ""


def _handles(ref: Any) -> set[str]:
    """Every string a reference can be matched by: name, LEI, id value and its bare number."""
    out = {norm(ref.name)} if ref.name else set()
    if ref.lei:
        out.add(norm(ref.lei))
    if ref.value:
        v = norm(ref.value)
        out |= {v, v.split(":", 1)[-1], v.split(":", 1)[-1].lstrip("0")}
    return out


@dataclass
class Index:
    """What the readers produced for one file, indexed for matching."""

    entities: list[Entity] = field(default_factory=list)
    edges: list[Ownership | Control] = field(default_factory=list)
    quarantined: list[Quarantined] = field(default_factory=list)
    subjects: list[Any] = field(default_factory=list)  # entities a reporting exception is about
    parents: list[Consolidation] = field(default_factory=list)
    sanctions: list[Sanction] = field(default_factory=list)
    exceptions: list[ReportingException] = field(default_factory=list)
    names_of: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def add(self, rec: Record) -> None:
        if isinstance(rec, Quarantined):
            self.quarantined.append(rec)
        elif isinstance(rec, Entity):
            self.entities.append(rec)
            keys = _handles(rec.ref) | {norm(rec.name)}
            for a in rec.aliases:
                keys |= {norm(a.value), norm(a.value).split(":", 1)[-1]}
            for k in keys:
                self.names_of[k] |= keys
        elif isinstance(rec, (Ownership, Control)):
            self.edges.append(rec)
        elif isinstance(rec, Consolidation):
            self.parents.append(rec)
        elif isinstance(rec, ReportingException):
            self.subjects.append(rec.entity)
            self.exceptions.append(rec)
        elif isinstance(rec, Sanction):
            self.sanctions.append(rec)

    def refers(self, ref: Any, label: Any) -> bool:
        if label is None:
            return True  # unspecified party: the edge's other facts decide
        want = norm(label)
        hs = _handles(ref)
        if want in hs or want.lstrip("0") in hs:
            return True
        return any(want in self.names_of.get(h, ()) for h in hs)


def _ids_ok(ent: Entity, ids: dict[str, Any]) -> bool:
    vals = _handles(ent.ref) | {norm(a.value) for a in ent.aliases}
    vals |= {v.split(":", 1)[-1] for v in vals}
    wanted = [(s, v) for s, vs in ids.items() for v in (vs if isinstance(vs, list) else [vs])]
    for scheme, value in wanted:
        if scheme in ("registration_authority", "registration_number") or value is None:
            continue
        v = norm(str(value).split(":", 1)[-1])
        if v not in vals and v.lstrip("0") not in {x.lstrip("0") for x in vals}:
            return False
    return True


def _mentioned(ix: Index, fact: dict[str, Any]) -> bool:
    """A nameless entity (a PSC's company, a bare BODS statement) counts when a record refers to it."""
    wants = [str(v) for v in (fact.get("ids") or {}).values() if isinstance(v, str)] or [fact.get("statement_id")]
    refs = [e.ref for e in ix.entities] + [r for e in ix.edges for r in (e.source, e.target)] + ix.subjects
    return any(w and ix.refers(r, w) for w in wants for r in refs)


def entity_ok(ix: Index, fact: dict[str, Any]) -> bool:
    if fact.get("name") is None and _mentioned(ix, fact):
        return True
    for ent in ix.entities:
        names = {norm(ent.name)} | {norm(a.value) for a in ent.aliases}
        if fact.get("name") is not None and norm(fact["name"]) not in names:
            continue
        if _ids_ok(ent, fact.get("ids") or {}):
            return True
    return False


def _band(stake: Any, want: Any) -> bool:
    if isinstance(want, str):  # "100%", "51.0": a percentage written as text
        try:
            want = float(want.strip().rstrip("%").replace(",", "."))
        except ValueError:
            return stake is not None  # a share in words ("majority"): a stake must be stated
    if want is None:
        return True
    if stake is None:
        return False
    if isinstance(want, (int, float)):
        return stake.exact is not None and abs(stake.exact - float(want)) < 1e-6 or (
            stake.lo is not None and stake.hi is not None and stake.lo == stake.hi == float(want))
    lo, hi = want
    return (lo is None or stake.lo == float(lo)) and (hi is None or stake.hi == float(hi))


def _date(value: Any, want: Any) -> bool:
    """Same day; a label of year or year-month precision ("2014", as FtM states it) is right when
    the reader's date falls in it (the model stores such a date as its first day)."""
    if want is None:
        return True
    w = str(want)[:10]
    return value is not None and (str(value)[:10] == w or (len(w) in (4, 7) and str(value).startswith(w)))


def _dates_ok(e: Any, fact: dict[str, Any]) -> bool:
    """The edge's valid time is the labelled one. A label whose ``from`` is after its ``to`` (a
    Companies House PSC notified after it ceased: ``notified_on`` is when the register was told)
    states no start: right when the edge ends at ``to`` and states no start either."""
    start, end = fact.get("from"), fact.get("to")
    if start and end and str(start)[:10] > str(end)[:10]:
        return e.valid_from is None and _date(e.valid_to, end)
    return _date(e.valid_from, start) and _date(e.valid_to, end)


def edge_ok(ix: Index, fact: dict[str, Any]) -> bool:
    kind = fact["fact"]
    for e in ix.edges:
        if kind == "officer" and not (isinstance(e, Control) and e.control_kind in ("officer", "directorship")):
            continue
        if not (ix.refers(e.source, fact.get("subject")) and ix.refers(e.target, fact.get("object"))):
            continue
        if not _dates_ok(e, fact):
            continue
        if kind == "officer":
            return True
        if kind == "psc" and _psc_ok(ix, e, fact):
            return True
        voting = _is_voting(e)
        want = fact.get("voting") if voting else fact.get("share")
        if kind in ("owns", "controls") and _band(e.stake, want):
            return True
    return False


def _is_voting(e: Any) -> bool:
    if isinstance(e, Control):
        return "voting" in e.control_kind.lower()
    return str(e.interest) == "voting_rights"


def _psc_ok(ix: Index, first: Any, fact: dict[str, Any]) -> bool:
    """A PSC is right when its share band is on an ownership edge and its voting band on a control one."""
    same = [e for e in ix.edges if e.source == first.source and e.target == first.target]
    share_ok = fact.get("share") is None or any(
        not _is_voting(e) and _band(e.stake, fact["share"]) for e in same)
    voting_ok = fact.get("voting") is None or any(
        _is_voting(e) and _band(e.stake, fact["voting"]) for e in same)
    return share_ok and voting_ok


def previous_ok(ix: Index, fact: dict[str, Any]) -> bool:
    for ent in ix.entities:
        if not ix.refers(ent.ref, fact.get("entity")) and norm(fact.get("entity")) != norm(ent.name):
            continue
        for a in ent.aliases:
            if a.kind == "previous" and norm(a.value) == norm(fact["name"]) and _date(a.valid_to, fact.get("until")):
                return True
    return False


def parent_ok(ix: Index, fact: dict[str, Any]) -> bool:
    """A GLEIF parent record (held-out set 2's label: subject the parent, object the child): a
    consolidation of the child by the parent at that level, from that date."""
    level = "ultimate" if fact["fact"] == "ultimate_parent" else "direct"
    return any(str(getattr(c.level, "value", c.level)).lower().startswith(level)
               and ix.refers(c.target, fact.get("subject")) and ix.refers(c.source, fact.get("object"))
               and _date(c.valid_from, fact.get("from")) for c in ix.parents)


def subsidiary_ok(ix: Index, fact: dict[str, Any]) -> bool:
    return bool(_subsidiary_edges(ix, fact))


def _subsidiary_edges(ix: Index, fact: dict[str, Any]) -> list[Ownership | Control]:
    """An Exhibit 21 row (subject the parent, object the subsidiary, ``share`` its percentage or
    null): an ownership or control edge parent -> subsidiary with that share where one is given. The
    parent may be named by the submission (its header's filer) rather than the exhibit, and a row
    listed under another subsidiary (by indentation or "(a subsidiary of X)") is the parent's
    through it: a chain of such edges from the parent counts, the share read on the last edge."""
    want = fact.get("share")
    last = [e for e in ix.edges if isinstance(e, (Ownership, Control)) and ix.refers(e.target, fact.get("object"))
            and _band(e.stake, want)]
    return [e for e in last if _reaches(ix, fact.get("subject"), e.source, set())]


def immediate_parent_ok(ix: Index, fact: dict[str, Any]) -> bool | None:
    """A subsidiary's labelled ``immediate_parent`` (the row above it, or the holder its row or note
    names): right when an edge that makes the fact right comes from it; None when not labelled.
    Scored apart from the fact, so the facts-right figures of earlier sessions stay comparable."""
    if fact.get("fact") != "subsidiary" or not fact.get("immediate_parent"):
        return None
    return any(ix.refers(e.source, fact["immediate_parent"]) for e in _subsidiary_edges(ix, fact))


def jurisdiction_ok(ix: Index, fact: dict[str, Any]) -> bool | None:
    """A subsidiary's labelled ``jurisdiction``: right when the subsidiary (an edge that makes the
    fact right, or its entity record) states that place's ISO 3166 code, or a subdivision of it
    ("US-DE" for "Delaware", "CA-ON" for "Canada"); a label naming no place the code list knows
    ("Delaware Business Trust") must be stated as written. None when not labelled."""
    if fact.get("fact") != "subsidiary" or not fact.get("jurisdiction"):
        return None
    label = str(fact["jurisdiction"])
    want = place_code(label)
    stated = [e.target.jurisdiction for e in _subsidiary_edges(ix, fact)]
    stated += [e.jurisdiction for e in ix.entities if ix.refers(e.ref, fact.get("object"))]
    if want is None:
        return any(s is not None and norm(s) == norm(label) for s in stated)
    return any(s is not None and (s == want or s.startswith(f"{want}-")) for s in stated)


def _reaches(ix: Index, parent: Any, ref: Any, seen: set[int]) -> bool:
    """Whether ``ref`` is the labelled parent, or is held (by edges of this file) by it; a label
    that names no parent (a bare exhibit that does not name its filer) takes any."""
    if parent is None or ix.refers(ref, parent):
        return True
    for e in ix.edges:
        if id(e) not in seen and e.target == ref and isinstance(e, (Ownership, Control)):
            seen.add(id(e))
            if _reaches(ix, parent, e.source, seen):
                return True
    return False


def sanctioned_ok(ix: Index, fact: dict[str, Any]) -> bool:
    """An FtM Sanction (or an entity in the ``sanction`` topic): right when the entity the label
    names or identifies (``subject``, else any of its ``ids``) is marked sanctioned."""
    wants = [fact.get("subject"), *[v for v in (fact.get("ids") or {}).values() if isinstance(v, str)]]
    return any(w and ix.refers(s.entity, w) for s in ix.sanctions for w in wants)


def exception_ok(ix: Index, fact: dict[str, Any]) -> bool:
    """A GLEIF reporting exception (or a BODS unspecified party): right when the entity the label
    names (``subject`` or ``entity``) has one, at the labelled level (``category`` DIRECT_ / ULTIMATE_
    ACCOUNTING_CONSOLIDATION_PARENT, or ``level``) and for the labelled ``reason``, where given."""
    who = fact.get("subject", fact.get("entity"))
    level = str(fact.get("level") or fact.get("category") or fact.get("exception_category") or "").upper()
    reason = str(fact.get("reason") or fact.get("exception_reason") or "").upper()
    for x in ix.exceptions:
        if not ix.refers(x.entity, who):
            continue
        mine = str(getattr(x.level, "value", x.level)).upper()
        if level and not level.startswith(mine[:6]):
            continue
        if reason and str(getattr(x.reason, "value", x.reason)).upper() != reason:
            continue
        return True
    return False


# checked beside the facts and reported in columns of their own (a fact is right without them)
EXTRA_CHECKS = {"jurisdiction": jurisdiction_ok, "immediate_parent": immediate_parent_ok}

CHECKS = {"entity": entity_ok, "owns": edge_ok, "controls": edge_ok, "psc": edge_ok, "officer": edge_ok,
          "previous_name": previous_ok, "parent": parent_ok, "ultimate_parent": parent_ok,
          "subsidiary": subsidiary_ok, "sanctioned": sanctioned_ok, "reporting_exception": exception_ok}
