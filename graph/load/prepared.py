"""LEI-file records turned into their rows and registration beside the loading process (issue 33).

In a bulk load the LEI file is read in a reader process (``ingest.read_ahead``) while this one
registers, builds rows and stages. Unpickling an ``Entity`` record here cost this process
~90 µs a record (pydantic objects rebuilt), about what reading it cost the reader, and its rows
were then built here too. :func:`prepare_records`, run in the reader process, replaces

* each entity record keyed by its own LEI (``ref.lei``, no successor to resolve) by a
  :class:`PreparedEntity`: its entity and alias rows under that key (:func:`entity_rows_of`,
  the builder ``batch_rows.build_rows`` uses for every entity) and what registering it takes
  from it (``resolution.register.prepare_registration``). The loading process registers that
  (``Resolver.register_prepared``: same key, alias rows, joins and decisions) and uses the rows
  as ``build_rows`` would have built them; a record whose canonical key is not its LEI (a
  decision made it another key's) has its rows moved to that key, as building them there does;
* each corporate action by a :class:`PreparedAction`: its statement id, effective date and
  pickled record, as the bulk loader's action store keeps them (``bulk.action_store``), and the
  mentions ``build_rows`` resolves (stubs made as for the record).

Any other record passes through unchanged.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable, Iterator
from typing import Any

from ownergraph.domain.model import CorporateAction, Entity, EntityRef
from ownergraph.graph.load.rows import VALID_MAX, VALID_MIN, clock_props
from ownergraph.resolution.register import PreparedRegistration, prepare_registration


def _clean(props: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in props.items() if v is not None}


def entity_rows_of(k: str, rec: Entity, successor_key: str | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """An entity record's row and its alias rows (all of them), under key ``k``."""
    props = clock_props(rec) | {
        "name": rec.name, "kind": rec.kind.value, "jurisdiction": rec.jurisdiction,
        "status": rec.status, "expiration_reason": rec.expiration_reason,
        "lei": rec.ref.lei if rec.ref.lei == k else None,
        "industry_codes": list(rec.industry_codes) or None,  # "SIC:2834": a stated attribute, never a name
    }
    if successor_key is not None:
        props["successor_key"] = successor_key
    aliases = []
    for alias in rec.aliases:
        value = alias.value.casefold() if alias.scheme.value == "name" else alias.value
        aliases.append({"key": f"{alias.scheme.value}|{value}", "scheme": alias.scheme.value,
                        "value": alias.value, "kind": alias.kind.value, "entity": k,
                        "valid_from": alias.valid_from or VALID_MIN,
                        "valid_to": alias.valid_to or VALID_MAX, "fact_key": rec.key(),
                        "statement_id": props["statement_id"]})  # lets graph.conflicts drop them
    return {"key": k, "statement_id": props["statement_id"], "props": _clean(props)}, aliases


class PreparedEntity:
    """One LEI entity record's rows under its LEI, and its registration summary."""

    __slots__ = ("key", "row", "aliases", "registration")

    def __init__(self, key: str, row: dict[str, Any], aliases: list[dict[str, Any]],
                 registration: PreparedRegistration) -> None:
        self.key, self.row, self.aliases, self.registration = key, row, aliases, registration

    def __getstate__(self) -> tuple[Any, ...]:
        return self.key, self.row, self.aliases, self.registration

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.key, self.row, self.aliases, self.registration = state

    def rows_for(self, k: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The rows under canonical key ``k``: ``entity_rows_of(k, record)``'s."""
        if k == self.key:
            return self.row, self.aliases
        props = {p: v for p, v in self.row["props"].items() if p != "lei"}  # the LEI is not k's
        return ({**self.row, "key": k, "props": props},
                [{**a, "entity": k} for a in self.aliases])


class PreparedAction:
    """A corporate action as the bulk loader's action store keeps it (statement id, effective
    date, the pickled record: ``bulk.action_store``), with the mentions ``build_rows`` resolves."""

    __slots__ = ("sid", "effective", "body", "refs")

    def __init__(self, sid: str, effective: str, body: bytes, refs: list[EntityRef]) -> None:
        self.sid, self.effective, self.body, self.refs = sid, effective, body, refs

    def __getstate__(self) -> tuple[Any, ...]:
        return self.sid, self.effective, self.body, self.refs

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.sid, self.effective, self.body, self.refs = state


def prepare(rec: Any) -> Any:
    """``rec`` as a :class:`PreparedEntity` or :class:`PreparedAction` where it can be one, else ``rec``."""
    if isinstance(rec, CorporateAction):
        refs = [r for r in (rec.subject, rec.counterparty, rec.previous_controller) if r is not None]
        return PreparedAction(clock_props(rec)["statement_id"], (rec.valid_from or VALID_MIN).isoformat(),
                              pickle.dumps(rec, protocol=pickle.HIGHEST_PROTOCOL), refs)
    if not isinstance(rec, Entity) or rec.successor is not None:
        return rec
    registration = prepare_registration(rec)
    if registration is None:
        return rec
    row, aliases = entity_rows_of(registration[0], rec, None)
    return PreparedEntity(registration[0], row, aliases, registration)


def prepare_records(records: Iterable[Any]) -> Iterator[Any]:
    """A reader's records with its LEI entity records prepared (``ingest.read_ahead``'s ``prepare``)."""
    return map(prepare, records)
