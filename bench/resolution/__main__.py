"""bench/resolution: the name-matching stage on DuckDB and on Spark at scale.

    python -m bench.resolution --mentions 1000000 --entities 200000 [--engines duckdb,spark]

An index of ``--entities`` generated organisations (two to four tokens from a fixed syllable
vocabulary, a legal form, a country) is registered; ``--mentions`` name-only mentions are
resolved with ``record=False``: three in four are a registered name with one typo, tokens in
another order or another spelling of the legal form (so exact matching does not settle them
and splink scores them), one in four a name nobody registered. Per engine: wall seconds, CPU
seconds of this process and of its child processes (Spark's JVM), mentions per second,
methods, and, across engines, how many mentions got the same key and method.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import Counter
from typing import Any

import psutil

from bench._common import peak_rss_mb, write_report
from datetime import datetime, timezone

from ownergraph.domain.model import Entity, EntityRef, Provenance
from ownergraph.domain.codes import EntityKind
from ownergraph.resolution import MatchSettings, Resolver

_SYL = ["ka", "lo", "ver", "min", "tra", "sel", "dor", "pan", "ric", "bel", "mon", "tes", "gal", "fin",
        "cor", "lum", "nar", "zet", "vik", "hol", "bra", "qui", "sta", "wen", "ost", "dal", "rim", "sun"]
_FORMS = [("Limited", "Ltd"), ("GmbH", "Gesellschaft mit beschränkter Haftung"), ("S.A.", "SA"),
          ("B.V.", "BV"), ("Inc.", "Incorporated"), ("PLC", "Public Limited Company")]
_COUNTRIES = ["GB", "DE", "FR", "NL", "US", "LU", "IE"]


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(_SYL) for _ in range(rng.randint(2, 4))).capitalize()


def _typo(rng: random.Random, w: str) -> str:
    i = rng.randrange(1, len(w) - 1)
    return w[:i] + w[i + 1] + w[i] + w[i + 2:] if rng.random() < 0.5 else w[:i] + w[i + 1:]


def _entity(name: str, country: str) -> Entity:
    return Entity(ref=EntityRef(name=name), name=name, kind=EntityKind.COMPANY, jurisdiction=country,
                  known_from=datetime(2024, 1, 1, tzinfo=timezone.utc),
                  provenance=Provenance(source_system="bench", source_record_id=name))


def world(n_entities: int, n_mentions: int, seed: int) -> tuple[list[Any], list[EntityRef]]:
    rng = random.Random(seed)
    names = []
    for _ in range(n_entities):
        toks, form = [_word(rng) for _ in range(rng.randint(2, 4))], rng.randrange(len(_FORMS))
        names.append((toks, form, rng.choice(_COUNTRIES)))
    ents = [_entity(" ".join(t) + " " + _FORMS[f][0], c) for t, f, c in names]
    refs = []
    for _ in range(n_mentions):
        toks, form, country = rng.choice(names)
        kind = rng.random()
        if kind < 0.25:
            toks = [_word(rng) for _ in range(len(toks))]  # nobody's name
        elif kind < 0.5:
            i = rng.randrange(len(toks))
            toks = toks[:i] + [_typo(rng, toks[i])] + toks[i + 1:]
        elif kind < 0.75:
            toks = toks[1:] + toks[:1]
        name = " ".join(toks) + " " + _FORMS[form][1 if kind >= 0.75 else 0]
        refs.append(EntityRef(name=name, jurisdiction=country if rng.random() < 0.7 else None,
                              kind=EntityKind.COMPANY))
    return ents, refs


def _cpu() -> tuple[float, float]:
    me = psutil.Process()
    own = me.cpu_times()
    kids = 0.0
    for c in me.children(recursive=True):
        try:
            t = c.cpu_times()
            kids += t.user + t.system
        except psutil.Error:
            pass
    return own.user + own.system, kids


def run(engine: str, resolver: Resolver, refs: list[EntityRef], batch: int) -> tuple[dict[str, Any], list[Any]]:
    resolver.matcher.settings = MatchSettings(engine=engine, batch_size=batch)  # type: ignore[arg-type]
    c0, k0 = _cpu()
    t0 = time.perf_counter()
    res = resolver.resolve_many(refs, record=False)
    wall = time.perf_counter() - t0
    c1, k1 = _cpu()
    return {"wall_s": round(wall, 1), "cpu_s_python": round(c1 - c0, 1), "cpu_s_children": round(k1 - k0, 1),
            "mentions_per_s": round(len(refs) / wall, 1), "batch_size": batch,
            "methods": dict(Counter(r.method for r in res))}, res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mentions", type=int, default=20000)
    ap.add_argument("--entities", type=int, default=10000)
    ap.add_argument("--engines", default="duckdb,spark")
    ap.add_argument("--batch", type=int, default=2000, help="mentions per splink run (both engines)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--name", default=None)
    a = ap.parse_args()
    t0 = time.perf_counter()
    ents, refs = world(a.entities, a.mentions, a.seed)
    r = Resolver()
    r.register_many(ents)
    report: dict[str, Any] = {"mentions": a.mentions, "entities": a.entities, "seed": a.seed, "cpus": os.cpu_count(),
                              "load_average_at_start": os.getloadavg(), "setup_s": round(time.perf_counter() - t0, 1)}
    results = {}
    for engine in a.engines.split(","):
        report[engine], results[engine] = run(engine, r, refs, a.batch)
        print(engine, report[engine], flush=True)
    if len(results) == 2:
        x, y = results.values()
        report["same_key_and_method"] = sum(1 for p, q in zip(x, y) if (p.key, p.method) == (q.key, q.method))
    report["load_average_at_end"] = os.getloadavg()
    report["peak_rss_mb_python"] = round(peak_rss_mb(), 1)
    print(write_report(a.name or f"resolution-{a.mentions}", report))


if __name__ == "__main__":
    main()
