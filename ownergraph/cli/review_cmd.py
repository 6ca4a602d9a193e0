"""``ownergraph review list | accept | reject | undo | decisions``: the queue of relationships
read from document text that wait for a person (below the claim threshold), and the
decisions taken on them (reversible; stored as ``(:ClaimDecision)`` nodes, see graph.claims)."""

from __future__ import annotations

from typing import Any

import click

from ownergraph.cli.output import echo_lines, emit, json_option
from ownergraph.cli.text import plural, wrap

_STATUS_HELP = "pending (below the threshold, waiting), admitted (at or above it), accepted, rejected"


def _graph() -> Any:
    from ownergraph.graph.store.connection import connect
    return connect()


def claim_line(item: Any) -> str:
    """One claim for a person: "Bank of America, N.A lends USD 800,000,000 to Tyson Foods, Inc"."""
    from ownergraph.retrieval.answer.context import relation_text

    edge = {"type": item.type, "stake_lo": item.stake, "stake_hi": item.stake, "amount": item.amount,
            "currency": item.currency}
    return relation_text(edge, item.source_name or item.source, item.target_name or item.target)


@click.group("review")
def review_cmd() -> None:
    """Relationships read from documents: the review queue and its decisions."""


@review_cmd.command("list")
@click.option("--status", type=click.Choice(["pending", "admitted", "accepted", "rejected"]), default="pending",
              show_default=True, help=_STATUS_HELP)
@click.option("--all", "show_all", is_flag=True, help="Every text claim, whatever its status.")
@click.option("--min-claim-confidence", "threshold", type=click.FloatRange(0, 1),
              help="Claim threshold (default: the settings' claim_threshold, 0.5).")
@json_option
def review_list(status: str, show_all: bool, threshold: float | None, as_json: bool) -> None:
    """Text claims waiting for review (or of another status), with the sentence that states each."""
    from ownergraph.graph.load.claims import claim_note, review_items
    from ownergraph.graph.load.claims import threshold as current

    at = current() if threshold is None else threshold
    items = review_items(_graph(), None if show_all else status, at)
    if as_json:
        return emit({"threshold": at, "status": None if show_all else status,
                     "claims": [i.as_dict() for i in items]}, True)
    what = "text claim" if show_all else f"{status} text claim"
    lines = [wrap(f"{plural(len(items), what)} (claim threshold {at:.2f})")]
    for i in items:
        lines.append(wrap(f"{i.claim_id[:12]}  {i.status:<8}  {claim_line(i)}", "  "))
        note = claim_note({"document_id": i.document_id, "claim_page": i.page, "claim_quote": i.quote,
                           "claim_method": i.method, "claim_confidence": i.confidence}, i.document_title)
        lines.append(wrap(note, "      "))
    if items and not show_all and status == "pending":
        lines.append("accept or reject one with: ownergraph review accept|reject CLAIM_ID")
    echo_lines(lines)


def _decide(verdict: str, claim_id: str, reason: str, as_json: bool) -> None:
    from ownergraph.graph.load.claims import decide

    row = decide(_graph(), claim_id, verdict, reason)  # type: ignore[arg-type]
    if as_json:
        return emit(row, True)
    echo_lines([f"claim {row['statement_id'][:12]} {verdict} (decision {row['decision_id']}; "
                f"undo with: ownergraph review undo {row['decision_id']})"])


@review_cmd.command("accept")
@click.argument("claim_id")
@click.option("--reason", default="", help="Why: kept with the decision.")
@json_option
def review_accept(claim_id: str, reason: str, as_json: bool) -> None:
    """Accept text claim CLAIM_ID (or a unique prefix): analytics use it whatever its confidence."""
    _decide("accepted", claim_id, reason, as_json)


@review_cmd.command("reject")
@click.argument("claim_id")
@click.option("--reason", default="", help="Why: kept with the decision.")
@json_option
def review_reject(claim_id: str, reason: str, as_json: bool) -> None:
    """Reject text claim CLAIM_ID (or a unique prefix): analytics never use it."""
    _decide("rejected", claim_id, reason, as_json)


@review_cmd.command("undo")
@click.argument("decision_id")
@click.option("--reason", default="")
@json_option
def review_undo(decision_id: str, reason: str, as_json: bool) -> None:
    """Undo a review decision: the claim goes back to the decision before, or to the threshold."""
    from ownergraph.graph.load.claims import undo

    d = undo(_graph(), decision_id, reason)
    if as_json:
        return emit(d, True)
    echo_lines([f"decision {decision_id} undone: claim {d['statement_id'][:12]} is no longer {d['status']}"])


@review_cmd.command("decisions")
@json_option
def review_decisions(as_json: bool) -> None:
    """Every review decision, oldest first (undone ones marked)."""
    from ownergraph.graph.load.claims import decisions

    rows = decisions(_graph())
    emit(rows if as_json else [{"decision_id": r["decision_id"], "claim": r["statement_id"][:12],
                                "status": r["status"], "by": r.get("decided_by"), "at": r["decided_at"][:19],
                                "undone": (r.get("undone_at") or "")[:19]} for r in rows] or "no decisions",
         as_json)
