"""The worker pool behind ``ownergraph mcp``, through the SDK's clients against the server in a
subprocess: concurrent calls (8 HTTP clients; many calls on one stdio connection) get the same
answers as the same calls one after another, from more than one worker; a worker killed during
a call is that call's typed ``worker_failed`` error and the pool answers the next call; a
stopped server leaves no process behind."""

from __future__ import annotations

import json
import os
import signal
import time
from typing import Any

import anyio
import psutil
import pytest

from ownergraph.mcp.pool import META_WORKER
from tests.mcp.conftest import http_session, stdio_session, structured

CLOCK = {"as_of": "2024-06-30", "known_at": "2024-07-31"}  # both clocks fixed: answers comparable
SHIPPING = "Harbourline Shipping Limited"
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("owners", {"entity": SHIPPING}),
    ("stake", {"a": "Ivan Petrov", "b": SHIPPING}),
    ("path", {"a": "Nordkap Baltic Opportunities Fund", "b": "Harbourline Ferries Limited"}),
    ("exposure", {"entity": "Petrov family"}),
    ("parents", {"entity": SHIPPING}),
    ("contagion", {"entity": SHIPPING}),
    ("ask", {"question": f"Who owns {SHIPPING}?"}),
    ("ask", {"question": "What is our exposure to the Petrov family?"}),
    ("owners", {"entity": "Quillfeather Dredging Cooperative"}),  # a typed abstention
    ("owners", {"entity": SHIPPING, "max_depth": 999}),  # a typed argument error
]


def comparable(result: Any) -> str:
    """A call's answer without what differs between two askings of it (ask's own timings)."""
    data = structured(result)
    if isinstance(data.get("result"), dict):
        data["result"].pop("timings_ms", None)
    return json.dumps({"is_error": result.is_error, **data}, sort_keys=True)


async def sequential(session: Any) -> list[str]:
    return [comparable(await session.call_tool(tool, args | CLOCK)) for tool, args in CALLS]


async def concurrently(session: Any, order: list[int], out: dict[int, str], pids: set[int]) -> None:
    async def one(i: int) -> None:
        result = await session.call_tool(CALLS[i][0], CALLS[i][1] | CLOCK)
        out[i] = comparable(result)
        pids.add((result.meta or {})[META_WORKER])
    async with anyio.create_task_group() as tg:
        for i in order:
            tg.start_soon(one, i)


async def pool_status(session: Any) -> dict[str, Any]:
    return json.loads((await session.read_resource("ownergraph://pool")).contents[0].text)


def test_eight_http_clients_get_the_sequential_answers(http_server: str) -> None:
    async def go() -> tuple[list[str], list[dict[int, str]], set[int]]:
        async with http_session(http_server) as session:
            reference = await sequential(session)
        outs: list[dict[int, str]] = [{} for _ in range(8)]
        pids: set[int] = set()

        async def client(c: int) -> None:
            async with http_session(http_server) as session:
                order = [(c + k) % len(CALLS) for k in range(len(CALLS))]  # each client its own order
                await concurrently(session, order, outs[c], pids)
        async with anyio.create_task_group() as tg:
            for c in range(8):
                tg.start_soon(client, c)
        return reference, outs, pids
    reference, outs, pids = anyio.run(go)
    assert len(pids) == 2, pids  # the conftest server's two workers both answered
    for c, out in enumerate(outs):
        assert [out[i] for i in range(len(CALLS))] == reference, f"client {c}"
    assert '"code": "too_large"' in reference[-1] and '"not_in_graph"' in reference[-2]


def test_one_stdio_connection_answers_calls_at_once(server_env: dict[str, str]) -> None:
    async def go() -> tuple[list[str], dict[int, str], set[int]]:
        async with stdio_session(server_env) as session:
            reference = await sequential(session)
            out: dict[int, str] = {}
            pids: set[int] = set()
            await concurrently(session, list(range(len(CALLS))) * 1, out, pids)
            return reference, out, pids
    reference, out, pids = anyio.run(go)
    assert [out[i] for i in range(len(CALLS))] == reference
    assert len(pids) == 2, pids


def test_a_worker_killed_during_a_call_is_a_typed_error_and_the_pool_recovers(server_env: dict[str, str]) -> None:
    async def go() -> tuple[Any, ...]:
        async with stdio_session({**server_env, "OWNERGRAPH_MCP_WORKERS": "1"}) as session:
            first = await session.call_tool("owners", {"entity": SHIPPING} | CLOCK)  # the worker is up
            pid = (await pool_status(session))["workers"][0]["pid"]
            os.kill(pid, signal.SIGSTOP)  # the call below is in the worker's hands when it dies
            got: dict[str, Any] = {}

            async def ask() -> None:
                got["r"] = await session.call_tool("owners", {"entity": SHIPPING} | CLOCK)
            async with anyio.create_task_group() as tg:
                tg.start_soon(ask)
                await anyio.sleep(1.0)
                os.kill(pid, signal.SIGKILL)
            after = await session.call_tool("owners", {"entity": SHIPPING} | CLOCK)
            status = await pool_status(session)
            return first, pid, got["r"], after, status
    first, pid, crashed, after, status = anyio.run(go)
    data = structured(crashed)
    assert crashed.is_error and data["error"]["code"] == "worker_failed", data
    assert "exit code" in data["error"]["message"] and "Traceback" not in json.dumps(data)
    assert not after.is_error and comparable(after) == comparable(first)
    assert after.meta[META_WORKER] != pid
    assert status["worker_failed"] == 1 and status["restarts"] == 1 and len(status["workers"]) == 1


