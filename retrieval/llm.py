"""OpenAI-compatible LLM client: question parsing with structured output, and plain completion.

Optional. :meth:`LLMConfig.from_env` returns ``None`` without ``OPENAI_API_KEY``, and then
everything stays deterministic (``retrieval.question.model.understand(text, config=None)``).

Environment:

==============================  =====================================================
``OPENAI_API_KEY``              required to enable the LLM path
``OPENAI_BASE_URL``             any OpenAI-compatible endpoint (default: the client's)
``OWNERGRAPH_LLM_MODEL``        model name (default ``gpt-4o-mini``)
``OWNERGRAPH_LLM_TIMEOUT``      seconds per request (default 15)
``OWNERGRAPH_LLM_MAX_RETRIES``  client retries (default 0: one failure -> fallback)
``OWNERGRAPH_LLM_RESPONSE_FORMAT``  ``json_schema`` (default, strict structured output)
                                or ``json_object`` (JSON mode, for servers without
                                json_schema support); the reply is validated either way
==============================  =====================================================

:func:`parse_with_llm` never raises for a model/transport problem: on an HTTP error, a
timeout, a refusal, invalid JSON or a reply that fails validation it returns the deterministic
parse with ``parser="deterministic"`` and a ``notes`` entry saying why. It also falls back when
the model names an anchor (or portfolio) whose text does not occur in the question (the model
must quote, not invent), or picks a pattern while the parser read a different supported one.
:func:`complete` raises :class:`LLMError` instead, so that the caller picks its own fallback.
"""

from __future__ import annotations

from ownergraph.domain.errors import LLMError

import gc
import json
import os
import re
import sys
from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ownergraph.domain.vocabulary import CHANNEL_NAMES, KINDS, RULES, UNKNOWN
from ownergraph.retrieval.question.model import EdgeType, Interest, Mention, Modifier, Pattern, Question, Rule, parse

if TYPE_CHECKING:
    from ownergraph.retrieval.question.gazetteer import Gazetteer

__all__ = ["LLMConfig", "LLMError", "parse_with_llm", "complete", "question_schema", "SYSTEM_PROMPT",
           "unavailable_notice"]

DEFAULT_MODEL = "gpt-4o-mini"


@dataclass(frozen=True)
class LLMConfig:
    api_key: str = field(repr=False)
    base_url: str | None = None
    model: str = DEFAULT_MODEL
    timeout_s: float = 15.0
    max_retries: int = 0
    response_format: Literal["json_schema", "json_object"] = "json_schema"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> LLMConfig | None:
        env = os.environ if env is None else env
        key = (env.get("OPENAI_API_KEY") or "").strip()
        if not key:
            return None
        fmt = (env.get("OWNERGRAPH_LLM_RESPONSE_FORMAT") or "json_schema").strip()
        if fmt not in ("json_schema", "json_object"):
            raise ValueError(f"OWNERGRAPH_LLM_RESPONSE_FORMAT must be json_schema or json_object, not {fmt!r}")
        return cls(
            api_key=key,
            base_url=(env.get("OPENAI_BASE_URL") or "").strip() or None,
            model=(env.get("OWNERGRAPH_LLM_MODEL") or "").strip() or DEFAULT_MODEL,
            timeout_s=float(env.get("OWNERGRAPH_LLM_TIMEOUT") or 15.0),
            max_retries=int(env.get("OWNERGRAPH_LLM_MAX_RETRIES") or 0),
            response_format=fmt,  # type: ignore[arg-type]
        )


# -- what the model fills in ------------------------------------------------------------------

class _LLMQuestion(BaseModel):
    """The model-facing subset of :class:`Question`: every field present (nullable), dates as
    ISO strings -- the shape strict structured output accepts."""

    model_config = ConfigDict(extra="forbid")

    pattern: Pattern
    anchors: list[Mention]
    as_of: str | None = Field(description="valid-time date, YYYY-MM-DD")
    known_at: str | None = Field(description="knowledge-time date, YYYY-MM-DD (backtests)")
    date_from: str | None = Field(description="diff/range start, YYYY-MM-DD")
    date_to: str | None = Field(description="diff/range end, YYYY-MM-DD")
    depth: int | None = Field(description="hops, when stated")
    rule: Rule | None
    threshold: float | None = Field(description="fraction, 0.25 for 25%, when stated")
    edge_types: list[EdgeType] | None
    interest: Interest | None = Field(default=None, description="voting_rights when the question measures votes")
    portfolio: str | None
    modifiers: list[Modifier]
    follow_up: bool
    pronoun: str | None


