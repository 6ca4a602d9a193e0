"""A clone imports as the installed package: from the repository root, with or without an
install, ``ownergraph.ingest`` and the facade come from the root folders (ownergraph/source_tree.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = ("import ownergraph as og, ownergraph.ingest as i, ownergraph.retrieval.api as a; og.Analytics; "
         "og.Clock.at('2024-06-30'); print(i.__file__); print(og.__file__)")


def _probe(env_path: str | None) -> list[str]:
    env = {"PATH": "/usr/bin:/bin"} | ({"PYTHONPATH": env_path} if env_path else {})
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout.split()


def test_the_root_of_a_clone_imports_the_facade_beside_a_non_editable_install(tmp_path: Path) -> None:
    site = tmp_path / "site"
    built = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                            "--target", str(site), str(ROOT)], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr[-2000:]
    assert (site / "ownergraph" / "ingest" / "__init__.py").is_file()  # the installed mapping
    ingest, package = _probe(str(site))
    # the source folder shadows the install (the current directory leads sys.path) and is whole
    assert Path(package) == ROOT / "ownergraph" / "__init__.py"
    assert Path(ingest) == ROOT / "ingest" / "__init__.py"


def test_an_installed_copy_maps_nothing(tmp_path: Path) -> None:
    from ownergraph.source_tree import source_root

    assert source_root(ROOT / "ownergraph") == ROOT
    assert source_root(tmp_path / "site-packages" / "ownergraph") is None
