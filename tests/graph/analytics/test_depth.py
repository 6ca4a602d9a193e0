"""No silent truncation: stake / owners give the full answer by default on deep chains, and a
depth limit that is reached says "at least X% (depth limit N reached)" in text and JSON."""

from __future__ import annotations

import copy
import json
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from ownergraph.cli import views as _views
from ownergraph.graph.analytics.lookup import find_entity
from ownergraph.graph.analytics.ownership import effective_stake, owners
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.resolution_store import ResolverKeys
from ownergraph.domain.codes import AliasScheme
from ownergraph.domain.model import EntityRef, Ownership, Provenance, Stake
from ownergraph.resolution import Resolver
from ownergraph.retrieval.answer.compose import compose

REAL = Path("bods") / "0.4" / "bods-package-entity-owning-entity.json"
HOPS = 15


def _real_shape_chain(real_data: Path, tmp_path: Path) -> Path:
    """A 15-hop chain of the real JENEX package's records: its entity statement (JENEX
    LIMITED, GB-COH 03209885) and its relationship statement, whose interest is a
    shareholding with share {"minimum": 75, "exclusiveMaximum": 100} (statementDate
    2016-06-30), repeated company above company. Company i+1 holds 75-100% of company i."""
    package = json.loads((real_data / REAL).read_text())
    entity, relationship = package[0], package[2]
    out = []
    for i in range(HOPS + 1):
        e = copy.deepcopy(entity)
        e.update(statementId=f"chain-entity-{i}", recordId=f"chain-{i}")
        e["recordDetails"].update(name=f"CHAIN {i} LIMITED", identifiers=[{"scheme": "GB-COH", "id": f"9{i:07d}"}])
        out.append(e)
    for i in range(HOPS):
        r = copy.deepcopy(relationship)
        r.update(statementId=f"chain-rel-{i}", recordId=f"chain-rel-{i}")
        r["recordDetails"].update(subject=f"chain-{i}", interestedParty=f"chain-{i + 1}")
        out.append(r)
    path = tmp_path / "deep-chain.json"
    path.write_text(json.dumps(out))
    return path


def _flat(lines: list[str]) -> str:
    return " ".join(" ".join(lines).split())  # the views wrap long lines


def _by_name(graph: Graph, name: str) -> str:
    return find_entity(graph, name).key


def test_a_real_shape_chain_past_12_hops_is_read_whole_by_default(graph: Graph, real_data: Path,
                                                                   tmp_path: Path) -> None:
    ingest_paths(graph, [_real_shape_chain(real_data, tmp_path)])
    top, bottom = _by_name(graph, f"CHAIN {HOPS} LIMITED"), _by_name(graph, "CHAIN 0 LIMITED")
    res = effective_stake(graph, top, bottom)
    # 75% ** 15 at the least, as each link of the file says "minimum": 75
    assert res.stake.lo == pytest.approx(0.75 ** HOPS)
    assert not res.depth_limit_reached and len(res.paths) == 1 and len(res.paths[0].steps) == HOPS
    # every company of the chain is read above the bottom one (none cut at 12 hops)
    own = owners(graph, bottom)
    assert not own.depth_limit_reached and top in {r.key for r in own.rows}


def test_a_reached_limit_says_at_least_in_text_and_json(graph: Graph, real_data: Path, tmp_path: Path) -> None:
    ingest_paths(graph, [_real_shape_chain(real_data, tmp_path)])
    top, bottom = _by_name(graph, f"CHAIN {HOPS} LIMITED"), _by_name(graph, "CHAIN 0 LIMITED")
    res = effective_stake(graph, top, bottom, max_depth=12)
    assert res.depth_limit_reached and res.as_dict()["depth_limit_reached"] is True
    text = _flat(_views.stake(res))
    assert "at least" in text and "depth limit 12 reached" in text
    assert any(w.code == "depth_limit" for w in res.warnings) and "note:" in text
    assert res.test(0.25) == "possibly"  # chains beyond the limit could add
    own = owners(graph, bottom, max_depth=12)
    assert own.depth_limit_reached and "depth limit 12 reached" in _flat(_views.owners(own))


def _chain(n: int, stake: float) -> list[Ownership]:
    ids = [f"GEN{i:04d}" for i in range(n + 1)]
    return [Ownership(source=EntityRef(scheme=AliasScheme.BODS_RECORD, value=ids[i + 1], name=f"Gen {i + 1}"),
                      target=EntityRef(scheme=AliasScheme.BODS_RECORD, value=ids[i], name=f"Gen {i}"),
                      stake=Stake(exact=stake), valid_from=date(2020, 1, 1),
                      known_from=datetime(2020, 1, 2, tzinfo=timezone.utc), fact_key=f"gen:{i}",
                      provenance=Provenance(source_system="test", source_record_id=f"gen-{i}"))
            for i in range(n)]


@pytest.mark.parametrize("hops", [13, 30])
def test_a_generated_deep_chain_gives_the_product_by_default(graph: Graph, hops: int) -> None:
    loader = Loader(graph, ResolverKeys(Resolver()))
    for rec in _chain(hops, 90.0):
        loader.add(rec)
    loader.finish()
    top, bottom = _by_name(graph, f"Gen {hops}"), _by_name(graph, "Gen 0")
    res = effective_stake(graph, top, bottom)
    assert res.stake.lo == pytest.approx(0.9 ** hops) and not res.depth_limit_reached
    cut = effective_stake(graph, top, bottom, max_depth=hops - 1)
    assert cut.depth_limit_reached and cut.stake.lo == 0


def test_ask_never_turns_a_limit_into_no_path() -> None:
    class Ctx:
        as_of = date(2024, 1, 1)
        no_relationship = None

    class Limited:
        depth_limit_reached = True
        max_depth = 12

    import pandas as pd

    text = compose("stake", pd.DataFrame(), Ctx(), "A", "B", False, Limited())  # type: ignore[arg-type]
    assert "No ownership" not in text and "depth limit 12 reached" in text
