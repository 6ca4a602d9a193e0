"""Companies House public data API responses (``uk-api``).

The API returns one resource per response; each is told by its own fields, never by the file name:
- company profile (``company_name`` + ``company_number`` at the top): the company, with its
  ``previous_company_names`` as dated previous names (``ceased_on`` = the end of the old name);
- list responses (``items``): PSC lists and PSC statement lists (each item read as a PSC record of
  the company in the list's or the item's ``links.self``), officer lists (a Control per officer),
  an officer's appointment list (each ``appointed_to`` company and the officer's Control over it),
  related companies / UK establishments (each item a company; a branch is not ownership) and
  company search results (each ``searchresults#company`` item a company named by its ``title``);
- one PSC, PSC statement or beneficial owner resource (``kind`` at the top); one officer
  appointment (``officer_role`` at the top, the company in ``links.self``);
- registered charges (a ``ChargeList`` or one charge, :mod:`.charges`): each person entitled
  lends to the company;
- a client's saved response (``{"body": <resource>, "url": ".../company/N/officers", "status": 200}``):
  the body read as that resource, named by the URL where it does not name its company;
- Streaming API events (``resource_kind``, ``resource_uri``, ``data``, ``event``), one per line:
  each event's ``data`` read as the resource at its ``resource_uri``;
- Basic Company Data as JSON: the CSV product's fields (``CompanyName``, ``CompanyNumber``, ...,
  flat or nested) one object per company, read exactly like a CSV row;
- a bundle of responses saved in one object keyed by resource (``{"companyProfile": {...},
  "officersList": {...}, "pscList": {...}, ...}``): each value read as the resource it is (by its
  fields, not its key); a list naming no company is the company of the one profile in the bundle
  (there is no other company it could be), and a value that is no resource is quarantined.
The bulk PSC snapshot (``{"company_number", "data": {...}}`` per line) stays with ``uk-psc``.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.domain.model import Alias, BranchOf, Control, Entity, EntityRef, Ownership, Provenance, Quarantined, Record
from ownergraph.ingest.readers.base import (
    Bad, gb_company_number, guard, midnight, name_date, parse_date, quarantine, read_safely,
)
from ownergraph.ingest.readers.json_layout import iter_json_records, json_layout
from ownergraph.ingest.readers.uk.charges import charge, is_charge
from ownergraph.ingest.readers.uk.company import company_row, uk_sic_codes
from ownergraph.ingest.readers.uk.psc import PscFile, company_entity, links_of, person_details, registration
from ownergraph.ingest.readers.uk.sibling_profile import sibling_profile_company

_COMPANY_IN_LINK = re.compile(r"/company/([A-Za-z0-9]+)")
_MARKS = re.compile(rb'"(?:company_number|company_name|CompanyNumber|officer_role|appointed_to|charge_code|'
                    rb'persons_entitled)"|/company/|'
                    rb'significant-control|beneficial-owner|"kind"\s*:\s*"exemptions"')
_MAX_RESOURCE = 64 << 20  # bytes
# fields only a company profile has (besides its name and number)
_PROFILE_KEYS = {"company_status", "date_of_creation", "registered_office_address", "accounts",
                 "confirmation_statement", "sic_codes", "can_file", "has_charges", "undeliverable_registered_office_address"}


# Basic Company Data's other top-level fields (flat "RegAddress.PostTown" or nested objects)
_BASIC_KEYS = {"CompanyCategory", "CompanyStatus", "CountryOfOrigin", "IncorporationDate", "DissolutionDate",
               "URI", "RegAddress", "Accounts", "Returns", "SICCode", "Mortgages", "LimitedPartnerships",
               "ConfStmtNextDueDate", "ConfStmtLastMadeUpDate", "PreviousName_1"}


def flatten(obj: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested JSON as the CSV product's dotted column names (``RegAddress.PostTown``)."""
    out: dict[str, Any] = {}
    for key, value in obj.items():
        name = f"{prefix}{str(key).strip()}"
        if isinstance(value, dict):
            out |= flatten(value, f"{name}.")
        else:
            out[name] = "" if value is None else str(value)
    return out


