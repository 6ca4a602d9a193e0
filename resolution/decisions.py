"""Match and merge decisions, kept as data so that every one can be explained and undone.

A *merge* decision adds one redirect ``absorbed -> survivor``; aliases never move, so
``undo`` (dropping the redirect) restores both entities and their aliases exactly, with
nothing reloaded. A *match* decision records that the resolver attached a mention (an
alias text) to a key by probability. A *judgement* records a user's view of a pair:
negative blocks any later merge of the two groups, unsure is kept for review.

Rules: two entities with different LEIs are never merged; an LEI entity always survives
(a stub or non-LEI entity is merged into it); an active negative judgement between any
members of the two groups refuses the merge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timezone
from enum import StrEnum
from typing import Any

from ownergraph.domain.errors import OwnergraphError


class ResolutionError(OwnergraphError):
    """A resolution operation cannot be done (unknown decision, already undone, ...)."""


class MergeRefused(ResolutionError):
    """A merge would join two LEIs, repeat a rejected pair, or join an entity to itself."""


class Judgement(StrEnum):
    POSITIVE = "positive"
    NEGATIVE = "negative"
    UNSURE = "unsure"


class Status(StrEnum):
    ACTIVE = "active"
    UNDONE = "undone"


@dataclass(frozen=True, slots=True)
class Decision:
    decision_id: str
    kind: str  # "merge" | "match" | "judgement"
    left_key: str  # merge: the survivor; match: the matched key
    right_key: str | None  # merge: the absorbed entity; judgement over a pair of keys
    alias: str | None  # match / alias judgement: "name:<as written>" or "<scheme>:<value>"
    method: str  # lei | identifier | exact_name | probabilistic | manual
    score: float
    decided_at: datetime
    decided_by: str  # "resolver" | "user"
    judgement: Judgement
    status: Status
    reason: str = ""

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["decided_at"] = self.decided_at.isoformat()
        d["judgement"] = self.judgement.value
        d["status"] = self.status.value
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Decision:
        at = d["decided_at"]
        at = datetime.fromisoformat(at) if isinstance(at, str) else at
        return cls(**{**d, "decided_at": at.astimezone(timezone.utc),
                      "judgement": Judgement(d["judgement"]), "status": Status(d["status"])})


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


class DecisionLog:
    """Decisions in order, plus the redirects and blocks the active ones imply."""

    def __init__(self, lei_of: Callable[[str], str | None],
                 clock: Callable[[], datetime] | None = None) -> None:
        self._lei_of = lei_of
        self._clock = clock or (lambda: datetime.now(timezone.utc))
        self._decisions: dict[str, Decision] = {}
        self._parent: dict[str, tuple[str, str]] = {}  # absorbed -> (survivor, decision_id)
        self._children: dict[str, set[str]] = {}
        self._negative: dict[tuple[str, str], str] = {}
        self._matches: dict[tuple[str, str], str] = {}  # (key, alias) -> active match id
        self._negative_alias: dict[tuple[str, str], str] = {}
        self._seq = 0
        self.changed: set[str] | None = None  # decision ids new or changed since stored (None: not tracked)

    # -- reading -------------------------------------------------------------------------
    def canonical(self, key: str) -> str:
        seen = 0
        while key in self._parent:
            key = self._parent[key][0]
            seen += 1
            if seen > 10_000:  # pragma: no cover - redirects are a forest by construction
                raise ResolutionError(f"redirect cycle at {key}")
        return key

    def members(self, key: str) -> list[str]:
        """Every key merged (directly or not) into the group of ``key``, root first."""
        root = self.canonical(key)
        out, stack = [], [root]
        while stack:
            k = stack.pop()
            out.append(k)
            stack.extend(sorted(self._children.get(k, ()), reverse=True))
        return out

    def get(self, decision_id: str) -> Decision:
        try:
            return self._decisions[decision_id]
        except KeyError:
            raise ResolutionError(f"no decision {decision_id!r}") from None

    def __iter__(self) -> Any:
        return iter(self._decisions.values())

    def __len__(self) -> int:
        return len(self._decisions)

    def blocked(self, a: str, b: str) -> str | None:
        """The id of an active negative judgement between the groups of a and b, if any."""
        if not self._negative:
            return None
        ma, mb = self.members(a), self.members(b)
        for x in ma:
            for y in mb:
                d = self._negative.get(_pair(x, y))
                if d:
                    return d
        return None

    def alias_rejected(self, key: str, alias: str) -> bool:
        return any((m, alias) in self._negative_alias for m in self.members(key))

    def match_for(self, key: str, alias: str) -> str | None:
        return self._matches.get((key, alias))

    # -- writing -------------------------------------------------------------------------
    def _next(self, **fields: Any) -> Decision:
        self._seq += 1
        d = Decision(decision_id=f"d{self._seq:08d}", decided_at=self._clock(),
                     status=Status.ACTIVE, **fields)
        self._decisions[d.decision_id] = d
        if self.changed is not None:
            self.changed.add(d.decision_id)
        return d

    def check_merge(self, a: str, b: str) -> tuple[str, str]:
        """(survivor, absorbed) roots for merging a and b, or MergeRefused."""
        ra, rb = self.canonical(a), self.canonical(b)
        if ra == rb:
            raise MergeRefused(f"{a} and {b} are already one entity ({ra})")
        la, lb = self._lei_of(ra), self._lei_of(rb)
        if la and lb:
            raise MergeRefused(f"refusing to merge two LEIs: {la} and {lb} are different "
                               "legal entities")
        neg = self.blocked(ra, rb)
        if neg:
            raise MergeRefused(f"{a} and {b} were judged different (decision {neg})")
        return (rb, ra) if lb and not la else (ra, rb)

    def merge(self, a: str, b: str, *, method: str = "manual", score: float = 1.0,
              decided_by: str = "user", reason: str = "") -> Decision:
        survivor, absorbed = self.check_merge(a, b)
        d = self._next(kind="merge", left_key=survivor, right_key=absorbed, alias=None,
                       method=method, score=score, decided_by=decided_by,
                       judgement=Judgement.POSITIVE, reason=reason)
        self._link(d)
        return d

    def _link(self, d: Decision) -> None:
        assert d.right_key is not None
        self._parent[d.right_key] = (d.left_key, d.decision_id)
        self._children.setdefault(d.left_key, set()).add(d.right_key)

    def match(self, key: str, alias: str, *, method: str, score: float,
              reason: str = "") -> Decision:
        existing = self._matches.get((key, alias))
        if existing:
            return self._decisions[existing]
        d = self._next(kind="match", left_key=key, right_key=None, alias=alias, method=method,
                       score=score, decided_by="resolver", judgement=Judgement.POSITIVE,
                       reason=reason)
        self._matches[(key, alias)] = d.decision_id
        return d

    def judge(self, left: str, *, right: str | None = None, alias: str | None = None,
              judgement: Judgement, decided_by: str = "user", reason: str = "") -> Decision:
        if (right is None) == (alias is None):
            raise ResolutionError("a judgement is about another key or an alias, not both")
        d = self._next(kind="judgement", left_key=left, right_key=right, alias=alias,
                       method="manual", score=1.0 if judgement is Judgement.POSITIVE else 0.0,
                       decided_by=decided_by, judgement=judgement, reason=reason)
        self._apply_judgement(d)
        return d

    def _apply_judgement(self, d: Decision) -> None:
        if d.judgement is not Judgement.NEGATIVE:
            return
        if d.right_key is not None:
            self._negative[_pair(d.left_key, d.right_key)] = d.decision_id
        elif d.alias is not None:
            self._negative_alias[(d.left_key, d.alias)] = d.decision_id

    def undo(self, decision_id: str) -> Decision:
        d = self.get(decision_id)
        if d.status is Status.UNDONE:
            raise ResolutionError(f"decision {decision_id} is already undone")
        if d.kind == "merge":
            assert d.right_key is not None
            self._parent.pop(d.right_key, None)
            self._children.get(d.left_key, set()).discard(d.right_key)
        elif d.kind == "match":
            self._matches.pop((d.left_key, d.alias or ""), None)
        elif d.right_key is not None:
            self._negative.pop(_pair(d.left_key, d.right_key), None)
        else:
            self._negative_alias.pop((d.left_key, d.alias or ""), None)
        undone = replace(d, status=Status.UNDONE)
        self._decisions[decision_id] = undone
        if self.changed is not None:
            self.changed.add(decision_id)
        return undone

    # -- state ---------------------------------------------------------------------------
    def export(self) -> list[dict[str, Any]]:
        return [d.as_dict() for d in self._decisions.values()]

    def load(self, rows: Iterable[dict[str, Any]]) -> None:
        for row in sorted(rows, key=lambda r: r["decision_id"]):
            d = Decision.from_dict(row)
            self._decisions[d.decision_id] = d
            self._seq = max(self._seq, int(d.decision_id.lstrip("d") or 0))
            if d.status is not Status.ACTIVE:
                continue
            if d.kind == "merge":
                self._link(d)
            elif d.kind == "match":
                self._matches[(d.left_key, d.alias or "")] = d.decision_id
            else:
                self._apply_judgement(d)
