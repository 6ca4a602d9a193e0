"""``ownergraph mcp`` through the SDK's clients, against the server in a subprocess on the real
Neo4j with the example bundle: the tools and both clocks, cited answers over stdio and HTTP,
typed abstentions and argument errors, the bearer token, the sources resource."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import anyio
import httpx2
import pytest

from tests.mcp.conftest import ROOT, TOKEN, http_session, stdio_session, structured

SHIPPING = "Harbourline Shipping Limited"
HOLDINGS = "Harbourline Holdings PLC"
TOOLS = {"resolve", "owners", "stake", "parents", "children", "holdings", "exposure", "contagion", "path", "diff",
         "sanctions_near", "ask"}


def call(env: dict[str, str], tool: str, **arguments: Any) -> Any:
    """One tool call over stdio (a fresh server process, as a desktop client starts one)."""
    async def go() -> Any:
        async with stdio_session(env) as session:
            return await session.call_tool(tool, arguments)
    return anyio.run(go)


def _owner_names(data: dict[str, Any]) -> set[str]:
    return {r["name"] for r in data["result"]["rows"] if r["status"] != "not"}


def _assert_cited_owners(data: dict[str, Any]) -> None:
    assert data["answered"] and data["error"] is None, data
    assert data["as_of"] == "2024-06-30"
    assert HOLDINGS in _owner_names(data)
    cited = {c["source_record_id"] for c in data["citations"]}
    assert "own-holdings-shipping" in cited or any(c and "holdings-shipping" in c for c in cited), cited
    assert data["limits"]["read_only"] and data["limits"]["query_timeout_s"] > 0


def test_every_tool_takes_both_clocks(server_env: dict[str, str]) -> None:
    async def go() -> Any:
        async with stdio_session(server_env) as session:
            return (await session.list_tools()).tools
    tools = anyio.run(go)
    assert {t.name for t in tools} == TOOLS
    for t in tools:
        props = t.input_schema["properties"]
        assert {"as_of", "known_at"} <= set(props), t.name
        assert "entity" in props or {"a", "b"} <= set(props) or t.name == "ask", t.name
        assert t.output_schema and "abstentions" in t.output_schema["properties"], t.name
        assert t.annotations and t.annotations.read_only_hint, t.name


def test_owners_over_stdio_are_cited(server_env: dict[str, str]) -> None:
    result = call(server_env, "owners", entity=SHIPPING, as_of="2024-06-30")
    assert not result.is_error
    _assert_cited_owners(structured(result))


def test_owners_over_http_are_cited(http_server: str) -> None:
    async def go() -> Any:
        async with http_session(http_server) as session:
            return await session.call_tool("owners", {"entity": SHIPPING, "as_of": "2024-06-30"})
    result = anyio.run(go)
    assert not result.is_error
    _assert_cited_owners(structured(result))


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer not-the-token"}, {"Authorization": TOKEN}])
def test_http_without_the_token_is_refused(http_server: str, headers: dict[str, str]) -> None:
    hello = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                        "clientInfo": {"name": "test", "version": "0"}}}
    r = httpx2.post(http_server, json=hello, headers={"Accept": "application/json, text/event-stream", **headers})
    assert r.status_code == 401, r.text


def test_http_will_not_start_without_a_token(server_env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "ownergraph", "mcp", "--http", "--port", "1"], env=server_env,
                          cwd=str(ROOT), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "token" in done.stderr, done.stderr


def test_an_unknown_entity_is_a_typed_abstention(server_env: dict[str, str]) -> None:
    result = call(server_env, "owners", entity="Quillfeather Dredging Cooperative", as_of="2024-06-30")
    data = structured(result)
    assert result.is_error and not data["answered"]
    assert data["error"]["argument"] == "entity" and data["error"]["code"] == "not_in_graph"
    assert [a["reason"] for a in data["abstentions"]] == ["not_in_graph"]


def test_an_ambiguous_name_abstains_with_candidates(server_env: dict[str, str]) -> None:
    result = call(server_env, "stake", a=HOLDINGS, b="Aster Shipping Limited", as_of="2024-06-30")
    data = structured(result)
    assert result.is_error
    assert data["error"]["argument"] == "b" and data["error"]["code"] == "ambiguous"
    (abstention,) = data["abstentions"]
    assert abstention["reason"] == "ambiguous" and len(abstention["candidates"]) == 2


@pytest.mark.parametrize(("arguments", "argument", "code"), [
    ({"as_of": "2024-13-45"}, "as_of", "not_a_date"),
    ({"as_of": "mid-2023"}, "as_of", "not_a_date"),
    ({"known_at": "yesterday"}, "known_at", "not_a_date"),
    ({"limit": 100000}, "limit", "too_large"),
    ({"max_depth": 5000}, "max_depth", "too_large"),
    ({"rule": "fifty_percent"}, "rule", "not_allowed"),
])
def test_a_bad_argument_is_named(server_env: dict[str, str], arguments: dict[str, Any], argument: str,
                                 code: str) -> None:
    result = call(server_env, "owners", entity=SHIPPING, **arguments)
    data = structured(result)
    assert result.is_error and "Traceback" not in result.content[0].text
    assert (data["error"]["argument"], data["error"]["code"]) == (argument, code), data["error"]


def test_no_relationship_as_of_a_date_before_it(server_env: dict[str, str]) -> None:
    data = structured(call(server_env, "parents", entity=SHIPPING, as_of="1990-01-01"))
    assert not data["answered"] and data["error"] is None
    assert "no_relationship_as_of" in [a["reason"] for a in data["abstentions"]]


def test_known_at_hides_what_was_published_later(server_env: dict[str, str]) -> None:
    """The RNS of 2023-10-04 moved Meridian to Nordkap: known on 2023-10-01, it was not yet."""
    before = structured(call(server_env, "owners", entity="Meridian Baltic Logistics GmbH", as_of="2023-12-31",
                             known_at="2023-10-01"))
    after = structured(call(server_env, "owners", entity="Meridian Baltic Logistics GmbH", as_of="2023-12-31",
                            known_at="2023-10-05"))
    assert "Nordkap Capital AG" in _owner_names(after) and "Nordkap Capital AG" not in _owner_names(before)


def test_the_sources_resource_states_knowledge_time(server_env: dict[str, str]) -> None:
    async def go() -> Any:
        async with stdio_session(server_env) as session:
            listed = {str(r.uri) for r in (await session.list_resources()).resources}
            return listed, await session.read_resource("ownergraph://sources")
    listed, read = anyio.run(go)
    assert "ownergraph://sources" in listed
    import json
    sources = {s["source_system"]: s for s in json.loads(read.contents[0].text)["sources"]}
    assert sources["bundle"]["knowledge_time"].startswith("2024-06-30")
    assert sources["holdings_csv"]["facts"] > 0


def test_ask_answers_with_citations_and_says_no_llm(server_env: dict[str, str]) -> None:
    data = structured(call(server_env, "ask", question=f"Who is hit if {SHIPPING} defaults?", as_of="2024-06-30"))
    assert data["answered"] and "Granite Bank AG" in data["result"]["answer"]
    assert any(c["label"] and c["label"].startswith("[") for c in data["citations"])
    assert "llm_unavailable" in [a["reason"] for a in data["abstentions"]]


def test_a_depth_limit_and_a_reporting_exception_are_typed(server_env: dict[str, str]) -> None:
    """Valtora is two hops above Shipping (max_depth 1 stops at Holdings); GLEIF-style reporting
    exceptions say Valtora's ultimate parent exists but is not published."""
    async def go() -> tuple[dict[str, Any], dict[str, Any]]:
        async with stdio_session(server_env) as session:
            shallow = await session.call_tool("owners", {"entity": SHIPPING, "as_of": "2024-06-30", "max_depth": 1})
            parents = await session.call_tool("parents", {"entity": "Valtora Investments Ltd", "as_of": "2024-06-30"})
            return structured(shallow), structured(parents)
    shallow, parents = anyio.run(go)
    assert "depth_limit_reached" in [a["reason"] for a in shallow["abstentions"]]
    assert shallow["limits"]["max_depth"] == 1
    assert "reporting_exception" in [a["reason"] for a in parents["abstentions"]]
    assert "repex-valtora-ultimate" in {c["source_record_id"] for c in parents["citations"]}


def test_the_row_limit_is_named_when_it_cuts(server_env: dict[str, str]) -> None:
    data = structured(call(server_env, "owners", entity=SHIPPING, as_of="2024-06-30", limit=1))
    limits = data["limits"]
    assert (limits["row_limit"], limits["rows_returned"], limits["rows_truncated"]) == (1, 1, True)
    assert limits["rows_total"] > 1 and len(data["result"]["rows"]) == 1
    assert len(data["citations"]) == 1 and limits["citations_truncated"]


def test_the_read_timeout_is_the_settings_and_named(server_env: dict[str, str]) -> None:
    data = structured(call({**server_env, "OWNERGRAPH_QUERY_TIMEOUT": "17"}, "parents", entity=SHIPPING))
    assert data["limits"]["query_timeout_s"] == 17.0


def test_no_graph_is_a_typed_error_not_a_failed_start(server_env: dict[str, str]) -> None:
    from tests.mcp.conftest import free_port

    away = {**server_env, "NEO4J_URI": f"bolt://127.0.0.1:{free_port()}"}
    result = call(away, "owners", entity=SHIPPING)
    data = structured(result)
    assert result.is_error and data["error"]["code"] == "graph_unavailable", data["error"]
    assert "Traceback" not in result.content[0].text
