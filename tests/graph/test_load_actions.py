"""Which stored corporate actions are judged by their stored party LEIs (graph._load_actions)."""

from __future__ import annotations

from pathlib import Path

from ownergraph.graph.load.actions import party_leis
from ownergraph.domain.model import CorporateAction, EntityRef
from ownergraph.ingest.readers.bundle.reader import BundleReader

BUNDLE = Path(__file__).resolve().parents[2] / "examples" / "bundle" / "example.bundle.jsonl"


def _kestrel_merger() -> CorporateAction:
    # line 36: Kestrel Energy merged into Harbourline, both named by LEI
    return next(r for r in BundleReader().read(BUNDLE)
                if isinstance(r, CorporateAction) and r.subject.lei == "549300KESTRELENERG84")


def test_an_action_named_by_leis_carries_them() -> None:
    assert party_leis(_kestrel_merger()) == ["549300KESTRELENERG84", "213800HBLHOLD1NGS054"]


def test_an_action_with_a_party_named_otherwise_is_resolved_again() -> None:
    by_name = _kestrel_merger().model_copy(update={"subject": EntityRef(name="Kestrel Energy S.p.A.")})
    assert party_leis(by_name) is None
