"""The question inside a pasted message (issue 30): an analyst forwards an e-mail whose question
is quoted (`> who lends to X?`, or a line in quotation marks) between greetings, signatures,
disclaimers ("This e-mail is confidential", "Sent from my iPhone") and forwarded-message headers
(`From:`, `Subject:`, `-----Original Message-----`). Lines that are e-mail furniture are dropped;
where the message quotes a question, the quote is the question. Works on the raw text's lines,
before they are joined: a one-line question is returned as it is."""

from __future__ import annotations

import re
from ownergraph.retrieval.question.work_text import MON

__all__ = ["message_question"]

_I = re.I
_HEADER = re.compile(r"^\s*(?:from|to|cc|bcc|sent|date|subject|re|fw|fwd)\s*:", _I)
# a reply's or forward's subject: the message's question where only a greeting stands before it
_SUBJECT = re.compile(r"^\s*(?:(?:re|fw|fwd|aw|wg|tr)\s*:\s*)+(?=\S.*\s\S+\s\S)|^\s*subject\s*:\s*(?=\S.*\s\S+\s\S)", _I)
_SEPARATOR = re.compile(r"^\s*(?:-{2,}|_{3,}|={3,}).*$|^\s*(?:begin\s+)?forwarded\s+message\b.*$|original\s+message", _I)
_FURNITURE = re.compile(
    r"\bconfidential\b|\bintended\s+recipient\b|\bscanned\s+for\s+viruses\b|\bsent\s+from\s+my\b|\bdisclaimer\b|"
    r"\bplease\s+consider\s+the\s+environment\b|\bunsubscribe\b|^\s*(?:[mtfe]|tel|mob|mobile|phone|email)\s*[:.]\s*[+\d(]", _I)
_QUOTE_MARK = re.compile(r"^\s*>+\s?")
# a quoted sentence (five words or more, ending as a sentence ends) is a quoted question, not a name
_QUOTED_SENTENCE = re.compile(r"[\"\u201c](?P<q>(?:[^\"\u201c\u201d\s]+\s+){4,}[^\"\u201c\u201d]*?[?.!])[\"\u201d]")


def _kept(lines: list[str]) -> list[str]:
    """The lines that are not e-mail furniture; a forwarded header ends the message's own text."""
    out: list[str] = []
    for line in lines:
        if _SUBJECT.match(line) and not any(len(k.split()) > 3 or "?" in k for k in out):
            out.append(_SUBJECT.sub("", line))  # "Morning all, / RE: X - UBOs": a subject line, the question
            continue
        if _SEPARATOR.search(line) or _HEADER.match(line):
            break
        if not _FURNITURE.search(line):
            out.append(line)
    return out


def _ends_as_a_name(quoted: str) -> bool:
    """A quoted name whose legal form ends in a full stop ("Vernaton & Pelifield Systems S.à r.l.",
    "… Holdings Ltd.") ends no sentence: it is a name in quotation marks, not a quoted question."""
    if quoted.endswith("?"):
        return False
    last = quoted.split()[-1]
    return "." in last[:-1] or bool(_ABBREVIATION.search(last))


def message_question(text: str) -> str:
    """The question a pasted message asks: its quoted lines (``>`` or a line in quotation
    marks) where it quotes one, else its lines without headers, separators and disclaimers;
    a ticket's description (its summary where it has none), without the ticket's metadata; a
    subject line, a to-do item or a numbered request without its prefix and @mentions."""
    text = _ticket_text(text)
    text = strip_prefixes(text)
    quoted = _quoted_line(text)
    if quoted is not None:  # a line that quotes the question, a name quoted inside it
        return quoted
    text = without_outer_quotes(text)
    sentences = [q for q in _QUOTED_SENTENCE.findall(text) if not _ends_as_a_name(q)]
    if len(sentences) == 1:
        return sentences[0]
    lines = text.splitlines()
    if len(lines) < 2:
        return text
    kept = _kept(lines)
    quoted = [_QUOTE_MARK.sub("", ln) for ln in kept if _QUOTE_MARK.match(ln)]
    if quoted and any(q.strip() for q in quoted):
        return " ".join(q.strip() for q in quoted if q.strip())
    return "\n".join(kept) if kept else text


