"""Column-wise readers for the bulk formats: the same records as the row readers, read a
batch at a time (issue 16).

A row reader reads a record, maps it through dicts and small dataclasses, validates it with
pydantic and hashes its JSON dump: ~200 µs of Python per GLEIF record. A column reader reads a
batch of records into columns, checks LEIs (ISO 17442) and valid-time ranges over the whole
column (numpy), parses repeated dates once, builds the records without validators and writes
their canonical JSON for the content hash directly. Whatever it does not take (an uncommon
shape, a value a check refuses) is read by the row reader in its place: the quarantine
entries are the row reader's, word for word, and pydantic runs only for those records.
tests/ingest/test_columnar.py holds both to the same records, hashes and quarantine file.

Readers here (``--format`` names as the row readers'):
- ``gleif-lei``, ``gleif-rr``, ``gleif-repex``: golden-copy XML (:mod:`.gleif`); their JSON
  files are read by the row reader.
- ``bundle``: JSON lines and arrays, entity and edge records of the plain shapes built without
  validators (:mod:`.bundle`); the rest by the row mapping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ownergraph.domain.model import Record
from ownergraph.ingest.readers.bundle.mapping import Ctx
from ownergraph.ingest.readers.base import read_safely
from ownergraph.ingest.readers.bundle.reader import BundleReader
from ownergraph.ingest.readers.bundle.columnar import fast_mapping
from ownergraph.ingest.readers.gleif.columnar import read_golden_xml_columnar
from ownergraph.ingest.readers.packed import open_data
from ownergraph.ingest.readers.gleif.golden import (
    GleifLeiReader, GleifRepexReader, GleifRrReader, is_xml, read_golden,
)

READER_KINDS = ("row", "columnar")


def _read(path: Path) -> Iterator[Record]:
    path = Path(path)
    with open_data(path) as fh:
        head = fh.read(1024)
    return read_golden_xml_columnar(path) if is_xml(head) else read_golden(path)


class _Columnar:
    def read(self, path: Path) -> Iterator[Record]:
        return read_safely(Path(path), _read(Path(path)))


class ColumnarLeiReader(_Columnar, GleifLeiReader):
    """``gleif-lei``, XML read column-wise."""


class ColumnarRrReader(_Columnar, GleifRrReader):
    """``gleif-rr``, XML read column-wise."""


class ColumnarRepexReader(_Columnar, GleifRepexReader):
    """``gleif-repex``, XML read column-wise (its records go to the row reader's mapping)."""


class ColumnarBundleReader(BundleReader):
    """``bundle``, its plain entity and edge records built without validators."""

    def _mapping(self) -> Callable[[Any, Ctx], Record]:
        return fast_mapping()


COLUMNAR: dict[str, Any] = {r.name: r for r in (ColumnarLeiReader(), ColumnarRrReader(), ColumnarRepexReader(),
                                                ColumnarBundleReader())}


def columnar(reader: Any) -> Any:
    """The column-wise reader of ``reader``'s format, or ``reader`` when there is none."""
    return COLUMNAR.get(reader.name, reader)
