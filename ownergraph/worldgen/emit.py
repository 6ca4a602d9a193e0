"""Write a planned world: bundle JSONL, GLEIF XML and ground truth, streaming.

Entities and edges are written one at a time from the plan's arrays; names and identifiers
are recomputed from ``(seed, i)``, so nothing textual is held for the whole world.
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any, IO

import numpy as np

from ownergraph.worldgen import names as N
from ownergraph.worldgen.gleif import LeiWriter, RrWriter
from ownergraph.worldgen.structs import (
    ACTIONS, ASSOC, BAND, BRANCH, BRANCHREL, CONS_D, CONS_U, CONTROL_KINDS, CTRL, EXACT, FLAG_NAMES,
    FUND, FUNDMGR, GUAR, IN_GLEIF, KIND_NAMES, LEND, MISSING, OWN, PERSON, RELATIONSHIPS, STANDARDS,
    SUCC, VOTE, Action, Plan,
)

PREFIX = {OWN: "own", VOTE: "vote", CTRL: "ctl", GUAR: "gtee", LEND: "loan", ASSOC: "assoc", SUCC: "succ"}
REGIMES = (("OFAC", "RUSSIA-EO14024"), ("EU", "RUS-269/2014"), ("UK HMT/OFSI", "Russia"), ("UN", "DPRK"))
_ENC = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # one encoder, not one per record
STREETS = ("Street", "Road", "Avenue", "Lane", "Square", "Quay", "Place")


@lru_cache(maxsize=None)
def iso(day: int) -> str:
    return date.fromordinal(day).isoformat()


def band(stake: float) -> dict[str, Any]:
    """The PSC-style band (exclusive lower bound) a stake falls in."""
    lo = 25 if stake <= 50 else 50 if stake <= 75 else 75
    return {"min": lo, "max": lo + 25, "exclusive_min": True}


def published_stake(pub: int, stake: float) -> float | dict[str, Any] | None:
    if math.isnan(stake) or pub == MISSING:
        return None
    # PSC bands start above 25%: a smaller stake is published exactly
    return band(stake) if pub == BAND and stake > 25 else round(float(stake), 2)


class Namer:
    """Names, identifiers and references of entity ``i``, derived on demand."""

    def __init__(self, p: Plan) -> None:
        self.p = p
        # plain lists: indexing a Python list is much faster than a numpy scalar in a loop
        self.kind: list[int] = p.kind.tolist()
        self.jur: list[int] = p.jur.tolist()
        self.has_lei: list[bool] = p.has_lei.tolist()
        self.leis = N.lei_array(p.seed, p.n)  # 20 bytes per entity

    def code(self, i: int) -> str:
        return N.JUR_CODES[self.jur[i]]

    def lei(self, i: int) -> str | None:
        return self.leis[i].decode() if self.has_lei[i] else None

    def person(self, i: int) -> tuple[str, str, str]:
        culture, given_idx, fam, female = self.p.person_culture[i]
        males, females, _ = N.CULTURES[culture]
        given = (females if female else males)[given_idx]
        surname = N.surname_form(culture, self.p.families[fam][0], female)
        return given, surname, culture

    def name(self, i: int, version: int | None = None) -> str:
        p = self.p
        v = int(p.renames[i]) if version is None else version
        k = self.kind[i]
        if k == PERSON:
            given, surname, _ = self.person(i)
            return f"{given} {surname}"
        if k == FUND:
            return N.fund_name(p.seed, i, self.name(int(p.head[i]), 0), v)
        if k == BRANCH:
            return f"{self.name(int(p.head[i]), 0)}, {N.JURISDICTIONS[p.jur[i]][5]} Branch"
        return N.company_name(p.seed, i, self.jur[i], v, bank=bool(p.bank[i]), manager=bool(p.manager[i]))

    def name_at(self, i: int, day: int) -> str:
        days = self.p.rename_days.get(i)
        return self.name(i, sum(1 for d, _ in days if d <= day) if days else 0)

    def variants(self, i: int, day: int) -> list[tuple[str, str]]:
        if self.kind[i] == PERSON:
            given, surname, culture = self.person(i)
            return N.person_variants(given, surname, culture)
        return N.company_variants(self.name_at(i, day))

    def company_number(self, i: int) -> str:
        return N.company_number(self.p.seed, i, self.code(i))

    def ref(self, i: int, salt: int, day: int) -> tuple[Any, bool]:
        """How a record refers to entity ``i``; True when it is by name only (resolution work)."""
        x = N.h(self.p.seed, salt, 400) % 100
        if self.kind[i] == PERSON:
            nm = self.name(i)
            if x >= 90:
                nm = self.variants(i, day)[x % 2][0]
            return {"scheme": "internal", "value": f"wg:{i}", "name": nm, "kind": "person"}, False
        lei = self.lei(i)
        if lei and x < 88:
            return lei, False
        if lei and x < 92:
            return {"lei": lei}, False
        if not lei and x < 85:
            return {"scheme": "company_number", "value": self.company_number(i), "name": self.name_at(i, day)}, False
        vs = self.variants(i, day)
        nm = vs[x % len(vs)][0] if vs and x % 3 else self.name_at(i, day)
        return {"name": nm, "jurisdiction": self.code(i)}, True


class Sink:
    """Open output files and per-type counters."""

    def __init__(self, out: Path) -> None:
        (out / "gleif").mkdir(parents=True, exist_ok=True)
        self.paths = {"bundle": out / "world.bundle.jsonl", "ground_truth": out / "ground_truth.jsonl",
                      "holdings": out / "holdings.csv", "gleif_lei": out / "gleif" / "lei-data.xml",
                      "gleif_rr": out / "gleif" / "rr-data.xml"}
        self.bundle: IO[str] = open(self.paths["bundle"], "w", encoding="utf-8")
        self.gt: IO[str] = open(self.paths["ground_truth"], "w", encoding="utf-8")
        self.lei = LeiWriter(self.paths["gleif_lei"])
        self.rr = RrWriter(self.paths["gleif_rr"])
        self.counts: Counter[str] = Counter()

    def rec(self, obj: dict[str, Any]) -> None:
        self.bundle.write(_ENC.encode(obj) + "\n")
        self.counts["bundle." + obj["type"]] += 1

    def truth(self, obj: dict[str, Any]) -> None:
        self.gt.write(_ENC.encode(obj) + "\n")
        self.counts["truth." + obj["kind"]] += 1


def doc_id(p: Plan, k: int) -> str:
    d = p.docs[k]
    form = "".join(c for c in d.form.upper() if c.isalnum())
    return f"WG-{form}-{date.fromordinal(d.filed).year}-{k:07d}"


def entity_known(p: Plan) -> np.ndarray:
    """When each entity first became known: its registration, or its first published edge."""
    E = p.edges
    idx = np.arange(p.n, dtype=np.int64)
    salt = (idx * 2654435761 + p.seed * 97) % 120
    lei_floor = date(2012, 6, 1).toordinal()
    base = np.where(p.has_lei, np.maximum(p.created, lei_floor), p.created).astype(np.int64) + salt
    base[p.kind == PERSON] = p.start - 900 + salt[p.kind == PERSON] * 6
    known = np.minimum(np.frombuffer(E.vf, np.int32).astype(np.int64) + np.frombuffer(E.lag, np.int32), p.end)
    first = np.full(p.n, np.iinfo(np.int64).max)
    np.minimum.at(first, np.frombuffer(E.src, np.int32), known)
    np.minimum.at(first, np.frombuffer(E.dst, np.int32), known)
    created = p.created.astype(np.int64)
    out = np.minimum(base, first)
    out = np.where(p.kind == PERSON, out, np.maximum(out, created))  # never before it existed
    return out


@dataclass
class _Columns:
    """The plan's per-entity arrays as plain lists (indexing a list beats a numpy scalar in a loop)."""

    known: list[int]  # entity_known
    created: list[int]
    family: list[int]
    group: list[int]
    depth: list[int]
    head: list[int]
    merged_into: list[int]
    merged_on: list[int]
    bank: list[bool]
    manager: list[bool]

    @classmethod
    def of(cls, p: Plan) -> _Columns:
        return cls(entity_known(p).tolist(), p.created.tolist(), p.family.tolist(), p.group.tolist(),
                   p.depth.tolist(), p.head.tolist(), p.merged_into.tolist(), p.merged_on.tolist(),
                   p.bank.tolist(), p.manager.tolist())


