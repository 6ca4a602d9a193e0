"""The MCP server's pool of worker processes: many calls answered at once.

One server process speaks MCP (stdio or HTTP) and holds no Neo4j driver; each call is handed
over a pipe to the worker (``ownergraph.mcp.worker``: its own process, driver and read
sessions) with the fewest calls in hand, and waits in line when every worker has ``threads``.
Processes, because an answer is mostly Python work (reading rows, chains, the envelope), which
threads of one process take turns at under the GIL: N processes run on N cores. A few threads
in each, because a pool of N single-call workers serves in arrival order: one slow call (a long
path) holds a worker for seconds while short calls queue behind it; with threads a short call
shares the core instead of waiting, as on the single-process server.

A worker that dies (killed, out of memory, a crash in native code) costs only the calls it had
in hand: each gets a ``worker_failed`` error and the pool starts another worker. One that does
not answer a call within ``call_timeout_s`` is killed (the call gets ``timeout``, any other it
had ``worker_failed``) and replaced. ``close()`` stops every worker (the server calls it when
it stops; a worker also stops by itself when its pipe closes, so none outlives a server that
was killed).
"""

from __future__ import annotations

import itertools
import json
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from mcp.types import CallToolResult, TextContent

from ownergraph.domain.errors import OwnergraphError
from ownergraph.mcp import worker
from ownergraph.mcp.answers import ToolRefusal, refused

log = logging.getLogger("ownergraph.mcp")
WORKERS_ENV = "OWNERGRAPH_MCP_WORKERS"
CALL_TIMEOUT_ENV = "OWNERGRAPH_MCP_CALL_TIMEOUT"
CALL_TIMEOUT_S = 300.0
THREADS_ENV = "OWNERGRAPH_MCP_WORKER_THREADS"
THREADS = 4  # calls in hand per worker: one waiting on Neo4j leaves the core to another
MAX_FAILED_STARTS = 3
META_TIMINGS = "ownergraph/timings_ms"  # in a result's _meta: where the call's time went
META_WORKER = "ownergraph/worker_pid"


