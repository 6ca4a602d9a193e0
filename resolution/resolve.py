"""Resolving mentions (EntityRef) to canonical keys, stage by stage.

1. ``lei``: the LEI is the key, known or not.
2. ``identifier``: an identifier alias already registered (any scheme but name).
3. ``exact_name``: the normalised name, filtered by kind (person vs organisation),
   jurisdiction (country) and identifier conflicts (the mention's company number differs
   from the entity's; ``other`` ids only within one register, see keys.register_of), with
   compatible legal forms; entities from records are preferred to
   stubs. Two or more keys left: ambiguous, never picked.
4. ``probabilistic``: splink over the name-only remainder, in batches (see _splink).
5. ``new``: a stub key (see _keys) the graph can create; ambiguous mentions end here too,
   with the competing keys as candidates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Literal

from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.model import EntityRef

from ownergraph.resolution.decisions import DecisionLog
from ownergraph.resolution.index import NAME, AliasIndex
from ownergraph.resolution.rows import AliasRow, EntityInfo
from ownergraph.resolution.keys import (country_of, identifier_key, name_key, normalise_identifier,
                                        register_of)
from ownergraph.resolution.normalise import NormalisedName, normalise_name, suffix_compatibility
from ownergraph.resolution.register import IDENT, kind_class
from ownergraph.resolution.splink import SplinkMatcher, row

Method = Literal["lei", "identifier", "exact_name", "probabilistic", "new"]
MAX_CANDIDATES = 5
_NO_NAME = normalise_name("")


@dataclass(frozen=True)
class Candidate:
    key: str
    score: float
    name: str | None = None


@dataclass(frozen=True)
class Resolution:
    """Where a mention resolved: ``key`` always set (a stub key when ``method`` is new)."""

    key: str
    method: Method
    score: float
    candidates: tuple[Candidate, ...] = ()
    ambiguous: bool = False
    decision_id: str | None = None


@dataclass
class _Mention:
    pos: int
    ref: EntityRef
    norm: NormalisedName
    ident: tuple[str, str] | None


def _plain(ref: EntityRef) -> EntityRef:
    """A name or an LEI given as scheme/value becomes the ``name`` / ``lei`` field."""
    if ref.scheme is AliasScheme.NAME:
        return ref.model_copy(update={"name": ref.name or ref.value, "scheme": None,
                                      "value": None})
    if ref.scheme is AliasScheme.LEI and ref.value and not ref.lei:
        lei = ref.value.strip().upper()
        if is_valid_lei(lei):
            return ref.model_copy(update={"lei": lei, "scheme": None, "value": None})
    return ref


class Pipeline:
    def __init__(self, index: AliasIndex, decisions: DecisionLog, matcher: SplinkMatcher) -> None:
        self.index = index
        self.decisions = decisions
        self.matcher = matcher

    # -- helpers -------------------------------------------------------------------------
    def info(self, key: str) -> EntityInfo | None:
        return self.index.entities.get(self.decisions.canonical(key))

    def _compatible(self, root: str, m: _Mention) -> bool:
        """Hard filters: person vs organisation, country, conflicting identifier, rejection."""
        info = self.index.entities.get(root)
        if info is not None:
            mk, ek = kind_class(m.ref.kind), kind_class(info.kind)
            if mk and ek and mk != ek:
                return False
            mc, ec = country_of(m.ref.jurisdiction), info.country
            if mc and ec and mc != ec:
                return False
        members = self.decisions.members(root)
        if m.ident is not None:
            scheme, value = m.ident
            register = register_of(scheme, value)
            theirs = {v for k in members for v in self.index.identifiers_of(k, scheme)
                      if register_of(scheme, v) == register}
            if theirs and value not in theirs:
                return False
        return not self.decisions.alias_rejected(root, "name:" + m.norm.key)

    def _candidates(self, scored: dict[str, float]) -> tuple[Candidate, ...]:
        ranked = sorted(scored.items(), key=lambda kv: (-kv[1], kv[0]))[:MAX_CANDIDATES]
        return tuple(Candidate(k, round(s, 6), getattr(self.info(k), "name", None))
                     for k, s in ranked)

    # -- stages --------------------------------------------------------------------------
    def _deterministic(self, m: _Mention, as_of: date | None, record: bool,
                       exclude: frozenset[str]) -> Resolution | None:
        ref = m.ref
        if ref.lei:
            if record and ref.lei not in self.index.entities:
                self._stub(ref.lei, ref, lei=ref.lei)
            return Resolution(ref.lei, "lei", 1.0)
        if m.ident is not None:
            roots = sorted({self.decisions.canonical(o) for o in self.index.owners_of_id(*m.ident)})
            if len(roots) == 1:
                return Resolution(roots[0], "identifier", 1.0)
            if len(roots) > 1:
                return self._new(m, {r: 1.0 for r in roots}, True, record)
        if not m.norm.key:
            return self._new(m, {}, False, record)
        scored: dict[str, float] = {}
        for owner in self.index.owners_of_name(m.norm.key):
            root = self.decisions.canonical(owner)
            if root in exclude or owner in exclude:
                continue
            rows = [r for r in self.index.name_rows(owner, m.norm.key) if r.valid_on(as_of)]
            best = max((suffix_compatibility(m.norm.suffix, normalise_name(r.value).suffix)
                        for r in rows), default=0.0)
            if best > 0 and self._compatible(root, m):
                scored[root] = max(scored.get(root, 0.0), best)
        real = {k: s for k, s in scored.items()
                if not getattr(self.index.entities.get(k), "stub", True)}
        scored = real or scored
        if len(scored) == 1:
            (key, score), = scored.items()
            return self._learn(m, key, "exact_name", score, record)
        if len(scored) > 1:
            return self._new(m, scored, True, record)
        return None

    def _probabilistic(self, batch: Sequence[_Mention], as_of: date | None, record: bool,
                       exclude: frozenset[str]) -> dict[int, Resolution]:
        cand_rows: dict[tuple[str, str, str], dict[str, Any]] = {}
        owner_of: dict[str, str] = {}
        for m in batch:
            mid = f"m{m.pos}"
            for norm_key in self.index.candidate_names(m.norm):
                for owner in self.index.owners_of_name(norm_key):
                    if owner in exclude or self.decisions.canonical(owner) in exclude:
                        continue
                    info = self.index.entities.get(owner)
                    for r in self.index.name_rows(owner, norm_key):
                        if not r.valid_on(as_of):
                            continue
                        n = normalise_name(r.value)
                        k = (owner, norm_key, n.suffix)
                        if k not in cand_rows:
                            uid = f"c{len(cand_rows)}"
                            owner_of[uid] = owner
                            cand_rows[k] = row(uid, norm_key, n.suffix, n.family,
                                               info.country if info else None,
                                               kind_class(info.kind) if info else None, [])
                        keys = cand_rows[k]["pair_key"]
                        if not keys or keys[-1] != mid:
                            keys.append(mid)
        mentions = [row(f"m{m.pos}", m.norm.key, m.norm.suffix, m.norm.family,
                        country_of(m.ref.jurisdiction), kind_class(m.ref.kind), [f"m{m.pos}"])
                    for m in batch]
        per: dict[str, dict[str, float]] = {}
        for mid, cid, p in self.matcher.score(mentions, list(cand_rows.values())):
            root = self.decisions.canonical(owner_of[cid])
            d = per.setdefault(mid, {})
            d[root] = max(d.get(root, 0.0), p)
        out: dict[int, Resolution] = {}
        threshold = self.matcher.settings.threshold
        for m in batch:
            scored = {k: p for k, p in per.get(f"m{m.pos}", {}).items() if self._compatible(k, m)}
            above = {k: p for k, p in scored.items() if p >= threshold}
            if len(above) == 1:
                (key, p), = above.items()
                res = self._learn(m, key, "probabilistic", p, record)
                out[m.pos] = Resolution(res.key, res.method, res.score, self._candidates(scored),
                                        False, res.decision_id)
            else:
                out[m.pos] = self._new(m, scored, len(above) > 1, record)
        return out

    # -- outcomes ------------------------------------------------------------------------
    def _learn(self, m: _Mention, key: str, method: Method, score: float,
               record: bool) -> Resolution:
        """A name match; with ``record``, a probabilistic match or a new identifier for the
        entity is kept as a match decision (identifier alias added under that decision)."""
        decision_id = None
        if record and (method == "probabilistic" or (
                m.ident is not None and not self.index.owners_of_id(*m.ident))):
            alias = f"{m.ident[0]}:{m.ident[1]}" if m.ident else f"name:{m.norm.key}"
            d = self.decisions.match(key, alias, method=method, score=score,
                                     reason=f"mention {m.ref.name!r}")
            decision_id = d.decision_id
            if m.ident is not None:
                self.index.add_alias(AliasRow(key, m.ident[0], m.ident[1], IDENT,
                                              decision_id=decision_id))
        return Resolution(key, method, round(score, 6), (), False, decision_id)

    def _new(self, m: _Mention, scored: dict[str, float], ambiguous: bool,
             record: bool) -> Resolution:
        ref = m.ref
        key = (identifier_key([m.ident]) if m.ident else None) or name_key(
            ref.name or "", ref.jurisdiction, ref.kind)
        if record:
            self._stub(key, ref)
        return Resolution(self.decisions.canonical(key), "new", 0.0, self._candidates(scored),
                          ambiguous)

    def _stub(self, key: str, ref: EntityRef, lei: str | None = None) -> None:
        if key not in self.index.entities:
            self.index.put_entity(EntityInfo(
                key=key, name=ref.name or ref.value or key,
                kind=(ref.kind.value if ref.kind else "unknown"), lei=lei,
                jurisdiction=ref.jurisdiction, stub=True))
        if lei:
            self.index.add_alias(AliasRow(key, "lei", lei, IDENT))
        if ref.scheme and ref.value and not lei:
            self.index.add_alias(AliasRow(key, ref.scheme.value,
                                          normalise_identifier(ref.scheme.value, ref.value), IDENT))
        if ref.name and ref.name.strip():
            self.index.add_alias(AliasRow(key, NAME, ref.name, AliasKind.LEGAL.value))

    # -- entry ---------------------------------------------------------------------------
    def resolve_many(self, refs: Sequence[EntityRef], *, as_of: date | None = None,
                     record: bool = True,
                     exclude: frozenset[str] = frozenset()) -> list[Resolution]:
        results: list[Resolution | None] = [None] * len(refs)
        pending: list[_Mention] = []
        for pos, ref in enumerate(refs):
            ref = _plain(ref)
            ident = None
            if ref.scheme and ref.value and ref.scheme.value not in (NAME, "lei"):
                ident = (ref.scheme.value, normalise_identifier(ref.scheme.value, ref.value))
            # a mention with an LEI resolves by it alone: its name is never normalised
            m = _Mention(pos, ref, _NO_NAME if ref.lei else normalise_name(ref.name or ""), ident)
            res = self._deterministic(m, as_of, record, exclude)
            if res is None:
                pending.append(m)
            else:
                results[pos] = res
        size = max(1, self.matcher.settings.batch_size)
        for start in range(0, len(pending), size):
            for pos, res in self._probabilistic(pending[start:start + size], as_of, record,
                                                exclude).items():
                results[pos] = res
        return [r for r in results if r is not None]
