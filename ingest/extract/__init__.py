"""Relationships stated in document sentences, offline (patterns, no model), as the same
records registry readers give, marked as text claims.

:func:`extract` gives every :class:`~ingest.extract.rules.Found` (also the hedged ones, for
evaluation); :func:`extract_records` turns them into records -- edges at any confidence (below
the claim threshold they are stored but wait for review, ``graph.load.claims``), corporate actions,
which the loader applies at once, only at or above ``min_confidence``
(a conversation turn, ``extract(..., today=..., conversation=True)``, also states holdings of
ours -> Holding):
owns / subsidiary -> Ownership; acquired (all or a majority) -> change-of-control action,
a minority -> Ownership; sold its interest -> Ownership at 0 % (an exit); merged into ->
merger; spin-off -> spin_off; changed its name -> rename; guaranteed -> Guarantee; loan /
credit facility -> Lending; controlling shareholder -> Control. Each carries the document,
the sentence (offsets, page, verbatim quote), the rule and a confidence in
``provenance.claim``; ``known_from`` is the filing date, ``valid_from`` the sentence's date,
else the filing date. A loan the sentence says was refinanced or repaid ends instead
(``valid_to``): at the sentence's date, else the new loan's stated just before it
(:func:`~ingest.extract.rules.date_refinancings`), else the filing date.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date
from typing import Any, Protocol

from ownergraph.ingest.extract import clauses, collective, defined_roles, partners, role_lines, rules, signatures, sublists, tables
from ownergraph.ingest.extract.agreements import bind_agreements
from ownergraph.ingest.extract.patterns import LOAN
from ownergraph.ingest.extract.rules import Found
from ownergraph.ingest.extract.scorer import Scorer, default_scorer
from ownergraph.ingest.extract.values import Context
from ownergraph.domain.model import (
    Claim,
    Control,
    CorporateAction,
    EntityRef,
    Guarantee,
    Holding,
    Lending,
    Ownership,
    Provenance,
    Record,
    Stake,
)
from ownergraph.domain.codes import CorporateActionKind, EntityKind
from ownergraph.ingest.readers.base import build
from ownergraph.domain.sentences import Sentence

MIN_CONFIDENCE = 0.5  # hedged / future statements (0.35) are found but not loaded as facts
METHOD = "pattern"

__all__ = ["Finder", "Found", "MIN_CONFIDENCE", "extract", "extract_records", "is_action"]


class _Meta(Protocol):  # ingest.readers.documents.meta.DocMeta
    document_id: str
    source_file: str
    filer: EntityRef | None
    filed: date | None
    known_from: Any

    def prov(self, record_id: str, locator: str | None = None) -> Provenance: ...
    def page_of(self, offset: int) -> int | None: ...


def extract(text: str, sentences: Sequence[Sentence], filer: str | None = None, *, today: date | None = None,
            conversation: bool = False, model: bool | Scorer = True) -> list[Found]:
    """Every relationship the sentences of ``text`` state (hedged ones included); a
    conversation turn's also our holdings, with relative dates counted from ``today``. With
    ``model`` (the shipped :class:`~ingest.extract.scorer.Scorer`, or the one given) a document's
    candidate pairs the rules did not read are scored too; ``model=False``: the rules alone."""
    ctx = Context.of(text, filer)
    ctx.today, ctx.conversation = today, conversation
    found = []
    for s in sentences:
        stated = [*rules.find(s.text, s.start, ctx), *partners.find(s.text, s.start, ctx),
                  *collective.find(s.text, s.start, ctx)]
        found += _merge(stated, clauses.find(s.text, s.start, ctx))
    # the table and signature readers read the whole document: keep the rows of the sentences asked about
    spans = [(s.start, s.end) for s in sentences]
    listed, taken = sublists.find(text, ctx)
    rows = [f for f in (*listed, *tables.find(text, ctx, taken), *signatures.find(text, filer, ctx),
                                        *defined_roles.find(text, ctx), *role_lines.find(text, ctx))
            if any(a <= f.start < b for a, b in spans)]
    found = _once([*found, *rows])
    found = partners.full_names(text, bind_agreements(rules.date_refinancings(found), sentences))
    found = [f for f in _merger_not_control(_restated_loans(rules.drop_unstated(found))) if not _self_rename(f)]
    scorer = (default_scorer() if model is True else model or None) if not conversation else None
    if scorer is None:
        return found
    found = scorer.reviewed(text, sentences, ctx, found)
    return found + scorer.find(text, sentences, ctx, found)


def _restated_loans(found: list[Found]) -> list[Found]:
    """``found`` without a loan stated again with no amount (an exhibit index's "Term Loan
    Agreement, dated April 7, 2015, with Bank of America") where the document states the same
    loan — lender, borrower, date — with its amount: one loan, one edge."""
    sized = {(_key(f.a), _key(f.b), f.when) for f in found if f.relation == LOAN and f.amount is not None and not f.ended}
    return [f for f in found if not (f.relation == LOAN and f.amount is None and not f.ended
                                     and (_key(f.a), _key(f.b), f.when) in sized)]


def _self_rename(f: Found) -> bool:
    """A rename to the name it had ("the Company changed its name to Premier Pacific Construction,
    Inc." read with "its" as that very company): no rename."""
    return f.relation == rules.RENAMED and _bare(f.new_name or "") == _bare(f.b)


def _bare(name: str) -> str:
    return re.sub(r"\W|\b(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|plc|lp)\b", "", name.casefold())


def _merger_not_control(found: list[Found]) -> list[Found]:
    """``found`` without a change of control of a company the same document says merged away
    ("Kinnard merged with and into the registrant's wholly-owned subsidiary" and "the acquisition
    of Kinnard"): one event, and the merger says what became of it (its owners' edges end, its
    successor takes its stakes); a new owner's edge into the merged company would stay open."""
    merged = {_key(f.b) for f in found if f.relation == rules.MERGED}
    return [f for f in found if not (f.relation == rules.ACQUIRED and is_action(f) and _key(f.b) in merged)]


def _merge(stated: list[Found], read: list[Found]) -> list[Found]:
    """The sentence rules' findings and the clause reader's, one reading per statement: a clause
    finding that another reads with the same relation and overlapping parties is dropped, unless
    the rule's party is only part of the clause's name ("Sports Company, Ltd" of "NIKE (Suzhou)
    Sports Company, Ltd."), when the rule's finding gives way."""
    out = list(stated)
    for f in read:
        clash = [g for g in out if g.relation == f.relation and _overlap(g, f)]
        if any(not _part_of_name(g, f) for g in clash):
            continue
        out = [g for g in out if g not in clash] + [f]
    return out


def _overlap(g: Found, f: Found) -> bool:
    ga, gb, fa, fb = _key(g.a), _key(g.b), _key(f.a), _key(f.b)
    if g.relation == rules.CONTROLLING and ga == fa:
        return True  # partners reads roles with the document's defined terms ("AVF XII LP" is "AVF XII")
    return (ga == fa and (gb in fb or fb in gb)) or (gb == fb and (ga in fa or fa in ga)) or (ga == fa and gb == fb)


def _part_of_name(g: Found, f: Found) -> bool:
    """Whether the rule's finding ``g`` names a proper part of a party ``f`` names in full."""
    return any(_key(x) != _key(y) and _key(x) in _key(y) and _key(y).endswith(_key(x)) for x, y in ((g.a, f.a), (g.b, f.b)))


def _once(found: list[Found]) -> list[Found]:
    """``found`` with one finding per relation, parties, stake and sentence: the sentence rules,
    the clause reader and the table reader may read the same statement."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for f in found:
        # a rename is its old and new names (the patterns give the renamed party as ``a``, the clauses the new name)
        key = (f.relation, "" if f.relation == rules.RENAMED else _key(f.a), _key(f.b), f.start, _key(f.new_name or ""),
               f.stake if f.rule.startswith("table_") else None)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


# finds the relationships of a document's sentences: :func:`extract`, or an LLM extractor
# (ingest.extract.llm) that falls back to it
Finder = Callable[[str, Sequence[Sentence], str | None], list[Found]]


def extract_records(text: str, sentences: Sequence[Sentence], meta: _Meta, *,
                    min_confidence: float = MIN_CONFIDENCE, finder: Finder | None = None) -> list[Record]:
    """The records of the relationships stated: edges at any confidence (a hedged one waits for
    review), corporate actions at or above ``min_confidence``."""
    filer = meta.filer.name if meta.filer else None
    out: list[Record] = []
    for f in (finder or extract)(text, sentences, filer):
        if f.confidence >= min_confidence or not is_action(f):
            out.append(build(meta.source_file, f"chars {f.start}-{f.end}", lambda f=f: _record(f, meta), f.quote))
    return out


def is_action(f: Found) -> bool:
    """Whether ``f`` becomes a corporate action (merger, spin-off, rename, change of control)."""
    return f.relation in (rules.MERGED, rules.SPUN_OFF, rules.RENAMED) or (
        f.relation == rules.ACQUIRED and not (f.stake is not None and f.stake < 50))


def _ref(name: str, meta: _Meta) -> EntityRef:
    if meta.filer is not None and name == meta.filer.name:
        return meta.filer
    return EntityRef(name=name, kind=EntityKind.COMPANY)


def _record(f: Found, meta: _Meta) -> Record:
    page = meta.page_of(f.start)
    claim = Claim(method=f"{f.method}:{f.rule}", confidence=f.confidence, start=f.start, end=f.end,
                  quote=f.quote, page=page)
    prov = meta.prov(f"{meta.document_id}@{f.start}-{f.end}",
                     f"chars {f.start}-{f.end}" + (f", p. {page}" if page else ""))
    a, b = _ref(f.a, meta), _ref(f.b, meta)
    common: dict[str, Any] = dict(
        known_from=meta.known_from, provenance=prov.model_copy(update={"claim": claim}),
        fact_key=f"text:{meta.document_id}:{f.relation}:{_norm(f.a)}:{_norm(f.b)}")
    when = f.when or meta.filed
    stake = Stake(exact=f.stake) if f.stake is not None else None
    make: dict[str, Callable[[], Record]] = {
        rules.OWNS: lambda: Ownership(source=a, target=b, stake=stake, direct=f.direct, valid_from=when, **common),
        rules.SUBSIDIARY: lambda: Ownership(source=a, target=b, stake=stake, direct=f.direct, valid_from=f.when,
                                            **common),
        rules.SOLD: lambda: Ownership(source=a, target=b, stake=Stake(exact=0), valid_from=when, **common),
        rules.GUARANTEE: lambda: Guarantee(source=a, target=b, valid_from=f.when, **common),
        # a refinanced / repaid loan ended then: live before, as a Form 4's sold-out holding
        rules.LOAN: lambda: Lending(source=a, target=b, amount=f.amount, currency=f.currency,
                                    valid_from=None if f.ended else when, valid_to=when if f.ended else None,
                                    **common),
        rules.HOLDING: lambda: Holding(portfolio=a.name, issuer=b, instrument=f"{b.name} {f.instrument}",
                                       amount=f.amount, currency=f.currency, valid_from=when, **common),
        rules.CONTROLLING: lambda: Control(source=a, target=b, control_kind=partners.control_kind(f.rule),
                                           valid_from=f.when, **common),
        rules.MERGED: lambda: _action(CorporateActionKind.MERGER, b, a, when, f, meta, common),
        rules.SPUN_OFF: lambda: _action(CorporateActionKind.SPIN_OFF, a, b, when, f, meta, common),
        rules.RENAMED: lambda: _action(CorporateActionKind.RENAME, b, None, when, f, meta, common,
                                       new_name=f.new_name),
    }
    if f.relation == rules.ACQUIRED:
        if f.stake is not None and f.stake < 50:
            return Ownership(source=a, target=b, stake=stake, valid_from=when, **common)
        return _action(CorporateActionKind.CHANGE_OF_CONTROL, b, a, when, f, meta, common, stake=stake)
    return make[f.relation]()


def _action(kind: CorporateActionKind, subject: EntityRef, counterparty: EntityRef | None, when: date | None,
            f: Found, meta: _Meta, common: dict[str, Any], **extra: Any) -> CorporateAction:
    return CorporateAction(action=kind, subject=subject, counterparty=counterparty,
                           valid_from=when or meta.known_from.date(), document_id=meta.document_id,
                           **extra, **common)


def _key(name: str) -> str:
    return re.sub(r"\W", "", name.casefold())


def _norm(name: str) -> str:
    return " ".join(name.split()).casefold()
