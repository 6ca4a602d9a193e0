"""A fast generator of a realistic sparse ownership graph, bulk-written with ``UNWIND $rows CREATE``.

The graph follows the storage conventions of ``graph.load.rows`` / ``graph.load.loader`` exactly (the
real analytics read it): ``(:Entity {key, lei, name, kind, jurisdiction, valid_from, valid_to,
known_from, fact_key, statement_id, ...})``; typed edges with ``valid_from``/``valid_to``
(dates, sentinels 0001-01-01 / 9999-12-31), ``known_from``/``known_to`` (UTC datetimes, open
= 9999-12-31T23:59:59Z), stakes as fractions ``stake_lo``/``stake_hi`` (+ exactness and
inclusive flags), ``fact_key``, ``statement_id`` and provenance; holdings
``(:Portfolio)-[:HOLDS {instrument, amount, currency, clocks}]->(:Entity)``.

Shape (what real registers look like, DOMAIN §6: sparse, small rare cycles):
- corporate groups with Pareto-distributed sizes (most 1-10 entities, a few thousand at most);
  inside a group a tree of majority stakes, chain-biased so deep groups reach 12 levels, with
  diamonds (a second, minority owner inside the group), a few board-appointment CONTROLS
  edges, GLEIF-style CONSOLIDATED_BY (child -> direct parent, child -> ultimate parent);
- group heads owned by persons (mostly majority: family or founder control) and funds
  (minority); funds and persons picked Zipf-wise, so out-degrees are power-law-ish;
- cross-group minority stakes from funds/persons, a few small cross-holding cycles;
- banks (Zipf-weighted) lending to companies, parents guaranteeing subsidiaries;
- families: persons sharing a surname linked by ASSOCIATED_WITH (spouse, child, sibling);
- stakes exact (60%), banded (PSC-like bands, 35%) or missing (5%); knowledge lags valid time;
  ~7% of edges closed in valid time; ~5% of OWNS facts have a superseded earlier version;
- a holdings book: a few portfolios over a few thousand issuers, quarterly snapshots.

Everything is deterministic for a seed. Rows are generated and written in streaming batches
(2M edges never sit in memory as dicts).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta, timezone
from typing import Any

from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX, VALID_MIN
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.transport import encode_rows
from ownergraph.cypher import Rendered
from bench.cypher import QUERIES

AS_OF = date(2023, 6, 30)  # the benchmark's as-of date: inside the data range
_EPOCH = date(2004, 1, 1)
_SPAN_DAYS = (date(2024, 6, 30) - _EPOCH).days

STEMS = ["Borealis", "Kestrel", "Vanta", "Aurelia", "Halden", "Marlow", "Orion", "Sable", "Tamsin",
         "Ulster", "Verity", "Wexford", "Yarrow", "Zenith", "Altmark", "Brennan", "Caldera", "Dunmore",
         "Elbrus", "Falkner", "Garrick", "Hollis", "Juniper", "Karst", "Lindqvist", "Meridian",
         "Norrland", "Ostrava", "Pellworm", "Quorra", "Rainier", "Solvay", "Thalassa", "Umbria",
         "Valmont", "Westerly", "Xanthe", "Ysolde", "Zagros", "Arcadia", "Belgravia", "Corvina"]
SECTORS = ["Shipping", "Mining", "Logistics", "Holdings", "Capital", "Energy", "Telecom", "Properties",
           "Chemicals", "Foods", "Pharma", "Steel", "Aviation", "Media", "Textiles", "Timber"]
FORMS = ["Ltd", "Inc", "SA", "AG", "plc", "LLC", "NV", "GmbH", "AS", "Corp"]
FIRST = ["Ivan", "Elena", "Marco", "Hannah", "Rajiv", "Sofia", "Lars", "Amara", "Tomas", "Yuki", "Omar",
         "Clara", "Pavel", "Irina", "Jonas", "Mei", "Diego", "Aisha", "Felix", "Nadia"]
LAST = ["Petrov", "Sokolov", "Bellini", "Vogel", "Menon", "Duarte", "Eriksen", "Okafor", "Novak",
        "Tanaka", "Haddad", "Lindgren", "Kowalski", "Moreau", "Fischer", "Rossi", "Jensen", "Silva"]
JURIS = ["CY", "US-DE", "NL", "LU", "IE", "KY", "JE", "CH", "NO", "SG", "GB", "DE"]
CURRENCIES = ["USD", "EUR", "GBP", "CHF"]
BANDS = [(0.25, 0.5, True, False), (0.5, 0.75, False, True), (0.75, 1.0, False, True)]
SOURCES = ["gleif", "bods", "uk_psc", "sec_13d", "opensanctions"]
PORTFOLIOS = ["CREDIT-IG", "CREDIT-HY", "EQUITY-EU", "EQUITY-US", "RATES-EM"]
FAMILY_RELS = ["spouse", "child", "sibling", "parent"]


def lei_for(i: int) -> str:
    """A valid LEI (ISO 17442: 18 characters + 2 ISO 7064 MOD 97-10 check digits)."""
    body = f"5493{i:014d}"
    return body + f"{98 - int(body + '00') % 97:02d}"


def _utc(d: date) -> datetime:
    return datetime.combine(d, time(12, 0), tzinfo=timezone.utc)


@dataclass
class World:
    """The generated structure (compact: indexes and small tuples, no property maps)."""

    n: int
    kinds: list[str]  # per entity: person | fund | company
    keys: list[str]
    names: list[str]
    leis: list[str | None]
    # typed edges: (source index, target index, kind-specific tag)
    edges: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    holdings: list[tuple[str, int, int]] = field(default_factory=list)  # (portfolio, issuer, snapshot)
    group_of: list[int] = field(default_factory=list)
    heads: list[int] = field(default_factory=list)
    families: list[str] = field(default_factory=list)

    @property
    def edge_count(self) -> int:
        return sum(len(v) for v in self.edges.values())


def generate(n_entities: int, n_edges: int, seed: int = 7) -> World:
    """A deterministic world of ``n_entities`` and about ``n_edges`` relationships (one random
    stream, drawn in this order: entities, groups, owners of heads, families, fill, book)."""
    rnd = random.Random(seed)
    w, persons, funds, companies = _entities(rnd, n_entities)
    E: dict[str, list[tuple[int, int, int]]] = {t: [] for t in (
        "OWNS", "CONTROLS", "CONSOLIDATED_BY", "GUARANTEES", "LENDS_TO", "ASSOCIATED_WITH")}
    # tags: OWNS 0 = majority (in-group), 1 = minority, 2 = minority cross-holding (cycle);
    # CONSOLIDATED_BY 0 = direct, 1 = ultimate; ASSOCIATED_WITH index into FAMILY_RELS
    non_heads = _groups(rnd, w, companies, E)
    # -- owners of group heads: persons (majority, founders/families) and funds (minority) ----
    for h in w.heads:
        if rnd.random() < 0.6:
            E["OWNS"].append((_zipf_pick(rnd, persons, 2.0), h, 0))
        for _ in range(rnd.choice((0, 1, 1, 2))):
            E["OWNS"].append((_zipf_pick(rnd, funds), h, 1))
    _families(rnd, w, persons, E)
    _fill(rnd, w, n_edges, persons, funds, companies, non_heads, E)
    w.edges = E
    # -- holdings book: issuers inside groups, quarterly snapshots -----------------------------
    issuers = rnd.sample(non_heads + w.heads, min(len(non_heads) + len(w.heads), max(500, n_entities // 300)))
    for i in issuers:
        for _ in range(rnd.choice((1, 1, 2, 3))):
            w.holdings.append((PORTFOLIOS[rnd.randrange(len(PORTFOLIOS))], i, 1))
            if rnd.random() < 0.3:
                w.holdings.append((w.holdings[-1][0], i, 0))
    return w


def _zipf_pick(rnd: random.Random, pool: list[int], k: float = 2.0) -> int:
    # index ~ len * u**k: density ~ x**(1/k - 1), so a few members are picked very often
    # (power-law-ish out-degree; with k=2 the top member takes ~1/sqrt(len) of the picks)
    return pool[int(len(pool) * rnd.random() ** k)]


def _entities(rnd: random.Random, n: int) -> tuple[World, list[int], list[int], list[int]]:
    """The world's entities (20 % persons, 5 % funds, the rest companies with LEIs) and the
    positions of each kind."""
    kinds = ["company"] * n
    n_persons, n_funds = int(n * 0.20), int(n * 0.05)
    idx = list(range(n))
    rnd.shuffle(idx)
    persons, funds = idx[:n_persons], idx[n_persons:n_persons + n_funds]
    companies = idx[n_persons + n_funds:]
    for i in persons:
        kinds[i] = "person"
    for i in funds:
        kinds[i] = "fund"
    keys: list[str] = []
    names: list[str] = []
    leis: list[str | None] = []
    for i in range(n):
        if kinds[i] == "person":
            keys.append(f"og:person:{i}")
            leis.append(None)
            names.append(f"{FIRST[i % len(FIRST)]} {LAST[(i // 7) % len(LAST)]} {i}")
        else:
            lei = lei_for(i)
            keys.append(lei)
            leis.append(lei)
            stem = STEMS[i % len(STEMS)]
            if kinds[i] == "fund":
                names.append(f"{stem} {SECTORS[(i // 3) % len(SECTORS)]} Opportunities Fund {i}")
            else:
                names.append(f"{stem} {SECTORS[(i // 3) % len(SECTORS)]} {i} {FORMS[(i // 11) % len(FORMS)]}")
    return World(n, kinds, keys, names, leis, group_of=[-1] * n), persons, funds, companies


def _groups(rnd: random.Random, w: World, companies: list[int],
            E: dict[str, list[tuple[int, int, int]]]) -> list[int]:
    """Corporate groups: trees of majority stakes, chain-biased, depth <= 12, with consolidation,
    control, guarantees, diamonds and a few cross-holdings; the members that are not heads."""
    pos = 0
    gid = 0
    non_heads: list[int] = []
    parent_of: dict[int, int] = {}
    while pos < len(companies):
        size = min(int(rnd.paretovariate(1.15)), 3000, len(companies) - pos)
        members = companies[pos: pos + max(size, 1)]
        pos += len(members)
        head = members[0]
        w.heads.append(head)
        depth = {head: 0}
        for j, m in enumerate(members):
            w.group_of[m] = gid
            if j == 0:
                continue
            p = members[j - 1] if rnd.random() < 0.55 else members[rnd.randrange(j)]
            if depth[p] >= 12:
                p = head
            depth[m] = depth[p] + 1
            parent_of[m] = p
            non_heads.append(m)
            _member_edges(rnd, E, members, j, m, p, head)
        if len(members) >= 3 and rnd.random() < 0.02:  # a small cross-holding: child owns its parent
            c = members[rnd.randrange(1, len(members))]
            E["OWNS"].append((c, parent_of[c], 2))
        gid += 1
    return non_heads


def _member_edges(rnd: random.Random, E: dict[str, list[tuple[int, int, int]]], members: list[int], j: int,
                  m: int, p: int, head: int) -> None:
    """A group member's edges to its parent ``p`` (and head), and a second owner now and then."""
    E["OWNS"].append((p, m, 0))
    if rnd.random() < 0.55:
        E["CONSOLIDATED_BY"].append((m, p, 0))
        if p != head and rnd.random() < 0.5:
            E["CONSOLIDATED_BY"].append((m, head, 1))
    if rnd.random() < 0.04:
        E["CONTROLS"].append((p, m, 0))
    if rnd.random() < 0.15:
        E["GUARANTEES"].append((p, m, 0))
    if j >= 2 and rnd.random() < 0.10:  # diamond: a second owner inside the group
        q = members[rnd.randrange(j)]
        if q != p:
            E["OWNS"].append((q, m, 1))


