"""Node and relationship files for ``neo4j-admin database import full``, written column-wise.

One CSV file per label (node) or type (relationship) with a typed header
(``name:long``, ``known_from:datetime``, ``statement_ids:string[]``), the values as the online
loader stores them: Python ``int`` -> long, ``float`` -> double, ``bool`` -> boolean, ``date``
-> date, an aware ``datetime`` -> datetime with its offset, a naive one -> localdatetime, a
list of strings -> string[]. A property whose values differ in type between rows (an amount
given as 5 here and 5.5 there) splits the rows into one file per type combination, so every
value keeps its type. Every string is quoted (an empty string stays an empty string; an
absent property is an empty unquoted field); fields may span lines.

Rows that stream from disk (:mod:`.spool`) come as :class:`TypedRows`: their properties' types
were tallied (:class:`ColumnTypes`) as the rows were staged, so each file is written in one
pass over them, not a first pass to find the types and a second to write (each pass
unpickles every row).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

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
        (``nodes-LABEL-N.csv``, ``rels-TYPE-N.csv``), to run the importer on them again."""
        files = cls(folder)
        files.nodes = [f"{p.name.split('-')[1]}={p}" for p in sorted(folder.glob("nodes-*.csv"))]
        files.relationships = [f"{'-'.join(p.name.split('-')[1:-1])}={p}" for p in sorted(folder.glob("rels-*.csv"))]
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


def _quote(s: str) -> str:
    return '"' + s.replace('"', '""') + '"'


def _array(v: list[str]) -> str:
    if any(ARRAY_DELIMITER in x for x in v):
        raise BulkFileError(f"a list value contains the array delimiter: {v!r}")
    return _quote(ARRAY_DELIMITER.join(v))


class ColumnTypes:
    """Each property's types (as the files name them) over the rows added, keys in first-seen
    order: what the first of :func:`_write_streamed`'s passes finds, tallied as rows come.

    A row's shape (its keys and their values' Python types) names every type but a datetime's
    (aware or naive) and a list's (of strings or not): a shape seen before costs two tuples
    and a look-up, and a check of each datetime and list in it."""

    def __init__(self) -> None:
        self.kinds: dict[str, set[str]] = {}
        self._shapes: dict[tuple[tuple[str, ...], tuple[type, ...]], list[tuple[int, str]]] = {}
        self._naive: set[str] = set()  # keys of the naive datetimes named
        self._aware: set[str] = set()

    def add(self, props: dict[str, Any]) -> None:
        """One row's properties (a value the files cannot carry raises :class:`BulkFileError`)."""
        shape = (tuple(props), tuple(map(type, props.values())))
        checks = self._shapes.get(shape)
        if checks is None:
            checks = self._shapes[shape] = self._new_shape(props)
        if checks:
            values = tuple(props.values())
            for i, k in checks:
                v = values[i]
                if type(v) is list:  # of strings, checked every time as the writer's first pass checks it
                    if not (v and _STRINGS.issuperset(map(type, v))):
                        self._name(k, _type(v))  # raises
                elif k not in (self._naive if v.tzinfo is None else self._aware):
                    self._name(k, _type(v))
                    (self._naive if v.tzinfo is None else self._aware).add(k)

    def _new_shape(self, props: dict[str, Any]) -> list[tuple[int, str]]:
        """Names the types of a row of a new shape; the positions to check in every row of it."""
        checks = []
        for i, (k, v) in enumerate(props.items()):
            if v is None:
                continue
            kind = _type(v)
            self._name(k, kind)
            if type(v) is datetime:
                (self._naive if kind == "localdatetime" else self._aware).add(k)
            if type(v) is datetime or type(v) is list:
                checks.append((i, k))
        return checks

    def update(self, rows: Iterable[dict[str, Any]]) -> ColumnTypes:
        for props in rows:
            self.add(props)
        return self

    def _name(self, key: str, kind: str) -> None:
        kinds = self.kinds.get(key)
        if kinds is None:
            self.kinds[key] = {kind}
        else:
            kinds.add(kind)

    def copy(self) -> ColumnTypes:
        out = ColumnTypes()
        out.kinds = {k: set(ts) for k, ts in self.kinds.items()}
        out._shapes, out._naive, out._aware = dict(self._shapes), set(self._naive), set(self._aware)
        return out


