"""GLEIF relationship and reporting-exception files staged in worker processes (issue 33, item 3).

In a golden copy every mention in the RR and reporting-exception files is an LEI, and an LEI is
its own key: no resolver state is needed to key them. While the main process reads the LEI
file (entities: registration and name resolution), one forked worker per record family (all
``gleif-rr`` files, all ``gleif-repex`` files, in load order) reads, validates and stages its
files in its own :class:`~.spool.SpooledStaged`, plans its facts' knowledge-time chains and
writes its own import parts. Nothing is pickled back but counts, quarantine entries, the few
rows corporate actions touch, and the file names:

1. *staged*: per file, read / quarantined / not-read counts and tallies; the stub rows (every
   LEI mentioned, first mention first) are in a file per input file: the main process makes a
   stub of each its own load did not write, as the sequential load does when it reaches that file;
2. the main process sends the parties of its corporate actions; the worker plans its chains
   and sends back its edges at those parties (post-chain), which the actions may move;
3. *written*: the worker writes every other row as parts, and sends their names.

A mention without a valid LEI (or any record that is not an edge, an exception or a
retraction) makes the worker give up its files before staging anything of them; the main
process then reads them itself (:meth:`.loader.BulkLoader.finish`).
"""

from __future__ import annotations

import gc
import multiprocessing as mp
import pickle
import resource
import traceback
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO

from ownergraph.domain.errors import OwnergraphError
from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.model import Entity, EntityRef, Quarantined
from ownergraph.graph.load.batch_rows import build_rows
from ownergraph.graph.load.bulk.conflicts import screen_staged
from ownergraph.graph.load.bulk.files import ImportFiles, TypedRows, write_nodes, write_relationships
from ownergraph.graph.load.bulk.spool import KeySet, SpooledStaged
from ownergraph.graph.load.rechain import NODE_LINKS
from ownergraph.ingest.gc_pace import pace_for_bulk

FAMILIES = {"gleif-rr": "rr", "gleif-repex": "repex"}  # reader name -> worker
MAIN_READERS = frozenset({"gleif-lei"})  # what the main process may read beside them


class WorkerFailed(OwnergraphError):
    """A staging worker failed (its traceback is the message)."""


class _NotLeiKeyed(Exception):
    """A record a worker cannot key without the resolver."""


@dataclass
class FileResult:
    """One offloaded file's counts, as ``pipeline.FileCounts`` and ``LoadCounts.by_tag`` take them."""

    read: int = 0
    quarantined: int = 0
    not_read: int = 0
    loaded: int = 0
    merged: int = 0
    by_type: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    quarantine: list[Quarantined] = field(default_factory=list)  # the readers' entries
    conflicts: list[Quarantined] = field(default_factory=list)  # bundle conflicts (graph.load.conflicts)


def offloadable(plan: Sequence[tuple[Path, Any]]) -> dict[str, list[int]]:
    """Worker -> plan positions, when the whole plan is a GLEIF golden copy (LEI, RR and
    exception files): then no other source can state the workers' facts or name their LEIs
    otherwise. Empty when anything else is in the plan."""
    names = [reader.name for _, reader in plan]
    if not names or any(n not in FAMILIES and n not in MAIN_READERS for n in names):
        return {}
    out: dict[str, list[int]] = {}
    for i, n in enumerate(names):
        if n in FAMILIES:
            out.setdefault(FAMILIES[n], []).append(i)
    return out


