"""Text lines of CSV files decoded strictly: a line that is not UTF-8 is remembered, so the
row it belongs to is quarantined (as the JSON readers do) instead of loading U+FFFD."""

from __future__ import annotations

from collections.abc import Iterator
from typing import BinaryIO


class Utf8Lines:
    """Iterate ``f`` (binary) as text lines; ``bad`` holds the numbers (1-based) of lines
    that were not UTF-8 (yielded decoded with U+FFFD so the CSV parser keeps its place)."""

    def __init__(self, f: BinaryIO) -> None:
        self.f = f
        self.bad: dict[int, str] = {}
        self.n = 0

    def __iter__(self) -> Iterator[str]:
        for raw in self.f:
            self.n += 1
            if self.n == 1:
                raw = raw.removeprefix(b"\xef\xbb\xbf")
            try:
                yield raw.decode("utf-8")
            except UnicodeDecodeError as err:
                self.bad[self.n] = f"not UTF-8: {err}"
                yield raw.decode("utf-8", "replace")

    def first_bad(self, first: int, last: int) -> str | None:
        """The encoding problem of any line in ``first..last``, if one was not UTF-8."""
        return next((self.bad[n] for n in range(first, last + 1) if n in self.bad), None)
