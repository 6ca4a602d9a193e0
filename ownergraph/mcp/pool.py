"""The MCP server's pool of worker processes: many calls answered at once.

One server process speaks MCP (stdio or HTTP) and holds no Neo4j driver; each call is handed to
an idle worker (``ownergraph.mcp.worker``: its own process, driver and read sessions) over a
pipe, and waits in line when every worker is busy. Processes, not threads: an answer is mostly
Python work (reading rows, chains, the envelope), which threads of one process take turns at
under the GIL; a pool of N processes runs N calls on N cores.

A worker that dies during a call (killed, out of memory, a crash in native code) costs that
call only: it gets a ``worker_failed`` error and the pool starts another worker; one that does
not answer within ``call_timeout_s`` is killed and the call gets ``timeout``. ``close()`` stops
every worker (the server calls it when it stops; a worker also stops by itself when its pipe
closes, so none outlives a server that was killed).
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import os
import queue
import threading
import time
from multiprocessing.connection import wait
from typing import Any

from mcp.types import CallToolResult, TextContent

from ownergraph.domain.errors import OwnergraphError
from ownergraph.mcp import worker
from ownergraph.mcp.answers import ToolRefusal, refused

log = logging.getLogger("ownergraph.mcp")
WORKERS_ENV = "OWNERGRAPH_MCP_WORKERS"
CALL_TIMEOUT_ENV = "OWNERGRAPH_MCP_CALL_TIMEOUT"
CALL_TIMEOUT_S = 300.0
META_TIMINGS = "ownergraph/timings_ms"  # in a result's _meta: where the call's time went
META_WORKER = "ownergraph/worker_pid"


class PoolError(OwnergraphError):
    """A call the pool could not get answered (worker died, no answer in time, pool closed)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, ctx: Any, index: int) -> None:
        self.index = index
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=worker.main, args=(child,), name=f"ownergraph-mcp-worker-{index}",
                                daemon=True)
        self.proc.start()
        child.close()  # the worker's end lives in the worker only: its death closes the pipe
        self.calls = 0

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


class WorkerPool:
    """``size`` worker processes; :meth:`call` blocks its thread until a worker answers."""

    def __init__(self, size: int, call_timeout_s: float = CALL_TIMEOUT_S) -> None:
        if size < 1:
            raise ValueError(f"a pool needs at least one worker, not {size}")
        self.size = size
        self.call_timeout_s = call_timeout_s
        self._ctx = multiprocessing.get_context("spawn")  # no fork of a process with threads and sockets
        self._idle: queue.Queue[Worker | None] = queue.Queue()
        self._lock = threading.Lock()
        self._workers: dict[int, Worker] = {}
        self._started = 0
        self._closed = False
        self.stats = {"calls": 0, "worker_failed": 0, "timeouts": 0, "restarts": 0}
        for _ in range(size):
            self._idle.put(self._spawn())

    def _spawn(self) -> Worker:
        with self._lock:
            w = Worker(self._ctx, self._started)
            self._started += 1
            self._workers[w.index] = w
            return w

    def _retire(self, w: Worker, counter: str) -> None:
        """Reap a dead or hung worker and put a fresh one in its place."""
        with self._lock:
            self._workers.pop(w.index, None)
            self.stats[counter] += 1
            self.stats["restarts"] += 1
        if w.proc.is_alive():
            w.proc.kill()
        w.proc.join(5)
        w.conn.close()
        if not self._closed:
            self._idle.put(self._spawn())

    def _take(self) -> Worker:
        """An idle, live worker (waiting for one); one that died while idle is replaced first."""
        while True:
            w = self._idle.get()
            if w is None or self._closed:
                self._idle.put(None)  # wake the next waiter too
                raise PoolError("failed", "the server is shutting down")
            if w.proc.is_alive():
                return w
            log.warning("MCP worker %s (pid %s) died while idle (exit %s); starting another",
                        w.index, w.proc.pid, w.proc.exitcode)
            self._retire(w, "worker_failed")

    def call(self, op: str, name: str, arguments: dict[str, Any]) -> tuple[worker.Reply, float]:
        """Run one call on a worker: its reply and the milliseconds it waited for one."""
        t0 = time.perf_counter()
        w = self._take()
        waited_ms = (time.perf_counter() - t0) * 1000
        try:
            w.conn.send((op, name, arguments))
            ready = wait([w.conn, w.proc.sentinel], timeout=self.call_timeout_s)
            if w.conn in ready:
                reply: worker.Reply = w.conn.recv()
                w.calls += 1
                with self._lock:
                    self.stats["calls"] += 1
                self._idle.put(w)
                return reply, waited_ms
        except (EOFError, OSError):
            ready = [w.proc.sentinel]
        if ready:  # the worker's process ended during the call
            w.proc.join(5)
            code = w.proc.exitcode
            self._retire(w, "worker_failed")
            raise PoolError("worker_failed", f"the worker process answering this call stopped (exit code {code}); "
                            "the server started another: the call can be retried")
        self._retire(w, "timeouts")
        raise PoolError("timeout", f"no answer within {self.call_timeout_s:g} s ({CALL_TIMEOUT_ENV}); the "
                        "worker was stopped and another started")

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
        with self._lock:
            workers = [{"index": w.index, "pid": w.proc.pid, "alive": w.proc.is_alive(), "calls": w.calls}
                       for w in self._workers.values()]
            return {"size": self.size, "call_timeout_s": self.call_timeout_s, "server_pid": os.getpid(),
                    "workers": workers, **self.stats}

    def close(self, grace_s: float = 5.0) -> None:
        """Stop every worker: asked to stop, killed after ``grace_s``; waiting callers are refused."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            workers = list(self._workers.values())
            self._workers.clear()
        self._idle.put(None)
        for w in workers:
            w.stop(grace_s)


def pool_size(given: int | None = None) -> int:
    """Workers to start: ``given``, else OWNERGRAPH_MCP_WORKERS, else one per core; 0 = none
    (every call answered in the server process, on threads)."""
    if given is not None:
        return given
    env = os.environ.get(WORKERS_ENV)
    return int(env) if env else (os.cpu_count() or 1)
