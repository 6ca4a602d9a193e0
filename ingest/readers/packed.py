"""Input files as published: a file, a zip archive holding one data file (GLEIF's golden copy
comes as ``…-gleif-goldencopy-lei2-golden-copy.xml.zip``), or a gzip-compressed file (Open
Ownership's BODS bulk data comes as ``….jsonl.gz``).

:func:`open_data` opens either for binary reading, so a reader streams the XML or JSON inside a
zip without unpacking it to disk. An archive with several files is read by its largest one
(GLEIF's zips hold exactly one); an empty archive is an error naming the file.
"""

from __future__ import annotations

import gzip
import zipfile
from pathlib import Path
from typing import IO

from ownergraph.domain.errors import InputFormatError

ZIP_MAGIC = b"PK\x03\x04"
EMPTY_ZIP_MAGIC = b"PK\x05\x06"  # an archive with no member starts at its end record
GZIP_MAGIC = b"\x1f\x8b"


def is_zip(path: Path) -> bool:
    with open(path, "rb") as fh:
        return fh.read(4) in (ZIP_MAGIC, EMPTY_ZIP_MAGIC)


def _member(archive: zipfile.ZipFile, path: Path) -> zipfile.ZipInfo:
    files = [i for i in archive.infolist() if not i.is_dir()]
    if not files:
        raise InputFormatError(f"{path}: a zip archive with no file in it")
    return max(files, key=lambda i: (i.file_size, i.filename))


class _MemberStream:
    """A zip member's stream that closes its archive with it."""

    def __init__(self, archive: zipfile.ZipFile, stream: IO[bytes]) -> None:
        self._archive, self._stream = archive, stream

    def read(self, n: int = -1) -> bytes:
        return self._stream.read(n)

    def readline(self, limit: int = -1) -> bytes:
        return self._stream.readline(limit)

    def seek(self, offset: int, whence: int = 0) -> int:  # a zip member seeks (by re-reading)
        return self._stream.seek(offset, whence)

    def tell(self) -> int:
        return self._stream.tell()

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._stream)

    def close(self) -> None:
        self._stream.close()
        self._archive.close()

    def __enter__(self) -> _MemberStream:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def open_data(path: Path) -> IO[bytes]:
    """``path`` opened for binary reading; a zip archive: its (largest) file, streamed; a gzip file:
    its content, streamed."""
    if not is_zip(path):
        with open(path, "rb") as fh:
            gzipped = fh.read(2) == GZIP_MAGIC
        return gzip.open(path, "rb") if gzipped else open(path, "rb")  # type: ignore[return-value]
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile as err:
        raise InputFormatError(f"{path}: a damaged zip archive ({err})") from err
    try:
        return _MemberStream(archive, archive.open(_member(archive, path)))  # type: ignore[return-value]
    except Exception:
        archive.close()
        raise


__all__ = ["ZIP_MAGIC", "is_zip", "open_data"]
