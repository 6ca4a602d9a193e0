"""SEC Exhibit 21 subsidiary lists (``--format sec-ex21``): subsidiaries and OWNS edges.

Exhibit 21 has no date of its own: ``known_from`` is the ``filed`` option, else the file's
mtime (never earlier than publication, so a backtest cannot look ahead). fact_key
``sec:ex21:{parent}:{subsidiary}`` (normalised names).
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import lxml.html
from lxml import etree

from ownergraph.domain.codes import AliasScheme, EntityKind
from ownergraph.domain.model import EntityRef, Ownership, Record
from ownergraph.ingest.readers.sec.ex21_table import (
    SUFFIX, Row, all_wholly_owned, nest, outside_owner, row_stake, table_rows,
)
from ownergraph.ingest.readers.sec.ex21_aliases import row_aliases
from ownergraph.ingest.readers.sec.ex21_captions import by_place_captions
from ownergraph.ingest.readers.sec.ex21_holdings import with_holdings
from ownergraph.ingest.readers.sec.ex21_names import unglued
from ownergraph.ingest.readers.sec.ex21_filer_prose import generic, name_before_clause, prose_filer
from ownergraph.ingest.readers.sec.ex21_assemble import cell_class_rows
from ownergraph.ingest.readers.sec.ex21_reading import better
from ownergraph.ingest.readers.sec.ex21_text import line_rows, list_heading, nested, text_rows
from ownergraph.ingest.readers.sec.ex21_wholly_but import wholly_exceptions
from ownergraph.ingest.readers.sec.values import (
    MAX_BYTES, utc_midnight, clean_text, Doc, file_mtime, normalise,
)
from ownergraph.ingest.readers.base import build, not_read, quarantine, read_safely
from ownergraph.ingest.readers.documents.edgar import Header, parse_header
from ownergraph.ingest.readers.documents.text import decode
from ownergraph.ingest.readers.sec.header import header_entities


# -- Exhibit 21 (subsidiary list) ------------------------------------------------------------

# "Subsidiaries of the Registrant": the exhibit alone does not say who that is, so it names nobody
_PLACEHOLDER = re.compile(r"^(?:the\s+)?(?:registrant|company|corporation|issuer)\b", re.I)


def _parent_name(root: Any) -> str | None:
    """The company the exhibit lists subsidiaries of, from its title and the text above the first
    table (the text above its list, for an exhibit written as paragraphs)."""
    above = (root.xpath("//body//text()[following::table and not(ancestor::table)]")
             if root.find(".//table") is not None else page_lines(root)[:12])
    lines = [t for t in (clean_text(x).replace("\xa0", " ") for x in [*root.xpath("//title/text()"), *above]) if t]
    headed = False  # after "Subsidiaries of the Registrant", "Subsidiaries of X:" is a group's caption
    for i, ln in enumerate(lines):
        if m := re.search(r"subsidiaries of\s*(.*)", ln, re.I):
            name = name_before_clause(m[1] or (lines[i + 1] if i + 1 < len(lines) else ""))
            if name and not _PLACEHOLDER.match(name) and not generic(name) and not headed:
                return name
            headed = headed or bool(_PLACEHOLDER.match(name))
    for ln in lines:
        if (len(ln) < 100 and SUFFIX.search(ln) and not re.match(r"ex(hibit)?[\s-]*21", ln, re.I)
                and not re.search(r"subsidiaries", ln, re.I)):
            return ln.strip(" *:")
    return prose_filer("\n".join(lines))


_BLOCKS = {"p", "div", "li", "br", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "dd", "dt", "pre"}


def page_lines(root: Any) -> list[str]:
    """An HTML page's text, one line per paragraph, list item or line break (an exhibit written
    as paragraphs rather than a table)."""
    page = copy.deepcopy(root)
    for el in page.iter():
        if isinstance(el.tag, str) and el.tag.lower() in _BLOCKS:
            el.tail = "\n" + (el.tail or "")
            if el.tag.lower() != "br":
                el.text = "\n" + (el.text or "")
    return [ln for ln in page.text_content().splitlines() if ln.strip()]


def _text_parent(text: str) -> str | None:
    """The company a plain-text exhibit lists subsidiaries of: "SUBSIDIARIES OF ACME CORP", "Acme
    Corp. and Subsidiaries", or a company's name on a line of its own just above the list's
    heading ("EMPS CORPORATION" / "LIST OF SUBSIDIARIES OF REGISTRANT"); "the Registrant" names
    nobody."""
    lines = [ln.strip() for ln in text.splitlines()[:60] if ln.strip()]
    headed = False  # after "Subsidiaries of the Registrant", "Subsidiaries of X:" is a group's caption
    for i, ln in enumerate(lines):
        if headed and list_heading(ln):
            continue
        if m := re.search(r"subsidiaries\s+of\s+(.+)", ln, re.I):
            name = name_before_clause(m[1])
            if name and not _PLACEHOLDER.match(name) and not generic(name):
                return name
            headed = True
        if m := re.match(r"(.+?)\s+and\s+(?:its\s+)?subsidiaries\s*$", ln, re.I):
            if SUFFIX.search(m[1]) and not _PLACEHOLDER.match(m[1]):
                return m[1].strip(" *:,")
        if list_heading(ln) and not _NOTE_MARK.match(ln):  # a row "…, a subsidiary of X" or a note is no heading
            above = [x for x in lines[max(0, i - 2):i] if SUFFIX.search(x) and len(x) < 80
                     and not re.search(r"exhibit|subsidiar|<", x, re.I)
                     and not _DESCRIBES.fullmatch(x)]  # "(A DELAWARE CORPORATION)" says what the name above is
            if above:
                return above[-1].strip(" *:,")
    return prose_filer(text)


# what the name above is, with or without brackets: "(A DELAWARE CORPORATION)", "A Delaware Corporation,",
# "an Ontario limited partnership"
_DESCRIBES = re.compile(r"\(.*\)|\s*an?\s+[A-Za-z .-]{2,40}?\s+(?:corporation|company|partnership|limited\s+liability\s+"
                        r"company|trust)\s*[,.;:]?\s*", re.I)
_NOTE_MARK = re.compile(r"\s*(?:\(\w{1,3}\)|\*+|\d{1,2}[.)])\s")  # "(2)  Subsidiary of Pinnacle Bank."

# "List of Subsidiaries of Acme Corp. None": the exhibit says there are none
_NONE = re.compile(r"\bsubsid\w*r\w*\b.{0,160}?[\s:.-](?:none|not\s+applicable|n/a)\W*$", re.I | re.S)


def says_none(text: str) -> bool:
    """Whether a short exhibit says the filer has no subsidiaries (nothing to read, nothing lost)."""
    return len(text) < 600 and _NONE.search(text.strip()) is not None


_CHARSET = re.compile(rb"""<meta[^>]*charset\s*=\s*["']?([\w.:-]+)""", re.I)


