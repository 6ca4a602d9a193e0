"""Deterministic question parser: text -> :class:`retrieval.question.model.Question`.

Steps, each on a working copy of the text where consumed spans are replaced by a boundary
mark (``SEP``) so that later steps do not read them again:

1. mask quoted names and LEIs (placeholders, restored verbatim in the anchors), and the graph's
   own names where the caller gives them (``Ownergraph.read``: its gazetteer);
2. dates with the cue in front of them (``as of`` -> valid time, ``as known at`` / ``as we
   knew it on`` / ``with what was known at`` -> knowledge time, ``between/from/since ... and/to``
   -> a range), then hop counts, thresholds and rules, contagion channels, the portfolio;
3. the question inside a request (``request_frames``: greetings, "could you let me know",
   sign-offs blanked); the family (``pattern``) from keyword rules tried in a fixed order (first
   match wins), then the kinds' cue words (``kind_cues``) where no rule matched or the rule
   that did has few of its kind's words;
4. anchors from per-family slot patterns ("beneficial owner of X", "A's stake in B",
   "if X defaults", "between A and B", ...), then generic fallbacks (quoted names, LEIs,
   names with a legal suffix, "the X family");
5. pronouns: a slot that is a pronoun, or a question without any anchor that uses one, is a
   follow-up.

The parser never guesses a family: anything that matches no rule and no kind's cue words surely is
``unknown``.

Modules: ``_parse_text`` (shared constants, the working copy, step 1), ``_parse_dates`` (2a),
``_parse_params`` (2b), ``_parse_patterns`` (3 and the slot patterns per kind),
``_parse_anchors`` (4, 5); this one runs them in order. Kind, rule and channel names come
from ``graph.vocabulary``.
"""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING

from ownergraph.domain.vocabulary import (
    BLOCKED_RULE, BRANCHES, DIFF, EXPOSURE, HOLDINGS, KINDS, OWNERS, PARENTS, PATH, SANCTIONS_NEAR, SCREENING, STAKE, UNKNOWN,
)
from ownergraph.retrieval.question.anchors import ELLIPSIS, Anchors, clean, fallback, slots
from ownergraph.retrieval.question.dates import DATE_NAMED_CUE, DateHit, assign_dates, find_dates
from ownergraph.retrieval.question.params import read_channels, read_depth, read_portfolio, read_rules
from ownergraph.retrieval.question.kind_cues import OUR_POSITIONS, SURE, TURNOVER, best_kind, cue_scores, kind_by_cues, overruled, refined
from ownergraph.retrieval.question.kind_words import kind_by_command, kind_by_phrase
from ownergraph.retrieval.question.kind_model import guess_kind
from ownergraph.retrieval.question.patterns import family
from ownergraph.retrieval.question.slots import VOTING_RE
from ownergraph.retrieval.question.request_frames import blank_frames, question_body
from ownergraph.retrieval.question.abbreviations import expand
from ownergraph.retrieval.question.contractions import without_contractions
from ownergraph.retrieval.question.code_text import code_question
from ownergraph.retrieval.question.message_text import form_question, message_question, question_start
from ownergraph.retrieval.question.spelling import correct_words
from ownergraph.retrieval.question.spoken_text import spoken_forms
from ownergraph.retrieval.question.translated_words import plain_english
from ownergraph.retrieval.question.defined_terms import without_defined_terms
from ownergraph.retrieval.question.register_frames import without_register_frames
from ownergraph.retrieval.question.spoken_dates import spoken_dates_in_digits
from ownergraph.retrieval.question.work_text import (
    MASK_WORD, MAX_CHARS, PH_OPEN, PH_RE, PRONOUNS, SEP, Work, mask_known_names, mask_names, quoted,
)
from ownergraph.retrieval.kinds import BY_PRECEDENCE
from ownergraph.retrieval.question.model import Mention, Question
from ownergraph.domain.vocabulary import COUNTERPARTIES, GROUP
from ownergraph.domain.vocabulary import EVENTS  # issue 30 item 3: an event question's compared date
from ownergraph.retrieval.kinds.events import COMPARED_DATE
from ownergraph.retrieval.question.gazetteer import PREFIX
from ownergraph.retrieval.question.common_words import QUESTION_WORDS
from ownergraph.retrieval.question.name_text import tokens
from ownergraph.retrieval.question.filter_form import FilterReading, read_filter
from ownergraph.retrieval.question.asked_attribute import foreign_attribute
from ownergraph.retrieval.question.role_words import without_role_words

if TYPE_CHECKING:
    from ownergraph.retrieval.question.gazetteer import Gazetteer

__all__ = ["kind_text", "parse"]

_ORDER = tuple(s.name for s in BY_PRECEDENCE)  # cue ties go to the kind tried first


