"""BODS shapes the standard allows that no corpus split holds (issue 31, session 8 round 2), and
the off-schema shapes the held-out set 3 files showed, each read per the standard's own schema.

Every file here is built from the schema, not copied from a publisher:
- BODS 0.4.0 (https://standard.openownership.org/en/0.4.0/, schema/statement.json and codelists):
  ``publicationDetails`` (``publicationDate``, ``bodsVersion``, ``publisher``, ``license``),
  ``annotations``, ``declarationSubject``, ``isComponent`` and ``componentRecords`` (an indirect
  relationship and its component), ``recordStatus`` ``updated``, an interested party given by an
  unspecified record (``reason`` / ``description``) for each code of ``unspecifiedReason.csv``,
  ``directOrIndirect``, ``beneficialOwnershipOrControl``, ``share`` with ``exclusiveMinimum`` /
  ``exclusiveMaximum``;
- BODS 0.2.0 (https://standard.openownership.org/en/0.2.0/, schema): ``share`` with boolean
  ``exclusiveMinimum`` / ``exclusiveMaximum`` flags, ``interestLevel``-free 0.2 interests,
  ``annotations`` (0.3.0).
Held-out set 3's two off-schema shapes (a record without ``recordType``, an interest type outside
the codelist) are built here too, so the rule is tested apart from the files that showed it.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from ownergraph.domain.codes import EntityKind
from ownergraph.domain.model import Control, Entity, Ownership, Quarantined, ReportingException
from ownergraph.ingest.readers.bods.mapping import UNSPECIFIED_REASONS
from ownergraph.ingest.readers.bods.reader import BodsReader

PUB = {"publicationDate": "2024-03-01", "bodsVersion": "0.4",
       "publisher": {"name": "Example register", "url": "https://example.org"},
       "license": "https://creativecommons.org/publicdomain/zero/1.0/"}
NOTE = [{"statementPointerTarget": "/recordDetails", "creationDate": "2024-03-01",
         "createdBy": {"name": "Example register"}, "motivation": "commenting",
         "description": "checked against the register"}]


def _entity(rid: str, name: str, number: str) -> dict:
    return {"statementId": f"s-{rid}", "recordId": rid, "recordType": "entity", "recordStatus": "new",
            "declarationSubject": rid, "publicationDetails": PUB, "annotations": NOTE,
            "recordDetails": {"isComponent": False, "entityType": {"type": "registeredEntity",
                                                                   "subtype": "other", "details": "plc"},
                              "name": name, "jurisdiction": {"name": "United Kingdom", "code": "GB"},
                              "identifiers": [{"id": number, "scheme": "GB-COH"}],
                              "foundingDate": "2001-02-03",
                              "publicListing": {"hasPublicListing": False},
                              "formedByStatute": {"name": "Companies Act 2006"}}}


def _person(rid: str, name: str) -> dict:
    return {"statementId": f"s-{rid}", "recordId": rid, "recordType": "person", "recordStatus": "new",
            "declarationSubject": "sub", "publicationDetails": PUB,
            "recordDetails": {"isComponent": False, "personType": "knownPerson",
                              "names": [{"type": "legal", "fullName": name}],
                              "nationalities": [{"name": "France", "code": "FR"}],
                              "birthDate": "1970-01", "taxResidencies": [{"code": "GB"}],
                              "politicalExposure": {"status": "notPep"}}}


def _relationship(rid: str, subject: str, party: object, interests: list, **details: object) -> dict:
    return {"statementId": f"s-{rid}", "recordId": rid, "recordType": "relationship",
            "recordStatus": "new", "declarationSubject": subject, "publicationDetails": PUB,
            "recordDetails": {"isComponent": False, "subject": subject, "interestedParty": party,
                              "interests": interests, **details}}


def read(tmp_path: Path, statements: list, name: str = "bods.json") -> list:
    path = tmp_path / name
    path.write_text(json.dumps(statements))
    return list(BodsReader().read(path))


def of(records: list, kind: type | tuple) -> list:
    return [r for r in records if isinstance(r, kind)]


def test_04_optional_blocks_read_without_loss(tmp_path: Path) -> None:
    """publicationDetails (the knowledge date when no statementDate), annotations,
    declarationSubject, isComponent, publicListing, formedByStatute, a person's tax residencies and
    political exposure: allowed by 0.4, none changes what is read, nothing is quarantined."""
    share = {"exclusiveMinimum": 25, "exclusiveMaximum": 50}
    records = read(tmp_path, [
        _entity("sub", "Subject PLC", "01234567"), _person("p1", "Anne Owner"),
        _relationship("r1", "sub", "p1", [
            {"type": "shareholding", "directOrIndirect": "direct", "beneficialOwnershipOrControl": True,
             "share": share, "startDate": "2020-01-01"},
            {"type": "votingRights", "directOrIndirect": "unknown", "beneficialOwnershipOrControl": False,
             "share": {"minimum": 50, "maximum": 75}},
            {"type": "appointmentOfBoard", "details": "may appoint two directors"}])])
    assert not of(records, Quarantined)
    subject = next(e for e in of(records, Entity) if e.name == "Subject PLC")
    assert subject.known_from.date().isoformat() == "2024-03-01"  # publicationDetails.publicationDate
    assert subject.kind is EntityKind.COMPANY and subject.jurisdiction == "GB"
    own = next(e for e in of(records, Ownership) if str(e.interest) == "shareholding")
    assert (own.stake.lo, own.stake.hi, own.stake.lo_inclusive, own.stake.hi_inclusive) == (25, 50, False, False)
    assert own.valid_from.isoformat() == "2020-01-01" and own.direct
    vote = next(e for e in of(records, Ownership) if str(e.interest) == "voting_rights")
    assert (vote.stake.lo, vote.stake.hi, vote.stake.lo_inclusive, vote.stake.hi_inclusive) == (50, 75, True, True)
    (board,) = of(records, Control)
    assert board.control_kind == "appointmentOfBoard"


def test_04_indirect_relationship_and_its_component(tmp_path: Path) -> None:
    """An indirect relationship lists its ``componentRecords``; the component (``isComponent``
    true) is a relationship record of its own. Both load: the indirect one marked indirect."""
    indirect = _relationship("r-ind", "sub", "p1", [{"type": "shareholding", "directOrIndirect": "indirect",
                                                     "share": {"exact": 60}}],
                             componentRecords=["r-comp"])
    component = _relationship("r-comp", "sub", "mid", [{"type": "shareholding", "directOrIndirect": "direct",
                                                        "share": {"exact": 100}}])
    component["recordDetails"]["isComponent"] = True
    records = read(tmp_path, [_entity("sub", "Subject PLC", "01234567"), _entity("mid", "Middle Ltd", "07654321"),
                              _person("p1", "Anne Owner"), component, indirect])
    assert not of(records, Quarantined)
    edges = {(e.source.name, e.target.name, e.stake.exact, e.direct) for e in of(records, Ownership)}
    assert edges == {("Anne Owner", "Subject PLC", 60, False), ("Middle Ltd", "Subject PLC", 100, True)}


@pytest.mark.parametrize("reason", sorted(UNSPECIFIED_REASONS))
def test_04_unspecified_interested_party_each_reason(tmp_path: Path, reason: str) -> None:
    """An interested party given as an unspecified record, for each code of the codelist."""
    party = {"reason": reason, "description": "not known to the publisher"}
    records = read(tmp_path, [_entity("sub", "Subject PLC", "01234567"),
                              _relationship("r1", "sub", party, [{"type": "shareholding", "share": {"exact": 30}}])])
    assert not of(records, Quarantined)
    (rex,) = of(records, ReportingException)
    assert rex.entity.name == "Subject PLC" and rex.reference.startswith(f"bods:{reason}")
    (own,) = of(records, Ownership)
    assert own.stake.exact == 30 and own.source.kind is EntityKind.UNKNOWN


def test_04_unknown_unspecified_reason_is_refused_by_name(tmp_path: Path) -> None:
    records = read(tmp_path, [_entity("sub", "Subject PLC", "01234567"),
                              _relationship("r1", "sub", {"reason": "forgotten"}, [{"type": "shareholding"}])])
    (bad,) = of(records, Quarantined)
    assert bad.field == "interestedParty.reason" and "forgotten" in bad.reason


def test_04_record_without_record_type_is_typed_by_its_required_fields(tmp_path: Path) -> None:
    """recordType is required in 0.4, but the entity, person and relationship recordDetails
    schemas are told apart by their own required fields: each record is read, with a note."""
    sts = [_entity("sub", "Subject PLC", "01234567"), _person("p1", "Anne Owner"),
           _relationship("r1", "sub", "p1", [{"type": "shareholding", "share": {"exact": 75}}])]
    for st in sts:
        del st["recordType"]
    records = read(tmp_path, sts)
    notes = of(records, Quarantined)
    assert [n.field for n in notes] == ["recordType"] * 3
    assert ["an entity record" in notes[0].reason, "a person record" in notes[1].reason,
            "a relationship record" in notes[2].reason] == [True] * 3
    assert {e.name for e in of(records, Entity)} == {"Subject PLC", "Anne Owner"}
    (own,) = of(records, Ownership)
    assert (own.source.name, own.target.name, own.stake.exact) == ("Anne Owner", "Subject PLC", 75)


def test_04_record_of_no_shape_without_record_type_stays_refused(tmp_path: Path) -> None:
    st = _entity("sub", "Subject PLC", "01234567")
    del st["recordType"]
    st["recordDetails"]["personType"] = "knownPerson"  # both shapes: which one is not said
    (bad,) = read(tmp_path, [st])
    assert isinstance(bad, Quarantined) and bad.field == "recordType"


@pytest.mark.parametrize("word", ["share", "exempt", "Shareholding ", 7])
def test_interest_type_outside_the_codelist_is_read_as_unknown_interest(tmp_path: Path, word: object) -> None:
    """The interestType codelist is closed: a type outside it says nothing the standard defines,
    but the statement still states an interest (parties, share, dates). It is read as the
    codelist's ``unknownInterest`` with its share, the stated word kept in a note; the word is
    never mapped to a code by guess."""
    records = read(tmp_path, [_entity("sub", "Subject PLC", "01234567"), _person("p1", "Anne Owner"),
                              _relationship("r1", "sub", "p1", [
                                  {"type": word, "share": {"exact": 45}, "startDate": "2011-09-09"},
                                  {"type": "shareholding", "share": {"exact": 10}}])])
    (note,) = of(records, Quarantined)
    assert note.field == "interests.type" and repr(word) in note.reason and note.locator == "[2].interests[0]"
    (ctl,) = of(records, Control)
    assert ctl.control_kind == "unknownInterest" and ctl.stake.exact == 45
    assert ctl.source.name == "Anne Owner" and ctl.valid_from.isoformat() == "2011-09-09"
    (own,) = of(records, Ownership)
    assert own.stake.exact == 10  # the valid interest beside it is read as before


def test_02_boolean_exclusive_flags_and_annotations(tmp_path: Path) -> None:
    """0.2: ``exclusiveMinimum`` / ``exclusiveMaximum`` are flags on ``minimum`` / ``maximum``;
    0.3 adds ``annotations``; both read, nothing quarantined."""
    sts = [
        {"statementID": "e1", "statementType": "entityStatement", "statementDate": "2019-05-01",
         "entityType": "registeredEntity", "name": "Flag Co Ltd",
         "incorporatedInJurisdiction": {"code": "GB"}, "identifiers": [{"id": "123", "scheme": "GB-COH"}],
         "annotations": NOTE},
        {"statementID": "p1", "statementType": "personStatement", "statementDate": "2019-05-01",
         "personType": "knownPerson", "names": [{"type": "individual", "fullName": "Bea Flag"}]},
        {"statementID": "o1", "statementType": "ownershipOrControlStatement", "statementDate": "2019-05-01",
         "subject": {"describedByEntityStatement": "e1"},
         "interestedParty": {"describedByPersonStatement": "p1"},
         "interests": [{"type": "shareholding", "interestLevel": "direct", "beneficialOwnershipOrControl": True,
                        "share": {"minimum": 25, "maximum": 50, "exclusiveMinimum": True,
                                  "exclusiveMaximum": False}}]}]
    records = read(tmp_path, sts)
    assert not of(records, Quarantined)
    (own,) = of(records, Ownership)
    assert (own.stake.lo, own.stake.hi, own.stake.lo_inclusive, own.stake.hi_inclusive) == (25, 50, False, True)
    assert own.source.name == "Bea Flag" and own.direct


# -- session 9: BODS 0.3, every optional statement field ------------------------------------------

PUB03 = {"publicationDate": "2022-01-10", "bodsVersion": "0.3", "publisher": {"name": "Reg"}, "license": "x"}
STATEMENTS_03 = [
 {"statementID": "e1", "statementType": "entityStatement", "isComponent": False, "statementDate": "2021-12-01",
  "publicationDetails": PUB03, "source": {"type": ["officialRegister"], "description": "Reg", "retrievedAt": "2021-12-02"},
  "entityType": "registeredEntity", "name": "Subject Co Ltd", "alternateNames": ["SubCo"],
  "incorporatedInJurisdiction": {"name": "United Kingdom", "code": "GB"},
  "identifiers": [{"id": "01234567", "scheme": "GB-COH", "schemeName": "Companies House"}],
  "foundingDate": "2001-02-03", "addresses": [{"type": "registered", "address": "1 High St", "country": "GB"}],
  "uri": "https://example.org/e1", "replacesStatements": [], "annotations": []},
 {"statementID": "e2", "statementType": "entityStatement", "isComponent": True, "statementDate": "2021-12-01",
  "entityType": "legalEntity", "name": "Middle Holdings BV", "incorporatedInJurisdiction": {"code": "NL"},
  "identifiers": [{"id": "5493001KJTIIGC8Y1R12", "scheme": "XI-LEI"}]},
 {"statementID": "e3", "statementType": "entityStatement", "isComponent": False, "statementDate": "2021-12-01",
  "entityType": "anonymousEntity", "unspecifiedEntityDetails": {"reason": "informationUnknownToPublisher", "description": "x"}},
 {"statementID": "p1", "statementType": "personStatement", "isComponent": False, "statementDate": "2021-12-01",
  "personType": "knownPerson", "names": [{"type": "individual", "fullName": "Ann Owner", "givenName": "Ann", "familyName": "Owner"},
   {"type": "alternative", "fullName": "Annie Owner"}],
  "identifiers": [{"id": "X123", "schemeName": "passport"}], "nationalities": [{"code": "GB"}],
  "placeOfBirth": {"address": "London"}, "birthDate": "1970-05", "addresses": [{"type": "service", "address": "x"}],
  "hasPepStatus": False, "pepStatusDetails": [], "taxResidencies": [{"code": "GB"}]},
 {"statementID": "p2", "statementType": "personStatement", "isComponent": False, "statementDate": "2021-12-01",
  "personType": "anonymousPerson", "unspecifiedPersonDetails": {"reason": "subjectExemptFromDisclosure", "description": "protected"}},
 {"statementID": "o1", "statementType": "ownershipOrControlStatement", "isComponent": False, "statementDate": "2021-12-01",
  "subject": {"describedByEntityStatement": "e1"}, "interestedParty": {"describedByPersonStatement": "p1"},
  "componentStatementIDs": ["o2", "o3"],
  "interests": [{"type": "shareholding", "interestLevel": "indirect", "beneficialOwnershipOrControl": True,
     "share": {"exact": 60, "minimum": 60, "maximum": 60}, "startDate": "2015-01-01", "details": "through BV"},
     {"type": "votingRights", "interestLevel": "indirect", "beneficialOwnershipOrControl": True, "share": {"minimum": 50, "exclusiveMinimum": True, "maximum": 75, "exclusiveMaximum": False}}],
  "source": {"type": ["selfDeclaration"]}},
 {"statementID": "o2", "statementType": "ownershipOrControlStatement", "isComponent": True, "statementDate": "2021-12-01",
  "subject": {"describedByEntityStatement": "e1"}, "interestedParty": {"describedByEntityStatement": "e2"},
  "interests": [{"type": "shareholding", "interestLevel": "direct", "share": {"exact": 100}}]},
 {"statementID": "o3", "statementType": "ownershipOrControlStatement", "isComponent": True, "statementDate": "2021-12-01",
  "subject": {"describedByEntityStatement": "e2"}, "interestedParty": {"describedByPersonStatement": "p1"},
  "interests": [{"type": "shareholding", "interestLevel": "direct", "share": {"exact": 60}}]},
 {"statementID": "o4", "statementType": "ownershipOrControlStatement", "isComponent": False, "statementDate": "2021-12-01",
  "subject": {"describedByEntityStatement": "e1"}, "interestedParty": {"describedByPersonStatement": "p2"},
  "interests": [{"type": "appointmentOfBoard", "interestLevel": "unknown", "beneficialOwnershipOrControl": True}]},
 {"statementID": "o5", "statementType": "ownershipOrControlStatement", "isComponent": False, "statementDate": "2021-12-01",
  "subject": {"describedByEntityStatement": "e1"}, "interestedParty": {"unspecified": {"reason": "noBeneficialOwners", "description": "none"}},
  "interests": []},
 {"statementID": "o6", "statementType": "ownershipOrControlStatement", "isComponent": False, "statementDate": "2021-12-01",
  "subject": {"describedByEntityStatement": "e1"}, "interestedParty": {"describedByEntityStatement": "e3"},
  "interests": [{"type": "otherInfluenceOrControl", "details": "veto"}]},
 {"statementID": "o1b", "statementType": "ownershipOrControlStatement", "isComponent": False, "statementDate": "2022-06-01",
  "replacesStatements": ["o1"],
  "subject": {"describedByEntityStatement": "e1"}, "interestedParty": {"describedByPersonStatement": "p1"},
  "interests": [{"type": "shareholding", "interestLevel": "indirect", "share": {"exact": 60}, "startDate": "2015-01-01", "endDate": "2022-05-31"}]},
]


def test_03_every_optional_field_components_anonymous_and_replacement(tmp_path: Path) -> None:
    """BODS 0.3.0 (https://standard.openownership.org/en/0.3.0/, schema): ``isComponent`` and
    ``componentStatementIDs`` (an indirect interest and its two components), ``source``,
    ``publicationDetails``, ``alternateNames``, ``addresses``, ``uri``, person ``identifiers`` by
    ``schemeName``, ``placeOfBirth``, ``hasPepStatus``, ``taxResidencies``, an
    ``anonymousEntity`` and an ``anonymousPerson`` with their unspecified details, an
    ``unspecified`` interested party, ``interestLevel`` direct / indirect / unknown, 0.2/0.3 boolean
    exclusive flags, ``replacesStatements`` closing an interest with ``endDate``."""
    from ownergraph.domain.model import ReportingException

    records = read(tmp_path, STATEMENTS_03)
    assert not of(records, Quarantined)
    names = {e.ref.value or e.ref.lei: e for e in of(records, Entity)}
    assert names["e1"].valid_from.isoformat() == "2001-02-03" and "SubCo" in {a.value for a in names["e1"].aliases}
    assert names["5493001KJTIIGC8Y1R12"].name == "Middle Holdings BV"  # a component entity still loads
    assert "passport:X123" in {a.value for a in names["p1"].aliases}
    assert names["e3"].kind is EntityKind.UNKNOWN and "[bods:e3]" in names["e3"].name
    assert names["p2"].kind is EntityKind.PERSON and "[bods:p2]" in names["p2"].name
    chain = [o for o in of(records, Ownership) if o.fact_key == "bods:o1"]
    # the indirect interest: 60 % shares and a (50, 75] voting band, then replaced, ending 2022-05-31
    assert [(o.interest.value, o.direct, o.stake.exact, o.stake.lo, o.valid_to) for o in chain] == [
        ("shareholding", False, 60.0, None, None), ("voting_rights", False, None, 50.0, None),
        ("shareholding", False, 60.0, None, date(2022, 5, 31))]
    components = {(o.source.value, o.target.value, o.stake.exact, o.direct) for o in of(records, Ownership)
                  if o.fact_key in ("bods:o2", "bods:o3")}
    assert components == {("e2", "e1", 100.0, True), ("p1", "e2", 60.0, True)}
    controls = {c.fact_key: (c.source.value, c.control_kind) for c in of(records, Control)}
    assert controls == {"bods:o4": ("p2", "appointmentOfBoard"), "bods:o6": ("e3", "otherInfluenceOrControl")}
    (exc,) = of(records, ReportingException)
    assert exc.entity.value == "e1" and "noBeneficialOwners" in exc.reference


# -- session 11: an interest's level as stated, unknown kept unknown ------------------------------

def test_04_interest_level_unknown_or_missing_stays_unknown(tmp_path: Path) -> None:
    """BODS 0.4 ``directOrIndirect`` (optional; codes direct / indirect / unknown): only "direct" is
    direct and only "indirect" indirect; "unknown" and a missing level are unknown (None), for
    shares and for control alike (it was read as direct)."""
    interests = [{"type": "shareholding", "directOrIndirect": level, "share": {"exact": n}}
                 for n, level in ((10, "direct"), (20, "indirect"), (30, "unknown"))]
    interests += [{"type": "shareholding", "share": {"exact": 40}},
                  {"type": "appointmentOfBoard", "directOrIndirect": "indirect"},
                  {"type": "otherInfluenceOrControl", "directOrIndirect": "unknown"},
                  {"type": "seniorManagingOfficial"}]
    records = read(tmp_path, [_entity("sub", "Subject PLC", "01234567"), _person("p1", "Anne Owner"),
                              _relationship("r1", "sub", "p1", interests)])
    assert not of(records, Quarantined)
    assert {o.stake.exact: o.direct for o in of(records, Ownership)} == {10: True, 20: False, 30: None, 40: None}
    assert {c.control_kind: c.direct for c in of(records, Control)} == {
        "appointmentOfBoard": False, "otherInfluenceOrControl": None, "seniorManagingOfficial": None}


def test_02_interest_level_free_interest_is_unknown(tmp_path: Path) -> None:
    """BODS 0.2 ``interestLevel`` is optional: an interest without it has an unknown level."""
    sts = [{"statementID": "e1", "statementType": "entityStatement", "entityType": "registeredEntity",
            "name": "Level Co Ltd", "identifiers": [{"id": "123", "scheme": "GB-COH"}]},
           {"statementID": "p1", "statementType": "personStatement", "personType": "knownPerson",
            "names": [{"type": "individual", "fullName": "Lev Owner"}]},
           {"statementID": "o1", "statementType": "ownershipOrControlStatement", "statementDate": "2019-05-01",
            "subject": {"describedByEntityStatement": "e1"}, "interestedParty": {"describedByPersonStatement": "p1"},
            "interests": [{"type": "shareholding", "share": {"exact": 75}}]}]
    (own,) = of(read(tmp_path, sts), Ownership)
    assert own.stake.exact == 75 and own.direct is None

