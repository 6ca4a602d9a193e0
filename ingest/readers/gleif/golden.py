"""GLEIF golden-copy readers: ``gleif-lei``, ``gleif-rr`` and ``gleif-repex`` (XML and JSON).

XML elements are turned into the dict shape of GLEIF's JSON (``{"LEI": {"$": ...}}``, with
attributes as ``@name``); the flattened JSON of the samples (``{"LEI": "..."}``, repeated
elements as plain lists) reads through the same accessors. A file may mix record kinds
(``relationship-update-data.json`` holds LEI and relationship records, and
``reporting-exceptions-data.json`` an LEI record with its exceptions), so every golden-copy
reader dispatches on each record's shape; the three names differ only in what they sniff.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lxml import etree

from ownergraph.domain.model import Quarantined, Record
from ownergraph.ingest.readers.gleif.mapping import (
    Ctx, Event, LeiRec, RelRec, RepexRec, fallback_known, guarded, map_lei, map_relationship,
    map_repex,
)
from ownergraph.ingest.readers.json_layout import JSON_ERRORS, JsonStream, iter_lines, json_layout, load_line
from ownergraph.ingest.readers.xml_stream import iterparse
from ownergraph.ingest.readers.base import Bad, not_read, quarantine, read_safely
from ownergraph.ingest.readers.packed import open_data

RECORD_TAGS = ("LEIRecord", "RelationshipRecord", "Exception")
JSON_ARRAY_KEYS = {"records", "LEIRecord", "RelationshipRecord", "Exception", "ReportingException"}
JSON_DATE_KEYS = {"ContentDate"}


# ---------------------------------------------------------------- dict accessors


def _s(x: Any) -> str | None:
    """Text of a value: plain string, or the ``$`` of a GLEIF JSON element."""
    if isinstance(x, dict):
        x = x.get("$")
    if isinstance(x, list):
        raise Bad("record", f"one value expected, got a list of {len(x)}")
    if x is None:
        return None
    text = str(x).strip()
    return text or None


def _list(x: Any) -> list[Any]:
    return [] if x is None else x if isinstance(x, list) else [x]


def _items(container: Any, child: str) -> list[Any]:
    """Members of a repeated element: ``{"Child": [..]}``, ``{"Child": {..}}``, ``[..]`` or one item."""
    out: list[Any] = []
    for c in _list(container):
        if isinstance(c, dict) and isinstance(c.get(child), (dict, list)):
            out.extend(_list(c[child]))
        else:
            out.append(c)
    return out


def _attr(d: Any, name: str) -> str | None:
    return _s(d.get("@" + name) or d.get(name)) if isinstance(d, dict) else None


def _dict(x: Any, name: str) -> dict[str, Any]:
    if x is None:
        return {}
    if not isinstance(x, dict):
        raise Bad(name, f"expected an element, got {type(x).__name__}")
    return x


# ---------------------------------------------------------------- golden record -> normalised


def lei_rec(obj: dict[str, Any]) -> LeiRec:
    ent = _dict(obj.get("Entity"), "Entity")
    reg = _dict(obj.get("Registration"), "Registration")
    names: list[tuple[str | None, str]] = []
    for container, child in (("OtherEntityNames", "OtherEntityName"),
                             ("TransliteratedOtherEntityNames", "TransliteratedOtherEntityName")):
        for item in _items(ent.get(container), child):
            name = _s(item.get("$") if "$" in item else item.get(child)) if isinstance(item, dict) else _s(item)
            if name:
                names.append((_attr(item, "type"), name))
    events = [
        Event(type=_s(e.get("LegalEntityEventType")), effective=_s(e.get("LegalEntityEventEffectiveDate")),
              recorded=_s(e.get("LegalEntityEventRecordedDate")), status=_attr(e, "event_status"),
              reference=_s(e.get("ValidationReference")), group_type=_attr(e, "group_type"),
              group_id=_attr(e, "group_id"), documents=_s(e.get("ValidationDocuments")),
              # AffectedField: the value before the event, its field named by @field_xpath
              affected=[(_attr(f, "field_xpath") or "", _s(f)) for f in _items(e.get("AffectedFields"), "AffectedField")
                        if isinstance(f, (dict, str))])
        for e in _items(ent.get("LegalEntityEvents"), "LegalEntityEvent") if isinstance(e, dict)
    ]
    successors = [
        (_s(s.get("SuccessorLEI")), _s(s.get("SuccessorEntityName")))
        for s in _items(ent.get("SuccessorEntities"), "SuccessorEntity") + _list(ent.get("SuccessorEntity"))
        if isinstance(s, dict)
    ] + [(_s(lei), None) for lei in _list(ent.get("SuccessorLEI")) if _s(lei)]  # LEI-CDF 1.0
    ra = _dict(ent.get("RegistrationAuthority"), "RegistrationAuthority")
    return LeiRec(
        lei=_s(obj.get("LEI")), legal_name=_s(ent.get("LegalName")), other_names=names,
        # LEI-CDF 1.0 (2014): BusinessRegisterEntityID (@register the RA code); 2.x/3.x: RegistrationAuthority
        ra_entity_id=_s(ra.get("RegistrationAuthorityEntityID")) or _s(ent.get("BusinessRegisterEntityID")),
        jurisdiction=_s(ent.get("LegalJurisdiction")), category=_s(ent.get("EntityCategory")),
        entity_status=_s(ent.get("EntityStatus")), registration_status=_s(reg.get("RegistrationStatus")),
        creation_date=_s(ent.get("EntityCreationDate")),
        initial_registration_date=_s(reg.get("InitialRegistrationDate")),
        expiration_date=_s(ent.get("EntityExpirationDate")),
        expiration_reason=_s(ent.get("EntityExpirationReason")), successors=successors, events=events,
        last_update=_s(reg.get("LastUpdateDate")), validation_sources=_s(reg.get("ValidationSources")),
        legal_form=legal_form(ent.get("LegalForm")),
    )


def legal_form(form: Any) -> str | None:
    """LEI-CDF 2.x/3.x ``LegalForm``: the ELF code, or the words of OtherLegalForm where the code says
    "none applies" (8888/9999); LEI-CDF 1.0 (2014): the legal form as plain text."""
    if isinstance(form, str) or (isinstance(form, dict) and "$" in form):
        return _s(form)
    form = _dict(form, "LegalForm")
    return _legal_form(_s(form.get("EntityLegalFormCode")), _s(form.get("OtherLegalForm")))


def _legal_form(code: str | None, other: str | None) -> str | None:
    """The ELF code, or the words of OtherLegalForm where the code says "none applies" (8888/9999)."""
    return other if code in (None, "8888", "9999") and other else code


def rel_rec(obj: dict[str, Any]) -> RelRec:
    rel = _dict(obj.get("Relationship"), "Relationship")
    reg = _dict(obj.get("Registration"), "Registration")
    start = _dict(rel.get("StartNode"), "StartNode")
    end = _dict(rel.get("EndNode"), "EndNode")
    periods = [(_s(p.get("PeriodType")), _s(p.get("StartDate")), _s(p.get("EndDate")))
               for p in _items(rel.get("RelationshipPeriods"), "RelationshipPeriod") if isinstance(p, dict)]
    qualifiers = [(_s(q.get("QualifierDimension")), _s(q.get("QualifierCategory")))
                  for q in _items(rel.get("RelationshipQualifiers"), "RelationshipQualifier") if isinstance(q, dict)]
    standard = next((c for d, c in qualifiers if d == "ACCOUNTING_STANDARD"), None)
    percent = [a for q in _items(rel.get("RelationshipQuantifiers"), "RelationshipQuantifier")
               if isinstance(q, dict) and _s(q.get("QuantifierUnits")) == "PERCENTAGE"
               and (a := _s(q.get("QuantifierAmount"))) is not None]
    return RelRec(
        start_id=_s(start.get("NodeID")), start_type=_s(start.get("NodeIDType")),
        end_id=_s(end.get("NodeID")), end_type=_s(end.get("NodeIDType")),
        rel_type=_s(rel.get("RelationshipType")), status=_s(rel.get("RelationshipStatus")),
        periods=periods, accounting_standard=standard, percent=percent, qualifiers=qualifiers,
        last_update=_s(reg.get("LastUpdateDate")), registration_status=_s(reg.get("RegistrationStatus")),
        validation_sources=_s(reg.get("ValidationSources")),
        validation_reference=_s(reg.get("ValidationReference")),
    )


def repex_rec(obj: dict[str, Any]) -> RepexRec:
    return RepexRec(
        lei=_s(obj.get("LEI")), category=_s(obj.get("ExceptionCategory")),
        reasons=[r for x in _list(obj.get("ExceptionReason")) if (r := _s(x))],
        references=[r for x in _list(obj.get("ExceptionReference")) if (r := _s(x))],
        content_date=_s(obj.get("ContentDate")),
    )


def golden_records(obj: Any, ctx: Ctx) -> Iterator[Record]:
    """One golden-copy record of any kind -> model records (raises Bad on a bad record)."""
    if not isinstance(obj, dict):
        raise Bad("record", f"expected an object, got {type(obj).__name__}")
    if "Relationship" in obj:
        return map_relationship(rel_rec(obj), ctx)
    if "ExceptionCategory" in obj:
        return map_repex(repex_rec(obj), ctx)
    if "ExceptionReason" in obj or "ExceptionReference" in obj:  # a reporting exception missing its category
        raise Bad("ExceptionCategory", "reporting exception without ExceptionCategory")
    if "Entity" in obj:
        return map_lei(lei_rec(obj), ctx)
    raise Bad("record", "neither an LEI, a relationship nor a reporting-exception record")


# ---------------------------------------------------------------- XML and JSON files


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]  # "{namespace}Name" -> "Name" (etree.QName is far slower)


def _leaf(el: Any) -> Any:
    text = (el.text or "").strip()
    if len(el.attrib):
        return {"$": text, **{"@" + _local(k): v for k, v in el.attrib.items()}}
    return text


def element_obj(el: Any) -> Any:
    """An lxml element as GLEIF JSON: text or ``{"$": text, "@attr": ...}``, children by name.
    (Leaves, most of a record's ~35 elements, are converted inline: this runs per element of
    a multi-million-record file.)"""
    obj: dict[str, Any] | None = None
    for c in el:
        tag = c.tag
        if tag is etree.Entity:  # an entity lxml did not expand: the text around it is cut
            raise Bad(_local(el.tag), f"undeclared or unexpanded entity {c.text} (line {c.sourceline})")
        if not isinstance(tag, str):  # comment or processing instruction
            continue
        if obj is None:
            obj = {"@" + _local(k): v for k, v in el.attrib.items()} if len(el.attrib) else {}
        key = tag[tag.rfind("}") + 1:]
        value = element_obj(c) if len(c) else _leaf(c)
        old = obj.get(key)
        if old is None and key not in obj:
            obj[key] = value
        elif isinstance(old, list):
            old.append(value)
        else:
            obj[key] = [old, value]
    return _leaf(el) if obj is None else obj


def read_golden_xml(path: Path) -> Iterator[Record]:
    header_date: str | None = None
    index = 0
    tags = [f"{{*}}{t}" for t in (*RECORD_TAGS, "ContentDate")]
    try:
        for _, el in iterparse(path, tags):
            name = _local(el.tag)
            if name == "ContentDate":
                header_date = (el.text or "").strip() or header_date
                continue
            ctx = Ctx(path, f"{name}[{index}] line {el.sourceline}", fallback_known(path, header_date))
            yield from guarded(ctx, lambda: golden_records(element_obj(el), ctx),
                               lambda: etree.tostring(el, encoding="unicode")[:2000])
            index += 1
            el.clear()
            while el.getprevious() is not None:  # keep memory bounded on multi-million files
                del el.getparent()[0]
    except etree.XMLSyntaxError as err:
        line, col = err.position
        yield not_read(path, f"line {line} col {col}", f"malformed XML: {err.msg}", index, field="xml")
        return
    if index == 0:
        yield from foreign_root(path)


def foreign_root(path: Path) -> Iterator[Record]:
    """The refusal of an XML document that read no record and is not GLEIF's (an empty GLEIF file
    is no error; another document, forced with ``--format``, is refused naming its root)."""
    root = xml_root(path)
    if root not in GOLDEN_ROOTS:
        yield quarantine(path, "/", "root", f"<{root}> is not a GLEIF LEI-CDF, RR-CDF or reporting-exception "
                         f"document (roots {', '.join(sorted(GOLDEN_ROOTS))}); no record was read")


GOLDEN_ROOTS = {"LEIData", "RelationshipData", "ReportingExceptionData"}
_ROOT = re.compile(rb"<(?![?!])(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)")


def xml_root(path: Path) -> str:
    """The local name of an XML document's root element (from its first bytes)."""
    with open_data(path) as fh:
        m = _ROOT.search(fh.read(8192))
    return m[1].decode("ascii", "replace") if m else "?"


