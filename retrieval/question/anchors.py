"""Parser step 4b: anchors from the slot patterns of the question's kind, then generic
fallbacks (quoted names, LEIs, names with a legal suffix, "the X family"), and pronouns
(see ``retrieval.question.parser``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ownergraph.domain.vocabulary import EXPOSURE
from ownergraph.retrieval.question.common_words import COMMON
from ownergraph.retrieval.question.patterns import AND_SPLIT, FAMILY_NAME, GROUP_RE, slots_of
from ownergraph.retrieval.question.slots import END, X
from ownergraph.retrieval.question.work_text import (
    FUND_WORDS, GENERIC, LEADING_NOUN, NOUN_KIND, PH_OPEN, PH_CLOSE, PH_RE, PRONOUN_WORDS, SUFFIX_AT_END,
    TRAILING_FILLER, LEGAL_SUFFIX, PRONOUNS, SEP, Work,
)
from ownergraph.retrieval.question.model import Mention

_LEAD_Q = re.compile(r"^(?:what|who|whom|which|how|is|are|was|were|does|do|did|tell|show|give|find|list|can|"
                     r"could|please|and|so|then|compute|calculate|get|return)\b", re.I)
_NAME_CONNECTORS = {"of", "de", "du", "der", "den", "von", "van", "la", "le", "y", "and", "&", "the", "family",
                    "fund", "company", "issuer", "firm", "bank", "group", "holdings", "clan", "mr", "mrs", "ms",
                    "dr", "mr.", "mrs.", "ms.", "dr."}


_SUFFIX_WORD = re.compile(rf"{LEGAL_SUFFIX}[,.]?", re.I)


def _name_like(t: str) -> bool:
    """A word that can stand in a name: capitalised, a number, a word of a script without case
    (Chinese, Japanese), a masked name, a connector ("of", "de") or a legal form ("plc")."""
    c = t[:1]
    return (c.isupper() or c.isdigit() or (c.isalpha() and not c.islower()) or c in (PH_OPEN, '"', "(")
            or t.lower() in _NAME_CONNECTORS or bool(_SUFFIX_WORD.fullmatch(t)))


def _trim_lead(s: str) -> str:
    """"What is Acme Ltd" -> "Acme Ltd": keep the trailing run of name-like words."""
    if not _LEAD_Q.match(s.strip()):
        return s
    toks = s.split()
    i = len(toks)
    while i > 0:
        if _name_like(toks[i - 1]):
            i -= 1
            continue
        break
    kept = toks[i:]
    while kept and kept[0].lower() in ("of", "and", "&", "de", "y"):
        kept = kept[1:]
    if kept and _LEAD_Q.fullmatch(kept[0]):
        kept = kept[1:]
    return " ".join(kept)


# "Saunders, Michael Charles", "Turner, Mrs Sarah Elizabeth", "Halbower, Matthew": a surname, a
# comma and one to four given names, initials or a title (a register's or a filing's order)
_GIVEN = r"(?:(?:Mr|Mrs|Ms|Miss|Dr|Sir|Dame|Lord|Lady|Prof)\.?|[A-Z]\.|[A-Z][\w'\-]*)"
_LAST_FIRST = re.compile(rf"(?:.*\s)?(?:[A-Z][\w'\-]*\s+){{0,2}}[A-Z][\w'\-]*,\s*{_GIVEN}(?:\s+{_GIVEN}){{0,3}}(?:'s?)?")
_PAREN = re.compile(r"\s*\(([^()]*)\)")


def _parentheses(s: str) -> str:
    """Drop asides ("(indirectly)", a trailing "(the Company)"), keep a parenthesis inside a name
    ("Companion Care (Services) Limited", "Apple Computer (UK) Ltd."); a masked LEI in a
    trailing parenthesis ("Lima Airport Partners S.R.L. (254900RX3NW13DDG3905)") is the mention."""
    def repl(m: re.Match[str]) -> str:
        inner, rest = m.group(1).strip(), s[m.end():]
        if PH_RE.fullmatch(inner) and not rest.strip(" ?!;:.'s"):
            return "\x00" + inner
        inside = bool(re.match(r"\s*[A-Z0-9]", rest)) and inner[:1].isupper()
        return m.group(0) if inside else " "
    out = _PAREN.sub(repl, s)
    return out.split("\x00", 1)[1] if "\x00" in out else out


# "company number 05881142", "co. no. 10308743", "UK company 01507964", "the English society with the
# number 02847483": the identifier is the mention, its label is not
_ID_LABEL = re.compile(
    r"^(?:(?:the|a|an|uk|english|british|scottish|welsh|german|french|dutch)\s+)*"
    r"(?:company|co\.?|society|entity|undertaking|firm|registration|reg\.?|register|crn|companies\s+house|lei)"
    r"(?:\s+(?:registration\s+)?(?:number|no\.?|nr\.?|num\.?|#|id))?(?:\s+with\s+the\s+number)?\s*[:#]?\s*"
    r"(?=(?:[A-Z]{2})?\d{6,}\b|[A-Z0-9]{18}\d{2}\b)", re.I)


# (after the full stop of a legal form or an initial: "Ltd.", "Inc.", "S.A.", "AG."; or after a spaced
# dash: "LEI X - which head office ...")
_NEXT_QUESTION = re.compile(r"\.\s+(?:What|Who|Whom|Which|When|Where|How|Why|Is|Are|Was|Were|Does|Do|Did|Can|Could|"
                            r"Would|Please)\b.*$|\s+[-\u2013\u2014]\s+(?i:which|what|who|whom|when|where|how|why|is|are|"
                            r"was|does|do|did|can)\b.*$")
# before a dash, a name's last word: an identifier, a masked name, a capitalised word or a legal form
# ("Acme Holdings", "FERD AS"), not "add-on" nor a shouted label ("ESCALATION - who is ...")
_NAME_END = re.compile(r"(?:\b[\w.]*\d[\w.]*|\ue001|\b(?-i:[A-Z][a-z][\w.]*)|\b(?-i:[A-Z]{1,4})\.?)$")
# (a masked name whole: "... for <name>. Who held its shares ...": its full stop ends the sentence)
_FORM_STOP = re.compile(r"(?:\b(?-i:[A-Z][A-Za-z]{0,3})|\b(?i:ltd|inc|plc|llc|corp)|\ue001)$")


# a clause of three or more words ending in a preposition before a name the graph knows (masked):
# the clause is the writer's context, the name alone is the mention
_CLAUSE_BEFORE_NAME = re.compile(rf"^(?:[^\s{PH_OPEN}]+\s+){{2,}}(?:for|of|about|on|regarding|concerning|re)\s+(?={PH_OPEN}\d+{PH_CLOSE}\W*$)", re.I)


def _without_next_question(s: str) -> str:
    m = _NEXT_QUESTION.search(s)
    if m is None or not (_FORM_STOP if m.group(0).startswith(".") else _NAME_END).search(s[:m.start()]):
        return s
    return s[:m.start() + (1 if m.group(0).startswith(".") else 0)]


# words of a graph-wide question that name the data, not an entity (a mention in lower case with
# one of them, and no masked name, is none)
_NAMES_THE_DATA = re.compile(r"\b(?:data|dataset|data\s+set|graph|population|universe|records|loops?|circular\w*|"
                             r"cross-holdings?|shareholdings|scope|each\s+other|circles?)\b", re.I)  # "the entities in scope", "own each other in a circle"


# a word that opens a clause: a slot's text with one is a clause around a name, not a name
_CLAUSE_WORD = re.compile(r"(?-i:\b(?:who|whom|whose|what|which|when|where|why|how|if|whether|should|would)\b)")
# words after a masked name that still belong to it: a legal form the graph's name leaves out, "family"
_NAME_TAIL = re.compile(rf"^(?:,?\s+(?i:{LEGAL_SUFFIX}|co\.?|kg|&|family|clan|dynasty))+(?![\w])")
# the capitalised words next to a quoted name, which are its own ('АО "Дориион Логистик"', '"ALLWELL" ORGANIC LTD')
_CAPS_BEFORE = re.compile(r"(?:(?<=\s)|^)(?:(?-i:[^\W\d_a-z][\w.&'-]*)\s+)+$")
_CAPS_AFTER = re.compile(r"^(?:\s+(?-i:[^\W\d_a-z][\w.&'-]*))+")


def _masked_name_alone(w: Work, s: str) -> str | None:
    """The graph's name (or a quoted name, an LEI) that a slot's text holds, without the words
    around it: a masked name is a whole name, so a label, a role word, a clause or a verb around
    it ("RFI 17: if <X> stopped paying", "the insured, <X>,", "the subject <X>") is none of it.
    None where the text holds no masked name or several (a pair is split before)."""
    found = list(PH_RE.finditer(s))
    if len(found) != 1:
        return None
    m = found[0]
    tail = _NAME_TAIL.match(s[m.end():])
    before = s[:m.start()]
    if re.search(r"(?:^|\s)(?:of|de|du|der|von|van|la|le|y|&|and)\s*$", before) and re.search(r"[A-Z]\w*\s+\S+\s*$", before):
        return None  # "Bank of <X>": a name that goes on before the mask
    head, end = "", tail.group(0) if tail else ""
    if _was_quoted(w, m.group(0)):  # 'АО "Дориион Логистик"': the capitalised words next to the quotes are the name's
        lead, trail = _CAPS_BEFORE.search(before), _CAPS_AFTER.match(s[m.end():])
        head, end = lead.group(0) if lead else "", trail.group(0) if trail else end
    return head + m.group(0) + end


def _was_quoted(w: Work, placeholder: str) -> bool:
    inner = w.restore(placeholder)
    return any(f"{a}{inner}{b}" in w.original for a, b in (('"', '"'), ("\u201c", "\u201d"), ("'", "'"), ("\u00ab", "\u00bb")))


def clean(w: Work, raw: str) -> tuple[str, str | None, bool] | None:
    """A slot's text -> (name, kind_hint, is_pronoun), or None when it is not a mention."""
    s = raw
    if SEP in s:
        s = s[:s.index(SEP)]
    alone = _masked_name_alone(w, s)
    if alone is not None and FAMILY_NAME.match(s.strip()) is None:
        s = alone
    elif PH_OPEN not in s and PH_OPEN in w.text and _CLAUSE_WORD.search(s):
        return None  # "RFI 9: who sits (one step away from <X>)": a clause; the graph's name is elsewhere
    if _NAMES_THE_DATA.search(s) and not re.search(r"[A-Z\d\ue000-\uf8ff]", s):
        return None  # "the ownership data", "all cross-holding loops in the data": no entity
    # cut at a comma that is not part of a legal name ("Acme, Inc.") nor of a "Last, First" name
    if not _LAST_FIRST.fullmatch(s.strip()):
        s = re.split(r",(?!\s*(?:Inc|Ltd|LLC|L\.P|LP|Limited|PLC|plc|S\.A|N\.V|B\.V|AG|GmbH|Corp|Co\b|SE\b))", s)[0]
    s = _parentheses(s)
    s = re.sub(r"\s+(?:across|in|within|over|for)\s+(?:all\s+)?(?:(?:of\s+)?(?:our|the)\s+)?(?:portfolios?|books?|"
               r"holdings|positions)\b.*$", "", s, flags=re.I)
    s = s.strip(" \t\n?!;:")
    s = _trim_lead(s)
    s = _without_next_question(s)  # "Osprey Realty Ltd. What is ...", "LEI X - which head office ..."
    s = _CLAUSE_BEFORE_NAME.sub("", s)  # "I'm building a chart for <name>": the name
    s = re.sub(r"^(?:(?:for|about|on|of|in|to|at)\s+)", "", s, flags=re.I)
    s = TRAILING_FILLER.sub("", s).strip(" ,?!;:")
    # "in total" etc. removed; now a trailing "." that is not an abbreviation's
    if s.endswith(".") and not SUFFIX_AT_END.search(s) and not re.search(r"(?:^|[\s.])[^\W\d_]\.$", s):  # "S.R.L.", "Α.Ε."
        s = s[:-1].rstrip()
    s = re.sub(r"'s$|’s$", "", s).strip()
    if not s:
        return None
    kind: str | None = None
    p = PRONOUNS.fullmatch(s)
    if p or s.lower() in PRONOUN_WORDS:
        return s, None, True
    pm = re.match(r"^(?P<p>its|their|his|her|(?:that|this|the\s+same)\s+(?:fund|company|entity|issuer|group|firm|"
                  r"borrower|counterparty)'s)\s+\w+", s, re.I)
    if pm:  # "its parent", "that fund's owners"
        return re.sub(r"'s$", "", pm.group("p")), None, True
    if re.fullmatch(r"(?:the\s+)?(?:same\s+)?(?:fund|company|entity|issuer|group|firm|borrower)", s, re.I) and \
            re.match(r"(?:the\s+)?same", s, re.I):
        return s, None, True
    fm = FAMILY_NAME.match(s)
    if fm:
        return w.restore(fm.group("n")), "family", False
    # leading article before a capitalised name / generic noun before a name
    s = re.sub(r"^(?:the|a|an)\s+(?=[A-Z\ue000])", "", s) if not re.match(r"^the\s+[A-Z]", s) else s
    lm = LEADING_NOUN.match(s)
    if lm:
        noun = re.sub(r"^(?:the|a|an)\s+", "", lm.group("noun").lower()).rstrip(".")
        kind = NOUN_KIND.get(noun)
        s = s[lm.end():]  # "fund Alpha" -> "Alpha" (fund); "Mr John Smith" -> "John Smith" (person)
    if GENERIC.match(PH_RE.sub("X", s)) and not PH_RE.search(s):
        return None
    if not re.search(rf"[^\W_]|{PH_OPEN}", s):  # any script's letters ("橫華國際金融股份有限公司")
        return None
    if len(s.split()) > 8:  # a clause, not a name
        return None
    text = re.sub(r"(?<=\w)['\u2019]s$", "", _ID_LABEL.sub("", w.restore(s).strip()))
    if kind is None:
        if SUFFIX_AT_END.search(text) or re.search(rf"\b{LEGAL_SUFFIX}(?:\s|$)", text):
            kind = "fund" if FUND_WORDS.search(text) else "company"
        elif FUND_WORDS.search(text):
            kind = "fund"
    return text, kind, False


