"""The installed layout: one namespace, every package folder listed, nothing outside the repo."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())
SOURCE_DIRS = ("ownergraph", "ingest", "resolution", "graph", "retrieval", "cypher")


def _installed_name(folder: Path) -> str:
    mapping = {v: k for k, v in CONFIG["tool"]["setuptools"]["package-dir"].items()}
    top, *rest = folder.relative_to(ROOT).parts
    return ".".join([mapping[top], *rest])


def test_every_package_folder_is_installed_under_ownergraph() -> None:
    listed = set(CONFIG["tool"]["setuptools"]["packages"])
    found = {_installed_name(init.parent) for d in SOURCE_DIRS for init in (ROOT / d).rglob("__init__.py")}
    assert found - listed == set(), "package folders missing from pyproject's packages"
    assert all(name == "ownergraph" or name.startswith("ownergraph.") for name in listed)


def test_the_command_is_the_top_layer_cli() -> None:
    assert CONFIG["project"]["scripts"]["ownergraph"] == "ownergraph.cli:main"


def test_no_code_or_doc_points_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared|shared/data/real|parents\[\d\]\s*/\s*[\"']shared")
    offenders = [str(p.relative_to(ROOT)) for d in (*SOURCE_DIRS, "tests", "bench", "examples", ".ci")
                 for p in (ROOT / d).rglob("*") if p.suffix in {".py", ".md", ".sh", ""} and p.is_file()
                 and "fixtures" not in p.parts and p.name != "test_packaging.py" and outside.search(p.read_text(errors="replace"))]
    offenders += [name for name in ("README.md", "pyproject.toml") if outside.search((ROOT / name).read_text())]
    assert offenders == []


def test_imports_use_the_one_namespace() -> None:
    bare = re.compile(r"^\s*(from|import) (ingest|graph|retrieval|resolution|cypher)\b", re.M)
    offenders = [str(p.relative_to(ROOT)) for d in (*SOURCE_DIRS, "tests", "bench")
                 for p in (ROOT / d).rglob("*.py") if bare.search(p.read_text())]
    assert offenders == []
