"""A new version of a filing supersedes the claims read from the earlier one in knowledge time
(graph.amendments): closed at the new version's filing time, still the answer when asked at an
earlier knowledge time.

Real filing: Stockwalk.com Group's 8-K of 2000-09-22 (accession 0000950124-00-005735, period of
report 2000-09-08), which says "As of September 8, 2000, the registrant owned approximately
6.8% of Kinnard's outstanding shares of common stock". No real amendment of a filing could be
found (fixtures, shared samples, the code corpus), so the 8-K/A is an edited copy of that file
made here (:data:`AMENDMENT_EDITS`; the real-data folder keeps only unedited files): form 8-K/A,
accession 0000950124-00-005735-EDITED, filed 2000-10-06, and the sentence says 7.4% instead of
6.8%; every other byte is the original's.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from ownergraph.graph.load.rows import KNOWN_MAX
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.graph.store.stats import graph_stats
from tests.cypher import q

FILINGS = Path(__file__).parents[1] / "fixtures" / "real" / "filings"
ORIGINAL = FILINGS / "8-K" / "1001136_8K_2000_0000950124-00-005735.txt"
ORIGINAL_DOC, AMENDED_DOC = "0000950124-00-005735:1", "0000950124-00-005735-EDITED:1"
AMENDED_AT = datetime(2000, 10, 6, tzinfo=timezone.utc)  # FILED AS OF DATE of the 8-K/A (no acceptance time)
NOW = "9000-01-01T00:00:00Z"
BEFORE_AMENDMENT = "2000-10-01T00:00:00Z"
AS_OF = "2000-09-15"  # after the stake's date (September 8, 2000)


def _kinnard(graph: Graph, known_at: str) -> list[tuple[float, str]]:
    """(stake, document) of the registrant's stake in Kinnard admitted as of AS_OF, known at."""
    rows = graph.read(q("text_claims_admitted"), as_of=AS_OF, known_at=known_at)
    return [(round(r["stake"], 4), r["document_id"]) for r in rows
            if r["type"] == "OWNS" and r["source"] == "STOCKWALK COM GROUP INC" and "Kinnard" in r["target"]]


def _clocks(graph: Graph) -> list[dict]:
    """Stated text claims with their knowledge clocks, leaving out the versions a corporate
    action closed at the instant they were stated (the filing's own merger sentence splits the
    claims at Kinnard: an empty knowledge interval)."""
    rows = [dict(r, known_from=r["known_from"].to_native(), known_to=r["known_to"].to_native())
            for r in graph.read(q("text_claim_clocks"))]
    return [r for r in rows if r["known_to"] > r["known_from"]]


def _edited(tmp_path: Path, name: str, *edits: tuple[bytes, bytes]) -> Path:
    """A copy of ORIGINAL with each (old, new) replaced; every ``old`` occurs once."""
    data = ORIGINAL.read_bytes()
    for old, new in edits:
        assert data.count(old) == 1, old
        data = data.replace(old, new)
    path = tmp_path / name
    path.write_bytes(data)
    return path


STAKE_EDIT = (b"approximately 6.8% of Kinnard's", b"approximately 7.4% of Kinnard's")
REFILED_EDIT = (b"FILED AS OF DATE:\t\t20000922", b"FILED AS OF DATE:\t\t20001006")
AMENDMENT_EDITS = (
    (b"<SEC-DOCUMENT>/in/edgar/work/0000950124-00-005735/0000950124-00-005735.txt : 20000927",
     b"<SEC-DOCUMENT>0000950124-00-005735-EDITED.txt : 20001006"),
    (b"<SEC-HEADER>0000950124-00-005735.hdr.sgml : 20000927",
     b"<SEC-HEADER>0000950124-00-005735-EDITED.hdr.sgml : 20001006"),
    (b"ACCESSION NUMBER:\t\t0000950124-00-005735", b"ACCESSION NUMBER:\t\t0000950124-00-005735-EDITED"),
    (b"CONFORMED SUBMISSION TYPE:\t8-K\n", b"CONFORMED SUBMISSION TYPE:\t8-K/A\n"),
    (b"FORM TYPE:\t\t8-K\n", b"FORM TYPE:\t\t8-K/A\n"),
    (b"<TYPE>8-K\n<SEQUENCE>1", b"<TYPE>8-K/A\n<SEQUENCE>1"),
    (b"<DESCRIPTION>FORM 8-K\n", b"<DESCRIPTION>FORM 8-K/A\n"),
    (b"                                    FORM 8-K\n", b"                                    FORM 8-K/A\n"),
    REFILED_EDIT, STAKE_EDIT,
)