class _Part(SpooledStaged):
    """A worker's staged graph: a stub is only noted (the main process decides it)."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder / "spool")
        self.known = KeySet()  # build_rows' keys written: here, the stubs noted
        self.stubs_folder = folder
        self._stubs: BinaryIO | None = None  # this file's stub rows, a pickled batch at a time
        self.tag = 0

    def start_file(self, tag: int) -> None:
        self.end_file()
        self.tag = tag
        self._stubs = open(stubs_path(self.stubs_folder, tag), "wb")

    def end_file(self) -> None:
        if self._stubs is not None:
            self._stubs.close()
            self._stubs = None

    def apply_batch(self, rows: dict[str, Any]) -> list[tuple[str, int, int]]:
        for row in rows["stubs"]:
            self._stored.add(row["key"])
        if rows["stubs"] and self._stubs is not None:
            pickle.dump(rows["stubs"], self._stubs, protocol=pickle.HIGHEST_PROTOCOL)
        return super().apply_batch({**rows, "stubs": []})


def stubs_path(folder: Path, tag: int) -> Path:
    return folder / f"stubs-{tag}.pickle"


def stub_batches(folder: Path, tag: int) -> Iterator[list[dict[str, Any]]]:
    """The stub rows a worker noted for file ``tag``, batch by batch, first mention first."""
    path = stubs_path(folder, tag)
    if not path.exists():
        return
    with open(path, "rb") as f:
        while True:
            try:
                yield pickle.load(f)
            except EOFError:
                return


def _lei_keys(refs: Sequence[EntityRef]) -> list[str]:
    out = []
    for ref in refs:
        lei = ref.lei or (ref.value.strip().upper() if ref.scheme is not None and ref.scheme.value == "lei"
                          and ref.value else None)
        if not lei or not is_valid_lei(lei):
            raise _NotLeiKeyed(f"a mention without a valid LEI: {ref!r}")
        out.append(lei)
    return out


def _stage(part: _Part, path: Path, reader: Any, batch_size: int) -> FileResult:
    """One file read, validated and staged, batch by batch as the loader batches it."""
    res = FileResult()
    records: list[Any] = []
    seen: set[int] = set()

    def flush() -> None:
        rows = build_rows([], records, _lei_keys, part.known, seen)
        records.clear()
        res.conflicts += screen_staged(part, rows, batch_size)
        for kind, created, present in part.apply_batch(rows):
            res.loaded += created
            res.merged += present
            res.by_type[kind] += created

    for rec in reader.read(path):
        if isinstance(rec, Quarantined):
            if rec.not_read:
                res.not_read += 1
            else:
                res.read += 1
                res.quarantined += 1
            res.quarantine.append(rec)
            continue
        if isinstance(rec, Entity):
            raise _NotLeiKeyed(f"{path}: an entity record")
        res.read += 1
        records.append(rec)
        if len(records) >= batch_size:
            flush()
    if records:
        flush()
    return res


def _work(conn: Any, files: list[tuple[int, Path, Any]], folder: Path, batch_size: int) -> None:
    """A worker's life (module text): staged, parties in, hot rows out, parts written."""
    try:
        pace_for_bulk()  # this process's whole life is the load's
        c0 = _cpu()
        part = _Part(folder)
        folder.mkdir(parents=True, exist_ok=True)
        results: dict[int, FileResult] = {}
        try:
            for tag, path, reader in files:
                part.start_file(tag)
                results[tag] = _stage(part, path, reader, batch_size)
            part.end_file()
        except _NotLeiKeyed as why:
            part.close()
            conn.send(("refused", str(why)))
            return
        conn.send(("staged", results))
        parties: set[str] = conn.recv()
        hot = part.settle(parties)
        rechained = hot.rechain()
        at_parties = {t: {i: p for i, p in es.items() if i[0] in parties or i[1] in parties}
                      for t, es in hot.edges.items()}
        conn.send(("hot", {t: es for t, es in at_parties.items() if es}, rechained))
        out = _write(part, folder / "parts", parties)
        part.close()
        conn.send(("written", out, round(_cpu() - c0, 2), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                   gc.get_threshold()))
    except BaseException:  # noqa: BLE001 - everything goes back to the main process, which raises it
        conn.send(("failed", traceback.format_exc()))
    finally:
        conn.close()


