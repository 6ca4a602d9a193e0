"""Relationships read from document text are *claims*, kept apart from registry facts.

Every edge an extractor wrote carries ``source_kind = "text_claim"``, the method, a confidence
and the sentence (``claim_*``, see :mod:`graph.load.rows`). Analytics admit a claim when its
confidence reaches the threshold (``Settings.claim_threshold``, ``OWNERGRAPH_CLAIM_THRESHOLD``,
or per command ``--min-claim-confidence``; :func:`claims_at` in code) or a person accepted it;
a rejected claim never takes part. The others wait in the review queue (``ownergraph review``).
Decisions are ``(:ClaimDecision)`` nodes, like resolution's ``(:MatchDecision)``: who, when,
why; undoing one keeps it, marked, and the claim falls back to the decision before it.

The gate works through the statement ids analytics leave out (:func:`excluded`), the same
mechanism as a session's what-if (``graph.analytics.snapshot.Assumed.suppressed``), so the
Cypher gate and the server-side cascade procedure apply it without a second predicate.
"""

from __future__ import annotations

import contextlib
import getpass
import uuid
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import Any, Literal, Protocol

from ownergraph.domain.settings import claim_threshold, load_settings
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.errors import ReviewError

Status = Literal["pending", "admitted", "accepted", "rejected"]
STATUSES: tuple[str, ...] = ("pending", "admitted", "accepted", "rejected")
TEXT_CLAIM = "text_claim"

_THRESHOLD: ContextVar[float | None] = ContextVar("ownergraph_claim_threshold", default=None)


class _Reads(Protocol):
    def read(self, query: Any, **params: Any) -> list[dict[str, Any]]: ...


@contextlib.contextmanager
def claims_at(threshold: float | None) -> Iterator[None]:
    """Analytics in this context admit text claims from ``threshold`` (None: the settings')."""
    token = _THRESHOLD.set(None if threshold is None else claim_threshold(threshold))
    try:
        yield
    finally:
        _THRESHOLD.reset(token)


def threshold() -> float:
    """The claim threshold in force: :func:`claims_at`, else ``Settings.claim_threshold``."""
    value = _THRESHOLD.get()
    return load_settings().claim_threshold if value is None else value


def status_of(confidence: float | None, decision: str | None, at: float) -> Status:
    """A claim's place: a person's decision wins; else its confidence against ``at``."""
    if decision in ("accepted", "rejected"):
        return decision  # type: ignore[return-value]
    return "admitted" if (confidence or 0.0) >= at else "pending"


def excluded(reader: _Reads, at: float | None = None) -> frozenset[str]:
    """Statement ids of the text claims analytics leave out (pending or rejected)."""
    at = threshold() if at is None else at
    return frozenset(r["statement_id"] for r in reader.read("claims_state")
                     if status_of(r["confidence"], r["status"], at) in ("pending", "rejected"))


def is_claim(props: dict[str, Any]) -> bool:
    return props.get("source_kind") == TEXT_CLAIM


def claim_source(props: dict[str, Any], title: str | None = None) -> str:
    """Where a text claim comes from, for a reader: "stated in <document>, p. N"."""
    doc = title or props.get("document_id") or props.get("source_file") or "a document"
    page = props.get("claim_page")
    return f"stated in {doc}" + (f", p. {page}" if page else "")


def claim_note(props: dict[str, Any], title: str | None = None) -> str:
    """The claim's source, method, confidence and verbatim sentence, in one line."""
    quote = " ".join(str(props.get("claim_quote") or "").split())
    conf = props.get("claim_confidence")
    how = f"{props.get('claim_method') or 'extracted'}" + (f", confidence {float(conf):.2f}" if conf is not None else "")
    return f"{claim_source(props, title)} ({how}): \u201c{quote}\u201d"


@dataclass(frozen=True)
class ReviewItem:
    """One text claim as the review queue shows it."""

    claim_id: str  # the edge's statement_id
    status: Status
    type: str
    source: str
    source_name: str | None
    target: str
    target_name: str | None
    confidence: float | None
    method: str | None
    document_id: str | None
    document_title: str | None
    page: int | None
    quote: str | None
    valid_from: str | None
    known_from: str | None
    decision_id: str | None
    stake: float | None = None
    amount: float | None = None
    currency: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _open(known_to: str | None) -> bool:
    return not known_to or known_to.startswith("9999")


