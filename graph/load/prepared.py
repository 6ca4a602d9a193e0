"""LEI entity records turned into their rows and registration beside the loading process (issue 33).

In a bulk load the LEI file is read in a reader process (``ingest.read_ahead``) while this one
registers, builds rows and stages. Unpickling an ``Entity`` record there cost this process
more than reading it (~90 µs a record, pydantic objects rebuilt), and its rows were then built
here too. :func:`prepare_records`, run in the reader process, replaces each entity record keyed
by its own LEI (``ref.lei``, no successor to resolve) by a :class:`PreparedEntity`: its entity and
alias rows under that key (``batch_rows.entity_rows_of``, the same builder) and what registering
it takes from it (``resolution.register.prepare_registration``). The loading process registers
that (``Resolver.register_prepared``: same key, alias rows, joins and decisions) and uses the
rows as ``build_rows`` would have built them; a record whose canonical key is not its LEI (a
decision made it another key's) has its rows moved to that key, as building them there does.
Any other record passes through unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ownergraph.domain.model import Entity
from ownergraph.graph.load.batch_rows import entity_rows_of
from ownergraph.resolution.register import PreparedRegistration, prepare_registration


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


def prepare(rec: Any) -> Any:
    """``rec`` as a :class:`PreparedEntity` where it can be one, else ``rec``."""
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
