"""GLEIF golden-copy-style XML for the generated world.

Level 1 (LEI-CDF 3.1, ``lei-data.xml``) and Level 2 (RR-CDF 2.1, ``rr-data.xml``) mirror the
element names, namespaces and per-record namespace declarations of the real golden-copy
excerpts in ``tests/fixtures/real/gleif/golden-copy/``. Records are written to a ``.part`` file
as they come; the header (which carries ``RecordCount``) is written last and the body appended.
"""

from __future__ import annotations

import os
import shutil
from datetime import date
from pathlib import Path
from typing import IO
from xml.sax.saxutils import escape

LEI_NS = "http://www.gleif.org/data/schema/leidata/2016"
RR_NS = "http://www.gleif.org/data/schema/rr/2016"
GLEIF_EXT = "http://www.gleif.org/data/schema/golden-copy/extensions/1.0"
RR_TYPES = {"direct": "IS_DIRECTLY_CONSOLIDATED_BY", "ultimate": "IS_ULTIMATELY_CONSOLIDATED_BY",
            "branch": "IS_INTERNATIONAL_BRANCH_OF", "fund_managed_by": "IS_FUND-MANAGED_BY"}


def ts(day: int, hms: str = "00:00:00") -> str:
    return f"{date.fromordinal(day).isoformat()}T{hms}.000Z"


class _Part:
    def __init__(self, final: Path) -> None:
        self.final = final
        self.part = final.with_suffix(final.suffix + ".part")
        self.f: IO[str] = open(self.part, "w", encoding="utf-8")
        self.count = 0

    def finish(self, header: str, footer: str) -> None:
        self.f.close()
        with open(self.final, "w", encoding="utf-8") as out:
            out.write(header)
            out.flush()
            with open(self.part, encoding="utf-8") as body:
                shutil.copyfileobj(body, out, 1 << 20)
            out.write(footer)
        os.remove(self.part)


