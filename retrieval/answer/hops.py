"""A path as a person reads it: one hop per pair of entities, every edge between the pair on
that hop, each with its direction and what it states ("→ owns 72.5% of the shares, guarantees
EUR 150,000,000; ← is consolidated by").

An arrow points the way the stored edge points (source to target) and the verb reads source to
target: on a hop "Holdings […] Shipping", "← is consolidated by" says Shipping is consolidated
by Holdings. The answer composer and the ``path`` command print the same words."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ownergraph.domain.codes import EdgeType, InterestType
from ownergraph.domain.vocabulary import EDGES, edge_verb
from ownergraph.retrieval.answer.parts import money, pct

_ORDER = {e.type.value: i for i, e in enumerate(EDGES)}  # within a hop, edges in the table's order
# what an ownership stake is a share of: shares and votes are different interests, never one "owns"
_INTEREST = {InterestType.SHAREHOLDING.value: ("owns", "of the shares"),
             InterestType.VOTING_RIGHTS.value: ("holds", "of the voting rights")}


def _stated(v: Any) -> bool:
    return v is not None and not (isinstance(v, float) and math.isnan(v))


def interest_text(edge: Mapping[str, Any]) -> str:
    """An ownership edge's interest: "owns 72.5% of the shares", "holds 52% of the voting rights"."""
    verb, of = _INTEREST.get(str(edge.get("interest") or ""), ("owns", ""))
    if not _stated(edge.get("stake_lo")):
        return f"{verb} an interest {of}".rstrip() if of else "owns (stake not stated)"
    return f"{verb} {pct(edge.get('stake_lo'), edge.get('stake_hi'))} {of}".rstrip()


def edge_text(edge: Mapping[str, Any]) -> str:
    """One edge's verb and figure, read from its source: "guarantees EUR 150,000,000"."""
    kind = str(edge.get("type"))
    if kind == EdgeType.OWNERSHIP:
        return interest_text(edge)
    verb = edge_verb(kind, edge.get("fund_kind"))
    if kind in (EdgeType.GUARANTEE, EdgeType.LENDING) and _stated(edge.get("amount")):
        return f"{verb.split()[0]} {money(edge.get('amount'), edge.get('currency'))}"
    if kind == EdgeType.CONTROL and edge.get("control_kind"):
        return f"{verb} ({str(edge['control_kind']).replace('_', ' ')})"
    return verb


def _sorted(edges: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    return sorted(edges, key=lambda e: (_ORDER.get(str(e.get("type")), 99), str(e.get("interest") or ""),
                                        -(e.get("stake_lo") or 0) if _stated(e.get("stake_lo")) else 0))


def hop_text(step: Mapping[str, Any]) -> str:
    """Every edge of one hop, forward ones first: "→ owns 72.5% of the shares; ← is consolidated by"."""
    left = step["source"]
    forward = [edge_text(e) for e in _sorted(step["edges"]) if e.get("source") == left]
    backward = [edge_text(e) for e in _sorted(step["edges"]) if e.get("source") != left]
    groups = [f"→ {', '.join(forward)}" if forward else "", f"← {', '.join(backward)}" if backward else ""]
    return "; ".join(g for g in groups if g)


def path_text(steps: Sequence[Mapping[str, Any]]) -> str:
    """The whole path, each entity once: "A [→ owns 52%] B [← lends USD 80,000,000] C"."""
    if not steps:
        return ""
    return " ".join([str(steps[0]["source_name"])] + [f"[{hop_text(s)}] {s['target_name']}" for s in steps])


def path_nodes(steps: Sequence[Mapping[str, Any]]) -> list[str]:
    """The entity keys along the path, ends included (hops + 1 of them)."""
    return [steps[0]["source"], *(s["target"] for s in steps)] if steps else []
