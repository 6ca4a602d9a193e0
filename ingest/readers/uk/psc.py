"""UK Companies House PSC snapshot records (``uk-psc``); the basic company data CSV
(``uk-company``) is :mod:`ingest.readers.uk.company`.

PSC (persons with significant control) records come one JSON object per line (the bulk
snapshot) or as a JSON array; each is ``{"company_number", "data": {...}}``. The snapshot's
closing ``totals#persons-of-significant-control-snapshot`` object is file metadata, not a
record, and is skipped.

Mapping, per record:
- individual / corporate-entity / legal-person PSCs and overseas-entity beneficial owners
  -> an Entity for the PSC plus one edge per nature of control to the company
  ``EntityRef(scheme=COMPANY_NUMBER, value="GB:{company_number}")``.
- natures of control (bands read off the Register of People with Significant Control
  Regulations 2016 Sch. 2 and Companies House's short descriptions: "more than 25% but not
  more than 50%" = (25, 50], "more than 50% but less than 75%" = (50, 75), "75% or more" =
  [75, 100]; overseas-entity "more than 25%" = (25, 100]):
  ``ownership-of-shares-*`` -> Ownership(shareholding), ``voting-rights-*`` ->
  Ownership(voting_rights); ``right-to-appoint-and-remove-*`` -> Control(board_appointment);
  ``significant-influence-or-control*`` -> Control(significant_influence); surplus-assets
  rights (LLPs, Scottish partnerships) -> Control(rights_to_surplus_assets, stake).
  ``-as-trust`` / ``-as-firm`` / ``-as-control-over-trust|firm`` variants: the PSC does not
  hold the shares itself but controls a trust or firm that does, so they become Control with
  the qualifier in control_kind (``shareholding_as_trust``, ``board_appointment_as_firm``, ...)
  and never count as ownership in stake arithmetic. The LLP / overseas-entity scope suffix is
  dropped (the company number already says what kind of body the target is).
- super-secure PSCs -> ReportingException(NON_PUBLIC); PSC statements ("no registrable
  person", "PSC exists but not identified", ...) -> ReportingException(NO_KNOWN_PERSON or
  NON_PUBLIC) with the statement code as reference; overseas-entity statements that report no
  gap ("all beneficial owners identified", change-period statements) -> Disclosure; exemptions
  -> ReportingException(NON_PUBLIC).

Clocks: valid_from = notified_on, valid_to = ceased_on (a PSC notified only after it ceased, a late
filing: valid_from unstated, valid_to = ceased_on, known from notified_on). PSC data carries no publication date,
so known_from = notified_on (the company's notification date; the filing reaches the public
register within ~14 days of it). A ceased record is emitted as two versions of one fact_key:
the open one known from notified_on and the closed one known from ceased_on, so a backtest
before the cessation does not see it. Without notified_on: the record's ContentDate, else the
date in the file name, else the file's modification time.

fact_key ``psc:{company_number}:{psc id}`` (psc id = last segment of links.self) for the edges
and exceptions of one record; the PSC's Entity uses ``psc:{company_number}:{psc id}#entity``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any, NamedTuple

from ownergraph.domain.model import (
    Alias,
    Control,
    Disclosure,
    Entity,
    EntityRef,
    Ownership,
    Provenance,
    Quarantined,
    Record,
    ReportingException,
    Stake,
)
from ownergraph.domain.codes import (
    AliasKind,
    AliasScheme,
    ConsolidationLevel,
    EntityKind,
    ExceptionReason,
    InterestType,
)
from ownergraph.ingest.readers.json_layout import iter_json_records
from ownergraph.ingest.readers.base import (
    Bad, gb_company_number, guard, midnight, name_date, parse_date, read_safely,
)

SOURCE = "uk_psc"
_TOTALS = "totals#persons-of-significant-control-snapshot"

BANDS: dict[str, Stake] = {
    "25-to-50": Stake(lo=25, hi=50, lo_inclusive=False, hi_inclusive=True),
    "50-to-75": Stake(lo=50, hi=75, lo_inclusive=False, hi_inclusive=False),
    "75-to-100": Stake(lo=75, hi=100, lo_inclusive=True, hi_inclusive=True),
    "more-than-25": Stake(lo=25, hi=100, lo_inclusive=False, hi_inclusive=True),
}
_BASES = {
    "ownership-of-shares": "shareholding",
    "voting-rights": "voting_rights",
    "right-to-share-surplus-assets": "rights_to_surplus_assets",
    "part-right-to-share-surplus-assets": "rights_to_surplus_assets",
    "right-to-appoint-and-remove-directors": "board_appointment",
    "right-to-appoint-and-remove-members": "board_appointment",
    "right-to-appoint-and-remove-person": "board_appointment",
    "significant-influence-or-control": "significant_influence",
}
_NATURE = re.compile(
    r"^(?P<base>" + "|".join(sorted(map(re.escape, _BASES), key=len, reverse=True)) + r")"
    r"(?:-(?P<band>25-to-50|50-to-75|75-to-100|more-than-25)-percent)?"
    r"(?:-as-(?P<qual>trust|firm|control-over-trust|control-over-firm))?"
    r"(?:-limited-liability-partnership|-registered-overseas-entity)?$"
)
_NOMINEE = re.compile(r"^registered-owner-as-nominee-(person|another-entity)-"
                      r"(england-wales|scotland|northern-ireland)-registered-overseas-entity$")
_BANDED = {"shareholding", "voting_rights", "rights_to_surplus_assets"}

_PERSON_KINDS = {
    "individual-person-with-significant-control": "individual",
    "individual-beneficial-owner": "individual",
    "corporate-entity-person-with-significant-control": "corporate",
    "corporate-entity-beneficial-owner": "corporate",
    "legal-person-person-with-significant-control": "legal",
    "legal-person-beneficial-owner": "legal",
}
_SUPER_SECURE = {"super-secure-person-with-significant-control", "super-secure-beneficial-owner"}
_STATEMENTS = {
    "no-individual-or-entity-with-signficant-control": ExceptionReason.NO_KNOWN_PERSON,
    "no-individual-or-entity-with-significant-control": ExceptionReason.NO_KNOWN_PERSON,
    "psc-exists-but-not-identified": ExceptionReason.NO_KNOWN_PERSON,
    "steps-to-find-psc-not-yet-completed": ExceptionReason.NO_KNOWN_PERSON,
    "psc-details-not-confirmed": ExceptionReason.NON_PUBLIC,
    "awaiting-confirmation-from-psc": ExceptionReason.NON_PUBLIC,  # a PSC known, its particulars not yet confirmed
    "psc-contacted-but-no-response": ExceptionReason.NON_PUBLIC,
    "psc-has-failed-to-confirm-changed-details": ExceptionReason.NON_PUBLIC,
    "restrictions-notice-issued-to-psc": ExceptionReason.NON_PUBLIC,
    "no-beneficial-owner-identified": ExceptionReason.NO_KNOWN_PERSON,
    "at-least-one-beneficial-owner-unidentified": ExceptionReason.NO_KNOWN_PERSON,
    "at-least-one-beneficial-owner-unidentified-and-information-not-provided-for-at-least-"
    "one-beneficial-owner": ExceptionReason.NO_KNOWN_PERSON,
    "information-not-provided-for-at-least-one-beneficial-owner": ExceptionReason.NON_PUBLIC,
}
# overseas-entity statements that report no gap: kept as Disclosure, not as exceptions
_INFO_STATEMENTS = {
    "all-beneficial-owners-identified", "nobody-has-become-or-ceased-to-be-a-beneficial-owner",
    "somebody-has-become-or-ceased-to-be-a-beneficial-owner", "no-change-beneficial-owner-relevant-period",
    "change-beneficial-owner-relevant-period", "no-trust-involved-relevant-period",
    "trust-involved-relevant-period", "no-change-beneficiary-relevant-period",
    "change-beneficiary-relevant-period",
}
_UK_REGISTER = re.compile(r"\b(england|wales|scotland|northern ireland|united kingdom|uk|"
                          r"great britain|companies house)\b", re.I)


def natures(code: str) -> tuple[str, Stake | None, str | None]:
    """A nature of control -> (``shareholding``/``voting_rights``/control kind, band, qualifier)."""
    if _NOMINEE.match(code):
        return "nominee_registered_owner", None, None
    m = _NATURE.match(code)
    if not m:
        raise Bad("natures_of_control", f"unknown nature of control {code!r}")
    kind, band = _BASES[m["base"]], m["band"]
    if (band is None) == (kind in _BANDED):
        raise Bad("natures_of_control", f"nature of control {code!r} has an unexpected band")
    qual = m["qual"].replace("-", "_") if m["qual"] else None
    return kind, BANDS[band] if band else None, qual


# ".../persons-with-significant-control/corporate-entity/<id>": the resource's path names its kind
_KIND_PATH = re.compile(r"/persons-with-significant-control(?P<st>-statements)?/(?:(?P<seg>[a-z-]+)/)?[^/]+/?$")


def kind_from_link(link: Any) -> str | None:
    """The PSC resource's kind as its ``links.self`` path names it (the API's paths are one per
    kind), for a saved record whose ``kind`` was dropped: ``/individual/`` is an
    individual-person-with-significant-control, ``/individual-beneficial-owner/`` itself, a
    ``…-statements/`` path a statement. None when the path names none."""
    m = _KIND_PATH.search(str(link or ""))
    if m is None:
        return None
    if m["st"]:
        return "persons-with-significant-control-statement"
    seg = m["seg"] or ""
    kind = seg if seg.endswith("beneficial-owner") else f"{seg}-person-with-significant-control"
    return kind if kind in _PERSON_KINDS or kind in _SUPER_SECURE else None


def links_of(obj: dict[str, Any]) -> dict[str, Any]:
    """A resource's ``links``: an object in the public API, a list of one object in the
    appointments service's full records."""
    links = obj.get("links")
    if isinstance(links, list):
        links = next((x for x in links if isinstance(x, dict)), None)
    return links if isinstance(links, dict) else {}


