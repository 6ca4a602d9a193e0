"""FtM ``Identification`` and ``Passport`` entities read as identifiers of their holder.

FtM states an identity document as an entity of its own (``Identification``: ``holder`` and
``number`` required; ``Passport``: ``holder``, ``passportNumber`` in older schemas, ``number`` since
it extends Identification; both ``Interval``s with ``startDate`` / ``endDate``), linked to its holder
(a LegalEntity) by id. ownergraph has no document node: the number is an identifier alias of the
holder, valid over the document's interval. The holder may come before or after the document in
a file, so a reader first indexes the file's documents by holder (a cheap pass over the lines that
name the schema), then adds them to the holder's entity when it reads it; a document whose holder
is not in the file is quarantined naming ``holder`` (there is nothing to attach its number to).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ownergraph.domain.codes import AliasKind, AliasScheme
from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.model import Alias, Record
from ownergraph.ingest.readers.base import parse_date, quarantine
from ownergraph.ingest.readers.ftm.mapping import prop_values, properties
from ownergraph.ingest.readers.ftm.api import response_entities
from ownergraph.ingest.readers.ftm.nested import nested_entities
from ownergraph.ingest.readers.json_layout import iter_lines, load_line

ID_SCHEMAS = {"Identification": "id", "Passport": "passport"}  # schema -> prefix without a `type`
_NUMBERS = ("number", "passportNumber", "personalNumber")
_MENTION = re.compile(rb'"schema"\s*:\s*"(?:Identification|Passport)"')


@dataclass
class HeldIds:
    """A file's identity documents by holder id, and which holders have been read."""

    by_holder: dict[str, list[tuple[str, Alias]]] = field(default_factory=dict)  # holder -> (locator, alias)
    read: set[str] = field(default_factory=set)

    def add(self, ent: dict[str, Any], locator: str) -> None:
        """Index one entity if it is an identity document (anything else is ignored)."""
        if ent.get("schema") not in ID_SCHEMAS or not isinstance(ent.get("properties"), dict):
            return
        for holder, alias in _identifiers(ent):
            self.by_holder.setdefault(holder, []).append((locator, alias))

    def of(self, holder: str) -> tuple[Alias, ...]:
        """The holder's document numbers (marking the holder read)."""
        found = self.by_holder.get(holder)
        if not found:
            return ()
        self.read.add(holder)
        return tuple(alias for _, alias in found)

    def unattached(self, path: Path) -> Iterator[Record]:
        """A quarantine per document whose holder no entity of the file is."""
        for holder, found in self.by_holder.items():
            if holder not in self.read:
                for locator, alias in found:
                    yield quarantine(path, locator, "holder", f"identity document of {holder}, which no entity "
                                     f"read from this file is (absent, or refused above): its number ({alias.value}) has no entity to belong to",
                                     alias.value)


def missing_parts(ent: dict[str, Any], path: Path, locator: str) -> Iterator[Record]:
    """A quarantine for an identity document without a holder or a number (both required by
    FtM's Identification schema): there is nothing to attach, or nothing to attach it to."""
    props = properties(ent)
    for field in ("holder", "number"):
        names = (field,) if field == "holder" else _NUMBERS
        if not any(prop_values(props, n) for n in names):
            yield quarantine(path, locator, field, f"{ent['schema']} {ent['id']} has no {field}: FtM's "
                             "Identification schema requires holder and number", ent.get("id"))
            return


def _identifiers(ent: dict[str, Any]) -> Iterator[tuple[str, Alias]]:
    """(holder id, alias) for each holder and number of an identity document."""
    props = properties(ent)
    kind = (prop_values(props, "type") or [""])[0]
    prefix = re.sub(r"[^a-z0-9]+", "_", kind.lower()).strip("_") or ID_SCHEMAS[ent["schema"]]
    start, end = _date(props, "startDate"), _date(props, "endDate")
    if start and end and end < start:
        start = end = None  # an interval that ends before it starts states neither end
    for holder in prop_values(props, "holder"):
        for number in (n for p in _NUMBERS for n in prop_values(props, p)):
            if prefix == "lei" and is_valid_lei(number.upper()):
                alias = Alias(scheme=AliasScheme.LEI, value=number.upper(), kind=AliasKind.IDENTIFIER)
            else:
                alias = Alias(scheme=AliasScheme.OTHER, value=f"{prefix}:{number}", kind=AliasKind.IDENTIFIER,
                              valid_from=start, valid_to=end)
            yield holder, alias


def _date(props: dict[str, Any], name: str) -> Any:
    values = prop_values(props, name)
    try:
        return parse_date(values[0]) if values else None
    except (ValueError, TypeError):
        return None  # a bad date on a document: the number still identifies its holder


def index_lines(path: Path) -> HeldIds:
    """The identity documents of a JSON-lines file (export or delta), by holder: only lines that
    name one of the schemas are parsed."""
    held = HeldIds()
    for n, raw in iter_lines(path):
        if isinstance(raw, bytes) and _MENTION.search(raw):
            for loc, obj in response_entities(path, f"line {n}", load_line(path, f"line {n}", raw)):
                if isinstance(obj, dict):
                    ent = obj.get("entity") if "op" in obj and "entity" in obj else obj
                    if isinstance(ent, dict) and str(obj.get("op", "ADD")).upper() != "DEL":
                        held.add(ent, loc)
                        for where, inner in nested_entities(ent, loc):  # a nested export
                            held.add(inner, where)
    return held


def index_entities(entities: Iterable[tuple[str, Any]]) -> HeldIds:
    """The identity documents among ``(locator, entity)`` pairs, by holder."""
    held = HeldIds()
    for locator, ent in entities:
        if isinstance(ent, dict):
            held.add(ent, locator)
    return held
