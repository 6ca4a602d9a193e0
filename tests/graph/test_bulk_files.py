"""The importer's CSV files keep every value's type: typed headers, one file per type mix.

Written by hand from the importer's documented header syntax (``name:long``, ``:ID(space)``,
``string[]``) and CSV quoting (quotes doubled, an empty unquoted field is no property).
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from ownergraph.graph.load.bulk.files import BulkFileError, ImportFiles, write_nodes, write_relationships


def test_typed_columns_quoting_and_absent_values(tmp_path: Path) -> None:
    out = ImportFiles(tmp_path)
    cet = timezone(timedelta(hours=1))
    write_nodes(out, "Entity", "Entity", [
        ("k1", {"key": "k1", "name": 'Acme "Holdings"\nplc', "stub": False, "n": 3, "stake": 0.25,
                "valid_from": date(2020, 6, 1), "known_from": datetime(2021, 3, 1, tzinfo=timezone.utc),
                "statement_ids": ["a", "b"]}),
        ("k2", {"key": "k2", "name": "", "known_from": datetime(2021, 3, 1, 9, 30, tzinfo=cet)}),
    ])
    [arg] = out.nodes
    assert arg == f"Entity={tmp_path / 'nodes-Entity-0.csv'}"
    text = (tmp_path / "nodes-Entity-0.csv").read_text()
    assert text.splitlines()[0] == (":ID(Entity),key:string,name:string,stub:boolean,n:long,stake:double,"
                                    "valid_from:date,known_from:datetime,statement_ids:string[]")
    assert '"k1","k1","Acme ""Holdings""\nplc",false,3,0.25,2020-06-01,2021-03-01T00:00:00+00:00,"a\x1fb"' in text
    # an empty string stays a quoted empty string; absent properties are empty fields
    assert '"k2","k2","",,,,,2021-03-01T09:30:00+01:00,\n' in text
    assert out.node_count == 2


def test_a_property_of_two_types_splits_the_rows(tmp_path: Path) -> None:
    out = ImportFiles(tmp_path)
    write_relationships(out, "LENDS_TO", "Entity", "Entity", [
        ("a", "b", {"amount": 5, "currency": "EUR"}),
        ("a", "c", {"amount": 5.5}),
        ("b", "c", {"currency": "USD"}),
    ])
    heads = sorted((tmp_path / p.split("=", 1)[1]).read_text().splitlines()[0] for p in out.relationships)
    assert heads == [":START_ID(Entity),:END_ID(Entity),amount:double",
                     ":START_ID(Entity),:END_ID(Entity),amount:long,currency:string",
                     ":START_ID(Entity),:END_ID(Entity),currency:string"]
    assert out.relationship_count == 3


def test_a_value_the_files_cannot_carry_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(BulkFileError, match="cannot write"):
        write_nodes(ImportFiles(tmp_path), "Entity", "Entity", [("k", {"key": "k", "odd": {"a": 1}})])


def test_the_parts_written_are_found_again_in_their_folder(tmp_path: Path) -> None:
    out = ImportFiles(tmp_path)
    write_nodes(out, "Entity", "e", [("e1", {"name": "A"}), ("e2", {"name": 2})])  # two parts: name's types
    write_nodes(out, "Alias", "a", [("a1", {"name": "B"})])
    write_relationships(out, "OWNS", "e", "e", [("e1", "e2", {"stake": 0.5})])
    found = ImportFiles.found_in(tmp_path)
    assert sorted(found.nodes) == sorted(out.nodes) and len(found.nodes) == 3
    assert found.relationships == out.relationships


def test_streamed_files_hold_few_lines_and_write_the_same_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows streamed to several files (one per type combination) are written out every few
    lines over all the files, not per file: the same files, whatever the buffer."""
    from ownergraph.graph.load.bulk import files

    rows = [(f"n{i}", {"amount": [5, 5.5, "5"][i % 3], "when": date(2024, 1, 1 + i % 28), "i": i}) for i in range(50)]
    written = {}
    for held in (10000, 4):
        monkeypatch.setattr(files, "_BUFFERED", held)
        out = ImportFiles(tmp_path / str(held))
        out.folder.mkdir()
        write_nodes(out, "Thing", "Thing", lambda: iter(rows))
        written[held] = {p.name: p.read_text() for p in sorted(out.folder.glob("*.csv"))}
        assert out.node_count == 50
    assert len(written[4]) == 3 and written[4] == written[10000]
    assert sum(t.count("\n") for t in written[4].values()) == 50 + 3  # rows and headers
