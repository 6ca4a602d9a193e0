"""XML plumbing shared by the XML readers: elements streamed off a file, every one completed
before a syntax error handed out before the error is raised.

``etree.iterparse`` no longer does the latter: from lxml 6.2 on it raises on a malformed file
before yielding the elements parsed ahead of the break, so a file cut in its 1,000th record gave
none of the 999 before. A pull parser fed a chunk at a time gives the same (event, element)
pairs on every supported lxml, and the events of the chunk that failed are drained first.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from lxml import etree

from ownergraph.ingest.readers.packed import open_data

CHUNK = 1 << 20  # bytes fed at a time: events of one chunk wait in the parser (~1,000 records)


def iterparse(path: Path, tag: Sequence[str], *, chunk: int = CHUNK) -> Iterator[tuple[str, Any]]:
    """``etree.iterparse(path, events=("end",), tag=tag)`` with entities unresolved, no network
    and no size limits; an ``XMLSyntaxError`` comes after every element that ended before it."""
    parser = etree.XMLPullParser(events=("end",), tag=list(tag), huge_tree=True,
                                 resolve_entities=False, no_network=True)
    with open_data(path) as fh:
        while data := fh.read(chunk):
            try:
                parser.feed(data)
            except etree.XMLSyntaxError:
                yield from parser.read_events()
                raise
            yield from parser.read_events()
    try:
        parser.close()
    except etree.XMLSyntaxError:
        yield from parser.read_events()
        raise
    yield from parser.read_events()