_PARENT_MODS = [
    ("direct", re.compile(r"\b(?:direct|immediate)\s+(?:parent|holding|consolidat)", re.I)),
    ("ultimate", re.compile(r"\bultimate(?:ly)?\s+(?:parent|holding|consolidat|controlling\s+(?:entity|company))|\btop(?:most)?\s+"
                            r"(?:parent|entity|company)|\bgroup\s+head\b", re.I)),
    # the other way down the consolidation: X's children (subsidiaries), not its parents
    ("children", re.compile(r"\b(?:subsidiar(?:y|ies)|children|child\s+(?:entities|companies)|"
                            r"consolidated\s+(?:entities|companies|subsidiaries|subs))\b|\bdoes\b.{1,80}\bconsolidate\b|"
                            # "the entities (reported as) directly consolidated by X", "which entities X consolidates"
                            r"\b(?:entities|companies|subsidiaries|subs)\s+(?:\w+\s+){0,3}consolidated\s+by\b|"
                            # "which entities X consolidates" (not "which entities consolidate X": its parents)
                            # (past tense too: "which companies X directly consolidated"; not "which companies
                            # (have) consolidated X", its parents)
                            r"\b(?:which|what)\s+(?:entities|companies|subsidiaries|subs)\s+(?!(?:\w+\s+)?consolidat).{1,80}"
                            r"\bconsolidat(?:es?|ed)\b(?!\s+by\b)|"
                            # "whose accounts X consolidated" (not "into whose accounts was X consolidated": its parents)
                            r"(?<!into\s)\bwhose\s+(?:accounts|financial\s+statements|results)\s+(?!(?:was|were|is|are|has|had)\b)"
                            r"(?:(?!\b(?:was|were|is|are|been)\b)(?:[^.?!]|\.(?=\S|\s+[a-z]))){1,80}?\bconsolidat(?:es?|ed)\b(?!\s+(?:into|in)\b)|"
                            # "which subs roll up into X", "entities consolidated in the accounts of X"
                            # (a name after it: "which group did X roll up into for ..." asks X's parents)
                            r"\broll(?:s|ed|ing)?\s+up\s+(?:in)?to\s+(?!(?:for|at|as|of|in|on|by|under|directly|ultimately|"
                            r"which|what|whom|and|or)\b)\w|"
                            r"\bconsolidated\s+in(?:to)?\s+(?:the\s+)?(?:\w+\s+)?(?:accounts|financial\s+statements)\s+of\b|"
                            # "consolidated into those of X", "the entities it consolidates" (a pronoun for X)
                            r"\bconsolidated\s+in(?:to)?\s+those\s+of\b|"
                            r"\b(?:entities|companies|subsidiaries|subs)\s+(?:that\s+|which\s+)?(?:it|he|she|they)\s+(?:\w+\s+)?consolidat(?:es?|ed)\b", re.I)),
    ("reporting_exceptions", re.compile(r"\breporting\s+exceptions?\b|\bwhy\b.{0,40}\bno\s+parent|"
                                        r"\bparent\b.{0,30}\bnot\s+(?:published|reported|disclosed)", re.I)),
]


_VERB_GAP = re.compile(rf"\b((?:holds?|held|owns?|owned|controls?|controlled|ha[sd]|have)\s*){SEP}\s*(?:of|in)\s+", re.I)


def _modifiers(w: Work, pattern: str, q: dict) -> list[str]:
    mods: list[str] = []
    t = w.original
    if pattern == PARENTS.name:
        mods += [name for name, rx in _PARENT_MODS if rx.search(t)]
        if "direct" in mods and q.get("depth") is None:
            q["depth"] = 1
    if pattern in (STAKE.name, OWNERS.name, EXPOSURE.name):
        if re.search(r"\b(?:indirect(?:ly)?|look-?through|ultimate(?:ly)?|effective)\b", t, re.I):
            mods.append("indirect" if pattern != OWNERS.name else "ultimate")
        if re.search(r"\bdirect(?:ly)?\b(?!\s+or\s+indirect)", t, re.I) and \
                not re.search(r"\bindirect", t, re.I):
            mods.append("direct")
    if pattern == SANCTIONS_NEAR.name and re.search(r"\bdirect(?:ly)?\s+(?:connected|linked|tied|exposed|owned|adjacent)", t, re.I):
        mods.append("direct")
        if q.get("depth") is None:
            q["depth"] = 1
    if re.match(r"^\s*(?:is|are|does|do|was|were|has|have|did|can|could)\b", t, re.I) and pattern != UNKNOWN:
        mods.append("yes_no")
    return list(dict.fromkeys(mods))


# -- the working copy ---------------------------------------------------------------------------