@pytest.fixture
def amended(tmp_path: Path) -> Path:
    return _edited(tmp_path, "1001136_8K-A_2000_edited.txt", *AMENDMENT_EDITS)


def _assert_amended(graph: Graph) -> None:
    assert _kinnard(graph, NOW) == [(0.074, AMENDED_DOC)]
    assert _kinnard(graph, BEFORE_AMENDMENT) == [(0.068, ORIGINAL_DOC)]  # history at earlier knowledge
    assert _kinnard(graph, "2000-09-21T00:00:00Z") == []  # before the 8-K was filed
    clocks = _clocks(graph)
    original = [c for c in clocks if c["document_id"].startswith("0000950124-00-005735:")]
    amended = [c for c in clocks if c["document_id"].startswith("0000950124-00-005735-EDITED:")]
    assert original and amended
    # every claim of the 8-K (its exhibits too) closed when the 8-K/A was filed; the 8-K/A's open
    assert {c["known_to"] for c in original} == {AMENDED_AT}
    assert {c["known_to"] for c in amended} == {KNOWN_MAX}


def test_an_amendment_supersedes_the_filing_and_reingest_is_a_no_op(graph: Graph, amended: Path) -> None:
    ingest_paths(graph, [ORIGINAL])
    assert _kinnard(graph, NOW) == [(0.068, ORIGINAL_DOC)]
    result = ingest_paths(graph, [amended])
    _assert_amended(graph)
    assert result.files[0].loaded > 0
    before = graph_stats(graph)
    again = ingest_paths(graph, [ORIGINAL, amended])
    assert [f.loaded for f in again.files] == [0, 0]
    assert graph_stats(graph) == before
    _assert_amended(graph)


def test_an_amendment_loaded_first_still_closes_the_earlier_filing(graph: Graph, amended: Path) -> None:
    ingest_paths(graph, [amended])
    assert _kinnard(graph, NOW) == [(0.074, AMENDED_DOC)]
    ingest_paths(graph, [ORIGINAL])
    _assert_amended(graph)


def test_the_same_accession_refiled_with_other_content_supersedes(graph: Graph, tmp_path: Path) -> None:
    # the same submission (same accession) again, filed 2000-10-06, saying 7.4%
    refiled = _edited(tmp_path, "refiled.txt", STAKE_EDIT, REFILED_EDIT)
    ingest_paths(graph, [ORIGINAL])
    ingest_paths(graph, [refiled])
    assert _kinnard(graph, NOW) == [(0.074, ORIGINAL_DOC)]
    assert _kinnard(graph, BEFORE_AMENDMENT) == [(0.068, ORIGINAL_DOC)]
    first = [c for c in _clocks(graph) if c["known_from"] < AMENDED_AT]
    assert first and {c["known_to"] for c in first} == {AMENDED_AT}


@pytest.mark.parametrize("edits", [
    # another 8-K of the same filer for the same period, not an amendment
    ((b"ACCESSION NUMBER:\t\t0000950124-00-005735", b"ACCESSION NUMBER:\t\t0000950124-00-005735-OTHER"),
     REFILED_EDIT, STAKE_EDIT),
    # an 8-K/A for another period of report
    ((b"ACCESSION NUMBER:\t\t0000950124-00-005735", b"ACCESSION NUMBER:\t\t0000950124-00-005735-OTHER"),
     (b"CONFORMED SUBMISSION TYPE:\t8-K\n", b"CONFORMED SUBMISSION TYPE:\t8-K/A\n"),
     (b"CONFORMED PERIOD OF REPORT:\t20000908", b"CONFORMED PERIOD OF REPORT:\t20000930"),
     REFILED_EDIT, STAKE_EDIT),
], ids=["another-8-K-same-period", "8-K/A-other-period"])
def test_filings_that_are_not_versions_of_it_leave_it_open(graph: Graph, tmp_path: Path,
                                                           edits: tuple[tuple[bytes, bytes], ...]) -> None:
    other = _edited(tmp_path, "other.txt", *edits)
    ingest_paths(graph, [ORIGINAL, other])
    assert sorted(_kinnard(graph, NOW)) == [(0.068, ORIGINAL_DOC), (0.074, "0000950124-00-005735-OTHER:1")]
    assert {c["known_to"] for c in _clocks(graph)} == {KNOWN_MAX}