@dataclass
class _Entity:
    """What every record about entity ``i`` shares."""

    i: int
    kind: int
    key: str
    lei: str | None
    code: str
    renames: list[tuple[int, int]]  # (day, lag) of each rename
    legal: list[str]  # legal name of each version, the first name first
    first_known: int


def write_entities(p: Plan, nm: Namer, sink: Sink) -> None:
    """Each entity: its bundle records (one per name version, and its merger), its ground-truth
    line and, with an LEI, its GLEIF record, in that order."""
    cols = _Columns.of(p)
    merges = {a.subject: a for a in p.actions if a.kind == 0}
    spins = {a.counterparty: a for a in p.actions if a.kind == 1}
    floor = date(2012, 6, 1).toordinal()
    for i in range(p.n):
        ent = _entity(p, nm, cols, spins, i)
        base = _base_record(nm, ent, cols.created[i])
        extra, truth_names = _other_names(p, nm, ent)
        prev_all = _previous_names(ent)
        versions = _name_versions(p, ent, base, extra)
        if i in merges:
            versions.append(_merged_version(p, nm, ent, base, merges[i], prev_all, extra))
        _publish_versions(sink, versions)
        sink.truth(_entity_truth(p, nm, cols, ent, prev_all + truth_names, "MERGED" if i in merges else "ACTIVE"))
        if ent.lei:
            _gleif_entity(p, nm, sink, i, ent.lei, ent.legal, ent.renames, merges.get(i), spins.get(i),
                          ent.first_known, floor)


