"""Entity look-up against the real Neo4j: LEI, alias, exact name, fuzzy; families."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ownergraph.graph.analytics.lookup import find_entity, find_group, similarity
from ownergraph.domain.errors import EntityNotFound
from tests.graph.analytics._small_world import World, lei

HBL = lei("213800HBLHOLDINGS")


@pytest.fixture()
def world(graph):
    w = World(graph)
    w.entity("Harbourline Holdings PLC", lei_code=HBL, jurisdiction="GB",
             aliases=(("cik", "0000320193", "identifier"), ("company_number", "GB:06874512", "identifier"),
                      ("name", "Harbourline Group Limited", "previous")))
    w.entity("Meta Platforms, Inc.", aliases=(("name", "Facebook, Inc.", "previous"),))
    w.entity("Acme Ltd", jurisdiction="GB")
    w.entity("Acme Inc", jurisdiction="US")
    w.entity("Nordkap Capital AG")
    w.entity("Ivan Petrov", kind="person")
    w.entity("Olga Petrova", kind="person")
    w.entity("Anna Sidorova", kind="person")
    w.entity("Boris Kuznetsov", kind="person")
    w.entity("Dmitri Volkov", kind="person")
    w.entity("Petrovsky Holdings Ltd")
    w.associate("Ivan Petrov", "Anna Sidorova", "spouse")
    w.associate("Ivan Petrov", "Boris Kuznetsov", "business_associate")
    w.associate("Olga Petrova", "Dmitri Volkov", "spouse", known="2023-05-01")  # published later
    return w.flush()


def test_lei_alias_and_name_steps(graph, world):
    assert find_entity(graph, HBL).method == "lei"
    assert find_entity(graph, HBL.lower()).key == HBL
    m = find_entity(graph, "0000320193")
    assert (m.key, m.method) == (HBL, "alias")
    assert find_entity(graph, "company_number:GB:06874512").key == HBL
    assert find_entity(graph, "harbourline group limited").key == HBL  # a previous name
    meta = find_entity(graph, "FACEBOOK, INC.")
    assert meta.name == "Meta Platforms, Inc." and meta.method == "alias"
    n = find_entity(graph, "nordkap capital ag")
    assert n.method == "name" and n.name == "Nordkap Capital AG"
    assert find_entity(graph, n.key).method == "key"


def test_fuzzy_and_errors(graph, world):
    m = find_entity(graph, "Harbourlne Holdings")  # typo, no legal form
    assert m.key == HBL and m.method == "fuzzy" and 0.85 <= m.score < 1
    assert find_entity(graph, "Nordkapp Capital").name == "Nordkap Capital AG"
    with pytest.raises(EntityNotFound) as err:
        find_entity(graph, "Acme")  # Acme Ltd and Acme Inc are equally close
    assert {c.split(" (")[0] for c in err.value.candidates} == {"Acme Ltd", "Acme Inc"}
    assert "did you mean" in str(err.value)
    with pytest.raises(EntityNotFound) as none:
        find_entity(graph, "Zzyzx Quarry Corp")
    assert none.value.candidates == [] and "could not find" in str(none.value)
    with pytest.raises(EntityNotFound):
        find_entity(graph, "Harbourline Holdings", fuzzy=False)


def test_transliterated_mention(graph, world):
    assert similarity("Петров Иван", "Ivan Petrov") == 1.0
    assert find_entity(graph, "Петров Иван").name == "Ivan Petrov"


def test_family_group_follows_family_links_at_the_clock(graph, world):
    now = find_group(graph, "Petrov family")
    names = {m.name: m.method for m in now.members}
    # "Petrov" is a substring of "Petrova"; the company and the business associate stay out
    assert names == {"Ivan Petrov": "family_name", "Olga Petrova": "family_name",
                     "Anna Sidorova": "associated:spouse", "Dmitri Volkov": "associated:spouse"}
    before = find_group(graph, "the Petrov family", known_at="2023-01-01")
    assert {m.name for m in before.members} == {"Ivan Petrov", "Olga Petrova", "Anna Sidorova"}
    assoc = find_group(graph, "Petrov family", include_associates=True)
    assert "Boris Kuznetsov" in {m.name for m in assoc.members}
    assert len(now.to_frame()) == 4 and now.as_dict()["links"]


def test_explicit_list_group(graph, world):
    g = find_group(graph, ["Ivan Petrov", HBL, "harbourline holdings plc"])
    assert g.keys == [world.key("Ivan Petrov"), HBL]
    with pytest.raises(EntityNotFound):
        find_group(graph, "Nobodyknows family")


def test_a_family_among_listed_mentions_stands_for_its_members(graph, world):
    """"the Petrov family (Ivan Petrov and Olga Petrova)": the family's members, each once."""
    g = find_group(graph, ["Petrov family", "Ivan Petrov", "Olga Petrova"])
    assert {m.name for m in g.members} == {"Ivan Petrov", "Olga Petrova", "Anna Sidorova", "Dmitri Volkov"}
    assert len(g.keys) == len(set(g.keys)) and g.links


@settings(max_examples=60)
@given(a=st.text(min_size=1, max_size=30), b=st.text(min_size=1, max_size=30))
def test_similarity_is_a_bounded_symmetric_score(a, b):
    s = similarity(a, b)
    assert 0.0 <= s <= 1.0 and s == pytest.approx(similarity(b, a))
    assert similarity(a, a) in (0.0, 1.0)  # 0 only when nothing comparable is left of the name


def test_as_of_prefers_the_entity_alive_then(graph):
    w = World(graph)
    old = w.entity("Kestrel Energy", ident="kestrel-it", valid_to="2022-11-01")
    new = w.entity("Kestrel Energy", ident="kestrel-gb", valid_from="2023-01-01")
    w.flush()
    assert find_entity(graph, "Kestrel Energy", as_of="2021-06-30").key == old
    assert find_entity(graph, "kestrel energy", as_of="2024-06-30").key == new
    with pytest.raises(EntityNotFound):
        find_entity(graph, "Kestrel Energy", as_of="2022-12-01")  # neither alive: ambiguous
