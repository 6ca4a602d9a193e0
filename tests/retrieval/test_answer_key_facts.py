"""Answers state the facts a reader looks for (session 10): the direct link beside a total that
adds the source's declared indirect interest, the other measure (votes beside shares, shares
beside votes), and the votes a holder's control rests on. Composers over invented results; no
graph."""

from __future__ import annotations

from types import SimpleNamespace as NS
from typing import Any

import pandas as pd

from ownergraph.graph.analytics.holdings import own_votes
from ownergraph.graph.analytics.interval import Interval
from ownergraph.graph.analytics.ownership_model import PathStep
from ownergraph.retrieval.answer.parts import Parts, direct_and_declared, held
from ownergraph.retrieval.kinds import holdings, stake


class _Ctx:
    sources: list[Any] = []

    def cite(self, **_: Any) -> list[int]:
        return []


def _edge(lo: float, hi: float | None = None, *, direct: bool = True, interest: str = "shareholding") -> Any:
    return NS(stake=Interval(lo, lo if hi is None else hi), direct=direct, interest=interest)


def _one_step(*edges: Any, total: float) -> Any:
    step = PathStep("og:a", "og:b", Interval(total, total), tuple(edges))
    return NS(nodes=("og:a", "og:b"), steps=(step,), product=Interval(total, total))


def _parts(result: Any, frame: pd.DataFrame, subject: str = "Ana Invented", other: str | None = None) -> Parts:
    rows = frame.to_dict("records")
    return Parts(frame, rows, "", _Ctx(), subject, other, "2024-06-30", result)  # type: ignore[arg-type]


def test_a_total_with_a_declared_indirect_interest_states_the_direct_link() -> None:
    path = _one_step(_edge(0.51), _edge(0.10, direct=False), total=0.61)
    assert direct_and_declared(path) == ("51%", "10%")
    assert direct_and_declared(_one_step(_edge(0.51), total=0.51)) is None
    row = NS(key="og:a", paths=(path,), voting=None)
    said = held({"key": "og:a", "stake_lo": 0.61, "stake_hi": 0.61, "basis": "declared_indirect"},
                NS(rows=(row,)))
    assert said == "61% (directly 51%; declared indirectly 10%)"


def test_a_stake_in_votes_states_the_shares_beside_them() -> None:
    votes = NS(stake=Interval(0.52, 0.52), paths=(_one_step(_edge(0.52, interest="voting_rights"), total=0.52),),
               interest="voting_rights", semantics="simple_paths", depth_limit_reached=False)
    shares = NS(stake=Interval(0.25, 0.5), paths=(), interest="shareholding")
    frame = pd.DataFrame([{"names": "Ana Invented > Bo Invented Ltd", "path": "og:a > og:b",
                           "product_lo": 0.52, "product_hi": 0.52}])
    text = stake.compose(_parts(stake.WithVotes(votes, shares), frame, other="Bo Invented Ltd"))
    assert "share of the voting rights in Bo Invented Ltd as of 2024-06-30 is 52% (25–50% of the shares)" in text


def test_a_stake_in_shares_states_the_votes_and_the_declared_part() -> None:
    path = _one_step(_edge(0.51), _edge(0.10, direct=False), total=0.61)
    shares = NS(stake=Interval(0.61, 0.61), paths=(path,), interest="shareholding", semantics="simple_paths",
                depth_limit_reached=False)
    votes = NS(stake=Interval(0.7, 0.7), interest="voting_rights")
    frame = pd.DataFrame([{"names": "Ana > Bo", "path": "og:a > og:b", "product_lo": 0.61, "product_hi": 0.61}])
    text = stake.compose(_parts(stake.WithVotes(shares, votes), frame, other="Bo Invented Ltd"))
    assert "is 61% (directly 51%; declared indirectly 10%; 70% of the voting rights)" in text


def _holding(**kw: Any) -> Any:
    base = {"key": "og:b", "name": "Bo Invented Ltd", "kind": "company", "direct": Interval(0.25, 0.5),
            "effective": Interval(0.25, 0.5), "control": "certainly", "paths": (), "control_links": (),
            "votes": None}
    return NS(**{**base, **kw})


