"""FollowTheMoney / OpenSanctions reader, checked against facts in the real samples."""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind, InterestType
from ownergraph.domain.model import (
    Association,
    Control,
    Entity,
    Lending,
    Ownership,
    Quarantined,
    Retraction,
    Sanction,
    Stake,
    Succession,
)
from ownergraph.ingest.readers.ftm.reader import READERS, FtmReader
from ownergraph.ingest.readers.ftm.mapping import parse_percentage

IRGC = "NK-2PacmNpiLUmoz4XD2mSt7A"
INTER_TOBACCO = "NK-2GdmHtZTeNXjNVrBGEXZNj"
AQI = "NK-2T3S8Hu29ktYnKSTgQp2wL"
VALID_LEI = "2138002YAB7Z9KO21397"


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def dataset(real_data: Path) -> Path:
    return real_data / "ftm" / "opensanctions" / "dataset"


@pytest.fixture(scope="module")
def full(dataset: Path) -> list:
    return list(FtmReader().read(dataset / "t1" / "entities.ftm.json"))


def by_key(records: list, key: str, kind: type) -> object:
    found = [r for r in records if isinstance(r, kind) and r.fact_key == key]
    assert len(found) == 1, (key, found)
    return found[0]


def names(entity: Entity, kind: AliasKind) -> set[str]:
    return {a.value for a in entity.aliases if a.scheme is AliasScheme.NAME and a.kind is kind}


def test_reader_registered_and_sniffs(dataset: Path, real_data: Path) -> None:
    assert [r.name for r in READERS] == ["ftm"]
    r = FtmReader()
    for p in [dataset / "t1" / "entities.ftm.json", dataset / "t2" / "delta.json",
              *dataset.glob("t2/*/entities.delta.json")]:
        assert r.sniff(p, p.read_bytes()[:1024]), p
    for p in [real_data / "sec" / "schedule13g.xml",
              real_data / "bods" / "0.4" / "indirect-ownership.json"]:
        assert not r.sniff(p, p.read_bytes()[:1024]), p


def test_irgc_entity_and_sanction(full: list) -> None:
    e = by_key(full, f"ftm:{IRGC}", Entity)
    assert e.name == "IRGC"
    assert e.kind is EntityKind.COMPANY
    assert e.jurisdiction == "IR"
    assert e.ref.scheme is AliasScheme.FTM_ID and e.ref.value == IRGC and e.ref.lei is None
    assert names(e, AliasKind.LEGAL) == {"IRGC", "Iranian Revolutionary Guard Corps"}
    ids = {a.value for a in e.aliases if a.scheme is AliasScheme.FTM_ID}
    assert {IRGC, "ofac-10465", "gb-hmt-11241"} <= ids
    assert e.known_from == utc(2023, 7, 26, 20, 1, 14)  # entity last_change
    assert e.provenance.source_system == "ftm" and e.provenance.locator == "line 7"
    s = by_key(full, f"ftm:{IRGC}:sanction", Sanction)
    assert s.entity.scheme is AliasScheme.FTM_ID and s.entity.value == IRGC
    assert s.authority == "eu_fsf"
    assert s.valid_from == date(2012, 3, 24)


def test_inter_tobacco_names_and_registration(full: list) -> None:
    e = by_key(full, f"ftm:{INTER_TOBACCO}", Entity)
    assert e.name == "RAB „Inter Tobacco“"  # the OpenSanctions caption
    assert e.jurisdiction == "BY"
    legal = names(e, AliasKind.LEGAL)
    assert {"LLC “Inter Tobacco”", "“Inter Tobacco” LLC",
            "Общество с ограниченной ответственностью “Интер Тобако”"} <= legal
    assert len(legal) == 12
    numbers = {(a.scheme, a.value) for a in e.aliases if a.kind is AliasKind.IDENTIFIER}
    assert (AliasScheme.COMPANY_NUMBER, "BY:808000714") in numbers
    assert (AliasScheme.FTM_ID, "ofac-32733") in numbers
    s = by_key(full, f"ftm:{INTER_TOBACCO}:sanction", Sanction)
    assert s.valid_from == date(2022, 6, 3)  # EU Belarus listing of 3 June 2022