class PscFile:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._file_date: datetime | None = None

    def fallback_date(self, obj: dict[str, Any]) -> datetime:
        content = obj.get("ContentDate") or obj["data"].get("ContentDate")
        if content:
            return midnight(parse_date(content))
        if self._file_date is None:
            self._file_date = name_date(self.path)
        return self._file_date

    def record(self, loc: str, obj: Any, target: EntityRef | None = None) -> list[Record]:
        """One line's records; ``target`` is the company when it has no number (a list resource
        that does not state its company: the reader's "company not stated" stub)."""
        data = obj.get("data") if isinstance(obj, dict) else None
        if isinstance(data, dict) and "kind" not in data and "company_name" in data:
            return self._profile(loc, obj, data)
        return guard(self.path, loc, lambda: self._record(loc, obj, target=target), obj)

    def _profile(self, loc: str, obj: dict[str, Any], data: dict[str, Any]) -> list[Record]:
        """A company profile (``{"company_number", "data": {"company_name", ...,
        "persons_with_significant_control": [...]}}``): the company plus each embedded PSC,
        every PSC loaded (or quarantined) on its own."""
        out = guard(self.path, loc, lambda: [company_entity(self.path, loc, obj, data)], obj)
        company = obj.get("company_number") or data.get("company_number")
        for j, psc in enumerate(data.get("persons_with_significant_control") or []):
            where = f"{loc}.persons_with_significant_control[{j}]"
            # no links.self in a profile: the PSC is named by company, kind, name and notification
            ident = "|".join(str((psc or {}).get(k) or "") for k in ("kind", "name", "notified_on")) \
                if isinstance(psc, dict) else ""
            psc_id = "profile-" + hashlib.sha1(ident.encode()).hexdigest()[:12]
            out += guard(self.path, where, lambda psc=psc, where=where, psc_id=psc_id: self._record(
                where, {"company_number": company, "data": psc}, psc_id), psc)
        return out

    def _record(self, loc: str, obj: Any, psc_id: str | None = None,
                target: EntityRef | None = None) -> Iterator[Record]:
        data = _psc_data(obj)
        kind = data.get("kind") or kind_from_link(links_of(data).get("self"))
        if kind == _TOTALS:
            return  # snapshot trailer (counts, generated_at): file metadata, not a record
        fact = self._fact(loc, obj, data, psc_id, target)
        if kind in _PERSON_KINDS:
            yield from self._person(loc, _PERSON_KINDS[kind], data, fact)
        elif kind in _SUPER_SECURE or kind == "persons-with-significant-control-statement":
            yield from _gap(kind, data, fact)
        elif kind == "exemptions":
            yield from self._exemptions(data, fact.target, fact.first_known, fact.common)
        else:
            raise Bad("kind", f"unknown PSC kind {kind!r}")

    def _fact(self, loc: str, obj: dict[str, Any], data: dict[str, Any], psc_id: str | None,
              stub: EntityRef | None = None) -> _Fact:
        """The record's identity (company, PSC id), target company and clocks."""
        company = (stub.value or "") if stub is not None else _company_number(obj)
        link = links_of(data).get("self")
        psc_id = str(link).rstrip("/").rsplit("/", 1)[-1] if link else psc_id
        if not psc_id:  # beneficial-owner and other records may omit links: name it by its content
            ident = "|".join(str(data.get(k) or "") for k in ("kind", "name", "notified_on", "statement"))
            psc_id = "content-" + hashlib.sha1(ident.encode()).hexdigest()[:12]
        key = f"psc:{company}:{psc_id}"
        notified, ceased = _notified_and_ceased(data)
        prov = Provenance(source_system=SOURCE, source_record_id=f"{company}:{psc_id}",
                          document_id=link, locator=loc, source_file=str(self.path),
                          validation_level="officialRegister")
        target = stub or EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value=gb_company_number(company))
        first_known = midnight(notified) if notified else (
            midnight(ceased) if ceased else self.fallback_date(obj))
        return _Fact(key=key, psc_id=psc_id, link=link, target=target, first_known=first_known,
                     versions=_versions(first_known, notified, ceased),
                     common=dict(provenance=prov, fact_key=key,
                                 valid_from=None if late_notification(notified, ceased) else notified))

    def _person(self, loc: str, kind: str, data: dict[str, Any], fact: _Fact) -> Iterator[Record]:
        """A PSC or beneficial owner: its entity, then one edge per nature of control and version."""
        prov = fact.common["provenance"]
        psc = _psc_entity(kind, data, fact.psc_id, fact.first_known, prov, f"{fact.key}#entity")
        yield psc
        if not data.get("natures_of_control"):  # a PSC of the company all the same, nature not stated
            yield from (Control(source=psc.ref, target=fact.target, control_kind="significant_control",
                                known_from=known, valid_to=valid_to, **fact.common)
                        for known, valid_to in fact.versions)
        for j, code in enumerate(data.get("natures_of_control") or []):
            where = f"{loc}.natures_of_control[{j}]"
            # one unknown nature is quarantined alone
            yield from guard(self.path, where, lambda code=code, where=where: [
                _edge(psc.ref, fact.target, *natures(str(code)), known, valid_to,
                      {**fact.common, "provenance": prov.model_copy(update={"locator": where})})
                for known, valid_to in fact.versions], code)

    def _exemptions(self, data: dict[str, Any], target: EntityRef, known: datetime,
                    common: dict[str, Any]) -> Iterator[Record]:
        ex = data.get("exemptions")
        if not isinstance(ex, dict) or not ex:
            raise Bad("exemptions", "exemptions record without exemptions")
        for name, body in ex.items():
            items = (body or {}).get("items") or [{}]
            for item in items:
                yield ReportingException(
                    entity=target, level=ConsolidationLevel.ULTIMATE, reason=ExceptionReason.NON_PUBLIC,
                    reference=f"uk_psc:exemption:{(body or {}).get('exemption_type') or name}",
                    known_from=known, **{**common, "fact_key": f"{common['fact_key']}:{name}",
                                         "valid_from": parse_date(item.get("exempt_from"))},
                    valid_to=parse_date(item.get("exempt_to")))