def _normalise(text: str) -> str:
    """One line with single spaces; a typographic apostrophe inside a word ("Acme’s") is an
    apostrophe, elsewhere it closes a quote."""
    return re.sub(r"\s+", " ", re.sub(r"(?<=\w)\u2019(?=\w)", "'", text).replace("\u00a0", " ")).strip()


_SHOUTED_WORD = re.compile(r"\b[A-Z][A-Z'\u2019&.-]*\b")


def _without_shouting(text: str) -> str:
    """A question typed in capitals ("WHO OWNS HARBOURLINE SHIPPING LTD AS AT 30/6/24") in lower
    case: capitals then tell nothing about names, and "AS" is no legal form. Words with digits
    (LEIs, company numbers) stay as written."""
    letters = [c for c in text if c.isalpha()]
    if len(letters) < 12 or sum(c.isupper() for c in letters) < 0.9 * len(letters):
        return text
    return _SHOUTED_WORD.sub(lambda m: m.group(0).lower(), text)


def _working_copy(norm: str, today: date) -> Work:
    """The working copy of a normalised question, cut to MAX_CHARS: slot patterns are quadratic
    in the worst case, and a question is short."""
    truncated = len(norm) > MAX_CHARS
    if truncated:
        norm = norm[:MAX_CHARS]
    w = Work(original=norm, text=norm, today=today)
    if truncated:
        w.notes.append(f"question longer than {MAX_CHARS} characters: only its start was parsed")
    return w


def _question_dates(w: Work, dates: list[DateHit]) -> list[DateHit]:
    """Where context comes first and the question's own sentence has dates, the context's dates
    ("Our 2019 file shows a different figure than today. As known on 1 March 2019, who ...") are
    not the question's."""
    start = question_start(w.text)
    if not start or not any(h.dstart >= start for h in dates):
        return dates
    early = [h for h in dates if h.dstart < start]
    if early:
        w.notes.append("dates in the context before the question left out: "
                       + ", ".join(repr(w.text[h.dstart:h.end]) for h in early))
    return [h for h in dates if h.dstart >= start]


def _blank_request(w: Work) -> None:
    """Greetings, context, request frames and sign-offs blanked: the rules read the question
    inside the request ("could you let me know who lends to X? thanks")."""
    w.text, framed = blank_frames(w.text)
    if framed:
        w.original, _ = blank_frames(w.original, keep_names=False)
        w.notes.append(f"read the question inside the request: {quoted(w.original)}")


# -- steps 2 and 3: family and parameters ------------------------------------------------------

def _without_dates(w: Work, dates: list[DateHit]) -> str:
    probe = w.text
    for h in dates:  # a cue that calls it a date ("at the key date D") goes with it: no question for a date
        start = h.start if DATE_NAMED_CUE.search(probe[h.start:h.dstart]) else h.dstart
        probe = probe[:start] + SEP * (h.end - start) + probe[h.end:]
    return probe


def _family_without_dates(w: Work, dates: list[DateHit]) -> str:
    """The family read on the text without the date spans (a date's "between ... and" is not a
    path question), but before anything else is consumed; where context comes first, on the
    question's own sentence first."""
    probe = _without_dates(w, dates)
    start = question_start(probe)
    if start and len(re.findall(r"\w+", probe[start:])) >= 4:  # a fragment ("Within two hops?") asks no kind of its own
        own = " " * start + probe[start:]
        kind = _family_of(w, own, dates)
        settled = kind_by_phrase(without_role_words(probe)) if kind != UNKNOWN and not PH_RE.search(own) else None
        if settled not in (None, kind):
            # "X's register has someone with no percentage at all. Who is that?": a question that names
            # nothing points back; a phrase of the context that settles a kind says what it asks
            w.notes.append(f"read as a {settled} question by a phrase before it (its own sentence names nothing)")
            return settled
        if kind != UNKNOWN:
            w.notes.append("context first: the kind read on the question's own sentence")
            # the context's words may narrow it: "Imagine X defaults. Who loses money - which lenders?"
            narrower = refined(PH_RE.sub(f" {MASK_WORD} ", probe), kind) if w.kind_words else None
            if narrower:
                w.notes.append(f"read as a {narrower} question by the words around it (not {kind})")
                return narrower
            return kind
    return _family_of(w, probe, dates)


def _family_of(w: Work, probe: str, dates: list[DateHit]) -> str:
    w.kind_words = ""
    probe = without_role_words(probe)  # (first: "the ad hoc group's counsel" is whose memo, no attribute asked)
    other = foreign_attribute(probe)
    if other is not None:
        w.notes.append(f"asks for the \u201c{other}\u201d of an entity: nothing the graph records")
        return UNKNOWN
    settled = kind_by_phrase(probe)
    if settled is not None:
        return settled
    found = family(Work(original=w.original, text=probe, today=w.today, masked=w.masked))
    if found == UNKNOWN:  # a terse question: its command word
        command = kind_by_command(probe)
        if command:
            return command
    return _by_cue_words(w, PH_RE.sub(f" {MASK_WORD} ", probe), found, dates)