RECORD_KEYS = {"Entity", "Relationship", "ExceptionCategory"}
CONTAINER_KEYS = JSON_ARRAY_KEYS | {"LEIHeader", "Header", "LEIRecords", "RelationshipRecords",
                                    "ReportingExceptions"}


_LINE_WRAPPERS = {"record", "LEIRecord", "RelationshipRecord", "ReportingException"}


def _unwrapped(obj: Any) -> Any:
    """A record line as written by tools that stream a golden copy's ``records`` one per line:
    the record itself, or wrapped in one key (``{"record": {...}}``, ``{"LEIRecord": {...}}``)."""
    if isinstance(obj, dict) and len(obj) == 1 and not obj.keys() & RECORD_KEYS:
        (inner,) = obj.values()
        if isinstance(inner, dict) and inner.keys() & RECORD_KEYS:
            return inner
    return obj


def _record_line_keys(keys: set[str]) -> bool:
    """Whether a first line's top-level keys are a record's, or one key wrapping a record."""
    return bool(keys & RECORD_KEYS) or (len(keys) == 1 and bool(keys & _LINE_WRAPPERS))


def _read_golden_lines(path: Path) -> Iterator[Record]:
    """Golden-copy records as JSON lines (one record a line): each line read on its own, a bad
    line quarantined and the next one read."""
    for n, raw in iter_lines(path):
        locator = f"line {n}"
        obj = load_line(path, locator, raw)
        if isinstance(obj, Quarantined):
            yield obj
            continue
        ctx = Ctx(path, locator, fallback_known(path, None))
        rec = _unwrapped(obj)
        yield from guarded(ctx, lambda rec=rec, ctx=ctx: golden_records(rec, ctx), lambda obj=obj: obj)


