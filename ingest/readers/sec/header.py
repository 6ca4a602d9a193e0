"""The companies an EDGAR SGML header names (FILER, SUBJECT COMPANY, FILED BY, REPORTING-OWNER,
ISSUER) as entities: conformed name, CIK, state of incorporation, the STANDARD INDUSTRIAL
CLASSIFICATION code as an industry code (an attribute, not an alias: never matched by name), the IRS
NUMBER as an identifier ``other:ein:<nine digits>`` (the US employer identification number), and every
FORMER COMPANY name as a previous name valid until its DATE OF NAME CHANGE (and from the change before it)."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.domain.model import Alias, Entity, EntityRef, Provenance, Record
from ownergraph.ingest.readers.base import build
from ownergraph.ingest.readers.documents.edgar import Header, Party
from ownergraph.ingest.readers.sec.values import jurisdiction


def name_aliases(party: Party) -> list[Alias]:
    """The conformed name from the latest change, then each former name over its own period."""
    changes = [d for _, d in party.former]
    out = [Alias(scheme=AliasScheme.NAME, value=party.name or "", kind=AliasKind.LEGAL,
                 valid_from=changes[0] if changes else None)]
    for i, (old, ended) in enumerate(party.former):
        began: date | None = changes[i + 1] if i + 1 < len(changes) else None
        out.append(Alias(scheme=AliasScheme.NAME, value=old, kind=AliasKind.PREVIOUS,
                         valid_from=began if began and ended and began <= ended else None, valid_to=ended))
    return out


def header_entities(path: Path | str, header: Header, known_from: datetime,
                    document_id: str) -> list[Record]:
    """One entity per named header company with a CIK (a block without one names nobody to join)."""
    out: list[Record] = []
    seen: set[str] = set()
    for i, party in enumerate(header.parties):
        if not (party.name and party.cik) or party.cik in seen:
            continue
        seen.add(party.cik)
        loc = f"SEC-HEADER/{party.role}[{i}]"
        out.append(build(path, loc, lambda party=party, loc=loc: _entity(path, party, known_from,
                                                                          document_id, loc)))
    return out


def _entity(path: Path | str, party: Party, known_from: datetime, document_id: str, loc: str) -> Entity:
    # REPORTING-OWNER blocks of Forms 3/4/5 are often people; the header does not say which
    kind = EntityKind.UNKNOWN if party.role == "REPORTING-OWNER" else EntityKind.COMPANY
    jur = jurisdiction(party.state)  # EDGAR state/country code: DE -> US-DE
    ref = EntityRef(scheme=AliasScheme.CIK, value=party.cik, name=party.name, jurisdiction=jur, kind=kind)
    prov = Provenance(source_system="sec", source_record_id=f"{document_id}:{party.cik}", document_id=document_id,
                      locator=loc, source_file=str(path))
    ein = (Alias(scheme=AliasScheme.OTHER, value=f"ein:{party.irs}", kind=AliasKind.IDENTIFIER),) if party.irs else ()
    return Entity(ref=ref, name=party.name or "", kind=kind, jurisdiction=jur, known_from=known_from,
                  aliases=(*name_aliases(party), Alias(scheme=AliasScheme.CIK, value=party.cik or "",
                                                       kind=AliasKind.IDENTIFIER), *ein),
                  industry_codes=(f"SIC:{party.sic}",) if party.sic else (),
                  provenance=prov, fact_key=f"sec:header:{party.cik}:{document_id}")