@dataclass
class Anchors:
    mentions: list[Mention] = field(default_factory=list)
    pronoun: str | None = None

    def add(self, cleaned: tuple[str, str | None, bool] | None, role: str) -> bool:
        if cleaned is None:
            return False
        text, kind, is_pronoun = cleaned
        if is_pronoun:
            self.pronoun = self.pronoun or text
            return True
        if kind == "family" and role == "subject":
            role = "group"
        if any(m.text.lower() == text.lower() for m in self.mentions):
            return True
        self.mentions.append(Mention(text=text, role=role, kind_hint=kind))  # type: ignore[arg-type]
        return True


def _split_pair(w: Work, ab: str) -> tuple[str, str] | None:
    if SEP in ab:
        ab = ab[:ab.index(SEP)]
    parts = list(AND_SPLIT.finditer(ab))
    if not parts:
        return None
    best = None
    for m in parts:
        left, right = ab[:m.start()].strip(), ab[m.end():].strip()
        if not left or not right:
            continue
        score = 0
        if SUFFIX_AT_END.search(w.restore(left)) or PH_RE.search(left[-2:] if len(left) > 1 else left):
            score += 2
        if re.match(rf"(?:(?:the|fund|company|issuer|entity)\s+)?[A-Z0-9{PH_OPEN}]", right):
            score += 1
        if best is None or score > best[0]:
            best = (score, left, right)
    return (best[1], best[2]) if best else None


