"""Fuzz every reader with mutations of the real samples: no input ends in a traceback.

The mutations (bench/fuzz/mutations.py) truncate, flip bytes, swap a JSON value for one of
another type (an object where a string is due, a string where ``properties`` or a statement
object is due), nest 10,000 levels deep, duplicate keys, insert invalid UTF-8, undeclared XML
entities and non-finite numbers. Every case must read to the end with only records and
quarantines naming the file, a locator and a reason. CI runs a modest, derandomised share;
``python -m bench.fuzz`` runs the larger one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from bench.fuzz.mutations import MUTATIONS, samples
from ownergraph.ingest.formats import readers
from ownergraph.domain.model import Quarantined

ROOT = Path(__file__).resolve().parents[2]
SAMPLES: dict[str, list[Path]] = {}
for folder in (ROOT / "tests" / "fixtures" / "real", ROOT / "examples" / "bundle"):
    for fmt, paths in samples(folder, per_format=3, max_bytes=25_000).items():
        SAMPLES.setdefault(fmt, []).extend(paths)


def test_every_reader_has_real_samples() -> None:
    assert set(SAMPLES) == set(readers()), set(readers()) - set(SAMPLES)


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
@settings(max_examples=80, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_real_samples_never_crash(fmt: str, data: st.DataObject, tmp_path: Path) -> None:
    sample = data.draw(st.sampled_from(SAMPLES[fmt]), label="sample")
    mutation = data.draw(st.sampled_from(sorted(MUTATIONS)), label="mutation")
    mutated = MUTATIONS[mutation](sample.read_bytes(), lambda lo, hi: data.draw(st.integers(lo, hi)))
    target = tmp_path / sample.parent.name / sample.name  # the name carries dates and versions
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(mutated)
    out = list(readers()[fmt].read(target))  # an exception here is the failure being fuzzed for
    for rec in out:
        assert isinstance(rec, BaseModel)
        if isinstance(rec, Quarantined):
            assert rec.source_file.startswith(str(tmp_path)) and rec.locator and rec.reason
    assert sum(isinstance(r, Quarantined) and r.not_read for r in out) <= 1  # one stop at most