class LeiWriter(_Part):
    def record(self, *, lei: str, name: str, lang: str, other_names: list[tuple[str, str]],
               translit: str | None, address: tuple[str, str, str, str, str], ra: str, ra_id: str,
               jurisdiction: str, category: str, legal_form: str, status: str, created: int | None,
               expiration: tuple[int, str] | None, successor: str | None,
               events: list[tuple[str, int, int]], initial: int, updated: int, reg_status: str,
               lou: str, validation: str) -> None:
        line1, city, region, country, postal = address
        w = self.f.write
        w('<lei:LEIRecord xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"\n'
          f'               xmlns:lei="{LEI_NS}"\n'
          f'               xmlns:gleif="{GLEIF_EXT}">\n')
        w(f"   <lei:LEI>{lei}</lei:LEI>\n   <lei:Entity>\n")
        w(f'      <lei:LegalName xml:lang="{lang}">{escape(name)}</lei:LegalName>\n')
        if other_names:
            w("      <lei:OtherEntityNames>\n")
            for other, kind in other_names:
                w(f'         <lei:OtherEntityName xml:lang="{lang}" type="{kind}">{escape(other)}</lei:OtherEntityName>\n')
            w("      </lei:OtherEntityNames>\n")
        if translit:
            w("      <lei:TransliteratedOtherEntityNames>\n"
              f'         <lei:TransliteratedOtherEntityName xml:lang="{lang}" type="AUTO_ASCII_TRANSLITERATED_LEGAL_NAME">'
              f"{escape(translit)}</lei:TransliteratedOtherEntityName>\n"
              "      </lei:TransliteratedOtherEntityNames>\n")
        for tag in ("LegalAddress", "HeadquartersAddress"):
            w(f'      <lei:{tag} xml:lang="{lang}">\n'
              f"         <lei:FirstAddressLine>{escape(line1)}</lei:FirstAddressLine>\n"
              f"         <lei:City>{escape(city)}</lei:City>\n")
            if region:
                w(f"         <lei:Region>{region}</lei:Region>\n")
            w(f"         <lei:Country>{country}</lei:Country>\n"
              f"         <lei:PostalCode>{postal}</lei:PostalCode>\n"
              f"      </lei:{tag}>\n")
        w("      <lei:RegistrationAuthority>\n"
          f"         <lei:RegistrationAuthorityID>{ra}</lei:RegistrationAuthorityID>\n"
          f"         <lei:RegistrationAuthorityEntityID>{ra_id}</lei:RegistrationAuthorityEntityID>\n"
          "      </lei:RegistrationAuthority>\n"
          f"      <lei:LegalJurisdiction>{jurisdiction}</lei:LegalJurisdiction>\n"
          f"      <lei:EntityCategory>{category}</lei:EntityCategory>\n"
          "      <lei:LegalForm>\n         <lei:EntityLegalFormCode>8888</lei:EntityLegalFormCode>\n"
          f"         <lei:OtherLegalForm>{escape(legal_form)}</lei:OtherLegalForm>\n      </lei:LegalForm>\n"
          f"      <lei:EntityStatus>{status}</lei:EntityStatus>\n")
        if created is not None:
            w(f"      <lei:EntityCreationDate>{ts(created)}</lei:EntityCreationDate>\n")
        if expiration:
            w(f"      <lei:EntityExpirationDate>{ts(expiration[0])}</lei:EntityExpirationDate>\n"
              f"      <lei:EntityExpirationReason>{expiration[1]}</lei:EntityExpirationReason>\n")
        if successor:
            w(f"      <lei:SuccessorEntity>\n         <lei:SuccessorLEI>{successor}</lei:SuccessorLEI>\n"
              "      </lei:SuccessorEntity>\n")
        if events:
            w("      <lei:LegalEntityEvents>\n")
            for kind, eff, rec in events:
                w('         <lei:LegalEntityEvent group_type="STANDALONE" event_status="COMPLETED">\n'
                  f"            <lei:LegalEntityEventType>{kind}</lei:LegalEntityEventType>\n"
                  f"            <lei:LegalEntityEventEffectiveDate>{ts(eff)}</lei:LegalEntityEventEffectiveDate>\n"
                  f"            <lei:LegalEntityEventRecordedDate>{ts(rec, '09:30:00')}</lei:LegalEntityEventRecordedDate>\n"
                  "            <lei:ValidationDocuments>SUPPORTING_DOCUMENTS</lei:ValidationDocuments>\n"
                  "         </lei:LegalEntityEvent>\n")
            w("      </lei:LegalEntityEvents>\n")
        w("   </lei:Entity>\n   <lei:Registration>\n"
          f"      <lei:InitialRegistrationDate>{ts(initial, '10:15:00')}</lei:InitialRegistrationDate>\n"
          f"      <lei:LastUpdateDate>{ts(updated, '14:02:11')}</lei:LastUpdateDate>\n"
          f"      <lei:RegistrationStatus>{reg_status}</lei:RegistrationStatus>\n"
          f"      <lei:NextRenewalDate>{ts(updated + 365, '14:02:11')}</lei:NextRenewalDate>\n"
          f"      <lei:ManagingLOU>{lou}</lei:ManagingLOU>\n"
          f"      <lei:ValidationSources>{validation}</lei:ValidationSources>\n"
          "      <lei:ValidationAuthority>\n"
          f"         <lei:ValidationAuthorityID>{ra}</lei:ValidationAuthorityID>\n"
          f"         <lei:ValidationAuthorityEntityID>{ra_id}</lei:ValidationAuthorityEntityID>\n"
          "      </lei:ValidationAuthority>\n   </lei:Registration>\n   <lei:Extension/>\n</lei:LEIRecord>\n")
        self.count += 1

    def close(self, content_day: int) -> None:
        self.finish(
            '<?xml version="1.0" encoding="UTF-8"?>'
            f'<lei:LEIData xmlns:lei="{LEI_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
            f"  <lei:LEIHeader>\n    <lei:ContentDate>{date.fromordinal(content_day).isoformat()}T08:00:00Z</lei:ContentDate>\n"
            "    <lei:FileContent>GLEIF_FULL_PUBLISHED</lei:FileContent>\n"
            f"    <lei:RecordCount>{self.count}</lei:RecordCount>\n  </lei:LEIHeader>\n  <lei:LEIRecords>\n",
            "  </lei:LEIRecords>\n</lei:LEIData>\n")