def shape(obj: Any) -> str | None:
    """Which Companies House resource ``obj`` is, or None when it is none of them."""
    if not isinstance(obj, dict):
        return None
    if isinstance(obj.get("data"), dict) and "resource_kind" in obj:
        return "stream"  # a Streaming API event: the resource under data, named by resource_uri
    if isinstance(obj.get("data"), dict) and "company_number" in obj:
        return "snapshot"  # the bulk PSC product: uk-psc
    if wrapped(obj):
        return "wrapped"  # a client's saved HTTP response: the resource under body, named by its url
    if isinstance(obj.get("items"), list) and (
            str(obj.get("kind") or "").startswith(("related-companies", "officer-list", "search#"))
            or "/company/" in str(links_of(obj).get("self") or "")
            or any(isinstance(i, dict) and ("kind" in i or "officer_role" in i or is_charge(i))
                   for i in obj["items"][:5])):
        return "list"
    if is_charge(obj):
        return "charge"  # one chargeDetails resource: /company/{number}/charges/{id}
    if "company_name" in obj and "company_number" in obj:
        return "profile"
    if {"company_name", "company_number"} & set(obj) and _PROFILE_KEYS & set(obj):
        return "profile"  # a profile missing its name or number: read, and refused naming the field
    if "officer_role" in obj and ("name" in obj or "surname" in obj):
        # one officer appointment: /company/{number}/appointments/{id} (the service's full record
        # gives the name in parts)
        return "appointment"
    kind = str(obj.get("kind") or "")
    if kind.endswith(("significant-control", "beneficial-owner", "-statement")) or kind == "exemptions":
        return "psc"
    keys = {str(k).strip().split(".", 1)[0] for k in obj}
    # the product's key is CompanyNumber; a row whose name is empty or left out is still one
    if "CompanyNumber" in keys and ("CompanyName" in keys or len(keys & _BASIC_KEYS) >= 2):
        return "basic"
    if len(obj) >= 2 and any(shape(v) in _BUNDLED for v in obj.values()):
        return "bundle"  # responses saved side by side under keys a client chose
    return None


_BUNDLED = {"profile", "list", "psc", "charge", "appointment", "wrapped"}  # what makes an object a bundle


def bundled_profile(obj: dict[str, Any]) -> tuple[str, str] | None:
    """(company number, key) of the one company profile in a bundle; None for none or several."""
    found = [(str(v["company_number"]).strip(), str(k)) for k, v in obj.items()
             if shape(v) == "profile" and str(v.get("company_number") or "").strip()]
    return found[0] if len({n for n, _ in found}) == 1 else None


# a client's saved response: the resource under one of these keys, with the request's URL or status
_BODY_KEYS = ("body", "response", "json", "payload", "content", "result", "data")
_URL_KEYS = ("url", "uri", "request_url", "endpoint", "path", "resource_uri", "href")
_STATUS_KEYS = ("status", "status_code", "statusCode", "retrieved_at", "fetched_at", "from_cache")


def wrapped(obj: dict[str, Any]) -> tuple[str, dict[str, Any], str] | None:
    """(body key, resource, request URL) of a saved API response (``{"body": {...}, "url":
    ".../company/N/officers", "status": 200, "retrieved_at": ...}``), or None when ``obj`` is not
    one: the body must itself be a Companies House resource."""
    meta = {k for k in (*_URL_KEYS, *_STATUS_KEYS) if k in obj}
    if not meta:
        return None
    for key in _BODY_KEYS:
        body = obj.get(key)
        if isinstance(body, dict) and shape(body) not in (None, "wrapped"):
            url = next((str(obj[k]) for k in _URL_KEYS if isinstance(obj.get(k), str)), "")
            return key, body, url
    return None


def name_in_parts(record: dict[str, Any], forenames: tuple[str, ...]) -> str:
    """A name given in parts, as the register writes an officer's ("SURNAME, Forenames")."""
    def part(key: str) -> str:
        return re.sub(r"\s+", " ", str(record.get(key) or "")).strip()

    given = " ".join(p for p in map(part, forenames) if p)
    return ", ".join(p for p in (part("surname"), given) if p)


def officer_name(item: dict[str, Any]) -> str:
    """The name of a record that gives it in parts (the appointments service's full record:
    ``surname``, ``forename``, ``other_forenames``); "" without a surname."""
    return name_in_parts(item, ("forename", "other_forenames")) if str(item.get("surname") or "").strip() else ""


def company_of(obj: dict[str, Any], outer: dict[str, Any] | None = None) -> str:
    """The company a resource is about: its own company_number, else the one in a links.self."""
    for where in (obj, outer or {}):
        if where.get("company_number"):
            return str(where["company_number"]).strip()
        m = _COMPANY_IN_LINK.search(str(links_of(where).get("self") or ""))
        if m:
            return m[1]
    raise Bad("links.self", "no company_number and no /company/{number} in links.self: "
                            "whose PSC (or officer) this is is not stated")


