"""What a file looks like, said in words, and the known format it is nearest to.

Used when no reader accepts a file, so "not recognised" tells the user what was seen (a JSON object
with keys …, an XML document rooted at <…>, a CSV header …) and which format came closest, rather
than only listing the formats.
"""

from __future__ import annotations

import json
import re

# Field names and markers characteristic of each format (its own specification's names).
_MARKS: dict[str, tuple[bytes, ...]] = {
    "bods": (b"statementID", b"statementId", b"statementType", b"recordDetails", b"bodsVersion",
             b"interestedParty", b"subject", b"entityType", b"personType", b"publicationDetails"),
    "uk-api": (b"company_name", b"company_number", b"company_status", b"date_of_creation", b"items",
               b"links", b"officer_role", b"previous_company_names", b"kind", b"etag"),
    "uk-psc": (b"company_number", b"data", b"natures_of_control", b"notified_on", b"name_elements",
               b"persons-with-significant-control", b"kind"),
    "uk-company": (b"CompanyName", b"CompanyNumber", b"CompanyCategory", b"CompanyStatus",
                   b"IncorporationDate", b"PreviousName_1"),
    "gleif-lei": (b"LEIRecord", b"LegalName", b"LEI", b"RegistrationAuthority", b"LegalJurisdiction"),
    "gleif-api": (b"lei-records", b"attributes", b"legalName", b"jsonapi", b"relationships"),
    "gleif-rr": (b"RelationshipRecord", b"StartNode", b"EndNode", b"RelationshipType"),
    "ftm": (b"schema", b"properties", b"id", b"caption", b"datasets", b"referents", b"first_seen",
            b"responses", b"matcher", b"adjacent"),  # the last three: yente API envelopes
    "sec": (b"ownershipDocument", b"edgarSubmission", b"reportingOwner", b"issuerCik",
            b"schedule13", b"coverPageHeader", b"percentOfClass", b"sicDescription", b"formerNames", b"cik_str"),
    "document": (b"<SEC-HEADER>", b"<DOCUMENT>", b"ACCESSION NUMBER", b"%PDF", b"<html"),
}

# what a format needs to see, said where a file comes near it but is not taken
NEEDS: dict[str, str] = {
    "ftm": ("FtM entities (objects with id and schema, one a line or in one document) or an "
            "OpenSanctions API (yente) response: results [entity...] with total {value, relation}, "
            "responses {query id: {results [...]}}, or entity + adjacent"),
}


def describe(head: bytes) -> str:
    """The file's shape from its first bytes, in a few words."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text[:1] in (b"{", b"["):
        return _json_shape(text)
    if text[:1] == b"<":
        root = re.search(rb"<(?![?!])([\w:.-]+)", text)
        return f"an XML/HTML document rooted at <{root[1].decode('latin-1')}>" if root else "markup"
    first = text.split(b"\n", 1)[0][:200].decode("utf-8", "replace")
    if first.count(",") >= 2:
        return f"a CSV file with header {first.strip()!r}"
    return f"text starting {first.strip()[:80]!r}"


def _json_shape(text: bytes) -> str:
    first = text.split(b"\n", 1)[0]
    try:
        obj = json.loads(first)
        layout = "JSON lines" if len(first) < len(text.rstrip()) else "a JSON document"
    except (ValueError, RecursionError):  # a hostile file nests past the parser's depth: not a shape to name
        try:
            obj, layout = json.loads(text), "a JSON document"
        except (ValueError, RecursionError):
            keys = sorted(set(re.findall(rb'"([\w.#-]{1,40})"\s*:', text[:4000])))[:10]
            names = ", ".join(k.decode() for k in keys)
            return f"JSON ({'array' if text[:1] == b'[' else 'object'}) with keys {names or 'none seen'}"
    if isinstance(obj, list):
        inner = obj[0] if obj and isinstance(obj[0], dict) else None
        return f"a JSON array of {len(obj)} item(s)" + (f" with keys {_keys(inner)}" if inner else "")
    if isinstance(obj, dict):
        return f"{layout}: an object with keys {_keys(obj)}"
    return f"{layout} holding a {type(obj).__name__}"


def _keys(obj: dict) -> str:
    keys = sorted(map(str, obj))
    return ", ".join(keys[:10]) + (f" (+{len(keys) - 10})" if len(keys) > 10 else "")


def nearest(head: bytes, known: list[str]) -> tuple[str | None, list[str]]:
    """The known format whose characteristic names the head holds most of, and those names."""
    best, found = None, []
    for fmt, marks in _MARKS.items():
        if fmt not in known:
            continue
        hits = [m.decode() for m in marks if m in head]
        if len(hits) > len(found):
            best, found = fmt, hits
    return best, found