class _Fact(NamedTuple):
    """What every record of one PSC entry shares: its identity, target company and clocks."""

    key: str  # psc:{company_number}:{psc id}
    psc_id: str
    link: Any  # links.self: the document id
    target: EntityRef  # the company the PSC has significant control over
    first_known: datetime
    versions: list[tuple[datetime, date | None]]  # (known_from, valid_to) of each version
    common: dict[str, Any]  # provenance, fact_key and valid_from of every record


def _psc_data(obj: Any) -> dict[str, Any]:
    """The record's ``data`` object."""
    if not isinstance(obj, dict) or not isinstance(obj.get("data"), dict):
        raise Bad("data", "PSC record is not an object with a 'data' object")
    return obj["data"]


def _company_number(obj: dict[str, Any]) -> str:
    company = str(obj.get("company_number") or "").strip()
    if not company:
        raise Bad("company_number", "PSC record without company_number")
    return company


def _notified_and_ceased(data: dict[str, Any]) -> tuple[date | None, date | None]:
    """notified_on and ceased_on, as dates."""
    return parse_date(data.get("notified_on")), parse_date(data.get("ceased_on"))


def late_notification(notified: date | None, ceased: date | None) -> bool:
    """A PSC notified after it had ceased: the API defines ``notified_on`` as the date Companies
    House was notified, which a late filing puts after ``ceased_on``. The control then held until
    ``ceased_on`` from a start the record does not state, and is known from ``notified_on``."""
    return bool(notified and ceased and ceased < notified)


