"""Exhibit 21 subsidiary tables in HTML, read row by row: shared by the single-exhibit reader
(:mod:`ingest.readers.sec.ex21`) and the Exhibit 21 of a full submission
(:mod:`ingest.readers.documents.exhibit21`)."""

from __future__ import annotations

import re
from typing import Any

from ownergraph.domain.codes import EntityKind
from ownergraph.domain.legal_forms import trailing_form
from ownergraph.domain.model import EntityRef
from ownergraph.ingest.readers.sec.values import clean_text, jurisdiction, normalise

SUFFIX = re.compile(r"\b(inc|corp|corporation|co|company|ltd|limited|llc|plc|n\.?v|s\.?a|ag|"
                    r"se|group|holdings?|bancorp|trust|lp|l\.p|kk|k\.k|pty|ltda)\b\.?", re.I)


def has_form(text: str) -> bool:
    """A company name's mark: a common English form word, or an ISO 20275 legal form at its end."""
    # "Incorporated" only as the name's last word ("Acme Incorporated"), never mid-sentence
    # ("Documents Incorporated by Reference")
    return (bool(SUFFIX.search(text)) or trailing_form(text) is not None
            or re.search(r"\bincorporated\.?\s*$", text, re.I) is not None)


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


def table_rows(root: Any) -> list[tuple[str, str, str | None, str | None, float]]:
    """(locator, name, jurisdiction text, percent text, indent) per subsidiary row."""
    out = []
    for t, table in enumerate(root.iter("table"), 1):
        cols = _Columns()
        for r, tr in enumerate(table.iter("tr"), 1):
            cells = [c for c in tr if c.tag in ("td", "th")
                     and "display:none" not in (c.get("style") or "").replace(" ", "")]
            texts = [clean_text(c.text_content().replace("\xa0", " ")) for c in cells]
            if not any(texts):
                continue
            if cols.learn(texts):
                continue
            cols.data_seen = True
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


def _header_len(text: str) -> int:
    """The longest a header cell may be: longer for one that starts as a jurisdiction header
    ("Jurisdiction of Incorporation or Organization"), else a sentence or a long name."""
    return 64 if re.match(r"(state|jurisdiction|place|country)\b", text, re.I) else 40


class _Columns:
    """Where a table keeps its subsidiary name, jurisdiction and percent, learnt from its
    header rows by cell position (a header may be split over rows, a column may have no header
    text, the name column may come after the others)."""

    def __init__(self) -> None:
        self.name: int | None = None
        self.jur: int | None = None
        self.pct: int | None = None
        self.data_seen = False

    def learn(self, texts: list[str]) -> bool:
        """True (and the columns noted) when the row is a header row."""
        filled = [(i, x) for i, x in enumerate(texts) if x]
        if any(_PCT.fullmatch(x) or len(x) > _header_len(x) or (has_form(x) and not _NAME_HEAD.search(x))
               for _, x in filled):
            return False  # a figure, a sentence or a company name: a data row
        kinds = [(i, "pct" if _PCT_HEAD.search(x) else "name" if _NAME_HEAD.search(x) else
                  "jur" if _JUR_HEAD.search(x) else None) for i, x in filled]
        # once data rows have begun, only a whole header (a page's repeated one) is a header: a
        # row with a cell of no header kind is data, though its name holds a header word
        # ("Compass Automation Incorporated" | "Illinois", "First State Bank" | "Ohio")
        lax = not self.data_seen and len(filled) <= 2
        if not any(k for _, k in kinds) or (any(k is None for _, k in kinds) and not lax):
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
        if not jur and self.jur is None:  # one cell per row: "Name (Delaware)", "Name, a Delaware corporation"
            name, jur = split_jurisdiction(name)
        return name, (jur if jur and jur != pct else None), pct, at


# "Foo GmbH (a subsidiary of Bar Inc.)", "Foo Ltd, a wholly-owned subsidiary of Bar plc",
# "Foo S.A. - 60% owned subsidiary of Bar B.V."
_OWNED_BY = re.compile(r"^(?P<name>.+?)\s*(?:\(|,|\s[-\u2013\u2014]\s)\s*(?:an?\s+)?(?:(?:wholly|majority|"
                       r"\d{1,3}(?:\.\d+)?\s*%)?[\s-]*owned\s+)?subsidiary\s+of\s+(?P<by>[^)]+?)\s*\)?\s*;?$", re.I)

Row = tuple[str, str, str | None, str | None, float]  # locator, name, jurisdiction, percent, indent


def owned_by(name: str) -> tuple[str, str | None]:
    """The row's own name and the company it says holds it ("(a subsidiary of X)"), if any."""
    m = _OWNED_BY.match(name)
    return (m["name"].strip(" ,"), m["by"].strip(" ,")) if m else (name, None)


def nest(rows: list[Row], top: EntityRef) -> list[tuple[str, EntityRef, EntityRef, str | None, bool]]:
    """(locator, subsidiary, owner, percent text, direct) per row: the owner a row names ("(a
    subsidiary of X)": the row listing X, else X by name), else the nearest less-indented row
    above it, else ``top``. Rows of a flat list without a named owner are held by ``top``
    directly or through others the exhibit does not say (``direct=False``)."""
    flat = len({ind for *_, ind in rows}) == 1
    seen: dict[str, EntityRef] = {}
    stack: list[tuple[float, EntityRef]] = []
    out = []
    for loc, raw, jur, pct, ind in rows:
        name, by = owned_by(raw)
        ref = EntityRef(name=name, jurisdiction=jurisdiction(jur), kind=EntityKind.COMPANY)
        while stack and stack[-1][0] >= ind:
            stack.pop()
        if by:
            owner = seen.get(normalise(by).rstrip(".")) or EntityRef(name=by, kind=EntityKind.COMPANY)
        else:
            owner = stack[-1][1] if stack else top
        stack.append((ind, ref))
        seen[normalise(name).rstrip(".")] = ref
        out.append((loc, ref, owner, pct, bool(by) or not flat))
    return out




