"""Companies House resources that state less than usual (issue 31, session 8), on the real files
of the reader corpus (origins and licences in ``tests/fixtures/reader_corpus/README.md``):

- a company profile whose ``company_name`` is null (companieshouse/company-links-consumer
  ``profile-data-with-all-links.json``): the company is still stated, by its number;
- a UK establishment's ``branch_company_details`` (companieshouse/company-profile-search-consumer):
  the parent company it names, and the branch relation to it (never ownership);
- overseas-entity beneficial owners without a name (openownership/register PSC fixtures): an
  "unnamed PSC" stub keeps their natures of control instead of a quarantine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ownergraph.domain.model import BranchOf, Control, Entity, Ownership, Quarantined
from ownergraph.ingest.formats import detect

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "reader_corpus" / "files"


def read(rel: str) -> list:
    path = CORPUS / rel
    return list(detect(path).read(path))


def of(records: list, kind: type | tuple) -> list:
    return [r for r in records if isinstance(r, kind)]


def test_profile_with_null_company_name_is_the_company_of_its_number() -> None:
    records = read("heldout2/ch-api/chlinks-profile-data-with-all-links.json")
    assert not of(records, Quarantined)
    (company,) = of(records, Entity)
    assert company.ref.value == "GB:00006401" and company.name == "00006401"
    assert not [a for a in company.aliases if a.scheme.value == "name"]  # no name invented


def test_uk_establishment_names_its_parent_company() -> None:
    records = read("heldout2/ch-api/chprofsearch-company-profile-example.json")
    assert not of(records, Quarantined)
    names = {e.name: e for e in of(records, Entity)}
    parent = names["RENABLE PHARMA LTD"]
    assert parent.ref.value == "GB:00321033"
    (branch,) = of(records, BranchOf)
    assert branch.source == names["SOCIETY OF AUTHORS(THE)"].ref and branch.target == parent.ref
    assert not of(records, (Ownership, Control))  # a branch is not ownership


@pytest.mark.parametrize("kind", ["corporate-entity", "individual", "legal-person"])
def test_beneficial_owner_without_a_name_keeps_its_control(kind: str) -> None:
    records = read(f"dev/ch-psc-snapshot/register-psc_{kind}-beneficial-owner.json")
    assert not of(records, Quarantined)
    (stub,) = of(records, Entity)
    assert stub.name.startswith("Unnamed") and "01234567" in stub.name
    edges = of(records, (Ownership, Control))
    assert edges and all(e.source == stub.ref and e.target.value == "GB:01234567" for e in edges)