def list_company(item: dict[str, Any], outer: dict[str, Any]) -> str:
    """The company of a PSC (or statement) list item: the item's own company_number, else the
    list's company (a list is the resource of one company: ``/company/{number}/persons-with-
    significant-control``), else the company in the item's own link."""
    if item.get("company_number"):
        return str(item["company_number"]).strip()
    try:
        return company_of(outer)
    except Bad:
        return company_of(item)


def named_by(resource: dict[str, Any], uri: str) -> dict[str, Any]:
    """``resource`` with ``uri`` (the event's resource_uri, the saved request's URL) as its
    ``links.self`` when it names its company nowhere itself: the URI says whose it is."""
    path = uri[uri.find("/company/"):] if "/company/" in uri else ""
    if not path or not _COMPANY_IN_LINK.search(path) or _names_company(resource):
        return resource
    return {**resource, "links": {**links_of(resource), "self": path}}


def _names_company(obj: dict[str, Any]) -> bool:
    return bool(obj.get("company_number") or _COMPANY_IN_LINK.search(str(links_of(obj).get("self") or "")))


class _ApiFile:
    def __init__(self, path: Path) -> None:
        self.path, self.psc = path, PscFile(path)
        self.stub: Entity | None = None
        # a list naming no company is read as the company of the profile saved beside it, if any
        beside = sibling_profile_company(path)
        # (company number, where it was read): said in the locator of each item it names
        self.sibling = (beside[0], f"the profile beside it, {beside[1].name}") if beside else None

    def unstated(self, loc: str) -> tuple[list[Record], EntityRef]:
        """The company of an officer, PSC or charge list that names it nowhere (items alone, no
        ``links.self``, no ``company_number``): one stub per file, loaded the first time."""
        if self.stub is not None:
            return [], self.stub.ref
        self.stub = unstated_company(self.path, loc)
        return [self.stub], self.stub.ref

    def record(self, loc: str, obj: Any) -> list[Record]:
        kind = shape(obj)
        if kind == "snapshot":
            return self.psc.record(loc, obj)
        if kind == "stream":
            return self.event(loc, obj)
        if kind == "wrapped":
            key, body, url = wrapped(obj) or ("", {}, "")
            return self.record(f"{loc}.{key}", named_by(body, url.split("?", 1)[0]))
        if kind == "list":
            return self.items(loc, obj)
        if kind == "bundle":
            return self.bundle(loc, obj)
        if kind == "psc":
            return guard(self.path, loc, lambda: self.psc.record(
                loc, {"company_number": company_of(obj), "data": obj}), obj)
        if kind == "profile":
            return guard(self.path, loc, lambda: profile(self.path, loc, obj), obj)
        if kind == "charge":
            return guard(self.path, loc, lambda: charge(self.path, loc, obj, self.company(obj, {})), obj)
        if kind == "appointment":
            return guard(self.path, loc, lambda: officer(self.path, loc, obj, company_of(obj)), obj)
        if kind == "basic":
            return guard(self.path, loc, lambda: [company_row(self.path, loc, flatten(obj), None)], obj)
        return guard(self.path, loc, lambda: _not_a_resource(obj), obj)

    def bundle(self, loc: str, obj: dict[str, Any]) -> list[Record]:
        """Each value of a bundle as the resource it is (a list value item by item), the lists
        that name no company taking the bundle's one profile's."""
        profile_of = bundled_profile(obj)
        outer, out = self.sibling, []
        if profile_of and not outer:
            self.sibling = (profile_of[0], f"the bundle's {profile_of[1]}")
        try:
            for key, value in obj.items():
                where = f"{loc}.{key}"
                if isinstance(value, list):
                    for i, v in enumerate(value):
                        out += self.record(f"{where}[{i}]", v)
                elif shape(value) == "bundle":  # a bundle's value never nests another: no recursion
                    out += guard(self.path, where, lambda value=value: _not_a_resource(value), value)
                else:
                    out += self.record(where, value)
        finally:
            self.sibling = outer
        return out

    def event(self, loc: str, obj: dict[str, Any]) -> list[Record]:
        """A Streaming API event (``resource_kind``, ``resource_uri``, ``data``, ``event``): its
        ``data`` is the resource the REST API returns at ``resource_uri``, read as that resource.
        A ``deleted`` event removes the resource from the register: refused, saying so."""
        kind, uri = str(obj.get("resource_kind") or ""), str(obj.get("resource_uri") or "")
        what = str((obj.get("event") or {}).get("type") or "") if isinstance(obj.get("event"), dict) else ""
        if what == "deleted":
            return [quarantine(self.path, loc, "event.type", f"a deleted {kind} event ({uri}): the resource was "
                               "removed from the register, so it states no current fact; not loaded", obj)]
        data = named_by(obj["data"], uri)
        if shape(data) in (None, "stream", "wrapped", "list"):
            return [quarantine(self.path, loc, "resource_kind", f"a {kind or 'stream'} event: not a resource "
                               "ownergraph reads (profile, PSC, PSC statement, officer, charge)", obj)]
        return self.record(f"{loc}.data", data)

    def items(self, loc: str, obj: dict[str, Any]) -> list[Record]:
        out: list[Record] = []
        for j, item in enumerate(obj["items"]):
            where = f"{loc}.items[{j}]"
            out += guard(self.path, where, lambda item=item, where=where: self.item(where, item, obj), item)
        return out

    def item(self, loc: str, item: Any, outer: dict[str, Any]) -> list[Record]:
        if not isinstance(item, dict):
            raise Bad("items", f"list item is {type(item).__name__}, not an object")
        if "officer_role" in item:
            # an officer list names the company in its link; an officer's appointment list names
            # the officer at the top and each company in the item's appointed_to
            to = item.get("appointed_to") if isinstance(item.get("appointed_to"), dict) else None
            if to is None:  # the list's company, else the one in the item's own appointment link
                if _names_company(outer) or _names_company(item):
                    return officer(self.path, loc, item, list_company({}, outer) if _names_company(outer)
                                   else company_of(item))
                if self.sibling:
                    return officer(self.path, self.beside(loc), item, self.sibling[0])
                stub, ref = self.unstated(loc)
                return stub + officer(self.path, loc, item, ref.value or "", ref)
            item = {**item, "name": item.get("name") or outer.get("name")}
            company = str(to.get("company_number") or "").strip() or company_of(to)
            return appointed_to(self.path, loc, to, company) + officer(self.path, loc, item, company)
        if is_charge(item):
            if _names_company(item) or _names_company(outer) or self.sibling:
                return charge(self.path, loc, item, self.company(item, outer))
            stub, ref = self.unstated(loc)
            return stub + charge(self.path, loc, item, ref.value or "", ref)
        if "company_name" in item and "company_number" in item:
            return profile(self.path, loc, item)
        kind = str(item.get("kind") or "")
        if kind.startswith("searchresults#"):
            return search_result(self.path, loc, item, kind)
        if not (item.get("company_number") or _names_company(outer) or _names_company(item)):
            if self.sibling:
                return self.psc.record(self.beside(loc), {"company_number": self.sibling[0], "data": item})
            if shape(item) == "psc":  # a PSC list is one company's too: its PSCs share the stub
                stub, ref = self.unstated(loc)
                return stub + self.psc.record(loc, {"data": item}, target=ref)
        return self.psc.record(loc, {"company_number": list_company(item, outer), "data": item})

    def company(self, item: dict[str, Any], outer: dict[str, Any]) -> str:
        """The company of an item: its own number or link, the list's, else the profile beside it."""
        try:
            return list_company(item, outer)
        except Bad:
            if self.sibling:
                return self.sibling[0]
            raise

    def beside(self, loc: str) -> str:
        """The locator of an item whose company is read from the profile saved beside the list."""
        assert self.sibling is not None
        return f"{loc} (company {self.sibling[0]} from {self.sibling[1]})"