def read_golden_json(path: Path) -> Iterator[Record]:
    layout, keys = json_layout(path)
    if layout == "lines" and _record_line_keys(keys):
        yield from _read_golden_lines(path)
        return
    stream = JsonStream(path, JSON_ARRAY_KEYS, JSON_DATE_KEYS)
    try:
        for obj in stream:
            ctx = Ctx(path, f"record[{stream.count - 1}]", fallback_known(path, stream.file_date))
            yield from guarded(ctx, lambda: golden_records(obj, ctx), lambda: obj)
    except JSON_ERRORS as err:
        yield not_read(path, f"record[{stream.count}]", f"malformed JSON: {err}", stream.count, field="json")
        return
    if stream.count == 0 and stream.top_keys & RECORD_KEYS:
        # One bare record as the whole document: small, so read it whole.
        ctx = Ctx(path, "record[0]", fallback_known(path, stream.file_date))

        def whole() -> Iterator[Record]:
            with open_data(path) as fh:
                obj = json.load(fh)
            return golden_records(obj, ctx)
        yield from guarded(ctx, whole, None)
    elif stream.count == 0 and stream.top_keys and not stream.top_keys & CONTAINER_KEYS:
        yield quarantine(path, "/", "json", "no GLEIF golden-copy records in this document (top-level keys: "
                         f"{', '.join(sorted(stream.top_keys))})")


