"""The statements filings make about relationships, as patterns over one sentence.

Each rule names its relation and which group is the owner / acquirer / guarantor / lender
(``a``) and which the owned / acquired / guaranteed / borrower (``b``). A match is a
:class:`Found`; negated statements ("does not hold any interest") are dropped, hedged or
future ones ("may acquire", "agreed to acquire, subject to", "will become a subsidiary")
keep a low confidence.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from ownergraph.ingest.extract.values import (
    HEDGE, NEGATION, Context, money, party, percent, sentence_date,
)

OWNS, SUBSIDIARY, ACQUIRED, SOLD, MERGED, SPUN_OFF, RENAMED, GUARANTEE, LOAN, CONTROLLING = (
    "owns", "subsidiary", "acquired", "sold", "merged", "spun_off", "renamed", "guarantee", "loan",
    "controlling")
RELATIONS = (OWNS, SUBSIDIARY, ACQUIRED, SOLD, MERGED, SPUN_OFF, RENAMED, GUARANTEE, LOAN, CONTROLLING)

A, B = party("a"), party("b")
_OF_STOCK = (r"(?:(?:the\s)?(?:issued\sand\s)?(?:outstanding\s)?(?:shares\s(?:of\s)?)?(?:capital\sstock|common\sstock|"
             r"stock|shares|equity\sinterests?|membership\sinterests?|partnership\sinterests?|voting\s(?:stock|"
             r"securities))\s(?:of|in)\s)?")
_STAKE = r"(?P<how>all|all\sof|substantially\sall\sof|(?:approximately\s|about\s)?\d{1,3}(?:\.\d+)?\s?%(?:\sof)?)"
_WHOLLY = r"(?P<kind>(?:direct|indirect|direct\sor\sindirect)?,?\s?(?:wholly[\s-]owned|majority[\s-]owned|\d{1,3}(?:\.\d+)?%[\s-]owned)?)"

_RULES: list[tuple[str, str, re.Pattern[str]]] = [(rel, name, re.compile(rx)) for rel, name, rx in [
    (SUBSIDIARY, "x_subsidiary_of_y",
     rf"{B}(?:\s\([^)]{{1,60}}\))?,?\s(?:(?:is|was|became|will\sbecome|has\sbecome|being)\s)?(?:an?|the)\s(?:[A-Z][a-z]+\s(?:corporation|"
     rf"limited\sliability\scompany|company)\sand\s(?:a\s)?)?{_WHOLLY}\s?subsidiary\sof\s{A}"),
    (SUBSIDIARY, "x_and_its_subsidiary", rf"{A}\sand\sits\s{_WHOLLY}\s?subsidiary,?\s{B}"),
    (SUBSIDIARY, "y_subsidiary_x", rf"{A}(?:’s|'s)?\s(?:its\s)?{_WHOLLY}\s?subsidiary,?\s{B}"),
    (ACQUIRED, "acquired_stake_of",
     rf"{A}\s(?:\w+\s)?(?:completed\sthe\sacquisition\sof|acquired|purchased|acquires|completed\sits\sacquisition\sof)"
     rf"\s{_STAKE}?\s?{_OF_STOCK}{B}(?=[,.;:(]|\s(?:for|from|in|on|and|with|through|pursuant|by|at|to|which|that|"
     rf"effective|during|\()\b|\s*$)"),
    (SOLD, "sold_interest",
     rf"{A}\s(?:\w+\s)?(?:sold|disposed\sof|divested|transferred)\s(?:all\sof\s)?(?:its|their|our)\s(?:entire\s)?"
     rf"(?:\d{{1,3}}(?:\.\d+)?\s?%\s)?(?:ownership\s)?(?:interest|stake|shares|equity\sinterest|holding)s?\s(?:in|of)\s{B}"),
    (OWNS, "holds_pct_of",
     rf"{A}\s(?:\w+\s)?(?:owns|holds|held|owned|beneficially\sowns?|has\sa)\s(?:approximately\s|about\s|an?\s)?"
     rf"(?P<pct>\d{{1,3}}(?:\.\d+)?\s?%)\s(?:interest\s|stake\s|equity\sinterest\s)?(?:of|in)\s{_OF_STOCK}{B}"),
    (MERGED, "merged_into",
     rf"(?<!of\s)(?<!of\sThe\s){B}\s(?:was\s|has\s|had\s)?(?:merged|merges|will\smerge|is\smerging)\s(?:with\sand\s)?into\s{A}"),
    (SPUN_OFF, "spin_off_of",
     rf"{A}\s(?:\w+\s)?completed\s(?:the|its)\s(?:previously\sannounced\s)?(?:complete\slegal\sand\sstructural\s)?"
     rf"(?:spin-?off|separation(?:\sand\sdistribution)?)\s(?:to\sits\sstockholders\s)?of\s(?:all\sof\sthe\soutstanding\s"
     rf"shares\sof\s)?{B}"),
    (SPUN_OFF, "spun_off_from", rf"{B}\s(?:was|were|has\sbeen)\sspun\soff\sfrom\s{A}"),
    (RENAMED, "changed_name",
     rf"{A},?\s(?:[^.]{{0,80}}?)changed\s(?:its|their)\s(?:corporate\s|legal\s)?name\s(?:from\s(?P<old>[^,;]{{2,80}}?)\s)?to\s"
     rf"(?P<new>[A-Z][^,;()]{{1,80}}?)(?=[,;(]|\.?\s(?:and|on|in|effective|with)\b|\.?$)"),
    (GUARANTEE, "guaranteed_obligations_of",
     rf"{A}\s(?:\w+\s)?(?:guaranteed|guarantees|guarantee|provided\sa\sguaranty[^.]{{0,60}}?for)\s(?:the\s)?"
     rf"(?:payment\s)?obligations\sof\s{B}"),
    (GUARANTEE, "obligations_guaranteed_by",
     rf"{B}(?:’s|'s)\s(?:payment\s)?obligations\s(?:under\s[^.]{{0,80}}?)?(?:are|were|will\sbe|is)\s(?:fully\s|"
     rf"unconditionally\s|jointly\sand\sseverally\s)*guaranteed\sby\s{A}"),
    (GUARANTEE, "guarantee_by_of", rf"guarantee\sby\s{A}\sof\s{B}(?:’s|'s)\s(?:payment\s)?obligations"),
    (LOAN, "loan_with_lender",
     rf"{B}(?:\s\([^)]*\))?,?.{{0,120}}?entered\sinto\s(?:an?\s)?.{{0,60}}?(?:Loan\sAgreement|Credit\sAgreement|"
     rf"credit\sfacility|term\sloan|loan)[^.]{{0,80}}?\swith\s{A}"),
    (LOAN, "loan_from", rf"{B}\s[^.]{{0,60}}?(?:loan|credit\sfacility|advance)s?\sfrom\s{A}"),
    (CONTROLLING, "controlling_shareholder_of",
     rf"{A},?\s(?:is|was|became|as)\s(?:the\s)?controlling\s(?:shareholder|stockholder)\sof\s{B}"),
    (CONTROLLING, "x_controlling_shareholder", rf"{B}(?:’s|'s)\scontrolling\s(?:shareholder|stockholder),?\s{A}"),
]]


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


def _confidence(prefix: str, m: re.Match[str], rest: str) -> float | None:
    """None for a negated statement; lower for a hedged one (a hedge anywhere in the sentence:
    "agreed to acquire X, subject to ...", "effective upon the consummation of ...")."""
    window = prefix + m[0] + rest
    if NEGATION.search(m[0]) or NEGATION.search(prefix[-40:]):
        return None
    return 0.35 if HEDGE.search(window) else 0.9


def find(text: str, start: int, ctx: Context) -> list[Found]:
    """Every relationship the sentence ``text`` (at ``start`` in its document) states."""
    flat = " ".join(text.split())
    out: list[Found] = []
    seen: set[tuple[str, str]] = set()  # one statement per relation and second party
    for relation, rule, rx in _RULES:
        for m in rx.finditer(flat):
            conf = _confidence(flat[:m.start()], m, flat[m.end():])
            a, b = ctx.name(m.groupdict().get("a")), ctx.name(m.groupdict().get("b"))
            if conf is None or not a or (not b and relation != RENAMED):
                continue
            if relation == RENAMED:
                b = ctx.name(m["old"]) or a
            if a.casefold() == b.casefold() or (relation, b.casefold()) in seen:
                continue
            seen.add((relation, b.casefold()))
            out.append(_found(relation, rule, a, b, conf, m, flat, text, start))
    return out


def _found(relation: str, rule: str, a: str, b: str, conf: float, m: re.Match[str], flat: str, text: str,
           start: int) -> Found:
    gd = m.groupdict()
    how, kind = gd.get("how") or "", gd.get("kind") or ""
    stake = percent(gd.get("pct") or how or kind)
    if stake is None and (how.startswith("all") or "wholly" in kind):
        stake = 100.0
    amount, currency = money(flat) if relation == LOAN else (None, None)
    if relation == ACQUIRED and how.startswith("substantially"):
        stake = None  # "substantially all of the assets": an asset deal, not the shares
    return Found(relation=relation, rule=rule, a=a, b=b, confidence=conf, start=start,
                 end=start + len(text), quote=text, stake=stake, amount=amount, currency=currency,
                 when=sentence_date(flat), new_name=(" ".join(gd["new"].split()) if gd.get("new") else None),
                 direct="indirect" not in kind, hedged=conf < 0.5)