def _versions(first_known: datetime, notified: date | None,
              ceased: date | None) -> list[tuple[datetime, date | None]]:
    """(known_from, valid_to) of each version: open from notification, closed from cessation,
    so a backtest before the cessation does not see it; without notified_on, or notified only
    after it ceased, one closed version."""
    if ceased and notified and not late_notification(notified, ceased):
        return [(first_known, None), (midnight(ceased), ceased)]
    if ceased:
        return [(first_known, ceased)]
    return [(first_known, None)]


def _gap(kind: str, data: dict[str, Any], fact: _Fact) -> Iterator[Record]:
    """A super-secure PSC or a PSC statement: a ReportingException per version, or a Disclosure
    for an overseas-entity statement that reports no gap."""
    if kind in _SUPER_SECURE:
        reason, ref = ExceptionReason.NON_PUBLIC, data.get("description") or kind
    else:
        ref = data.get("statement")
        if ref in _INFO_STATEMENTS:
            yield Disclosure(document_id=fact.link, filer=fact.target, form_type="psc-statement",
                             title=ref, mentions=(fact.target,), known_from=fact.first_known, **fact.common)
            return
        reason = _statement_reason(ref)
    for known, valid_to in fact.versions:
        yield ReportingException(entity=fact.target, level=ConsolidationLevel.ULTIMATE, reason=reason,
                                 reference=f"uk_psc:{ref}", known_from=known,
                                 valid_to=valid_to, **fact.common)