def _by_cue_words(w: Work, words: str, found: str, dates: list[DateHit]) -> str:
    """The kind by the kinds' cue words (synonyms, trade words; ``kind_cues``) where no rule
    matched, or where the rule that did has few of its kind's words."""
    w.kind_words = words
    if found in (UNKNOWN, PARENTS.name) and _of_a_branch(w, words):
        w.notes.append("the entity asked about is a branch: read as a branches question")
        return BRANCHES.name
    # (an events question over a range stays one, unless its two dates are set against each other)
    if found != DIFF.name and (found != EVENTS.name or any(h.compared for h in dates)) and _is_range(dates) and \
            (cue_scores(words)[DIFF.name] >= SURE or _compares(w, dates) or TURNOVER.search(words)):
        w.notes.append(f"a date range and words of change: read as a diff, not a {found} question")
        return DIFF.name
    if found == UNKNOWN:
        found = kind_by_cues(words, _ORDER) or UNKNOWN
        if found != UNKNOWN:
            w.notes.append(f"read as a {found} question by its words (no rule matched)")
            return found
        return _by_model(w, words, found, NO_KIND_P)
    other = refined(words, found) or overruled(words, found, _ORDER)
    if other:
        w.notes.append(f"read as a {other} question by its words (the {found} rule matched, but few of its words)")
        return other
    if cue_scores(words).get(found, 0) < SURE:  # a rule matched, but its kind's cues do not confirm it
        return _by_model(w, words, found, UNSURE_P)
    return found


# how sure the learned model (``kind_model``) must be to give a kind where the rules find none
# (and then only a kind with at least one of its cue words in the question),
# and to replace the kind of a rule its cues do not confirm (chosen by leave-one-set-out runs of
# ``bench.questions.train_kinds``)
NO_KIND_P = 0.5
UNSURE_P = 0.9
# as sure as this, the model's kind needs no cue word: off (leave-one-style-out +5 of 2280, but
# off-topic questions got kinds)
GATE_FREE_P = 1.01


def _by_model(w: Work, words: str, found: str, needed: float) -> str:
    guess = guess_kind(words)
    if guess is None or guess.kind == found or guess.kind not in KINDS or guess.probability < needed:
        return found
    if found == UNKNOWN and guess.probability < GATE_FREE_P and not cue_scores(words).get(guess.kind):
        # below GATE_FREE_P, never a kind without one of its words
        return found
    was = "no rule or cue matched" if found == UNKNOWN else f"the {found} rule matched, its cues unsure"
    w.notes.append(f"read as a {guess.kind} question by the kind model (p={guess.probability:.2f}; {was})")
    return guess.kind


_BRANCH_NAME = re.compile(r"\bbranch\b", re.I)
_BELONGS = re.compile(r"\bbelongs?\s+to\b|\bpart\s+of\b|\bparent\b|\blegal\s+entity\b|\bhead\b", re.I)


# "the branch X", "X, Wilmington Branch" (the name masked in parts: its quoted part first)
_BRANCH_AROUND = re.compile(rf"\bthe\s+branch\s+{PH_OPEN}|{PH_RE.pattern}\s*,\s*(?:[A-Z][\w.-]*\s+){{1,3}}Branch\b")


def _of_a_branch(w: Work, words: str) -> bool:
    """"Which legal entity does X, London Branch belong to": a name the graph gives a branch,
    asked what it belongs to (the word "branch" is inside the masked name, or around it)."""
    named = any(_BRANCH_NAME.search(n) for n in w.masked) or bool(_BRANCH_AROUND.search(w.text))
    return named and bool(_BELONGS.search(words))


_COMPARED = re.compile(r"\b(?:vs\.?|versus|compared\s+(?:to|with)|against)\s*$", re.I)


def _compares(w: Work, dates: list[DateHit]) -> bool:
    """"X's shareholders D1 vs D2": two dates set against each other ask what changed between them."""
    return any(h.cue == "to" and (h.compared or _COMPARED.search(w.text[max(0, h.start - 12):h.dstart]) is not None)
               for h in dates)


def _is_range(dates: list[DateHit]) -> bool:
    """Two dates of the valid clock, one of them a range's end ("from D1 to D2", "D1 vs D2")."""
    valid = [h for h in dates if h.cue != "known"]
    return len(valid) >= 2 and any(h.cue in ("from", "to") for h in valid)


def _read_parameters(w: Work, q: dict, dates: list[DateHit], pattern: str) -> None:
    """Dates, hop count, thresholds and rules, channels where the family has them, the portfolio."""
    assign_dates(w, q, dates, pattern)
    read_depth(w, q)
    read_rules(w, q)
    if pattern in KINDS and KINDS[pattern].channels:  # contagion, path, exposure
        read_channels(w, q)
    read_portfolio(w, q, code_alone=pattern in (EXPOSURE.name, SCREENING.name))


