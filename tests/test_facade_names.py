"""``og.ingest(...)`` stays the facade's ingest after the readers' subpackage is imported
(both are ``ownergraph.ingest``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import ownergraph as og
import ownergraph.ingest.readers.bundle.reader  # binds the subpackage as og.ingest
from ownergraph.graph.load.pipeline import IngestSummary
summary = og.ingest([{bundle!r}], dry_run=True, index=False)
assert isinstance(summary, IngestSummary), type(summary)
print("ok")
"""


def test_og_ingest_is_callable_after_the_subpackage_is_imported() -> None:
    bundle = str(ROOT / "examples" / "bundle")
    run = subprocess.run([sys.executable, "-c", SCRIPT.format(bundle=bundle)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]


def test_the_subpackage_still_imports_as_a_package() -> None:
    import ownergraph
    import ownergraph.ingest.readers.base as base

    assert base.__name__ == "ownergraph.ingest.readers.base"
    assert ownergraph.ingest.__path__  # a package: its modules import