def test_a_call_past_the_call_timeout_is_a_typed_timeout_and_its_worker_replaced(server_env: dict[str, str]
                                                                                  ) -> None:
    env = {**server_env, "OWNERGRAPH_MCP_WORKERS": "1", "OWNERGRAPH_MCP_CALL_TIMEOUT": "5"}

    async def go() -> tuple[Any, ...]:
        async with stdio_session(env) as session:
            await session.call_tool("parents", {"entity": SHIPPING} | CLOCK)  # the worker is up
            pid = (await pool_status(session))["workers"][0]["pid"]
            os.kill(pid, signal.SIGSTOP)  # hung: never answers
            hung = await session.call_tool("owners", {"entity": SHIPPING} | CLOCK)
            after = await session.call_tool("owners", {"entity": SHIPPING} | CLOCK)
            return pid, hung, after, await pool_status(session)
    pid, hung, after, status = anyio.run(go)
    data = structured(hung)
    assert hung.is_error and data["error"]["code"] == "timeout" and "5 s" in data["error"]["message"], data
    assert not after.is_error and after.meta[META_WORKER] != pid
    assert status["timeouts"] == 1 and status["worker_failed"] == 0 and status["restarts"] == 1
    assert _gone([pid], 10) == []


def test_a_worker_dead_while_idle_is_replaced_without_an_error(server_env: dict[str, str]) -> None:
    async def go() -> tuple[Any, ...]:
        async with stdio_session({**server_env, "OWNERGRAPH_MCP_WORKERS": "1"}) as session:
            pid = (await pool_status(session))["workers"][0]["pid"]
            os.kill(pid, signal.SIGKILL)
            assert _gone([pid], 10) == []
            after = await session.call_tool("parents", {"entity": SHIPPING} | CLOCK)
            return pid, after, await pool_status(session)
    pid, after, status = anyio.run(go)
    assert not after.is_error and after.meta[META_WORKER] != pid
    assert status["worker_failed"] == 1 and status["calls"] == 1


def _gone(pids: list[int], seconds: float = 20) -> list[int]:
    """The pids still running (not exited, not a zombie) after up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        alive = [p for p in pids if psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.2)


def test_closing_a_stdio_session_leaves_no_process(server_env: dict[str, str]) -> None:
    async def go() -> dict[str, Any]:
        async with stdio_session(server_env) as session:
            await session.call_tool("owners", {"entity": SHIPPING} | CLOCK)
            return await pool_status(session)
    status = anyio.run(go)
    pids = [status["server_pid"], *(w["pid"] for w in status["workers"])]
    assert len(pids) == 3
    assert _gone(pids) == []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_a_stopped_http_server_leaves_no_process(server_env: dict[str, str], sig: signal.Signals) -> None:
    from tests.mcp.conftest import TOKEN, free_port, launch_http

    port = free_port()
    with launch_http({**server_env, "OWNERGRAPH_MCP_TOKEN": TOKEN}, port) as (proc, url):
        async def go() -> dict[str, Any]:
            async with http_session(url) as session:
                await session.call_tool("owners", {"entity": SHIPPING} | CLOCK)
                return await pool_status(session)
        status = anyio.run(go)
        workers = [w["pid"] for w in status["workers"]]
        assert status["server_pid"] == proc.pid and len(workers) == 2
        proc.send_signal(sig)  # SIGKILL: no clean-up ran; each worker sees its pipe close and stops
        proc.wait(30)
    assert _gone(workers) == []


def broken_worker(conn: Any, threads: int) -> None:
    """A worker that ends before it starts (an install it cannot import, say)."""
    raise SystemExit(3)


def test_workers_that_cannot_start_are_a_typed_error_not_a_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    from ownergraph.mcp import pool

    monkeypatch.setattr(pool.worker, "main", broken_worker)  # what each spawned process runs
    p = pool.WorkerPool(1)
    try:
        result = p.tool("resolve", {"entity": SHIPPING, "as_of": None, "known_at": None, "limit": 10})
    finally:
        p.close()
    error = structured(result)["error"]
    assert result.is_error and error["code"] == "worker_failed", error
    assert "ended before they started" in error["message"] and "exit code 3" in error["message"]
    assert p.status()["workers"] == [] and p.status()["worker_failed"] == pool.MAX_FAILED_STARTS
