"""Property: a fact's stored history answers both clocks as its statements say (DOMAIN §4).

A generated sequence of statements about ONE interest (holder and stake; changes from a stated
date, changes back-dated to the interest's original start or with no start, re-statements, an
end). The oracle is a plain valid-time timeline: each statement overwrites it from its
effective date (its stated start; for a back-dated or undated change, its publication date;
DOMAIN §4 "never back-date a new stake to the interest's original start"). The answer at
(as_of=t, known_at=k) is the timeline built from the statements published by k; with
known_at = now it is the latest statements' answer about t.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX, VALID_MIN
from ownergraph.graph.load.history import Version, plan

DAY0 = date(2010, 1, 1)


@dataclass(frozen=True)
class Statement:
    published: date
    content: str  # holder and stake
    start: date | None
    end: date | None
    effective: date  # the oracle's effective date of what it says


def _day(n: int) -> date:
    return DAY0 + timedelta(days=n)


@st.composite
def histories(draw: st.DrawFn) -> list[Statement]:
    contents = ["A:10", "A:30", "B:25", "C:60"]
    first_start = _day(draw(st.integers(0, 300)))
    pub = first_start + timedelta(days=draw(st.integers(0, 200)))
    content = draw(st.sampled_from(contents))
    out = [Statement(pub, content, first_start, None, first_start)]
    current_start, ended = first_start, False
    for _ in range(draw(st.integers(1, 5))):
        pub += timedelta(days=draw(st.integers(1, 400)))
        kind = draw(st.sampled_from(["change", "backdated", "undated", "restate", "end"]))
        last = out[-1]
        if ended and kind in ("restate", "end"):
            kind = "change"
        if kind in ("restate", "end"):
            if kind == "end":
                end = current_start + timedelta(days=draw(st.integers(1, 500)))
                out.append(Statement(pub, last.content, last.start, end, end))
                ended = True
            else:
                out.append(Statement(pub, last.content, last.start, None, last.effective))
            continue
        new = draw(st.sampled_from([c for c in contents if c != last.content]))
        if kind == "change":
            start = max(current_start, out[-1].end or current_start) + timedelta(days=draw(st.integers(1, 400)))
            out.append(Statement(pub, new, start, None, start))
            current_start = start
        else:  # back-dated to the interest's original start, or no start: effective when published
            out.append(Statement(pub, new, first_start if kind == "backdated" else None, None, pub))
            current_start = pub
        ended = False
    return out


def _oracle(statements: list[Statement], t: date, k: date) -> str | None:
    timeline: list[tuple[date, str | None]] = []  # (from, content), sorted
    for s in statements:
        if s.published > k:
            break
        if s.end is not None:  # the interest ended: nothing from the end on
            timeline = [seg for seg in timeline if seg[0] < s.end] + [(s.end, None)]
        elif not (timeline and timeline[-1][1] == s.content and s.effective == timeline[-1][0]):
            timeline = [seg for seg in timeline if seg[0] < s.effective] + [(s.effective, s.content)]
    current = None
    for start, content in timeline:
        if start <= t:
            current = content
    return current


def _at(midnight: date) -> datetime:
    return datetime(midnight.year, midnight.month, midnight.day, tzinfo=timezone.utc)


def _answer(statements: list[Statement], t: date, k: date) -> list[str]:
    """What the stored history admits at (t, k), by the readers' predicate
    valid_from <= t < valid_to AND known_from <= k < known_to."""
    versions = [Version(f"s{i}", _at(s.published), s.start or VALID_MIN, s.end or VALID_MAX, s.content)
                for i, s in enumerate(statements)]
    result = plan(versions)
    by_sid = {v.sid: v for v in versions}
    rows = [(by_sid[sid].signature, st.valid_from, by_sid[sid].valid_to, by_sid[sid].known_from, st.known_to)
            for sid, st in result.stored.items()]
    rows += [(by_sid[c.origin].signature, result.stored[c.origin].valid_from, c.valid_to, c.known_from, c.known_to)
             for c in result.carried]
    kk = _at(k) + timedelta(hours=12)  # midday: after that day's publications
    return sorted(sig for sig, vf, vt, kf, kt in rows if vf <= t < vt and kf <= kk < kt)


@settings(max_examples=600, deadline=None)
@given(histories(), st.integers(0, 4000), st.integers(0, 4000))
def test_history_answers_both_clocks_as_the_statements_say(statements: list[Statement], t: int, k: int) -> None:
    t_day, k_day = _day(t), _day(k)
    now = date(9000, 1, 1)
    for known in (now, k_day):
        expect = _oracle(statements, t_day, known)
        got = _answer(statements, t_day, known)
        # exactly one holder/stake (never two: a loader giving totals over 100% from
        # consistent inputs has a bug), or none where the statements say none
        assert got == ([expect] if expect else []), (known, t_day)


def test_the_latest_version_stays_open() -> None:
    v = [Version("a", _at(date(2016, 6, 1)), date(2016, 5, 1), VALID_MAX, "A")]
    assert plan(v).stored["a"].known_to == KNOWN_MAX and not plan(v).carried


def test_a_retraction_withdraws_the_fact_from_valid_time() -> None:
    v = [Version("a", _at(date(2016, 6, 1)), date(2016, 5, 1), VALID_MAX, "A"),
         Version("b", _at(date(2018, 1, 1)), date(2017, 5, 1), VALID_MAX, "B")]
    result = plan(v, [_at(date(2019, 1, 1))])
    # the superseded first statement closed when the second came, every open piece at the retraction
    assert result.stored["a"].known_to == _at(date(2018, 1, 1))
    assert result.stored["b"].known_to == _at(date(2019, 1, 1))
    assert [c.known_to for c in result.carried] == [_at(date(2019, 1, 1))]


def test_an_actions_split_of_an_earlier_version_yields_to_a_retraction_at_the_same_instant() -> None:
    # an 8-K's edge (known 2000-09-22) split by a merger the 8-K/A states (known 2000-10-06), the 8-K/A
    # superseding the 8-K at 2000-10-06: in whichever order the two were applied, nothing stays open
    t0, t1 = _at(date(2000, 9, 22)), _at(date(2000, 10, 6))
    origin = Version("a", t0, date(2000, 9, 22), VALID_MAX, "A")
    piece = Version("a|merger", t1, date(2000, 9, 22), date(2000, 10, 6), "A", split=True)
    result = plan([origin, piece], [t1])
    assert result.stored["a"].known_to == t1 and result.stored["a|merger"].known_to == t1
    # a version the source states at that instant (the same document re-filed) opens after it
    refiled = Version("b", t1, date(2000, 9, 22), VALID_MAX, "A")
    assert plan([origin, refiled], [t1]).stored["b"].known_to == KNOWN_MAX


def test_a_new_holder_without_a_start_begins_at_the_other_partys_end() -> None:
    # one update: the old holder's interest re-stated with endDate 2020-03-01, the new holder's
    # with no startDate: the new stake starts at 2020-03-01, not at the interest's beginning
    v = [Version("a", _at(date(2016, 6, 1)), date(2015, 1, 1), VALID_MAX, "A"),
         Version("a2", _at(date(2021, 1, 1)), date(2015, 1, 1), date(2020, 3, 1), "A"),
         Version("b", _at(date(2021, 1, 1)), VALID_MIN, VALID_MAX, "B")]
    result = plan(v)
    assert result.stored["b"].valid_from == date(2020, 3, 1)
    assert result.stored["b"].basis == "other_party_end"
    assert result.stored["a"].known_to == _at(date(2021, 1, 1)) and not result.carried
