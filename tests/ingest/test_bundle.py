"""The bundle reader (``--format bundle``) and the holdings CSV reader on examples/bundle."""

from __future__ import annotations

import json
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from ownergraph.domain.codes import AliasKind, AliasScheme, CorporateActionKind, ExceptionReason, InterestType
from ownergraph.domain.model import Quarantined
from ownergraph.ingest.readers.bundle.reader import READERS, BundleReader, HoldingsCsvReader, read_bundle
from ownergraph.ingest.readers.bundle.mapping import TYPES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "bundle"
BUNDLE = EXAMPLES / "example.bundle.jsonl"
HOLDINGS = EXAMPLES / "holdings.csv"
HH, HS, MB = "213800HBLHOLD1NGS054", "213800HBLSH1PP1NG027", "5493004MRDNBALT1C015"
VT, NK, KE, HM = "984500VALT0RA1NV0011", "5493001NORDKAP1TAL17", "549300KESTRELENERG84", "213800HBLMAR1NEOPS80"


def utc(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def records() -> list:
    return list(BundleReader().read(BUNDLE))


# examples/bundle/example.bundle.jsonl line 1: the header names the producer, so every fact
# key is scoped by it (bundle@<producer>:<id>)
PRODUCER = "ownergraph examples (hand-written, fictional entities)"


def by_key(records: list, record_id: str) -> list:
    return [r for r in records if getattr(r, "fact_key", None) == f"bundle@{PRODUCER}:{record_id}"]


def test_example_loads_every_record_type_without_quarantine(records: list) -> None:
    assert not [r for r in records if isinstance(r, Quarantined)]
    assert {r.record_type for r in records} == TYPES
    assert len(records) == 43  # 44 lines minus the header
    assert {r.name for r in READERS} == {"bundle", "holdings-csv"}


def test_entities_aliases_and_handles(records: list) -> None:
    hh = by_key(records, "ent-harbourline-holdings")[0]
    assert hh.ref.lei == HH and hh.name == "Harbourline Holdings PLC" and hh.jurisdiction == "GB"
    prev = [a for a in hh.aliases if a.kind is AliasKind.PREVIOUS]
    assert [(a.value, a.valid_to) for a in prev] == [("Harbourline Group Limited", date(2021, 6, 1))]
    assert any(a.scheme is AliasScheme.COMPANY_NUMBER and a.value == "GB:06874512" for a in hh.aliases)
    assert any(a.kind is AliasKind.TRADING and a.value == "Harbourline" for a in hh.aliases)
    assert hh.known_from == utc(2021, 6, 20) and hh.valid_from == date(2009, 4, 17)
    ferries = by_key(records, "ent-harbourline-ferries")[0]
    assert ferries.ref.scheme is AliasScheme.COMPANY_NUMBER and ferries.ref.value == "GB:09876543"
    ivan = by_key(records, "p-ivan-petrov")[0]
    assert ivan.kind.value == "person" and ivan.ref.scheme is AliasScheme.INTERNAL
    assert ivan.ref.value == "p-ivan-petrov"
    assert ivan.birth_date == "1968-03" and ivan.nationalities == ("RU", "CY")
    assert {a.value for a in ivan.aliases if a.kind is AliasKind.TRANSLITERATED} == {"Иван Петров"}
    kestrel = by_key(records, "ent-kestrel")[0]
    assert kestrel.status == "MERGED" and kestrel.successor.lei == HH
    assert kestrel.valid_to == date(2022, 11, 1) and kestrel.expiration_reason == "CORPORATE_ACTION"


def test_ownership_stakes_bands_voting_and_provenance(records: list) -> None:
    band = by_key(records, "own-valtora-holdings")[0]
    assert band.source.lei == VT and band.target.lei == HH
    assert (band.stake.lo, band.stake.hi, band.stake.lo_inclusive, band.stake.hi_inclusive) == (25, 50, False, True)
    assert band.stake.exact is None
    assert band.provenance.document_id == "PSC-06874512-2018-02-14"
    assert band.provenance.locator == "natures_of_control[0]"
    assert band.provenance.validation_level == "self_declaration"
    assert band.provenance.source_system == "bundle" and band.provenance.source_record_id == "own-valtora-holdings"
    vote = by_key(records, "vote-valtora-holdings")[0]
    assert vote.interest is InterestType.VOTING_RIGHTS and vote.stake.exact == 52.0
    assert vote.share_class == "B ordinary (10 votes)"
    person = by_key(records, "own-petrov-valtora")[0]
    assert person.source.scheme is AliasScheme.INTERNAL and person.source.value == "p-ivan-petrov"
    assert person.source.kind.value == "person" and person.stake.exact == 100
    by_name = by_key(records, "own-nordkap-meridian")[0]
    assert (by_name.source.name, by_name.source.jurisdiction, by_name.source.lei) == ("Nordkap Capital AG", "CH", None)
    first, ended = by_key(records, "own-shipping-meridian")  # stated open, later closed
    assert (first.valid_to, first.known_from) == (None, utc(2017, 4, 12))
    assert (ended.valid_from, ended.valid_to) == (date(2017, 3, 1), date(2023, 9, 30))
    loc = by_key(records, "own-shipping-ferries")[0].provenance.locator
    assert loc == "example.bundle.jsonl:line:22"


def test_correction_is_a_second_version_of_the_same_fact(records: list) -> None:
    versions = by_key(records, "own-holdings-shipping")
    assert [(v.stake.exact, v.known_from) for v in versions] == [(75.5, utc(2016, 6, 1)), (72.5, utc(2019, 4, 10))]
    assert versions[1].provenance.locator == "note 14, p. 112"


def test_known_from_defaults_to_header_published(records: list) -> None:
    marine = by_key(records, "own-holdings-marine")[0]
    assert marine.known_from == utc(2024, 6, 30) and marine.target.lei == HM


def test_money_edges_and_other_edge_types(records: list) -> None:
    g = by_key(records, "gtee-holdings-shipping-2020")[0]
    assert (g.source.lei, g.target.lei, g.amount, g.currency) == (HH, HS, 150_000_000, "EUR")
    assert g.valid_to == date(2027, 3, 15) and g.provenance.locator == "note 27"
    loan = by_key(records, "loan-granite-shipping-2020")[0]
    assert (loan.source.lei, loan.target.lei, loan.amount, loan.currency) == ("2138007GRAN1TEBANK65", HS, 80_000_000, "USD")
    cons = by_key(records, "cons-shipping-holdings")[0]
    assert (cons.source.lei, cons.target.lei, cons.level.value, cons.accounting_standard) == (HS, HH, "direct", "IFRS")
    fund = by_key(records, "fund-nordkap-baltic")[0]
    assert fund.fund_kind.value == "fund_managed_by" and fund.target.lei == NK
    branch = by_key(records, "branch-granite-london")[0]
    assert branch.source.lei == "2138007GRAN1TELDNB74" and branch.target.lei == "2138007GRAN1TEBANK65"
    assoc = by_key(records, "assoc-petrov-spouse")[0]
    assert assoc.relationship == "spouse" and assoc.target.value == "p-elena-petrova"
    ctl = by_key(records, "ctl-petrova-board")[0]
    assert ctl.control_kind == "board_appointment" and ctl.target.lei == HH
    succ = by_key(records, "succ-kestrel-holdings")[0]
    assert (succ.source.lei, succ.target.lei, succ.action) == (KE, HH, CorporateActionKind.MERGER)
    assert succ.corporate_action_id == "ca-merger-kestrel"


def test_corporate_actions(records: list) -> None:
    acts = {r.provenance.source_record_id: r for r in records if r.record_type == "corporate_action"}
    merger = acts["ca-merger-kestrel"]
    assert (merger.subject.lei, merger.counterparty.lei, merger.valid_from) == (KE, HH, date(2022, 11, 1))
    assert merger.document_id == "HBL-8K-2022-11-01" and merger.known_from == utc(2022, 12, 5)
    coc = acts["ca-coc-meridian"]
    assert (coc.subject.lei, coc.previous_controller.lei, coc.counterparty.lei) == (MB, HS, NK)
    assert coc.stake.exact == 60 and coc.valid_from == date(2023, 9, 30)
    spin = acts["ca-spinoff-marine"]
    assert spin.action is CorporateActionKind.SPIN_OFF and spin.transfer_holdings == ("XS2765432104",)
    rename = acts["ca-rename-harbourline"]
    assert rename.new_name == "Harbourline Holdings PLC" and rename.valid_from == date(2021, 6, 1)


def test_sanction_exception_retraction_disclosure_holding(records: list) -> None:
    s = by_key(records, "sanc-uk-petrov")[0]
    assert (s.entity.value, s.authority, s.programme, s.valid_from) == ("p-ivan-petrov", "UK HMT/OFSI", "Russia", date(2022, 3, 15))
    rx = by_key(records, "repex-valtora-ultimate")[0]
    assert rx.entity.lei == VT and rx.reason is ExceptionReason.NATURAL_PERSONS and rx.level.value == "ultimate"
    retr = [r for r in records if r.record_type == "retraction"][0]
    assert retr.fact_key == f"bundle@{PRODUCER}:own-nordkap-valtora-error" and retr.known_from == utc(2020, 3, 15)
    ar = [r for r in records if r.record_type == "disclosure" and r.document_id == "HBL-AR-2023"][0]
    assert ar.filed_at == date(2024, 4, 26) and ar.known_from == utc(2024, 4, 26)  # filed_at is the default
    assert ar.form_type == "Annual report" and ar.filer.lei == HH and len(ar.mentions) == 3
    assert "holds 72.5% of the ordinary share capital of Harbourline Shipping Limited" in ar.text
    assert "EUR 150,000,000 revolving credit facility" in ar.text
    rns = [r for r in records if r.record_type == "disclosure" and r.document_id == "RNS-HBL-2023-09-30"][0]
    assert "entire 60% shareholding in Meridian Baltic Logistics GmbH to Nordkap Capital AG" in rns.text
    h = [r for r in records if r.record_type == "holding"][0]
    assert (h.portfolio, h.instrument, h.issuer.lei, h.amount, h.currency) == ("EQ-EUROPE", "GB000HBLHLD07", HH, 12500000.5, "GBP")
    assert h.valid_from == date(2024, 3, 31) and h.known_from == utc(2024, 4, 2)


def test_holdings_csv() -> None:
    rows = list(HoldingsCsvReader().read(HOLDINGS))
    assert not [r for r in rows if isinstance(r, Quarantined)] and len(rows) == 6
    first, second, third, by_name, by_number, _ = rows
    assert (first.issuer.lei, first.amount, first.known_from) == (HH, 12500000.50, datetime(2024, 4, 2, 6, tzinfo=timezone.utc))
    assert second.known_from == utc(2024, 3, 31)  # empty known_from column: the as_of date
    assert second.instrument == third.instrument == "XS2765432104" and third.issuer.lei == HM
    assert (by_name.issuer.name, by_name.issuer.jurisdiction) == ("HARBOURLINE SHIPPING LTD", "GB")
    assert (by_number.issuer.scheme, by_number.issuer.value) == (AliasScheme.COMPANY_NUMBER, "GB:09876543")
    assert first.provenance.locator == "holdings.csv:line:2" and first.fact_key == "holdings:EQ-EUROPE:GB000HBLHLD07:2024-03-31"


def _write(tmp: Path, name: str, lines: list[str]) -> Path:
    p = tmp / name
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


GOOD_OWN = {"type": "ownership", "id": "ok-1", "owner": HH, "owned": HS, "stake": 30, "valid_from": "2020-01-01"}


def test_bad_rows_are_quarantined_with_line_and_field(tmp_path: Path) -> None:
    bad_lei = HH[:-1] + ("5" if HH[-1] != "5" else "6")
    lines = [
        json.dumps({"bundle": {"version": 1, "published": "2024-01-31"}}),
        json.dumps({"type": "entity", "id": "e1", "lei": HH, "name": "Harbourline Holdings PLC"}),
        json.dumps({**GOOD_OWN, "id": "bad-lei", "owned": bad_lei}),
        json.dumps({**GOOD_OWN, "id": "stake-140", "stake": 140}),
        json.dumps({**GOOD_OWN, "id": "band", "stake": {"min": 60, "max": 50}}),
        json.dumps({**GOOD_OWN, "id": "dates", "valid_to": "2019-12-31"}),
        json.dumps({"type": "shareholding", "id": "unknown-type"}),
        '{"type": "ownership", "id": "broken", "owner": ',
        json.dumps({**GOOD_OWN, "id": "typo", "stak": 30}),
        json.dumps({"type": "lending", "id": "neg", "lender": HH, "borrower": HS, "amount": -5, "currency": "EUR"}),
        "",
        json.dumps(GOOD_OWN),
    ]
    out = list(BundleReader().read(_write(tmp_path, "bad.jsonl", lines)))
    q = {r.locator: r for r in out if isinstance(r, Quarantined)}
    good = [r for r in out if not isinstance(r, Quarantined)]
    assert [r.record_type for r in good] == ["entity", "ownership"]
    assert good[1].known_from == utc(2024, 1, 31) and good[1].stake.exact == 30
    assert q["line:3"].field == "owned" and "ISO 17442" in q["line:3"].reason
    assert q["line:4"].field == "stake" and "140 is outside [0, 100]" in q["line:4"].reason
    assert q["line:5"].field == "stake" and "min 60 is above max 50" in q["line:5"].reason
    assert q["line:6"].field == "valid_to"
    assert q["line:7"].field == "type" and "shareholding" in q["line:7"].reason
    assert q["line:8"].field == "json" and "malformed JSON" in q["line:8"].reason
    assert q["line:9"].field == "stak"
    assert q["line:10"].field == "amount" and "negative" in q["line:10"].reason
    assert set(q) == {f"line:{n}" for n in range(3, 11)}
    assert all(r.source_file.endswith("bad.jsonl") and r.raw for r in q.values())


def test_a_number_past_float_range_is_quarantined_not_raised(tmp_path: Path) -> None:
    # JSON integers have no size limit; float() of a 400-digit one raised OverflowError out of
    # the reader (a traceback) before
    lines = [json.dumps({"bundle": {"version": 1, "published": "2024-01-31"}}),
             '{"type": "ownership", "id": "huge", "owner": "%s", "owned": "%s", "stake": 1%s}' % (HH, HS, "0" * 400),
             json.dumps({"type": "lending", "id": "huge-loan", "lender": HH, "borrower": HS, "amount": 10 ** 400}),
             json.dumps(GOOD_OWN)]
    out = list(BundleReader().read(_write(tmp_path, "huge.jsonl", lines)))
    assert [(r.locator, r.field) for r in out if isinstance(r, Quarantined)] == [("line:2", "stake"), ("line:3", "amount")]
    assert "401 digits" in out[0].reason
    assert out[2].record_type == "ownership"


def test_missing_known_from_without_header(tmp_path: Path) -> None:
    out = list(BundleReader().read(_write(tmp_path, "nohdr.jsonl", [json.dumps(GOOD_OWN)])))
    assert isinstance(out[0], Quarantined) and out[0].field == "known_from" and out[0].locator == "line:1"


def test_json_array_and_wrapped_forms(tmp_path: Path) -> None:
    recs = [dict(GOOD_OWN, known_from="2021-02-03"), {**GOOD_OWN, "id": "x", "stake": 101, "known_from": "2021-02-03"}]
    arr = tmp_path / "arr.json"
    arr.write_text(json.dumps(recs))
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"bundle": {"version": 1, "published": "2022-05-06"},
                                   "records": [GOOD_OWN, {"type": "nope", "id": "n"}]}))
    a = list(BundleReader().read(arr))
    assert a[0].stake.exact == 30 and a[0].known_from == utc(2021, 2, 3)
    assert isinstance(a[1], Quarantined) and a[1].locator == "records[1]" and a[1].field == "stake"
    w = list(BundleReader().read(wrapped))
    assert w[0].known_from == utc(2022, 5, 6)
    assert isinstance(w[1], Quarantined) and w[1].locator == "records[1]" and w[1].field == "type"
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps([GOOD_OWN, GOOD_OWN])[:-40])
    b = list(BundleReader().read(broken))
    assert b[-1].record_type == "quarantined" and b[-1].field == "json" and b[-1].locator == "records[1]"