def test_person_and_every_line_accounted(full: list) -> None:
    k = by_key(full, "ftm:NK-2Ka3UvopqbpZmVDFjWd4LA", Entity)
    assert k.kind is EntityKind.PERSON and k.name == "Vitaly Yurievich KUZMENKO"
    assert k.jurisdiction == "RU"  # nationality, the only country a person record gives
    assert any(a.scheme is AliasScheme.OTHER and a.value == "tax:366510784303" for a in k.aliases)
    # the Address on line 4 is not modelled: quarantined, not dropped
    q = [r for r in full if isinstance(r, Quarantined)]
    assert len(q) == 1 and q[0].locator == "line 4" and q[0].field == "schema"
    assert "Address" in q[0].reason
    locators = {getattr(r, "provenance", None) and r.provenance.locator for r in full} | {
        r.locator for r in q}
    assert {f"line {n}" for n in range(1, 8)} <= locators
    assert sum(isinstance(r, Entity) for r in full) == 6
    assert sum(isinstance(r, Sanction) for r in full) == 6


def test_delta_add_mod_versions(dataset: Path) -> None:
    r = FtmReader()
    add = list(r.read(dataset / "t2" / "20240527194702-wnk" / "entities.delta.json"))
    mod = list(r.read(dataset / "t2" / "20240528014702-pfh" / "entities.delta.json"))
    v1, v2 = by_key(add, f"ftm:{AQI}", Entity), by_key(mod, f"ftm:{AQI}", Entity)
    assert v1.name == "AL-QAIDA IN IRAQ" and v2.name == "Foobar Foobargroup"
    # knowledge time is the delta's publication stamp, so the MOD supersedes the ADD
    assert v1.known_from == utc(2024, 5, 27, 19, 47, 2)
    assert v2.known_from == utc(2024, 5, 28, 1, 47, 2)
    assert "ISIS" in names(v1, AliasKind.TRADING)  # an `alias`
    assert ":" not in names(v1, AliasKind.TRADING)  # junk weakAlias skipped
    assert v1.jurisdiction is None  # two countries (iq, sy): ambiguous
    assert v2.jurisdiction == "IR"
    # the poltergeist ADD has name [""]: the caption stands in
    ghost = by_key(mod, "ftm:NK-500Poltergeist", Entity)
    assert ghost.name == "AL-QAIDA IN IRAQ"
    assert "" not in {a.value for a in ghost.aliases}


def test_delta_del_retracts_what_was_added(dataset: Path) -> None:
    r = FtmReader()
    added = list(r.read(dataset / "t2" / "20240528014702-pfh" / "entities.delta.json"))
    dels = list(r.read(dataset / "t2" / "20240528074703-npf" / "entities.delta.json"))
    ghost = by_key(added, "ftm:NK-500Poltergeist", Entity)
    sanction = by_key(added, "ftm:NK-500Poltergeist:sanction", Sanction)
    assert all(isinstance(x, Retraction) for x in dels)
    assert {x.fact_key for x in dels} == {ghost.fact_key, sanction.fact_key}
    assert all(x.known_from == utc(2024, 5, 28, 7, 47, 3) > ghost.known_from for x in dels)


def test_del_closes_full_export_record(tmp_path: Path, full: list) -> None:
    folder = tmp_path / "20240601120000-xyz"
    folder.mkdir()
    f = folder / "entities.delta.json"
    f.write_text(json.dumps({"op": "DEL", "entity": {"id": IRGC}}) + "\n")
    out = list(FtmReader().read(f))
    assert {x.fact_key for x in out} == {by_key(full, f"ftm:{IRGC}", Entity).fact_key,
                                          f"ftm:{IRGC}:sanction"}
    assert out[0].known_from == utc(2024, 6, 1, 12, 0, 0)


