"""When things happened: "when did X buy its stake in Y", "when did A lend to B, and how much",
"when did X change its name", "when was X sanctioned", "when was the stake corrected".

One question kind (``events``), whole: the keyword rule that recognises it, the slot patterns that
find its mentions, the analytic it runs, the test of whether that found something, the
composer of its answer and its sentence when the graph holds none."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ownergraph.domain.vocabulary import EVENTS
from ownergraph.retrieval.answer.hops import edge_text
from ownergraph.retrieval.answer.parts import MAX_ROWS, Parts, cites, code_words, pct
from ownergraph.retrieval.kinds.strategy import Clock, KindStrategy
from ownergraph.retrieval.question.slots import END, A, B, X

if TYPE_CHECKING:
    from ownergraph.graph.analytics.api import Analytics
    from ownergraph.retrieval.question.model import Question

# after names (5) and branches (7), before every other kind: "when did X ..." asks for a date
PRECEDENCE = 8

_NOT_CONTAGION = r"(?!.*\b(?:defaults?|fails?|hit|affected|collapses?)\b)"
RULE = re.compile(
    rf"^{_NOT_CONTAGION}(?:.*\bwhen\s+(?:did|was|were|has|had|is)\b|\s*when\b|.*\bsince\s+when\s+(?:has|had|did|was|were|is|have)\b|"
    # a time asked for: "in what year did A take its stake", "on which day was X listed"
    r".*\b(?:what|which)\s+(?:year|date|day|month)\s+(?:did|was|were|has|had|is)\b)|"
    # "date" asks for one, unless it is the question's own date ("on that date", "as at today's date") or a term's
    r"(?<!\bthat\s)(?<!\bsame\s)(?<!\bthis\s)(?<!\bits\s)(?<!today's\s)(?<!maturity\s)(?<!reporting\s)(?<!due\s)"
    r"(?<!value\s)(?<!record\s)(?<!cut-off\s)(?<!expiry\s)(?<!\bend\s)(?<!as-of\s)(?<!\bas\sof\s)"
    # the date a run or a reference is taken on ("as at today's run date", "at the reference date"), no event's
    r"(?<!\brun\s)(?<!\bkey\s)(?<!reference\s)(?<!valuation\s)(?<!snapshot\s)(?<!business\s)(?<!closing\s)\bdate\b"
    # ... nor a date the question states ("when the date is 2023-12-31", "the date being 30 June")
    r"(?!\s*(?:range|from|between)|\s+(?:is|was|being|set\s+to|=|:)\s+(?:\d|␞|the\s+(?:end|close|last)|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b))|\bdates\s+(?:on|of)\s+which\b|\bcommencement\b|\bfirst\s+became\b|"
    r"^\s*events?\b|\bevents?\s+(?:of|for)\b|\bchanges?\s+of\s+name\b|\bname\s+changes?\b|\bchanged?\s+its\s+name\b|"
    r"\bcorrect(?:ed|ion)\b|\bdisposals?\b|\bmost\s+recent(?:ly)?\s+(?:reported\s+)?(?:disposal|acquisition|purchase|sale)",
    re.I)

_TAIL = r"(?=\s*(?:\b(?:date|and|was|on|as|at|in|from|to|before|after)\b|[(,?!;.␞–-]|$))"
_TAIL_IS = r"(?=\s*(?:\b(?:is|were|has|date|and|was|on|as|at|in|from|to|before|after)\b|[(,?!;.␞–-]|$))"
_VERB = (r"(?:buy|bought|acquire[sd]?|purchase[sd]?|sell|sold|dispose(?:d)?\s+of|lend|lent|guarantee[sd]?|"
         r"(?:took|take|taken)\s+over|merge[sd]?(?:\s+(?:with|into))?|held\s+shares\s+in|hold\s+shares\s+in|invest(?:ed)?\s+in|take|took)")
SLOTS = [  # two-party shapes first: a one-name shape would take A alone
    # "the acquisition by A of its stake in B" (an auditor's "vouch the acquisition by A of ...")
    re.compile(rf"\b(?:disposal|sale|purchase|acquisition)\s+by\s+{A}\s+of\s+(?:its\s+|a\s+|the\s+|their\s+)?"
               rf"(?:stake|shares|interest|shareholding|holding)\s+in\s+{B}{_TAIL_IS}", re.I),
    re.compile(rf"^\s*{A}\s+(?:disposal|acquisition|purchase|sale|stake)\s+(?:of\s+|in\s+)?{B}\s+(?:date|correction)\b", re.I),
    re.compile(rf"\bwhen\s+(?:did\s+|has\s+|had\s+)?{A}\s+(?:first\s+)?(?:became|become)\s+an?\s+(?:shareholder|owner|investor|member)\s+"
               rf"(?:of|in)\s+{B}{_TAIL}", re.I),
    re.compile(rf"\b(?:disposal|sale|purchase|acquisition)\s+of\s+{B}\s+shares\s+by\s+{A}{_TAIL}", re.I),
    re.compile(rf"\bwhen\s+(?:did|has|had)\s+{A}\s+(?:first\s+)?{_VERB}\s+(?:its\s+|a\s+|the\s+|his\s+|her\s+|their\s+)?(?:stake\s+in\s+|"
               rf"shares\s+(?:in|of)\s+|interest\s+in\s+|to\s+)?{B}{_TAIL}", re.I),
    re.compile(rf"\bsince\s+when\s+(?:has|had|did)\s+{A}\s+(?:held|owned|controlled)\s+(?:shares\s+in\s+|a\s+stake\s+in\s+)?"
               rf"{B}{_TAIL}", re.I),
    # asked inside a request: "let me know when A acquired its shareholding in B"
    re.compile(rf"^\s*when\s+{A}\s+(?:first\s+)?{_VERB}\s+(?:its\s+|a\s+|the\s+|their\s+)?(?:stake\s+in\s+|"
               rf"shares\s+(?:in|of)\s+|shareholding\s+in\s+|interest\s+in\s+|to\s+)?{B}{_TAIL}", re.I),
    re.compile(rf"\b(?:facility|loan|guarantee)\s+(?:extended|granted|given|made)\s+by\s+{A}\s+to\s+{B}{_TAIL}", re.I),
    re.compile(rf"\bshareholding\s+of\s+{A}\s+in\s+{B}\s+was\b", re.I),
    re.compile(rf"\bwhen\s+(?:did|was|were|has|had)\s+{X}\s+(?:change|merged|sanctioned|dissolved|renamed|"
               rf"struck|liquidated|become|became|subject|incorporated|founded|registered)", re.I),
    re.compile(rf"\b(?:changes?\s+of\s+name|events?)\s+(?:of|for)\s+{X}{_TAIL}", re.I),
    re.compile(rf"\b(?:date\s+on\s+which|when)\s+{X}\s+(?:became|was|were)\b", re.I),
    re.compile(rf"^\s*{A}\s+{_VERB}\s+{B}\s+date\b", re.I),
    re.compile(rf"^\s*(?:when\s+|events?\s+)?{X}\s+(?:merger|name\s+change|disposal|sanctioned|dissolved)\b", re.I),
    re.compile(rf"^\s*events?\s+(?:of\s+|for\s+)?{X}{END}", re.I),
]


# "when did X sell it - was it before D": D is compared with the event's date, not the clock
COMPARED_DATE = re.compile(r"\b(?:was|is|did)\s+(?:it|this|that)\s+(?:happen\s+)?(?:before|after|by)\b|"
                           r"\b(?:pre|post)-?dates?\b|"  # "whether the acquisition pre-dates the year-end"
                           r"\b(?:whether|if)\s+(?:it|this|that)\s+(?:was|is|happened|occurred|came)\s+(?:\w+\s+)?(?:before|after|prior\s+to)\b|"
                           r"\b(?:it|this|that)\s+(?:\w+\s+)?(?:occurred|happened|took\s+place)\s+(?:before|after|by|prior\s+to)\b|"
                           r"\b(?:sell|sold|buy|bought|acquire[sd]?|dispose[sd]?\s+of|renamed|rename|merge[sd]?|lend|lent|"
                           r"change[sd]?\s+(?:its|their)\s+name)\b[^.?!]{0,80}\b(?:before|prior\s+to)\s+(?:the\s+)?"
                           r"(?:end|close|start|beginning|\d)", re.I)


def found(d: dict[str, Any]) -> bool:
    """Does the analytic's result (as a dict) hold an answer."""
    return bool(d.get("rows"))


