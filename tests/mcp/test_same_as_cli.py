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
MID_2023 = {"as_of": "2023-06-30", "known_at": "2024-07-31"}
SHIPPING = "Harbourline Shipping Limited"
# (tool, its arguments, the CLI arguments asking the same[, the clock when not CLOCK])
CASES: list[tuple[Any, ...]] = [
    ("owners", {"entity": SHIPPING}, ["owners", SHIPPING]),
    ("stake", {"a": "Ivan Petrov", "b": SHIPPING}, ["stake", "Ivan Petrov", SHIPPING]),
    ("parents", {"entity": SHIPPING}, ["parents", SHIPPING]),
    ("children", {"entity": "Harbourline Holdings PLC"}, ["parents", "--children", "Harbourline Holdings PLC"]),
    ("exposure", {"entity": "Petrov family"}, ["exposure", "Petrov family"]),
    ("contagion", {"entity": SHIPPING}, ["contagion", SHIPPING]),
    ("path", {"a": "Nordkap Baltic Opportunities Fund", "b": "Harbourline Ferries Limited"},
     ["path", "Nordkap Baltic Opportunities Fund", "Harbourline Ferries Limited"]),
    # no directed path then, one through their common owner: the tool's default direction is the CLI's
    ("path", {"a": "Harbourline Ferries Limited", "b": "Meridian Baltic Logistics GmbH"},
     ["path", "Harbourline Ferries Limited", "Meridian Baltic Logistics GmbH"], MID_2023),
    ("diff", {"entity": "Meridian Baltic Logistics GmbH", "since": "2023-01-01"},
     ["diff", "Meridian Baltic Logistics GmbH", "2023-01-01"]),
    ("sanctions_near", {"entity": SHIPPING}, ["sanctions-near", SHIPPING]),
]


@pytest.fixture(scope="module")
def mcp_results(server_env: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Every case asked in one stdio session."""
    async def go() -> dict[str, dict[str, Any]]:
        async with stdio_session(server_env) as session:
            return {_id(c): structured(await session.call_tool(c[0], c[1] | _clock(c))) for c in CASES}
    return anyio.run(go)


def _clock(case: tuple[Any, ...]) -> dict[str, str]:
    return case[3] if len(case) > 3 else CLOCK


def _id(case: tuple[Any, ...]) -> str:
    return f"{case[0]}-{case[1]}"


def _cli_clock(clock: dict[str, str]) -> list[str]:
    return ["--as-of", clock["as_of"], "--known-at", clock["known_at"]]


def cli_json(env: dict[str, str], *argv: str, parse_constant: Any = None) -> Any:
    done = subprocess.run([sys.executable, "-m", "ownergraph", *argv, "--json"], env=env, cwd=str(ROOT),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout, parse_constant=parse_constant)


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_a_tool_answers_as_the_cli_does(case: tuple[Any, ...], mcp_results: dict[str, dict[str, Any]],
                                        server_env: dict[str, str]) -> None:
    data = mcp_results[_id(case)]
    assert data["error"] is None, data["error"]
    assert not data["limits"]["rows_truncated"]
    assert data["result"] == cli_json(server_env, *case[2], *_cli_clock(_clock(case)))


@pytest.mark.parametrize(("question", "clock"), [
    (f"Who is hit if {SHIPPING} defaults?", CLOCK),
    # before the disposal was published (2023-10-04): Shipping, not Nordkap, owns Meridian
    ("Who owns Meridian Baltic Logistics GmbH?", {"as_of": "2023-12-31", "known_at": "2023-10-01"}),
])
def test_ask_answers_as_the_cli_does(server_env: dict[str, str], question: str, clock: dict[str, str]) -> None:
    async def go() -> dict[str, Any]:
        async with stdio_session(server_env) as session:
            return structured(await session.call_tool("ask", {"question": question} | clock))
    mcp = anyio.run(go)["result"]
    # the CLI prints a missing figure of ask's table as NaN (not JSON); MCP's strict JSON has null
    cli = cli_json(server_env, "ask", question, *_cli_clock(clock), parse_constant=lambda _: None)
    for key in ("answer", "result", "citations", "subgraph", "question"):
        assert mcp[key] == cli[key], key


@pytest.mark.parametrize(("tool", "arguments", "api"), [
    ("holdings", {"entity": "Ivan Petrov"},
     lambda og, c: og.analytics.ownership.controlled_by("Ivan Petrov", **c)),
    ("resolve", {"entity": "Harbourline"}, lambda og, c: og.resolve("Harbourline", as_of=c["as_of"])),
])
def test_tools_without_a_command_answer_as_the_python_api_does(tool: str, arguments: dict[str, Any], api: Any,
                                                               server_env: dict[str, str], bundle_graph: Any) -> None:
    """``holdings`` and ``resolve`` have no CLI command of their own: the facade is the reference."""
    from ownergraph import Ownergraph

    async def go() -> dict[str, Any]:
        async with stdio_session(server_env) as session:
            return structured(await session.call_tool(tool, arguments | CLOCK))
    data = anyio.run(go)
    assert data["answered"] and data["error"] is None
    expected = api(Ownergraph(bundle_graph), CLOCK).as_dict()
    assert data["result"] == json.loads(json.dumps(expected, default=str))
