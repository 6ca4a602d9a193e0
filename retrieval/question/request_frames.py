"""The question inside a request (issue 30: conversational and wordy questions): greetings,
context, request frames ("could you let me know", "I need to know", "can you check whether",
"I'd be grateful if you could") and sign-offs ("many thanks", "could you let me know?") are
blanked out, so the kinds' rules and slots read the question itself: "Hello, for the credit
file I need to know who lends to X. Thanks" reads as "who lends to X".

Blanking keeps every span's place (spaces of the same length), and keeps the names masked in
the part blanked ("For X's file, could you list the companies it owns": "it" is X)."""

from __future__ import annotations

import re

from ownergraph.retrieval.question.lead_in import lead_in_end
from ownergraph.retrieval.question.work_text import PH_RE

__all__ = ["blank_frames", "frame_end", "question_body"]

_I = re.I
_POLITE = r"(?:(?:please|kindly|just|quickly|also|maybe|perhaps|possibly)\s+)*"
_FIND = (r"(?:let\s+(?:me|us)\s+know|tell\s+(?:me|us)|confirm|check(?:\s+(?:for\s+me|on|up\s+on))?|find\s+out|"
         r"look\s+up|look\s+into|work\s+out|figure\s+out|clarify|advise(?:\s+(?:me|us))?(?:\s+on)?|establish|"
         r"verify|determine|understand|know|see|ascertain|get\s+a\s+(?:sense|view|picture)\s+of|"
         r"help\s+(?:me|us)\s+(?:to\s+)?(?:understand|find\s+out|work\s+out|see|check|confirm)|"
         r"(?:have|take)\s+a\s+look\s+(?:at\s+)?)")
# what a request may do besides asking: the verb stays ("list the companies it owns")
_DO = (r"(?=(?:list|show|set\s+out|give|identify|provide|pull|run|map|send|share|summari[sz]e|describe|explain|"
       r"outline|trace|screen|walk\s+(?:me|us)\s+through|produce|prepare|compile|confirm\s+the|check\s+the)\b)")
_YOU = rf"(?:could|can|would|will|might)\s+(?:you|someone|anyone|somebody)\s+(?:be\s+able\s+to\s+)?{_POLITE}"
_FRAMES = re.compile(
    rf"(?:{_YOU}{_FIND}|{_YOU}{_DO}|"
    rf"\bi(?:'d|\s+would|\s+should)\s+(?:like|love|want|be\s+(?:grateful|glad|thankful|obliged))\s+"
    rf"(?:to\s+{_FIND}|if\s+you\s+(?:could|would|can)\s+{_POLITE}(?:{_FIND}|{_DO})|for\s+(?:help|a\s+steer)\s+(?:on|with))|"
    rf"\b(?:would|'d)\s+be\s+(?:grateful|glad|thankful|obliged)\s+if\s+you\s+(?:could|would|can)\s+{_POLITE}(?:{_FIND}|{_DO})|"
    rf"\b(?:i|we)\s+(?:really\s+)?(?:need|want|have|needed|wanted|must|would\s+like|'d\s+like)\s+to\s+{_FIND}|"
    rf"\b(?:i|we)(?:'m|\s+am|'re|\s+are)\s+(?:trying|looking|hoping|keen|asked|being\s+asked)\s+to\s+{_FIND}|"
    rf"\b(?:want|wants|would\s+like|need|needs|have\s+asked|has\s+asked|asked|asking)\s+(?:me\s+|us\s+)?to\s+{_FIND}|"
    rf"\b(?:have|has)\s+asked\s+(?:me\s+|us\s+)?(?=whether\b|if\b)|"
    rf"\b(?:do|does)\s+(?:you|anyone|anybody)\s+know|\b(?:i|we)\s+(?:wonder|was\s+wondering|am\s+wondering|'m\s+wondering)|"
    rf"\bany\s+idea|\b(?:please\s+)?(?:let\s+(?:me|us)\s+know|tell\s+(?:me|us))\b)"
    rf"(?:\s+(?:for\s+me|for\s+us|please))?(?:\s*,?\s*(?:whether|if)\b)?[\s:,-]*", _I)