def review_items(graph: Graph, status: str | None = "pending", at: float | None = None) -> list[ReviewItem]:
    """Text claims known now (not superseded) with their status; ``status`` None: all."""
    if status is not None and status not in STATUSES:
        raise ReviewError(f"status: {status!r} is not one of {', '.join(STATUSES)}")
    at = threshold() if at is None else at
    state = {r["rid"]: r for r in graph.read("claims_state") if _open(r["known_to"])}
    chosen = {rid: status_of(r["confidence"], r["status"], at) for rid, r in state.items()}
    rids = sorted(rid for rid, s in chosen.items() if status is None or s == status)
    out = []
    for row in graph.read("claims_detail", rids=rids) if rids else []:
        p, st = row["props"], state[row["rid"]]
        out.append(ReviewItem(
            claim_id=p["statement_id"], status=chosen[row["rid"]], type=row["type"], source=row["source"],
            source_name=row["source_name"], target=row["target"], target_name=row["target_name"],
            confidence=p.get("claim_confidence"), method=p.get("claim_method"), document_id=p.get("document_id"),
            document_title=row["document_title"], page=p.get("claim_page"), quote=p.get("claim_quote"),
            valid_from=(p.get("valid_from") or "")[:10] or None, known_from=p.get("known_from"),
            decision_id=st["decision_id"], stake=p.get("stake_lo"), amount=p.get("amount"),
            currency=p.get("currency")))
    return sorted(out, key=lambda i: (i.document_id or "", i.type, i.source_name or "", i.target_name or ""))


def _one_claim(graph: Graph, claim_id: str) -> dict[str, Any]:
    """The claim a (prefix of a) statement id names, exactly one."""
    cid = claim_id.strip().lower()
    if len(cid) < 6:
        raise ReviewError(f"claim id {claim_id!r}: give at least 6 characters of it (ownergraph review list)")
    rows = [r for r in graph.read("claims_state") if str(r["statement_id"]).startswith(cid)]
    ids = sorted({r["statement_id"] for r in rows})
    if not ids:
        raise ReviewError(f"no text claim with id {claim_id!r} (ownergraph review list --all shows them)")
    if len(ids) > 1:
        raise ReviewError(f"claim id {claim_id!r} names {len(ids)} claims: {', '.join(i[:12] for i in ids)}")
    return rows[0]


def decide(graph: Graph, claim_id: str, verdict: Literal["accepted", "rejected"], reason: str = "",
           by: str | None = None, now: datetime | None = None) -> dict[str, Any]:
    """Accept or reject a text claim (reversible: :func:`undo`); the decision as stored."""
    if verdict not in ("accepted", "rejected"):
        raise ReviewError(f"verdict: {verdict!r} is accepted or rejected")
    claim = _one_claim(graph, claim_id)
    row = {"decision_id": f"cd-{uuid.uuid4().hex[:12]}", "statement_id": claim["statement_id"], "status": verdict,
           "previous": claim["status"], "confidence": claim["confidence"], "reason": reason,
           "decided_by": by or _user(), "decided_at": (now or datetime.now(timezone.utc)).isoformat()}
    graph.write("claim_decision_save", row=row)
    return row


def undo(graph: Graph, decision_id: str, reason: str = "", now: datetime | None = None) -> dict[str, Any]:
    """Undo a review decision: the claim goes back to the one before it (or to the threshold)."""
    rows = graph.write_rows("claim_decision_undo", decision_id=decision_id, reason=reason,
                            now=(now or datetime.now(timezone.utc)).isoformat())
    if not rows:
        raise ReviewError(f"no review decision {decision_id!r} (ownergraph review decisions lists them)")
    if rows[0]["was_undone"]:
        raise ReviewError(f"review decision {decision_id} is already undone")
    return rows[0]["decision"]


def decisions(graph: Graph) -> list[dict[str, Any]]:
    return [r["decision"] for r in graph.read("claim_decisions")]


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "user"


__all__ = ["ReviewItem", "STATUSES", "claim_note", "claim_source", "claims_at", "decide", "decisions",
           "excluded", "is_claim", "review_items", "status_of", "threshold", "undo"]
