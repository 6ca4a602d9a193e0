"""LEI-CDF 1.0 (the LEI ROC's 2014 schema, ``http://www.leiroc.org/data/schema/leidata/2014``), as the
concatenated files of 2014-2017 were published (issue 31, session 7): ``LegalForm`` is plain text,
the register id is ``BusinessRegisterEntityID`` (``@register``), a successor is ``SuccessorLEI``.
Every record of such a file was refused (``LegalForm: expected an element``).

The record is built for the test after the 1.0 schema's element names (as public loaders of those
files read them: LEI, LegalName, LegalAddress, BusinessRegisterEntityID, LegalJurisdiction,
LegalForm, EntityStatus, InitialRegistrationDate, LastUpdateDate, RegistrationStatus,
NextRenewalDate, ManagingLOU); the LEI and names are Bloomberg Finance L.P.'s public LEI record.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ownergraph.domain.model import Entity, Quarantined
from ownergraph.ingest.formats import detect
from ownergraph.ingest.readers.columnar.registry import columnar

RECORD = """<?xml version="1.0" encoding="UTF-8"?>
<lei:LEIData xmlns:lei="http://www.leiroc.org/data/schema/leidata/2014">
  <lei:LEIHeader><lei:ContentDate>2015-06-01T00:00:00Z</lei:ContentDate><lei:RecordCount>1</lei:RecordCount></lei:LEIHeader>
  <lei:LEIRecords>
    <lei:LEIRecord>
      <lei:LEI>5493001KJTIIGC8Y1R12</lei:LEI>
      <lei:Entity>
        <lei:LegalName>BLOOMBERG FINANCE L.P.</lei:LegalName>
        <lei:LegalAddress><lei:Line1>731 Lexington Ave</lei:Line1><lei:City>New York</lei:City><lei:Country>US</lei:Country></lei:LegalAddress>
        <lei:HeadquartersAddress><lei:Line1>731 Lexington Ave</lei:Line1><lei:City>New York</lei:City><lei:Country>US</lei:Country></lei:HeadquartersAddress>
        <lei:BusinessRegisterEntityID register="RA000602">3349574</lei:BusinessRegisterEntityID>
        <lei:LegalJurisdiction>US-DE</lei:LegalJurisdiction>
        <lei:LegalForm>LIMITED PARTNERSHIP</lei:LegalForm>
        <lei:EntityStatus>ACTIVE</lei:EntityStatus>
      </lei:Entity>
      <lei:Registration>
        <lei:InitialRegistrationDate>2012-06-06T15:53:00.000Z</lei:InitialRegistrationDate>
        <lei:LastUpdateDate>2015-05-20T14:11:00.000Z</lei:LastUpdateDate>
        <lei:RegistrationStatus>ISSUED</lei:RegistrationStatus>
        <lei:NextRenewalDate>2016-05-18T14:53:00.000Z</lei:NextRenewalDate>
        <lei:ManagingLOU>EVK05KS7XY1DEII3R011</lei:ManagingLOU>
      </lei:Registration>
    </lei:LEIRecord>
  </lei:LEIRecords>
</lei:LEIData>
"""


def test_lei_cdf_1_record_loads_row_and_column_wise(tmp_path: Path) -> None:
    path = tmp_path / "lei-cdf-1.0.xml"
    path.write_text(RECORD)
    reader = detect(path)
    assert reader.name == "gleif-lei"
    rows, cols = list(reader.read(path)), list(columnar(reader).read(path))
    assert not [r for r in rows if isinstance(r, Quarantined)]
    (ent,) = rows
    assert isinstance(ent, Entity) and ent.ref.lei == "5493001KJTIIGC8Y1R12"
    assert (ent.name, ent.jurisdiction, ent.status) == ("BLOOMBERG FINANCE L.P.", "US-DE", "ACTIVE")
    assert "US-DE:3349574" in {a.value for a in ent.aliases}  # BusinessRegisterEntityID
    assert ent.valid_from == date(2012, 6, 6)
    assert [c.content_hash() for c in cols] == [ent.content_hash()]


def test_lei_cdf_1_successor_lei(tmp_path: Path) -> None:
    path = tmp_path / "lei-cdf-1.0-successor.xml"
    path.write_text(RECORD.replace("<lei:EntityStatus>ACTIVE</lei:EntityStatus>",
                                   "<lei:EntityStatus>INACTIVE</lei:EntityStatus>"
                                   "<lei:SuccessorLEI>HWUPKR0MPOU8FGXBT394</lei:SuccessorLEI>"))
    records = list(detect(path).read(path))
    assert not [r for r in records if isinstance(r, Quarantined)]
    (ent, *rest) = records
    assert isinstance(ent, Entity) and ent.successor is not None and ent.successor.lei == "HWUPKR0MPOU8FGXBT394"