def _holdings_text(row: Any) -> str:
    frame = pd.DataFrame([{"key": row.key, "name": row.name, "kind": row.kind,
                           "direct_lo": row.direct.lo, "direct_hi": row.direct.hi, "effective_lo": row.effective.lo,
                           "effective_hi": row.effective.hi, "control": row.control, "hops": 1}])
    result = NS(rows=(row,), basis="owned", depth_limit_reached=False, max_depth=4)
    return holdings.compose(_parts(result, frame))


def test_a_holding_controlled_through_votes_states_them() -> None:
    text = _holdings_text(_holding(votes=Interval(0.52, 0.52)))
    assert "Bo Invented Ltd (25–50% directly, 52% of the votes, controlled)" in text
    assert "of the votes" not in _holdings_text(_holding())


def test_a_holding_with_a_declared_indirect_part_states_the_direct_link() -> None:
    path = _one_step(_edge(0.51), _edge(0.10, direct=False), total=0.61)
    text = _holdings_text(_holding(direct=Interval(0.61, 0.61), effective=Interval(0.61, 0.61), paths=(path,)))
    assert "Bo Invented Ltd (51% directly, declared indirectly 10%, 61% in all, controlled)" in text


def test_the_votes_a_holders_control_rests_on() -> None:
    link = PathStep("og:a", "og:b", Interval(0.52, 0.52), (_edge(0.52, interest="voting_rights"),))
    other = PathStep("og:c", "og:b", Interval(0.3, 0.3), (_edge(0.3, interest="voting_rights"),))
    assert own_votes((link, other), ["og:a"], "og:b") == Interval(0.52, 0.52)
    assert own_votes((PathStep("og:a", "og:b", Interval(0.6, 0.6), (_edge(0.6),)),), ["og:a"], "og:b") is None


# -- neighbourhood: the kinds a question names, and its hop count -------------------------------

def _q(text: str) -> Any:
    from datetime import date

    from ownergraph.retrieval.question.model import parse

    return parse(text, today=date(2024, 7, 15))


def test_a_relationship_manager_names_no_fund_relationship() -> None:
    from ownergraph.domain.vocabulary import PATH_KIND_NAMES
    from ownergraph.retrieval.kinds.neighbourhood import kinds_asked

    q = _q("The relationship manager visits Acme Invented AG. List everything linked to Acme Invented AG within one hop.")
    assert kinds_asked(q) == PATH_KIND_NAMES
    assert kinds_asked(_q("everything within one hop of Acme Invented AG over fund manager links")) == ("fund",)


def test_family_links_are_a_relationship_kind_read_by_any_relationship_and_sanctions_reach() -> None:
    from ownergraph.domain.vocabulary import EDGE_OF, PATH_KIND_NAMES, SANCTIONS_EDGE_TYPES
    from ownergraph.retrieval.kinds.neighbourhood import kinds_asked

    assert "association" in PATH_KIND_NAMES and "ASSOCIATED_WITH" in SANCTIONS_EDGE_TYPES
    assert EDGE_OF["ASSOCIATED_WITH"].path_kind == "association"
    assert kinds_asked(_q("who is within one hop of Ana Invented, family and associates only")) == ("association",)


def test_a_hop_count_with_the_kinds_of_link_between_number_and_unit() -> None:
    assert _q("The Committee asks for the entities within two ownership or control steps of Acme Invented Ltd "
              "as at 30 June 2024.").depth == 2
    assert _q("neighbourhood of Acme Invented Ltd, 3 own/ctrl hops").depth == 3
    assert _q("neighbourhood of Acme Invented Ltd within 2 hops").depth == 2


# -- counterparties: the guarantor or lender named by the question's form ------------------------

def test_a_filter_or_a_question_opening_with_guaranteed_by_asks_for_the_guarantors_own_guarantees() -> None:
    from ownergraph.retrieval.kinds.counterparties import roles

    assert roles("gteed by Acme Invented Inc 30/6/25?") == ("guaranteed",)
    assert "guaranteed" in roles("SELECT beneficiary, amount FROM guarantees WHERE guarantor = 'Acme Invented SA'")
    assert "borrowers" in roles("SELECT borrower, amount FROM loans WHERE lender = 'Acme Invented Bank'")
    assert roles("Acme Invented Ltd guaranteed by as of 30 June 2024") == ("guarantors",)  # X the guaranteed