class PoolError(OwnergraphError):
    """A call the pool could not get answered (worker died, no answer in time, pool closed)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Worker:
    """One worker process, the server's end of its pipe, and the calls it has in hand; a reader
    thread hands each reply to its caller, and fails every call in hand when the process ends."""

    def __init__(self, ctx: Any, index: int, threads: int, on_exit: Callable[[Worker], None],
                 on_ready: Callable[[], None]) -> None:
        self.index = index
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=worker.main, args=(child, threads), daemon=True,
                                name=f"ownergraph-mcp-worker-{index}")
        self.proc.start()
        child.close()  # the worker's end lives in the worker only: its death closes the pipe
        self.busy = 0  # calls in hand (the pool's lock)
        self.calls = 0
        self.ready = False  # until the worker says so, it is given no call
        self.dead = False
        self.timed_out = False
        self._pending: dict[int, Future[worker.Reply]] = {}
        self._lock = threading.Lock()
        self._on_exit = on_exit
        self._on_ready = on_ready
        threading.Thread(target=self._read, name=f"mcp-pool-reader-{index}", daemon=True).start()

    def submit(self, call_id: int, message: tuple[str, str, dict[str, Any]]) -> Future[worker.Reply]:
        future: Future[worker.Reply] = Future()
        with self._lock:
            if self.dead:
                raise _Gone()
            self._pending[call_id] = future
            try:
                self.conn.send((call_id, *message))
            except OSError:
                self._pending.pop(call_id)
                raise _Gone() from None
        return future

    def _read(self) -> None:
        while True:
            try:
                call_id, reply = self.conn.recv()
            except (EOFError, OSError):
                break
            if call_id == worker.READY:
                self.ready = True
                self._on_ready()
                continue
            with self._lock:
                future = self._pending.pop(call_id, None)
                self.calls += 1
            if future:
                future.set_result(reply)
        self.proc.join(5)
        with self._lock:
            self.dead = True
            pending, self._pending = list(self._pending.values()), {}
        err = PoolError("worker_failed", f"the worker process answering this call stopped (exit code {self.proc.exitcode}); "
                        "the server started another: the call can be retried")
        for future in pending:
            future.set_exception(err)
        self._on_exit(self)

    def stop(self, grace_s: float) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.proc.join(grace_s)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join(5)
        self.conn.close()


class _Gone(Exception):
    """The worker chosen for a call had already ended: the call is given to another."""


class WorkerPool:
    """``size`` worker processes with ``threads`` calls in hand each at most; :meth:`call`
    blocks its thread until a worker answers."""

    def __init__(self, size: int, call_timeout_s: float = CALL_TIMEOUT_S, threads: int = THREADS) -> None:
        if size < 1 or threads < 1:
            raise ValueError(f"a pool needs at least one worker and one thread, not {size} and {threads}")
        self.size, self.threads, self.call_timeout_s = size, threads, call_timeout_s
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a process with threads and sockets
        self._cond = threading.Condition()
        self._workers: dict[int, Worker] = {}
        self._started = 0
        self._ids = itertools.count()
        self._closed = False
        self._failed_starts = 0  # in a row: workers that ended before they started
        self._broken: str | None = None
        self.stats = {"calls": 0, "worker_failed": 0, "timeouts": 0, "restarts": 0}
        with self._cond:
            for _ in range(size):
                self._spawn()

    def _spawn(self) -> None:
        w = Worker(self._ctx, self._started, self.threads, self._exited, self._readied)
        self._started += 1
        self._workers[w.index] = w

    def _readied(self) -> None:
        with self._cond:
            self._failed_starts = 0
            self._cond.notify_all()

    def _exited(self, w: Worker) -> None:
        """A worker's process ended: unless the pool is closing, count it and start another."""
        with self._cond:
            if self._closed or self._workers.pop(w.index, None) is None:
                return
            if not w.timed_out:
                log.warning("MCP worker %s (pid %s) stopped (exit %s); starting another",
                            w.index, w.proc.pid, w.proc.exitcode)
                self.stats["worker_failed"] += 1
            self._failed_starts = 0 if w.ready else self._failed_starts + 1
            if self._failed_starts >= MAX_FAILED_STARTS:  # a broken install, not a bad call: stop trying
                self._broken = (f"{self._failed_starts} worker processes in a row ended before they started "
                                f"(last exit code {w.proc.exitcode}); the server log has their errors")
            else:
                self.stats["restarts"] += 1
                self._spawn()
            self._cond.notify_all()
        w.conn.close()

    def _take(self) -> Worker:
        """The live, started worker with the fewest calls in hand (waiting while all have
        ``threads``, or none has started yet)."""
        with self._cond:
            while True:
                if self._closed:
                    raise PoolError("failed", "the server is shutting down")
                if self._broken and not self._workers:
                    raise PoolError("worker_failed", self._broken)
                free = [w for w in self._workers.values()
                        if w.ready and not (w.dead or w.timed_out) and w.busy < self.threads]
                if free:
                    w = min(free, key=lambda w: w.busy)
                    w.busy += 1
                    return w
                self._cond.wait()

    def _release(self, w: Worker, answered: bool) -> None:
        with self._cond:
            w.busy -= 1
            self.stats["calls"] += answered
            self._cond.notify()

    def call(self, op: str, name: str, arguments: dict[str, Any]) -> tuple[worker.Reply, float]:
        """Run one call on a worker: its reply and the milliseconds it waited for one."""
        t0 = time.perf_counter()
        while True:
            w = self._take()
            try:
                future = w.submit(next(self._ids), (op, name, arguments))
                break
            except _Gone:
                self._release(w, False)
        waited_ms = (time.perf_counter() - t0) * 1000
        answered = False
        try:
            reply = future.result(timeout=self.call_timeout_s)
            answered = True
            return reply, waited_ms
        except FutureTimeout:
            with self._cond:
                self.stats["timeouts"] += 1
            w.timed_out = True
            w.proc.kill()  # the reader sees the pipe close, fails what else it had, and replaces it
            raise PoolError("timeout", f"no answer within {self.call_timeout_s:g} s ({CALL_TIMEOUT_ENV}); the "
                            "worker was stopped and another started") from None
        finally:
            self._release(w, answered)

    def tool(self, name: str, arguments: dict[str, Any]) -> CallToolResult:
        """A tool call answered by a worker, as the single-process server answers it, with where
        the time went in the result's ``_meta`` (queue wait, worker, Neo4j reads)."""
        t0 = time.perf_counter()
        try:
            reply, waited_ms = self.call("tool", name, arguments)
        except PoolError as err:
            ans = refused(name, arguments, ToolRefusal(None, err.code, str(err)))  # type: ignore[arg-type]
            data = ans.model_dump(mode="json")
            return CallToolResult(content=[TextContent(type="text", text=json.dumps(data, default=str))],
                                  structured_content=data, is_error=True)
        total_ms = (time.perf_counter() - t0) * 1000
        timings = {"queue": round(waited_ms, 3), "worker": round(reply.worker_ms, 3),
                   "graph": round(reply.graph_ms, 3),
                   "transfer": round(max(0.0, total_ms - waited_ms - reply.worker_ms), 3)}
        return CallToolResult(content=[TextContent(type="text", text=reply.text)],
                              structured_content=json.loads(reply.text), is_error=reply.is_error,
                              _meta={META_TIMINGS: timings, META_WORKER: reply.pid})

    def resource(self, name: str) -> str:
        reply, _ = self.call("resource", name, {})
        if reply.kind == "error":
            raise PoolError("failed", reply.text)
        return reply.text

    def status(self) -> dict[str, Any]:
        """Size, live workers (pid, calls answered) and counters: the ``ownergraph://pool`` resource."""
        with self._cond:
            workers = [{"index": w.index, "pid": w.proc.pid, "alive": w.proc.is_alive(), "calls": w.calls,
                        "in_hand": w.busy} for w in self._workers.values()]
            return {"size": self.size, "threads": self.threads, "call_timeout_s": self.call_timeout_s,
                    "server_pid": os.getpid(), "workers": workers, **self.stats}

    def close(self, grace_s: float = 5.0) -> None:
        """Stop every worker: asked to stop, killed after ``grace_s``; waiting callers are refused."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            workers = list(self._workers.values())
            self._workers.clear()
            self._cond.notify_all()
        for w in workers:
            w.stop(grace_s)


def pool_threads(given: int | None = None) -> int:
    """Calls in hand per worker: ``given``, else OWNERGRAPH_MCP_WORKER_THREADS, else THREADS."""
    if given is not None:
        return given
    env = os.environ.get(THREADS_ENV)
    return int(env) if env else THREADS


def pool_size(given: int | None = None) -> int:
    """Workers to start: ``given``, else OWNERGRAPH_MCP_WORKERS, else one per core; 0 = none
    (every call answered in the server process, on threads)."""
    if given is not None:
        return given
    env = os.environ.get(WORKERS_ENV)
    return int(env) if env else (os.cpu_count() or 1)
