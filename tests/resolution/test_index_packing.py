"""The alias index keeps each key's info and alias rows packed into one string: every value
comes back exactly, odd values included (they fall back to the object form)."""

from __future__ import annotations

import dataclasses
from datetime import date, datetime

import pytest

from ownergraph.resolution import Resolver
from ownergraph.resolution import rows as packed
from ownergraph.resolution.index import AliasIndex
from ownergraph.resolution.snapshot import canonical_form
from ownergraph.resolution.rows import AliasRow, EntityInfo

LEI = "5493001KJTIIGC8Y1R12"


def _rows(key: str) -> list[AliasRow]:
    return [AliasRow(key, "name", "Acme Holdings Ltd", "legal"),
            AliasRow(key, "name", "Acme Ltd", "previous", None, date(2019, 3, 1)),
            AliasRow(key, "company_number", "GB:01234567", "identifier", date(2001, 1, 2), None,
                     "d00000007"),
            AliasRow(key, "name", "Ацме", "transliterated")]


INFOS = [
    EntityInfo(LEI, "Acme Holdings Ltd", "company", LEI, "GB", False),
    EntityInfo("og:0123456789abcdef", "Ацме", "unknown", None, None, True),
    EntityInfo("og:0123456789abcdef", "", "person", "529900T8BM49AURSDO55", "US-DE", False),
]


@pytest.mark.parametrize("info", [*INFOS, None])
def test_a_record_comes_back_exactly(info: EntityInfo | None) -> None:
    key = info.key if info else "og:ffff"
    rec = packed.pack(key, info, _rows(key))
    assert isinstance(rec, str)  # the compact form
    assert packed.info_of(key, rec) == info
    assert packed.rows_of(key, rec) == _rows(key)
    assert packed.has_info(rec) is (info is not None) and packed.has_rows(rec)


@pytest.mark.parametrize("info, row", [
    (EntityInfo("k", "Acme\x1fLtd", "company"), AliasRow("k", "name", "Acme", "legal")),
    (EntityInfo("k", "Acme", "company", jurisdiction=""), AliasRow("k", "name", "Acme", "legal")),
    (EntityInfo("k", "Acme", "company", lei="="), AliasRow("k", "name", "Acme", "legal")),
    (EntityInfo("k", "Acme", "company"), AliasRow("k", "name", "Ac\x1eme", "legal")),
    (EntityInfo("k", "Acme", "company"), AliasRow("k", "custom", "X1", "identifier")),
    (EntityInfo("k", "Acme", "company"), AliasRow("k", "name", "Acme", "legal",
                                                  datetime(2020, 1, 1, 12))),
    (EntityInfo("k", "Acme", "company"), AliasRow("k", "name", "Acme", "legal", decision_id="")),
])
def test_values_the_string_layout_cannot_hold_keep_the_object_form(info: EntityInfo,
                                                                    row: AliasRow) -> None:
    rec = packed.pack("k", info, [row])
    assert isinstance(rec, tuple)
    assert packed.info_of("k", rec) == info and packed.rows_of("k", rec) == [row]
    # and further rows and infos still go in and come back
    more = AliasRow("k", "cik", "320193", "identifier")
    rec = packed.with_row("k", rec, more)
    assert rec is not None and packed.rows_of("k", rec) == [row, more]
    assert packed.info_of("k", packed.with_info("k", rec, info)) == info


def test_a_row_is_added_once_whatever_decision_added_it() -> None:
    key = LEI
    rec = packed.pack(key, EntityInfo(key, "Acme", "company", key), [])
    row = AliasRow(key, "company_number", "GB:01234567", "identifier")
    rec = packed.with_row(key, rec, row)
    assert rec is not None
    assert packed.with_row(key, rec, row._replace(decision_id="d00000001")) is None
    assert packed.with_row(key, rec, row._replace(kind="legal")) is not None
    assert packed.with_row(key, rec, row._replace(valid_to=date(2020, 1, 1))) is not None
    # a value that is a prefix of a stored one is another alias
    assert packed.with_row(key, rec, row._replace(value="GB:0123456")) is not None


def test_the_index_counts_and_lists_only_keys_with_an_entity() -> None:
    ix = AliasIndex()
    ix.add_alias(AliasRow("og:rows-only", "name", "Orphan Alias", "legal"))
    ix.put_entity(EntityInfo(LEI, "Acme Holdings Ltd", "company", LEI, "GB"))
    ix.put_entity(EntityInfo(LEI, "Acme Holdings Limited", "company", LEI, "GB"))
    assert len(ix.entities) == 1 and list(ix.entities) == [LEI]
    assert "og:rows-only" not in ix.entities and ix.entities.get("og:rows-only") is None
    assert ix.entities[LEI].name == "Acme Holdings Limited"
    with pytest.raises(KeyError):
        ix.entities["og:rows-only"]
    ix.put_entity(EntityInfo("og:rows-only", "Orphan", "company"))
    assert len(ix.entities) == 2 and ix.owners_of_name("orphan alias") == ["og:rows-only"]
    assert sorted(ix.owners()) == ["og:rows-only"]


def test_undoing_a_decision_removes_only_its_rows() -> None:
    ix = AliasIndex()
    ix.put_entity(EntityInfo(LEI, "Acme Holdings Ltd", "company", LEI, "GB"))
    for row in _rows(LEI):
        ix.add_alias(row)
    added = AliasRow(LEI, "cik", "320193", "identifier", decision_id="d00000009")
    assert ix.add_alias(added) and ix.owners_of_id("cik", "320193") == [LEI]
    assert ix.remove_decision_aliases("d00000009") == [added]
    assert ix.owners_of_id("cik", "320193") == [] and ix.rows_of(LEI) == _rows(LEI)
    assert ix.owners_of_id("company_number", "GB:01234567") == [LEI]


@pytest.mark.parametrize("info", INFOS)
def test_entity_info_as_dict_names_every_field(info: EntityInfo) -> None:
    # as_dict is spelt out for speed: a field added later must not drop out of the saved state
    assert info.as_dict() == dataclasses.asdict(info)


@pytest.mark.parametrize("info", [*INFOS, None])
def test_an_entity_added_at_once_is_as_added_row_by_row(info: EntityInfo | None) -> None:
    """``add_entity`` (one write for a new key) leaves the index as ``put_entity`` and
    ``add_alias`` row by row do: a new key, a key already there, rows repeated, a row that only
    the object form holds, with changes tracked."""
    key = info.key if info else LEI
    odd = AliasRow(key, "name", "Acme\x1fLtd", "legal")
    rows = [*_rows(key), _rows(key)[1]._replace(decision_id="d00000009"), odd, _rows(key)[0]]
    for before in ([], [_rows(key)[2]]):
        at_once, by_row = AliasIndex(), AliasIndex()
        for index in (at_once, by_row):
            index.changed = set()
            for row in before:
                index.add_alias(row)
        at_once.add_entity(key, info, rows)
        if info is not None:
            by_row.put_entity(info)
        for row in rows:
            by_row.add_alias(row)
        assert canonical_form(_resolver_of(at_once)) == canonical_form(_resolver_of(by_row))
        assert (at_once.changed, len(at_once.entities)) == (by_row.changed, len(by_row.entities))


def _resolver_of(index: AliasIndex) -> Resolver:
    r = Resolver()
    r.index = index
    return r
