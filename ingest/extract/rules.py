"""The statements filings make about relationships, as patterns over one sentence.

Each rule names its relation and which group is the owner / acquirer / guarantor / lender
(``a``) and which the owned / acquired / guaranteed / borrower (``b``). A match is a
:class:`Found`; negated statements ("does not hold any interest") are dropped, hedged or
future ones ("may acquire", "agreed to acquire, subject to", "will become a subsidiary")
keep a low confidence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from ownergraph.ingest.extract.patterns import (
    ACQUIRED, CHECKS, CONTROLLING, CONVERSATION_RULES, FILER_IS_A, FILER_IS_B, GUARANTEE, HOLDING, LOAN, MERGED, OWNS, REFINANCED,
    RELATIONS, RENAMED, RULES, SOLD, SPUN_OFF, STATUS, SUBSIDIARY,
)
from ownergraph.ingest.extract.values import (
    HEDGE, NEGATION, SELF, Context, money, percent, relative_date, sentence_date,
)

__all__ = ["ACQUIRED", "CONTROLLING", "GUARANTEE", "HOLDING", "LOAN", "MERGED", "OWNS", "RELATIONS", "RENAMED", "SOLD",
           "SPUN_OFF", "SUBSIDIARY", "Found", "date_refinancings", "drop_unstated", "find"]


@dataclass(frozen=True)
class Found:
    """One relationship a sentence states."""

    relation: str
    rule: str
    a: str  # owner / acquirer / parent / guarantor / lender / survivor / spinning parent
    b: str  # owned / acquired / subsidiary / guaranteed / borrower / absorbed / spun off / renamed
    confidence: float
    start: int
    end: int
    quote: str
    stake: float | None = None  # percent
    amount: float | None = None
    currency: str | None = None
    when: date | None = None
    new_name: str | None = None
    direct: bool = True
    hedged: bool = False
    method: str = "pattern"  # the extractor: "pattern" (these rules) or "llm:<model>"
    instrument: str | None = None  # a holding's instrument ("2027 notes")
    ended: bool = False  # a loan the sentence says was refinanced / repaid: ``when`` is its end


# where a clause with its own subject begins: "..., under which X acquired Y and Z will distribute ..."
_NEXT_CLAUSE = re.compile(r";|,?\s(?:and|but|while|whereas)\s(?=[A-Z]|the\s[A-Z]|its\s|our\s|we\s)")
# a capitalised word right before a party's match: the party is the tail of a longer name
# ("a subsidiary of The Home Depot, Inc." is not a party "Depot, Inc.")
_NAME_BEFORE = re.compile(r"(?:^|\s)([A-Z][\w&'’.\-]*)\s$")
_NOT_NAME_WORDS = frozenset("The On In As At Also During Prior Following Pursuant Under After Before Since Effective "
                            "Upon When While If Mr. Ms. Mrs. Dr. WHEREAS Whereas".split())


def _confidence(relation: str, prefix: str, m: re.Match[str], rest: str) -> float | None:
    """None for a negated statement; lower for a hedged one. An event (acquired, merged, loan...)
    is hedged by its clause ("agreed to acquire X, subject to ...", "effective upon the
    consummation of ..."); a standing (subsidiary, owns, controlling) only by its own words
    and what follows at once ("will become a subsidiary", "the parent of X upon the
    consummation of ...")."""
    if NEGATION.search(m[0]) or NEGATION.search(prefix[-40:]):
        return None
    if relation in STATUS:
        # a recital states the parties' standing as fact ("WHEREAS, KMJ Trust and KK Holdings collectively own
        # all of ..."); what the recital says will happen is hedged by its own words
        window = re.sub(r"\bWHEREAS\b,?", "", prefix[-25:]) + m[0] + rest[:40]
    else:
        clause = re.split(r";|\bWHEREAS\b", prefix)[-1]
        after = _NEXT_CLAUSE.search(rest)
        window = clause + m[0] + (rest[:after.start()] if after else rest)
    return 0.35 if HEDGE.search(window) else 0.9


def _mid_name(flat: str, m: re.Match[str], group: str) -> bool:
    """Whether the party ``group`` starts inside a longer capitalised name."""
    if m.groupdict().get(group) is None:
        return False
    at = m.start(group)
    if at and (flat[at - 1].isalnum() or flat[at - 1] == "-"):  # "non-U.S. subsidiaries"
        return True
    before = _NAME_BEFORE.search(flat[:at])
    return bool(before) and before[1] not in _NOT_NAME_WORDS


def _possessive(flat: str, m: re.Match[str], group: str) -> bool:
    """Whether the party ``group`` ends the match as a possessive before a common noun: "guaranteed
    by its domestic subsidiaries" names some of the filer's subsidiaries, not the filer (in "our
    previous ... loans with X" the noun is the rule's own words)."""
    raw = m.groupdict().get(group)
    return raw is not None and m.end(group) == m.end() and raw.casefold() in ("its", "our", "their") and bool(
        re.match(r"\s[a-z]", flat[m.end(group):]))


_ITS_SHARES = re.compile(r"(?:’s|'s|’|')\s(?!(?:issued\s|outstanding\s|entire\s)?(?:shares|stock|common|ordinary|capital|"
                         r"equity|securities|units)\b)")


def _part_of(relation: str, flat: str, m: re.Match[str]) -> bool:
    """Whether an acquired / sold party is only the owner of what changed hands: "the acquisition
    of Guardian Royal Exchange's life and pensions activities" is an asset deal, not Guardian
    Royal Exchange ("X's shares", "X's outstanding stock" are X)."""
    return (relation in (ACQUIRED, SOLD) and m.groupdict().get("b") is not None
            and bool(_ITS_SHARES.match(flat, m.end("b"))))


def find(text: str, start: int, ctx: Context) -> list[Found]:
    """Every relationship the sentence ``text`` (at ``start`` in its document) states."""
    flat = " ".join(text.split())
    out: list[Found] = []
    seen: set[tuple[str, ...]] = set()  # one statement per relation and second party
    listed: list[tuple[re.Match[str], str, float]] = []  # owners of a stake named earlier in the sentence
    for relation, rule, rx in (RULES + CONVERSATION_RULES if ctx.conversation else RULES):
        for m in rx.finditer(flat):
            conf = _confidence(relation, flat[:m.start()], m, flat[m.end():])
            if (conf is None or _mid_name(flat, m, "a") or _mid_name(flat, m, "b")
                    or _possessive(flat, m, "a") or _possessive(flat, m, "b") or _part_of(relation, flat, m)):
                continue
            gd = m.groupdict()
            a_s = [ctx.filer, None] if rule in FILER_IS_A else [ctx.name(gd.get("a")), ctx.name(gd.get("a2"))]
            first = ctx.filer if rule in FILER_IS_B else _apart(ctx.name(gd.get("b")), gd.get("b"), a_s[0], gd.get("a"))
            b_s = [first, ctx.name(gd.get("b2")), ctx.name(gd.get("b3"))]
            if rule == "owns_pct_listed":
                listed.append((m, rule, conf))
                continue
            if relation == RENAMED:
                b_s = [ctx.name(gd.get("old")) or a_s[0], None]
            for i, a in enumerate(a_s):
                for j, b in enumerate(b_s):
                    if a is None or b is None or not _keep(relation, rule, a, b, m, seen, also=i > 0):
                        continue
                    out.append(_found(relation, rule, a, b, conf, m, flat, text, start, ctx.today))
    owned = next((f.b for f in out if f.relation == OWNS and f.stake is not None), None)
    for m, rule, conf in listed:  # "X owned 34% of the Common Stock, Y owned 23% and Z ..."
        a = ctx.name(m["a"])
        if owned and a and _keep(OWNS, rule, a, owned, m, seen, also=True):
            out.append(_found(OWNS, rule, a, owned, conf, m, flat, text, start, ctx.today))
    return out


def _key(name: str) -> str:
    return re.sub(r"\W", "", name.casefold())


def _apart(b: str | None, raw: str | None, a: str | None, raw_a: str | None) -> str | None:
    """``b``, or the words the sentence uses when the document's defined term makes it ``a``'s
    name: a private company of the filer's name ("Loncor Resources Inc. (\u201cOld Loncor\u201d)")."""
    if (b and a and raw and _key(a) == _key(b) and not re.fullmatch(SELF, raw.strip())
            and _key(raw) != _key(raw_a or "")):  # the same words twice are one party
        words = " ".join(raw.split()).strip(" ,;:.").removeprefix("the ").removeprefix("The ")
        return words if _key(words) != _key(a) else b
    return b


def _keep(relation: str, rule: str, a: str, b: str, m: re.Match[str], seen: set[tuple[str, ...]], *,
          also: bool = False) -> bool:
    """Whether to keep a finding: two parties, the rule's own check, and one statement per
    relation and second party (another party joined by "and", or listed, is one more)."""
    key = (relation, _key(b), _key(a)) if also else (relation, _key(b))
    if (relation != RENAMED and _key(a) == _key(b)) or key in seen:
        return False
    check = CHECKS.get(rule)
    if check is not None and not check(a, b, m):
        return False
    seen.add(key)
    return True


def _found(relation: str, rule: str, a: str, b: str, conf: float, m: re.Match[str], flat: str, text: str,
           start: int, today: date | None = None) -> Found:
    gd = m.groupdict()
    how, kind = gd.get("how") or "", gd.get("kind") or ""
    stake = percent(gd.get("pct") or how or kind)
    if stake is None and (how.casefold().startswith("all") or "wholly" in kind or
                          (how in ("shareholder", "stockholder", "owner", "member") and not gd.get("a2"))):
        stake = 100.0
    # an amount stated before the match is another clause's ("The Term Loan Agreement provides for
    # ... $500 million ... used to prepay ... the existing term loan agreement ... among ...")
    amount, currency = money(gd.get("money") or flat[m.start():]) if relation in (LOAN, HOLDING) else (None, None)
    if relation == ACQUIRED and how.startswith("substantially"):
        stake = None  # "substantially all of the assets": an asset deal, not the shares
    return Found(relation=relation, rule=rule, a=a, b=b, confidence=conf, start=start,
                 end=start + len(text), quote=text, stake=stake, amount=amount, currency=currency,
                 when=sentence_date(flat) or relative_date(flat, today),
                 new_name=(" ".join(gd["new"].split()) if gd.get("new") else (a if relation == RENAMED else None)),
                 direct="indirect" not in kind, hedged=conf < 0.5,
                 instrument=" ".join(gd["instrument"].split()) if gd.get("instrument") else None,
                 ended=relation == LOAN and bool(REFINANCED.search(flat[max(0, m.start() - 40):m.start()])))


_FORMS = re.compile(r"\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|plc|lp|the)\b")


def _party_key(name: str) -> str:
    return re.sub(r"\W", "", _FORMS.sub("", name.casefold()))


def drop_unstated(found: Sequence[Found]) -> list[Found]:
    """``found`` without the holdings that state no stake where the same document states one for
    the same pair ("Wisconsin Energy Corporation, the parent company of Wisconsin Electric" beside
    "a wholly-owned subsidiary of Wisconsin Energy Corporation"): the bare one adds no fact and,
    parallel to the stated one, would widen its stake to [0, 100%]."""
    stated = {(_party_key(f.a), _party_key(f.b)) for f in found
              if f.relation in (OWNS, SUBSIDIARY) and f.stake is not None}
    return [f for f in found if not (f.relation in (OWNS, SUBSIDIARY) and f.stake is None
                                     and (_party_key(f.a), _party_key(f.b)) in stated)]


_REFINANCED_WITHIN = 4000  # characters: the note on the financing agreements, not the whole filing


def date_refinancings(found: Sequence[Found]) -> list[Found]:
    """``found`` with each refinanced loan that has no date of its own given the date of the loan
    stated last before it, close by: the new loan that paid it off ("On September 27, 2010,
    Torotel Products entered into a new financing agreement ... with Commerce Bank" ... "This
    loan is a refinancing of our previous ... loans with the Bank of Blue Valley")."""
    out: list[Found] = []
    for f in found:
        if f.ended and f.when is None:
            new = [g for g in out if g.relation == LOAN and not (g.ended or g.hedged) and g.when is not None
                   and 0 <= f.start - g.start <= _REFINANCED_WITHIN]
            f = replace(f, when=new[-1].when) if new else f
        out.append(f)
    return out
