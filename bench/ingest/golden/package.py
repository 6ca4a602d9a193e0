"""GLEIF's packaging: one XML or JSON document per zip file, written as it is generated.

The zip member is written incrementally (``ZipFile.open(..., "w")``, zip64, deflate): memory
stays constant whatever the record count. Dates, permissions and the creating system are fixed,
so the same records give the same bytes.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterable
from pathlib import Path
from types import TracebackType

from bench.ingest.golden.serialise import Tree, to_json, to_xml

FIXED_TIME = (2024, 6, 1, 0, 0, 0)
FLUSH_CHARS = 1 << 20

# kind -> (XML prefix, namespace, root element, header element, records element, record element)
LAYOUT = {
    "lei2": ("lei", "http://www.gleif.org/data/schema/leidata/2016", "LEIData", "LEIHeader", "LEIRecords", "LEIRecord"),
    "rr": ("rr", "http://www.gleif.org/data/schema/rr/2016", "RelationshipData", "Header", "RelationshipRecords",
           "RelationshipRecord"),
    "repex": ("repex", "http://www.gleif.org/data/schema/repex/2016", "ReportingExceptionData", "Header",
              "ReportingExceptions", "Exception"),
}


class Member:
    """One zip file holding one document, streamed: ``write(tree)`` per record, then ``close``."""

    def __init__(self, path: Path, kind: str, fmt: str, header: list[Tree]) -> None:
        self.kind, self.fmt, self.count = kind, fmt, 0
        prefix, ns, root, head, records, _ = LAYOUT[kind]
        self.prefix = prefix
        self.zip = zipfile.ZipFile(path, "w", allowZip64=True)
        info = zipfile.ZipInfo(path.name.removesuffix(".zip"), date_time=FIXED_TIME)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.create_system = 3
        info.external_attr = 0o644 << 16
        self.stream = self.zip.open(info, "w", force_zip64=True)
        self.buffer: list[str] = []
        self.size = 0
        if fmt == "xml":
            self.tail = f"\n</{prefix}:{records}>\n</{prefix}:{root}>\n"
            self._put(f'<?xml version="1.0" encoding="UTF-8"?>\n<{prefix}:{root} xmlns:{prefix}="{ns}" '
                      f'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
                      + to_xml((head, header, None), prefix) + f"\n<{prefix}:{records}>")
            self.sep = "\n"
        else:
            self.tail = "]}}\n"
            self._put("{" + f'"{head}":' + to_json((head, header, None)) + f',"{records}":{{"{LAYOUT[kind][5]}":[')
            self.sep = ","

    def _put(self, text: str) -> None:
        self.buffer.append(text)
        self.size += len(text)
        if self.size >= FLUSH_CHARS:
            self.stream.write("".join(self.buffer).encode("utf-8"))
            self.buffer, self.size = [], 0

    def write(self, tree: Tree) -> None:
        body = to_xml(tree, self.prefix) if self.fmt == "xml" else to_json(tree)
        self._put((self.sep if self.fmt == "xml" or self.count else "") + body)
        self.count += 1

    def write_joined(self, text: str, n: int) -> None:
        """``n`` records serialised elsewhere (:func:`joined`): the same bytes as ``n`` writes."""
        if n:
            self._put((self.sep if self.fmt == "xml" or self.count else "") + text)
            self.count += n

    def close(self) -> None:
        self._put(self.tail)
        self.stream.write("".join(self.buffer).encode("utf-8"))
        self.buffer = []
        self.stream.close()
        self.zip.close()

    def __enter__(self) -> Member:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()


def joined(trees: list[Tree], kind: str, fmt: str) -> str:
    """Records as :class:`Member` writes them one by one, less the separator before the first."""
    if fmt == "xml":
        prefix = LAYOUT[kind][0]
        return "\n".join([to_xml(t, prefix) for t in trees])
    return ",".join([to_json(t) for t in trees])


class Members:
    """The same records into several formats at once (XML and JSON zips of one kind)."""

    def __init__(self, members: Iterable[Member]) -> None:
        self.members = list(members)

    def write(self, tree: Tree) -> None:
        for m in self.members:
            m.write(tree)

    def __enter__(self) -> Members:
        return self

    def __exit__(self, *exc: object) -> None:
        for m in self.members:
            m.close()