def _entity(p: Plan, nm: Namer, cols: _Columns, spins: dict[int, Action], i: int) -> _Entity:
    """Entity ``i``'s identity, its legal names by version and when it was first known."""
    renames = p.rename_days.get(i, [])
    # a spin-off is known once its action is published, not from its first edge
    first_known = cols.known[i] if i not in spins else min(cols.created[i] + spins[i].lag, p.end)
    return _Entity(i=i, kind=nm.kind[i], key=f"wg:{i}", lei=nm.lei(i), code=nm.code(i), renames=renames,
                   legal=[nm.name(i, v) for v in range(len(renames) + 1)], first_known=first_known)


def _base_record(nm: Namer, ent: _Entity, created: int) -> dict[str, Any]:
    """The fields every version of the entity's bundle record repeats (in the order written)."""
    base: dict[str, Any] = {"type": "entity", "id": ent.key, "kind": KIND_NAMES[ent.kind],
                            "jurisdiction": ent.code}
    if ent.kind != PERSON:
        base["valid_from"] = iso(created)
    if ent.lei:
        base["lei"] = ent.lei
    if ent.kind != PERSON:
        base["identifiers"] = [{"scheme": "company_number", "value": nm.company_number(ent.i)}]
    return base


def _other_names(p: Plan, nm: Namer, ent: _Entity) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Aliases the bundle publishes (trading, transliterated) and every spelling the ground truth lists."""
    if ent.kind == PERSON:
        extra, truth_names = _person_names(p, nm, ent)
    else:
        extra, truth_names = _company_names(p, ent)
    truth_names += [{"name": a["name"], "kind": a["kind"]} for a in extra if a["kind"] == "trading"]
    return extra, truth_names


def _person_names(p: Plan, nm: Namer, ent: _Entity) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A person's spellings; only the transliterated ones are published as aliases."""
    extra: list[dict[str, Any]] = []
    truth_names: list[dict[str, Any]] = []
    for v, kind in nm.variants(ent.i, p.end):
        if kind == "transliterated":
            extra.append({"name": v, "kind": "transliterated"})
        truth_names.append({"name": v, "kind": kind})
    return extra, truth_names


def _company_names(p: Plan, ent: _Entity) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A company's spellings of every legal name; a trading name and transliterations are published."""
    extra: list[dict[str, Any]] = []
    truth_names: list[dict[str, Any]] = []
    legal = ent.legal
    if N.h(p.seed, ent.i, 70) % 10 < 3 and ent.kind != BRANCH:
        extra.append({"name": N.trading_name(legal[-1]), "kind": "trading"})
    for v, kind in N.company_variants(legal[-1]):
        if kind == "transliterated":
            extra.append({"name": v, "kind": "transliterated"})
        truth_names.append({"name": v, "kind": kind})
    for old in legal[:-1]:  # documents from before a rename spell the old name
        truth_names += [{"name": v, "kind": kind, "of": old} for v, kind in N.company_variants(old)]
    return extra, truth_names


def _previous_names(ent: _Entity) -> list[dict[str, Any]]:
    """Every earlier legal name with its dates (``valid_from`` None for the first name)."""
    legal, renames = ent.legal, ent.renames
    return [{"name": legal[u], "kind": "previous", "valid_from": iso(renames[u - 1][0]) if u else None,
             "valid_to": iso(renames[u][0])} for u in range(len(renames))]


