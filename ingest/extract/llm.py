"""Relationships read from document sentences by an LLM (OpenAI-compatible structured output),
into the same :class:`~ingest.extract.rules.Found` the offline patterns give, so the same
records, loader and review queue follow (``method`` ``llm:<model>``).

Used only when asked for (``ownergraph ingest --extract llm``, or
``DocumentReader().with_options(extractor=LLMExtractor(...))``); the offline patterns stay the
default and are the fallback: a request that fails (HTTP error, timeout, a reply that is not
the schema's JSON) has its sentences read by the offline extractor instead, and says so in
:attr:`LLMExtractor.stats`.

Only the sentences that may state a relationship are sent (a cue word, or an offline match):
most of a filing is never in a prompt. Every fact must quote its supporting sentence verbatim:
the quote must occur in the document's own text between the offsets of the sentence it names,
and each party must be named there; a fact that fails either is rejected (counted by reason in
``stats.rejected``), never loaded. Negated statements are dropped, hedged ones get 0.35 (below
the claim threshold: they wait for review) like the patterns' hedged ones.

This layer makes its own small HTTP call (stdlib ``urllib``): ``ingest`` never imports
``retrieval``, whose client answers questions. Environment (the same names as retrieval.llm):
``OPENAI_API_KEY`` (required), ``OPENAI_BASE_URL``, ``OWNERGRAPH_LLM_MODEL``,
``OWNERGRAPH_LLM_TIMEOUT``, ``OWNERGRAPH_LLM_RESPONSE_FORMAT`` (``json_schema`` | ``json_object``).
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ownergraph.domain.errors import ConfigError, LLMError  # LLMError: one request failed -> patterns
from ownergraph.ingest.extract import extract as offline_extract, rules
from ownergraph.ingest.extract.patterns import RELATIONS
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.values import Context
from ownergraph.domain.sentences import Sentence

DEFAULT_MODEL = "gpt-4o-mini"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
STATED, HEDGED = 0.8, 0.35
BATCH_SENTENCES, BATCH_CHARS = 60, 16000  # ~750 tokens of instructions + schema per request
# a sentence worth sending: it names a relationship the extractor knows (or the patterns found one)
_CUE = re.compile(r"\b(?:own|owns|owned|holds?|held|stake|interest|subsidiar|acqui|purchas|sold|dispos|divest|"
                  r"transferr|merg|spin|spun|separation|name|guarant|loan|credit|advance|lend|borrow|control)",
                  re.I)

SYSTEM_PROMPT = """You read sentences from a company filing and list the relationships between companies \
(or people) that each sentence states as a fact. Filer: {filer}.
Relations, with who is "a" and who is "b":
- owns: a owns or holds stake_percent of b
- subsidiary: b is a subsidiary of a (a is the parent; stake_percent 100 for wholly owned)
- acquired: a acquired b (or stake_percent of b)
- sold: a sold or disposed of its interest in b
- merged: b merged into a (a survives)
- spun_off: a spun off or separated b
- renamed: a changed its name; b is the former name (or null), new_name the new name
- guarantee: a guarantees the obligations of b
- loan: a lends to b (loan, credit facility, advance): amount and currency when stated
- controlling: a is the controlling shareholder of b
For each fact give: sentence (its number), quote (words copied VERBATIM from that sentence that \
state the fact), a and b (names as written in the sentence; "the Company" or "we" for the filer), \
stake_percent, amount, currency (ISO code), date (YYYY-MM-DD when the sentence dates the fact), \
new_name, negated (the sentence denies it: "does not hold"), hedged (future, intended, conditional \
or subject to something: "may acquire", "agreed to acquire, subject to"). Use null where the \
sentence does not say. List nothing a sentence does not state; never invent names.
Answer with JSON only: {{"facts": [...]}} ({{"facts": []}} when no sentence states one)."""


def _nullable(kind: str) -> dict[str, Any]:
    return {"type": [kind, "null"]}


FACT_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False,
    "properties": {"facts": {"type": "array", "items": {
        "type": "object", "additionalProperties": False,
        "properties": {
            "sentence": {"type": "integer"}, "quote": {"type": "string"},
            "relation": {"type": "string", "enum": list(RELATIONS)},
            "a": {"type": "string"}, "b": _nullable("string"),
            "stake_percent": _nullable("number"), "amount": _nullable("number"), "currency": _nullable("string"),
            "date": _nullable("string"), "new_name": _nullable("string"),
            "negated": {"type": "boolean"}, "hedged": {"type": "boolean"},
        },
        "required": ["sentence", "quote", "relation", "a", "b", "stake_percent", "amount", "currency", "date",
                     "new_name", "negated", "hedged"],
    }}},
    "required": ["facts"],
}


@dataclass(frozen=True)
class LLMExtractConfig:
    api_key: str = field(repr=False)
    base_url: str = DEFAULT_BASE_URL
    model: str = DEFAULT_MODEL
    timeout_s: float = 60.0
    response_format: str = "json_schema"

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> LLMExtractConfig:
        """The configuration the environment gives; :class:`ConfigError` without a key."""
        key = (env.get("OPENAI_API_KEY") or "").strip()
        if not key:
            raise ConfigError("LLM extraction needs OPENAI_API_KEY (and OPENAI_BASE_URL for a server other "
                              "than OpenAI's); without them the offline extractor is used")
        fmt = (env.get("OWNERGRAPH_LLM_RESPONSE_FORMAT") or "json_schema").strip()
        if fmt not in ("json_schema", "json_object"):
            raise ConfigError(f"OWNERGRAPH_LLM_RESPONSE_FORMAT must be json_schema or json_object, not {fmt!r}")
        try:
            timeout = float(env.get("OWNERGRAPH_LLM_TIMEOUT") or 60.0)
        except ValueError as err:
            raise ConfigError(f"OWNERGRAPH_LLM_TIMEOUT: {env.get('OWNERGRAPH_LLM_TIMEOUT')!r} is not seconds") from err
        return cls(api_key=key, base_url=(env.get("OPENAI_BASE_URL") or "").strip().rstrip("/") or DEFAULT_BASE_URL,
                   model=(env.get("OWNERGRAPH_LLM_MODEL") or "").strip() or DEFAULT_MODEL, timeout_s=timeout,
                   response_format=fmt)


@dataclass
class ExtractStats:
    """What LLM extraction cost and did, over every document read with one extractor."""

    documents: int = 0
    chars: int = 0  # characters of document text read
    sentences: int = 0
    sentences_sent: int = 0
    requests: int = 0
    prompt_tokens: int = 0  # as the server reports them (usage)
    completion_tokens: int = 0
    prompt_chars: int = 0  # characters sent (system prompt + sentences), for a server without usage
    accepted: int = 0
    rejected: Counter[str] = field(default_factory=Counter)  # reason -> facts
    fallbacks: list[str] = field(default_factory=list)  # why a request's sentences went to the patterns

    def tokens_per_mb(self) -> float | None:
        """Tokens (prompt + completion, as reported) per MB (10^6 characters) of document text."""
        return (self.prompt_tokens + self.completion_tokens) / (self.chars / 1e6) if self.chars else None

    def as_dict(self) -> dict[str, Any]:
        return {k: (dict(v) if isinstance(v, Counter) else v) for k, v in self.__dict__.items()} | {
            "tokens_per_mb": self.tokens_per_mb()}


class LLMExtractor:
    """A :data:`~ingest.extract.Finder`: ``extractor(text, sentences, filer) -> list[Found]``."""

    def __init__(self, config: LLMExtractConfig, *, every_sentence: bool = False) -> None:
        self.config = config
        self.every_sentence = every_sentence  # send all sentences, not only candidates (to compare)
        self.stats = ExtractStats()

    @property
    def method(self) -> str:
        return f"llm:{self.config.model}"

    def __call__(self, text: str, sentences: Sequence[Sentence], filer: str | None = None) -> list[Found]:
        ctx = Context.of(text, filer)
        self.stats.documents += 1
        self.stats.chars += len(text)
        self.stats.sentences += len(sentences)
        offline = {s.start: rules.find(s.text, s.start, ctx) for s in sentences}
        chosen = [s for s in sentences if self.every_sentence or offline[s.start] or _CUE.search(s.text)]
        out: list[Found] = []
        for batch in _batches(chosen):
            try:
                facts = self._ask(batch, filer)
            except LLMError as err:
                self.stats.fallbacks.append(str(err))
                out += offline_extract(text, batch, filer)  # all the offline readers, not the patterns alone
                continue
            out += self._accepted(facts, batch, text, ctx)
        return out

    # -- the request ------------------------------------------------------------------------
    def _ask(self, batch: list[Sentence], filer: str | None) -> list[dict[str, Any]]:
        system = SYSTEM_PROMPT.format(filer=filer or "not stated")
        user = "\n".join(f"[{i}] {_flat(s.text)}" for i, s in enumerate(batch))
        fmt: dict[str, Any] = ({"type": "json_schema", "json_schema": {"name": "relationships", "strict": True,
                                                                       "schema": FACT_SCHEMA}}
                               if self.config.response_format == "json_schema" else {"type": "json_object"})
        body = {"model": self.config.model, "temperature": 0, "response_format": fmt,
                "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}]}
        self.stats.requests += 1
        self.stats.sentences_sent += len(batch)
        self.stats.prompt_chars += len(system) + len(user)
        reply = self._post(body)
        usage = reply.get("usage") or {}
        self.stats.prompt_tokens += int(usage.get("prompt_tokens") or 0)
        self.stats.completion_tokens += int(usage.get("completion_tokens") or 0)
        try:
            message = reply["choices"][0]["message"]
            if message.get("refusal"):
                raise LLMError(f"the model refused: {message['refusal']}")
            facts = json.loads(message.get("content") or "")["facts"]
        except (KeyError, IndexError, TypeError, ValueError) as err:
            raise LLMError(f"the reply is not the schema's JSON ({type(err).__name__}: {err})") from err
        if not isinstance(facts, list):
            raise LLMError("the reply's facts are not a list")
        return facts

    def _post(self, body: dict[str, Any]) -> dict[str, Any]:
        req = urllib.request.Request(f"{self.config.base_url}/chat/completions", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              "Authorization": f"Bearer {self.config.api_key}"})
        try:
            with urllib.request.urlopen(req, timeout=self.config.timeout_s) as resp:  # noqa: S310 - configured URL
                return json.loads(resp.read().decode("utf-8"))
        except urllib.error.HTTPError as err:
            raise LLMError(f"HTTP {err.code} from {self.config.base_url}") from err
        except (urllib.error.URLError, TimeoutError, OSError) as err:
            raise LLMError(f"no answer from {self.config.base_url}: {err}") from err
        except ValueError as err:
            raise LLMError(f"the reply is not JSON: {err}") from err

    # -- checking the reply -----------------------------------------------------------------
    def _accepted(self, facts: list[Any], batch: list[Sentence], text: str, ctx: Context) -> list[Found]:
        out: list[Found] = []
        seen: set[tuple[str, str, str, int]] = set()
        for fact in facts:
            found, why = self._found(fact, batch, text, ctx)
            if found is None:
                if why != "negated":
                    self.stats.rejected[why] += 1
                continue
            key = (found.relation, found.a.casefold(), found.b.casefold(), found.start)
            if key not in seen:
                seen.add(key)
                out.append(found)
                self.stats.accepted += 1
        return out

    def _found(self, fact: Any, batch: list[Sentence], text: str, ctx: Context) -> tuple[Found | None, str]:
        """The fact as a Found, or None and why it is rejected."""
        if not isinstance(fact, dict):
            return None, "not an object"
        i, relation = fact.get("sentence"), fact.get("relation")
        if not isinstance(i, int) or not 0 <= i < len(batch):
            return None, "no such sentence"
        if relation not in RELATIONS:
            return None, "unknown relation"
        s = batch[i]
        stated = _flat(text[s.start:s.end])  # the document's own text at the sentence's offsets
        quote = _flat(str(fact.get("quote") or ""))
        if len(quote) < 8 or quote not in stated:
            return None, "quote not verbatim in the sentence"
        if fact.get("negated") is True:
            return None, "negated"
        raw_a, raw_b = str(fact.get("a") or ""), fact.get("b")
        if not _named(raw_a, stated, ctx) or (raw_b and not _named(str(raw_b), stated, ctx)):
            return None, "party not named in the sentence"
        a, b = ctx.name(raw_a), ctx.name(str(raw_b)) if raw_b else None
        if relation == rules.RENAMED:
            b = b or a
        if not a or not b or a.casefold() == b.casefold():
            return None, "parties missing"
        hedged = fact.get("hedged") is True
        stake = _number(fact.get("stake_percent"), 100)
        return Found(relation=relation, rule=relation, a=a, b=b, confidence=HEDGED if hedged else STATED,
                     start=s.start, end=s.end, quote=text[s.start:s.end], stake=stake,
                     amount=_number(fact.get("amount")), currency=_currency(fact.get("currency")),
                     when=_day(fact.get("date")), new_name=_text(fact.get("new_name")), hedged=hedged,
                     method=self.method), ""


def _batches(sentences: list[Sentence]) -> list[list[Sentence]]:
    out: list[list[Sentence]] = []
    size = 0
    for s in sentences:
        if not out or len(out[-1]) >= BATCH_SENTENCES or size + len(s.text) > BATCH_CHARS:
            out.append([])
            size = 0
        out[-1].append(s)
        size += len(s.text)
    return out


def _flat(text: str) -> str:
    return " ".join(text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"').split())


def _named(raw: str, stated: str, ctx: Context) -> bool:
    """A party is named in the sentence: as written, or as the filer ("the Company", "we")."""
    raw = _flat(raw).strip(" ,.;:")
    return bool(raw) and (raw.casefold() in stated.casefold() or (ctx.filer is not None and ctx.name(raw) == ctx.filer))


def _number(v: Any, most: float | None = None) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0 or (most is not None and v > most):
        return None
    return float(v)


def _currency(v: Any) -> str | None:
    return v.upper() if isinstance(v, str) and re.fullmatch(r"[A-Za-z]{3}", v) else None


def _day(v: Any) -> date | None:
    try:
        return date.fromisoformat(v) if isinstance(v, str) else None
    except ValueError:
        return None


def _text(v: Any) -> str | None:
    return " ".join(v.split()) or None if isinstance(v, str) else None


__all__ = ["ExtractStats", "FACT_SCHEMA", "LLMExtractConfig", "LLMExtractor", "SYSTEM_PROMPT"]
