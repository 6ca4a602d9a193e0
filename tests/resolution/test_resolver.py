"""Resolver: LEI first, identifiers, names, ambiguity, stubs, merges, undo, state."""

from __future__ import annotations

import json
from datetime import date

import pytest

from ownergraph.domain.errors import OwnergraphError
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.domain.model import EntityRef
from ownergraph.resolution import Judgement, MergeRefused, ResolutionError, ResolutionState, Resolver, Status
from ownergraph.resolution import name_key

from .conftest import entity

MONEYTECH = "2138002YAB7Z9KO21397"  # had the name MONEYTECH LIMITED (DOMAIN.md §2)
MONEYTECH_GROUP = "984500501A1B1045PB30"  # its parent
SHELL = "21380068P1DRHMJ8KU70"
PUMA = "529900GRZ2BQY5ZM9N49"


def _moneytech(r: Resolver) -> None:
    r.register(entity("MONEYTECH GROUP LIMITED", lei=MONEYTECH_GROUP, jurisdiction="GB"))
    r.register(entity("MT RENAMED LIMITED", lei=MONEYTECH, jurisdiction="GB",
                      others=[("MONEYTECH LIMITED", AliasKind.PREVIOUS)],
                      previous_until=date(2019, 3, 1)))


def test_lei_first(resolver: Resolver) -> None:
    assert resolver.register(entity("SHELL PLC", lei=SHELL, jurisdiction="GB",
                                    others=[("ROYAL DUTCH SHELL PLC", AliasKind.PREVIOUS)])) == SHELL
    res = resolver.resolve(EntityRef(lei=SHELL, name="PUMA SE"))  # the LEI wins over the name
    assert (res.key, res.method, res.score) == (SHELL, "lei", 1.0)
    unknown = resolver.resolve(EntityRef(lei=PUMA, name="PUMA SE"))
    assert (unknown.key, unknown.method) == (PUMA, "lei")
    assert resolver.entity(PUMA).stub and resolver.entity(PUMA).lei == PUMA
    # registering the real record later turns the stub into the entity
    resolver.register(entity("PUMA SE", lei=PUMA, jurisdiction="DE"))
    assert not resolver.entity(PUMA).stub


def test_identifier_alias_resolution(resolver: Resolver) -> None:
    key = resolver.register(entity("MICROSOFT CORPORATION", lei="INR2EJN1ERAN0W5ZP974",
                                   ids={"cik": "0000789019", "isin": "us5949181045"}))
    res = resolver.resolve(EntityRef(scheme=AliasScheme.CIK, value="789019", name="MSFT"))
    assert (res.key, res.method) == (key, "identifier")
    assert resolver.resolve(EntityRef(scheme=AliasScheme.ISIN, value="US5949181045")).key == key
    # a record from another source that knows only the identifier joins the LEI entity
    other = entity("Microsoft Corp", ids={"cik": "789019", "ftm_id": "NK-ms"})
    assert resolver.register(other) == key
    assert resolver.resolve(EntityRef(scheme=AliasScheme.FTM_ID, value="NK-ms")).key == key


def test_non_lei_keys_are_stable_and_documented(resolver: Resolver) -> None:
    k1 = resolver.register(entity("CHRINON LTD", ids={"company_number": "GB:07444723",
                                                       "bods_record": "1dc0e987"}))
    assert k1 == Resolver().register(entity("Chrinon Limited", ids={"bods_record": "1dc0e987",
                                                                     "company_number": "gb:07444723"}))
    assert k1.startswith("og:") and len(k1) == 19
    assert resolver.register(entity("Natalie Coleman", kind=EntityKind.PERSON)) == name_key(
        "Natalie Coleman", None, EntityKind.PERSON)


def test_previous_name_points_to_the_entity_that_had_it(resolver: Resolver) -> None:
    _moneytech(resolver)
    assert resolver.resolve(EntityRef(name="Moneytech Limited")).key == MONEYTECH
    assert resolver.resolve(EntityRef(name="MONEYTECH LTD.")).key == MONEYTECH
    assert resolver.resolve(EntityRef(name="Moneytech Group Ltd")).key == MONEYTECH_GROUP
    # before the rename the previous name was current; after it, it no longer names anyone
    assert resolver.resolve(EntityRef(name="Moneytech Limited"), as_of=date(2018, 1, 1)).key == MONEYTECH
    later = resolver.resolve(EntityRef(name="Moneytech Limited"), as_of=date(2020, 1, 1), record=False)
    assert later.method == "new" and later.key not in (MONEYTECH, MONEYTECH_GROUP)