_GREETING = re.compile(
    r"^\s*(?:(?:hello|hi|hey|hiya|greetings|dear\s+(?:team|all|colleagues?|sir|madam)|good\s+(?:morning|afternoon|evening|day)|"
    r"morning|afternoon|quick\s+(?:one|question|check|q)|one\s+more|sorry\s+to\s+bother\s+(?:you|again))"
    r"(?:\s+(?:there|all|team|everyone|folks|again))?(?:\s*[,.!:;\u2013\u2014-]+\s*|\s+)|"
    r"(?:so|ok|okay|right|question|q|fyi)\s*[,.!:;\u2013\u2014-]+\s*)+", _I)
_SIGN_OFF = re.compile(
    r"(?:[\s,.;:!?\u2013\u2014-]*\b(?:(?:many\s+|massive\s+)?thanks(?:\s+(?:a\s+lot|so\s+much|very\s+much|in\s+advance|again))?|"
    r"thank\s+you(?:\s+(?:so\s+much|very\s+much|in\s+advance|again))?|(?:much\s+)?appreciated|cheers|thx|ta|"
    r"(?:kind|best|warm|many)\s+regards|regards|rgds|best(?:\s+wishes)?|asap|pls|please|with\s+(?:many\s+)?thanks|"
    r"(?:could|can|would)\s+(?:you|someone|anyone|somebody)\s+(?:please\s+)?(?:be\s+able\s+to\s+)?(?:let\s+me\s+know|"
    r"check(?:\s+(?:that|this))?|help|confirm|advise|look\s+into\s+(?:it|this|that))(?:\s+for\s+(?:me|us))?|"
    r"i(?:'d|\s+would)\s+be\s+grateful\s+for\s+(?:your|any)\s+help|if\s+(?:possible|you\s+can))[\s.!?]*)+$", _I)


# a sign-off and the writer's name after it ("Thanks, Sam", "Cheers / Priya", "Best, Nadia Ivanova")
_SIGNED = re.compile(
    r"[\s,.;:!?\u2013\u2014-]*\b(?:(?:(?:many\s+)?thanks|thank\s+you|cheers|thx|ta|(?:kind|best|warm|many)\s+regards|regards|rgds|"
    r"best(?:\s+wishes)?)\b[\s,.!/-]*)+(?-i:[A-Z][\w'.-]*)(?:[\s,/]+(?-i:[A-Z][\w'.-]*)){0,3}[\s.!]*$", _I)


# what a frame leaves when the sentence only asks for the answer's form ("What names and percentages
# would you give them?" after the question): a verb and the one to be answered, nothing asked
_ASKS_NOTHING = re.compile(r"(?:give|tell|send|show|say|answer|put|explain)(?:\s+(?:it|them|him|her|this|that|the\s+(?:client|caller|"
                           r"customer|panel|board|regulator|journalist)))*(?:\s+(?:to|for)\s+(?:them|him|her|the\s+\w+))?[\s?.!]*$", _I)


# a sentence of courtesy that asks nothing ("Good morning, and congratulations on the quarter.", "Thanks
# for taking my question."): a greeting or thanks up to its full stop
_COURTESY = re.compile(r"\s*(?:good\s+(?:morning|afternoon|evening|day)|thanks|thank\s+you|hi|hello|hey|congratulations|greetings)\b"
                       r"[^.?!\n\ue000]{0,80}[.!]\s+", _I)


# the one greeted after a greeting: one to three capitalised words and a comma, stop or dash
_VOCATIVE = re.compile(r"(?-i:[A-Z][\w'\u2019-]*(?:\s+[A-Z][\w'\u2019-]*){0,2})\s*[,.!:;\u2013\u2014-]+\s+")


