"""Parser step 2a: dates with the cue in front of them -> valid time, knowledge time, ranges
(see ``retrieval._parser``)."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, timedelta

from ownergraph.domain.vocabulary import DIFF
from ownergraph.retrieval._parse_text import _MON, _QWORD, MONTHS, SEP, _Work

_DATE_RE = re.compile(
    r"(?P<iso>\b(?P<y>\d{4})[-/.](?P<m>\d{1,2})[-/.](?P<d>\d{1,2})\b)"
    rf"|(?P<dmy>\b(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>{_MON})\.?,?\s+(?P<y2>\d{{4}})\b)"
    rf"|(?P<mdy>\b(?P<mon3>{_MON})\.?\s+(?P<d3>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y3>\d{{4}})\b)"
    r"|(?P<quarter>\b(?:(?:the\s+)?(?P<qpos>end|close|start|beginning)\s+of\s+(?:the\s+)?)?"
    r"(?:Q(?P<q1>[1-4])\s*[-/ ]?\s*(?:of\s+)?(?P<qy1>\d{4})|(?P<qy2>\d{4})\s*[-/ ]?\s*Q(?P<q2>[1-4])"
    r"|(?P<qw>first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter\s+(?:of\s+)?(?P<qy3>\d{4}))\b)"
    r"|(?P<half>\b(?:(?:the\s+)?(?P<hpos>end|close|start|beginning)\s+of\s+)?H(?P<h>[12])\s*[-/ ]?\s*(?P<hy>\d{4})\b)"
    rf"|(?P<monthyear>\b(?:(?:the\s+)?(?P<mpos>end|close|start|beginning)\s+of\s+)?(?P<mon4>{_MON})\.?\s+(?P<y4>\d{{4}})\b)"
    r"|(?P<yearend>\b(?:(?:the\s+)?(?P<ypos>end|close|start|beginning)\s+of\s+(?:the\s+)?(?:(?:fiscal\s+|financial\s+)?year\s+|fy\s*)?"
    r"|year[- ]end\s+|ye\s*|fy\s*|end[- ])(?P<y5>\d{4})\b|\b(?P<y6>\d{4})\s+year[- ]end\b)"
    r"|(?P<rel>\b(?:today|yesterday|right now|currently|at present|now)\b)"
    r"|(?P<bare>\b(?P<y7>(?:19|20)\d{2})\b)",
    re.I)

# cue words directly in front of a date (checked against the text before it)
_KNOWN_CUE = re.compile(
    r"(?:\bas\s+(?:we\s+)?knew\s+it|\bwhat\s+(?:was|we|had\s+been|were)\s+(?:known|knew|published|"
    r"reported|disclosed)|\bknown|\bknowledge(?:\s+(?:date|time|cut-?off))?|\bpublished|\breported|"
    r"\bdisclosed|\bavailable|\brecorded|\bas\s+seen|\bperspective\s+of|\bpoint[- ]in[- ]time|"
    r"\bbacktest(?:ed|ing)?|\bwithout\s+look-?ahead)"
    r"(?:\s+(?:data|information|facts))?"
    r"(?:\s+(?:on|at|by|as\s+of|as\s+at|of|in|before|until|up\s+to))?(?:\s+the)?\s*,?\s*$", re.I)
_FROM_CUE = re.compile(r"\b(?:between|from|since|starting(?:\s+(?:from|in|on|at))?|after|beginning)"
                       r"(?:\s+(?:the|on|at|in))?\s*$", re.I)
_TO_CUE = re.compile(r"\b(?:and|to|until|till|through|thru|up\s+to|vs\.?|versus|compared\s+(?:to|with)|"
                     r"against)(?:\s+(?:on|at|in|as\s+of|the))?\s*$", re.I)
_ASOF_CUE = re.compile(r"\b(?:(?-i:[Aa]s)\s+(?:of|at|on)|at\s+the|by\s+the|at|on|by|in|per|dated|during|for|"
                       r"valid\s+(?:on|at|as\s+of)|effective|of)\s*,?\s*$", re.I)
_BACKTEST_SAME = re.compile(r"\b(?:as\s+(?:we\s+)?knew\s+it|as\s+(?:it\s+was\s+)?known|with\s+what\s+(?:was|we)\s+"
                            r"(?:known|knew)|as\s+(?:published|reported|disclosed))\s+(?:then|at\s+the\s+time)\b"
                            r"|\bwithout\s+look-?ahead\b|\bno\s+look-?ahead\b|\bpoint[- ]in[- ]time\b", re.I)


@dataclass
class _DateHit:
    start: int  # the cue's start
    end: int
    dstart: int  # the date expression's own start
    kind: str  # day | month | quarter | half | year | rel
    lo: date  # first day of the period
    hi: date  # last day of the period
    pos: str | None  # explicit start/end
    cue: str  # known | from | to | asof | none


def _month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


def _find_dates(w: _Work) -> list[_DateHit]:
    hits: list[_DateHit] = []
    invalid: list[tuple[int, int]] = []
    for m in _DATE_RE.finditer(w.text):
        g = m.groupdict()
        before = w.text[max(0, m.start() - 60):m.start()]
        if SEP in before:
            before = before[before.rindex(SEP) + 1:]
        start = m.start()
        cue = "none"
        for name, rx in (("known", _KNOWN_CUE), ("from", _FROM_CUE), ("to", _TO_CUE), ("asof", _ASOF_CUE)):
            cm = rx.search(before)
            if cm:
                cue = name
                start = m.start() - (len(before) - cm.start())
                break
        try:
            pos = next((g[k].lower() for k in ("qpos", "hpos", "mpos", "ypos") if g.get(k)), None)
            pos = {"close": "end", "beginning": "start"}.get(pos, pos) if pos else None
            if g["iso"]:
                d = date(int(g["y"]), int(g["m"]), int(g["d"]))
                kind, lo, hi = "day", d, d
            elif g["dmy"] or g["mdy"]:
                y, mon, dd = ((g["y2"], g["mon2"], g["d2"]) if g["dmy"] else (g["y3"], g["mon3"], g["d3"]))
                d = date(int(y), MONTHS[mon.lower().rstrip(".")], int(dd))
                kind, lo, hi = "day", d, d
            elif g["quarter"]:
                q = int(g["q1"] or g["q2"] or _QWORD[(g["qw"] or "").lower()])
                y = int(g["qy1"] or g["qy2"] or g["qy3"])
                kind, lo, hi = "quarter", date(y, 3 * q - 2, 1), _month_end(y, 3 * q)
            elif g["half"]:
                h, y = int(g["h"]), int(g["hy"])
                kind, lo, hi = "half", date(y, 6 * h - 5, 1), _month_end(y, 6 * h)
            elif g["monthyear"]:
                y, mo = int(g["y4"]), MONTHS[g["mon4"].lower().rstrip(".")]
                kind, lo, hi = "month", date(y, mo, 1), _month_end(y, mo)
            elif g["yearend"]:
                y = int(g["y5"] or g["y6"])
                if pos is None:
                    pos = "end"
                kind, lo, hi = "year", date(y, 1, 1), date(y, 12, 31)
            elif g["rel"]:
                word = g["rel"].lower()
                d = w.today - timedelta(days=1) if word == "yesterday" else w.today
                kind, lo, hi = "rel", d, d
            else:  # bare year: only with a cue in front of it
                y = int(g["y7"])
                kind, lo, hi = "year", date(y, 1, 1), date(y, 12, 31)
        except (ValueError, KeyError):
            w.notes.append(f"ignored an invalid date: {m.group(0)!r}")
            invalid.append((start, m.end()))
            continue
        if kind == "rel" and g["rel"].lower() in ("now", "currently", "right now", "at present") \
                and cue == "none" and g["rel"].lower() == "now":
            continue  # a bare "now" is too weak ("now show me ...")
        if g["bare"] and cue == "none":
            continue
        if g["bare"] and cue == "asof" and re.search(r"\b(?:of|for)\s*$", before, re.I):
            continue  # "the 2023 accounts of ...": not a date cue
        # "as of" in front of a knowledge cue phrase, e.g. "as known as of": already covered
        hits.append(_DateHit(start, m.end(), m.start(), kind, lo, hi, pos, cue))
    for span in invalid:  # keep an invalid date out of the anchors
        w.consume(span)
    return hits


def _point(h: _DateHit, default: str) -> date:
    pos = h.pos or default
    return h.lo if pos == "start" else h.hi


def _assign_dates(w: _Work, q: dict, hits: list[_DateHit], pattern: str) -> None:
    for h in hits:
        w.consume((h.start, h.end))
    if not hits:
        return
    coarse = [h for h in hits if h.kind in ("month", "quarter", "half", "year") and h.pos is None]
    for h in coarse:
        if h.cue in ("from", "to") or pattern == DIFF.name:
            continue
        w.notes.append(f"period {w.original[h.start:h.end].strip()!r} read as its last day")
    known = [h for h in hits if h.cue == "known"]
    rest = [h for h in hits if h.cue != "known"]
    if known:
        q["known_at"] = _point(known[-1], "end")
        if len(known) > 1:
            w.notes.append("several knowledge dates; using the last")
    if pattern == DIFF.name:
        frm = [h for h in rest if h.cue == "from"]
        to = [h for h in rest if h.cue == "to"]
        other = [h for h in rest if h.cue not in ("from", "to")]
        if frm:
            q["date_from"] = _point(frm[0], "start")
        if to:
            q["date_to"] = _point(to[-1], "end")
        for h in other:
            if q.get("date_from") is None and len(other) >= 2:
                q["date_from"] = _point(h, "end")
            elif q.get("date_from") is None and h.kind in ("month", "quarter", "half", "year") and h.pos is None:
                q["date_from"], q["date_to"] = h.lo, h.hi  # "what changed in 2023"
                w.notes.append(f"diff over the whole period {w.original[h.start:h.end].strip()!r}")
            elif q.get("date_from") is None:
                q["date_from"] = _point(h, "end")
            elif q.get("date_to") is None:
                q["date_to"] = _point(h, "end")
        if q.get("date_from") is not None and q.get("date_to") is None:
            q["date_to"] = w.today
            w.notes.append("no end date: diff up to today")
        if q.get("date_from") and q.get("date_to") and q["date_from"] > q["date_to"]:
            q["date_from"], q["date_to"] = q["date_to"], q["date_from"]
            w.notes.append("dates given in reverse order; swapped")
        return
    frm = [h for h in rest if h.cue == "from"]
    to = [h for h in rest if h.cue == "to"]
    if frm or to:
        if frm:
            q["date_from"] = _point(frm[0], "start")
        if to:
            q["date_to"] = _point(to[-1], "end")
        w.notes.append("a date range on a point-in-time question: as_of not set")
    asof = [h for h in rest if h.cue not in ("from", "to")]
    if asof:
        q["as_of"] = _point(asof[-1], "end")
        if len(asof) > 1:
            w.notes.append("several valid-time dates; using the last")
    if known and q.get("as_of") is None and not (frm or to):
        q["as_of"] = q["known_at"]
        w.notes.append("as known at a date without a separate valid date: as_of = known_at")
    if _BACKTEST_SAME.search(w.original) and q.get("as_of") and q.get("known_at") is None:
        q["known_at"] = q["as_of"]
        w.notes.append("as known at the time: known_at = as_of (backtest)")

