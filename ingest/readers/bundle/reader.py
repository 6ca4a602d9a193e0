"""ownergraph's own filing bundle (``--format bundle``) and holdings CSV (``--format holdings-csv``).

The bundle carries what no public standard covers (guarantees, loans, corporate actions,
disclosure text, holdings) plus any record type of :mod:`ingest.model`. The format is
documented field by field in ``ingest/BUNDLE.md``; this module is its reference reader.

- ``.jsonl``: one JSON object per line; an optional first line ``{"bundle": {...}}`` is the
  file header (``published`` is the default ``known_from``).
- ``.json``: an array of record objects, or ``{"bundle": {...}, "records": [...]}``; streamed
  with ijson so a large file stays in bounded memory.
- holdings CSV: one position per row (columns in BUNDLE.md).

Every input record yields exactly one model record or one :class:`Quarantined` naming the
line (``line:N``) or array index (``records[i]``) and the bundle field that is wrong.

Producer scope: a record id names a fact *of its producer*. The producer is the record's own
``producer`` field, else the header's ``producer``; the fact key is then
``bundle@<producer>:<id>`` (:func:`~ownergraph.ingest.readers.bundle.mapping.fact_key`), so a
second producer's bundle that reuses the ids opens facts of its own and never closes the first
one's. A record with no producer keeps the key ``bundle:<id>`` bundles always had: graphs
loaded before producers existed keep their keys, and a correction published in another file
(the documented way to correct a fact) still reaches it. The file name is deliberately not
the scope: renaming a file, or sending corrections in a file of their own, would otherwise
split one fact into two open ones. A header ``producer`` that is not a name ends the file (a
``not_read`` entry): its records would otherwise land in the unscoped space. Two records of
one scoped id with one ``known_from`` and different content are a conflict; the loader
quarantines the later (:mod:`ownergraph.graph.load.conflicts`).
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import ijson

from ownergraph.domain.model import Holding, Provenance, Quarantined, Record
from ownergraph.ingest.readers.bundle.mapping import (
    SOURCE as BUNDLE_SOURCE, TYPES, Ctx, bundle_header, published_at, fact_key, header_producer, map_record,
)
from ownergraph.ingest.readers.bundle.values import date_value, datetime_value, number_value, parse_ref, parse_stake
from ownergraph.ingest.readers.json_layout import JSON_ERRORS, LoneSurrogate, json_layout, loads_utf8
from ownergraph.ingest.readers.text_lines import Utf8Lines
from ownergraph.ingest.readers.base import Bad, build, not_read, quarantine, read_safely

HOLDINGS_SOURCE = "holdings_csv"


# ---------------------------------------------------------------- readers


class BundleReader:
    """``--format bundle``: JSON lines or a JSON array / ``{"bundle":..., "records": [...]}``."""

    name = "bundle"

    def sniff(self, path: Path, head: bytes) -> bool:
        text = head.decode("utf-8", errors="replace").lstrip("\ufeff \t\r\n")
        if re.match(r'\{\s*"bundle"\s*:', text):
            return True
        kinds = "|".join(sorted(TYPES))
        first = text.lstrip("[ \t\r\n")
        return bool(re.match(r"\{", first) and re.search(rf'"type"\s*:\s*"({kinds})"', text)
                    and re.search(r'"id"\s*:', text) and '"schema"' not in text
                    and "statementID" not in text and "statementId" not in text)

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        layout, keys = json_layout(path)
        if layout == "array":
            return read_safely(path, self._read_json(path, b"["))
        if layout == "document" or (layout == "lines" and "records" in keys):
            return read_safely(path, self._read_json(path, b"{"))
        return read_safely(path, self._read_lines(path))

    def _mapping(self) -> Callable[[Any, Ctx], Record]:
        """How one object becomes a record (the column-wise reader swaps it)."""
        return map_record

    def _read_lines(self, path: Path) -> Iterator[Record]:
        to_record = self._mapping()
        published: datetime | None = None
        producer: str | None = None
        seen_record = False
        with open(path, "rb") as f:
            for n, raw_line in enumerate(f, start=1):
                loc = f"line:{n}"
                try:
                    line = raw_line.decode("utf-8-sig" if n == 1 else "utf-8").strip()
                except UnicodeDecodeError as err:
                    yield quarantine(path, loc, "encoding", f"not UTF-8: {err}", raw_line[:200])
                    continue
                if not line:
                    continue
                try:
                    obj = loads_utf8(line)
                except LoneSurrogate as err:
                    yield quarantine(path, loc, "encoding", str(err), line[:500])
                    continue
                except json.JSONDecodeError as err:
                    yield quarantine(path, loc, "json", f"malformed JSON: {err.msg} at column {err.colno}", line)
                    continue
                except ValueError as err:  # a number of more digits than Python reads
                    yield quarantine(path, loc, "json", f"malformed JSON: {err}", line[:500])
                    continue
                except RecursionError:
                    yield quarantine(path, loc, "json", "nested too deeply to read", line[:500])
                    continue
                header = bundle_header(obj)
                if header is not None:
                    if seen_record:
                        yield quarantine(path, loc, "bundle", "the header must be the first line", line)
                        continue
                    try:
                        producer = header_producer(header)
                    except Bad as err:
                        yield not_read(path, loc, f"header {err.field}: {err.reason}", 0, line, field=err.field)
                        return
                    try:
                        published = published_at(header)
                    except ValueError:
                        yield quarantine(path, loc, "bundle.published", "not an ISO date or datetime", line)
                    seen_record = True
                    continue
                seen_record = True
                yield to_record(obj, Ctx(path, loc, published, producer))

    def _read_json(self, path: Path, first: bytes) -> Iterator[Record]:
        to_record = self._mapping()
        published: datetime | None = None
        producer: str | None = None
        prefix = "item"
        if first == b"{":
            prefix = "records.item"
            try:  # first pass: the header only (records are streamed, not kept)
                with open(path, "rb") as f:
                    header = next(ijson.items(f, "bundle", use_float=True), None)  # see _json.JSON_ERRORS
                header = header if isinstance(header, dict) else None
                producer = header_producer(header)
                published = published_at(header)
            except Bad as err:
                yield not_read(path, "bundle", f"header {err.field}: {err.reason}", 0, field=err.field)
                return
            except JSON_ERRORS as err:
                yield not_read(path, "bundle", f"malformed JSON: {err}", 0, field="json")
                return
        i = -1
        try:
            with open(path, "rb") as f:
                for i, obj in enumerate(ijson.items(f, prefix, use_float=True)):
                    loc = f"records[{i}]"
                    yield to_record(obj, Ctx(path, loc, published, producer))
        except JSON_ERRORS as err:
            yield not_read(path, f"records[{i + 1}]", f"malformed JSON: {err}", i + 1, field="json")


# ---------------------------------------------------------------- holdings CSV

HOLDINGS_COLUMNS = ("portfolio", "instrument", "amount", "currency", "as_of")


class HoldingsCsvReader:
    """``--format holdings-csv``: one position per row; see BUNDLE.md for the columns."""

    name = "holdings-csv"

    def sniff(self, path: Path, head: bytes) -> bool:
        first = head.decode("utf-8", errors="replace").lstrip("\ufeff").splitlines()[:1]
        cols = {c.strip().lower() for c in first[0].split(",")} if first else set()
        return set(HOLDINGS_COLUMNS) <= cols

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        return read_safely(path, self._read(path))

    def _read(self, path: Path) -> Iterator[Record]:
        with open(path, "rb") as f:
            lines = Utf8Lines(f)
            reader = csv.DictReader(lines)
            try:
                fieldnames = reader.fieldnames or []
            except csv.Error as err:
                yield not_read(path, "line:1", f"not a CSV header: {err}", 0, field="csv")
                return
            cols = {c.strip().lower() for c in fieldnames}
            missing = [c for c in HOLDINGS_COLUMNS if c not in cols]
            if not missing and not ({"issuer_lei", "issuer_name"} & cols or {"issuer_scheme", "issuer_value"} <= cols):
                missing = ["issuer_lei"]
            if missing:
                yield not_read(path, "line:1", f"missing column {missing[0]!r}", 0, ",".join(fieldnames),
                               field=missing[0])
                return
            prev_line = 1
            while True:
                loc = f"line:{prev_line + 1}"  # physical line where this row starts
                try:
                    row = next(reader)
                except StopIteration:
                    return
                except csv.Error as err:
                    if str(err).startswith("field larger than field limit"):  # this row only
                        prev_line = reader.line_num
                        yield quarantine(path, loc, "csv", f"not CSV: {err}")
                        continue
                    # e.g. a NUL byte or an unclosed quote: the parser stops
                    yield not_read(path, loc, f"not CSV: {err}", reader.line_num - 1, field="csv")
                    return
                bad = lines.first_bad(prev_line + 1, reader.line_num)
                prev_line = reader.line_num
                yield self._row(path, loc, {(k or "").strip().lower(): v for k, v in row.items()}, bad)

    def _row(self, path: Path, loc: str, row: dict[str, Any], bad_bytes: str | None = None) -> Record:
        def make() -> Holding:
            if bad_bytes:
                raise Bad("encoding", bad_bytes)
            if "" in row or any(v is None for k, v in row.items()):
                raise Bad("row", "wrong number of columns")
            v = {k: (val.strip() if isinstance(val, str) else val) for k, val in row.items()}
            if v.get("issuer_lei"):
                issuer = parse_ref(v["issuer_lei"], "issuer_lei")
            elif v.get("issuer_scheme") or v.get("issuer_value"):
                issuer = parse_ref({"scheme": v.get("issuer_scheme") or None, "value": v.get("issuer_value") or None,
                                    "name": v.get("issuer_name") or None}, "issuer_scheme")
            elif v.get("issuer_name"):
                issuer = parse_ref({"name": v["issuer_name"], "jurisdiction": v.get("issuer_jurisdiction") or None},
                                   "issuer_name")
            else:
                raise Bad("issuer_lei", "no issuer: give issuer_lei, issuer_name or issuer_scheme+issuer_value")
            for col in HOLDINGS_COLUMNS:
                if not v.get(col):
                    raise Bad(col, "required")
            as_of = date_value(v, "as_of")
            vt = date_value(v, "valid_to")
            known = datetime_value(v.get("known_from") or None, "known_from") or datetime_value(v["as_of"], "as_of")
            amount = number_value(v["amount"], "amount")
            cur = v["currency"]
            if not re.fullmatch(r"[A-Z]{3}", cur):
                raise Bad("currency", f"{cur!r} is not an ISO 4217 code")
            if as_of and vt and vt < as_of:
                raise Bad("valid_to", f"{vt} is before as_of {as_of}")
            rid = v.get("id") or f"{v['portfolio']}:{v['instrument']}:{as_of}"
            return Holding(
                valid_from=as_of, valid_to=vt, known_from=known, fact_key=f"holdings:{rid}",
                provenance=Provenance(source_system=HOLDINGS_SOURCE, source_record_id=rid,
                                      document_id=v.get("document_id") or None,
                                      locator=f"{path.name}:{loc}", source_file=str(path)),
                portfolio=v["portfolio"], instrument=v["instrument"], issuer=issuer, amount=amount,
                currency=cur, instrument_type=v.get("instrument_type") or None)

        return build(path, loc, make, row)


READERS: list[Any] = [BundleReader(), HoldingsCsvReader()]


def read_bundle(path: Path | str) -> Iterator[Record]:
    """Convenience: read a bundle (.jsonl/.json) or a holdings CSV by its suffix."""
    p = Path(path)
    reader: Callable[[Path], Iterator[Record]] = (
        HoldingsCsvReader().read if p.suffix.lower() == ".csv" else BundleReader().read)
    return reader(p)


__all__ = ["BUNDLE_SOURCE", "BundleReader", "HoldingsCsvReader", "READERS", "fact_key", "read_bundle",
           "map_record", "parse_ref", "parse_stake", "Quarantined"]