def test_a_forms_section_number_is_no_book_code() -> None:
    q = _q("Field 3.8 Book positions with issuer ≤1 hop from a sanctioned party as at 31.12.2023:")
    assert (q.portfolio, q.depth) == (None, 1)
    assert _q("which LOANS-CORP positions sit within 3 hops of a sanctioned name").portfolio == "LOANS-CORP"
    assert _q("positions in book 12 owned by sanctioned parties").portfolio == "12"


# -- accounting children: a list read for its names ----------------------------------------------

def test_children_named_before_those_known_by_lei_only() -> None:
    from ownergraph.retrieval.kinds import parents

    kids = [{"source": f"5299{i:014d}00", "source_name": f"5299{i:014d}00"} for i in range(20)]
    kids += [{"source": "og:v", "source_name": "Ventures Invented GmbH"}]
    level = NS(level="direct", children=kids, partial=True, note="page 1 of 3 read")
    result = NS(partial=True, direct=level, ultimate=NS(level="ultimate", children=[], partial=False, note=""),
                entity=NS(key="og:bank"))
    text = parents.compose(_parts(result, pd.DataFrame(), subject="Bank Invented AG"))
    assert text.index("Ventures Invented GmbH") < text.index("529900000000000000")
    assert "direct (21+)" in text and "(and" not in text  # all 21 named: none left out of the words


def test_a_stake_question_about_one_entitys_subsidiaries_is_a_holdings_question() -> None:
    assert _q("Subs of Acme Invented BV as at 30 Jun 2025 with effective %").pattern == "holdings"
    assert _q("investments of Acme Invented BV, effective % each").pattern == "holdings"
    assert _q("effective stake of Ana Invented in Bo Invented Holdings AG").pattern == "stake"  # two: a stake


def test_a_period_read_as_its_last_day_is_named_by_its_days() -> None:
    q = _q("harbourline hldgs plc direct owners controllers and subs 1 hop jun-24")
    assert q.as_of.isoformat() == "2024-06-30"
    assert "the month 2024-06-01 to 2024-06-30 read as its last day, 2024-06-30" in q.notes


def test_direct_owners_and_subsidiaries_together_ask_for_the_neighbourhood() -> None:
    for text in ("direct owners + subs of acme invented corp. @ prior YE",
                 "acme invented ltd direct owners controllers and subs 1 hop jun-24",
                 "owners and investees of Acme Invented Ltd"):
        assert _q(text).pattern == "neighbourhood", text
    assert _q("Acme Invented Ltd and all its subs as of June 2024").pattern == "group"


def test_an_entity_screened_without_a_book_is_a_sanctions_near_question() -> None:
    q = _q("- Screen Acme Invented PLC for sanctioned parties within two hops as at 31 December 2021")
    assert (q.pattern, q.depth) == ("sanctions_near", 2)
    assert _q("screen our book for sanctioned issuers within 2 hops").pattern == "screening"
    assert _q("Are any positions in Acme Invented Limited owned by sanctioned parties?").pattern == "screening"


def test_consolidation_in_trade_words_and_its_direction() -> None:
    down = _q("Which subs roll up into Acme Invented Ltd as of COB 30 Jun 2025?")
    assert (down.pattern, "children" in down.modifiers) == ("parents", True)
    accounts = _q("Entities consolidated in the accounts of Acme Invented Inc. as at 30.09.2025 (direct):")
    assert (accounts.pattern, "children" in accounts.modifiers) == ("parents", True)
    up = _q("Which entities consolidate Acme Invented Limited, immediate and top-level, at 30 June 2025?")
    assert (up.pattern, "children" in up.modifiers) == ("parents", False)
    assert "children" in _q("Which entities does Acme Invented Ltd consolidate?").modifiers


