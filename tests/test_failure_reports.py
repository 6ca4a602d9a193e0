"""A failing test is reported as a failure, never as pytest's INTERNALERROR, even when a
finaliser that raises runs while pytest renders it (tests/gc_before_report.py says why).
The CPython fault itself depends on when the collector runs, so no test asserts that it
reproduces: one did, and failed CI when it did not."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FAILING = '''
import gc

class RaisesOnDel:
    def __del__(self):
        raise AttributeError("no attribute '_state'")

def test_fails_with_garbage_that_raises_on_finalising():
    held = [RaisesOnDel() for _ in range(50)]
    for obj in held:
        obj.cycle = obj
    gc.collect()             # into the oldest generation: only a full collection frees them
    del held, obj
    gc.set_threshold(1, 1, 1)  # collect at the next allocations: inside pytest's rendering
    assert 1 == 2
'''


def _run(tmp_path: Path, *plugin: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_failing.py").write_text(FAILING, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")  # not the project's
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *plugin,
                           "--rootdir", str(tmp_path), "-c", str(tmp_path / "pytest.ini"), str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_a_failure_with_a_raising_finaliser_is_reported(tmp_path: Path) -> None:
    run = _run(tmp_path, "-p", "tests.gc_before_report")
    assert "INTERNALERROR" not in run.stdout + run.stderr
    assert run.returncode == 1 and "1 failed" in run.stdout
    assert "assert 1 == 2" in run.stdout