def _strict(schema: dict[str, Any]) -> dict[str, Any]:
    """Pydantic's JSON schema -> OpenAI strict form: every object closed, every property
    required, no defaults."""
    out = deepcopy(schema)

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            node.pop("default", None)
            if node.get("type") == "object" and "properties" in node:
                node["additionalProperties"] = False
                node["required"] = list(node["properties"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(out)
    return out


def question_schema() -> dict[str, Any]:
    """The strict JSON schema sent as ``response_format``."""
    return _strict(_LLMQuestion.model_json_schema())


SYSTEM_PROMPT = """You turn one question about company ownership, control and credit exposure into JSON.
Today is {today}. Fill every field; use null (or [] / false) for anything the question does not state.

pattern (exactly one; use "{unknown}" when none fits -- never guess):
{kinds}

anchors: entity mentions copied VERBATIM from the question (without surrounding quotes), with
role subject (what the question is about; the holder in a stake; the start of a path; the
defaulting party), object (the held entity of a stake; the end of a path; a candidate owner),
group (a family or a set acting together, e.g. "Petrov family", or X in "anything X controls"),
portfolio (a book of ours). kind_hint: person, family, company, fund or null.
If the question refers to an earlier one with a pronoun ("it", "its parent", "that fund",
"they"), set follow_up true, pronoun to those words, and do not invent an anchor.

dates (YYYY-MM-DD): as_of = valid time ("as of", "on", "at the end of"); known_at = knowledge
time ("as known at", "as we knew it on", "with what was known at"); date_from / date_to for a
diff or a range. A quarter, half or year means its last day unless "since/from" marks a start.
rule: {rules}; else null.
threshold: a stated percentage as a fraction. depth: a stated number of hops.
edge_types (contagion): {channels} -- only if the question restricts them.
interest (stake, owners): voting_rights when the question asks about votes or voting rights; else null.
modifiers: direct, ultimate, indirect, reporting_exceptions, yes_no (a yes/no question)."""
SYSTEM_PROMPT = SYSTEM_PROMPT.replace("{unknown}", UNKNOWN).replace(
    "{kinds}", "\n".join(f"- {k.name}: {k.summary}" for k in KINDS.values())).replace(
    "{rules}", ", ".join(f"{r.name} ({r.summary})" for r in RULES.values())).replace(
    "{channels}", ", ".join(CHANNEL_NAMES))  # {today} stays for format()


# -- calls --------------------------------------------------------------------------------------

def unavailable_notice(reason: str, *, answered_by: str = "the deterministic parser") -> str:
    """The one line an answer carries when a configured LLM could not be used."""
    return f"LLM unavailable: {reason}; answered by {answered_by}"


def _collect_quietly() -> None:
    """Collect what a failed call left behind, here and silently.

    A client whose ``__init__`` raised is half built, and its ``__del__`` raises in turn when the
    garbage collector gets to it: "Exception ignored in ... __del__" on stderr, at a random later
    moment. On CPython 3.11 that moment can fall inside ``ast.parse`` (pytest rendering a failure,
    ``traceback`` formatting one), whose recursion counter the nested parse corrupts: SystemError.
    """
    previous = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: None
    try:
        gc.collect()
    finally:
        sys.unraisablehook = previous


def _client(config: LLMConfig) -> Any:
    import openai

    # openai.Timeout is the HTTP library's own class (httpx's, or httpx2's from openai 3.6x on):
    # a Timeout of the other library is refused by the client.
    return openai.OpenAI(
        api_key=config.api_key,
        base_url=config.base_url,
        timeout=openai.Timeout(config.timeout_s, connect=min(5.0, config.timeout_s)),
        max_retries=config.max_retries,
    )


def _short(exc: BaseException) -> str:
    msg = re.sub(r"\s+", " ", str(exc)).strip()
    return f"{type(exc).__name__}: {msg[:200]}" if msg else type(exc).__name__


def _chat(config: LLMConfig, messages: Sequence[Mapping[str, Any]], **kwargs: Any) -> str:
    failed = None
    try:
        with _client(config) as client:
            resp = client.chat.completions.create(model=config.model, messages=list(messages), **kwargs)
    except Exception as exc:  # noqa: BLE001 -- client, transport, HTTP, schema: the call failed
        failed = _short(exc)
    if failed is not None:  # (out of the except block: its traceback no longer holds the client)
        _collect_quietly()
        raise LLMError(failed)
    try:
        choice = resp.choices[0]
    except (AttributeError, IndexError, TypeError) as exc:
        raise LLMError("reply without choices") from exc
    refusal = getattr(choice.message, "refusal", None)
    if refusal:
        raise LLMError(f"model refused: {str(refusal)[:200]}")
    content = choice.message.content
    if not content:
        raise LLMError(f"empty reply (finish_reason={choice.finish_reason})")
    return content


def complete(messages: Sequence[Mapping[str, Any]], config: LLMConfig, *, temperature: float = 0.0,
             max_tokens: int | None = None) -> str:
    """One chat completion -> its text. Raises :class:`LLMError` on any failure."""
    kwargs: dict[str, Any] = {"temperature": temperature}
    if max_tokens is not None:
        kwargs["max_tokens"] = max_tokens
    return _chat(config, messages, **kwargs)


def _norm(s: str) -> str:
    s = s.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", s).strip().casefold()


def _to_question(text: str, reply: str, notes: list[str]) -> Question:
    raw = json.loads(reply)
    if not isinstance(raw, dict):
        raise ValueError("reply is not a JSON object")
    got = _LLMQuestion.model_validate(raw)
    data = got.model_dump()
    for k in ("as_of", "known_at", "date_from", "date_to"):
        if data[k] is not None:
            data[k] = date.fromisoformat(data[k])
    haystack = _norm(text)
    kept = []
    for m in got.anchors:
        if m.role == "portfolio" or _norm(m.text) in haystack:
            kept.append(m)
        else:
            notes.append(f"llm anchor {m.text!r} is not in the question text; dropped")
    data["anchors"] = kept
    if data["portfolio"] and _norm(data["portfolio"]) not in haystack:
        notes.append(f"llm portfolio {data['portfolio']!r} is not in the question text; dropped")
        data["portfolio"] = None
        data["anchors"] = [m for m in kept if m.role != "portfolio"]
    return Question(text=text, parser="llm", notes=notes, **data)


def parse_with_llm(text: str, config: LLMConfig, *, today: date | None = None, names: Gazetteer | None = None) -> Question:
    """Structured-output parse; the deterministic parse on any failure (see module doc).
    ``names``: the graph's names, for the deterministic parse it is checked against."""
    today = today or date.today()
    messages = [
        {"role": "system", "content": SYSTEM_PROMPT.format(today=today.isoformat())},
        {"role": "user", "content": text},
    ]
    if config.response_format == "json_schema":
        fmt: dict[str, Any] = {"type": "json_schema",
                               "json_schema": {"name": "question", "strict": True, "schema": question_schema()}}
    else:
        fmt = {"type": "json_object"}
    notes: list[str] = []
    try:
        reply = _chat(config, messages, response_format=fmt, temperature=0)
        q = _to_question(text, reply, notes)
    except LLMError as exc:
        q = _fallback(text, today, names, f"llm call failed ({exc})")
        q.llm_unavailable = str(exc)
        return q
    except json.JSONDecodeError as exc:
        return _fallback(text, today, names, f"llm reply is not valid JSON ({exc.msg} at {exc.pos})")
    except ValidationError as exc:
        errs = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:3])
        return _fallback(text, today, names, f"llm reply failed validation ({errs})")
    except Exception as exc:  # noqa: BLE001 -- any other failure also falls back
        return _fallback(text, today, names, f"llm parse failed ({_short(exc)})")
    invented = [n for n in q.notes if n.startswith("llm ") and n.endswith("dropped")]
    if invented:  # a model that names what the question does not is not trusted for the rest
        return _fallback(text, today, names, invented[0].replace("; dropped", ""))
    det = parse(text, today=today, names=names)
    if det.pattern != q.pattern:
        if det.pattern != UNKNOWN and q.pattern != UNKNOWN:
            # the parser read a supported family and the model another one: the rules win
            return _fallback(text, today, names, f"llm read pattern {q.pattern!r}, the parser read {det.pattern!r}")
        q.notes.append(f"deterministic parser read pattern {det.pattern!r}")
    return q


def _fallback(text: str, today: date, names: Gazetteer | None, why: str) -> Question:
    q = parse(text, today=today, names=names)
    q.notes.insert(0, f"fell back to the deterministic parser: {why}")
    return q
