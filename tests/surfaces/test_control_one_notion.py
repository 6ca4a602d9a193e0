"""Control is one notion: what ``owners`` counts as control (a majority of the shares or of the
voting rights, along chains; CONTROLS edges of a controlling kind) is what ``exposure`` and
``controlled_by`` read.

examples/bundle: vote-valtora-holdings, Valtora Investments Ltd holds 52% of the voting rights
of Harbourline Holdings PLC (and 25-50% of its shares); holdings.csv line 2, EQ-EUROPE holds
GBP 12,500,000.50 of Holdings' equity (GB000HBLHLD07) as of 2024-03-31; own-holdings-shipping,
Holdings owns 72.5% of Harbourline Shipping Limited, to which LOANS-CORP lends USD 8m (LN-000417,
2024-06-30)."""

from __future__ import annotations

from ownergraph.graph.analytics.api import Analytics
from tests.example_bundle import AS_OF, bundle_graph  # noqa: F401 (fixture)

VALTORA, HOLDINGS, SHIPPING = "984500VALT0RA1NV0011", "213800HBLHOLD1NGS054", "213800HBLSH1PP1NG027"


def test_owners_and_exposure_agree_on_voting_control(bundle_graph) -> None:
    a = Analytics(bundle_graph).at(AS_OF)
    owners = a.ownership.owners("Harbourline Shipping Limited")
    valtora = next(r for r in owners.rows if r.key == VALTORA)
    assert valtora.control == "certainly"
    exp = a.exposure.of("Valtora Investments Ltd")
    by_issuer = {p.issuer: p for p in exp.positions}
    assert by_issuer[HOLDINGS].amount == 12_500_000.50 and by_issuer[HOLDINGS].control_status == "certainly"
    assert [n for n in by_issuer[SHIPPING].path_names] == [
        "Valtora Investments Ltd", "Harbourline Holdings PLC", "Harbourline Shipping Limited"]
    controlled = {r.key for r in a.ownership.controlled_by("Valtora Investments Ltd").rows if r.status == "certainly"}
    assert {HOLDINGS, SHIPPING} <= controlled


def test_an_interest_of_unknown_nature_is_possible_control_everywhere(graph) -> None:
    """A CONTROLS edge whose nature is not published: ``owners`` says "possibly" controls, and
    ``exposure`` keeps the position, flagged "possibly" (never "certainly", never dropped)."""
    from tests.graph.analytics._small_world import World

    w = World(graph)
    for name in ("Shadow Holder Ltd", "Opaque Target Ltd"):
        w.entity(name)
    w.control("Shadow Holder Ltd", "Opaque Target Ltd", "unknown_interest", valid_from="2020-01-01")
    w.hold("BOOK", "XS0000000001", "Opaque Target Ltd", 1_000_000, "EUR", "2024-03-31")
    w.flush()
    a = Analytics(graph).at(AS_OF)
    row = next(r for r in a.ownership.owners("Opaque Target Ltd").rows if r.name == "Shadow Holder Ltd")
    assert row.control == "possibly"
    (pos,) = a.exposure.of("Shadow Holder Ltd").positions
    assert pos.instrument == "XS0000000001" and pos.control_status == "possibly"
