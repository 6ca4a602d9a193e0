"""Every surface gives the same answer: each MCP tool's ``result`` equals what
``ownergraph <command> --json`` prints for the same question on the same clocks."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import anyio
import pytest

from tests.mcp.conftest import ROOT, stdio_session, structured

CLOCK = {"as_of": "2024-06-30", "known_at": "2024-07-31"}
CLI_CLOCK = ["--as-of", CLOCK["as_of"], "--known-at", CLOCK["known_at"]]
SHIPPING = "Harbourline Shipping Limited"
# (tool, its arguments, the CLI arguments asking the same)
CASES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("owners", {"entity": SHIPPING}, ["owners", SHIPPING]),
    ("stake", {"a": "Ivan Petrov", "b": SHIPPING}, ["stake", "Ivan Petrov", SHIPPING]),
    ("parents", {"entity": SHIPPING}, ["parents", SHIPPING]),
    ("children", {"entity": "Harbourline Holdings PLC"}, ["parents", "--children", "Harbourline Holdings PLC"]),
    ("exposure", {"entity": "Petrov family"}, ["exposure", "Petrov family"]),
    ("contagion", {"entity": SHIPPING}, ["contagion", SHIPPING]),
    ("path", {"a": "Nordkap Baltic Opportunities Fund", "b": "Harbourline Ferries Limited"},
     ["path", "Nordkap Baltic Opportunities Fund", "Harbourline Ferries Limited"]),
    ("diff", {"entity": "Meridian Baltic Logistics GmbH", "since": "2023-01-01"},
     ["diff", "Meridian Baltic Logistics GmbH", "2023-01-01"]),
    ("sanctions_near", {"entity": SHIPPING}, ["sanctions-near", SHIPPING]),
]


@pytest.fixture(scope="module")
def mcp_results(server_env: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Every case asked in one stdio session."""
    async def go() -> dict[str, dict[str, Any]]:
        async with stdio_session(server_env) as session:
            return {tool: structured(await session.call_tool(tool, args | CLOCK)) for tool, args, _ in CASES}
    return anyio.run(go)


def cli_json(env: dict[str, str], *argv: str, parse_constant: Any = None) -> Any:
    done = subprocess.run([sys.executable, "-m", "ownergraph", *argv, "--json"], env=env, cwd=str(ROOT),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout, parse_constant=parse_constant)


@pytest.mark.parametrize(("tool", "cli_args"), [(t, c) for t, _, c in CASES], ids=[t for t, _, _ in CASES])
def test_a_tool_answers_as_the_cli_does(tool: str, cli_args: list[str], mcp_results: dict[str, dict[str, Any]],
                                        server_env: dict[str, str]) -> None:
    data = mcp_results[tool]
    assert data["error"] is None, data["error"]
    assert not data["limits"]["rows_truncated"]
    assert data["result"] == cli_json(server_env, *cli_args, *CLI_CLOCK)


def test_ask_answers_as_the_cli_does(server_env: dict[str, str]) -> None:
    question = f"Who is hit if {SHIPPING} defaults?"
    async def go() -> dict[str, Any]:
        async with stdio_session(server_env) as session:
            return structured(await session.call_tool("ask", {"question": question} | CLOCK))
    mcp = anyio.run(go)["result"]
    # the CLI prints a missing figure of ask's table as NaN (not JSON); MCP's strict JSON has null
    cli = cli_json(server_env, "ask", question, *CLI_CLOCK, parse_constant=lambda _: None)
    for key in ("answer", "result", "citations", "subgraph", "question"):
        assert mcp[key] == cli[key], key