@dataclass
class TypedRows:
    """Rows given afresh by ``rows()`` whose property types are already known (``types``: a
    tally over every row it may give, or more), for :func:`write_nodes` and
    :func:`write_relationships` to write in one pass. A type tallied that no row has leaves at
    most an empty column, or one more file split by a type no row has: the same graph."""

    rows: Callable[[], Iterable[Any]]
    types: ColumnTypes

    def __call__(self) -> Iterable[Any]:
        return self.rows()


_STRINGS = frozenset({str})

# how a column's values are written, by its type
_FORMAT = {"string": _quote, "boolean": lambda v: "true" if v else "false", "double": repr,
           "string[]": _array, "datetime": datetime.isoformat, "localdatetime": datetime.isoformat,
           "date": date.isoformat, "long": str}


def _split_by_type(rows: list[tuple[list[str], dict[str, Any]]]
                   ) -> Iterator[tuple[list[tuple[str, str]], list[tuple[list[str], dict[str, Any]]]]]:
    """(typed columns, rows) groups: one group unless a property has values of several types."""
    kinds: dict[str, set[str]] = {}
    for _, props in rows:
        for k, v in props.items():
            if v is not None:
                kinds.setdefault(k, set()).add(_type(v))
    mixed = sorted(k for k, ts in kinds.items() if len(ts) > 1)
    if not mixed:  # the usual case: one file, columns in first-seen order
        yield [(k, next(iter(ts))) for k, ts in kinds.items()], rows
        return
    groups: dict[tuple[str | None, ...], list[tuple[list[str], dict[str, Any]]]] = {}
    for row in rows:
        sig = tuple(_type(row[1][k]) if row[1].get(k) is not None else None for k in mixed)
        groups.setdefault(sig, []).append(row)
    for sig, group in groups.items():
        fixed = dict(zip(mixed, sig))
        present: dict[str, None] = {}
        for _, props in group:
            present.update(dict.fromkeys(k for k, v in props.items() if v is not None))
        columns = [(k, fixed[k] if k in fixed else next(iter(kinds[k]))) for k in present]
        yield [c for c in columns if c[1] is not None], group  # type: ignore[misc]


def _write(path: Path, id_header: list[str], columns: list[tuple[str, str]],
           rows: list[tuple[list[str], dict[str, Any]]]) -> None:
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(",".join(id_header + [f"{k}:{t}" for k, t in columns]) + "\n")
        lines = []
        formats = [(k, _FORMAT[t]) for k, t in columns]
        for ids, props in rows:
            fields = [_quote(i) for i in ids]
            for k, fmt in formats:
                v = props.get(k)
                fields.append("" if v is None else fmt(v))
            lines.append(",".join(fields))
            if len(lines) >= 10000:
                f.write("\n".join(lines) + "\n")
                lines = []
        if lines:
            f.write("\n".join(lines) + "\n")


Rows = Iterable[tuple[list[str], dict[str, Any]]]
# lines held before they are written, over all the files of one group (each type combination
# has its file: a per-file limit held up to this many lines in each)
_BUFFERED = 10000


def write_nodes(out: ImportFiles, label: str, space: str,
                items: Iterable[tuple[str, dict[str, Any]]] | Callable[[], Iterable[tuple[str, dict[str, Any]]]]
                ) -> None:
    """One label's nodes; ``items`` a callable giving them afresh streams them in two passes."""
    if callable(items):
        made = items
        _write_streamed(out, "nodes", label, [f":ID({space})"], lambda: (([i], p) for i, p in made()), _known(items))
        return
    rows = [([i], p) for i, p in items]
    for n, (columns, group) in enumerate(_split_by_type(rows)):
        path = out.folder / f"nodes-{label}-{n}.csv"
        _write(path, [f":ID({space})"], columns, group)
        out.nodes.append(f"{label}={path}")
        out.node_count += len(group)