# a whole question in quotation marks (after a label or colon) that quotes a name inside itself:
# '"Who owns "X"?"', 'The client asked: “who lends to “X” today?”'
_OUTER = re.compile(r"^(?P<head>(?:[^\"\u201c\n]*[:\u2013\u2014-]\s*)?)[\"\u201c](?P<body>[^\n]*)[\"\u201d](?P<tail>[\s.?!]*)$")
_INNER_OPEN = re.compile(r"(?:^|(?<=[\s(]))[\"\u201c]")


def _quoted_line(text: str) -> str | None:
    """In a message of several lines, the one line that is a question in quotation marks with a
    name quoted inside it (as a quoted sentence is the question: ``_QUOTED_SENTENCE``)."""
    lines = text.split("\n")
    if len(lines) < 2:
        return None
    found = [un for line in lines if line.lstrip()[:1] in "\"\u201c" and (un := without_outer_quotes(line)) != line]
    return found[0].strip() if len(found) == 1 else None


def without_outer_quotes(text: str) -> str:
    """``text`` without the quotation marks around it where a name is quoted inside them (the
    inner quotes stay: they set off the name); otherwise ``text`` as it is."""
    if "\n" in text:
        return "\n".join(without_outer_quotes(line) for line in text.split("\n"))
    m = _OUTER.match(text.strip())
    if m is None:
        return text
    body = m.group("body")
    marks = [c for c in body if c in "\"\u201c\u201d"]
    first = re.search(r"[\"\u201c\u201d]", body)
    if not marks or len(marks) % 2 or first is None or not _INNER_OPEN.match(body, first.start()) or \
            len(body.split()) < 3:
        return text
    return m.group("head") + body + m.group("tail")


# -- tickets, subject lines, to-do items, numbered requests --------------------------------------

# a ticket's fields: what it asks (the description states it whole; the summary is its title)
_ASKING_FIELD = re.compile(r"^\s*(?P<label>summary|short\s+description|title|subject|description|details|"
                           r"request|question|body|issue|task)\s*:\s*(?P<value>.*)$", _I)
# fields that only file the ticket: their dates and words are no part of the question
_META_FIELD = re.compile(r"^\s*(?:priority|severity|urgency|impact|component|components|labels?|tags?|assignee|"
                         r"assigned\s+to|reporter|requester|raised\s+by|opened(?:\s+by)?|created(?:\s+by)?|updated|"
                         r"modified|resolved|closed|due(?:\s+date)?|status|state|type|issue\s+type|category|"
                         r"sub-?category|queue|team|group|sprint|epic|story\s+points|ticket|ref(?:erence)?|id|"
                         r"environment|watchers?|channel|sla)\s*:", _I)


