"""Corporate actions as dated structural changes with lineage to the causing document.

merger      absorbed entity (subject) closed at the effective date; SUCCEEDED_BY edge to the
            survivor; its outgoing ownership/control and our book's positions in it pass to the
            survivor from the effective date; edges into it end there.
spin_off    new entity (counterparty) with a SUCCEEDED_BY lineage edge (action spin_off) from
            the parent; each ``transfer_holdings`` item moves from the effective date: an LEI
            or key names a subsidiary (the parent's stake passes to the new entity), anything
            else is an instrument (our book's positions in it now face the new entity).
change_of_control  the previous controller's ownership/control edges into the subject close at
            the effective date; a new ownership edge from the new controller opens.
rename      the old legal name becomes a previous-name alias until the effective date.
registry_event  registered only (its node, parties and the registry's statement of it, for
            ``diff``); it changes no edge.
An action from a registry event (``CorporateAction.event``) keeps the event's type, status,
group, recorded date and changed fields (old -> new, as JSON) on its node.
Every change is a version split (see cypher/graph/load/action_move_edges.cypher): nothing is deleted.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from ownergraph.graph.load.batch_rows import refs_of
from ownergraph.graph.load.rows import KNOWN_MAX, VALID_MAX, clock_props, stake_props
from ownergraph.graph.store.connection import Graph
from ownergraph.domain.lei import is_valid_lei
from ownergraph.domain.model import CorporateAction, EntityRef
from ownergraph.domain.codes import CorporateActionKind, EdgeType

CONTROL_TYPES = [EdgeType.OWNERSHIP.value, EdgeType.CONTROL.value]


class _Keys(Protocol):
    def key_of(self, ref: EntityRef) -> str: ...


def event_props(action: CorporateAction) -> dict[str, Any]:
    """The registry's statement of the event behind ``action`` as node properties."""
    ev = action.event
    if ev is None:
        return {}
    changes = [c.model_dump() for c in ev.changes]
    return {"event_type": ev.type, "event_status": ev.status, "event_group_type": ev.group_type,
            "event_group_id": ev.group_id, "event_recorded": ev.recorded,
            "event_documents": ev.validation_documents, "event_changes": json.dumps(changes) if changes else None}


def old_name(action: CorporateAction) -> str | None:
    """The legal name a rename replaced, where the source states it."""
    ev = action.event
    return next((c.old for c in (ev.changes if ev else ()) if c.old and c.field.endswith("LegalName")), None)


def party_leis(action: CorporateAction) -> list[str] | None:
    """The LEIs of ``action``'s parties when every party is named by LEI (its keys then, after
    any merge), else None: kept on its node, so a later run judges it without resolving
    (graph._load_actions)."""
    refs = refs_of(action)
    return [r.lei for r in refs if r.lei] if all(r.lei for r in refs) else None


def reapply_all(graph: Graph, keys: _Keys) -> int:
    """Re-apply every stored action, in effective-date order, to edges loaded since.

    Each step only touches edges still open and straddling the effective date, so applying an
    action again changes nothing that it already changed (idempotent)."""
    rows = graph.read("action_all")
    for row in rows:
        apply_corporate_action(graph, CorporateAction.model_validate_json(row["record"]), keys, again=True)
    return len(rows)


def apply_corporate_action(graph: Graph, action: CorporateAction, keys: _Keys, *, again: bool = False,
                           stored: bool = False) -> bool:
    """Apply ``action``; False when it had already been registered (then only re-applied
    when ``again``, for edges that arrived after it). ``stored``: the caller knows it is
    registered (its node and parties are written), so only its changes are re-applied."""
    base = clock_props(action)
    sid, action_id = base["statement_id"], base["fact_key"]
    subject = keys.key_of(action.subject)
    other = keys.key_of(action.counterparty) if action.counterparty else None
    previous = keys.key_of(action.previous_controller) if action.previous_controller else None
    parties = [{"key": subject, "role": "subject"}]
    if other:
        parties.append({"key": other, "role": "counterparty"})
    if previous:
        parties.append({"key": previous, "role": "previous_controller"})
    props = {k: v for k, v in base.items() if v is not None} | {
        "action": action.action.value, "effective": action.valid_from, "action_id": action_id,
        "new_name": action.new_name, "record": action.model_dump_json(), **event_props(action),
        "party_leis": party_leis(action),  # its parties' keys without resolving (graph._load_actions)
    }
    props = {k: v for k, v in props.items() if v is not None}
    if stored:
        created = False
    else:
        rows = graph.write_rows("action_register", statement_id=sid, props=props, parties=parties)
        created = bool(rows and rows[0]["created"])
    if not created and not again:
        return False

    effective, known_from = action.valid_from, action.known_from
    common: dict[str, Any] = {"effective": effective, "known_from": known_from, "known_max": KNOWN_MAX,
                              "statement_id": sid, "action_id": action_id,
                              "document_id": action.document_id or base["document_id"]}

    def move(from_key: str, to_key: str | None, outgoing: bool, types: list[str],
             peer: str | None = None, instrument: str | None = None) -> None:
        graph.write("action_move_edges", from_key=from_key, to_key=to_key, outgoing=outgoing,
                    types=types, peer_key=peer, instrument=instrument, **common)

    def new_edge(source: str, target: str, rtype: EdgeType, suffix: str, extra: dict[str, Any]) -> None:
        edge = {**base, "valid_from": effective, "valid_to": VALID_MAX, "fact_key": f"{action_id}:{suffix}",
                "statement_id": f"{sid}:{suffix}", "corporate_action_id": action_id, **extra}
        graph.write("action_new_edge", source=source, target=target, type=rtype.value,
                    statement_id=edge["statement_id"], props={k: v for k, v in edge.items() if v is not None},
                    known_max=KNOWN_MAX)

    match action.action:
        case CorporateActionKind.MERGER:
            assert other is not None
            new_edge(subject, other, EdgeType.SUCCESSION, "succession", {"action": "merger"})
            move(subject, other, True, CONTROL_TYPES)  # its stakes pass to the survivor
            move(subject, other, False, [EdgeType.HOLDING])  # our positions in it pass to the survivor
            move(subject, None, False, CONTROL_TYPES)  # its own owners' edges end
            graph.write("action_close_entity", key=subject, effective=effective, status="MERGED")
        case CorporateActionKind.SPIN_OFF:
            assert other is not None
            new_edge(subject, other, EdgeType.SUCCESSION, "lineage", {"action": "spin_off"})
            for item in action.transfer_holdings:
                if is_valid_lei(item) or item.startswith("og:"):
                    # a subsidiary: the parent's stake in it passes to the new entity
                    target = keys.key_of(EntityRef(lei=item)) if is_valid_lei(item) else item
                    move(subject, other, True, CONTROL_TYPES, peer=target)
                else:
                    # an instrument: our book's positions in it now face the new entity
                    move(subject, other, False, [EdgeType.HOLDING], instrument=item)
        case CorporateActionKind.CHANGE_OF_CONTROL:
            assert other is not None
            if previous:
                move(previous, None, True, CONTROL_TYPES, peer=subject)
            new_edge(other, subject, EdgeType.OWNERSHIP, "new_control",
                     stake_props(action.stake) | {"interest": "shareholding", "direct": True})
        case CorporateActionKind.RENAME:
            graph.write("action_rename", key=subject, new_name=action.new_name, old_name=old_name(action),
                        effective=effective, action_id=action_id)
    return created