def test_homonyms_are_not_matched_to_each_other(resolver: Resolver) -> None:
    _moneytech(resolver)
    for name in ("MONEYTECH HOLDINGS LIMITED", "Moneytech Group Services Ltd", "Moneytech Inc"):
        res = resolver.resolve(EntityRef(name=name), record=False)
        assert res.method == "new", (name, res)
    typo = resolver.resolve(EntityRef(name="MONEYTECH GRUOP LIMITED"), record=False)
    assert (typo.key, typo.method) == (MONEYTECH_GROUP, "probabilistic")
    assert typo.score >= 0.9


def test_ambiguous_exact_name_is_never_picked(resolver: Resolver) -> None:
    a = resolver.register(entity("Company A", ids={"company_number": "GB:XE9999"}, jurisdiction="GB"))
    b = resolver.register(entity("Company A", ids={"company_number": "GB:XE1111"}, jurisdiction="GB"))
    c = resolver.register(entity("Company A", ids={"company_number": "FR:123"}, jurisdiction="FR"))
    res = resolver.resolve(EntityRef(name="COMPANY A"), record=False)
    assert res.method == "new" and res.ambiguous
    assert {x.key for x in res.candidates} == {a, b, c} and res.key not in (a, b, c)
    # the jurisdiction settles it when only one candidate is left
    fr = resolver.resolve(EntityRef(name="Company A", jurisdiction="FR"))
    assert (fr.key, fr.method) == (c, "exact_name")
    # a company number that contradicts the candidate's rules the name match out
    gb = resolver.resolve(EntityRef(name="Company A", jurisdiction="FR",
                                    scheme=AliasScheme.COMPANY_NUMBER, value="FR:999"), record=False)
    assert gb.method == "new" and gb.key != c


def test_other_ids_contradict_only_within_their_register(resolver: Resolver) -> None:
    # ``other`` holds many registers (GLEIF's S&P Global and QCC ids, CUSIPs, tickers, INNs):
    # a mention's id from another register, or from none, says nothing against the entity
    puma = resolver.register(entity("PUMA International Trading GmbH", lei="529900S9NYKESE6C6H13",
                                    ids={"other": "spglobal:270532115"}, jurisdiction="DE"))
    for value in ("cusip:745887109", "x-1"):
        res = resolver.resolve(EntityRef(name="PUMA International Trading GmbH",
                                         scheme=AliasScheme.OTHER, value=value), record=False)
        assert (res.key, res.method) == (puma, "exact_name"), value
    # another id of the same register does contradict it
    res = resolver.resolve(EntityRef(name="PUMA International Trading GmbH",
                                     scheme=AliasScheme.OTHER, value="spglobal:1"), record=False)
    assert res.method == "new" and res.key != puma


def test_person_never_matches_company_of_same_name(resolver: Resolver) -> None:
    co = resolver.register(entity("Jordan Smith", ids={"company_number": "GB:1"}))
    res = resolver.resolve(EntityRef(name="Jordan Smith", kind=EntityKind.PERSON), record=False)
    assert res.method == "new" and res.key != co


def test_stub_for_unresolved_mention_and_reconcile(resolver: Resolver) -> None:
    first = resolver.resolve(EntityRef(name="Renco Energy Ltd", jurisdiction="GB"))
    assert first.method == "new" and resolver.entity(first.key).stub
    again = resolver.resolve(EntityRef(name="RENCO ENERGY LIMITED", jurisdiction="GB"))
    assert again.key == first.key  # the stub is found by name now
    real = resolver.register(entity("RENCO Energy Ltd", lei="5493001KJTIIGC8Y1R12", jurisdiction="GB"))
    # a stub and a real entity share the name: the real one is preferred
    assert resolver.resolve(EntityRef(name="Renco Energy Ltd")).key == real
    decisions = resolver.reconcile_stubs()
    assert [(d.left_key, d.right_key) for d in decisions] == [(real, first.key)]
    assert resolver.canonical(first.key) == real
    resolver.undo(decisions[0].decision_id)
    assert resolver.canonical(first.key) == first.key


