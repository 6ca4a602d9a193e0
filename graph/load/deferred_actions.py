"""Deferred corporate actions of one load run (``Loader(defer_actions=True)``).

Actions are counted as they arrive and applied once at the end of the run, in effective-date
order together with the stored actions that can reach what the run wrote: an action must reach
edges and entity versions loaded after it. What a run wrote is kept per entity key with the
earliest knowledge time written there (``touched``): an entity version counts as known before
every action (a later version can overwrite what a merger or rename set on the node); a
statement at its known_from (an action only moves edges known by the time it was, see
``cypher/graph/load/action_move_edges.cypher``). A stored action reaches the run when one of its parties
was written at or before its knowledge time; applying an action marks its parties as written
from its knowledge time (an edge it moves to a survivor reaches the survivor's later actions).

Reading the stored actions is cheap where their parties are known without resolving: an
action whose every party is named by LEI resolves to exactly those LEIs (an LEI entity is
always canonical), kept on its node as ``party_leis``; only the record of such an action that
is applied is read. Any other stored action is parsed and its mentions re-resolved, as they
may resolve to an entity of this run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import date, datetime, timezone
from typing import Any

from ownergraph.graph.load.batch_rows import refs_of
from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MIN, clock_props
from ownergraph.graph.load.actions import apply_corporate_action
from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.rechain import clock_of
from ownergraph.domain.model import CorporateAction, EntityRef

BEFORE_ALL = datetime(1, 1, 1, tzinfo=timezone.utc)  # knowledge time earlier than any action
CHUNK = 2000  # actions parsed, resolved and applied together at the end of a run


class _Due:
    """A stored or new action waiting for the end of the run."""

    __slots__ = ("day", "known_from", "leis", "record", "sid", "stored")

    def __init__(self, sid: str, day: date, known_from: datetime | None, leis: list[str] | None,
                 record: str | None, stored: bool) -> None:
        self.sid, self.day, self.known_from, self.leis, self.record = sid, day, known_from, leis, record
        self.stored = stored  # read from the graph: its node and parties are written


class ActionLedger:
    """The corporate actions of a run and what the run wrote, for :meth:`apply`."""

    def __init__(self, graph: Graph, lean: bool) -> None:
        self.graph = graph
        self.lean = lean
        # deferred actions as (sort date, statement id, JSON): a model is ~5.6 KB, its JSON ~0.8
        self._pending: list[tuple[date, str, str]] = []
        self._sids: set[str] = set()  # actions counted this run
        self._new: set[str] = set()  # of those, the ones not stored before this run
        self.touched: dict[str, datetime] = {}  # entity key -> earliest knowledge time written

    def count(self, actions: Sequence[CorporateAction]) -> list[bool]:
        """Note ``actions`` for the end of the run; for each, whether it is new (not stored,
        not seen earlier in this run), so per-file counts add up."""
        if not actions:
            return []
        sids = [clock_props(a)["statement_id"] for a in actions]
        stored = {r["sid"] for r in self.graph.read("load_actions_stored", sids=sorted(set(sids)))}
        out = []
        for action, sid in zip(actions, sids):
            if sid not in self._sids:
                self._pending.append((action.valid_from or VALID_MIN, sid, action.model_dump_json()))
            new = sid not in stored and sid not in self._sids
            self._sids.add(sid)
            if new:
                self._new.add(sid)
            out.append(new)
        return out

    def discard(self) -> None:
        """Forget the actions waiting (a run that loaded nothing new applies none)."""
        self._pending = []

    def note(self, rows: dict[str, Any]) -> None:
        """The entity keys a batch of rows writes at, with the knowledge times (module text)."""
        touched = self.touched
        for r in rows["entities"]:
            touched[r["key"]] = BEFORE_ALL
        for edge_rows in rows["edges"].values():
            for r in edge_rows:
                kf = r["props"]["known_from"]
                for k in (r["source"], r["target"]):
                    if kf < touched.get(k, KNOWN_MAX):
                        touched[k] = kf
        for node_rows in rows["nodes"].values():
            for r in node_rows:
                kf = r["props"].get("known_from")
                if r.get("entity") and kf is not None and kf < touched.get(r["entity"], KNOWN_MAX):
                    touched[r["entity"]] = kf

    def _due(self) -> list[_Due]:
        """Every action to consider, in effective-date then statement-id order: the stored ones
        that can reach this run (lean: known from the earliest time it wrote; else all) and the
        new ones."""
        if self.lean:
            since = min(self.touched.values(), default=KNOWN_MAX)
            rows = self.graph.read("action_since", since=since)
        else:
            rows = self.graph.read("action_all")
        due = {r["statement_id"]: _Due(r["statement_id"], clock_of(r["effective"]) or VALID_MIN,
                                       clock_of(r.get("known_from")), r.get("party_leis"), r["record"], True)
               for r in rows}
        pending, self._pending = self._pending, []
        for day, sid, record in pending:
            due.setdefault(sid, _Due(sid, day, None, None, record, False))
        return sorted(due.values(), key=lambda d: (d.day, d.sid))

    def apply(self, batched: Callable[[], AbstractContextManager[Any]],
              resolve: Callable[[list[EntityRef]], list[str]], resolver: Any) -> int:
        """Apply the run's actions and the stored ones that reach it (module text), a chunk at
        a time (models and resolutions only for a chunk); how many were applied."""
        due = self._due()
        if not due:
            return 0
        applied = 0
        with batched() as g:
            for i in range(0, len(due), CHUNK):
                for d, action in self._reaching(due[i: i + CHUNK], resolve):
                    # a stored action (read from the graph, not new in this run) is registered
                    apply_corporate_action(g, action, resolver, again=True,
                                           stored=self.lean and d.sid not in self._new and d.stored)
                    applied += 1
        return applied

    def _reaching(self, chunk: list[_Due], resolve: Callable[[list[EntityRef]], list[str]]
                  ) -> Iterator[tuple[_Due, CorporateAction]]:
        """The actions of ``chunk`` to apply, in order, as models; marks their parties."""
        models = {d.sid: CorporateAction.model_validate_json(d.record)
                  for d in chunk if d.leis is None and d.record is not None}
        keys = iter(resolve([r for m in models.values() for r in refs_of(m)]))
        chosen: list[_Due] = []
        for d in chunk:
            model = models.get(d.sid)
            parties = set(d.leis) if model is None else {next(keys) for _ in refs_of(model)}
            known_from = model.known_from if model is not None else d.known_from
            assert known_from is not None  # a model, or a stored node's own clock
            if self.lean and d.sid not in self._new and not any(
                    self.touched.get(p, KNOWN_MAX) <= known_from for p in parties):
                continue
            for p in parties:  # what it moves is known from its known_from, at its parties
                if known_from < self.touched.get(p, KNOWN_MAX):
                    self.touched[p] = known_from
            chosen.append(d)
        missing = [d.sid for d in chosen if d.sid not in models and d.record is None]
        records = {r["statement_id"]: r["record"]
                   for r in (self.graph.read("action_records", sids=missing) if missing else [])}
        for d in chosen:
            model = models.get(d.sid)
            yield d, model if model is not None else CorporateAction.model_validate_json(
                d.record if d.record is not None else records[d.sid])
