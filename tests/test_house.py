"""The house rules, read off the source: what is private stays in its package, and each edge
kind is spelled once (the domain's edge table), everything else names it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the installed namespace: root folder -> package (pyproject's package-dir)
PACKAGES = {"ownergraph": "ownergraph", "ingest": "ownergraph.ingest", "graph": "ownergraph.graph",
            "retrieval": "ownergraph.retrieval", "resolution": "ownergraph.resolution", "cypher": "ownergraph.cypher"}
EDGE_TYPES = {"OWNS", "CONTROLS", "CONSOLIDATED_BY", "FUND_RELATION", "BRANCH_OF", "GUARANTEES", "LENDS_TO",
              "SUCCEEDED_BY", "ASSOCIATED_WITH", "HOLDS"}


def _modules() -> Iterator[tuple[str, bool, Path]]:
    """(dotted module name, is a package's __init__, path) of every installed module."""
    for folder, package in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = [*package.split("."), *path.relative_to(ROOT / folder).with_suffix("").parts]
            is_init = parts[-1] == "__init__"
            yield ".".join(parts[:-1] if is_init else parts), is_init, path


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _owner(module: str, name: str, packages: set[str]) -> str | None:
    """The package a private import belongs to (None: nothing private is imported)."""
    parts = module.split(".")
    for i, part in enumerate(parts):
        if _private(part):
            return ".".join(parts[:i])
    if _private(name):
        return module if module in packages else module.rsplit(".", 1)[0]
    return None


def test_no_module_imports_what_is_private_to_another_package() -> None:
    modules = list(_modules())
    packages = {m for m, is_init, _ in modules if is_init}
    crossings = []
    for module, is_init, path in modules:
        package = module if is_init else module.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("ownergraph"):
                for alias in node.names:
                    owner = _owner(node.module, alias.name, packages)
                    if owner is not None and owner != package:
                        crossings.append(f"{module}: from {node.module} import {alias.name}")
    assert crossings == []


def test_no_module_imports_a_private_name_or_module_at_all() -> None:
    # privacy is the package's face: a module's _name stays in that module, and modules that
    # one package's modules share have plain names
    found = []
    for module, _, path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("ownergraph"):
                private_module = any(_private(p) for p in node.module.split("."))
                found += [f"{module}: from {node.module} import {a.name}" for a in node.names
                          if private_module or _private(a.name)]
    assert found == []


def test_nothing_is_re_exported_from_a_module_that_does_not_define_it() -> None:
    # an importer takes each name from the module that defines it; a package's __init__ (its
    # face) may gather names
    where: dict[str, tuple[set[str], dict[str, str]]] = {}
    for module, is_init, path in _modules():
        defined: set[str] = set()
        imported: dict[str, str] = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                defined |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("ownergraph"):
                imported |= {a.asname or a.name: node.module for a in node.names}
        where[module] = (defined if not is_init else {"*"}, imported)
    relayed = []
    for module, _, path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module in where:
                defined, imported = where[node.module]
                relayed += [f"{module}: {a.name} from {node.module} (defined in {imported[a.name]})"
                            for a in node.names if "*" not in defined and a.name not in defined
                            and a.name in imported and f"{node.module}.{a.name}" not in where]
    assert relayed == []


def test_edge_types_are_spelled_only_in_the_domain() -> None:
    spelled = []
    for module, _, path in _modules():
        if module.startswith("ownergraph.domain."):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        exported = {id(c) for node in ast.walk(tree) if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
                    for c in ast.walk(node.value)}  # names of Python objects, not edge types
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in EDGE_TYPES and id(node) not in exported:
                spelled.append(f"{module}:{node.lineno} {node.value!r}")
    assert spelled == []
