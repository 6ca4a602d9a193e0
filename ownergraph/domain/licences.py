"""Who publishes each source system's data and under which licence: one table, read by the
exports' manifest (``graph.export.manifest``) so that whoever receives an export knows the terms
of the facts inside it.

The graph stores each fact's ``source_system`` (see ``domain.model.Provenance``), not the
licence, so the licence is looked up here by source system. Where the terms depend on the
file's own publisher (a BODS package, an FtM file, a document), the row says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class SourceLicence:
    source_system: str
    publisher: str
    licence: str
    url: str | None = None  # the licence's text, where one URL states it
    note: str | None = None

    def as_dict(self) -> dict[str, str | None]:
        return {"source_system": self.source_system, "publisher": self.publisher, "licence": self.licence,
                "url": self.url, "note": self.note}


_ROWS = (
    SourceLicence("gleif", "GLEIF (Global Legal Entity Identifier Foundation)", "CC0-1.0",
                  "https://creativecommons.org/publicdomain/zero/1.0/"),
    SourceLicence("uk_psc", "UK Companies House (persons with significant control)", "OGL-UK-3.0",
                  "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"),
    SourceLicence("uk_company", "UK Companies House (company data)", "OGL-UK-3.0",
                  "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"),
    SourceLicence("uk_officers", "UK Companies House (officers)", "OGL-UK-3.0",
                  "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/"),
    SourceLicence("sec", "US SEC EDGAR", "public domain (US government records)", None,
                  "EDGAR filings are public records; see the SEC's website terms"),
    SourceLicence("ftm", "OpenSanctions (FollowTheMoney data)", "CC-BY-NC-4.0",
                  "https://creativecommons.org/licenses/by-nc/4.0/",
                  "commercial use needs OpenSanctions' licence; other FtM publishers state their own terms"),
    SourceLicence("bods", "the BODS publisher named in each statement's publicationDetails",
                  "per publisher (publicationDetails.license)", None,
                  "e.g. GLEIF-derived BODS CC0-1.0, UK PSC-derived BODS OGL-UK-3.0"),
    SourceLicence("document", "the filer of each document (SEC EDGAR filings: US public records)",
                  "per document (EDGAR: public domain)", None,
                  "facts read from the text by ownergraph's extractor; each cites its sentence"),
    SourceLicence("bundle", "the user's own bundle", "per the user's terms", None),
    SourceLicence("holdings_csv", "the user's own book (portfolio positions)", "per the user's terms", None),
)

SOURCE_LICENCES: Mapping[str, SourceLicence] = MappingProxyType({r.source_system: r for r in _ROWS})


def licence_of(source_system: str) -> SourceLicence:
    """The table's row for ``source_system``; an unknown system gets a row that says so."""
    return SOURCE_LICENCES.get(source_system) or SourceLicence(
        source_system, "unknown", "unknown: check the source's terms before sharing")


__all__ = ["SOURCE_LICENCES", "SourceLicence", "licence_of"]
