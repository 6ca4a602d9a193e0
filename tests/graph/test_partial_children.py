"""A GLEIF API children collection read in part: the parent's children answer says the list
is partial ("at least 15 direct children; page 1 of 8 read") in the analytic, its JSON and
``ask``. Real API sample; expected values read off the file."""

from __future__ import annotations

from pathlib import Path

from ownergraph.graph.analytics.children import children
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths

# direct-children_21380068P1DRHMJ8KU70.json: meta.pagination currentPage 1, perPage 15, total 106,
# lastPage 8; links.self .../lei-records/21380068P1DRHMJ8KU70/direct-children; data[0]
# 2138004VFYZFYLELHT92 BRAZIL SHIPPING I LIMITED
PAGE = Path("gleif") / "api" / "lei_records" / "direct-children_21380068P1DRHMJ8KU70.json"
SHELL = "21380068P1DRHMJ8KU70"


def test_children_of_a_partly_read_collection_say_partial(graph: Graph, real_data: Path) -> None:
    ingest_paths(graph, [real_data / PAGE])
    res = children(graph, SHELL, as_of="2025-05-15")
    assert len(res.direct.children) == 15 and res.direct.partial and res.partial
    assert "BRAZIL SHIPPING I LIMITED" in {c["source_name"] for c in res.direct.children}
    assert (res.direct.stated_total, res.direct.pages_read, res.direct.last_page) == (106, (1,), 8)
    assert res.direct.note == "at least 15 direct children; page 1 of 8 read (106 stated by the source)"
    d = res.as_dict()["direct"]
    assert d["partial"] is True and d["count"] == 15 and d["stated_total"] == 106
    # the ultimate list was not read at all here: nothing said about it, no children
    assert not res.ultimate.partial and res.ultimate.children == ()
    ingest_paths(graph, [real_data / PAGE])  # a rerun: the same page once
    assert children(graph, SHELL, as_of="2025-05-15").direct.pages_read == (1,)


def test_a_complete_collection_is_not_partial(graph: Graph, real_data: Path) -> None:
    # direct-children_INR2EJN1ERAN0W5ZP974.json: total 12, one page (lastPage 1) of 12: Microsoft's list whole
    ingest_paths(graph, [real_data / "gleif/api/lei_records/direct-children_INR2EJN1ERAN0W5ZP974.json"])
    res = children(graph, "INR2EJN1ERAN0W5ZP974", as_of="2025-05-15")
    assert len(res.direct.children) == 12 and not res.partial and res.direct.note is None
