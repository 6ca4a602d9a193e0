"""What one question kind is, whole: :class:`KindStrategy`, one per module of this package."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import QuestionKind

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics  # noqa: F401 - in Runner's string annotation
    from ownergraph.retrieval.answer.parts import Parts
    from ownergraph.retrieval.question.model import Question

Clock = dict[str, Any]  # as_of, known_at
Runner = Callable[["Analytics", "Question", Clock, list[str]], Any]


@dataclass(frozen=True)
class KindStrategy:
    """One question kind (a row of ``domain.vocabulary.KINDS``) and everything that serves it."""

    kind: QuestionKind
    precedence: int  # keyword rules are tried in this order, lowest first; the first match wins
    rule: re.Pattern[str]  # recognises the kind in a question (parser step 3)
    slots: list[re.Pattern[str]]  # find its mentions (parser step 4a): groups x, or a and b, or ab
    run: Runner  # the analytic, at the question's clock
    found: Callable[[dict[str, Any]], bool]  # does the result (as a dict) hold an answer
    compose: Callable[[Parts], str]  # the cited answer from the result table
    nothing: str  # the answer when the graph holds none ({subject}, {other}, {d})

    @property
    def name(self) -> str:
        return self.kind.name


def interest(q: Question) -> dict[str, str]:
    """The interest a question names (the votes); the analytic's default (the shares) otherwise."""
    return {"interest": q.interest} if q.interest else {}
