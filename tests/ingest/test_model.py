"""The domain model's invariants and its exported JSON Schema."""

from __future__ import annotations

from datetime import date, datetime, timezone

import pytest
from pydantic import ValidationError

from ownergraph.domain.lei import is_valid_lei, lei_check_digits
from ownergraph.domain.model import CorporateAction, EntityRef, Ownership, Provenance, Stake
from ownergraph.domain.codes import CorporateActionKind
from ownergraph.ingest.schema import SCHEMA_FILE, render

PROV = Provenance(source_system="test", source_record_id="1")
NOW = datetime(2024, 1, 1, tzinfo=timezone.utc)


def test_exported_json_schema_is_current() -> None:
    assert SCHEMA_FILE.read_text() == render(), "run `python -m ownergraph.ingest.schema`"


@pytest.mark.parametrize("lei,ok", [("2138002YAB7Z9KO21397", True), ("984500501A1B1045PB30", True),
                                    ("984500501A1B1045PB31", False), ("2138002yab7z9ko21397", False),
                                    ("2138002YAB7Z9KO2139", False)])
def test_lei_checksum(lei: str, ok: bool) -> None:
    assert is_valid_lei(lei) is ok


def test_check_digits_make_a_valid_lei() -> None:
    base = "5493001NORDKAP1TAL"
    assert is_valid_lei(base + lei_check_digits(base))


def test_stake_bounds_and_bands() -> None:
    assert Stake(exact=30).bounds == (0.3, 0.3)
    assert Stake(lo=25, hi=50, lo_inclusive=False, hi_inclusive=True).bounds == (0.25, 0.5)
    with pytest.raises(ValidationError, match="outside"):
        Stake(exact=140)
    with pytest.raises(ValidationError, match="above"):
        Stake(lo=60, hi=50)


def test_valid_to_before_valid_from_is_rejected() -> None:
    with pytest.raises(ValidationError, match="valid_to"):
        Ownership(source=EntityRef(name="A"), target=EntityRef(name="B"), valid_from=date(2024, 1, 2),
                  valid_to=date(2024, 1, 1), known_from=NOW, provenance=PROV)


def test_bad_lei_in_a_reference_is_rejected() -> None:
    with pytest.raises(ValidationError, match="ISO 17442"):
        EntityRef(lei="984500501A1B1045PB31")


def test_content_hash_ignores_where_the_record_was_read() -> None:
    a = Ownership(source=EntityRef(name="A"), target=EntityRef(name="B"), known_from=NOW,
                  provenance=Provenance(source_system="t", source_record_id="1", source_file="x", locator="1"))
    b = a.model_copy(update={"provenance": Provenance(source_system="t", source_record_id="1",
                                                      source_file="y", locator="9")})
    assert a.content_hash() == b.content_hash()
    c = a.model_copy(update={"stake": Stake(exact=10)})
    assert c.content_hash() != a.content_hash()


def test_corporate_actions_need_their_parties() -> None:
    with pytest.raises(ValidationError, match="counterparty"):
        CorporateAction(action=CorporateActionKind.MERGER, subject=EntityRef(name="A"),
                        valid_from=date(2024, 1, 1), known_from=NOW, provenance=PROV)
    with pytest.raises(ValidationError, match="new_name"):
        CorporateAction(action=CorporateActionKind.RENAME, subject=EntityRef(name="A"),
                        valid_from=date(2024, 1, 1), known_from=NOW, provenance=PROV)
