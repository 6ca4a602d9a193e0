"""Format detection says what it saw (issue 31)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ownergraph.domain.errors import InputFormatError
from ownergraph.ingest.formats import detect, expand


def test_not_recognised_names_the_shape_and_the_nearest_format(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"company_number": "01234567", "registered_office": {}}))
    with pytest.raises(InputFormatError) as err:
        detect(path)
    text = str(err.value)
    assert "an object with keys company_number, registered_office" in text
    assert "nearest format uk-api" in text and "--format" in text


def test_not_recognised_xml_names_its_root(tmp_path: Path) -> None:
    path = tmp_path / "odd.xml"
    path.write_text('<?xml version="1.0"?><ns1:somethingElse xmlns:ns1="x"/>')
    with pytest.raises(InputFormatError, match=r"rooted at <ns1:somethingElse>"):
        detect(path)


def test_a_forced_format_refuses_naming_the_field(tmp_path: Path) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"hello": "world"}))
    (q,) = list(detect(path, "uk-api").read(path))
    assert q.field == "kind" and "hello" in q.reason


def test_a_file_nested_past_the_parsers_depth_is_described_not_a_traceback(tmp_path: Path) -> None:
    # bench.reliability's deep_nesting mutation: 10,000 levels where a value was (RecursionError)
    from ownergraph.ingest.shape import describe

    deep = b'{"a":' * 10_000 + b"1" + b"}" * 10_000
    assert describe(deep).startswith("JSON (object)")
    path = tmp_path / "deep.json"
    path.write_bytes(deep)
    with pytest.raises(InputFormatError, match="not recognised"):
        detect(path)


def test_an_xml_schema_is_not_taken_for_the_data_it_describes() -> None:
    # GLEIF's XSDs name GLEIF's namespace in their first bytes, as the data files do
    folder = Path(__file__).resolve().parents[1] / "fixtures" / "real" / "gleif" / "xsd-2017"
    for name in ("2017-03-21_lei-cdf-v2-1.xsd", "2017-03-16_rr-cdf-v1-1.xsd"):
        with pytest.raises(InputFormatError, match="XML Schema"):
            detect(folder / name)
    assert not [p for p in expand([folder]) if p.suffix == ".xsd"]  # a folder's schemas are not data files


FOREIGN = {  # files of another shape than the forced reader's (issue 31 item 2, session 7)
    "object.json": '{"hello": "world"}',
    "array.json": '[{"hello": "world"}]',
    "lines.jsonl": '{"a": 1}\n{"b": 2}\n',
    "other.xml": '<?xml version="1.0"?><foo><bar>1</bar></foo>',
    "table.csv": "a,b\n1,2\n",
    "note.txt": "hello there\n",
}


@pytest.mark.parametrize("fmt", sorted(__import__("ownergraph.ingest.formats", fromlist=["readers"]).readers()))
def test_every_forced_format_reads_or_refuses_naming_the_field(fmt: str, tmp_path: Path) -> None:
    """``--format X`` on a file that is not X: records, or a refusal naming a field; never silence."""
    from ownergraph.domain.model import Quarantined

    for name, text in FOREIGN.items():
        path = tmp_path / name
        path.write_text(text)
        records = list(detect(path, fmt).read(path))
        refused = [r for r in records if isinstance(r, Quarantined)]
        assert records, f"{fmt} on {name}: nothing read and nothing refused"
        if len(refused) == len(records):
            assert all(r.field and r.reason for r in refused), f"{fmt} on {name}: {refused}"


@pytest.mark.parametrize("fmt", ["gleif-lei", "gleif-rr", "gleif-repex"])
def test_the_column_wise_golden_readers_refuse_another_xml_document_too(fmt: str, tmp_path: Path) -> None:
    """``ingest`` reads golden-copy XML column-wise by default: forced on another XML it refuses as
    the row reader does; an empty GLEIF file stays no error."""
    from ownergraph.domain.model import Quarantined
    from ownergraph.ingest.readers.columnar.registry import columnar

    path = tmp_path / "other.xml"
    path.write_text(FOREIGN["other.xml"])
    (q,) = list(columnar(detect(path, fmt)).read(path))
    assert isinstance(q, Quarantined) and q.field == "root" and "<foo>" in q.reason
    empty = tmp_path / "empty.xml"
    empty.write_text('<?xml version="1.0"?><lei:LEIData xmlns:lei="http://www.gleif.org/data/schema/leidata/2016">'
                     "<lei:LEIHeader/><lei:LEIRecords/></lei:LEIData>")
    assert list(columnar(detect(empty, fmt)).read(empty)) == []