def run(a: Analytics, q: Question, clock: Clock, e: list[str]) -> Any:
    """The analytic, at the question's clock (``e``: resolved mentions, subject first)."""
    return a.structure.events(e[0], e[1] if len(e) > 1 else None, **clock)


def event_text(r: dict[str, Any]) -> str:
    """One event as a phrase after its date: "Granite Bank AG began: lends USD 80,000,000 to ..."."""
    src, dst = r.get("source_name"), r.get("target_name")
    if r.get("event") == "corrected":
        return (f"{src} → {dst}: the stake was corrected from {pct(r.get('before_lo'), r.get('before_hi'))} "
                f"to {pct(r.get('stake_lo'), r.get('stake_hi'))}")
    if r.get("type") == "corporate action":
        return f"{code_words(r['event'])} ({r.get('detail') or 'parties not stated'})"
    if r.get("type") in ("sanction", "entity"):
        detail = str(r.get("detail") or "")
        tail = "" if not detail else f" ({detail})" if r["event"] == "name changed" else \
            f" ({code_words(detail)})" if r.get("type") == "entity" else f" by {detail}"
        return f"{src} {code_words(r['event'])}{tail}"
    said = " and ".join(edge_text(_with_interest(e)) for e in r.get("alike") or [r])
    link = "of" if said.startswith(("owns", "holds")) else "to" if said.startswith("lends") else \
        "for" if said.startswith("guarantees ") else ""
    verb = "from this date" if r.get("event") == "began" else "until this date"
    return f"{src} {said} {link + ' ' if link else ''}{dst} {verb}"


