"""SEC Exhibit 21 subsidiary lists (``--format sec-ex21``): subsidiaries and OWNS edges.

Exhibit 21 has no date of its own: ``known_from`` is the ``filed`` option, else the file's
mtime (never earlier than publication, so a backtest cannot look ahead). fact_key
``sec:ex21:{parent}:{subsidiary}`` (normalised names).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import lxml.html
from lxml import etree

from ownergraph.ingest.model import AliasScheme, EntityKind, EntityRef, Ownership, Record
from ownergraph.ingest.readers._sec_values import (
    MAX_BYTES, _at, _clean, _Doc, _mtime, _norm, _percent, jurisdiction,
)
from ownergraph.ingest.readers.base import build, not_read, quarantine, read_safely


# -- Exhibit 21 (subsidiary list) ------------------------------------------------------------

_SUFFIX = re.compile(r"\b(inc|corp|corporation|co|company|ltd|limited|llc|plc|n\.?v|s\.?a|ag|"
                     r"se|group|holdings?|bancorp|trust|lp|l\.p)\b\.?", re.I)


def _indent(el: Any) -> float:
    """Left indentation of a table cell in points (padding/margin/text-indent, px = 0.75 pt)."""
    total = 0.0
    for node in el.iter():
        style = (node.get("style") or "").lower() if isinstance(node.tag, str) else ""
        for prop, val in re.findall(r"(padding|padding-left|margin-left|text-indent)\s*:\s*([^;]+)",
                                    style):
            parts = val.split() or ["0"]
            # padding shorthand: the left value is the 4th, else the 2nd, else the only one
            part = parts[min(len(parts), 4) - 1 if len(parts) == 4 else min(len(parts) - 1, 1)] \
                if prop == "padding" else parts[0]
            if m := re.fullmatch(r"(-?[\d.]+)(pt|px|em)?", part):
                total += float(m[1]) * {"px": 0.75, "em": 12.0}.get(m[2] or "pt", 1.0)
    return total


def _parent_name(root: Any) -> str | None:
    """The company the exhibit lists subsidiaries of, from the text above the first table."""
    lines = [t for t in (_clean(x).replace("\xa0", " ") for x in root.xpath(
        "//body//text()[following::table and not(ancestor::table)]")) if t]
    for i, ln in enumerate(lines):
        if m := re.search(r"subsidiaries of\s*(.*)", ln, re.I):
            name = m[1] or (lines[i + 1] if i + 1 < len(lines) else "")
            if name := name.strip(" *:"):
                return name
    for ln in lines:
        if (len(ln) < 100 and _SUFFIX.search(ln) and not re.match(r"ex(hibit)?[\s-]*21", ln, re.I)
                and not re.search(r"subsidiaries", ln, re.I)):
            return ln.strip(" *:")
    return None


class Ex21Reader:
    """``--format sec-ex21``: an Exhibit 21 subsidiary table -> subsidiaries and OWNS edges.

    Parent: the ``parent`` option, else the company named above the table ("Subsidiaries of
    Apple Inc." / the heading line with a company suffix), else a ticker in the file name
    (``ex21_aapl.html`` -> ``ticker:AAPL``). Indented rows (JPMorgan) are owned by the nearest
    less-indented row above them (``direct=True``); rows of a flat list are owned by the parent
    directly or through others the exhibit does not say, so ``direct=False``. No stake unless a
    percent column is present.
    """

    name = "sec-ex21"

    def __init__(self, parent: str | None = None, filed: date | None = None) -> None:
        self.parent, self.filed = parent, filed

    def sniff(self, path: Path, head: bytes) -> bool:
        return b"<html" in head.lower() and (
            bool(re.search(rb"exhibit(\s|&#160;|&nbsp;)*21", head, re.I))
            or bool(re.search(r"ex-?21", path.name, re.I)))

    def read(self, path: Path) -> Iterator[Record]:
        path = Path(path)
        return read_safely(path, self._read(path))

    def _read(self, path: Path) -> Iterator[Record]:
        if path.stat().st_size > MAX_BYTES:
            yield not_read(path, "document", "larger than one filing can be", 0)
            return
        try:
            root = lxml.html.parse(str(path)).getroot()
        except (etree.LxmlError, ValueError):
            root = None
        if root is None:
            yield quarantine(path, "document", "html", "unreadable or empty HTML")
            return
        doc = _Doc(path, _at(self.filed) if self.filed else _mtime(path))
        name = self.parent or _parent_name(root)
        ticker = re.search(r"ex-?21[._-]([a-z]{1,5})\b", path.stem, re.I)
        if name:
            top = EntityRef(name=name, kind=EntityKind.COMPANY)
        elif ticker:
            top = EntityRef(scheme=AliasScheme.OTHER, value=f"ticker:{ticker[1].upper()}")
        else:
            yield quarantine(path, "document", "parent", "the exhibit does not name its parent; "
                             "pass the parent option")
            return
        rows = self._rows(root)
        if not rows:
            yield quarantine(path, "document", "table", "no subsidiary table found")
            return
        flat = len({ind for *_, ind in rows}) == 1
        stack: list[tuple[float, EntityRef]] = []
        for loc, sub_name, jur_text, pct, ind in rows:
            ref = EntityRef(name=sub_name, jurisdiction=jurisdiction(jur_text),
                            kind=EntityKind.COMPANY)
            while stack and stack[-1][0] >= ind:
                stack.pop()
            owner = stack[-1][1] if stack else top
            stack.append((ind, ref))
            yield doc.entity(ref, loc)
            okey = _norm(owner.name or owner.value or "")
            yield build(path, loc, lambda: Ownership(
                source=owner, target=ref, stake=_percent(pct), direct=not flat,
                known_from=doc.known_from, provenance=doc.prov(f"{doc.doc_id}:{sub_name}", loc),
                fact_key=f"sec:ex21:{okey}:{_norm(sub_name)}"), sub_name)

    @staticmethod
    def _rows(root: Any) -> list[tuple[str, str, str | None, str | None, float]]:
        """(locator, name, jurisdiction text, percent text, indent) per subsidiary row."""
        out = []
        for t, table in enumerate(root.iter("table"), 1):
            cols = _Columns()
            for r, tr in enumerate(table.iter("tr"), 1):
                cells = [c for c in tr if c.tag in ("td", "th")
                         and "display:none" not in (c.get("style") or "").replace(" ", "")]
                texts = [_clean(c.text_content().replace("\xa0", " ")) for c in cells]
                if not any(texts):
                    continue
                if cols.learn(texts):
                    continue
                row = cols.row(texts)
                if row is not None:
                    name, jur, pct, at = row
                    out.append((f"table[{t}]/tr[{r}]", name, jur, pct, _indent(cells[at])))
        return out


# header words: the name, jurisdiction and percent columns, in any order, over several rows
_NAME_HEAD = re.compile(r"^(name|subsidiar|company|entity|legal name)", re.I)
_JUR_HEAD = re.compile(r"jurisdiction|organi[sz]|incorporat|domicile|country|state|place", re.I)
_PCT_HEAD = re.compile(r"%|percent|owned|ownership|interest held", re.I)
_PCT = re.compile(r"\(?\s*(\d{1,3}(?:[.,]\d+)?)\s*%\s*\)?")
_MARK = re.compile(r"\s*(?:\*+|\((?:[a-z]|\d{1,2}|[ivx]{1,4})\))\s*$", re.I)  # footnote markers


class _Columns:
    """Where a table keeps its subsidiary name, jurisdiction and percent, learnt from its
    header rows by cell position (a header may be split over rows, a column may have no header
    text, the name column may come after the others)."""

    def __init__(self) -> None:
        self.name: int | None = None
        self.jur: int | None = None
        self.pct: int | None = None

    def learn(self, texts: list[str]) -> bool:
        """True (and the columns noted) when the row is a header row."""
        filled = [(i, x) for i, x in enumerate(texts) if x]
        if any(_PCT.fullmatch(x) or len(x) > 40 or (_SUFFIX.search(x) and not _NAME_HEAD.search(x))
               for _, x in filled):
            return False  # a figure, a sentence or a company name: a data row
        kinds = [(i, "pct" if _PCT_HEAD.search(x) else "name" if _NAME_HEAD.search(x) else
                  "jur" if _JUR_HEAD.search(x) else None) for i, x in filled]
        if not any(k for _, k in kinds) or any(k is None for _, k in kinds) and len(filled) > 2:
            return False
        for i, k in kinds:
            if k is not None and getattr(self, k) is None:
                setattr(self, k, i)
        return True

    def row(self, texts: list[str]) -> tuple[str, str, str | None, int] | None:
        """(name, jurisdiction, percent text, name cell index), or None for a footnote row."""
        filled = [(i, x) for i, x in enumerate(texts) if x]
        at, name = next(((i, x) for i, x in filled if i == self.name), filled[0])
        if _MARK.fullmatch(name) or (name[:1].islower() and len(name.split()) > 4) or len(name.split()) > 16:
            return None  # "(a) Omits the names of certain subsidiaries ..."
        pct = texts[self.pct] if self.pct is not None and self.pct < len(texts) and texts[self.pct] else next(
            (x for i, x in filled if i != at and _PCT.fullmatch(x)), None)
        if pct is None and (m := _PCT.search(name)):  # "Foo Ltd (60%)": the percent in the name cell
            pct, name = f"{m[1]}%", (name[:m.start()] + name[m.end():]).strip(" ,-")
        name = _MARK.sub("", name).strip(" ,")
        if self.jur is not None:
            jur = texts[self.jur] if self.jur < len(texts) else None
        else:
            jur = next((x for i, x in filled if i != at and x != pct), None)
        return name, (jur if jur and jur != pct else None), pct, at


READERS: list = [Ex21Reader()]