def _name_versions(p: Plan, ent: _Entity, base: dict[str, Any],
                   extra: list[dict[str, Any]]) -> list[tuple[int, dict[str, Any]]]:
    """One (known_from, record) per legal name, each listing the names before it; never known
    before the entity itself."""
    legal, renames = ent.legal, ent.renames
    versions: list[tuple[int, dict[str, Any]]] = []
    for v in range(len(legal)):
        prev = [{"name": legal[u], "kind": "previous", "valid_to": iso(renames[u][0]),
                 **({"valid_from": iso(renames[u - 1][0])} if u else {})} for u in range(v)]
        kn = ent.first_known if v == 0 else min(renames[v - 1][0] + renames[v - 1][1], p.end)
        kn = max(kn, ent.first_known)
        versions.append((kn, {**base, "name": legal[v], "known_from": iso(kn),
                              **({"aliases": prev + extra} if prev or extra else {})}))
    return versions


def _merged_version(p: Plan, nm: Namer, ent: _Entity, base: dict[str, Any], a: Action,
                    prev_all: list[dict[str, Any]], extra: list[dict[str, Any]]) -> tuple[int, dict[str, Any]]:
    """The record that closes an entity absorbed by merger ``a``, naming its successor."""
    succ = nm.lei(a.counterparty) or {"scheme": "company_number", "value": nm.company_number(a.counterparty)}
    kn = min(a.day + a.lag, p.end)
    return kn, {**base, "name": ent.legal[-1], "valid_to": iso(a.day), "status": "MERGED", "successor": succ,
                "expiration_reason": "CORPORATE_ACTION", "known_from": iso(kn),
                "aliases": [{f: v for f, v in q.items() if v is not None} for q in prev_all] + extra}


def _legal_names(ent: _Entity) -> list[dict[str, Any]]:
    """Each legal name with the dates it was the name (None: open)."""
    legal, renames = ent.legal, ent.renames
    if not renames:
        return [{"name": legal[0], "valid_from": None, "valid_to": None}]
    return [{"name": legal[u], "valid_from": iso(renames[u - 1][0]) if u else None,
             "valid_to": iso(renames[u][0]) if u < len(renames) else None} for u in range(len(legal))]


def _entity_truth(p: Plan, nm: Namer, cols: _Columns, ent: _Entity, other_names: list[dict[str, Any]],
                  status: str) -> dict[str, Any]:
    """The entity's ground-truth line; ``other_names`` are the spellings after the legal name."""
    i, person = ent.i, ent.kind == PERSON
    fam, head = cols.family[i], cols.head[i]
    return {
        "kind": "entity", "key": ent.key, "index": i, "lei": ent.lei, "entity_kind": KIND_NAMES[ent.kind],
        "name": ent.legal[-1], "legal_names": _legal_names(ent),
        "names": [{"name": ent.legal[-1], "kind": "legal"}] + other_names,
        "jurisdiction": ent.code, "created": None if person else iso(cols.created[i]),
        "known_from": iso(ent.first_known), "status": status,
        "merged_into": f"wg:{cols.merged_into[i]}" if cols.merged_into[i] >= 0 else None,
        "merged_on": iso(cols.merged_on[i]) if cols.merged_on[i] else None,
        "company_number": None if person else nm.company_number(i),
        "family": p.families[fam][0] if fam >= 0 else None, "group": cols.group[i],
        "depth": cols.depth[i], "bank": cols.bank[i], "fund_manager": cols.manager[i],
        "head": f"wg:{head}" if head >= 0 else None,
    }


def _publish_versions(sink: Sink, versions: list[tuple[int, dict[str, Any]]]) -> None:
    """One record per knowledge instant: a version superseded on the day it is first known (a
    rename published within the first one's lag) is not published (it would be a conflict)."""
    for n, (kn, rec) in enumerate(versions):
        if any(later == kn for later, _ in versions[n + 1:]):
            continue  # superseded on the day it was first known
        sink.rec(rec)


