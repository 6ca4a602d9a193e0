"""The ``ask`` tool: a question in words through ``client.ask``, the call ``ownergraph ask``
makes, answered in the same envelope as the analytics (its result is ``Answer.as_dict()``)."""

from __future__ import annotations

from typing import Any

from ownergraph.mcp.answers import MAX_LIMIT, Spec, ToolRefusal, answer, check_clock, check_range
from ownergraph.mcp.backend import Backend
from ownergraph.mcp.models import Abstention, Citation, ToolAnswer

def _budget(budget: str) -> str | int:
    if budget.isdigit():
        return int(budget)
    if budget not in ("low", "medium", "high"):
        raise ToolRefusal("budget", "not_allowed", f"budget: {budget!r} is not low, medium, high or a number")
    return budget


def _citations(ans: Any) -> list[Citation]:
    """The answer's numbered sources, with the source record of each graph edge they cite."""
    edges = {e.get("statement_id"): e for e in (ans.evidence.edges if ans.evidence else []) if e.get("statement_id")}
    out = []
    for s in ans.citations:
        edge = edges.get(s.statement_id) or {}
        out.append(Citation(label=f"[{s.number}] {s.label}", document_id=s.document_id, statement_id=s.statement_id,
                            source_system=edge.get("source_system"), source_record_id=edge.get("source_record_id"),
                            locator=edge.get("locator"), source=edge.get("source"), target=edge.get("target"),
                            type=edge.get("type")))
    return out


def _llm_abstention(client: Any, ans: Any) -> Abstention:
    why = ("no LLM is configured (OPENAI_API_KEY)" if client.llm is None
           else f"the LLM call failed ({ans.llm_unavailable})")
    return Abstention(reason="llm_unavailable", message=f"{why}: the deterministic parser read the question and "
                      "the analytic's own text answers it")


def ask_answer(backend: Backend, args: dict[str, Any], limit: int) -> ToolAnswer:
    check_clock(args.get("as_of"), args.get("known_at"))
    check_range("limit", limit, 1, MAX_LIMIT)
    client = backend.ask_client()
    ans = client.ask(args["question"], as_of=args.get("as_of"), known_at=args.get("known_at"),
                     budget=_budget(args.get("budget") or "medium"))
    ctx = ans.context
    clock = (ctx.as_of.isoformat(), str(ctx.known_at))
    extra = [_llm_abstention(client, ans)] if client.llm is None or ans.llm_unavailable else []
    spec = Spec("ask", "result", lambda d: ctx.no_relationship is None)
    return answer(spec, args, clock, ans.as_dict(), limit=limit, timeout_s=client.graph.query_timeout_s,
                  extra=extra, citations=_citations(ans))