def test_holdings_bad_rows(tmp_path: Path) -> None:
    head = "portfolio,instrument,instrument_type,issuer_lei,issuer_name,amount,currency,as_of,known_from"
    bad_lei = HH[:-2] + "00"
    p = _write(tmp_path, "h.csv", [
        head,
        f"EQ,GB000HBLHLD07,equity,{HH},,100.5,GBP,2024-03-31,",
        f"EQ,GB000HBLHLD07,equity,{bad_lei},,100,GBP,2024-03-31,",
        f"EQ,GB000HBLHLD07,equity,{HH},,100,pounds,2024-03-31,",
        f"EQ,GB000HBLHLD07,equity,{HH},,abc,GBP,2024-03-31,",
        f"EQ,GB000HBLHLD07,equity,{HH},,100,GBP,,",
        "EQ,GB000HBLHLD07,equity,,,100,GBP,2024-03-31,",
        f"EQ,GB000HBLHLD07,equity,{HH},,100,GBP",
    ])
    out = list(read_bundle(p))
    assert out[0].record_type == "holding" and out[0].amount == 100.5
    fields = [(r.locator, r.field) for r in out[1:]]
    assert fields == [("line:3", "issuer_lei"), ("line:4", "currency"), ("line:5", "amount"),
                      ("line:6", "as_of"), ("line:7", "issuer_lei"), ("line:8", "row")]
    missing = _write(tmp_path, "m.csv", ["portfolio,instrument,amount", "a,b,1"])
    only = list(read_bundle(missing))
    assert len(only) == 1 and only[0].field == "currency" and only[0].locator == "line:1"