def _is_our_stake(w: Work) -> bool:
    return bool(re.search(r"\b(?:our|we|us)\b", w.text, re.I)) and \
        bool(re.search(r"\b(?:our\s+(?:stake|interest|holding|share)|do\s+we\s+(?:own|hold))\b", w.text, re.I))


def _refine_stake(w: Work, pattern: str) -> str:
    """A stake question that is really about exposure ("our stake") or owners ("who has a stake")."""
    if pattern != STAKE.name:
        return pattern
    if _is_our_stake(w):
        w.notes.append("a stake held by us: read as exposure")
        return EXPOSURE.name
    if re.match(r"^\s*who\b", w.original, re.I):
        return OWNERS.name  # "who has a stake in X": the owners of X
    return pattern


def _is_sanctions_check(w: Work, q: dict) -> bool:
    """A plain 'is X sanctioned?': no hop count and no word of nearness."""
    t = w.original
    return bool(re.search(r"\b(?:is|are)\b.{1,80}\bsanctioned\s*\??\s*$", t, re.I)) and q.get("depth") is None \
        and not re.search(r"\b(?:near|close|within|connected|linked|hops?|exposed)\b", t, re.I)


def _family_parameters(w: Work, q: dict, pattern: str) -> None:
    """Parameters that a family's own wording implies."""
    if pattern == SANCTIONS_NEAR.name and _is_sanctions_check(w, q):
        q["depth"] = 0
        w.notes.append("'is X sanctioned': a sanctions check at depth 0")
    if pattern in (STAKE.name, OWNERS.name) and VOTING_RE.search(w.original):
        q["interest"] = "voting_rights"  # "what share of the voting rights in X does Y hold"
    if pattern == EVENTS.name and q.get("as_of") and COMPARED_DATE.search(w.original):
        q["as_of"] = None
        w.notes.append("'was it before D': D is compared with the event's date, not the clock")
    if pattern == OWNERS.name and q.get("rule") is None and re.search(r"\bblocked\b", w.original, re.I):
        q["rule"] = BLOCKED_RULE
        w.notes.append("'blocked' read as the OFAC 50% rule")


# -- steps 4 and 5: anchors and follow-ups ------------------------------------------------------

def _close_verb_gaps(w: Work) -> None:
    """In 'who holds more than 25% of X' the threshold is consumed; its "of" goes with it, so that
    the verb's object is X (same length, so the spans found earlier stay valid)."""
    w.text = _VERB_GAP.sub(lambda m: m.group(1) + " " * (len(m.group(0)) - len(m.group(1))), w.text)


def _has_anchor(an: Anchors) -> bool:
    return bool(an.mentions) or an.pronoun is not None


def _find_anchors(w: Work, pattern: str) -> Anchors:
    """Slot patterns of the family, else an elliptical "X?" or the generic fallbacks; then a
    pronoun where no entity was named."""
    an = Anchors()
    if pattern != UNKNOWN:
        slots(w, pattern, an)
    if not _has_anchor(an):
        fm = ELLIPSIS.match(w.text)
        if fm:
            an.add(clean(w, fm.group("x")), "subject")
    if not _has_anchor(an):
        fallback(w, an, "subject")
    _antecedent(w, an)
    pm = PRONOUNS.search(w.text)
    if an.pronoun is None and not any(m.role in ("subject", "object", "group") for m in an.mentions) and pm:
        an.pronoun = pm.group("p")
    return an


def _antecedent(w: Work, an: Anchors) -> None:
    """"We dispute the default case for X. If it had defaulted on D, who lost money?": a pronoun
    slot, with one entity named before the pronoun in the same text, is that entity (not a
    follow-up on an earlier turn)."""
    if an.pronoun is None or an.mentions:
        return
    said = re.search(rf"\b{re.escape(an.pronoun)}\b", w.text, re.I)
    before = {w.restore(m.group(0)).casefold(): m.group(0) for m in PH_RE.finditer(w.text[:said.start() if said else 0])}
    if len(before) != 1:
        return
    (placeholder,) = before.values()
    if an.add(clean(w, placeholder), "subject"):
        w.notes.append(f"'{an.pronoun}' read as {w.restore(placeholder)}, named before it")
        an.pronoun = None


_FOLLOW_UP_OPENING = re.compile(
    r"^\s*(?:and|what\s+about|how\s+about|same\s+(?:for|question\s+for)|and\s+what\s+about|also)\b", re.I)