def _group_or_subject(w: Work, raw: str, an: Anchors) -> bool:
    s = raw[:raw.index(SEP)] if SEP in raw else raw
    s = s.strip(" ,?!;:.")
    for rx in GROUP_RE:
        gm = rx.match(s)
        if gm:
            return an.add(clean(w, gm.group("x")), "group")
    return an.add(clean(w, s), "subject")


def slots(w: Work, pattern: str, an: Anchors) -> None:
    text = w.text
    for rx in slots_of(pattern):
        m = rx.search(text)
        if not m:
            continue
        g = m.groupdict()
        if g.get("ab") is not None:
            pair = _split_pair(w, g["ab"])
            if pair is None:
                continue
            a, b = clean(w, pair[0]), clean(w, pair[1])
            if a is None and b is None:
                continue
            an.add(a, "subject")
            an.add(b, "object")
            return
        if g.get("a") is not None:
            a, b = clean(w, g["a"]), clean(w, g["b"])
            if a is None and b is None:
                continue
            an.add(a, "subject")
            an.add(b, "object")
            return
        if pattern == EXPOSURE.name:
            if _group_or_subject(w, g["x"], an):
                return
            continue
        if an.add(clean(w, g["x"]), "subject"):
            return


_CAP_NAME = re.compile(
    rf"(?:{PH_OPEN}\d+{PH_CLOSE})"
    rf"|(?:\b(?:the\s+)?[A-Z][\w&.\-']*(?:\s+(?:of|de|du|der|von|van|la|le|y|&|and)?\s*[A-Z0-9][\w&.\-']*)*"
    rf"(?:,?\s+{LEGAL_SUFFIX}))(?![\w])"
    rf"|(?:\b(?:the\s+)?[A-Z][\w\-']*(?:\s+[A-Z][\w\-']*)*\s+(?:family|clan)\b)")