def test_sniff(real_data: Path) -> None:
    b, h = BundleReader(), HoldingsCsvReader()
    assert b.sniff(BUNDLE, BUNDLE.read_bytes()[:1024])
    assert h.sniff(HOLDINGS, HOLDINGS.read_bytes()[:1024]) and not b.sniff(HOLDINGS, HOLDINGS.read_bytes()[:1024])
    ftm = real_data / "ftm" / "opensanctions" / "dataset" / "t1" / "entities.ftm.json"
    assert not b.sniff(ftm, ftm.read_bytes()[:1024])
    bods = next((real_data / "bods" / "0.4").rglob("*.json"))
    assert not b.sniff(bods, bods.read_bytes()[:1024])


def test_json_lines_in_a_dot_json_file_and_a_pretty_printed_document(tmp_path: Path) -> None:
    lines = _write(tmp_path, "lines.json", [json.dumps({"bundle": {"published": "2023-01-01"}}), json.dumps(GOOD_OWN)])
    out = list(BundleReader().read(lines))
    assert len(out) == 1 and out[0].known_from == utc(2023, 1, 1)
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps({"bundle": {"published": "2023-01-02"}, "records": [GOOD_OWN]}, indent=2))
    out = list(BundleReader().read(pretty))
    assert len(out) == 1 and out[0].known_from == utc(2023, 1, 2) and out[0].provenance.locator.endswith("records[0]")