def test_delta_index_reads_local_versions_in_order(dataset: Path) -> None:
    out = list(FtmReader().read(dataset / "t2" / "delta.json"))
    missing = [r for r in out if isinstance(r, Quarantined)]
    assert [m.locator for m in missing] == ["versions.20240527134702-zbn"]
    keyed = [r.known_from for r in out if isinstance(r, (Entity, Retraction))]
    assert keyed == sorted(keyed)
    assert any(isinstance(r, Retraction) and r.fact_key == "ftm:NK-500Poltergeist" for r in out)
    assert any(isinstance(r, Entity) and r.fact_key == "ftm:Q4365364" for r in out)


def test_parse_percentage() -> None:
    assert parse_percentage("50") == Stake(exact=50)
    assert parse_percentage("50 %") == Stake(exact=50)
    assert parse_percentage("12,5%") == Stake(exact=12.5)
    assert parse_percentage("25-50") == Stake(lo=25, hi=50, hi_inclusive=True)
    assert parse_percentage(">50") == Stake(lo=50, lo_inclusive=False)
    assert parse_percentage("less than 10") == Stake(lo=0, hi=10)
    assert parse_percentage("majority") is None
    with pytest.raises(ValueError):
        parse_percentage("150")


def _line(eid: str, schema: str, **props: list[str]) -> str:
    return json.dumps({"id": eid, "schema": schema, "properties": props,
                       "last_change": "2024-01-02T03:04:05"})


def test_relationships_and_bad_records(tmp_path: Path) -> None:
    lines = [
        _line("co-1", "Company", name=["Acme Holdings Ltd"], leiCode=[VALID_LEI],
              jurisdiction=["gb"], registrationNumber=["01234567"], previousName=["Acme Ltd"]),
        _line("co-2", "Company", name=["Bad Lei Ltd"], leiCode=["2138002YAB7Z9KO21398"]),
        _line("own-1", "Ownership", owner=["co-1"], asset=["co-3"], percentage=["50%"],
              startDate=["2020-01-01"], endDate=["2022-06-30"]),
        _line("own-2", "Ownership", owner=["co-1"], asset=["co-4"], percentage=["25-50"],
              ownershipType=["voting rights"]),
        _line("own-3", "Ownership", owner=["co-1"], asset=["co-5"], percentage=["150"]),
        _line("own-4", "Ownership", owner=["co-1"], asset=["co-6"], percentage=["unknown"]),
        _line("own-5", "Ownership", owner=["co-1"], asset=["co-6"], startDate=["2022-01-01"],
              endDate=["2021-01-01"]),
        _line("dir-1", "Directorship", director=["p-1"], organization=["co-1"], role=["CEO"]),
        _line("fam-1", "Family", person=["p-1"], relative=["p-2"], relationship=["spouse"]),
        _line("debt-1", "Debt", debtor=["co-3"], creditor=["co-1"], amount=["1,000,000"],
              currency=["eur"]),
        _line("succ-1", "Succession", predecessor=["co-2"], successor=["co-1"]),
        _line("sanc-1", "Sanction", entity=["co-2"], authority=["OFAC"], program=["SDGT"],
              startDate=["2019-05-01"]),
        _line("link-1", "UnknownLink", subject=["p-1"], object=["co-1"]),
        '{"id": "broken", "schema": ',
        _line("no-owner", "Ownership", asset=["co-1"]),
    ]
    f = tmp_path / "entities.ftm.json"
    f.write_text("\n".join(lines) + "\n")
    out = list(FtmReader().read(f))
    acme = by_key(out, "ftm:co-1", Entity)
    assert acme.ref.lei == VALID_LEI
    ids = {(a.scheme, a.value) for a in acme.aliases}
    assert (AliasScheme.COMPANY_NUMBER, "GB:01234567") in ids
    assert names(acme, AliasKind.PREVIOUS) == {"Acme Ltd"}
    bad = by_key(out, "ftm:co-2", Entity)  # loads without the bad LEI ...
    assert bad.ref.lei is None and not any(a.scheme is AliasScheme.LEI for a in bad.aliases)
    q = {(x.locator, x.field) for x in out if isinstance(x, Quarantined)}
    assert ("line 2", "leiCode") in q  # ... which is quarantined on its own
    o1 = by_key(out, "ftm:own-1", Ownership)
    assert o1.stake == Stake(exact=50) and o1.source.value == "co-1" and o1.target.value == "co-3"
    assert (o1.valid_from, o1.valid_to) == (date(2020, 1, 1), date(2022, 6, 30))
    o2 = by_key(out, "ftm:own-2", Ownership)
    assert o2.stake.bounds == (0.25, 0.5) and o2.interest is InterestType.VOTING_RIGHTS
    assert ("line 5", "stake.exact") in q  # 150 %
    assert by_key(out, "ftm:own-4", Ownership).stake is None
    assert ("line 7", "valid_to") in q
    c = by_key(out, "ftm:dir-1", Control)
    assert c.control_kind == "directorship" and c.source.value == "p-1"
    assert by_key(out, "ftm:fam-1", Association).relationship == "spouse"
    loan = by_key(out, "ftm:debt-1", Lending)
    assert (loan.source.value, loan.target.value) == ("co-1", "co-3")  # creditor lends to debtor
    assert (loan.amount, loan.currency) == (1_000_000, "EUR")
    succ = by_key(out, "ftm:succ-1", Succession)
    assert (succ.source.value, succ.target.value) == ("co-2", "co-1")
    s = by_key(out, "ftm:sanc-1", Sanction)
    assert (s.entity.value, s.authority, s.programme, s.valid_from) == (
        "co-2", "OFAC", "SDGT", date(2019, 5, 1))
    reasons = {x.locator: x.reason for x in out if isinstance(x, Quarantined)}
    link = by_key(out, "ftm:link-1", Association)  # an UnknownLink without a role: linked, not control
    assert (link.source.value, link.target.value, link.relationship) == ("p-1", "co-1", "linked")
    assert "malformed JSON" in reasons["line 14"]
    assert ("line 15", "owner") in q
    # every input line produced at least one record
    seen = {x.locator for x in out if isinstance(x, Quarantined)} | {
        x.provenance.locator for x in out if not isinstance(x, Quarantined)}
    assert seen == {f"line {n}" for n in range(1, len(lines) + 1)}