def _ticket_text(text: str) -> str:
    """A ticket (JIRA, ServiceNow ...: ``Summary:`` / ``Description:`` lines among metadata
    such as ``Priority:`` and ``Opened: <date>``): its summary and description without their
    labels (the title often names the topic: "UBO determination", "Group perimeter"), without
    the metadata lines; text that is no ticket is returned as it is."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    asking = [m for ln in lines if (m := _ASKING_FIELD.match(ln))]
    meta = [ln for ln in lines if _META_FIELD.match(ln)]
    if not asking or (len(asking) < 2 and not meta):
        return text
    kept = []
    for ln in lines:
        m = _ASKING_FIELD.match(ln)
        if m:
            kept.append(m.group("value").strip())
        elif not _META_FIELD.match(ln):
            kept.append(ln.strip())
    return "\n".join(k for k in kept if k)


# what stands in front of the question itself: reply/forward marks and ticket keys of a subject
# line, check boxes and bullets of a to-do list, the number of a request's paragraph
_PREFIX = re.compile(
    r"^\s*(?:(?:re|fw|fwd|aw|wg|tr)\s*(?:\[\d+\])?\s*:\s*|\[(?:ext(?:ernal)?|internal|secure|urgent|[A-Z][A-Z0-9]{1,9}-\d+)\]\s*|"
    r"[A-Z][A-Z0-9]{1,9}-\d+\s*[:\-\u2013]?\s+|(?:INC|REQ|RITM|CHG|TASK)\d{4,}\s*[:\-\u2013]?\s*|"
    r"(?:[-*\u2022+]\s*)?\[[ xX/-]?\]\s*|[\u2610\u2611\u2612\u25a1\u25a2]\s*|(?:to-?do|action|ask|ai)\s*:\s*|"
    r"(?:(?:request|item|question|paragraph|para|section|point|query|q)\s*)?(?:\d+(?:\.\d+)*|[ivx]+)?"
    r"(?:\s*\((?:[a-z]|[ivx]+|\d+)\))?(?<=\w|\))\s*[:.)]\s+(?=\S)|"
    r"\((?:[a-z]|[ivx]+|\d+)\)\s+|\d+(?:\.\d+)+\s+)+", _I)
# "@H1-25", "@today", "@ prior YE", "@jun-24": a date after "@" (as at), not a chat mention
_DATE_AFTER_AT = (rf"(?!(?:{MON})(?:\b|[-']?\d)|[HQ][1-4]|[1-4][HQ]|(?:today|tdy|now|yday|ye|fy|fye|eoy|eoq|eom|eod|cob|prior|last|"
                  r"prev(?:ious)?|end|close|start|mid|current|latest|this|q/e|y/e|m/e)\b)")
_MENTION = re.compile(rf"(?<![\w@.])@(?=[A-Za-z]){_DATE_AFTER_AT}[\w.-]*[\w]", re.I)


# a mail system's or ticket's tag anywhere in the text ("who owns [EXT] X", "X [SECURE] as of ..."):
# no word of the question, never part of a name
_TAG = re.compile(r"\s*\[(?:ext(?:ernal)?|internal|secure|encrypt(?:ed)?|urgent|confidential|caution|warning|spam|"
                  r"suspicious|phish(?:ing)?|(?-i:[A-Z][A-Z0-9]{1,9})-\d+)\](?=\s|$|[.,;:?!])", _I)


def strip_prefixes(text: str) -> str:
    """``text`` without the prefixes of a subject line, to-do item or numbered request, and
    without chat @mentions ("@kyc"); "@" before a date stays (it means "as at")."""
    m = _PREFIX.match(text)
    if m and _not_a_name_start(text, m):
        text = text[m.end():]
    return _MENTION.sub("", _TAG.sub(" ", text))


def _not_a_name_start(text: str, m: re.Match[str]) -> bool:
    """A prefix eats no word of the question: "Q:" and "4.1" are prefixes, "Acme:" is not."""
    eaten = m.group(0).strip()
    return bool(re.search(r"[\d\[\]()\u2610-\u2612\u25a1\u25a2]|^(?:re|fw|fwd|aw|wg|tr|to-?do|action|ask|ai|request|item|"
                          r"question|paragraph|para|section|point|query|q)\b|^[-*\u2022+]", eaten, _I))


# a sentence ends at . ! ? after a word that is no abbreviation, before a capital, a name or a quote
_SENTENCE_END = re.compile(r"(?<=[\w\ue001\u241e)%][.!?])\s+(?=[A-Z\ue000\"'(\u201c])")  # \u241e: a date consumed
# in all-lower-case text a sentence starts with a word that starts sentences ("... picture. what did X
# own"), not after any full stop ("X incl. its subs")
_LOWER_SENTENCE_END = re.compile(r"(?<=[\w\ue001\u241e)%][.!?])\s+(?=(?:what|who|whom|whose|which|how|when|where|why|is|are|was|"
                                 r"were|do|does|did|has|have|can|could|would|will|should|please|pls|as|and|but|so|also|"
                                 r"i|we|our|you|list|show|give|tell|find|identify|confirm|check)\b)")
_ABBREVIATION = re.compile(r"(?:\b(?:[A-Za-z]|co|no|nos|corp|inc|ltd|plc|approx|vs|etc|e\.g|i\.e|mr|mrs|ms|dr|st|fig|ref|"
                           r"[A-Z][a-z]?\.[A-Za-z]{1,2}))\.$|(?-i:\b[A-Z][A-Za-z]{0,3})\.$", re.I)


def question_start(text: str) -> int:
    """Where the question starts in a text that puts context first ("X asked for a new line.
    Before credit looks at it, what do we hold under X?"): the last sentence that asks (ends with
    "?"), else the last sentence; 0 for a text of one sentence."""
    ends = _SENTENCE_END if re.search(r"[A-Z]", text) else _LOWER_SENTENCE_END  # all lower case: no capitals to go by
    starts = [m.end() for m in ends.finditer(text) if not _ABBREVIATION.search(text[:m.start()])]
    if not starts:
        return 0
    bounds = [0, *starts]
    said = [text[b:bounds[i + 1] if i + 1 < len(bounds) else len(text)] for i, b in enumerate(bounds)]
    asking = [b for b, s in zip(bounds, said) if "?" in s] or [b for b, s in zip(bounds, said) if _ASKING.search(s)]
    return asking[-1] if asking else bounds[-1]


# without a question mark, the sentence that asks by its words ("Pls check whether ... . Our
# consolidation tool chokes on it.": the remark after it asks nothing)
_ASKING = re.compile(r"\b(?:who|whom|whose|which|what|when|where|how|whether|is\s+there|are\s+there|check|list|show|"
                     r"identify|give|provide|confirm|tell|send|pull|find|name|state|set\s+out|trace|screen)\b", re.I)


# a question written as a form: "entity: X", "date: 30/6/24", "question: owners" (lines, bullets or "|")
_FIELD = re.compile(r"^\s*(?:[-*\u2022>]\s*)?(?P<label>[A-Za-z][A-Za-z ]{0,20}?)\s*:\s*(?P<value>\S.*?)\s*$")
_ASKS = frozenset({"question", "query", "request", "kind", "type", "ask", "q", "topic", "need", "task", "check"})
_VALID = frozenset({"date", "as of", "as at", "asof", "at", "valid", "valid at", "effective", "period", "cob"})
_KNOWN = frozenset({"known", "known at", "as known", "known on", "knowledge date", "knowledge", "as known on"})
_ENDS = {"from": "from", "to": "to", "between": "between", "and": "and"}


def form_question(text: str) -> str:
    """A form's fields as one question ("owners Harbourline Shipping Limited as of 30 June
    2024"): what it asks first, then the entities, then the dates; a text that is no form (fewer
    than two fields) is returned as it is."""
    parts = [p for line in text.splitlines() for p in line.split(" | ")]
    fields = [m for p in parts if (m := _FIELD.match(p))]
    if len(fields) < 2 or len(fields) < len([p for p in parts if p.strip()]) - 1:
        return text
    asks, names, dates = [], [], []
    for m in fields:
        label, value = m.group("label").strip().lower(), m.group("value")
        if label in _ASKS:
            asks.append(value)
        elif label in _VALID:
            dates.append(f"as of {value}")
        elif label in _KNOWN:
            dates.append(f"as known on {value}")
        elif label in _ENDS:
            names.append(f"{_ENDS[label]} {value}")
        else:
            names.append(value)
    return " ".join([*asks, *names, *dates])