def read_golden(path: Path) -> Iterator[Record]:
    path = Path(path)
    with open_data(path) as fh:
        head = fh.read(1024)
    return read_golden_xml(path) if is_xml(head) else read_golden_json(path)


# ---------------------------------------------------------------- readers


def is_xml(head: bytes) -> bool:
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def _is_json(head: bytes) -> bool:
    return head.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"[", b"{")


_API = re.compile(rb'"type"\s*:\s*"(lei-records|relationship-records|reporting-exceptions|isins|'
                  rb'field-modifications)"|"goldenCopy"')


def _golden_json(head: bytes) -> bool:
    return _is_json(head) and not _API.search(head)


class _GoldenReader:
    name = ""
    xml_marks: tuple[bytes, ...] = ()

    def sniff(self, path: Path, head: bytes) -> bool:
        if is_xml(head):
            return any(m in head for m in self.xml_marks)
        return _golden_json(head) and self._json(head)

    def _json(self, head: bytes) -> bool:
        raise NotImplementedError

    def read(self, path: Path) -> Iterator[Record]:
        return read_safely(Path(path), read_golden(Path(path)))


class GleifLeiReader(_GoldenReader):
    """Level 1 LEI-CDF 3.1 -> Entity (+ CorporateAction, Succession)."""

    name = "gleif-lei"
    xml_marks = (b"LEIData", b"leidata/2016")

    def _json(self, head: bytes) -> bool:
        # a record missing its LEI is still one (and is quarantined naming the LEI)
        return b'"LEIHeader"' in head or (b'"Entity"' in head and (b'"LEI"' in head or b'"Registration"' in head))


class GleifRrReader(_GoldenReader):
    """Level 2 RR-CDF 2.1 -> Consolidation / FundRelation / BranchOf."""

    name = "gleif-rr"
    xml_marks = (b"RelationshipData", b"/schema/rr/")

    def _json(self, head: bytes) -> bool:
        return b'"Entity"' not in head and any(m in head for m in (
            b'"StartNode"', b'"EndNode"', b'"RelationshipType"', b'"RelationshipHeader"'))


class GleifRepexReader(_GoldenReader):
    """Reporting exceptions -> ReportingException."""

    name = "gleif-repex"
    xml_marks = (b"ReportingExceptionData", b"/schema/repex/")

    def _json(self, head: bytes) -> bool:
        return b'"Entity"' not in head and (b'"ExceptionCategory"' in head or (
            b'"ExceptionReason"' in head and b'"LEI"' in head))


READERS: list = [GleifLeiReader(), GleifRrReader(), GleifRepexReader()]
GOLDEN_READERS = READERS