def frame_end(text: str) -> int:
    """Where the question itself starts: after greetings, lead-ins (bullets, labels, bare
    request verbs: ``lead_in``), context and the last request frame that stands before it (0
    when there is none)."""
    end = 0
    g = _GREETING.match(text)
    if g:
        end = g.end()
        v = _VOCATIVE.match(text, end)  # "Hi Anna, ...", "Morning Team - ...": the one greeted
        end = v.end() if v and re.search(r"\w", text[v.end():]) else end
    end = lead_in_end(text, end)
    while (c := _COURTESY.match(text, end)) and re.search(r"\w", text[c.end():]):  # after a speaker's label
        end = c.end()
    for m in _FRAMES.finditer(text, end):
        if m.end() < len(text.rstrip(" ?.!")) and not _ASKS_NOTHING.match(text, m.end()) and \
                not _trails(text, end, m):  # a frame with something after it
            end = m.end()
            break
    return end


# what a request after the question may point back to it with ("can you check it", "send them")
# a name: masked, or (without the graph's names) a capitalised word inside a sentence
_NAMED = re.compile(rf"{PH_RE.pattern}|(?<=[a-z,]\s)(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b)(?-i:[A-Z][a-z]+)")
_BACK = re.compile(r"\b(?:it|its|they|them|their|he|him|his|she|her|this|that|these|those)\b", _I)


def _trails(text: str, start: int, frame: re.Match[str]) -> bool:
    """A request after the question that names nothing of it ("who owns X as of D? Can you send the
    numbers EOD", "how does A connect to B ... can you walk me through each company"): the
    question stands before it, with its names; the request only asks for the answer's form."""
    after = text[frame.end():_sign_off_start(text, frame.end())]
    return bool(_NAMED.search(text[start:frame.start()])) and not _NAMED.search(after) and not _BACK.search(after)


# a sentence after the question that only says what the answer is for ("Auditors want it for the IC
# loan file.", "We need this for the credit memo by Friday."): its words ("loan", "credit") are no
# question's, so it is blanked with the sign-off
_PURPOSE = re.compile(r"(?<=[?.!])\s+(?:(?:the\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?|i|we|they|he|she)\s+(?:really\s+)?"
                      r"(?:wants?|needs?|needed|wanted|requires?|required|asked\s+for|asks\s+for|(?:is|are)\s+asking\s+for)\s+"
                      r"(?:it|this|that|them|these|those|the\s+(?:figures?|numbers?|answer|info(?:rmation)?|data|details))\s+"
                      r"(?:for|by|before|ahead\s+of|in)\b[^.?!\ue000]{0,80}(?:[.!]\s*|$)", _I)


def _sign_off_start(text: str, start: int) -> int:
    stop = _sign_off_start_alone(text, start)
    purpose = _PURPOSE.search(text[:stop], start)
    if purpose and re.search(r"\w", text[start:purpose.start()]) and not re.search(r"[?\ue000]", text[purpose.end():]):
        return purpose.start()
    return stop


def _sign_off_start_alone(text: str, start: int) -> int:
    found = [m.start() for rx in (_SIGN_OFF, _SIGNED) if (m := rx.search(text, start)) and m.start() > start]
    return min(found, default=len(text))


def question_body(text: str) -> str:
    """``text`` without its greeting, lead-ins, request frame and sign-off (a filter-shaped
    question is read on this)."""
    return " ".join(blank_frames(text, keep_names=False)[0].split())


def blank_frames(text: str, *, keep_names: bool = True) -> tuple[str, bool]:
    """``text`` with the request around its question blanked by spaces (names masked in the
    blanked part kept, when ``keep_names``); and whether anything was blanked."""
    start = frame_end(text)
    stop = _sign_off_start(text, start)
    if start == 0 and stop == len(text):
        return text, False
    head = text[:start]
    kept = "".join(m.group(0) if keep_names and PH_RE.fullmatch(m.group(0)) else " " * len(m.group(0))
                   for m in re.finditer(rf"{PH_RE.pattern}|[^\ue000]+|\ue000", head))
    return kept + text[start:stop] + " " * (len(text) - stop), True
