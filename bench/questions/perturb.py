"""Meaning-preserving perturbations of a question (issue 30: generality).

Every new held-out question set read 83-86 % right at first sight and ~99 % once its misses
were fixed: the fixes fitted the sentences seen. A perturbation takes a question whose reading
is right and changes it the way an analyst's text really varies, without changing what it asks:
a greeting and sign-off around it, a label in front ("Q:", "Re:", "Note to self -"), the name in
quotation marks, lower case, punctuation dropped, its date written another way, a request verb
("pls confirm"), a bullet. The expected reading stays the same, so a reading that changes is a
mechanism that breaks (``bench.questions.robustness`` counts them per perturbation).

Each perturbation is ``(question, expected) -> str | None``: None where it does not apply (no
date to rewrite, no name written as expected).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

__all__ = ["PERTURBATIONS", "date_forms", "perturb"]

Perturbation = Callable[[str, dict[str, Any]], "str | None"]

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")


def _wrap(before: str, after: str = "") -> Perturbation:
    return lambda q, exp: f"{before}{q}{after}"


# a question that is a request already ("Please identify ...", "Can you ..."): no second request verb
_REQUEST_OPENING = re.compile(r"^\W*(?:please|pls|plz|kindly|can|could|would|will|need|needs)\b", re.I)


def _first_lower(q: str, exp: dict[str, Any]) -> str:
    """The question's first letter in lower case, unless its first word is a name's or an acronym."""
    first = q.split(" ", 1)[0]
    if any(q.lower().startswith(a.lower()) for a in exp.get("anchors") or []) or \
            len(first) > 1 and (first[1:].lower() != first[1:] or not first.isalpha()):
        return q
    return q[:1].lower() + q[1:]


def _request(verb: str) -> Perturbation:
    return lambda q, exp: None if _REQUEST_OPENING.match(q) else f"{verb} {_first_lower(q, exp)}"


def _lower(q: str, exp: dict[str, Any]) -> str | None:
    return q.lower() if q != q.lower() else None


def _no_punctuation(q: str, exp: dict[str, Any]) -> str | None:
    """No question mark, no commas, no closing full stop (dots inside names and dates stay)."""
    out = re.sub(r"[?!]", "", q)
    out = re.sub(r",(?=\s)", "", out)
    out = re.sub(r"\.\s*$", "", out.rstrip())
    out = re.sub(r"[ \t]{2,}", " ", out).strip()
    return out if out != q else None


def _name_in(q: str, exp: dict[str, Any]) -> re.Match[str] | None:
    """The first expected anchor as written in the question (case as in the question)."""
    for name in exp.get("anchors") or []:
        m = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", q, re.I)
        if m:
            return m
    return None


def _quoted(open_: str, close: str) -> Perturbation:
    def quote(q: str, exp: dict[str, Any]) -> str | None:
        m = _name_in(q, exp)
        if m is None or re.search(r"[\"\u201c\u201d\[\]]", m.group(0)) or q[max(0, m.start() - 1):m.start()] in "\"'\u201c\u2018[(":
            return None
        return f"{q[:m.start()]}{open_}{m.group(0)}{close}{q[m.end():]}"
    return quote


def date_forms(d: date) -> dict[str, str]:
    """One day written the ways analysts write it (day first where digits alone)."""
    month = _MONTHS[d.month - 1]
    forms = {"date_dmy_slash": f"{d.day:02d}/{d.month:02d}/{d.year}", "date_mdy_words": f"{month} {d.day} {d.year}",
             "date_dd_mon_yy": f"{d.day:02d}-{month[:3]}-{d.year % 100:02d}", "date_iso": d.isoformat(),
             "date_dmy_words": f"{d.day} {month} {d.year}"}
    if (d.month, d.day) in ((6, 30), (12, 31)):
        forms["date_period_end"] = f"H{1 if d.month == 6 else 2} {d.year} end"
    elif (d.month, d.day) in ((3, 31), (9, 30)):
        forms["date_period_end"] = f"Q{d.month // 3} {d.year} end"
    return forms


def _written(d: date) -> list[str]:
    """Patterns of the ways the question may already write ``d``."""
    month, mon = _MONTHS[d.month - 1], _MONTHS[d.month - 1][:3]
    day = rf"0?{d.day}(?:st|nd|rd|th)?"
    yy = rf"(?:{d.year}|{d.year % 100:02d})"
    return [rf"{d.year}-0?{d.month}-0?{d.day}", rf"0?{d.day}[/.]0?{d.month}[/.]{yy}",
            rf"{day}[ -](?:of\s+)?(?:{month}|{mon}\.?),?[ -]{yy}", rf"(?:{month}|{mon}\.?) {day},? {d.year}"]


def _date_swap(form: str) -> Perturbation:
    def swap(q: str, exp: dict[str, Any]) -> str | None:
        days = {exp.get(k) for k in ("as_of", "known_at", "from", "to")} - {None}
        if len(days) != 1:  # one day asked: two would need both rewritten, in order
            return None
        d = date.fromisoformat(days.pop())
        target = date_forms(d).get(form)
        for rx in _written(d):
            m = re.search(rf"(?<![\w/.-]){rx}(?![\w/-])", q, re.I)
            if m and target and m.group(0) != target:
                return q[:m.start()] + target + q[m.end():]
        return None
    return swap


def _period_ends(today: date) -> dict[str, date]:
    """The last completed quarter's and year's ends before ``today``."""
    q_month = (today.month - 1) // 3 * 3  # the month that ends the last completed quarter (0: last December)
    quarter = date(today.year - 1, 12, 31) if q_month == 0 else \
        date(today.year, q_month, 30 if q_month in (6, 9) else 31)
    return {"quarter": quarter, "year": date(today.year - 1, 12, 31), "today": today}


# relative wordings of a day, by the period it ends (what follows "as at" / "as of")
_RELATIVE = {
    "quarter": ("the end of last quarter", "the most recent quarter-end", "the close of the preceding quarter", "prior QE"),
    "year": ("the end of last year", "the most recent year-end", "the close of the preceding financial year", "prior YE"),
    "today": ("today", "the current date", "the present date", "now"),
}


def _date_relative(variant: int) -> Perturbation:
    """The day asked written relative to the session's day ("as at 30 June 2024", the session
    on 15 July 2024: "as at the end of last quarter"), where it is such a day."""
    def relative(q: str, exp: dict[str, Any]) -> str | None:
        days = {exp.get(k) for k in ("as_of", "known_at", "from", "to")} - {None}
        if len(days) != 1:
            return None
        d = date.fromisoformat(next(iter(days)))
        period = next((p for p, end in _period_ends(date.fromisoformat(exp["session_day"])).items() if end == d), None)
        if period is None:
            return None
        for rx in _written(d):
            m = re.search(rf"(?<![\w/.-]){rx}(?![\w/-])", q, re.I)
            if m:
                return q[:m.start()] + _RELATIVE[period][variant] + q[m.end():]
        return None
    return relative


# the perturbations, by name (what ``robustness`` reports)
PERTURBATIONS: dict[str, Perturbation] = {
    "greeting_sign_off": _wrap("Hi team, ", " Thanks, Sam"),
    "greeting_lines": _wrap("Morning all,\n\n", "\n\nCheers\nPriya"),
    "label_q": _wrap("Q: "),
    "label_re": _wrap("Re: "),
    "label_ask": _wrap("Ask: "),
    "label_note_to_self": _wrap("Note to self \u2013 "),
    "quoted_name": _quoted('"', '"'),
    "curly_quoted_name": _quoted("\u201c", "\u201d"),
    "bracketed_name": _quoted("[", "]"),
    "lower_case": _lower,
    "no_punctuation": _no_punctuation,
    "date_dmy_slash": _date_swap("date_dmy_slash"),
    "date_mdy_words": _date_swap("date_mdy_words"),
    "date_dd_mon_yy": _date_swap("date_dd_mon_yy"),
    "date_iso": _date_swap("date_iso"),
    "date_period_end": _date_swap("date_period_end"),
    "date_relative_plain": _date_relative(0),
    "date_relative_recent": _date_relative(1),
    "date_relative_formal": _date_relative(2),
    "date_relative_short": _date_relative(3),
    "request_pls_confirm": _request("pls confirm:"),
    "request_can_you_pull": _request("can you pull"),
    "request_need": _request("need:"),
    "bullet_dash": _wrap("- "),
    "bullet_dot": _wrap("\u2022 "),
    "bullet_number": _wrap("1. "),
}


def perturb(question: str, expected: dict[str, Any]) -> dict[str, str]:
    """Every perturbation that applies to ``question``, by name."""
    out = {}
    for name, p in PERTURBATIONS.items():
        text = p(question, expected)
        if text is not None and text != question:
            out[name] = text
    return out
