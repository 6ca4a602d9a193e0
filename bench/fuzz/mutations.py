"""Mutations of real sample files for fuzzing the readers.

Each mutation takes the original bytes and a ``pick(lo, hi) -> int`` source of choices (a
Hypothesis draw in the tests, a seeded ``random.Random`` in ``python -m bench.fuzz``), and
returns hostile bytes: truncated, bytes flipped, a value of the wrong type, 10,000 levels of
nesting, a duplicated key, invalid UTF-8, an undeclared XML entity, a non-finite number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

Pick = Callable[[int, int], int]
DEPTH = 10_000

# values of every JSON type, including the ones a reader least expects where an object is due
SWAPS: list[Any] = ["x", "", 0, -1, -1.5, 1e308, None, True, [], {}, [1, "a"], {"a": {"b": []}},
                    "NaN", "-Infinity", "2024-13-45", "\u0000"]
# the last two: an integer past float range, and one past Python's 4,300-digit int limit
NUMBERS = ["NaN", "Infinity", "-Infinity", "-5", "1e999", "-1e999", "1" + "0" * 400, "9" * 5000]


def truncate(data: bytes, pick: Pick) -> bytes:
    return data[:pick(0, max(len(data) - 1, 0))]


def flip(data: bytes, pick: Pick) -> bytes:
    if not data:
        return data
    out = bytearray(data)
    for _ in range(pick(1, 8)):
        out[pick(0, len(out) - 1)] = pick(0, 255)
    return bytes(out)


def bad_utf8(data: bytes, pick: Pick) -> bytes:
    """Insert a byte sequence that is not UTF-8 inside a text value (after a quote or '>')."""
    marks = [m.end() for m in re.finditer(rb'"[A-Za-z]|>[A-Za-z]|,[A-Za-z]', data)] or [len(data) // 2]
    at = marks[pick(0, len(marks) - 1)]
    junk = [b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xe2\x82", b"\x80\x80"][pick(0, 4)]
    return data[:at] + junk + data[at:]


def deep_nesting(data: bytes, pick: Pick) -> bytes:
    """10,000 levels of arrays/objects (JSON) or elements (XML/HTML) in place of one value."""
    if is_xml(data):
        ends = [m.end() for m in re.finditer(rb"<[A-Za-z][^<>]*>", data)] or [0]
        at = ends[pick(0, len(ends) - 1)]
        return data[:at] + b"<a>" * DEPTH + b"x" + b"</a>" * DEPTH + data[at:]
    deep = [b"[" * DEPTH + b"]" * DEPTH, b'{"a":' * DEPTH + b"1" + b"}" * DEPTH][pick(0, 1)]
    spots = [m.end() for m in re.finditer(rb'":\s*', data)] or [0]
    at = spots[pick(0, len(spots) - 1)]
    # replace the value that starts here (up to the next , } ] or newline) by the deep one
    end = re.search(rb"[,}\]\n]", data[at:])
    stop = at + (end.start() if end and end.start() > 0 else 0)
    return data[:at] + deep + data[stop:]


def _json_docs(data: bytes) -> tuple[list[Any], bool] | None:
    """The JSON values of a file: ([doc], False) for one document, (lines, True) for JSON lines."""
    try:
        text = data.decode("utf-8-sig", errors="strict")
    except UnicodeDecodeError:  # not JSON text (a PDF, a cp1252 filing)
        return None
    try:
        return [json.loads(text)], False
    except ValueError:
        pass
    try:
        return [json.loads(ln) for ln in text.splitlines() if ln.strip()], True
    except ValueError:
        return None


def _paths(obj: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, prefix + (i,))
    return out


def _set(obj: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    obj[path[0]] = _set(obj[path[0]], path[1:], value)
    return obj


def _dump(docs: list[Any], lines: bool) -> bytes:
    if lines:
        return b"".join(json.dumps(d, ensure_ascii=False).encode() + b"\n" for d in docs)
    return json.dumps(docs[0], ensure_ascii=False, indent=1).encode()


def type_swap(data: bytes, pick: Pick) -> bytes:
    """Replace one JSON value (any depth, the root included) by a value of another type;
    XML: replace one element's text by child elements or an element by text."""
    if is_xml(data):
        leaves = list(re.finditer(rb"<([A-Za-z][\w:.-]*)([^<>/]*)>([^<>]*)</\1>", data))
        if not leaves:
            return flip(data, pick)
        m = leaves[pick(0, len(leaves) - 1)]
        new = [b"<" + m[1] + m[2] + b"><x>1</x><x>2</x></" + m[1] + b">", m[3], b""][pick(0, 2)]
        return data[:m.start()] + new + data[m.end():]
    parsed = _json_docs(data)
    if parsed is None:
        return flip(data, pick)
    docs, lines = parsed
    d = pick(0, len(docs) - 1)
    paths = _paths(docs[d])
    path = paths[pick(0, len(paths) - 1)]
    docs[d] = _set(docs[d], path, SWAPS[pick(0, len(SWAPS) - 1)])
    return _dump(docs, lines)


