"""UK Companies House basic company data CSV (``--format uk-company``) -> one Entity per row.

Dates are DD/MM/YYYY; previous names become dated PREVIOUS aliases; the SICCode.SicText_1..4
codes (UK SIC 2007, "70100 - Activities of head offices") become industry codes ``UKSIC:70100``;
known_from is the snapshot date in the file name, else the latest event the row reflects. Lines that are not UTF-8 are
quarantined with their row (never loaded with U+FFFD in a name).
"""

from __future__ import annotations

import csv
import itertools
import re
from collections.abc import Iterable, Iterator
from datetime import date
from pathlib import Path

from ownergraph.domain.model import Alias, Entity, EntityRef, Provenance, Record
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.ingest.readers.packed import open_data
from ownergraph.ingest.readers.text_lines import Utf8Lines
from ownergraph.ingest.readers.base import (
    Bad, build, gb_company_number, midnight, name_date, not_read, parse_date, read_safely,
)


def _uk_date(row: dict[str, str], column: str) -> date | None:
    """Companies House CSV dates are DD/MM/YYYY; a bad one is reported under its column."""
    v = (row.get(column) or "").strip()
    if not v:
        return None
    try:
        if re.fullmatch(r"\d{2}/\d{2}/\d{4}", v):
            return date(int(v[6:]), int(v[3:5]), int(v[:2]))
        return parse_date(v)
    except ValueError as err:
        raise Bad(column, f"not a date (DD/MM/YYYY): {v!r} ({err})") from None


def _logical_lines(lines: Iterable[str]) -> Iterator[tuple[int, int, str]]:
    """Undo hard wrapping at a fixed width (the shared sample wraps every line at 118 chars):
    a physical line of exactly the wrap width continues on the next one. Unwrapped files (the
    real product, whose header ends with a complete column name) pass through unchanged.
    Yields (first and last physical line number, text)."""
    f = iter(lines)
    first = next(f, "")
    if not first:
        return
    second = next(f, "")
    width = len(first.rstrip("\r\n"))
    complete = first.rstrip().endswith(("ConfStmtLastMadeUpDate", "PreviousName_10.CompanyName"))
    wrapped = bool(second) and not complete and len(second.rstrip("\r\n")) == width
    buf, start = "", 1
    for n, raw in enumerate(itertools.chain([first, second] if second else [first], f), start=1):
        text = raw.rstrip("\r\n")
        if not wrapped:
            yield n, n, text
            continue
        start = n if not buf else start
        buf += text
        if len(text) != width:
            yield start, n, buf
            buf = ""
    if buf:
        yield start, n, buf


class UkCompanyReader:
    name = "uk-company"

    def sniff(self, path: Path, head: bytes) -> bool:
        h = head.lstrip(b"\xef\xbb\xbf")
        first = h.split(b"\n", 1)[0]
        # the product's header; a file missing its name or number column is still one (each row is
        # then refused naming the column) when enough of the product's other columns are there
        return (h.startswith(b"CompanyName") and b"CompanyNumber" in h) or (
            (b"CompanyName" in first or b"CompanyNumber" in first)
            and sum(c in first for c in _PRODUCT_COLUMNS) >= 4)

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        return read_safely(path, self._read(path))

    def _read(self, path: Path) -> Iterator[Record]:
        fdate = re.search(r"\d{4}-\d{2}-\d{2}", path.name)
        with open_data(path) as f:
            lines = Utf8Lines(f)
            rows = _logical_lines(lines)
            try:
                *_, head = next(rows)
            except StopIteration:
                return
            try:
                header = [h.strip() for h in next(csv.reader([head]))]
            except csv.Error as err:
                yield not_read(path, "line 1", f"not a CSV header: {err}", 0, field="csv")
                return
            missing = [c for c in ("CompanyName", "CompanyNumber") if c not in header]
            if len(missing) == 2:  # not the product (one missing column is refused row by row, naming it)
                yield not_read(path, "line 1", "not a Basic Company Data header: no CompanyName or CompanyNumber "
                               f"column (first line: {head[:120]!r})", 0, field="CompanyNumber")
                return
            for first, last, text in rows:
                if text.strip():
                    loc = f"line {first}"
                    yield build(path, loc, lambda: self._row(path, loc, header, text, lines.first_bad(first, last),
                                                             fdate[0] if fdate else None), text)

    @staticmethod
    def _row(path: Path, loc: str, header: list[str], text: str, bad_bytes: str | None,
             snapshot: str | None) -> Entity:
        if bad_bytes:
            raise Bad("encoding", bad_bytes)
        try:
            values = next(csv.reader([text]))
        except csv.Error as err:
            raise Bad("row", f"not a CSV row: {err}") from None
        if len(values) < len(header):
            raise Bad("row", f"{len(values)} fields, header has {len(header)}")
        return company_row(path, loc, dict(zip(header, (v.strip() for v in values))), snapshot)