def _gleif_entity(p: Plan, nm: Namer, sink: Sink, i: int, lei: str, legal: list[str],
                  renames: list[tuple[int, int]], merge: Any, spin: Any, first_known: int, floor: int) -> None:
    x = N.h(p.seed, i, 80)
    jd = N.JURISDICTIONS[p.jur[i]]
    code = jd[0]
    lang = {"DE": "de", "FR": "fr", "IT": "it", "RU": "ru", "ES": "es", "NL": "nl", "SE": "sv"}.get(code[:2], "en")
    others = [(legal[u], "PREVIOUS_LEGAL_NAME") for u in range(len(renames))]
    if N.h(p.seed, i, 70) % 10 < 3 and p.kind[i] != BRANCH:
        others.append((N.trading_name(legal[-1]), "TRADING_OR_OPERATING_NAME"))
    translit = N.transliterate(legal[-1]) if code == "RU" else None
    address = (f"{x % 200 + 1} {N.WORDS[(x >> 8) % len(N.WORDS)]} {STREETS[(x >> 16) % len(STREETS)]}",
               jd[5], jd[6], code[:2], f"{(x >> 20) % 90000 + 10000}")
    events = [("CHANGE_LEGAL_NAME", d, min(d + lag, p.end)) for d, lag in renames]
    if merge is not None:
        events.append(("MERGERS_AND_ACQUISITIONS", merge.day, min(merge.day + merge.lag, p.end)))
    if spin is not None:
        events.append(("SPIN_OFF", spin.day, min(spin.day + spin.lag, p.end)))
    updated = max([first_known] + [e[2] for e in events])
    category = {FUND: "FUND", BRANCH: "BRANCH"}.get(int(p.kind[i]), "GENERAL")
    suffix = N.split_suffix(legal[-1])[1] or ("FUND" if category == "FUND" else "OTHER")
    if code == "RU":
        suffix = "OOO" if legal[-1].startswith("ООО") else "AO"
    sink.lei.record(
        lei=lei, name=legal[-1], lang=lang, other_names=others, translit=translit, address=address,
        ra=jd[4], ra_id=nm.company_number(i).split(":", 1)[1], jurisdiction=code, category=category,
        legal_form=suffix, status="INACTIVE" if merge is not None else "ACTIVE",
        created=int(p.created[i]), expiration=(merge.day, "CORPORATE_ACTION") if merge is not None else None,
        successor=nm.lei(merge.counterparty) if merge is not None else None, events=events,
        initial=max(first_known, floor), updated=max(updated, first_known, floor),
        reg_status="RETIRED" if merge is not None else ("LAPSED" if x % 20 == 0 else "ISSUED"),
        lou=N.MANAGING_LOUS[x % len(N.MANAGING_LOUS)],
        validation=("FULLY_CORROBORATED", "ENTITY_SUPPLIED_ONLY", "PARTIALLY_CORROBORATED")[(x >> 30) % 3])


def _flags(f: int) -> list[str]:
    return [name for bit, name in FLAG_NAMES if f & bit]


def write_edges(p: Plan, nm: Namer, sink: Sink) -> None:
    E = p.edges
    succ_action = {e: k for k, a in enumerate(p.actions) for e in a.edges if E.etype[e] == SUCC}
    rng = random.Random(p.seed + 17)
    for e in range(len(E)):
        t, s, d = E.etype[e], E.src[e], E.dst[e]
        vf, vt, kn = E.vf[e], E.vt[e], p.known(e)
        stake = float(E.stake[e])
        truth: dict[str, Any] = {
            "kind": "edge", "type": _type_name(t), "source": f"wg:{s}", "target": f"wg:{d}",
            "valid_from": iso(vf), "valid_to": iso(vt) if vt else None, "known_from": iso(kn),
            "flags": _flags(E.flags[e]),
        }
        if t in IN_GLEIF:
            _gleif_edge(p, nm, sink, e, truth, rng)
            continue
        rid = f"wg:{PREFIX[t]}{e}"
        role = _roles(t)
        src_ref, src_by_name = nm.ref(s, 2 * e, vf)
        dst_ref, dst_by_name = nm.ref(d, 2 * e + 1, vf)
        rec: dict[str, Any] = {"type": _type_name(t), "id": rid, role[0]: src_ref, role[1]: dst_ref,
                               "valid_from": iso(vf)}
        if vt:
            rec["valid_to"] = iso(vt)
        rec["known_from"] = iso(kn)
        if E.doc[e] >= 0:
            rec["document_id"] = doc_id(p, E.doc[e])
        pub = published_stake(E.pub[e], stake)
        if t in (OWN, VOTE):
            if pub is not None:
                rec["stake"] = pub
            if t == VOTE:
                rec["interest"] = "voting_rights"
            truth.update(interest="voting_rights" if t == VOTE else "shareholding", stake=round(stake, 2),
                         stake_published=pub)
        elif t == CTRL:
            rec["control_kind"] = truth["control_kind"] = CONTROL_KINDS[E.sub[e]]
        elif t in (GUAR, LEND):
            cur = N.JURISDICTIONS[p.jur[s if t == GUAR else d]][3]
            rec.update(amount=E.amount[e], currency=cur)
            truth.update(amount=E.amount[e], currency=cur)
        elif t == ASSOC:
            rec["relationship"] = truth["relationship"] = RELATIONSHIPS[E.sub[e]]
        elif t == SUCC:
            rec["action"] = truth["action"] = ACTIONS[E.sub[e]]
            if e in succ_action:
                rec["corporate_action_id"] = truth["corporate_action"] = f"wg:ca{succ_action[e]}"
        sink.rec(rec)
        truth["id"] = rid
        truth["document_id"] = rec.get("document_id")
        if src_by_name or dst_by_name:
            truth["name_refs"] = {k: r for k, r, b in (("source", src_ref, src_by_name), ("target", dst_ref, dst_by_name)) if b}
        if e in p.corrections:
            new, days = p.corrections[e]
            rec2 = dict(rec, stake=new, known_from=iso(kn + days), locator="correction")
            sink.rec(rec2)
            truth["versions"] = [{"stake": pub, "known_from": iso(kn)}, {"stake": new, "known_from": iso(kn + days)}]
            truth["stake"] = truth["stake_published"] = new
        if e in p.retractions:
            at = iso(min(kn + p.retractions[e], p.end))
            sink.rec({"type": "retraction", "id": f"wg:retract{e}", "fact_id": rid, "known_from": at})
            truth["retracted_at"] = at
        sink.truth(truth)