def duplicate_key(data: bytes, pick: Pick) -> bytes:
    """Repeat one key of a JSON object with another value (``{"a": 1, "a": "x"}``)."""
    keys = list(re.finditer(rb'("[^"\\]{1,60}")\s*:\s*', data))
    if is_xml(data) or not keys:
        return flip(data, pick)
    m = keys[pick(0, len(keys) - 1)]
    value = json.dumps(SWAPS[pick(0, len(SWAPS) - 1)]).encode()
    return data[:m.start()] + m[1] + b": " + value + b", " + data[m.start():]


def non_finite(data: bytes, pick: Pick) -> bytes:
    """Replace one number by NaN, Infinity, a negative or an overflowing figure (a float
    exponent, 401 digits, 5,000 digits)."""
    nums = list(re.finditer(rb"(?<![\w.\-])\d+(?:\.\d+)?(?![\w.\-])", data))
    if not nums:
        return flip(data, pick)
    m = nums[pick(0, len(nums) - 1)]
    return data[:m.start()] + NUMBERS[pick(0, len(NUMBERS) - 1)].encode() + data[m.end():]


def undeclared_entity(data: bytes, pick: Pick) -> bytes:
    """An undeclared entity reference inside one text node (XML/HTML), else invalid UTF-8."""
    spots = [m.start(1) for m in re.finditer(rb">([^<>\s][^<>]*)<", data)]
    if not spots:
        return bad_utf8(data, pick)
    at = spots[pick(0, len(spots) - 1)]
    return data[:at] + b"&undeclared;" + data[at:]


MUTATIONS: dict[str, Callable[[bytes, Pick], bytes]] = {
    "truncate": truncate, "flip": flip, "bad_utf8": bad_utf8, "deep_nesting": deep_nesting,
    "type_swap": type_swap, "duplicate_key": duplicate_key, "non_finite": non_finite,
    "undeclared_entity": undeclared_entity,
}


def is_xml(data: bytes) -> bool:
    return data.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] == b"<"


def samples(root: Path, per_format: int = 4, max_bytes: int = 60_000) -> dict[str, list[Path]]:
    """Real samples by reader name: the smallest few of each format (fast) plus the largest
    under ``max_bytes`` (the most varied); a format with no file that small gets its smallest."""
    from ownergraph.domain.errors import InputFormatError
    from ownergraph.ingest.formats import detect, expand

    found: dict[str, list[Path]] = {}
    for p in expand([root]):
        try:
            name = detect(p).name
        except InputFormatError:
            continue
        found.setdefault(name, []).append(p)
    out = {}
    for name, paths in sorted(found.items()):
        paths.sort(key=lambda q: (q.stat().st_size, str(q)))
        small = [q for q in paths if q.stat().st_size <= max_bytes] or paths[:1]
        chosen = small[:per_format - 1] + small[-1:] if len(small) >= per_format else small
        out[name] = list(dict.fromkeys(chosen))
    return out