def _with_interest(r: dict[str, Any]) -> dict[str, Any]:
    """An edge row with the interest its edge measures (shares or votes), so that its words name it."""
    edge = r.get("edge") if isinstance(r.get("edge"), dict) else {}
    return {**r, "interest": r.get("interest") or edge.get("interest")}


# what makes two edge events one line, but for the interest they measure (the shares and the votes)
_ALIKE = ("date", "event", "type", "source", "target", "document_id")


def _one_line_per_event(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ownership events that differ only in their interest ("52% of the voting rights", "25–50%
    of the shares", both from the same day) as one row naming both, in the order first seen."""
    out: dict[tuple[str, ...], dict[str, Any]] = {}
    for i, r in enumerate(rows):
        key = tuple(str(r.get(k)) for k in _ALIKE)
        if r.get("source") and r.get("event") in ("began", "ended") and key in out:
            out[key]["alike"].append(r)
            continue
        out[key if key not in out else (*key, str(i))] = {**r, "alike": [r]}
    return list(out.values())


# the events a question's words ask about, shown first ("when was X renamed": the rename, not
# the first eight events by date)
_ASKED: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (re.compile(r"\brenam\w*|\bname\b|\bcalled\b|\bf\.?k\.?a\b", re.I), re.compile(r"name|renam", re.I)),
    (re.compile(r"\bmerg\w*|\babsorb\w*|\btak(?:en|e|ing)\s+over\b|\bspin\w*|\bdemerg\w*", re.I),
     re.compile(r"merg|absorb|spin|acqui|demerg", re.I)),
    (re.compile(r"\bsanction\w*|\bdesignat\w*|\blisted\b", re.I), re.compile(r"sanction", re.I)),
    (re.compile(r"\bcorrect\w*|\brestat\w*|\bamend\w*", re.I), re.compile(r"correct", re.I)),
    (re.compile(r"\bdissol\w*|\bstruck\s+off|\bliquidat\w*|\bceased?\b", re.I), re.compile(r"dissol|ceased|retired|liquid", re.I)),
)


def _asked_first(question: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows the question's words ask about first, the others after, each in date order."""
    wanted = [ev for words, ev in _ASKED if words.search(question)]
    if not wanted:
        return rows
    hit = [r for r in rows if any(ev.search(f"{r.get('event') or ''} {r.get('type') or ''}") for ev in wanted)]
    return hit + [r for r in rows if not any(r is h for h in hit)]


def compose(p: Parts) -> str:
    res = p.result
    who = p.subject + (f" and {p.other}" if p.other else "")
    rows = _one_line_per_event(_asked_first(getattr(p.ctx, "question", "") or "", list(p.result.rows)))
    parts = [f"{r['date'] or 'date not stated'}: {event_text(r)}"
             f"{', ' + r['document_id'] if r.get('document_id') else ''} "
             f"{cites(p.ctx, *(k for k in (r.get('source'), r.get('target')) if k)) if r.get('source') else ''}".rstrip()
             for r in rows[:MAX_ROWS]]
    more = f" (and {len(rows) - MAX_ROWS} more)" if len(rows) > MAX_ROWS else ""  # counted after the merge
    today = getattr(p.ctx, "today", None)  # the session's day, where the caller gave one
    day = (today if p.ctx.known_now and today else res.clock.known_at.date()).isoformat()
    return f"Events of {who}, {_known_words(p.ctx.known_now, day)}: " + "; ".join(parts) + more + "."


def _known_words(now: bool, day: str) -> str:
    """The knowledge date an answer used, in words: the default (everything published up to now)
    said as such, on the session's day, a date asked as the date it was known on."""
    return f"as recorded up to today ({day})" if now else f"as known on {day} (only what was published by then)"


NOTHING = "The graph records no dated event of {subject} as known on {d}."

STRATEGY = KindStrategy(EVENTS, PRECEDENCE, RULE, SLOTS, run, found, compose, NOTHING)
