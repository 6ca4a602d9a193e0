"""Hostile input on real samples (mutated copies in tmp_path): every bad part is quarantined
with file, locator and reason, the rest loads, and a file read only in part says so."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ownergraph.graph.load.pipeline import ingest_paths
from ownergraph.ingest.formats import readers
from ownergraph.domain.model import Entity, Holding, Lending, Quarantined

REPO = Path(__file__).resolve().parents[2]
REAL = REPO / "tests" / "fixtures" / "real"
BUNDLE = REPO / "examples" / "bundle"
DEEP = 10_000


def read(fmt: str, path: Path) -> list:
    return list(readers()[fmt].read(path))


def quarantined(records: list) -> list[Quarantined]:
    return [r for r in records if isinstance(r, Quarantined)]


def names(records: list) -> set[str]:
    return {r.name for r in records if isinstance(r, Entity)}


def test_ftm_properties_of_the_wrong_type(tmp_path: Path) -> None:
    # entities.ftm.json: line 1 is "RAB „Inter Tobacco“", line 2 Vitaly Yurievich KUZMENKO,
    # line 3 Tatiana Vladimirovna ZJURAVLEVA (read off the file's captions)
    lines = (REAL / "ftm/opensanctions/dataset/t1/entities.ftm.json").read_text().splitlines()
    second = json.loads(lines[1])
    second["properties"] = "not an object"
    lines[1] = json.dumps(second, ensure_ascii=False)
    path = tmp_path / "t1" / "entities.ftm.json"
    path.parent.mkdir()
    path.write_text("\n".join(lines) + "\n")
    out = read("ftm", path)
    bad = [q for q in quarantined(out) if q.locator == "line 2"]
    assert [(q.field, q.source_file) for q in bad] == [("properties", str(path))]
    assert {"RAB „Inter Tobacco“", "Tatiana Vladimirovna ZJURAVLEVA"} <= names(out)
    assert "Vitaly Yurievich KUZMENKO" not in names(out)


def test_bods_statement_as_a_list_and_deep_nesting(tmp_path: Path) -> None:
    # joint-ownership.json (BODS 0.4) holds 7 statements; [0] is the entity record 31c55e425764
    statements = json.loads((REAL / "bods/0.4/joint-ownership.json").read_text())
    assert len(statements) == 7
    text = json.dumps(statements, indent=1)
    nested = "[" * DEEP + "]" * DEEP
    text = text.replace(json.dumps(statements[3], indent=1).replace("\n", "\n "), "[1, 2]", 1)
    doc = json.loads(text)
    assert doc[3] == [1, 2]
    body = json.dumps(doc[:4], indent=1)[:-1] + ", " + nested + ", " + json.dumps(doc[4:])[1:]
    path = tmp_path / "joint-ownership.json"
    path.write_text(body)
    out = read("bods", path)
    by_loc = {q.locator: q for q in quarantined(out)}
    assert by_loc["[3]"].field == "statement"
    assert by_loc["[4]"].source_file == str(path)  # the 10,000-deep array where a statement is due
    assert not any(q.not_read for q in quarantined(out))
    assert any(isinstance(r, Entity) and r.ref.value == "31c55e425764" for r in out)


def test_truncated_array_reports_records_read_and_the_rest_not_read(tmp_path: Path) -> None:
    # cut joint-ownership.json at its 4th statement (recordId 1accb8b18b99): 3 statements before
    data = (REAL / "bods/0.4/joint-ownership.json").read_bytes()
    cut = data.index(b'"statementId"', data.index(b'"2670f25aee62"'))
    path = tmp_path / "joint-ownership.json"
    path.write_bytes(data[:cut])
    summary = ingest_paths(None, [path], fmt="bods", dry_run=True)
    (counts,) = summary.files
    assert counts.not_read == 1
    assert counts.read == counts.loaded + counts.merged + counts.quarantined
    assert counts.read >= 3 and counts.quarantined == 0
    stop = [r for r in read("bods", path) if isinstance(r, Quarantined) and r.not_read]
    assert len(stop) == 1 and "3 record(s) read before" in stop[0].reason


def test_truncated_single_document_is_not_read_1(tmp_path: Path) -> None:
    # roberto-lopez.json is one personStatement object
    data = (REAL / "bods/0.2/examples/workshop/modelling-bods-data/roberto-lopez.json").read_bytes()
    path = tmp_path / "roberto-lopez.json"
    path.write_bytes(data[: len(data) // 2])
    (counts,) = ingest_paths(None, [path], fmt="bods", dry_run=True).files
    assert (counts.read, counts.not_read) == (0, 1)


def test_json_lines_with_a_first_line_over_1_mib(tmp_path: Path) -> None:
    # example.bundle.jsonl: a header line, then 43 record lines (wc -l gives 44)
    lines = (BUNDLE / "example.bundle.jsonl").read_text().splitlines()
    assert len(lines) == 44
    header = json.loads(lines[0])
    header["bundle"]["x_padding"] = "p" * (3 << 19)  # 1.5 MiB on the first line
    path = tmp_path / "example.bundle.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    (plain,) = ingest_paths(None, [BUNDLE / "example.bundle.jsonl"], dry_run=True).files
    (padded,) = ingest_paths(None, [path], dry_run=True).files
    assert padded.read == plain.read == 43 and padded.not_read == 0
    assert padded.quarantined == plain.quarantined


def test_bundle_amounts_must_be_finite_and_not_negative(tmp_path: Path) -> None:
    # line 32 of example.bundle.jsonl: lending loan-granite-shipping-2020, USD 80,000,000
    lines = (BUNDLE / "example.bundle.jsonl").read_text().splitlines()
    assert '"loan-granite-shipping-2020"' in lines[31] and '"amount": 80000000' in lines[31]
    variants = [lines[31].replace('"amount": 80000000', f'"amount": {v}') for v in ("NaN", "-1", "1e999")]
    path = tmp_path / "amounts.jsonl"
    path.write_text("\n".join([lines[0], *variants, lines[31]]) + "\n")
    out = read("bundle", path)
    assert [q.field for q in quarantined(out)] == ["amount", "amount", "amount"]
    assert [r.amount for r in out if isinstance(r, Lending)] == [80_000_000]


def test_holdings_csv_values_and_encoding(tmp_path: Path) -> None:
    # holdings.csv: header + 6 rows; line 3 CREDIT-IG 25000000 EUR 2024-03-31, line 4 the same
    # at 2024-06-30, line 5 LN-000417 "HARBOURLINE SHIPPING LTD", line 6 LN-000533 1750000 GBP
    rows = (BUNDLE / "holdings.csv").read_bytes().split(b"\n")
    rows[2] = rows[2].replace(b",25000000,", b",-5,")
    rows[3] = rows[3].replace(b",25000000,", b",inf,")
    rows[4] = rows[4].replace(b"HARBOURLINE", b"HARBOURL\xffNE")
    rows[5] = rows[5].replace(b",1750000,", b",NaN,")
    path = tmp_path / "holdings.csv"
    path.write_bytes(b"\n".join(rows))
    out = read("holdings-csv", path)
    got = {q.locator: q.field for q in quarantined(out)}
    assert got == {"line:3": "amount", "line:4": "amount", "line:5": "encoding", "line:6": "amount"}
    # line 2 GB000HBLHLD07 and line 7 DE000MRDN0013 are untouched
    assert [r.instrument for r in out if isinstance(r, Holding)] == ["GB000HBLHLD07", "DE000MRDN0013"]


def test_company_csv_invalid_utf8_is_quarantined(tmp_path: Path) -> None:
    # basic-company-data-1.csv holds one company, "! LTD" (08209948), hard-wrapped at 118 chars
    data = (REAL / "uk-psc/basic-company-data-1.csv").read_bytes()
    assert names(read("uk-company", REAL / "uk-psc/basic-company-data-1.csv")) == {"! LTD"}
    path = tmp_path / "basic-company-data-1.csv"
    path.write_bytes(data.replace(b'"! LTD"', b'"\xff LTD"'))
    out = read("uk-company", path)
    assert [(q.field, q.locator) for q in quarantined(out)] == [("encoding", "line 12")]
    assert not names(out)


def _lei_xml(tmp_path: Path, old: str, new: str, doctype: bool = False) -> Path:
    text = (REAL / "gleif/golden-copy/lei-data.xml").read_text()
    if doctype:  # an external DTD: the parser cannot know the entity is undeclared, keeps it as a node
        text = text.replace('<?xml version="1.0" encoding="UTF-8"?>',
                            '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE lei:LEIData SYSTEM "lei.dtd">', 1)
    assert old in text
    path = tmp_path / "lei-data.xml"
    path.write_text(text.replace(old, new, 1))
    return path


# lei-data.xml: the first three LegalNames are "Fidelity Advisor Leveraged Company Stock Fund"
# (line 13), "Hutchin Hill Capital, LP" (line 79), "Vanguard Russell 1000 Growth Index Trust" (165)


def test_gleif_xml_undeclared_entity_quarantines_its_record(tmp_path: Path) -> None:
    path = _lei_xml(tmp_path, "Hutchin Hill Capital, LP", "Hutchin Hill &undeclared; Capital, LP", doctype=True)
    out = read("gleif-lei", path)
    (bad,) = [q for q in quarantined(out) if "&undeclared;" in q.reason]
    assert bad.field == "LegalName" and bad.locator.startswith("LEIRecord[1]")
    assert {"Fidelity Advisor Leveraged Company Stock Fund", "Vanguard Russell 1000 Growth Index Trust"} <= names(out)
    assert not any(n.startswith("Hutchin Hill") for n in names(out))  # never the cut "Hutchin Hill "


def test_gleif_xml_10000_levels_deep_stops_the_file_and_says_so(tmp_path: Path) -> None:
    deep = "<x>" * DEEP + "</x>" * DEEP
    path = _lei_xml(tmp_path, "Vanguard Russell 1000 Growth Index Trust</lei:LegalName>",
                    "Vanguard Russell 1000 Growth Index Trust</lei:LegalName>" + deep)
    out = read("gleif-lei", path)
    # libxml2 refuses depth over 2048 and cannot resume: the two records before are kept
    assert names(out) == {"Fidelity Advisor Leveraged Company Stock Fund", "Hutchin Hill Capital, LP"}
    (stop,) = quarantined(out)
    assert stop.not_read and stop.locator.startswith("line 165") and "2 record(s) read before" in stop.reason
    (counts,) = ingest_paths(None, [path], fmt="gleif-lei", dry_run=True).files
    assert counts.not_read == 1 and counts.read == counts.loaded + counts.quarantined


def test_sec_xml_undeclared_entity(tmp_path: Path) -> None:
    data = (REAL / "sec/schedule13g.xml").read_bytes()
    root = data.index(b"<edgarSubmission")
    name_at = data.index(b"<issuerName>") + len(b"<issuerName>")
    mutated = (data[:root] + b'<!DOCTYPE edgarSubmission SYSTEM "x.dtd">\n' + data[root:name_at]
               + b"&undeclared;" + data[name_at:])
    path = tmp_path / "schedule13g.xml"
    path.write_bytes(mutated)
    out = read("sec", path)
    assert len(out) == 1 and isinstance(out[0], Quarantined) and "&undeclared;" in out[0].reason


def test_company_csv_header_with_a_stray_carriage_return(tmp_path: Path) -> None:
    # found by `python -m bench.fuzz` (a flipped byte in the header of basic-company-data-1.csv)
    data = (REAL / "uk-psc/basic-company-data-1.csv").read_bytes()
    path = tmp_path / "basic-company-data-1.csv"
    path.write_bytes(data.replace(b" CompanyNumber", b" Company\rNumber", 1))
    (stop,) = read("uk-company", path)
    assert stop.not_read and stop.field == "csv" and stop.locator == "line 1"


def test_json_lines_with_an_encoded_surrogate_or_a_lone_surrogate_escape(tmp_path: Path) -> None:
    # the bytes ED A0 80 (U+D800 encoded) are not UTF-8, and "\ud800" alone is no character:
    # json.loads would pass both on to the store, which cannot encode them
    lines = (REAL / "ftm/opensanctions/dataset/t1/entities.ftm.json").read_bytes().splitlines()
    assert b'"caption":"Vitaly Yurievich KUZMENKO"' in lines[1]
    lines[1] = lines[1].replace(b'"caption":"Vitaly', b'"caption":"\xed\xa0\x80Vitaly')
    lines[2] = lines[2].replace(b'"caption":"Tatiana', b'"caption":"\\ud800Tatiana')
    path = tmp_path / "t1" / "entities.ftm.json"
    path.parent.mkdir()
    path.write_bytes(b"\n".join(lines) + b"\n")
    out = read("ftm", path)
    bad = {q.locator: q for q in quarantined(out) if q.field == "encoding"}
    assert set(bad) == {"line 2", "line 3"}  # (line 4, an Address, is quarantined as before)
    assert "not UTF-8" in bad["line 2"].reason and "lone surrogate" in bad["line 3"].reason
    assert "RAB „Inter Tobacco“" in names(out)
    kept = {r.name for r in out if isinstance(r, Entity)}
    assert not any("\ud800" in n for n in kept)


def test_bundle_line_with_a_lone_surrogate_escape(tmp_path: Path) -> None:
    # line 32 of example.bundle.jsonl: lending loan-granite-shipping-2020
    lines = (BUNDLE / "example.bundle.jsonl").read_text().splitlines()
    assert '"loan-granite-shipping-2020"' in lines[31]
    bad = lines[31].replace('"loan-granite-shipping-2020"', '"loan-\\udc00"')
    path = tmp_path / "surrogate.jsonl"
    path.write_text("\n".join([lines[0], bad, lines[31]]) + "\n")
    out = read("bundle", path)
    assert [(q.locator, q.field) for q in quarantined(out)] == [("line:2", "encoding")]
    assert [r.amount for r in out if isinstance(r, Lending)] == [80_000_000]


_HUGE = "9" * 5000  # past Python's 4,300-digit int limit


def _read_in_child(fmt: str, path: Path) -> list[tuple[str, str, bool]]:
    """Read ``path`` in a child process: ijson's C backend, asked to make Python ints itself,
    died of a segmentation fault on such a number, which would take pytest down with it."""
    code = ("import json, sys; from pathlib import Path; from ownergraph.ingest.formats import readers; "
            "out = [[type(r).__name__, getattr(r, 'locator', ''), getattr(r, 'not_read', False), "
            "len(getattr(r, 'reason', ''))] "
            "for r in readers()[sys.argv[1]].read(Path(sys.argv[2]))]; print(json.dumps(out))")
    done = subprocess.run([sys.executable, "-c", code, fmt, str(path)], capture_output=True, text=True,
                          timeout=120, cwd=REPO)
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    out = [tuple(x) for x in json.loads(done.stdout)]
    assert all(n < 1000 for *_, n in out)  # a reason quotes a 5,000-digit value only in part
    return [x[:3] for x in out]


def test_a_number_of_5000_digits_in_streamed_json(tmp_path: Path) -> None:
    # BODS 0.4 indirect-ownership.json: 6 statements; the first share figure ("exact": 60,
    # read off the file) made a 5,000-digit number: the statements before it load, the rest
    # is not read and said so
    src = (REAL / "bods/0.4/indirect-ownership.json").read_text()
    assert src.count('"exact": 60') >= 1
    path = tmp_path / "indirect-ownership.json"
    path.write_text(src.replace('"exact": 60', f'"exact": {_HUGE}', 1))
    out = _read_in_child("bods", path)
    assert out[-1][0] == "Quarantined" and out[-1][2] is True
    assert 0 < len(out) - 1 < 6 and all(kind != "Quarantined" for kind, _, _ in out[:-1])
    # the same digits inside a string are only text: all six statements read
    path.write_text(src.replace('"exact": 60', f'"exact": 60, "x_note": "{_HUGE}"', 1))
    assert [kind for kind, _, _ in _read_in_child("bods", path)] == [kind for kind, _, _ in
                                                                      _read_in_child("bods", REAL / "bods/0.4/indirect-ownership.json")]


def test_a_number_of_5000_digits_in_a_bundle(tmp_path: Path) -> None:
    lines = (BUNDLE / "example.bundle.jsonl").read_text().splitlines()
    n = len([ln for ln in lines if ln.strip()]) - 1  # records after the header
    # the header's version (line 1) and a record's stake, as JSON lines: those two lines are
    # quarantined, and with the header its published date, so a record stating no known_from
    # of its own (line 41 of the file) is too; every other record loads
    bad = [lines[0].replace('"version": 1', f'"version": {_HUGE}'), *lines[1:]]
    own = next(i for i, ln in enumerate(bad) if '"type": "ownership"' in ln and '"stake": ' in ln)
    bad[own] = json.dumps({**json.loads(bad[own]), "stake": 0}).replace('"stake": 0', f'"stake": {_HUGE}')
    path = tmp_path / "example.bundle.jsonl"
    path.write_text("\n".join(bad) + "\n")
    out = _read_in_child("bundle", path)
    assert "known_from" not in lines[40]
    assert [(loc, nr) for kind, loc, nr in out if kind == "Quarantined"] == \
        [("line:1", False), (f"line:{own + 1}", False), ("line:41", False)]
    assert len(out) == n + 1  # the header line's entry, one per record
    # as a JSON document: read up to the bad record, the rest not read and said so
    records = [json.loads(ln) for ln in lines[1:] if ln.strip()]
    doc = tmp_path / "example.bundle.json"
    body = json.dumps({"bundle": json.loads(lines[0])["bundle"], "records": records})
    doc.write_text(body.replace('"stake": ', f'"stake": {_HUGE}, "x": ', 1))
    out = _read_in_child("bundle", doc)
    assert out[-1][2] is True and out[-1][1].startswith("records[")
    # the number in the document's header: nothing is read, and that is said
    header = {**json.loads(lines[0])["bundle"], "version": 0}
    doc.write_text(json.dumps({"bundle": header, "records": records}).replace('"version": 0', f'"version": {_HUGE}'))
    assert _read_in_child("bundle", doc) == [("Quarantined", "bundle", True)]


def test_holdings_field_past_the_csv_limit_quarantines_its_row_only(tmp_path: Path) -> None:
    # examples/bundle/holdings.csv: a header and 6 positions; line 2's instrument
    # (GB000HBLHLD07, read off the file) made 200,000 characters long, past the csv module's
    # field limit: that row is quarantined, the other five load
    lines = (BUNDLE / "holdings.csv").read_text().splitlines()
    assert len(lines) == 7 and "GB000HBLHLD07" in lines[1]
    lines[1] = lines[1].replace("GB000HBLHLD07", "X" * 200_000)
    path = tmp_path / "holdings.csv"
    path.write_text("\n".join(lines) + "\n")
    out = read("holdings-csv", path)
    assert [(q.locator, q.field, q.not_read) for q in quarantined(out)] == [("line:2", "csv", False)]
    assert len([r for r in out if isinstance(r, Holding)]) == 5


def test_json_lines_whose_first_line_is_broken(tmp_path: Path) -> None:
    # the example bundle's header line replaced by a record with a bare word for a value: ijson's
    # C backend calls that "incomplete" like a line cut short, and the file was taken for one
    # JSON document and not read at all; it is JSON lines: line 1 is quarantined, and with no
    # header, line 41 (which states no known_from of its own, read off the file); the other 42 load
    lines = (BUNDLE / "example.bundle.jsonl").read_text().splitlines()
    assert len(lines) == 44 and "known_from" not in lines[40]
    path = tmp_path / "example.bundle.jsonl"
    path.write_text("\n".join(['{"type": "entity", "id": x}', *lines[1:]]) + "\n")
    out = read("bundle", path)
    assert [(q.locator, q.field, q.not_read) for q in quarantined(out)] == [("line:1", "json", False),
                                                                           ("line:41", "known_from", False)]
    assert len(out) - 2 == 42
