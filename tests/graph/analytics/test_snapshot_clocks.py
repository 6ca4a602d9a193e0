"""Clock values read back as ISO strings (snapshot_step, the cascade procedure) become dates."""

from __future__ import annotations

from datetime import date, datetime, timezone

from ownergraph.graph.analytics.snapshot import DAYS, INSTANTS, _Parsed, parse_clocks


def test_parse_clocks_turns_iso_strings_into_dates_and_leaves_the_rest() -> None:
    props = {"valid_from": "2020-01-31", "valid_to": "9999-12-31", "known_from": "2020-02-03T12:00:00Z",
             "known_to": None, "stake_lo": 0.25}
    parse_clocks(props)
    assert props["valid_from"] == date(2020, 1, 31) and props["valid_to"] == date(9999, 12, 31)
    assert props["known_from"] == datetime(2020, 2, 3, 12, tzinfo=timezone.utc)
    assert props["known_to"] is None and props["stake_lo"] == 0.25
    again = {"valid_from": date(2021, 5, 1), "valid_to": "2022-01-01"}  # already parsed: kept as is
    assert parse_clocks(again) == {"valid_from": date(2021, 5, 1), "valid_to": date(2022, 1, 1)}


def test_memo_parses_each_string_once_and_stays_bounded() -> None:
    calls: list[str] = []

    def parse(s: str) -> date:
        calls.append(s)
        return date.fromisoformat(s)

    memo = _Parsed(parse, limit=3)
    assert memo["2024-06-30"] is memo["2024-06-30"] and calls == ["2024-06-30"]
    assert memo[None] is None and None not in memo  # non-strings map to themselves, not stored
    for day in range(1, 10):
        assert memo[f"2023-02-{day:02d}"] == date(2023, 2, day)
    assert len(memo) == 3  # full: later strings are parsed, not kept
    assert DAYS["2000-01-01"] == date(2000, 1, 1) and INSTANTS["2000-01-01T00:00:00+00:00"].tzinfo is not None