def _is_follow_up(w: Work, an: Anchors, pattern: str) -> bool:
    """A pronoun anchor, or an opening such as "and" / "what about", makes a follow-up."""
    if not _FOLLOW_UP_OPENING.match(w.original):
        return an.pronoun is not None
    if pattern == UNKNOWN:
        w.notes.append("elliptical follow-up: the family comes from the previous turn")
    return True


def _note_bad_leis(w: Work, an: Anchors) -> None:
    """Flag an anchor shaped like an LEI whose check digits fail."""
    for m in an.mentions:
        if re.fullmatch(r"[A-Z0-9]{18}[0-9]{2}", m.text):
            try:
                from ownergraph.domain.lei import is_valid_lei
                if not is_valid_lei(m.text):
                    w.notes.append(f"{m.text} looks like an LEI but its check digits fail")
            except ImportError:  # pragma: no cover
                pass


def _note_gaps(w: Work, an: Anchors, pattern: str, follow_up: bool) -> None:
    """Notes on what the question left out or got wrong."""
    if pattern == PATH.name and len([m for m in an.mentions if m.role in ("subject", "object")]) < 2 and not follow_up:
        w.notes.append("path question with fewer than two anchors")
    if pattern == UNKNOWN:
        w.notes.append("no supported question family matched")
    _note_bad_leis(w, an)


def _known_name_spans(text: str, names: Gazetteer) -> list[tuple[int, int]]:
    """Where the graph's names stand, to be masked: not a lower-case leading word alone ("legal
    entity": too weak), nor one word of the questions' own ("the LEI of X", "the group of X":
    the kind's word, whatever entity a large graph names "Lei" or "Group")."""
    spans = []
    for h in names.find(text):
        said = tokens(text[h.start:h.end])
        if len(said) == 1 and said[0].norm in QUESTION_WORDS:
            continue
        if h.strength > PREFIX or text[h.start].isupper():
            spans.append((h.start, h.end))
    return spans


def _prepared(text: str, today: date | None, names: Gazetteer | None) -> tuple[Work, list[DateHit]]:
    """Steps 1 and 2a: the working copy with names masked, its dates found, the request frame
    blanked."""
    as_words, coded = code_question(text)
    unframed, framed = without_register_frames(message_question(as_words))
    defined_free, defined = without_defined_terms(form_question(unframed))
    spoken, said = spoken_forms(defined_free)
    plain = spoken_dates_in_digits(_normalise(_without_shouting(spoken)))
    plain, contracted = without_contractions(plain)
    expanded, spelt_out = expand(plain)
    expanded, translated = plain_english(expanded)
    spelt, fixes = correct_words(expanded)
    fixes = coded + framed + defined + said + contracted + spelt_out + translated + fixes
    w = _working_copy(spelt, today or date.today())
    w.notes.extend(fixes)
    mask_names(w)
    if names is not None:
        mask_known_names(w, _known_name_spans(w.text, names))
    dates = _question_dates(w, find_dates(w))
    _blank_request(w)
    return w, dates


def kind_text(text: str, *, today: date | None = None, names: Gazetteer | None = None) -> str:
    """The text the kind is read on: the working copy, names masked, dates and request frames
    blanked (what ``kind_model`` is trained on)."""
    w, dates = _prepared(text, today, names)
    return PH_RE.sub(f" {MASK_WORD} ", _without_dates(w, dates))


# "a sanctioned issuer": the sanctioned party, not the book's issuers
_SANCTIONED_PARTY = re.compile(
    r"\bsanctioned\s+(?:\w+\s+)?(?:issuers?|parties|party|entit\w+|names?|persons?|counterpart\w+)\b", re.I)
_BOOK_WORDS = re.compile(
    r"\b(?:issuers?|positions?|book|portfolios?|engagements?|exposures?|holdings|investments|loans|names\s+we\s+hold)\b", re.I)


# "Shareholders of X, with % held", "list every shareholder of X. Name | % held": the holders asked for
_HOLDERS_ASKED = re.compile(r"\b(?:share|stock)?holders\b|\bowners\b|\bwho\s+(?:held|holds?|owned|owns?)\b|\b(?:each|every|all)\s+(?:share|stock)?holders?\b|"
                            # "the shareholder schedule for X, names and % held"
                            r"\b(?:share|stock)holder\s+(?:schedule|list(?:ing)?|table|breakdown|roll)\b|"
                            # "which persons held shares in X (and what proportion each held)"; counsel's
                            # "identify each Person that held shares in X" (not "each company in which X held shares")
                            r"\b(?:which|what|each|every|any|all)\s+(?:natural\s+|legal\s+)?(?:persons?|individuals?|people|part(?:y|ies)|"
                            r"entit(?:y|ies)|compan(?:y|ies)|investors?)\s+(?!in\s+which\b)"
                            r"(?:\w+\s+){0,2}(?:held|holds?|holding|owned|owns?|owning)\s+(?:shares|stakes?|equity|interests?)\s+in\b", re.I)