class RrWriter(_Part):
    def record(self, *, child: str, parent: str, rtype: str, start: int, end: int | None,
               accounting_year: int | None, standard: str | None, quantifier: float | None,
               initial: int, updated: int, lou: str, validation: str, reference: str | None) -> None:
        w = self.f.write
        w('<rr:RelationshipRecord xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"\n'
          f'                       xmlns:gleif="{GLEIF_EXT}"\n'
          '                       xmlns:gleif_header="http://www.gleif.org/schema/golden-copy/header-extension/1.1"\n'
          f'                       xmlns:rr="{RR_NS}">\n'
          "   <rr:Relationship>\n"
          f"      <rr:StartNode>\n         <rr:NodeID>{child}</rr:NodeID>\n         <rr:NodeIDType>LEI</rr:NodeIDType>\n      </rr:StartNode>\n"
          f"      <rr:EndNode>\n         <rr:NodeID>{parent}</rr:NodeID>\n         <rr:NodeIDType>LEI</rr:NodeIDType>\n      </rr:EndNode>\n"
          f"      <rr:RelationshipType>{rtype}</rr:RelationshipType>\n      <rr:RelationshipPeriods>\n")
        if accounting_year:
            w("         <rr:RelationshipPeriod>\n"
              f"            <rr:StartDate>{accounting_year}-01-01T00:00:00.000Z</rr:StartDate>\n"
              f"            <rr:EndDate>{accounting_year}-12-31T00:00:00.000Z</rr:EndDate>\n"
              "            <rr:PeriodType>ACCOUNTING_PERIOD</rr:PeriodType>\n         </rr:RelationshipPeriod>\n")
        w(f"         <rr:RelationshipPeriod>\n            <rr:StartDate>{ts(start)}</rr:StartDate>\n")
        if end:
            w(f"            <rr:EndDate>{ts(end)}</rr:EndDate>\n")
        w("            <rr:PeriodType>RELATIONSHIP_PERIOD</rr:PeriodType>\n         </rr:RelationshipPeriod>\n"
          "      </rr:RelationshipPeriods>\n"
          f"      <rr:RelationshipStatus>{'INACTIVE' if end else 'ACTIVE'}</rr:RelationshipStatus>\n")
        if standard is not None:
            w("      <rr:RelationshipQualifiers>\n         <rr:RelationshipQualifier>\n"
              "            <rr:QualifierDimension>ACCOUNTING_STANDARD</rr:QualifierDimension>\n")
            if standard:
                w(f"            <rr:QualifierCategory>{standard}</rr:QualifierCategory>\n")
            w("         </rr:RelationshipQualifier>\n      </rr:RelationshipQualifiers>\n")
        if quantifier is not None:
            w("      <rr:RelationshipQuantifiers>\n         <rr:RelationshipQuantifier>\n"
              "            <rr:MeasurementMethod>ACCOUNTING_CONSOLIDATION</rr:MeasurementMethod>\n"
              f"            <rr:QuantifierAmount>{quantifier:.2f}</rr:QuantifierAmount>\n"
              "            <rr:QuantifierUnits>PERCENTAGE</rr:QuantifierUnits>\n"
              "         </rr:RelationshipQuantifier>\n      </rr:RelationshipQuantifiers>\n")
        w("   </rr:Relationship>\n   <rr:Registration>\n"
          f"      <rr:InitialRegistrationDate>{ts(initial, '11:09:00')}</rr:InitialRegistrationDate>\n"
          f"      <rr:LastUpdateDate>{ts(updated, '01:00:00')}</rr:LastUpdateDate>\n"
          f"      <rr:RegistrationStatus>{'RETIRED' if end else 'PUBLISHED'}</rr:RegistrationStatus>\n"
          f"      <rr:NextRenewalDate>{ts(updated + 365, '13:04:00')}</rr:NextRenewalDate>\n"
          f"      <rr:ManagingLOU>{lou}</rr:ManagingLOU>\n"
          f"      <rr:ValidationSources>{validation}</rr:ValidationSources>\n"
          f"      <rr:ValidationDocuments>{'REGULATORY_FILING' if reference else 'SUPPORTING_DOCUMENTS'}</rr:ValidationDocuments>\n")
        if reference:
            w(f"      <rr:ValidationReference>{escape(reference)}</rr:ValidationReference>\n")
        w("   </rr:Registration>\n</rr:RelationshipRecord>\n")
        self.count += 1

    def close(self, content_day: int) -> None:
        self.finish(
            '<?xml version="1.0" encoding="UTF-8"?>'
            f'<rr:RelationshipData  xmlns:rr="{RR_NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
            'xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n'
            f"  <rr:Header>\n    <rr:ContentDate>{date.fromordinal(content_day).isoformat()}T09:00:00Z</rr:ContentDate>\n"
            "    <rr:FileContent>GLEIF_FULL_PUBLISHED</rr:FileContent>\n"
            f"    <rr:RecordCount>{self.count}</rr:RecordCount>\n  </rr:Header>\n  <rr:RelationshipRecords>\n",
            "  </rr:RelationshipRecords>\n</rr:RelationshipData>\n")
