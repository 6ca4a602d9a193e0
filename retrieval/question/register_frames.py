"""The question inside a written register's fixed frame (issue 30: analysts' own words).

Some registers wrap every request in the same frame, whose words are no part of what is asked:

- acceptance criteria: "Given X [as the investor], when the date is D, then each company it holds
  is listed." The "when" of the frame states a condition, it asks no "when did"; the question is
  the "then" clause about the "given" party, under the "when" condition;
- user stories: "As a credit analyst I want the stake of A in B as of D so that I can check the
  threshold." The want is the question; the purpose after "so that" only says why;
- parliamentary written questions: "To ask the Chancellor of the Exchequer, which persons held
  shares in X"; the office asked is no part of the question;
- message slips and reported speech: "Msg from Tom (Credit): he asks which people own X",
  "Voicemail from Sofia in Ops: she wants to know if ...". The slip's header says who called,
  "he asks" / "she wants to know if" frame what was asked ("he wants to know if it was ..." is
  "was it ...").

Each frame is read by its shape; the text comes back with the frame's words left out (before the
working copy is made), and a note says which frame was read.
"""

from __future__ import annotations

import re

__all__ = ["without_register_frames"]

_I = re.I
# "AC14: Given X, when the date is D, then ..." ("AC14:" is a lead-in: ``lead_in``)
_GIVEN = re.compile(r"\bgiven\s+(?P<given>[^;]+?),?\s+when\s+(?P<when>[^;]+?),?\s+then\s+(?P<then>.+)$", _I)
_GIVEN_THEN = re.compile(r"\bgiven\s+(?P<given>[^;]+?),?\s+then\s+(?P<then>.+)$", _I)
# "As a portfolio analyst(,) I want ... so that ..." / "As an ops analyst, I need ..."
_STORY = re.compile(r"^(?P<head>.*?)\bas\s+(?:a|an|the)\s+[\w -]{2,40}?,?\s+(?:i|we)\s+(?:want|need|would\s+like|'d\s+like)"
                    r"\s+(?:to\s+(?:see|have|get|know|view|be\s+shown)\s+)?(?P<want>.+?)(?:,?\s+(?:so\s+that|in\s+order\s+to)\b.*)?$", _I)
# "Msg from Ben from Treasury:", "Voicemail from Sofia in Loans Ops:", "Message from Jonas (Ops) -"
_SLIP = re.compile(r"^\s*(?:(?:phone\s+|tel(?:ephone)?\s+)?(?:msg|message|voicemail|vm|call(?:\s+note)?|missed\s+call)|"
                   r"while\s+you\s+were\s+out)\b[^:\n]{0,60}?:\s*(?=\S)", _I)
# "he asks which ...", "she wants to know if ...", "they need ...", "he'd like to know whether ..."
_REPORTED = re.compile(r"(?:^|(?<=[.?!:;]\s))\s*(?:he|she|they|caller|(?:a|the|our|one)\s+(?:client|customer|caller|colleague|"
                       r"regulator|reporter|journalist|auditor|user|supervisor|investor))\s+(?:(?:also|just)\s+)?"
                       r"(?:asks?|asked|wants?|wanted|needs?|needed|would\s+like|'d\s+like|is\s+asking|was\s+asking)"
                       r"(?:\s+to\s+(?:know|check|confirm|find\s+out|see))?(?:\s+(?P<whether>whether|if))?\s+", _I)
# a clause that reported speech turns around: "it was before ..." -> "was it before ..."
_TURNED = re.compile(r"^(?P<subj>it|this|that|they|there)\s+(?P<verb>was|were|is|are|has|had|did)\b", _I)


def _given(text: str) -> tuple[str, list[str]]:
    m = _GIVEN.search(text) or _GIVEN_THEN.search(text)
    if m is None:
        return text, []
    parts = [m.group("given"), *([m.group("when")] if "when" in m.groupdict() else []), m.group("then")]
    return text[:m.start()] + ", ".join(p.strip().rstrip(",") for p in parts), ["an acceptance criterion: read its 'then' about its 'given'"]


def _story(text: str) -> tuple[str, list[str]]:
    m = _STORY.match(text)
    if m is None:
        return text, []
    want = m.group("want").rstrip(" .")
    return m.group("head") + want, ["a user story: read its want, not its purpose"]


def _reported(sentence: str) -> str:
    m = _REPORTED.search(sentence)
    if m is None:
        return sentence
    rest = sentence[m.end():]
    turned = _TURNED.match(rest) if m.group("whether") else None
    if turned:  # "if it was before ..." -> "was it before ...?"
        rest = f"{turned.group('verb')} {turned.group('subj')}{rest[turned.end():]}".rstrip(" .") + "?"
    return sentence[:m.start()] + (" " if m.start() else "") + rest


def _slip(text: str) -> tuple[str, list[str]]:
    m = _SLIP.match(text)
    reported = _REPORTED.search(text)
    if m is None and reported is None:
        return text, []
    body = text[m.end():] if m else text
    out: list[str] = []
    for sentence in re.split(r"(?<=[.?!])\s+(?=\S)", body):
        said = _reported(sentence)
        if out and out[-1].endswith("?") and said.endswith("?") and said != sentence:
            out[-1] = out[-1][:-1] + " -"  # "when did X buy Y? He wants to know if it was before D." -> one question
        out.append(said)
    joined = " ".join(out)
    return joined, ["a message slip: read what the caller asked"] if joined != text else []


# a parliamentary written question: "To ask the Chancellor of the Exchequer, which ...", "To ask His
# Majesty's Government what ...": the office asked is no part of the question; "what information
# his Department holds on X" asks for X
_ADDRESSED = re.compile(r"^\s*to\s+ask\s+(?:the\s+|his\s+|her\s+)?(?P<office>[^,?]{3,90}?)(?:,\s*|\s+(?=(?:what|which|who|whether|how|when|if)\b))", _I)
_INFORMATION_HELD = re.compile(r"^what\s+(?:information|data|records?)\s+(?:his|her|the|their|its)\s+(?:department|ministry|office)\s+"
                               r"(?:holds|has|keeps)\s+(?:on|about|regarding)\s+", _I)


def _addressed(text: str) -> tuple[str, list[str]]:
    m = _ADDRESSED.match(text)
    if m is None:
        return text, []
    body = _INFORMATION_HELD.sub("what are ", text[m.end():])
    return body, [f"a written question to {m['office'].strip()}: read what it asks"]


# an illustration with placeholder letters: "(A owns B, which in turn owns A)"
_LETTER = r"(?<![.\w&'-])[A-Z](?![.\w&'-])"
_ILLUSTRATION = re.compile(rf"\s*\((?=[^()]*{_LETTER}[^()]*\s\w+\s[^()]*{_LETTER})[^()]{{3,120}}\)")


def _illustration(text: str) -> tuple[str, list[str]]:
    out = _ILLUSTRATION.sub("", text)
    return out, ["an illustration with placeholder letters left out"] if out != text else []


def without_register_frames(text: str) -> tuple[str, list[str]]:
    """``text`` without a register's frame (see the module's doc), and notes on what was read."""
    notes: list[str] = []
    for step in (_addressed, _slip, _story, _given, _illustration):
        text, said = step(text)
        notes += said
    return text, notes