def _statement_reason(ref: Any) -> ExceptionReason:
    """The reason a PSC statement gives; its ``-partnership`` variant reads as the base statement."""
    if ref not in _STATEMENTS and str(ref).removesuffix("-partnership") not in _STATEMENTS:
        raise Bad("statement", f"unknown PSC statement {ref!r}")
    return _STATEMENTS.get(ref) or _STATEMENTS[str(ref).removesuffix("-partnership")]


def company_entity(path: Path, loc: str, obj: dict[str, Any], data: dict[str, Any]) -> Entity:
    """The company of a Companies House company profile."""
    number = str(obj.get("company_number") or data.get("company_number") or "").strip()
    name = re.sub(r"\s+", " ", str(data.get("company_name") or "")).strip()
    if not number:
        raise Bad("company_number", "company profile without company_number")
    value = gb_company_number(number)
    named = bool(name)
    if not named:  # a profile whose company_name is null (an internal or partial resource): the
        name = value.split(":", 1)[-1]  # company is still stated, by its number; no name alias is invented
    created, ceased = parse_date(data.get("date_of_creation")), parse_date(data.get("date_of_cessation"))
    # no publication date in a profile: its latest event, else the file's date
    events = [d for d in (created, ceased) if d]
    known = midnight(max(events)) if events else name_date(path)
    prov = Provenance(source_system="uk_company", source_record_id=value, locator=loc,
                      source_file=str(path), validation_level="officialRegister")
    aliases = ((Alias(scheme=AliasScheme.NAME, value=name, kind=AliasKind.LEGAL, valid_from=created),) if named
               else ()) + (Alias(scheme=AliasScheme.COMPANY_NUMBER, value=value, kind=AliasKind.IDENTIFIER),)
    status = str(data.get("company_status") or "").strip().upper() or None
    return Entity(ref=EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value=value, name=name,
                                jurisdiction="GB", kind=EntityKind.COMPANY),
                  name=name, kind=EntityKind.COMPANY, aliases=aliases, jurisdiction="GB", status=status,
                  valid_from=created, valid_to=ceased, known_from=known, provenance=prov,
                  fact_key=f"uk_company:{value}")


