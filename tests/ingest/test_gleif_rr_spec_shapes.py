"""GLEIF RR-CDF 2.1 relationship record with every optional element (issue 31 item 1):
``tests/fixtures/spec_shapes/gleif/rr-cdf-2.1-every-optional.xml``. The edge keeps the latest
RELATIONSHIP_PERIOD, the first PERCENTAGE and the ACCOUNTING_STANDARD; what it cannot hold (an earlier
period, a second share, another qualifier) is said in a quarantine note naming the field, never dropped."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from ownergraph.domain.model import Consolidation, Quarantined
from ownergraph.ingest.formats import detect

EVERY = Path(__file__).resolve().parents[1] / "fixtures" / "spec_shapes" / "gleif" / "rr-cdf-2.1-every-optional.xml"


def read(path: Path) -> tuple[list[Consolidation], list[Quarantined]]:
    records = list(detect(path).read(path))
    return ([r for r in records if isinstance(r, Consolidation)], [r for r in records if isinstance(r, Quarantined)])


def test_every_optional_element() -> None:
    (edge,), notes = read(EVERY)
    assert (edge.valid_from, edge.valid_to, edge.accounting_standard) == (date(2016, 1, 1), None, "IFRS")
    assert edge.stake is not None and edge.stake.exact == 75.5
    by_field = {n.field: n.reason for n in notes}
    assert set(by_field) == {"RelationshipPeriod", "RelationshipQuantifier.QuantifierAmount"}
    assert "2010-03-01" in by_field["RelationshipPeriod"] and "2014-06-30" in by_field["RelationshipPeriod"]
    assert "75.5, 60" in by_field["RelationshipQuantifier.QuantifierAmount"]
    assert not any(n.not_read for n in notes)


def test_a_single_period_share_and_standard_give_no_note(tmp_path: Path) -> None:
    text = EVERY.read_text()
    text = text.replace("<rr:PeriodType>RELATIONSHIP_PERIOD</rr:PeriodType>", "<rr:PeriodType>ACCOUNTING_PERIOD</rr:PeriodType>", 1)
    text = text.replace("<rr:QuantifierAmount>60</rr:QuantifierAmount>", "<rr:QuantifierAmount>75.5</rr:QuantifierAmount>")
    path = tmp_path / "rr.xml"
    path.write_text(text)
    (edge,), notes = read(path)
    assert notes == [] and edge.valid_from == date(2016, 1, 1)


def test_another_qualifier_dimension_is_said(tmp_path: Path) -> None:
    text = EVERY.read_text().replace("</rr:RelationshipQualifier>\n", "</rr:RelationshipQualifier>\n<rr:RelationshipQualifier>"
                                     "<rr:QualifierDimension>ACCOUNTING_STANDARD</rr:QualifierDimension>"
                                     "<rr:QualifierCategory>US_GAAP</rr:QualifierCategory></rr:RelationshipQualifier>"
                                     "<rr:RelationshipQualifier><rr:QualifierDimension>OTHER_DIMENSION</rr:QualifierDimension>"
                                     "<rr:QualifierCategory>X</rr:QualifierCategory></rr:RelationshipQualifier>\n", 1)
    path = tmp_path / "rr.xml"
    path.write_text(text)
    (edge,), notes = read(path)
    assert edge.accounting_standard == "IFRS"
    fields = {n.field: n.reason for n in notes}
    assert "IFRS, US_GAAP" in fields["RelationshipQualifier.QualifierCategory"]
    assert "OTHER_DIMENSION=X" in fields["RelationshipQualifier.QualifierDimension"]