def html_root(data: bytes) -> Any:
    """The page as a tree, decoded by its declared charset, else UTF-8, else Windows-1252 (lxml's
    own guess is Latin-1, which turns "OÜ" into "OÃ\x9c")."""
    declared = _CHARSET.search(data[:4096])
    try:
        text = data.decode(declared[1].decode("ascii")) if declared else decode(data)
    except (LookupError, UnicodeDecodeError):
        text = decode(data)
    text = re.sub(r"^\s*<\?xml[^>]*>", "", text)  # lxml refuses str input with an encoding declaration
    return lxml.html.fromstring(text) if text.strip() else None


_ACCESSION = re.compile(r"(\d{10})-?(\d{2})-?(\d{6})")


def sibling_header(path: Path) -> Header | None:
    """The SGML header of the exhibit's own submission when it lies in the same folder (EDGAR's
    ``<accession>.hdr.sgml``, ``<accession>-index-headers.html`` or the full ``<accession>.txt``):
    one whose name carries the accession number the exhibit's file or folder name carries, else
    the folder's only header."""
    m = _ACCESSION.search(path.name) or _ACCESSION.search(path.parent.name)
    acc = "".join(m.groups()) if m else None
    found = []
    for f in sorted(path.parent.iterdir()):
        if f == path or not f.is_file() or f.stat().st_size > MAX_BYTES:
            continue
        if acc and acc not in f.name.replace("-", ""):
            continue
        with open(f, "rb") as fh:
            head = fh.read(200_000)
        if re.search(rb"<(?:SEC|IMS)-HEADER>", head[:8192]):
            found.append(parse_header(head.decode("utf-8", "replace")))
    return found[0] if len(found) == 1 or (found and acc) else None


def unnamed_filer(path: Path) -> EntityRef:
    """The filer of an exhibit that names it nowhere ("Subsidiaries of the Registrant", no header
    beside it): a stub whose name says so, keyed by the file's content (the same exhibit read twice
    is the same stub; two exhibits are never merged by it). Its subsidiaries still load; the
    ``parent`` option, or the whole submission, names the filer."""
    value = "sec-ex21:" + hashlib.sha1(path.read_bytes()).hexdigest()[:12]
    return EntityRef(scheme=AliasScheme.OTHER, value=value, kind=EntityKind.COMPANY,
                     name=f"Filer not named [{value}] (exhibit {path.name})")


def layout_rows(plain: str | None, root: Any) -> list[Row]:
    """The rows the layout rules read: an HTML table's, a plain-text table's, else its lines'."""
    rows = text_rows(plain) if plain is not None else by_place_captions(table_rows(root))
    return rows or line_rows(plain.splitlines() if plain is not None else page_lines(root))


def exhibit_rows(plain: str | None, root: Any) -> list[Row]:
    """The exhibit's rows: for a text rendering, the layout rules' reading or the reading by cell
    classes (:mod:`ex21_assemble`), whichever reads as more companies (:func:`ex21_reading.better`)."""
    layout = layout_rows(plain, root)
    if plain is None:
        return layout
    return better(layout, nested(cell_class_rows(plain), plain))


