"""GLEIF reporting exceptions with every element the repex schema allows (issue 31 item 1), built
after GLEIF's Reporting Exceptions format 2.1 (``repex:Exception``: ``LEI``, ``ExceptionCategory``,
``ExceptionReason`` one or more, ``ExceptionReference`` zero or more, ``Extension``) around the
header of the real golden-copy file (tests/fixtures/real/gleif/golden-copy/repex-data.xml); the LEI
is that file's first record. No split holds an ``ExceptionReference`` or a second reason; every
reason is kept (``reason``, then ``other_reasons``)."""

from __future__ import annotations

from pathlib import Path

from ownergraph.domain.model import Quarantined, ReportingException
from ownergraph.ingest.formats import detect

REPEX = """<?xml version="1.0" encoding="UTF-8"?>
<repex:ReportingExceptionData xmlns:repex="http://www.gleif.org/data/schema/repex/2016">
  <repex:Header>
    <repex:ContentDate>2023-06-09T09:03:29Z</repex:ContentDate>
    <repex:FileContent>GLEIF_FULL_PUBLISHED</repex:FileContent>
    <repex:RecordCount>2</repex:RecordCount>
  </repex:Header>
  <repex:ReportingExceptions>
    <repex:Exception>
      <repex:LEI>001GPB6A9XPE8XJICC14</repex:LEI>
      <repex:ExceptionCategory>ULTIMATE_ACCOUNTING_CONSOLIDATION_PARENT</repex:ExceptionCategory>
      <repex:ExceptionReason>NATURAL_PERSONS</repex:ExceptionReason>
      <repex:ExceptionReference>Annual report 2022, note 1</repex:ExceptionReference>
      <repex:ExceptionReference>https://example.org/filing/2022</repex:ExceptionReference>
      <repex:Extension><Note>publisher's own block</Note></repex:Extension>
    </repex:Exception>
    <repex:Exception>
      <repex:LEI>001GPB6A9XPE8XJICC14</repex:LEI>
      <repex:ExceptionCategory>DIRECT_ACCOUNTING_CONSOLIDATION_PARENT</repex:ExceptionCategory>
      <repex:ExceptionReason>NON_CONSOLIDATING</repex:ExceptionReason>
      <repex:ExceptionReason>NO_KNOWN_PERSON</repex:ExceptionReason>
    </repex:Exception>
  </repex:ReportingExceptions>
</repex:ReportingExceptionData>
"""


def test_every_optional_repex_element(tmp_path: Path) -> None:
    path = tmp_path / "repex.xml"
    path.write_text(REPEX, encoding="utf-8")
    records = list(detect(path).read(path))
    assert not [r for r in records if isinstance(r, Quarantined)]
    got = {str(r.level.value): r for r in records if isinstance(r, ReportingException)}
    ultimate, direct = got["ultimate"], got["direct"]
    assert ultimate.entity.lei == "001GPB6A9XPE8XJICC14" and str(ultimate.reason.value) == "NATURAL_PERSONS"
    # both references kept; the Extension block changes nothing
    assert ultimate.reference == "Annual report 2022, note 1; https://example.org/filing/2022"
    assert ultimate.known_from.isoformat().startswith("2023-06-09")  # the header's ContentDate
    # every reason kept, the first as stated first (nothing dropped without a note)
    assert str(direct.reason.value) == "NON_CONSOLIDATING" and direct.reference is None
    assert [str(r.value) for r in direct.other_reasons] == ["NO_KNOWN_PERSON"] and ultimate.other_reasons == ()


def test_an_unknown_second_reason_is_refused_naming_the_field(tmp_path: Path) -> None:
    path = tmp_path / "repex.xml"
    path.write_text(REPEX.replace("NO_KNOWN_PERSON", "NOT_A_REASON"), encoding="utf-8")
    records = list(detect(path).read(path))
    (bad,) = [r for r in records if isinstance(r, Quarantined)]
    assert bad.field == "ExceptionReason" and "NOT_A_REASON" in bad.reason
    assert [str(r.level.value) for r in records if isinstance(r, ReportingException)] == ["ultimate"]
