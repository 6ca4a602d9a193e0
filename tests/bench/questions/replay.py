"""Replies a model would give to the question corpus's reading prompt, built from the corpus's
own expected readings (dev rows only), and a responder for the fake OpenAI server that replays
them by question text. Plumbing only: it shows that the scorer's ``--llm`` path sends each
question, takes the structured reply and scores it; it measures no model."""

from __future__ import annotations

import json
from typing import Any

from tests.retrieval.fake_openai import Scripted, completion


def _in_text(question: str, name: str) -> bool:
    return name.casefold() in question.casefold()


def replayable(row: dict[str, Any]) -> bool:
    """A dev row whose anchors stand in its text as written (a model names only what it reads)."""
    exp = row["expected"]
    return row["split"] == "dev" and exp["kind"] != "unknown" and bool(exp["anchors"]) and \
        all(_in_text(row["question"], a) for a in exp["anchors"])


def reading(row: dict[str, Any]) -> dict[str, Any]:
    """The structured reply for one row: its expected reading in the model's schema."""
    exp = row["expected"]
    roles = ["subject", "object"]
    return {
        "pattern": exp["kind"],
        "anchors": [{"text": a, "role": roles[min(i, 1)], "kind_hint": None} for i, a in enumerate(exp["anchors"])],
        "as_of": exp["as_of"], "known_at": exp["known_at"], "date_from": exp.get("from"), "date_to": exp.get("to"),
        "depth": exp["depth"], "rule": exp["rule"], "threshold": None, "edge_types": None, "interest": None,
        "portfolio": None, "modifiers": [], "follow_up": False, "pronoun": None,
    }


def responder(replies: dict[str, str]) -> Any:
    """Answer a reading request with the recorded reply for its question (a broken one when the
    recording says so); refuse any other request (answer wording), so answers keep the analytic's
    own text."""
    def respond(body: Any) -> Scripted:
        fmt = (body or {}).get("response_format") or {}
        if fmt.get("json_schema", {}).get("name") != "question" and fmt.get("type") != "json_object":
            return Scripted(503, {"error": {"message": "fake server: reading only", "type": "server_error"}})
        question = next(m["content"] for m in body["messages"] if m["role"] == "user")
        if question not in replies:
            return Scripted(500, {"error": {"message": "fake server: no recording", "type": "server_error"}})
        return Scripted(200, completion(replies[question]))
    return respond


def recordings(rows: list[dict[str, Any]]) -> dict[str, str]:
    return {r["question"]: json.dumps(reading(r)) for r in rows}