def test_invalid_lei_code_is_kept_as_stated() -> None:
    """StephenAbbott/bods-ftm's sample (reader corpus, held-out set 2) states a leiCode that fails
    ISO 17442: the entity keeps it as a stated identifier, and the quarantine says so."""
    path = (Path(__file__).resolve().parents[1] / "fixtures/reader_corpus/files/heldout2/ftm"
            / "bodsftm-sample_ftm.jsonl")
    records = list(FtmReader().read(path))
    acme = next(r for r in records if isinstance(r, Entity) and r.name == "Acme Holdings Ltd")
    assert acme.ref.lei is None
    assert any(a.scheme is AliasScheme.OTHER and a.value == "leiCode:213800ACME0000001A80" for a in acme.aliases)
    (q,) = [r for r in records if isinstance(r, Quarantined)]
    assert q.field == "leiCode" and "kept as a stated identifier" in q.reason


def test_nested_export_reads_each_nested_entity(tmp_path: Path) -> None:
    """A "nested" FtM export (OpenSanctions ``targets.nested.json``; FtM ``to_nested_dict``): adjacent
    entities sit inline in the properties named by their reverse property, and leave out the end that
    is the entity they sit in. Built here per the FtM schema's reverse properties."""
    line = {"id": "NK-p", "schema": "Person", "caption": "Ivan Petrov", "last_change": "2024-01-02T00:00:00",
            "properties": {"name": ["Ivan Petrov"],
                           "sanctions": [{"id": "san-1", "schema": "Sanction",
                                          "properties": {"authority": ["EU"], "startDate": ["2022-02-25"]}}],
                           "ownershipOwner": [{"id": "own-1", "schema": "Ownership", "properties": {
                               "percentage": ["50"], "startDate": ["2010"],
                               "asset": [{"id": "co-1", "schema": "Company", "caption": "Ozero LLC",
                                          "properties": {"name": ["Ozero LLC"], "jurisdiction": ["ru"]}}]}}]}}
    path = tmp_path / "targets.nested.json"
    path.write_text(json.dumps(line) + "\n")
    records = list(FtmReader().read(path))
    assert not [r for r in records if isinstance(r, Quarantined)]
    assert {r.name for r in records if isinstance(r, Entity)} == {"Ivan Petrov", "Ozero LLC"}
    (own,) = [r for r in records if isinstance(r, Ownership)]
    assert (own.source.value, own.target.value, own.stake.exact) == ("NK-p", "co-1", 50.0)
    (san,) = [r for r in records if isinstance(r, Sanction)]
    assert san.entity.value == "NK-p" and san.authority == "EU"


