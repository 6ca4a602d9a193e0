"""The XML element stream the GLEIF XML readers share: every element that ended before a syntax
error is handed out before the error, wherever the break falls against the chunks fed."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from ownergraph.ingest.readers.xml_stream import iterparse

RECORDS = "".join(f"<r><n>{i}</n></r>\n" for i in range(300))


def _numbers(path: Path, chunk: int) -> tuple[list[str], etree.XMLSyntaxError | None]:
    got: list[str] = []
    try:
        for _, el in iterparse(path, ["r"], chunk=chunk):
            got.append(el.findtext("n"))
    except etree.XMLSyntaxError as err:
        return got, err
    return got, None


@pytest.mark.parametrize("chunk", [1, 7, 64, 4096, 1 << 20])
def test_a_break_keeps_every_record_before_it(tmp_path: Path, chunk: int) -> None:
    path = tmp_path / "cut.xml"
    path.write_text(f"<?xml version='1.0'?>\n<root>\n{RECORDS}<r><n>oops</x></root>\n", encoding="utf-8")
    got, err = _numbers(path, chunk)
    assert got == [str(i) for i in range(300)]
    assert err is not None and err.position[0] == 303 and "mismatch" in err.msg


@pytest.mark.parametrize("chunk", [5, 1 << 20])
def test_a_whole_file_reads_to_the_end_with_its_lines(tmp_path: Path, chunk: int) -> None:
    path = tmp_path / "whole.xml"
    path.write_text(f"<?xml version='1.0'?>\n<root>\n{RECORDS}</root>\n", encoding="utf-8")
    lines = [el.sourceline for _, el in iterparse(path, ["r"], chunk=chunk)]
    assert lines == list(range(3, 303))


def test_a_file_cut_short_says_so_after_its_records(tmp_path: Path) -> None:
    path = tmp_path / "short.xml"
    path.write_text(f"<root>{RECORDS[:-40]}", encoding="utf-8")
    got, err = _numbers(path, 64)
    assert len(got) == 298 and err is not None


def test_entities_stay_unresolved(tmp_path: Path) -> None:
    path = tmp_path / "ent.xml"
    path.write_text('<!DOCTYPE root [<!ENTITY e SYSTEM "file:///etc/passwd">]><root><r><n>&e;</n></r></root>',
                    encoding="utf-8")
    ((_, el),) = list(iterparse(path, ["r"]))
    assert "root:" not in etree.tostring(el, encoding="unicode")
