"""Question understanding: a user's question -> a typed :class:`Question`.

The model says *which family of graph question* is asked (``pattern``), *about whom*
(``anchors``: mention text spans, kept verbatim for the graph's entity lookup), *on which
clocks* (``as_of`` valid time, ``known_at`` knowledge time, ``date_from``/``date_to`` for a
diff; DOMAIN §4) and with which parameters (``rule``/``threshold`` of DOMAIN §6, ``depth`` in
hops, contagion ``edge_types``, ``portfolio``). Nothing here resolves entities, writes Cypher
or touches the graph: it is text -> model only.

Two parsers fill the same model:

* :func:`parse` -- deterministic, rule based (``retrieval.question.parser``), always available;
* :func:`understand` with an :class:`retrieval.llm.LLMConfig` -- an OpenAI-compatible model
  with structured output, falling back to :func:`parse` on any failure (``notes`` says why).

``pattern == "unknown"`` means the question is outside the supported families: callers must
not guess a query for it. ``follow_up`` marks a question that leans on an earlier turn
("Who owns it?", "What about its parent?", "and that fund?"); ``pronoun`` holds the word(s)
used, and such a question carries no anchor for the referent -- the conversation layer fills
it in.

Anchor roles: ``subject`` -- the entity the question is about (owned entity for ``owners``,
holder for ``stake``, start of a ``path``, defaulting party for ``contagion``); ``object`` --
the second entity (the held entity of a ``stake``, the end of a ``path``); ``group`` -- a set
acting together ("the Petrov family", "anything X controls"); ``portfolio`` -- a book of
ours (also copied to ``Question.portfolio``).
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from ownergraph.domain.vocabulary import CHANNEL_NAMES, PATTERN_NAMES, RULE_NAMES, UNKNOWN

if TYPE_CHECKING:  # pragma: no cover
    from ownergraph.retrieval.llm import LLMConfig
    from ownergraph.retrieval.question.gazetteer import Gazetteer

__all__ = [
    "Question",
    "Mention",
    "Pattern",
    "Rule",
    "Role",
    "KindHint",
    "EdgeType",
    "Modifier",
    "Interest",
    "PATTERNS",
    "RULES",
    "parse",
    "understand",
]

# The kinds, rules and channels are the rows of graph.vocabulary (Literal of a tuple: the same
# type as the names written out; pydantic validates against it and the LLM schema lists it).
Pattern = Literal[PATTERN_NAMES]  # type: ignore[valid-type]
Rule = Literal[RULE_NAMES]  # type: ignore[valid-type]
Role = Literal["subject", "object", "group", "portfolio"]
KindHint = Literal["person", "family", "company", "fund"]
EdgeType = Literal[CHANNEL_NAMES]  # type: ignore[valid-type]  # contagion channels
# Qualifiers that change how a family is answered without being a family of their own:
# direct / ultimate (parents: one level vs the reported ultimate parent; stake: direct only vs
# look-through), indirect (look-through asked for explicitly), reporting_exceptions (GLEIF
# "why is no parent published"), yes_no (the user asks a yes/no question: "is X blocked?",
# "is X near a sanctioned entity?", "does X have circular ownership?").
Modifier = Literal["direct", "ultimate", "indirect", "reporting_exceptions", "yes_no", "children"]
# What an ownership question measures (graph.analytics.ownership's ``interest``): the shares by
# default, the votes where the question says so ("what share of the voting rights in X ...").
Interest = Literal["shareholding", "voting_rights"]

PATTERNS: tuple[str, ...] = PATTERN_NAMES
RULES: tuple[str, ...] = RULE_NAMES


class Mention(BaseModel):
    """One entity mention: the text as the user wrote it (quotes removed), for lookup."""

    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1)
    role: Role = "subject"
    kind_hint: KindHint | None = None


class Question(BaseModel):
    """A parsed question. Fields not stated in the question stay ``None`` (never guessed)."""

    model_config = ConfigDict(extra="forbid")

    text: str
    pattern: Pattern = UNKNOWN
    anchors: list[Mention] = Field(default_factory=list)
    as_of: date | None = None  # valid time
    known_at: date | None = None  # knowledge time (backtests)
    date_from: date | None = None  # diff / ranges
    date_to: date | None = None
    depth: int | None = Field(default=None, ge=0)  # hops
    rule: Rule | None = None
    threshold: float | None = Field(default=None, ge=0.0, le=1.0)  # fraction, 0.25 = 25%
    edge_types: list[EdgeType] | None = None  # contagion channels
    interest: Interest | None = None  # what a stake / owners question measures, when it names it
    portfolio: str | None = None
    modifiers: list[Modifier] = Field(default_factory=list)
    follow_up: bool = False
    pronoun: str | None = None
    parser: Literal["deterministic", "llm"] = "deterministic"
    notes: list[str] = Field(default_factory=list)  # how things were read, fallbacks, doubts
    llm_unavailable: str | None = None  # an LLM was configured but its call failed: why

    def anchors_with(self, role: Role) -> list[Mention]:
        return [m for m in self.anchors if m.role == role]

    @property
    def subject(self) -> Mention | None:
        for role in ("subject", "group"):
            found = self.anchors_with(role)  # type: ignore[arg-type]
            if found:
                return found[0]
        return None

    @property
    def object(self) -> Mention | None:
        found = self.anchors_with("object")
        return found[0] if found else None


def parse(text: str, *, today: date | None = None, names: Gazetteer | None = None) -> Question:
    """Deterministic parse of ``text`` (see ``retrieval.question.parser``). ``today`` anchors "today",
    "since ..." ranges and relative words; default: the system date. ``names``: the graph's names,
    masked before the kind is read."""
    from ownergraph.retrieval.question.parser import parse as _parse

    return _parse(text, today=today, names=names)


def understand(text: str, *, today: date | None = None, config: LLMConfig | None = None,
               names: Gazetteer | None = None) -> Question:
    """Parse with the LLM when ``config`` is given (``LLMConfig.from_env()`` returns ``None``
    without an API key), otherwise deterministically. The LLM path falls back to :func:`parse`
    on any failure and records why in ``notes``."""
    if config is None:
        return parse(text, today=today, names=names)
    from ownergraph.retrieval.llm import parse_with_llm

    return parse_with_llm(text, config, today=today, names=names)