def _psc_entity(kind: str, data: dict[str, Any], psc_id: str, known: datetime, prov: Provenance,
                fact_key: str) -> Entity:
    raw_name = re.sub(r"\s+", " ", str(data.get("name") or "")).strip()
    el = data.get("name_elements") or {}
    plain = " ".join(str(el[k]).strip() for k in ("forename", "other_forenames", "middle_name",
                                                  "surname") if el.get(k))
    name = plain or raw_name
    aliases = [Alias(scheme=AliasScheme.NAME, value=n, kind=AliasKind.LEGAL)
               for n in dict.fromkeys(x for x in (name, raw_name) if x)]
    if not name:  # stated without a name (the register withheld or omitted it): its control is kept
        company = fact_key.split(":")[1] if fact_key.count(":") >= 2 else "the company"
        name = f"Unnamed {kind} PSC of {company} [psc:{psc_id}] (name not stated)"
    aliases.append(Alias(scheme=AliasScheme.PSC_ID, value=psc_id, kind=AliasKind.IDENTIFIER))
    jurisdiction, number = None, None
    ident = data.get("identification") or {}
    if kind == "individual":
        ekind = EntityKind.PERSON
    else:
        text = " ".join(str(ident.get(k) or "") for k in ("legal_form", "legal_authority")).lower()
        ekind = EntityKind.GOVERNMENT if kind == "legal" and "government" in text else EntityKind.COMPANY
        number, registered = registration(ident)
        jurisdiction = "GB" if number else None
        aliases += [registered] if registered else []
    # a UK-registered corporate PSC is named by its company number, so it joins the
    # company node; anyone else by the PSC id (unique per company appointment)
    ref = (EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value=number, name=name, kind=ekind,
                     jurisdiction=jurisdiction) if number else
           EntityRef(scheme=AliasScheme.PSC_ID, value=psc_id, name=name, kind=ekind))
    return Entity(ref=ref, name=name, kind=ekind, aliases=tuple(aliases), jurisdiction=jurisdiction,
                  known_from=known, provenance=prov, fact_key=fact_key,
                  **(person_details(data) if ekind is EntityKind.PERSON else {}))


