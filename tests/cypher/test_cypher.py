"""Every query is a file loaded by name: each loads or renders, slots are checked, no module
holds Cypher text, and the server's parser accepts every file (``EXPLAIN``)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from typing import Any

import pytest

from bench.cypher import QUERIES as BENCH
from ownergraph import cypher
from ownergraph.cypher import Library, Rendered
from ownergraph.graph.load.rows import REL_TYPES
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.errors import CypherError
from ownergraph.domain.codes import EdgeType
from tests.cypher import QUERIES

ROOT = Path(__file__).resolve().parents[2]
LIBRARIES = {"ownergraph": cypher.LIBRARY, "tests": QUERIES, "bench": BENCH}
FILES = [(lib, name) for lib, library in LIBRARIES.items() for name in library.names()]
TEMPLATED = [(lib, name) for lib, name in FILES if LIBRARIES[lib].slots(name)]


def _combinations(library: Library, name: str) -> Iterator[dict[str, Any]]:
    slots = library.slots(name)
    keys = sorted(slots)
    for combo in product(*(slots[k].examples() for k in keys)):
        yield dict(zip(keys, combo))


def _renderings(library: Library, name: str) -> list[Rendered]:
    """What the parser sees: every value of each slot (the others at their first value); an
    integer range at its ends and two values between (planning a 100-hop quantifier ~1 s)."""
    slots = library.slots(name)
    if not slots:
        return [library.statement(name)]

    def values(slot: cypher.Slot) -> list[Any]:
        ex = slot.examples()
        return sorted({ex[0], ex[1], ex[len(ex) // 2], ex[-1]}) if slot.integer and len(ex) > 4 else ex

    base = {k: s.examples()[0] for k, s in slots.items()}
    return list({library.render(name, **(base | {k: v})) for k, s in slots.items() for v in values(s)})


def test_the_package_holds_the_queries_the_code_names() -> None:
    # a sample of names the modules pass to Graph.read / write (a rename must fail here too)
    assert {"schema", "wipe", "procedures", "snapshot_step", "ownership_reach", "merge_move"} <= set(
        cypher.LIBRARY.names())


@pytest.mark.parametrize(("lib", "name"), FILES, ids=[f"{lib}:{name}" for lib, name in FILES])
def test_every_file_loads_or_renders(lib: str, name: str) -> None:
    library = LIBRARIES[lib]
    if not library.slots(name):
        text = library.load(name)
        assert text.strip() and "$$" not in "\n".join(
            line for line in text.splitlines() if not line.lstrip().startswith("//"))
        return
    with pytest.raises(CypherError, match="templated"):
        library.load(name)
    seen = set()
    for values in _combinations(library, name):
        r = library.render(name, **values)
        assert "$$" not in r.text and r.name == name
        assert library.render(name, **values) is r  # cached
        seen.add(r.text)
    assert len(seen) == len(list(_combinations(library, name)))  # each value shows in the text


def test_render_checks_every_slot() -> None:
    ok = cypher.render("ownership_reach", L="<", R="", DEPTH=3)
    assert "{1,3}" in ok.text and "(:Entity)<-[r" in ok.text
    with pytest.raises(CypherError, match=r"slot DEPTH .*1\.\.100"):
        cypher.render("ownership_reach", L="<", R="", DEPTH=101)
    with pytest.raises(CypherError, match="slot DEPTH"):
        cypher.render("ownership_reach", L="<", R="", DEPTH="3")  # text is not an integer
    with pytest.raises(CypherError, match="slot L"):
        cypher.render("ownership_reach", L="<-[x]-(y) DETACH DELETE y //", R="", DEPTH=3)
    with pytest.raises(CypherError, match=r"unfilled slots \['R'\]"):
        cypher.render("ownership_reach", L="<", DEPTH=3)
    with pytest.raises(CypherError, match=r"unknown slots \['TYPE'\]"):
        cypher.render("ownership_reach", L="<", R="", DEPTH=3, TYPE="OWNS")
    with pytest.raises(CypherError, match="slot TYPE"):
        cypher.render("load_edges", TYPE="OWNS]->(b) DETACH DELETE b //")
    with pytest.raises(CypherError, match="slot IN"):
        cypher.render("snapshot_step", IN=["OWNS", "EMPLOYS"], OUT=["NO_EDGE"])
    with pytest.raises(CypherError, match="at least one"):
        cypher.render("snapshot_step", IN=[], OUT=["NO_EDGE"])
    both = cypher.render("snapshot_step", IN=["OWNS", "CONTROLS", "OWNS"], OUT="NO_EDGE")
    assert "[r:CONTROLS|OWNS]" in both.text and "[r:NO_EDGE]" in both.text
    with pytest.raises(CypherError, match="no Cypher named"):
        cypher.load("no_such_query")
    with pytest.raises(CypherError, match="no Cypher named"):
        cypher.load("../cypher/schema")


def test_type_slots_take_the_one_vocabulary_of_stored_types() -> None:
    # the types DOMAIN.md names, the book's HOLDS among them: the set graph.rows uses
    assert REL_TYPES == {"OWNS", "CONTROLS", "CONSOLIDATED_BY", "FUND_RELATION", "BRANCH_OF", "GUARANTEES",
                         "LENDS_TO", "SUCCEEDED_BY", "ASSOCIATED_WITH", "HOLDS"} == {t.value for t in EdgeType}
    typed = [(n, k) for n in cypher.LIBRARY.names() for k, s in cypher.LIBRARY.slots(n).items()
             if "OWNS" in s.values]
    assert typed, "no slot takes relationship types"
    for name, key in typed:
        assert cypher.LIBRARY.slots(name)[key].values - {"NO_EDGE"} == REL_TYPES, (name, key)


def test_a_slot_used_but_not_declared_fails(tmp_path: Path) -> None:
    (tmp_path / "undeclared.cypher").write_text("MATCH (n:$$LABEL$$) RETURN n\n")
    (tmp_path / "unused.cypher").write_text("// slot LABEL: Entity\nMATCH (n) RETURN n\n")
    (tmp_path / "plain.cypher").write_text("MATCH (n) RETURN n\n")
    lib = Library(tmp_path)
    for name in ("undeclared", "unused"):
        with pytest.raises(CypherError, match="declared"):
            lib.render(name, LABEL="Entity")
    with pytest.raises(CypherError, match="unknown slots"):
        lib.render("plain", LABEL="Entity")


def test_graph_takes_names_not_text(graph: Graph) -> None:
    for text in ("MATCH (n) RETURN count(n) AS n", "RETURN 1", "match (n) detach delete n"):
        with pytest.raises(CypherError, match="name of a file in cypher/"):
            graph.read(text)
        with pytest.raises(CypherError, match="name of a file in cypher/"):
            graph.write(text)
        with pytest.raises(CypherError, match="name of a file in cypher/"):
            graph.auto(text)
    with pytest.raises(CypherError, match="no Cypher named 'RETURN'"):
        graph.read("RETURN")  # an identifier that names no file
    with pytest.raises(CypherError, match="templated"):
        graph.read("snapshot_step", frontier=[])
    assert graph.read("procedures")  # a name runs


# -- no Cypher text in the modules --------------------------------------------------------
# clause keywords as Cypher writes them (upper case, followed by a pattern, a parameter or
# a procedure): prose and docstrings rarely look like this, statements always do
_CYPHER = re.compile(
    r"\b(?:OPTIONAL\s+MATCH|MATCH|MERGE|CREATE)\s*\(|\bUNWIND\s+[\[$\w]|\bCALL\s+(?:\{|\(|[a-z]\w*\.)"
    r"|\bSHOW\s+(?:PROCEDURES|FUNCTIONS|INDEXES|CONSTRAINTS|DATABASES?)\b|\bDETACH\s+DELETE\b"
    r"|\bRETURN\s+[\w$(\[{][^\n]*\bAS\b")
LAYERS = ("ingest", "graph", "retrieval", "resolution", "ownergraph", "bench")
# graph/load/transport.py rewrites the first line of a named file (``UNWIND $rows AS row``) into
# one that unpacks the rows sent as one string (a fixed text per row shape, never data)
ALLOWED = {"graph/load/transport.py"}


def _strings(tree: ast.AST) -> Iterator[tuple[int, str]]:
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    in_fstring = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings and id(node) not in in_fstring:
                yield node.lineno, node.value
        elif isinstance(node, ast.JoinedStr):
            yield node.lineno, "".join(v.value if isinstance(v, ast.Constant) else "x" for v in node.values)


def inline_cypher(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal of ``source`` that reads as a Cypher statement."""
    return [(line, s) for line, s in _strings(ast.parse(source)) if _CYPHER.search(s)]