def search_result(path: Path, loc: str, item: dict[str, Any], kind: str) -> list[Record]:
    """A search result (``search#companies`` / ``search#all``): a company result is the company
    (``title`` is its name); officer and disqualified-officer results name no company to load."""
    if kind != "searchresults#company":
        raise Bad("kind", f"a {kind} search result names no company: nothing to load (load the "
                          "officer's appointment list instead)")
    return [company_entity(path, loc, item, {**item, "company_name": item.get("title")})]


def _not_a_resource(obj: Any) -> list[Record]:
    keys = ", ".join(sorted(map(str, obj))[:8]) if isinstance(obj, dict) else type(obj).__name__
    raise Bad("kind", f"not a Companies House resource (keys: {keys})")


def profile(path: Path, loc: str, obj: dict[str, Any]) -> list[Record]:
    """A company profile (or a company in a list), with dated previous names. A profile without
    ``company_number`` is still the company its ``links.self`` (``/company/{number}``) names."""
    if not str(obj.get("company_number") or "").strip() and _names_company(obj):
        obj = {**obj, "company_number": company_of(obj)}
    ent = company_entity(path, loc, obj, obj)
    previous = []
    for j, old in enumerate(obj.get("previous_company_names") or []):
        name = str((old or {}).get("name") or "").strip()
        if not name:
            raise Bad(f"previous_company_names[{j}].name", "previous name without a name")
        previous.append(Alias(scheme=AliasScheme.NAME, value=name, kind=AliasKind.PREVIOUS,
                              valid_from=parse_date(old.get("effective_from")),
                              valid_to=parse_date(old.get("ceased_on"))))
    ent = ent.model_copy(update={"aliases": (*ent.aliases, *previous)}) if previous else ent
    sic = obj.get("sic_codes")
    if isinstance(sic, list) and (codes := uk_sic_codes(sic)):
        ent = ent.model_copy(update={"industry_codes": codes})
    return [overseas(ent, obj), *branch_parent(path, loc, obj, ent)]


