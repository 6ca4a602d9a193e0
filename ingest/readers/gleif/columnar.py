"""GLEIF golden-copy XML (LEI-CDF, RR-CDF), a batch of records at a time.

The records of a batch are read into columns (:mod:`._gleif_extract`), their LEIs checked
together (:func:`._checks.lei_valid`), their dates parsed with memory and their valid-time
ranges compared as arrays, and the records built without validators, content hashes
computed from the values (:mod:`._gleif_make`). A record any of this does not take (an
uncommon shape, a failed check) is read by the row reader (``gleif_golden``) in its place,
so its records or its quarantine entry are the row reader's, in the same order.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

import numpy as np
from lxml import etree

from ownergraph.domain.model import Record
from ownergraph.ingest.readers.gleif.mapping import Ctx, fallback_known, guarded
from ownergraph.ingest.readers.xml_stream import iterparse
from ownergraph.ingest.readers.base import not_read
from ownergraph.ingest.readers.columnar.checks import Dates, lei_valid, ordinals
from ownergraph.ingest.readers.gleif.columnar_extract import lei_fields, rr_fields
from ownergraph.ingest.readers.gleif.columnar_make import entity, relationship
from ownergraph.ingest.readers.gleif.golden import RECORD_TAGS, element_obj, foreign_root, golden_records

BATCH = 2048
_RECORD_TAGS = frozenset(RECORD_TAGS)


def _row(path: Path, el: Any, locator: str, known: datetime) -> list[Record]:
    """The row reader's output for one record element (as ``gleif_golden.read_golden_xml``)."""
    ctx = Ctx(path, locator, known)
    return guarded(ctx, lambda: golden_records(element_obj(el), ctx),
                   lambda: etree.tostring(el, encoding="unicode")[:2000])


def _release(el: Any) -> None:
    """Free a read record and everything before it (memory stays bounded on huge files)."""
    el.clear()
    while el.getprevious() is not None:
        del el.getparent()[0]


def _nested(el: Any, seen: list[Any]) -> bool:
    """Whether ``el`` sits inside another record (``seen``: the last parent found not to)."""
    parent = el.getparent()
    if parent is not None and seen and parent is seen[0]:
        return False
    if any(isinstance(a.tag, str) and a.tag[a.tag.rfind("}") + 1:] in _RECORD_TAGS for a in el.iterancestors()):
        return True
    seen[:] = [parent]
    return False


class _Batch:
    """Records read but not yet built: (element, locator, fallback known, fields or None)."""

    def __init__(self, path: Path) -> None:
        self.path, self.source_file = path, str(path)
        self.rows: list[tuple[Any, str, datetime, Any, bool, str | None]] = []
        self.dates = Dates()

    def add(self, el: Any, name: str, locator: str, known: datetime) -> None:
        is_lei = name == "LEIRecord"
        fields = lei_fields(el) if is_lei else rr_fields(el) if name == "RelationshipRecord" else None
        # the text after the record as parsed so far: the row reader's quarantine entry quotes
        # the record with it (etree.tostring), and by the end of the batch more has been parsed
        self.rows.append((el, locator, known, fields, is_lei, el.tail))

    def out(self) -> Iterator[Record]:
        rows, self.rows = self.rows, []
        if not rows:
            return
        leis: list[str | None] = []
        for _, _, _, f, is_lei, _ in rows:
            if f is not None:
                leis += [f.lei] if is_lei else [f.start_id, f.end_id]
        ok = lei_valid(leis)
        built: list[Any] = []
        spans: list[date | None] = []
        at = 0
        for _, locator, known, f, is_lei, _ in rows:
            rec, mark = None, len(spans)
            if f is not None:
                width = 1 if is_lei else 2
                if ok[at:at + width].all():
                    make = entity if is_lei else relationship
                    rec = make(f, self.dates, locator, known, self.source_file, spans)
                at += width
            if rec is None:
                spans[mark:] = (None, None)
            built.append(rec)
        # valid_to before valid_from: the model refuses it, so the row reader reports it
        lo, hi = ordinals(spans[0::2], -1), ordinals(spans[1::2], -1)
        for i in np.flatnonzero((lo >= 0) & (hi >= 0) & (hi < lo)):
            built[i] = None
        for (el, locator, known, _, _, tail), rec in zip(rows, built):
            if rec is None:
                el.tail = tail
                yield from _row(self.path, el, locator, known)
            else:
                yield rec
        for el, *_ in rows:
            el.clear()
        _release(rows[-1][0])


def read_golden_xml_columnar(path: Path, batch: int = BATCH) -> Iterator[Record]:
    """``gleif_golden.read_golden_xml``'s records, in its order, read a batch at a time."""
    path = Path(path)
    header_date: str | None = None
    knowns: dict[str | None, datetime] = {}
    index = 0
    pending = _Batch(path)
    row_only = False  # a record inside a record: the rest as the row reader reads it
    parents: list[Any] = []
    tags = [f"{{*}}{t}" for t in (*RECORD_TAGS, "ContentDate")]
    try:
        for _, el in iterparse(path, tags):
            name = el.tag[el.tag.rfind("}") + 1:]
            if name == "ContentDate":
                header_date = (el.text or "").strip() or header_date
                continue
            known = knowns.get(header_date)
            if known is None:
                known = knowns[header_date] = fallback_known(path, header_date)
            locator = f"{name}[{index}] line {el.sourceline}"
            index += 1
            if not row_only and _nested(el, parents):
                row_only = True
            if row_only:
                yield from pending.out()
                yield from _row(path, el, locator, known)
                _release(el)
                continue
            pending.add(el, name, locator, known)
            if len(pending.rows) >= batch:
                yield from pending.out()
        yield from pending.out()
        if index == 0:
            yield from foreign_root(path)
    except etree.XMLSyntaxError as err:
        yield from pending.out()
        line, col = err.position
        yield not_read(path, f"line {line} col {col}", f"malformed XML: {err.msg}", index, field="xml")
