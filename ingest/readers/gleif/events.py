"""GLEIF legal-entity events (LEI-CDF ``LegalEntityEvents``, API ``eventGroups``) -> records.

Every event becomes one ``CorporateAction`` carrying the registry's own statement of it
(``RegistryEvent``: type, status, group type and id, recorded date, the fields it changed with
their values before -> after), valid_from = LegalEntityEventEffectiveDate, known_from =
LegalEntityEventRecordedDate (the registry knew it from then), so ``diff`` shows each one:

- a COMPLETED merger event (MERGERS_AND_ACQUISITIONS, ABSORPTION) on an entity with a
  successor: ``merger`` into the successor;
- the latest COMPLETED CHANGE_LEGAL_NAME: ``rename`` to the current LegalName. The name
  before is the event's AffectedField for LegalName where the record gives it, else the
  record's one PREVIOUS_LEGAL_NAME (with several, which one the event replaced is not
  stated, so none is taken);
- every other event (address, legal form, dissolution, an earlier rename, events in
  progress or withdrawn): ``registry_event``, which changes no edge.

A successor not covered by a merger action yields a ``Succession`` edge (valid_from =
EntityExpirationDate): never both for the same pair.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

from ownergraph.domain.model import CorporateAction, EntityRef, FieldChange, Record, RegistryEvent, Succession
from ownergraph.domain.codes import CorporateActionKind
from ownergraph.ingest.readers.gleif.mapping import (
    MERGER_EVENTS, Ctx, Event, LeiRec, built, date_value, datetime_value, record_provenance, sort_date,
)
from ownergraph.ingest.readers.base import Bad

DONE = (None, "COMPLETED")
# the CDF field each event type changes, and the record's current value of it (the value after)
_FIELD_OF_EVENT = {"CHANGE_LEGAL_NAME": "LegalName", "CHANGE_LEGAL_FORM": "LegalForm"}


def _current(rec: LeiRec, xpath: str) -> str | None:
    tail = xpath.rstrip("/").rpartition("/")[2].removeprefix("lei:")
    if tail == "LegalName":
        return rec.legal_name
    if tail in ("LegalForm", "EntityLegalFormCode", "OtherLegalForm"):
        return rec.legal_form
    return None


def _changes(rec: LeiRec, ev: Event, latest: bool) -> tuple[FieldChange, ...]:
    """Fields the event changed: the AffectedFields given, else (for a name change) the one
    PREVIOUS_LEGAL_NAME. The value after is the record's current one for the latest
    completed event of its type only (an earlier one was overwritten since)."""
    out = [FieldChange(field=x, old=old, new=_current(rec, x) if latest else None) for x, old in ev.affected]
    name_field = _FIELD_OF_EVENT.get(ev.type or "")
    if not out and ev.type == "CHANGE_LEGAL_NAME":
        previous = [n for t, n in rec.other_names if t == "PREVIOUS_LEGAL_NAME"]
        out.append(FieldChange(field="LegalName", old=previous[0] if len(previous) == 1 and latest else None,
                               new=rec.legal_name if latest else None))
    elif not out and name_field and latest:
        out.append(FieldChange(field=name_field, new=_current(rec, name_field)))
    return tuple(out)


def _action(rec: LeiRec, ev: Event, ref: EntityRef, known: datetime, ctx: Ctx, latest: bool,
            **fields: Any) -> CorporateAction:
    if not ev.type:
        raise Bad("LegalEntityEventType", "missing")
    effective = date_value(ev.effective, "LegalEntityEventEffectiveDate")
    if effective is None:
        raise Bad("LegalEntityEventEffectiveDate", f"missing for a {ev.type} event: an event is "
                   "placed in valid time by its effective date")
    recorded = datetime_value(ev.recorded, "LegalEntityEventRecordedDate")
    lei = ref.lei or ""
    event = RegistryEvent(type=ev.type, status=ev.status, group_type=ev.group_type, group_id=ev.group_id,
                          recorded=recorded, validation_documents=ev.documents,
                          changes=_changes(rec, ev, latest))
    return CorporateAction(
        subject=ref, valid_from=effective, known_from=recorded or known, document_id=ev.reference,
        fact_key=f"gleif:event:{lei}:{ev.type}:{effective}", event=event,
        provenance=record_provenance(ctx, f"{lei}:{ev.type}", rec.validation_sources, ev.reference), **fields)


def event_records(rec: LeiRec, ref: EntityRef, successors: list[EntityRef], known: datetime,
                  valid_to: date | None, ctx: Ctx) -> Iterator[Record]:
    lei = ref.lei or ""
    renames = [e for e in rec.events if e.type == "CHANGE_LEGAL_NAME" and e.status in DONE]
    last_rename = max(renames, key=lambda e: sort_date(e.effective)) if renames else None
    latest_of: dict[str, Event] = {}
    for e in rec.events:
        if e.status in DONE and e.type and (e.type not in latest_of or
                                             sort_date(e.effective) >= sort_date(latest_of[e.type].effective)):
            latest_of[e.type] = e
    merged_into: set[EntityRef] = set()
    for ev in rec.events:
        latest = latest_of.get(ev.type or "") is ev
        if ev.type in MERGER_EVENTS and ev.status in DONE and successors:
            out = built(ctx, lambda ev=ev, latest=latest: _action(
                rec, ev, ref, known, ctx, latest, action=CorporateActionKind.MERGER, counterparty=successors[0]))
            if isinstance(out, CorporateAction):
                merged_into.add(successors[0])
        elif ev is last_rename:
            out = built(ctx, lambda ev=ev: _action(rec, ev, ref, known, ctx, True, action=CorporateActionKind.RENAME,
                                                    new_name=rec.legal_name))
        else:
            out = built(ctx, lambda ev=ev, latest=latest: _action(
                rec, ev, ref, known, ctx, latest, action=CorporateActionKind.REGISTRY_EVENT))
        yield out
    for succ in successors:
        if succ in merged_into:
            continue  # the merger corporate action already states predecessor -> successor
        target = succ.lei or succ.name
        yield built(ctx, lambda succ=succ, target=target: Succession(
            source=ref, target=succ, action=CorporateActionKind.MERGER, valid_from=valid_to,
            known_from=known, fact_key=f"gleif:succession:{lei}:{target}",
            provenance=record_provenance(ctx, f"{lei}:SUCCESSOR:{target}", rec.validation_sources)))
