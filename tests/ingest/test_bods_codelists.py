"""Every code of the BODS codelists the readers must act on is read (issue 31 item 1): interest
types (0.2 and 0.4), entity types, person types and the reasons an interested party is unspecified.
The codes come from the standard's own codelist files (openownership/data-standard, copied under
tests/fixtures/real/bods/0.2 and 0.4 — see SOURCES.md), the base statements from its 0.4
``bods-package.json`` example and the 0.2 ``3-joint-ownership.json`` example.
"""

from __future__ import annotations

import copy
import csv
import json
from pathlib import Path

import pytest

from ownergraph.domain.model import Control, Entity, Ownership, Quarantined, ReportingException
from ownergraph.ingest.readers.bods.reader import BodsReader

BODS = Path(__file__).parents[1] / "fixtures" / "real" / "bods"


def codes(version: str, name: str) -> list[str]:
    with open(BODS / version / "schema" / "codelists" / f"{name}.csv", encoding="utf-8") as f:
        return [row["code"] for row in csv.DictReader(f)]


def read(tmp_path: Path, statements: list) -> list:
    f = tmp_path / "bods.json"
    f.write_text(json.dumps(statements))
    return list(BodsReader().read(f))


def quarantined(records: list) -> list:
    return [(q.locator, q.field, q.reason) for q in records if isinstance(q, Quarantined)]


BASE04 = json.loads((BODS / "0.4" / "bods-package.json").read_text())


@pytest.mark.parametrize("itype", codes("0.4", "interestType"))
def test_04_every_interest_type(tmp_path: Path, itype: str) -> None:
    package = copy.deepcopy(BASE04)
    interest = package[2]["recordDetails"]["interests"][0]
    interest["type"] = itype
    out = read(tmp_path, package)
    assert not quarantined(out)
    edges = [r for r in out if isinstance(r, (Ownership, Control))]
    assert len(edges) == 1 and edges[0].valid_from.isoformat() == "2016-04-06", itype
    if itype == "shareholding":  # the only interest that is a holding of shares; its 100 % is kept
        assert isinstance(edges[0], Ownership) and edges[0].stake.exact == 100
    else:
        assert str(getattr(edges[0], "interest", "")) != "shareholding", itype


@pytest.mark.parametrize("etype", codes("0.4", "entityType"))
def test_04_every_entity_type(tmp_path: Path, etype: str) -> None:
    package = copy.deepcopy(BASE04)
    package[0]["recordDetails"]["entityType"] = {"type": etype}
    out = read(tmp_path, package)
    assert not quarantined(out), etype
    assert any(isinstance(r, Entity) and r.name == "Profitech Ltd" for r in out), etype


@pytest.mark.parametrize("ptype", codes("0.4", "personType"))
def test_04_every_person_type(tmp_path: Path, ptype: str) -> None:
    package = copy.deepcopy(BASE04)
    package[1]["recordDetails"]["personType"] = ptype
    out = read(tmp_path, package)
    assert not quarantined(out), ptype
    assert [r for r in out if isinstance(r, (Ownership, Control, ReportingException))], ptype


@pytest.mark.parametrize("reason", codes("0.4", "unspecifiedReason"))
def test_04_every_unspecified_reason(tmp_path: Path, reason: str) -> None:
    package = copy.deepcopy(BASE04)
    package[2]["recordDetails"]["interestedParty"] = {"reason": reason, "description": "not known"}
    out = read(tmp_path, package)
    assert not quarantined(out), reason
    assert [r for r in out if isinstance(r, ReportingException)], reason


@pytest.mark.parametrize("itype", codes("0.2", "interestType"))
def test_02_every_interest_type(tmp_path: Path, itype: str) -> None:
    statements = json.loads((BODS / "0.2" / "examples" / "3-joint-ownership.json").read_text())
    rel = next(s for s in statements if s.get("statementType") == "ownershipOrControlStatement")
    rel["interests"] = [{"type": itype, "interestLevel": "direct", "beneficialOwnershipOrControl": True,
                         "startDate": "2016-04-06"}]
    out = read(tmp_path, statements)
    assert not quarantined(out), itype
    assert [r for r in out if isinstance(r, (Ownership, Control)) and r.valid_from
            and r.valid_from.isoformat() == "2016-04-06"], itype
