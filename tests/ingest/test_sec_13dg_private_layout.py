"""Schedule 13D/G XML in a layout no SEC schema defines (issue 31, session 7).

danielsobrado/edgar4j ``src/test/resources/form13dg/sample_sc13d.xml`` and ``sample_sc13g.xml`` (copied
unchanged into the reader corpus, former test half; origin in its README) carry an ``edgarSubmission``
root and an SEC submission type, but their elements (``formData/coverPage``, ``reportingPersonInfo/
nameOfReportingPerson``, ``ownershipInfo/percentOfClass``) are those of edgar4j's own JAXB model
(``Schedule13Document``), not of the SEC's Schedule 13D/G XML technical specification
(``coverPageHeader/issuerInfo``, ``reportingPersons/reportingPersonInfo/reportingPersonName``,
``coverPageHeaderReportingPersonDetails``). They are recognised and refused, the refusal naming the
missing SEC element and what the file holds instead.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.domain.model import Quarantined
from ownergraph.ingest.formats import detect

SEC13 = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files" / "test" / "sec-13dg-xml"


@pytest.mark.parametrize("name", ["edgar4j-sample_sc13d.xml", "edgar4j-sample_sc13g.xml"])
def test_private_layout_is_refused_naming_what_it_holds(name: str) -> None:
    path = SEC13 / name
    reader = detect(path)
    assert reader.name == "sec"
    (q,) = list(reader.read(path))
    assert isinstance(q, Quarantined) and q.field == "coverPageHeader"
    assert "<coverPage>" in q.reason and "no SEC schema defines" in q.reason
