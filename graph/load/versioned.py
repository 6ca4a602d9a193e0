"""Versioned statements written together with their fact's history: one statement per row shape.

The general path writes a batch's statements (``load_edges``), asks which facts have another
version (``load_versions``), reads every version of those (``rechain_versions``), plans their
history in Python (:mod:`ownergraph.graph.load.history`) and writes it back (``rechain_store``,
``rechain_carry``): six to eight round trips per batch, each an index look-up per row. A daily
delta's statements are nearly all of the simplest kind: a fact's first version, or a version
later than everything stored of it, superseding its one open version. For those the plan is
short enough to compute on the server, in the statement that writes the version
(``load_versioned``): the look-up of the stored versions, the knowledge-time close of the one
superseded, the piece of it still valid until the change, and the new version.

What that statement leaves (a fact with several open pieces, a version older than one stored, a
corporate-action split, a missing endpoint) goes the general way, and so does every fact with
more than one row in the batch or a retraction in it. The resulting graph is the same
(``tests/graph/test_versioned.py``, and the lean-vs-full comparisons).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import timezone
from typing import Any

from ownergraph.graph.load.rechain import NOT_CONTENT, query_for
from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX, VALID_MIN
from ownergraph.graph.load.transport import encode_rows
from ownergraph.graph.store.connection import Graph

Row = dict[str, Any]
# the kinds whose statements the one-statement path writes (edges, and nodes with one link)
NODE_KINDS = frozenset({"Sanction", "ReportingException"})


@dataclass
class Written:
    """What :func:`write_versioned` did with a batch of rows of one kind."""

    written: int = 0  # new versions written with their history
    rechained: int = 0  # of those, facts that had a stored version or retraction
    present: list[Row] = field(default_factory=list)  # statements stored already (not written)
    rest: list[Row] = field(default_factory=list)  # left to the general path


def write_versioned(graph: Graph, kind: str, rows: list[Row], batch_size: int,
                    excluded: frozenset[str] | set[str] = frozenset()) -> Written:
    """Write the rows of ``kind`` whose history is simple with one statement per row shape;
    rows of a fact in ``excluded`` (retracted in this batch) or with several rows in the batch
    are left, untouched, in ``rest``."""
    out = Written()
    per_fact = Counter(r["props"]["fact_key"] for r in rows)
    sent: list[Row] = []
    for r in rows:
        fk = r["props"]["fact_key"]
        if per_fact[fk] > 1 or fk in excluded:
            out.rest.append(r)
        else:
            sent.append(r)
    if not sent:
        return out
    query = query_for("load_versioned", kind)
    written: set[str] = set()
    present: set[str] = set()
    for i in range(0, len(sent), batch_size):
        part_rows = [dict(r, kiso=r["props"]["known_from"].astimezone(timezone.utc).isoformat())
                     for r in sent[i: i + batch_size]]
        for part, args in encode_rows(query, part_rows):
            for res in graph.write_rows(part, known_max=KNOWN_MAX, valid_min=VALID_MIN, valid_max=VALID_MAX,
                                        not_content=sorted(NOT_CONTENT), **args):
                written.update(res["written"])
                present.update(res["present"])
                out.rechained += int(res["rechained"])
    out.written = len(written)
    for r in sent:
        sid = r["statement_id"]
        if sid in present:
            out.present.append(r)
        elif sid not in written:
            out.rest.append(r)
    return out


__all__ = ["NODE_KINDS", "Written", "write_versioned"]
