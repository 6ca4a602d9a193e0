"""Helpers for resolution tests: small Entity factories and a fixed clock."""

from __future__ import annotations

from datetime import date, datetime, timezone
from itertools import count

import pytest

from ownergraph.domain.model import Alias, Entity, EntityRef, Provenance
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.resolution import Resolver

T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)


def entity(name: str, *, lei: str | None = None, ids: dict[str, str] | None = None,
           others: list[tuple[str, AliasKind]] | None = None, jurisdiction: str | None = None,
           kind: EntityKind = EntityKind.COMPANY, previous_until: date | None = None) -> Entity:
    ids = ids or {}
    if lei:
        ref = EntityRef(lei=lei)
    elif ids:
        scheme, value = next(iter(ids.items()))
        ref = EntityRef(scheme=AliasScheme(scheme), value=value, name=name)
    else:
        ref = EntityRef(name=name)
    aliases = [Alias(scheme=AliasScheme(s), value=v, kind=AliasKind.IDENTIFIER)
               for s, v in ids.items()]
    aliases += [Alias(scheme=AliasScheme.NAME, value=n, kind=k,
                      valid_to=previous_until if k is AliasKind.PREVIOUS else None)
                for n, k in (others or [])]
    return Entity(ref=ref, name=name, kind=kind, jurisdiction=jurisdiction,
                  aliases=tuple(aliases), known_from=T0,
                  provenance=Provenance(source_system="test", source_record_id=name))


@pytest.fixture
def resolver() -> Resolver:
    ticks = count()
    return Resolver(clock=lambda: datetime(2024, 6, 1, tzinfo=timezone.utc).replace(
        microsecond=next(ticks)))