def write_relationships(out: ImportFiles, rtype: str, start: str, end: str,
                        items: Iterable[tuple[str, str, dict[str, Any]]]
                        | Callable[[], Iterable[tuple[str, str, dict[str, Any]]]]) -> None:
    """One type's relationships; ``items`` a callable giving them afresh streams them in two passes."""
    header = [f":START_ID({start})", f":END_ID({end})"]
    if callable(items):
        made = items
        _write_streamed(out, "rels", rtype, header, lambda: (([a, b], p) for a, b, p in made()), _known(items))
        return
    rows = [([a, b], p) for a, b, p in items]
    for n, (columns, group) in enumerate(_split_by_type(rows)):
        path = out.folder / f"rels-{rtype}-{n}.csv"
        _write(path, header, columns, group)
        out.relationships.append(f"{rtype}={path}")
        out.relationship_count += len(group)


def _known(items: Any) -> dict[str, set[str]] | None:
    return items.types.kinds if isinstance(items, TypedRows) else None


def _write_streamed(out: ImportFiles, prefix: str, name: str, id_header: list[str], rows: Callable[[], Rows],
                    kinds: dict[str, set[str]] | None = None) -> None:
    """Rows written as they come, never all held: a first pass finds each property's types
    (unless ``kinds`` gives them), the next writes every row to the file of its type
    combination (as ``_split_by_type``)."""
    if kinds is None:
        kinds = ColumnTypes().update(props for _, props in rows()).kinds
    mixed = sorted(k for k, ts in kinds.items() if len(ts) > 1)
    files: dict[tuple[str | None, ...], tuple[Any, list[tuple[str, Any]], list[str]]] = {}
    count = 0
    try:
        for ids, props in rows():
            sig = tuple(_type(props[k]) if props.get(k) is not None else None for k in mixed)
            if sig not in files:
                fixed = dict(zip(mixed, sig))
                columns = [(k, fixed[k] if k in fixed else next(iter(ts))) for k, ts in kinds.items()]
                columns = [(k, t) for k, t in columns if t is not None]
                path = out.folder / f"{prefix}-{name}-{len(files)}.csv"
                f = open(path, "w", encoding="utf-8", newline="")
                f.write(",".join(id_header + [f"{k}:{t}" for k, t in columns]) + "\n")
                files[sig] = (f, [(k, _FORMAT[t]) for k, t in columns], [])
                (out.nodes if prefix == "nodes" else out.relationships).append(f"{name}={path}")
            f, formats, lines = files[sig]
            fields = [_quote(i) for i in ids]
            for k, fmt in formats:
                v = props.get(k)
                fields.append("" if v is None else fmt(v))
            lines.append(",".join(fields))
            count += 1
            if count % _BUFFERED == 0:  # every file's lines out: at most _BUFFERED held, however many files
                for f, _, lines in files.values():
                    if lines:
                        f.write("\n".join(lines) + "\n")
                        lines.clear()
    finally:
        for f, _, lines in files.values():
            if lines:
                f.write("\n".join(lines) + "\n")
            f.close()
    if prefix == "nodes":
        out.node_count += count
    else:
        out.relationship_count += count


def write_staged(staged: Any, folder: Path) -> ImportFiles:
    """Every node and relationship of ``staged`` (:class:`~.staged.Staged`) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = ImportFiles(folder)
    for label, space, items in staged.node_groups():
        write_nodes(out, label, space, items)
    for rtype, start, end, items in staged.relationship_groups():
        write_relationships(out, rtype, start, end, items)
    return out