def _families(rnd: random.Random, w: World, persons: list[int], E: dict[str, list[tuple[int, int, int]]]) -> None:
    """Families: persons sharing a surname, linked by ASSOCIATED_WITH."""
    names = w.names
    for f in range(max(20, w.n // 5000)):
        size = rnd.randint(2, 5)
        members = [persons[rnd.randrange(len(persons))] for _ in range(size)]
        surname = LAST[f % len(LAST)]
        for m in members:
            first = names[m].split(" ")[0]
            names[m] = f"{first} {surname} {m}"
        w.families.append(surname)
        for a, b in zip(members, members[1:]):
            E["ASSOCIATED_WITH"].append((a, b, rnd.randrange(len(FAMILY_RELS))))


def _fill(rnd: random.Random, w: World, n_edges: int, persons: list[int], funds: list[int], companies: list[int],
          non_heads: list[int], E: dict[str, list[tuple[int, int, int]]]) -> None:
    """Up to ``n_edges``: banks' loans, guarantees, minority cross stakes by funds and persons,
    and superseded versions of stakes (tag 3 + the original tag)."""
    banks = companies[: max(50, len(companies) // 500)]
    fixed = sum(len(v) for v in E.values())
    remaining = max(0, n_edges - fixed)
    n_loans = int(remaining * 0.30)
    n_guar = int(remaining * 0.08)
    n_versions = int(len(E["OWNS"]) * 0.05)
    n_cross = max(0, remaining - n_loans - n_guar - n_versions)
    for _ in range(n_loans):
        b = _zipf_pick(rnd, banks)
        t = companies[rnd.randrange(len(companies))] if rnd.random() > 0.02 else banks[rnd.randrange(len(banks))]
        if t != b:
            E["LENDS_TO"].append((b, t, 0))
    for _ in range(n_guar):
        a, t = companies[rnd.randrange(len(companies))], companies[rnd.randrange(len(companies))]
        if a != t:
            E["GUARANTEES"].append((a, t, 0))
    investors = funds + persons
    for _ in range(n_cross):
        src = _zipf_pick(rnd, funds) if rnd.random() < 0.7 else investors[rnd.randrange(len(investors))]
        t = non_heads[rnd.randrange(len(non_heads))] if rnd.random() < 0.5 else w.heads[rnd.randrange(len(w.heads))]
        E["OWNS"].append((src, t, 1))
    owns = E["OWNS"]
    for _ in range(n_versions):
        s, t, tag = owns[rnd.randrange(len(owns))]
        owns.append((s, t, 3 + tag))


# -- rows ---------------------------------------------------------------------------------------
def _digest(*parts: object) -> str:
    return hashlib.blake2b("|".join(map(str, parts)).encode(), digest_size=12).hexdigest()


def _clock(rnd: random.Random, closed_p: float = 0.07) -> dict[str, Any]:
    vf = _EPOCH + timedelta(days=int(rnd.random() ** 0.7 * _SPAN_DAYS))
    if rnd.random() < 0.05:
        vf = VALID_MIN  # no start date given by the source
    vt = VALID_MAX
    if rnd.random() < closed_p:
        start = max(vf, _EPOCH)
        vt = start + timedelta(days=rnd.randint(30, 3000))
    lag = int(rnd.expovariate(1 / 45)) if rnd.random() < 0.8 else rnd.randint(90, 400)
    known = _utc(max(vf, _EPOCH) + timedelta(days=lag))
    return {"valid_from": vf, "valid_to": vt, "known_from": known, "known_to": KNOWN_MAX}


def _stake(rnd: random.Random, tag: int) -> dict[str, Any]:
    r = rnd.random()
    if r < 0.05:
        return {}
    if r < 0.65:
        x = round(rnd.uniform(0.51, 1.0), 4) if tag == 0 else round(rnd.uniform(0.01, 0.45), 4)
        return {"stake_lo": x, "stake_hi": x, "stake_exact": True, "stake_lo_inclusive": True,
                "stake_hi_inclusive": True}
    if tag == 0:
        lo, hi, lo_inc, hi_inc = BANDS[rnd.randrange(1, 3)]
    elif rnd.random() < 0.5:
        lo, hi, lo_inc, hi_inc = 0.0, 0.25, False, False
    else:
        lo, hi, lo_inc, hi_inc = BANDS[0]
    return {"stake_lo": lo, "stake_hi": hi, "stake_exact": False, "stake_lo_inclusive": lo_inc,
            "stake_hi_inclusive": hi_inc}


def entity_rows(w: World, seed: int = 7) -> Iterator[dict[str, Any]]:
    rnd = random.Random(seed + 1)
    for i in range(w.n):
        vf = _EPOCH - timedelta(days=rnd.randint(0, 20000)) if rnd.random() < 0.9 else VALID_MIN
        row = {"key": w.keys[i], "name": w.names[i], "kind": w.kinds[i],
               "jurisdiction": JURIS[i % len(JURIS)] if w.kinds[i] != "person" else None,
               "valid_from": vf, "valid_to": VALID_MAX, "known_from": _utc(max(vf, _EPOCH)),
               "first_known_from": _utc(max(vf, _EPOCH)),
               "fact_key": f"entity|{w.keys[i]}", "statement_id": _digest("e", i), "stub": False,
               "source_system": "gleif" if w.leis[i] else "bods", "source_record_id": w.keys[i],
               "status": "ACTIVE"}
        if w.leis[i]:
            row["lei"] = w.leis[i]
        yield {k: v for k, v in row.items() if v is not None}


def edge_rows(w: World, rtype: str, seed: int = 7) -> Iterator[dict[str, Any]]:
    rnd = random.Random(f"{seed}:{rtype}")
    prev: dict[tuple[int, int], dict[str, Any]] = {}
    for n, (s, t, tag) in enumerate(w.edges[rtype]):
        c = _clock(rnd)
        fact = f"{rtype.lower()}|{w.keys[s]}|{w.keys[t]}"
        src = SOURCES[(s + t) % len(SOURCES)]
        p: dict[str, Any] = {"fact_key": fact, "statement_id": _digest(rtype, n, s, t), **c,
                             "source_system": src, "source_record_id": f"{src}-{rtype[:2]}-{n}",
                             "validation_level": "FULLY_CORROBORATED" if src == "gleif" else "SELF_DECLARED",
                             "source_file": f"bench/{src}.jsonl"}
        if n % 3 == 0:
            p["document_id"] = f"doc-{(s * 31 + t) % max(1, w.n // 4)}"
            p["locator"] = f"p.{n % 40 + 1}"
        if rtype == "OWNS":
            base = tag - 3 if tag >= 3 else tag
            p |= _stake(rnd, base) | {"interest": "shareholding", "direct": True}
            if tag >= 3:  # an earlier version of the same fact, superseded in knowledge time
                later = prev.get((s, t))
                if later is not None:
                    p["valid_from"] = later["valid_from"]
                    p["valid_to"] = later["valid_to"]
                    p["known_to"] = later["known_from"]
                    p["known_from"] = later["known_from"] - timedelta(days=rnd.randint(60, 900))
                else:
                    p["known_to"] = p["known_from"] + timedelta(days=rnd.randint(30, 600))
            else:
                prev[(s, t)] = p
        elif rtype == "CONTROLS":
            p["control_kind"] = "board_appointment" if rnd.random() < 0.7 else "voting_rights"
        elif rtype == "CONSOLIDATED_BY":
            p |= {"level": "ultimate" if tag == 1 else "direct", "accounting_standard": "IFRS"}
        elif rtype in ("GUARANTEES", "LENDS_TO"):
            p |= {"amount": float(round(rnd.lognormvariate(16, 1.5), -3)),
                  "currency": CURRENCIES[rnd.randrange(len(CURRENCIES))]}
        elif rtype == "ASSOCIATED_WITH":
            p["relationship"] = FAMILY_RELS[tag]
            p["valid_to"] = VALID_MAX
        yield {"s": w.keys[s], "t": w.keys[t], "props": p}


def holding_rows(w: World, seed: int = 7) -> Iterator[dict[str, Any]]:
    rnd = random.Random(seed + 3)
    snapshots = [date(2022, 12, 31), date(2023, 3, 31)]
    for n, (pf, i, snap) in enumerate(w.holdings):
        vf = snapshots[snap]
        instrument = f"XS{(i * 7919 + PORTFOLIOS.index(pf)) % 10**10:010d}"
        yield {"portfolio": pf, "t": w.keys[i], "props": {
            "instrument": instrument, "instrument_type": "bond" if pf.startswith(("CREDIT", "RATES")) else "equity",
            "amount": float(round(rnd.lognormvariate(14, 1.2), -3)), "currency": CURRENCIES[n % len(CURRENCIES)],
            "portfolio": pf, "valid_from": vf, "valid_to": VALID_MAX,
            "known_from": _utc(vf + timedelta(days=rnd.randint(1, 20))), "known_to": KNOWN_MAX,
            "fact_key": f"holding|{pf}|{instrument}|{vf}", "statement_id": _digest("h", n),
            "source_system": "book", "source_record_id": f"book-{n}", "source_file": "bench/book.csv"}}


# -- writing ------------------------------------------------------------------------------------
# rows travel as one string each batch (graph.load.encode_rows): the driver dehydrates datetimes
# in pure Python, which cost more than the server's writing
_CREATE_ENTITIES = QUERIES.statement("bulk_entities")
_CREATE_HOLDINGS = QUERIES.statement("bulk_holdings")


def _batched(rows: Iterator[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    batch: list[dict[str, Any]] = []
    for r in rows:
        batch.append(r)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def _write(graph: Graph, query: Rendered, rows: list[dict[str, Any]]) -> None:
    for text, params in encode_rows(query, rows):
        graph.write(text, **params)


def load(graph: Graph, w: World, *, batch: int = 20000, seed: int = 7,
         progress: Callable[[str], None] | None = None) -> dict[str, float]:
    """Write ``w`` into an empty database; returns seconds per phase."""
    import time as _time

    out: dict[str, float] = {}
    t0 = _time.perf_counter()
    for rows in _batched(entity_rows(w, seed), batch):
        _write(graph, _CREATE_ENTITIES, rows)
    out["entities_s"] = round(_time.perf_counter() - t0, 2)
    if progress:
        progress(f"entities {w.n} in {out['entities_s']}s")
    for rtype in w.edges:
        t1 = _time.perf_counter()
        for rows in _batched(edge_rows(w, rtype, seed), batch):
            _write(graph, QUERIES.render("bulk_edges", TYPE=rtype), rows)
        out[f"{rtype}_s"] = round(_time.perf_counter() - t1, 2)
        if progress:
            progress(f"{rtype} {len(w.edges[rtype])} in {out[f'{rtype}_s']}s")
    t2 = _time.perf_counter()
    for rows in _batched(holding_rows(w, seed), batch):
        _write(graph, _CREATE_HOLDINGS, rows)
    out["holdings_s"] = round(_time.perf_counter() - t2, 2)
    out["total_s"] = round(_time.perf_counter() - t0, 2)
    return out


def wipe_fast(graph: Graph) -> None:
    graph.auto("wipe", batch=20000)


def already_loaded(graph: Graph, w: World) -> bool:
    """The database holds exactly this world (same counts and a marker node)."""
    rows = graph.read(QUERIES.statement("marker_read"))
    return bool(rows) and rows[0]["f"] == fingerprint(w)


def fingerprint(w: World) -> str:
    return _digest(w.n, w.edge_count, len(w.holdings), w.keys[0], w.keys[-1])


def mark(graph: Graph, w: World) -> None:
    graph.write(QUERIES.statement("marker_write"), f=fingerprint(w))
