"""How the loader's rows reach the server: one packed string per row shape, and few
transactions for many small statements.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from datetime import date, datetime, timezone
from typing import Any

from ownergraph import cypher
from ownergraph.graph.store.connection import FAULTS, Graph, Query, guarded


# -- compact row transport ---------------------------------------------------------------
# The driver's pure-Python packstream costs ~0.3-0.7 ms per row of ~15 properties (every map
# key and value is packed one by one); a batch of 20k rows cost more Python time than the
# server spent writing it. Rows are therefore sent as ONE string: fields joined by \x1f,
# rows by \x1e, and the query rebuilds each row map with typed conversions. Rows are grouped
# by shape (which fields are present, with which type) so an absent field stays absent (a
# ``SET n += row.props`` must not remove properties). Rows with a value of another type, or
# a string containing a separator, travel as plain maps.
_FS, _RS = "\x1f", "\x1e"
_UNWIND = "UNWIND $rows AS row"
_CONV = {str: "f[{i}]", int: "toInteger(f[{i}])", float: "toFloat(f[{i}])", bool: "f[{i}] = 't'",
         date: "date(f[{i}])", datetime: "datetime(f[{i}])"}


def _enc(v: Any) -> tuple[type, str] | None:
    t = type(v)
    if t is str:
        return (str, v) if _FS not in v and _RS not in v else None
    if t is bool:
        return bool, "t" if v else "f"
    if t is int:
        return (int, str(v)) if -(2 ** 63) <= v < 2 ** 63 else None
    if t is float:
        return (float, repr(v)) if math.isfinite(v) else None
    if t is datetime:
        return (datetime, v.isoformat()) if v.tzinfo is timezone.utc else None
    if t is date:
        return date, v.isoformat()
    return None


def _shape_of(row: dict[str, Any]) -> tuple[tuple[Any, ...], list[str]] | None:
    shape: list[Any] = []
    vals: list[str] = []
    for k, v in row.items():
        if v is None:
            continue
        if k == "props" and type(v) is dict:
            inner = []
            for pk, pv in v.items():
                if pv is None:
                    continue
                e = _enc(pv)
                if e is None:
                    return None
                inner.append((pk, e[0]))
                vals.append(e[1])
            shape.append(("props", tuple(inner)))
            continue
        e = _enc(v)
        if e is None:
            return None
        shape.append((k, e[0]))
        vals.append(e[1])
    return tuple(shape), vals


def _row_expr(shape: tuple[Any, ...]) -> str:
    i = 0
    parts = []
    for k, t in shape:
        if k == "props" and isinstance(t, tuple):
            inner = []
            for pk, pt in t:
                inner.append(f"`{pk}`: " + _CONV[pt].format(i=i))
                i += 1
            parts.append("props: {" + ", ".join(inner) + "}")
        else:
            parts.append(f"`{k}`: " + _CONV[t].format(i=i))
            i += 1
    return "{" + ", ".join(parts) + "}"


def encode_rows(query: Query, rows: Sequence[dict[str, Any]]) -> list[tuple[cypher.Rendered, dict[str, Any]]]:
    """(query, parameters) pairs that write ``rows`` with ``query`` (a name of cypher/ or a
    rendered file, whose rows come from ``UNWIND $rows AS row``): one per row shape, rows
    packed into a single string. The packed form is the same file with its first line of
    rows rewritten (a fixed text, never data)."""
    rendered = query if isinstance(query, cypher.Rendered) else cypher.LIBRARY.statement(query)
    text = rendered.text
    if _UNWIND not in text:
        raise ValueError(f"{rendered.name}: query does not read UNWIND $rows AS row")
    groups: dict[tuple[Any, ...], list[str]] = {}
    plain: list[dict[str, Any]] = []
    for row in rows:
        sv = _shape_of(row)
        if sv is None or not sv[1]:
            plain.append(row)
        else:
            groups.setdefault(sv[0], []).append(_FS.join(sv[1]))
    out = []
    for shape, lines in groups.items():
        head = (f"UNWIND split($blob, '\\u001e') AS line WITH split(line, '\\u001f') AS f "
                f"WITH {_row_expr(shape)} AS row")
        out.append((cypher.Rendered(rendered.name, text.replace(_UNWIND, head, 1), rendered.slots),
                    {"blob": _RS.join(lines)}))
    if plain:
        out.append((rendered, {"rows": plain}))
    return out


class Batched:
    """A ``Graph`` stand-in (read / write / write_rows) that runs many small statements in a
    few transactions: corporate actions are several tiny queries each, and a commit per
    query dominated their cost. Statements of the open transaction are replayed on a
    transient error (they are deterministic given the state before the transaction)."""

    def __init__(self, graph: Graph, per_tx: int = 500) -> None:
        self.graph = graph
        self.per_tx = per_tx
        self._session: Any = None
        self._tx: Any = None
        self._log: list[tuple[str, dict[str, Any]]] = []

    def __enter__(self) -> Batched:
        # one write session (the leader of a cluster), explicit transactions
        self._session = self.graph.session(write=True)
        return self

    def __exit__(self, exc_type: object, *_: object) -> None:
        try:
            if exc_type is None:
                self.commit()
            elif self._tx is not None:
                self._close_tx()
        finally:
            try:
                self._session.close()
            except FAULTS:  # the server is gone; the error that got us here says so
                pass

    def _close_tx(self) -> None:
        try:
            if self._tx is not None:
                self._tx.close()
        except FAULTS:
            pass
        self._tx = None

    def _begin(self) -> None:
        self._tx = self._session.begin_transaction()
        for text, params in self._log:
            self._tx.run(text, params).consume()

    def _retrying(self, fn: Any) -> Any:
        """A few tries, the open transaction replayed each time; a lost connection gets a new
        session. Past the last try the fault ends as one Neo4jUnavailable line (guarded)."""
        from neo4j.exceptions import TransientError

        with guarded(self.graph.uri):
            for attempt in range(4):
                try:
                    if self._tx is None:
                        self._begin()
                    return fn()
                except FAULTS as err:
                    self._close_tx()
                    if attempt == 3:
                        raise
                    if not isinstance(err, TransientError):  # the connection itself went away
                        time.sleep(1.0 * 2 ** attempt)
                        try:
                            self._session.close()
                        except FAULTS:
                            pass
                        self._session = self.graph.session(write=True)
        raise AssertionError("unreachable")

    def commit(self) -> None:
        if self._tx is None:
            return

        def do() -> None:
            self._tx.commit()

        self._retrying(do)
        self._tx = None
        self._log = []

    def _run(self, query: Query, params: dict[str, Any], rows: bool) -> Any:
        text = self.graph._text(query)

        def do() -> Any:
            result = self._tx.run(text, params)
            return [r.data() for r in result] if rows else result.consume().counters

        out = self._retrying(do)
        self._log.append((text, params))
        if len(self._log) >= self.per_tx:
            self.commit()
        return out

    def read(self, query: Query, **params: Any) -> list[dict[str, Any]]:
        return self._run(query, params, True)

    def write_rows(self, query: Query, **params: Any) -> list[dict[str, Any]]:
        return self._run(query, params, True)

    def write(self, query: Query, **params: Any) -> Any:
        return self._run(query, params, False)