_TEXT_TABLE = re.compile(r"<TABLE>(.*?)</TABLE>", re.S | re.I)
_TEXT_HEAD = re.compile(r"\s*name\s{2,}.*(incorporation|jurisdiction|organi[sz]ation|state|country)\s*$", re.I)


def text_rows(body: str) -> list[Row]:
    """Rows of a plain-text list: ``<TABLE>`` blocks after their ``<S>`` marker line, else the
    lines under a "Name ... Incorporation" header line (1994), one subsidiary per line."""
    out: list[Row] = []
    blocks = [m[1].splitlines() for m in _TEXT_TABLE.finditer(body)]
    starts = [next((i + 1 for i, ln in enumerate(b) if re.match(r"\s*<S>", ln, re.I)), None) for b in blocks]
    found = [(b, i) for b, i in zip(blocks, starts) if i is not None]
    if not found:
        lines = body.splitlines()
        head = next((i + 1 for i, ln in enumerate(lines) if _TEXT_HEAD.match(ln)), None)
        found = [(lines, head)] if head is not None else []
    for t, (lines, start) in enumerate(found, 1):
        blank = 0
        for r, ln in enumerate(lines[start:], 1):
            if not ln.strip():
                blank += 1
                if blank >= 3 and out:
                    break
                continue
            blank = 0
            if re.match(r"\s*(<[A-Z/]|-{3,}|=+|\*)", ln, re.I):
                if out and ln.strip().startswith("*"):
                    break  # the footnote under the list
                continue
            fields = [f.strip() for f in re.split(r"\s{2,}", ln.strip()) if f.strip()]
            pct = next((f for f in fields[1:] if re.fullmatch(r"[\d.,]+\s*%", f)), None)
            rest = [f for f in fields[1:] if f != pct]
            out.append((f"table[{t}]/line[{r}]", fields[0], rest[-1] if rest else None, pct,
                        float(len(ln) - len(ln.lstrip()))))
    return out


# a list written as lines, not a table: "Name (Jurisdiction)", "Name, a Delaware corporation",
# "Name - Jurisdiction", "Name<2+ spaces or tab>Jurisdiction"
_IN_PARENS = re.compile(r"^(?P<name>.+?)\s*\((?P<where>[^()]{2,40})\)\s*$")
_A_KIND_OF = re.compile(r"^(?P<name>.+?),?\s+an?\s+(?P<where>[A-Z][A-Za-z .]+?)\s+(?:corporation|company|"
                        r"limited liability company|limited partnership|partnership|trust|bank)\s*$")
_DASHED = re.compile(r"^(?P<name>.+?)(?:\s+[-\u2013\u2014]\s+|\t+|\s{2,})(?P<where>[A-Z][A-Za-z ,.()]{1,40})$")


def split_jurisdiction(text: str) -> tuple[str, str | None]:
    """A row's name and the jurisdiction it states after it ("Name (Delaware)", "Name, a Delaware
    corporation", "Name - Germany"), when that is a known jurisdiction; else the text, None."""
    if m := _A_KIND_OF.match(text):  # "a <place> corporation": the words say it is a place
        return m["name"].strip(" ,"), m["where"]
    for pattern in (_IN_PARENS, _DASHED):  # a bare parenthesis or column: only a known jurisdiction
        if (m := pattern.match(text)) and jurisdiction(m["where"]) != m["where"].strip(" .*"):
            return m["name"].strip(" ,"), m["where"]
    return text, None


def line_rows(lines: list[str]) -> list[Row]:
    """Rows of an Exhibit 21 written as lines (paragraphs of an HTML page, or plain text without a
    table): each line after the "subsidiaries" heading that names a company, with the jurisdiction
    it states (in parentheses, "a Delaware corporation", after a dash or a run of spaces) and an
    inline percentage. A line that is a sentence, a heading or a footnote names no company."""
    out: list[Row] = []
    started = False
    cols = _Columns()  # a line of cells between pipes is a table row ("Name | Delaware | 100%")
    for n, raw in enumerate(lines, 1):
        line = clean_text(raw).replace("\xa0", " ").strip(" \u2022\u00b7-*;")
        if not started:
            started = bool(re.search(r"subsidiar", line, re.I))
            if not (started and "|" in line):
                continue
        if "|" in line:
            depth = len(line) - len(line.lstrip(">"))  # ">" marks a nested row, as in quoted text
            cells = [c.strip() for c in line.lstrip(">").strip("|").split("|")]
            if cols.learn(cells) or not any(cells) or re.fullmatch(r"[\s|:-]*", line):
                continue
            cols.data_seen = True
            if (row := cols.row(cells)) is not None:
                out.append((f"line[{n}]", row[0], row[1], row[2], float(depth)))
            continue
        if not line or len(line) > 160 or line.endswith(":") or _MARK.fullmatch(line):
            continue
        pct = None
        if m := _PCT.search(line):
            pct, line = f"{m[1]}%", (line[:m.start()] + line[m.end():]).strip(" ,-")
        name, where = split_jurisdiction(line)
        name = _MARK.sub("", name).strip(" ,")
        if where is None and not has_form(name):
            continue  # a sentence or heading, not a company
        if (name[:1].islower() and len(name.split()) > 4) or len(name.split()) > 16:
            continue
        out.append((f"line[{n}]", name, where, pct, float(len(raw) - len(raw.lstrip()))))
    return out


__all__ = ["SUFFIX", "Row", "line_rows", "nest", "owned_by", "split_jurisdiction", "table_rows", "text_rows"]