# "Subs of X with effective %", "X's investments, with % held": what the one entity holds asked for
# (not "holdings": a name's word, "stake Harbourline Holdings in Valtora" names two before the graph's names)
# capitalised only where the question opens with it ("Valtora Investments Limited" is a name)
_HOLDINGS_ASKED = re.compile(r"^\W*(?:Subs|Subsidiaries|Investments|Participations)\b|"
                             r"\b(?:subs|subsidiar(?:y|ies)|investments|portfolio\s+companies|participations)\b|"
                             # "in which companies X held shares", "all companies in which X held shares", "X's direct shareholdings"
                             r"\b(?i:(?:in\s+which\s+)?(?:compan(?:y|ies)|entit(?:y|ies)|firms?|undertakings?)(?:\s+in\s+which)?\b.{0,80}\b(?:held|holds?|owned|owns?|had|has)\s+"
                             r"(?:shares|stakes?|equity|interests?)\b(?!\s+in\b))|'s\s+(?i:(?:direct\s+|indirect\s+)?(?:shareholdings|stakes)\b)|"
                             # "which companies did X hold shares in (as at D)": the name is the holder, nothing after "in"
                             r"(?i:\b(?:which|what)\s+(?:compan(?:y|ies)|entit(?:y|ies)|firms?|undertakings?|businesses)\s+(?:did|does|do|has|had)\s+"
                             rf"{PH_RE.pattern}\s+(?:\w+\s+)?(?:hold|own|have|take)\s+(?:shares|stakes?|equity|interests?)\s+in\b(?!\s*{PH_OPEN}))|"
                             # "list the direct shareholdings of X", "the equity stakes held (as of D), with the
                             # percentage of each company": what one entity holds, each holding's figure
                             rf"(?i:\b(?:direct\s+|indirect\s+)?(?:equity\s+)?(?:shareholdings|stakes|participations)\s+"
                             rf"(?:(?:held\s+)?(?:of|by)\s+{PH_RE.pattern}|held\b(?!\s+in\b)))|"
                             r"(?i:\b(?:stake|percentage|share|%)\s+(?:held\s+)?(?:in|of)\s+(?:each|every)\s+(?:company|entity|investee|issuer)\b)|"
                             # "X: stakes held as of D? which companies, what %": the name a heading, its stakes held
                             rf"(?i:^\W*{PH_RE.pattern}\s*[:\-\u2013]\s*(?:direct\s+|indirect\s+)?(?:stakes|shareholdings|holdings|interests)\s+held\b)")
# "total amount already on book against X and its subsidiaries": our positions, not X's lenders or group
_ON_OUR_BOOK = re.compile(r"\b(?:on|in)\s+(?:our\s+|the\s+)?books?\b|" + OUR_POSITIONS, re.I)


def _named(an: Anchors) -> list[Mention]:
    return [m for m in an.mentions if m.role in ("subject", "object")]


def _by_names_found(w: Work, an: Anchors, pattern: str) -> str | None:
    """Another kind when the names found contradict ``pattern`` (its cue words as the kind was
    read on them): a path needs two entities, so a path with one name and another kind's strong
    words is that kind ("every party directly linked to X (one hop)" is X's neighbourhood); two
    names with a path's strong words, at least as many as ``pattern``'s, are a path ("trace the
    chain linking A to B")."""
    if not w.kind_words:  # read by a phrase or a command word: settled
        return None
    names = len(_named(an))
    scores = cue_scores(w.kind_words)
    if pattern == PATH.name and names < 2:
        other = best_kind({k: v for k, v in scores.items() if k != PATH.name}, _ORDER)
        return other if other and scores[other] > scores.get(PATH.name, 0) else None
    if pattern not in (PATH.name, UNKNOWN) and names >= 2 and scores.get(PATH.name, 0) >= max(SURE, scores.get(pattern, 0)):
        return PATH.name
    return None


def _rekind_by_names(w: Work, an: Anchors, pattern: str, q: dict) -> tuple[str, Anchors]:
    """``pattern`` and its anchors, read again where the names found contradict it."""
    other = _by_names_found(w, an, pattern)
    if other is None:
        return pattern, an
    w.notes.append(f"read as a {other} question: its words and the {len(_named(an))} name(s) found (not {pattern})")
    if KINDS[other].channels and not (KINDS.get(pattern) and KINDS[pattern].channels):
        read_channels(w, q)
    return other, _find_anchors(w, other)


