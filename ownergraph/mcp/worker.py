"""One worker process of the MCP server's pool: its own Neo4j driver (``Backend``), answering
calls from the pool over a pipe until the pipe closes, a few at once on threads (a call
waiting on Neo4j leaves the process's core to another; a short call is not stuck behind a long one).

A call is ``(op, name, arguments)``: ``op`` is ``"tool"`` (one of the curated tools, by name:
nothing else is callable) or ``"resource"``; the reply is a :class:`Reply`. The worker runs the
same ``Tools`` methods as the single-process server, so answers, limits, timeouts and read
transactions are the same; it adds only its own times (whole call, and waiting on Neo4j reads).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ownergraph.graph.store.connection import READ_CLOCK, close_all
from ownergraph.mcp.backend import Backend
from ownergraph.mcp.sources import sources_json
from ownergraph.mcp.tools import TOOL_NAMES, Tools

RESOURCES: dict[str, Callable[[Backend], str]] = {"sources": sources_json}
READY = -1  # the call id of the worker's first message: started, imports done, connected (or not)


@dataclass(frozen=True)
class Reply:
    """What a worker sends back: the answer's JSON text, and where the time went."""

    kind: str  # "tool", "resource", or "error" (a resource that failed; text is its one line)
    text: str
    is_error: bool
    worker_ms: float
    graph_ms: float
    pid: int


def handle(tools: Tools, backend: Backend, op: str, name: str, arguments: dict[str, Any]) -> Reply:
    t0, g0 = time.perf_counter(), READ_CLOCK.seconds
    try:
        if op == "tool" and name in TOOL_NAMES:
            result = getattr(tools, name)(**arguments)  # the tools never raise: errors are answers
            kind, text, is_error = "tool", result.content[0].text, bool(result.is_error)
        elif op == "resource" and name in RESOURCES:
            kind, text, is_error = "resource", RESOURCES[name](backend), False
        else:
            kind, text, is_error = "error", f"ValueError: no {op} named {name!r}", True
    except Exception as err:  # noqa: BLE001 - a resource's failure (Neo4j away): one line to the caller
        kind, text, is_error = "error", f"{type(err).__name__}: {err}", True
    return Reply(kind, text, is_error, (time.perf_counter() - t0) * 1000, (READ_CLOCK.seconds - g0) * 1000,
                 os.getpid())


def _detach_stdio() -> None:
    """stdin and stdout are the stdio transport's pipe, which only the server process speaks on:
    a worker reads nothing from it and writes anything stray to stderr."""
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.dup2(2, 1)


def main(conn: Any, threads: int) -> None:
    """The worker's loop (the target of its ``multiprocessing`` process): calls ``(id, op, name,
    arguments)`` in, run on ``threads`` threads, replies ``(id, Reply)`` out, in any order."""
    _detach_stdio()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the server, which stops the pool
    backend = Backend()
    tools = Tools(backend)
    try:
        backend.client()  # connect now, not on the first call; a graph still away is said per call
    except Exception:  # noqa: BLE001 - Backend retries on the next call and answers graph_unavailable
        pass
    sending = threading.Lock()
    conn.send((READY, os.getpid()))  # calls (and their timeouts) start once the worker can take them

    def run(call_id: int, op: str, name: str, arguments: dict[str, Any]) -> None:
        reply = handle(tools, backend, op, name, arguments)
        with sending:
            try:
                conn.send((call_id, reply))
            except OSError:  # the server is gone: nobody to answer
                pass

    with ThreadPoolExecutor(threads, thread_name_prefix="mcp-call") as calls:
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):  # the server closed the pool or died: nothing left to answer
                break
            if message is None:
                break
            calls.submit(run, *message)
        calls.shutdown(wait=False, cancel_futures=True)
    close_all()
