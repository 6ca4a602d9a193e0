"""A Form 3/4/5 whose issuer is missing (specification samples, cut-down fixtures) still names its
reporting owners: they load as entities; their roles and holdings, which are about the issuer, are
refused in one entry naming the issuer's field."""
from __future__ import annotations

from pathlib import Path

from ownergraph.ingest.formats import detect

FORM = """<?xml version="1.0"?>
<ownershipDocument>
  <documentType>4</documentType>
  <reportingOwner>
    <reportingOwnerId><rptOwnerCik>0000111111</rptOwnerCik><rptOwnerName>DOE JANE</rptOwnerName></reportingOwnerId>
    <reportingOwnerRelationship><isOfficer>1</isOfficer><officerTitle>CFO</officerTitle></reportingOwnerRelationship>
  </reportingOwner>
  <reportingOwner>
    <reportingOwnerId><rptOwnerCik>0000222222</rptOwnerCik><rptOwnerName>ROE RICHARD</rptOwnerName></reportingOwnerId>
    <reportingOwnerRelationship><isDirector>1</isDirector></reportingOwnerRelationship>
  </reportingOwner>
</ownershipDocument>
"""


def test_reporting_owners_load_when_the_issuer_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "form4.xml"
    path.write_text(FORM, encoding="utf-8")
    records = list(detect(path).read(path))
    entities = [r for r in records if type(r).__name__ == "Entity"]
    assert sorted(e.name for e in entities) == ["DOE JANE", "ROE RICHARD"]
    refused = [r for r in records if type(r).__name__ == "Quarantined"]
    assert len(refused) == 1 and refused[0].field == "issuer/issuerName"
    assert "reporting owners are loaded as entities" in refused[0].reason
    assert not [r for r in records if type(r).__name__ == "Control"]