ELLIPSIS = re.compile(
    rf"^\s*(?:and\s+)?(?:(?:what|how)\s+about|same\s+(?:question\s+)?for|also\s+for|and\s+(?:for|with)?)\s+{X}{END}",
    re.I)


# a family in lower case ("the petrov family"): a surname no dictionary word ("the whole family",
# "the corporate family" are none)
_LOWER_FAMILY = re.compile(r"\bthe\s+(?P<n>(?-i:[a-z][\w\-']+))\s+(?:family|clan|dynasty)\b", re.I)


def _families_in_lower_case(w: Work) -> list[re.Match[str]]:
    return [m for m in _LOWER_FAMILY.finditer(w.text) if m.group("n").lower() not in COMMON]


def fallback(w: Work, an: Anchors, role: str) -> None:
    """Quoted names, LEIs, names with a legal suffix and "the X family" anywhere in the text."""
    found = sorted([*_CAP_NAME.finditer(w.text), *_families_in_lower_case(w)], key=lambda m: m.start())
    for m in found:
        s = m.group(0)
        s = re.sub(r"^(?:the)\s+", "", s)
        s = re.sub(r"^(?:Who|What|Which|Is|Are|How|Does|Do|Did|Show|List|Find|Give|And|Our|Any)\s+", "", s)
        cleaned = clean(w, s)
        if cleaned and not cleaned[2]:
            an.add(cleaned, role if not an.mentions else "object" if role == "subject" else role)

