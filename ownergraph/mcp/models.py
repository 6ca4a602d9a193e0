"""What the MCP tools return: one typed envelope around the analytic's own result.

``result`` is the analytic's ``as_dict()`` (the very JSON that ``ownergraph <command> --json``
prints); the envelope adds what an agent needs to use it safely: citations, the limits the
answer was read under, and why it abstains, when it does.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

AbstentionReason = Literal["not_in_graph", "ambiguous", "depth_limit_reached", "reporting_exception",
                           "no_relationship_as_of", "llm_unavailable"]
ErrorCode = Literal["not_in_graph", "ambiguous", "not_a_date", "too_large", "too_small", "not_allowed",
                    "timeout", "graph_unavailable", "worker_failed", "failed"]


class Citation(BaseModel):
    """One stored fact an answer rests on, as the source gave it."""

    source_system: str | None = None
    source_record_id: str | None = None
    document_id: str | None = None
    statement_id: str | None = None
    locator: str | None = None
    label: str | None = Field(None, description="How the fact reads (ask's numbered sources).")
    source: str | None = Field(None, description="Entity key the edge starts at.")
    target: str | None = Field(None, description="Entity key the edge ends at.")
    type: str | None = Field(None, description="The edge's relationship type.")


class Abstention(BaseModel):
    """Why the answer is partial or empty; ``argument`` names the input it is about, if any."""

    reason: AbstentionReason
    message: str
    argument: str | None = None
    candidates: list[str] = Field(default_factory=list)


class ArgumentError(BaseModel):
    """A call that could not be answered as asked; ``argument`` names the input to change."""

    argument: str | None
    code: ErrorCode
    message: str
    candidates: list[str] = Field(default_factory=list)


class Limits(BaseModel):
    """The bounds the answer was read under, so a cut answer never reads as a whole one."""

    row_limit: int
    rows_total: int | None = Field(None, description="Rows the analytic returned before the cut.")
    rows_returned: int | None = None
    rows_truncated: bool = False
    citations_total: int = 0
    citations_truncated: bool = False
    max_depth: int | None = Field(None, description="Hops read from the entity (depth / hops argument).")
    query_timeout_s: float = Field(description="Each read transaction's server-enforced timeout.")
    read_only: bool = True


class ToolAnswer(BaseModel):
    """One tool call's answer on both clocks."""

    tool: str
    arguments: dict[str, Any]
    as_of: str | None = Field(None, description="Valid time the answer holds at (ISO date).")
    known_at: str | None = Field(None, description="Knowledge time: only what was published by then.")
    answered: bool = Field(description="True when the graph holds an answer (abstentions may still apply).")
    abstentions: list[Abstention] = Field(default_factory=list)
    error: ArgumentError | None = None
    citations: list[Citation] = Field(default_factory=list)
    limits: Limits | None = None
    result: dict[str, Any] | None = Field(
        None, description="The analytic's result, as `ownergraph <command> --json` prints it.")


class SourceFreshness(BaseModel):
    """One source system as the graph holds it."""

    source_system: str
    facts: int = Field(description="Nodes and relationships from this source.")
    knowledge_time: str | None = Field(None, description="Latest publication time (known_from) of its facts.")
    first_known: str | None = None
    last_load: str | None = Field(None, description="When it was last loaded (not recorded by the graph: null).")
    files: list[str] = Field(default_factory=list, description="Source files loaded (up to 20).")


class Sources(BaseModel):
    sources: list[SourceFreshness]
    note: str
