"""A question's lead-in (issue 30: generality): what an analyst writes in front of the question
itself and that asks nothing.

- a bullet or list mark: "- ", "• ", "* ", "1. ", "(a) ";
- a label that ends in a colon or a dash: "Note to self –", "Desk asks:", "Quick one -", "need:",
  "FYI:", "RE:" after a greeting line;
- a request verb with no meaning of its own: "pls confirm", "can you pull", "need", "grab".

Each held-out set brought new ones (ticket keys, "Audit query 231:", "ACTION:", "Field 3.8"), and
each was fixed by its own phrase; this reads them by their shape. A header that carries a
reference code ("L2 QC note, alert WL-582:", "For the committee (ref. RC-6841):", "Alert 5429 | L1
review pending:", "Finding draft VF-9515:") is a lead-in whatever its words, so long as they ask
nothing: its acronyms ("QC", "L2", "MV") are a workflow's, not a kind's cue words. A label is a lead-in only when
its words ask nothing: no name (masked, or a capitalised word after the first), no digit, no cue
word of any kind (``kind_cues``): "Ownership:" and "Group structure:" keep their words, they say
what is asked. The lead-in is blanked like a request frame (``request_frames``), so rules that
read the question's start ("stake A in B", "is X sanctioned") read the question's own start.
"""

from __future__ import annotations

import re

from ownergraph.retrieval.question.common_words import COMMON
from ownergraph.retrieval.question.kind_cues import cue_scores

__all__ = ["lead_in_end"]

_BULLET = re.compile(r"[ \t]*(?:[-*\u2022\u00b7\u25aa\u25e6+>\u2013\u2014]|\d{1,2}[.)]|\((?:[a-z]|\d{1,2})\))[ \t]+(?=\S)", re.I)
# one to four words (and an aside: "Press enquiry (the Harbour Times):"), then ":" or a dash with a space after it
_LABEL = re.compile(r"[ \t]*(?P<label>[^\W\d_][\w'\u2019]*(?:[ \t]+[^\W\d_][\w'\u2019]*){0,3})(?:[ \t]*\([^()\n]{1,40}\))?"
                    r"(?:[ \t]*:|[ \t]+[-\u2013\u2014])[ \t]+(?=\S)")
_VERB = re.compile(r"[ \t]*(?:(?:pls|please|plz|kindly|quickly|just|can\s+(?:you|u|someone)|could\s+(?:you|u|someone))[ \t]+)*"
                   r"(?:confirm|check|pull(?:\s+up)?|get(?:\s+me)?|grab|fetch|need|send(?:\s+me)?|give\s+me|"
                   r"vouch|re-?perform|inspect|obtain)"
                   r"(?:[ \t]*:|[ \t]+[-\u2013\u2014])?[ \t]+(?=\S)", re.I)
# a numbered label: words that ask nothing and a reference ("Sample 37:", "Test step T92 -", "AC14:",
# "Sample 11, attribute A:"); a quarter, half or year ("Q2 2024:", "FY24 -") is a date, not a reference
_REF = r"(?!(?:[QH][1-4]|FY\d|CY\d|YE\d)\b)(?:[A-Z]{1,4}-?)?\d{1,3}[a-z]?\b|[A-Z]\b"
# ("Underwriter question, submission 30:", "Investigation note (alert 3612):": a comma or an aside)
_NUMBERED = re.compile(rf"[ \t]*(?P<label>(?:[^\W\d_][\w'\u2019]*,?[ \t]+){{0,3}})(?:\((?P<aside>(?:[^\W\d_]+[ \t]+){{0,2}}){_REF}\)|{_REF})"
                       rf"(?:[ \t]*,[ \t]*(?P<more>(?:[^\W\d_][\w'\u2019]*[ \t]+){{1,3}})(?:{_REF}))?"
                       r"(?:[ \t]*:|[ \t]+[-\u2013\u2014])[ \t]+(?=\S)")
# words that make a label on their own (the short ones no dictionary word list has)
_LEAD_WORDS = frozenset("""re fw fwd fyi nb ps q qn ask asks asked note notes reminder todo to-do action update urgent
quick question query request follow followup follow-up up self desk team pls need needs needed also another one more
check confirm thx thanks hi hello sample test step attribute item ac criterion criteria acceptance scenario
interviewer interview panel candidate handover still open press enquiry inquiry
underwriter underwriting submission investigation alert case clarification bidder""".split())


# a reference code: letters, a dash and digits ("WL-582", "RC-6841", "C-4784"), letters run into
# digits ("SQ475"), or a bare number of 3 to 6 digits that is no year ("5429")
_CODE = re.compile(r"\b(?:[A-Z]{1,4}-\d{1,6}|[A-Z]{1,4}\d{3,6}|(?!(?:19|20)\d\d\b)\d{3,6})\b")
# an acronym or code of a workflow, read as no word: "QC", "L2", "MV", "ref."
_ACRONYM = re.compile(r"\b(?:[A-Z]{1,4}\d?|ref|no)\b\.?|#")
# up to ten words, asides and "|" before a colon: the header's span (a question mark or a name ends it)
_HEADER = re.compile(r"[ \t]*(?P<label>[^:?\n\ue000\u241e]{2,90}?)[ \t]*:[ \t]+(?=\S)")