def _refine_by_anchors(w: Work, an: Anchors, pattern: str) -> str:
    """A stake question that names one entity and asks for its holders is an owners question, for
    what it holds a holdings question; a lenders or group question about the amount on our book is an exposure question."""
    named = [m for m in an.mentions if m.role in ("subject", "object")]
    if pattern == STAKE.name and len(named) == 1 and not _ON_OUR_BOOK.search(w.text):
        return _one_name_stake(w, named)
    if pattern == SCREENING.name and named and not _BOOK_WORDS.search(w.text):
        # "screen X for sanctioned parties within two hops": one entity screened, not our book
        w.notes.append("an entity screened, no book or positions named: read as a sanctions_near question")
        return SANCTIONS_NEAR.name
    if pattern in (COUNTERPARTIES.name, GROUP.name, HOLDINGS.name, STAKE.name) and len(named) == 1 and _ON_OUR_BOOK.search(w.text):
        w.notes.append("the amount on our book: read as an exposure question")
        return EXPOSURE.name
    return pattern


def _one_name_stake(w: Work, named: list[Mention]) -> str:
    """A stake question that names one entity: its holders asked for ("which persons held shares
    in X, and what proportion each held") is an owners question, what it holds ("in which
    companies X held shares, and what percentage of each") a holdings question."""
    if _HOLDERS_ASKED.search(w.text):
        w.notes.append("a stake in one entity, its holders asked for: read as an owners question")
        kind = OWNERS.name
    elif _HOLDINGS_ASKED.search(w.text):
        w.notes.append("a stake held by one entity, what it holds asked for: read as a holdings question")
        kind = HOLDINGS.name
    else:
        return STAKE.name
    for m in named:
        m.role = "subject"
    return kind


def parse(text: str, *, today: date | None = None, names: Gazetteer | None = None) -> Question:
    """``names``: the graph's names; where given, the names found in the text are masked before
    the kind is read (their words are not the question's words)."""
    w, dates = _prepared(text, today, names)
    q: dict = {}
    pattern = _family_without_dates(w, dates)
    _read_parameters(w, q, dates, pattern)
    pattern = _refine_stake(w, pattern)
    _family_parameters(w, q, pattern)
    _close_verb_gaps(w)
    an = _find_anchors(w, pattern)
    if pattern == SANCTIONS_NEAR.name and not [m for m in an.mentions if m.role != "portfolio"] and \
            _BOOK_WORDS.search(_SANCTIONED_PARTY.sub(" ", w.text)):
        w.notes.append("sanctioned parties near no entity named, but the book's issuers or positions: a screening question")
        pattern = SCREENING.name
        an = _find_anchors(w, pattern)
    pattern, an = _rekind_by_names(w, an, pattern, q)
    pattern = _refine_by_anchors(w, an, pattern)
    if pattern == EXPOSURE.name and not q.get("portfolio"):  # read as exposure only now: its book code alone
        read_portfolio(w, q, code_alone=True)
    follow_up = _is_follow_up(w, an, pattern)
    _note_gaps(w, an, pattern, follow_up)
    if pattern == EXPOSURE.name and q.get("portfolio"):
        an.mentions.append(Mention(text=q["portfolio"], role="portfolio"))
    q["modifiers"] = _modifiers(w, pattern, q)
    read = Question(text=text, pattern=pattern, anchors=an.mentions, follow_up=follow_up, pronoun=an.pronoun,
                    parser="deterministic", notes=w.notes, **q)  # type: ignore[arg-type]
    form = read_filter(question_body(_normalise(text)), w.today)  # "Hi, SELECT ... thanks": the filter inside
    return read if form is None else _as_filtered(read, form)


def _as_filtered(read: Question, form: FilterReading) -> Question:
    """A question written as a filter ("SELECT owner, pct FROM shareholders WHERE target = 'X'"):
    its kind, anchors and dates from the filter's table word and keys (``filter_form``); what the
    filter does not say stays as read."""
    update: dict = {"notes": [*read.notes, *form.notes]}
    if form.kind is not None:
        update["pattern"] = form.kind
    if form.anchors or form.kind is not None:
        mentions = [Mention(text=v, role=role) for v, role in form.anchors]  # type: ignore[arg-type]
        portfolio = form.portfolio  # a filter names its book by a key ("book WHERE" is no book code)
        if portfolio and (form.kind or read.pattern) == EXPOSURE.name:
            mentions.append(Mention(text=portfolio, role="portfolio"))
        update |= {"anchors": mentions, "portfolio": portfolio, "follow_up": False, "pronoun": None}
    for name in ("as_of", "known_at", "date_from", "date_to", "depth"):
        if getattr(form, name) is not None:
            update[name] = getattr(form, name)
    if form.date_from or form.date_to:
        update["as_of"] = None
    if form.modifiers:
        update["modifiers"] = list(dict.fromkeys([*read.modifiers, *form.modifiers]))
    if form.edge_types and update.get("pattern", read.pattern) in KINDS and KINDS[update.get("pattern", read.pattern)].channels:
        update["edge_types"] = form.edge_types
    return read.model_copy(update=update)
