"""An EDGAR header's SIC code reaches the graph as the entity's ``industry_codes`` (issue 31
item 3), beside its name and never as an alias. Expected values read off the header of
``tests/fixtures/reader_corpus/files/dev/sec-submission-txt/dsep-schedule13g.txt`` (subject
company CIK 0001374328, "STANDARD INDUSTRIAL CLASSIFICATION: ... [2833]"; the FILED BY block
states no SIC)."""

from __future__ import annotations

from pathlib import Path

from ownergraph.graph.load.pipeline import ingest_paths

HEADER = (Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "dev"
          / "sec-submission-txt" / "dsep-schedule13g.txt")


def test_sic_is_stored_on_the_entity_not_as_an_alias(graph) -> None:
    ingest_paths(graph, [HEADER])
    with graph.session(write=False) as s:  # a test's own look at the store, not a product query
        codes = s.run("MATCH (e:Entity) WHERE e.industry_codes IS NOT NULL RETURN e.industry_codes AS c").data()
        aliases = s.run("MATCH (a:Alias) WHERE a.value CONTAINS '2833' RETURN a.value AS v").data()
    assert [r["c"] for r in codes] == [["SIC:2833"]], codes
    assert aliases == []