# a UK register when no country is given: a Companies Act authority, a UK identification type
_UK_AUTHORITY = re.compile(r"\bcompanies\s+act\b|^uk-limited", re.I)


def registration(ident: dict[str, Any]) -> tuple[str | None, Alias | None]:
    """(``GB:`` company number, identifier alias) of a corporate PSC's or officer's
    ``identification``: a UK register (country or place registered; without either, a Companies
    Act legal authority or a ``uk-limited-*`` identification type) gives its company number, any
    other register ``{country or place}:{number}``."""
    reg = str(ident.get("registration_number") or "").strip()
    if not reg:
        return None, None
    where = " ".join(str(ident.get(k) or "") for k in ("country_registered", "place_registered")).strip()
    how = " ".join(str(ident.get(k) or "") for k in ("identification_type", "legal_authority"))
    if (_UK_REGISTER.search(where) if where else _UK_AUTHORITY.search(how.strip())) or \
            str(ident.get("identification_type") or "").startswith("uk-limited"):
        number = gb_company_number(reg)
        return number, Alias(scheme=AliasScheme.COMPANY_NUMBER, value=number, kind=AliasKind.IDENTIFIER)
    label = str(ident.get("country_registered") or ident.get("place_registered") or "unknown").strip()
    return None, Alias(scheme=AliasScheme.OTHER, value=f"{label}:{reg}", kind=AliasKind.IDENTIFIER)


def person_details(data: dict[str, Any]) -> dict[str, Any]:
    """A person's stated birth month (``date_of_birth`` year, month and, for officers, day) and
    nationalities ("British,Irish")."""
    dob = data.get("date_of_birth") if isinstance(data.get("date_of_birth"), dict) else {}
    out: dict[str, Any] = {}
    try:
        parts = [f"{int(dob['year']):04d}"]
        if dob.get("month"):  # a day without a month would be no date
            parts += [f"{int(dob['month']):02d}"] + ([f"{int(dob['day']):02d}"] if dob.get("day") else [])
        out["birth_date"] = "-".join(parts)
    except (KeyError, TypeError, ValueError):
        pass  # no year, or not numbers: no birth date rather than a wrong one
    nat = [n.strip() for n in str(data.get("nationality") or "").split(",") if n.strip()]
    if nat:
        out["nationalities"] = tuple(nat)
    return out


def _edge(source: EntityRef, target: EntityRef, what: str, stake: Stake | None, qual: str | None,
          known: datetime, valid_to: date | None, common: dict[str, Any]) -> Ownership | Control:
    if what in ("shareholding", "voting_rights") and qual is None:
        interest = InterestType.SHAREHOLDING if what == "shareholding" else InterestType.VOTING_RIGHTS
        return Ownership(source=source, target=target, stake=stake, interest=interest,
                         known_from=known, valid_to=valid_to, **common)
    kind = f"{what}_as_{qual}" if qual else what
    return Control(source=source, target=target, control_kind=kind, stake=stake, known_from=known,
                   valid_to=valid_to, **common)


class UkPscReader:
    name = "uk-psc"

    def sniff(self, path: Path, head: bytes) -> bool:
        h = re.sub(rb"\s+", b"", head)
        if (h.startswith((b'{"data":{', b'[{"data":{')) and b'"kind":' in h) or _TOTALS.encode() in head:
            return True  # a snapshot line without company_number (the totals trailer, a stray kind)
        return b'"company_number"' in head and (b'"kind":"exemptions"' in h or
            b"person-with-significant-control" in head or b'"persons_with_significant_control"' in head or b"persons-with-significant-control" in head
            or b"beneficial-owner" in head or b'"natures_of_control"' in head)

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        return read_safely(path, self._read(path))

    def _read(self, path: Path) -> Iterator[Record]:
        state = PscFile(path)
        for loc, obj in iter_json_records(path):
            if isinstance(obj, Quarantined):
                yield obj
            else:
                yield from state.record(loc, obj)


READERS: list = [UkPscReader()]
