"""Errors injected into a generated world's GLEIF files, one per chosen record (for the tests
that hold the row and the column-wise readers to the same records and quarantine file).

Each fault names what it does, the record kind it needs (a pattern the record must match),
the substitution, and whether the row reader must quarantine that record (``bad``) or load
it through a path the column reader hands over or takes itself (``bad=False``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple


class Fault(NamedTuple):
    name: str
    needs: str  # a pattern the record must match
    find: str
    replace: str
    bad: bool  # the record is quarantined


_LEI = "<lei:LEIRecord "
_RR = "<rr:RelationshipRecord "
_DATE = "T00:00:00.000Z"
_PCT = ("<rr:RelationshipQuantifiers><rr:RelationshipQuantifier><rr:QuantifierAmount>{}</rr:QuantifierAmount>"
        "<rr:QuantifierUnits>PERCENTAGE</rr:QuantifierUnits></rr:RelationshipQuantifier>"
        "</rr:RelationshipQuantifiers>\\1")
_PERIOD = r"\s*<rr:PeriodType>RELATIONSHIP_PERIOD"  # the period valid time is read from
_CONSOLIDATION = "IS_(DIRECTLY|ULTIMATELY)_CONSOLIDATED_BY"

LEI_FAULTS = [
    Fault("lei check digits", "", r"(<lei:LEI>\w{18})(\d\d)(</lei:LEI>)", r"\g<1>00\3", True),
    Fault("legal name empty", "", r"(<lei:LegalName[^>]*>)[^<]*(</lei:LegalName>)", r"\1\2", True),
    Fault("unknown category", "", r"<lei:EntityCategory>[^<]*<", "<lei:EntityCategory>WIDGET<", True),
    Fault("creation date not a date", "<lei:EntityCreationDate>", r"<lei:EntityCreationDate>[^<]*<",
          "<lei:EntityCreationDate>2020-13-45<", True),
    Fault("expires before it was created", "<lei:EntityCreationDate>(19[5-9]|20)",
          r"(</lei:EntityStatus>)", rf"\1<lei:EntityExpirationDate>1900-01-01{_DATE}</lei:EntityExpirationDate>",
          True),
    Fault("legal name twice", "", r"(<lei:LegalName[^>]*>[^<]*</lei:LegalName>)", r"\1\1", True),
    Fault("unknown other-name type", "", r"(</lei:LegalName>)",
          r'\1<lei:OtherEntityNames><lei:OtherEntityName type="NICKNAME">Nick</lei:OtherEntityName>'
          r"</lei:OtherEntityNames>", True),
    Fault("update date not a date", "", r"<lei:LastUpdateDate>[^<]*<", "<lei:LastUpdateDate>yesterday<", True),
    Fault("registration authority as text", "<lei:RegistrationAuthority>",
          r"<lei:RegistrationAuthority>.*?</lei:RegistrationAuthority>",
          "<lei:RegistrationAuthority>RA000585</lei:RegistrationAuthority>", True),
    Fault("no LEI", "", r"<lei:LEI>[^<]*</lei:LEI>", "", True),
    Fault("padded name type", "", r"(</lei:LegalName>)",
          r'\1<lei:OtherEntityNames><lei:OtherEntityName type=" TRADING_OR_OPERATING_NAME ">Trade'
          r"</lei:OtherEntityName></lei:OtherEntityNames>", False),
    Fault("a comment in the name", "", r"(<lei:LegalName[^>]*>)([^<]*)(</lei:LegalName>)", r"\1\2<!-- x -->\3",
          False),
    Fault("an event", "<lei:EntityStatus>", r"(</lei:EntityStatus>)",
          rf'\1<lei:LegalEntityEvents><lei:LegalEntityEvent event_status="COMPLETED"><lei:LegalEntityEventType>'
          rf"CHANGE_LEGAL_ADDRESS</lei:LegalEntityEventType><lei:LegalEntityEventEffectiveDate>2015-01-01{_DATE}"
          rf"</lei:LegalEntityEventEffectiveDate><lei:LegalEntityEventRecordedDate>2015-01-02{_DATE}"
          r"</lei:LegalEntityEventRecordedDate></lei:LegalEntityEvent></lei:LegalEntityEvents>", False),
]

RR_FAULTS = [
    Fault("start node check digits", "", r"(<rr:StartNode>\s*<rr:NodeID>\w{18})\d\d", r"\g<1>00", True),
    Fault("unknown relationship type", "", r"<rr:RelationshipType>[^<]*<", "<rr:RelationshipType>IS_FRIEND_OF<",
          True),
    Fault("percentage not a number", _CONSOLIDATION, r"(<rr:RelationshipStatus>)", _PCT.format("abc"), True),
    Fault("percentage above 100", _CONSOLIDATION, r"(<rr:RelationshipStatus>)", _PCT.format("150"), True),
    Fault("percentage", _CONSOLIDATION, r"(<rr:RelationshipStatus>)", _PCT.format("51.5"), False),
    Fault("ends before it starts", "", rf"(<rr:StartDate>[^<]*</rr:StartDate>)({_PERIOD})",
          rf"\1<rr:EndDate>1900-01-01{_DATE}</rr:EndDate>\2", True),
    Fault("start date not a date", "", rf"<rr:StartDate>[^<]*(</rr:StartDate>{_PERIOD})",
          r"<rr:StartDate>2020-02-30\1", True),
    Fault("node id twice", "", r"(<rr:EndNode>\s*)(<rr:NodeID>[^<]*</rr:NodeID>)", r"\1\2\2", True),
    Fault("BIC node", "", r"(<rr:EndNode>\s*<rr:NodeID>)[^<]*(</rr:NodeID>\s*<rr:NodeIDType>)LEI",
          r"\1DEUTDEFFXXX\2BIC", False),
    Fault("annulled", "<rr:RegistrationStatus>", r"<rr:RegistrationStatus>[^<]*<",
          "<rr:RegistrationStatus>ANNULLED<", False),
    Fault("inactive", "<rr:RelationshipStatus>ACTIVE", r"<rr:RelationshipStatus>ACTIVE<",
          "<rr:RelationshipStatus>INACTIVE<", False),
]


def inject(path: Path, mark: str, faults: list[Fault], every: int = 7) -> dict[int, Fault]:
    """Apply ``faults`` in place, each to a record (the next from every ``every``-th that it
    fits); returns record index -> fault."""
    text = path.read_text(encoding="utf-8")
    head, *records = text.split(mark)
    done: dict[int, Fault] = {}
    at = 1
    for fault in faults:
        i = at
        while i < len(records) and (i in done or not re.search(fault.needs, records[i])
                                    or not re.search(fault.find, records[i], re.S)):
            i += 1
        if i >= len(records):
            raise ValueError(f"no record of {path.name} takes the fault {fault.name!r}")
        records[i] = re.sub(fault.find, fault.replace, records[i], count=1, flags=re.S)
        done[i] = fault
        at += every
    path.write_text(head + "".join(mark + r for r in records), encoding="utf-8")
    return done


def faulty_world(world: Path) -> dict[str, dict[int, Fault]]:
    """Inject every fault into ``world``'s gleif/lei-data.xml and gleif/rr-data.xml."""
    return {"lei-data.xml": inject(world / "gleif" / "lei-data.xml", _LEI, LEI_FAULTS),
            "rr-data.xml": inject(world / "gleif" / "rr-data.xml", _RR, RR_FAULTS)}