def test_one_entity_written_as_an_indented_json_document_is_read(tmp_path: Path) -> None:
    """FtM libraries write a single entity as one indented JSON object (not a JSON line); an array
    of entities the same way. Both are read, the array item by item."""
    from ownergraph.ingest.formats import detect

    one = tmp_path / "company.json"
    one.write_text('{\n    "id": "acme",\n    "schema": "Company",\n    "properties": {\n'
                   '        "name": ["Acme Trading OÜ"]\n    }\n}\n', encoding="utf-8")
    many = tmp_path / "entities.json"
    many.write_text('[\n  {"id": "p1", "schema": "Person", "properties": {"name": ["Іван Срака"]}},\n'
                    '  {"id": "own1", "schema": "Ownership", "properties": {"owner": ["p1"],'
                    ' "asset": ["acme"], "percentage": ["40"]}}\n]\n', encoding="utf-8")
    assert detect(one).name == "ftm" and detect(many).name == "ftm"
    entities = [r for r in detect(one).read(one) if type(r).__name__ == "Entity"]
    assert [e.name for e in entities] == ["Acme Trading OÜ"]
    records = list(detect(many).read(many))
    assert [r.name for r in records if type(r).__name__ == "Entity"] == ["Іван Срака"]
    owns = [r for r in records if type(r).__name__ == "Ownership"]
    assert len(owns) == 1 and owns[0].stake.exact == 40.0


def test_an_aleph_diagram_file_gives_its_entities_and_a_numeric_id_is_its_text(tmp_path: Path) -> None:
    """Aleph saves a network diagram as one JSON object: FtM entities under ``entities`` beside its
    layout and viewport. Each entity is read (compound ids kept); an id written as a JSON number
    (FtM says string) is read as its decimal text instead of refusing the entity."""
    from ownergraph.ingest.formats import detect

    diagram = tmp_path / "network.ftm"
    diagram.write_text(json.dumps({"entities": [
        {"id": "a1.f00", "schema": "Company", "properties": {"name": ["Harbour Tug AS"]}},
        {"id": 7, "schema": "Person", "properties": {"name": ["Kari Nordmann"]}},
        {"id": "o1.f00", "schema": "Ownership", "properties": {"owner": ["7"], "asset": ["a1.f00"],
                                                            "percentage": ["60"]}}],
        "layout": {"vertices": []}, "viewport": {"zoom": 1}}), encoding="utf-8")
    reader = detect(diagram)
    assert reader.name == "ftm"
    records = list(reader.read(diagram))
    assert sorted(r.name for r in records if type(r).__name__ == "Entity") == ["Harbour Tug AS", "Kari Nordmann"]
    owns = [r for r in records if type(r).__name__ == "Ownership"]
    assert len(owns) == 1 and owns[0].stake.exact == 60.0
    assert not [r for r in records if type(r).__name__ == "Quarantined"]