_UK_SIC = re.compile(r"\s*(\d{4,5})(?!\d)")


def uk_sic_codes(values: Iterable[object]) -> tuple[str, ...]:
    """UK SIC 2007 codes as industry codes (``UKSIC:70100``): the leading code of each text
    ("70100 - Activities of head offices", or the bare "70100" of the API's ``sic_codes``); "None
    Supplied" and empty values are none. An attribute, never an alias (as EDGAR's ``SIC:``)."""
    codes = (m[1].zfill(5) for v in values if isinstance(v, (str, int)) and (m := _UK_SIC.match(str(v))))
    return tuple(dict.fromkeys(f"UKSIC:{c}" for c in codes))


def company_row(path: Path, loc: str, row: dict[str, str], snapshot: str | None) -> Entity:
    number, name = row.get("CompanyNumber"), row.get("CompanyName")
    uri = re.search(r"/company/([A-Za-z0-9]+)\s*$", row.get("URI") or "")
    number = number or (uri[1] if uri else None)  # the product's URI ends in the company number
    if not number:
        raise Bad("CompanyNumber", "row without a company number (nor a URI naming one)")
    value = gb_company_number(number)
    named = bool(name)
    if not named:  # the number is the product's key: the company is stated, its name is not (never invented)
        name = value.split(":", 1)[-1]
        loc = f"{loc} (CompanyName empty: the name is not stated, the company is loaded under its number)"
    incorporated, dissolved = _uk_date(row, "IncorporationDate"), _uk_date(row, "DissolutionDate")
    previous = []
    for i in range(1, 11):
        old = row.get(f"PreviousName_{i}.CompanyName")
        if old:
            previous.append((old, _uk_date(row, f"PreviousName_{i}.CONDATE")))
    # PreviousName_1 is the most recent; each name ended on its change date (CONDATE) and
    # began when the name before it ended (the oldest at incorporation)
    aliases = [Alias(scheme=AliasScheme.NAME, value=name, kind=AliasKind.LEGAL,
                     valid_from=previous[0][1] if previous else incorporated)] if named else []
    for i, (old, ended) in enumerate(previous):
        began = previous[i + 1][1] if i + 1 < len(previous) else incorporated
        aliases.append(Alias(scheme=AliasScheme.NAME, value=old, kind=AliasKind.PREVIOUS,
                             valid_from=began, valid_to=ended))
    aliases.append(Alias(scheme=AliasScheme.COMPANY_NUMBER, value=value, kind=AliasKind.IDENTIFIER))
    # no publication date in the product: the snapshot date in the file name, else the latest
    # past event the row reflects (the earliest moment all of it was public)
    if snapshot:
        known = midnight(date.fromisoformat(snapshot))
    else:
        events = [incorporated, dissolved, *(d for _, d in previous)] + [
            _uk_date(row, k) for k in ("ConfStmtLastMadeUpDate", "Accounts.LastMadeUpDate",
                                           "Returns.LastMadeUpDate")]
        events = [d for d in events if d]
        known = midnight(max(events)) if events else name_date(path)
    origin = (row.get("CountryOfOrigin") or "").strip().lower()
    jurisdiction = "GB" if origin in ("", "united kingdom", "uk", "england", "wales", "scotland") else None
    status = (row.get("CompanyStatus") or "").strip().upper().replace(" ", "_") or None
    prov = Provenance(source_system="uk_company", source_record_id=value, document_id=row.get("URI") or None,
                      locator=loc, source_file=str(path), validation_level="officialRegister")
    return Entity(ref=EntityRef(scheme=AliasScheme.COMPANY_NUMBER, value=value, name=name,
                                jurisdiction=jurisdiction, kind=EntityKind.COMPANY),
                  name=name, kind=EntityKind.COMPANY, aliases=tuple(aliases), jurisdiction=jurisdiction,
                  status=status, valid_from=incorporated, valid_to=dissolved, known_from=known,
                  industry_codes=uk_sic_codes(row.get(f"SICCode.SicText_{i}") for i in range(1, 5)),
                  provenance=prov, fact_key=f"uk_company:{value}")



_PRODUCT_COLUMNS = (b"CompanyCategory", b"CompanyStatus", b"CountryOfOrigin", b"IncorporationDate",
                    b"RegAddress.", b"Accounts.", b"SICCode.", b"URI", b"PreviousName_1")

READERS: list = [UkCompanyReader()]