class Ex21Reader:
    """``--format sec-ex21``: an Exhibit 21 subsidiary table -> subsidiaries and OWNS edges.

    Parent: the ``parent`` option, else the company named above the table ("Subsidiaries of
    Apple Inc." / the heading line with a company suffix), else the filer of the submission
    header lying beside the exhibit (with its CIK), else a ticker in the file name
    (``ex21_aapl.html`` -> ``ticker:AAPL``), else a stub saying the filer is not named
    (:func:`unnamed_filer`). Indented rows (JPMorgan) are owned by the nearest
    less-indented row above them (``direct=True``); rows of a flat list are owned by the parent
    directly or through others the exhibit does not say, so ``direct=False``. No stake unless a
    percent column is present.
    """

    name = "sec-ex21"

    def __init__(self, parent: str | None = None, filed: date | None = None) -> None:
        self.parent, self.filed = parent, filed

    def sniff(self, path: Path, head: bytes) -> bool:
        named = bool(re.search(rb"exhibit(\s|&#160;|&nbsp;)*21", head, re.I)) or bool(re.search(r"ex-?21", path.name, re.I))
        if not named or re.search(rb"<(?:SEC-HEADER|IMS-HEADER|SEC-DOCUMENT|DOCUMENT|SUBMISSION)>", head, re.I):
            return False  # a whole submission: the document reader reads the exhibit inside it
        if b"<html" in head.lower():
            return True
        # a plain-text exhibit on its own
        return (bool(re.search(rb"subsidiaries", head[:4096], re.I))
                and not head.lstrip().startswith((b"%PDF", b"{", b"[", b"<?xml")))

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        return read_safely(path, self._read(path))

    def _read(self, path: Path) -> Iterator[Record]:
        if path.stat().st_size > MAX_BYTES:
            yield not_read(path, "document", "larger than one filing can be", 0)
            return
        data = path.read_bytes()
        try:
            root = html_root(data)
        except (etree.LxmlError, ValueError):
            root = None
        if root is None:
            yield quarantine(path, "document", "html", "unreadable or empty HTML")
            return
        # an exhibit filed as plain text (EX-21 .txt: columns spaced out, or an SGML <TABLE> with
        # its <S>/<C> column marks, which has no <tr> or <td>)
        plain = None if re.search(rb"<(?:html|body|tr|td|p|div)\b", data[:20000], re.I) else decode(data)
        doc = Doc(path, utc_midnight(self.filed) if self.filed else file_mtime(path))
        name = self.parent or (_text_parent(plain) if plain is not None else _parent_name(root))
        ticker = re.search(r"ex-?21[._-](?!(?:htm|html|txt|xml|pdf)\b)([a-z]{1,5})\b", path.stem, re.I)
        header = None if name else sibling_header(path)
        if header is not None and header.filed and not self.filed:  # known once filed, not at mtime
            doc = Doc(path, header.accepted or utc_midnight(header.filed))
        rows = [(r[0], unglued(r[1]), *r[2:]) for r in exhibit_rows(plain, root)]
        rows = with_holdings(rows, plain if plain is not None else "\n".join(page_lines(root)))
        if header is not None and header.filer is not None:
            filer = header.filer
            top = EntityRef(scheme=AliasScheme.CIK, value=filer.cik, name=filer.name, kind=EntityKind.COMPANY)
            yield from header_entities(path, header, doc.known_from, header.accession or doc.doc_id)
        elif name or (name := outside_owner(rows)):
            top = EntityRef(name=name, kind=EntityKind.COMPANY)
        elif ticker:
            top = EntityRef(scheme=AliasScheme.OTHER, value=f"ticker:{ticker[1].upper()}")
        else:
            top = unnamed_filer(path)
        if not rows and not says_none(plain if plain is not None else root.text_content()):
            yield quarantine(path, "document", "table", "no subsidiary table found")
        if not rows:
            return
        above = plain[:4000] if plain is not None else root.text_content()[:4000]
        wholly, excepted = all_wholly_owned(above), wholly_exceptions(above)
        own_pct = {r[0]: r[3] for r in rows}
        aliases = row_aliases(rows)
        for loc, ref, owner, pct, direct in nest(rows, top, wholly):
            if wholly and own_pct.get(loc) is None and normalise(ref.name or "") in excepted:
                pct = None  # "all of which but X are wholly owned": X's share is not said
            yield doc.entity(ref, loc, aliases.get(loc, ()))
            okey = normalise(owner.name or owner.value or "")
            sub_name = ref.name or ""
            yield build(path, loc, lambda: Ownership(
                source=owner, target=ref, stake=row_stake(pct), direct=direct,
                known_from=doc.known_from, provenance=doc.prov(f"{doc.doc_id}:{sub_name}", loc),
                fact_key=f"sec:ex21:{okey}:{normalise(sub_name)}"), sub_name)

READERS: list = [Ex21Reader()]