def test_the_check_finds_inline_cypher() -> None:
    # what the modules held before their statements moved into cypher/
    src = '''
def f(graph, key, rtype):
    """Docstring: MATCH (e:Entity) RETURN e AS e is prose here."""
    graph.read("MATCH (e:Entity {key: $key}) RETURN e.key AS k", key=key)
    graph.auto("MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS")
    graph.read("SHOW PROCEDURES YIELD name RETURN name")
    graph.write(f"UNWIND $rows AS row MERGE (a)-[r:{rtype}]->(b)")
    q = """
UNWIND $values AS v
RETURN v AS value
"""
    graph.read("CALL db.awaitIndexes(300)")
    raise ValueError("no entity named by this mention")
'''
    assert sorted(line for line, _ in inline_cypher(src)) == [4, 5, 6, 7, 8, 12]


def test_no_module_holds_cypher_text() -> None:
    found = []
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in ALLOWED:
                continue
            found += [f"{rel}:{line}: {text[:70]!r}" for line, text in inline_cypher(path.read_text())]
    assert not found, "Cypher belongs in cypher/<name>.cypher:\n" + "\n".join(found)


# -- the server's parser ------------------------------------------------------------------
def _explained(graph: Graph, text: str) -> None:
    # auto-commit: EXPLAIN of CALL {...} IN TRANSACTIONS is refused inside a transaction
    with graph._driver.session(database=graph.database) as s:  # noqa: SLF001
        s.run("EXPLAIN " + text).consume()


def test_the_server_parses_every_query(graph_session: Graph) -> None:
    failures = []
    for lib, name in FILES:
        library = LIBRARIES[lib]
        texts = (library.statements(name) if name == "schema" and lib == "ownergraph"
                 else [r.text for r in _renderings(library, name)])
        for text in texts:
            try:
                _explained(graph_session, text)
            except Exception as err:  # noqa: BLE001 - collect every failure, then report
                failures.append(f"{lib}:{name}: {type(err).__name__}: {str(err)[:300]}")
    assert not failures, "\n".join(failures)


def test_the_parser_check_catches_a_typo(graph_session: Graph) -> None:
    with pytest.raises(Exception, match="(?i)invalid input|syntax"):
        _explained(graph_session, cypher.load("lookup_key").replace("RETURN", "RETRUN", 1))
