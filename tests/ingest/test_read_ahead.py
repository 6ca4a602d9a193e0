"""Reading in a second process (ingest.read_ahead) gives the records of reading in-process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.ingest.read_ahead import ReadAhead, ReadAheadError
from ownergraph.ingest.readers.gleif.golden import GleifLeiReader

REAL = Path(__file__).parents[1] / "fixtures" / "real"
EXAMPLES = Path(__file__).parents[2] / "examples"
PATHS = [REAL / "gleif" / "golden-copy", REAL / "uk-psc", REAL / "bods", EXAMPLES / "bundle"]


@pytest.mark.parametrize("reader", ["row", "columnar"])
def test_same_counts_and_quarantine_file(reader: str, tmp_path: Path) -> None:
    runs = {}
    for ahead in (False, True):
        q = tmp_path / f"{ahead}.jsonl"
        summary = ingest_paths(None, PATHS, dry_run=True, quarantine_path=q, reader=reader, read_process=ahead)
        runs[ahead] = ([(f.path, f.format, f.read, f.loaded, f.quarantined, f.not_read) for f in summary.files],
                       q.read_bytes())
    assert runs[True] == runs[False]
    assert sum(f[2] for f in runs[True][0]) > 100  # the samples were read, not skipped


def test_records_equal_in_order() -> None:
    path = REAL / "gleif" / "golden-copy" / "lei-data.xml"
    reader = GleifLeiReader()
    with ReadAhead([(path, reader), (path, reader)]) as ahead:
        first, second = list(ahead.records(0)), list(ahead.records(1))
    assert first == second == list(reader.read(path))


class _Broken(GleifLeiReader):
    def read(self, path: Path) -> Iterator[object]:
        yield from super().read(path)
        raise RuntimeError("reader bug on purpose")


def test_a_reader_failure_is_reported_not_hung() -> None:
    path = REAL / "gleif" / "golden-copy" / "lei-data.xml"
    with ReadAhead([(path, _Broken())]) as ahead:
        with pytest.raises(ReadAheadError, match="reader bug on purpose"):
            list(ahead.records(0))


def test_skipped_files_are_not_read_and_forkserver_gives_the_same_records() -> None:
    # the bulk path: the workers' files skipped, the rest read in a forkserver child
    path = REAL / "gleif" / "golden-copy" / "lei-data.xml"
    reader = GleifLeiReader()
    with ReadAhead([(path, reader), (path, _Broken()), (path, reader)], skip={1}, method="forkserver") as ahead:
        first, third = list(ahead.records(0)), list(ahead.records(2))
    assert first == third == list(reader.read(path))
