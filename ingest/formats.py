"""The registry of input formats and format detection (auto-detected, overridable)."""

from __future__ import annotations

import re

from importlib import import_module
from pathlib import Path
from typing import Any

from ownergraph.domain.errors import InputFormatError
from ownergraph.ingest.shape import NEEDS, describe, nearest
from ownergraph.ingest.readers.packed import open_data

# Order matters for detection: specific formats before generic JSON ones.
_MODULES = ("gleif.golden", "gleif.api", "bods.reader", "uk.api", "uk.psc", "uk.company", "ftm.reader", "sec.forms",
            "sec.ex21", "bundle.reader", "documents")  # documents last: any PDF, HTML or text not taken above


def readers() -> dict[str, Any]:
    """Format name -> reader, from every reader module's ``READERS``."""
    found: dict[str, Any] = {}
    for mod in _MODULES:
        try:
            module = import_module(f"ownergraph.ingest.readers.{mod}")
        except ModuleNotFoundError as err:
            if err.name == f"ownergraph.ingest.readers.{mod}":
                continue
            raise
        for reader in getattr(module, "READERS", []):
            found.setdefault(reader.name, reader)
    return found


def detect(path: Path, fmt: str | None = None) -> Any:
    """The reader for ``path``: the named ``fmt``, else the first whose ``sniff`` accepts it."""
    available = readers()
    if fmt:
        if fmt not in available:
            raise InputFormatError(f"unknown format {fmt!r}; known: {', '.join(sorted(available))}")
        return available[fmt]
    try:
        with open_data(path) as fh:
            head = fh.read(8192)
    except OSError as err:
        raise InputFormatError(f"{path}: cannot be read ({err.strerror or err})") from err
    if not head.strip():
        raise InputFormatError(f"{path}: empty file")
    if XML_SCHEMA_ROOT.search(head):  # a GLEIF XSD names GLEIF's namespace, yet holds no records
        raise InputFormatError(f"{path}: an XML Schema (XSD), which describes a format; it holds no records to load")
    for reader in available.values():
        if reader.sniff(path, head):
            return reader
    raise InputFormatError(f"{path}: format not recognised: {_what_was_seen(head, sorted(available))}")


def _what_was_seen(head: bytes, known: list[str]) -> str:
    """The file's shape, the nearest format and what it lacked, then the formats to pass."""
    fmt, marks = nearest(head, known)
    needs = f" ({fmt} reads {NEEDS[fmt]})" if fmt in NEEDS else ""
    near = (f"; nearest format {fmt} (has {', '.join(marks)}), but not what {fmt} needs to be read{needs}"
            if fmt else "; like no known format")
    return f"{describe(head)}{near}; pass --format (one of {', '.join(known)})"


_DOCS = {".rst", ".png", ".svg", ".xsd"}  # never data
XML_SCHEMA_ROOT = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?schema\b[^>]*http://www\.w3\.org/2001/XMLSchema[\"']")
# notes beside data in a folder (README.md, SOURCES.md, LICENSE.txt); other .md/.txt/.pdf are documents
_NOTES = {"readme", "sources", "license", "licence", "notice", "changelog", "authors", "copying"}


def expand(paths: list[Path]) -> list[Path]:
    """Files under each path (folders recursively, sorted), skipping hidden files and notes."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(f for f in p.rglob("*") if f.is_file() and f.suffix.lower() not in _DOCS
                          and f.stem.lower() not in _NOTES
                          and not any(part.startswith(".") for part in f.relative_to(p).parts))
        elif p.is_file():
            out.append(p)
        else:
            raise InputFormatError(f"{p}: no such file or folder")
    return out