def test_record_ids_are_scoped_by_their_producer(tmp_path: Path) -> None:
    retract = {"type": "retraction", "id": "r-1", "fact_id": "ok-1", "known_from": "2023-02-01"}
    scoped = _write(tmp_path, "a.jsonl", [
        json.dumps({"bundle": {"published": "2023-01-01", "producer": "Registry: extract @ 50%"}}),
        json.dumps(GOOD_OWN), json.dumps(retract),
        json.dumps({**GOOD_OWN, "producer": "Broker feed B"})])  # a record's own producer wins
    own, retraction, other = BundleReader().read(scoped)
    # ':' '@' '%' are escaped so the key reads back unambiguously
    assert own.fact_key == "bundle@Registry%3A extract %40 50%25:ok-1"
    assert retraction.fact_key == own.fact_key  # a retraction's fact_id is in its producer's scope
    assert other.fact_key == "bundle@Broker feed B:ok-1"
    assert own.provenance.source_record_id == other.provenance.source_record_id == "ok-1"
    plain = _write(tmp_path, "b.jsonl", [json.dumps({"bundle": {"published": "2023-01-01"}}), json.dumps(GOOD_OWN)])
    assert [r.fact_key for r in BundleReader().read(plain)] == ["bundle:ok-1"]  # no producer: key as before
    doc = tmp_path / "c.json"
    doc.write_text(json.dumps({"bundle": {"published": "2023-01-01", "producer": "Doc P"}, "records": [GOOD_OWN]}))
    assert [r.fact_key for r in BundleReader().read(doc)] == ["bundle@Doc P:ok-1"]


def test_a_producer_that_is_not_a_name(tmp_path: Path) -> None:
    bad_header = _write(tmp_path, "a.jsonl", [json.dumps({"bundle": {"published": "2023-01-01", "producer": 42}}),
                                             json.dumps(GOOD_OWN)])
    [entry] = BundleReader().read(bad_header)  # its records would land in the unscoped space
    assert entry.not_read and entry.field == "bundle.producer" and entry.locator == "line:1"
    doc = tmp_path / "b.json"
    doc.write_text(json.dumps({"bundle": {"published": "2023-01-01", "producer": " "}, "records": [GOOD_OWN]}))
    [entry] = BundleReader().read(doc)
    assert entry.not_read and entry.field == "bundle.producer"
    rec = _write(tmp_path, "c.jsonl", [json.dumps({"bundle": {"published": "2023-01-01"}}),
                                       json.dumps({**GOOD_OWN, "producer": ["x"]}), json.dumps(GOOD_OWN)])
    bad, good = BundleReader().read(rec)
    assert isinstance(bad, Quarantined) and bad.field == "producer" and bad.locator == "line:2"
    assert good.fact_key == "bundle:ok-1"