def overseas(ent: Entity, obj: dict[str, Any]) -> Entity:
    """An overseas company's profile (``foreign_company_details``: ``originating_registry.country``
    and ``registration_number``): incorporated abroad, so not a GB entity, and identified also by
    its home register's number (``{country}:{number}``, as a foreign corporate PSC is)."""
    details = obj.get("foreign_company_details")
    if not isinstance(details, dict):
        return ent
    registry = details.get("originating_registry") if isinstance(details.get("originating_registry"), dict) else {}
    country = str(registry.get("country") or "").strip()
    number, alias = registration({"registration_number": details.get("registration_number"),
                                  "country_registered": country or "unknown"})
    extra = (alias,) if alias else ()
    home_uk = bool(number)  # a "foreign" register that is a UK one (never seen; kept as GB)
    return ent.model_copy(update={"aliases": (*ent.aliases, *extra),
                                  "jurisdiction": ent.jurisdiction if home_uk else None})


def branch_parent(path: Path, loc: str, obj: dict[str, Any], branch: Entity) -> list[Record]:
    """A UK establishment's ``branch_company_details``: the parent company it names, and the branch
    relation to it (a branch is part of its parent, not a holding of it)."""
    details = obj.get("branch_company_details")
    if not isinstance(details, dict) or not str(details.get("parent_company_number") or "").strip():
        return []
    number = str(details["parent_company_number"]).strip()
    where = f"{loc}.branch_company_details"
    parent = company_entity(path, where, {"company_number": number},
                            {"company_name": details.get("parent_company_name")})
    parent = parent.model_copy(update={"fact_key": f"uk_company:branch_parent:{parent.ref.value}",
                                       "known_from": branch.known_from})
    edge = BranchOf(source=branch.ref, target=parent.ref, known_from=branch.known_from,
                    provenance=branch.provenance.model_copy(update={"locator": where}),
                    fact_key=f"uk_company:{branch.ref.value}:branch_of")
    return [parent, edge]


def appointed_to(path: Path, loc: str, to: dict[str, Any], company: str) -> list[Record]:
    """The company an appointment names (``appointed_to``: name, number, status), when named. Its
    own fact key: a mention in an officer's list is not a version of the company's profile."""
    if not str(to.get("company_name") or "").strip():
        return []
    ent = company_entity(path, f"{loc}.appointed_to", {"company_number": company}, to)
    return [ent.model_copy(update={"fact_key": f"uk_officers:appointed_to:{ent.ref.value}"})]


def unstated_company(path: Path, loc: str) -> Entity:
    """The one company an officer, PSC or charge list is about when the file does not say which: a
    list response is one company's (``/company/{number}/officers``, ``.../charges``), so its items share
    it, but its name and number are unknown. Keyed by the file's content (the same file read twice
    is the same stub, two lists are never merged by it); its name says it is not stated."""
    digest = hashlib.sha1(path.read_bytes()).hexdigest()[:12]
    value = f"ch-list:{digest}"
    name = f"Company not stated [{value}] (list {path.name})"
    prov = Provenance(source_system="uk_officers", source_record_id=value, locator=loc, source_file=str(path),
                      validation_level="officialRegister")
    return Entity(ref=EntityRef(scheme=AliasScheme.OTHER, value=value, name=name, kind=EntityKind.COMPANY),
                  name=name, kind=EntityKind.COMPANY,
                  aliases=(Alias(scheme=AliasScheme.OTHER, value=value, kind=AliasKind.IDENTIFIER),),
                  known_from=name_date(path), provenance=prov, fact_key=f"uk_officers:{value}")


