"""One benchmark client: a process of its own holding MCP sessions (official SDK client) to the
servers under test, timing calls when the coordinator says go.

Each client is a separate process, as real clients are: 8 clients in one Python process would
queue for that process's GIL and measure the benchmark, not the server. Commands arrive on a
pipe: ``("run", session, calls, tasks)`` opens nothing (sessions are opened once, at start),
answers ``"ready"``, waits for ``"go"``, then makes ``calls`` with ``tasks`` in flight at once
(1: one after another; 8 on one stdio connection: eight askers sharing it) and sends back the
samples; ``None`` stops it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from contextlib import AsyncExitStack
from typing import Any

import anyio
import httpx2
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

META_TIMINGS = "ownergraph/timings_ms"
Call = tuple[str, dict[str, Any]]
# (tool, client ms, the server's stage timings or None, is_error, answer signature, arguments as JSON)
Sample = tuple[str, float, dict[str, float] | None, bool, str, str]


def signature(result: Any) -> str:
    """The answer as a short hash, without what differs between two askings (ask's timings)."""
    data = dict(result.structured_content or {})
    if isinstance(data.get("result"), dict):
        data["result"] = {k: v for k, v in data["result"].items() if k != "timings_ms"}
    text = json.dumps({"e": bool(result.is_error), **data}, sort_keys=True, default=str)
    return hashlib.sha1(text.encode()).hexdigest()[:16]


async def open_session(stack: AsyncExitStack, spec: dict[str, Any]) -> ClientSession:
    if spec["transport"] == "http":
        client = await stack.enter_async_context(httpx2.AsyncClient(
            headers={"Authorization": f"Bearer {spec['token']}"}, timeout=600))
        read, write = await stack.enter_async_context(streamable_http_client(spec["url"], http_client=client))
    else:
        params = StdioServerParameters(command=sys.executable, args=["-m", "ownergraph", "mcp", *spec["args"]],
                                       env=spec["env"], cwd=spec.get("cwd"))
        read, write = await stack.enter_async_context(stdio_client(params))
    session = await stack.enter_async_context(ClientSession(read, write))
    await session.initialize()
    return session


async def timed_calls(session: ClientSession, calls: list[Call], tasks: int) -> list[Sample]:
    """Every call, ``tasks`` askers at once, asker i starting at call i·n/tasks."""
    out: list[Sample] = []
    n = len(calls)

    async def asker(i: int) -> None:
        offset = i * n // tasks
        for tool, arguments in calls[offset:] + calls[:offset]:
            t0 = time.perf_counter()
            result = await session.call_tool(tool, arguments)
            ms = (time.perf_counter() - t0) * 1000
            out.append((tool, ms, (result.meta or {}).get(META_TIMINGS), bool(result.is_error), signature(result),
                        json.dumps(arguments, sort_keys=True)))
    async with anyio.create_task_group() as tg:
        for i in range(tasks):
            tg.start_soon(asker, i)
    return out


async def serve(conn: Any, specs: dict[str, dict[str, Any]]) -> None:
    async with AsyncExitStack() as stack:
        sessions = {name: await open_session(stack, spec) for name, spec in specs.items()}
        conn.send("open")
        while True:
            command = await anyio.to_thread.run_sync(conn.recv)
            if command is None:
                break
            _, name, calls, tasks = command
            conn.send("ready")
            await anyio.to_thread.run_sync(conn.recv)  # "go": every client of the round starts together
            cpu0 = time.process_time()
            samples = await timed_calls(sessions[name], calls, tasks)
            conn.send((samples, (time.process_time() - cpu0) * 1000))


def main(conn: Any, specs: dict[str, dict[str, Any]]) -> None:
    """The client process's target."""
    os.environ.pop("OWNERGRAPH_MCP_TOKEN", None)
    anyio.run(serve, conn, specs)
