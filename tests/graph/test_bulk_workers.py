"""A GLEIF golden copy through the importer with its RR and exception files staged in worker
processes (graph.load.bulk.workers) gives the graph, counts and quarantine file of the
online load: real golden-copy samples (with their update files), and a generated copy whose
LEI events are corporate actions moving edges the workers staged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.ingest.golden.golden import Golden
from ownergraph.graph.load.bulk.workers import offloadable
from ownergraph.ingest.formats import detect
from tests.graph.test_bulk import REAL, _load_both, server  # noqa: F401 - the module's server fixture

GC = REAL / "gleif" / "golden-copy"


def _used_workers(out: dict[str, Any]) -> dict[str, Any]:
    return out["summary"].load_stages.get("workers", {})


def test_only_a_golden_copy_is_offloaded() -> None:
    plan = [(p, detect(p)) for p in (GC / "lei-data.xml", GC / "rr-data.xml", GC / "repex-data.xml")]
    assert offloadable(plan) == {"rr": [1], "repex": [2]}
    api = next(p for p in sorted((REAL / "gleif" / "api" / "relationships").rglob("*")) if p.is_file())
    assert offloadable([*plan, (api, detect(api))]) == {}  # another reader could state their facts


@pytest.mark.parametrize("beside", [False, True], ids=["lei-read-here", "lei-read-ahead"])
def test_real_golden_copy_samples(server: Any, tmp_path: Path, beside: bool) -> None:  # noqa: F811
    paths = [GC / n for n in ("lei-data.xml", "lei-updates-data.json", "rr-data.xml", "rr-updates-data.json",
                              "relationship-update-data.json", "repex-data.xml", "reporting-exceptions-data.json")]
    out = _load_both(server, paths, tmp_path, reader="columnar", read_beside_workers=beside)
    assert set(_used_workers(out)) == {"rr", "repex"}
    # read ahead, the LEI records come with their rows built there (graph.load.prepared)
    assert (out["summary"].load_stages["records_prepared_in_reader"] > 0) is beside
    assert out["stats"]["edges"].get("CONSOLIDATED_BY", 0) > 0
    assert out["stats"]["nodes"].get("ReportingException", 0) > 0


def test_generated_golden_copy_with_events(server: Any, tmp_path: Path) -> None:  # noqa: F811
    # the LEI file read in a reader process beside the workers, as `ownergraph ingest --bulk` does
    Golden(0.0003, seed=5, formats=("xml",)).write(tmp_path / "copy")
    paths = sorted((tmp_path / "copy").glob("*.zip"))
    out = _load_both(server, paths, tmp_path, reader="columnar", read_beside_workers=True)
    assert set(_used_workers(out)) == {"rr", "repex"}
    assert out["summary"].load_stages["records_prepared_in_reader"] > 0
    assert out["stats"]["nodes"].get("CorporateAction", 0) > 0