def former_names(item: dict[str, Any], name: str) -> list[Alias]:
    """An officer's ``former_names`` (``forenames`` / ``surname``, undated in the API) as previous
    names, written as the register writes the officer's name ("SURNAME, Forenames")."""
    out: list[Alias] = []
    for old in item.get("former_names") or []:
        if not isinstance(old, dict):
            continue
        text = name_in_parts(old, ("forenames",))
        if text and text.casefold() != name.casefold():
            out.append(Alias(scheme=AliasScheme.NAME, value=text, kind=AliasKind.PREVIOUS))
    return out


def officer(path: Path, loc: str, item: dict[str, Any], company: str,
            target: EntityRef | None = None) -> list[Record]:
    """An officer appointment: the officer and a Control over the company (directorship, general
    partner of a limited partnership, else officer), or an Ownership for a limited partner.
    ``target`` is the company when it has no number (a list that does not state its company)."""
    name = re.sub(r"\s+", " ", str(item.get("name") or officer_name(item))).strip()
    if not name:
        raise Bad("name", "officer without a name")
    role = str(item["officer_role"]).lower()  # the API writes "director"; internal records "DIRECTOR"
    corporate = role.startswith("corporate")
    kind = EntityKind.COMPANY if corporate else EntityKind.PERSON
    link = str((links_of(item).get("officer") or {}).get("appointments") or "")
    ident = link.rstrip("/").split("/")[-2] if link.count("/") >= 3 else None
    # a corporate officer registered in the UK is the company of that number
    number, registered = registration(item.get("identification") or {}) if corporate else (None, None)
    ref = (EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value=number, name=name, kind=kind, jurisdiction="GB")
           if number else EntityRef(scheme=AliasScheme.OTHER, value=f"ch-officer:{ident}", name=name, kind=kind)
           if ident else EntityRef(name=name, kind=kind))
    appointed = parse_date(item.get("appointed_on"))
    known = midnight(appointed) if appointed else name_date(path)
    prov = Provenance(source_system="uk_officers", source_record_id=f"{company}:{ident or name}",
                              locator=loc, source_file=str(path), validation_level="officialRegister")
    target = target or EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value=gb_company_number(company))
    aliases = [Alias(scheme=AliasScheme.NAME, value=name, kind=AliasKind.LEGAL)]
    aliases += [registered] if registered else []
    aliases += [Alias(scheme=AliasScheme.OTHER, value=f"ch-officer:{ident}", kind=AliasKind.IDENTIFIER)] if ident else []
    aliases += former_names(item, name)
    person = Entity(ref=ref, name=name, kind=kind, known_from=known, provenance=prov, aliases=tuple(aliases),
                    jurisdiction=ref.jurisdiction, **(person_details(item) if not corporate else {}))
    edge = dict(source=ref, target=target, valid_from=appointed, valid_to=parse_date(item.get("resigned_on")),
                known_from=known, provenance=prov, fact_key=f"uk_officers:{company}:{ident or name}:{role}")
    base = role.removeprefix("corporate-")
    if base == "limited-partner-in-a-limited-partnership":  # an investor in the partnership, share not stated
        return [person, Ownership(stake=None, direct=True, **edge)]
    # a limited partnership's general partner runs it (control); directors sit on the board
    control_kind = ("general_partner" if base == "general-partner-in-a-limited-partnership"
                    else "directorship" if "director" in base else "officer")
    return [person, Control(control_kind=control_kind, **edge)]


class UkApiReader:
    name = "uk-api"

    def sniff(self, path: Path, head: bytes) -> bool:
        if not head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith((b"{", b"[")) or not _MARKS.search(head):
            return False
        if json_layout(path)[0] == "object" and path.stat().st_size > _MAX_RESOURCE:
            return False  # one API response is small: never build a huge document to sniff it
        try:
            first = next(iter_json_records(path), (None, None))[1]
        except Exception:  # noqa: BLE001 - sniffing never fails a run; read() reports the error
            return False
        return shape(first) not in (None, "snapshot")

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        return read_safely(path, self._read(path))

    def _read(self, path: Path) -> Iterator[Record]:
        state = _ApiFile(path)
        for loc, obj in iter_json_records(path):
            yield from ([obj] if isinstance(obj, Quarantined) else state.record(loc, obj))


READERS: list = [UkApiReader()]
