"""A register number many LEIs share (sub-funds of one umbrella) is an attribute of each, not a
join key: registering the group costs what its entities cost, not its pairs (issue 33)."""

from __future__ import annotations

import tracemalloc

from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.model import EntityRef
from ownergraph.resolution import Resolver
from ownergraph.worldgen.names import lei_for

from .conftest import entity

GROUP = 2_000
REGISTER = "RA000585:B12345"  # one RegistrationAuthorityEntityID for the whole umbrella


def _sub_fund(i: int) -> str:
    return f"Atlas Umbrella Investment Fund SICAV - Global Equity Sub-Fund {i:04d}"


def _umbrella(resolver: Resolver) -> list[str]:
    leis = [lei_for(33, i) for i in range(GROUP)]
    for i, lei in enumerate(leis):
        resolver.register(entity(_sub_fund(i), lei=lei, jurisdiction="LU",
                                 ids={"company_number": REGISTER},
                                 others=[(f"Atlas Umbrella SICAV Sub-Fund {i:04d}", AliasKind.TRADING)]))
    return leis


def test_an_umbrella_of_leis_under_one_register_number_stays_linear(resolver: Resolver) -> None:
    tracemalloc.start()
    leis = _umbrella(resolver)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    # every LEI its own entity, none merged into another
    assert len({resolver.canonical(lei) for lei in leis}) == GROUP
    assert not [d for d in resolver.decisions if d.kind == "merge"]
    # the sharing is noted once for the identifier, not once per pair (2,000 LEIs: ~2M pairs)
    assert [c["alias"] for c in resolver.conflicts] == [f"company_number:{REGISTER}"]
    # what the state holds grows with the entities: its records, not the pairs, and memory
    # far below what ~2M pair conflicts (hundreds of bytes each) would take
    assert sum(1 for _ in resolver.state_records()) <= 4 * GROUP + 1  # entity, 3 alias rows each
    assert peak < 40 * 1024 * 1024, peak
    # a mention by the register number alone cannot say which sub-fund: ambiguous, never one
    res = resolver.resolve(EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value=REGISTER), record=False)
    assert res.ambiguous and res.method == "new"


def test_leis_are_never_merged_while_a_record_without_one_still_resolves(resolver: Resolver) -> None:
    leis = _umbrella(resolver)
    # a record without an identifier, naming one sub-fund, resolves to that LEI entity
    res = resolver.resolve(EntityRef(name=_sub_fund(1234), jurisdiction="LU"))
    assert (res.key, res.method) == (leis[1234], "exact_name")
    # a record without an LEI that carries the shared register number is not joined to an
    # arbitrary sub-fund: it stays its own entity, the LEIs untouched
    other = resolver.register(entity("Atlas Umbrella Investment Fund SICAV",
                                     ids={"company_number": REGISTER, "ftm_id": "NK-atlas"}))
    assert other not in leis and resolver.canonical(other) == other
    assert all(resolver.canonical(lei) == lei for lei in leis)
    # a register number only one LEI holds still joins a record without an LEI to it
    solo = lei_for(33, GROUP + 1)
    resolver.register(entity("Beacon Holdings SA", lei=solo, jurisdiction="LU",
                             ids={"company_number": "RA000585:B99999"}))
    joined = resolver.register(entity("Beacon Holdings", ids={"ftm_id": "NK-beacon",
                                                              "company_number": "RA000585:B99999"}))
    assert resolver.canonical(joined) == solo
    assert resolver.resolve(EntityRef(scheme=AliasScheme.FTM_ID, value="NK-beacon")).key == solo
