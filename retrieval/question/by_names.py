"""The parser's anchors checked against the graph's own names (``gazetteer``): a mention that
holds a name found in the graph becomes that name and nothing more (the words glued to it,
"X look like", fall away); a question whose kind needs more entities than its slots gave gets
the names found elsewhere in it. Text in, text out: the graph lookup stays in the resolver."""

from __future__ import annotations

import re

from ownergraph.domain.vocabulary import KINDS, UNKNOWN
from ownergraph.retrieval.question.gazetteer import FULL, Gazetteer, Hit
from ownergraph.retrieval.question.name_text import tokens
from ownergraph.retrieval.question.model import Mention, Question

__all__ = ["with_graph_names"]

_ENTITY_ROLES = ("subject", "object")
# a name never runs on past the end of a sentence ("... AG. Could someone"); the full stop of a
# middle initial ("Michael C. Saunders") or of "St." / "Mt." ends none
_SENTENCE_END = re.compile(r"(?<!\b[A-Z])(?<!\bSt)(?<!\bMt)[.?!;]\s")


def _span(text: str, mention: str) -> tuple[int, int] | None:
    """Where a mention stands in the question; a mention whose leading words were re-spelt
    ("the ownership of X" for "the owneship of X") by its longest tail found as written."""
    words = mention.split()
    for i in range(len(words)):
        tail = " ".join(words[i:])
        at = text.lower().find(tail.lower())
        if at >= 0:
            return at, at + len(tail)
    return None


def _inside(hit: Hit, span: tuple[int, int]) -> bool:
    return hit.start < span[1] and hit.end > span[0]


def _runs_past(q: Question, hit: Hit, span: tuple[int, int], hits: list[Hit]) -> int | None:
    """Where a mention's name goes on after a hit that is only part of it ("Harbourline" in
    "Harbourline Mrina Operations Limited", a typo the index did not mend): the end of the run of
    capitalised words right after the hit, up to the next name found; None when there is none."""
    stop = min([h.start for h in hits if hit.end <= h.start < span[1]] + [span[1]])
    end = None
    for t in tokens(q.text[hit.end:stop]):
        if not t.capital or t.norm in ("and", "to", "in", "of") or _SENTENCE_END.search(q.text, hit.end, hit.end + t.start) \
                or re.search(r"[\n:]", q.text[hit.end:hit.end + t.start]):  # a line or a field's label ends a name
            break
        end = hit.end + t.end
    return end


def _mention_text(q: Question, hit: Hit, limited: int = 0) -> str:
    """One entity: its key (exact, whatever the typo); several: the words, so that the lookup
    lists the candidates and what tells them apart. Names read for the question's words up to a
    limit (``Gazetteer.limited``) prove only a whole name unique: a part of one ("Valtora" of
    "Valtora Investments Ltd") stays words, looked up in the whole graph."""
    if len(hit.keys) == 1 and (hit.strength == FULL or not limited):
        return hit.keys[0]
    return q.text[hit.start:hit.end]


def _replace(q: Question, hits: list[Hit], used: set[int], notes: list[str], limited: int) -> list[Mention]:
    """Each anchor that overlaps a name found in the graph becomes that name; an anchor that holds
    none ("mid-year", a clause) gives way to a name found outside the slots, when there is one."""
    out: list[Mention] = []
    slots: list[tuple[Mention, list[int]]] = []
    for m in q.anchors:
        span = _span(q.text, m.text) if m.role in _ENTITY_ROLES and m.kind_hint != "family" else None
        inside = [i for i, h in enumerate(hits) if span and _inside(h, span)]
        if span is None and m.role in _ENTITY_ROLES and m.kind_hint != "family":
            inside = []
        slots.append((m, inside))
    for m, inside in slots:
        free = [i for i in inside if i not in used]
        if not inside and m.role in _ENTITY_ROLES and m.kind_hint != "family":
            claimed = {i for _, ins in slots for i in ins}
            free = [i for i in range(len(hits)) if i not in used and i not in claimed][:1]
        if not free:
            out.append(m)
            continue
        used.add(free[0])
        hit = hits[free[0]]
        past = _runs_past(q, hit, _span(q.text, m.text) or (hit.start, hit.end), hits)
        if past is not None:  # the name goes on past what the index knows: the lookup reads it whole
            out.append(Mention(text=q.text[hit.start:past], role=m.role, kind_hint=m.kind_hint))
            continue
        said = q.text[hit.start:hit.end]
        if said != m.text or len(hit.keys) == 1:
            notes.append(f"{m.text!r} read as {hit.name!r} (the graph's name for {said!r})")
        out.append(Mention(text=_mention_text(q, hit, limited), role=m.role, kind_hint=m.kind_hint))
    return out


