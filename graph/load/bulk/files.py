"""Node and relationship files for ``neo4j-admin database import full``, written column-wise.

Per label (node) or type (relationship) one or more parts, each a header file with the typed
columns (``name:long``, ``known_from:datetime``, ``statement_ids:string[]``) and a data file,
the values as the online loader stores them: Python ``int`` -> long, ``float`` -> double,
``bool`` -> boolean, ``date`` -> date, an aware ``datetime`` -> datetime with its offset, a
naive one -> localdatetime, a list of strings -> string[]. A property whose values differ in
type between rows (an amount given as 5 here and 5.5 there) splits the rows into one part per
type combination, so every value keeps its type. Every string is quoted (an empty string stays
an empty string; an absent property is an empty unquoted field); fields may span lines.

Rows are written in one pass, in batches typed column by column and written by Arrow's CSV
writer (the importer reads a quoted datetime or list as it reads a bare one); the header is
written when the part is closed, which is why it is a file of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from itertools import islice
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.csv as pcsv

from ownergraph.domain.errors import OwnergraphError

ARRAY_DELIMITER = "\x1f"  # never inside a statement id or an identifier


class BulkFileError(OwnergraphError):
    """A value the offline importer's files cannot carry with its type."""


@dataclass
class ImportFiles:
    """The files written, as ``--nodes`` / ``--relationships`` arguments, and their sizes."""

    folder: Path
    nodes: list[str] = field(default_factory=list)
    relationships: list[str] = field(default_factory=list)
    node_count: int = 0
    relationship_count: int = 0

    def arguments(self) -> list[str]:
        return [f"--nodes={a}" for a in self.nodes] + [f"--relationships={a}" for a in self.relationships]

    @classmethod
    def found_in(cls, folder: Path) -> ImportFiles:
        """The parts :func:`write_nodes` and :func:`write_relationships` left in ``folder``
        (``nodes-LABEL-N.csv``, ``rels-TYPE-N.csv``, each with its ``….header.csv``), to run the
        importer on them again."""
        files = cls(folder)
        data = [p for p in sorted(folder.glob("*-*.csv")) if not p.name.endswith(".header.csv")]
        for p in data:
            prefix, *name, _ = p.name.split("-")
            arg = f"{'-'.join(name)}={p.with_suffix('.header.csv')},{p}"
            (files.nodes if prefix == "nodes" else files.relationships).append(arg)
        return files


def _type(v: Any) -> str:
    t = type(v)
    if t is str:
        return "string"
    if t is bool:
        return "boolean"
    if t is int:
        return "long"
    if t is float:
        return "double"
    if t is datetime:
        return "datetime" if v.tzinfo is not None else "localdatetime"
    if t is date:
        return "date"
    if t is list and v and all(type(x) is str for x in v):
        return "string[]"
    raise BulkFileError(f"cannot write {v!r} ({t.__name__}) to an import file")


def _array(v: list[str]) -> str:
    s = ARRAY_DELIMITER.join(v)
    if s.count(ARRAY_DELIMITER) != len(v) - 1:
        raise BulkFileError(f"a list value contains the array delimiter: {v!r}")
    return s


_BATCH = 20000  # rows typed and written together: one Arrow table at a time, never a whole label


class _Part:
    """One data file of a label or type and the typed columns of its header file."""

    def __init__(self, path: Path, columns: list[tuple[str, str]]) -> None:
        self.path = path
        self.columns = columns
        self.types = dict(columns)
        self.file = open(path, "wb")  # noqa: SIM115 - closed by _Parts.close

    def takes(self, columns: list[tuple[str, str]]) -> bool:
        return all(self.types.get(k) == t for k, t in columns)


class _Parts:
    """The parts of one label (``prefix`` "nodes") or relationship type ("rels"): a batch goes to
    the first part whose header has its columns (absent ones stay empty), else to a new part.
    Each part is a header file (``…-N.header.csv``) and a data file (``…-N.csv``) written in one
    pass: the header is written last, when the columns are known."""

    def __init__(self, out: ImportFiles, prefix: str, name: str, id_header: list[str]) -> None:
        self.out, self.prefix, self.name, self.id_header = out, prefix, name, id_header
        self.parts: list[_Part] = []
        self.count = 0

    def write(self, ids: list[list[str]], values: dict[str, list[Any]], columns: list[tuple[str, str]]) -> None:
        part = next((p for p in self.parts if p.takes(columns)), None)
        if part is None:
            part = _Part(self.out.folder / f"{self.prefix}-{self.name}-{len(self.parts)}.csv", columns)
            self.parts.append(part)
        arrays = [pa.array([i[n] for i in ids], pa.string()) for n in range(len(self.id_header))]
        absent = [None] * len(ids)
        arrays += [_column(values.get(k, absent), t) for k, t in part.columns]
        table = pa.Table.from_arrays(arrays, names=[str(n) for n in range(len(arrays))])
        pcsv.write_csv(table, part.file, _CSV)
        self.count += len(ids)

    def close(self) -> None:
        listed = self.out.nodes if self.prefix == "nodes" else self.out.relationships
        for part in self.parts:
            part.file.close()
            header = part.path.with_suffix(".header.csv")
            header.write_text(",".join(self.id_header + [f"{k}:{t}" for k, t in part.columns]) + "\n",
                              encoding="utf-8")
            listed.append(f"{self.name}={header},{part.path}")
        if self.prefix == "nodes":
            self.out.node_count += self.count
        else:
            self.out.relationship_count += self.count


