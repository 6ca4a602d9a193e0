"""The subsidiary list of an Exhibit 21 inside an EDGAR full submission: OWNS edges from the
filer (the header's company, with its CIK) to each subsidiary, beside the exhibit's text.

Three layouts are read, as they occur in real 10-K submissions:

- an HTML table (columns found by their headers, a percent column in any place, indented
  rows owned by the row above them, "(a subsidiary of X)" owned by X): the rules of the single-exhibit
  reader (:mod:`ingest.readers.sec.ex21_table`);
- a plain-text ``<TABLE>`` (1990s filings: a ``<CAPTION>`` header, ``<S>``/``<C>`` column
  markers, then one subsidiary per line, its jurisdiction after a run of spaces);
- a lettered list without a table (Torotel 2011: "(c) Subsidiary (wholly-owned by
  Electronika, Inc.)" above "Electronika-Kansas, Inc. (a Kansas corporation)"): a
  wholly-owned subsidiary is held 100%, by the company named after "by", else by the filer.

Rows of a flat list are held by the filer directly or through others the exhibit does not
name (``direct=False``), as in the single-exhibit reader; a stated percentage is the stake.
Facts, not text claims: the exhibit is the filer's own list. ``fact_key``
``sec:ex21:{parent}:{subsidiary}`` (normalised names), as the single-exhibit reader keys them,
so the same exhibit read either way is one fact.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import lxml.html
from lxml import etree

from ownergraph.domain.model import Alias, Entity, EntityRef, Ownership, Record, Stake
from ownergraph.domain.codes import AliasKind, AliasScheme, EntityKind
from ownergraph.ingest.readers.sec.ex21_aliases import row_aliases
from ownergraph.ingest.readers.sec.ex21_captions import by_place_captions
from ownergraph.ingest.readers.sec.ex21_table import Row, all_wholly_owned, nest, row_stake, table_rows
from ownergraph.ingest.readers.sec.ex21_text import line_rows, text_rows
from ownergraph.ingest.readers.sec.values import clean_text, normalise, jurisdiction
from ownergraph.ingest.readers.base import build
from ownergraph.ingest.readers.documents.meta import DocMeta
from ownergraph.ingest.readers.documents.text import html_text

_ROW = tuple[str, str, str | None, str | None, float]  # locator, name, jurisdiction, percent, indent
_WHOLLY = re.compile(r"subsidiary\s*\(\s*wholly[\s-]*owned(?:\s+by\s+(?P<by>[^)]+?))?\s*\)", re.I)
_INCORPORATED = re.compile(r"^(?P<name>.+?)\s*\(an?\s+(?P<where>[A-Za-z .]+?)\s+(?:corporation|company|"
                           r"limited liability company|partnership|limited partnership)\)\s*$", re.I)


def is_exhibit21(part_type: str | None) -> bool:
    return bool(re.match(r"EX-21(\.\d+)?$", (part_type or "").strip(), re.I))


def _html_rows(body: str) -> list[_ROW]:
    try:
        root = lxml.html.fromstring(body)
    except (etree.LxmlError, ValueError):
        return []
    return by_place_captions(table_rows(root))  # a row holding only a place is a caption, not a company


def _lettered(body: str) -> list[tuple[str, str, str | None, str | None]]:
    """(locator, name, jurisdiction text, owner name or None) of a lettered wholly-owned list."""
    lines = [ln.strip() for ln in html_text(body).splitlines() if ln.strip()]
    out = []
    for i, ln in enumerate(lines[:-1]):
        m = _WHOLLY.search(ln)
        if not m:
            continue
        sub = _INCORPORATED.match(lines[i + 1])
        name, where = (sub["name"], sub["where"]) if sub else (lines[i + 1], None)
        out.append((f"line[{i + 2}]", name.strip(" ,;"), where, clean_text(m["by"]).strip(" ,") or None))
    return out


def exhibit21(meta: DocMeta, body: str, is_html: bool) -> Iterator[Record]:
    """The edges and subsidiaries an Exhibit 21 part lists (nothing when it lists none or
    when the submission names no filer to hold them)."""
    top = meta.filer
    if top is None:
        return
    path = meta.source_file
    rows = (_html_rows(body) if is_html else []) or text_rows(body)  # a text <TABLE> reads as HTML too
    wholly = all_wholly_owned((html_text(body) if is_html else body)[:4000])
    if rows:
        yield from _rows_edges(meta, path, rows, top, wholly)
        return
    named: dict[str, EntityRef] = {}
    lettered = _lettered(body)
    for loc, name, where, by in lettered:
        ref = EntityRef(name=name, jurisdiction=jurisdiction(where), kind=EntityKind.COMPANY)
        named[normalise(name).rstrip(".")] = ref
        owner = named.get(normalise(by).rstrip("."), EntityRef(name=by, kind=EntityKind.COMPANY)) if by else top
        yield from _edge(meta, path, loc, owner, ref, Stake(exact=100.0), direct=True)
    if lettered:
        return
    # a list written as lines (paragraphs), neither a table nor a lettered list
    lines = html_text(body).splitlines() if is_html else body.splitlines()
    yield from _rows_edges(meta, path, line_rows(lines), top, wholly)


def _rows_edges(meta: DocMeta, path: str, rows: list[Row], top: EntityRef, wholly: bool) -> Iterator[Record]:
    """Each row's subsidiary (with the other names its row states) and its edge from its holder."""
    aliases = row_aliases(rows)
    for loc, ref, owner, pct, direct in nest(rows, top, wholly):
        yield from _edge(meta, path, loc, owner, ref, _stake_or_none(pct), direct=direct,
                         aliases=aliases.get(loc, ()))


def _stake_or_none(pct: str | None) -> Stake | None:
    try:
        return row_stake(pct)
    except ValueError:  # a figure no share can be: the edge without one
        return None


def _edge(meta: DocMeta, path: str, loc: str, owner: EntityRef, ref: EntityRef, stake: Stake | None,
          direct: bool, aliases: tuple[Alias, ...] = ()) -> Iterator[Record]:
    where = f"EX-21/{loc}"
    okey = normalise(owner.name or owner.value or "")
    yield build(path, where, lambda: _entity(meta, ref, where, aliases), ref.name)
    yield build(path, where, lambda: Ownership(
        source=owner, target=ref, stake=stake, direct=direct, known_from=meta.known_from,
        valid_from=None, provenance=meta.prov(f"{meta.document_id}:ex21:{normalise(ref.name or '')}", where),
        fact_key=f"sec:ex21:{okey}:{normalise(ref.name or '')}"), ref.name)


def _entity(meta: DocMeta, ref: EntityRef, where: str, aliases: tuple[Alias, ...] = ()) -> Record:
    """The subsidiary, its name and the other names its row states (:func:`ex21_aliases.row_aliases`)."""
    return Entity(ref=ref, name=ref.name or "", kind=EntityKind.COMPANY,
                  aliases=(Alias(scheme=AliasScheme.NAME, value=ref.name or "", kind=AliasKind.LEGAL), *aliases),
                  jurisdiction=ref.jurisdiction, known_from=meta.known_from,
                  provenance=meta.prov(f"{meta.document_id}:ex21:entity:{normalise(ref.name or '')}", where),
                  fact_key=f"sec:ex21:entity:{normalise(ref.name or '')}")


__all__ = ["exhibit21", "is_exhibit21"]