def _write(part: _Part, folder: Path, parties: set[str]) -> ImportFiles:
    """The worker's edges (less those at parties: the main process writes them after the
    actions), versioned nodes, their links and its retractions."""
    folder.mkdir(parents=True, exist_ok=True)
    out = ImportFiles(folder)
    mine = part.kinds_written()
    for label, space, items in part.node_groups():
        if label in mine:
            write_nodes(out, label, space, items)
    for rtype, start, end, items in part.relationship_groups():
        if rtype in mine:
            edge = rtype not in NODE_LINKS.values()
            write_relationships(out, rtype, start, end, TypedRows(partial(_apart, items, parties), items.types)
                                if edge else items)
    return out


def _apart(items: Any, parties: set[str]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    return ((a, b, p) for a, b, p in items() if a not in parties and b not in parties)


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


class Workers:
    """The forked workers of one bulk load (module text)."""

    def __init__(self, plan: Sequence[tuple[Path, Any]], folder: Path, batch_size: int) -> None:
        self.taken = offloadable(plan)
        self.folder = folder
        # forkserver, not fork: a forked copy of a process holding threads (the Neo4j driver, gRPC)
        # can crash in the child (a worker died with SIGSEGV under the test runner)
        ctx = mp.get_context("forkserver")
        self._procs: dict[str, Any] = {}
        self._conns: dict[str, Any] = {}
        self.refused: dict[str, str] = {}
        self.plan = list(plan)
        for name, tags in self.taken.items():
            mine, theirs = ctx.Pipe()
            files = [(i, *self.plan[i]) for i in tags]
            proc = ctx.Process(target=_work, args=(theirs, files, folder / name, batch_size), daemon=True,
                               name=f"ownergraph-stage-{name}")
            proc.start()
            theirs.close()
            self._procs[name], self._conns[name] = proc, mine

    def tags(self) -> set[int]:
        return {i for tags in self.taken.values() for i in tags}

    def _recv(self, name: str, *kinds: str) -> tuple[Any, ...]:
        try:
            msg = self._conns[name].recv()
        except EOFError:
            raise WorkerFailed(f"the {name} staging worker ended without a word "
                               f"(exit code {self._procs[name].exitcode})") from None
        if msg[0] == "failed":
            raise WorkerFailed(f"the {name} staging worker failed:\n{msg[1]}")
        if msg[0] not in kinds:
            raise WorkerFailed(f"the {name} staging worker said {msg[0]!r}, not {kinds}")
        return tuple(msg)

    def staged(self) -> dict[int, FileResult]:
        """Every worker's file results by plan position (their stub rows: :meth:`stubs`); a
        worker that refused is noted in ``refused`` (its files are the main process's to read)."""
        results: dict[int, FileResult] = {}
        for name in list(self._conns):
            msg = self._recv(name, "staged", "refused")
            if msg[0] == "refused":
                self.refused[name] = msg[1]
                self._end(name)
                continue
            results.update(msg[1])
        return results

    def stubs(self, tag: int) -> Iterator[list[dict[str, Any]]]:
        name = next(n for n, tags in self.taken.items() if tag in tags)
        return stub_batches(self.folder / name, tag)

    def hot(self, parties: set[str]) -> tuple[dict[str, dict[tuple[str, str, str], dict[str, Any]]], int]:
        edges: dict[str, dict[tuple[str, str, str], dict[str, Any]]] = defaultdict(dict)
        rechained = 0
        for name, conn in self._conns.items():
            conn.send(parties)
        for name in self._conns:
            _, got, n = self._recv(name, "hot")
            rechained += n
            for t, es in got.items():
                edges[t].update(es)
        return edges, rechained

    def written(self) -> tuple[list[ImportFiles], dict[str, Any]]:
        parts, info = [], {}
        for name in list(self._conns):
            _, files, cpu, peak, pace = self._recv(name, "written")
            parts.append(files)
            info[name] = {"cpu_seconds": cpu, "peak_rss_mb": round(peak, 1), "gc_thresholds": list(pace)}
            self._end(name)
        return parts, info

    def _end(self, name: str) -> None:
        self._conns.pop(name).close()
        self._procs.pop(name).join(timeout=60)

    def close(self) -> None:
        for name in list(self._conns):
            proc = self._procs[name]
            if proc.is_alive():
                proc.terminate()
            self._end(name)