# strings quoted (quotes doubled; an empty string stays ""), numbers and booleans bare, an absent
# value an empty unquoted field: what the importer reads with --multiline-fields
_CSV = pcsv.WriteOptions(include_header=False, quoting_style="needed")


def _column(values: list[Any], typ: str) -> pa.Array:
    """One column's values as the Arrow array its header type writes."""
    if typ in ("datetime", "localdatetime"):  # ISO 8601 with the offset, as the online loader stores it
        return pa.array([None if v is None else v.isoformat() for v in values], pa.string())
    if typ == "string[]":
        return pa.array([None if v is None else _array(v) for v in values], pa.string())
    try:
        return pa.array(values, _ARROW[typ])
    except (pa.ArrowInvalid, OverflowError) as e:
        raise BulkFileError(f"cannot write a {typ} column to an import file: {e}") from e


_ARROW = {"string": pa.string(), "long": pa.int64(), "double": pa.float64(), "boolean": pa.bool_(),
          "date": pa.date32()}
_SIMPLE = {str: "string", int: "long", float: "double", bool: "boolean", date: "date"}


def _columns_of(props: list[dict[str, Any]]) -> tuple[list[tuple[str, str]], dict[str, list[Any]]] | None:
    """The batch's typed columns in first-seen order and their values, or None when a property
    has values of several types (the batch is then split by type combination)."""
    keys: dict[str, None] = {}
    for p in props:
        keys.update(dict.fromkeys(p))
    columns, values = [], {}
    for k in keys:
        vals = [p.get(k) for p in props]
        types = set(map(type, vals)) - {type(None)}
        if not types:
            continue
        if len(types) > 1:
            return None
        t = types.pop()
        typ = _SIMPLE.get(t)
        if t is datetime:
            naive = {v.tzinfo is None for v in vals if v is not None}
            if len(naive) > 1:
                return None
            typ = "localdatetime" if naive.pop() else "datetime"
        elif t is list:
            for v in vals:
                if v is not None:
                    _type(v)  # a list of strings, not empty, or the error naming it
            typ = "string[]"
        elif typ is None:
            _type(next(v for v in vals if v is not None))  # raises: a value no column can carry
        columns.append((k, typ))
        values[k] = vals
    return columns, values


def _by_type(ids: list[list[str]], props: list[dict[str, Any]]
             ) -> Iterator[tuple[list[tuple[str, str]], list[list[str]], dict[str, list[Any]]]]:
    """(typed columns, ids, values by column) groups of a batch: one group unless a property has values of
    several types, then one per type combination (every value keeps its type)."""
    found = _columns_of(props)
    if found is not None:
        yield found[0], ids, found[1]
        return
    groups: dict[tuple[tuple[str, str], ...], tuple[list[list[str]], list[dict[str, Any]]]] = {}
    for i, p in zip(ids, props):
        sig = tuple((k, _type(v)) for k, v in p.items() if v is not None)
        g = groups.setdefault(sig, ([], []))
        g[0].append(i)
        g[1].append(p)
    for sig, (gi, gp) in groups.items():
        yield list(sig), gi, {k: [p.get(k) for p in gp] for k, _ in sig}


Rows = Iterable[tuple[list[str], dict[str, Any]]]


def _write_rows(out: ImportFiles, prefix: str, name: str, id_header: list[str], rows: Rows) -> None:
    """Rows written as they come, in batches, never all held (one pass)."""
    parts = _Parts(out, prefix, name, id_header)
    try:
        it = iter(rows)
        while batch := list(islice(it, _BATCH)):
            ids = [r[0] for r in batch]
            props = [r[1] for r in batch]
            del batch
            for columns, gi, gp in _by_type(ids, props):
                parts.write(gi, gp, columns)
    finally:
        parts.close()


def write_nodes(out: ImportFiles, label: str, space: str,
                items: Iterable[tuple[str, dict[str, Any]]] | Callable[[], Iterable[tuple[str, dict[str, Any]]]]
                ) -> None:
    """One label's nodes (``items``, or a callable giving them), streamed in one pass."""
    made = items() if callable(items) else items
    _write_rows(out, "nodes", label, [f":ID({space})"], (([i], p) for i, p in made))


def write_relationships(out: ImportFiles, rtype: str, start: str, end: str,
                        items: Iterable[tuple[str, str, dict[str, Any]]]
                        | Callable[[], Iterable[tuple[str, str, dict[str, Any]]]]) -> None:
    """One type's relationships (``items``, or a callable giving them), streamed in one pass."""
    made = items() if callable(items) else items
    header = [f":START_ID({start})", f":END_ID({end})"]
    _write_rows(out, "rels", rtype, header, (([a, b], p) for a, b, p in made))


def write_staged(staged: Any, folder: Path) -> ImportFiles:
    """Every node and relationship of ``staged`` (:class:`~.staged.Staged`) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = ImportFiles(folder)
    for label, space, items in staged.node_groups():
        write_nodes(out, label, space, items)
    for rtype, start, end, items in staged.relationship_groups():
        write_relationships(out, rtype, start, end, items)
    return out
