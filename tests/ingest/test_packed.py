"""GLEIF's golden copy as published, zipped: read straight from the archive, the same records
as the file inside it, by the row and the column-wise readers (issue 33)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from ownergraph.domain.errors import InputFormatError
from ownergraph.domain.model import Quarantined
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.columnar.registry import columnar

GC = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "gleif" / "golden-copy"


def _zipped(src: Path, folder: Path) -> Path:
    out = folder / f"20251231-0800-gleif-goldencopy-{src.stem}-golden-copy{src.suffix}.zip"
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.write(src, arcname=out.name.removesuffix(".zip"))
    return out


def _facts(records: list) -> set[tuple[str, str]]:
    assert not [r for r in records if isinstance(r, Quarantined)]
    return {(r.key(), r.content_hash()) for r in records}


@pytest.mark.parametrize("name", ["lei-data.xml", "rr-data.xml", "repex-data.xml", "lei-data.json", "rr-data.json"])
def test_a_zipped_golden_copy_file_reads_as_the_file_inside(name: str, tmp_path: Path) -> None:
    plain = GC / name
    packed = _zipped(plain, tmp_path)
    row = detect(packed)
    assert row.name == detect(plain).name
    expected = _facts(list(row.read(plain)))
    assert len(expected) >= 5
    assert _facts(list(row.read(packed))) == expected
    assert _facts(list(columnar(row).read(packed))) == expected


def test_an_empty_or_damaged_archive_is_an_error_naming_the_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.xml.zip"
    with zipfile.ZipFile(empty, "w"):
        pass
    with pytest.raises(InputFormatError, match="empty.xml.zip: a zip archive with no file in it"):
        detect(empty)
    damaged = tmp_path / "damaged.xml.zip"
    damaged.write_bytes(b"PK\x03\x04" + b"\x00" * 40)
    with pytest.raises(InputFormatError, match="damaged.xml.zip: a damaged zip archive"):
        detect(damaged)
