"""JSON plumbing shared by the JSON readers: layout detection and record streams.

JSON lines or one JSON document is decided by whether the *whole* first line is one JSON
value, parsed as a stream (no head size: a first line of any length is read to its end
without being held in memory).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

import ijson
from ijson.common import ObjectBuilder

from ownergraph.domain.model import Quarantined
from ownergraph.ingest.readers.base import not_read, quarantine
from ownergraph.ingest.readers.packed import open_data

_BLANK = b" \t\r\n"
_BOM = b"\xef\xbb\xbf"
JSON_ERRORS = (ijson.JSONError, ValueError, RecursionError)  # UnicodeDecodeError is a ValueError
# every ijson call passes use_float=True: without it ijson's C backend (yajl2_c, ijson 3.6) turns
# integers into Python ints itself and dies of a segmentation fault on one of more digits than
# Python converts (4,300); with it yajl reads integers and reports one past int64 as an error
# a \\uD800-\\uDFFF escape: only a pair of them stands for a character
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


class LoneSurrogate(ValueError):
    """A JSON string escapes half of a UTF-16 pair: no character, and not storable as UTF-8."""


def loads_utf8(text: bytes | str) -> Any:
    """``json.loads`` that refuses what cannot be stored: bytes that are not UTF-8 (bytes given
    to ``json.loads`` are decoded with ``surrogatepass``, so an encoded surrogate would pass)
    and lone surrogate escapes such as ``"\\ud800"``."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")  # strict: UnicodeDecodeError for anything not UTF-8
    obj = json.loads(text)
    if _SURROGATE_ESCAPE.search(text):
        try:
            json.dumps(obj, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as err:
            raise LoneSurrogate(f"a string holds a lone surrogate escape ({err.reason})") from None
    return obj


class _FirstLine:
    """A file-like view of ``f`` from its position up to and including the next newline."""

    def __init__(self, f: BinaryIO) -> None:
        self.f, self.done = f, False

    def read(self, n: int = -1) -> bytes:
        if self.done or n == 0:  # ijson probes with read(0) for bytes vs text
            return b""
        chunk = self.f.readline(max(n, 1 << 16))
        if not chunk or chunk.endswith(b"\n"):
            self.done = True
        return chunk


def _skip_blank(f: BinaryIO) -> bytes:
    """Move ``f`` to its first byte that is not a BOM or white space; return that byte."""
    start = f.read(3)
    if start != _BOM:
        f.seek(0)
    while True:
        pos = f.tell()
        chunk = f.read(1 << 16)
        if not chunk:
            return b""
        body = chunk.lstrip(_BLANK)
        if body:
            f.seek(pos + len(chunk) - len(body))
            return body[:1]


def json_layout(path: Path) -> tuple[str, set[str]]:
    """``("lines" | "array" | "document" | "empty" | "other", top-level keys of line 1)``.

    ``lines``: the first line is a whole JSON object; ``document``: one JSON object spread
    over lines (pretty-printed); ``array``: a JSON array; ``other``: not JSON.
    """
    with open_data(path) as f:
        first = _skip_blank(f)
        if first == b"[":
            return "array", set()
        if first != b"{":
            return ("empty" if not first else "other"), set()
        keys: set[str] = set()
        try:
            for prefix, event, value in ijson.parse(_FirstLine(f), use_float=True):
                if prefix == "" and event == "map_key":
                    keys.add(value)
        except JSON_ERRORS as err:
            # the first line ran out before its value ended: a document spread over lines (the C
            # backend calls every error "incomplete", so its message tells which this is)
            if isinstance(err, ijson.IncompleteJSONError) and (
                    "premature EOF" in str(err) or "Incomplete JSON" in str(err)):
                return "document", keys
            # a broken first line: JSON lines if the next line starts another object
            nxt = f.readline().lstrip(_BLANK)
            return ("lines" if nxt[:1] == b"{" else "document"), keys
        return "lines", keys


def iter_lines(path: Path) -> Iterator[tuple[int, bytes | Quarantined]]:
    """``(line number, raw line)`` of a JSON-lines file, blank lines skipped, BOM removed."""
    with open_data(path) as f:
        for n, raw in enumerate(f, start=1):
            if n == 1:
                raw = raw.removeprefix(_BOM)
            if raw.strip():
                yield n, raw


def load_line(path: Path, locator: str, raw: bytes) -> Any:
    """One JSON line parsed, or a Quarantined saying why it is not JSON."""
    try:
        return loads_utf8(raw)
    except RecursionError:
        return quarantine(path, locator, "json", "nested too deeply to read", raw[:500])
    except UnicodeDecodeError as err:
        return quarantine(path, locator, "encoding", f"not UTF-8: {err}", raw[:500])
    except LoneSurrogate as err:
        return quarantine(path, locator, "encoding", str(err), raw[:500])
    except ValueError as err:
        return quarantine(path, locator, "json", f"malformed JSON line: {err}", raw[:500])


def iter_json_records(path: Path) -> Iterator[tuple[str, Any]]:
    """Stream ``(locator, object)`` from a JSON array, JSON lines or one JSON object.

    A parse error in an array or single object ends the file with one :func:`not_read`
    entry at the failure point (ijson cannot resynchronise); in JSON lines a bad line is
    quarantined and the next line is read.
    """
    layout, _ = json_layout(path)
    if layout == "empty":
        return
    if layout == "other":
        yield "$", not_read(path, "byte 0", "not JSON: expected '[' or '{'", 0, field="json")
        return
    if layout == "lines":
        for n, raw in iter_lines(path):
            yield f"line {n}", load_line(path, f"line {n}", raw)
        return
    prefix = "item" if layout == "array" else ""
    i = 0
    try:
        with open_data(path) as f:
            for obj in ijson.items(f, prefix, use_float=True):
                yield (f"[{i}]" if prefix else "$"), obj
                i += 1
    except JSON_ERRORS as err:
        where = f"[{i}]" if prefix else "$"
        yield where, not_read(path, where, f"malformed JSON: {err}", i if prefix else 0, field="json")


class JsonStream:
    """Stream the records of a JSON document without loading it whole.

    Records are the items of a top-level array, or of any array (or single object, since
    GLEIF JSON writes a repeated element with one member as an object) under a key named in
    ``array_keys``. String values under a key in ``date_keys`` seen outside records are kept
    in ``file_date`` (the header's ContentDate, the API's publishDate). ``count`` is the
    number of records read so far; ``top_keys`` the keys of a top-level object. Malformed
    JSON raises ``ijson.JSONError``.
    """

    def __init__(self, path: Path, array_keys: set[str], date_keys: set[str]) -> None:
        self.path, self.array_keys, self.date_keys = path, array_keys, date_keys
        self.file_date: str | None = None
        self.count = 0
        self.top_keys: set[str] = set()  # keys of a top-level object, to recognise what the file is

    def _record_prefix(self, prefix: str, event: str) -> bool:
        if prefix == "item" or prefix.endswith(".item"):
            parent = prefix[:-5].rstrip(".")
            return parent == "" or parent.rsplit(".", 1)[-1] in self.array_keys
        return event == "start_map" and prefix.rsplit(".", 1)[-1] in self.array_keys

    def __iter__(self) -> Iterator[Any]:
        builder: ObjectBuilder | None = None
        item_prefix = ""
        with open_data(self.path) as fh:
            for prefix, event, value in ijson.parse(fh, use_float=True):
                if builder is not None:
                    builder.event(event, value)
                    if prefix == item_prefix and event in ("end_map", "end_array"):
                        self.count += 1
                        yield builder.value
                        builder = None
                    continue
                if self._record_prefix(prefix, event):
                    if event in ("start_map", "start_array"):
                        builder, item_prefix = ObjectBuilder(), prefix
                        builder.event(event, value)
                    elif event not in ("end_map", "end_array", "map_key"):
                        self.count += 1
                        yield value  # a scalar where a record should be: the caller quarantines it
                    continue
                if event == "map_key" and prefix == "":
                    self.top_keys.add(value)
                    continue
                keys = prefix.split(".")
                if event == "string" and (keys[-1] in self.date_keys
                                          or (keys[-1] == "$" and len(keys) > 1 and keys[-2] in self.date_keys)):
                    self.file_date = value
