"""Small hand-built worlds for the exposure/structure/history tests, loaded through the Loader."""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from ownergraph.graph.store.connection import Graph
from ownergraph.graph.load.loader import Loader
from ownergraph.graph.store.resolution_store import ResolverKeys
from ownergraph.domain.lei import lei_check_digits
from ownergraph.domain.model import (
    Alias,
    Association,
    Consolidation,
    Control,
    CorporateAction,
    Entity,
    EntityRef,
    Guarantee,
    Holding,
    Lending,
    Ownership,
    Provenance,
    ReportingException,
    Sanction,
    Stake,
)
from ownergraph.domain.codes import (
    AliasKind,
    AliasScheme,
    ConsolidationLevel,
    CorporateActionKind,
    EntityKind,
    ExceptionReason,
)
from ownergraph.resolution import Resolver

T0 = datetime(2015, 1, 1, tzinfo=timezone.utc)


def lei(base: str) -> str:
    """A valid LEI from an 18-character base (padded with zeros)."""
    b = base.upper().ljust(18, "0")[:18]
    return b + lei_check_digits(b)


def at(d: str) -> datetime:
    return datetime.fromisoformat(d).replace(tzinfo=timezone.utc) if "T" in d else \
        datetime.combine(date.fromisoformat(d), datetime.min.time(), tzinfo=timezone.utc)


def day(d: str | date | None) -> date | None:
    return date.fromisoformat(d) if isinstance(d, str) else d


class World:
    """Builds records by entity name and loads them; ``key(name)`` gives the canonical key."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.keys = ResolverKeys(Resolver())
        self.loader = Loader(graph, self.keys)
        self.refs: dict[str, EntityRef] = {}
        self.n = 0

    def prov(self, doc: str | None = None) -> Provenance:
        self.n += 1
        return Provenance(source_system="test", source_record_id=f"rec-{self.n}", document_id=doc)

    def _clocks(self, valid_from: Any, valid_to: Any, known: Any) -> dict[str, Any]:
        return {"valid_from": day(valid_from), "valid_to": day(valid_to),
                "known_from": at(known) if isinstance(known, str) else (known or T0)}

    def entity(self, name: str, *, lei_code: str | None = None, kind: str = "company",
               aliases: tuple[tuple[str, str, str], ...] = (), valid_from: Any = None, valid_to: Any = None,
               known: Any = None, jurisdiction: str | None = None, ident: str | None = None) -> str:
        """``ident``: an internal id other than the name (two entities of one name)."""
        ref = EntityRef(lei=lei_code) if lei_code else EntityRef(scheme=AliasScheme.INTERNAL, value=ident or name)
        self.refs[ident or name] = ref
        als = tuple(Alias(scheme=AliasScheme(s), value=v, kind=AliasKind(k)) for s, v, k in aliases)
        rec = Entity(ref=ref, name=name, kind=EntityKind(kind), aliases=als, jurisdiction=jurisdiction,
                     provenance=self.prov(), **self._clocks(valid_from, valid_to, known))
        self.loader.add(rec)
        return self.key(ident or name)

    def key(self, name: str) -> str:
        return self.keys.key_of(self.refs[name])

    def _edge(self, cls: type, a: str, b: str, valid_from: Any, valid_to: Any, known: Any, doc: str | None,
              fact_key: str | None = None, **fields: Any) -> None:
        self.loader.add(cls(source=self.refs[a], target=self.refs[b], provenance=self.prov(doc), fact_key=fact_key,
                            **self._clocks(valid_from, valid_to, known), **fields))

    def own(self, a: str, b: str, pct: float | None, *, valid_from: Any = None, valid_to: Any = None,
            known: Any = None, doc: str | None = None, fact_key: str | None = None,
            band: tuple[float, float] | None = None, **kw: Any) -> None:
        """``pct``: an exact stake in percent; ``band``: [lo, hi) instead."""
        stake = Stake(lo=band[0], hi=band[1]) if band else None if pct is None else Stake(exact=pct)
        self._edge(Ownership, a, b, valid_from, valid_to, known, doc, fact_key, stake=stake, **kw)

    def control(self, a: str, b: str, kind: str = "voting", *, valid_from: Any = None, valid_to: Any = None,
                known: Any = None, doc: str | None = None) -> None:
        self._edge(Control, a, b, valid_from, valid_to, known, doc, control_kind=kind)

    def guarantee(self, guarantor: str, guaranteed: str, amount: float | None = None, currency: str | None = None,
                  **kw: Any) -> None:
        self._edge(Guarantee, guarantor, guaranteed, kw.get("valid_from"), kw.get("valid_to"), kw.get("known"),
                   kw.get("doc"), amount=amount, currency=currency)

    def lend(self, lender: str, borrower: str, amount: float | None = None, currency: str | None = None,
             **kw: Any) -> None:
        self._edge(Lending, lender, borrower, kw.get("valid_from"), kw.get("valid_to"), kw.get("known"),
                   kw.get("doc"), amount=amount, currency=currency)

    def consolidate(self, child: str, parent: str, level: str = "direct", **kw: Any) -> None:
        self._edge(Consolidation, child, parent, kw.get("valid_from"), kw.get("valid_to"), kw.get("known"),
                   kw.get("doc"), level=ConsolidationLevel(level))

    def associate(self, a: str, b: str, relationship: str, **kw: Any) -> None:
        self._edge(Association, a, b, kw.get("valid_from"), kw.get("valid_to"), kw.get("known"), kw.get("doc"),
                   relationship=relationship)

    def sanction(self, name: str, *, authority: str = "OFAC", programme: str = "SDN", valid_from: Any = None,
                 valid_to: Any = None, known: Any = None) -> None:
        self.loader.add(Sanction(entity=self.refs[name], authority=authority, programme=programme,
                                 provenance=self.prov(), **self._clocks(valid_from, valid_to, known)))

    def exception(self, name: str, level: str, reason: str, *, known: Any = None) -> None:
        self.loader.add(ReportingException(entity=self.refs[name], level=ConsolidationLevel(level),
                                           reason=ExceptionReason(reason), provenance=self.prov(),
                                           **self._clocks(None, None, known)))

    def hold(self, portfolio: str, instrument: str, issuer: str, amount: float, currency: str, as_of: str, *,
             known: Any = None, feed: str = "holdings") -> None:
        self.loader.add(Holding(portfolio=portfolio, instrument=instrument, issuer=self.refs[issuer], amount=amount,
                                currency=currency, provenance=self.prov(),
                                fact_key=f"{feed}:{portfolio}:{instrument}:{as_of}",
                                **self._clocks(as_of, None, known or as_of)))

    def action(self, kind: str, subject: str, counterparty: str | None = None, *, effective: str,
               known: Any = None, previous: str | None = None, pct: float | None = None,
               doc: str | None = None) -> None:
        self.loader.add(CorporateAction(
            action=CorporateActionKind(kind), subject=self.refs[subject],
            counterparty=self.refs[counterparty] if counterparty else None,
            previous_controller=self.refs[previous] if previous else None,
            stake=None if pct is None else Stake(exact=pct), document_id=doc, provenance=self.prov(doc),
            **self._clocks(effective, None, known or effective)))

    def flush(self) -> World:
        self.loader.flush()
        return self
