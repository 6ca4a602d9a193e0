"""Reporting-exception reasons read with GLEIF's meaning, and Companies House company profiles,
on real samples (expected values read off the files; see the comment on each test)."""

from __future__ import annotations

from pathlib import Path

from ownergraph.cli.views import parent_lines
from ownergraph.graph.analytics.structure import LevelParents
from ownergraph.domain.codes import EXCEPTION_REASON_MEANINGS, ExceptionReason, exception_meaning
from ownergraph.domain.model import Control, Entity, Ownership, Quarantined, ReportingException
from ownergraph.ingest.readers.bods.reader import READERS as BODS_READERS
from ownergraph.ingest.readers.gleif.api import READERS as GLEIF_API_READERS
from ownergraph.ingest.readers.uk.psc import READERS as PSC_READERS

REAL = Path(__file__).parent.parent / "fixtures" / "real"


def _read(readers: list, path: Path) -> list:
    reader = next(r for r in readers if r.sniff(path, path.read_bytes()[:4096]))
    return list(reader.read(path))


def test_every_reason_has_a_meaning() -> None:
    assert set(EXCEPTION_REASON_MEANINGS) == set(ExceptionReason)


def test_bods_gleif_no_lei_stays_no_lei() -> None:
    # Repex_issued.json [0]: interestedParty {"reason": "interestedPartyExemptFromDisclosure",
    # "details": "Exception Reason: NO_LEI. ..."}, interests[0].details "Exception Category:
    # ULTIMATE_ACCOUNTING_CONSOLIDATION_PARENT", subject 8368002JYF3BWYY2BW50
    recs = _read(BODS_READERS, REAL / "bods-more/data-standard-gleif-0.4/Repex_issued.json")
    ex = [r for r in recs if isinstance(r, ReportingException)]
    assert [(x.entity.lei or x.entity.value, x.reason, str(x.level)) for x in ex] == [
        ("8368002JYF3BWYY2BW50", ExceptionReason.NO_LEI, "ultimate")]


def test_no_known_person_is_not_an_undisclosed_parent() -> None:
    # direct-parent-reporting-exception_21380068P1DRHMJ8KU70.json: attributes.reason
    # "NO_KNOWN_PERSON", category DIRECT_ACCOUNTING_CONSOLIDATION_PARENT
    path = REAL / "gleif/api/reporting_exceptions/direct-parent-reporting-exception_21380068P1DRHMJ8KU70.json"
    (x,) = [r for r in _read(GLEIF_API_READERS, path) if isinstance(r, ReportingException)]
    assert x.reason == ExceptionReason.NO_KNOWN_PERSON and str(x.level) == "direct"
    level = LevelParents(level="direct", status="exception",
                         exceptions=({"reason": str(x.reason), "valid_from": None, "valid_to": None,
                                      "source_record_id": None},))
    for text in (level.message, *parent_lines(level)):
        assert "there is no known person controlling it" in text
        assert "not public" not in text and "exists" not in text


def test_non_public_means_a_withheld_parent() -> None:
    assert "not public" in exception_meaning("NON_PUBLIC")
    assert "LEI" in exception_meaning("NO_LEI")


def test_company_profile_with_embedded_pscs_loads() -> None:
    # uk-psc-original-data.json: company_number 12345678, company_name GREENFIELD ENERGY HOLDINGS
    # LTD, date_of_creation 2019-03-12; PSC [0] Mrs Sarah Elizabeth Turner notified_on 2019-03-12
    # ownership-of-shares-75-to-100-percent, voting-rights-75-to-100-percent,
    # right-to-appoint-and-remove-directors; [1] GREENFIELD VENTURES LLP (OC456789, England And
    # Wales) notified_on 2020-06-15 significant-influence-or-control
    recs = _read(PSC_READERS, REAL / "uk-companies-house/bods-validator/uk-psc-original-data.json")
    assert not [r for r in recs if isinstance(r, Quarantined)]
    names = {r.name: r for r in recs if isinstance(r, Entity)}
    company = names["GREENFIELD ENERGY HOLDINGS LTD"]
    assert company.ref.value == "GB:12345678" and str(company.valid_from) == "2019-03-12"
    assert "Sarah Elizabeth Turner" in names
    owns = [r for r in recs if isinstance(r, Ownership)]
    assert len(owns) == 2 and all(o.target.value == "GB:12345678" for o in owns)
    assert {(o.stake.lo, o.stake.hi) for o in owns} == {(75.0, 100.0)}
    controls = {(c.source.value, c.control_kind, str(c.valid_from)) for c in recs if isinstance(c, Control)}
    assert ("GB:OC456789", "significant_influence", "2020-06-15") in controls
    assert len(controls) == 2  # plus Turner's right to appoint and remove directors


def test_company_profiles_as_a_json_array(tmp_path: Path) -> None:
    # the same real profile, as an API client saves a list of them: a pretty-printed array whose
    # closing bracket is not a record, with a real number (6.0) where the file has 6
    import json
    profile = json.loads((REAL / "uk-companies-house/bods-validator/uk-psc-original-data.json").read_text())
    twice = json.loads(json.dumps(profile))
    twice["company_number"] = twice["data"]["company_number"] = "87654321"
    twice["data"]["persons_with_significant_control"][0]["date_of_birth"]["month"] = 6.0
    path = tmp_path / "profiles.json"
    path.write_text(json.dumps([profile, twice], indent=2))
    recs = _read(PSC_READERS, path)
    assert not [r for r in recs if isinstance(r, Quarantined)]
    companies = sorted(r.ref.value for r in recs if isinstance(r, Entity) and r.name.startswith("GREENFIELD ENERGY"))
    assert companies == ["GB:12345678", "GB:87654321"]
    assert len([r for r in recs if isinstance(r, Ownership)]) == 4


def test_psc_no_registrable_person_is_no_undisclosed_parent(graph) -> None:
    # psc_statement.json: company_number 1234567, statement
    # "no-individual-or-entity-with-signficant-control" (sic), notified_on 2016-07-12
    from ownergraph.graph.analytics.lookup import find_entity
    from ownergraph.graph.analytics.ownership import owners
    from ownergraph.graph.load.pipeline import ingest_paths

    ingest_paths(graph, [REAL / "uk-companies-house/register-sources-psc/psc_statement.json"])
    company = find_entity(graph, "GB:01234567")
    res = owners(graph, company.key, as_of="2020-01-01")
    texts = [w.message for w in res.warnings if w.code == "reporting_exception"]
    assert texts and not any("undisclosed" in t for t in texts)
    assert any("NO_KNOWN_PERSON (there is no known person controlling it)" in t for t in texts)