def test_intermediaries_over_which_a_holds_b_ask_for_the_path() -> None:
    q = _q("Over which intermediate societies does Acme Invented Limited hold Bo Invented SAS at the date of 30.06.2025?")
    assert q.pattern == "path" and [m.text for m in q.anchors] == ["Acme Invented Limited", "Bo Invented SAS"]
    assert _q("Via which vehicles does Ana Invented hold Bo Invented AG?").pattern == "path"


def test_companies_in_whose_register_x_appears_are_its_holdings() -> None:
    assert _q("Please list any company in whose register of persons with significant control Acme Invented Limited "
              "appears.").pattern == "holdings"
    assert _q("Identify the companies in which Acme Invented Limited is registered as a person with significant "
              "control.").pattern == "holdings"
    assert _q("which cos is Ana Invented a shareholder of").pattern == "holdings"


def test_controllers_name_the_control_kind() -> None:
    from ownergraph.retrieval.kinds.neighbourhood import kinds_asked

    q = NS(text="acme invented plc direct owners controllers and subs 1 hop jun-24",
           anchors=[NS(text="acme invented plc")])  # the graph's name found, as the parser masks it
    assert set(kinds_asked(q)) == {"ownership", "control"}


def test_since_when_a_role_or_holding_began_is_an_event() -> None:
    assert _q("Could you find out since when Ana Invented has been a PSC of Bo Invented Ltd?").pattern == "events"
    assert _q("state the date from which Acme Invented Ltd has been registered as a person with significant "
              "control of Bo Invented Ltd.").pattern == "events"
    assert _q("Who has been a shareholder of Acme Invented Ltd since 2020?").pattern == "owners"


def test_a_diff_merges_shares_and_votes_before_it_cuts_and_counts() -> None:
    """Rows that differ only in their interest are one change: the rows shown and the "(and N
    more)" count the changes after that merge, not the frame's rows."""
    from ownergraph.retrieval.answer.parts import MAX_ROWS
    from ownergraph.retrieval.kinds import diff

    rows = [{"change": "added", "type": "OWNS", "source": f"og:h{i}", "source_name": f"Holder {i} Ltd",
             "target": "og:x", "target_name": "Xeno Invented AG", "stake_before": None, "stake_after": 0.1,
             "interest": interest, "cause_document_id": f"DOC-{i}", "cause_action_id": None}
            for i in range(MAX_ROWS + 2) for interest in ("shareholding", "voting_rights")]
    frame = pd.DataFrame(rows)
    text = diff.compose(Parts(frame, rows[:MAX_ROWS], f" (and {len(rows) - MAX_ROWS} more)", _Ctx(), "Xeno Invented AG",
                              None, "2024-06-30", NS(events=())))  # type: ignore[arg-type]
    assert text.count("added:") == MAX_ROWS and "(and 2 more)" in text
    assert f"Holder {MAX_ROWS - 1} Ltd" in text and "shareholding and voting rights" in text


def test_an_event_in_shares_and_votes_is_one_line_naming_both() -> None:
    """A holder's shares and votes that began the same day are one event: one line that names
    each interest (not two lines saying "owns" of two different figures)."""
    from datetime import datetime

    from ownergraph.retrieval.kinds import events

    def row(interest: str, lo: float, hi: float) -> dict[str, Any]:
        return {"date": "2019-03-01", "event": "began", "type": "OWNS", "source": "og:a", "target": "og:b",
                "source_name": "Ana Invented", "target_name": "Bo Invented Ltd", "stake_lo": lo, "stake_hi": hi,
                "document_id": "REG-1", "edge": {"interest": interest}}

    rows = (row("voting_rights", 0.6, 0.6), row("shareholding", 0.25, 0.5))
    result = NS(rows=rows, clock=NS(known_at=datetime(2025, 1, 1)))
    ctx = _Ctx()
    ctx.known_now, ctx.question = True, "when did Ana Invented buy into Bo Invented Ltd"  # type: ignore[attr-defined]
    text = events.compose(Parts(pd.DataFrame(list(rows)), list(rows), "", ctx, "Ana Invented", "Bo Invented Ltd",  # type: ignore[arg-type]
                                "2024-06-30", result))
    assert text.count("2019-03-01") == 1
    assert "holds 60% of the voting rights and owns 25–50% of the shares of Bo Invented Ltd" in text