def test_two_leis_are_never_merged(resolver: Resolver) -> None:
    _moneytech(resolver)
    with pytest.raises(MergeRefused, match="two LEIs") as err:
        resolver.merge(MONEYTECH, MONEYTECH_GROUP, "same name once")
    assert isinstance(err.value, OwnergraphError)
    # nor through a stub that was merged into one of them
    stub = resolver.resolve(EntityRef(name="Moneytech Trading Co")).key
    resolver.merge(stub, MONEYTECH_GROUP)
    with pytest.raises(MergeRefused):
        resolver.merge(stub, MONEYTECH)
    # nor by a shared identifier: kept apart, recorded as a conflict
    resolver.register(entity("MONEYTECH GROUP LIMITED", lei=MONEYTECH_GROUP, ids={"cik": "42"}))
    resolver.register(entity("MT RENAMED LIMITED", lei=MONEYTECH, ids={"cik": "42"}))
    assert resolver.canonical(MONEYTECH) == MONEYTECH
    assert resolver.conflicts[0]["alias"] == "cik:42"
    res = resolver.resolve(EntityRef(scheme=AliasScheme.CIK, value="42"), record=False)
    assert res.ambiguous and {c.key for c in res.candidates} == {MONEYTECH, MONEYTECH_GROUP}


def test_merge_then_undo_restores_exactly(resolver: Resolver) -> None:
    lei = resolver.register(entity("SHELL PLC", lei=SHELL, jurisdiction="GB"))
    other = resolver.register(entity("Shell Transport", ids={"company_number": "GB:00054485"},
                                     others=[("Shell Transport and Trading", AliasKind.PREVIOUS)]))
    before = resolver.state()
    probe = [EntityRef(name="Shell Transport and Trading"),
             EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value="GB:00054485")]
    assert {r.key for r in resolver.resolve_many(probe, record=False)} == {other}
    d = resolver.merge(other, lei, "Shell Transport was absorbed into Shell plc")
    assert (d.left_key, d.right_key, d.decided_by, d.method) == (lei, other, "user", "manual")
    assert d.decided_at.tzinfo is not None
    assert {r.key for r in resolver.resolve_many(probe, record=False)} == {lei}
    assert {a.value for a in resolver.aliases(lei)} >= {"Shell Transport and Trading", "GB:00054485"}
    resolver.undo(d.decision_id)
    after = resolver.state()
    assert after.entities == before.entities and after.aliases == before.aliases
    assert after.decisions[-1]["status"] == Status.UNDONE.value
    assert {r.key for r in resolver.resolve_many(probe, record=False)} == {other}
    with pytest.raises(ResolutionError):
        resolver.undo(d.decision_id)


def test_shared_identifier_joins_non_lei_entities_reversibly(resolver: Resolver) -> None:
    a = resolver.register(entity("Alpha Trading", ids={"ftm_id": "NK-1", "company_number": "BY:808"}))
    b = resolver.register(entity("Alpha Trading LLC", ids={"bods_record": "r-9", "isin": "BY0000000001"}))
    assert a != b
    c = resolver.register(entity("Alpha", ids={"bods_record": "r-9", "company_number": "BY:808"}))
    assert resolver.canonical(a) == resolver.canonical(b) == c
    merge = next(d for d in resolver.decisions if d.kind == "merge")
    assert merge.method == "identifier" and merge.decided_by == "resolver"
    resolver.undo(merge.decision_id)
    assert resolver.canonical(a) != resolver.canonical(b)


def test_negative_judgement_blocks_re_merge(resolver: Resolver) -> None:
    a = resolver.register(entity("Levent Trust", ids={"bods_record": "8e40d059"}, jurisdiction="FR"))
    b = resolver.register(entity("Levent Trust SA", ids={"company_number": "FR:1"}, jurisdiction="FR"))
    d = resolver.merge(a, b)
    resolver.undo(d.decision_id, block=True)
    with pytest.raises(MergeRefused, match="judged different"):
        resolver.merge(b, a)
    neg = [x for x in resolver.decisions if x.judgement is Judgement.NEGATIVE]
    assert len(neg) == 1 and neg[0].status is Status.ACTIVE
    # an explicit judgement does the same, and undoing it lifts the block
    c = resolver.register(entity("Levent Holdings", ids={"company_number": "FR:2"}))
    j = resolver.judge(a, c, judgement="negative", reason="different trusts")
    with pytest.raises(MergeRefused):
        resolver.merge(a, c)
    resolver.undo(j.decision_id)
    assert resolver.merge(a, c).status is Status.ACTIVE