def _complete(q: Question, anchors: list[Mention], hits: list[Hit], used: set[int], notes: list[str],
              limited: int) -> None:
    """Names found outside any slot fill the entities the kind still needs, in the question's order."""
    need = KINDS[q.pattern].entities if q.pattern in KINDS else 0
    have = [m for m in anchors if m.role in _ENTITY_ROLES or m.role == "group"]
    for i, hit in enumerate(hits):
        if len(have) >= max(need, 1) or i in used:
            continue
        role = "subject" if not any(m.role in ("subject", "group") for m in have) else "object"
        m = Mention(text=_mention_text(q, hit, limited), role=role)  # type: ignore[arg-type]
        anchors.append(m)
        have.append(m)
        used.add(i)
        notes.append(f"found {hit.name!r} by its name in the graph ({q.text[hit.start:hit.end]!r})")


def _family(m: Mention, names: Gazetteer, notes: list[str]) -> Mention:
    """"the Petrrov family": the surname as the graph's names spell it."""
    words = m.text.split()
    fixed = [w if w.lower() in ("the", "family", "clan") else _respelt(w, names) for w in words]
    if fixed == words:
        return m
    notes.append(f"{m.text!r} read as {' '.join(fixed)!r}")
    return m.model_copy(update={"text": " ".join(fixed)})


def _respelt(word: str, names: Gazetteer) -> str:
    right = names.correct(word)
    return word if right == word.casefold() else right.capitalize()


def _in_text_order(q: Question, anchors: list[Mention], at: dict[str, int]) -> list[Mention]:
    """A two-entity question completed from names found outside its slots ("Anna Petrova % of
    Kellivale Packaging Ltd"): subject and object in the order the question wrote them."""
    pair = [m for m in anchors if m.role in _ENTITY_ROLES]
    if len(pair) != 2 or any(m.text not in at for m in pair):
        return anchors
    first, second = sorted(pair, key=lambda m: at[m.text])
    swapped = {id(first): "subject", id(second): "object"}
    return [m.model_copy(update={"role": swapped[id(m)]}) if id(m) in swapped else m for m in anchors]


def _positions(q: Question, anchors: list[Mention], hits: list[Hit], limited: int) -> dict[str, int]:
    """Where each anchor stands in the question (a key: where its name was found)."""
    at = {_mention_text(q, h, limited): h.start for h in hits}
    for m in anchors:
        span = _span(q.text, m.text)
        if m.text not in at and span:
            at[m.text] = span[0]
    return at


def with_graph_names(q: Question, names: Gazetteer) -> Question:
    """``q`` with its anchors read against the graph's names (unchanged when none is found)."""
    if q.pattern == UNKNOWN:
        return q
    notes: list[str] = []
    families = [_family(m, names, notes) if m.kind_hint == "family" else m for m in q.anchors]
    q = q.model_copy(update={"anchors": families}) if notes else q
    hits = names.find(q.text)
    if not hits:
        return q.model_copy(update={"notes": q.notes + notes}) if notes else q
    used: set[int] = set()
    if names.limited:
        notes.append(f"the graph's names were read for this question's words: the {names.limited} nearest, "
                     "of more; a part of a name is looked up in the whole graph")
    anchors = _replace(q, hits, used, notes, names.limited)
    before = len(anchors)
    _complete(q, anchors, hits, used, notes, names.limited)
    if len(anchors) > before:
        anchors = _in_text_order(q, anchors, _positions(q, anchors, hits, names.limited))
    order = {"subject": 0, "group": 0, "object": 1, "portfolio": 2}
    anchors.sort(key=lambda m: order[m.role])
    return q.model_copy(update={"anchors": anchors, "notes": q.notes + notes})
