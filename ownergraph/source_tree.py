"""From a source tree, the design's root folders are ``ownergraph``'s subpackages, as installed.

``pyproject.toml`` maps ``ingest/``, ``graph/``, ``retrieval/``, ``resolution/`` and ``cypher/``
at the repository root into the one installed namespace (``ownergraph.ingest``, ...). Run from
the root of a clone, Python finds the source ``ownergraph/`` folder first (the current directory
leads ``sys.path``), which holds no such subpackages: ``import ownergraph.ingest`` failed there,
installed or not. :func:`install` puts a finder in front that maps exactly those names to the
root folders, the same mapping an editable install makes; an installed copy never calls it.
"""

from __future__ import annotations

import importlib.util
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from collections.abc import Sequence

ROOT_PACKAGES = ("ingest", "graph", "retrieval", "resolution", "cypher")


class SourceTreeFinder(MetaPathFinder):
    """``ownergraph.<name>`` -> ``<root>/<name>/`` for the root packages; nothing else."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        prefix, _, name = fullname.partition(".")
        if prefix != "ownergraph" or name not in ROOT_PACKAGES:
            return None
        folder = self.root / name
        return importlib.util.spec_from_file_location(fullname, folder / "__init__.py",
                                                      submodule_search_locations=[str(folder)])


def source_root(package_dir: Path) -> Path | None:
    """The repository root when ``package_dir`` (``ownergraph/``) sits in a source tree."""
    root = package_dir.parent
    if (root / "pyproject.toml").is_file() and all((root / n / "__init__.py").is_file() for n in ROOT_PACKAGES):
        return root
    return None


def install(package_dir: Path) -> None:
    """Map the root packages when ``package_dir`` is a source tree's ``ownergraph/`` (once)."""
    root = source_root(package_dir)
    if root is not None and not any(isinstance(f, SourceTreeFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, SourceTreeFinder(root))