def test_probabilistic_match_is_a_reversible_decision(resolver: Resolver) -> None:
    key = resolver.register(entity("PUMA International Trading GmbH", lei="529900S9NYKESE6C6H13",
                                   jurisdiction="DE"))
    ref = EntityRef(name="PUMA Internatoinal Trading GmbH", scheme=AliasScheme.OTHER, value="x-1")
    res = resolver.resolve(ref)
    assert (res.key, res.method) == (key, "probabilistic") and res.decision_id
    d = resolver.decisions.get(res.decision_id)
    assert (d.kind, d.left_key, d.alias, d.decided_by) == ("match", key, "other:x-1", "resolver")
    # the mention's identifier was learned under that decision
    assert resolver.resolve(EntityRef(scheme=AliasScheme.OTHER, value="x-1")).key == key
    resolver.undo(res.decision_id, block=True)
    assert resolver.resolve(EntityRef(scheme=AliasScheme.OTHER, value="x-1"), record=False).method != "identifier"
    # the alias judgement blocks the same name match for this key
    resolver.judge(key, alias="name:puma internatoinal trading", judgement=Judgement.NEGATIVE)
    again = resolver.resolve(EntityRef(name="PUMA Internatoinal Trading GmbH"), record=False)
    assert again.method == "new"


def test_state_round_trip(resolver: Resolver) -> None:
    _moneytech(resolver)
    resolver.register(entity("Company A", ids={"company_number": "GB:XE9999"}))
    stub = resolver.resolve(EntityRef(name="Moneytech Trading Co")).key
    d = resolver.merge(stub, MONEYTECH_GROUP, "checked the filing")
    resolver.resolve(EntityRef(name="MONEYTECH GRUOP LIMITED"))
    resolver.judge(MONEYTECH, stub, judgement=Judgement.UNSURE)
    state = resolver.state()
    blob = json.dumps(state.as_dict(), sort_keys=True)
    restored = Resolver.from_state(ResolutionState.from_dict(json.loads(blob)))
    assert json.dumps(restored.state().as_dict(), sort_keys=True) == blob
    assert restored.canonical(stub) == MONEYTECH_GROUP
    probe = [EntityRef(name="Moneytech Limited"), EntityRef(name="Moneytech Trading Co"),
             EntityRef(name="Company A")]
    assert restored.resolve_many(probe, record=False) == resolver.resolve_many(probe, record=False)
    assert state.entities[stub]["canonical"] == MONEYTECH_GROUP
    assert [a["key"] for a in state.aliases] == sorted(a["key"] for a in state.aliases)
    # undo works on the restored resolver, and new decision ids continue the sequence
    restored.undo(d.decision_id)
    assert restored.canonical(stub) == stub
    nxt = restored.judge(stub, MONEYTECH, judgement="negative")
    assert nxt.decision_id > max(x["decision_id"] for x in state.decisions)


def test_store_protocol(resolver: Resolver) -> None:
    class Memory:
        def __init__(self) -> None:
            self.saved: ResolutionState | None = None

        def save_resolution_state(self, state: ResolutionState) -> None:
            self.saved = state

        def load_resolution_state(self) -> ResolutionState | None:
            return self.saved

    store = Memory()
    assert Resolver.load(store).state().entities == {}
    _moneytech(resolver)
    resolver.save(store)
    assert Resolver.load(store).resolve(EntityRef(name="Moneytech Limited")).key == MONEYTECH


def test_name_and_lei_given_as_scheme_value(resolver: Resolver) -> None:
    _moneytech(resolver)
    by_name = resolver.resolve(EntityRef(scheme=AliasScheme.NAME, value="Moneytech Limited"))
    assert (by_name.key, by_name.method) == (MONEYTECH, "exact_name")
    by_lei = resolver.resolve(EntityRef(scheme=AliasScheme.LEI, value=MONEYTECH_GROUP.lower()))
    assert (by_lei.key, by_lei.method) == (MONEYTECH_GROUP, "lei")