def _type_name(t: int) -> str:
    return {OWN: "ownership", VOTE: "ownership", CTRL: "control", GUAR: "guarantee", LEND: "lending",
            ASSOC: "association", SUCC: "succession", BRANCHREL: "branch_of", FUNDMGR: "fund_relation",
            CONS_D: "consolidation", CONS_U: "consolidation"}[t]


def _roles(t: int) -> tuple[str, str]:
    return {OWN: ("owner", "owned"), VOTE: ("owner", "owned"), CTRL: ("controller", "controlled"),
            GUAR: ("guarantor", "guaranteed"), LEND: ("lender", "borrower"), ASSOC: ("person", "associate"),
            SUCC: ("predecessor", "successor")}[t]


def _gleif_edge(p: Plan, nm: Namer, sink: Sink, e: int, truth: dict[str, Any], rng: random.Random) -> None:
    E = p.edges
    t, s, d = E.etype[e], E.src[e], E.dst[e]
    child, parent = nm.lei(s), nm.lei(d)
    assert child and parent, "GLEIF relationships join LEI entities"
    kind = {CONS_D: "direct", CONS_U: "ultimate", BRANCHREL: "branch", FUNDMGR: "fund_managed_by"}[t]
    rtype = {"direct": "IS_DIRECTLY_CONSOLIDATED_BY", "ultimate": "IS_ULTIMATELY_CONSOLIDATED_BY",
             "branch": "IS_INTERNATIONAL_BRANCH_OF", "fund_managed_by": "IS_FUND-MANAGED_BY"}[kind]
    vt = E.vt[e] or None
    kn = p.known(e)
    cons = t in (CONS_D, CONS_U)
    year = date.fromordinal(min(kn, p.end)).year - 1 if cons else None
    std = STANDARDS[E.sub[e]] if cons else None
    quant = round(float(E.stake[e]), 2) if t == CONS_D and E.pub[e] == EXACT else None
    x = N.h(p.seed, e, 90)
    ref = f"https://filings.example.org/annual/{child}/{year}.htm" if cons and x % 3 == 0 else None
    sink.rr.record(child=child, parent=parent, rtype=rtype, start=E.vf[e], end=vt, accounting_year=year,
                   standard=std, quantifier=quant, initial=kn, updated=kn,
                   lou=N.MANAGING_LOUS[x % len(N.MANAGING_LOUS)],
                   validation=("FULLY_CORROBORATED", "ENTITY_SUPPLIED_ONLY")[x % 2], reference=ref)
    sink.counts["gleif." + rtype] += 1
    truth.update(id=f"gleif:rr:{child}:{rtype}:{parent}", file="gleif", relationship_type=rtype)
    if cons:
        truth.update(level="direct" if t == CONS_D else "ultimate", accounting_standard=std or None,
                     stake=quant)
    sink.truth(truth)


__all__ = ["Namer", "Sink", "write_entities", "write_edges", "doc_id", "iso", "published_stake", "BAND",
           "REGIMES"]
