"""FollowTheMoney values shared by the FtM reader: schema tables, property access,
percentages, aliases and the per-record context (not a reader)."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.model import Alias, Provenance, Record, Stake
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.ingest.readers.base import Bad, parse_date, quarantine

SOURCE = "ftm"

THING_KINDS: dict[str, EntityKind] = {
    "Person": EntityKind.PERSON,
    "PublicBody": EntityKind.GOVERNMENT,
    "Company": EntityKind.COMPANY,
    "Organization": EntityKind.COMPANY,
    "LegalEntity": EntityKind.COMPANY,
    "Vessel": EntityKind.UNKNOWN,  # ownable, sanctionable objects, not legal persons
    "Airplane": EntityKind.UNKNOWN,
    "Asset": EntityKind.UNKNOWN,  # what an Ownership's `asset` may be besides a legal entity
    "Security": EntityKind.UNKNOWN,
    "RealEstate": EntityKind.UNKNOWN,
    "Vehicle": EntityKind.UNKNOWN,
    # a post ("Member of the National Assembly of Venezuela"): a Thing in FtM, not a legal person; its
    # holders are Occupancy links to it
    "Position": EntityKind.UNKNOWN,
}

# schema -> (source property, target property), in ownergraph's edge direction
EDGE_ENDS: dict[str, tuple[str, str]] = {
    "Ownership": ("owner", "asset"),
    "Directorship": ("director", "organization"),
    "Family": ("person", "relative"),
    "Associate": ("person", "associate"),
    "Debt": ("creditor", "debtor"),  # lender -> borrower
    "Succession": ("predecessor", "successor"),
    # ties that are neither ownership nor control: associations, named by their role (else the schema's word)
    "Membership": ("member", "organization"),
    "Employment": ("employee", "employer"),
    "Representation": ("agent", "client"),
    "UnknownLink": ("subject", "object"),
    "Occupancy": ("holder", "post"),  # a person holding a Position, over startDate..endDate
}
ASSOCIATION_WORDS = {"Family": "family", "Associate": "associate", "Membership": "member",
                     "Employment": "employee", "Representation": "representative", "UnknownLink": "linked",
                     "Occupancy": "post holder"}

# identifier property -> (scheme, prefix for OTHER values or jurisdiction for company numbers)
IDENTIFIERS: dict[str, tuple[AliasScheme, str | None]] = {
    "ogrnCode": (AliasScheme.COMPANY_NUMBER, "RU"),  # Russian state registration number
    "innCode": (AliasScheme.OTHER, "inn"),
    "kppCode": (AliasScheme.OTHER, "kpp"),
    "okpoCode": (AliasScheme.OTHER, "okpo"),
    "taxNumber": (AliasScheme.OTHER, "tax"),
    "vatCode": (AliasScheme.OTHER, "vat"),
    "swiftBic": (AliasScheme.BIC, None),
    "isin": (AliasScheme.ISIN, None),
    "isinCode": (AliasScheme.ISIN, None),
    "cikCode": (AliasScheme.CIK, None),
    "dunsCode": (AliasScheme.OTHER, "duns"),
    "uscCode": (AliasScheme.OTHER, "usc"),
    "permId": (AliasScheme.OTHER, "permid"),
    "bvdId": (AliasScheme.OTHER, "bvd"),
    "ticker": (AliasScheme.OTHER, "ticker"),
    "imoNumber": (AliasScheme.OTHER, "imo"),
    "mmsi": (AliasScheme.OTHER, "mmsi"),
    "idNumber": (AliasScheme.OTHER, "id"),
    "passportNumber": (AliasScheme.OTHER, "passport"),
    "wikidataId": (AliasScheme.OTHER, "wikidata"),
    "icijId": (AliasScheme.OTHER, "icij"),
    "socialSecurityNumber": (AliasScheme.OTHER, "ssn"),  # Person
}
NAME_KINDS = (("name", AliasKind.LEGAL), ("alias", AliasKind.TRADING),
              ("weakAlias", AliasKind.TRADING), ("previousName", AliasKind.PREVIOUS))

_STAMP = re.compile(r"(?<!\d)(\d{14})(?!\d)")
_NUM = r"(\d+(?:[.,]\d+)?)"


def prop_values(props: dict[str, Any], name: str) -> list[str]:
    """Non-empty string values of a property (nested entities give their id)."""
    raw = props.get(name)
    if isinstance(raw, (str, int, float)) and not isinstance(raw, bool):
        raw = [raw]  # FtM writes lists; a lone value is read as a list of one
    elif raw is not None and not isinstance(raw, list):
        raise Bad(f"properties.{name}", f"expected a list of values, got {type(raw).__name__}")
    out = []
    for v in raw or ():
        if isinstance(v, dict):
            v = v.get("id")
        if v is not None and str(v).strip():
            out.append(str(v).strip())
    return out


def first_value(props: dict[str, Any], name: str) -> str | None:
    vals = prop_values(props, name)
    return vals[0] if vals else None


def num(text: str) -> float:
    return float(text.replace(",", "."))


def parse_percentage(text: str | None) -> Stake | None:
    """FtM ``percentage`` text -> Stake; ``None`` when there is no figure to read.

    "50", "50%", "50.5 %" -> exact; "25-50" / "25 to 50" -> band [25, 50] (both ends
    inclusive: free text does not say, so the widest reading); ">50" / "<25" -> open bands.
    Values outside [0, 100] raise (the caller quarantines).
    """
    if text is None:
        return None
    t = text.strip().replace("%", "").replace("\u2013", "-").strip().lower()
    if m := re.fullmatch(_NUM, t):
        return Stake(exact=num(m[1]))
    if m := re.fullmatch(_NUM + r"\s*(?:-|to)\s*" + _NUM, t):
        return Stake(lo=num(m[1]), hi=num(m[2]), lo_inclusive=True, hi_inclusive=True)
    if m := re.fullmatch(r"(>=|≥|>|more than|over|above|at least)\s*" + _NUM, t):
        return Stake(lo=num(m[2]), lo_inclusive=m[1] in (">=", "≥", "at least"))
    if m := re.fullmatch(r"(<=|≤|<|less than|under|below|up to)\s*" + _NUM, t):
        return Stake(lo=0.0, hi=num(m[2]), hi_inclusive=m[1] in ("<=", "≤", "up to"))
    return None  # unreadable figure: the interest stands without a stake


def stamp_time(path: Path) -> datetime | None:
    """The publisher's timestamp in the delta's folder or file name, if any."""
    for part in (path.parent.name, path.name):
        if m := _STAMP.search(part):
            try:
                return datetime.strptime(m[1], "%Y%m%d%H%M%S").replace(tzinfo=timezone.utc)
            except ValueError:
                continue
    return None


class Ctx:
    """Per-record context: where it came from and its knowledge time."""

    def __init__(self, path: Path, locator: str, known_from: datetime, delta: bool) -> None:
        self.path, self.locator, self.known_from, self.delta = path, locator, known_from, delta
        self.extra: list[Record] = []  # field-level quarantines found while mapping

    def prov(self, rid: str, props: dict[str, Any]) -> Provenance:
        return Provenance(source_system=SOURCE, source_record_id=rid,
                          document_id=first_value(props, "sourceUrl"), locator=self.locator,
                          source_file=str(self.path))

    def date(self, props: dict[str, Any], name: str) -> date | None:
        """A date property; a bad one is quarantined on its own and read as absent."""
        v = first_value(props, name)
        try:
            return parse_date(v)
        except (ValueError, TypeError) as err:
            self.extra.append(quarantine(self.path, self.locator, name, str(err), v))
            return None


def jurisdiction_of(props: dict[str, Any]) -> str | None:
    jur = prop_values(props, "jurisdiction")
    countries = prop_values(props, "country")
    if jur:
        return jur[0].upper()
    return countries[0].upper() if len(countries) == 1 else None  # several: ambiguous


def aliases_of(eid: str, ent: dict[str, Any], props: dict[str, Any], jur: str | None,
             ctx: Ctx) -> tuple[list[Alias], str | None]:
    """Every name and identifier as an alias; returns (aliases, first valid LEI)."""
    out: list[Alias] = []
    seen: set[tuple[AliasScheme, str]] = set()

    def add(scheme: AliasScheme, value: str, kind: AliasKind) -> None:
        if (scheme, value) not in seen:
            seen.add((scheme, value))
            out.append(Alias(scheme=scheme, value=value, kind=kind))

    for prop, kind in NAME_KINDS:
        for v in prop_values(props, prop):
            if any(c.isalnum() for c in v):  # weakAlias ":" in the sample is not a name
                add(AliasScheme.NAME, v, kind)
    lei = None
    for v in prop_values(props, "leiCode"):
        if is_valid_lei(v.upper()):
            lei = lei or v.upper()
            add(AliasScheme.LEI, v.upper(), AliasKind.IDENTIFIER)
        else:  # kept as stated (never as the entity's key), and said so
            add(AliasScheme.OTHER, f"leiCode:{v}", AliasKind.IDENTIFIER)
            ctx.extra.append(quarantine(ctx.path, ctx.locator, "leiCode",
                                        f"leiCode: {v!r} fails the ISO 17442 check: kept as a stated "
                                        "identifier, not as the entity's LEI", v))
    for v in prop_values(props, "registrationNumber"):
        if jur:
            add(AliasScheme.COMPANY_NUMBER, f"{jur}:{v}", AliasKind.IDENTIFIER)
        else:
            add(AliasScheme.OTHER, f"registration:{v}", AliasKind.IDENTIFIER)
    for prop, (scheme, extra) in IDENTIFIERS.items():
        for v in prop_values(props, prop):
            if scheme is AliasScheme.COMPANY_NUMBER:
                v = f"{extra}:{v}"
            elif scheme is AliasScheme.OTHER:
                v = f"{extra}:{v}"
            add(scheme, v, AliasKind.IDENTIFIER)
    for v in [eid, *(str(r) for r in ent.get("referents") or ())]:
        add(AliasScheme.FTM_ID, v, AliasKind.IDENTIFIER)
    return out, lei




def properties(ent: dict[str, Any]) -> dict[str, Any]:
    """An entity's ``properties`` object ({} when absent); any other type is a bad record."""
    props = ent.get("properties")
    if props is None:
        return {}
    if not isinstance(props, dict):
        raise Bad("properties", f"expected an object, got {type(props).__name__}")
    return props
