"""Every nature of control and every PSC statement Companies House defines is read (issue 31
item 4): the codes are those of its published enumerations, companieshouse/api-enumerations
``psc_descriptions.yml`` @ 5872d2c (copied unchanged to tests/fixtures/real/uk-api/enumerations/;
see SOURCES.md), not the samples we happen to hold.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from ownergraph.domain.model import Control, Disclosure, Ownership, Quarantined, ReportingException
from ownergraph.ingest.readers.uk.psc import BANDS, natures
from ownergraph.ingest.readers.uk.psc import UkPscReader

ENUMS = yaml.safe_load((Path(__file__).parents[1] / "fixtures" / "real" / "uk-api" / "enumerations"
                        / "psc_descriptions.yml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("code", sorted(ENUMS["description"]))
def test_every_nature_of_control(code: str) -> None:
    kind, band, qualifier = natures(code)
    if "-percent" in code:  # a band: more than the lower figure, up to the upper (75-to-100: "more than 75%")
        lo = 25.0 if "more-than-25" in code else float(code.split("-percent")[0].rsplit("-to-", 1)[0].rsplit("-", 1)[-1])
        assert band is not None and band.lo == lo and band in BANDS.values()
    else:
        assert band is None
    if "-as-trust" in code or "-as-firm" in code or "-as-control-over" in code:
        assert qualifier is not None
    assert kind


def test_every_statement_is_an_exception_or_a_disclosure(tmp_path: Path) -> None:
    f = tmp_path / "statements.jsonl"
    f.write_text("\n".join(json.dumps({"company_number": "SL012345", "data": {
        "kind": "persons-with-significant-control-statement", "statement": code, "notified_on": "2020-01-01",
        "links": {"self": f"/company/SL012345/persons-with-significant-control-statements/{i}"}}})
        for i, code in enumerate(sorted(ENUMS["statement_description"]))))
    records = list(UkPscReader().read(f))
    assert not [q for q in records if isinstance(q, Quarantined)], [
        (q.locator, q.reason) for q in records if isinstance(q, Quarantined)]
    read = {r.reference.removeprefix("uk_psc:") for r in records if isinstance(r, ReportingException)}
    read |= {r.title for r in records if isinstance(r, Disclosure)}
    assert read == set(ENUMS["statement_description"])
    assert not [r for r in records if isinstance(r, (Ownership, Control))]