# a speaker's label before a greeting or thanks ("Q - Kenji Mori, Harbourview Partners: Good morning.",
# "Anna Berg (Desk 4): Thanks for taking my question."): whoever asks is no part of the question
_SPEAKER = re.compile(r"[ \t]*(?P<label>[^:?\n\ue000\u241e]{2,80}?)[ \t]*:[ \t]+(?=(?:good\s+(?:morning|afternoon|evening|day)|"
                      r"thanks|thank\s+you|hi|hello|hey|morning|afternoon|evening|congratulations|greetings)\b)", re.I)


def _speaker_end(text: str, start: int) -> int | None:
    """The end of a speaker's label at ``start`` (None when there is none): up to eight words, no
    question in them."""
    m = _SPEAKER.match(text, start)
    if m is None or len(m.group("label").split()) > 8 or max(cue_scores(m.group("label")).values(), default=0) > 1:
        return None
    return m.end()


def _header_end(text: str, start: int) -> int | None:
    """The end of a header with a reference code at ``start`` (None when there is none)."""
    m = _HEADER.match(text, start)
    if m is None or not _CODE.search(m.group("label")):
        return None
    words = _ACRONYM.sub(" ", _CODE.sub(" ", m.group("label")))
    if len(words.split()) > 10 or max(cue_scores(words).values(), default=0) > 1:
        return None  # (one weak cue word, "disposition", asks nothing on its own)
    if any(w[:1].isupper() for w in re.findall(r"[^\W\d_]+", words)[1:]):
        return None  # "Valtora Investments Ltd 2024:" names what is asked about
    return m.end()


# a header that says what the question is for ("For our issuer-level ESG data review:", "Controversy
# screen follow-up:"), then the question itself, opening with a question word or a request verb
_TOPIC = re.compile(r"[ \t]*(?P<label>[^:?\n\ue000\u241e]{2,80}?)[ \t]*:[ \t]+(?=(?:which|what|who|whom|whose|how|when|where|"
                    r"of\s+which|by\s+what|in\s+which|to\s+whom|is|are|was|were|did|does|do|has|have|had|can|could|"
                    r"please|list|name|identify|give|show|provide|state)\b)", re.I)


def _topic_end(text: str, start: int) -> int | None:
    """The end of a header before the question itself at ``start`` (None when there is none): up
    to ten words, no name, no cue word of any kind (a topic, "ESG data review", "engagement file", may
    be anything; "Ownership:", "Group structure:", "data-quality flag:" say what is asked and stay)."""
    m = _TOPIC.match(text, start)
    if m is None or len(m.group("label").split()) > 10 or any(cue_scores(m.group("label").replace("-", " ")).values()):
        return None
    if re.search(r"\d", m.group("label")):
        return None  # "Results 2024:" dates what is asked (a reference code is ``_header_end``'s)
    if any(w[:1].isupper() for w in re.findall(r"[^\W\d_]+", _ACRONYM.sub(" ", m.group("label")))[1:]):
        return None  # "Ivan Petrov -> Acme Ltd: how?" names what is asked about
    return m.end()


def _asks_nothing(label: str) -> bool:
    """A label's words are a lead-in's: lower case after the first word, known words, no cue word."""
    words = label.split()
    if any(w[:1].isupper() for w in words[1:]) and not label.isupper():
        return False  # "Valtora Investments Ltd:" is a name
    folded = [w.lower().strip("'\u2019,") for w in words]
    if not all(w in _LEAD_WORDS or w in COMMON for w in folded):
        return False
    return not any(cue_scores(label).values())


def lead_in_end(text: str, start: int = 0) -> int:
    """Where the question starts after the lead-ins at ``start`` (``start`` itself when none),
    never past the text's last word."""
    end = start
    for _ in range(4):  # "- Note to self – pls confirm: ..."
        m = _BULLET.match(text, end) or _VERB.match(text, end)
        if m is None:
            m = _LABEL.match(text, end)
            if m is not None and not _asks_nothing(m.group("label")):
                m = None
        if m is None and (header := _header_end(text, end) or _speaker_end(text, end) or _topic_end(text, end)) is not None:
            end = header
            continue
        if m is None:
            m = _NUMBERED.match(text, end)
            if m is not None and not all(_asks_nothing(w) for w in (m.group("label"), m.group("aside") or "", m.group("more") or "")
                                         if w.strip()):
                m = None
        if m is None or not re.search(r"\w", text[m.end():]):
            break
        end = m.end()
    return end
